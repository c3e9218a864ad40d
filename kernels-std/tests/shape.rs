//! `shape` against NumPy: the fixtures of `scripts/fixtures/gen_shape_fixtures.py`, for every
//! dtype of the suite (bool, i8, i64, u16, f16, f32, f64, c64; the float inputs hold NaN, -0.0
//! and +-inf), on the CPU backend and, when there is one, on CUDA device 0.
//!
//! Every routine here moves elements without arithmetic, so results must be exact: NaN equal
//! to NaN, `-0.0` distinct from `0.0`.

mod common;

use common::{assert_close, devices, fixture, Approx, Tol};
use kernels_std::creation::One;
use kernels_std::io::{self, NpyDType};
use kernels_std::prelude::*;
use kernels_std::shape::*;
use kernels_std::{s, Ellipsis};

fn load<T: NpyDType>(name: &str, dev: &Device) -> Array<T> {
    io::load::<T>(fixture(&format!("shape/{name}.npy")), dev)
        .unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

#[track_caller]
fn check<T: Approx + NpyDType>(got: &Array<T>, name: &str, dev: &Device) {
    assert!(got.device().same(dev), "{name}: result on {}", got.device());
    let want = load::<T>(name, dev);
    assert_close(
        got,
        &want,
        Tol::exact().signed_zero(),
        &format!("{name} on {dev}"),
    );
}

/// The parts of a split against `<case>_<k>_<dt>` for every `k` NumPy wrote.
#[track_caller]
fn check_list<T: Approx + NpyDType>(got: &[Array<T>], case: &str, dt: &str, dev: &Device) {
    let count = (0..)
        .take_while(|k| fixture(&format!("shape/{case}_{k}_{dt}.npy")).exists())
        .count();
    assert_eq!(got.len(), count, "{case} {dt}: number of parts");
    for (k, part) in got.iter().enumerate() {
        check(part, &format!("{case}_{k}_{dt}"), dev);
    }
}

/// Calls `$f::<T>("code")` for the dtypes of the suite (NumPy's codes).
macro_rules! each_dtype {
    ($f:ident) => {
        $f::<bool>("b1");
        $f::<i8>("i1");
        $f::<i64>("i8");
        $f::<u16>("u2");
        $f::<f16>("f2");
        $f::<f32>("f4");
        $f::<f64>("f8");
        $f::<c64>("c8");
    };
}

/// The three inputs of a dtype: `a` (3, 4, 5), `v` (7,), `m` (4, 6).
fn inputs<T: NpyDType>(dt: &str, dev: &Device) -> (Array<T>, Array<T>, Array<T>) {
    (
        load(&format!("a_{dt}"), dev),
        load(&format!("v_{dt}"), dev),
        load(&format!("m_{dt}"), dev),
    )
}

fn run_joins<T: Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, v, m) = inputs::<T>(dt, &dev);
        let ck = |got: Array<T>, case: &str| check(&got, &format!("{case}_{dt}"), &dev);
        let first = a.slice(s![..1]).unwrap();
        let rev = a.slice(s![..;-1]).unwrap();
        ck(
            concatenate(&[&a, &first, &rev], Some(0)).unwrap(),
            "concat0",
        );
        let none = a.slice(s![.., ..0]).unwrap();
        let back = a.slice(s![.., ..;-2]).unwrap();
        ck(
            concatenate(&[&a, &none, &back], Some(1)).unwrap(),
            "concat1",
        );
        let mid = a.slice(s![Ellipsis, 1..3]).unwrap();
        ck(concatenate(&[&a, &mid], Some(-1)).unwrap(), "concat_neg");
        ck(concatenate(&[&a, &v, &m.t()], None).unwrap(), "concat_none");
        for k in [0, 2, -1, 3] {
            ck(stack(&[&a, &rev, &a], k).unwrap(), &format!("stack{k}"));
        }
        let m5 = m.slice(s![.., ..5]).unwrap();
        let v5 = v.slice(s![..5]).unwrap();
        let row = m
            .slice(s![1..2, ..;-1])
            .unwrap()
            .slice(s![.., ..5])
            .unwrap();
        ck(vstack(&[&m5, &v5, &row]).unwrap(), "vstack");
        let vrev = v.slice(s![..;-1]).unwrap();
        ck(vstack(&[&v, &vrev]).unwrap(), "vstack_1d");
        let (tail, empty) = (v.slice(s![2..]).unwrap(), v.slice(s![..0]).unwrap());
        ck(hstack(&[&v, &tail, &empty]).unwrap(), "hstack");
        let col = m.slice(s![.., ..1]).unwrap();
        let mt4 = m.t().slice(s![..4]).unwrap();
        ck(hstack(&[&m, &col, &mt4]).unwrap(), "hstack_2d");
        let mrev = m.slice(s![..;-1]).unwrap();
        ck(dstack(&[&m, &mrev]).unwrap(), "dstack");
        let m2 = m.slice(s![.., ..2]).unwrap();
        let v4 = v.slice(s![..4]).unwrap();
        let m3 = m.slice(s![.., ..;-3]).unwrap();
        ck(column_stack(&[&m2, &v4, &m3]).unwrap(), "column_stack");
        ck(append(&m.t(), &v, None).unwrap(), "append_none");
        let every_other = m.slice(s![..;-2]).unwrap();
        ck(append(&m, &every_other, Some(0)).unwrap(), "append_axis");
    }
}

#[test]
fn concatenate_stack_every_dtype() {
    each_dtype!(run_joins);
}

