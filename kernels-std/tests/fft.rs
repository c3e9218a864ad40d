//! `fft` against NumPy and SciPy: the fixtures of `scripts/fixtures/gen_fft_fixtures.py`, on
//! the CPU backend and, when there is one, on CUDA device 0.
//!
//! Accuracy: an FFT's error grows like `eps * log2(n)` times the norm of its input, so the
//! transforms of `lengths.npz` are compared element by element within
//! `BOUND * eps * max(log2 n, 1) * ||x||_2 * scale` (`scale` the normalization factor),
//! which both NumPy's result and ours meet; the small cases within a few ulps or that bound.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::fft::{self, FftComplex, FftReal, Norm};
use kernels_std::io::{self, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::s;

/// The constant of the accuracy bound (NumPy's and our errors add up; measured worst cases
/// are below 2).
const BOUND: f64 = 8.0;

fn npz(name: &str, dev: &Device) -> Npz {
    io::load_npz(fixture(&format!("fft/{name}.npz")), dev)
        .unwrap_or_else(|e| panic!("fixture fft/{name}.npz: {e}"))
}

fn get<T: NpyDType>(f: &Npz, name: &str) -> Array<T> {
    f.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture array {name}: {e}"))
}

/// The deterministic input of `gen_fft_fixtures.py` (`signal`), as complex values.
fn signal(n: usize) -> Vec<c128> {
    (0..n as u64)
        .map(|j| {
            let re = ((j * 7919 + 13) % 1000) as f64 / 500.0 - 1.0;
            let im = ((j * 104729 + 7) % 997) as f64 / 498.5 - 1.0;
            c128::new(re, im)
        })
        .collect()
}

fn norm2(v: &[c128]) -> f64 {
    v.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt()
}

/// Complex values widened to `c128`.
trait Wide: FftComplex {
    fn wide(self) -> c128;
}
impl Wide for c64 {
    fn wide(self) -> c128 {
        c128::new(self.re.into(), self.im.into())
    }
}
impl Wide for c128 {
    fn wide(self) -> c128 {
        self
    }
}

/// Compares `got` at the fixture's sampled indices within the accuracy bound.
#[track_caller]
fn check_sampled<C: Wide>(
    f: &Npz,
    key: &str,
    got: &Array<C>,
    x_norm: f64,
    scale: f64,
    eps: f64,
    n: usize,
) {
    let idx: Vec<i64> = get::<i64>(f, &format!("{key}_idx")).to_vec().unwrap();
    let want: Vec<c128> = get::<c128>(f, &format!("{key}_val")).to_vec().unwrap();
    let got = got.to_vec().unwrap();
    let bound = BOUND * eps * (n as f64).log2().max(1.0) * x_norm * scale;
    for (&i, w) in idx.iter().zip(&want) {
        let g = got[i as usize].wide();
        let err = (g - w).norm();
        assert!(
            err <= bound,
            "{key}: at {i} got {g}, NumPy {w}: error {err:.3e} > bound {bound:.3e}"
        );
    }
}

#[track_caller]
fn check_sampled_real<R: FftReal + Into<f64>>(
    f: &Npz,
    key: &str,
    got: &Array<R>,
    x_norm: f64,
    scale: f64,
    eps: f64,
    n: usize,
) {
    let idx: Vec<i64> = get::<i64>(f, &format!("{key}_idx")).to_vec().unwrap();
    let want: Vec<f64> = get::<f64>(f, &format!("{key}_val")).to_vec().unwrap();
    let got = got.to_vec().unwrap();
    let bound = BOUND * eps * (n as f64).log2().max(1.0) * x_norm * scale;
    for (&i, w) in idx.iter().zip(&want) {
        let g: f64 = got[i as usize].into();
        assert!(
            (g - w).abs() <= bound,
            "{key}: at {i} got {g}, NumPy {w}: error {:.3e} > bound {bound:.3e}",
            (g - w).abs()
        );
    }
}

#[test]
fn every_length_against_numpy_within_the_bound() {
    let f = npz("lengths", &Device::cpu());
    for dev in devices() {
        for n in [
            1,
            2,
            3,
            5,
            7,
            8,
            16,
            17,
            97,
            100,
            1000,
            1024,
            4096,
            10007,
            1 << 20,
        ] {
            let z = signal(n);
            let zn = norm2(&z);
            let x = Array::from_vec(&dev, &[n], z.clone()).unwrap();
            let eps64 = f64::EPSILON;
            let eps32 = f32::EPSILON as f64;
            check_sampled(
                &f,
                &format!("fft_c16_{n}"),
                &fft::fft(&x).run().unwrap(),
                zn,
                1.0,
                eps64,
                n,
            );
            let inv = fft::ifft(&x).run().unwrap();
            check_sampled(
                &f,
                &format!("ifft_c16_{n}"),
                &inv,
                zn,
                1.0 / n as f64,
                eps64,
                n,
            );
            if n > 10007 {
                // 2^20: the complex double-precision transforms only (the test time of a debug
                // build).
                continue;
            }
            let x32: Vec<c64> = z
                .iter()
                .map(|v| c64::new(v.re as f32, v.im as f32))
                .collect();
            let x32 = Array::from_vec(&dev, &[n], x32).unwrap();
            check_sampled(
                &f,
                &format!("fft_c8_{n}"),
                &fft::fft(&x32).run().unwrap(),
                zn,
                1.0,
                eps32,
                n,
            );
            let re: Vec<f64> = z.iter().map(|v| v.re).collect();
            let rn = re.iter().map(|v| v * v).sum::<f64>().sqrt();
            let xr = Array::from_vec(&dev, &[n], re.clone()).unwrap();
            check_sampled(
                &f,
                &format!("rfft_f8_{n}"),
                &fft::rfft(&xr).run().unwrap(),
                rn,
                1.0,
                eps64,
                n,
            );
            let xr32: Vec<f32> = re.iter().map(|&v| v as f32).collect();
            let xr32 = Array::from_vec(&dev, &[n], xr32).unwrap();
            check_sampled(
                &f,
                &format!("rfft_f4_{n}"),
                &fft::rfft(&xr32).run().unwrap(),
                rn,
                1.0,
                eps32,
                n,
            );
            let ir = fft::irfft(&x).n(n).run().unwrap();
            check_sampled_real(
                &f,
                &format!("irfft_c16_{n}"),
                &ir,
                zn,
                2.0 / n as f64,
                eps64,
                n,
            );
            let h = fft::hfft(&x).n(n).run().unwrap();
            check_sampled_real(&f, &format!("hfft_c16_{n}"), &h, zn, 2.0, eps64, n);
        }
    }
}

#[test]
fn round_trips_of_odd_and_even_lengths() {
    for dev in devices() {
        for n in [1, 2, 7, 8, 97, 100, 1000, 10007] {
            let z = signal(n);
            let x = Array::from_vec(&dev, &[n], z.clone()).unwrap();
            let back = fft::ifft(&fft::fft(&x).run().unwrap()).run().unwrap();
            let bound =
                BOUND * f64::EPSILON * (n as f64).log2().max(1.0) * norm2(&z) / (n as f64).sqrt();
            for (g, w) in back.to_vec().unwrap().iter().zip(&z) {
                assert!((g - w).norm() <= bound, "ifft(fft(x)) n={n}: {g} vs {w}");
            }
            let re: Vec<f64> = z.iter().map(|v| v.re).collect();
            let xr = Array::from_vec(&dev, &[n], re.clone()).unwrap();
            let spec = fft::rfft(&xr).run().unwrap();
            let back = fft::irfft(&spec).n(n).run().unwrap().to_vec().unwrap();
            for (g, w) in back.iter().zip(&re) {
                assert!((g - w).abs() <= bound, "irfft(rfft(x), n={n}): {g} vs {w}");
            }
        }
    }
}

fn tol<T: Approx>() -> Tol {
    match T::ID {
        DTypeId::F64 | DTypeId::C128 => Tol {
            ulps: 16,
            ..Tol::close(1e-13, 1e-13)
        },
        DTypeId::F16 => Tol {
            ulps: 2,
            ..Tol::close(2e-3, 2e-3)
        },
        _ => Tol {
            ulps: 16,
            ..Tol::close(2e-6, 4e-6)
        },
    }
}

#[track_caller]
fn check<T: Approx + NpyDType>(got: &Array<T>, f: &Npz, name: &str, dev: &Device) {
    let want = get::<T>(f, name);
    assert!(got.device().same(dev), "{name}: result on {}", got.device());
    assert_close(got, &want, tol::<T>(), &format!("{name} on {dev}"));
}

fn norm_of(tag: Option<&str>) -> Norm {
    match tag {
        None => Norm::Backward,
        Some(t) => t.parse().unwrap(),
    }
}

#[test]
fn axes_crops_pads_and_norms() {
    for dev in devices() {
        let f = npz("cases", &dev);
        let x = get::<c128>(&f, "m2_x");
        for axis in [0isize, 1] {
            for n in [None, Some(2), Some(8)] {
                for norm in [None, Some("ortho"), Some("forward")] {
                    let tag = format!("{axis}_{}_{}", n.unwrap_or(0), norm.unwrap_or("backward"));
                    let mut c = fft::fft(&x).axis(axis).norm(norm_of(norm));
                    let mut i = fft::ifft(&x).axis(axis).norm(norm_of(norm));
                    if let Some(n) = n {
                        c = c.n(n);
                        i = i.n(n);
                    }
                    check(&c.run().unwrap(), &f, &format!("m2_fft_{tag}"), &dev);
                    check(&i.run().unwrap(), &f, &format!("m2_ifft_{tag}"), &dev);
                }
            }
        }
        let r = get::<f64>(&f, "r2_x");
        for n in [None, Some(4), Some(7), Some(12)] {
            for norm in [None, Some("ortho"), Some("forward")] {
                let tag = format!("{}_{}", n.unwrap_or(0), norm.unwrap_or("backward"));
                let mut a = fft::rfft(&r).norm(norm_of(norm));
                let mut b = fft::ihfft(&r).norm(norm_of(norm));
                if let Some(n) = n {
                    a = a.n(n);
                    b = b.n(n);
                }
                check(&a.run().unwrap(), &f, &format!("r2_rfft_{tag}"), &dev);
                check(&b.run().unwrap(), &f, &format!("r2_ihfft_{tag}"), &dev);
            }
        }
        let h = get::<c128>(&f, "h2_x");
        for n in [None, Some(5), Some(8), Some(9), Some(3)] {
            for norm in [None, Some("ortho"), Some("forward")] {
                let tag = format!("{}_{}", n.unwrap_or(0), norm.unwrap_or("backward"));
                let mut a = fft::irfft(&h).norm(norm_of(norm));
                let mut b = fft::hfft(&h).norm(norm_of(norm));
                if let Some(n) = n {
                    a = a.n(n);
                    b = b.n(n);
                }
                check(&a.run().unwrap(), &f, &format!("h2_irfft_{tag}"), &dev);
                check(&b.run().unwrap(), &f, &format!("h2_hfft_{tag}"), &dev);
            }
        }
        check(
            &fft::irfft(&h).n(7).axis(0).run().unwrap(),
            &f,
            "h2_irfft_axis0",
            &dev,
        );
    }
}

#[test]
fn views_are_read_in_place() {
    for dev in devices() {
        let f = npz("cases", &dev);
        let x = get::<c128>(&f, "m2_x");
        let rev = x.slice(s![..;-1, ..;-2]).unwrap();
        check(
            &fft::fft(&rev).axis(0).run().unwrap(),
            &f,
            "m2_fft_rev",
            &dev,
        );
        check(&fft::fft(&x.t()).run().unwrap(), &f, "m2_fft_t", &dev);
        let re = kernels_std::math::real(&x).unwrap();
        check(
            &fft::rfft(&re.t()).axis(0).run().unwrap(),
            &f,
            "m2_rfft_t",
            &dev,
        );
        // A broadcast input (stride 0).
        let row = x.index_axis(0, 1).unwrap().broadcast_to(&[4, 5]).unwrap();
        let got = fft::fft(&row).run().unwrap();
        let one = fft::fft(&x.index_axis(0, 1).unwrap()).run().unwrap();
        for r in 0..4 {
            assert_close(
                &got.index_axis(0, r).unwrap(),
                &one,
                Tol::exact(),
                "broadcast rows",
            );
        }
    }
}

/// A transform along `axis` of `a` the way the row engine computes it: the lines made
/// contiguous and last, transformed along the last axis, the axis put back.
fn by_rows<I: DType, O: DType>(
    a: &Array<I>,
    axis: isize,
    f: impl Fn(&Array<I>) -> Array<O>,
) -> Array<O> {
    let last = kernels_std::shape::moveaxis(a, &[axis], &[-1])
        .unwrap()
        .copy()
        .unwrap();
    kernels_std::shape::moveaxis(&f(&last), &[-1], &[axis]).unwrap()
}

/// The column engine (an axis before the last: blocks of adjacent columns, gathered and
/// scattered by tiles of rows) gives bit for bit the row engine's result on the same lines:
/// shapes whose columns and rows fill neither whole blocks nor whole tiles, crops and pads,
/// both precisions (tiles of 4, 8 and 16 rows), the real transforms, reversed and strided
/// inputs.
#[test]
fn column_passes_equal_row_passes() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[3, 37, 45], signal(3 * 37 * 45)).unwrap();
    let rev = x.slice(s![.., ..;-1, ..;-2]).unwrap();
    let narrow = x.astype::<c64>().unwrap();
    for (a, name) in [(&x, "c128"), (&rev, "reversed")] {
        for axis in [0isize, 1] {
            for n in [5usize, 37, 40, 64] {
                let ctx = format!("{name} axis {axis} n {n}");
                let got = fft::fft(a).axis(axis).n(n).norm(Norm::Ortho).run().unwrap();
                let want = by_rows(a, axis, |l| {
                    fft::fft(l).n(n).norm(Norm::Ortho).run().unwrap()
                });
                assert_close(&got, &want, Tol::exact(), &format!("fft {ctx}"));
                let re = kernels_std::math::real(a).unwrap();
                let got = fft::rfft(&re).axis(axis).n(n).run().unwrap();
                let want = by_rows(&re, axis, |l| fft::rfft(l).n(n).run().unwrap());
                assert_close(&got, &want, Tol::exact(), &format!("rfft {ctx}"));
                let got = fft::irfft(a).axis(axis).n(n).run().unwrap();
                let want = by_rows(a, axis, |l| fft::irfft(l).n(n).run().unwrap());
                assert_close(&got, &want, Tol::exact(), &format!("irfft {ctx}"));
            }
        }
    }
    for axis in [0isize, 1] {
        let got = fft::ifft(&narrow).axis(axis).run().unwrap();
        let want = by_rows(&narrow, axis, |l| fft::ifft(l).run().unwrap());
        assert_close(&got, &want, Tol::exact(), &format!("c64 ifft axis {axis}"));
        let re = kernels_std::math::real(&narrow).unwrap();
        let got = fft::rfft(&re).axis(axis).norm(Norm::Forward).run().unwrap();
        let want = by_rows(&re, axis, |l| {
            fft::rfft(l).norm(Norm::Forward).run().unwrap()
        });
        assert_close(&got, &want, Tol::exact(), &format!("f32 rfft axis {axis}"));
    }
}

