//! The contract between `#[raw_kernel]` and the runtime: raw kernels, CuPy's `RawKernel` in
//! Rust.
//!
//! A raw kernel is a function with slice parameters (`&[T]`, `&mut [T]`) and scalars, run once
//! per CUDA thread of a launch ([`LaunchConfig`]: grid, block, dynamic shared memory). It uses
//! thread/block indices, shared memory, barriers, atomics and warp collectives. On a GPU it is
//! CUDA C compiled by NVRTC; on the CPU backend the grid is emulated block by block
//! ([`cpu::raw`](crate::cpu::raw)) and a Rust *CPU twin* of the kernel runs once per emulated
//! thread.
//!
//! # What the macro generates
//!
//! For
//!
//! ```text
//! #[raw_kernel]
//! fn scale(x: &[f32], y: &mut [f32], a: f32) {
//!     let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
//!     if i < y.len() { y[i] = a * x[i]; }
//! }
//! ```
//!
//! a module `scale` holding:
//!
//! - `DEF: RawKernelDef`: the name, the CUDA C module text (`cuda_source`, below), one
//!   [`ParamKind`] and one name per parameter, the bytes of static shared memory, and whether
//!   the body calls `sync_threads*` (`uses_block_sync`) or a warp collective (`uses_warp_ops`).
//!   Write it with `..RawKernelDef::DEFAULT` so that fields added later keep their defaults.
//! - the CPU twin, `fn cpu_thread(args: &RawArgs<'_>)`: it takes each parameter from
//!   [`RawArgs`] by index (`args.slice::<f32>(0)`, `args.slice_mut::<f32>(1)`,
//!   `args.scalar::<f32>(2)`), then runs the body with `x[i]` spelled `x.get(i)`, `y[i] = v`
//!   spelled `y.set(i, v)`, `x.len()` as is, and the intrinsics re-exported here
//!   ([`thread_idx`], [`sync_threads`], [`shfl_down`], [`shared`], [`atomic_add`], ...). A
//!   generic kernel's twin is generic (`cpu_thread::<T>`);
//! - the typed launcher, which calls [`launch`]:
//!
//! ```
//! # use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
//! # use array_runtime::{Array, DTypeId, Device, Result};
//! # static DEF: RawKernelDef = RawKernelDef {
//! #     name: "scale",
//! #     params: &[ParamKind::slice(DTypeId::F32), ParamKind::slice_mut(DTypeId::F32),
//! #               ParamKind::scalar(DTypeId::F32)],
//! #     param_names: &["x", "y", "a"],
//! #     ..RawKernelDef::DEFAULT
//! # };
//! # fn cpu_thread(args: &RawArgs<'_>) {
//! #     let (x, y, a) = (args.slice::<f32>(0), args.slice_mut::<f32>(1), args.scalar::<f32>(2));
//! #     let i = (raw::block_idx().x * raw::block_dim().x + raw::thread_idx().x) as usize;
//! #     if i < y.len() { y.set(i, a * x.get(i)); }
//! # }
//! pub fn scale(cfg: &LaunchConfig, x: &Array<f32>, y: &mut Array<f32>, a: f32) -> Result<()> {
//!     raw::launch(&DEF, &[], cfg,
//!                 &mut [Arg::slice(x), Arg::slice_mut(y), Arg::scalar(a)], &cpu_thread)
//! }
//! # let dev = Device::cpu();
//! # let x = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
//! # let mut y = Array::<f32>::zeros(&dev, &[3])?;
//! # scale(&LaunchConfig::for_elements(3, 2), &x, &mut y, 2.0)?;
//! # assert_eq!(y.to_vec()?, vec![2.0, 4.0, 6.0]);
//! # Ok::<(), array_runtime::Error>(())
//! ```
//!
//! [`launch`] checks the arguments against the def (count, kind, dtype, one device,
//! C-contiguous arrays), the config against the device's [`DeviceLimits`], then runs the CUDA
//! kernel on a GPU or the twin on the CPU.
//!
//! # The CUDA C of a raw kernel
//!
//! `cuda_source` is the module body: any `__device__` helpers, then the kernel
//!
//! ```text
//! extern "C" __global__ void kxr_<name>(<parameters>, unsigned int* kx_err)
//! ```
//!
//! named by [`RawKernelDef::entry_name`], with the parameters in the Rust order:
//!
//! | Rust        | CUDA parameters                                              |
//! |-------------|--------------------------------------------------------------|
//! | `&[T]`      | `const T* <p>, unsigned long long <p>_len` (length in elements) |
//! | `&mut [T]`  | `T* <p>, unsigned long long <p>_len`                          |
//! | `T` scalar  | `T <p>` (by value, [`DTypeId::cuda_name`])                   |
//!
//! and last `unsigned int* kx_err`, a fault record of [`FAULT_RECORD_WORDS`] words that the
//! runtime zeroes and reads back. The runtime prepends (see [`cuda_module_source`]) the fp16/bf16
//! headers when a dtype needs them, the `kx::` prelude of translated code, [`RAW_PRELUDE`]
//! (`kxr::load`, `kxr::store`, `kxr::at`: bounds-checked accesses that record the first fault)
//! and one `typedef` per type parameter.
//!
//! Slice accesses translate to `kxr::load(x, x_len, i, <param index>u, kx_err)` for `x[i]`,
//! `kxr::store(y, y_len, i, v, <param index>u, kx_err)` for `y[i] = v`, and for atomics
//! `T* p = kxr::at(y, y_len, i, <param index>u, kx_err); old = p ? atomicAdd(p, v) : T();`.
//! Shared arrays may use the same helpers with the index `0x80000000u | k` for the `k`-th
//! shared array. The intrinsics map to CUDA as follows (full masks: exited lanes and the
//! missing lanes of a partial warp are allowed by CUDA and inactive on the CPU):
//!
//! | Rust (CPU twin)                     | CUDA C                                          |
//! |-------------------------------------|-------------------------------------------------|
//! | `thread_idx()`, `block_idx()`, `block_dim()`, `grid_dim()` | `threadIdx`, `blockIdx`, `blockDim`, `gridDim` |
//! | `lane_id()`                         | linear thread index `& 31`                       |
//! | `sync_threads()`                    | `__syncthreads()`                               |
//! | `sync_threads_count/and/or(p)`      | `__syncthreads_count/and/or(p)`                 |
//! | `sync_warp()`                       | `__syncwarp()`                                  |
//! | `shfl(v, s)`, `shfl_up/down(v, d)`, `shfl_xor(v, m)` | `__shfl{,_up,_down,_xor}_sync(0xffffffffu, v, s)` |
//! | `vote_all/any(p)`, `vote_ballot(p)` | `__all_sync`, `__any_sync`, `__ballot_sync(0xffffffffu, p)` |
//! | `shared::<T>(off, n)`               | a `__shared__ T name[n]` array (the macro lays them out; `off` is its byte offset) |
//! | `dyn_shared::<T>()`                 | `extern __shared__ __align__(16) unsigned char kx_dyn_smem[];` cast to `T*` |
//! | `atomic_add(&s, i, v)` ... `atomic_cas` | `atomicAdd` ... `atomicCAS` on `kxr::at(...)`  |
//! | `thread_fence()`                    | `__threadfence()`                               |
//!
//! After a launch, a fault recorded on the GPU surfaces as [`Error::Index`] at the next
//! [`synchronize`] of the device (or at a later raw launch once 1024 are pending); on the CPU,
//! [`launch`] itself returns it.
//!
//! # Semantics the two backends share
//!
//! - Out-of-bounds slice accesses read `T::default()`, write nothing, and fail the launch with
//!   [`Error::Index`] naming the kernel, the slice, the index and the length.
//! - A `sync_threads()` reached by only part of a block (the others returned) fails the launch
//!   on the CPU (CUDA: undefined behaviour).
//! - Warp collectives run over the active lanes (those not returned); a shuffle from an inactive
//!   lane returns the caller's own value (CUDA: undefined).
//! - Shared memory is zeroed for every block on the CPU (CUDA: uninitialised).
//!
//! # Hand-written CUDA
//!
//! [`RawModule`](crate::cuda::raw::RawModule) compiles a CUDA C string and launches its
//! `extern "C"` kernels with the same [`Arg`]s (slices as bare pointers); it needs a GPU.

