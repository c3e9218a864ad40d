//! Every kernel of `numeric` compiled by NVRTC (skipped when NVRTC is missing, a failure
//! under CI).

use array_runtime::DTypeId::*;

use crate::scan::nvrtc::{available, elementwise, raw};

#[test]
fn numeric_kernels_compile() {
    if !available("numeric kernels") {
        return;
    }
    raw(&super::kernels::interp_real::DEF, &[]);
    raw(&super::kernels::interp_complex::DEF, &[]);
    raw(&super::kernels::gradient_rows::DEF, &[]);
    raw(&super::kernels::window_points::DEF, &[]);
    for t in [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64] {
        raw(&super::kernels::polyval_points::DEF, &[t]);
    }
    for t in [I64, F64] {
        raw(&super::kernels::vander_rows::DEF, &[t]);
    }
    elementwise(
        &super::kernels::complex_from_parts::DEF,
        &[],
        &[F64, F64],
        &[C128],
    );
}
