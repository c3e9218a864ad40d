//! The CPU's compaction, gather and scatter paths (`array_runtime::cpu::select`, taken by
//! `flatnonzero`, `nonzero`, `boolean_index`, `take` and `put` on the CPU) against simple
//! reference loops written here: lengths around the chunk boundaries (runs of 64, the serial
//! limit of 2^15, the parallel chunks), all-true and all-false masks, strided and transposed
//! inputs, rows of several widths, every `take` mode, repeated `put` indices (the last value
//! wins on the CPU, as in NumPy) and the errors. The NumPy fixtures of `tests/sort.rs` cover the
//! same functions on small inputs.

use kernels_std::prelude::*;
use kernels_std::s;
use kernels_std::sort::{boolean_index, flatnonzero, nonzero, put, take, take_with_mode, TakeMode};

fn cpu() -> Device {
    Device::cpu()
}

/// A deterministic mask of `n` elements, true with probability about `density` percent.
fn mask_of(n: usize, density: u64, seed: u64) -> Vec<bool> {
    (0..n as u64)
        .map(|i| {
            let h = (i ^ seed)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(31);
            h % 100 < density
        })
        .collect()
}

/// The lengths that cross the boundaries of the runs, the serial limit and parallel chunks.
const LENGTHS: [usize; 12] = [
    0, 1, 63, 64, 65, 127, 1000, 32767, 32768, 32769, 100_003, 262_144,
];

#[test]
fn flatnonzero_matches_a_loop() {
    let dev = cpu();
    for n in LENGTHS {
        for density in [0, 3, 50, 97, 100] {
            let m = mask_of(n, density, n as u64 + density);
            let want: Vec<i64> = (0..n).filter(|&i| m[i]).map(|i| i as i64).collect();
            let a = Array::from_vec(&dev, &[n], m.clone()).unwrap();
            let got = flatnonzero(&a).unwrap();
            assert_eq!(got.shape(), &[want.len()]);
            assert!(got.to_vec().unwrap() == want, "n {n}, density {density}");
            let nz = nonzero(&a).unwrap();
            assert_eq!(nz.len(), 1);
            assert!(
                nz[0].to_vec().unwrap() == want,
                "nonzero n {n}, density {density}"
            );
        }
    }
}

#[test]
fn flatnonzero_of_floats_views_and_shapes() {
    let dev = cpu();
    // NaN is nonzero, -0.0 is zero.
    let n = 70_001;
    let v: Vec<f64> = (0..n)
        .map(|i| match i % 7 {
            0 => f64::NAN,
            1 | 2 => -0.0,
            3 => 0.0,
            _ => i as f64,
        })
        .collect();
    let a = Array::from_vec(&dev, &[n], v.clone()).unwrap();
    let want: Vec<i64> = (0..n)
        .filter(|&i| v[i] != 0.0 || v[i].is_nan())
        .map(|i| i as i64)
        .collect();
    assert!(flatnonzero(&a).unwrap().to_vec().unwrap() == want);
    // A strided view: every third element.
    let strided = a.slice(s![..;3]).unwrap();
    let sv: Vec<f64> = v.iter().step_by(3).copied().collect();
    let want: Vec<i64> = (0..sv.len())
        .filter(|&i| sv[i] != 0.0 || sv[i].is_nan())
        .map(|i| i as i64)
        .collect();
    assert!(flatnonzero(&strided).unwrap().to_vec().unwrap() == want);
    // A transposed 2-d array: positions in its C order, coordinates by nonzero.
    let (r, c) = (300, 257);
    let m = mask_of(r * c, 40, 9);
    let t = Array::from_vec(&dev, &[c, r], m.clone()).unwrap().t();
    let tv = t.to_vec().unwrap();
    let want: Vec<i64> = (0..r * c).filter(|&i| tv[i]).map(|i| i as i64).collect();
    assert!(flatnonzero(&t).unwrap().to_vec().unwrap() == want);
    let nz = nonzero(&t).unwrap();
    let rows: Vec<i64> = want.iter().map(|&p| p / c as i64).collect();
    let cols: Vec<i64> = want.iter().map(|&p| p % c as i64).collect();
    assert!(nz[0].to_vec().unwrap() == rows);
    assert!(nz[1].to_vec().unwrap() == cols);
    // Complex: nonzero when either part is.
    let z = Array::from_vec(
        &dev,
        &[3],
        vec![c64::new(0.0, 0.0), c64::new(0.0, -1.0), c64::new(2.0, 0.0)],
    )
    .unwrap();
    assert_eq!(flatnonzero(&z).unwrap().to_vec().unwrap(), vec![1, 2]);
    assert!(nonzero(&Array::scalar(&dev, 1u8).unwrap()).is_err());
}

