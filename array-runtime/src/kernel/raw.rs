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

use crate::cpu::raw::{ArgSlot, LaunchInfo};
use crate::device::Device;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};

pub use crate::cpu::raw::{
    atomic_add, atomic_and, atomic_cas, atomic_exch, atomic_max, atomic_min, atomic_or, atomic_sub,
    atomic_xor, block_dim, block_idx, dyn_shared, grid_dim, in_emulated_launch, lane_id, shared,
    shfl, shfl_down, shfl_up, shfl_xor, sync_threads, sync_threads_and, sync_threads_count,
    sync_threads_or, sync_warp, thread_fence, thread_fence_block, thread_idx, vote_all, vote_any,
    vote_ballot, AtomicAdd, AtomicBits, AtomicInt, AtomicTarget, GlobalSlice, GlobalSliceMut,
    KernelIndex, RawArgs, SharedSlice, WARP_SIZE,
};

pub use crate::cuda::raw_source::{cuda_module_source, RAW_PRELUDE};
pub use crate::kernel::def::raw::{
    DeviceLimits, Dim3, ElemType, LaunchConfig, ParamKind, RawKernelDef, FAULT_RECORD_WORDS,
};
pub use crate::kernel::operand::raw_arg::Arg;
pub(crate) use crate::kernel::operand::raw_arg::ArgData;

// The CPU backend emulates warps of the width the limits state.
const _: () = assert!(DeviceLimits::CPU.warp_size == WARP_SIZE);

impl DeviceLimits {
    /// The limits of `device` (read once per GPU from its driver).
    pub fn of(device: &Device) -> Result<DeviceLimits> {
        match device {
            Device::Cpu => Ok(DeviceLimits::CPU),
            Device::Cuda(d) => crate::cuda::raw::device_limits(d),
        }
    }
}

impl Arg<'_> {
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
