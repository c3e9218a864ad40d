//! The scheduler of an emulated launch: blocks in parallel, the threads of a block as
//! cooperating coroutines (or a plain loop when the kernel never waits for other threads).
//!
//! # Blocks
//!
//! A launch is split into at most one task per rayon thread; each task claims blocks one at a
//! time from a shared counter (blocks of one kernel cost alike, but a counter also balances
//! the ones that do not) and runs them to completion, one after another, with its own shared
//! memory region (zeroed before each block) and its own [`BlockCtx`].
//!
//! # Threads of a block
//!
//! *Loop mode* (the kernel's def says it uses neither `sync_threads` nor warp collectives):
//! the threads run one after another, in `threadIdx` order (x fastest), on the worker's stack.
//! The cost per thread is one indirect call and two thread-local writes.
//!
//! *Cooperative mode*: each thread of the block is a stackful coroutine (`corosensei`), taken
//! from a pool owned by the OS thread and reused by every block and launch that this OS thread
//! runs (a coroutine never moves to another OS thread). A coroutine runs the kernel's CPU
//! twin for one thread and suspends at every barrier or warp collective; the scheduler resumes
//! the threads warp by warp:
//!
//! 1. every runnable lane of the warp runs until it suspends or finishes;
//! 2. if some lanes wait at a warp collective, every lane that has not finished must wait at
//!    one of the same kind and dtype: the collective is computed over them (finished lanes and
//!    the missing lanes of a partial last warp are inactive) and they run on (back to 1);
//!    lanes of one warp waiting at a warp collective and at `sync_threads` is a deadlock;
//! 3. once every warp has stopped at the barrier or finished: all finished ends the block;
//!    all at the barrier releases them (computing `sync_threads_count` and friends);
//!    a mix is an error (a barrier reached by part of the block: CUDA's behaviour is
//!    undefined, ours is a clear error).
//!
//! A switch costs tens of nanoseconds; a coroutine's stack ([`stack_bytes`], 256 KiB of address
//! space by default, `KERNELS_RAW_STACK_KIB` to change; more for a kernel whose def says its
//! threads hold large local arrays: four times their bytes and 64 KiB) is touched only as deep
//! as the kernel goes, a few KiB. Coroutines are created on first need and kept: an OS thread keeps at most
//! as many as the largest block it has run (<= 1024).
//!
//! When a block fails (a partial barrier, a panic in the twin) its suspended coroutines are
//! dropped, which unwinds their stacks (corosensei's forced unwinding: this needs
//! `panic = "unwind"`, Rust's default), and the launch stops claiming new blocks.
//!
//! This is a raw-memory module: the thread-local pointers to the running block and to the
//! running coroutine's yielder are dereferenced here, under the invariants written at each use.

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{self, NonNull};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use rayon::prelude::*;

use super::memory::{self, GlobalSlice, GlobalSliceMut};
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::kernel::raw::Dim3;

/// Threads per warp.
pub const WARP_SIZE: u32 = 32;

/// At most this many coroutines exist for one launch (all OS threads together): each stack is
/// two memory mappings, and Linux allows 65530 per process by default.
const MAX_COROUTINES: usize = 16384;

/// Below this many emulated threads in all, a launch runs on the calling thread.
const SERIAL_THREADS: u64 = 4096;

/// The stack size of each coroutine: `KERNELS_RAW_STACK_KIB` KiB, else 256 KiB. Only the pages
/// a kernel touches are ever backed by memory.
pub fn stack_bytes() -> usize {
    static BYTES: OnceLock<usize> = OnceLock::new();
    *BYTES.get_or_init(|| {
        std::env::var("KERNELS_RAW_STACK_KIB")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&k| k >= 16)
            .unwrap_or(256)
            * 1024
    })
}

/// What an access did (the CUDA side encodes the same values in its fault record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    Read = 0,
    Write = 1,
    Atomic = 2,
}

impl Access {
    pub(crate) fn from_code(code: u32) -> &'static str {
        match code {
            0 => "read",
            1 => "write",
            _ => "atomic",
        }
    }
}

/// Which memory an access touched.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Place {
    /// The kernel's parameter of this index.
    Param(u32),
    /// Shared memory, a window at this byte offset.
    Shared(usize),
}

/// The first error of a launch, and how many out-of-bounds accesses followed it.
#[derive(Debug, Default)]
struct ErrorSink {
    first: Mutex<Option<Error>>,
    more: AtomicU64,
    /// Set by a fatal error: workers claim no new block.
    stop: AtomicBool,
}