/// The n-dimensional transforms' fast paths give bit for bit the axis-by-axis result:
/// `rfftn`'s last two axes fused slab by slab (3-d shapes with enough slabs, one and two
/// workers, crops and pads of the last axis, every norm, views, both precisions) and the
/// passes after the first transformed in place (`fftn`, `rfftn`, `irfftn`).
#[test]
fn n_dimensional_fast_paths_equal_axis_by_axis() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[9, 10, 13], signal(9 * 10 * 13)).unwrap();
    let re = kernels_std::math::real(&x).unwrap();
    let rev = re.slice(s![..;-1, .., ..;2]).unwrap();
    let narrow = re.astype::<f32>().unwrap();
    for (a, name) in [(&re, "f64"), (&rev, "f64 view")] {
        for norm in [Norm::Backward, Norm::Ortho, Norm::Forward] {
            for (n, workers) in [(13usize, 2isize), (8, 1), (16, 2)] {
                let ctx = format!("{name} {norm:?} n {n} workers {workers}");
                let sh = a.shape().to_vec();
                let got = fft::rfftn(a)
                    .s(&[sh[0], sh[1], n])
                    .norm(norm)
                    .workers(workers)
                    .run()
                    .unwrap();
                let r = fft::rfft(a).n(n).norm(norm).run().unwrap();
                let c = fft::fft(&r).axis(1).norm(norm).run().unwrap();
                let want = fft::fft(&c).axis(0).norm(norm).run().unwrap();
                assert_close(&got, &want, Tol::exact(), &format!("rfftn {ctx}"));
                let got = fft::irfftn(&want).s(&[sh[0], sh[1], n]).norm(norm).run();
                let c = fft::ifft(&want).axis(0).norm(norm).run().unwrap();
                let c = fft::ifft(&c).axis(1).norm(norm).run().unwrap();
                let back = fft::irfft(&c).n(n).norm(norm).run().unwrap();
                assert_close(&got.unwrap(), &back, Tol::exact(), &format!("irfftn {ctx}"));
            }
        }
    }
    let got = fft::rfftn(&narrow).run().unwrap();
    let r = fft::rfft(&narrow).run().unwrap();
    let want = fft::fft(&fft::fft(&r).axis(1).run().unwrap())
        .axis(0)
        .run()
        .unwrap();
    assert_close(&got, &want, Tol::exact(), "f32 rfftn");
    let got = fft::rfft2(&narrow).norm(Norm::Ortho).run().unwrap();
    let r = fft::rfft(&narrow).norm(Norm::Ortho).run().unwrap();
    let want = fft::fft(&r).axis(1).norm(Norm::Ortho).run().unwrap();
    assert_close(&got, &want, Tol::exact(), "f32 rfft2");
    let got = fft::fftn(&x).norm(Norm::Ortho).run().unwrap();
    let mut want = fft::fft(&x).norm(Norm::Ortho).run().unwrap();
    for axis in [1, 0] {
        want = fft::fft(&want).axis(axis).norm(Norm::Ortho).run().unwrap();
    }
    assert_close(&got, &want, Tol::exact(), "fftn");
}

