//! `partition`, `argpartition`, `lexsort`, `sort_complex` and `digitize` against NumPy: the
//! fixtures of `scripts/fixtures/gen_order_fixtures.py` (`fixtures/order/order.npz`), on the
//! CPU backend and, when there is one, on CUDA device 0.
//!
//! NumPy leaves most of a partition's order unspecified, so `partition` is checked for its
//! guarantee (each kth element where a sort puts it, nothing greater before it, nothing
//! smaller after it, a permutation of the input) and for agreeing with NumPy at the kth
//! positions; the other routines exactly.

mod common;

use std::cmp::Ordering;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::io::{load_npz, NpyDType, Npz};
use kernels_std::prelude::*;
use kernels_std::sort::{
    argpartition, digitize, lexsort, partition, sort_complex, take_along_axis, Sortable,
};

fn fixtures(dev: &Device) -> Npz {
    load_npz(fixture("order/order.npz"), dev).expect("order.npz")
}

fn get<T: NpyDType>(npz: &Npz, name: &str) -> Array<T> {
    npz.array::<T>(name)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

#[track_caller]
fn check<T: Approx>(got: &Array<T>, want: &Array<T>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{what} on {dev}: shape");
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

/// NumPy's sort order on the host: NaN class first (complex: none, imaginary, real, both),
/// then the parts that are not NaN.
trait HostKey: Copy {
    fn key(self) -> (u8, f64, f64);
}

macro_rules! host_key_real {
    ($($t:ty),*) => {$(
        impl HostKey for $t {
            #[allow(clippy::unnecessary_cast)]
            fn key(self) -> (u8, f64, f64) {
                let v = self as f64;
                if v.is_nan() { (1, 0.0, 0.0) } else { (0, v, 0.0) }
            }
        }
    )*};
}
host_key_real!(i8, i32, i64, u8, f32, f64);

impl HostKey for bool {
    fn key(self) -> (u8, f64, f64) {
        (0, f64::from(u8::from(self)), 0.0)
    }
}

impl HostKey for c128 {
    fn key(self) -> (u8, f64, f64) {
        let class = 2 * u8::from(self.re.is_nan()) + u8::from(self.im.is_nan());
        let part = |x: f64| if x.is_nan() { 0.0 } else { x };
        (class, part(self.re), part(self.im))
    }
}

fn cmp<T: HostKey>(a: T, b: T) -> Ordering {
    let (a, b) = (a.key(), b.key());
    a.0.cmp(&b.0)
        .then(a.1.partial_cmp(&b.1).unwrap())
        .then(a.2.partial_cmp(&b.2).unwrap())
}

/// The lanes of a C-ordered `data` of `shape` along `axis` (`None`: one lane of everything).
fn lanes<T: Copy>(data: &[T], shape: &[usize], axis: Option<usize>) -> Vec<Vec<T>> {
    let Some(axis) = axis else {
        return vec![data.to_vec()];
    };
    let n = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let mut out = Vec::new();
    for o in 0..outer {
        for i in 0..inner {
            out.push((0..n).map(|j| data[(o * n + j) * inner + i]).collect());
        }
    }
    out
}

/// NumPy's partition guarantee for `got` (lanes of the result), with NumPy's own partition
/// `want` agreeing at each kth and `x` holding the same elements.
fn check_partitioned<T: HostKey + std::fmt::Debug>(
    got: &[Vec<T>],
    want: &[Vec<T>],
    x: &[Vec<T>],
    kth: &[i64],
    what: &str,
) {
    for ((g, w), x) in got.iter().zip(want).zip(x) {
        let n = g.len() as i64;
        for &k in kth {
            let k = (if k < 0 { k + n } else { k }) as usize;
            assert_eq!(cmp(g[k], w[k]), Ordering::Equal, "{what}: kth {k} of {g:?}");
            assert!(
                g[..k].iter().all(|&v| cmp(v, g[k]) != Ordering::Greater),
                "{what}: {g:?}"
            );
            assert!(
                g[k + 1..].iter().all(|&v| cmp(v, g[k]) != Ordering::Less),
                "{what}: {g:?}"
            );
        }
        let (mut a, mut b) = (g.clone(), x.clone());
        a.sort_by(|&p, &q| cmp(p, q));
        b.sort_by(|&p, &q| cmp(p, q));
        assert!(
            a.iter()
                .zip(&b)
                .all(|(&p, &q)| cmp(p, q) == Ordering::Equal),
            "{what}"
        );
    }
}

const KTHS: [(&str, &[i64]); 4] = [
    ("k0", &[0]),
    ("k2", &[2]),
    ("km1", &[-1]),
    ("klist", &[1, 3, -2]),
];

fn axis_name(axis: Option<isize>) -> String {
    match axis {
        None => "none".into(),
        Some(-1) => "m1".into(),
        Some(a) => a.to_string(),
    }
}

fn run_partition<T: Sortable + NpyDType + HostKey + std::fmt::Debug>(
    case: &str,
    axes: &[Option<isize>],
) {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<T>(&npz, &format!("part_{case}_x"));
        let shape = x.shape().to_vec();
        let host = x.to_vec().unwrap();
        for &axis in axes {
            let ax = axis.map(|a| if a < 0 { a + shape.len() as isize } else { a } as usize);
            let xl = lanes(&host, &shape, ax);
            for (kname, kth) in KTHS {
                let what = format!("part_{case}_{}_{kname} on {dev}", axis_name(axis));
                let want = get::<T>(&npz, &format!("part_{case}_{}_{kname}", axis_name(axis)));
                let wl = lanes(&want.to_vec().unwrap(), want.shape(), ax);
                let got = if kth.len() == 1 {
                    partition(&x, kth[0], axis)
                } else {
                    partition(&x, kth, axis)
                }
                .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(got.device().same(&dev));
                assert_eq!(got.shape(), want.shape(), "{what}");
                let gl = lanes(&got.to_vec().unwrap(), got.shape(), ax);
                check_partitioned(&gl, &wl, &xl, kth, &what);
                // argpartition: the positions that partition.
                let idx = argpartition(&x, kth.to_vec(), axis).unwrap();
                let taken = match axis {
                    None => take_along_axis(&x.reshape(&[x.len()]).unwrap(), &idx, Some(0)),
                    Some(_) => take_along_axis(&x, &idx, axis),
                }
                .unwrap();
                let tl = lanes(&taken.to_vec().unwrap(), taken.shape(), ax);
                check_partitioned(&tl, &wl, &xl, kth, &format!("arg{what}"));
                for lane in lanes(&idx.to_vec().unwrap(), idx.shape(), ax) {
                    let mut seen = lane.clone();
                    seen.sort_unstable();
                    assert!(
                        seen.iter().copied().eq(0..lane.len() as i64),
                        "arg{what}: {lane:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn partition_every_axis_and_kth() {
    run_partition::<i32>("i4", &[None, Some(0), Some(1), Some(-1)]);
    run_partition::<f64>("f8", &[None, Some(0), Some(1)]);
    run_partition::<f32>("f4", &[Some(1)]);
    run_partition::<u8>("u1", &[Some(0), Some(1)]);
    run_partition::<bool>("b1", &[Some(0), Some(1)]);
    run_partition::<c128>("c16", &[Some(1)]);
    run_partition::<i64>("long", &[Some(1)]);
}

#[test]
fn partition_errors_and_edges() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[5], vec![3i32, 1, 4, 1, 5]).unwrap();
    assert!(partition(&a, 5, Some(0))
        .unwrap_err()
        .to_string()
        .contains("kth(=5) out of bounds (5)"));
    assert!(partition(&a, -6, Some(0))
        .unwrap_err()
        .to_string()
        .contains("kth(=-1)"));
    assert!(argpartition(&a, [0, 5], Some(0)).is_err());
    assert!(partition(&a, Vec::<i64>::new(), Some(0)).is_err());
    assert!(partition(&a, 0, Some(1)).is_err());
    let z = Array::scalar(&dev, 3i32).unwrap();
    assert!(partition(&z, 0, Some(-1)).is_err());
    assert_eq!(partition(&z, 0, None).unwrap().to_vec().unwrap(), vec![3]);
    // An empty array is not checked against kth, as in NumPy.
    let e = Array::<f64>::zeros(&dev, &[0, 4]).unwrap();
    assert_eq!(partition(&e, 7, Some(1)).unwrap().shape(), &[0, 4]);
    assert_eq!(argpartition(&e, 3, Some(0)).unwrap().shape(), &[0, 4]);
    // A view (transposed, strided).
    let m = Array::from_vec(&dev, &[3, 4], (0..12).rev().collect::<Vec<i64>>()).unwrap();
    let p = partition(&m.t(), 1, Some(1)).unwrap().to_vec().unwrap();
    assert_eq!(p, vec![3, 7, 11, 2, 6, 10, 1, 5, 9, 0, 4, 8]);
}

#[test]
fn lexsort_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let k: Vec<Array<i64>> = (0..3).map(|i| get(&npz, &format!("lex_i8_k{i}"))).collect();
        let keys: Vec<&Array<i64>> = k.iter().collect();
        for axis in [0, 1, -1] {
            let name = format!("lex_i8_{}", axis_name(Some(axis)));
            check(
                &lexsort(&keys, axis).unwrap(),
                &get(&npz, &name),
                &name,
                &dev,
            );
        }
        // Transposed keys along the other axis give the transposed answer.
        let t: Vec<Array<i64>> = k.iter().map(|a| a.t()).collect();
        let tk: Vec<&Array<i64>> = t.iter().collect();
        let got = lexsort(&tk, 0).unwrap().t().as_standard_layout().unwrap();
        check(&got, &get(&npz, "lex_i8_1"), "lex transposed", &dev);
        let (fa, fb) = (get::<f64>(&npz, "lex_f8_k0"), get::<f64>(&npz, "lex_f8_k1"));
        check(
            &lexsort(&[&fa, &fb], -1).unwrap(),
            &get(&npz, "lex_f8_m1"),
            "lex f8",
            &dev,
        );
        check(
            &lexsort(&[&fa], -1).unwrap(),
            &get(&npz, "lex_one_m1"),
            "lex one",
            &dev,
        );
    }
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[3], vec![1u8, 2, 3]).unwrap();
    let b = Array::from_vec(&dev, &[4], vec![1u8, 2, 3, 4]).unwrap();
    assert!(lexsort(&[&a, &b], -1).is_err());
    assert!(lexsort::<u8>(&[], -1).is_err());
    assert!(lexsort(&[&a], 1).is_err());
    let z = Array::scalar(&dev, 1.5f32).unwrap();
    assert_eq!(lexsort(&[&z], -1).unwrap().shape(), &[] as &[usize]);
    let e = Array::<i32>::zeros(&dev, &[0]).unwrap();
    assert_eq!(lexsort(&[&e, &e], -1).unwrap().shape(), &[0]);
}

#[test]
fn sort_complex_against_numpy() {
    for dev in devices() {
        let npz = fixtures(&dev);
        let got: Array<c64> = sort_complex(&get::<i16>(&npz, "sc_i2_x")).unwrap();
        check(&got, &get(&npz, "sc_i2"), "sc_i2", &dev);
        let got: Array<c128> = sort_complex(&get::<f32>(&npz, "sc_f4_x")).unwrap();
        check(&got, &get(&npz, "sc_f4"), "sc_f4", &dev);
        let got = sort_complex(&get::<c128>(&npz, "sc_c16_x")).unwrap();
        check(&got, &get(&npz, "sc_c16"), "sc_c16", &dev);
        let got = sort_complex(&get::<c64>(&npz, "sc_c8_x")).unwrap();
        check(&got, &get(&npz, "sc_c8"), "sc_c8", &dev);
    }
    let z = Array::scalar(&Device::cpu(), 1.0f64).unwrap();
    assert!(sort_complex(&z).is_err());
}

fn run_digitize<T: Num + NpyDType>(case: &str) {
    for dev in devices() {
        let npz = fixtures(&dev);
        let x = get::<T>(&npz, &format!("dig_{case}_x"));
        let bins = get::<T>(&npz, &format!("dig_{case}_bins"));
        for (right, suffix) in [(false, ""), (true, "_right")] {
            let name = format!("dig_{case}{suffix}");
            let got = digitize(&x, &bins, right).unwrap_or_else(|e| panic!("{name}: {e}"));
            check(&got, &get(&npz, &name), &name, &dev);
        }
    }
}

#[test]
fn digitize_against_numpy() {
    for case in [
        "inc", "dec", "rep", "drep", "const", "one", "empty", "nanbin", "zerod",
    ] {
        run_digitize::<f64>(case);
    }
    run_digitize::<i32>("i4");
    run_digitize::<u8>("u1");
    // A reversed view of increasing bins is decreasing.
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[3], vec![0.5f32, 1.5, 9.0]).unwrap();
    let up = Array::from_vec(&dev, &[3], vec![0.0f32, 1.0, 2.0]).unwrap();
    let down = up.slice(kernels_std::s![..;-1]).unwrap();
    assert_eq!(
        digitize(&x, &down, false).unwrap().to_vec().unwrap(),
        vec![2, 1, 0]
    );
    for bad in [vec![1.0f32, 3.0, 2.0], vec![f32::NAN, 1.0, 2.0]] {
        let bins = Array::from_vec(&dev, &[3], bad).unwrap();
        let err = digitize(&x, &bins, false).unwrap_err().to_string();
        assert!(err.contains("monotonically"), "{err}");
    }
    let bins2 = Array::<f32>::zeros(&dev, &[2, 2]).unwrap();
    assert!(digitize(&x, &bins2, false).is_err());
}
