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
//!
//! The passes after the first of an n-dimensional transform (`c2c_in_place`) transform the
//! previous pass's result where it is, by the same column blocks: no new array per pass (and
//! none of its page faults), each block's rows fetched ahead of its gather (`touch_rows`).
//! rfftn's first two passes run together slab by slab (`cpu_slabs.rs`).

use array_runtime::cpu::column_blocks::{column_blocks, ColumnBlock};
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
pub(super) struct Lines<'a, I> {
    src: &'a [I],
    base: isize,
    outer: Vec<isize>,
    inner: Vec<isize>,
    stride: isize,
    len: usize,
}

impl<'a, I: DType> Lines<'a, I> {
    pub(super) fn new(a: &'a Array<I>, axis: usize) -> Result<Self> {
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
    pub(super) fn read<G: Copy + Default>(
        &self,
        o: usize,
        i: usize,
        dst: &mut [G],
        conv: impl Fn(I) -> G,
    ) {
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
pub(super) trait LineTransform<R: FftReal, G, O>: Sync {
    fn m_in(&self) -> usize;
    fn m_out(&self) -> usize;
    fn scratch_len(&self) -> usize;
    /// Transforms the `input.len() / m_in` lines of `input` (destroyed) into `output`.
    fn run(&self, input: &mut [G], output: &mut [O], scratch: &mut [Complex<R>]);
    /// Adjusts an input line before the transform.
    fn prepare(&self, _line: &mut [G]) {}
}

pub(super) struct C2c<R: FftReal>(pub(super) Arc<dyn rustfft::Fft<R>>);

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

pub(super) struct R2c<R: FftReal>(pub(super) Arc<dyn realfft::RealToComplex<R>>);

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
            let width = block_width(line_bytes, inner);
            let mut blocks = Vec::new();
            for (o, m) in data.chunks_exact_mut(m_out * inner).enumerate() {
                // `m` holds exactly m_out * inner elements and width >= 1: cannot fail.
                if let Ok(bs) = column_blocks(m, m_out, inner, width) {
                    blocks.extend(bs.into_iter().map(|b| (o, b)));
                }
            }
            let take = lines.len.min(m_in);
            blocks.par_iter_mut().for_each_init(
                || column_bufs(scratch_len),
                |bufs, (o, block)| {
                    let o = *o;
                    let gather = |blk: &mut ColumnBlock<'_, O>, k0, k1, buf: &mut [G], ls| {
                        let first = blk.first_column();
                        for b in 0..blk.width() {
                            let at = b * ls;
                            lines.read_range(o, first + b, k0, &mut buf[at + k0..at + k1], &conv);
                        }
                    };
                    column_block(block, take, xf, gather, &post, bufs);
                },
            );
        }
    })?;
    Ok(out)
}

/// A column task's buffers: the gathered lines, their transforms, the transform's scratch.
pub(super) type ColumnBufs<R, G, O> = (Vec<G>, Vec<O>, Vec<Complex<R>>);

pub(super) fn column_bufs<R: FftReal, G, O>(scratch_len: usize) -> ColumnBufs<R, G, O> {
    (
        Vec::new(),
        Vec::new(),
        vec![Complex::<R>::default(); scratch_len],
    )
}

