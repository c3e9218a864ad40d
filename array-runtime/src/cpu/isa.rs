//! Elementwise loops compiled for the best instruction set the CPU has.
//!
//! A build targets baseline x86-64 (SSE2: 128-bit vectors, no `blendv`, no float rounding
//! instructions). [`run_chunk_loop`] compiles a kernel's chunk loop a second time with AVX2
//! enabled (256-bit vectors) and picks that copy at run time when the CPU supports it, as
//! `fold.rs` does for reductions. [`run_compute_loop`], for compute-bound loops (kernels that
//! call the runtime's math functions or `#[device_fn]`s), compiles a third copy with AVX-512
//! (512-bit vectors: sixteen `f32` or eight `f64` lanes) and picks it when the CPU has
//! AVX-512 F, DQ, VL and BW. The loop must be `#[inline(always)]` so that its body is compiled
//! inside each copy rather than called from it.
//!
//! Every copy computes the same bits: Rust never contracts `a * b + c` (the AVX-512 copy has
//! FMA, which `avx512f` implies, but only `mul_add` uses it, and `mul_add` is fused on every
//! copy), and the other float operations (`+ - * /`, `sqrt`, comparisons, selects, `floor`
//! and friends, conversions) are exactly rounded by every instruction set (the tests below
//! compare the copies bit for bit).

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
        if Isa::Avx2.available() {
            // SAFETY: the CPU supports AVX2 (detected at run time just above), the only
            // requirement of a `#[target_feature(enable = "avx2")]` function.
            return unsafe { run_avx2::<L>(chunk) };
        }
    }
    L::run(chunk)
}

/// Runs `L`'s loop over `chunk`, compiled for AVX-512 when this CPU has it, else as
/// [`run_chunk_loop`] does: for compute-bound loops, where sixteen `f32` or eight `f64` lanes
/// pay (what `#[elementwise]` generates for a kernel that calls the runtime's math functions
/// or a `#[device_fn]`). Memory-bound loops gain nothing from it and would only add a copy of
/// their code.
///
/// ```
/// use array_runtime::kernel::elementwise::{run_compute_loop, Chunk, ChunkLoop};
/// use array_runtime::math::KernelMath;
///
/// /// `y = tanh(x)` over one chunk.
/// struct Tanh;
/// impl ChunkLoop for Tanh {
///     #[inline(always)]
///     fn run(chunk: &mut Chunk<'_>) {
///         let x = chunk.input::<f32>(0);
///         let y = chunk.output::<f32>(0);
///         for (y, &x) in y.iter_mut().zip(x) {
///             *y = KernelMath::tanh(x);
///         }
///     }
/// }
/// let chunk_fn = |c: &mut Chunk<'_>| run_compute_loop::<Tanh>(c);
/// # let _ = chunk_fn;
/// ```
#[inline]
pub fn run_compute_loop<L: ChunkLoop>(chunk: &mut Chunk<'_>) {
    #[cfg(target_arch = "x86_64")]
    {
        if Isa::Avx512.available() {
            // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW (detected at run time just
            // above), the requirement of `run_avx512`'s `#[target_feature]`s.
            return unsafe { run_avx512::<L>(chunk) };
        }
    }
    run_chunk_loop::<L>(chunk)
}

/// Runs `f`, compiled for AVX-512 when this CPU has it, else for AVX2 when it has that, else as
/// built: compute-bound code that is not an elementwise chunk loop (a batch of small matrix
/// products). Only what is inlined into `f` gets the wider vectors, so `f` should be an
/// `#[inline(always)]` closure that calls `#[inline(always)]` functions (else each copy calls
/// one baseline function); a parallel loop belongs outside it, with one `run_compute` per
/// task. Every copy computes the same bits (see the module's docs).
///
/// ```
/// use array_runtime::kernel::elementwise::run_compute;
///
/// #[inline(always)]
/// fn scale(x: &mut [f64], a: f64) {
///     for v in x.iter_mut() {
///         *v *= a;
///     }
/// }
/// let mut x = vec![1.0, 2.0, 3.0];
/// run_compute(
///     #[inline(always)]
///     || scale(&mut x, 2.0),
/// );
/// assert_eq!(x, [2.0, 4.0, 6.0]);
/// ```
#[inline]
pub fn run_compute<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        if Isa::Avx512.available() {
            // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW (detected at run time just
            // above), the requirement of `compute_avx512`'s `#[target_feature]`s.
            return unsafe { compute_avx512(f) };
        }
        if Isa::Avx2.available() {
            // SAFETY: the CPU supports AVX2 (detected just above).
            return unsafe { compute_avx2(f) };
        }
    }
    f()
}

