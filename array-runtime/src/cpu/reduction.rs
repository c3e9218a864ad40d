//! Reductions on the CPU: pairwise folds (NumPy's summation), chunked and parallel.
//!
//! The broadcast shape splits into kept axes (one result each) and reduced axes; each side's
//! dimensions are merged where every input allows. Three strategies:
//!
//! - **inner**: every input's reduced elements are contiguous for each result (a sum over the
//!   last axis of a C-contiguous array): the run is folded in place. Many results (short rows
//!   above all) are folded in batches, one per task, with no allocation per result and the
//!   runs' starts advanced without divisions;
//! - **outer**: the last kept axis is contiguous across results (a sum over axis 0, or over a
//!   middle axis: axis 1 of `(p, m, c)`): the results are cut into units, one run of at most
//!   8192 along the last kept axis each (one per index of the kept axes before it), and a
//!   unit's reduced rows are accumulated into a vector of accumulators, one per result,
//!   row after row (NumPy's order away from the last axis), which vectorizes; units are spread
//!   over threads, or, when there are few, their rows are split into parts;
//! - **general**: the reduced elements are gathered into a buffer chunk by chunk.
//!
//! Results are written straight into a C-contiguous output; other outputs get them through a
//! buffer.
//!
//! A fold is pairwise (`fold.rs`: blocks of 256 elements over 16 interleaved accumulators,
//! blocks combined as a balanced tree, compiled for AVX2 when the CPU has it), so the rounding
//! error of a float sum grows like NumPy's (O(log n)).
//! Few results over long reductions: each reduction is split into blocks folded in parallel
//! and combined as a tree; many results: results are spread over threads.
//!
//! A lazy expression given as an input is fused: its leaves are read by their own (broadcast)
//! strides, `CHUNK` elements at a time, and its program (`expr/program.rs`) computes the
//! chunk into a buffer that the fold reads like an input's run. The strategy and the fold's
//! order are the ones the C-contiguous array evaluating the expression would get (a run read
//! in place is folded from chunks with `fold::pairwise_pieces`, which keeps `pairwise`'s
//! order), so the result has the bits of evaluating first, without the temporary.

use rayon::prelude::*;

use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::kernel::def::reduction::{Inputs, ReduceKernel, ReductionInstance};
use crate::kernel::operand::reduce_input::{FusedMap, ReduceInput};
use crate::kernel::operand::{ErasedOutput, OperandData, OutputData};
use crate::raw;
use crate::shape::{self, Layout};

use super::fold::{pairwise, pairwise_pieces};
use super::host_vec;
use super::small::repeat;

/// Elements gathered per chunk on the general path.
const CHUNK: usize = 2048;
/// Elements per chunk of a contiguous run read beside a scalar input (the scalar repeated
/// this many times: 64 KiB for 4-byte elements).
const INNER_CHUNK: usize = 16384;
/// Results per block on the outer path (their accumulators stay in L1/L2).
const OUTER_BLOCK: usize = 8192;
/// Work (elements read) below which a reduction stays on the calling thread.
const SERIAL_LIMIT: usize = 1 << 15;

/// `n` copies of a scalar's value (its first `id.size()` bytes), as 16-byte aligned storage.
fn repeated(v: &[u8; 16], id: DTypeId, n: usize) -> Vec<u128> {
    let mut buf = vec![0u128; (n * id.size()).div_ceil(16)];
    refill(&mut buf, v, id);
    buf
}

/// Rewrites every element of a buffer made by [`repeated`] with the value `v`.
fn refill(buf: &mut [u128], v: &[u8; 16], id: DTypeId) {
    repeat(v, id.size(), raw::as_bytes_mut_u128(buf));
}

/// Copies `run` elements of `sz` bytes, element `o0 + t * step` of `bytes` to element `t`
/// of `dst`; a zero `step` repeats one element.
fn copy_run(bytes: &[u8], sz: usize, o0: isize, step: isize, run: usize, dst: &mut [u8]) {
    match sz {
        1 => strided_run::<1>(bytes, o0, step, run, dst),
        2 => strided_run::<2>(bytes, o0, step, run, dst),
        4 => strided_run::<4>(bytes, o0, step, run, dst),
        8 => strided_run::<8>(bytes, o0, step, run, dst),
        16 => strided_run::<16>(bytes, o0, step, run, dst),
        _ => {
            for t in 0..run {
                let o = (o0 + t as isize * step) as usize;
                dst[t * sz..(t + 1) * sz].copy_from_slice(&bytes[o * sz..(o + 1) * sz]);
            }
        }
    }
}

/// [`copy_run`] for elements of `S` bytes.
#[inline(always)]
fn strided_run<const S: usize>(bytes: &[u8], o0: isize, step: isize, run: usize, dst: &mut [u8]) {
    let dst = &mut dst[..run * S];
    if step == 0 {
        repeat(&element(bytes, o0, S), S, dst);
        return;
    }
    for (t, d) in dst.chunks_exact_mut(S).enumerate() {
        let o = (o0 + t as isize * step) as usize;
        d.copy_from_slice(&bytes[o * S..(o + 1) * S]);
    }
}

/// The bytes of element `i` of an array's storage (elements of `sz` bytes), as a scalar's.
fn element(bytes: &[u8], i: isize, sz: usize) -> [u8; 16] {
    let mut v = [0u8; 16];
    let i = i as usize;
    v[..sz].copy_from_slice(&bytes[i * sz..(i + 1) * sz]);
    v
}

/// Combines accumulators in order as a balanced tree.
fn tree<K: ReduceKernel>(accs: &[K::Acc]) -> K::Acc {
    match accs.len() {
        1 => accs[0],
        n => K::combine(tree::<K>(&accs[..n / 2]), tree::<K>(&accs[n / 2..])),
    }
}

/// Element offset of flat index `flat` (C order over `dims`).
fn offset_at(mut flat: usize, dims: &[usize], strides: &[isize]) -> isize {
    let mut off = 0isize;
    for d in (0..dims.len()).rev() {
        off += (flat % dims[d]) as isize * strides[d];
        flat /= dims[d];
    }
    off
}

