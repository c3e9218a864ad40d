//! What a raw kernel is: its description ([`RawKernelDef`], one [`ParamKind`] per parameter)
//! and the shape of a launch ([`LaunchConfig`], [`Dim3`]) checked against a device's
//! [`DeviceLimits`]. The calling convention is in [`kernel::raw`](crate::kernel::raw), which
//! re-exports everything here.

use std::fmt;

use crate::dtype::DTypeId;
use crate::error::{Error, Result};

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
    /// Bytes of dynamic shared memory per block ([`dyn_shared`](crate::kernel::raw::dyn_shared)).
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
        warp_size: 32,
    };
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

    pub(crate) fn describe(self, d: DTypeId) -> String {
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