fn dtype_case<T: fft::RealFftDType + NpyDType>(f: &Npz, dt: &str, dev: &Device)
where
    T::Complex: Approx + NpyDType,
    T::RealOut: Approx + NpyDType,
{
    let x = get::<T>(f, &format!("dt_{dt}_x"));
    check(
        &fft::fft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_fft"),
        dev,
    );
    check(
        &fft::rfft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_rfft"),
        dev,
    );
    check(
        &fft::irfft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_irfft"),
        dev,
    );
    check(
        &fft::ihfft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_ihfft"),
        dev,
    );
}

fn complex_dtype_case<T: fft::FftDType + NpyDType>(f: &Npz, dt: &str, dev: &Device)
where
    T::Complex: Approx + NpyDType,
    T::RealOut: Approx + NpyDType,
{
    let x = get::<T>(f, &format!("dt_{dt}_x"));
    check(
        &fft::fft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_fft"),
        dev,
    );
    check(
        &fft::irfft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_irfft"),
        dev,
    );
    check(
        &fft::hfft(&x).run().unwrap(),
        f,
        &format!("dt_{dt}_hfft"),
        dev,
    );
}

#[test]
fn every_dtype_as_numpy_2_4() {
    for dev in devices() {
        let f = npz("cases", &dev);
        dtype_case::<i8>(&f, "int8", &dev);
        dtype_case::<i16>(&f, "int16", &dev);
        dtype_case::<i32>(&f, "int32", &dev);
        dtype_case::<i64>(&f, "int64", &dev);
        dtype_case::<u8>(&f, "uint8", &dev);
        dtype_case::<u16>(&f, "uint16", &dev);
        dtype_case::<f16>(&f, "float16", &dev);
        dtype_case::<f32>(&f, "float32", &dev);
        dtype_case::<f64>(&f, "float64", &dev);
        dtype_case::<bool>(&f, "bool", &dev);
        complex_dtype_case::<c64>(&f, "complex64", &dev);
        complex_dtype_case::<c128>(&f, "complex128", &dev);
    }
}

