//! Batches of small products on the CPU (every dimension at most [`MAX_DIM`]). A general GEMM
//! (`matrixmultiply`) packs both operands into panels for every product, which costs more than
//! the product itself at 8 x 8: a batch of ten thousand 8 x 8 `f64` products took 1.3-1.8 ms
//! that way, three times NumPy's 0.49-0.55 ms.
//!
//! Here each task takes a run of products. For each, `b` is copied into a dense block on the
//! stack (a row of unit stride in one copy of constant length), and the rows of `c` are
//! accumulated two at a time in registers, a row of `a` times the rows of `b`. The tasks are
//! compiled for the widest vectors the CPU has
//! ([`run_compute`](array_runtime::kernel::elementwise::run_compute)): the same batch then
//! took 0.52-0.59 ms on two threads in a quiet timing loop (0.49-0.94 ms in noisier runs of
//! the parity benchmark). The sums run in the order of `k`, one multiply and one add per term (no fused
//! multiply-add), the same bits on every instruction set. On a GPU the same batches go to
//! cuBLAS's strided batched GEMM.

use array_runtime::kernel::elementwise::run_compute;
use array_runtime::{Error, Result};
use rayon::prelude::*;

use super::gemm_cpu::MatRef;
use super::scalar::{Engine, LinalgScalar};

/// The largest `m`, `k` or `n` served here.
pub(crate) const MAX_DIM: usize = 16;

/// Multiply-adds of a batch below which it runs on one thread.
const PARALLEL_WORK: usize = 1 << 15;

/// One operand of a batch: the storage, each matrix's offset in it, and the matrices' shape and
/// strides (row, column) in elements.
pub(crate) struct Operand<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) offsets: &'a [usize],
    pub(crate) shape: (usize, usize),
    pub(crate) strides: (isize, isize),
}

impl<T: LinalgScalar> Operand<'_, T> {
    /// Whether every element of every matrix lies inside `data`: the matrices at the lowest
    /// and the highest offset bound all the others (they differ only by their offset).
    pub(crate) fn in_bounds(&self) -> bool {
        let (Some(&lo), Some(&hi)) = (self.offsets.iter().min(), self.offsets.iter().max()) else {
            return true;
        };
        [lo, hi]
            .iter()
            .all(|&o| MatRef::new(self.data, o, self.shape, self.strides).is_some())
    }

    /// Where row `i` of matrix `t` starts in `data`.
    #[inline(always)]
    fn row_start(&self, t: usize, i: usize) -> isize {
        self.offsets[t] as isize + i as isize * self.strides.0
    }

    /// Row `i` of matrix `t`: read in place when its stride is 1, else gathered into `buf`
    /// (after [`Operand::in_bounds`], never out of bounds).
    #[inline(always)]
    fn row<'s>(&'s self, t: usize, i: usize, buf: &'s mut [T; MAX_DIM]) -> &'s [T] {
        let cols = self.shape.1;
        let start = self.row_start(t, i);
        if self.strides.1 == 1 {
            return &self.data[start as usize..start as usize + cols];
        }
        for (j, v) in buf.iter_mut().enumerate().take(cols) {
            *v = self.data[(start + j as isize * self.strides.1) as usize];
        }
        &buf[..cols]
    }

    /// `len >= cols` elements from the start of row `i` of matrix `t`, when the row has unit
    /// stride and the storage holds them all.
    #[inline(always)]
    fn row_span(&self, t: usize, i: usize, len: usize) -> Option<&[T]> {
        let start = self.row_start(t, i) as usize;
        (self.strides.1 == 1)
            .then(|| self.data.get(start..start + len))
            .flatten()
    }
}

/// Whether products of this dtype and shape `(m, k, n)` are served here.
pub(crate) fn serves<T: LinalgScalar>((m, k, n): (usize, usize, usize)) -> bool {
    matches!(
        T::ENGINE,
        Engine::F32 | Engine::F64 | Engine::C64 | Engine::C128
    ) && m <= MAX_DIM
        && k <= MAX_DIM
        && n <= MAX_DIM
}

/// `c[t] = a[t] @ b[t]` for every matrix `t` of the batch, into consecutive C-contiguous
/// `m x n` blocks of `c`. An element of a matrix outside its operand's storage is an
/// [`Error::Invalid`] (checked before any work), never a panic.
pub(crate) fn gemm_batch<T: LinalgScalar>(
    a: &Operand<'_, T>,
    b: &Operand<'_, T>,
    c: &mut [T],
) -> Result<()> {
    let ((m, k), n) = (a.shape, b.shape.1);
    debug_assert!(serves::<T>((m, k, n)));
    let batch = a.offsets.len();
    let block = m * n;
    if block == 0 || batch == 0 {
        return Ok(());
    }
    if c.len() != batch * block || b.offsets.len() != batch || b.shape.0 != k {
        return Err(Error::invalid(
            "linalg: a small-product batch of inconsistent sizes",
        ));
    }
    if !a.in_bounds() || !b.in_bounds() {
        return Err(Error::invalid("linalg: a view reaches outside its storage"));
    }
    // Products `first..` into `c`, compiled for the widest vectors this CPU has. The row
    // accumulator's width is the smallest of 4, 8 and 16 that holds a row, a constant so that
    // the accumulator lives in registers. `b`'s copy is kept from one product to the next.
    let run = |first: usize, c: &mut [T]| {
        run_compute(
            #[inline(always)]
            || {
                let mut dense = [[T::zero(); MAX_DIM]; MAX_DIM];
                for (q, c) in c.chunks_exact_mut(block).enumerate() {
                    match n {
                        0..=4 => product::<T, 4>(a, b, first + q, &mut dense, c),
                        5..=8 => product::<T, 8>(a, b, first + q, &mut dense, c),
                        _ => product::<T, 16>(a, b, first + q, &mut dense, c),
                    }
                }
            },
        )
    };
    let work = m * k * n;
    if batch.saturating_mul(work) >= PARALLEL_WORK {
        // Tasks of about PARALLEL_WORK / 4 multiply-adds each.
        let per_task = (PARALLEL_WORK / 4 / work.max(1)).max(1);
        c.par_chunks_mut(block * per_task)
            .enumerate()
            .for_each(|(q, c)| run(q * per_task, c));
    } else {
        run(0, c);
    }
    Ok(())
}