fn run_splits<T: Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, v, m) = inputs::<T>(dt, &dev);
        check_list(&split(&m, 3, 1).unwrap(), "split3", dt, &dev);
        check_list(
            &split(&a, vec![1, -1, 10], 1).unwrap(),
            "split_idx",
            dt,
            &dev,
        );
        check_list(
            &split(&v, vec![4, 2], 0).unwrap(),
            "split_idx_desc",
            dt,
            &dev,
        );
        check_list(&array_split(&v, 3, 0).unwrap(), "array_split", dt, &dev);
        check_list(
            &array_split(&a, 7, 2).unwrap(),
            "array_split_many",
            dt,
            &dev,
        );
        check_list(&hsplit(&m, 2).unwrap(), "hsplit", dt, &dev);
        check_list(&vsplit(&m, vec![1, 3]).unwrap(), "vsplit", dt, &dev);
        check_list(&dsplit(&a, vec![2]).unwrap(), "dsplit", dt, &dev);
    }
}

#[test]
fn split_every_dtype() {
    each_dtype!(run_splits);
}

fn run_repeats<T: Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, v, m) = inputs::<T>(dt, &dev);
        let ck = |got: Array<T>, case: &str| check(&got, &format!("{case}_{dt}"), &dev);
        ck(tile(&v, &[3]).unwrap(), "tile_v3");
        ck(tile(&a, &[2, 1, 1]).unwrap(), "tile_a");
        ck(tile(&v, &[2, 2]).unwrap(), "tile_v22");
        ck(tile(&m.t(), &[2]).unwrap(), "tile_mt");
        ck(tile(&m, &[0, 2]).unwrap(), "tile_zero");
        let v3 = v.slice(s![3]).unwrap();
        ck(tile(&v3, &[2, 3]).unwrap(), "tile_scalar");
        ck(repeat(&a, 2, None).unwrap(), "repeat_flat");
        ck(repeat(&a, vec![1, 0, 3], Some(0)).unwrap(), "repeat_counts");
        ck(repeat(&m.t(), 2, Some(1)).unwrap(), "repeat_t");
        ck(repeat(&v, 0, None).unwrap(), "repeat_zero");
        ck(repeat(&m, vec![3], Some(-1)).unwrap(), "repeat_one_count");
        let v2 = v.slice(s![2]).unwrap();
        ck(repeat(&v2, 3, None).unwrap(), "repeat_scalar");
    }
}

#[test]
fn tile_repeat_every_dtype() {
    each_dtype!(run_repeats);
}

fn run_rolls<T: Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, v, m) = inputs::<T>(dt, &dev);
        let ck = |got: Array<T>, case: &str| check(&got, &format!("{case}_{dt}"), &dev);
        ck(roll(&a, 7, None).unwrap(), "roll_flat");
        ck(roll(&a, -1, Some(1)).unwrap(), "roll_axis");
        ck(roll_axes(&a, &[1, 12], &[0, 2]).unwrap(), "roll_axes");
        ck(roll_axes(&a, &[2], &[0, 0]).unwrap(), "roll_same_axis");
        ck(
            roll(&v.slice(s![..;-2]).unwrap(), 1, None).unwrap(),
            "roll_rev",
        );
        for k in -3..6 {
            ck(rot90(&m, k, [0, 1]).unwrap(), &format!("rot90_{k}"));
        }
        ck(rot90(&a, 1, [2, 0]).unwrap(), "rot90_axes");
    }
}

#[test]
fn roll_rot90_every_dtype() {
    each_dtype!(run_rolls);
}

fn run_pads<T: One + Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, v, m) = inputs::<T>(dt, &dev);
        let ck = |got: Array<T>, case: &str| check(&got, &format!("{case}_{dt}"), &dev);
        let one = PadMode::Constant(T::one());
        ck(pad(&m, &[(1, 2), (0, 3)], one).unwrap(), "pad_const");
        ck(pad(&a, &[(1, 1)], one).unwrap(), "pad_const_all");
        ck(
            pad(&m, &[(2, 0), (1, 9)], PadMode::Edge).unwrap(),
            "pad_edge",
        );
        ck(
            pad(&v, &[(3, 13)], PadMode::Reflect).unwrap(),
            "pad_reflect",
        );
        let strided = m.slice(s![..;-1, ..;2]).unwrap();
        ck(
            pad(&strided, &[(2, 5), (4, 1)], PadMode::Reflect).unwrap(),
            "pad_reflect_2d",
        );
        ck(
            pad(&a, &[(0, 0), (5, 2), (1, 1)], PadMode::Symmetric).unwrap(),
            "pad_symmetric",
        );
        ck(
            pad(&m.t(), &[(7, 1), (0, 2)], PadMode::Wrap).unwrap(),
            "pad_wrap",
        );
        let first = v.slice(s![..1]).unwrap();
        ck(
            pad(&first, &[(2, 3)], PadMode::Reflect).unwrap(),
            "pad_reflect_one",
        );
    }
}

#[test]
fn pad_every_dtype() {
    each_dtype!(run_pads);
}

