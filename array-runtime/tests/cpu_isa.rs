//! The copies of a chunk loop that `run_chunk_loop` and `run_compute_loop` choose among at run
//! time (baseline x86-64, AVX2, AVX-512) compute the same bits: every function of
//! `KernelMath` for `f32` and `f64`, and the float operations whose instructions differ
//! between the instruction sets (`floor` and friends, `min`/`max`, `sqrt`, `mul_add`,
//! conversions), over inputs spread across the whole range of bit patterns. A copy this CPU
//! cannot run is skipped with a message (under valgrind, whose emulated CPU has no AVX-512,
//! the AVX-512 comparison is skipped).

use array_runtime::kernel::elementwise::{
    run_chunk_loop_on, Chunk, ChunkLoop, ElementwiseDef, Instance, Isa, Plan,
};
use array_runtime::math::KernelMath;
use array_runtime::{Array, DType, Device, IntoOperand, Result};

static DEF: ElementwiseDef = ElementwiseDef {
    name: "isa_probe",
    device_source: "",
    param_names: &["x"],
    type_params: &[],
};

/// `L` over `x` with the copy for `isa` (`None` when this CPU lacks it).
fn run_on<L: ChunkLoop, T: DType>(isa: Isa, x: &Array<T>) -> Result<Option<Vec<T>>> {
    if !isa.available() {
        return Ok(None);
    }
    let operand = IntoOperand::<T>::into_operand(x);
    let inputs = [operand.erase()];
    let inst = Instance {
        def: &DEF,
        type_args: &[],
        params: &[T::ID],
        results: &[T::ID],
    };
    let plan = Plan::new(&inst, &inputs)?;
    let mut y = plan.alloc::<T>()?;
    plan.run(&mut [y.view_mut()?.erase()], &|c: &mut Chunk<'_>| {
        assert!(run_chunk_loop_on::<L>(isa, c), "{isa:?} became unavailable");
    })?;
    Ok(Some(y.to_vec()?))
}

/// Inputs spread over every exponent and sign: `n` bit patterns `i * step` (wrapping), the
/// special values, and values near 0, 1 and the ends of the functions' domains.
fn inputs_f32(n: u32) -> Vec<f32> {
    let step = u32::MAX / n;
    let mut v: Vec<f32> = (0..n)
        .map(|i| f32::from_bits(i.wrapping_mul(step) ^ 0x5a5))
        .collect();
    for k in 0..4096u32 {
        let t = k as f32 / 4096.0;
        v.extend([
            t,
            -t,
            1.0 + t,
            -(1.0 + t),
            20.0 * t - 10.0,
            200.0 * t - 100.0,
        ]);
    }
    v.extend([
        0.0,
        -0.0,
        f32::NAN,
        f32::INFINITY,
        -f32::INFINITY,
        f32::MIN_POSITIVE,
        1e-45,
    ]);
    v
}

fn inputs_f64(n: u64) -> Vec<f64> {
    let step = u64::MAX / n;
    let mut v: Vec<f64> = (0..n)
        .map(|i| f64::from_bits(i.wrapping_mul(step) ^ 0x5a5_a5a5))
        .collect();
    for k in 0..4096u32 {
        let t = f64::from(k) / 4096.0;
        v.extend([
            t,
            -t,
            1.0 + t,
            -(1.0 + t),
            20.0 * t - 10.0,
            200.0 * t - 100.0,
        ]);
    }
    v.extend([
        0.0,
        -0.0,
        f64::NAN,
        f64::INFINITY,
        -f64::INFINITY,
        f64::MIN_POSITIVE,
        5e-324,
    ]);
    v
}

/// The float dtypes compared: their bits, and their inputs.
trait Float: DType + Copy {
    fn bits(self) -> u64;
    fn inputs<'a>(x32: &'a Array<f32>, x64: &'a Array<f64>) -> &'a Array<Self>;
}

impl Float for f32 {
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
    fn inputs<'a>(x32: &'a Array<f32>, _: &'a Array<f64>) -> &'a Array<f32> {
        x32
    }
}

