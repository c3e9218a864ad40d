//! Every raw kernel of `ufunc` compiled by NVRTC for each dtype it is launched with (skipped
//! when NVRTC is missing, a failure under CI); the reductions are compiled by
//! `tests/ufunc_methods.rs`.

use crate::scan::nvrtc::{available, raw};
use array_runtime::DTypeId::*;

#[test]
fn segment_kernels_compile() {
    if !available("ufunc kernels") {
        return;
    }
    for t in [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64] {
        raw(&super::kernels::reduceat_rows::DEF, &[t]);
        raw(&super::kernels::at_rows::DEF, &[t]);
    }
    for t in [I8, I16, I32, I64, U8, U16, U32, U64] {
        raw(&super::kernels::reduceat_rows_bits::DEF, &[t]);
        raw(&super::kernels::at_rows_bits::DEF, &[t]);
    }
}