use std::fmt;
use std::sync::Arc;

use crate::array::{Array, Storage};
use crate::cpu::raw::{ArgSlot, LaunchInfo};
use crate::cuda::{CudaDevice, DeviceMem};
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::kernel::elementwise::{IntoOutput, OutputData};
use crate::raw;

pub use crate::cpu::raw::{
    atomic_add, atomic_and, atomic_cas, atomic_exch, atomic_max, atomic_min, atomic_or, atomic_sub,
    atomic_xor, block_dim, block_idx, dyn_shared, grid_dim, in_emulated_launch, lane_id, shared,
    shfl, shfl_down, shfl_up, shfl_xor, sync_threads, sync_threads_and, sync_threads_count,
    sync_threads_or, sync_warp, thread_fence, thread_fence_block, thread_idx, vote_all, vote_any,
    vote_ballot, AtomicAdd, AtomicBits, AtomicInt, AtomicTarget, GlobalSlice, GlobalSliceMut,
    KernelIndex, RawArgs, SharedSlice, WARP_SIZE,
};

/// Three extents or indices, as CUDA's `dim3` / `uint3`.
///
/// ```
/// use array_runtime::kernel::raw::Dim3;
/// assert_eq!(Dim3::from(8), Dim3::new(8, 1, 1));
/// assert_eq!(Dim3::from((4, 2)).count(), 8);
/// assert_eq!(Dim3::new(2, 3, 4).to_string(), "(2, 3, 4)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dim3 {
    /// Fastest-varying extent or index.
    pub x: u32,
    /// Second.
    pub y: u32,
    /// Slowest.
    pub z: u32,
}

impl Dim3 {
    /// `(x, y, z)`.
    pub const fn new(x: u32, y: u32, z: u32) -> Self {
        Dim3 { x, y, z }
    }

    /// `x * y * z`.
    pub const fn count(&self) -> u64 {
        self.x as u64 * self.y as u64 * self.z as u64
    }
}

impl From<u32> for Dim3 {
    fn from(x: u32) -> Self {
        Dim3::new(x, 1, 1)
    }
}

impl From<(u32, u32)> for Dim3 {
    fn from((x, y): (u32, u32)) -> Self {
        Dim3::new(x, y, 1)
    }
}

impl From<(u32, u32, u32)> for Dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Self {
        Dim3::new(x, y, z)
    }
}

impl fmt::Display for Dim3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.z)
    }
}