impl ErrorSink {
    fn record(&self, e: impl FnOnce() -> Error, fatal: bool) {
        if fatal {
            self.stop.store(true, Ordering::Relaxed);
        }
        let mut first = self.first.lock().unwrap_or_else(|p| p.into_inner());
        if first.is_none() {
            *first = Some(e());
        } else {
            self.more.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn finish(self) -> Result<()> {
        let first = self.first.into_inner().unwrap_or_else(|p| p.into_inner());
        match first {
            None => Ok(()),
            Some(mut e) => {
                let more = self.more.into_inner();
                if more > 0 {
                    let note = format!(" ({more} more faults followed)");
                    if let Error::Index { message } | Error::Invalid { message } = &mut e {
                        message.push_str(&note);
                    }
                }
                Err(e)
            }
        }
    }
}

/// What every block of a launch shares: the kernel's names, the launch's shape, its shared
/// memory layout, and the errors recorded so far.
#[derive(Debug)]
pub(crate) struct LaunchInfo {
    kernel: String,
    param_names: &'static [&'static str],
    pub(super) grid: Dim3,
    pub(super) block: Dim3,
    pub(super) static_shared: usize,
    pub(super) dyn_offset: usize,
    pub(super) dyn_len: usize,
    shared_total: usize,
    cooperative: bool,
    /// Bytes of stack each coroutine gets (cooperative mode).
    coroutine_stack: usize,
    /// The threads run compiled CUDA C of the host target, not a Rust twin.
    foreign: bool,
    errors: ErrorSink,
}

impl LaunchInfo {
    /// A launch of `kernel` (its instance name) over `grid` x `block`, with `static_shared`
    /// bytes of static shared memory and `dyn_shared` dynamic bytes placed after them (at the
    /// next multiple of 16). `cooperative`: threads run as coroutines (barriers, warp ops).
    pub(crate) fn new(
        kernel: String,
        param_names: &'static [&'static str],
        grid: Dim3,
        block: Dim3,
        static_shared: usize,
        dyn_shared: usize,
        cooperative: bool,
    ) -> Self {
        let dyn_offset = static_shared.next_multiple_of(16);
        LaunchInfo {
            kernel,
            param_names,
            grid,
            block,
            static_shared,
            dyn_offset,
            dyn_len: dyn_shared,
            shared_total: dyn_offset + dyn_shared,
            cooperative,
            coroutine_stack: stack_bytes(),
            foreign: false,
            errors: ErrorSink::default(),
        }
    }

    /// The kernel's threads hold `bytes` of local arrays: each coroutine's stack gets room for
    /// them (a debug build of the twin may copy an array once or twice more) besides the
    /// usual [`stack_bytes`].
    pub(crate) fn with_local_bytes(mut self, bytes: usize) -> Self {
        let need = bytes.saturating_mul(4).saturating_add(64 << 10);
        self.coroutine_stack = need.max(stack_bytes()).next_multiple_of(4096);
        self
    }

    /// A launch of compiled CUDA C (the host target of the CUDA backend): its threads call
    /// [`foreign_collective`] and keep their shared memory themselves.
    pub(crate) fn foreign(kernel: String, grid: Dim3, block: Dim3, cooperative: bool) -> Self {
        LaunchInfo {
            foreign: true,
            ..Self::new(kernel, &[], grid, block, 0, 0, cooperative)
        }
    }

    /// Records a finding that fails the launch without stopping it (the host target's
    /// checker), naming the kernel and the thread.
    #[cold]
    #[inline(never)]
    pub(crate) fn report(&self, memory: bool, message: &str) {
        self.errors.record(
            || {
                let message = format!(
                    "kernel `{}` on the CUDA host target: {message} ({})",
                    self.kernel,
                    where_now()
                );
                if memory {
                    Error::Index { message }
                } else {
                    Error::Invalid { message }
                }
            },
            false,
        );
    }

    pub(crate) fn param_name(&self, i: u32) -> &str {
        self.param_names.get(i as usize).copied().unwrap_or("?")
    }

    /// Records an out-of-bounds access (not fatal: the launch runs on, as on a GPU).
    #[cold]
    #[inline(never)]
    pub(crate) fn fault(&self, place: Place, index: i128, len: usize, access: Access) {
        self.errors.record(
            || {
                let what = match place {
                    Place::Param(i) => format!("`{}`", self.param_name(i)),
                    Place::Shared(off) => format!("shared memory at byte offset {off}"),
                };
                let verb = match access {
                    Access::Read => "read",
                    Access::Write => "write",
                    Access::Atomic => "atomic",
                };
                Error::Index {
                    message: format!(
                        "raw kernel `{}`: index {index} is out of bounds for {what} of length \
                         {len} ({verb} by {})",
                        self.kernel,
                        where_now()
                    ),
                }
            },
            false,
        );
    }

    /// Records an error that ends the launch.
    #[cold]
    #[inline(never)]
    pub(crate) fn fatal(&self, message: impl FnOnce() -> String) {
        self.errors.record(
            || Error::Invalid {
                message: if self.foreign {
                    format!(
                        "kernel `{}` on the CUDA host target: {}",
                        self.kernel,
                        message().replace("sync_threads()", "__syncthreads()")
                    )
                } else {
                    format!("raw kernel `{}`: {}", self.kernel, message())
                },
            },
            true,
        );
    }
}

/// "thread (x, y, z) of block (x, y, z)" for the calling emulated thread.
fn where_now() -> String {
    let p = BLOCK.with(Cell::get);
    if p.is_null() {
        return "a thread outside the launch's blocks".into();
    }
    // SAFETY: see `with_block`: non-null only while the block context lives.
    let b = unsafe { &*p };
    let (t, k) = (b.thread_idx.get(), b.block_idx.get());
    format!(
        "thread ({}, {}, {}) of block ({}, {}, {})",
        t.x, t.y, t.z, k.x, k.y, k.z
    )
}

/// One argument of an emulated launch: a borrowed byte slice of one dtype (read-only or
/// written), or a scalar.
#[derive(Debug)]
pub(crate) struct ArgSlot<'a> {
    kind: SlotKind,
    dtype: DTypeId,
    _borrow: PhantomData<&'a mut [u8]>,
}

#[derive(Clone, Copy, Debug)]
enum SlotKind {
    /// Read-only for the whole launch: nobody writes these bytes.
    Read {
        ptr: *const u8,
        bytes: usize,
    },
    /// Exclusively borrowed: every thread reads and writes it atomically.
    Write {
        ptr: *mut u8,
        bytes: usize,
    },
    Scalar([u8; 16]),
}

