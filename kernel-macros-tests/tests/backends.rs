//! One conformance suite, instantiated per backend: the CPU always, CUDA when a device is found
//! (skipped with the reason otherwise; a failure when `KERNELS_REQUIRE_GPU=1`, as
//! `scripts/gpu-check` sets), and the CUDA host target when `KERNELS_TEST_CUDA_HOST` is set. Each case runs a generated kernel on the backend and compares it
//! with the native Rust function applied element by element on the host.

use kernels_std::prelude::*;
use kernels_std::s;

#[elementwise]
fn add<T: Num>(x: T, y: T) -> T {
    x + y
}

#[elementwise]
fn select<T: DType>(c: bool, a: T, b: T) -> T {
    if c {
        a
    } else {
        b
    }
}

#[elementwise]
fn poly(x: f64, y: f64) -> (f64, f64) {
    (x * y + 1.0, x - y * 0.5)
}

#[elementwise]
fn smooth(x: f32) -> f32 {
    (x * 0.5).tanh() + x.abs().sqrt()
}

#[reduction]
mod total {
    pub fn map<T: Num>(x: T) -> T {
        x
    }
    pub fn combine<T: Num>(a: T, b: T) -> T {
        a + b
    }
}

#[reduction]
mod weighted {
    pub fn map(x: f64, #[index] i: i64) -> f64 {
        x * (i as f64 + 1.0)
    }
    pub fn combine(a: f64, b: f64) -> f64 {
        a + b
    }
    pub fn identity() -> f64 {
        0.0
    }
}

/// The device of a backend, or `None` (with the reason printed) when it is absent. The CUDA
/// host target (the CUDA backend's modules on the CPU) runs when `KERNELS_TEST_CUDA_HOST` asks.
fn device(name: &str) -> Option<Device> {
    use kernels_std::array_runtime::cuda::host::TestRequest;
    let request = TestRequest::from_env();
    if request == TestRequest::Only && name != "cuda_host" {
        return None;
    }
    match name {
        "cpu" => Some(Device::cpu()),
        "cuda_host" if request.wanted() => {
            Some(Device::cuda_host().expect("KERNELS_TEST_CUDA_HOST: the host target"))
        }
        "cuda_host" => {
            eprintln!("skipped on the CUDA host target: set KERNELS_TEST_CUDA_HOST=1");
            None
        }
        _ => match Device::cuda(0) {
            Ok(d) => Some(d),
            Err(e) if std::env::var_os("KERNELS_REQUIRE_GPU").is_some() => {
                panic!("KERNELS_REQUIRE_GPU is set but no GPU is usable: {e}")
            }
            Err(e) => {
                eprintln!("skipped on cuda: {e}");
                None
            }
        },
    }
}

fn ints(n: usize) -> Vec<i32> {
    (0..n as i32).map(|i| (i * 7919) % 101 - 50).collect()
}

fn floats(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 7919) % 1013) as f64 / 37.0 - 13.0)
        .collect()
}

fn add_every_dtype(dev: &Device) -> Result<()> {
    fn case<T: Num>(dev: &Device, v: Vec<T>) -> Result<()> {
        let n = v.len();
        let a = Array::from_vec(dev, &[n], v.clone())?;
        let rev = a.slice(s![..;-1])?;
        let got = add(&a, &rev)?.to_vec()?;
        let expect: Vec<T> = (0..n).map(|i| v[i] + v[n - 1 - i]).collect();
        assert_eq!(got, expect, "add for {}", T::ID);
        Ok(())
    }
    let n = 1000;
    let small: Vec<i32> = ints(n);
    case(dev, small.iter().map(|&x| x as i8).collect())?;
    case(dev, small.iter().map(|&x| x as i16 * 100).collect())?;
    case(dev, small.clone())?;
    case(
        dev,
        small.iter().map(|&x| x as i64 * 1_000_000_007).collect(),
    )?;
    case(dev, small.iter().map(|&x| (x + 50) as u8).collect())?;
    case(dev, small.iter().map(|&x| (x + 50) as u16).collect())?;
    case(dev, small.iter().map(|&x| (x + 50) as u32).collect())?;
    case(dev, small.iter().map(|&x| (x + 50) as u64).collect())?;
    case(dev, floats(n).iter().map(|&x| f16::from_f64(x)).collect())?;
    case(dev, floats(n).iter().map(|&x| bf16::from_f64(x)).collect())?;
    case(dev, floats(n).iter().map(|&x| x as f32).collect())?;
    case(dev, floats(n))
}

fn select_bool_and_broadcasting(dev: &Device) -> Result<()> {
    let c: Vec<bool> = (0..12).map(|i| i % 3 == 0).collect();
    let cond = Array::from_vec(dev, &[3, 4], c.clone())?;
    let row = Array::from_vec(dev, &[4], vec![1.5f32, 2.5, 3.5, 4.5])?;
    let got = select(&cond, &row, -1.0f32)?.to_vec()?;
    let expect: Vec<f32> = (0..12)
        .map(|i| {
            if c[i] {
                [1.5, 2.5, 3.5, 4.5][i % 4]
            } else {
                -1.0
            }
        })
        .collect();
    assert_eq!(got, expect);
    let flags = select(&cond, true, false)?.to_vec()?;
    assert_eq!(flags, c);
    Ok(())
}