fn run_views<T: Approx + NpyDType>(dt: &str) {
    for dev in devices() {
        let (a, _, _) = inputs::<T>(dt, &dev);
        let ck = |got: &Array<T>, case: &str| check(got, &format!("{case}_{dt}"), &dev);
        ck(&reshape(&a, &[4, 15]).unwrap(), "reshape");
        let t = reshape(&a.t(), &[-1, 3]).unwrap();
        assert!(t.is_c_contiguous(), "a copy");
        ck(&t, "reshape_t");
        // Reversed rows merge into a view (a copy would be C-contiguous).
        let rev = reshape(&a.slice(s![.., .., ..;-1]).unwrap(), &[12, 5]).unwrap();
        assert_eq!(rev.strides(), &[5, -1], "a view");
        ck(&rev, "reshape_rev");
        ck(
            &reshape(&a.slice(s![.., ..;2]).unwrap(), &[3, -1]).unwrap(),
            "reshape_strided",
        );
        ck(&ravel(&a.t()).unwrap(), "ravel_t");
        let f = flatten(&a.t()).unwrap();
        assert!(f.is_c_contiguous());
        ck(&f, "ravel_t");
        let tr = transpose(&a, Some(&[1, -1, 0])).unwrap();
        assert_eq!(tr.strides(), &[5, 1, 20], "a view");
        ck(&tr, "transpose");
        ck(&moveaxis(&a, &[0, 1], &[-1, -3]).unwrap(), "moveaxis");
        ck(&flip(&a, Some(&[0, 2])).unwrap(), "flip");
        ck(&flip(&a, None).unwrap(), "flip_all");
        ck(&fliplr(&a).unwrap(), "fliplr");
        let (_, v, _) = inputs::<T>(dt, &dev);
        ck(&flipud(&v.slice(s![..;2]).unwrap()).unwrap(), "flipud");
    }
}

#[test]
fn reshape_transpose_flip_every_dtype() {
    each_dtype!(run_views);
}

#[test]
fn axis_views_shapes() {
    let dev = Device::cpu();
    let a = Array::<f32>::zeros(&dev, &[2, 1, 3]).unwrap();
    assert_eq!(swapaxes(&a, 0, -1).unwrap().shape(), &[3, 1, 2]);
    assert_eq!(expand_dims(&a, &[0, 4]).unwrap().shape(), &[1, 2, 1, 3, 1]);
    assert_eq!(
        expand_dims(&a, &[-1, -2]).unwrap().shape(),
        &[2, 1, 3, 1, 1]
    );
    assert_eq!(squeeze(&a, None).unwrap().shape(), &[2, 3]);
    assert_eq!(squeeze(&a, Some(&[1])).unwrap().shape(), &[2, 3]);
    assert_eq!(
        broadcast_to(&a, &[4, 2, 5, 3]).unwrap().shape(),
        &[4, 2, 5, 3]
    );
    let b = Array::<f32>::zeros(&dev, &[5, 1]).unwrap();
    let both = broadcast_arrays(&[&a, &b]).unwrap();
    assert_eq!(both[1].shape(), &[2, 5, 3]);
    let s0 = Array::scalar(&dev, 1u8).unwrap();
    assert_eq!(atleast_1d(&s0).unwrap().shape(), &[1]);
    assert_eq!(atleast_2d(&s0).unwrap().shape(), &[1, 1]);
    assert_eq!(atleast_3d(&s0).unwrap().shape(), &[1, 1, 1]);
    // 0-d and empty arrays.
    assert_eq!(transpose(&s0, None).unwrap().shape(), &[] as &[usize]);
    assert_eq!(reshape(&s0, &[1, 1]).unwrap().shape(), &[1, 1]);
    let e = Array::<i64>::zeros(&dev, &[0, 3]).unwrap();
    assert_eq!(reshape(&e, &[3, -1, 2]).unwrap().shape(), &[3, 0, 2]);
    assert_eq!(concatenate(&[&e, &e], Some(0)).unwrap().shape(), &[0, 3]);
    assert_eq!(roll(&e, 3, Some(1)).unwrap().shape(), &[0, 3]);
    let padded = pad(&e, &[(1, 0)], PadMode::Constant(7)).unwrap();
    assert_eq!(padded.shape(), &[1, 4]);
    assert_eq!(padded.to_vec().unwrap(), vec![7; 4]);
    assert_eq!(tile(&e, &[2]).unwrap().shape(), &[0, 6]);
    assert_eq!(repeat(&e, 2, Some(1)).unwrap().shape(), &[0, 6]);
}