/// The shape of a launch: blocks in the grid, threads in a block, dynamic shared memory per
/// block (CUDA's `<<<grid, block, shared_mem_bytes>>>`).
///
/// ```
/// use array_runtime::kernel::raw::{DeviceLimits, Dim3, LaunchConfig};
/// let cfg = LaunchConfig::new((16, 16), (32, 8)).with_shared_mem(4096);
/// assert_eq!(cfg.block.count(), 256);
/// assert!(cfg.validate("transpose", 32 * 33 * 4, &DeviceLimits::CPU).is_ok());
/// let cfg = LaunchConfig::for_elements(1000, 256);
/// assert_eq!(cfg.grid, Dim3::new(4, 1, 1));
/// let err = LaunchConfig::new(1, 2048).validate("k", 0, &DeviceLimits::CPU).unwrap_err();
/// assert!(err.to_string().contains("2048 threads"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LaunchConfig {
    /// Blocks in the grid (`gridDim`).
    pub grid: Dim3,
    /// Threads in a block (`blockDim`).
    pub block: Dim3,
    /// Bytes of dynamic shared memory per block ([`dyn_shared`]).
    pub shared_mem_bytes: u32,
}

impl LaunchConfig {
    /// A grid of `grid` blocks of `block` threads, without dynamic shared memory.
    pub fn new(grid: impl Into<Dim3>, block: impl Into<Dim3>) -> Self {
        LaunchConfig {
            grid: grid.into(),
            block: block.into(),
            shared_mem_bytes: 0,
        }
    }

    /// The same launch with `bytes` of dynamic shared memory per block.
    pub fn with_shared_mem(mut self, bytes: u32) -> Self {
        self.shared_mem_bytes = bytes;
        self
    }

    /// One-dimensional blocks of `block` threads, enough of them to give `n` threads (at
    /// least one block; the kernel checks `i < n`).
    pub fn for_elements(n: usize, block: u32) -> Self {
        let block = block.max(1);
        let blocks = n.div_ceil(block as usize).max(1);
        LaunchConfig::new(u32::try_from(blocks).unwrap_or(u32::MAX), block)
    }

    /// Checks the launch against `limits` for `kernel` (its name, for the messages), whose
    /// static shared memory takes `static_shared` bytes. Each error names the limit, the value
    /// and the kernel.
    pub fn validate(
        &self,
        kernel: &str,
        static_shared: usize,
        limits: &DeviceLimits,
    ) -> Result<()> {
        let fail =
            |message: String| Err(Error::invalid(format!("raw kernel `{kernel}`: {message}")));
        let dims = [
            ("block", self.block, limits.max_block),
            ("grid", self.grid, limits.max_grid),
        ];
        for (what, d, _) in dims {
            if d.x == 0 || d.y == 0 || d.z == 0 {
                return fail(format!(
                    "{what} {d} has an extent of 0; every extent of a launch must be at least 1"
                ));
            }
        }
        let threads = self.block.count();
        if threads > limits.max_threads_per_block as u64 {
            return fail(format!(
                "a block of {} = {threads} threads is over the limit of {} threads per block",
                self.block, limits.max_threads_per_block
            ));
        }
        for (what, d, max) in dims {
            for (axis, v, m) in [("x", d.x, max.x), ("y", d.y, max.y), ("z", d.z, max.z)] {
                if v > m {
                    return fail(format!(
                        "{what} {d} has {axis} = {v}, over the limit of {m} ({what} extents at \
                         most {max})"
                    ));
                }
            }
        }
        if static_shared > limits.max_static_shared as usize {
            return fail(format!(
                "{static_shared} bytes of static shared memory are over the limit of {} bytes \
                 for __shared__ arrays (use dynamic shared memory beyond it)",
                limits.max_static_shared
            ));
        }
        let total = static_shared.next_multiple_of(16) + self.shared_mem_bytes as usize;
        if total > limits.max_shared_per_block as usize {
            return fail(format!(
                "{total} bytes of shared memory per block (static {static_shared} + dynamic {}) \
                 are over the limit of {} bytes per block",
                self.shared_mem_bytes, limits.max_shared_per_block
            ));
        }
        Ok(())
    }
}

/// What a device allows a launch: CUDA's limits, read from the driver for a GPU.
///
/// The CPU backend takes CUDA's limits for every compute capability since 3.0 (1024 threads a
/// block, blocks up to (1024, 1024, 64), grids up to (2^31 - 1, 65535, 65535), 48 KiB of static
/// shared memory), and, for shared memory per block, the opt-in maximum of compute capability
/// 9.0 (227 KiB): what runs on the newest GPUs runs on the CPU, and a kernel that asks for more
/// than an older GPU has is told so there, by the same check with that GPU's limits.
///
/// ```
/// use array_runtime::kernel::raw::DeviceLimits;
/// use array_runtime::Device;
/// let cpu = DeviceLimits::of(&Device::cpu())?;
/// assert_eq!(cpu.max_threads_per_block, 1024);
/// assert_eq!(cpu.max_shared_per_block, 227 * 1024);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeviceLimits {
    /// Threads per block.
    pub max_threads_per_block: u32,
    /// Extents of a block.
    pub max_block: Dim3,
    /// Extents of a grid.
    pub max_grid: Dim3,
    /// Shared memory per block, static and dynamic together (CUDA's opt-in maximum).
    pub max_shared_per_block: u32,
    /// Static shared memory of a kernel (`__shared__` arrays).
    pub max_static_shared: u32,
    /// Threads per warp.
    pub warp_size: u32,
}