#[test]
fn n_dimensional_transforms() {
    for dev in devices() {
        let f = npz("cases", &dev);
        let t = get::<c128>(&f, "t3_x");
        let tr = get::<f64>(&f, "t3r_x");
        check(&fft::fftn(&t).run().unwrap(), &f, "t3_fftn", &dev);
        check(&fft::ifftn(&t).run().unwrap(), &f, "t3_ifftn", &dev);
        check(
            &fft::fftn(&t).axes(&[2, 0]).run().unwrap(),
            &f,
            "t3_fftn_axes20",
            &dev,
        );
        check(
            &fft::fftn(&t).s(&[4, 3]).axes(&[0, 2]).run().unwrap(),
            &f,
            "t3_fftn_s",
            &dev,
        );
        check(
            &fft::fftn(&t).axes(&[1, 1]).run().unwrap(),
            &f,
            "t3_fftn_rep",
            &dev,
        );
        check(&fft::fft2(&t).run().unwrap(), &f, "t3_fft2", &dev);
        check(
            &fft::ifft2(&t).norm(Norm::Ortho).run().unwrap(),
            &f,
            "t3_ifft2_ortho",
            &dev,
        );
        check(
            &fft::fft2(&t).s(&[2, 6]).run().unwrap(),
            &f,
            "t3_fft2_s",
            &dev,
        );
        let perm = t.permute(&[2, 0, 1]).unwrap();
        check(
            &fft::fftn(&perm).axes(&[0, 2]).run().unwrap(),
            &f,
            "t3_fftn_perm",
            &dev,
        );
        check(&fft::rfftn(&tr).run().unwrap(), &f, "t3r_rfftn", &dev);
        check(
            &fft::rfftn(&tr).axes(&[0, 1]).run().unwrap(),
            &f,
            "t3r_rfftn_axes",
            &dev,
        );
        let forward = fft::rfftn(&tr)
            .s(&[3, 5])
            .norm(Norm::Forward)
            .run()
            .unwrap();
        check(&forward, &f, "t3r_rfftn_s", &dev);
        check(&fft::rfft2(&tr).run().unwrap(), &f, "t3r_rfft2", &dev);
        check(&fft::irfftn(&t).run().unwrap(), &f, "t3_irfftn", &dev);
        check(
            &fft::irfftn(&t).s(&[2, 3, 7]).run().unwrap(),
            &f,
            "t3_irfftn_s",
            &dev,
        );
        let ortho = fft::irfftn(&t)
            .axes(&[1, 0])
            .norm(Norm::Ortho)
            .run()
            .unwrap();
        check(&ortho, &f, "t3_irfftn_axes", &dev);
        check(&fft::irfft2(&t).run().unwrap(), &f, "t3_irfft2", &dev);
        check(&fft::hfftn(&t).run().unwrap(), &f, "t3_hfftn", &dev);
        check(
            &fft::hfft2(&t).s(&[3, 5]).run().unwrap(),
            &f,
            "t3_hfft2_s",
            &dev,
        );
        check(&fft::ihfftn(&tr).run().unwrap(), &f, "t3r_ihfftn", &dev);
        check(
            &fft::ihfft2(&tr).norm(Norm::Ortho).run().unwrap(),
            &f,
            "t3r_ihfft2",
            &dev,
        );
    }
}