/// Transforms the columns of `block` (lines along a non-last axis, `block.rows()` = the
/// transform's output length): `gather(block, k0, k1, buf, ls)` writes elements `k0..k1` of
/// each column `b` of the block to `buf[b * ls + k0..b * ls + k1]` (`k1 <= take`); each line
/// is zero-padded past `take`, transformed, and written back to its column through `post`.
///
/// Gather and scatter go by tiles of a cache line of rows: the tile's rows stay in L1 while
/// each line's piece is written whole.
pub(super) fn column_block<R, G, O, X>(
    block: &mut ColumnBlock<'_, O>,
    take: usize,
    xf: &X,
    gather: impl Fn(&mut ColumnBlock<'_, O>, usize, usize, &mut [G], usize),
    post: &Option<impl Fn(O) -> O>,
    (buf, res, scratch): &mut ColumnBufs<R, G, O>,
) where
    R: FftReal,
    G: Copy + Default,
    O: DType,
    X: LineTransform<R, G, O>,
{
    let (m_in, m_out) = (xf.m_in(), xf.m_out());
    let (ls_in, ls_out) = (m_in + LINE_PAD, m_out + LINE_PAD);
    let (tile_in, tile_out) = (tile_rows::<G>(), tile_rows::<O>());
    let w = block.width();
    buf.resize(w * ls_in, G::default());
    res.resize(w * ls_out, O::default());
    for k0 in (0..take).step_by(tile_in) {
        gather(block, k0, (k0 + tile_in).min(take), buf, ls_in);
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
    for k0 in (0..m_out).step_by(tile_out) {
        let k1 = (k0 + tile_out).min(m_out);
        for k in k0..k1 {
            let row = block.row_mut(k);
            for (b, x) in row.iter_mut().enumerate() {
                let v = res[b * ls_out + k];
                *x = match post {
                    Some(f) => f(v),
                    None => v,
                };
            }
        }
    }
}

/// The gather of an in-place column pass: rows `k0..k1` of the block itself.
pub(super) fn gather_rows<C: Copy>(
    block: &mut ColumnBlock<'_, C>,
    k0: usize,
    k1: usize,
    buf: &mut [C],
    ls: usize,
) {
    for k in k0..k1 {
        for (b, &v) in block.row_mut(k).iter().enumerate() {
            buf[b * ls + k] = v;
        }
    }
}

/// Reads an element of every cache line of the block's rows before its gather: these loads
/// are few and independent, so that many lines come from memory at once (the gather, a load
/// and a store per element, keeps only a few rows' lines in flight; rows of a large array
/// are far apart, where the hardware prefetchers do not follow).
pub(super) fn touch_rows<C: Copy>(block: &mut ColumnBlock<'_, C>) {
    let step = tile_rows::<C>();
    for k in 0..block.rows() {
        let row = block.row_mut(k);
        for j in (0..row.len()).step_by(step) {
            std::hint::black_box(row[j]);
        }
        if let Some(&last) = row.last() {
            std::hint::black_box(last);
        }
    }
}

/// The width of the column blocks of lines of `line_bytes` (about `COLUMN_TASK_BYTES` of
/// lines, `MAX_COLUMNS` at most, `inner` at most).
pub(super) fn block_width(line_bytes: usize, inner: usize) -> usize {
    (COLUMN_TASK_BYTES / line_bytes.max(1))
        .clamp(1, MAX_COLUMNS)
        .min(inner)
        .max(1)
}

pub(super) fn plan_err(kind: PlanKind) -> Error {
    Error::invalid(format!(
        "fft: the plan cache returned a plan of another kind ({kind:?})"
    ))
}

/// The cached complex plan of `n` points, forward or inverse, as a line transform.
pub(super) fn complex_plan<R: FftReal>(inverse: bool, n: usize) -> Result<C2c<R>> {
    let kind = if inverse {
        PlanKind::Inverse
    } else {
        PlanKind::Forward
    };
    match cpu_plan::<R>(kind, n)? {
        CpuPlan::Complex(plan) => Ok(C2c(plan)),
        _ => Err(plan_err(kind)),
    }
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
    let f = <C::Real as FftReal>::from_f64(scale);
    let post = (scale != 1.0).then_some(move |z: C| C::scale(z, f));
    let xf = complex_plan::<C::Real>(inverse, n)?;
    run_axis::<C::Real, I, C, C, _>(a, axis, &xf, |x: I| x.cast::<C>(), post, workers)
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

/// The complex transform along `axis` (normalized, not the last) of every line of `a`, a
/// C-contiguous host array, in place (its length along `axis` points, scaled by `scale`): the
/// passes after the first of an n-dimensional transform, without a new array (and its page
/// faults) per pass. Each column block is gathered from the array and written back to it.
pub(crate) fn c2c_in_place<C: FftComplex>(
    a: &mut Array<C>,
    axis: usize,
    inverse: bool,
    scale: f64,
    workers: Option<isize>,
) -> Result<()> {
    let shape = a.shape().to_vec();
    if axis + 1 >= shape.len() || !a.is_c_contiguous() {
        return Err(Error::invalid(format!(
            "fft: an in-place pass along axis {axis} of a C-contiguous array of shape {shape:?} \
             (not its last axis)"
        )));
    }
    let size = array_runtime::shape::size(&shape);
    if size == 0 {
        return Ok(());
    }
    let n = shape[axis];
    let xf = complex_plan::<C::Real>(inverse, n)?;
    let scratch_len = LineTransform::<C::Real, C, C>::scratch_len(&xf);
    let f = <C::Real as FftReal>::from_f64(scale);
    let post = (scale != 1.0).then_some(move |z: C| C::scale(z, f));
    let inner: usize = shape[axis + 1..].iter().product();
    let offset = a.layout().offset;
    let data = host_storage_mut(a)?
        .ok_or_else(|| Error::invalid("fft: an in-place pass needs a host array"))?;
    let data = &mut data[offset..offset + size];
    let width = block_width(n * std::mem::size_of::<C>(), inner);
    workers::install(workers, || {
        let mut blocks = Vec::new();
        for m in data.chunks_exact_mut(n * inner) {
            // `m` holds exactly n * inner elements and width >= 1: cannot fail.
            if let Ok(bs) = column_blocks(m, n, inner, width) {
                blocks.extend(bs);
            }
        }
        blocks.par_iter_mut().for_each_init(
            || column_bufs(scratch_len),
            |bufs, block| {
                touch_rows(block);
                column_block(block, n, &xf, gather_rows, &post, bufs)
            },
        );
    })
}
