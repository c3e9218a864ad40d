//! GEMM on the CPU backend: `matrixmultiply` for the float and complex dtypes (strided
//! operands read in place, two threads), an exact wrapping loop for integers.
//!
//! Why `matrixmultiply` and not `gemm`: measured on the 2-core AVX-512 machine of development
//! (see `linalg/README.md`), it was faster than `gemm` 0.19 at 1024 and 2048, f32 and f64
//! (about 1.45x in a quiet window, 1.5-2x under load), and ahead of NumPy's OpenBLAS.

use rayon::prelude::*;

use super::scalar::{cast_slice, cast_slice_mut, Engine, LinalgScalar};
use array_runtime::cpu::host_vec;
use array_runtime::{bf16, c128, c64, f16, DType, Result};

/// A read-only matrix inside a storage slice: element `(i, j)` is at
/// `offset + i * rs + j * cs`. The constructor checks that every element lies in `data`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MatRef<'a, T> {
    data: &'a [T],
    offset: usize,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
}

impl<'a, T: DType> MatRef<'a, T> {
    /// The matrix, or `None` if some element falls outside `data`.
    pub(crate) fn new(
        data: &'a [T],
        offset: usize,
        (rows, cols): (usize, usize),
        (rs, cs): (isize, isize),
    ) -> Option<Self> {
        if rows > 0 && cols > 0 {
            let mut lo = offset as i128;
            let mut hi = offset as i128;
            for (d, s) in [(rows, rs), (cols, cs)] {
                let span = (d as i128 - 1) * s as i128;
                if span < 0 {
                    lo += span;
                } else {
                    hi += span;
                }
            }
            if lo < 0 || hi >= data.len() as i128 {
                return None;
            }
        }
        Some(MatRef {
            data,
            offset,
            rows,
            cols,
            rs,
            cs,
        })
    }

    fn at(&self, i: usize, j: usize) -> T {
        self.data[(self.offset as isize + i as isize * self.rs + j as isize * self.cs) as usize]
    }

    /// The matrix as another type `U` (the same type: see `cast_slice`).
    fn cast<U: DType>(&self) -> Option<MatRef<'a, U>> {
        Some(MatRef {
            data: cast_slice::<T, U>(self.data)?,
            offset: self.offset,
            rows: self.rows,
            cols: self.cols,
            rs: self.rs,
            cs: self.cs,
        })
    }

    /// The elements in C order, converted by `f` (allocated fallibly: a broadcast view can
    /// hold more elements than memory).
    fn dense<U>(&self, f: impl Fn(T) -> U) -> Result<Vec<U>> {
        let mut out = host_vec::with_capacity(self.rows.saturating_mul(self.cols))?;
        for i in 0..self.rows {
            for j in 0..self.cols {
                out.push(f(self.at(i, j)));
            }
        }
        Ok(out)
    }
}

/// `c = a @ b` for an `m x k` matrix `a` and a `k x n` matrix `b`, into the C-contiguous
/// `m x n` slice `c` (overwritten, never read). [`Error::OutOfMemory`] when the half-precision
/// path cannot widen its operands.
pub(crate) fn gemm<T: LinalgScalar>(a: MatRef<'_, T>, b: MatRef<'_, T>, c: &mut [T]) -> Result<()> {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    debug_assert_eq!(b.rows, k);
    debug_assert_eq!(c.len(), m * n);
    if m == 0 || n == 0 {
        return Ok(());
    }
    if k == 0 {
        c.fill(T::zero());
        return Ok(());
    }
    macro_rules! blas {
        ($t:ty, $f:path) => {{
            let (a, b) = (a.cast::<$t>().unwrap(), b.cast::<$t>().unwrap());
            let c = cast_slice_mut::<T, $t>(c).unwrap();
            // SAFETY: `MatRef::new` checked that every element of `a` and `b` lies inside its
            // slice, and `c` holds exactly `m * n` elements written at row stride `n`, column
            // stride 1; `c` is exclusively borrowed, so it does not alias `a` or `b`. With
            // beta = 0, `c` is not read.
            unsafe {
                $f(
                    m,
                    k,
                    n,
                    1.0,
                    a.data.as_ptr().offset(a.offset as isize),
                    a.rs,
                    a.cs,
                    b.data.as_ptr().offset(b.offset as isize),
                    b.rs,
                    b.cs,
                    0.0,
                    c.as_mut_ptr(),
                    n as isize,
                    1,
                )
            }
        }};
    }
    macro_rules! cblas {
        ($t:ty, $part:ty, $f:path) => {{
            let (a, b) = (a.cast::<$t>().unwrap(), b.cast::<$t>().unwrap());
            let c = cast_slice_mut::<T, $t>(c).unwrap();
            // SAFETY: as for the real types; `Complex<$part>` is `repr(C)` of two `$part`, the
            // layout of matrixmultiply's `[$part; 2]`.
            unsafe {
                $f(
                    matrixmultiply::CGemmOption::Standard,
                    matrixmultiply::CGemmOption::Standard,
                    m,
                    k,
                    n,
                    [1.0, 0.0],
                    a.data
                        .as_ptr()
                        .offset(a.offset as isize)
                        .cast::<[$part; 2]>(),
                    a.rs,
                    a.cs,
                    b.data
                        .as_ptr()
                        .offset(b.offset as isize)
                        .cast::<[$part; 2]>(),
                    b.rs,
                    b.cs,
                    [0.0, 0.0],
                    c.as_mut_ptr().cast::<[$part; 2]>(),
                    n as isize,
                    1,
                )
            }
        }};
    }
    match T::ENGINE {
        Engine::F32 => {
            blas!(f32, matrixmultiply::sgemm);
            Ok(())
        }
        Engine::F64 => {
            blas!(f64, matrixmultiply::dgemm);
            Ok(())
        }
        Engine::C64 => {
            cblas!(c64, f32, matrixmultiply::cgemm);
            Ok(())
        }
        Engine::C128 => {
            cblas!(c128, f64, matrixmultiply::zgemm);
            Ok(())
        }
        Engine::F16 => via_f32(
            a.cast::<f16>().unwrap(),
            b.cast::<f16>().unwrap(),
            cast_slice_mut::<T, f16>(c).unwrap(),
            f16::to_f32,
            f16::from_f32,
        ),
        Engine::BF16 => via_f32(
            a.cast::<bf16>().unwrap(),
            b.cast::<bf16>().unwrap(),
            cast_slice_mut::<T, bf16>(c).unwrap(),
            bf16::to_f32,
            bf16::from_f32,
        ),
        Engine::Exact => {
            exact(a, b, c);
            Ok(())
        }
    }
}