impl<'a> ArgSlot<'a> {
    /// A `&[T]` argument over `bytes`, which nobody writes while the launch borrows them.
    pub(crate) fn read(bytes: &'a [u8], dtype: DTypeId) -> Self {
        ArgSlot {
            kind: SlotKind::Read {
                ptr: bytes.as_ptr(),
                bytes: bytes.len(),
            },
            dtype,
            _borrow: PhantomData,
        }
    }

    /// A `&mut [T]` argument over `bytes`.
    pub(crate) fn write(bytes: &'a mut [u8], dtype: DTypeId) -> Self {
        ArgSlot {
            kind: SlotKind::Write {
                ptr: bytes.as_mut_ptr(),
                bytes: bytes.len(),
            },
            dtype,
            _borrow: PhantomData,
        }
    }

    /// A scalar argument: its bytes (first `dtype.size()` of them).
    pub(crate) fn scalar(bytes: [u8; 16], dtype: DTypeId) -> Self {
        ArgSlot {
            kind: SlotKind::Scalar(bytes),
            dtype,
            _borrow: PhantomData,
        }
    }

    fn describe(&self) -> String {
        match self.kind {
            SlotKind::Read { .. } => format!("&[{}]", self.dtype),
            SlotKind::Write { .. } => format!("&mut [{}]", self.dtype),
            SlotKind::Scalar(_) => self.dtype.to_string(),
        }
    }
}

/// The arguments of a raw kernel as its CPU twin receives them: one `&RawArgs` per emulated
/// thread, from which the twin takes its parameters by index, in the kernel's order.
///
/// The twin generated by `#[raw_kernel]` for `fn k(x: &[f32], y: &mut [f32], n: u32)` starts
/// with `let x = args.slice::<f32>(0); let y = args.slice_mut::<f32>(1); let n =
/// args.scalar::<u32>(2);`. Asking for an argument with another kind or dtype than the launch
/// was given is an error of the launch (and gives an empty slice or `T::default()`); it cannot
/// happen in generated code, whose launch checks the arguments against the same def.
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// static AXPY: RawKernelDef = RawKernelDef {
///     name: "axpy",
///     params: &[ParamKind::scalar(DTypeId::F32), ParamKind::slice(DTypeId::F32),
///               ParamKind::slice_mut(DTypeId::F32)],
///     param_names: &["a", "x", "y"],
///     ..RawKernelDef::DEFAULT
/// };
/// fn axpy(args: &RawArgs<'_>) {
///     let (a, x, y) = (args.scalar::<f32>(0), args.slice::<f32>(1), args.slice_mut::<f32>(2));
///     let i = (raw::block_idx().x * raw::block_dim().x + raw::thread_idx().x) as usize;
///     if i < y.len() {
///         y.set(i, a * x.get(i) + y.get(i));
///     }
/// }
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![1.0f32; 5])?;
/// let mut y = Array::from_vec(&dev, &[5], vec![1.0f32, 2.0, 3.0, 4.0, 5.0])?;
/// let cfg = LaunchConfig::for_elements(5, 4);   // 2 blocks of 4 threads
/// raw::launch(&AXPY, &[], &cfg, &mut [Arg::scalar(2.0f32), Arg::slice(&x), Arg::slice_mut(&mut y)], &axpy)?;
/// assert_eq!(y.to_vec()?, vec![3.0, 4.0, 5.0, 6.0, 7.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct RawArgs<'a> {
    slots: &'a [ArgSlot<'a>],
    launch: &'a LaunchInfo,
}

// SAFETY: the slots' pointers come from borrows held for the launch (`ArgSlot::read`/`write`);
// read-only slots are never written while borrowed and are only read (plain reads, no race),
// written slots are only accessed through the atomic element functions of `memory`, from any
// OS thread. The launch info is `Sync`.
unsafe impl Sync for RawArgs<'_> {}
// SAFETY: as above; nothing in `RawArgs` is tied to the OS thread that made it.
unsafe impl Send for RawArgs<'_> {}

