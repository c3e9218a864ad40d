//! Slicing and views checked against a plain Python-like reference computed with loops on
//! `to_vec()`.

use array_runtime::kernel::elementwise::{Chunk, ElementwiseDef, Instance, Plan};
use array_runtime::slice::{Slice, SliceItem};
use array_runtime::{s, Array, ArrayViewMut, DTypeId, Device, Ellipsis, Error, NewAxis};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn arange(shape: &[usize]) -> Array<i64> {
    let n = shape.iter().product::<usize>();
    Array::from_vec(&Device::cpu(), shape, (0..n as i64).collect()).unwrap()
}

/// CPython's `PySlice_AdjustIndices`, then the indices `range(start, stop, step)` visits.
fn py_range(n: usize, start: Option<isize>, stop: Option<isize>, step: isize) -> Vec<usize> {
    let n = n as isize;
    let adjust = |b: isize| {
        if b < 0 {
            let b = b + n;
            if b < 0 {
                if step < 0 {
                    -1
                } else {
                    0
                }
            } else {
                b
            }
        } else if b >= n {
            if step < 0 {
                n - 1
            } else {
                n
            }
        } else {
            b
        }
    };
    let mut i = match start {
        Some(b) => adjust(b),
        None if step < 0 => n - 1,
        None => 0,
    };
    let stop = match stop {
        Some(b) => adjust(b),
        None if step < 0 => -1,
        None => n,
    };
    let mut out = Vec::new();
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        out.push(i as usize);
        i += step;
    }
    out
}

