//! The intrinsics of raw kernels on the CPU: what a kernel's CPU twin calls where its CUDA C
//! uses `threadIdx`, `__syncthreads()`, `__shfl_sync`, `__shared__` arrays and so on.
//!
//! Each is a plain function reading the calling emulated thread's context (a thread-local that
//! the scheduler sets at every switch). Outside an emulated launch there is no such context:
//! they panic with a message saying so (see each `# Panics`); inside one they never panic.

use super::emulator::{self, BarrierKind, Op, ShflMode, VoteKind, WARP_SIZE};
use super::memory::{from_bytes, to_bytes, SharedSlice};
use crate::dtype::DType;
use crate::kernel::raw::Dim3;

/// `threadIdx`: the calling thread's index in its block.
///
/// # Panics
///
/// Outside an emulated launch, as every intrinsic (see [`in_emulated_launch`]).
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// static IDS: RawKernelDef = RawKernelDef {
///     name: "ids",
///     params: &[ParamKind::slice_mut(DTypeId::U32)],
///     param_names: &["out"],
///     ..RawKernelDef::DEFAULT
/// };
/// // out[global linear id] = x + 10 * y + 100 * block x, on a 2 x (3, 2) launch.
/// fn ids(args: &RawArgs<'_>) {
///     let (t, b, d) = (raw::thread_idx(), raw::block_idx(), raw::block_dim());
///     let i = b.x * d.x * d.y + t.y * d.x + t.x;
///     args.slice_mut::<u32>(0).set(i, t.x + 10 * t.y + 100 * b.x);
/// }
/// let mut out = Array::<u32>::zeros(&Device::cpu(), &[12])?;
/// raw::launch(&IDS, &[], &LaunchConfig::new(2, (3, 2)), &mut [Arg::slice_mut(&mut out)], &ids)?;
/// assert_eq!(out.to_vec()?, vec![0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]);
/// assert!(!raw::in_emulated_launch());
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[inline]
pub fn thread_idx() -> Dim3 {
    emulator::with_block("thread_idx()", |b| b.thread_idx())
}

/// `blockIdx`: the calling thread's block in the grid.
///
/// # Panics
///
/// Outside an emulated launch.
#[inline]
pub fn block_idx() -> Dim3 {
    emulator::with_block("block_idx()", |b| b.block_idx())
}

/// `blockDim`: the launch's block shape.
///
/// # Panics
///
/// Outside an emulated launch.
#[inline]
pub fn block_dim() -> Dim3 {
    emulator::with_block("block_dim()", |b| b.launch().block)
}

/// `gridDim`: the launch's grid shape.
///
/// # Panics
///
/// Outside an emulated launch.
#[inline]
pub fn grid_dim() -> Dim3 {
    emulator::with_block("grid_dim()", |b| b.launch().grid)
}

/// The calling thread's lane in its warp: its linear index in the block (x fastest, as
/// CUDA numbers threads) modulo 32.
///
/// # Panics
///
/// Outside an emulated launch.
#[inline]
pub fn lane_id() -> u32 {
    emulator::with_block("lane_id()", |b| b.tid() % WARP_SIZE)
}

/// Whether the caller runs as a thread of an emulated launch (where the intrinsics work).
pub fn in_emulated_launch() -> bool {
    emulator::in_emulated_launch()
}

fn barrier(what: &str, kind: BarrierKind, pred: bool) -> [u8; 16] {
    emulator::with_block(what, |b| {
        let mut v = [0u8; 16];
        v[0] = pred as u8;
        b.collective(Op::Barrier(kind), v)
    })
}

/// `__syncthreads()`: waits until every thread of the block has reached a barrier; the writes
/// to shared and global memory made before it are seen by the block's threads after it.
///
/// Every thread of the block must reach it: a barrier that some threads reach after others
/// returned fails the launch (CUDA leaves that undefined). The kernel's def must say
/// `uses_block_sync: true` (else its threads run as a plain loop, and the call is an error of
/// the launch).
///
/// # Panics
///
/// Outside an emulated launch.
pub fn sync_threads() {
    barrier("sync_threads()", BarrierKind::Sync, false);
}

/// `__syncthreads_count(pred)`: a barrier that returns how many threads of the block passed
/// `pred == true`.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn sync_threads_count(pred: bool) -> u32 {
    let r = barrier("sync_threads_count()", BarrierKind::Count, pred);
    u32::from_le_bytes([r[0], r[1], r[2], r[3]])
}