impl std::fmt::Debug for RawArgs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RawArgs")
            .field("kernel", &self.launch.kernel)
            .field(
                "args",
                &self.slots.iter().map(ArgSlot::describe).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl<'a> RawArgs<'a> {
    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the kernel takes no argument.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    #[cold]
    fn mismatch(&self, i: usize, wanted: String) {
        let given = self
            .slots
            .get(i)
            .map_or_else(|| "nothing".to_string(), ArgSlot::describe);
        self.launch.fatal(|| {
            format!(
                "its CPU twin takes argument {i} (`{}`) as {wanted}, but the launch passed {given}",
                self.launch.param_name(i as u32)
            )
        });
    }

    /// Argument `i`, a `&[T]` parameter.
    pub fn slice<T: DType>(&self, i: usize) -> GlobalSlice<'_, T> {
        if let Some(ArgSlot {
            kind: SlotKind::Read { ptr, bytes },
            dtype,
            ..
        }) = self.slots.get(i)
        {
            let size = std::mem::size_of::<T>();
            if *dtype == T::ID
                && bytes % size == 0
                && (*ptr as usize).is_multiple_of(std::mem::align_of::<T>())
            {
                // SAFETY: the slot borrows `bytes` bytes at `ptr` for the launch, aligned for
                // `T` (checked), holding `T`s (its dtype is `T`'s); a read-only slot is never
                // written while the launch borrows it.
                return unsafe {
                    GlobalSlice::new(ptr.cast(), bytes / size, i as u32, self.launch)
                };
            }
        }
        self.mismatch(i, format!("&[{}]", T::ID));
        // SAFETY: an empty slice: no element is ever read through the dangling pointer.
        unsafe { GlobalSlice::new(NonNull::<T>::dangling().as_ptr(), 0, i as u32, self.launch) }
    }

    /// Argument `i`, a `&mut [T]` parameter.
    pub fn slice_mut<T: DType>(&self, i: usize) -> GlobalSliceMut<'_, T> {
        if let Some(ArgSlot {
            kind: SlotKind::Write { ptr, bytes },
            dtype,
            ..
        }) = self.slots.get(i)
        {
            let size = std::mem::size_of::<T>();
            if *dtype == T::ID
                && bytes % size == 0
                && (*ptr as usize).is_multiple_of(std::mem::align_of::<T>())
            {
                // SAFETY: the slot borrows the bytes exclusively for the launch, aligned and
                // holding `T`s (checked); every emulated thread accesses them only through
                // `GlobalSliceMut`, whose accesses are atomic.
                return unsafe {
                    GlobalSliceMut::new(ptr.cast(), bytes / size, i as u32, self.launch)
                };
            }
        }
        self.mismatch(i, format!("&mut [{}]", T::ID));
        // SAFETY: an empty slice: no element is ever accessed.
        unsafe { GlobalSliceMut::new(NonNull::<T>::dangling().as_ptr(), 0, i as u32, self.launch) }
    }

    /// Argument `i`, a scalar parameter.
    pub fn scalar<T: DType>(&self, i: usize) -> T {
        if let Some(ArgSlot {
            kind: SlotKind::Scalar(bytes),
            dtype,
            ..
        }) = self.slots.get(i)
            && *dtype == T::ID
        {
            return memory::from_bytes::<T>(bytes);
        }
        self.mismatch(i, T::ID.to_string());
        T::default()
    }
}

/// One launch's work: the twin and its arguments.
struct Job<'a> {
    cpu: &'a (dyn Fn(&RawArgs<'_>) + Sync),
    args: RawArgs<'a>,
}

