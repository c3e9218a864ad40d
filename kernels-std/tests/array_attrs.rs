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

use kernels_std::shape::{may_share_memory, shares_memory};

/// Storage offsets of every element of a view (the reference: plain enumeration).
fn offsets<T: DType>(a: &Array<T>) -> std::collections::BTreeSet<isize> {
    let l = a.layout();
    let mut out = std::collections::BTreeSet::new();
    let n: usize = l.shape.iter().product();
    for flat in 0..n {
        let (mut rem, mut off) = (flat, l.offset as isize);
        for (&d, &s) in l.shape.iter().zip(&l.strides).rev() {
            off += (rem % d) as isize * s;
            rem /= d;
        }
        out.insert(off);
    }
    out
}

#[test]
fn shares_memory_is_exact() {
    let a = arange(&[6, 10]);
    let views = [
        a.clone(),
        a.slice(s![.., ..;2]).unwrap(),
        a.slice(s![.., 1..;2]).unwrap(),
        a.slice(s![1..;2, ..;3]).unwrap(),
        a.slice(s![..;-2, 7..;-3]).unwrap(),
        a.slice(s![2..4, 3..7]).unwrap(),
        a.slice(s![4.., ..5]).unwrap(),
        a.t().slice(s![..;4, 1..;5]).unwrap(),
        a.slice(s![..0, ..]).unwrap(),
        a.slice(s![3, ..;7]).unwrap(),
        a.reshape(&[60]).unwrap().slice(s![5..;11]).unwrap(),
    ];
    for (i, x) in views.iter().enumerate() {
        for (j, y) in views.iter().enumerate() {
            let want = !offsets(x).is_disjoint(&offsets(y));
            assert_eq!(
                shares_memory(x, y, None).unwrap(),
                want,
                "views {i} and {j}"
            );
            if want {
                assert!(may_share_memory(x, y), "views {i} and {j}");
            }
        }
    }
    // NumPy: np.shares_memory(a[:, ::2], a[:, 1::2]) is False, may_share_memory True.
    assert!(may_share_memory(&views[1], &views[2]));
    assert!(!shares_memory(&views[1], &views[2], None).unwrap());
    // Other storage never shares; neither does an empty view.
    assert!(!shares_memory(&a, &a.copy().unwrap(), None).unwrap());
    assert!(!may_share_memory(&views[8], &a));
}

#[test]
fn shares_memory_big_and_max_work() {
    // Interleaved halves of a large array: decided quickly without enumeration.
    let a = Array::<u8>::zeros(&Device::cpu(), &[1 << 24]).unwrap();
    let (even, odd) = (a.slice(s![..;2]).unwrap(), a.slice(s![1..;2]).unwrap());
    assert!(!shares_memory(&even, &odd, None).unwrap());
    assert!(shares_memory(&even, &a.slice(s![..;3]).unwrap(), None).unwrap());
    // A bounded search that runs out is an error (NumPy's TooHardError).
    let x = a.reshape(&[4096, 4096]).unwrap();
    let p = x.slice(s![..;3, ..;5]).unwrap();
    let q = x.slice(s![1..;7, 2..;11]).unwrap();
    assert!(shares_memory(&p, &q, Some(1)).is_err());
    assert!(shares_memory(&p, &q, None).unwrap());
}

use kernels_std::math::{packbits, unpackbits, BitOrder};

#[test]
fn packbits_and_unpackbits_match_numpy() {
    let dev = Device::cpu();
    // a = (np.arange(2*11*3) % 3 == 0).reshape(2, 11, 3)
    let a = Array::from_vec(&dev, &[2, 11, 3], (0..66).map(|i| i % 3 == 0).collect()).unwrap();
    // np.packbits(a, axis=1)
    let p = packbits(&a, Some(1), BitOrder::Big).unwrap();
    assert_eq!(p.shape(), &[2, 2, 3]);
    assert_eq!(
        p.to_vec().unwrap(),
        vec![255, 0, 0, 224, 0, 0, 255, 0, 0, 224, 0, 0]
    );
    // np.packbits(a, bitorder='little')
    let q = packbits(&a, None, BitOrder::Little).unwrap();
    assert_eq!(
        q.to_vec().unwrap(),
        vec![73, 146, 36, 73, 146, 36, 73, 146, 0]
    );
    // Integer input: nonzero is a set bit; empty stays empty.
    let i = Array::from_vec(&dev, &[3], vec![-5i32, 0, 7]).unwrap();
    assert_eq!(
        packbits(&i, None, BitOrder::Big).unwrap().to_vec().unwrap(),
        vec![160]
    );
    let e = Array::<u8>::zeros(&dev, &[2, 0]).unwrap();
    assert_eq!(
        packbits(&e, Some(1), BitOrder::Big).unwrap().shape(),
        &[2, 0]
    );
    assert!(packbits(&e, Some(2), BitOrder::Big).is_err());
    // np.unpackbits(p, axis=1, count=...) inverts it.
    let u = unpackbits(&p, Some(1), Some(11), BitOrder::Big).unwrap();
    assert_eq!(u.shape(), &[2, 11, 3]);
    let want: Vec<u8> = a.to_vec().unwrap().iter().map(|&b| b as u8).collect();
    assert_eq!(u.to_vec().unwrap(), want);
    let b = Array::from_vec(&dev, &[2], vec![0b1100_0001u8, 2]).unwrap();
    let l = unpackbits(&b, None, None, BitOrder::Little).unwrap();
    assert_eq!(
        l.to_vec().unwrap(),
        vec![1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    );
    // np.unpackbits(b, count=-13) and count=18 (zeros appended).
    assert_eq!(
        unpackbits(&b, None, Some(-13), BitOrder::Big)
            .unwrap()
            .to_vec()
            .unwrap(),
        vec![1, 1, 0]
    );
    let long = unpackbits(&b, None, Some(18), BitOrder::Big)
        .unwrap()
        .to_vec()
        .unwrap();
    assert_eq!(
        long,
        vec![1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
    );
    assert!(unpackbits(&b, None, Some(-17), BitOrder::Big).is_err());
}

/// The kernels `packbits` runs compile with NVRTC: the casts to `bool` and `u8`, the copy into
/// the padded array and the fused weighted sum of `u8` (skipped when NVRTC is missing).
#[test]
fn packbits_kernels_compile_with_nvrtc() {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::DTypeId::{Bool, I16, I32, I64, I8, U16, U32, U64, U8};
    if !verify::nvrtc_or_skip("packbits kernels").unwrap() {
        return;
    }
    for t in [Bool, U8, U16, U32, U64, I8, I16, I32, I64] {
        verify::astype(t, Bool).unwrap();
    }
    verify::astype(Bool, U8).unwrap();
    verify::copy(U8).unwrap();
    let dev = Device::cpu();
    let g = Array::<u8>::zeros(&dev, &[2, 8]).unwrap();
    let w = Array::<u8>::zeros(&dev, &[8]).unwrap();
    assert!(kernels_std::reduce::sum(&g * &w).verify_cuda().unwrap() >= 1);
}