impl DeviceLimits {
    /// The limits of the CPU backend.
    pub const CPU: DeviceLimits = DeviceLimits {
        max_threads_per_block: 1024,
        max_block: Dim3::new(1024, 1024, 64),
        max_grid: Dim3::new(i32::MAX as u32, 65535, 65535),
        max_shared_per_block: 227 * 1024,
        max_static_shared: 48 * 1024,
        warp_size: WARP_SIZE,
    };

    /// The limits of `device` (read once per GPU from its driver).
    pub fn of(device: &Device) -> Result<DeviceLimits> {
        match device {
            Device::Cpu => Ok(DeviceLimits::CPU),
            Device::Cuda(d) => crate::cuda::raw::device_limits(d),
        }
    }
}

/// The element type of a parameter: a dtype, or the `i`-th type parameter of a generic
/// kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// A concrete dtype.
    Concrete(DTypeId),
    /// The type parameter of this index in [`RawKernelDef::type_params`].
    Generic(usize),
}

impl ElemType {
    /// The dtype, given the launch's type arguments.
    pub fn resolve(self, type_args: &[DTypeId]) -> Option<DTypeId> {
        match self {
            ElemType::Concrete(d) => Some(d),
            ElemType::Generic(i) => type_args.get(i).copied(),
        }
    }
}

/// How a parameter reaches the kernel.
///
/// ```
/// use array_runtime::kernel::raw::{ElemType, ParamKind};
/// use array_runtime::DTypeId;
/// assert_eq!(ParamKind::slice(DTypeId::F32), ParamKind::Slice(ElemType::Concrete(DTypeId::F32)));
/// assert_eq!(ParamKind::generic_scalar(0).elem().resolve(&[DTypeId::I64]), Some(DTypeId::I64));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// `&[T]`: read-only global memory.
    Slice(ElemType),
    /// `&mut [T]`: global memory read and written.
    SliceMut(ElemType),
    /// `T`, by value.
    Scalar(ElemType),
}

impl ParamKind {
    /// `&[d]`.
    pub const fn slice(d: DTypeId) -> Self {
        ParamKind::Slice(ElemType::Concrete(d))
    }

    /// `&mut [d]`.
    pub const fn slice_mut(d: DTypeId) -> Self {
        ParamKind::SliceMut(ElemType::Concrete(d))
    }

    /// A scalar of dtype `d`.
    pub const fn scalar(d: DTypeId) -> Self {
        ParamKind::Scalar(ElemType::Concrete(d))
    }

    /// `&[T]` for the `i`-th type parameter.
    pub const fn generic_slice(i: usize) -> Self {
        ParamKind::Slice(ElemType::Generic(i))
    }

    /// `&mut [T]` for the `i`-th type parameter.
    pub const fn generic_slice_mut(i: usize) -> Self {
        ParamKind::SliceMut(ElemType::Generic(i))
    }

    /// A scalar of the `i`-th type parameter.
    pub const fn generic_scalar(i: usize) -> Self {
        ParamKind::Scalar(ElemType::Generic(i))
    }

    /// The element type.
    pub const fn elem(self) -> ElemType {
        match self {
            ParamKind::Slice(e) | ParamKind::SliceMut(e) | ParamKind::Scalar(e) => e,
        }
    }

    fn describe(self, d: DTypeId) -> String {
        match self {
            ParamKind::Slice(_) => format!("&[{d}]"),
            ParamKind::SliceMut(_) => format!("&mut [{d}]"),
            ParamKind::Scalar(_) => d.to_string(),
        }
    }
}

/// Static description of a raw kernel (written by `#[raw_kernel]`).
///
/// The strings are `'static`: on a GPU the compiled kernel is cached by their addresses.
///
/// ```
/// use array_runtime::kernel::raw::{ParamKind, RawKernelDef};
/// use array_runtime::DTypeId;
/// static DEF: RawKernelDef = RawKernelDef {
///     name: "fill",
///     params: &[ParamKind::generic_slice_mut(0), ParamKind::generic_scalar(0)],
///     param_names: &["out", "value"],
///     type_params: &["T"],
///     ..RawKernelDef::DEFAULT
/// };
/// assert_eq!(DEF.entry_name(), "kxr_fill");
/// assert_eq!(DEF.instance_name(&[DTypeId::F32]), "fill__f32");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RawKernelDef {
    /// The Rust function's name.
    pub name: &'static str,
    /// CUDA C: device helpers and the `extern "C" __global__` kernel [`RawKernelDef::entry_name`]
    /// with the parameters of the module docs. Empty for a kernel that only runs on the CPU.
    pub cuda_source: &'static str,
    /// One per parameter, in order.
    pub params: &'static [ParamKind],
    /// The parameters' names, in order (for messages).
    pub param_names: &'static [&'static str],
    /// The C names of the generic type parameters, which the module declares with `typedef`
    /// (`["t_T"]` for the macros' `T`: user names live in a namespace of their own in the
    /// generated C), empty for a concrete kernel.
    pub type_params: &'static [&'static str],
    /// Bytes of static shared memory (every `shared()` window lies below this).
    pub static_shared_bytes: u32,
    /// Whether the kernel calls `sync_threads` (or `sync_threads_count/and/or`).
    pub uses_block_sync: bool,
    /// Whether the kernel calls a warp collective (shuffles, votes, `sync_warp`).
    pub uses_warp_ops: bool,
    /// Bytes of local arrays one thread holds (with the deepest chain of the device functions
    /// it calls; at most [`crate::kernel::device::MAX_LOCAL_BYTES`], as the macro checks): the
    /// CPU emulator gives its threads' coroutines stacks large enough for them.
    pub local_bytes: usize,
}