/// Half-precision products: the operands widened to `f32` (exact), one SGEMM, each result
/// rounded once.
fn via_f32<H: LinalgScalar>(
    a: MatRef<'_, H>,
    b: MatRef<'_, H>,
    c: &mut [H],
    widen: fn(H) -> f32,
    narrow: fn(f32) -> H,
) -> Result<()> {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    let (af, bf) = (a.dense(widen)?, b.dense(widen)?);
    let mut cf = host_vec::filled(m * n, 0f32)?;
    gemm(
        MatRef::new(&af, 0, (m, k), (k as isize, 1)).expect("dense"),
        MatRef::new(&bf, 0, (k, n), (n as isize, 1)).expect("dense"),
        &mut cf,
    )?;
    c.iter_mut().zip(cf).for_each(|(c, x)| *c = narrow(x));
    Ok(())
}

/// Work (multiply-adds) below which a GEMM runs on one thread.
const PARALLEL_WORK: usize = 1 << 16;

/// The exact path: one row of `c` at a time, `k` then `n` inner loops (unit stride on `b`'s
/// rows and `c`), wrapping arithmetic; rows in parallel when the product is large.
fn exact<T: LinalgScalar>(a: MatRef<'_, T>, b: MatRef<'_, T>, c: &mut [T]) {
    let (k, n) = (a.cols, b.cols);
    let row = |i: usize, out: &mut [T]| {
        out.fill(T::zero());
        for p in 0..k {
            let x = a.at(i, p);
            for (j, o) in out.iter_mut().enumerate() {
                *o = o.mul_add_exact(x, b.at(p, j));
            }
        }
    };
    if a.rows.saturating_mul(n).saturating_mul(k) >= PARALLEL_WORK {
        c.par_chunks_mut(n)
            .enumerate()
            .for_each(|(i, out)| row(i, out));
    } else {
        c.chunks_mut(n).enumerate().for_each(|(i, out)| row(i, out));
    }
}

/// A batch of products `c[i] = a[i] @ b[i]` into consecutive `m x n` blocks of `c`. Small
/// products run in parallel over the batch; large ones one after the other, each threaded
/// by the GEMM itself.
pub(crate) fn gemm_batch<T: LinalgScalar>(
    pairs: &[(MatRef<'_, T>, MatRef<'_, T>)],
    c: &mut [T],
) -> Result<()> {
    let Some((a0, b0)) = pairs.first() else {
        return Ok(());
    };
    let block = a0.rows * b0.cols;
    if block == 0 {
        return Ok(());
    }
    let work = a0.rows.saturating_mul(a0.cols).saturating_mul(b0.cols);
    if pairs.len() > 1 && work < PARALLEL_WORK * 4 {
        c.par_chunks_mut(block)
            .zip(pairs.par_iter())
            .try_for_each(|(c, (a, b))| gemm(*a, *b, c))
    } else {
        for (c, (a, b)) in c.chunks_mut(block).zip(pairs) {
            gemm(*a, *b, c)?;
        }
        Ok(())
    }
}