/// One input, seen by the engine.
enum Source<'a> {
    Scalar([u8; 16], DTypeId),
    Array {
        bytes: &'a [u8],
        dtype: DTypeId,
        offset: usize,
        kstrides: Vec<isize>,
        rstrides: Vec<isize>,
    },
    /// A lazy expression, computed chunk by chunk from its leaves. `kstrides` and `rstrides`
    /// are those of the C-contiguous array evaluating it would give: they choose the strategy.
    Expr {
        prog: &'a dyn FusedMap,
        dtype: DTypeId,
        leaves: Vec<Leaf<'a>>,
        kstrides: Vec<isize>,
        rstrides: Vec<isize>,
    },
}

impl Source<'_> {
    /// Strides over the merged kept dimensions (none for a scalar).
    fn kstrides(&self) -> &[isize] {
        match self {
            Source::Scalar(..) => &[],
            Source::Array { kstrides, .. } | Source::Expr { kstrides, .. } => kstrides,
        }
    }

    /// Strides over the merged reduced dimensions (none for a scalar).
    fn rstrides(&self) -> &[isize] {
        match self {
            Source::Scalar(..) => &[],
            Source::Array { rstrides, .. } | Source::Expr { rstrides, .. } => rstrides,
        }
    }

    /// An array constant along the reduced axes (a `(r, 1)` operand broadcast against
    /// `(r, n)` and reduced over the last axis): on the inner path each result reads its
    /// one element repeated, like a scalar's.
    fn row_constant(&self) -> bool {
        matches!(self, Source::Array { rstrides, .. } if rstrides.iter().all(|&s| s == 0))
    }

    /// Whether the inner path reads it from a buffer of its value repeated.
    fn repeats(&self) -> bool {
        matches!(self, Source::Scalar(..)) || self.row_constant()
    }

    fn dtype(&self) -> DTypeId {
        match self {
            Source::Scalar(_, d)
            | Source::Array { dtype: d, .. }
            | Source::Expr { dtype: d, .. } => *d,
        }
    }
}

/// One leaf of an expression: a scalar, or an array with its strides over its own merged
/// kept and reduced dimensions.
enum Leaf<'a> {
    Scalar([u8; 16], DTypeId),
    Array {
        bytes: &'a [u8],
        dtype: DTypeId,
        offset: usize,
        kdims: Vec<usize>,
        kstrides: Vec<isize>,
        rdims: Vec<usize>,
        rstrides: Vec<isize>,
    },
}

/// Which elements of an expression a chunk holds.
#[derive(Clone, Copy)]
enum Span {
    /// Reduced positions `f0..f1` of result `k`.
    Reduced { k: usize },
    /// Results `f0..f1` at reduced position `r` (a row of the outer path).
    Kept { r: usize },
}

/// Buffers of `n` elements per leaf of an expression (scalars repeated once, up front).
fn leaf_buffers(leaves: &[Leaf<'_>], n: usize) -> Vec<Vec<u128>> {
    leaves
        .iter()
        .map(|l| match l {
            Leaf::Scalar(v, id) => repeated(v, *id, n),
            Leaf::Array { dtype, .. } => vec![0u128; (n * dtype.size()).div_ceil(16)],
        })
        .collect()
}

/// Copies the elements at flat positions `f0..f1` (C order over `dims`) of an array whose
/// position 0 is at element `base` into `dst`, a run of the innermost dimension at a time.
#[allow(clippy::too_many_arguments)]
fn gather(
    bytes: &[u8],
    sz: usize,
    base: isize,
    dims: &[usize],
    strides: &[isize],
    f0: usize,
    f1: usize,
    dst: &mut [u8],
) {
    let last = dims.len() - 1;
    let (n, step) = (dims[last], strides[last]);
    let (mut f, mut j) = (f0, 0);
    while f < f1 {
        let run = (n - f % n).min(f1 - f);
        let o0 = base + offset_at(f, dims, strides);
        copy_run(bytes, sz, o0, step, run, &mut dst[j * sz..]);
        f += run;
        j += run;
    }
}

/// Where an array leaf's elements of `span` start, over which dimensions and strides; `None`
/// for a scalar.
fn leaf_walk<'l>(l: &'l Leaf<'_>, span: Span) -> Option<(isize, &'l [usize], &'l [isize])> {
    match l {
        Leaf::Scalar(..) => None,
        Leaf::Array {
            offset,
            kdims,
            kstrides,
            rdims,
            rstrides,
            ..
        } => Some(match span {
            Span::Reduced { k } => (
                *offset as isize + offset_at(k, kdims, kstrides),
                &rdims[..],
                &rstrides[..],
            ),
            Span::Kept { r } => (
                *offset as isize + offset_at(r, rdims, rstrides),
                &kdims[..],
                &kstrides[..],
            ),
        }),
    }
}

/// Computes elements `f0..f1` (at most [`CHUNK`]) of an expression into `out`: each array
/// leaf read in place where its elements are contiguous, else gathered into its buffer, then
/// the program run over the chunk.
#[allow(clippy::too_many_arguments)]
fn expr_chunk(
    prog: &dyn FusedMap,
    dtype: DTypeId,
    leaves: &[Leaf<'_>],
    bufs: &mut [Vec<u128>],
    span: Span,
    f0: usize,
    f1: usize,
    out: &mut [u8],
) -> Result<()> {
    let len = f1 - f0;
    let walk = |l| leaf_walk(l, span);
    let in_place = |dims: &[usize], strides: &[isize]| dims.len() == 1 && strides[0] == 1;
    for (l, buf) in leaves.iter().zip(bufs.iter_mut()) {
        if let (Some((base, dims, strides)), Leaf::Array { bytes, dtype, .. }) = (walk(l), l)
            && !in_place(dims, strides)
        {
            let sz = dtype.size();
            let dst = &mut raw::as_bytes_mut_u128(buf)[..len * sz];
            gather(bytes, sz, base, dims, strides, f0, f1, dst);
        }
    }
    let parts: Vec<(&[u8], DTypeId)> = leaves
        .iter()
        .zip(bufs.iter())
        .map(|(l, buf)| match (walk(l), l) {
            (Some((base, dims, strides)), Leaf::Array { bytes, dtype, .. })
                if in_place(dims, strides) =>
            {
                let sz = dtype.size();
                let start = (base as usize + f0) * sz;
                (&bytes[start..start + len * sz], *dtype)
            }
            (_, Leaf::Array { dtype: id, .. } | Leaf::Scalar(_, id)) => {
                (&raw::as_bytes_u128(buf)[..len * id.size()], *id)
            }
        })
        .collect();
    prog.run(&parts, (&mut out[..len * dtype.size()], dtype), len)
}

struct Engine<'a> {
    sources: Vec<Source<'a>>,
    kdims: Vec<usize>,
    rdims: Vec<usize>,
    nr: usize,
}

