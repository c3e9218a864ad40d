//! The kernels every data-moving routine is built from, beside the runtime's device-side copies
//! (`Array::copy`, `Array::as_standard_layout`, `ArrayViewMut::assign`): a gather along one axis
//! (an index map computed on the host from sizes only, applied on the device).

use array_runtime::kernel::elementwise::{Instance, Operand, Plan};
use array_runtime::shape::Layout;
use array_runtime::{Array, DType, Device, LaunchConfig, Result};
use kernel_macros::raw_kernel;

/// `out[o, j, i] = src[o, index[j], i]` over `out` seen as `(outer, index.len(), inner)` and
/// `src` as `(outer, src_len, inner)`, both C-contiguous. Each thread handles `per_thread`
/// consecutive elements ([`launch_for`]: one on a GPU, so that writes coalesce; a run on the
/// CPU, where each emulated thread costs a call).
#[raw_kernel]
pub(crate) fn gather_axis<T: DType>(
    src: &[T],
    index: &[i64],
    out: &mut [T],
    inner: u64,
    src_len: u64,
    per_thread: u64,
) {
    let t = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    let m = index.len() as u64;
    let n = out.len() as u64;
    let mut i = t * per_thread;
    let end = (i + per_thread).min(n);
    if i < end {
        // The position of the run's first element, then counters instead of divisions.
        let mut pos = i % inner;
        let mut j = (i / inner) % m;
        let mut o = i / (inner * m);
        while i < end {
            let from = (o * src_len + index[j as usize] as u64) * inner + pos;
            out[i as usize] = src[from as usize];
            i += 1;
            pos += 1;
            if pos == inner {
                pos = 0;
                j += 1;
                if j == m {
                    j = 0;
                    o += 1;
                }
            }
        }
    }
}

/// The launch of a one-dimensional raw kernel over `n` elements, and the run of consecutive
/// elements each thread handles: blocks of 256 threads with one element each on a GPU (so
/// that accesses coalesce); on the CPU, runs of 32 elements in blocks of 128 threads, so that
/// the cost of an emulated thread (a call) and of a block is spread over many elements while
/// launches of more than 2^17 elements still count enough threads for the emulator to run
/// blocks in parallel.
pub(crate) fn launch_for(device: &Device, n: usize) -> (LaunchConfig, u64) {
    const CPU_RUN: usize = 32;
    if device.is_cpu() {
        (
            LaunchConfig::for_elements(n.div_ceil(CPU_RUN), 128),
            CPU_RUN as u64,
        )
    } else {
        (LaunchConfig::for_elements(n, 256), 1)
    }
}

/// A C-contiguous array of `shape` on `device` whose every element the caller overwrites: no
/// fill pass (on a GPU its memory is uninitialised until then). Allocated as a kernel output
/// is, through the plan of the copy kernel over a broadcast 0-d array of that shape, which is
/// not run.
pub(crate) fn for_overwrite<T: DType>(device: &Device, shape: &[usize]) -> Result<Array<T>> {
    let probe = Array::scalar(device, T::default())?.broadcast_to(shape)?;
    let operand = Operand::Borrowed(&probe);
    let inputs = [operand.erase()];
    let dtype = [T::ID];
    let inst = Instance {
        def: &array_runtime::copy::identity_kernel::DEF,
        type_args: &dtype,
        params: &dtype,
        results: &dtype,
    };
    Plan::new(&inst, &inputs)?.alloc::<T>()
}

/// The elements of `a` along `axis` (normalized) taken at `index` (each in `0..a.shape()[axis]`,
/// checked by the caller): NumPy's `take(a, index, axis)`, one kernel pass.
pub(crate) fn gather<T: DType>(a: &Array<T>, axis: usize, index: &[i64]) -> Result<Array<T>> {
    let device = a.device();
    let shape = a.shape();
    let mut out_shape = shape.to_vec();
    out_shape[axis] = index.len();
    let mut out = for_overwrite::<T>(&device, &out_shape)?;
    if out.is_empty() {
        return Ok(out);
    }
    debug_assert!(index.iter().all(|&i| i >= 0 && (i as usize) < shape[axis]));
    let inner: usize = shape[axis + 1..].iter().product();
    let src = a.as_standard_layout()?;
    let index = Array::from_slice(&device, &[index.len()], index)?;
    let (cfg, per_thread) = launch_for(&device, out.len());
    gather_axis::launch(
        &cfg,
        &src,
        &index,
        &mut out,
        inner as u64,
        shape[axis] as u64,
        per_thread,
    )?;
    Ok(out)
}

/// A view of `a`'s storage through `layout` (checked against the storage's bounds).
pub(crate) fn view<T: DType>(a: &Array<T>, layout: Layout) -> Result<Array<T>> {
    array_runtime::cuda::blas_support::strided_view(a, layout)
}