#[test]
fn frequencies_and_shifts() {
    for dev in devices() {
        let f = npz("cases", &dev);
        for n in 1..10 {
            for d in [1.0, 0.1, 2.5] {
                let tol = Tol::ulps(0);
                let want = get::<f64>(&f, &format!("freq_{n}_{d:?}"));
                assert_close(&fft::fftfreq(&dev, n, d).unwrap(), &want, tol, "fftfreq");
                let want = get::<f64>(&f, &format!("rfreq_{n}_{d:?}"));
                assert_close(&fft::rfftfreq(&dev, n, d).unwrap(), &want, tol, "rfftfreq");
            }
        }
        assert!(fft::fftfreq(&dev, 0, 1.0).is_err());
        assert!(fft::rfftfreq(&dev, 3, 0.0).is_err());
        let x = get::<i32>(&f, "shift_x");
        check(&fft::fftshift(&x, None).unwrap(), &f, "shift_all", &dev);
        check(&fft::ifftshift(&x, None).unwrap(), &f, "ishift_all", &dev);
        check(&fft::fftshift(&x, Some(&[1])).unwrap(), &f, "shift_1", &dev);
        check(
            &fft::ifftshift(&x, Some(&[0])).unwrap(),
            &f,
            "ishift_0",
            &dev,
        );
        assert!(fft::fftshift(&x, Some(&[2])).is_err());
    }
}