impl Engine<'_> {
    /// Storage offset of each array source's first reduced element for result `k`.
    fn bases(&self, k: usize) -> Vec<isize> {
        self.sources
            .iter()
            .map(|s| match s {
                Source::Scalar(..) | Source::Expr { .. } => 0,
                Source::Array {
                    offset, kstrides, ..
                } => *offset as isize + offset_at(k, &self.kdims, kstrides),
            })
            .collect()
    }

    fn has_expr(&self) -> bool {
        self.sources
            .iter()
            .any(|s| matches!(s, Source::Expr { .. }))
    }

    /// Every array's reduced elements are one contiguous run per result (scalars, such as
    /// `ddof`, and arrays constant along the reduced axes are repeated alongside: see
    /// [`Engine::fold`]), and at least one input is such a run.
    fn inner_contiguous(&self) -> bool {
        let mut runs = 0;
        let all = self.sources.iter().all(|s| match s {
            Source::Scalar(..) => true,
            Source::Array { rstrides, .. } | Source::Expr { rstrides, .. } => {
                let run = self.rdims.len() == 1 && rstrides[0] == 1;
                runs += usize::from(run);
                run || s.row_constant()
            }
        });
        all && runs > 0
    }

    /// Results can be folded in batches ([`Engine::inner_batch`]): contiguous runs, no
    /// expression, no input constant along the reduced axes.
    fn batches(&self) -> bool {
        self.inner_contiguous()
            && !self.has_expr()
            && !self.sources.iter().any(Source::row_constant)
    }

    /// Per source, a buffer of `n` elements repeating a scalar's value or (for an array
    /// constant along the reduced axes) its element at `bases`; empty for the others.
    fn repeated_values(&self, bases: &[isize], n: usize) -> Vec<Vec<u128>> {
        self.sources
            .iter()
            .zip(bases)
            .map(|(s, &b)| match s {
                Source::Scalar(v, id) => repeated(v, *id, n),
                Source::Array { bytes, dtype, .. } if s.row_constant() => {
                    repeated(&element(bytes, b, dtype.size()), *dtype, n)
                }
                _ => Vec::new(),
            })
            .collect()
    }

    /// The last kept dimension (at least 8 long) is contiguous in every input, and no input
    /// is a scalar: rows along it are accumulated elementwise ([`Engine::outer`]).
    fn outer_contiguous(&self) -> bool {
        let last = self.kdims.len() - 1;
        self.kdims[last] >= 8
            && self.sources.iter().all(|s| match s {
                Source::Scalar(..) => false,
                Source::Array { kstrides, .. } | Source::Expr { kstrides, .. } => {
                    kstrides[last] == 1
                }
            })
    }

    /// Per source: scalars repeated over a chunk of `n` elements (at most [`CHUNK`]: short
    /// runs need no more), a buffer of `n` for the others.
    fn chunk_buffers(&self, n: usize) -> Vec<Vec<u128>> {
        self.sources
            .iter()
            .map(|s| match s {
                Source::Scalar(v, id) => repeated(v, *id, n),
                Source::Array { dtype, .. } | Source::Expr { dtype, .. } => {
                    vec![0u128; (n * dtype.size()).div_ceil(16)]
                }
            })
            .collect()
    }

    /// Per source: the leaves' buffers of `n` elements of an expression (empty for the
    /// others).
    fn leaf_buffers(&self, n: usize) -> Vec<Vec<Vec<u128>>> {
        self.sources
            .iter()
            .map(|s| match s {
                Source::Expr { leaves, .. } => leaf_buffers(leaves, n),
                _ => Vec::new(),
            })
            .collect()
    }

    /// Computes every expression source's elements `f0..f1` of `span` into its buffer.
    fn fill_exprs(
        &self,
        bufs: &mut [Vec<u128>],
        leaf_bufs: &mut [Vec<Vec<u128>>],
        span: Span,
        f0: usize,
        f1: usize,
    ) -> Result<()> {
        for ((s, buf), lbufs) in self.sources.iter().zip(bufs).zip(leaf_bufs) {
            if let Source::Expr {
                prog,
                dtype,
                leaves,
                ..
            } = s
            {
                let out = raw::as_bytes_mut_u128(buf);
                expr_chunk(*prog, *dtype, leaves, lbufs, span, f0, f1, out)?;
            }
        }
        Ok(())
    }

    /// The buffers of the gathered and fused paths, for runs of up to [`CHUNK`] elements.
    fn scratch(&self) -> Scratch {
        let n = CHUNK.min(self.nr);
        Scratch {
            bufs: self.chunk_buffers(n),
            leaves: self.leaf_buffers(n),
        }
    }

    /// Folds reduced elements `lo..hi` of result `k`, with the task's buffers (made on first
    /// use) in `scratch`.
    fn fold<K: ReduceKernel>(
        &self,
        k: usize,
        lo: usize,
        hi: usize,
        scratch: &mut Option<Scratch>,
    ) -> Result<K::Acc> {
        let bases = self.bases(k);
        if self.inner_contiguous() {
            // Arrays are read in place. Scalars are repeated into a buffer of one chunk, so a
            // run with a scalar is folded chunk by chunk and the chunks combined as a tree
            // (still pairwise); a run without one is a single fold.
            let scalars = self.sources.iter().any(Source::repeats);
            let chunk = if scalars { INNER_CHUNK } else { hi - lo };
            if self.has_expr() {
                let scratch = scratch.get_or_insert_with(|| self.scratch());
                return self.fold_inner_fused::<K>(k, lo, hi, chunk, &bases, scratch);
            }
            let reps = self.repeated_values(&bases, chunk.min(hi - lo));
            let mut accs = Vec::with_capacity((hi - lo).div_ceil(chunk));
            let mut c0 = lo;
            while c0 < hi {
                let c1 = (c0 + chunk).min(hi);
                let parts = self
                    .sources
                    .iter()
                    .zip(&bases)
                    .zip(&reps)
                    .map(|((s, &b), rep)| match s {
                        Source::Array { bytes, dtype, .. } if !s.row_constant() => {
                            let sz = dtype.size();
                            let start = b as usize + c0;
                            (&bytes[start * sz..(start + c1 - c0) * sz], *dtype)
                        }
                        _ => {
                            let id = s.dtype();
                            (&raw::as_bytes_u128(rep)[..(c1 - c0) * id.size()], id)
                        }
                    })
                    .collect();
                let inputs = Inputs { parts };
                accs.push(pairwise::<K>(&K::slices(&inputs), 0, c1 - c0, c0 as i64));
                c0 = c1;
            }
            return Ok(tree::<K>(&accs));
        }
        // General path: gather chunk by chunk.
        let Scratch {
            bufs,
            leaves: leaf_bufs,
        } = scratch.get_or_insert_with(|| self.scratch());
        let mut accs = Vec::with_capacity((hi - lo).div_ceil(CHUNK));
        let mut c0 = lo;
        while c0 < hi {
            let c1 = (c0 + CHUNK).min(hi);
            for ((s, buf), &b) in self.sources.iter().zip(bufs.iter_mut()).zip(&bases) {
                if let Source::Array {
                    bytes,
                    dtype,
                    rstrides,
                    ..
                } = s
                {
                    let dst = raw::as_bytes_mut_u128(buf);
                    gather(bytes, dtype.size(), b, &self.rdims, rstrides, c0, c1, dst);
                }
            }
            self.fill_exprs(bufs, leaf_bufs, Span::Reduced { k }, c0, c1)?;
            let parts = self
                .sources
                .iter()
                .zip(bufs.iter())
                .map(|(s, buf)| {
                    let id = s.dtype();
                    (&raw::as_bytes_u128(buf)[..(c1 - c0) * id.size()], id)
                })
                .collect();
            let inputs = Inputs { parts };
            accs.push(pairwise::<K>(&K::slices(&inputs), 0, c1 - c0, c0 as i64));
            c0 = c1;
        }
        Ok(accs
            .into_iter()
            .reduce(K::combine)
            .expect("a non-empty range has a chunk"))
    }

    /// The inner path with expression sources: each run of `chunk` elements (as
    /// [`Engine::fold`] cuts it) is folded from pieces of [`CHUNK`] elements, the
    /// expressions computed piece by piece, combined so that the result is `pairwise`'s over
    /// the whole run.
    fn fold_inner_fused<K: ReduceKernel>(
        &self,
        k: usize,
        lo: usize,
        hi: usize,
        chunk: usize,
        bases: &[isize],
        scratch: &mut Scratch,
    ) -> Result<K::Acc> {
        let Scratch {
            bufs,
            leaves: leaf_bufs,
        } = scratch;
        for ((s, buf), &b) in self.sources.iter().zip(bufs.iter_mut()).zip(bases) {
            if let Source::Array { bytes, dtype, .. } = s
                && s.row_constant()
            {
                refill(buf, &element(bytes, b, dtype.size()), *dtype);
            }
        }
        let mut accs = Vec::with_capacity((hi - lo).div_ceil(chunk));
        let mut c0 = lo;
        while c0 < hi {
            let c1 = (c0 + chunk).min(hi);
            accs.push(pairwise_pieces::<K, Error>(c0, c1, CHUNK, |p0, p1| {
                self.fill_exprs(bufs, leaf_bufs, Span::Reduced { k }, p0, p1)?;
                let parts = self
                    .sources
                    .iter()
                    .zip(bases)
                    .zip(bufs.iter())
                    .map(|((s, &b), buf)| match s {
                        Source::Array { bytes, dtype, .. } if !s.row_constant() => {
                            let sz = dtype.size();
                            let start = b as usize + p0;
                            (&bytes[start * sz..(start + p1 - p0) * sz], *dtype)
                        }
                        _ => {
                            let id = s.dtype();
                            (&raw::as_bytes_u128(buf)[..(p1 - p0) * id.size()], id)
                        }
                    })
                    .collect();
                let inputs = Inputs { parts };
                Ok(pairwise::<K>(&K::slices(&inputs), 0, p1 - p0, p0 as i64))
            })?);
            c0 = c1;
        }
        Ok(tree::<K>(&accs))
    }

    /// Result `k` over the whole reduction, splitting it over threads when `parallel`; the
    /// task's buffers in `scratch` (see [`Engine::fold`]).
    fn reduce_one<K: ReduceKernel>(
        &self,
        k: usize,
        parallel: bool,
        scratch: &mut Option<Scratch>,
    ) -> Result<K::Out> {
        if !parallel || self.nr < 2 * SERIAL_LIMIT {
            return Ok(K::finish(self.fold::<K>(k, 0, self.nr, scratch)?));
        }
        let blocks = (rayon::current_num_threads() * 4)
            .min(self.nr / SERIAL_LIMIT)
            .max(1);
        let per = self
            .nr
            .div_ceil(blocks)
            .next_multiple_of(super::fold::BLOCK);
        let accs: Vec<K::Acc> = (0..self.nr.div_ceil(per))
            .into_par_iter()
            .map(|b| self.fold::<K>(k, b * per, ((b + 1) * per).min(self.nr), &mut None))
            .collect::<Result<_>>()?;
        Ok(K::finish(tree::<K>(&accs)))
    }

    /// Accumulators of results `k0..k0 + w` (one run of the last kept dimension, contiguous in
    /// every input; `bases`: each array's element of result `k0` at reduced position 0) over
    /// reduced rows `r0..r1` (`r1 > r0`), on the outer path: each row is a contiguous run
    /// across the results, accumulated elementwise in row order (NumPy's order for a
    /// reduction over an axis other than the last). `accs` is overwritten.
    #[allow(clippy::too_many_arguments)]
    fn outer_part<'e, K: ReduceKernel>(
        &'e self,
        k0: usize,
        w: usize,
        bases: &[isize],
        r0: usize,
        r1: usize,
        sc: &mut OuterScratch<'e>,
        accs: &mut Vec<K::Acc>,
    ) -> Result<()> {
        let has_expr = self.has_expr();
        let (rows, inputs) = (&mut sc.odometer, &mut sc.inputs);
        rows.seek(r0);
        accs.clear();
        for r in r0..r1 {
            if has_expr {
                let mut j0 = 0;
                while j0 < w {
                    let j1 = (j0 + CHUNK).min(w);
                    let span = Span::Kept { r };
                    self.fill_exprs(&mut sc.chunk, &mut sc.leaves, span, k0 + j0, k0 + j1)?;
                    for ((s, row), buf) in self.sources.iter().zip(&mut sc.rows).zip(&sc.chunk) {
                        if let Source::Expr { dtype, .. } = s {
                            let sz = dtype.size();
                            raw::as_bytes_mut_u128(row)[j0 * sz..j1 * sz]
                                .copy_from_slice(&raw::as_bytes_u128(buf)[..(j1 - j0) * sz]);
                        }
                    }
                    j0 = j1;
                }
                let parts = self
                    .sources
                    .iter()
                    .zip(&sc.rows)
                    .zip(bases)
                    .zip(&rows.offs)
                    .map(|(((s, row), &b), &ro)| row_part(s, row, b + ro, w))
                    .collect();
                accumulate_row::<K>(&Inputs { parts }, w, r, r == r0, accs);
            } else {
                inputs.parts.clear();
                inputs.parts.extend(
                    self.sources
                        .iter()
                        .zip(bases)
                        .zip(&rows.offs)
                        .map(|((s, &b), &ro)| row_part(s, &[], b + ro, w)),
                );
                accumulate_row::<K>(inputs, w, r, r == r0, accs);
            }
            rows.step();
        }
        Ok(())
    }

    /// Every result on the outer path. The results are cut into units, one run of at most
    /// [`OUTER_BLOCK`] results along the last kept dimension each (a middle-axis reduction has
    /// one unit per index of the kept axes before it); a unit streams its rows through memory
    /// while its accumulators stay in cache. Many units: units are spread over threads, each
    /// unit reduced whole and written to its results. Few units (a sum over axis 0 of a
    /// narrow array): each unit's rows are also split into parts folded in parallel, then
    /// combined in order.
    fn outer<K: ReduceKernel>(&self, results: &mut [K::Out], parallel: bool) -> Result<()> {
        let nlast = *self.kdims.last().expect("at least one kept dimension");
        let col_blocks = nlast.div_ceil(OUTER_BLOCK);
        let units = (results.len() / nlast) * col_blocks;
        // Unit `u`: its first result and its width.
        let unit = |u: usize| {
            let (o, cb) = (u / col_blocks, u % col_blocks);
            let k0 = o * nlast + cb * OUTER_BLOCK;
            (k0, OUTER_BLOCK.min(nlast - cb * OUTER_BLOCK))
        };
        let threads = rayon::current_num_threads().max(1);
        let row_parts = if parallel && units < 2 * threads {
            (2 * threads).div_ceil(units).clamp(1, self.nr)
        } else {
            1
        };
        if row_parts == 1 {
            let per = if parallel {
                units.div_ceil(threads * 4)
            } else {
                units
            };
            // Whole units per task: each task's results are one contiguous piece.
            let mut tasks = Vec::with_capacity(units.div_ceil(per));
            let mut rest = results;
            let mut u0 = 0;
            while u0 < units {
                let u1 = (u0 + per).min(units);
                let end = if u1 == units {
                    rest.len()
                } else {
                    unit(u1).0 - unit(u0).0
                };
                let (here, after) = rest.split_at_mut(end);
                tasks.push((u0, u1, here));
                rest = after;
                u0 = u1;
            }
            let last = self.kdims.len() - 1;
            let task = |(u0, u1, out): (usize, usize, &mut [K::Out])| {
                let mut sc = self.outer_scratch(OUTER_BLOCK.min(nlast));
                let mut accs = Vec::new();
                let first = unit(u0).0;
                // The arrays' offsets of the current index of the kept axes before the last.
                let mut outer = Odometer::new(
                    &self.kdims[..last],
                    self.sources
                        .iter()
                        .map(|s| &s.kstrides()[..last.min(s.kstrides().len())]),
                );
                outer.seek(u0 / col_blocks);
                let mut bases = vec![0isize; self.sources.len()];
                for u in u0..u1 {
                    let (k0, w) = unit(u);
                    let cb = u % col_blocks;
                    if cb == 0 && u > u0 {
                        outer.step();
                    }
                    for ((b, s), &o) in bases.iter_mut().zip(&self.sources).zip(&outer.offs) {
                        if let Source::Array { offset, .. } = s {
                            *b = *offset as isize + o + (cb * OUTER_BLOCK) as isize;
                        }
                    }
                    self.outer_part::<K>(k0, w, &bases, 0, self.nr, &mut sc, &mut accs)?;
                    for (o, &a) in out[k0 - first..k0 - first + w].iter_mut().zip(&accs) {
                        *o = K::finish(a);
                    }
                }
                Ok::<(), Error>(())
            };
            return if parallel && tasks.len() > 1 {
                tasks.into_par_iter().try_for_each(task)
            } else {
                tasks.into_iter().try_for_each(task)
            };
        }
        let per_rows = self.nr.div_ceil(row_parts);
        let row_parts = self.nr.div_ceil(per_rows);
        let task = |t: usize| {
            let (u, rp) = (t / row_parts, t % row_parts);
            let (k0, w) = unit(u);
            let r0 = rp * per_rows;
            let mut sc = self.outer_scratch(w);
            let mut accs = Vec::new();
            let bases = self.kept_bases(k0);
            let r1 = (r0 + per_rows).min(self.nr);
            self.outer_part::<K>(k0, w, &bases, r0, r1, &mut sc, &mut accs)?;
            Ok::<_, Error>(accs)
        };
        let partials: Vec<Vec<K::Acc>> = (0..units * row_parts)
            .into_par_iter()
            .map(task)
            .collect::<Result<_>>()?;
        for (u, parts) in partials.chunks(row_parts).enumerate() {
            let (k0, w) = unit(u);
            let mut parts = parts.iter();
            let mut accs = parts.next().expect("a unit has a row part").clone();
            for p in parts {
                for (a, &b) in accs.iter_mut().zip(p) {
                    *a = K::combine(*a, b);
                }
            }
            for (o, acc) in results[k0..k0 + w].iter_mut().zip(accs) {
                *o = K::finish(acc);
            }
        }
        Ok(())
    }

    /// Buffers of the outer path for runs of at most `w` results: an expression's row, and
    /// its chunk and leaves' buffers (nothing without expressions).
    fn outer_scratch(&self, w: usize) -> OuterScratch<'_> {
        let odometer = Odometer::new(&self.rdims, self.sources.iter().map(Source::rstrides));
        let inputs = Inputs {
            parts: Vec::with_capacity(self.sources.len()),
        };
        if !self.has_expr() {
            return OuterScratch {
                rows: vec![Vec::new(); self.sources.len()],
                chunk: Vec::new(),
                leaves: Vec::new(),
                odometer,
                inputs,
            };
        }
        OuterScratch {
            rows: self
                .sources
                .iter()
                .map(|s| match s {
                    Source::Expr { dtype, .. } => vec![0u128; (w * dtype.size()).div_ceil(16)],
                    _ => Vec::new(),
                })
                .collect(),
            chunk: self.chunk_buffers(CHUNK.min(w)),
            leaves: self.leaf_buffers(CHUNK.min(w)),
            odometer,
            inputs,
        }
    }

    /// Each array's element of result `k` at reduced position 0 (0 for the others).
    fn kept_bases(&self, k: usize) -> Vec<isize> {
        self.sources
            .iter()
            .map(|s| match s {
                Source::Array {
                    offset, kstrides, ..
                } => *offset as isize + offset_at(k, &self.kdims, kstrides),
                _ => 0,
            })
            .collect()
    }

    /// Results `k0..k0 + out.len()` on the inner path without expressions: each result's run
    /// read in place (scalars repeated beside it, chunk by chunk), folded exactly as
    /// [`Engine::fold`] folds it, with no allocation per result and the runs' starts advanced
    /// without divisions (a short row costs little more than its elements).
    fn inner_batch<K: ReduceKernel>(&self, k0: usize, out: &mut [K::Out]) -> Result<()> {
        let nr = self.nr;
        let scalars = self.sources.iter().any(|s| matches!(s, Source::Scalar(..)));
        let chunk = if scalars { INNER_CHUNK.min(nr) } else { nr };
        let reps: Vec<Vec<u128>> = self
            .sources
            .iter()
            .map(|s| match s {
                Source::Scalar(v, id) => repeated(v, *id, chunk),
                _ => Vec::new(),
            })
            .collect();
        let mut kept = Odometer::new(&self.kdims, self.sources.iter().map(Source::kstrides));
        kept.seek(k0);
        let mut inputs = Inputs {
            parts: Vec::with_capacity(self.sources.len()),
        };
        let mut accs = Vec::with_capacity(nr.div_ceil(chunk));
        for o in out.iter_mut() {
            accs.clear();
            let mut c0 = 0;
            while c0 < nr {
                let c1 = (c0 + chunk).min(nr);
                inputs.parts.clear();
                for ((s, rep), &ko) in self.sources.iter().zip(&reps).zip(&kept.offs) {
                    inputs.parts.push(match s {
                        Source::Array {
                            bytes,
                            dtype,
                            offset,
                            ..
                        } => {
                            let sz = dtype.size();
                            let start = (*offset as isize + ko) as usize + c0;
                            (&bytes[start * sz..(start + c1 - c0) * sz], *dtype)
                        }
                        Source::Scalar(_, id) | Source::Expr { dtype: id, .. } => {
                            (&raw::as_bytes_u128(rep)[..(c1 - c0) * id.size()], *id)
                        }
                    });
                }
                accs.push(pairwise::<K>(&K::slices(&inputs), 0, c1 - c0, c0 as i64));
                c0 = c1;
            }
            *o = K::finish(tree::<K>(&accs));
            kept.step();
        }
        Ok(())
    }
}