impl RawKernelDef {
    /// Every field empty, zero or false: the base of `..RawKernelDef::DEFAULT`.
    pub const DEFAULT: RawKernelDef = RawKernelDef {
        name: "",
        cuda_source: "",
        params: &[],
        param_names: &[],
        type_params: &[],
        static_shared_bytes: 0,
        uses_block_sync: false,
        uses_warp_ops: false,
        local_bytes: 0,
    };

    /// The CUDA entry point's name: `kxr_<name>`.
    pub fn entry_name(&self) -> String {
        format!("kxr_{}", crate::cuda::codegen::c_ident(self.name))
    }

    /// The name of an instantiation: the kernel's name, then its type arguments (`fill__f32`).
    pub fn instance_name(&self, type_args: &[DTypeId]) -> String {
        let mut s = self.name.to_string();
        if !type_args.is_empty() {
            s.push('_');
            for t in type_args {
                s.push('_');
                s.push_str(t.name());
            }
        }
        s
    }
}

/// The words of the fault record that the CUDA side of a raw kernel writes (`kx_err`):
///
/// | word    | content                                                  |
/// |---------|----------------------------------------------------------|
/// | 0       | number of faults (`atomicAdd`)                          |
/// | 1       | the first fault's parameter index (`0x80000000` plus `k` for shared array `k`) |
/// | 2, 3    | its index, as a 64-bit two's complement value (low word first) |
/// | 4, 5    | the slice's length (low word first)                     |
/// | 6       | the access: 0 read, 1 write, 2 atomic                    |
/// | 7..=9   | `blockIdx` x, y, z                                       |
/// | 10..=12 | `threadIdx` x, y, z                                      |
/// | 13..=15 | reserved                                                 |
pub const FAULT_RECORD_WORDS: usize = 16;

/// The CUDA helpers of raw kernels, prepended to every module by [`cuda_module_source`].
pub const RAW_PRELUDE: &str = r#"
// kxr: helpers of raw kernels (array-runtime/src/kernel/raw.rs).
namespace kxr {
template <class T> struct id { typedef T type; };

// Records a fault in the launch's record (FAULT_RECORD_WORDS words): the count, and the
// details of the first one.
__device__ __noinline__ void fault(unsigned int* err, unsigned int param, long long index,
                                   unsigned long long len, unsigned int access) {
    if (atomicAdd(err, 1u) == 0u) {
        unsigned long long i = (unsigned long long)index;
        err[1] = param;
        err[2] = (unsigned int)i;
        err[3] = (unsigned int)(i >> 32);
        err[4] = (unsigned int)len;
        err[5] = (unsigned int)(len >> 32);
        err[6] = access;
        err[7] = blockIdx.x; err[8] = blockIdx.y; err[9] = blockIdx.z;
        err[10] = threadIdx.x; err[11] = threadIdx.y; err[12] = threadIdx.z;
    }
}

__device__ __forceinline__ bool in_bounds(int i, unsigned long long n) { return i >= 0 && (unsigned long long)i < n; }
__device__ __forceinline__ bool in_bounds(long i, unsigned long long n) { return i >= 0 && (unsigned long long)i < n; }
__device__ __forceinline__ bool in_bounds(long long i, unsigned long long n) { return i >= 0 && (unsigned long long)i < n; }
__device__ __forceinline__ bool in_bounds(unsigned int i, unsigned long long n) { return i < n; }
__device__ __forceinline__ bool in_bounds(unsigned long i, unsigned long long n) { return i < n; }
__device__ __forceinline__ bool in_bounds(unsigned long long i, unsigned long long n) { return i < n; }

// x[i]: T() and a fault when out of bounds.
template <class T, class I>
__device__ __forceinline__ T load(const T* p, unsigned long long n, I i, unsigned int param,
                                  unsigned int* err) {
    if (in_bounds(i, n)) return p[i];
    fault(err, param, (long long)i, n, 0u);
    return T();
}

// x[i] = v: nothing but a fault when out of bounds.
template <class T, class I>
__device__ __forceinline__ void store(T* p, unsigned long long n, I i, typename id<T>::type v,
                                      unsigned int param, unsigned int* err) {
    if (in_bounds(i, n)) p[i] = v;
    else fault(err, param, (long long)i, n, 1u);
}

// &x[i] for an atomic: nullptr and a fault when out of bounds.
template <class T, class I>
__device__ __forceinline__ T* at(T* p, unsigned long long n, I i, unsigned int param,
                                 unsigned int* err) {
    if (in_bounds(i, n)) return p + i;
    fault(err, param, (long long)i, n, 2u);
    return nullptr;
}
// The launch's bytes of dynamic shared memory (`%dynamic_smem_size`; the CUDA host target,
// which has no PTX, answers from its launch).
__device__ __forceinline__ unsigned int dyn_smem_bytes() {
#ifdef __CUDA_ARCH__
    unsigned int n;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(n));
    return n;
#else
    return kxh_dynamic_smem_size();
#endif
}
}  // namespace kxr
"#;