#[test]
fn errors_where_numpy_raises() {
    let dev = Device::cpu();
    let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let b = Array::<f64>::zeros(&dev, &[2, 4]).unwrap();
    let v = Array::<f64>::zeros(&dev, &[3]).unwrap();
    let s0 = Array::scalar(&dev, 1.0f64).unwrap();
    // Joins.
    assert!(matches!(
        concatenate(&[&a, &b], Some(0)),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(concatenate(&[&a, &v], Some(0)).is_err());
    assert!(concatenate(&[&s0, &s0], Some(0)).is_err());
    assert!(concatenate(&[] as &[Array<f64>], Some(0)).is_err());
    assert!(matches!(
        concatenate(&[&a, &a], Some(2)),
        Err(Error::Axis { axis: 2, ndim: 2 })
    ));
    assert!(concatenate(&[&a, &a], Some(-3)).is_err());
    assert!(stack(&[&a, &b], 0).is_err());
    assert!(matches!(stack(&[&a, &a], 3), Err(Error::Axis { .. })));
    assert!(stack(&[] as &[&Array<f64>], 0).is_err());
    assert!(vstack(&[&a, &b]).is_err());
    // Splits.
    assert!(split(&a, 2, 1).is_err());
    assert!(split(&a, 0, 1).is_err());
    assert!(array_split(&a, 0, 1).is_err());
    assert!(matches!(split(&a, 3, 2), Err(Error::Axis { .. })));
    assert!(vsplit(&v, 3).is_err());
    assert!(hsplit(&s0, 1).is_err());
    // Repetition.
    assert!(repeat(&a, -1, None).is_err());
    assert!(repeat(&a, vec![1, -2], Some(0)).is_err());
    assert!(repeat(&a, vec![1, 2], Some(1)).is_err());
    assert!(matches!(repeat(&a, 2, Some(2)), Err(Error::Axis { .. })));
    assert!(repeat(&a, isize::MAX, Some(1)).is_err());
    assert!(repeat(&a, vec![isize::MAX, isize::MAX, 1], Some(1)).is_err());
    assert!(tile(&a, &[usize::MAX, 1]).is_err());
    assert!(pad(&a, &[(usize::MAX, 1)], PadMode::Constant(0.0)).is_err());
    // Rolls and rotations.
    assert!(matches!(roll(&a, 1, Some(2)), Err(Error::Axis { .. })));
    assert!(roll_axes(&a, &[1, 2, 3], &[0, 1]).is_err());
    assert!(rot90(&a, 1, [0, 0]).is_err());
    assert!(rot90(&a, 1, [0, -2]).is_err());
    assert!(rot90(&a, 1, [0, 2]).is_err());
    assert!(rot90(&v, 1, [0, 1]).is_err());
    // Padding.
    let e = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
    assert!(pad(&e, &[(1, 0), (0, 0)], PadMode::Reflect).is_err());
    assert!(pad(&e, &[(0, 1), (0, 0)], PadMode::Edge).is_err());
    assert!(pad(&a, &[(1, 1), (1, 1), (1, 1)], PadMode::Edge).is_err());
    // Views.
    assert!(matches!(reshape(&a, &[4, 2]), Err(Error::Reshape { .. })));
    assert!(reshape(&a, &[-1, -1]).is_err());
    assert!(reshape(&a, &[-2, 3]).is_err());
    assert!(reshape(&e, &[0, -1]).is_err());
    assert!(a.reshape(&[0, -1]).is_err());
    assert!(transpose(&a, Some(&[0])).is_err());
    assert!(transpose(&a, Some(&[0, 0])).is_err());
    assert!(matches!(swapaxes(&a, 0, 2), Err(Error::Axis { .. })));
    assert!(moveaxis(&a, &[0], &[0, 1]).is_err());
    assert!(moveaxis(&a, &[0, 0], &[0, 1]).is_err());
    assert!(matches!(expand_dims(&a, &[3]), Err(Error::Axis { .. })));
    assert!(expand_dims(&a, &[0, 0]).is_err());
    assert!(squeeze(&a, Some(&[0])).is_err());
    assert!(matches!(flip(&a, Some(&[2])), Err(Error::Axis { .. })));
    assert!(fliplr(&v).is_err());
    assert!(flipud(&s0).is_err());
    assert!(dsplit(&a, 1).is_err());
    assert!(column_stack(&[&a, &v]).is_err());
    assert!(append(&a, &v, Some(0)).is_err());
    assert!(matches!(
        broadcast_to(&a, &[3, 3]),
        Err(Error::Broadcast { .. })
    ));
    assert!(broadcast_arrays(&[&a, &b]).is_err());
}

#[test]
fn views_keep_the_layout_copies_are_contiguous() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>()).unwrap();
    let parts = split(&a, 3, 1).unwrap();
    assert_eq!(parts[2].strides(), &[3, 1], "a view into a");
    assert_eq!(parts[2].to_vec().unwrap(), vec![2, 5]);
    assert_eq!(flip(&a, None).unwrap().strides(), &[-3, -1]);
    assert_eq!(rot90(&a, 1, [0, 1]).unwrap().strides(), &[-1, 3]);
    assert_eq!(
        squeeze(&a.insert_axis(0).unwrap(), None).unwrap().strides(),
        &[3, 1]
    );
    for copy in [
        concatenate(&[&a.t()], Some(0)).unwrap(),
        roll(&a.t(), 6, None).unwrap(),
        roll(&a.t(), 0, Some(1)).unwrap(),
        tile(&a.t(), &[1]).unwrap(),
        pad(&a.t(), &[(0, 0)], PadMode::Edge).unwrap(),
    ] {
        assert!(copy.is_c_contiguous());
        assert_eq!(copy.to_vec().unwrap(), vec![0, 3, 1, 4, 2, 5]);
    }
}