/// The buffers of one task on the gathered and fused inner paths ([`Engine::scratch`]), kept
/// from one result to the next: a chunk per source (scalars repeated) and per expression leaf.
struct Scratch {
    bufs: Vec<Vec<u128>>,
    leaves: Vec<Vec<Vec<u128>>>,
}

/// The run of `w` elements of a row on the outer path: an array's from element `start` in
/// place, an expression's computed `row`.
fn row_part<'s>(s: &'s Source<'_>, row: &'s [u128], start: isize, w: usize) -> (&'s [u8], DTypeId) {
    match s {
        Source::Array { bytes, dtype, .. } => {
            let (sz, start) = (dtype.size(), start as usize);
            (&bytes[start * sz..(start + w) * sz], *dtype)
        }
        Source::Expr { dtype, .. } => (&raw::as_bytes_u128(row)[..w * dtype.size()], *dtype),
        Source::Scalar(..) => unreachable!("outer path has no scalar"),
    }
}

/// Accumulates row `r` (its runs of `w` elements in `inputs`) into `accs`, elementwise; the
/// `first` row of a part sets them.
#[inline]
fn accumulate_row<K: ReduceKernel>(
    inputs: &Inputs<'_>,
    w: usize,
    r: usize,
    first: bool,
    accs: &mut Vec<K::Acc>,
) {
    // A sub-run of the accumulators' length: the loop indexes without checks.
    let s = K::sub(&K::slices(inputs), 0, w);
    if first {
        accs.extend((0..w).map(|j| K::map(&s, j, r as i64)));
    } else {
        // Both lengths `w`, known equal: no bounds check in the loop, which vectorizes.
        for (j, acc) in accs[..w].iter_mut().enumerate() {
            *acc = K::combine(*acc, K::map(&s, j, r as i64));
        }
    }
}