/// The CUDA C module compiled for an instantiation of `def`: fp16/bf16 headers when a dtype
/// needs them, the `kx::` prelude, [`RAW_PRELUDE`], a `typedef` per type parameter, then
/// `def.cuda_source`. Pure text: no GPU needed.
///
/// ```
/// use array_runtime::kernel::raw::{cuda_module_source, ParamKind, RawKernelDef};
/// use array_runtime::DTypeId;
/// static DEF: RawKernelDef = RawKernelDef {
///     name: "fill",
///     cuda_source: "extern \"C\" __global__ void kxr_fill(T* out, unsigned long long out_len, \
///                   T value, unsigned int* kx_err) {}",
///     params: &[ParamKind::generic_slice_mut(0), ParamKind::generic_scalar(0)],
///     param_names: &["out", "value"],
///     type_params: &["T"],
///     ..RawKernelDef::DEFAULT
/// };
/// let src = cuda_module_source(&DEF, &[DTypeId::F64]);
/// assert!(src.contains("typedef double T;"));
/// assert!(src.contains("namespace kxr"));
/// ```
pub fn cuda_module_source(def: &RawKernelDef, type_args: &[DTypeId]) -> String {
    use std::fmt::Write as _;
    let prelude = crate::cuda::codegen::PRELUDE;
    let mut out =
        String::with_capacity(prelude.len() + RAW_PRELUDE.len() + def.cuda_source.len() + 256);
    let _ = writeln!(
        out,
        "// Raw kernel module of `{}`, generated by array-runtime.",
        def.instance_name(type_args)
    );
    let half = type_args.iter().any(|d| d.needs_half_headers())
        || def
            .params
            .iter()
            .filter_map(|p| p.elem().resolve(type_args))
            .any(|d| d.needs_half_headers());
    if half {
        out.push_str("#define KX_HALF 1\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n");
    }
    out.push_str(prelude);
    if !prelude.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(RAW_PRELUDE);
    for (name, ty) in def.type_params.iter().zip(type_args) {
        let _ = writeln!(out, "typedef {} {name};", ty.cuda_name());
    }
    out.push('\n');
    out.push_str(def.cuda_source);
    if !def.cuda_source.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// One argument of a raw launch: an array as a slice (`&[T]`), an array as a mutable slice
/// (`&mut [T]`), or a scalar.
///
/// Slices need C-contiguous arrays (a view with an offset is fine); anything else is reported
/// by the launch, naming the kernel and the parameter.
///
/// ```
/// use array_runtime::kernel::raw::Arg;
/// use array_runtime::{Array, Device};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// let mut y = Array::<f32>::zeros(&dev, &[4])?;
/// let args = [Arg::slice(&x), Arg::slice_mut(&mut y), Arg::scalar(3u32)];
/// assert_eq!(format!("{:?}", args[2]), "Arg::scalar(u32)");
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct Arg<'a> {
    pub(crate) dtype: DTypeId,
    pub(crate) data: ArgData<'a>,
}

pub(crate) enum ArgData<'a> {
    Scalar([u8; 16]),
    HostRead(&'a [u8]),
    HostWrite(&'a mut [u8]),
    CudaRead {
        bytes: &'a DeviceMem,
        /// Byte offset of the first element.
        offset: usize,
        /// Elements.
        len: usize,
        device: Arc<CudaDevice>,
    },
    CudaWrite {
        bytes: &'a mut DeviceMem,
        offset: usize,
        len: usize,
        device: Arc<CudaDevice>,
    },
    /// An argument that cannot be passed; the message is reported by the launch.
    Invalid {
        message: String,
    },
}

impl fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.dtype;
        match &self.data {
            ArgData::Scalar(_) => write!(f, "Arg::scalar({d})"),
            ArgData::HostRead(b) => write!(f, "Arg::slice(&[{d}; {}] on cpu)", b.len() / d.size()),
            ArgData::HostWrite(b) => {
                write!(
                    f,
                    "Arg::slice_mut(&mut [{d}; {}] on cpu)",
                    b.len() / d.size()
                )
            }
            ArgData::CudaRead { len, device, .. } => {
                write!(f, "Arg::slice(&[{d}; {len}] on {})", device.label())
            }
            ArgData::CudaWrite { len, device, .. } => {
                write!(f, "Arg::slice_mut(&mut [{d}; {len}] on {})", device.label())
            }
            ArgData::Invalid { message, .. } => write!(f, "Arg::invalid({d}: {message})"),
        }
    }
}

fn not_contiguous(shape: &[usize], strides: &[isize]) -> String {
    format!(
        "an array of shape {shape:?} with strides {strides:?} is not C-contiguous; raw kernels \
         take contiguous arrays (make one with `.copy()`)"
    )
}

impl<'a> Arg<'a> {
    /// `array` as a `&[T]` parameter (C-contiguous).
    pub fn slice<T: DType>(array: &'a Array<T>) -> Self {
        let l = &array.layout;
        if !l.is_c_contiguous() {
            return Arg {
                dtype: T::ID,
                data: ArgData::Invalid {
                    message: not_contiguous(&l.shape, &l.strides),
                },
            };
        }
        let (len, size) = (array.len(), T::ID.size());
        let offset = if len == 0 { 0 } else { l.offset * size };
        let data = match &array.storage {
            Storage::Host(v) => {
                let bytes = raw::as_bytes(v);
                ArgData::HostRead(&bytes[offset..offset + len * size])
            }
            Storage::Cuda(b, d) => ArgData::CudaRead {
                bytes: b.bytes(),
                offset,
                len,
                device: d.clone(),
            },
        };
        Arg { dtype: T::ID, data }
    }

