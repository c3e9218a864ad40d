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
        raw(&super::kernels::lerp_rows::DEF, &[t]);
        raw(&super::kernels::median_rows::DEF, &[t]);
        raw(&super::kernels::nan_median_rows::DEF, &[t]);
        raw(&super::kernels::nan_positions::DEF, &[t]);
        raw(&super::kernels::nan_lerp_rows::DEF, &[t]);
    }
}
