//! rfftn's first two passes fused, slab by slab, on the CPU.
//!
//! rfftn transforms the last axis (real to complex), then every other axis (complex), each
//! pass over the whole array. When the second axis's lines lie inside slabs of a few hundred
//! KiB (a 3-d `(k, m, n)` array transformed along its last two axes: each `(m, n / 2 + 1)`
//! slab), a task takes a whole slab, transforms its rows, then its columns while the slab is
//! still in the core's cache: one pass over memory instead of two, and no second array.
//! The column transform is the engine's (`cpu::column_block`, in place), the operations and
//! their order are those of the two passes, so the results are the same bit for bit.

use array_runtime::cpu::column_blocks::column_blocks;
use array_runtime::cuda::blas_support::{array_for_overwrite, host_storage_mut};
use rayon::prelude::*;

use super::cpu::{
    block_width, column_block, column_bufs, complex_plan, gather_rows, plan_err, LineTransform,
    Lines, R2c,
};
use super::dtypes::{FftComplex, FftReal};
use super::plans::{cpu_plan, CpuPlan, PlanKind};
use super::workers;
use crate::prelude::*;

/// The largest slab a task transforms whole (it stays in a core's L2 cache).
const SLAB_BYTES: usize = 1 << 20;

/// Slabs per thread below which fusing leaves threads idle (the passes run one by one).
const SLABS_PER_THREAD: usize = 2;

/// The real-to-complex transform of `n_last` points along the last axis of `a` (scaled by
/// `scale_last`), then the complex transform along `axis` (not the last; its whole length;
/// scaled by `scale`), slab by slab: the slabs are the result's sub-arrays from `axis` on.
/// `None` (nothing computed) when the slabs are too large or too few to keep the threads busy.
pub(crate) fn r2c_then_c2c<I: DType, C: FftComplex>(
    a: &Array<I>,
    n_last: usize,
    scale_last: f64,
    axis: usize,
    scale: f64,
    workers: Option<isize>,
) -> Result<Option<Array<C>>> {
    let ndim = a.ndim();
    if axis + 1 >= ndim {
        return Ok(None);
    }
    let last = ndim - 1;
    let mut shape = a.shape().to_vec();
    let m_out = n_last / 2 + 1;
    shape[last] = m_out;
    let slab_len: usize = shape[axis..].iter().product();
    let slabs: usize = shape[..axis].iter().product();
    let threads = workers::install(workers, rayon::current_num_threads)?;
    let slab_bytes = slab_len * std::mem::size_of::<C>();
    if slab_len == 0 || slab_bytes > SLAB_BYTES || slabs < SLABS_PER_THREAD * threads {
        return Ok(None);
    }
    let CpuPlan::RealForward(rplan) = cpu_plan::<C::Real>(PlanKind::RealForward, n_last)? else {
        return Err(plan_err(PlanKind::RealForward));
    };
    let n = shape[axis];
    let (rows, cols) = (R2c(rplan), complex_plan::<C::Real>(false, n)?);
    let r_scratch = LineTransform::<C::Real, C::Real, C>::scratch_len(&rows);
    let c_scratch = LineTransform::<C::Real, C, C>::scratch_len(&cols);
    let (f_last, f) = (
        <C::Real as FftReal>::from_f64(scale_last),
        <C::Real as FftReal>::from_f64(scale),
    );
    let post = (scale != 1.0).then_some(move |z: C| C::scale(z, f));
    let lines = Lines::new(a, last)?;
    // The slab's rows: every line of the last axis whose index before `axis` is the slab's.
    let per_slab = slab_len / m_out;
    let inner = slab_len / n;
    let width = block_width(n * std::mem::size_of::<C>(), inner);
    let mut out = array_for_overwrite::<C>(&Device::Cpu, &shape)?;
    let data = host_storage_mut(&mut out)?
        .ok_or_else(|| Error::invalid("fft: a new host array is not writable"))?;
    let data = &mut data[..slabs * slab_len];
    workers::install(workers, || {
        data.par_chunks_mut(slab_len).enumerate().for_each_init(
            || {
                (
                    Vec::new(),
                    vec![Complex::<C::Real>::default(); r_scratch],
                    column_bufs(c_scratch),
                )
            },
            |(buf, scratch, bufs), (s, slab)| {
                buf.resize(per_slab * n_last, C::Real::default());
                for (l, line) in buf.chunks_exact_mut(n_last).enumerate() {
                    lines.read(s * per_slab + l, 0, line, |x: I| x.cast::<C::Real>());
                }
                LineTransform::<C::Real, C::Real, C>::run(&rows, buf, slab, scratch);
                if scale_last != 1.0 {
                    for z in slab.iter_mut() {
                        *z = C::scale(*z, f_last);
                    }
                }
                // `slab` holds exactly n * inner elements and width >= 1: cannot fail.
                if let Ok(mut blocks) = column_blocks(slab, n, inner, width) {
                    for block in &mut blocks {
                        column_block(block, n, &cols, gather_rows, &post, bufs);
                    }
                }
            },
        );
    })?;
    Ok(Some(out))
}
