//! The CPU transforms: one-dimensional transforms along one axis of a host array, every line
//! of it, with rustfft/realfft, in parallel with rayon.
//!
//! The result is a new C-contiguous array whose extent along the axis is the transform's
//! output length. Each line of the input (any layout: strided, negative strides, broadcast)
//! is read in place, converted to the computation's dtype, cropped or zero-padded to the
//! transform's input length, transformed, scaled, and written to its line of the result:
//!
//! - axis last in the result (its lines are contiguous): tasks take runs of consecutive
//!   lines, transform them out of place straight into the result;
//! - another axis: the result is, for each index before the axis, a `(length, inner)` matrix
//!   whose columns are the lines; tasks take up to 16 adjacent columns (`column_blocks`),
//!   gather them into lines of a buffer, transform each, and write them back. The gather and
//!   the scatter go by tiles of rows, a cache line of each column at a time (the tile's rows
//!   stay in L1 while each line's piece is written whole), and the buffer's lines are padded
//!   so that lines of a power-of-two length do not all fall in the same L1 sets: reading a
//!   whole column at a time instead missed the cache on nearly every element.
//!
//! The scaling is the `scale` kernel of `kernels.rs` (its CPU twin, applied while the line is
//! in cache).

use array_runtime::cpu::column_blocks::column_blocks;
use array_runtime::cuda::blas_support::{array_for_overwrite, host_storage, host_storage_mut};
use rayon::prelude::*;
use std::sync::Arc;

use super::dtypes::{FftComplex, FftReal};
use super::plans::{cpu_plan, CpuPlan, PlanKind};
use super::workers;
use crate::prelude::*;

/// Bytes of line data a task works on (its buffers stay in the core's L2 cache).
const TASK_BYTES: usize = 1 << 19;

/// Bytes of line data a column block gathers (`MAX_COLUMNS` lines at most).
const COLUMN_TASK_BYTES: usize = 1 << 20;

/// The most columns a block of a non-last axis takes.
const MAX_COLUMNS: usize = 16;

/// Elements between the end of a gathered line and the start of the next: lines of a
/// power-of-two length would otherwise all map to the same L1 sets.
const LINE_PAD: usize = 16;

/// Rows of a gather/scatter tile: a cache line of elements per column.
fn tile_rows<T>() -> usize {
    (64 / std::mem::size_of::<T>().max(1)).max(1)
}

/// The storage offsets of every index of `shape` (C order) with `strides`.
fn offsets(shape: &[usize], strides: &[isize]) -> Vec<isize> {
    let mut out = vec![0isize];
    for (&d, &s) in shape.iter().zip(strides) {
        let mut next = Vec::with_capacity(out.len() * d);
        for &o in &out {
            for k in 0..d {
                next.push(o + k as isize * s);
            }
        }
        out = next;
    }
    out
}

/// The lines of an input along an axis, read where they are stored.
struct Lines<'a, I> {
    src: &'a [I],
    base: isize,
    outer: Vec<isize>,
    inner: Vec<isize>,
    stride: isize,
    len: usize,
}

impl<'a, I: DType> Lines<'a, I> {
    fn new(a: &'a Array<I>, axis: usize) -> Result<Self> {
        let src = host_storage(a).ok_or_else(|| Error::invalid("fft: not a host array"))?;
        let (shape, strides) = (a.shape(), a.strides());
        Ok(Lines {
            src,
            base: a.layout().offset as isize,
            outer: offsets(&shape[..axis], &strides[..axis]),
            inner: offsets(&shape[axis + 1..], &strides[axis + 1..]),
            stride: strides[axis],
            len: shape[axis],
        })
    }

    /// Line `(o, i)` converted by `conv`, its first `dst.len()` elements (zeros past the
    /// input's end).
    #[inline]
    fn read<G: Copy + Default>(&self, o: usize, i: usize, dst: &mut [G], conv: impl Fn(I) -> G) {
        let take = self.len.min(dst.len());
        self.read_range(o, i, 0, &mut dst[..take], conv);
        dst[take..].fill(G::default());
    }