    /// An array (`&mut Array<T>`) or mutable view as a `&mut [T]` parameter (C-contiguous).
    /// The storage is made unique to the array first (copy-on-write), so no other array sees
    /// the kernel's writes.
    pub fn slice_mut<T: DType>(array: impl IntoOutput<'a, T>) -> Self {
        let invalid = |message: String| Arg {
            dtype: T::ID,
            data: ArgData::Invalid { message },
        };
        let view = match array.into_output() {
            Ok(v) => v,
            Err(e) => return invalid(e.to_string()),
        };
        let l = view.layout();
        if !l.is_c_contiguous() {
            return invalid(not_contiguous(&l.shape, &l.strides));
        }
        let (len, size) = (l.size(), T::ID.size());
        let offset = if len == 0 { 0 } else { l.offset * size };
        let data = match view.erase().data {
            OutputData::Host(bytes) => ArgData::HostWrite(&mut bytes[offset..offset + len * size]),
            OutputData::Cuda { bytes, device } => ArgData::CudaWrite {
                bytes,
                offset,
                len,
                device,
            },
        };
        Arg { dtype: T::ID, data }
    }

    /// A scalar parameter.
    pub fn scalar<T: DType>(value: T) -> Arg<'static> {
        let mut bytes = [0u8; 16];
        let b = raw::value_bytes(&value);
        bytes[..b.len()].copy_from_slice(b);
        Arg {
            dtype: T::ID,
            data: ArgData::Scalar(bytes),
        }
    }

    /// The dtype of the argument.
    pub fn dtype(&self) -> DTypeId {
        self.dtype
    }

    /// The device of an array argument; `None` for a scalar.
    pub fn device(&self) -> Option<Device> {
        match &self.data {
            ArgData::HostRead(_) | ArgData::HostWrite(_) => Some(Device::Cpu),
            ArgData::CudaRead { device, .. } | ArgData::CudaWrite { device, .. } => {
                Some(Device::Cuda(device.clone()))
            }
            ArgData::Scalar(_) | ArgData::Invalid { .. } => None,
        }
    }

    /// The emulator's view of this argument for parameter kind `p` (checked by the launch).
    fn cpu_slot(&mut self, p: ParamKind) -> Result<ArgSlot<'_>> {
        let d = self.dtype;
        match (&mut self.data, p) {
            (ArgData::Scalar(b), _) => Ok(ArgSlot::scalar(*b, d)),
            (ArgData::HostRead(b), _) => Ok(ArgSlot::read(b, d)),
            // A `&[T]` parameter given a mutable array is read-only for the launch.
            (ArgData::HostWrite(b), ParamKind::Slice(_)) => Ok(ArgSlot::read(b, d)),
            (ArgData::HostWrite(b), _) => Ok(ArgSlot::write(b, d)),
            _ => Err(Error::invalid("a CUDA array given to a launch on the CPU")),
        }
    }
}

/// Checks one argument against its parameter.
fn check_arg(kernel: &str, name: &str, p: ParamKind, want: DTypeId, a: &Arg<'_>) -> Result<()> {
    let wrong = |given: &str| {
        Err(Error::invalid(format!(
            "raw kernel `{kernel}`: parameter `{name}` is {} but the launch passed {given}",
            p.describe(want)
        )))
    };
    let given_slice = |mutable: bool| {
        if mutable {
            format!("&mut [{}]", a.dtype)
        } else {
            format!("&[{}]", a.dtype)
        }
    };
    match (&a.data, p) {
        (ArgData::Invalid { message, .. }, _) => Err(Error::invalid(format!(
            "raw kernel `{kernel}`: argument `{name}`: {message}"
        ))),
        (ArgData::Scalar(_), ParamKind::Scalar(_))
        | (ArgData::HostRead(_) | ArgData::CudaRead { .. }, ParamKind::Slice(_))
        | (
            ArgData::HostWrite(_) | ArgData::CudaWrite { .. },
            ParamKind::Slice(_) | ParamKind::SliceMut(_),
        ) => {
            if a.dtype == want {
                Ok(())
            } else {
                wrong(&match a.data {
                    ArgData::Scalar(_) => a.dtype.to_string(),
                    ArgData::HostWrite(_) | ArgData::CudaWrite { .. } => given_slice(true),
                    _ => given_slice(false),
                })
            }
        }
        (ArgData::Scalar(_), _) => wrong(&format!("a scalar {}", a.dtype)),
        (ArgData::HostRead(_) | ArgData::CudaRead { .. }, ParamKind::SliceMut(_)) => wrong(
            &format!("{} (pass `Arg::slice_mut(&mut array)`)", given_slice(false)),
        ),
        (_, ParamKind::Scalar(_)) => wrong(&given_slice(matches!(
            a.data,
            ArgData::HostWrite(_) | ArgData::CudaWrite { .. }
        ))),
    }
}