#[test]
fn errors_where_numpy_raises() {
    for dev in devices() {
        let x = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
        assert!(fft::fft(&x).n(0).run().is_err());
        assert!(fft::fft(&x).axis(1).run().is_err());
        assert!(fft::rfft(&x).axis(-2).run().is_err());
        let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert!(fft::fft(&empty).run().is_err());
        assert!(fft::rfft(&empty).run().is_err());
        // irfft of one value: n = 2 * (1 - 1) = 0 points.
        let one = Array::from_vec(&dev, &[1], vec![c128::new(1.0, 0.0)]).unwrap();
        assert!(fft::irfft(&one).run().is_err());
        assert!(fft::hfft(&one).run().is_err());
        let scalar = Array::scalar(&dev, 1.0f64).unwrap();
        assert!(fft::fft(&scalar).run().is_err());
        let m = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
        assert!(fft::fftn(&m).s(&[2, 3]).axes(&[0]).run().is_err());
        assert!(fft::fftn(&m).axes(&[2]).run().is_err());
        assert!(fft::fft(&x).workers(0).run().is_err());
        // An empty axis with n, and empty lines elsewhere, as NumPy: zeros and an empty result.
        let got = fft::fft(&empty).n(4).run().unwrap();
        assert_eq!(got.to_vec().unwrap(), vec![c128::new(0.0, 0.0); 4]);
        let rows = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
        assert_eq!(fft::fft(&rows).run().unwrap().shape(), [0, 3]);
        assert_eq!(fft::rfft(&rows).run().unwrap().shape(), [0, 2]);
    }
}

#[test]
fn workers_and_the_plan_cache() {
    let dev = Device::cpu();
    let z = signal(4096 * 8);
    let x = Array::from_vec(&dev, &[8, 4096], z).unwrap();
    let all = fft::fft(&x).axis(0).run().unwrap();
    let one = fft::fft(&x).axis(0).workers(1).run().unwrap();
    let two = fft::fft(&x).axis(0).workers(2).run().unwrap();
    assert_close(&one, &all, Tol::exact(), "workers=1");
    assert_close(&two, &all, Tol::exact(), "workers=2");
    let cache = fft::get_plan_cache(&dev);
    assert!(cache.max_size() >= 1);
    assert!(cache.len().unwrap() <= cache.max_size());
}