    /// Elements `from..from + dst.len()` of line `(o, i)` (all inside the input's line)
    /// converted by `conv`.
    #[inline]
    fn read_range<G>(&self, o: usize, i: usize, from: usize, dst: &mut [G], conv: impl Fn(I) -> G) {
        let start = self.base + self.outer[o] + self.inner[i] + from as isize * self.stride;
        if self.stride == 1 {
            let (s, n) = (start as usize, dst.len());
            for (d, &x) in dst.iter_mut().zip(&self.src[s..s + n]) {
                *d = conv(x);
            }
        } else {
            for (k, d) in dst.iter_mut().enumerate() {
                *d = conv(self.src[(start + k as isize * self.stride) as usize]);
            }
        }
    }
}

/// A one-dimensional transform of `m_in` values of type `G` into `m_out` of type `O`.
trait LineTransform<R: FftReal, G, O>: Sync {
    fn m_in(&self) -> usize;
    fn m_out(&self) -> usize;
    fn scratch_len(&self) -> usize;
    /// Transforms the `input.len() / m_in` lines of `input` (destroyed) into `output`.
    fn run(&self, input: &mut [G], output: &mut [O], scratch: &mut [Complex<R>]);
    /// Adjusts an input line before the transform.
    fn prepare(&self, _line: &mut [G]) {}
}

struct C2c<R: FftReal>(Arc<dyn rustfft::Fft<R>>);

impl<C: FftComplex> LineTransform<C::Real, C, C> for C2c<C::Real> {
    fn m_in(&self) -> usize {
        self.0.len()
    }
    fn m_out(&self) -> usize {
        self.0.len()
    }
    fn scratch_len(&self) -> usize {
        self.0.get_outofplace_scratch_len()
    }
    fn run(&self, input: &mut [C], output: &mut [C], scratch: &mut [Complex<C::Real>]) {
        self.0.process_outofplace_with_scratch(
            C::as_complex_mut(input),
            C::as_complex_mut(output),
            scratch,
        );
    }
}

struct R2c<R: FftReal>(Arc<dyn realfft::RealToComplex<R>>);

impl<C: FftComplex> LineTransform<C::Real, C::Real, C> for R2c<C::Real> {
    fn m_in(&self) -> usize {
        self.0.len()
    }
    fn m_out(&self) -> usize {
        self.0.len() / 2 + 1
    }
    fn scratch_len(&self) -> usize {
        self.0.get_scratch_len()
    }
    fn run(&self, input: &mut [C::Real], output: &mut [C], scratch: &mut [Complex<C::Real>]) {
        let (mi, mo) = (self.0.len(), self.0.len() / 2 + 1);
        for (i, o) in input.chunks_exact_mut(mi).zip(output.chunks_exact_mut(mo)) {
            // The lengths are the plan's: realfft's only errors cannot happen.
            let _ = self
                .0
                .process_with_scratch(i, C::as_complex_mut(o), scratch);
        }
    }
}

struct C2r<R: FftReal>(Arc<dyn realfft::ComplexToReal<R>>);

impl<C: FftComplex> LineTransform<C::Real, C, C::Real> for C2r<C::Real> {
    fn m_in(&self) -> usize {
        self.0.len() / 2 + 1
    }
    fn m_out(&self) -> usize {
        self.0.len()
    }
    fn scratch_len(&self) -> usize {
        self.0.get_scratch_len()
    }
    fn run(&self, input: &mut [C], output: &mut [C::Real], scratch: &mut [Complex<C::Real>]) {
        let (mi, mo) = (self.0.len() / 2 + 1, self.0.len());
        for (i, o) in input.chunks_exact_mut(mi).zip(output.chunks_exact_mut(mo)) {
            // `prepare` zeroed the imaginary parts realfft checks; lengths are the plan's.
            let _ = self
                .0
                .process_with_scratch(C::as_complex_mut(i), o, scratch);
        }
    }
    /// The imaginary parts of the zero-frequency term (and of the Nyquist term, for even
    /// lengths) do not enter a real inverse transform: NumPy ignores them, as here.
    fn prepare(&self, line: &mut [C]) {
        let n = self.0.len();
        let line = C::as_complex_mut(line);
        line[0].im = <C::Real as num_traits::Zero>::zero();
        if n % 2 == 0 {
            line[n / 2].im = <C::Real as num_traits::Zero>::zero();
        }
    }
}

