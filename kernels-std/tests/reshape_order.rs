//! `reshape_order`, `ravel_order`, `flatten_order` (NumPy's `order` keyword of `reshape`,
//! `ravel` and `flatten`) against NumPy: the fixtures of
//! `scripts/fixtures/gen_reshape_order_fixtures.py` (`fixtures/reshape_order/`), on views of
//! a (2, 3, 4) array, on the CPU backend and, when there is one, on CUDA device 0. Exact.

mod common;

use common::{assert_close, devices, fixture, Tol};
use kernels_std::creation::MemoryOrder;
use kernels_std::io::load_npz;
use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::shape::{flatten_order, ravel_order, reshape_order};

const ORDERS: [(&str, MemoryOrder); 4] = [
    ("C", MemoryOrder::C),
    ("F", MemoryOrder::F),
    ("A", MemoryOrder::A),
    ("K", MemoryOrder::K),
];

/// The script's views of `x`, by name.
fn views(x: &Array<i32>) -> Vec<(&'static str, Array<i32>)> {
    vec![
        ("c", x.clone()),
        ("t", x.t()),
        ("perm", x.permute(&[1, 0, 2]).unwrap()),
        ("rev", x.slice(s![.., ..;-1]).unwrap()),
        ("step", x.slice(s![.., .., ..;2]).unwrap()),
        (
            "mixed",
            x.permute(&[2, 0, 1])
                .unwrap()
                .slice(s![..;-1, .., ..;2])
                .unwrap(),
        ),
        (
            "revperm",
            x.slice(s![.., ..;-1]).unwrap().permute(&[1, 0, 2]).unwrap(),
        ),
        (
            "zero_d",
            x.index_axis(0, 1)
                .unwrap()
                .index_axis(0, 2)
                .unwrap()
                .index_axis(0, 3)
                .unwrap(),
        ),
        ("empty", x.slice(s![.., ..0]).unwrap()),
    ]
}

#[track_caller]
fn check(got: &Array<i32>, want: &Array<i32>, what: &str, dev: &Device) {
    assert!(got.device().same(dev), "{what}: result on {}", got.device());
    assert_close(got, want, Tol::exact(), &format!("{what} on {dev}"));
}

#[test]
fn orders_against_numpy() {
    for dev in devices() {
        let npz = load_npz(fixture("reshape_order/reshape_order.npz"), &dev).unwrap();
        let x = npz.array::<i32>("x").unwrap();
        for (name, v) in views(&x) {
            for (o, order) in ORDERS {
                let key = format!("{name}_ravel_{o}");
                let got = ravel_order(&v, order).unwrap();
                check(&got, &npz.array(&key).unwrap(), &key, &dev);
                let key = format!("{name}_flatten_{o}");
                let got = flatten_order(&v, order).unwrap();
                check(&got, &npz.array(&key).unwrap(), &key, &dev);
                if o == "K" {
                    assert!(reshape_order(&v, &[-1], order).is_err());
                    continue;
                }
                if v.len() == 24 {
                    let key = format!("{name}_reshape_{o}");
                    let got = reshape_order(&v, &[4, -1], order).unwrap();
                    check(&got, &npz.array(&key).unwrap(), &key, &dev);
                    let key = format!("{name}_reshape3_{o}");
                    let got = reshape_order(&v, &[3, 2, 4], order).unwrap();
                    check(&got, &npz.array(&key).unwrap(), &key, &dev);
                }
            }
        }
    }
}

#[test]
fn views_where_numpy_gives_views_and_errors() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>()).unwrap();
    // F order of a Fortran-contiguous array, and K of any transpose: views.
    let t = x.t();
    assert!(shares(&ravel_order(&t, MemoryOrder::F).unwrap(), &x));
    assert!(shares(&ravel_order(&t, MemoryOrder::K).unwrap(), &x));
    assert!(shares(
        &reshape_order(&t, &[3, 2], MemoryOrder::F).unwrap(),
        &x
    ));
    assert!(!shares(&flatten_order(&t, MemoryOrder::K).unwrap(), &x));
    // Sizes that do not match, as NumPy's ValueError.
    assert!(reshape_order(&x, &[4, -1], MemoryOrder::F).is_err());
    assert!(reshape_order(&x, &[5], MemoryOrder::A).is_err());
}

fn shares(a: &Array<i32>, b: &Array<i32>) -> bool {
    kernels_std::shape::shares_memory(a, b, None).unwrap()
}