/// The dtypes NumPy's fixtures do not cover (bf16 has no NumPy dtype): each routine on values
/// `0..60` converted to the dtype equals the routine on `i64` converted afterwards (the
/// routines move elements without looking at them).
fn run_other_dtype<T: DType + std::fmt::Debug>() {
    for dev in devices() {
        let base = kernels_std::creation::arange(&dev, 0i64..60)
            .unwrap()
            .reshape(&[3, 4, 5])
            .unwrap();
        let a = base.astype::<T>().unwrap();
        let same = |got: Array<T>, want: Array<i64>, what: &str| {
            assert_eq!(got.shape(), want.shape(), "{what} {}", T::ID);
            assert_eq!(
                got.to_vec().unwrap(),
                want.astype::<T>().unwrap().to_vec().unwrap(),
                "{what} {}",
                T::ID
            );
        };
        let rev = |x: &Array<i64>| x.slice(s![..;-1, .., 1..;2]).unwrap();
        let rev_t = |x: &Array<T>| x.slice(s![..;-1, .., 1..;2]).unwrap();
        same(
            concatenate(&[&a, &rev_t(&a)], Some(2)).unwrap(),
            concatenate(&[&base, &rev(&base)], Some(2)).unwrap(),
            "concatenate",
        );
        same(
            stack(&[&a, &a], -1).unwrap(),
            stack(&[&base, &base], -1).unwrap(),
            "stack",
        );
        same(
            tile(&rev_t(&a), &[2, 1]).unwrap(),
            tile(&rev(&base), &[2, 1]).unwrap(),
            "tile",
        );
        same(
            repeat(&a.t(), vec![2, 0, 1], Some(2)).unwrap(),
            repeat(&base.t(), vec![2, 0, 1], Some(2)).unwrap(),
            "repeat",
        );
        same(
            roll(&rev_t(&a), -4, None).unwrap(),
            roll(&rev(&base), -4, None).unwrap(),
            "roll",
        );
        same(
            pad(&a, &[(1, 2), (3, 0), (0, 6)], PadMode::Reflect).unwrap(),
            pad(&base, &[(1, 2), (3, 0), (0, 6)], PadMode::Reflect).unwrap(),
            "pad",
        );
        same(
            reshape(&a.t(), &[-1]).unwrap(),
            reshape(&base.t(), &[-1]).unwrap(),
            "reshape",
        );
    }
}

#[test]
fn dtypes_numpy_fixtures_leave_out() {
    run_other_dtype::<bf16>();
    run_other_dtype::<i16>();
    run_other_dtype::<i32>();
    run_other_dtype::<u8>();
    run_other_dtype::<u32>();
    run_other_dtype::<u64>();
    run_other_dtype::<c128>();
}

/// Every factorization of `n` into `parts` ordered extents.
fn factorizations(n: usize, parts: usize) -> Vec<Vec<usize>> {
    if parts == 1 {
        return vec![vec![n]];
    }
    (1..=n.max(1))
        .filter(|d| n.is_multiple_of(*d))
        .flat_map(|d| {
            factorizations(n / d, parts - 1)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, d);
                    rest
                })
        })
        .collect()
}

#[test]
fn reshape_of_views_keeps_c_order() {
    // Whether a view or a copy, the elements in C order never change.
    let dev = Device::cpu();
    let base = Array::from_vec(&dev, &[4, 6, 2], (0..48).collect::<Vec<i32>>()).unwrap();
    let views = [
        base.clone(),
        base.t(),
        base.slice(s![..;2]).unwrap(),
        base.slice(s![.., ..;-1]).unwrap(),
        base.slice(s![1..3, 2.., ..1]).unwrap(),
        base.t().slice(s![..;-1]).unwrap(),
        base.permute(&[1, 0, 2]).unwrap(),
        base.slice(s![.., 3]).unwrap().insert_axis(1).unwrap(),
    ];
    for v in &views {
        let want = v.to_vec().unwrap();
        for parts in 1..=4 {
            for shape in factorizations(v.len(), parts) {
                let shape: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
                let got = reshape(v, &shape).unwrap();
                assert_eq!(
                    got.to_vec().unwrap(),
                    want,
                    "reshape of shape {:?} strides {:?} to {shape:?}",
                    v.shape(),
                    v.strides()
                );
            }
        }
    }
}

#[test]
fn gathers_longer_than_one_cpu_run() {
    // Runs of 32 elements (one emulated CPU thread's) starting mid-row, more than 2^17
    // elements (blocks run in parallel): checked
    // against a plain loop on the host.
    for dev in devices() {
        let (outer, len, inner) = (100usize, 101usize, 7usize);
        let data: Vec<i32> = (0..(outer * len * inner) as i32).collect();
        let a = Array::from_vec(&dev, &[outer, len, inner], data.clone()).unwrap();
        let counts: Vec<isize> = (0..len as isize).map(|i| i % 9).collect();
        let got = repeat(&a, counts.clone(), Some(1)).unwrap();
        let mut want = Vec::new();
        for o in 0..outer {
            for (j, &c) in counts.iter().enumerate() {
                for _ in 0..c {
                    let row = (o * len + j) * inner;
                    want.extend_from_slice(&data[row..row + inner]);
                }
            }
        }
        assert!(want.len() > 1 << 17);
        assert_eq!(got.to_vec().unwrap(), want);
        let wrapped = pad(&a, &[(0, 0), (150, 3), (0, 0)], PadMode::Wrap).unwrap();
        let w = wrapped.to_vec().unwrap();
        let span = len + 153;
        for o in [0, 17, 99] {
            for p in [0, 1, 149, 150, 151, span - 1] {
                let src = (p as isize - 150).rem_euclid(len as isize) as usize;
                for k in 0..inner {
                    assert_eq!(
                        w[(o * span + p) * inner + k],
                        data[(o * len + src) * inner + k],
                        "wrap at {o} {p} {k}"
                    );
                }
            }
        }
    }
}