fn strided_views_tuple_results_and_into(dev: &Device) -> Result<()> {
    let v = floats(6 * 5);
    let a = Array::from_vec(dev, &[6, 5], v.clone())?;
    let at = a.t();
    let (p, q) = poly(&at, 2.0)?;
    let atv = at.to_vec()?;
    let (ep, eq): (Vec<f64>, Vec<f64>) = atv.iter().map(|&x| poly::scalar(x, 2.0)).unzip();
    assert_eq!((p.to_vec()?, q.to_vec()?), (ep, eq));
    // into a reversed, strided view of a bigger array
    let mut big = Array::<f64>::zeros(dev, &[6, 10])?;
    let col = Array::from_vec(dev, &[6, 1], floats(6))?;
    let mut out2 = Array::<f64>::zeros(dev, &[6, 5])?;
    poly::into(&col, &a, big.slice_mut(s![.., ..;-2])?, &mut out2)?;
    let bigv = big.to_vec()?;
    for r in 0..6 {
        for c in 0..5 {
            let (x, _) = poly::scalar(floats(6)[r], v[r * 5 + c]);
            assert_eq!(bigv[r * 10 + 9 - 2 * c], x);
            assert_eq!(bigv[r * 10 + 8 - 2 * c], 0.0);
        }
    }
    Ok(())
}

fn transcendental_within_ulps(dev: &Device) -> Result<()> {
    let v: Vec<f32> = floats(4096).iter().map(|&x| x as f32).collect();
    let a = Array::from_vec(dev, &[4096], v.clone())?;
    let got = smooth(&a)?.to_vec()?;
    for (g, &x) in got.iter().zip(&v) {
        let e = smooth::scalar(x);
        let ulps = (g.to_bits() as i64 - e.to_bits() as i64).abs();
        assert!(ulps <= 4, "smooth({x}) = {g}, native {e} ({ulps} ulps)");
    }
    Ok(())
}

fn empty_and_zero_d(dev: &Device) -> Result<()> {
    let e = Array::<i32>::zeros(dev, &[3, 0])?;
    assert_eq!(add(&e, 1)?.shape(), &[3, 0]);
    let z = Array::scalar(dev, 41i64)?;
    assert_eq!(add(&z, 1)?.item()?, 42);
    // reducing the non-empty axis of an empty array: an empty result
    assert_eq!(total(&e).axis(0).run()?.shape(), &[0]);
    Ok(())
}

fn reductions_over_axes(dev: &Device) -> Result<()> {
    let shape = [4usize, 5, 6];
    let v = ints(120);
    let a = Array::from_vec(dev, &shape, v.clone())?;
    let idx = |i: usize, j: usize, k: usize| v[(i * 5 + j) * 6 + k];
    assert_eq!(total(&a).run()?.item()?, v.iter().sum::<i32>());
    let ax0: Vec<i32> = (0..30)
        .map(|jk| (0..4).map(|i| idx(i, jk / 6, jk % 6)).sum())
        .collect();
    assert_eq!(total(&a).axis(0).run()?.to_vec()?, ax0);
    let ax2: Vec<i32> = (0..20)
        .map(|ij| (0..6).map(|k| idx(ij / 5, ij % 5, k)).sum())
        .collect();
    assert_eq!(total(&a).axis(-1).run()?.to_vec()?, ax2);
    let ax1: Vec<i32> = (0..24)
        .map(|ik| (0..5).map(|j| idx(ik / 6, j, ik % 6)).sum())
        .collect();
    let r = total(&a).axis(1).keepdims(true).run()?;
    assert_eq!((r.shape(), r.to_vec()?), (&[4usize, 1, 6][..], ax1));
    // the index runs over the reduced axes in C order
    let f = Array::from_vec(dev, &[2, 3], vec![1.0, 1.0, 1.0, 2.0, 2.0, 2.0])?;
    assert_eq!(weighted(&f).axis(1).run()?.to_vec()?, vec![6.0, 12.0]);
    assert_eq!(
        weighted(f.t()).axis(1).run()?.to_vec()?,
        vec![5.0, 5.0, 5.0]
    );
    // an empty axis: the identity where there is one, an error where there is none
    let e = Array::<f64>::zeros(dev, &[2, 0])?;
    assert_eq!(weighted(&e).axis(1).run()?.to_vec()?, vec![0.0, 0.0]);
    let ei = Array::<i32>::zeros(dev, &[2, 0])?;
    assert!(total(&ei).axis(1).run().is_err());
    // a long reduction crosses every strategy of both backends
    let n = 1 << 20;
    let ones = Array::full(dev, &[n], 1i64)?;
    assert_eq!(total(&ones).run()?.item()?, n as i64);
    Ok(())
}

macro_rules! backend {
    ($backend:ident) => {
        mod $backend {
            fn run(case: fn(&super::Device) -> super::Result<()>) {
                if let Some(dev) = super::device(stringify!($backend)) {
                    case(&dev).unwrap();
                }
            }
            #[test]
            fn add_every_dtype() {
                run(super::add_every_dtype)
            }
            #[test]
            fn select_bool_and_broadcasting() {
                run(super::select_bool_and_broadcasting)
            }
            #[test]
            fn strided_views_tuple_results_and_into() {
                run(super::strided_views_tuple_results_and_into)
            }
            #[test]
            fn transcendental_within_ulps() {
                run(super::transcendental_within_ulps)
            }
            #[test]
            fn empty_and_zero_d() {
                run(super::empty_and_zero_d)
            }
            #[test]
            fn reductions_over_axes() {
                run(super::reductions_over_axes)
            }
        }
    };
}

backend!(cpu);
backend!(cuda);
backend!(cuda_host);