/// Launches a raw kernel: on the GPU of its array arguments, or emulated on the CPU.
///
/// `type_args` gives the dtype of each of `def.type_params`; `args` one argument per
/// parameter; `cpu` is the kernel's CPU twin, run once per emulated thread on the CPU backend.
/// Checks, in order: the number of type arguments and arguments, each argument's kind and
/// dtype (and contiguity), that every array lives on one device, the config against that
/// device's [`DeviceLimits`]. Then:
///
/// - CPU: runs the grid ([`cpu::raw`](crate::cpu::raw)) and returns the first error of the
///   launch (an out-of-bounds access as [`Error::Index`], a barrier reached by part of a
///   block, a panic in the twin) once every block has run or the launch was stopped;
/// - CUDA: compiles `def.cuda_source` at first use (cached in memory and on disk), queues the
///   kernel on the device's stream and returns; faults surface at [`synchronize`].
///
/// ```
/// use array_runtime::kernel::raw::{self, Arg, LaunchConfig, ParamKind, RawArgs, RawKernelDef};
/// use array_runtime::{Array, DTypeId, Device};
///
/// static FILL: RawKernelDef = RawKernelDef {
///     name: "fill",
///     params: &[ParamKind::generic_slice_mut(0), ParamKind::generic_scalar(0)],
///     param_names: &["out", "value"],
///     type_params: &["T"],
///     ..RawKernelDef::DEFAULT
/// };
/// fn fill<T: array_runtime::DType>(args: &RawArgs<'_>) {
///     let (out, value) = (args.slice_mut::<T>(0), args.scalar::<T>(1));
///     let i = raw::block_idx().x * raw::block_dim().x + raw::thread_idx().x;
///     if (i as usize) < out.len() {
///         out.set(i, value);
///     }
/// }
/// let mut a = Array::<i16>::zeros(&Device::cpu(), &[5])?;
/// raw::launch(&FILL, &[DTypeId::I16], &LaunchConfig::for_elements(5, 4),
///             &mut [Arg::slice_mut(&mut a), Arg::scalar(7i16)], &fill::<i16>)?;
/// assert_eq!(a.to_vec()?, vec![7; 5]);
///
/// // A wrong dtype is caught before anything runs.
/// let err = raw::launch(&FILL, &[DTypeId::I16], &LaunchConfig::new(1, 1),
///                       &mut [Arg::slice_mut(&mut a), Arg::scalar(7i32)], &fill::<i16>);
/// assert!(err.unwrap_err().to_string().contains("parameter `value` is i16"));
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn launch(
    def: &RawKernelDef,
    type_args: &[DTypeId],
    cfg: &LaunchConfig,
    args: &mut [Arg<'_>],
    cpu: &(dyn Fn(&RawArgs<'_>) + Sync),
) -> Result<()> {
    let name = def.instance_name(type_args);
    if type_args.len() != def.type_params.len() {
        return Err(Error::invalid(format!(
            "raw kernel `{}`: {} type arguments given, {} expected",
            def.name,
            type_args.len(),
            def.type_params.len()
        )));
    }
    if args.len() != def.params.len() {
        return Err(Error::invalid(format!(
            "raw kernel `{name}`: {} arguments given, {} expected",
            args.len(),
            def.params.len()
        )));
    }
    let mut device: Option<Device> = None;
    for (i, (&p, a)) in def.params.iter().zip(args.iter()).enumerate() {
        let pname = def.param_names.get(i).copied().unwrap_or("?");
        let want = p.elem().resolve(type_args).ok_or_else(|| {
            Error::invalid(format!(
                "raw kernel `{name}`: parameter `{pname}` names type parameter {:?}, which \
                 does not exist",
                p.elem()
            ))
        })?;
        check_arg(&name, pname, p, want, a)?;
        if let Some(d) = a.device() {
            match &device {
                None => device = Some(d),
                Some(d0) if !d0.same(&d) => {
                    return Err(Error::DeviceMismatch {
                        op: format!("raw kernel `{name}`"),
                        devices: args
                            .iter()
                            .filter_map(Arg::device)
                            .map(|d| d.to_string())
                            .collect(),
                    })
                }
                Some(_) => {}
            }
        }
    }
    let device = device.ok_or_else(|| {
        Error::invalid(format!(
            "raw kernel `{name}`: no array argument tells which device to run on"
        ))
    })?;
    if cfg.grid.count() > 0 && cfg.block.count() > 0 {
        crate::kernel::count_launch();
    }
    match &device {
        Device::Cpu => {
            cfg.validate(&name, def.static_shared_bytes as usize, &DeviceLimits::CPU)?;
            let slots = args
                .iter_mut()
                .zip(def.params)
                .map(|(a, &p)| a.cpu_slot(p))
                .collect::<Result<Vec<_>>>()?;
            let info = LaunchInfo::new(
                name,
                def.param_names,
                cfg.grid,
                cfg.block,
                def.static_shared_bytes as usize,
                cfg.shared_mem_bytes as usize,
                def.uses_block_sync || def.uses_warp_ops,
            )
            .with_local_bytes(def.local_bytes);
            crate::cpu::raw::run(info, &slots, cpu)
        }
        Device::Cuda(dev) => crate::cuda::raw::launch_def(dev, def, type_args, &name, cfg, args),
    }
}

/// Waits for the work queued on `device` and reports the first fault recorded by a raw
/// kernel since the last call (an out-of-bounds access, as [`Error::Index`] naming the kernel,
/// the slice, the index and the length). On the CPU, launches report their faults themselves:
/// nothing to do.
///
/// ```
/// use array_runtime::Device;
/// array_runtime::kernel::raw::synchronize(&Device::cpu())?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn synchronize(device: &Device) -> Result<()> {
    match device {
        Device::Cpu => Ok(()),
        Device::Cuda(d) => {
            d.synchronize()?;
            crate::cuda::raw::check_faults(d)
        }
    }
}