/// `a[mask]` by a loop: the rows of `inner` elements where `mask` holds.
fn select_rows(x: &[f64], m: &[bool], inner: usize) -> Vec<f64> {
    let mut out = Vec::new();
    for (i, &keep) in m.iter().enumerate() {
        if keep {
            out.extend_from_slice(&x[i * inner..(i + 1) * inner]);
        }
    }
    out
}

#[test]
fn boolean_index_matches_a_loop() {
    let dev = cpu();
    for inner in [1usize, 3, 16] {
        for rows in [0usize, 1, 64, 65, 2047, 2048, 2049, 40_001] {
            for density in [0, 50, 100] {
                let m = mask_of(rows, density, (rows * inner) as u64);
                let x: Vec<f64> = (0..rows * inner).map(|i| i as f64 * 0.5).collect();
                let a = Array::from_vec(&dev, &[rows, inner], x.clone()).unwrap();
                let mask = Array::from_vec(&dev, &[rows], m.clone()).unwrap();
                let got = boolean_index(&a, &mask).unwrap();
                let want = select_rows(&x, &m, inner);
                assert_eq!(got.shape(), &[want.len() / inner, inner]);
                assert!(
                    got.to_vec().unwrap() == want,
                    "rows {rows}, inner {inner}, density {density}"
                );
            }
        }
    }
    // A full mask over a 2-d array, and a mask over the leading axis of a 3-d one.
    let (r, c) = (257, 300);
    let x: Vec<f64> = (0..r * c).map(|i| i as f64).collect();
    let m = mask_of(r * c, 50, 3);
    let a = Array::from_vec(&dev, &[r, c], x.clone()).unwrap();
    let mask = Array::from_vec(&dev, &[r, c], m.clone()).unwrap();
    assert!(boolean_index(&a, &mask).unwrap().to_vec().unwrap() == select_rows(&x, &m, 1));
    let a3 = a.reshape(&[r, 3, 100]).unwrap();
    let lead = Array::from_vec(&dev, &[r], mask_of(r, 30, 4)).unwrap();
    let got = boolean_index(&a3, &lead).unwrap();
    let lv = lead.to_vec().unwrap();
    assert_eq!(got.shape(), &[lv.iter().filter(|&&b| b).count(), 3, 100]);
    assert!(got.to_vec().unwrap() == select_rows(&x, &lv, c));
}

#[test]
fn boolean_index_of_views_and_errors() {
    let dev = cpu();
    let (r, c) = (50_000usize, 4usize);
    let x: Vec<f64> = (0..r * c).map(|i| i as f64).collect();
    let base = Array::from_vec(&dev, &[r, c], x).unwrap();
    // A transposed array and a strided mask.
    let t = base.t();
    let tv = t.to_vec().unwrap();
    let mask_base = Array::from_vec(&dev, &[2 * c], mask_of(2 * c, 50, 1)).unwrap();
    let mask = mask_base.slice(s![..;2]).unwrap();
    let got = boolean_index(&t, &mask).unwrap();
    assert!(got.to_vec().unwrap() == select_rows(&tv, &mask.to_vec().unwrap(), r));
    // Every other row of the array by a strided mask of the rows.
    let rows_base = Array::from_vec(&dev, &[2 * r], mask_of(2 * r, 60, 2)).unwrap();
    let rows = rows_base.slice(s![1..;2]).unwrap();
    let got = boolean_index(&base, &rows).unwrap();
    let bv = base.to_vec().unwrap();
    assert!(got.to_vec().unwrap() == select_rows(&bv, &rows.to_vec().unwrap(), c));
    // A mask of the wrong shape.
    let wrong = Array::<bool>::zeros(&dev, &[r + 1]).unwrap();
    assert!(boolean_index(&base, &wrong).is_err());
    let deep = Array::<bool>::zeros(&dev, &[r, c, 1]).unwrap();
    assert!(boolean_index(&base, &deep).is_err());
}

