//! What the host target says it is: the limits of a real GPU, so that the runtime's grid
//! sizes, occupancy-based splits, shared-memory checks and opt-ins are the ones that GPU gets.

use crate::kernel::raw::{DeviceLimits, Dim3};

/// A GPU's description, as the driver would report it.
///
/// ```
/// use array_runtime::cuda::host::HostSpec;
/// let h200 = HostSpec::h200();
/// assert_eq!((h200.arch, h200.sm_count), ((9, 0), 132));
/// assert_eq!(h200.limits().max_shared_per_block, 227 * 1024);
/// // 256 threads a block: 8 blocks per SM (2048 threads), as the occupancy calculator says.
/// assert_eq!(h200.occupancy(256, 0, 0, 0), 8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostSpec {
    /// The GPU's name.
    pub name: String,
    /// Compute capability.
    pub arch: (i32, i32),
    /// Streaming multiprocessors.
    pub sm_count: u32,
    /// Threads per block.
    pub max_threads_per_block: u32,
    /// Extents of a block.
    pub max_block: Dim3,
    /// Extents of a grid.
    pub max_grid: Dim3,
    /// Shared memory a block gets without opting in.
    pub shared_per_block: u32,
    /// Shared memory a block can opt in to (`MAX_DYNAMIC_SHARED_SIZE_BYTES`).
    pub shared_per_block_optin: u32,
    /// Shared memory of one SM.
    pub shared_per_sm: u32,
    /// Shared memory the driver reserves per resident block.
    pub reserved_shared_per_block: u32,
    /// Resident threads per SM.
    pub max_threads_per_sm: u32,
    /// Resident blocks per SM.
    pub max_blocks_per_sm: u32,
    /// 32-bit registers per SM.
    pub registers_per_sm: u32,
    /// Threads per warp.
    pub warp_size: u32,
}

impl HostSpec {
    /// An NVIDIA H200 (SXM): sm_90, 132 SMs, 48 KiB of shared memory per block (227 KiB
    /// opted in), 228 KiB per SM, 2048 threads and 32 blocks per SM.
    pub fn h200() -> HostSpec {
        HostSpec {
            name: "NVIDIA H200".into(),
            arch: (9, 0),
            sm_count: 132,
            max_threads_per_block: 1024,
            max_block: Dim3::new(1024, 1024, 64),
            max_grid: Dim3::new(i32::MAX as u32, 65535, 65535),
            shared_per_block: 48 * 1024,
            shared_per_block_optin: 227 * 1024,
            shared_per_sm: 228 * 1024,
            reserved_shared_per_block: 1024,
            max_threads_per_sm: 2048,
            max_blocks_per_sm: 32,
            registers_per_sm: 65536,
            warp_size: 32,
        }
    }

    /// The launch limits the runtime checks configs against.
    pub fn limits(&self) -> DeviceLimits {
        DeviceLimits {
            max_threads_per_block: self.max_threads_per_block,
            max_block: self.max_block,
            max_grid: self.max_grid,
            max_shared_per_block: self.shared_per_block_optin.max(self.shared_per_block),
            max_static_shared: self.shared_per_block,
            warp_size: self.warp_size,
        }
    }

    /// Blocks of `block` threads resident on one SM, with `dynamic` + `static_shared` bytes of
    /// shared memory each and `registers` registers per thread (0: not limiting; the host
    /// target cannot know a kernel's register use, which a GPU's compiler decides), as CUDA's
    /// occupancy calculator counts them. At least 1.
    pub fn occupancy(
        &self,
        block: u32,
        dynamic: usize,
        static_shared: usize,
        registers: u32,
    ) -> u32 {
        let block = block.max(1);
        let warps = block.div_ceil(self.warp_size);
        let by_threads = self.max_threads_per_sm / (warps * self.warp_size);
        let shared = dynamic + static_shared;
        let by_shared = if shared == 0 {
            u32::MAX
        } else {
            (self.shared_per_sm as usize / (shared + self.reserved_shared_per_block as usize))
                as u32
        };
        let by_registers = if registers == 0 {
            u32::MAX
        } else {
            self.registers_per_sm / (registers * warps * self.warp_size)
        };
        by_threads
            .min(by_shared)
            .min(by_registers)
            .min(self.max_blocks_per_sm)
            .max(1)
    }
}