#[test]
fn outputs_without_fill_are_written_everywhere() {
    // Joins, rolls, gathers and the index allocate their output without filling it. On the CPU a freed
    // buffer of 1 MiB or more is pooled and handed out again as it is: poison one, free it,
    // and check that no poisoned element survives in the outputs that reuse it.
    let dev = Device::cpu();
    let n = 1 << 17; // 1 MiB of f64
    let half = Array::from_vec(&dev, &[n / 2], (0..n / 2).map(|i| i as f64).collect()).unwrap();
    let whole = Array::from_vec(&dev, &[n], (0..n).map(|i| i as f64).collect()).unwrap();
    let back = half.slice(s![..;-1]).unwrap();
    let results: [&dyn Fn() -> Array<f64>; 5] = [
        &|| kernels_std::creation::arange(&dev, 0.0..n as f64).unwrap(),
        &|| concatenate(&[&half, &back], Some(0)).unwrap(),
        &|| roll(&whole, 12345, None).unwrap(),
        &|| repeat(&half, 2, Some(0)).unwrap(),
        &|| repeat(&half, vec![2; n / 2], Some(0)).unwrap(),
    ];
    for (k, make) in results.iter().enumerate() {
        drop(kernels_std::creation::full(&dev, &[n], -7.0f64).unwrap());
        let out = make();
        assert_eq!(out.len(), n);
        assert!(
            out.to_vec().unwrap().iter().all(|&x| x >= 0.0),
            "result {k} kept a poisoned element"
        );
    }
}

// Edge cases: the fixtures of `scripts/fixtures/gen_shape_edge_fixtures.py` in `edge.npz`,
// compared exactly (signed zeros included; NaN equals NaN), shapes too.

fn edge(dev: &Device) -> io::Npz {
    io::load_npz(fixture("shape/edge.npz"), dev).expect("shape/edge.npz")
}

#[track_caller]
fn check_edge(z: &io::Npz, got: &Array<f64>, key: &str, dev: &Device) {
    let want = z.array::<f64>(key).unwrap_or_else(|e| panic!("{key}: {e}"));
    assert!(got.device().same(dev), "{key}: result on {}", got.device());
    assert_eq!(got.shape(), want.shape(), "{key} on {dev}");
    assert_close(
        got,
        &want,
        Tol::exact().signed_zero(),
        &format!("{key} on {dev}"),
    );
}

#[test]
fn edge_zero_d_inputs() {
    for dev in devices() {
        let z = edge(&dev);
        let s = Array::scalar(&dev, -0.0f64).unwrap();
        let t = Array::scalar(&dev, f64::INFINITY).unwrap();
        let c = |k: &str, got: Result<Array<f64>, Error>| {
            check_edge(&z, &got.unwrap_or_else(|e| panic!("{k}: {e}")), k, &dev)
        };
        c("concat_none_0d", concatenate(&[&s, &t], None));
        c("stack_0d", stack(&[&s, &t], 0));
        c("hstack_0d", hstack(&[&s, &t]));
        c("vstack_0d", vstack(&[&s, &t]));
        c("dstack_0d", dstack(&[&s, &t]));
        c("column_stack_0d", column_stack(&[&s, &t]));
        c("append_0d", append(&s, &t, None));
        c("pad_0d", pad(&s, &[(2, 2)], PadMode::Constant(0.0)));
        c("roll_0d", roll(&t, 3, None));
        c("flip_0d", flip(&s, None));
        c("tile_0d", tile(&t, &[2, 1]));
        c("broadcast_0d", broadcast_to(&t, &[2, 0, 3]));
    }
}

#[test]
fn edge_empty_inputs() {
    for dev in devices() {
        let z = edge(&dev);
        let v = Array::<f64>::zeros(&dev, &[0]).unwrap();
        let e = Array::<f64>::zeros(&dev, &[0, 3]).unwrap();
        for (i, p) in split(&v, 2, 0).unwrap().iter().enumerate() {
            check_edge(&z, p, &format!("split_empty_{i}"), &dev);
        }
        let parts = array_split(&e, 3, 1).unwrap();
        assert_eq!(parts.len(), 3);
        for (i, p) in parts.iter().enumerate() {
            check_edge(&z, p, &format!("array_split_empty_{i}"), &dev);
        }
        let got = pad(&e, &[(1, 1), (0, 2)], PadMode::Constant(-0.0)).unwrap();
        check_edge(&z, &got, "pad_empty_const", &dev);
        let got = pad(&e, &[(0, 0), (1, 1)], PadMode::Edge).unwrap();
        check_edge(&z, &got, "pad_empty_edge", &dev);
        check_edge(&z, &rot90(&e, 1, [0, 1]).unwrap(), "rot90_empty", &dev);
        check_edge(&z, &repeat(&e, 3, Some(0)).unwrap(), "repeat_empty", &dev);
        check_edge(&z, &flip(&e, Some(&[1])).unwrap(), "flip_empty", &dev);
    }
}

#[test]
fn edge_shifts_turns_and_long_pads() {
    for dev in devices() {
        let z = edge(&dev);
        let x = z.array::<f64>("x").unwrap();
        let m = x.reshape(&[2, 3]).unwrap();
        let c = |k: &str, got: Result<Array<f64>, Error>| {
            check_edge(&z, &got.unwrap_or_else(|e| panic!("{k}: {e}")), k, &dev)
        };
        c("roll_i64_min", roll(&x, isize::MIN, None));
        c("roll_i64_max", roll(&m, isize::MAX, Some(1)));
        c(
            "roll_axes_limits",
            roll_axes(&m, &[isize::MAX, isize::MIN + 1], &[0, 1]),
        );
        c("rot90_i64_min", rot90(&m, isize::MIN, [0, 1]));
        c("rot90_i64_max", rot90(&m, isize::MAX, [0, 1]));
        let head = x.slice(s![..3]).unwrap();
        c("pad_wrap_long", pad(&head, &[(5, 7)], PadMode::Wrap));
        c(
            "pad_symmetric_long",
            pad(&head, &[(5, 7)], PadMode::Symmetric),
        );
        c("pad_reflect_long", pad(&head, &[(5, 7)], PadMode::Reflect));
        let rev = x.slice(s![..;-2]).unwrap();
        c("pad_reflect_rev", pad(&rev, &[(4, 4)], PadMode::Reflect));
    }
}