/// The reference: NumPy basic indexing of the logical array `(data, shape)` by loops.
/// Returns the result's shape and its elements in C order, or `None` where NumPy raises.
fn reference(data: &[i64], shape: &[usize], items: &[SliceItem]) -> Option<(Vec<usize>, Vec<i64>)> {
    let indexed = items
        .iter()
        .filter(|i| matches!(i, SliceItem::Range(_) | SliceItem::Index(_)))
        .count();
    if indexed > shape.len() || items.iter().filter(|i| **i == SliceItem::Ellipsis).count() > 1 {
        return None;
    }
    // Per source axis: the indices taken; per result axis: its extent.
    let mut picks: Vec<Vec<usize>> = Vec::new();
    let mut out_shape = Vec::new();
    let mut axis = 0;
    let full = |axis: usize, picks: &mut Vec<Vec<usize>>, out_shape: &mut Vec<usize>| {
        picks.push((0..shape[axis]).collect());
        out_shape.push(shape[axis]);
    };
    for item in items {
        match *item {
            SliceItem::Range(r) => {
                if r.step == 0 {
                    return None;
                }
                let p = py_range(shape[axis], r.start, r.end, r.step);
                out_shape.push(p.len());
                picks.push(p);
                axis += 1;
            }
            SliceItem::Index(i) => {
                let n = shape[axis] as isize;
                if i < -n || i >= n {
                    return None;
                }
                picks.push(vec![if i < 0 { i + n } else { i } as usize]);
                axis += 1;
            }
            SliceItem::NewAxis => out_shape.push(1),
            SliceItem::Ellipsis => {
                for _ in 0..shape.len() - indexed {
                    full(axis, &mut picks, &mut out_shape);
                    axis += 1;
                }
            }
        }
    }
    while axis < shape.len() {
        full(axis, &mut picks, &mut out_shape);
        axis += 1;
    }
    // Cartesian product of the picks, in C order.
    let strides = array_runtime::shape::c_strides(shape);
    let mut out = Vec::new();
    let mut idx = vec![0usize; picks.len()];
    if picks.iter().all(|p| !p.is_empty()) {
        loop {
            let flat: isize = (0..picks.len())
                .map(|d| picks[d][idx[d]] as isize * strides[d])
                .sum();
            out.push(data[flat as usize]);
            let mut d = picks.len();
            loop {
                if d == 0 {
                    return Some((out_shape, out));
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < picks[d].len() {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
    Some((out_shape, out))
}

/// Slices `a` and compares with the reference (values, shape, and errors).
#[track_caller]
fn check(a: &Array<i64>, items: &[SliceItem]) {
    let data = a.to_vec().unwrap();
    let want = reference(&data, a.shape(), items);
    match (a.slice(items), want) {
        (Ok(got), Some((shape, values))) => {
            assert_eq!(got.shape(), &shape[..], "shape of {:?}{items:?}", a.shape());
            assert_eq!(got.to_vec().unwrap(), values, "{:?}{items:?}", a.shape());
            assert_eq!(got.len(), values.len());
        }
        (Err(e), None) => assert!(matches!(e, Error::Index { .. }), "{e}"),
        (got, want) => panic!("{:?}{items:?}: got {got:?}, want {want:?}", a.shape()),
    }
}

fn range(start: Option<isize>, end: Option<isize>, step: isize) -> SliceItem {
    SliceItem::Range(Slice { start, end, step })
}

#[test]
fn reference_matches_python_examples() {
    // Values printed by Python 3 for list(range(10))[a:b:c].
    assert_eq!(py_range(10, Some(2), Some(8), 3), vec![2, 5]);
    assert_eq!(py_range(10, None, None, -3), vec![9, 6, 3, 0]);
    assert_eq!(py_range(10, Some(-2), Some(-100), -4), vec![8, 4, 0]);
    assert_eq!(py_range(10, Some(100), Some(5), -2), vec![9, 7]);
    assert_eq!(py_range(10, Some(5), Some(5), 1), Vec::<usize>::new());
    assert_eq!(py_range(0, None, None, -1), Vec::<usize>::new());
}

#[test]
fn one_dimension_every_bound_and_step() {
    let bounds = [
        None,
        Some(-12),
        Some(-10),
        Some(-9),
        Some(-3),
        Some(-1),
        Some(0),
        Some(1),
        Some(4),
        Some(9),
        Some(10),
        Some(15),
    ];
    for n in [0usize, 1, 2, 5, 10] {
        let a = arange(&[n]);
        for &start in &bounds {
            for &end in &bounds {
                for step in [-11isize, -3, -2, -1, 0, 1, 2, 3, 11] {
                    check(&a, &[range(start, end, step)]);
                }
            }
        }
        for i in -12..12 {
            check(&a, &[SliceItem::Index(i)]);
        }
    }
}

/// Random slice items for an array of `ndim` dimensions.
fn random_items(rng: &mut StdRng, ndim: usize) -> Vec<SliceItem> {
    let bound = |rng: &mut StdRng| {
        if rng.gen_bool(0.3) {
            None
        } else {
            Some(rng.gen_range(-8isize..8))
        }
    };
    let mut items = Vec::new();
    let mut used = 0;
    while used < ndim && rng.gen_bool(0.85) {
        let item = match rng.gen_range(0..10) {
            0 => SliceItem::NewAxis,
            1 => SliceItem::Index(rng.gen_range(-5isize..5)),
            2 if !items.contains(&SliceItem::Ellipsis) => SliceItem::Ellipsis,
            _ => {
                let step = *[-3isize, -2, -1, 1, 1, 2, 3]
                    .get(rng.gen_range(0..7))
                    .unwrap();
                range(bound(rng), bound(rng), step)
            }
        };
        if matches!(item, SliceItem::Range(_) | SliceItem::Index(_)) {
            used += 1;
        }
        items.push(item);
    }
    items
}

#[test]
fn random_slices_of_many_layouts() {
    let mut rng = StdRng::seed_from_u64(7);
    let c = arange(&[4, 5, 3]);
    let layouts: Vec<Array<i64>> = vec![
        arange(&[6]),
        arange(&[3, 4]),
        c.clone(),
        c.t(),
        c.permute(&[1, 0, 2]).unwrap(),
        c.slice(s![..;-1, 1..;2, ..]).unwrap(),
        c.slice(s![1, .., ..;-1]).unwrap().t(),
        arange(&[4]).broadcast_to(&[3, 4]).unwrap(),
        arange(&[3, 1]).broadcast_to(&[3, 5]).unwrap(),
        arange(&[0, 3]),
        Array::scalar(&Device::cpu(), 42i64).unwrap(),
    ];
    for a in &layouts {
        for _ in 0..300 {
            let items = random_items(&mut rng, a.ndim());
            check(a, &items);
            // Slicing a slice composes like slicing the copy.
            if let Ok(b) = a.slice(&items) {
                let items2 = random_items(&mut rng, b.ndim());
                let copy = b.copy().unwrap();
                match (b.slice(&items2), copy.slice(&items2)) {
                    (Ok(x), Ok(y)) => {
                        assert_eq!(x.shape(), y.shape());
                        assert_eq!(x.to_vec().unwrap(), y.to_vec().unwrap());
                    }
                    (Err(_), Err(_)) => {}
                    (x, y) => panic!("{items:?} then {items2:?}: {x:?} vs {y:?}"),
                }
            }
        }
    }
}

#[test]
fn macro_forms() -> Result<(), Error> {
    let a = arange(&[4, 6]);
    let row = 2usize;
    let step = -2isize;
    assert_eq!(a.slice(s![row])?.to_vec()?, vec![12, 13, 14, 15, 16, 17]);
    assert_eq!(a.slice(s![-1, ..;step])?.to_vec()?, vec![23, 21, 19]);
    assert_eq!(a.slice(s![1..=2, ..=-1])?.shape(), &[2, 6]);
    assert_eq!(a.slice(s![1..=2, ..=-2])?.shape(), &[2, 5]);
    assert_eq!(a.slice(s![..2, 4..])?.to_vec()?, vec![4, 5, 10, 11]);
    assert_eq!(a.slice(s![.., NewAxis, 0])?.shape(), &[4, 1]);
    assert_eq!(a.slice(s![Ellipsis, 1])?.to_vec()?, vec![1, 7, 13, 19]);
    assert_eq!(a.slice(s![0, Ellipsis])?.shape(), &[6]);
    assert_eq!(a.slice(s![1..3;2, 1..;4])?.to_vec()?, vec![7, 11]);
    assert_eq!(a.slice(s![])?.shape(), &[4, 6]);
    assert_eq!(a.slice(s![..])?.to_vec()?, a.to_vec()?);
    // Dynamic indices from a vector.
    let items: Vec<SliceItem> = vec![(..).into(), Slice::from(..).step_by(-1).into()];
    assert_eq!(
        a.slice(items)?.slice(s![0])?.to_vec()?,
        vec![5, 4, 3, 2, 1, 0]
    );
    Ok(())
}

#[test]
fn negative_steps_are_views_with_negative_strides() {
    let a = arange(&[3, 4]);
    let r = a.slice(s![..;-1, ..;-2]).unwrap();
    assert_eq!(r.strides(), &[-4, -2]);
    assert_eq!(r.to_vec().unwrap(), vec![11, 9, 7, 5, 3, 1]);
    assert_eq!(r.layout().offset, 11);
    // Reversing twice is the identity.
    let rr = r.slice(s![..;-1, ..;-1]).unwrap();
    assert_eq!(rr.to_vec().unwrap(), vec![1, 3, 5, 7, 9, 11]);
}

#[test]
#[allow(clippy::reversed_empty_ranges)] // empty on purpose
fn empty_slices() {
    let a = arange(&[3, 4]);
    for items in [s![2..1, ..], s![.., 10..], s![..;-1, 0..0]] {
        let e = a.slice(items).unwrap();
        assert!(e.is_empty());
        assert_eq!(e.to_vec().unwrap(), Vec::<i64>::new());
        // Slicing an empty view stays empty; reshape and copy of it work.
        assert!(e.slice(s![..;-1, ..]).unwrap().is_empty());
        assert_eq!(e.reshape(&[0]).unwrap().shape(), &[0]);
        assert!(e.copy().unwrap().is_empty());
    }
    let e = a.slice(s![.., 4..]).unwrap();
    assert!(matches!(e.slice(s![.., 0]), Err(Error::Index { .. })));
    assert!(matches!(e.slice(s![.., -1]), Err(Error::Index { .. })));
}

#[test]
fn slices_of_transposed_and_broadcast_views() {
    let a = arange(&[2, 3]);
    let t = a.t(); // [[0,3],[1,4],[2,5]]
    assert_eq!(t.slice(s![1.., 1]).unwrap().to_vec().unwrap(), vec![4, 5]);
    assert_eq!(
        t.slice(s![..;-1, ..]).unwrap().to_vec().unwrap(),
        vec![2, 5, 1, 4, 0, 3]
    );
    let b = arange(&[3]).broadcast_to(&[4, 3]).unwrap();
    let s = b.slice(s![1..;2, ..;-1]).unwrap();
    assert_eq!(s.strides(), &[0, -1]);
    assert_eq!(s.to_vec().unwrap(), vec![2, 1, 0, 2, 1, 0]);
}

#[test]
fn reshape_of_non_contiguous_views() {
    let a = arange(&[4, 6]);
    // Every other row: rows stay contiguous, so splitting them is a view.
    let rows = a.slice(s![..;2, ..]).unwrap();
    let v = rows.reshape(&[2, 2, 3]).unwrap();
    assert_eq!(v.strides(), &[12, 3, 1]);
    assert_eq!(v.layout().offset, 0);
    assert_eq!(v.to_vec().unwrap(), rows.to_vec().unwrap());
    // Merging the strided rows into one axis cannot be a view: a contiguous copy.
    let flat = rows.reshape(&[12]).unwrap();
    assert!(flat.is_c_contiguous());
    assert_eq!(
        flat.to_vec().unwrap(),
        vec![0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17]
    );
    // Every other column: a copy again.
    let cols = a.slice(s![.., 1..;2]).unwrap();
    assert_eq!(
        cols.reshape(&[3, 4]).unwrap().to_vec().unwrap(),
        cols.to_vec().unwrap()
    );
    // A reversed axis reshapes as a view with a negative stride.
    let r = arange(&[6]).slice(s![..;-1]).unwrap();
    let r2 = r.reshape(&[2, 3]).unwrap();
    assert_eq!(r2.strides(), &[-3, -1]);
    assert_eq!(r2.to_vec().unwrap(), vec![5, 4, 3, 2, 1, 0]);
    // A transposed view flattened is a copy in C order of the view.
    assert_eq!(
        a.t().reshape(&[24]).unwrap().to_vec().unwrap(),
        a.t().to_vec().unwrap()
    );
    // A squeezed index keeps the view.
    let col = a.slice(s![.., 2, NewAxis]).unwrap();
    assert_eq!(col.shape(), &[4, 1]);
    assert_eq!(col.reshape(&[2, 2]).unwrap().strides(), &[12, 6]);
}

#[test]
fn index_flip_swap_insert_squeeze() {
    let a = arange(&[2, 3, 4]);
    let data = a.to_vec().unwrap();
    for axis in -3..3isize {
        let n = a.shape()[axis.rem_euclid(3) as usize] as isize;
        for i in -n..n {
            let ax = axis.rem_euclid(3) as usize;
            let mut items = vec![SliceItem::Range(Slice::FULL); ax];
            items.push(SliceItem::Index(i));
            let want = reference(&data, a.shape(), &items).unwrap();
            let got = a.index_axis(axis, i).unwrap();
            assert_eq!((got.shape().to_vec(), got.to_vec().unwrap()), want);
        }
        assert!(matches!(a.index_axis(axis, n), Err(Error::Index { .. })));
        assert!(matches!(
            a.index_axis(axis, -n - 1),
            Err(Error::Index { .. })
        ));

        let f = a.flip(axis).unwrap();
        let mut items = vec![SliceItem::Range(Slice::FULL); 3];
        items[axis.rem_euclid(3) as usize] = SliceItem::Range(Slice::FULL.step_by(-1));
        assert_eq!(
            f.to_vec().unwrap(),
            reference(&data, a.shape(), &items).unwrap().1
        );
        assert_eq!(f.flip(axis).unwrap().to_vec().unwrap(), data);
    }
    assert!(matches!(a.index_axis(3, 0), Err(Error::Axis { .. })));
    assert!(matches!(a.flip(-4), Err(Error::Axis { .. })));

    let s = a.swap_axes(0, 2).unwrap();
    assert_eq!(s.shape(), &[4, 3, 2]);
    assert_eq!(
        s.to_vec().unwrap(),
        a.permute(&[2, 1, 0]).unwrap().to_vec().unwrap()
    );
    assert_eq!(a.swap_axes(1, 1).unwrap().to_vec().unwrap(), data);
    assert!(a.swap_axes(0, 3).is_err());

    for (axis, shape) in [
        (0, [1, 2, 3, 4]),
        (1, [2, 1, 3, 4]),
        (3, [2, 3, 4, 1]),
        (-1, [2, 3, 4, 1]),
        (-4, [1, 2, 3, 4]),
    ] {
        let e = a.insert_axis(axis).unwrap();
        assert_eq!(e.shape(), &shape);
        assert_eq!(e.to_vec().unwrap(), data);
        assert_eq!(e.squeeze().shape(), a.shape());
    }
    assert!(a.insert_axis(4).is_err());
    assert!(a.insert_axis(-5).is_err());

    let one = arange(&[1, 1]);
    assert_eq!(one.squeeze().shape(), &[] as &[usize]);
    assert_eq!(one.squeeze().item().unwrap(), 0);
    let z = arange(&[0, 1]);
    assert_eq!(z.squeeze().shape(), &[0]);
    // The 0-d array takes a new axis but no index.
    let scalar = Array::scalar(&Device::cpu(), 5i64).unwrap();
    assert_eq!(scalar.insert_axis(0).unwrap().shape(), &[1]);
    assert!(scalar.index_axis(0, 0).is_err());
    assert_eq!(scalar.slice(s![NewAxis, NewAxis]).unwrap().shape(), &[1, 1]);
    assert_eq!(scalar.slice(s![Ellipsis]).unwrap().item().unwrap(), 5);
}

#[test]
fn errors() {
    let a = arange(&[3, 4]);
    let index_error = |r: array_runtime::Result<Array<i64>>| match r {
        Err(Error::Index { message }) => message,
        other => panic!("expected an index error, got {other:?}"),
    };
    assert!(index_error(a.slice(s![..;0])).contains("zero"));
    assert!(index_error(a.slice(s![3])).contains("out of bounds"));
    assert!(index_error(a.slice(s![-4])).contains("out of bounds"));
    assert!(index_error(a.slice(s![.., 4])).contains("axis 1"));
    assert!(index_error(a.slice(s![0, 0, 0])).contains("too many indices"));
    assert!(index_error(a.slice(s![Ellipsis, 0, Ellipsis])).contains("ellipsis"));
    // A huge `usize` index is out of bounds, not wrapped to a negative one.
    assert!(index_error(a.slice(s![usize::MAX])).contains("out of bounds"));
    assert_eq!(
        a.slice(s![.., 1usize..usize::MAX]).unwrap().shape(),
        &[3, 3]
    );
    // New axes do not count as indexed axes.
    assert_eq!(
        a.slice(s![NewAxis, 0, NewAxis, 0, NewAxis])
            .unwrap()
            .shape(),
        &[1, 1, 1]
    );
    let mut m = a.clone();
    assert!(matches!(m.slice_mut(s![5..;0]), Err(Error::Index { .. })));
}

// A kernel that writes a constant, to see what `slice_mut` views write.
fn fill_chunk(c: &mut Chunk<'_>) {
    let v = c.input::<i64>(0)[0];
    c.output::<i64>(0).fill(v);
}

fn fill(out: ArrayViewMut<'_, i64>, value: i64) {
    const DEF: ElementwiseDef = ElementwiseDef {
        name: "fill",
        device_source: "",
        param_names: &["v"],
        type_params: &[],
    };
    let inst = Instance {
        def: &DEF,
        type_args: &[],
        params: &[DTypeId::I64],
        results: &[DTypeId::I64],
    };
    let v = array_runtime::IntoOperand::<i64>::into_operand(value);
    let ops = [v.erase()];
    let layout = out.layout().clone();
    let plan = Plan::for_outputs(&inst, &ops, &[&layout], &[out.device()]).unwrap();
    plan.run(&mut [out.erase()], &fill_chunk).unwrap();
}

#[test]
fn slice_mut_writes_through_and_copies_on_write() {
    let mut a = arange(&[3, 4]);
    let shared = a.clone();
    fill(a.slice_mut(s![1.., ..;-3]).unwrap(), -1);
    assert_eq!(
        a.to_vec().unwrap(),
        vec![0, 1, 2, 3, -1, 5, 6, -1, -1, 9, 10, -1]
    );
    // The other handle kept the old elements (copy on write).
    assert_eq!(shared.to_vec().unwrap(), (0..12).collect::<Vec<i64>>());

    // A view sliced further, then consumed into a slice.
    let mut v = a.slice_mut(s![0, ..]).unwrap();
    fill(v.slice_mut(s![1..3]).unwrap(), 7);
    fill(v.into_slice(s![-1]).unwrap(), 8);
    assert_eq!(&a.to_vec().unwrap()[..4], &[0, 7, 7, 8]);

    // A mutable slice of a transposed view.
    let mut t = arange(&[2, 3]).t();
    fill(t.slice_mut(s![..;2, 1]).unwrap(), 0);
    assert_eq!(t.to_vec().unwrap(), vec![0, 0, 1, 4, 2, 0]);
}

#[test]
fn slice_is_a_view_of_the_same_storage() {
    let a = arange(&[5]);
    let b = a.slice(s![1..4]).unwrap();
    assert_eq!(b.layout().offset, 1);
    assert_eq!(b.strides(), &[1]);
    let c = b.slice(s![..;-1]).unwrap();
    assert_eq!(c.layout().offset, 3);
    assert_eq!(c.to_vec().unwrap(), vec![3, 2, 1]);
}

#[test]
fn assign_broadcasts_and_keeps_other_arrays_unchanged() {
    let dev = Device::cpu();
    let mut a = Array::<f64>::zeros(&dev, &[2, 3]).unwrap();
    let shared = a.clone();
    a.assign(Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0]).unwrap())
        .unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    assert_eq!(shared.to_vec().unwrap(), vec![0.0; 6]);
    let bad = Array::from_vec(&dev, &[2], vec![1.0, 2.0]).unwrap();
    assert!(a.assign(&bad).is_err());
}

#[test]
fn impossible_host_allocations_are_errors() {
    let dev = Device::cpu();
    for shape in [vec![1usize << 61], vec![1 << 47], vec![1 << 30, 1 << 20]] {
        match Array::<f64>::zeros(&dev, &shape) {
            Err(Error::OutOfMemory { .. }) => {}
            // 2^61 f64 span 2^64 bytes: NumPy's "array is too big", before any allocation.
            Err(Error::TooBig { .. }) if shape == [1 << 61] => {}
            other => panic!("zeros {shape:?}: {other:?}"),
        }
        assert!(matches!(
            Array::full(&dev, &shape, 1u8),
            Err(Error::OutOfMemory { .. })
        ));
    }
}
