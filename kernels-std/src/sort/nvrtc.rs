//! Every kernel of `sort` compiled by NVRTC for each dtype it is instantiated with (skipped
//! when NVRTC is missing, a failure under CI).

use array_runtime::DTypeId::{self, *};

use crate::scan::nvrtc::{available, elementwise, raw};

/// The dtypes that sort (`Num`).
const SORTABLE: [DTypeId; 12] = [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64];

#[test]
fn sort_kernels_compile() {
    if !available("sort kernels") {
        return;
    }
    for t in SORTABLE {
        raw(&super::kernels::sort_runs::DEF, &[t]);
        raw(&super::kernels::merge_runs::DEF, &[t]);
        raw(&super::search::search::DEF, &[t]);
    }
    for t in DTypeId::ALL {
        raw(&super::unique::group_starts::DEF, &[t]);
        raw(&super::unique::group_values::DEF, &[t]);
        raw(&super::sets::equal_next::DEF, &[t]);
        raw(&super::sets::lone_flags::DEF, &[t]);
        raw(&super::sets::pick_pairs::DEF, &[t]);
    }
    raw(&super::search::search_complex::DEF, &[F32]);
    raw(&super::search::search_complex::DEF, &[F64]);
    raw(&super::sets::group_last::DEF, &[]);
    raw(&super::sets::isin_flags::DEF, &[]);
    raw(&super::unique::group_counts::DEF, &[]);
    raw(&super::unique::group_inverse::DEF, &[]);
    raw(&super::compact::scatter_selected::DEF, &[]);
    elementwise(&super::nonzero::unravel::DEF, &[], &[I64, I64, I64], &[I64]);
    elementwise(
        &super::sortable::c64_keys::DEF,
        &[],
        &[C64],
        &[F32, F32, U8],
    );
    elementwise(
        &super::sortable::c128_keys::DEF,
        &[],
        &[C128],
        &[F64, F64, U8],
    );
}

#[test]
fn selection_kernels_compile_for_every_dtype() {
    if !available("selection kernels") {
        return;
    }
    for t in DTypeId::ALL {
        elementwise(&super::compact::nonzero_flag::DEF, &[t], &[t, t], &[I64]);
        raw(&super::take::gather::DEF, &[t]);
        raw(&super::take::gather_rows::DEF, &[t]);
        raw(&super::take::scatter::DEF, &[t]);
        raw(&super::indexing::choose_gather::DEF, &[t]);
    }
    raw(&super::indexing::along_positions::DEF, &[]);
}