/// A dense copy of one `b` (`k` rows of `n`, row-major; what lies past column `n` is unused).
type Dense<T> = [[T; MAX_DIM]; MAX_DIM];

/// `c = a[t] @ b[t]` (`c` is `m x n`, C-contiguous) with a row accumulator of `W >= n` lanes:
/// `b` is copied into `dense`, whose columns `n..W` hold any values (their sums are dropped).
#[inline(always)]
fn product<T: LinalgScalar, const W: usize>(
    a: &Operand<'_, T>,
    b: &Operand<'_, T>,
    t: usize,
    dense: &mut Dense<T>,
    c: &mut [T],
) {
    let (k, n) = b.shape;
    let mut buf = [T::zero(); MAX_DIM];
    for (p, row) in dense.iter_mut().enumerate().take(k) {
        // Rows of unit stride are copied `W` elements at a time (a copy of constant length),
        // reading past column `n` when the storage goes on: those lanes' sums are dropped.
        match b.row_span(t, p, W) {
            Some(src) => row[..W].copy_from_slice(src),
            None => row[..n].copy_from_slice(b.row(t, p, &mut buf)),
        }
    }
    // Two rows at a time: two independent chains of additions per lane (one chain waits on the
    // adder's latency at every term), and each row of `b` loaded once for both.
    let mut pairs = c.chunks_exact_mut(2 * n);
    let mut i = 0;
    let mut buf1 = [T::zero(); MAX_DIM];
    for out in pairs.by_ref() {
        let (mut acc0, mut acc1) = ([T::zero(); W], [T::zero(); W]);
        let (a0, a1) = (a.row(t, i, &mut buf), a.row(t, i + 1, &mut buf1));
        for ((row, &x0), &x1) in dense.iter().zip(a0).zip(a1) {
            for ((s0, s1), &y) in acc0.iter_mut().zip(acc1.iter_mut()).zip(&row[..W]) {
                *s0 = s0.mul_add_exact(x0, y);
                *s1 = s1.mul_add_exact(x1, y);
            }
        }
        let (out0, out1) = out.split_at_mut(n);
        store(out0, &acc0);
        store(out1, &acc1);
        i += 2;
    }
    let last = pairs.into_remainder();
    if !last.is_empty() {
        let mut acc = [T::zero(); W];
        for (row, &x) in dense.iter().zip(a.row(t, i, &mut buf)) {
            for (s, &y) in acc.iter_mut().zip(&row[..W]) {
                *s = s.mul_add_exact(x, y);
            }
        }
        store(last, &acc);
    }
}

/// `out = acc[..out.len()]`.
#[inline(always)]
fn store<T: LinalgScalar, const W: usize>(out: &mut [T], acc: &[T; W]) {
    if let Ok(full) = <&mut [T; W]>::try_from(&mut *out) {
        // A store of constant length (inlined; a `memcpy` call costs more than the row).
        *full = *acc;
    } else {
        // `v + 0 * 0` is `v` here (a sum that starts at `+0` is never `-0`); written as
        // arithmetic so that LLVM does not turn both branches into one `memcpy` call.
        for (o, &v) in out.iter_mut().zip(acc) {
            *o = v.mul_add_exact(T::zero(), T::zero());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operand<'a>(
        data: &'a [f64],
        offsets: &'a [usize],
        strides: (isize, isize),
    ) -> Operand<'a, f64> {
        Operand {
            data,
            offsets,
            shape: (2, 2),
            strides,
        }
    }

    #[test]
    fn bounds_are_those_of_the_extreme_offsets() {
        let data = [1.0; 10];
        assert!(operand(&data, &[0, 3, 6], (2, 1)).in_bounds());
        // The last matrix's last element would be element 10.
        assert!(!operand(&data, &[0, 7, 3], (2, 1)).in_bounds());
        // Reversed rows from offset 2 reach element -0: fine; from offset 1, element -1.
        assert!(operand(&data, &[2, 4], (-2, 1)).in_bounds());
        assert!(!operand(&data, &[4, 1], (-2, 1)).in_bounds());
    }

    #[test]
    fn a_view_outside_its_storage_is_an_error() {
        let data = [1.0; 10];
        let (a, b) = (
            operand(&data, &[0, 7], (2, 1)),
            operand(&data, &[0, 0], (2, 1)),
        );
        let mut c = [0.0; 8];
        let e = gemm_batch(&a, &b, &mut c).unwrap_err().to_string();
        assert!(e.contains("outside its storage"), "{e}");
        let ok = operand(&data, &[0, 4], (2, 1));
        gemm_batch(&ok, &b, &mut c).unwrap();
        assert_eq!(c, [2.0; 8]);
    }
}