impl Float for f64 {
    fn bits(self) -> u64 {
        self.to_bits()
    }
    fn inputs<'a>(_: &'a Array<f32>, x64: &'a Array<f64>) -> &'a Array<f64> {
        x64
    }
}

/// Compares the copies of `L` over `x`; the number of copies compared.
fn same_bits<L: ChunkLoop, T: Float>(what: &str, x: &Array<T>) -> Result<usize> {
    let base = run_on::<L, T>(Isa::Baseline, x)?.expect("the baseline always runs");
    let xs = x.to_vec()?;
    let mut compared = 1;
    for isa in [Isa::Avx2, Isa::Avx512] {
        let Some(y) = run_on::<L, T>(isa, x)? else {
            println!("{what}: this CPU has no {isa:?}: that copy is not compared");
            continue;
        };
        for ((b, y), x) in base.iter().zip(&y).zip(&xs) {
            assert_eq!(
                b.bits(),
                y.bits(),
                "{what}({:#x}): baseline and {isa:?} differ",
                x.bits()
            );
        }
        compared += 1;
    }
    Ok(compared)
}

macro_rules! unary_loops {
    ($($name:ident: |$x:ident: $t:ty| $e:expr;)*) => {
        $(
            #[allow(non_camel_case_types)]
            struct $name;
            impl ChunkLoop for $name {
                #[inline(always)]
                fn run(chunk: &mut Chunk<'_>) {
                    let xs = chunk.input::<$t>(0);
                    let ys = chunk.output::<$t>(0);
                    for (y, &$x) in ys.iter_mut().zip(xs) {
                        *y = $e;
                    }
                }
            }
        )*
        /// Every loop above over `f32` or `f64` inputs: the copies compared.
        fn compare_all(x32: &Array<f32>, x64: &Array<f64>) -> Result<Vec<usize>> {
            Ok(vec![$(
                same_bits::<$name, $t>(stringify!($name), <$t as Float>::inputs(x32, x64))?,
            )*])
        }
    };
}

/// `sin_small` and friends: the result when no argument is large, else a marker.
#[inline(always)]
fn small<T: KernelMath + Copy>(x: T, f: impl Fn(T, &mut bool) -> T, nan: T) -> T {
    let mut large = false;
    let y = f(x, &mut large);
    if large {
        nan
    } else {
        y
    }
}