/// `__syncthreads_and(pred)`: a barrier that returns whether `pred` holds for every thread.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn sync_threads_and(pred: bool) -> bool {
    barrier("sync_threads_and()", BarrierKind::And, pred)[0] != 0
}

/// `__syncthreads_or(pred)`: a barrier that returns whether `pred` holds for any thread.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn sync_threads_or(pred: bool) -> bool {
    barrier("sync_threads_or()", BarrierKind::Or, pred)[0] != 0
}

fn warp_op(what: &str, op: Op, value: [u8; 16]) -> [u8; 16] {
    emulator::with_block(what, |b| b.collective(op, value))
}

/// `__syncwarp()`: waits for the active lanes of the calling warp.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn sync_warp() {
    warp_op("sync_warp()", Op::SyncWarp, [0; 16]);
}

fn shuffle<T: DType>(what: &str, mode: ShflMode, v: T, arg: u32) -> T {
    let op = Op::Shfl {
        mode,
        arg,
        dtype: T::ID,
    };
    from_bytes(&warp_op(what, op, to_bytes(v)))
}

/// `__shfl_sync(0xffffffff, v, src_lane)`: `v` of lane `src_lane % 32` of the calling warp.
///
/// Warp collectives run over the *active* lanes: those of the warp that have not returned
/// (the missing lanes of a partial last warp count as returned), as CUDA's full mask allows.
/// Reading an inactive lane gives the caller's own `v` (undefined in CUDA). Every active lane
/// must reach a collective of the same kind and dtype, else the launch fails (a deadlock in
/// CUDA). The kernel's def must say `uses_warp_ops: true`.
///
/// # Panics
///
/// Outside an emulated launch.
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// // A warp sum with shfl_down, and a ballot of the odd lanes.
/// static WARP_SUM: RawKernelDef = RawKernelDef {
///     name: "warp_sum",
///     params: &[ParamKind::slice_mut(DTypeId::I32), ParamKind::slice_mut(DTypeId::U32)],
///     param_names: &["sum", "odd"],
///     uses_warp_ops: true,
///     ..RawKernelDef::DEFAULT
/// };
/// fn warp_sum(args: &RawArgs<'_>) {
///     let lane = raw::lane_id();
///     let mut v = lane as i32;
///     let mut offset = 16;
///     while offset > 0 {
///         v += raw::shfl_down(v, offset);
///         offset /= 2;
///     }
///     let odd = raw::vote_ballot(lane % 2 == 1);
///     if lane == 0 {
///         args.slice_mut::<i32>(0).set(0, v);
///         args.slice_mut::<u32>(1).set(0, odd);
///     }
/// }
/// let dev = Device::cpu();
/// let (mut sum, mut odd) = (Array::<i32>::zeros(&dev, &[1])?, Array::<u32>::zeros(&dev, &[1])?);
/// raw::launch(&WARP_SUM, &[], &LaunchConfig::new(1, 32),
///             &mut [Arg::slice_mut(&mut sum), Arg::slice_mut(&mut odd)], &warp_sum)?;
/// assert_eq!(sum.item()?, (0..32).sum::<i32>());
/// assert_eq!(odd.item()?, 0xaaaa_aaaa);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn shfl<T: DType>(v: T, src_lane: u32) -> T {
    shuffle("shfl()", ShflMode::Idx, v, src_lane)
}

/// `__shfl_up_sync(0xffffffff, v, delta)`: `v` of lane `lane - delta`; lanes below `delta`
/// get their own `v`.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn shfl_up<T: DType>(v: T, delta: u32) -> T {
    shuffle("shfl_up()", ShflMode::Up, v, delta)
}

/// `__shfl_down_sync(0xffffffff, v, delta)`: `v` of lane `lane + delta`; lanes whose source is
/// past lane 31 (or inactive) get their own `v`.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn shfl_down<T: DType>(v: T, delta: u32) -> T {
    shuffle("shfl_down()", ShflMode::Down, v, delta)
}

/// `__shfl_xor_sync(0xffffffff, v, lane_mask)`: `v` of lane `lane ^ lane_mask` (the butterfly
/// of reductions); a source past lane 31 (or inactive) gives the caller's own `v`.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn shfl_xor<T: DType>(v: T, lane_mask: u32) -> T {
    shuffle("shfl_xor()", ShflMode::Xor, v, lane_mask)
}

fn vote(what: &str, kind: VoteKind, pred: bool) -> [u8; 16] {
    let mut v = [0u8; 16];
    v[0] = pred as u8;
    warp_op(what, Op::Vote(kind), v)
}