#[test]
fn cosine_and_sine_transforms_as_scipy() {
    for dev in devices() {
        let f = npz("scipy", &dev);
        for n in [2usize, 3, 4, 5, 8, 17, 100] {
            let x = get::<f64>(&f, &format!("trig_{n}_x"));
            for (fam, sine) in [("dct", false), ("dst", true)] {
                for t in 1u8..=4 {
                    for norm in [None, Some("ortho"), Some("forward")] {
                        let orths: &[Option<bool>] = if [2, 5, 8].contains(&n) {
                            &[None, Some(false), Some(true)]
                        } else {
                            &[None]
                        };
                        for &orth in orths {
                            let name = |inv: &str| {
                                let o = match orth {
                                    None => "None",
                                    Some(false) => "False",
                                    Some(true) => "True",
                                };
                                format!(
                                    "trig_{n}_{inv}{fam}_{t}_{}_{o}",
                                    norm.unwrap_or("backward")
                                )
                            };
                            let (mut fw, mut inv) = if sine {
                                (fft::dst(&x), fft::idst(&x))
                            } else {
                                (fft::dct(&x), fft::idct(&x))
                            };
                            fw = fw.type_(t).norm(norm_of(norm));
                            inv = inv.type_(t).norm(norm_of(norm));
                            if let Some(o) = orth {
                                fw = fw.orthogonalize(o);
                                inv = inv.orthogonalize(o);
                            }
                            if !sine && t == 1 && n < 2 {
                                continue;
                            }
                            check(&fw.run().unwrap(), &f, &name(""), &dev);
                            check(&inv.run().unwrap(), &f, &name("i"), &dev);
                        }
                    }
                }
            }
        }
        let x = get::<f32>(&f, "trig_ax_x");
        check(
            &fft::dct(&x).axis(0).n(9).run().unwrap(),
            &f,
            "trig_ax_dct_0_n",
            &dev,
        );
        let dst = fft::dst(&x)
            .type_(3)
            .axis(0)
            .n(4)
            .norm(Norm::Ortho)
            .run()
            .unwrap();
        check(&dst, &f, "trig_ax_dst_0_n", &dev);
        let view = x.t().slice(s![..;-1, ..]).unwrap();
        check(
            &fft::dct(&view).type_(4).run().unwrap(),
            &f,
            "trig_ax_dct_t",
            &dev,
        );
        let t3 = get::<f64>(&f, "trign_x");
        check(&fft::dctn(&t3).run().unwrap(), &f, "trign_dctn", &dev);
        let y = fft::idctn(&t3).type_(3).norm(Norm::Ortho).run().unwrap();
        check(&y, &f, "trign_idctn_ortho", &dev);
        check(
            &fft::dstn(&t3).type_(1).axes(&[0, 2]).run().unwrap(),
            &f,
            "trign_dstn_axes",
            &dev,
        );
        let y = fft::idstn(&t3).s(&[6, 3]).axes(&[1, 2]).run().unwrap();
        check(&y, &f, "trign_idstn_s", &dev);
        let i = Array::from_vec(&dev, &[3, 4], (0..12).collect::<Vec<i16>>()).unwrap();
        check(
            &fft::dctn(&i).type_(1).run().unwrap(),
            &f,
            "trign_dctn_i16",
            &dev,
        );
        // Errors: type out of range, type 1 of one point, n = 0.
        assert!(fft::dct(&x).type_(5).run().is_err());
        let one = Array::from_vec(&dev, &[1], vec![1.0f64]).unwrap();
        assert!(fft::dct(&one).type_(1).run().is_err());
        assert!(fft::dst(&one).type_(1).run().is_ok());
        assert!(fft::dct(&x).n(0).run().is_err());
    }
}

#[test]
fn fast_lengths_as_scipy() {
    let f = npz("scipy", &Device::cpu());
    let targets = get::<i64>(&f, "fast_targets").to_vec().unwrap();
    for (key, next, real) in [
        ("fast_next_c", true, false),
        ("fast_next_r", true, true),
        ("fast_prev_c", false, false),
        ("fast_prev_r", false, true),
    ] {
        let want = get::<i64>(&f, key).to_vec().unwrap();
        for (&t, &w) in targets.iter().zip(&want) {
            let got = if next {
                fft::next_fast_len(t as u64, real)
            } else {
                fft::prev_fast_len(t as u64, real)
            };
            assert_eq!(got.unwrap(), w as u64, "{key}({t})");
        }
    }
    assert_eq!(fft::next_fast_len(0, true).unwrap(), 0);
}

#[test]
fn fast_hankel_transforms_as_scipy() {
    for dev in devices() {
        let f = npz("scipy", &dev);
        for n in [64usize, 65] {
            let a = get::<f64>(&f, &format!("fht_{n}_x"));
            let dln = get::<f64>(&f, &format!("fht_{n}_dln")).item().unwrap();
            for (mu, bias) in [(0.0, 0.0), (0.5, 0.0), (1.0, 0.3), (2.0, -0.2)] {
                let tag = format!("fht_{n}_{mu:?}_{bias:?}");
                let off = get::<f64>(&f, &format!("{tag}_offset")).item().unwrap();
                let got = fft::fhtoffset(dln, mu, 0.0, bias);
                assert!(
                    (got - off).abs() <= 1e-12 * off.abs().max(1.0),
                    "{tag}: {got} vs {off}"
                );
                let tol = Tol {
                    ulps: 64,
                    ..Tol::close(1e-9, 1e-12)
                };
                let y = fft::fht(&a, dln, mu).offset(off).bias(bias).run().unwrap();
                assert_close(&y, &get::<f64>(&f, &format!("{tag}_fht")), tol, &tag);
                let y = fft::ifht(&a, dln, mu).offset(off).bias(bias).run().unwrap();
                assert_close(&y, &get::<f64>(&f, &format!("{tag}_ifht")), tol, &tag);
            }
        }
    }
}