unary_loops! {
    exp_f32: |x: f32| KernelMath::exp(x);
    exp2_f32: |x: f32| KernelMath::exp2(x);
    exp_m1_f32: |x: f32| KernelMath::exp_m1(x);
    ln_f32: |x: f32| KernelMath::ln(x);
    log2_f32: |x: f32| KernelMath::log2(x);
    log10_f32: |x: f32| KernelMath::log10(x);
    ln_1p_f32: |x: f32| KernelMath::ln_1p(x);
    sinh_f32: |x: f32| KernelMath::sinh(x);
    cosh_f32: |x: f32| KernelMath::cosh(x);
    tanh_f32: |x: f32| KernelMath::tanh(x);
    asinh_f32: |x: f32| KernelMath::asinh(x);
    acosh_f32: |x: f32| KernelMath::acosh(x);
    atanh_f32: |x: f32| KernelMath::atanh(x);
    atan_f32: |x: f32| KernelMath::atan(x);
    asin_f32: |x: f32| KernelMath::asin(x);
    acos_f32: |x: f32| KernelMath::acos(x);
    cbrt_f32: |x: f32| KernelMath::cbrt(x);
    sin_f32: |x: f32| KernelMath::sin(x);
    cos_f32: |x: f32| KernelMath::cos(x);
    tan_f32: |x: f32| KernelMath::tan(x);
    sin_small_f32: |x: f32| small(x, KernelMath::sin_small, -7.0);
    cos_small_f32: |x: f32| small(x, KernelMath::cos_small, -7.0);
    tan_small_f32: |x: f32| small(x, KernelMath::tan_small, -7.0);
    ops_f32: |x: f32| {
        let r = x.floor() + x.ceil() * 0.5 + x.round() * 0.25 + x.trunc() * 0.125;
        let m = x.min(0.75) + x.max(-0.25) * 0.5 + x.abs().sqrt() + x.mul_add(1.5, 0.1);
        let c = (x as i32) as f32 + (x as f64 * 1.0000001) as f32 + 1.0 / x;
        r + m + c
    };
    exp_f64: |x: f64| KernelMath::exp(x);
    exp2_f64: |x: f64| KernelMath::exp2(x);
    exp_m1_f64: |x: f64| KernelMath::exp_m1(x);
    ln_f64: |x: f64| KernelMath::ln(x);
    log2_f64: |x: f64| KernelMath::log2(x);
    log10_f64: |x: f64| KernelMath::log10(x);
    ln_1p_f64: |x: f64| KernelMath::ln_1p(x);
    cbrt_f64: |x: f64| KernelMath::cbrt(x);
    sinh_f64: |x: f64| KernelMath::sinh(x);
    tanh_f64: |x: f64| KernelMath::tanh(x);
    asinh_f64: |x: f64| KernelMath::asinh(x);
    atan_f64: |x: f64| KernelMath::atan(x);
    sin_f64: |x: f64| KernelMath::sin(x);
    tan_f64: |x: f64| KernelMath::tan(x);
    ops_f64: |x: f64| {
        let r = x.floor() + x.ceil() * 0.5 + x.round() * 0.25 + x.trunc() * 0.125;
        let m = x.min(0.75) + x.max(-0.25) * 0.5 + x.abs().sqrt() + x.mul_add(1.5, 0.1);
        let c = (x as i64) as f64 + f64::from(x as f32) + 1.0 / x + (x as u32) as f64;
        r + m + c
    };
}

#[test]
fn every_copy_computes_the_same_bits() -> Result<()> {
    let cpu = Device::cpu();
    let x32 = inputs_f32(1 << 16);
    let x64 = inputs_f64(1 << 16);
    let x32 = Array::from_vec(&cpu, &[x32.len()], x32)?;
    let x64 = Array::from_vec(&cpu, &[x64.len()], x64)?;
    let compared = compare_all(&x32, &x64)?;
    assert!(compared.iter().all(|&c| c == compared[0]));
    println!(
        "copies compared per loop: {} (AVX2 {}, AVX-512 {})",
        compared[0],
        Isa::Avx2.available(),
        Isa::Avx512.available()
    );
    Ok(())
}

/// Rows of `y = x * w + y` sums, inlined into the closure: vectorized differently per copy.
#[inline(always)]
fn row_sums(x: &[f64], out: &mut [f64; 8]) {
    for (i, chunk) in x.chunks_exact(8).enumerate() {
        let w = 1.0 + i as f64 / 7.0;
        for (o, &v) in out.iter_mut().zip(chunk) {
            *o += v * w;
        }
    }
}

#[test]
fn every_copy_of_a_compute_closure_computes_the_same_bits() {
    use array_runtime::kernel::elementwise::{run_compute, run_compute_on};
    let x = inputs_f64(1 << 12);
    let run = |isa: Isa| {
        run_compute_on(
            isa,
            #[inline(always)]
            || {
                let mut out = [0.0f64; 8];
                row_sums(&x, &mut out);
                out.map(f64::to_bits)
            },
        )
    };
    let baseline = run(Isa::Baseline).expect("baseline always runs");
    for isa in [Isa::Avx2, Isa::Avx512] {
        match run(isa) {
            Some(bits) => assert_eq!(bits, baseline, "{isa:?}"),
            None => println!("{isa:?}: not on this CPU, skipped"),
        }
    }
    let best = run_compute(
        #[inline(always)]
        || {
            let mut out = [0.0f64; 8];
            row_sums(&x, &mut out);
            out.map(f64::to_bits)
        },
    );
    assert_eq!(best, baseline);
}
