//! Every kernel of `quantile` compiled by NVRTC for each dtype it is instantiated with
//! (skipped when NVRTC is missing, a failure under CI).

use array_runtime::DTypeId::*;

use crate::scan::nvrtc::{available, raw};

#[test]
fn quantile_kernels_compile() {
    if !available("quantile kernels") {
        return;
    }
    for t in [F16, BF16, F32, F64] {
        raw(&super::kernels::median_rows::DEF, &[t]);
        raw(&super::kernels::nan_median_rows::DEF, &[t]);
        raw(&super::kernels::nan_lerp_rows::DEF, &[t]);
    }
    // The positions and the discrete methods' take: every dtype `run_discrete` sorts.
    for t in [F16, BF16, F32, F64, I8, I16, I32, I64, U8, U16, U32, U64] {
        raw(&super::kernels::positions::DEF, &[t]);
        raw(&super::kernels::take_rows::DEF, &[t]);
    }
}
