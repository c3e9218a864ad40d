//! Memory layout routines: `ascontiguousarray`, `asfortranarray`, `isfortran`, checked exactly
//! against NumPy 2.4's results (values, shapes and strides in elements).

use kernels_std::prelude::*;
use kernels_std::shape::{ascontiguousarray, asfortranarray, isfortran};

fn arange(shape: &[usize]) -> Array<i64> {
    let n: usize = shape.iter().product();
    Array::from_vec(&Device::cpu(), shape, (0..n as i64).collect()).unwrap()
}

#[test]
fn ascontiguousarray_copies_only_when_needed() {
    let a = arange(&[2, 3, 4]);
    let c = ascontiguousarray(&a).unwrap();
    assert_eq!(c.strides(), a.strides());
    assert_eq!(c.to_vec().unwrap(), a.to_vec().unwrap());
    // np.ascontiguousarray(np.arange(24).reshape(2,3,4).transpose(2,0,1)).ravel()
    let p = a.permute(&[2, 0, 1]).unwrap();
    let c = ascontiguousarray(&p).unwrap();
    assert_eq!(c.shape(), &[4, 2, 3]);
    assert_eq!(c.strides(), &[6, 3, 1]);
    let want: Vec<i64> = (0..4)
        .flat_map(|k| (0..2).flat_map(move |i| (0..3).map(move |j| i * 12 + j * 4 + k)))
        .collect();
    assert_eq!(c.to_vec().unwrap(), want);
    // 0-d becomes (1,), as NumPy 2.4's; empty stays empty.
    let s = ascontiguousarray(&Array::scalar(&Device::cpu(), 5i64).unwrap()).unwrap();
    assert_eq!((s.shape(), s.to_vec().unwrap()), (&[1usize][..], vec![5]));
    assert_eq!(
        ascontiguousarray(&arange(&[0, 3])).unwrap().shape(),
        &[0, 3]
    );
    // A stepped slice is copied.
    let v = a.slice(s![.., ..;2, 1..]).unwrap();
    let c = ascontiguousarray(&v).unwrap();
    assert!(c.is_c_contiguous());
    assert_eq!(c.to_vec().unwrap(), v.to_vec().unwrap());
}

#[test]
fn asfortranarray_and_isfortran() {
    let a = arange(&[2, 3, 4]);
    let f = asfortranarray(&a).unwrap();
    // np.asfortranarray(a).strides // 8 == (1, 2, 6)
    assert_eq!(f.shape(), &[2, 3, 4]);
    assert_eq!(f.strides(), &[1, 2, 6]);
    assert_eq!(f.to_vec().unwrap(), a.to_vec().unwrap());
    assert!(isfortran(&f));
    assert!(!isfortran(&a));
    // Already F-ordered: kept as it is.
    let t = a.t();
    let g = asfortranarray(&t).unwrap();
    assert_eq!(g.strides(), t.strides());
    assert_eq!(g.to_vec().unwrap(), t.to_vec().unwrap());
    // A stepped, flipped view.
    let v = a.slice(s![..;-1, 1.., ..;3]).unwrap();
    let h = asfortranarray(&v).unwrap();
    assert_eq!(h.strides(), &[1, 2, 4]);
    assert_eq!(h.to_vec().unwrap(), v.to_vec().unwrap());
    // NumPy: isfortran is False for 1-d, size-1 and empty 2-d arrays, and 0-d becomes (1,).
    assert!(!isfortran(&arange(&[3])));
    assert!(!isfortran(&arange(&[3, 1]).t()));
    assert!(!isfortran(&arange(&[0, 3])));
    assert!(!isfortran(&arange(&[1, 3])));
    let s = asfortranarray(&Array::scalar(&Device::cpu(), 2i64).unwrap()).unwrap();
    assert_eq!(s.shape(), &[1]);
}
