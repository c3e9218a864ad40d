//! The element and index types of sparse arrays, each with the kernels it runs.

use super::kernels::*;
use super::spgemm::*;
use crate::prelude::*;
use crate::scan::ScanDType;
use crate::sort::Sortable;

/// Element types of sparse arrays: the integers, `f32`, `f64`, `c64` and `c128` (SciPy's
/// sparse dtypes less `bool`, `float16` has none in SciPy either). Sealed: each type carries
/// its kernels (generic ones for integers and floats, their own for the complex dtypes).
pub trait SparseDType: DType + sealed::Kernels {}

/// Index types of sparse arrays: `i32` (SciPy's usual choice) and `i64`. Sealed.
///
/// ```
/// use kernels_std::sparse::SparseIndex;
/// assert_eq!(<i32 as SparseIndex>::MAX, i32::MAX as i64);
/// ```
pub trait SparseIndex: SignedInt + Sortable + ScanDType + sealed::Index {
    /// The largest value the type holds (a dimension or a count of stored entries must not
    /// exceed it).
    const MAX: i64;
}

impl SparseIndex for i32 {
    const MAX: i64 = i32::MAX as i64;
}
impl SparseIndex for i64 {
    const MAX: i64 = i64::MAX;
}

/// A compressed operand of a SpGEMM kernel: `[indptr, indices]` and the values.
pub type Operand<'a, T, P> = ([&'a Array<P>; 2], &'a Array<T>);

/// The arguments of SpGEMM's accumulating pass (`spgemm_accumulate` in `spgemm.rs`): the
/// operands, `[bounds, slots]`, each worker's scratch, the result's `(indices, data)`, the
/// kept counts with the result's `indptr`, the flags (the third the counter of claimed
/// pieces) and `[cols, workers, spread]`.
#[derive(Debug)]
pub struct Accumulate<'a, T: DType, P: SparseIndex> {
    pub a: Operand<'a, T, P>,
    pub b: Operand<'a, T, P>,
    pub runs: [&'a Array<i64>; 2],
    pub marks: &'a mut Array<i64>,
    pub sums: &'a mut Array<T>,
    pub out: (&'a mut Array<P>, &'a mut Array<T>),
    pub kept: (&'a mut Array<i64>, &'a mut Array<P>),
    pub flags: &'a mut Array<u32>,
    pub sizes: [u64; 3],
}

pub(crate) mod sealed {
    use crate::prelude::*;

    /// Marks the index types.
    pub trait Index {}
    impl Index for i32 {}
    impl Index for i64 {}

    /// The launches of the arithmetic kernels of one element type (see
    /// [`kernels`](super::super::kernels) for what each computes).
    pub trait Kernels: DType {
        fn segment_sums<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            data: &Array<Self>,
            ptr: &Array<P>,
            out: &mut Array<Self>,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn group_sums<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            lines: [&Array<P>; 2],
            data: &Array<Self>,
            scanned: &Array<i64>,
            out: (&mut Array<P>, &mut Array<P>, &mut Array<Self>),
            per_thread: u64,
            spread: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn to_dense<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            indptr: &Array<P>,
            indices: &Array<P>,
            data: &Array<Self>,
            out: &mut Array<Self>,
            majors: u64,
            major_stride: u64,
            minor_stride: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn spmv<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            indptr: &Array<P>,
            indices: &Array<P>,
            data: &Array<Self>,
            x: &Array<Self>,
            y: &mut Array<Self>,
            per_thread: u64,
            spread: u64,
            parts: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn spmm<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            indptr: &Array<P>,
            indices: &Array<P>,
            data: &Array<Self>,
            b: &Array<Self>,
            y: &mut Array<Self>,
            k: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn diagonal<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            indptr: &Array<P>,
            indices: &Array<P>,
            data: &Array<Self>,
            out: &mut Array<Self>,
            r0: u64,
            c0: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn merge<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            a: [&Array<P>; 2],
            a_data: &Array<Self>,
            b: [&Array<P>; 2],
            b_data: &Array<Self>,
            scanned: &Array<i64>,
            counts: &mut Array<i64>,
            out_idx: &mut Array<P>,
            out_data: &mut Array<Self>,
            op: u32,
            fill: u32,
            majors: u64,
            minor: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn spgemm_expand<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            a: [&Array<P>; 2],
            a_data: &Array<Self>,
            b: [&Array<P>; 2],
            b_data: &Array<Self>,
            scanned: &Array<i64>,
            out_major: &mut Array<P>,
            out_minor: &mut Array<P>,
            out_data: &mut Array<Self>,
            majors: u64,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn spgemm_lines<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            a: [&Array<P>; 2],
            a_data: &Array<Self>,
            b: [&Array<P>; 2],
            b_data: &Array<Self>,
            scanned: &Array<i64>,
            minor: &mut Array<P>,
            data: &mut Array<Self>,
            kept: &mut Array<i64>,
            flags: &mut Array<u32>,
            limit: u64,
            majors: u64,
        ) -> Result<()>;
        fn spgemm_accumulate<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            args: super::Accumulate<'_, Self, P>,
        ) -> Result<()>;
        #[allow(clippy::too_many_arguments)]
        fn spgemm_reduce<P: super::SparseIndex>(
            cfg: &LaunchConfig,
            sorted: [&Array<i64>; 2],
            minor: &Array<P>,
            data: &Array<Self>,
            out_idx: &mut Array<P>,
            out_data: &mut Array<Self>,
            kept: &mut Array<i64>,
            flags: &mut Array<u32>,
            majors: u64,
        ) -> Result<()>;
    }
}