/// Runs `xf` over every line of `a` along `axis`, converting elements with `conv` and
/// finishing results with `post` (the scaling), into a new C-contiguous array.
fn run_axis<R, I, G, O, X>(
    a: &Array<I>,
    axis: usize,
    xf: &X,
    conv: impl Fn(I) -> G + Sync,
    post: Option<impl Fn(O) -> O + Sync>,
    workers: Option<isize>,
) -> Result<Array<O>>
where
    R: FftReal,
    I: DType,
    G: Copy + Default + Send + Sync,
    O: DType,
    X: LineTransform<R, G, O>,
{
    let (m_in, m_out) = (xf.m_in(), xf.m_out());
    let mut shape = a.shape().to_vec();
    shape[axis] = m_out;
    let mut out = array_for_overwrite::<O>(&Device::Cpu, &shape)?;
    let size = array_runtime::shape::size(&shape);
    if size == 0 {
        return Ok(out);
    }
    let lines = Lines::new(a, axis)?;
    let (outer, inner) = (lines.outer.len(), lines.inner.len());
    let data = host_storage_mut(&mut out)?
        .ok_or_else(|| Error::invalid("fft: a new host array is not writable"))?;
    let data = &mut data[..size];
    let line_bytes = m_in.max(m_out) * std::mem::size_of::<Complex<R>>();
    let scratch_len = xf.scratch_len();
    workers::install(workers, || {
        if inner == 1 {
            // Lines are contiguous in the result: runs of whole lines per task.
            let threads = rayon::current_num_threads();
            let per_task = (TASK_BYTES / line_bytes)
                .clamp(1, outer.div_ceil(4 * threads).max(1))
                .max(1);
            data.par_chunks_mut(per_task * m_out)
                .enumerate()
                .for_each_init(
                    || (Vec::new(), vec![Complex::<R>::default(); scratch_len]),
                    |(buf, scratch), (t, chunk)| {
                        let count = chunk.len() / m_out;
                        buf.resize(count * m_in, G::default());
                        for (l, line) in buf.chunks_exact_mut(m_in).enumerate() {
                            lines.read(t * per_task + l, 0, line, &conv);
                            xf.prepare(line);
                        }
                        xf.run(buf, chunk, scratch);
                        if let Some(f) = &post {
                            for x in chunk.iter_mut() {
                                *x = f(*x);
                            }
                        }
                    },
                );
        } else {
            // Lines are columns of (m_out, inner) matrices: blocks of adjacent columns.
            let width = (COLUMN_TASK_BYTES / line_bytes)
                .clamp(1, MAX_COLUMNS)
                .min(inner);
            let mut blocks = Vec::new();
            for (o, m) in data.chunks_exact_mut(m_out * inner).enumerate() {
                // `m` holds exactly m_out * inner elements and width >= 1: cannot fail.
                if let Ok(bs) = column_blocks(m, m_out, inner, width) {
                    blocks.extend(bs.into_iter().map(|b| (o, b)));
                }
            }
            let (ls_in, ls_out) = (m_in + LINE_PAD, m_out + LINE_PAD);
            let take = lines.len.min(m_in);
            let (tile_in, tile_out) = (tile_rows::<G>(), tile_rows::<O>());
            blocks.par_iter_mut().for_each_init(
                || {
                    (
                        Vec::new(),
                        Vec::new(),
                        vec![Complex::<R>::default(); scratch_len],
                    )
                },
                |(buf, res, scratch), (o, block)| {
                    let w = block.width();
                    let first = block.first_column();
                    buf.resize(w * ls_in, G::default());
                    res.resize(w * ls_out, O::default());
                    // Gather by tiles of a cache line per column: the tile's rows stay in L1
                    // while each column's piece is written whole.
                    for k0 in (0..take).step_by(tile_in) {
                        let k1 = (k0 + tile_in).min(take);
                        for b in 0..w {
                            let at = b * ls_in;
                            lines.read_range(*o, first + b, k0, &mut buf[at + k0..at + k1], &conv);
                        }
                    }
                    for (line, out) in buf
                        .chunks_exact_mut(ls_in)
                        .zip(res.chunks_exact_mut(ls_out))
                    {
                        let line = &mut line[..m_in];
                        line[take..].fill(G::default());
                        xf.prepare(line);
                        xf.run(line, &mut out[..m_out], scratch);
                    }
                    // Scatter by the same tiles, scaling on the way.
                    for k0 in (0..m_out).step_by(tile_out) {
                        let k1 = (k0 + tile_out).min(m_out);
                        for (b, col) in res.chunks_exact(ls_out).enumerate() {
                            for (k, &v) in (k0..k1).zip(&col[k0..k1]) {
                                block.row_mut(k)[b] = match &post {
                                    Some(f) => f(v),
                                    None => v,
                                };
                            }
                        }
                    }
                },
            );
        }
    })?;
    Ok(out)
}

