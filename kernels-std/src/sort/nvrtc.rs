//! Every kernel of `sort` compiled by NVRTC for each dtype it is instantiated with (skipped
//! when NVRTC is missing, a failure under CI).

use array_runtime::DTypeId::{self, *};

use crate::scan::nvrtc::{available, elementwise, RawBatch};

/// The dtypes that sort (`Num`).
const SORTABLE: [DTypeId; 12] = [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64];

#[test]
fn sort_kernels_compile() {
    if !available("sort kernels") {
        return;
    }
    let mut raws = RawBatch::default();
    for t in SORTABLE {
        raws.add(&super::kernels::sort_runs::DEF, &[t]);
        raws.add(&super::kernels::merge_runs::DEF, &[t]);
        raws.add(&super::search::search::DEF, &[t]);
    }
    for t in DTypeId::ALL {
        raws.add(&super::unique::group_starts::DEF, &[t]);
        raws.add(&super::unique::group_values::DEF, &[t]);
        raws.add(&super::sets::equal_next::DEF, &[t]);
        raws.add(&super::sets::lone_flags::DEF, &[t]);
        raws.add(&super::sets::pick_pairs::DEF, &[t]);
    }
    raws.add(&super::search::search_complex::DEF, &[F32]);
    raws.add(&super::search::search_complex::DEF, &[F64]);
    raws.add(&super::sets::group_last::DEF, &[]);
    raws.add(&super::sets::isin_flags::DEF, &[]);
    raws.add(&super::unique::group_counts::DEF, &[]);
    raws.add(&super::unique::group_inverse::DEF, &[]);
    raws.add(&super::compact::scatter_selected::DEF, &[]);
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
    raws.compile();
}

#[test]
fn selection_kernels_compile_for_every_dtype() {
    if !available("selection kernels") {
        return;
    }
    let mut raws = RawBatch::default();
    for t in DTypeId::ALL {
        elementwise(&super::compact::nonzero_flag::DEF, &[t], &[t, t], &[I64]);
        raws.add(&super::take::gather::DEF, &[t]);
        raws.add(&super::take::gather_rows::DEF, &[t]);
        raws.add(&super::take::scatter::DEF, &[t]);
        raws.add(&super::indexing::choose_gather::DEF, &[t]);
    }
    raws.add(&super::indexing::along_positions::DEF, &[]);
    raws.compile();
}