/// Implements [`sealed::Kernels`] for `$t` with the kernels named, `$($ty)*` being the type
/// arguments before the index type (`T` for the generic kernels, none for complex ones).
macro_rules! kernels_impl {
    ($t:ty, [$($ty:ty),*]: $segment_sums:ident, $group_sums:ident, $to_dense:ident,
     $spmv:ident, $spmm:ident, $diagonal:ident, $merge:ident, $expand:ident, $reduce:ident,
     $lines:ident, $accumulate:ident) => {
        impl sealed::Kernels for $t {
            fn segment_sums<P: SparseIndex>(
                cfg: &LaunchConfig,
                data: &Array<Self>,
                ptr: &Array<P>,
                out: &mut Array<Self>,
            ) -> Result<()> {
                $segment_sums::launch::<$($ty,)* P>(cfg, data, ptr, out, <$t>::default())
            }
            fn group_sums<P: SparseIndex>(
                cfg: &LaunchConfig,
                [indptr, minor]: [&Array<P>; 2],
                data: &Array<Self>,
                scanned: &Array<i64>,
                (out_ptr, out_minor, out_data): (&mut Array<P>, &mut Array<P>, &mut Array<Self>),
                per_thread: u64,
                spread: u64,
            ) -> Result<()> {
                $group_sums::launch::<$($ty,)* P>(
                    cfg, indptr, minor, data, scanned, out_ptr, out_minor, out_data, per_thread,
                    spread,
                )
            }
            fn to_dense<P: SparseIndex>(
                cfg: &LaunchConfig,
                indptr: &Array<P>,
                indices: &Array<P>,
                data: &Array<Self>,
                out: &mut Array<Self>,
                majors: u64,
                major_stride: u64,
                minor_stride: u64,
            ) -> Result<()> {
                $to_dense::launch::<$($ty,)* P>(
                    cfg, indptr, indices, data, out, majors, major_stride, minor_stride,
                )
            }
            fn spmv<P: SparseIndex>(
                cfg: &LaunchConfig,
                indptr: &Array<P>,
                indices: &Array<P>,
                data: &Array<Self>,
                x: &Array<Self>,
                y: &mut Array<Self>,
                per_thread: u64,
                spread: u64,
                parts: u64,
            ) -> Result<()> {
                $spmv::launch::<$($ty,)* P>(
                    cfg, indptr, indices, data, x, y, <$t>::default(), per_thread, spread,
                    parts,
                )
            }
            fn spmm<P: SparseIndex>(
                cfg: &LaunchConfig,
                indptr: &Array<P>,
                indices: &Array<P>,
                data: &Array<Self>,
                b: &Array<Self>,
                y: &mut Array<Self>,
                k: u64,
            ) -> Result<()> {
                $spmm::launch::<$($ty,)* P>(cfg, indptr, indices, data, b, y, <$t>::default(), k)
            }
            fn diagonal<P: SparseIndex>(
                cfg: &LaunchConfig,
                indptr: &Array<P>,
                indices: &Array<P>,
                data: &Array<Self>,
                out: &mut Array<Self>,
                r0: u64,
                c0: u64,
            ) -> Result<()> {
                $diagonal::launch::<$($ty,)* P>(
                    cfg, indptr, indices, data, out, <$t>::default(), r0, c0,
                )
            }
            fn merge<P: SparseIndex>(
                cfg: &LaunchConfig,
                a: [&Array<P>; 2],
                a_data: &Array<Self>,
                b: [&Array<P>; 2],
                b_data: &Array<Self>,
                scanned: &Array<i64>,
                counts: &mut Array<i64>,
                out_idx: &mut Array<P>,
                out_data: &mut Array<Self>,
                op: u32,
                fill: u32,
                majors: u64,
                minor: u64,
            ) -> Result<()> {
                $merge::launch::<$($ty,)* P>(
                    cfg, a[0], a[1], a_data, b[0], b[1], b_data, scanned, counts, out_idx,
                    out_data, <$t>::default(), op, fill, majors, minor,
                )
            }
            fn spgemm_expand<P: SparseIndex>(
                cfg: &LaunchConfig,
                a: [&Array<P>; 2],
                a_data: &Array<Self>,
                b: [&Array<P>; 2],
                b_data: &Array<Self>,
                scanned: &Array<i64>,
                out_major: &mut Array<P>,
                out_minor: &mut Array<P>,
                out_data: &mut Array<Self>,
                majors: u64,
            ) -> Result<()> {
                $expand::launch::<$($ty,)* P>(
                    cfg, a[0], a[1], a_data, b[0], b[1], b_data, scanned, out_major, out_minor,
                    out_data, majors,
                )
            }
            fn spgemm_lines<P: SparseIndex>(
                cfg: &LaunchConfig,
                a: [&Array<P>; 2],
                a_data: &Array<Self>,
                b: [&Array<P>; 2],
                b_data: &Array<Self>,
                scanned: &Array<i64>,
                minor: &mut Array<P>,
                data: &mut Array<Self>,
                kept: &mut Array<i64>,
                flags: &mut Array<u32>,
                limit: u64,
                majors: u64,
            ) -> Result<()> {
                $lines::launch::<$($ty,)* P>(
                    cfg, a[0], a[1], a_data, b[0], b[1], b_data, scanned, minor, data, kept,
                    flags, <$t>::default(), limit, majors,
                )
            }
            fn spgemm_accumulate<P: SparseIndex>(
                cfg: &LaunchConfig,
                args: Accumulate<'_, Self, P>,
            ) -> Result<()> {
                let Accumulate { a, b, runs, marks, sums, out, kept, flags, sizes } = args;
                $accumulate::launch::<$($ty,)* P>(
                    cfg, a.0[0], a.0[1], a.1, b.0[0], b.0[1], b.1, runs[0], runs[1], marks,
                    sums, out.0, out.1, kept.0, kept.1, flags, <$t>::default(), sizes[0], sizes[1],
                    sizes[2],
                )
            }
            fn spgemm_reduce<P: SparseIndex>(
                cfg: &LaunchConfig,
                [scanned, order]: [&Array<i64>; 2],
                minor: &Array<P>,
                data: &Array<Self>,
                out_idx: &mut Array<P>,
                out_data: &mut Array<Self>,
                kept: &mut Array<i64>,
                flags: &mut Array<u32>,
                majors: u64,
            ) -> Result<()> {
                $reduce::launch::<$($ty,)* P>(
                    cfg, scanned, minor, data, order, out_idx, out_data, kept, flags,
                    <$t>::default(), majors,
                )
            }
        }
        impl SparseDType for $t {}
    };
}

macro_rules! num_kernels {
    ($($t:ty),*) => {$(
        kernels_impl!($t, [$t]: segment_sums, group_sums, to_dense, spmv, spmm, diagonal,
            merge_lines, spgemm_expand, spgemm_reduce, spgemm_lines, spgemm_accumulate);
    )*};
}
num_kernels!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);
kernels_impl!(c64, []: segment_sums_c64, group_sums_c64, to_dense_c64, spmv_c64, spmm_c64,
    diagonal_c64, merge_lines_c64, spgemm_expand_c64, spgemm_reduce_c64, spgemm_lines_c64,
    spgemm_accumulate_c64);
kernels_impl!(c128, []: segment_sums_c128, group_sums_c128, to_dense_c128, spmv_c128,
    spmm_c128, diagonal_c128, merge_lines_c128, spgemm_expand_c128, spgemm_reduce_c128,
    spgemm_lines_c128, spgemm_accumulate_c128);