/// The outer path's buffers (see [`Engine::outer_scratch`]), kept by a task from one unit
/// to the next.
struct OuterScratch<'e> {
    rows: Vec<Vec<u128>>,
    chunk: Vec<Vec<u128>>,
    leaves: Vec<Vec<Vec<u128>>>,
    /// Each array's offset of the current reduced row.
    odometer: Odometer<'e>,
    /// The runs of one row (arrays only).
    inputs: Inputs<'e>,
}

/// Each source's offset (by its own strides; 0 for a scalar) of a position over `dims` (C
/// order), moved to the next position without a division.
struct Odometer<'e> {
    dims: &'e [usize],
    strides: Vec<&'e [isize]>,
    idx: Vec<usize>,
    offs: Vec<isize>,
}

impl<'e> Odometer<'e> {
    fn new(dims: &'e [usize], strides: impl Iterator<Item = &'e [isize]>) -> Self {
        let strides: Vec<&[isize]> = strides.collect();
        Odometer {
            dims,
            idx: vec![0; dims.len()],
            offs: vec![0; strides.len()],
            strides,
        }
    }

    /// Moves to flat position `flat`.
    fn seek(&mut self, mut flat: usize) {
        for d in (0..self.dims.len()).rev() {
            self.idx[d] = flat % self.dims[d];
            flat /= self.dims[d];
        }
        for (o, s) in self.offs.iter_mut().zip(&self.strides) {
            *o = s.iter().zip(&self.idx).map(|(&s, &i)| s * i as isize).sum();
        }
    }