/// What a warp collective or a barrier computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) enum Op {
    #[default]
    None,
    Shfl {
        mode: ShflMode,
        arg: u32,
        dtype: DTypeId,
    },
    Vote(VoteKind),
    SyncWarp,
    Barrier(BarrierKind),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ShflMode {
    Idx,
    Up,
    Down,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum VoteKind {
    All,
    Any,
    Ballot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BarrierKind {
    Sync,
    Count,
    And,
    Or,
}

impl Op {
    /// Whether two lanes at these operations take part in one collective.
    fn same_collective(self, other: Op) -> bool {
        match (self, other) {
            (
                Op::Shfl { mode, dtype, .. },
                Op::Shfl {
                    mode: m, dtype: d, ..
                },
            ) => mode == m && dtype == d,
            (a, b) => a == b,
        }
    }

    fn describe(self) -> String {
        match self {
            Op::None => "nothing".into(),
            Op::Shfl { mode, dtype, .. } => {
                let name = match mode {
                    ShflMode::Idx => "shfl",
                    ShflMode::Up => "shfl_up",
                    ShflMode::Down => "shfl_down",
                    ShflMode::Xor => "shfl_xor",
                };
                format!("{name}::<{dtype}>")
            }
            Op::Vote(VoteKind::All) => "vote_all".into(),
            Op::Vote(VoteKind::Any) => "vote_any".into(),
            Op::Vote(VoteKind::Ballot) => "vote_ballot".into(),
            Op::SyncWarp => "sync_warp".into(),
            Op::Barrier(_) => "sync_threads".into(),
        }
    }
}

/// What one emulated thread hands to a collective, and gets back.
#[derive(Debug, Default)]
pub(super) struct LaneSlot {
    op: Cell<Op>,
    value: Cell<[u8; 16]>,
    result: Cell<[u8; 16]>,
}

/// The running block, as the intrinsics see it (through the thread-local `BLOCK`).
#[derive(Debug)]
pub(crate) struct BlockCtx {
    /// The launch; outlives the context (see `worker`).
    launch: *const LaunchInfo,
    block_idx: Cell<Dim3>,
    thread_idx: Cell<Dim3>,
    /// Linear thread index in the block (x fastest).
    tid: Cell<u32>,
    shared: *mut u8,
    shared_len: usize,
    cooperative: bool,
    lanes: Vec<LaneSlot>,
}

impl BlockCtx {
    pub(crate) fn launch(&self) -> &LaunchInfo {
        // SAFETY: `worker` makes the context from a `&LaunchInfo` that outlives it.
        unsafe { &*self.launch }
    }

    /// The block's shared memory: base (aligned to 16) and length in bytes.
    pub(super) fn shared_region(&self) -> (*mut u8, usize) {
        (self.shared, self.shared_len)
    }

    pub(super) fn thread_idx(&self) -> Dim3 {
        self.thread_idx.get()
    }

    pub(super) fn block_idx(&self) -> Dim3 {
        self.block_idx.get()
    }

    pub(super) fn tid(&self) -> u32 {
        self.tid.get()
    }

    /// Hands `op` with `value` to the collective the calling thread takes part in, waits for
    /// it, and returns the thread's result. In loop mode (the def promised no barrier and no
    /// warp op) this is an error of the launch, and the value comes back unchanged.
    pub(super) fn collective(&self, op: Op, value: [u8; 16]) -> [u8; 16] {
        if !self.cooperative {
            let foreign = self.launch().foreign;
            self.launch().fatal(|| {
                if foreign {
                    format!(
                        "it calls {}() but no barrier or warp collective was found in its \
                         module's text, so its threads run as a plain loop",
                        op.describe()
                    )
                } else {
                    format!(
                        "it calls {}() but its RawKernelDef says uses_block_sync: false and \
                         uses_warp_ops: false, so its threads run as a plain loop",
                        op.describe()
                    )
                }
            });
            return value;
        }
        let slot = &self.lanes[self.tid.get() as usize];
        slot.op.set(op);
        slot.value.set(value);
        let event = match op {
            Op::Barrier(_) => Event::Barrier,
            _ => Event::Warp,
        };
        if !suspend(event) {
            // Cooperative blocks run every thread in a coroutine; not reachable.
            return value;
        }
        slot.result.get()
    }
}

/// A barrier or warp collective asked for by compiled CUDA C (the host target's header).
#[derive(Clone, Copy, Debug)]
pub(crate) enum ForeignOp {
    /// A shuffle reading lane `src` (every shuffle form resolves to its source lane), of a
    /// value of `size` bytes.
    Shfl {
        src: u32,
        size: u32,
    },
    VoteAll,
    VoteAny,
    Ballot,
    SyncWarp,
    Sync,
    Count,
    And,
    Or,
}

/// Takes part in a collective from a thread of a foreign launch: suspends the calling fiber
/// until every thread concerned is there, and returns this thread's result (16 bytes).
pub(crate) fn foreign_collective(op: ForeignOp, value: [u8; 16]) -> [u8; 16] {
    let op = match op {
        ForeignOp::Shfl { src, size } => Op::Shfl {
            mode: ShflMode::Idx,
            arg: src,
            dtype: match size {
                1 => DTypeId::U8,
                2 => DTypeId::U16,
                3 | 4 => DTypeId::U32,
                5..=8 => DTypeId::U64,
                _ => DTypeId::C128,
            },
        },
        ForeignOp::VoteAll => Op::Vote(VoteKind::All),
        ForeignOp::VoteAny => Op::Vote(VoteKind::Any),
        ForeignOp::Ballot => Op::Vote(VoteKind::Ballot),
        ForeignOp::SyncWarp => Op::SyncWarp,
        ForeignOp::Sync => Op::Barrier(BarrierKind::Sync),
        ForeignOp::Count => Op::Barrier(BarrierKind::Count),
        ForeignOp::And => Op::Barrier(BarrierKind::And),
        ForeignOp::Or => Op::Barrier(BarrierKind::Or),
    };
    with_block("a CUDA barrier or warp collective", |b| {
        b.collective(op, value)
    })
}

/// Records a finding of the host target's checker in the running launch.
pub(crate) fn foreign_report(memory: bool, message: &str) {
    with_block("a finding of the CUDA host target's checker", |b| {
        b.launch().report(memory, message)
    })
}

thread_local! {
    /// The block this OS thread is running, or null.
    static BLOCK: Cell<*const BlockCtx> = const { Cell::new(ptr::null()) };
    /// The yielder of the coroutine running on this OS thread, or null.
    static YIELDER: Cell<*const Yielder<Cmd, Event>> = const { Cell::new(ptr::null()) };
    /// The coroutines of this OS thread, idle between blocks.
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// Calls `f` with the running block. Panics outside an emulated launch.
#[inline]
pub(crate) fn with_block<R>(what: &str, f: impl FnOnce(&BlockCtx) -> R) -> R {
    let p = BLOCK.with(Cell::get);
    if p.is_null() {
        not_in_launch(what);
    }
    // SAFETY: `BLOCK` is non-null only between `Enter::new` and the drop of its guard, during
    // which the context it points to lives (declared before the guard in `worker`); only this
    // OS thread reads it, and the context is only mutated through `Cell`s.
    f(unsafe { &*p })
}

#[cold]
#[inline(never)]
#[track_caller]
fn not_in_launch(what: &str) -> ! {
    panic!(
        "{what} is only available inside an emulated raw-kernel launch \
         (array_runtime::kernel::raw::launch on the CPU backend)"
    )
}

/// Whether the calling code runs as a thread of an emulated launch.
pub fn in_emulated_launch() -> bool {
    !BLOCK.with(Cell::get).is_null()
}

/// Sets `BLOCK` to a block, and clears `YIELDER`, for the guard's life; restores both after.
/// (A twin that calls rayon may have this OS thread run another task of a launch in the middle
/// of its own: the inner task's guard puts the outer task's pointers back.)
struct Enter {
    block: *const BlockCtx,
    yielder: *const Yielder<Cmd, Event>,
}

impl Enter {
    fn new(ctx: &BlockCtx) -> Enter {
        Enter {
            block: BLOCK.with(|b| b.replace(ctx)),
            yielder: YIELDER.with(|y| y.replace(ptr::null())),
        }
    }
}

impl Drop for Enter {
    fn drop(&mut self) {
        BLOCK.with(|b| b.set(self.block));
        YIELDER.with(|y| y.set(self.yielder));
    }
}

#[derive(Clone, Copy, Debug)]
enum Cmd {
    /// Run the twin of the job at this address (a `Job`) for the current thread.
    Run(*const ()),
    /// Go on after a barrier or collective.
    Continue,
    /// Return: the pool is being dropped.
    Quit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Done,
    Barrier,
    Warp,
}

type Co = Coroutine<Cmd, Event, (), DefaultStack>;

/// The body of every pooled coroutine: run the twin for one thread each time it is told to.
fn coroutine_body(yielder: &Yielder<Cmd, Event>, mut cmd: Cmd) {
    loop {
        match cmd {
            Cmd::Run(job) => {
                YIELDER.with(|y| y.set(yielder));
                // SAFETY: `job` is the address of the `Job` of the block being scheduled,
                // which lives until every coroutine that received it has suspended with
                // `Event::Done` or has been dropped (`run_cooperative`); the reference does
                // not outlive this arm.
                let job = unsafe { &*job.cast::<Job<'_>>() };
                (job.cpu)(&job.args);
            }
            Cmd::Continue => {}
            Cmd::Quit => return,
        }
        cmd = yielder.suspend(Event::Done);
    }
}

/// Suspends the running coroutine with `event`; false when no coroutine is running.
fn suspend(event: Event) -> bool {
    let y = YIELDER.with(Cell::get);
    if y.is_null() {
        return false;
    }
    // SAFETY: `YIELDER` is non-null only while a pooled coroutine runs on this OS thread: the
    // coroutine sets it when it starts a thread and after each suspension (below), and the
    // scheduler clears it whenever a resume returns. It is then that coroutine's own yielder,
    // which lives as long as the coroutine.
    let yielder = unsafe { &*y };
    yielder.suspend(event);
    YIELDER.with(|c| c.set(y));
    true
}

/// The coroutines of one OS thread.
#[derive(Default)]
struct Pool {
    cos: Vec<Option<Co>>,
    stacks: Vec<DefaultStack>,
    /// The stack size of every coroutine and stack held (0: none yet).
    stack: usize,
}

impl Pool {
    /// At least `n` coroutines, each with at least `stack` bytes of stack. Coroutines with
    /// smaller stacks (made for an earlier launch) are let go first.
    fn ensure(&mut self, n: usize, stack: usize) -> Result<()> {
        if stack > self.stack {
            self.release();
            self.stack = stack;
        }
        let stack = self.stack;
        if self.cos.len() < n {
            self.cos.resize_with(n, || None);
        }
        for slot in &mut self.cos[..n] {
            if slot.is_none() {
                let stack = match self.stacks.pop() {
                    Some(s) => s,
                    None => DefaultStack::new(stack).map_err(|e| {
                        Error::invalid(format!(
                            "cannot map a {} KiB stack for an emulated GPU thread: {e}",
                            stack / 1024
                        ))
                    })?,
                };
                *slot = Some(Co::with_stack(stack, coroutine_body));
            }
        }
        Ok(())
    }

    /// Drops coroutine `t` (unwinding it if it is suspended mid-kernel); a fresh one is made
    /// when next needed.
    fn discard(&mut self, t: usize) {
        if let Some(co) = self.cos.get_mut(t).and_then(Option::take) {
            if co.done() {
                self.stacks.push(co.into_stack());
            } else {
                drop(co);
            }
        }
        YIELDER.with(|y| y.set(ptr::null()));
    }
}

impl Pool {
    /// Lets every coroutine and spare stack go (between blocks, when they are all idle).
    fn release(&mut self) {
        for co in self.cos.iter_mut().flatten() {
            if co.started() && !co.done() {
                // Idle coroutines wait at `Event::Done`: let them return.
                let _ = catch_unwind(AssertUnwindSafe(|| co.resume(Cmd::Quit)));
            }
        }
        self.cos.clear();
        self.stacks.clear();
        YIELDER.with(|y| y.set(ptr::null()));
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.release();
    }
}

/// Takes this OS thread's pool for the guard's life.
struct PoolLease(Pool);

impl PoolLease {
    fn take() -> PoolLease {
        PoolLease(POOL.with(|p| std::mem::take(&mut *p.borrow_mut())))
    }
}

impl Drop for PoolLease {
    fn drop(&mut self) {
        let pool = std::mem::take(&mut self.0);
        POOL.with(|p| *p.borrow_mut() = pool);
    }
}

/// A zeroed region of 16-byte words, owned through a raw pointer so that the block's threads
/// can access it through `SharedSlice` while the worker re-zeroes it between blocks.
struct SharedRegion {
    ptr: *mut u128,
    words: usize,
}

impl SharedRegion {
    fn new(bytes: usize) -> Self {
        let words = bytes.div_ceil(16);
        let ptr = Box::into_raw(vec![0u128; words].into_boxed_slice()).cast::<u128>();
        SharedRegion { ptr, words }
    }

    fn zero(&mut self) {
        // SAFETY: `ptr` owns `words` initialised `u128`s (from `new`); no access through a
        // `SharedSlice` is in progress (between blocks, on the only OS thread that uses it).
        unsafe { ptr::write_bytes(self.ptr, 0, self.words) }
    }
}

impl Drop for SharedRegion {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`words` came from `Box::into_raw` of a boxed slice of that length.
        drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(self.ptr, self.words)) });
    }
}

