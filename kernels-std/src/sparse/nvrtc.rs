//! Every kernel of `sparse` compiled by NVRTC for each dtype it is instantiated with
//! (skipped when NVRTC is missing, a failure under CI).

use super::kernels::*;
use super::spgemm::*;
use crate::scan::nvrtc::{available, elementwise, RawBatch};
use array_runtime::DTypeId::*;

/// The element dtypes of the generic arithmetic kernels.
const NUMBERS: [array_runtime::DTypeId; 10] = [I8, I16, I32, I64, U8, U16, U32, U64, F32, F64];

#[test]
fn sparse_kernels_compile() {
    if !available("sparse kernels") {
        return;
    }
    let mut raws = RawBatch::default();
    for i in [I32, I64] {
        raws.add(&check_compressed::DEF, &[i]);
        raws.add(&check_coords::DEF, &[i]);
        raws.add(&expand_majors::DEF, &[i]);
        raws.add(&line_starts::DEF, &[i]);
        raws.add(&kept_pointers::DEF, &[i]);
        raws.add(&unravel::DEF, &[i]);
        raws.add(&spgemm_count::DEF, &[i]);
        raws.add(&spgemm_distinct::DEF, &[i]);
        raws.add(&pointers_from_scan::DEF, &[i]);
        raws.add(&flat_positions::DEF, &[i]);
        raws.add(&triangle_flags::DEF, &[i]);
        raws.add(&kron_coords::DEF, &[i]);
        raws.add(&chunk_histogram::DEF, &[i]);
        raws.add(&chunk_starts::DEF, &[i]);
        for t in NUMBERS {
            raws.add(&eye_parts::DEF, &[t, i]);
            raws.add(&segment_sums::DEF, &[t, i]);
            raws.add(&group_sums::DEF, &[t, i]);
            raws.add(&to_dense::DEF, &[t, i]);
            raws.add(&spmv::DEF, &[t, i]);
            raws.add(&spmm::DEF, &[t, i]);
            raws.add(&diagonal::DEF, &[t, i]);
            raws.add(&merge_lines::DEF, &[t, i]);
            raws.add(&spgemm_expand::DEF, &[t, i]);
            raws.add(&spgemm_reduce::DEF, &[t, i]);
            raws.add(&spgemm_lines::DEF, &[t, i]);
            raws.add(&spgemm_accumulate::DEF, &[t, i]);
        }
        for t in [C64, C128] {
            raws.add(&eye_parts::DEF, &[t, i]);
        }
        for t in NUMBERS.into_iter().chain([C64, C128]) {
            raws.add(&diagonal_entries::DEF, &[t, i]);
            raws.add(&super::slicing::gather_lines::DEF, &[t, i]);
            raws.add(&place_entries::DEF, &[t, i]);
            raws.add(&spgemm_pack::DEF, &[t, i]);
            raws.add(&chunk_scatter::DEF, &[t, i]);
            raws.add(&bucket_scatter::DEF, &[t, i]);
            raws.add(&bucket_rows::DEF, &[t, i]);
            raws.add(&sort_lines::DEF, &[t, i]);
        }
        for t in [F32, F64] {
            raws.add(&super::linalg::norm::line_extrema::DEF, &[t, i]);
            raws.add(&super::csgraph::kernels::laplacian_degrees::DEF, &[t, i]);
            raws.add(&super::csgraph::kernels::laplacian_entries::DEF, &[t, i]);
        }
        raws.add(&super::csgraph::kernels::off_diagonal_flags::DEF, &[i]);
        raws.add(&super::setdiag::diagonal_offsets::DEF, &[i]);
        raws.add(&super::slicing::picked_line_counts::DEF, &[i]);
        elementwise(
            &super::slicing::slice_member_flag::DEF,
            &[i],
            &[i, I64, I64, I64],
            &[I64],
        );
        elementwise(
            &super::slicing::slice_position::DEF,
            &[i],
            &[i, I64, I64],
            &[i],
        );
        elementwise(
            &super::item::at_position::DEF,
            &[i],
            &[i, i, I64, I64],
            &[I64],
        );
        elementwise(
            &super::setdiag::off_diagonal_flag::DEF,
            &[i],
            &[i, i, I64, I64],
            &[I64],
        );
        for t in NUMBERS {
            raws.add(&super::extrema::line_max_min::DEF, &[t, i]);
        }
        raws.add(&segment_sums_c64::DEF, &[i]);
        raws.add(&group_sums_c64::DEF, &[i]);
        raws.add(&to_dense_c64::DEF, &[i]);
        raws.add(&spmv_c64::DEF, &[i]);
        raws.add(&spmm_c64::DEF, &[i]);
        raws.add(&diagonal_c64::DEF, &[i]);
        raws.add(&merge_lines_c64::DEF, &[i]);
        raws.add(&spgemm_expand_c64::DEF, &[i]);
        raws.add(&spgemm_reduce_c64::DEF, &[i]);
        raws.add(&spgemm_lines_c64::DEF, &[i]);
        raws.add(&spgemm_accumulate_c64::DEF, &[i]);
        raws.add(&segment_sums_c128::DEF, &[i]);
        raws.add(&group_sums_c128::DEF, &[i]);
        raws.add(&to_dense_c128::DEF, &[i]);
        raws.add(&spmv_c128::DEF, &[i]);
        raws.add(&spmm_c128::DEF, &[i]);
        raws.add(&diagonal_c128::DEF, &[i]);
        raws.add(&merge_lines_c128::DEF, &[i]);
        raws.add(&spgemm_expand_c128::DEF, &[i]);
        raws.add(&spgemm_reduce_c128::DEF, &[i]);
        raws.add(&spgemm_lines_c128::DEF, &[i]);
        raws.add(&spgemm_accumulate_c128::DEF, &[i]);
    }
    raws.add(&spgemm_runs::DEF, &[]);
    for t in [F32, F64] {
        raws.add(
            &super::csgraph::kernels::laplacian_normed_diagonal::DEF,
            &[t],
        );
    }
    raws.compile();
}