#[test]
fn edge_axes_at_the_limits_of_isize_are_errors() {
    let dev = Device::cpu();
    let a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    for ax in [isize::MIN, isize::MAX] {
        let is_axis = |r: Result<Array<f64>, Error>| matches!(r, Err(Error::Axis { .. }));
        assert!(
            concatenate(&[&a, &a], Some(ax)).is_err(),
            "concatenate {ax}"
        );
        assert!(stack(&[&a, &a], ax).is_err(), "stack {ax}");
        assert!(split(&a, 1, ax).is_err(), "split {ax}");
        assert!(array_split(&a, 2, ax).is_err(), "array_split {ax}");
        assert!(is_axis(roll(&a, 1, Some(ax))), "roll {ax}");
        assert!(rot90(&a, 1, [ax, 0]).is_err(), "rot90 {ax}");
        assert!(swapaxes(&a, ax, 0).is_err(), "swapaxes {ax}");
        assert!(moveaxis(&a, &[ax], &[0]).is_err(), "moveaxis {ax}");
        assert!(moveaxis(&a, &[0], &[ax]).is_err(), "moveaxis to {ax}");
        assert!(expand_dims(&a, &[ax]).is_err(), "expand_dims {ax}");
        assert!(squeeze(&a, Some(&[ax])).is_err(), "squeeze {ax}");
        assert!(flip(&a, Some(&[ax])).is_err(), "flip {ax}");
        assert!(transpose(&a, Some(&[ax, 0])).is_err(), "transpose {ax}");
        assert!(repeat(&a, 2, Some(ax)).is_err(), "repeat {ax}");
        assert!(append(&a, &a, Some(ax)).is_err(), "append {ax}");
        assert!(reshape(&a, &[ax, 1]).is_err(), "reshape {ax}");
    }
    // A count of isize::MIN is negative (NumPy: "negative dimensions are not allowed").
    assert!(repeat(&a, isize::MIN, None).is_err());
}

#[test]
fn edge_broadcast_views_too_large_to_count_are_errors() {
    // NumPy: "iterator is too large" (the view's element count overflows)
    let dev = Device::cpu();
    let v = Array::<f64>::zeros(&dev, &[4]).unwrap();
    let err = broadcast_to(&v, &[usize::MAX, 4]).unwrap_err().to_string();
    assert!(err.contains("too many elements"), "{err}");
    let col = Array::<f64>::zeros(&dev, &[1, 1]).unwrap();
    let tall = broadcast_to(&col, &[1 << 32, 1]).unwrap();
    let wide = broadcast_to(&col, &[1, 1 << 32]).unwrap();
    assert_eq!(tall.len(), 1 << 32);
    assert!(broadcast_arrays(&[&tall, &wide]).is_err());
}

// `reshape` (the function and the method) takes every `ShapeSpec`: slices, arrays and `Vec`s of
// `usize` and `isize` (and integer literals), one `-1` inferred; the errors say what NumPy says.
#[test]
fn reshape_shape_specs() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[6], (0..6).collect::<Vec<i32>>()).unwrap();
    let us: &[usize] = &[3, 2];
    let is: &[isize] = &[-1, 2];
    let v: Vec<usize> = vec![3, 2];
    let vi: Vec<isize> = vec![3, -1];
    for b in [
        reshape(&a, &[3, 2]).unwrap(),
        reshape(&a, &[3, -1]).unwrap(),
        reshape(&a, &[-1, 2]).unwrap(),
        reshape(&a, us).unwrap(),
        reshape(&a, is).unwrap(),
        reshape(&a, &v).unwrap(),
        reshape(&a, &v[..]).unwrap(),
        reshape(&a, &vi).unwrap(),
        reshape(&a, &[3usize, 2]).unwrap(),
        reshape(&a, &[3isize, -1]).unwrap(),
        a.reshape(&[3, 2]).unwrap(),
        a.reshape(&[-1, 2]).unwrap(),
        a.reshape(us).unwrap(),
        a.reshape(is).unwrap(),
        a.reshape(&v).unwrap(),
        a.reshape(&vi[..]).unwrap(),
        a.reshape_infer(&[3, -1]).unwrap(),
    ] {
        assert_eq!(b.shape(), &[3, 2]);
        assert_eq!(b.to_vec().unwrap(), vec![0, 1, 2, 3, 4, 5]);
    }
    // A `-1` of its own, with extents of 1, of a view that needs a copy, of an empty array.
    assert_eq!(reshape(&a, &[-1]).unwrap().shape(), &[6]);
    assert_eq!(a.reshape(&[1, -1, 1]).unwrap().shape(), &[1, 6, 1]);
    let t = a.reshape(&[2, 3]).unwrap().t();
    assert_eq!(
        t.reshape(&[-1]).unwrap().to_vec().unwrap(),
        vec![0, 3, 1, 4, 2, 5]
    );
    assert_eq!(
        reshape(&t, &[-1, 2]).unwrap().to_vec().unwrap(),
        vec![0, 3, 1, 4, 2, 5]
    );
    let e = Array::<f32>::zeros(&dev, &[0, 4]).unwrap();
    assert_eq!(e.reshape(&[2, -1, 4]).unwrap().shape(), &[2, 0, 4]);
    assert_eq!(reshape(&e, &[-1]).unwrap().shape(), &[0]);
    // 0-d: an empty shape, of a one-element array.
    let one = Array::from_vec(&dev, &[1, 1], vec![5i32]).unwrap();
    assert_eq!(
        one.reshape(&[] as &[usize]).unwrap().shape(),
        &[] as &[usize]
    );
    assert_eq!(
        reshape(&one, &Vec::<isize>::new()).unwrap().item().unwrap(),
        5
    );
    // NumPy's messages (NumPy writes `newaxis` where we repeat the `-1` given).
    let msg = |r: Result<Array<i32>>| r.unwrap_err().to_string();
    assert_eq!(
        msg(a.reshape(&[-1, -1])),
        "can only specify one unknown dimension"
    );
    assert_eq!(
        msg(reshape(&a, &[-1, 2, -1])),
        "can only specify one unknown dimension"
    );
    assert_eq!(
        msg(a.reshape(&[4, -1])),
        "cannot reshape array of size 6 into shape (4,-1)"
    );
    assert_eq!(
        msg(reshape(&a, &[0, -1])),
        "cannot reshape array of size 6 into shape (0,-1)"
    );
    assert!(matches!(a.reshape(&[4]), Err(Error::Reshape { .. })));
    assert!(matches!(reshape(&a, &[4, 2]), Err(Error::Reshape { .. })));
    // Another negative extent is refused (NumPy 2 takes any negative as unknown).
    assert!(matches!(a.reshape(&[-2, 3]), Err(Error::Invalid { .. })));
    // The known extents' product overflows: an error, not a wrapped product.
    let big = isize::MAX;
    assert!(matches!(
        a.reshape(&[big, big, -1]),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        a.reshape(&[usize::MAX, 2]),
        Err(Error::TooBig { .. })
    ));
}