#[test]
fn convolutions_as_numpy_and_scipy() {
    use fft::Mode;
    let modes = [
        ("full", Mode::Full),
        ("same", Mode::Same),
        ("valid", Mode::Valid),
    ];
    for dev in devices() {
        let f = npz("scipy", &dev);
        for (la, lv) in [(5, 3), (3, 5), (1, 1), (40, 7), (600, 450)] {
            let a = get::<f64>(&f, &format!("conv_{la}_{lv}_a"));
            let v = get::<f64>(&f, &format!("conv_{la}_{lv}_v"));
            for (name, mode) in modes {
                let tag = format!("{la}_{lv}_{name}");
                check(
                    &fft::convolve(&a, &v, mode).unwrap(),
                    &f,
                    &format!("conv_{tag}"),
                    &dev,
                );
                check(
                    &fft::correlate(&a, &v, mode).unwrap(),
                    &f,
                    &format!("corr_{tag}"),
                    &dev,
                );
                let fc = fft::fftconvolve(&a, &v, mode, None).unwrap();
                check(&fc, &f, &format!("fftconv_{tag}"), &dev);
                let oa = fft::oaconvolve(&a, &v, mode, None).unwrap();
                check(&oa, &f, &format!("oaconv_{tag}"), &dev);
            }
            let fft_chosen = get::<bool>(&f, &format!("conv_{la}_{lv}_method"))
                .item()
                .unwrap();
            let m = fft::choose_conv_method(&a, &v, Mode::Full).unwrap();
            assert_eq!(m == fft::ConvMethod::Fft, fft_chosen, "method {la} {lv}");
        }
        let a = get::<f64>(&f, "conv_2000_100_a");
        let v = get::<f64>(&f, "conv_2000_100_v");
        check(
            &fft::convolve(&a, &v, Mode::Same).unwrap(),
            &f,
            "conv_2000_100_same",
            &dev,
        );
        let oa = fft::oaconvolve(&a, &v, Mode::Same, None).unwrap();
        check(&oa, &f, "oaconv_2000_100_same", &dev);
        // Long inputs take the FFT (SciPy's cost model, from the shapes); the FFT path agrees
        // with NumPy's direct sums.
        let long = Array::<f64>::zeros(&dev, &[20_000]).unwrap();
        let k = Array::<f64>::zeros(&dev, &[3000]).unwrap();
        let method = fft::choose_conv_method(&long, &k, Mode::Full).unwrap();
        assert_eq!(method, fft::ConvMethod::Fft);
        let a = get::<f64>(&f, "conv_600_450_a");
        let v = get::<f64>(&f, "conv_600_450_v");
        let by_fft = <f64 as fft::ConvDType>::by_fft(&a, &v).unwrap();
        check(&by_fft, &f, "conv_600_450_full", &dev);
        let big = Array::from_vec(&dev, &[2], vec![1i64 << 40, 1]).unwrap();
        assert_eq!(
            fft::choose_conv_method(&big, &big, Mode::Full).unwrap(),
            fft::ConvMethod::Direct
        );
        // Integers: exact (NumPy's direct sums), complex: conjugated in correlate.
        let ai = get::<i64>(&f, "convi_a");
        let vi = get::<i64>(&f, "convi_v");
        for (name, mode) in modes {
            check(
                &fft::convolve(&ai, &vi, mode).unwrap(),
                &f,
                &format!("convi_{name}"),
                &dev,
            );
            check(
                &fft::correlate(&ai, &vi, mode).unwrap(),
                &f,
                &format!("corri_{name}"),
                &dev,
            );
        }
        let ca = get::<c128>(&f, "convc_a");
        let cv = get::<c128>(&f, "convc_v");
        check(
            &fft::convolve(&ca, &cv, Mode::Full).unwrap(),
            &f,
            "convc_full",
            &dev,
        );
        check(
            &fft::correlate(&ca, &cv, Mode::Full).unwrap(),
            &f,
            "corrc_full",
            &dev,
        );
        let m1 = get::<f64>(&f, "conv2_a");
        let m2 = get::<f64>(&f, "conv2_v");
        for (name, mode) in modes {
            check(
                &fft::fftconvolve(&m1, &m2, mode, None).unwrap(),
                &f,
                &format!("fftconv2_{name}"),
                &dev,
            );
            check(
                &fft::oaconvolve(&m1, &m2, mode, None).unwrap(),
                &f,
                &format!("oaconv2_{name}"),
                &dev,
            );
        }
        let row = m2.slice(s![..1, ..]).unwrap();
        let y = fft::fftconvolve(&m1, &row, Mode::Full, Some(&[1])).unwrap();
        check(&y, &f, "fftconv2_axes", &dev);
        // Errors as NumPy's and SciPy's.
        let empty = Array::<f64>::zeros(&dev, &[0]).unwrap();
        assert!(fft::convolve(&a, &empty, Mode::Full).is_err());
        assert!(fft::convolve(&m1, &m2, Mode::Full).is_err());
        let tall = Array::<f64>::zeros(&dev, &[30, 2]).unwrap();
        assert!(fft::fftconvolve(&m1, &tall, Mode::Valid, None).is_err());
        assert!("middle".parse::<Mode>().is_err());
    }
}