    /// Moves to the next position (past the last one, back to the first).
    fn step(&mut self) {
        for d in (0..self.dims.len()).rev() {
            self.idx[d] += 1;
            let wrap = self.idx[d] == self.dims[d];
            for (o, s) in self.offs.iter_mut().zip(&self.strides) {
                if let Some(&sd) = s.get(d) {
                    *o += if wrap {
                        -(sd * (self.dims[d] as isize - 1))
                    } else {
                        sd
                    };
                }
            }
            if !wrap {
                return;
            }
            self.idx[d] = 0;
        }
    }
}

/// Reduces `inputs` (broadcast to `shape`) over `axes` (sorted, unique) into `out`, whose
/// layout has the kept axes only.
pub(crate) fn run<K: ReduceKernel>(
    shape: &[usize],
    axes: &[usize],
    inputs: &[ReduceInput<'_>],
    out: &mut ErasedOutput<'_>,
) -> Result<()> {
    let name = || ReductionInstance::of::<K>().name();
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
    let kshape: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
    let rshape: Vec<usize> = axes.iter().map(|&d| shape[d]).collect();
    let (nk, nr) = (shape::size(&kshape), shape::size(&rshape));
    if out.layout.shape != kshape {
        return Err(Error::ShapeMismatch {
            op: name(),
            expected: kshape,
            found: out.layout.shape.clone(),
        });
    }
    if nk == 0 {
        return Ok(());
    }
    // Results go straight into a C-contiguous output, else into a buffer scattered after.
    let mut buffer = Vec::new();
    let direct = contiguous_target::<K::Out>(out, nk);
    let is_direct = direct.is_some();
    let results: &mut [K::Out] = match direct {
        Some(t) => t,
        None => {
            buffer = host_vec::filled(nk, K::Out::default())?;
            &mut buffer
        }
    };
    if nr == 0 {
        let id = K::identity().ok_or_else(|| {
            Error::invalid(format!(
                "{}: zero-size reduction over axes {axes:?} of shape {shape:?}: the reduction has \
                 no identity",
                name()
            ))
        })?;
        results.fill(K::finish(id));
    } else {
        let mut sources = Vec::with_capacity(inputs.len());
        let (mut ksets, mut rsets) = (Vec::new(), Vec::new());
        let broadcast = |layout: &Layout| {
            layout.broadcast_to(shape).ok_or_else(|| Error::Broadcast {
                op: name(),
                shapes: vec![layout.shape.clone(), shape.to_vec()],
            })
        };
        let split = |b: &Layout| {
            (
                kept.iter().map(|&d| b.strides[d]).collect::<Vec<_>>(),
                axes.iter().map(|&d| b.strides[d]).collect::<Vec<_>>(),
            )
        };
        for input in inputs {
            let op = match input {
                ReduceInput::Operand(op) => op,
                ReduceInput::Expr(e) => {
                    // The strategy sees the array evaluating the expression would give.
                    let (ks, rs) = split(&broadcast(&Layout::contiguous(&e.shape))?);
                    ksets.push(ks);
                    rsets.push(rs);
                    let mut leaves = Vec::with_capacity(e.leaves.len());
                    for l in &e.leaves {
                        leaves.push(match &l.data {
                            OperandData::Scalar(v) => Leaf::Scalar(*v, l.dtype),
                            OperandData::Host { bytes, layout } => {
                                let (ks, rs) = split(&broadcast(layout)?);
                                let (kdims, kstrides) = merged(&kshape, ks);
                                let (rdims, rstrides) = merged(&rshape, rs);
                                Leaf::Array {
                                    bytes,
                                    dtype: l.dtype,
                                    offset: layout.offset,
                                    kdims,
                                    kstrides,
                                    rdims,
                                    rstrides,
                                }
                            }
                            _ => {
                                return Err(e.prog.context(Error::invalid(
                                    "an operand of the expression is not on the CPU",
                                )))
                            }
                        });
                    }
                    sources.push(Source::Expr {
                        prog: e.prog,
                        dtype: e.prog.result(),
                        leaves,
                        kstrides: Vec::new(),
                        rstrides: Vec::new(),
                    });
                    continue;
                }
            };
            match &op.data {
                OperandData::Scalar(v) => sources.push(Source::Scalar(*v, op.dtype)),
                OperandData::Host { bytes, layout } => {
                    let (ks, rs) = split(&broadcast(layout)?);
                    ksets.push(ks);
                    rsets.push(rs);
                    sources.push(Source::Array {
                        bytes,
                        dtype: op.dtype,
                        offset: layout.offset,
                        kstrides: Vec::new(),
                        rstrides: Vec::new(),
                    });
                }
                OperandData::Cuda { .. } => {
                    return Err(Error::invalid(
                        "a CUDA operand was given to the CPU backend",
                    ))
                }
                OperandData::Unevaluated => {
                    return Err(Error::invalid(
                        "a lazy expression operand was not evaluated (call `.ready()?` first)",
                    ))
                }
            }
        }
        let (mut kdims, mut kmerged) = shape::merge_dims(&kshape, &ksets);
        let (mut rdims, mut rmerged) = shape::merge_dims(&rshape, &rsets);
        if kdims.is_empty() {
            kdims = vec![1];
            kmerged = vec![vec![0]; ksets.len()];
        }
        if rdims.is_empty() {
            rdims = vec![1];
            rmerged = vec![vec![0]; rsets.len()];
        }
        let (mut ki, mut ri) = (kmerged.into_iter(), rmerged.into_iter());
        for s in sources.iter_mut() {
            if let Source::Array {
                kstrides, rstrides, ..
            }
            | Source::Expr {
                kstrides, rstrides, ..
            } = s
            {
                *kstrides = ki.next().expect("kept strides per array");
                *rstrides = ri.next().expect("reduced strides per array");
            }
        }
        let engine = Engine {
            sources,
            kdims,
            rdims,
            nr,
        };
        let parallel = nk * nr >= SERIAL_LIMIT;
        let threads = rayon::current_num_threads().max(1);
        if engine.outer_contiguous() && nr > 1 {
            engine.outer::<K>(results, parallel)?;
        } else if engine.batches() && !(parallel && nk < 2 * threads) {
            // Many results over contiguous runs (short rows above all): batches of results,
            // no allocation per result.
            if parallel {
                let per = nk.div_ceil(threads * 4);
                results
                    .par_chunks_mut(per)
                    .enumerate()
                    .try_for_each(|(b, out)| engine.inner_batch::<K>(b * per, out))?;
            } else {
                engine.inner_batch::<K>(0, results)?;
            }
        } else if parallel && nk >= 2 * threads {
            let per = nk.div_ceil(threads * 4);
            results
                .par_chunks_mut(per)
                .enumerate()
                .try_for_each(|(b, out)| {
                    let mut scratch = None;
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = engine.reduce_one::<K>(b * per + j, false, &mut scratch)?;
                    }
                    Ok::<(), Error>(())
                })?;
        } else {
            let mut scratch = None;
            for (k, o) in results.iter_mut().enumerate() {
                *o = engine.reduce_one::<K>(k, parallel, &mut scratch)?;
            }
        }
    }
    if is_direct {
        Ok(())
    } else {
        write_results(out, &buffer)
    }
}