// The joins take a reference to any `ArrayList` (slices, arrays and `Vec`s of arrays or of
// references) and give the same result for each; `concatenate` and `append` take an
// integer axis as `stack` does, or an `Option`.
#[test]
fn joins_take_array_lists() {
    let dev = Device::cpu();
    let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4i64]).unwrap();
    let b = Array::from_vec(&dev, &[2, 2], vec![5, 6, 7, 8i64]).unwrap();
    let owned = vec![a.clone(), b.clone()];
    let refs = vec![&a, &b];
    let want = concatenate(&[&a, &b], Some(0)).unwrap().to_vec().unwrap();
    assert_eq!(want, vec![1, 2, 3, 4, 5, 6, 7, 8]);
    for got in [
        concatenate(&[&a, &b], 0).unwrap(),
        concatenate(&[&a, &b], -2).unwrap(),
        concatenate(&[a.clone(), b.clone()], 0).unwrap(),
        concatenate(&owned, 0).unwrap(),
        concatenate(&owned[..], 0).unwrap(),
        concatenate(&refs, 0).unwrap(),
        concatenate(&refs[..], 0isize).unwrap(),
        concatenate(&refs, Some(0)).unwrap(),
        vstack(&owned).unwrap(),
        vstack(&refs).unwrap(),
    ] {
        assert_eq!(got.shape(), &[4, 2]);
        assert_eq!(got.to_vec().unwrap(), want);
    }
    let axis: Option<isize> = None;
    assert_eq!(concatenate(&owned, axis).unwrap().shape(), &[8]);
    assert_eq!(
        concatenate(&owned, -1).unwrap().to_vec().unwrap(),
        vec![1, 2, 5, 6, 3, 4, 7, 8]
    );
    assert_eq!(append(&a, &b, 1).unwrap().shape(), &[2, 4]);
    assert_eq!(append(&a, &b, None).unwrap().shape(), &[8]);
    for (k, got) in [
        stack(&owned, 0).unwrap(),
        stack(&refs, -3).unwrap(),
        stack(&[a.clone(), b.clone()], 0).unwrap(),
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(got.shape(), &[2, 2, 2], "{k}");
        assert_eq!(got.to_vec().unwrap(), want, "{k}");
    }
    assert_eq!(stack(&owned, -1).unwrap().shape(), &[2, 2, 2]);
    assert_eq!(
        stack(&owned, -1).unwrap().to_vec().unwrap(),
        vec![1, 5, 2, 6, 3, 7, 4, 8]
    );
    assert_eq!(hstack(&owned).unwrap().shape(), &[2, 4]);
    assert_eq!(
        hstack(&[&a, &b]).unwrap().to_vec().unwrap(),
        concatenate(&owned, 1).unwrap().to_vec().unwrap()
    );
    assert_eq!(dstack(&owned).unwrap().shape(), &[2, 2, 2]);
    assert_eq!(column_stack(&owned).unwrap().shape(), &[2, 4]);
    // Empty lists, bad axes.
    assert!(concatenate(&Vec::<&Array<i64>>::new(), 0).is_err());
    assert!(vstack(&Vec::<Array<i64>>::new()).is_err());
    assert!(matches!(concatenate(&owned, 2), Err(Error::Axis { .. })));
    assert!(matches!(stack(&owned, 3), Err(Error::Axis { .. })));
}
