//! Elementwise loops compiled for the best instruction set the CPU has.
//!
//! A build targets baseline x86-64 (SSE2: 128-bit vectors, no `blendv`, no float rounding
//! instructions). [`run_chunk_loop`] compiles a kernel's chunk loop a second time with AVX2
//! enabled (256-bit vectors) and picks that copy at run time when the CPU supports it, as
//! `fold.rs` does for reductions. The loop must be `#[inline(always)]` so that its body is
//! compiled inside each copy rather than called from it. AVX2 here enables no FMA, and Rust
//! never contracts `a * b + c`, so both copies compute the same bits.

use super::elementwise::Chunk;

/// A kernel's loop over one chunk, written once and compiled by [`run_chunk_loop`] for each
/// instruction set (what `#[elementwise]` generates for its `cpu_chunk`).
///
/// ```
/// use array_runtime::kernel::elementwise::{
///     run_chunk_loop, Chunk, ChunkLoop, ElementwiseDef, Instance, Plan,
/// };
/// use array_runtime::{Array, DType, Device, IntoOperand};
///
/// /// `y = 2x` over one chunk.
/// struct Double;
/// impl ChunkLoop for Double {
///     #[inline(always)]
///     fn run(chunk: &mut Chunk<'_>) {
///         let x = chunk.input::<f32>(0);
///         let y = chunk.output::<f32>(0);
///         for (y, &x) in y.iter_mut().zip(x) {
///             *y = 2.0 * x;
///         }
///     }
/// }
///
/// static DEF: ElementwiseDef = ElementwiseDef {
///     name: "double",
///     device_source: "__device__ float kxf_double(float x) { return 2.0f * x; }",
///     param_names: &["x"],
///     type_params: &[],
/// };
/// let x = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, 3.0])?;
/// let operand = IntoOperand::<f32>::into_operand(&x);
/// let inputs = [operand.erase()];
/// let inst = Instance { def: &DEF, type_args: &[], params: &[f32::ID], results: &[f32::ID] };
/// let plan = Plan::new(&inst, &inputs)?;
/// let mut y = plan.alloc::<f32>()?;
/// plan.run(&mut [y.view_mut()?.erase()], &|c: &mut Chunk<'_>| run_chunk_loop::<Double>(c))?;
/// assert_eq!(y.to_vec()?, vec![2.0, 4.0, 6.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait ChunkLoop {
    /// The loop over `chunk`'s slices; mark it `#[inline(always)]`, else each copy calls one
    /// baseline function.
    fn run(chunk: &mut Chunk<'_>);
}

/// Runs `L`'s loop over `chunk`, compiled for AVX2 when this CPU has it (detected at run time,
/// once per process), for baseline x86-64 otherwise, and as written on other architectures.
///
/// See [`ChunkLoop`] for an example.
#[inline]
pub fn run_chunk_loop<L: ChunkLoop>(chunk: &mut Chunk<'_>) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (detected at run time just above), the only
            // requirement of a `#[target_feature(enable = "avx2")]` function.
            return unsafe { run_avx2::<L>(chunk) };
        }
    }
    L::run(chunk)
}

/// `L::run` compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2<L: ChunkLoop>(chunk: &mut Chunk<'_>) {
    L::run(chunk)
}
