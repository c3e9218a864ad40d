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
    elementwise(
        &super::kernels::complex_from_parts::DEF,
        &[],
        &[F64, F64],
        &[C128],
    );
}