fn plan_err(kind: PlanKind) -> Error {
    Error::invalid(format!(
        "fft: the plan cache returned a plan of another kind ({kind:?})"
    ))
}

/// The complex transform of every line of `a` along `axis` (normalized), `n` points (input
/// cropped or zero-padded), scaled by `scale` (1: not at all).
pub(crate) fn c2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    inverse: bool,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C>> {
    let kind = if inverse {
        PlanKind::Inverse
    } else {
        PlanKind::Forward
    };
    let CpuPlan::Complex(plan) = cpu_plan::<C::Real>(kind, n)? else {
        return Err(plan_err(kind));
    };
    let f = <C::Real as FftReal>::from_f64(scale);
    let post = (scale != 1.0).then_some(move |z: C| C::scale(z, f));
    run_axis::<C::Real, I, C, C, _>(a, axis, &C2c(plan), |x: I| x.cast::<C>(), post, workers)
}

/// The real-to-complex transform (`n` real points in, `n / 2 + 1` complex out) of every line.
pub(crate) fn r2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C>> {
    let kind = PlanKind::RealForward;
    let CpuPlan::RealForward(plan) = cpu_plan::<C::Real>(kind, n)? else {
        return Err(plan_err(kind));
    };
    let f = <C::Real as FftReal>::from_f64(scale);
    let post = (scale != 1.0).then_some(move |z: C| C::scale(z, f));
    run_axis::<C::Real, I, C::Real, C, _>(
        a,
        axis,
        &R2c(plan),
        |x: I| x.cast::<C::Real>(),
        post,
        workers,
    )
}

/// The complex-to-real transform (`n / 2 + 1` complex points in, `n` real out) of every line.
pub(crate) fn c2r<I: DType, C: FftComplex>(
    a: &Array<I>,
    axis: usize,
    n: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Array<C::Real>> {
    let kind = PlanKind::RealInverse;
    let CpuPlan::RealInverse(plan) = cpu_plan::<C::Real>(kind, n)? else {
        return Err(plan_err(kind));
    };
    let f = <C::Real as FftReal>::from_f64(scale);
    let post = (scale != 1.0).then_some(move |x: C::Real| <C::Real as FftReal>::scale(x, f));
    run_axis::<C::Real, I, C, C::Real, _>(a, axis, &C2r(plan), |x: I| x.cast::<C>(), post, workers)
}