#[test]
fn take_matches_a_loop_in_every_mode() {
    let dev = cpu();
    let n = 100_000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let a = Array::from_vec(&dev, &[n], x.clone()).unwrap();
    let m = 70_001usize;
    let idx: Vec<i64> = (0..m as i64)
        .map(|i| (i * 7919) % (3 * n as i64) - n as i64)
        .collect();
    let i = Array::from_vec(&dev, &[m], idx.clone()).unwrap();
    let nn = n as i64;
    let wrap: Vec<f32> = idx.iter().map(|&t| x[t.rem_euclid(nn) as usize]).collect();
    let clip: Vec<f32> = idx
        .iter()
        .map(|&t| x[t.clamp(0, nn - 1) as usize])
        .collect();
    let got = take_with_mode(&a, &i, None, TakeMode::Wrap).unwrap();
    assert!(got.to_vec().unwrap() == wrap);
    let got = take_with_mode(&a, &i, None, TakeMode::Clip).unwrap();
    assert!(got.to_vec().unwrap() == clip);
    // Raise: out of range is an error; in range (negatives from the end) matches wrap.
    assert!(matches!(take(&a, &i, None), Err(Error::Index { .. })));
    let inside: Vec<i64> = idx.iter().map(|&t| t.clamp(-nn, nn - 1)).collect();
    let want: Vec<f32> = inside
        .iter()
        .map(|&t| x[t.rem_euclid(nn) as usize])
        .collect();
    let i2 = Array::from_vec(&dev, &[m], inside).unwrap();
    assert!(take(&a, &i2, None).unwrap().to_vec().unwrap() == want);
    // Along the middle axis of a 3-d array, with 2-d indices.
    let (o, k, inner) = (7usize, 500usize, 9usize);
    let y: Vec<f32> = (0..o * k * inner).map(|i| i as f32).collect();
    let b = Array::from_vec(&dev, &[o, k, inner], y.clone()).unwrap();
    let jj: Vec<i64> = (0..40 * 30).map(|j| ((j * 37) % k) as i64).collect();
    let j = Array::from_vec(&dev, &[40, 30], jj.clone()).unwrap();
    let got = take(&b, &j, Some(1)).unwrap();
    assert_eq!(got.shape(), &[o, 40, 30, inner]);
    let mut want = Vec::new();
    for p in 0..o {
        for &t in &jj {
            let from = (p * k + t as usize) * inner;
            want.extend_from_slice(&y[from..from + inner]);
        }
    }
    assert!(got.to_vec().unwrap() == want);
    // From a transposed view, and from an empty axis.
    let tt = b.reshape(&[o, k * inner]).unwrap().t();
    let got = take(
        &tt,
        &Array::from_vec(&dev, &[2], vec![0i64, -1]).unwrap(),
        Some(0),
    )
    .unwrap();
    let tv = tt.to_vec().unwrap();
    let mut want = tv[..o].to_vec();
    want.extend_from_slice(&tv[tv.len() - o..]);
    assert!(got.to_vec().unwrap() == want);
    let empty = Array::<f32>::zeros(&dev, &[0]).unwrap();
    assert!(take(
        &empty,
        &Array::from_vec(&dev, &[1], vec![0i64]).unwrap(),
        None
    )
    .is_err());
    let none = Array::<i64>::zeros(&dev, &[0]).unwrap();
    assert_eq!(take(&empty, &none, None).unwrap().shape(), &[0]);
}

#[test]
fn put_keeps_the_last_of_repeated_indices() {
    let dev = cpu();
    let n = 50_000usize;
    let m = 120_000usize;
    let idx: Vec<i64> = (0..m as i64)
        .map(|i| (i * 613) % (n as i64) - 1000)
        .collect();
    let vals: Vec<i32> = (0..777).collect();
    let mut want = vec![0i32; n];
    for (j, &t) in idx.iter().enumerate() {
        want[t.rem_euclid(n as i64) as usize] = vals[j % vals.len()];
    }
    let i = Array::from_vec(&dev, &[m], idx.clone()).unwrap();
    let v = Array::from_vec(&dev, &[vals.len()], vals.clone()).unwrap();
    let mut a = Array::<i32>::zeros(&dev, &[n]).unwrap();
    put(&mut a, &i, &v, TakeMode::Raise).unwrap();
    assert!(a.to_vec().unwrap() == want);
    // A shared array is copied before the write; the other handle keeps its values.
    let mut b = Array::<i32>::zeros(&dev, &[n]).unwrap();
    let other = b.clone();
    put(&mut b, &i, &v, TakeMode::Wrap).unwrap();
    assert!(b.to_vec().unwrap() == want);
    assert!(other.to_vec().unwrap().iter().all(|&x| x == 0));
    // A transposed view: positions in its C order.
    let mut t = Array::<i32>::zeros(&dev, &[250, 200]).unwrap().t();
    put(&mut t, &i, &v, TakeMode::Raise).unwrap();
    assert!(t.to_vec().unwrap() == want);
    // Clip and errors.
    let mut c = Array::<i32>::zeros(&dev, &[4]).unwrap();
    let far = Array::from_vec(&dev, &[3], vec![-9i64, 9, 1]).unwrap();
    let v3 = Array::from_vec(&dev, &[2], vec![5i32, 6]).unwrap();
    put(&mut c, &far, &v3, TakeMode::Clip).unwrap();
    assert_eq!(c.to_vec().unwrap(), vec![5, 5, 0, 6]);
    assert!(matches!(
        put(&mut c, &far, &v3, TakeMode::Raise),
        Err(Error::Index { .. })
    ));
    let no_values = Array::<i32>::zeros(&dev, &[0]).unwrap();
    assert!(put(&mut c, &far, &no_values, TakeMode::Wrap).is_err());
}
