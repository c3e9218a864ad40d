//! `random` against an independent reference and against itself: Philox4x32-10's known answers
//! (Random123's published vectors and more from `scripts/fixtures/gen_random_fixtures.py`,
//! whose pure-Python Philox is checked against the published ones), the documented stream
//! layout bit for bit, the same numbers whatever the launch shape, statistical sanity with
//! fixed seeds and deterministic bounds, and the argument errors. Every kernel is compiled by
//! NVRTC (run with `KERNELS_CUDA_WHEELS=/work/nvrtc-wheels`; skipped without NVRTC), and the
//! CUDA C of the device functions is compiled as host C++ by g++ and compared with the CPU
//! twins bit for bit (skipped without g++). With a GPU, every device-parametrized test also
//! runs on CUDA device 0 and `cpu_and_cuda_agree_bit_for_bit` compares the two backends.
//!
//! Tolerances: exact (bit for bit) everywhere, except against the Python reference's normal
//! and exponential numbers, which use the host's `log`, `cos`, `sin` where our kernels use
//! their own polynomials: normals 64 ulps or `|d| <= 1e-14` (the polynomials are a few ulps
//! from the true functions, and `r cos(t)` amplifies the error of `t` near the zeros of
//! `cos`), exponentials 16 ulps (`f64`) and 1 ulp after rounding to `f32`.

mod common;

use common::{assert_close, devices, fixture, Tol};
use kernels_std::io::{self, NpyDType};
use kernels_std::prelude::*;
use kernels_std::random::{default_rng, kernels, Generator, RandomInt};