/// Runs a launch on the CPU: every block of `info.grid`, `cpu` once per thread.
pub(crate) fn run(
    info: LaunchInfo,
    slots: &[ArgSlot<'_>],
    cpu: &(dyn Fn(&RawArgs<'_>) + Sync),
) -> Result<()> {
    if in_emulated_launch() {
        return Err(Error::invalid(format!(
            "raw kernel `{}` launched from inside an emulated kernel (no dynamic parallelism)",
            info.kernel
        )));
    }
    let blocks = info.grid.count();
    let threads = info.block.count();
    if blocks == 0 || threads == 0 {
        return Ok(());
    }
    {
        let job = Job {
            cpu,
            args: RawArgs {
                slots,
                launch: &info,
            },
        };
        let next = AtomicU64::new(0);
        let mut tasks = rayon::current_num_threads() as u64;
        tasks = tasks.min(blocks);
        if info.cooperative {
            tasks = tasks.min((MAX_COROUTINES as u64 / threads).max(1));
        }
        if blocks.saturating_mul(threads) < SERIAL_THREADS {
            tasks = 1;
        }
        if tasks <= 1 {
            worker(&job, &next);
        } else {
            (0..tasks).into_par_iter().for_each(|_| worker(&job, &next));
        }
    }
    info.errors.finish()
}

/// Block `b` of a grid in CUDA's order (x fastest).
fn block_of(b: u64, grid: Dim3) -> Dim3 {
    let (gx, gy) = (grid.x as u64, grid.y as u64);
    Dim3 {
        x: (b % gx) as u32,
        y: ((b / gx) % gy) as u32,
        z: (b / (gx * gy)) as u32,
    }
}

/// One task: claims blocks until none is left (or the launch failed) and runs them.
fn worker(job: &Job<'_>, next: &AtomicU64) {
    let info = job.args.launch;
    let blocks = info.grid.count();
    let n = info.block.count() as usize;
    let mut shared = SharedRegion::new(info.shared_total);
    let ctx = BlockCtx {
        launch: info,
        block_idx: Cell::new(Dim3::default()),
        thread_idx: Cell::new(Dim3::default()),
        tid: Cell::new(0),
        shared: shared.ptr.cast(),
        shared_len: info.shared_total,
        cooperative: info.cooperative,
        lanes: if info.cooperative {
            (0..n).map(|_| LaneSlot::default()).collect()
        } else {
            Vec::new()
        },
    };
    let _enter = Enter::new(&ctx);
    let mut lease = info.cooperative.then(PoolLease::take);
    let index: Vec<Dim3> = if info.cooperative {
        let d = info.block;
        (0..n as u32)
            .map(|t| Dim3 {
                x: t % d.x,
                y: (t / d.x) % d.y,
                z: t / (d.x * d.y),
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut states = vec![State::Fresh; if info.cooperative { n } else { 0 }];
    let mut first = true;
    while !info.errors.stop.load(Ordering::Relaxed) {
        let b = next.fetch_add(1, Ordering::Relaxed);
        if b >= blocks {
            break;
        }
        ctx.block_idx.set(block_of(b, info.grid));
        if !first {
            shared.zero();
        }
        first = false;
        let result = match lease.as_mut() {
            Some(lease) => run_cooperative(&ctx, &mut lease.0, job, &index, &mut states),
            None => run_loop(&ctx, job),
        };
        if let Err(message) = result {
            info.fatal(|| message);
            break;
        }
    }
}

/// The message of a panic in the twin.
fn panic_message(ctx: &BlockCtx, payload: Box<dyn std::any::Any + Send>) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without message".into());
    let (t, b) = (ctx.thread_idx.get(), ctx.block_idx.get());
    let who = if ctx.launch().foreign {
        "the kernel stopped"
    } else {
        "its CPU twin panicked"
    };
    format!(
        "{who} in thread ({}, {}, {}) of block ({}, {}, {}): {what}",
        t.x, t.y, t.z, b.x, b.y, b.z
    )
}

/// Loop mode: every thread of the block in order, on this stack.
fn run_loop(ctx: &BlockCtx, job: &Job<'_>) -> std::result::Result<(), String> {
    let d = ctx.launch().block;
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut tid = 0u32;
        for z in 0..d.z {
            for y in 0..d.y {
                for x in 0..d.x {
                    ctx.thread_idx.set(Dim3 { x, y, z });
                    ctx.tid.set(tid);
                    tid += 1;
                    (job.cpu)(&job.args);
                }
            }
        }
    }));
    r.map_err(|p| panic_message(ctx, p))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not started in this block (its coroutine is idle).
    Fresh,
    /// Released from a barrier or collective, to be resumed.
    Ready,
    /// Waiting at `sync_threads`.
    Barrier,
    /// Waiting at a warp collective.
    Warp,
    /// Finished this block (its coroutine is idle again).
    Done,
    /// Its coroutine panicked.
    Dead,
}

/// Cooperative mode: the block's threads as coroutines.
fn run_cooperative(
    ctx: &BlockCtx,
    pool: &mut Pool,
    job: &Job<'_>,
    index: &[Dim3],
    states: &mut [State],
) -> std::result::Result<(), String> {
    pool.ensure(states.len(), job.args.launch.coroutine_stack)
        .map_err(|e| e.to_string())?;
    states.fill(State::Fresh);
    let job_ptr = (job as *const Job<'_>).cast::<()>();
    // Our own code must not unwind past suspended coroutines that point at this job: a panic
    // of the scheduler is turned into an error and cleaned up as one.
    let result = catch_unwind(AssertUnwindSafe(|| {
        schedule(ctx, pool, job_ptr, index, states)
    }))
    .unwrap_or_else(|p| Err(panic_message(ctx, p)));
    if result.is_err() {
        // Threads stopped inside the kernel: unwind them and make fresh coroutines later.
        for (t, s) in states.iter().enumerate() {
            if !matches!(s, State::Fresh | State::Done) {
                pool.discard(t);
            }
        }
    }
    result
}

fn schedule(
    ctx: &BlockCtx,
    pool: &mut Pool,
    job: *const (),
    index: &[Dim3],
    states: &mut [State],
) -> std::result::Result<(), String> {
    let n = states.len();
    let warp = WARP_SIZE as usize;
    loop {
        for w in 0..n.div_ceil(warp) {
            let lanes = w * warp..(w * warp + warp).min(n);
            loop {
                for t in lanes.clone() {
                    let cmd = match states[t] {
                        State::Fresh => Cmd::Run(job),
                        State::Ready => Cmd::Continue,
                        _ => continue,
                    };
                    ctx.tid.set(t as u32);
                    ctx.thread_idx.set(index[t]);
                    let co = pool.cos[t]
                        .as_mut()
                        .expect("pool holds the block's coroutines");
                    let r = catch_unwind(AssertUnwindSafe(|| co.resume(cmd)));
                    // Whatever the coroutine left there, outside it there is no yielder.
                    YIELDER.with(|y| y.set(ptr::null()));
                    states[t] = match r {
                        Ok(CoroutineResult::Yield(Event::Done)) => State::Done,
                        Ok(CoroutineResult::Yield(Event::Barrier)) => State::Barrier,
                        Ok(CoroutineResult::Yield(Event::Warp)) => State::Warp,
                        Ok(CoroutineResult::Return(())) => State::Dead,
                        Err(p) => {
                            states[t] = State::Dead;
                            return Err(panic_message(ctx, p));
                        }
                    };
                }
                if !lanes.clone().any(|t| states[t] == State::Warp) {
                    break;
                }
                resolve_warp(ctx, lanes.clone(), states)?;
            }
        }
        let waiting = states.iter().filter(|&&s| s == State::Barrier).count();
        if waiting == 0 {
            return Ok(());
        }
        if waiting < n {
            let first_done = states.iter().position(|&s| s == State::Done).unwrap_or(0);
            let t = index[first_done];
            let b = ctx.block_idx.get();
            return Err(format!(
                "sync_threads() in block ({}, {}, {}) was reached by {waiting} of its {n} \
                 threads; the others returned first (thread ({}, {}, {}) among them). Every \
                 thread of a block must reach each barrier",
                b.x, b.y, b.z, t.x, t.y, t.z
            ));
        }
        resolve_barrier(ctx, states);
    }
}

/// Computes a warp collective over the lanes waiting at one; errors when lanes of the warp
/// wait at different operations.
fn resolve_warp(
    ctx: &BlockCtx,
    lanes: std::ops::Range<usize>,
    states: &mut [State],
) -> std::result::Result<(), String> {
    let base = lanes.start;
    let slot = |t: usize| &ctx.lanes[t];
    let waiting: Vec<usize> = lanes
        .clone()
        .filter(|&t| states[t] == State::Warp)
        .collect();
    let op0 = slot(waiting[0]).op.get();
    let conflict = lanes.clone().find(|&t| {
        states[t] == State::Barrier
            || (states[t] == State::Warp && !op0.same_collective(slot(t).op.get()))
    });
    if let Some(t) = conflict {
        let other = if states[t] == State::Barrier {
            "sync_threads".to_string()
        } else {
            slot(t).op.get().describe()
        };
        let b = ctx.block_idx.get();
        return Err(format!(
            "in block ({}, {}, {}), warp {} deadlocks: lane {} waits at {}() while lane {} \
             waits at {}(). The lanes of a warp must reach the same warp operations",
            b.x,
            b.y,
            b.z,
            base / WARP_SIZE as usize,
            waiting[0] - base,
            op0.describe(),
            t - base,
            other
        ));
    }
    let active = |l: usize| base + l < lanes.end && states[base + l] == State::Warp;
    match op0 {
        Op::Shfl { .. } => {
            for &t in &waiting {
                let Op::Shfl { mode, arg, .. } = slot(t).op.get() else {
                    unreachable!("checked to be the same collective")
                };
                let l = t - base;
                let a = arg as usize;
                let src = match mode {
                    ShflMode::Idx => Some(a % WARP_SIZE as usize),
                    ShflMode::Up => l.checked_sub(a),
                    ShflMode::Down => Some(l + a).filter(|&s| s < WARP_SIZE as usize),
                    ShflMode::Xor => Some(l ^ a).filter(|&s| s < WARP_SIZE as usize),
                };
                let value = match src {
                    Some(s) if active(s) => slot(base + s).value.get(),
                    // An inactive or missing source lane: the caller's own value.
                    _ => slot(t).value.get(),
                };
                slot(t).result.set(value);
            }
        }
        Op::Vote(kind) => {
            let (mut ballot, mut mask) = (0u32, 0u32);
            for &t in &waiting {
                mask |= 1 << (t - base);
                if slot(t).value.get()[0] != 0 {
                    ballot |= 1 << (t - base);
                }
            }
            let mut out = [0u8; 16];
            match kind {
                VoteKind::All => out[0] = (ballot == mask) as u8,
                VoteKind::Any => out[0] = (ballot != 0) as u8,
                VoteKind::Ballot => out[..4].copy_from_slice(&ballot.to_le_bytes()),
            }
            for &t in &waiting {
                slot(t).result.set(out);
            }
        }
        Op::SyncWarp | Op::None | Op::Barrier(_) => {}
    }
    for &t in &waiting {
        states[t] = State::Ready;
    }
    Ok(())
}

/// Releases a barrier that every thread of the block reached.
fn resolve_barrier(ctx: &BlockCtx, states: &mut [State]) {
    let count = (0..states.len())
        .filter(|&t| ctx.lanes[t].value.get()[0] != 0)
        .count() as u32;
    let n = states.len() as u32;
    for (t, s) in states.iter_mut().enumerate() {
        let slot = &ctx.lanes[t];
        let mut out = [0u8; 16];
        match slot.op.get() {
            Op::Barrier(BarrierKind::Count) => out[..4].copy_from_slice(&count.to_le_bytes()),
            Op::Barrier(BarrierKind::And) => out[0] = (count == n) as u8,
            Op::Barrier(BarrierKind::Or) => out[0] = (count > 0) as u8,
            _ => {}
        }
        slot.result.set(out);
        *s = State::Ready;
    }
}