/// `__all_sync(0xffffffff, pred)`: whether `pred` holds on every active lane of the warp.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn vote_all(pred: bool) -> bool {
    vote("vote_all()", VoteKind::All, pred)[0] != 0
}

/// `__any_sync(0xffffffff, pred)`: whether `pred` holds on some active lane of the warp.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn vote_any(pred: bool) -> bool {
    vote("vote_any()", VoteKind::Any, pred)[0] != 0
}

/// `__ballot_sync(0xffffffff, pred)`: bit `l` set when lane `l` is active and its `pred`
/// holds.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn vote_ballot(pred: bool) -> u32 {
    let r = vote("vote_ballot()", VoteKind::Ballot, pred);
    u32::from_le_bytes([r[0], r[1], r[2], r[3]])
}

/// A static `__shared__` array of the block: `len` elements of `T` at byte `offset` of the
/// block's static shared memory. The `#[raw_kernel]` macro gives each shared array its offset
/// (aligned for its dtype) and sums their sizes into the def's `static_shared_bytes`.
///
/// A window that is misaligned or does not fit `static_shared_bytes` fails the launch and
/// comes back empty. Shared memory starts zeroed for every block.
///
/// # Panics
///
/// Outside an emulated launch.
pub fn shared<T: DType>(offset: usize, len: usize) -> SharedSlice<T> {
    emulator::with_block("shared()", |b| {
        let info = b.launch();
        let size = std::mem::size_of::<T>();
        let fits = offset.is_multiple_of(std::mem::align_of::<T>())
            && len
                .checked_mul(size)
                .and_then(|n| n.checked_add(offset))
                .is_some_and(|end| end <= info.static_shared);
        if fits {
            SharedSlice::new(offset, len)
        } else {
            info.fatal(|| {
                format!(
                    "shared::<{}>({offset}, {len}) does not fit its {} bytes of static shared \
                     memory aligned for {}",
                    T::ID,
                    info.static_shared,
                    T::ID
                )
            });
            SharedSlice::new(0, 0)
        }
    })
}

/// The block's dynamic shared memory (`extern __shared__ T buf[]`) as `T`s: the
/// `shared_mem_bytes` of the launch's config, placed after the static shared memory at the
/// next multiple of 16 bytes; `shared_mem_bytes / size_of::<T>()` elements.
///
/// # Panics
///
/// Outside an emulated launch.
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// // A block sum over dynamic shared memory of one f64 per thread.
/// static BLOCK_SUM: RawKernelDef = RawKernelDef {
///     name: "block_sum",
///     params: &[ParamKind::slice(DTypeId::F64), ParamKind::slice_mut(DTypeId::F64)],
///     param_names: &["x", "sums"],
///     uses_block_sync: true,
///     ..RawKernelDef::DEFAULT
/// };
/// fn block_sum(args: &RawArgs<'_>) {
///     let (x, sums) = (args.slice::<f64>(0), args.slice_mut::<f64>(1));
///     let buf = raw::dyn_shared::<f64>();
///     let (t, n) = (raw::thread_idx().x, raw::block_dim().x);
///     buf.set(t, x.get(raw::block_idx().x * n + t));
///     let mut half = n / 2;
///     while half > 0 {
///         raw::sync_threads();
///         if t < half {
///             buf.set(t, buf.get(t) + buf.get(t + half));
///         }
///         half /= 2;
///     }
///     if t == 0 {
///         sums.set(raw::block_idx().x, buf.get(0));
///     }
/// }
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[128], (0..128).map(f64::from).collect())?;
/// let mut sums = Array::<f64>::zeros(&dev, &[2])?;
/// let cfg = LaunchConfig::new(2, 64).with_shared_mem(64 * 8);
/// raw::launch(&BLOCK_SUM, &[], &cfg, &mut [Arg::slice(&x), Arg::slice_mut(&mut sums)], &block_sum)?;
/// assert_eq!(sums.to_vec()?, vec![2016.0, 6112.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn dyn_shared<T: DType>() -> SharedSlice<T> {
    emulator::with_block("dyn_shared()", |b| {
        let info = b.launch();
        SharedSlice::new(info.dyn_offset, info.dyn_len / std::mem::size_of::<T>())
    })
}

/// `__threadfence()`: orders the caller's memory accesses before and after it for every other
/// thread of the launch (a sequentially consistent fence).
pub fn thread_fence() {
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

/// `__threadfence_block()`: the threads of a block run on one OS thread in turn, so only the
/// compiler needs to keep the order.
pub fn thread_fence_block() {
    std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
}