fn load<T: NpyDType>(name: &str, dev: &Device) -> Array<T> {
    io::load::<T>(fixture(&format!("random/{name}.npy")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

/// Launch shapes the kernels must not depend on: one thread, a partial warp, odd blocks,
/// many blocks, a full block, more threads than work.
fn launch_shapes() -> Vec<LaunchConfig> {
    vec![
        LaunchConfig::new(1, 1),
        LaunchConfig::new(1, 7),
        LaunchConfig::new(3, 33),
        LaunchConfig::new(17, 64),
        LaunchConfig::new(2, 1024),
        LaunchConfig::new(4096, 128),
    ]
}

fn bits_f64(a: &Array<f64>) -> Vec<u64> {
    a.to_vec().unwrap().iter().map(|v| v.to_bits()).collect()
}

fn bits_f32(a: &Array<f32>) -> Vec<u32> {
    a.to_vec().unwrap().iter().map(|v| v.to_bits()).collect()
}

// ---------------------------------------------------------------------------------------------
// Philox4x32-10 known answers.

#[test]
fn philox_published_known_answers_on_the_host_twin() {
    use kernels_std::random::philox::philox4x32_10;
    let m = u32::MAX;
    assert_eq!(
        philox4x32_10(0, 0, 0, 0, 0, 0),
        (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)
    );
    assert_eq!(
        philox4x32_10(m, m, m, m, m, m),
        (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)
    );
    assert_eq!(
        philox4x32_10(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0),
        (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)
    );
}

#[test]
fn philox_known_answers_on_every_device_and_launch() {
    for dev in devices() {
        let ctr = load::<u32>("kat_counter", &dev);
        let key = load::<u32>("kat_key", &dev);
        let want = load::<u32>("kat_out", &dev);
        assert_eq!(ctr.shape(), &[32, 4]);
        for cfg in launch_shapes() {
            let mut out = Array::<u32>::zeros(&dev, &[32, 4]).unwrap();
            kernels::philox_blocks::launch(&cfg, &ctr, &key, &mut out).unwrap();
            assert_close(
                &out,
                &want,
                Tol::exact(),
                &format!("philox blocks {cfg:?} on {dev}"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The stream layout, bit for bit.

#[test]
fn raw_words_follow_the_documented_layout() {
    for dev in devices() {
        let got = Generator::new(42).random_raw(&dev, &[9]).unwrap();
        assert_close(&got, &load("raw_seed42", &dev), Tol::exact(), "raw seed 42");
        let mut rng = Generator::new(0x0123_4567_89AB_CDEF);
        rng.advance(7).unwrap();
        let got = rng.random_raw(&dev, &[3, 3]).unwrap();
        let want = load::<u64>("raw_seed_big_block7", &dev)
            .reshape(&[3, 3])
            .unwrap();
        assert_close(&got, &want, Tol::exact(), "raw seed big, block 7");
        assert_eq!(rng.offset(), 12);
    }
}

#[test]
fn successive_calls_continue_the_stream() {
    for dev in devices() {
        let mut rng = default_rng(5);
        let a = rng.random::<f64>(&dev, &[5]).unwrap();
        assert_eq!(rng.offset(), 3);
        let b = rng.random::<f32>(&dev, &[2, 2]).unwrap();
        let c = rng.uniform(&dev, -2.0f64, 3.0, &[3]).unwrap();
        let d = rng.uniform(&dev, -1.5f32, 2.25, &[5]).unwrap();
        assert_eq!(rng.offset(), 10);
        assert_close(
            &a,
            &load("seq5_random_f64", &dev),
            Tol::exact(),
            "random f64",
        );
        let want_b = load::<f32>("seq5_random_f32", &dev)
            .reshape(&[2, 2])
            .unwrap();
        assert_close(&b, &want_b, Tol::exact(), "random f32");
        assert_close(
            &c,
            &load("seq5_uniform_f64", &dev),
            Tol::exact(),
            "uniform f64",
        );
        assert_close(
            &d,
            &load("seq5_uniform_f32", &dev),
            Tol::exact(),
            "uniform f32",
        );
    }
}

fn check_integers<T: RandomInt + NpyDType + common::Approx>(name: &str) {
    for dev in devices() {
        let bounds = load::<T>(&format!("int_{name}_bounds"), &dev)
            .to_vec()
            .unwrap();
        let want = load::<T>(&format!("int_{name}"), &dev);
        let mut rng = Generator::new(11);
        let got = if name.ends_with("_incl") {
            rng.integers_inclusive(&dev, bounds[0], bounds[1], &[17])
        } else {
            rng.integers(&dev, bounds[0], bounds[1], &[17])
        }
        .unwrap();
        assert_close(
            &got,
            &want,
            Tol::exact(),
            &format!("integers {name} on {dev}"),
        );
    }
}

#[test]
fn integers_of_every_dtype_follow_the_documented_layout() {
    check_integers::<i8>("i1");
    check_integers::<i16>("i2");
    check_integers::<i32>("i4");
    check_integers::<i64>("i8");
    check_integers::<i64>("i8_reject");
    check_integers::<u8>("u1");
    check_integers::<u16>("u2");
    check_integers::<u32>("u4");
    check_integers::<u64>("u8");
    check_integers::<u64>("u8_reject");
    check_integers::<u8>("u1_incl");
    check_integers::<i64>("i8_incl");
}

#[test]
fn normals_match_box_muller_on_the_host_math_library() {
    let tol = Tol {
        ulps: 64,
        ..Tol::close(0.0, 1e-14)
    };
    for dev in devices() {
        let got = Generator::new(13)
            .standard_normal::<f64>(&dev, &[63])
            .unwrap();
        assert_close(
            &got,
            &load("normal_seed13", &dev),
            tol,
            "standard normal f64",
        );
    }
}

#[test]
fn exponentials_match_inversion_on_the_host_math_library() {
    for dev in devices() {
        let got = Generator::new(17)
            .standard_exponential::<f64>(&dev, &[33])
            .unwrap();
        let want = load::<f64>("exponential_seed17", &dev);
        assert_close(&got, &want, Tol::ulps(16), "standard exponential f64");
        let got = Generator::new(17).exponential(&dev, 2.5f32, &[33]).unwrap();
        let want: Vec<f32> = want
            .to_vec()
            .unwrap()
            .iter()
            .map(|&e| 2.5 * e as f32)
            .collect();
        let want = Array::from_vec(&dev, &[33], want).unwrap();
        assert_close(&got, &want, Tol::ulps(1), "exponential f32");
    }
}

#[test]
fn exact_math_is_accurate() {
    use kernels_std::random::exact_math::{ln_unit, sincos_turns};
    let mut worst_ln = 0f64;
    let mut x = 1.0f64;
    while x > 1e-300 {
        for y in [
            x,
            x * 0.707,
            x * std::f64::consts::FRAC_1_SQRT_2,
            x * (std::f64::consts::FRAC_1_SQRT_2 + f64::EPSILON),
            x * 0.999_999_9,
            x * 0.5000001,
        ] {
            let e = ((ln_unit(y) - y.ln()) / y.ln().abs().max(1e-300)).abs();
            worst_ln = worst_ln.max(e);
        }
        x *= 0.937;
    }
    assert!(
        worst_ln < 4.0 * f64::EPSILON,
        "ln relative error {worst_ln:e}"
    );
    assert_eq!(ln_unit(1.0), 0.0);
    assert!((ln_unit(f64::from_bits(1)) - f64::from_bits(1).ln()).abs() < 1e-12);
    let mut worst_trig = 0f64;
    for i in 0..100_000u32 {
        let u = f64::from(i) / 100_000.0 + 1.234e-7;
        let t = std::f64::consts::TAU * u;
        let (s, c) = sincos_turns(u);
        worst_trig = worst_trig.max((s - t.sin()).abs()).max((c - t.cos()).abs());
    }
    assert!(
        worst_trig < 4.0 * f64::EPSILON,
        "sin/cos error {worst_trig:e}"
    );
}

/// The largest error of `f` against `reference` over `xs`, in ulps of the reference (a
/// reference of 0 counts the absolute error in ulps of 1).
fn worst_ulps(xs: &[f64], f: impl Fn(f64) -> f64, reference: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut worst = (0.0, f64::NAN);
    for &x in xs {
        let (got, want) = (f(x), reference(x));
        if got == want || (got.is_nan() && want.is_nan()) {
            continue;
        }
        let ulp = f64::EPSILON * want.abs().max(f64::MIN_POSITIVE);
        let e = ((got - want) / ulp).abs();
        if e > worst.0 || e.is_nan() {
            worst = (e, x);
        }
    }
    worst
}

/// Arguments spread over many binades (both signs when `signed`), and the edges.
fn spread(lo: f64, hi: f64, signed: bool) -> Vec<f64> {
    let mut seed = 99u64;
    let mut xs = vec![lo, hi];
    for _ in 0..20_000 {
        let u = (splitmix(&mut seed) >> 11) as f64 / (1u64 << 53) as f64;
        let x = lo.abs().max(1e-300).ln() + u * (hi.abs().ln() - lo.abs().max(1e-300).ln());
        let x = x.exp();
        xs.push(x);
        if signed {
            xs.push(-x);
        }
    }
    xs
}

#[test]
fn exact_math_extended_functions_are_accurate() {
    use kernels_std::random::exact_math::{acos, atan, exp, expm1, ln, log1p, pow};
    let positive = spread(f64::from_bits(1), f64::MAX, false);
    let (e, at) = worst_ulps(&positive, ln, f64::ln);
    assert!(e <= 2.0, "ln: {e} ulps at {at:e}");
    assert_eq!(ln(f64::INFINITY), f64::INFINITY);
    assert_eq!(ln(0.0), f64::NEG_INFINITY);
    assert!(ln(-1.0).is_nan() && ln(f64::NAN).is_nan());

    let near_zero = spread(1e-300, 0.999, true);
    let (e, at) = worst_ulps(&near_zero, log1p, f64::ln_1p);
    assert!(e <= 4.0, "log1p: {e} ulps at {at:e}");
    let (e, at) = worst_ulps(&spread(1.0, 1e300, false), log1p, f64::ln_1p);
    assert!(e <= 4.0, "log1p: {e} ulps at {at:e}");
    assert_eq!(log1p(-1.0), f64::NEG_INFINITY);
    assert!(log1p(-2.0).is_nan());

    let args = spread(1e-300, 745.0, true);
    let (e, at) = worst_ulps(&args, exp, f64::exp);
    assert!(e <= 2.0, "exp: {e} ulps at {at:e}");
    // Subnormal results: within one ulp of the subnormal spacing.
    for x in [-708.5, -710.0, -720.3, -740.0, -744.9] {
        assert!((exp(x) - x.exp()).abs() <= f64::from_bits(1), "exp({x})");
    }
    assert_eq!(exp(709.78), 709.78f64.exp().max(exp(709.78)));
    assert_eq!(exp(710.0), f64::INFINITY);
    assert_eq!(exp(-746.0), 0.0);
    assert_eq!(exp(f64::NEG_INFINITY), 0.0);
    let (e, at) = worst_ulps(&spread(1e-300, 700.0, true), expm1, f64::exp_m1);
    assert!(e <= 3.0, "expm1: {e} ulps at {at:e}");

    // pow on the samplers' domains: bases in (0, 1] and exponents of moderate size.
    let mut worst = 0f64;
    let mut seed = 5u64;
    for _ in 0..20_000 {
        let x = (splitmix(&mut seed) >> 11) as f64 / (1u64 << 53) as f64 + 1e-300;
        let y = ((splitmix(&mut seed) >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 40.0;
        let want = x.powf(y);
        if want.is_finite() && want > 1e-300 {
            let bound = (y * x.ln()).abs() + 4.0;
            worst = worst.max(((pow(x, y) - want) / (want * f64::EPSILON)).abs() / bound);
        }
    }
    assert!(worst <= 1.0, "pow: {worst} of its bound");
    assert_eq!(
        (pow(0.0, 1.5), pow(0.0, -1.5), pow(1.0, f64::NAN)),
        (0.0, f64::INFINITY, 1.0)
    );

    let (e, at) = worst_ulps(&spread(1e-300, 1e300, true), atan, f64::atan);
    assert!(e <= 3.0, "atan: {e} ulps at {at:e}");
    let unit: Vec<f64> = (0..=20_000).map(|i| -1.0 + i as f64 / 10_000.0).collect();
    let (e, at) = worst_ulps(&unit, acos, f64::acos);
    assert!(e <= 4.0, "acos: {e} ulps at {at:e}");
}

// ---------------------------------------------------------------------------------------------
// Independent of the launch shape: each kernel launched by hand with several shapes gives what
// the generator's own launch gave.

#[test]
fn kernels_do_not_depend_on_the_launch_shape() {
    let n = 1001;
    for dev in devices() {
        let key = [0xDEAD_BEEF, 0x0BAD_F00D];
        let mut rng = Generator::from_key(key, 1234);
        let raw = rng.random_raw(&dev, &[n]).unwrap().to_vec().unwrap();
        let mut rng = Generator::from_key(key, 1234);
        let unif = bits_f64(&rng.uniform(&dev, -1.0, 4.0, &[n]).unwrap());
        let mut rng = Generator::from_key(key, 1234);
        let unif32 = bits_f32(&rng.uniform(&dev, -1.0f32, 4.0, &[n]).unwrap());
        let mut rng = Generator::from_key(key, 1234);
        let norm = bits_f64(&rng.normal(&dev, 1.0, 3.0, &[n]).unwrap());
        let mut rng = Generator::from_key(key, 1234);
        let norm32 = bits_f32(&rng.normal(&dev, 1.0f32, 3.0, &[n]).unwrap());
        let mut rng = Generator::from_key(key, 1234);
        let expo = bits_f64(&rng.exponential(&dev, 0.5, &[n]).unwrap());
        let mut rng = Generator::from_key(key, 1234);
        let expo32 = bits_f32(&rng.exponential(&dev, 0.5f32, &[n]).unwrap());
        let pv: Vec<f64> = (0..n).map(|i| (i % 7) as f64).collect();
        let p = Array::from_vec(&dev, &[n], pv.clone()).unwrap();
        let cdf: Vec<f64> = pv
            .iter()
            .scan(0.0, |acc, v| {
                *acc += v;
                Some(*acc)
            })
            .collect();
        let cdf = Array::from_vec(&dev, &[n], cdf).unwrap();
        let mut o = Array::<i64>::zeros(&dev, &[n]).unwrap();
        kernels::sample_cdf::launch(
            &LaunchConfig::new(2, 64),
            &cdf,
            &mut o,
            key[0],
            key[1],
            1234,
            3.5,
        )
        .unwrap();
        let picks = o.to_vec().unwrap();
        let mut o = Array::<u64>::zeros(&dev, &[n]).unwrap();
        kernels::weighted_keys::launch(&LaunchConfig::new(2, 64), &p, &mut o, key[0], key[1], 1234)
            .unwrap();
        let wkeys = o.to_vec().unwrap();
        let mut rng = Generator::from_key(key, 1234);
        let ints = rng
            .integers(&dev, -5i16, 1000, &[n])
            .unwrap()
            .to_vec()
            .unwrap();
        let mut rng = Generator::from_key(key, 1234);
        let big = rng
            .integers(&dev, 0u64, (1 << 63) + 1, &[n])
            .unwrap()
            .to_vec()
            .unwrap();
        let one = |v: f64| Array::from_vec(&dev, &[1], vec![v]).unwrap();
        let one32 = |v: f32| Array::from_vec(&dev, &[1], vec![v]).unwrap();
        for cfg in launch_shapes() {
            let what = format!("{cfg:?} on {dev}");
            let (k0, k1) = (key[0], key[1]);
            let mut o = Array::<u64>::zeros(&dev, &[n]).unwrap();
            kernels::raw_words::launch(&cfg, &mut o, k0, k1, 1234).unwrap();
            assert_eq!(o.to_vec().unwrap(), raw, "raw words {what}");
            let mut o = Array::<f64>::zeros(&dev, &[n]).unwrap();
            kernels::uniform_f64::launch(&cfg, &mut o, k0, k1, 1234, &one(-1.0), &one(4.0))
                .unwrap();
            assert_eq!(bits_f64(&o), unif, "uniform f64 {what}");
            let mut o = Array::<f32>::zeros(&dev, &[n]).unwrap();
            kernels::uniform_f32::launch(&cfg, &mut o, k0, k1, 1234, &one32(-1.0), &one32(4.0))
                .unwrap();
            assert_eq!(bits_f32(&o), unif32, "uniform f32 {what}");
            let mut o = Array::<f64>::zeros(&dev, &[n]).unwrap();
            kernels::normal_f64::launch(&cfg, &mut o, k0, k1, 1234, &one(1.0), &one(3.0)).unwrap();
            assert_eq!(bits_f64(&o), norm, "normal f64 {what}");
            let mut o = Array::<f32>::zeros(&dev, &[n]).unwrap();
            kernels::normal_f32::launch(&cfg, &mut o, k0, k1, 1234, &one32(1.0), &one32(3.0))
                .unwrap();
            assert_eq!(bits_f32(&o), norm32, "normal f32 {what}");
            let mut o = Array::<f64>::zeros(&dev, &[n]).unwrap();
            kernels::exponential_f64::launch(&cfg, &mut o, k0, k1, 1234, &one(0.5)).unwrap();
            assert_eq!(bits_f64(&o), expo, "exponential f64 {what}");
            let mut o = Array::<f32>::zeros(&dev, &[n]).unwrap();
            kernels::exponential_f32::launch(&cfg, &mut o, k0, k1, 1234, &one32(0.5)).unwrap();
            assert_eq!(bits_f32(&o), expo32, "exponential f32 {what}");
            let mut o = Array::<i64>::zeros(&dev, &[n]).unwrap();
            kernels::sample_cdf::launch(&cfg, &cdf, &mut o, k0, k1, 1234, 3.5).unwrap();
            assert_eq!(o.to_vec().unwrap(), picks, "sample_cdf {what}");
            let mut o = Array::<u64>::zeros(&dev, &[n]).unwrap();
            kernels::weighted_keys::launch(&cfg, &p, &mut o, k0, k1, 1234).unwrap();
            assert_eq!(o.to_vec().unwrap(), wkeys, "weighted_keys {what}");
            let mut o = Array::<i16>::zeros(&dev, &[n]).unwrap();
            kernels::integers::launch(&cfg, &mut o, k0, k1, 1234, (-5i64) as u64, 1005).unwrap();
            assert_eq!(o.to_vec().unwrap(), ints, "integers i16 {what}");
            let mut o = Array::<u64>::zeros(&dev, &[n]).unwrap();
            kernels::integers::launch(&cfg, &mut o, k0, k1, 1234, 0, (1 << 63) + 1).unwrap();
            assert_eq!(o.to_vec().unwrap(), big, "integers u64 {what}");
        }
    }
}

/// With a GPU: the CPU and CUDA give the same bits (the fixtures pin the exact routines; this
/// covers the normals, whose fixture has a tolerance).
#[test]
fn cpu_and_cuda_agree_bit_for_bit() {
    let devs = devices();
    if devs.len() < 2 {
        eprintln!("skipped: no GPU");
        return;
    }
    let run = |dev: &Device| {
        let mut rng = Generator::new(77);
        (
            bits_f64(&rng.standard_normal(dev, &[4097]).unwrap()),
            bits_f32(&rng.normal(dev, -3.0f32, 0.5, &[999]).unwrap()),
            bits_f64(&rng.random(dev, &[333]).unwrap()),
            rng.integers(dev, i8::MIN, i8::MAX, &[777])
                .unwrap()
                .to_vec()
                .unwrap(),
        )
    };
    assert!(run(&devs[0]) == run(&devs[1]), "CPU and CUDA differ");
    // Every distribution kind on each of its parameter sets, and the row laws.
    let n = 2001;
    let draw = |dev: &Device| {
        let mut out: Vec<Vec<u64>> = Vec::new();
        let mut rng = Generator::new(78);
        for kind in CK::ALL {
            let sets = continuous_sets(kind);
            let p: [Array<f64>; 3] = std::array::from_fn(|k| {
                column(dev, n, &sets.iter().map(|s| s[k]).collect::<Vec<_>>())
            });
            out.push(bits_f64(&continuous_method(&mut rng, dev, kind, &p)));
        }
        for kind in DK::ALL {
            let sets = discrete_sets(kind);
            let i: [Array<i64>; 3] = std::array::from_fn(|k| {
                column(dev, n, &sets.iter().map(|s| s.0[k]).collect::<Vec<_>>())
            });
            let f: [Array<f64>; 2] = std::array::from_fn(|k| {
                column(dev, n, &sets.iter().map(|s| s.1[k]).collect::<Vec<_>>())
            });
            let x = discrete_method(&mut rng, dev, kind, &i, &f)
                .to_vec()
                .unwrap();
            out.push(x.into_iter().map(|v| v as u64).collect());
        }
        let alpha = Array::from_vec(dev, &[3], vec![0.5, 2.0, 0.01]).unwrap();
        out.push(bits_f64(&rng.dirichlet(dev, &alpha, &[500]).unwrap()));
        let pv = Array::from_vec(dev, &[3], vec![0.2, 0.3, 0.5]).unwrap();
        let m = rng
            .multinomial(dev, 1000, &pv, &[500])
            .unwrap()
            .to_vec()
            .unwrap();
        out.push(m.into_iter().map(|v| v as u64).collect());
        let mean = Array::from_vec(dev, &[3], vec![0.0, 1.0, 2.0]).unwrap();
        let cov = Array::from_vec(
            dev,
            &[3, 3],
            vec![2.0, 0.5, 0.1, 0.5, 1.0, 0.2, 0.1, 0.2, 3.0],
        )
        .unwrap();
        let opts = MultivariateNormalOptions::default();
        out.push(bits_f64(
            &rng.multivariate_normal(dev, &mean, &cov, &[500], opts)
                .unwrap(),
        ));
        out
    };
    let (cpu, gpu) = (draw(&devs[0]), draw(&devs[1]));
    for (k, (c, g)) in cpu.iter().zip(&gpu).enumerate() {
        assert!(c == g, "CPU and CUDA differ in sampler {k}");
    }
}

// ---------------------------------------------------------------------------------------------
// Statistics with fixed seeds: bounds of 6 standard deviations (deterministic for these seeds).

const N: usize = 1_000_000;

fn mean_var(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
    (mean, var)
}

/// `|got - want| <= 6 sigma`.
#[track_caller]
fn within_6_sigma(got: f64, want: f64, sigma: f64, what: &str) {
    assert!(
        (got - want).abs() <= 6.0 * sigma,
        "{what}: {got} is more than 6 sigma = {} from {want}",
        6.0 * sigma
    );
}

#[test]
fn uniform_statistics() {
    let dev = Device::cpu();
    let n = N as f64;
    let x = Generator::new(101)
        .random::<f64>(&dev, &[N])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(x.iter().all(|&v| (0.0..1.0).contains(&v)));
    let (m, v) = mean_var(&x);
    within_6_sigma(m, 0.5, (1.0 / 12.0 / n).sqrt(), "random f64 mean");
    within_6_sigma(
        v,
        1.0 / 12.0,
        (1.0 / 180.0 / n).sqrt(),
        "random f64 variance",
    );

    let x: Vec<f64> = Generator::new(102)
        .uniform(&dev, 10.0f32, 12.0, &[N])
        .unwrap()
        .to_vec()
        .unwrap()
        .into_iter()
        .map(f64::from)
        .collect();
    assert!(x.iter().all(|&v| (10.0..=12.0).contains(&v)));
    let (m, v) = mean_var(&x);
    within_6_sigma(m, 11.0, (4.0 / 12.0 / n).sqrt(), "uniform f32 mean");
    within_6_sigma(
        v,
        4.0 / 12.0,
        (16.0 / 180.0 / n).sqrt(),
        "uniform f32 variance",
    );
}

#[test]
fn normal_statistics() {
    let dev = Device::cpu();
    let n = N as f64;
    let z = Generator::new(103)
        .standard_normal::<f64>(&dev, &[N])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(z.iter().all(|v| v.is_finite()));
    let (m, v) = mean_var(&z);
    within_6_sigma(m, 0.0, (1.0 / n).sqrt(), "standard normal mean");
    within_6_sigma(v, 1.0, (2.0 / n).sqrt(), "standard normal variance");
    // The fraction within one standard deviation: 0.682689...
    let inside = z.iter().filter(|v| v.abs() < 1.0).count() as f64 / n;
    let p = 0.682_689_492_137_085_9;
    within_6_sigma(inside, p, (p * (1.0 - p) / n).sqrt(), "P(|z| < 1)");

    let x: Vec<f64> = Generator::new(104)
        .normal(&dev, 3.0f32, 2.0, &[N])
        .unwrap()
        .to_vec()
        .unwrap()
        .into_iter()
        .map(f64::from)
        .collect();
    let (m, v) = mean_var(&x);
    within_6_sigma(m, 3.0, (4.0 / n).sqrt(), "normal f32 mean");
    within_6_sigma(v, 4.0, 4.0 * (2.0 / n).sqrt(), "normal f32 variance");
}

#[test]
fn exponential_statistics() {
    let dev = Device::cpu();
    let n = N as f64;
    let x = Generator::new(109)
        .exponential(&dev, 2.0f64, &[N])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(x
        .iter()
        .all(|&v| (0.0..=2.0 * 53.0 * std::f64::consts::LN_2).contains(&v)));
    let (m, v) = mean_var(&x);
    // Exponential of scale s: mean s, variance s^2, fourth central moment 9 s^4.
    within_6_sigma(m, 2.0, (4.0 / n).sqrt(), "exponential mean");
    within_6_sigma(v, 4.0, (8.0 * 16.0 / n).sqrt(), "exponential variance");
}

#[test]
fn integer_statistics() {
    let dev = Device::cpu();
    let n = N as f64;
    let d = Generator::new(105)
        .integers(&dev, -3i32, 7, &[N])
        .unwrap()
        .to_vec()
        .unwrap();
    let mut counts = [0usize; 10];
    for &v in &d {
        assert!((-3..7).contains(&v), "{v} out of [-3, 7)");
        counts[(v + 3) as usize] += 1;
    }
    let sigma = (n * 0.1 * 0.9).sqrt();
    for (i, &c) in counts.iter().enumerate() {
        within_6_sigma(
            c as f64,
            n / 10.0,
            sigma,
            &format!("count of {}", i as i32 - 3),
        );
    }
    // u8 over its whole range (inclusive): every value occurs.
    let d = Generator::new(106)
        .integers_inclusive(&dev, 0u8, 255, &[100_000])
        .unwrap()
        .to_vec()
        .unwrap();
    let mut seen = [false; 256];
    d.iter().for_each(|&v| seen[v as usize] = true);
    assert!(seen.iter().all(|&s| s), "a u8 value never occurs");
    // A range just above 2^63 (half the draws are rejected once or more): both halves occur
    // equally often.
    let d = Generator::new(107)
        .integers(&dev, 0u64, (1 << 63) + 1, &[100_000])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(d.iter().all(|&v| v <= 1 << 63));
    let high = d.iter().filter(|&&v| v >= 1 << 62).count() as f64;
    within_6_sigma(
        high,
        50_000.0,
        (100_000f64 * 0.25).sqrt(),
        "upper half of [0, 2^63]",
    );
}

#[test]
fn raw_word_bits_are_balanced() {
    let w = Generator::new(108)
        .random_raw(&Device::cpu(), &[100_000])
        .unwrap()
        .to_vec()
        .unwrap();
    for bit in 0..64 {
        let ones = w.iter().filter(|&&x| x >> bit & 1 == 1).count() as f64;
        within_6_sigma(
            ones,
            50_000.0,
            (100_000f64 * 0.25).sqrt(),
            &format!("bit {bit}"),
        );
    }
}

#[test]
fn shapes_empty_and_zero_d() {
    let dev = Device::cpu();
    let mut rng = Generator::new(1);
    let e = rng.random::<f64>(&dev, &[0, 3]).unwrap();
    assert_eq!(e.shape(), &[0, 3]);
    assert_eq!(rng.offset(), 0, "an empty draw takes no block");
    let s = rng.standard_normal::<f32>(&dev, &[]).unwrap();
    assert_eq!(s.shape(), &[] as &[usize]);
    assert_eq!(rng.offset(), 1);
    let s = rng.integers(&dev, 0u16, 2, &[1]).unwrap();
    assert_eq!(s.shape(), &[1]);
}

// ---------------------------------------------------------------------------------------------
// Errors.

#[test]
fn argument_errors() {
    let dev = Device::cpu();
    let mut rng = Generator::new(1);
    let msg = |r: Result<String, Error>| r.unwrap_err().to_string();
    let e = msg(rng.integers(&dev, 5i64, 5, &[2]).map(|_| String::new()));
    assert!(e.contains("low >= high") && e.contains("integers"), "{e}");
    let e = msg(rng.integers(&dev, 6u8, 5, &[2]).map(|_| String::new()));
    assert!(e.contains("low >= high"), "{e}");
    let e = msg(rng
        .integers_inclusive(&dev, 6u8, 5, &[2])
        .map(|_| String::new()));
    assert!(e.contains("low > high"), "{e}");
    let e = msg(rng.uniform(&dev, 2.0f64, 1.0, &[2]).map(|_| String::new()));
    assert_eq!(e, "uniform: high - low < 0");
    // NumPy's OverflowError: a range that is not finite.
    for (lo, hi) in [(f64::NAN, 1.0), (-f64::MAX, f64::MAX), (0.0, f64::INFINITY)] {
        let e = msg(rng.uniform(&dev, lo, hi, &[2]).map(|_| String::new()));
        assert_eq!(e, "uniform: high - low range exceeds valid bounds");
    }
    assert!(rng.uniform(&dev, 0.0f32, f32::INFINITY, &[2]).is_err());
    // In f32, a range that overflows f32 (finite in f64).
    assert!(rng.uniform(&dev, -3e38f32, 3e38, &[2]).is_err());
    let e = msg(rng.normal(&dev, 0.0f64, -1.0, &[2]).map(|_| String::new()));
    assert_eq!(e, "normal: scale < 0");
    let e = msg(rng.exponential(&dev, -0.5f64, &[2]).map(|_| String::new()));
    assert_eq!(e, "exponential: scale < 0");
    let negative = Array::from_vec(&dev, &[3], vec![1.0, -0.5, 2.0]).unwrap();
    let e = msg(rng
        .exponential(&dev, &negative, None)
        .map(|_| String::new()));
    assert_eq!(e, "exponential: scale < 0");
    assert_eq!(rng.offset(), 0, "failed calls take no block");
    // As NumPy: NaN and infinite parameters that pass the checks give NaN or infinite numbers.
    let nan = rng
        .normal(&dev, 0.0f32, f32::NAN, &[2])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(nan.iter().all(|v| v.is_nan()));
    let inf = rng
        .normal(&dev, f64::INFINITY, 1.0, &[2])
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(inf, vec![f64::INFINITY; 2]);
    let nan = rng
        .exponential(&dev, f64::NAN, &[2])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(nan.iter().all(|v| v.is_nan()));
    let mut end = Generator::from_key([0, 0], u64::MAX - 1);
    assert!(
        end.random::<f64>(&dev, &[4]).is_err(),
        "past the end of the counter"
    );
}

// ---------------------------------------------------------------------------------------------
// NVRTC.

#[test]
fn every_random_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::{raw::verify, verify::nvrtc_or_skip};
    if !nvrtc_or_skip("random kernels").unwrap() {
        return;
    }
    let defs = [
        &kernels::philox_blocks::DEF,
        &kernels::raw_words::DEF,
        &kernels::uniform_f32::DEF,
        &kernels::uniform_f64::DEF,
        &kernels::normal_f32::DEF,
        &kernels::normal_f64::DEF,
        &kernels::exponential_f32::DEF,
        &kernels::exponential_f64::DEF,
    ];
    for def in defs {
        verify(def, &[]).unwrap_or_else(|e| panic!("{}: {e}", def.name));
    }
    use DTypeId::*;
    for dt in [I8, I16, I32, I64, U8, U16, U32, U64] {
        verify(&kernels::integers::DEF, &[dt]).unwrap_or_else(|e| panic!("integers {dt}: {e}"));
    }
}

// ---------------------------------------------------------------------------------------------
// Permutations and choice.

/// The stable argsort of `keys` on the host: the reference of the permutations.
fn host_argsort(keys: &[u64]) -> Vec<i64> {
    let mut order: Vec<i64> = (0..keys.len() as i64).collect();
    order.sort_by_key(|&i| keys[i as usize]);
    order
}

#[test]
fn permutation_is_the_stable_order_of_the_stream_words() {
    for dev in devices() {
        for n in [0usize, 1, 2, 3, 1023, 1024, 1025, 4099, 100_003] {
            let key = [n as u32, 99];
            let words = Generator::from_key(key, 5).random_raw(&dev, &[n]).unwrap();
            let mut rng = Generator::from_key(key, 5);
            let p = rng.permutation(&dev, n).unwrap();
            assert_eq!(rng.offset(), 5 + (n as u64).div_ceil(2));
            assert_eq!(p.shape(), &[n]);
            let p = p.to_vec().unwrap();
            assert_eq!(
                p,
                host_argsort(&words.to_vec().unwrap()),
                "n = {n} on {dev}"
            );
            let mut sorted = p.clone();
            sorted.sort_unstable();
            assert!(
                sorted.iter().enumerate().all(|(i, &v)| v == i as i64),
                "not a permutation"
            );
        }
    }
}

#[test]
fn permutations_are_uniform() {
    // 2400 permutations of 4 elements: each of the 24 orders about 100 times.
    let dev = Device::cpu();
    let mut rng = Generator::new(200);
    let mut counts = std::collections::HashMap::new();
    let trials = 2400;
    for _ in 0..trials {
        *counts
            .entry(rng.permutation(&dev, 4).unwrap().to_vec().unwrap())
            .or_insert(0usize) += 1;
    }
    assert_eq!(counts.len(), 24, "some orders never occur");
    let (e, p) = (trials as f64 / 24.0, 1.0 / 24.0);
    for (order, &c) in &counts {
        within_6_sigma(
            c as f64,
            e,
            (trials as f64 * p * (1.0 - p)).sqrt(),
            &format!("{order:?}"),
        );
    }
}

#[test]
fn permutation_of_and_shuffle_move_whole_rows() {
    for dev in devices() {
        // A transposed (non-contiguous) 5 x 3 view.
        let base = Array::from_vec(&dev, &[3, 5], (0..15).collect::<Vec<i32>>()).unwrap();
        let x = base.t();
        let rows: Vec<Vec<i32>> = (0..5)
            .map(|r| (0..3).map(|c| c * 5 + r).collect())
            .collect();
        let order = Generator::new(31)
            .permutation(&dev, 5)
            .unwrap()
            .to_vec()
            .unwrap();
        let want: Vec<i32> = order
            .iter()
            .flat_map(|&r| rows[r as usize].clone())
            .collect();
        let y = Generator::new(31).permutation_of(&x).unwrap();
        assert_eq!(y.shape(), &[5, 3]);
        assert_eq!(y.to_vec().unwrap(), want);
        let mut z = x.clone();
        Generator::new(31).shuffle(&mut z).unwrap();
        assert_eq!(z.to_vec().unwrap(), want);
        assert_eq!(
            base.to_vec().unwrap(),
            (0..15).collect::<Vec<i32>>(),
            "input untouched"
        );
        // Every dtype family moves intact, 1-d and with a length-1 axis.
        let c = Array::from_vec(
            &dev,
            &[3],
            vec![c64::new(1.0, -1.0), c64::new(2.0, 0.5), c64::new(-0.0, 3.0)],
        )
        .unwrap();
        let mut got = Generator::new(3)
            .permutation_of(&c)
            .unwrap()
            .to_vec()
            .unwrap();
        got.sort_by(|a, b| a.re.total_cmp(&b.re));
        assert_eq!(got[0].re.to_bits(), (-0.0f32).to_bits());
        let one = Array::from_vec(&dev, &[1, 2], vec![true, false]).unwrap();
        assert_eq!(
            Generator::new(3)
                .permutation_of(&one)
                .unwrap()
                .to_vec()
                .unwrap(),
            vec![true, false]
        );
        // A reversed (negative-stride) view, a slice with an offset, a broadcast view: the
        // rows of the view move, as NumPy's permutation(x) of the same view.
        let v = Array::from_vec(&dev, &[6], vec![0u8, 1, 2, 3, 4, 5]).unwrap();
        let order = Generator::new(32)
            .permutation(&dev, 6)
            .unwrap()
            .to_vec()
            .unwrap();
        let flipped = v.flip(0).unwrap();
        let got = Generator::new(32)
            .permutation_of(&flipped)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(got, order.iter().map(|&i| 5 - i as u8).collect::<Vec<_>>());
        let order = Generator::new(33)
            .permutation(&dev, 4)
            .unwrap()
            .to_vec()
            .unwrap();
        let tail = v.slice(kernels_std::s![2..]).unwrap();
        let got = Generator::new(33)
            .permutation_of(&tail)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(got, order.iter().map(|&i| 2 + i as u8).collect::<Vec<_>>());
        let wide = v.reshape(&[1, 6]).unwrap().broadcast_to(&[3, 6]).unwrap();
        let got = Generator::new(34)
            .permutation_of(&wide)
            .unwrap()
            .to_vec()
            .unwrap();
        assert_eq!(got, wide.to_vec().unwrap());
        let empty = Array::<f64>::zeros(&dev, &[0, 4]).unwrap();
        assert_eq!(
            Generator::new(3).permutation_of(&empty).unwrap().shape(),
            &[0, 4]
        );
    }
}

#[test]
fn choice_follows_its_documented_method() {
    for dev in devices() {
        let a = Array::from_vec(&dev, &[6, 2], (0..12).map(|v| v as f32).collect()).unwrap();
        let row = |i: i64| vec![2.0 * i as f32, 2.0 * i as f32 + 1.0];
        // With replacement, uniform: integers(0, 6).
        let idx = Generator::new(40)
            .integers(&dev, 0i64, 6, &[7])
            .unwrap()
            .to_vec()
            .unwrap();
        let got = Generator::new(40).choice(&a, &[7], true, None).unwrap();
        assert_eq!(got.shape(), &[7, 2]);
        assert_eq!(
            got.to_vec().unwrap(),
            idx.iter().flat_map(|&i| row(i)).collect::<Vec<_>>()
        );
        // Without replacement: the first samples of permutation(6).
        let perm = Generator::new(41)
            .permutation(&dev, 6)
            .unwrap()
            .to_vec()
            .unwrap();
        let got = Generator::new(41).choice(&a, &[2, 2], false, None).unwrap();
        assert_eq!(got.shape(), &[2, 2, 2]);
        assert_eq!(
            got.to_vec().unwrap(),
            perm[..4].iter().flat_map(|&i| row(i)).collect::<Vec<_>>()
        );
        // With replacement and p: search of random * sum(p) in the cumulative sums.
        let pv = vec![0.1, 0.0, 0.6, 0.0, 0.3, 0.0];
        let p = Array::from_vec(&dev, &[6], pv.clone()).unwrap();
        let u = Generator::new(42)
            .random::<f64>(&dev, &[50])
            .unwrap()
            .to_vec()
            .unwrap();
        let mut cdf = pv.clone();
        for i in 1..6 {
            cdf[i] += cdf[i - 1];
        }
        let want: Vec<i64> = u
            .iter()
            .map(|&u| cdf.iter().position(|&c| c > u * cdf[5]).unwrap() as i64)
            .collect();
        let got = Generator::new(42)
            .choice_range(&dev, 6, &[50], true, Some(&p))
            .unwrap();
        assert_eq!(got.to_vec().unwrap(), want);
        // Without replacement and p: the smallest Efraimidis-Spirakis keys.
        use kernels_std::random::exact_math::ln_unit;
        let w = Generator::new(43)
            .random_raw(&dev, &[6])
            .unwrap()
            .to_vec()
            .unwrap();
        let keys: Vec<u64> = w
            .iter()
            .zip(&pv)
            .map(|(&w, &p)| {
                let e = 0.0 - ln_unit(1.0 - kernels::unit_f64(w));
                if p > 0.0 {
                    (e / p).to_bits()
                } else {
                    u64::MAX
                }
            })
            .collect();
        let want = host_argsort(&keys)[..3].to_vec();
        let got = Generator::new(43)
            .choice_range(&dev, 6, &[3], false, Some(&p))
            .unwrap();
        assert_eq!(got.to_vec().unwrap(), want);
    }
}

/// The cumulative sums as the kernels define them: in order within chunks of `CDF_CHUNK`, each
/// chunk's offset the in-order sum of the chunk sums before it.
fn host_chunked_cdf(p: &[f64]) -> (Vec<f64>, f64) {
    let chunk = kernels::CDF_CHUNK as usize;
    let mut cdf = vec![0.0; p.len()];
    let mut offset = 0.0;
    for (c, part) in p.chunks(chunk).enumerate() {
        let mut sum = 0.0;
        for (i, v) in part.iter().enumerate() {
            sum += v;
            cdf[c * chunk + i] = if c == 0 { sum } else { offset + sum };
        }
        offset += sum;
    }
    (cdf, offset)
}

#[test]
fn cumulative_probabilities_are_chunked_sums_whatever_the_launch() {
    for dev in devices() {
        let n = 2 * kernels::CDF_CHUNK as usize + 1809;
        let mut raw: Vec<f64> = (0..n).map(|i| ((i * 7919) % 1000) as f64 + 0.25).collect();
        raw[17] = 0.0;
        let total: f64 = raw.iter().sum();
        let pv: Vec<f64> = raw.iter().map(|v| v / total).collect();
        let (want, want_total) = host_chunked_cdf(&pv);
        assert_eq!(want[n - 1], want_total);
        let p = Array::from_vec(&dev, &[n], pv.clone()).unwrap();
        let count = n.div_ceil(kernels::CDF_CHUNK as usize);
        for cfg in launch_shapes() {
            let mut cdf = Array::<f64>::zeros(&dev, &[n]).unwrap();
            let mut chunks = Array::<f64>::zeros(&dev, &[3 * count]).unwrap();
            let mut stats = Array::<f64>::zeros(&dev, &[3]).unwrap();
            let chunk = kernels::CDF_CHUNK;
            kernels::cdf_chunks::launch(&cfg, &p, &mut cdf, &mut chunks, chunk).unwrap();
            kernels::cdf_offsets::launch(&cfg, &mut chunks, &mut stats).unwrap();
            kernels::cdf_add_offsets::launch(&cfg, &mut cdf, &chunks, chunk).unwrap();
            assert_eq!(
                bits_f64(&cdf),
                want.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            );
            let positive = (n - 1) as f64;
            assert_eq!(
                stats.to_vec().unwrap(),
                vec![want_total, 0.0, positive],
                "{cfg:?}"
            );
        }
        // choice with these probabilities: the search of random * total in these sums.
        let u = Generator::new(44)
            .random::<f64>(&dev, &[300])
            .unwrap()
            .to_vec()
            .unwrap();
        let expect: Vec<i64> = u
            .iter()
            .map(|&u| want.iter().position(|&c| c > u * want_total).unwrap() as i64)
            .collect();
        let got = Generator::new(44)
            .choice_range(&dev, n, &[300], true, Some(&p))
            .unwrap();
        assert_eq!(got.to_vec().unwrap(), expect);
        assert!(!expect.contains(&17));
    }
}

#[test]
fn choice_statistics() {
    let dev = Device::cpu();
    let pv = vec![0.1, 0.0, 0.6, 0.3];
    let p = Array::from_vec(&dev, &[4], pv.clone()).unwrap();
    let n = 100_000;
    let got = Generator::new(300)
        .choice_range(&dev, 4, &[n], true, Some(&p))
        .unwrap()
        .to_vec()
        .unwrap();
    let mut counts = [0usize; 4];
    got.iter().for_each(|&i| counts[i as usize] += 1);
    assert_eq!(counts[1], 0, "an index of probability 0 was drawn");
    for (i, &pi) in pv.iter().enumerate() {
        let sigma = (n as f64 * pi * (1.0 - pi)).sqrt();
        within_6_sigma(
            counts[i] as f64,
            n as f64 * pi,
            sigma,
            &format!("count of {i}"),
        );
    }
    // Without replacement: the first draw follows p, the second draw is another element.
    let mut rng = Generator::new(301);
    let trials = 2000;
    let mut first = [0usize; 4];
    for _ in 0..trials {
        let s = rng
            .choice_range(&dev, 4, &[2], false, Some(&p))
            .unwrap()
            .to_vec()
            .unwrap();
        assert!(s[0] != s[1] && s[0] != 1 && s[1] != 1, "{s:?}");
        first[s[0] as usize] += 1;
    }
    for (i, &pi) in pv.iter().enumerate() {
        let sigma = (trials as f64 * pi * (1.0 - pi)).sqrt();
        within_6_sigma(
            first[i] as f64,
            trials as f64 * pi,
            sigma,
            &format!("first draw {i}"),
        );
    }
    // Uniform, without replacement: all distinct, each element equally likely to be in it.
    let s = Generator::new(302)
        .choice_range(&dev, 1000, &[1000], false, None)
        .unwrap()
        .to_vec()
        .unwrap();
    let mut sorted = s.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..1000).collect::<Vec<i64>>());
}

#[test]
fn choice_and_permutation_errors() {
    let dev = Device::cpu();
    let mut rng = Generator::new(1);
    let a = Array::from_vec(&dev, &[3], vec![1i8, 2, 3]).unwrap();
    let text = |r: Result<Array<i8>, Error>| r.unwrap_err().to_string();
    let e = text(rng.choice(&a, &[4], false, None));
    assert!(
        e.contains("larger sample") && e.contains("(4)") && e.contains("(3)"),
        "{e}"
    );
    let p = |v: Vec<f64>| Array::from_vec(&dev, &[v.len()], v).unwrap();
    let e = text(rng.choice(&a, &[2], true, Some(&p(vec![0.5, 0.2, 0.2]))));
    assert!(e.contains("do not sum to 1"), "{e}");
    let e = text(rng.choice(&a, &[2], true, Some(&p(vec![1.5, -0.5, 0.0]))));
    assert!(e.contains("non-negative"), "{e}");
    let e = text(rng.choice(&a, &[2], true, Some(&p(vec![f64::NAN, 0.5, 0.5]))));
    assert!(e.contains("non-negative and finite"), "{e}");
    let e = text(rng.choice(&a, &[2], true, Some(&p(vec![0.5, 0.5]))));
    assert!(e.contains("p must be 1-d"), "{e}");
    let e = text(rng.choice(&a, &[2], false, Some(&p(vec![0.0, 1.0, 0.0]))));
    assert!(e.contains("fewer non-zero entries"), "{e}");
    // Within NumPy's tolerance, sqrt(eps): accepted.
    assert!(rng
        .choice(&a, &[2], true, Some(&p(vec![0.5, 0.5, 1e-9])))
        .is_ok());
    let empty = Array::<i8>::zeros(&dev, &[0]).unwrap();
    let e = text(rng.choice(&empty, &[1], true, None));
    assert!(e.contains("cannot be empty"), "{e}");
    assert_eq!(rng.choice(&empty, &[0], false, None).unwrap().shape(), &[0]);
    let zero_d = Array::scalar(&dev, 1i8).unwrap();
    assert!(rng.choice(&zero_d, &[1], true, None).is_err());
    assert!(rng.permutation_of(&zero_d).is_err());
    let mut z = zero_d.clone();
    assert!(rng.shuffle(&mut z).is_err());
}

#[test]
fn every_sampling_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::raw::verify;
    use array_runtime::cuda::verify::nvrtc_or_skip;
    if !nvrtc_or_skip("random sampling kernels").unwrap() {
        return;
    }
    for def in [
        &kernels::cdf_chunks::DEF,
        &kernels::cdf_offsets::DEF,
        &kernels::cdf_add_offsets::DEF,
        &kernels::sample_cdf::DEF,
        &kernels::weighted_keys::DEF,
    ] {
        verify(def, &[]).unwrap_or_else(|e| panic!("{}: {e}", def.name));
    }
}

// ---------------------------------------------------------------------------------------------
// The CUDA C of the device functions, compiled as host C++ by g++ (as CUDA compiles it: no FMA
// contraction), computes the bits of the native twin: the CPU == GPU argument, checked without
// a GPU. Skipped when g++ or the source tree (the runtime's prelude) is missing.

/// A deterministic stream of test words (SplitMix64), independent of the code under test.
fn splitmix(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn device_functions_as_host_cpp_match_the_twins() {
    use kernels::{bounded, box_muller, exponential_of, unit_f32};
    use kernels_std::random::philox::philox_words;
    use std::fmt::Write as _;
    use std::process::Command;

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let prelude = root.join("array-runtime/src/cuda/prelude.cuh");
    let shim = root.join("array-runtime/src/cuda/host/include/cuda_fp16.h");
    let gxx = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !gxx || !prelude.exists() || !shim.exists() {
        eprintln!("skipped: needs g++ and the source tree");
        return;
    }
    let mut src = format!(
        "#include \"{}\"\n#include \"{}\"\n#include <cstdio>\n",
        shim.display(),
        prelude.display()
    );
    for part in [
        kernels::box_muller::KX_CUDA,
        kernels::exponential_of::KX_CUDA,
        kernels_std::random::philox::philox_words::KX_CUDA,
        kernels::bounded::KX_CUDA,
        kernels::unit_f32::KX_CUDA,
    ] {
        src.push_str(part);
        src.push('\n');
    }
    src.push_str(
        r#"
static unsigned long long rd() { unsigned long long w = 0; if (std::scanf("%llx", &w) != 1) kx::trap(); return w; }
static unsigned long long bits(double x) { return kx::bits_of<double>::to(x); }
int main() {
    unsigned long long n = rd();
    for (unsigned long long r = 0; r < n; ++r) {
        unsigned long long a = rd(), b = rd(), c = rd(), d = rd();
        auto z = kxd_box_muller(a, b);
        auto w = kxd_philox_words((unsigned int)c, (unsigned int)(c >> 32), a, (unsigned int)d);
        std::printf("%llx %llx %llx %llx %llx %llx %llx\n", bits(z.f0), bits(z.f1),
            bits(kxd_exponential_of(a)), w.f0, w.f1,
            kxd_bounded((unsigned int)c, (unsigned int)(c >> 32), a, (unsigned int)(d & 1), b, d),
            (unsigned long long)kx::bits_of<float>::to(kxd_unit_f32(a)));
    }
    return 0;
}
"#,
    );
    let dir = std::env::temp_dir().join(format!("kx-random-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cpp, exe) = (dir.join("random.cpp"), dir.join("random"));
    std::fs::write(&cpp, &src).unwrap();
    let out = Command::new("g++")
        .args([
            "-std=c++17",
            "-O1",
            "-ffp-contract=off",
            "-fno-fast-math",
            "-w",
            "-o",
        ])
        .arg(&exe)
        .arg(&cpp)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "g++: {}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Rows (a, b, c, d): random words, and edges (0, all ones, ranges of 1 and 2^63 + 1,
    // range 0 = 2^64).
    let mut seed = 7u64;
    let mut rows: Vec<[u64; 4]> = (0..2000)
        .map(|_| {
            let mut r = [0; 4];
            r.iter_mut().for_each(|v| *v = splitmix(&mut seed));
            r[3] = match r[3] % 4 {
                0 => r[3] >> 60,
                1 => (r[3] >> 20) + 1,
                2 => (1 << 63) + (r[3] >> 62),
                _ => r[3],
            };
            r
        })
        .collect();
    rows.extend([
        [0, 0, 0, 1],
        [u64::MAX, u64::MAX, u64::MAX, 0],
        [0, u64::MAX, 1, (1 << 63) + 1],
    ]);
    let mut input = format!("{:x}\n", rows.len());
    for r in &rows {
        let _ = writeln!(input, "{:x} {:x} {:x} {:x}", r[0], r[1], r[2], r[3]);
    }
    // The input from a file: a pipe both ways could fill up and block both processes.
    let input_file = dir.join("input.txt");
    std::fs::write(&input_file, input).unwrap();
    let out = Command::new(&exe)
        .stdin(std::fs::File::open(&input_file).unwrap())
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows.len());
    for (r, line) in rows.iter().zip(lines) {
        let got: Vec<u64> = line
            .split(' ')
            .map(|w| u64::from_str_radix(w, 16).unwrap())
            .collect();
        let [a, b, c, d] = *r;
        let z = box_muller(a, b);
        let w = philox_words(c as u32, (c >> 32) as u32, a, d as u32);
        let want = vec![
            z.0.to_bits(),
            z.1.to_bits(),
            exponential_of(a).to_bits(),
            w.0,
            w.1,
            bounded(c as u32, (c >> 32) as u32, a, (d & 1) as u32, b, d),
            u64::from(unit_f32(a).to_bits()),
        ];
        assert_eq!(got, want, "row {r:x?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The distributions' samplers: launch-shape independence, the documented stream, NVRTC, the
// CUDA C as host C++, broadcasting and NumPy's errors. (Their laws are checked against SciPy
// in tests/random_distributions.rs.)

use kernels_std::random::kernels::{ContinuousKind as CK, DiscreteKind as DK};
use kernels_std::random::{
    CheckValid, CovarianceMethod, HypergeometricMethod, MultivariateNormalOptions, Param, Size,
};

/// Parameter sets `(a, b, c)` of each continuous kind, covering its samplers' branches (and a
/// NaN, which gives NaN).
fn continuous_sets(kind: CK) -> Vec<[f64; 3]> {
    let nan = f64::NAN;
    let v: &[[f64; 3]] = match kind {
        CK::Gamma => &[
            [0.3, 2.0, 0.0],
            [1.0, 1.0, 0.0],
            [2.5, 0.5, 0.0],
            [60.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
            [nan, 1.0, 0.0],
        ],
        CK::Beta => &[
            [0.5, 0.7, 0.0],
            [0.05, 0.08, 0.0],
            [2.0, 5.0, 0.0],
            [0.5, 3.0, 0.0],
            [1e-3, 2e-3, 0.0],
        ],
        CK::Chisquare => &[[0.5, 0.0, 0.0], [4.0, 0.0, 0.0]],
        CK::F => &[[5.0, 10.0, 0.0], [0.5, 3.0, 0.0]],
        CK::StandardT => &[[1.0, 0.0, 0.0], [3.5, 0.0, 0.0], [30.0, 0.0, 0.0]],
        CK::NoncentralChisquare => &[[0.5, 2.0, 0.0], [3.0, 1.5, 0.0], [2.0, 0.0, 0.0]],
        CK::NoncentralF => &[[3.0, 10.0, 2.0], [0.7, 5.0, 4.0]],
        CK::Gumbel => &[[1.0, 2.0, 0.0]],
        CK::Laplace => &[[0.0, 1.5, 0.0]],
        CK::Logistic => &[[2.0, 0.5, 0.0]],
        CK::Lognormal => &[[0.5, 0.8, 0.0]],
        CK::Pareto => &[[3.0, 0.0, 0.0], [0.7, 0.0, 0.0]],
        CK::Power => &[[0.5, 0.0, 0.0], [3.0, 0.0, 0.0]],
        CK::Rayleigh => &[[2.0, 0.0, 0.0]],
        CK::StandardCauchy => &[[0.0, 0.0, 0.0]],
        CK::Triangular => &[[0.0, 0.3, 2.0], [-1.0, -1.0, 1.0]],
        CK::Vonmises => &[
            [1.0, 0.5, 0.0],
            [-2.0, 20.0, 0.0],
            [3.0, 2e-6, 0.0],
            [0.5, 1e-9, 0.0],
            [-3.0, 4e6, 0.0],
        ],
        CK::Wald => &[[1.0, 3.0, 0.0], [2.0, 0.5, 0.0], [1e10, 1e-10, 0.0]],
        CK::Weibull => &[[0.5, 0.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
    };
    v.to_vec()
}

/// Parameter sets `(ia, ib, ic, fa, fb)` of each discrete kind.
fn discrete_sets(kind: DK) -> Vec<([i64; 3], [f64; 2])> {
    let i = |a: i64| [a, 0, 0];
    match kind {
        DK::Binomial => vec![
            (i(20), [0.3, 0.0]),
            (i(1000), [0.4, 0.0]),
            (i(100), [0.9, 0.0]),
            (i(0), [0.5, 0.0]),
            (i(7), [1.0, 0.0]),
            (i(1_000_000), [0.5, 0.0]),
        ],
        DK::Geometric => [0.3, 0.9, 0.001, 1.0].map(|p| (i(0), [p, 0.0])).to_vec(),
        DK::Hypergeometric => vec![
            ([5, 8, 4], [0.0; 2]),
            ([50, 80, 30], [0.0; 2]),
            ([500, 100, 595], [0.0; 2]),
            ([2000, 1000, 1500], [0.0; 2]),
            ([0, 5, 3], [0.0; 2]),
        ],
        DK::Logseries => [0.3, 0.9, 0.999, 0.0].map(|p| (i(0), [p, 0.0])).to_vec(),
        DK::NegativeBinomial => vec![(i(0), [3.5, 0.4]), (i(0), [0.7, 0.05]), (i(0), [2.0, 1.0])],
        DK::Poisson => [0.5, 7.0, 15.0, 1000.0, 1e7, 0.0]
            .map(|l| (i(0), [l, 0.0]))
            .to_vec(),
        DK::Zipf => [1.5, 3.0, 2.0, 2000.0].map(|a| (i(0), [a, 0.0])).to_vec(),
    }
}

/// Element `i` of a parameter column: set `i % sets`.
fn column<T: DType>(dev: &Device, n: usize, values: &[T]) -> Array<T> {
    let v: Vec<T> = (0..n).map(|i| values[i % values.len()]).collect();
    Array::from_vec(dev, &[n], v).unwrap()
}

/// The generator's method of `kind` with array parameters (every element its own).
fn continuous_method(
    rng: &mut Generator,
    dev: &Device,
    kind: CK,
    p: &[Array<f64>; 3],
) -> Array<f64> {
    let (a, b, c) = (&p[0], &p[1], &p[2]);
    let none = Size::BROADCAST;
    match kind {
        CK::Gamma => rng.gamma(dev, a, b, none),
        CK::Beta => rng.beta(dev, a, b, none),
        CK::Chisquare => rng.chisquare(dev, a, none),
        CK::F => rng.f(dev, a, b, none),
        CK::StandardT => rng.standard_t(dev, a, none),
        CK::NoncentralChisquare => rng.noncentral_chisquare(dev, a, b, none),
        CK::NoncentralF => rng.noncentral_f(dev, a, b, c, none),
        CK::Gumbel => rng.gumbel(dev, a, b, none),
        CK::Laplace => rng.laplace(dev, a, b, none),
        CK::Logistic => rng.logistic(dev, a, b, none),
        CK::Lognormal => rng.lognormal(dev, a, b, none),
        CK::Pareto => rng.pareto(dev, a, none),
        CK::Power => rng.power(dev, a, none),
        CK::Rayleigh => rng.rayleigh(dev, a, none),
        CK::StandardCauchy => rng.standard_cauchy(dev, a.shape()),
        CK::Triangular => rng.triangular(dev, a, b, c, none),
        CK::Vonmises => rng.vonmises(dev, a, b, none),
        CK::Wald => rng.wald(dev, a, b, none),
        CK::Weibull => rng.weibull(dev, a, none),
    }
    .unwrap_or_else(|e| panic!("{kind:?}: {e}"))
}

fn discrete_method(
    rng: &mut Generator,
    dev: &Device,
    kind: DK,
    i: &[Array<i64>; 3],
    f: &[Array<f64>; 2],
) -> Array<i64> {
    let none = Size::BROADCAST;
    match kind {
        DK::Binomial => rng.binomial(dev, &i[0], &f[0], none),
        DK::Geometric => rng.geometric(dev, &f[0], none),
        DK::Hypergeometric => rng.hypergeometric(dev, &i[0], &i[1], &i[2], none),
        DK::Logseries => rng.logseries(dev, &f[0], none),
        DK::NegativeBinomial => rng.negative_binomial(dev, &f[0], &f[1], none),
        DK::Poisson => rng.poisson(dev, &f[0], none),
        DK::Zipf => rng.zipf(dev, &f[0], none),
    }
    .unwrap_or_else(|e| panic!("{kind:?}: {e}"))
}

/// The launch shapes of the sampler tests: those of [`launch_shapes`] but the 4096 blocks
/// (which cost the CPU emulator half a million threads per launch; more threads than work is
/// covered by 2 x 1024).
fn sampler_launch_shapes() -> Vec<LaunchConfig> {
    launch_shapes()
        .into_iter()
        .filter(|c| c.grid.x < 4096)
        .collect()
}

#[test]
fn samplers_do_not_depend_on_the_launch_shape() {
    let n = 301;
    let key = [0x1234_5678, 0x9ABC_DEF0];
    for dev in devices() {
        for kind in CK::ALL {
            let sets = continuous_sets(kind);
            let p: [Array<f64>; 3] = std::array::from_fn(|k| {
                column(&dev, n, &sets.iter().map(|s| s[k]).collect::<Vec<_>>())
            });
            let want = continuous_method(&mut Generator::from_key(key, 77), &dev, kind, &p);
            let want = bits_f64(&want);
            for (i, s) in sets.iter().enumerate() {
                // NaN parameters give NaN, the others numbers.
                let nan = s.iter().any(|v| v.is_nan());
                assert_eq!(f64::from_bits(want[i]).is_nan(), nan, "{kind:?} {s:?}");
            }
            for cfg in sampler_launch_shapes() {
                let mut o = Array::<f64>::zeros(&dev, &[n]).unwrap();
                let params = [&p[0], &p[1], &p[2]];
                kernels::launch_continuous(&cfg, &mut o, kind, params, key, 77).unwrap();
                assert_eq!(bits_f64(&o), want, "{kind:?} {cfg:?} on {dev}");
            }
        }
        for kind in DK::ALL {
            let sets = discrete_sets(kind);
            let ints: [Array<i64>; 3] = std::array::from_fn(|k| {
                column(&dev, n, &sets.iter().map(|s| s.0[k]).collect::<Vec<_>>())
            });
            let floats: [Array<f64>; 2] = std::array::from_fn(|k| {
                column(&dev, n, &sets.iter().map(|s| s.1[k]).collect::<Vec<_>>())
            });
            let want = discrete_method(
                &mut Generator::from_key(key, 77),
                &dev,
                kind,
                &ints,
                &floats,
            )
            .to_vec()
            .unwrap();
            for cfg in sampler_launch_shapes() {
                let mut o = Array::<i64>::zeros(&dev, &[n]).unwrap();
                kernels::discrete::launch(
                    &cfg,
                    &mut o,
                    kind as u32,
                    &ints[0],
                    &ints[1],
                    &ints[2],
                    &floats[0],
                    &floats[1],
                    key[0],
                    key[1],
                    77,
                )
                .unwrap();
                assert_eq!(o.to_vec().unwrap(), want, "{kind:?} {cfg:?} on {dev}");
            }
        }
        // The row kernels: dirichlet (both methods), multinomial, multivariate hypergeometric.
        let rows = 37;
        for alpha in [vec![1.0, 2.5, 0.0, 7.0], vec![0.05, 0.0, 0.02]] {
            let k = alpha.len();
            let a = Array::from_vec(&dev, &[k], alpha.clone()).unwrap();
            let want = Generator::from_key(key, 5)
                .dirichlet(&dev, &a, &[rows])
                .unwrap();
            let mut csum = Array::<f64>::zeros(&dev, &[k]).unwrap();
            kernels::suffix_sums::launch(&LaunchConfig::new(2, 3), &a, &mut csum).unwrap();
            let stick = u32::from(alpha.iter().all(|&v| v < 0.1));
            for cfg in sampler_launch_shapes() {
                let mut o = Array::<f64>::zeros(&dev, &[rows, k]).unwrap();
                kernels::dirichlet_rows::launch(&cfg, &mut o, &a, &csum, stick, key[0], key[1], 5)
                    .unwrap();
                assert_eq!(bits_f64(&o), bits_f64(&want), "dirichlet {alpha:?} {cfg:?}");
            }
        }
        let pv = Array::from_vec(&dev, &[4], vec![0.1, 0.5, 0.0, 0.4]).unwrap();
        let nv = column(&dev, rows, &[10i64, 0, 1000, 100_000]);
        let want = Generator::from_key(key, 9)
            .multinomial(&dev, &nv, &pv, None)
            .unwrap();
        assert_eq!(want.shape(), &[rows, 4]);
        let colors = Array::from_vec(&dev, &[3], vec![30i64, 0, 100]).unwrap();
        let marg = Generator::from_key(key, 11)
            .multivariate_hypergeometric(
                &dev,
                &colors,
                40,
                &[rows],
                HypergeometricMethod::Marginals,
            )
            .unwrap();
        let count = Generator::from_key(key, 11)
            .multivariate_hypergeometric(&dev, &colors, 40, &[rows], HypergeometricMethod::Count)
            .unwrap();
        for cfg in sampler_launch_shapes() {
            let mut o = Array::<i64>::zeros(&dev, &[rows, 4]).unwrap();
            kernels::multinomial_rows::launch(&cfg, &mut o, &nv, &pv, 4, key[0], key[1], 9)
                .unwrap();
            assert_eq!(
                o.to_vec().unwrap(),
                want.to_vec().unwrap(),
                "multinomial {cfg:?}"
            );
            for (method, want) in [(0u32, &marg), (1, &count)] {
                let mut o = Array::<i64>::zeros(&dev, &[rows, 3]).unwrap();
                kernels::multivariate_hypergeometric_rows::launch(
                    &cfg, &mut o, &colors, 130, 40, method, key[0], key[1], 11,
                )
                .unwrap();
                assert_eq!(
                    o.to_vec().unwrap(),
                    want.to_vec().unwrap(),
                    "mvh {method} {cfg:?}"
                );
            }
        }
    }
}

/// A few samplers against their documented formulas, computed here from the stream's words
/// with the same exact functions (the layout of `kernels::draw`: element `i`, part `sub`,
/// draw `j`).
#[test]
fn samplers_follow_the_documented_stream() {
    use kernels_std::random::exact_math::{ln, sincos_turns};
    use kernels_std::random::kernels::{draw, unit_f64, unit_open};
    let dev = Device::cpu();
    let key = [3, 4];
    let n = 9;
    let word = |i: u64, sub: u32, j: u32| draw(key[0], key[1], 20 + i / 2, (i % 2) as u32, sub, j);
    let cauchy = Generator::from_key(key, 20)
        .standard_cauchy(&dev, &[n])
        .unwrap()
        .to_vec()
        .unwrap();
    let gumbel = Generator::from_key(key, 20)
        .gumbel(&dev, 1.0, 2.0, &[n])
        .unwrap()
        .to_vec()
        .unwrap();
    let expo = Generator::from_key(key, 20)
        .standard_gamma::<f64>(&dev, 1.0, &[n])
        .unwrap()
        .to_vec()
        .unwrap();
    let geo = Generator::from_key(key, 20)
        .geometric(&dev, 0.25, &[n])
        .unwrap()
        .to_vec()
        .unwrap();
    for i in 0..n as u64 {
        let (s, c) = sincos_turns(0.5 * unit_open(word(i, 0, 0)));
        assert_eq!(
            cauchy[i as usize].to_bits(),
            (c / s).to_bits(),
            "cauchy {i}"
        );
        let g = 1.0 - 2.0 * ln(0.0 - ln(unit_open(word(i, 0, 0))));
        assert_eq!(gumbel[i as usize].to_bits(), g.to_bits(), "gumbel {i}");
        let e = 0.0 - ln(1.0 - unit_f64(word(i, 0, 0)));
        assert_eq!(expo[i as usize].to_bits(), e.to_bits(), "gamma(1) {i}");
        let k = (ln(1.0 - unit_f64(word(i, 0, 0))) / kernels_std::random::exact_math::log1p(-0.25))
            .ceil();
        assert_eq!(geo[i as usize], (k as i64).max(1), "geometric {i}");
    }
    // The first word of element i is random_raw's word i.
    let raw = Generator::from_key(key, 20)
        .random_raw(&dev, &[n])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!((0..n as u64).all(|i| raw[i as usize] == word(i, 0, 0)));
    // Each call takes ceil(n / 2) blocks, like the other routines.
    let mut rng = Generator::from_key(key, 20);
    rng.gamma(&dev, 3.0, 1.0, &[n]).unwrap();
    rng.binomial(&dev, 100, 0.5, &[n, 1]).unwrap();
    assert_eq!(rng.offset(), 20 + 2 * (n as u64).div_ceil(2));
}

#[test]
fn every_sampler_kernel_compiles_with_nvrtc() {
    use array_runtime::cuda::{raw::verify, verify::nvrtc_or_skip};
    use DTypeId::*;
    if !nvrtc_or_skip("random sampler kernels").unwrap() {
        return;
    }
    for dt in [F32, F64] {
        verify(&kernels::check_continuous::DEF, &[dt])
            .unwrap_or_else(|e| panic!("check_continuous {dt}: {e}"));
    }
    for def in [
        &kernels::gamma_variates::DEF,
        &kernels::transformed_variates::DEF,
        &kernels::discrete::DEF,
        &kernels::check_discrete::DEF,
        &kernels::suffix_sums::DEF,
        &kernels::dirichlet_rows::DEF,
        &kernels::multinomial_rows::DEF,
        &kernels::multinomial_checks::DEF,
        &kernels::multivariate_hypergeometric_rows::DEF,
        &kernels::covariance_factor::DEF,
        &kernels::affine_rows::DEF,
    ] {
        verify(def, &[]).unwrap_or_else(|e| panic!("{}: {e}", def.name));
    }
}

/// The CUDA C of the samplers (`continuous_at`, `discrete_at` and every device function they
/// call) and of the exact functions, compiled as host C++ by g++ without FMA contraction,
/// gives the bits of the native twins on every kind and branch: the CPU == GPU argument
/// without a GPU.
#[test]
fn sampler_device_functions_as_host_cpp_match_the_twins() {
    use kernels_std::random::exact_math::{acos, atan, exp, expm1, lgamma, ln, log1p, pow};
    use kernels_std::random::kernels::{continuous_at, discrete_at};
    use std::fmt::Write as _;
    use std::process::Command;

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let prelude = root.join("array-runtime/src/cuda/prelude.cuh");
    let shim = root.join("kernel-macros-tests/tests/host/half_shim.h");
    let gxx = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !gxx || !prelude.exists() || !shim.exists() {
        eprintln!("skipped: needs g++ and the source tree");
        return;
    }
    let mut src = format!(
        "#include \"{}\"\n#include \"{}\"\n#include <cstdio>\n",
        shim.display(),
        prelude.display()
    );
    for part in [
        kernels::continuous_at::KX_CUDA,
        kernels::discrete_at::KX_CUDA,
        kernels_std::random::exact_math::lgamma::KX_CUDA,
        kernels_std::random::exact_math::expm1::KX_CUDA,
        kernels_std::random::exact_math::log1p::KX_CUDA,
        kernels_std::random::exact_math::acos::KX_CUDA,
    ] {
        src.push_str(part);
        src.push('\n');
    }
    src.push_str(
        r#"
static unsigned long long rd() { unsigned long long w = 0; if (std::scanf("%llx", &w) != 1) kx::trap(); return w; }
static double fd() { return kx::from_bits<double>(rd()); }
static unsigned long long bits(double x) { return kx::bits_of<double>::to(x); }
int main() {
    unsigned long long n = rd();
    for (unsigned long long r = 0; r < n; ++r) {
        unsigned long long tag = rd();
        if (tag == 0) {
            unsigned int kind = (unsigned int)rd(); unsigned long long key = rd(), block = rd();
            unsigned int half = (unsigned int)rd(); double a = fd(), b = fd(), c = fd();
            std::printf("%llx\n", bits(kxd_continuous_at(kind, (unsigned int)key, (unsigned int)(key >> 32), block, half, a, b, c)));
        } else if (tag == 1) {
            unsigned int kind = (unsigned int)rd(); unsigned long long key = rd(), block = rd();
            unsigned int half = (unsigned int)rd(); long long ia = (long long)rd(), ib = (long long)rd(), ic = (long long)rd();
            double fa = fd(), fb = fd();
            std::printf("%llx\n", (unsigned long long)kxd_discrete_at(kind, (unsigned int)key, (unsigned int)(key >> 32), block, half, ia, ib, ic, fa, fb));
        } else {
            double x = fd(), y = fd();
            std::printf("%llx %llx %llx %llx %llx %llx %llx %llx\n", bits(kxd_ln(x)), bits(kxd_exp(y)),
                bits(kxd_expm1(y)), bits(kxd_log1p(x)), bits(kxd_pow(x, y)), bits(kxd_lgamma(x)),
                bits(kxd_atan(y)), bits(kxd_acos(x - 1.0)));
        }
    }
    return 0;
}
"#,
    );
    let dir = std::env::temp_dir().join(format!("kx-random-samplers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cpp, exe) = (dir.join("samplers.cpp"), dir.join("samplers"));
    std::fs::write(&cpp, &src).unwrap();
    let out = Command::new("g++")
        .args([
            "-std=c++17",
            "-O0",
            "-ffp-contract=off",
            "-fno-fast-math",
            "-w",
            "-o",
        ])
        .arg(&exe)
        .arg(&cpp)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "g++: {}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Rows: every continuous and discrete kind on each parameter set at 40 elements, and the
    // exact functions on random arguments.
    enum Row {
        C(u32, u64, u64, u32, [f64; 3]),
        D(u32, u64, u64, u32, [i64; 3], [f64; 2]),
        M(f64, f64),
    }
    let mut seed = 11u64;
    let mut rows = Vec::new();
    for kind in CK::ALL {
        for s in continuous_sets(kind) {
            for e in 0..40u64 {
                rows.push(Row::C(
                    kind as u32,
                    splitmix(&mut seed),
                    e / 2 + 1000,
                    (e % 2) as u32,
                    s,
                ));
            }
        }
    }
    for kind in DK::ALL {
        for (i, f) in discrete_sets(kind) {
            for e in 0..40u64 {
                rows.push(Row::D(
                    kind as u32,
                    splitmix(&mut seed),
                    e / 2,
                    (e % 2) as u32,
                    i,
                    f,
                ));
            }
        }
    }
    for _ in 0..3000 {
        let u = (splitmix(&mut seed) >> 11) as f64 / (1u64 << 53) as f64;
        let v = (splitmix(&mut seed) >> 11) as f64 / (1u64 << 53) as f64;
        rows.push(Row::M(
            2.0 * u * (200.0 * v - 100.0).exp(),
            1400.0 * (v - 0.5) * u,
        ));
    }
    let mut input = format!("{:x}\n", rows.len());
    for r in &rows {
        let _ = match r {
            Row::C(k, key, b, h, p) => writeln!(
                input,
                "0 {k:x} {key:x} {b:x} {h:x} {:x} {:x} {:x}",
                p[0].to_bits(),
                p[1].to_bits(),
                p[2].to_bits()
            ),
            Row::D(k, key, b, h, i, f) => writeln!(
                input,
                "1 {k:x} {key:x} {b:x} {h:x} {:x} {:x} {:x} {:x} {:x}",
                i[0],
                i[1],
                i[2],
                f[0].to_bits(),
                f[1].to_bits()
            ),
            Row::M(x, y) => writeln!(input, "2 {:x} {:x}", x.to_bits(), y.to_bits()),
        };
    }
    let input_file = dir.join("input.txt");
    std::fs::write(&input_file, input).unwrap();
    let out = Command::new(&exe)
        .stdin(std::fs::File::open(&input_file).unwrap())
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        rows.len(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (r, line) in rows.iter().zip(lines) {
        let got: Vec<u64> = line
            .split(' ')
            .map(|w| u64::from_str_radix(w, 16).unwrap())
            .collect();
        match r {
            Row::C(k, key, b, h, p) => {
                let x = continuous_at(
                    *k,
                    *key as u32,
                    (key >> 32) as u32,
                    *b,
                    *h,
                    p[0],
                    p[1],
                    p[2],
                );
                assert_eq!(
                    got,
                    vec![x.to_bits()],
                    "continuous kind {k} {p:?} block {b} half {h}"
                );
            }
            Row::D(k, key, b, h, i, f) => {
                let x = discrete_at(
                    *k,
                    *key as u32,
                    (key >> 32) as u32,
                    *b,
                    *h,
                    i[0],
                    i[1],
                    i[2],
                    f[0],
                    f[1],
                );
                assert_eq!(
                    got,
                    vec![x as u64],
                    "discrete kind {k} {i:?} {f:?} block {b}"
                );
            }
            Row::M(x, y) => {
                let want: Vec<u64> = [
                    ln(*x),
                    exp(*y),
                    expm1(*y),
                    log1p(*x),
                    pow(*x, *y),
                    lgamma(*x),
                    atan(*y),
                    acos(x - 1.0),
                ]
                .iter()
                .map(|v| v.to_bits())
                .collect();
                assert_eq!(got, want, "exact math at {x:e}, {y:e}");
            }
        }
    }
}

#[test]
fn parameters_broadcast_with_size_as_in_numpy() {
    let dev = Device::cpu();
    let col = Array::from_vec(&dev, &[2, 1], vec![1.0, 50.0]).unwrap();
    let row = Array::from_vec(&dev, &[3], vec![0.5, 1.0, 2.0]).unwrap();
    let mut rng = Generator::new(60);
    // None: the broadcast shape of the parameters; scalars alone give a 0-d array.
    assert_eq!(rng.gamma(&dev, &col, &row, None).unwrap().shape(), &[2, 3]);
    assert_eq!(
        rng.gamma(&dev, 2.0, 1.0, None).unwrap().shape(),
        &[] as &[usize]
    );
    assert_eq!(
        rng.gamma(&dev, &col, 1.0, &[4, 2, 3]).unwrap().shape(),
        &[4, 2, 3]
    );
    // Shapes that do not broadcast, and a size the parameters do not broadcast to (NumPy's
    // "shape mismatch" and "Output size ... is not compatible").
    let four = Array::from_vec(&dev, &[4], vec![1.0; 4]).unwrap();
    assert!(rng.gamma(&dev, &row, &four, None).is_err());
    let e = rng.gamma(&dev, &col, &row, &[3]).unwrap_err().to_string();
    assert!(e.contains("not compatible"), "{e}");
    assert!(rng.gamma(&dev, &col, 1.0, &[2, 2]).is_ok());
    assert!(rng.gamma(&dev, &col, 1.0, &[2]).is_err());
    // Each element takes its own parameters: a broadcast column gives rows of its scale.
    let x = rng
        .gamma(&dev, 200.0, &col, &[2, 1000])
        .unwrap()
        .to_vec()
        .unwrap();
    let m0 = x[..1000].iter().sum::<f64>() / 1000.0;
    let m1 = x[1000..].iter().sum::<f64>() / 1000.0;
    assert!(
        (m0 / 200.0 - 1.0).abs() < 0.05 && (m1 / 10_000.0 - 1.0).abs() < 0.05,
        "{m0} {m1}"
    );
    // A parameter given as a view (transposed, reversed) broadcasts by its shape.
    let t = Array::from_vec(&dev, &[1, 2], vec![1.0, 50.0]).unwrap().t();
    let a = Generator::new(61).poisson(&dev, &t, &[2, 3]).unwrap();
    let b = Generator::new(61).poisson(&dev, &col, &[2, 3]).unwrap();
    assert_eq!(a.to_vec().unwrap(), b.to_vec().unwrap());
    let rev = Array::from_vec(&dev, &[3], vec![2.0, 1.0, 0.5])
        .unwrap()
        .flip(0)
        .unwrap();
    let a = Generator::new(62).exponential(&dev, &rev, None).unwrap();
    let b = Generator::new(62).exponential(&dev, &row, None).unwrap();
    assert_eq!(a.to_vec().unwrap(), b.to_vec().unwrap());
    // A one-element array is a scalar for every element, as the scalar itself.
    let one = Array::from_vec(&dev, &[1], vec![3.0]).unwrap();
    let a = Generator::new(63).weibull(&dev, &one, &[5]).unwrap();
    let b = Generator::new(63).weibull(&dev, 3.0, &[5]).unwrap();
    assert_eq!(a.to_vec().unwrap(), b.to_vec().unwrap());
    // Integer parameters broadcast the same way.
    let n = Array::from_vec(&dev, &[3], vec![0i64, 10, 1000]).unwrap();
    let x = rng
        .binomial(&dev, &n, 1.0, &[2, 3])
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(x, vec![0, 10, 1000, 0, 10, 1000]);
    // Empty outputs take no block; dtypes of standard_gamma.
    let mut e = Generator::new(64);
    assert_eq!(e.beta(&dev, 1.0, 2.0, &[0, 3]).unwrap().shape(), &[0, 3]);
    assert_eq!(e.offset(), 0);
    let g32 = e.standard_gamma::<f32>(&dev, 2.0, &[3]).unwrap();
    let g64 = Generator::new(64)
        .standard_gamma::<f64>(&dev, 2.0, &[3])
        .unwrap();
    let round: Vec<f32> = g64.to_vec().unwrap().iter().map(|&v| v as f32).collect();
    assert_eq!(
        g32.to_vec().unwrap(),
        round,
        "f32 is the f64 variate rounded"
    );
    let _ = Param::from(1.0);
}

/// NumPy's messages, for each distribution, on scalars and on arrays (the check kernel), and
/// when the output is empty (each parameter checked alone); failed calls take no block.
#[test]
fn distribution_errors_are_numpys() {
    let dev = Device::cpu();
    let mut rng = Generator::new(70);
    let arr = |v: f64| Array::from_vec(&dev, &[3], vec![1.0, v, 1.0]).unwrap();
    let err = |r: Result<Array<f64>>| r.unwrap_err().to_string();
    let ierr = |r: Result<Array<i64>>| r.unwrap_err().to_string();
    let s = &[2];
    let cases: Vec<(String, &str)> = vec![
        (err(rng.gamma(&dev, -1.0, 1.0, s)), "gamma: shape < 0"),
        (
            err(rng.gamma(&dev, 1.0, arr(-1.0), None)),
            "gamma: scale < 0",
        ),
        (
            err(rng
                .standard_gamma::<f32>(&dev, &arr(-2.0), None)
                .map(|_| arr(0.0))),
            "gamma: shape < 0",
        ),
        (err(rng.beta(&dev, 0.0, 1.0, s)), "beta: a <= 0"),
        (err(rng.beta(&dev, 1.0, arr(0.0), None)), "beta: b <= 0"),
        (err(rng.chisquare(&dev, 0.0, s)), "chisquare: df <= 0"),
        (err(rng.f(&dev, 1.0, 0.0, s)), "f: dfden <= 0"),
        (err(rng.standard_t(&dev, -1.0, s)), "standard_t: df <= 0"),
        (
            err(rng.noncentral_chisquare(&dev, 1.0, -1.0, s)),
            "noncentral_chisquare: nonc < 0",
        ),
        (
            err(rng.noncentral_f(&dev, 1.0, 1.0, -1.0, s)),
            "noncentral_f: nonc < 0",
        ),
        (err(rng.gumbel(&dev, 0.0, -1.0, s)), "gumbel: scale < 0"),
        (err(rng.laplace(&dev, 0.0, -1.0, s)), "laplace: scale < 0"),
        (err(rng.logistic(&dev, 0.0, -1.0, s)), "logistic: scale < 0"),
        (
            err(rng.lognormal(&dev, 0.0, -1.0, s)),
            "lognormal: sigma < 0",
        ),
        (err(rng.pareto(&dev, 0.0, s)), "pareto: a <= 0"),
        (err(rng.power(&dev, -1.0, s)), "power: a <= 0"),
        (err(rng.rayleigh(&dev, -1.0, s)), "rayleigh: scale < 0"),
        (
            err(rng.triangular(&dev, 1.0, 0.0, 2.0, s)),
            "triangular: left > mode",
        ),
        (
            err(rng.triangular(&dev, 0.0, 3.0, 2.0, s)),
            "triangular: mode > right",
        ),
        (
            err(rng.triangular(&dev, 1.0, 1.0, 1.0, s)),
            "triangular: left == right",
        ),
        (
            err(rng.triangular(&dev, arr(0.5), 0.8, 0.9, None)),
            "triangular: left > mode",
        ),
        (err(rng.vonmises(&dev, 0.0, -1.0, s)), "vonmises: kappa < 0"),
        (err(rng.wald(&dev, 0.0, 1.0, s)), "wald: mean <= 0"),
        (err(rng.wald(&dev, 1.0, 0.0, s)), "wald: scale <= 0"),
        (err(rng.weibull(&dev, -1.0, s)), "weibull: a < 0"),
        (ierr(rng.binomial(&dev, -1, 0.5, s)), "binomial: n < 0"),
        (
            ierr(rng.binomial(&dev, 5, f64::NAN, s)),
            "binomial: p < 0, p > 1 or p is NaN",
        ),
        (
            ierr(rng.binomial(&dev, 5, arr(1.5), None)),
            "binomial: p < 0, p > 1 or p is NaN",
        ),
        (
            ierr(rng.geometric(&dev, 0.0, s)),
            "geometric: p <= 0, p > 1 or p contains NaNs",
        ),
        (
            ierr(rng.hypergeometric(&dev, 1_000_000_000, 1, 1, s)),
            "hypergeometric: both ngood and nbad must be less than 1000000000",
        ),
        (
            ierr(rng.hypergeometric(&dev, -1, -1, 1, s)),
            "hypergeometric: ngood + nbad < nsample",
        ),
        (
            ierr(rng.hypergeometric(&dev, -1, 5, 1, s)),
            "hypergeometric: ngood < 0",
        ),
        (
            ierr(rng.hypergeometric(&dev, 5, -1, 1, s)),
            "hypergeometric: nbad < 0",
        ),
        (
            ierr(rng.hypergeometric(&dev, 5, 5, -1, s)),
            "hypergeometric: nsample < 0",
        ),
        (
            ierr(rng.logseries(&dev, 1.0, s)),
            "logseries: p < 0, p >= 1 or p is NaN",
        ),
        (
            ierr(rng.negative_binomial(&dev, f64::NAN, 0.5, s)),
            "negative_binomial: n must not be NaN",
        ),
        (
            ierr(rng.negative_binomial(&dev, 0.0, 0.5, s)),
            "negative_binomial: n <= 0",
        ),
        (
            ierr(rng.negative_binomial(&dev, 1.0, 0.0, s)),
            "negative_binomial: p <= 0, p > 1 or p contains NaNs",
        ),
        (
            ierr(rng.negative_binomial(&dev, 1e10, 1e-10, s)),
            "negative_binomial: n too large or p too small, see Generator.negative_binomial Notes",
        ),
        (
            ierr(rng.poisson(&dev, -1.0, s)),
            "poisson: lam < 0 or lam is NaN",
        ),
        (
            ierr(rng.poisson(&dev, 1e19, s)),
            "poisson: lam value too large",
        ),
        (ierr(rng.zipf(&dev, 1.0, s)), "zipf: a <= 1 or a is NaN"),
    ];
    for (got, want) in &cases {
        assert_eq!(got, want);
    }
    // An empty output still checks each parameter's own values (as NumPy).
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    let bad = Array::from_vec(&dev, &[1], vec![-1.0]).unwrap();
    assert_eq!(err(rng.gamma(&dev, &empty, -1.0, None)), "gamma: scale < 0");
    assert_eq!(err(rng.gamma(&dev, &empty, &bad, &[0])), "gamma: scale < 0");
    assert!(rng
        .triangular(&dev, &empty, 0.0, 1.0, None)
        .unwrap()
        .is_empty());
    assert_eq!(
        ierr(rng.poisson(&dev, &bad, &[0])),
        "poisson: lam < 0 or lam is NaN"
    );
    assert_eq!(rng.offset(), 0, "failed calls take no block");
    // Parameters on another device than the call: checked with the device (CPU only here).
    // NaN parameters that pass NumPy's checks give NaN (as NumPy).
    let x = rng
        .gamma(&dev, f64::NAN, 1.0, &[2])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(x.iter().all(|v| v.is_nan()));
    // Edge values: zero shapes, p = 1, zipf of a huge exponent.
    assert_eq!(
        rng.standard_gamma::<f64>(&dev, 0.0, &[2])
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![0.0; 2]
    );
    assert_eq!(
        rng.weibull(&dev, 0.0, &[2]).unwrap().to_vec().unwrap(),
        vec![0.0; 2]
    );
    assert_eq!(
        rng.geometric(&dev, 1.0, &[2]).unwrap().to_vec().unwrap(),
        vec![1; 2]
    );
    assert_eq!(
        rng.negative_binomial(&dev, 2.0, 1.0, &[2])
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![0; 2]
    );
    assert_eq!(
        rng.zipf(&dev, f64::INFINITY, &[2])
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![1; 2]
    );
    assert_eq!(
        rng.logseries(&dev, 0.0, &[2]).unwrap().to_vec().unwrap(),
        vec![1; 2]
    );
    assert_eq!(
        rng.hypergeometric(&dev, 0, 0, 0, &[2])
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![0; 2]
    );
    let g = rng.geometric(&dev, 1e-300, &[2]).unwrap().to_vec().unwrap();
    assert_eq!(g, vec![i64::MAX; 2], "beyond i64: i64::MAX, as NumPy");
}

#[test]
fn multivariate_laws() {
    let dev = Device::cpu();
    let mut rng = Generator::new(80);
    let err = |r: Result<Array<f64>>| r.unwrap_err().to_string();
    let ierr = |r: Result<Array<i64>>| r.unwrap_err().to_string();
    // dirichlet: rows on the simplex, zero concentrations give zeros, both methods.
    for alpha in [
        vec![1.0, 0.0, 3.0],
        vec![0.05, 0.0, 0.02],
        vec![0.0, 0.0],
        vec![0.05],
    ] {
        let a = Array::from_vec(&dev, &[alpha.len()], alpha.clone()).unwrap();
        let x = rng.dirichlet(&dev, &a, &[50]).unwrap().to_vec().unwrap();
        for r in x.chunks(alpha.len()) {
            let total: f64 = r.iter().sum();
            let zero = alpha.iter().all(|&v| v == 0.0);
            assert!(
                (total - if zero { 0.0 } else { 1.0 }).abs() < 1e-12,
                "{alpha:?}: {r:?}"
            );
            assert!(
                r.iter().zip(&alpha).all(|(v, a)| *a > 0.0 || *v == 0.0),
                "{alpha:?}"
            );
        }
    }
    let a = Array::from_vec(&dev, &[2], vec![1.0, -1.0]).unwrap();
    assert_eq!(err(rng.dirichlet(&dev, &a, None)), "dirichlet: alpha < 0");
    let a = Array::from_vec(&dev, &[1, 2], vec![1.0, 1.0]).unwrap();
    assert!(rng.dirichlet(&dev, &a, None).is_err());
    let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(rng.dirichlet(&dev, &empty, &[3]).unwrap().shape(), &[3, 0]);
    // multinomial: counts sum to n, batched pvals, NumPy's checks.
    let p = Array::from_vec(&dev, &[2, 3], vec![0.2, 0.3, 0.5, 1.0, 0.0, 0.0]).unwrap();
    let n = Array::from_vec(&dev, &[4, 1], vec![0i64, 1, 10, 1_000_000]).unwrap();
    let x = rng.multinomial(&dev, &n, &p, None).unwrap();
    assert_eq!(x.shape(), &[4, 2, 3]);
    let x = x.to_vec().unwrap();
    for (r, row) in x.chunks(3).enumerate() {
        let want_n = [0, 1, 10, 1_000_000][r / 2];
        assert_eq!(row.iter().sum::<i64>(), want_n, "row {r}: {row:?}");
        if r % 2 == 1 {
            assert_eq!(row, [want_n, 0, 0]);
        }
    }
    let pv = |v: Vec<f64>| Array::from_vec(&dev, &[v.len()], v).unwrap();
    let e = ierr(rng.multinomial(&dev, 3, &pv(vec![0.6, 0.6, 0.1]), None));
    assert_eq!(e, "multinomial: sum(pvals[:-1]) > 1.0");
    let e = ierr(rng.multinomial(&dev, 3, &pv(vec![f64::NAN, 0.5]), None));
    assert_eq!(
        e,
        "multinomial: pvals < 0, pvals > 1 or pvals contains NaNs"
    );
    assert_eq!(
        ierr(rng.multinomial(&dev, -1, &pv(vec![0.5, 0.5]), None)),
        "multinomial: n < 0"
    );
    assert!(rng.multinomial(&dev, 3, &pv(vec![]), None).is_err());
    // The last probability is what is left, as in NumPy.
    let x = rng
        .multinomial(&dev, 100, &pv(vec![0.2, 0.2]), &[3])
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(x.chunks(2).all(|r| r[0] + r[1] == 100));
    // multivariate_hypergeometric.
    let colors = Array::from_vec(&dev, &[3], vec![2i64, 3, 4]).unwrap();
    for method in [HypergeometricMethod::Marginals, HypergeometricMethod::Count] {
        let x = rng
            .multivariate_hypergeometric(&dev, &colors, 9, &[5], method)
            .unwrap()
            .to_vec()
            .unwrap();
        assert!(x.chunks(3).all(|r| r == [2, 3, 4]), "all items drawn");
        let e = ierr(rng.multivariate_hypergeometric(&dev, &colors, 10, None, method));
        assert_eq!(e, "multivariate_hypergeometric: nsample > sum(colors)");
    }
    let big = Array::from_vec(&dev, &[2], vec![1_000_000_000i64, 1]).unwrap();
    let e =
        ierr(rng.multivariate_hypergeometric(&dev, &big, 5, None, HypergeometricMethod::Marginals));
    assert!(e.contains("must be less than 1000000000"), "{e}");
    assert!(rng
        .multivariate_hypergeometric(&dev, &big, 5, None, HypergeometricMethod::Count)
        .is_ok());
    let neg = Array::from_vec(&dev, &[2], vec![1i64, -1]).unwrap();
    assert!(rng
        .multivariate_hypergeometric(&dev, &neg, 0, None, HypergeometricMethod::Count)
        .is_err());
    assert!(rng
        .multivariate_hypergeometric(&dev, &colors, -1, None, HypergeometricMethod::Count)
        .is_err());
    // multivariate_normal: the three methods agree in law; the checks.
    let mean = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0]).unwrap();
    let cov = Array::from_vec(
        &dev,
        &[3, 3],
        vec![4.0, 1.0, 0.5, 1.0, 2.0, 0.3, 0.5, 0.3, 1.0],
    )
    .unwrap();
    for method in [
        CovarianceMethod::Svd,
        CovarianceMethod::Eigh,
        CovarianceMethod::Cholesky,
    ] {
        let opts = MultivariateNormalOptions {
            method,
            ..Default::default()
        };
        let x = rng
            .multivariate_normal(&dev, &mean, &cov, &[20_000], opts)
            .unwrap()
            .to_vec()
            .unwrap();
        let m: Vec<f64> = (0..3)
            .map(|i| x.iter().skip(i).step_by(3).sum::<f64>() / 20_000.0)
            .collect();
        for i in 0..3 {
            for j in 0..3 {
                let c = (0..20_000)
                    .map(|r| (x[3 * r + i] - m[i]) * (x[3 * r + j] - m[j]))
                    .sum::<f64>()
                    / 20_000.0;
                let want = [4.0, 1.0, 0.5, 1.0, 2.0, 0.3, 0.5, 0.3, 1.0][3 * i + j];
                assert!((c - want).abs() < 0.15, "{method:?} cov[{i}][{j}] = {c}");
            }
        }
    }
    let opts = MultivariateNormalOptions::default();
    let not_psd = Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 2.0, 1.0]).unwrap();
    let m2 = Array::from_vec(&dev, &[2], vec![0.0, 0.0]).unwrap();
    let e = err(rng.multivariate_normal(&dev, &m2, &not_psd, None, opts));
    assert_eq!(
        e,
        "multivariate_normal: covariance is not symmetric positive-semidefinite."
    );
    let ignore = MultivariateNormalOptions {
        check_valid: CheckValid::Ignore,
        ..opts
    };
    assert!(rng
        .multivariate_normal(&dev, &m2, &not_psd, &[2], ignore)
        .is_ok());
    let chol = MultivariateNormalOptions {
        method: CovarianceMethod::Cholesky,
        ..opts
    };
    let singular = Array::from_vec(&dev, &[2, 2], vec![1.0, 1.0, 1.0, 1.0]).unwrap();
    let e = err(rng.multivariate_normal(&dev, &m2, &singular, None, chol));
    assert_eq!(e, "multivariate_normal: Matrix is not positive definite");
    // A singular (rank-1) covariance is fine for svd and eigh: both components equal.
    let x = rng
        .multivariate_normal(&dev, &m2, &singular, &[4], opts)
        .unwrap()
        .to_vec()
        .unwrap();
    assert!(x.chunks(2).all(|r| (r[0] - r[1]).abs() < 1e-12), "{x:?}");
    // A non-symmetric covariance fails the svd check, not the eigh one (which reads the lower
    // triangle), as in NumPy.
    let nonsym = Array::from_vec(&dev, &[2, 2], vec![1.0, 0.5, 0.0, 1.0]).unwrap();
    assert!(rng
        .multivariate_normal(&dev, &m2, &nonsym, None, opts)
        .is_err());
    let eigh = MultivariateNormalOptions {
        method: CovarianceMethod::Eigh,
        ..opts
    };
    assert!(rng
        .multivariate_normal(&dev, &m2, &nonsym, None, eigh)
        .is_ok());
    let e = err(rng.multivariate_normal(&dev, &mean, &not_psd, None, opts));
    assert_eq!(e, "multivariate_normal: mean and cov must have same length");
    assert!(rng
        .multivariate_normal(&dev, &not_psd, &not_psd, None, opts)
        .is_err());
}

#[test]
fn bytes_spawn_permuted_and_axes() {
    let dev = Device::cpu();
    // bytes: the little-endian bytes of the words; an empty request takes no block.
    let mut rng = Generator::new(90);
    assert!(rng.bytes(0).unwrap().is_empty());
    assert_eq!(rng.offset(), 0);
    let b = rng.bytes(17).unwrap();
    let w = Generator::new(90)
        .random_raw(&dev, &[3])
        .unwrap()
        .to_vec()
        .unwrap();
    let want: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).take(17).collect();
    assert_eq!(b, want);
    // spawn: distinct keys, the parent's stream unchanged, reproducible.
    let mut parent = Generator::new(91);
    let kids = parent.spawn(100).unwrap();
    let keys: std::collections::HashSet<[u32; 2]> = kids.iter().map(Generator::key).collect();
    assert_eq!(keys.len(), 100);
    assert!(!keys.contains(&parent.key()));
    assert!(parent.spawn(0).unwrap().is_empty());
    assert_eq!(parent.offset(), 0);
    let again = Generator::new(91).spawn(100).unwrap();
    assert_eq!(kids, again);
    let grandkids = kids[0].clone().spawn(2).unwrap();
    assert!(!keys.contains(&grandkids[0].key()));
    // permuted: each row shuffled on its own (rows differ in order), all elements kept.
    let x = Array::from_vec(&dev, &[50, 8], (0..400).collect::<Vec<i32>>()).unwrap();
    let y = Generator::new(92)
        .permuted(&x, Some(1))
        .unwrap()
        .to_vec()
        .unwrap();
    let orders: std::collections::HashSet<Vec<i32>> = y
        .chunks(8)
        .enumerate()
        .map(|(r, c)| c.iter().map(|v| v - 8 * r as i32).collect())
        .collect();
    assert!(orders.len() > 40, "rows are shuffled independently");
    for (r, c) in y.chunks(8).enumerate() {
        let mut c = c.to_vec();
        c.sort_unstable();
        assert_eq!(c, (8 * r as i32..8 * r as i32 + 8).collect::<Vec<_>>());
    }
    // Along axis 0 of a transposed view, and with no axis.
    let t = x.t();
    let z = Generator::new(93).permuted(&t, Some(0)).unwrap();
    assert_eq!(z.shape(), &[8, 50]);
    let flat = Generator::new(94).permuted(&x, None).unwrap();
    assert_eq!(flat.shape(), &[50, 8]);
    let mut all = flat.to_vec().unwrap();
    all.sort_unstable();
    assert_eq!(all, (0..400).collect::<Vec<i32>>());
    // The stable order of word keys, per slice.
    let keys = Generator::new(95)
        .random_raw(&dev, &[2, 3])
        .unwrap()
        .to_vec()
        .unwrap();
    let v = Array::from_vec(&dev, &[2, 3], vec![10, 11, 12, 20, 21, 22]).unwrap();
    let got = Generator::new(95)
        .permuted(&v, Some(1))
        .unwrap()
        .to_vec()
        .unwrap();
    for r in 0..2 {
        let order = host_argsort(&keys[3 * r..3 * r + 3]);
        let want: Vec<i32> = order
            .iter()
            .map(|&j| 10 * (r as i32 + 1) + j as i32)
            .collect();
        assert_eq!(got[3 * r..3 * r + 3], want[..]);
    }
    let zero_d = Array::scalar(&dev, 1i8).unwrap();
    assert!(Generator::new(1).permuted(&zero_d, None).is_err());
    assert!(Generator::new(1).permuted(&v, Some(2)).is_err());
    // permutation/shuffle along an axis: whole columns move.
    let cols = Generator::new(96)
        .permutation_along(&v, 1)
        .unwrap()
        .to_vec()
        .unwrap();
    let order = Generator::new(96)
        .permutation(&dev, 3)
        .unwrap()
        .to_vec()
        .unwrap();
    let want: Vec<i32> = [10, 20]
        .iter()
        .flat_map(|b| order.iter().map(move |&j| b + j as i32))
        .collect();
    assert_eq!(cols, want);
    let mut s = v.clone();
    Generator::new(96).shuffle_along(&mut s, -1).unwrap();
    assert_eq!(s.to_vec().unwrap(), want);
    assert!(Generator::new(1).permutation_along(&v, -3).is_err());
    assert!(Generator::new(1).permutation_along(&zero_d, 0).is_err());
}