/// Runs `f` compiled for `isa` and returns its result, or `None` (without calling `f`) when
/// this CPU lacks `isa`: how tests compare the copies of [`run_compute`] bit for bit.
///
/// ```
/// use array_runtime::kernel::elementwise::{run_compute_on, Isa};
/// assert_eq!(run_compute_on(Isa::Baseline, || 0.1f64 + 0.2), Some(0.1 + 0.2));
/// ```
pub fn run_compute_on<R>(isa: Isa, f: impl FnOnce() -> R) -> Option<R> {
    if !isa.available() {
        return None;
    }
    match isa {
        Isa::Baseline => Some(f()),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the CPU supports AVX2 (checked by `available` above).
        Isa::Avx2 => Some(unsafe { compute_avx2(f) }),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW (checked by `available` above).
        Isa::Avx512 => Some(unsafe { compute_avx512(f) }),
        #[cfg(not(target_arch = "x86_64"))]
        Isa::Avx2 | Isa::Avx512 => None,
    }
}

/// The instruction sets [`run_chunk_loop`] and [`run_compute_loop`] compile a loop for
/// (x86-64; elsewhere every loop runs as written and only `Baseline` is available).
///
/// ```
/// use array_runtime::kernel::elementwise::Isa;
/// assert!(Isa::Baseline.available());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// The build's target: SSE2 on x86-64.
    Baseline,
    /// AVX2 (256-bit vectors).
    Avx2,
    /// AVX-512 F, DQ, VL and BW (512-bit vectors).
    Avx512,
}

impl Isa {
    /// Whether this CPU runs code compiled for this instruction set (detected at run time;
    /// the detection is cached by std).
    ///
    /// ```
    /// use array_runtime::kernel::elementwise::Isa;
    /// if Isa::Avx512.available() {
    ///     assert!(Isa::Avx2.available());
    /// }
    /// ```
    pub fn available(self) -> bool {
        match self {
            Isa::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512dq")
                    && std::arch::is_x86_feature_detected!("avx512vl")
                    && std::arch::is_x86_feature_detected!("avx512bw")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Avx2 | Isa::Avx512 => false,
        }
    }
}

/// Runs `L`'s copy for `isa` over `chunk` and returns `true`, or returns `false` (leaving the
/// chunk untouched) when this CPU lacks `isa`: how tests compare the copies bit for bit.
///
/// ```
/// use array_runtime::kernel::elementwise::{run_chunk_loop_on, Chunk, ChunkLoop, Isa};
///
/// struct Half;
/// impl ChunkLoop for Half {
///     #[inline(always)]
///     fn run(chunk: &mut Chunk<'_>) {
///         let x = chunk.input::<f64>(0);
///         let y = chunk.output::<f64>(0);
///         for (y, &x) in y.iter_mut().zip(x) {
///             *y = 0.5 * x;
///         }
///     }
/// }
/// let baseline = |c: &mut Chunk<'_>| assert!(run_chunk_loop_on::<Half>(Isa::Baseline, c));
/// # let _ = baseline;
/// ```
pub fn run_chunk_loop_on<L: ChunkLoop>(isa: Isa, chunk: &mut Chunk<'_>) -> bool {
    if !isa.available() {
        return false;
    }
    match isa {
        Isa::Baseline => L::run(chunk),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => {
            // SAFETY: the CPU supports AVX2 (checked by `available` above).
            unsafe { run_avx2::<L>(chunk) }
        }
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => {
            // SAFETY: the CPU supports AVX-512 F, DQ, VL and BW (checked by `available`
            // above).
            unsafe { run_avx512::<L>(chunk) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Isa::Avx2 | Isa::Avx512 => return false,
    }
    true
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

/// `L::run` compiled for AVX-512 (which implies AVX2 and FMA in LLVM).
///
/// # Safety
/// The CPU must support AVX-512 F, DQ, VL and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512dq,avx512vl,avx512bw")]
unsafe fn run_avx512<L: ChunkLoop>(chunk: &mut Chunk<'_>) {
    L::run(chunk)
}

/// `f` compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn compute_avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// `f` compiled for AVX-512.
///
/// # Safety
/// The CPU must support AVX-512 F, DQ, VL and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512dq,avx512vl,avx512bw")]
unsafe fn compute_avx512<R>(f: impl FnOnce() -> R) -> R {
    f()
}
