//! Every kernel of `quantile` compiled by NVRTC for each dtype it is instantiated with
//! (skipped when NVRTC is missing, a failure under CI).

use array_runtime::DTypeId::*;

use crate::scan::nvrtc::{available, elementwise, raw};

#[test]
fn quantile_kernels_compile() {
    if !available("quantile kernels") {
        return;
    }
    for t in [F16, BF16, F32, F64] {
        raw(&super::kernels::lerp_rows::DEF, &[t]);
        raw(&super::kernels::median_rows::DEF, &[t]);
    }
    for (def, from) in [
        (&super::i8_to_f64::DEF, I8),
        (&super::i16_to_f64::DEF, I16),
        (&super::i32_to_f64::DEF, I32),
        (&super::i64_to_f64::DEF, I64),
        (&super::u8_to_f64::DEF, U8),
        (&super::u16_to_f64::DEF, U16),
        (&super::u32_to_f64::DEF, U32),
        (&super::u64_to_f64::DEF, U64),
    ] {
        elementwise(def, &[], &[from], &[F64]);
    }
}
