//! Every kernel of `sparse` compiled by NVRTC for each dtype it is instantiated with
//! (skipped when NVRTC is missing, a failure under CI).

use super::kernels::*;
use super::spgemm::*;
use crate::scan::nvrtc::{available, elementwise, raw};
use array_runtime::DTypeId::*;

/// The element dtypes of the generic arithmetic kernels.
const NUMBERS: [array_runtime::DTypeId; 10] = [I8, I16, I32, I64, U8, U16, U32, U64, F32, F64];

#[test]
fn sparse_kernels_compile() {
    if !available("sparse kernels") {
        return;
    }
    for i in [I32, I64] {
        raw(&check_compressed::DEF, &[i]);
        raw(&check_coords::DEF, &[i]);
        raw(&expand_majors::DEF, &[i]);
        raw(&line_starts::DEF, &[i]);
        raw(&kept_pointers::DEF, &[i]);
        raw(&unravel::DEF, &[i]);
        raw(&spgemm_count::DEF, &[i]);
        raw(&spgemm_distinct::DEF, &[i]);
        raw(&pointers_from_scan::DEF, &[i]);
        raw(&flat_positions::DEF, &[i]);
        raw(&triangle_flags::DEF, &[i]);
        raw(&kron_coords::DEF, &[i]);
        raw(&chunk_histogram::DEF, &[i]);
        raw(&chunk_starts::DEF, &[i]);
        for t in NUMBERS {
            raw(&eye_parts::DEF, &[t, i]);
            raw(&segment_sums::DEF, &[t, i]);
            raw(&group_sums::DEF, &[t, i]);
            raw(&to_dense::DEF, &[t, i]);
            raw(&spmv::DEF, &[t, i]);
            raw(&spmm::DEF, &[t, i]);
            raw(&diagonal::DEF, &[t, i]);
            raw(&merge_lines::DEF, &[t, i]);
            raw(&spgemm_expand::DEF, &[t, i]);
            raw(&spgemm_reduce::DEF, &[t, i]);
            raw(&spgemm_lines::DEF, &[t, i]);
            raw(&spgemm_accumulate::DEF, &[t, i]);
        }
        for t in [C64, C128] {
            raw(&eye_parts::DEF, &[t, i]);
        }
        for t in NUMBERS.into_iter().chain([C64, C128]) {
            raw(&diagonal_entries::DEF, &[t, i]);
            raw(&super::slicing::gather_lines::DEF, &[t, i]);
            raw(&place_entries::DEF, &[t, i]);
            raw(&spgemm_pack::DEF, &[t, i]);
            raw(&chunk_scatter::DEF, &[t, i]);
            raw(&bucket_scatter::DEF, &[t, i]);
            raw(&bucket_rows::DEF, &[t, i]);
            raw(&sort_lines::DEF, &[t, i]);
        }
        for t in [F32, F64] {
            raw(&super::linalg::norm::line_extrema::DEF, &[t, i]);
            raw(&super::csgraph::kernels::laplacian_degrees::DEF, &[t, i]);
            raw(&super::csgraph::kernels::laplacian_entries::DEF, &[t, i]);
        }
        raw(&super::csgraph::kernels::off_diagonal_flags::DEF, &[i]);
        raw(&super::setdiag::diagonal_offsets::DEF, &[i]);
        raw(&super::slicing::picked_line_counts::DEF, &[i]);
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
            raw(&super::extrema::line_max_min::DEF, &[t, i]);
        }
        raw(&segment_sums_c64::DEF, &[i]);
        raw(&group_sums_c64::DEF, &[i]);
        raw(&to_dense_c64::DEF, &[i]);
        raw(&spmv_c64::DEF, &[i]);
        raw(&spmm_c64::DEF, &[i]);
        raw(&diagonal_c64::DEF, &[i]);
        raw(&merge_lines_c64::DEF, &[i]);
        raw(&spgemm_expand_c64::DEF, &[i]);
        raw(&spgemm_reduce_c64::DEF, &[i]);
        raw(&spgemm_lines_c64::DEF, &[i]);
        raw(&spgemm_accumulate_c64::DEF, &[i]);
        raw(&segment_sums_c128::DEF, &[i]);
        raw(&group_sums_c128::DEF, &[i]);
        raw(&to_dense_c128::DEF, &[i]);
        raw(&spmv_c128::DEF, &[i]);
        raw(&spmm_c128::DEF, &[i]);
        raw(&diagonal_c128::DEF, &[i]);
        raw(&merge_lines_c128::DEF, &[i]);
        raw(&spgemm_expand_c128::DEF, &[i]);
        raw(&spgemm_reduce_c128::DEF, &[i]);
        raw(&spgemm_lines_c128::DEF, &[i]);
        raw(&spgemm_accumulate_c128::DEF, &[i]);
    }
    raw(&spgemm_runs::DEF, &[]);
    for t in [F32, F64] {
        raw(
            &super::csgraph::kernels::laplacian_normed_diagonal::DEF,
            &[t],
        );
    }
}