/// The output's elements as a slice of `n` results when its layout is C-contiguous (and its
/// dtype and alignment are the results'), so the engine writes them in place.
fn contiguous_target<'o, T: DType>(out: &'o mut ErasedOutput<'_>, n: usize) -> Option<&'o mut [T]> {
    if out.dtype != T::ID || !out.layout.is_c_contiguous() || out.layout.size() != n {
        return None;
    }
    let start = out.layout.offset.checked_mul(T::ID.size())?;
    let end = start.checked_add(n.checked_mul(T::ID.size())?)?;
    let bytes = match &mut out.data {
        OutputData::Host(b) => b.get_mut(start..end)?,
        OutputData::Cuda { .. } => return None,
    };
    if !(bytes.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>()) {
        return None;
    }
    Some(raw::cast_slice_mut(bytes))
}

/// One array's strides over `dims` merged on their own (at least one dimension).
fn merged(dims: &[usize], strides: Vec<isize>) -> (Vec<usize>, Vec<isize>) {
    let (d, mut s) = shape::merge_dims(dims, &[strides]);
    match (d.is_empty(), s.pop()) {
        (false, Some(s)) => (d, s),
        _ => (vec![1], vec![0]),
    }
}

/// Writes results (C order over the output's shape) into the output's layout.
fn write_results<T: DType>(out: &mut ErasedOutput<'_>, results: &[T]) -> Result<()> {
    let layout = out.layout.clone();
    let bytes = match &mut out.data {
        OutputData::Host(b) => &mut **b,
        OutputData::Cuda { .. } => {
            return Err(Error::invalid("a CUDA output was given to the CPU backend"))
        }
    };
    let sz = T::ID.size();
    let dims = if layout.shape.is_empty() {
        vec![1]
    } else {
        layout.shape.clone()
    };
    let strides = if layout.strides.is_empty() {
        vec![0]
    } else {
        layout.strides.clone()
    };
    for (k, v) in results.iter().enumerate() {
        let o = (layout.offset as isize + offset_at(k, &dims, &strides)) as usize;
        bytes
            .get_mut(o * sz..(o + 1) * sz)
            .ok_or_else(|| Error::invalid("reduction output reaches past its storage"))?
            .copy_from_slice(raw::value_bytes(v));
    }
    Ok(())
}
