//! The CPU executor, driven by hand-written chunk functions (what `#[elementwise]` generates),
//! without the macros.

use std::time::Instant;

use array_runtime::kernel::elementwise::{
    Chunk, ElementwiseDef, ErasedOperand, Instance, Operand, Plan,
};
use array_runtime::{
    s, Array, ArrayViewMut, DType, DTypeId, Device, Error, IntoOperand, NewAxis, Result,
};

fn def(name: &'static str, params: &'static [&'static str]) -> ElementwiseDef {
    ElementwiseDef {
        name,
        device_source: "",
        param_names: params,
        type_params: &[],
    }
}

/// Runs `f` into a fresh output, as a generated call does.
fn call<R: DType>(
    inst: &Instance<'_>,
    ops: &[ErasedOperand<'_>],
    f: &(dyn Fn(&mut Chunk<'_>) + Sync),
) -> Result<Array<R>> {
    let plan = Plan::new(inst, ops)?;
    let mut out = plan.alloc::<R>()?;
    plan.run(&mut [out.view_mut()?.erase()], f)?;
    Ok(out)
}

/// Runs `f` into an existing (possibly strided) output: NumPy's `out=`.
fn call_into<R: DType>(
    inst: &Instance<'_>,
    ops: &[ErasedOperand<'_>],
    out: ArrayViewMut<'_, R>,
    f: &(dyn Fn(&mut Chunk<'_>) + Sync),
) -> Result<()> {
    let layout = out.layout().clone();
    let plan = Plan::for_outputs(inst, ops, &[&layout], &[out.device()])?;
    plan.run(&mut [out.erase()], f)
}

fn saxpy_chunk(c: &mut Chunk<'_>) {
    let a = c.input::<f32>(0);
    let x = c.input::<f32>(1);
    let y = c.input::<f32>(2);
    let o = c.output::<f32>(0);
    for (((o, &a), &x), &y) in o.iter_mut().zip(a).zip(x).zip(y) {
        *o = a * x + y;
    }
}

const F3: [DTypeId; 3] = [DTypeId::F32, DTypeId::F32, DTypeId::F32];
const F1: [DTypeId; 1] = [DTypeId::F32];

fn saxpy(a: f32, x: &Array<f32>, y: &Array<f32>) -> Result<Array<f32>> {
    let d = def("saxpy", &["a", "x", "y"]);
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &F3,
        results: &F1,
    };
    let (a, x, y) = (
        IntoOperand::<f32>::into_operand(a),
        x.into_operand(),
        y.into_operand(),
    );
    let ops = [a.erase(), x.erase(), y.erase()];
    call(&inst, &ops, &saxpy_chunk)
}

// ---- kernels written by hand, as the macro would generate them ----

/// `o = x - 2 y` (not symmetric, so swapped operands show).
fn sub2_chunk(c: &mut Chunk<'_>) {
    let x = c.input::<f64>(0);
    let y = c.input::<f64>(1);
    let o = c.output::<f64>(0);
    for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
        *o = x - 2.0 * y;
    }
}

const D2: [DTypeId; 2] = [DTypeId::F64, DTypeId::F64];
const D1: [DTypeId; 1] = [DTypeId::F64];

fn sub2_def() -> ElementwiseDef {
    def("sub2", &["x", "y"])
}

fn sub2<'a>(x: impl IntoOperand<'a, f64>, y: impl IntoOperand<'a, f64>) -> Result<Array<f64>> {
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    let (x, y) = (x.into_operand(), y.into_operand());
    call(&inst, &[x.erase(), y.erase()], &sub2_chunk)
}

fn sub2_into<'a>(
    x: impl IntoOperand<'a, f64>,
    y: impl IntoOperand<'a, f64>,
    out: ArrayViewMut<'_, f64>,
) -> Result<()> {
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    let (x, y) = (x.into_operand(), y.into_operand());
    call_into(&inst, &[x.erase(), y.erase()], out, &sub2_chunk)
}

/// The reference: `x - 2 y` by loops over the broadcast inputs' `to_vec()`.
fn sub2_ref(x: &Array<f64>, y: &Array<f64>) -> Vec<f64> {
    let shape = array_runtime::shape::broadcast_shapes("ref", &[x.shape(), y.shape()]).unwrap();
    let xs = x.broadcast_to(&shape).unwrap().to_vec().unwrap();
    let ys = y.broadcast_to(&shape).unwrap().to_vec().unwrap();
    xs.iter().zip(&ys).map(|(&x, &y)| x - 2.0 * y).collect()
}

fn cpu() -> Device {
    Device::cpu()
}

/// Distinct values `start, start + 1, ...` in `shape`.
fn ramp(shape: &[usize], start: f64) -> Array<f64> {
    let n = shape.iter().product::<usize>();
    Array::from_vec(&cpu(), shape, (0..n).map(|i| start + i as f64).collect()).unwrap()
}

#[track_caller]
fn check_sub2(x: &Array<f64>, y: &Array<f64>) {
    let got = sub2(x, y).unwrap();
    let shape = array_runtime::shape::broadcast_shapes("ref", &[x.shape(), y.shape()]).unwrap();
    assert_eq!(got.shape(), &shape[..]);
    assert!(got.is_c_contiguous());
    assert_eq!(
        got.to_vec().unwrap(),
        sub2_ref(x, y),
        "{:?} {:?}",
        x.layout(),
        y.layout()
    );
}

#[test]
fn broadcasting() {
    let x = ramp(&[3, 1], 0.0);
    let y = ramp(&[4], 100.0);
    check_sub2(&x, &y);
    check_sub2(&y, &x);
    check_sub2(&ramp(&[2, 1, 3], 0.0), &ramp(&[4, 1], 50.0));
    // Explicit zero strides.
    let b = ramp(&[5], 0.0).broadcast_to(&[3, 5]).unwrap();
    assert_eq!(b.strides(), &[0, 1]);
    check_sub2(&b, &ramp(&[3, 5], 10.0));
    let col = ramp(&[3, 1], 0.0).broadcast_to(&[3, 5]).unwrap();
    check_sub2(&col, &b);
    // A scalar operand, on either side.
    let a = ramp(&[2, 3], 1.0);
    assert_eq!(
        sub2(&a, 0.5).unwrap().to_vec().unwrap(),
        vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    );
    assert_eq!(
        sub2(10.0, &a).unwrap().to_vec().unwrap(),
        vec![8.0, 6.0, 4.0, 2.0, 0.0, -2.0]
    );
    // Scalars only: a 0-d result.
    let s = sub2(1.0, 2.0).unwrap();
    assert_eq!(s.shape(), &[] as &[usize]);
    assert_eq!(s.item().unwrap(), -3.0);
}

#[test]
fn zero_dimensional_arrays() {
    let x = Array::scalar(&cpu(), 3.0f64).unwrap();
    let y = Array::scalar(&cpu(), 1.0f64).unwrap();
    let o = sub2(&x, &y).unwrap();
    assert_eq!((o.ndim(), o.item().unwrap()), (0, 1.0));
    // A 0-d array broadcasts like a scalar.
    check_sub2(&x, &ramp(&[2, 2], 0.0));
    // Writing into a 0-d output.
    let mut out = Array::scalar(&cpu(), 0.0f64).unwrap();
    sub2_into(&x, 1.5, out.view_mut().unwrap()).unwrap();
    assert_eq!(out.item().unwrap(), 0.0);
}

#[test]
fn non_contiguous_and_negative_stride_inputs() {
    let a = ramp(&[4, 6], 0.0);
    let b = ramp(&[6, 4], 1000.0);
    let cases: Vec<(Array<f64>, Array<f64>)> = vec![
        (a.clone(), b.t()),
        (a.t(), b.clone()),
        (a.flip(0).unwrap(), a.flip(1).unwrap()),
        (a.slice(s![..;-1, ..;-1]).unwrap(), b.t()),
        (
            a.slice(s![1..;2, ..;3]).unwrap(),
            b.slice(s![..;-3, 1..;2]).unwrap().t(),
        ),
        (a.slice(s![.., 2]).unwrap(), b.slice(s![-1, ..]).unwrap()),
        (
            a.slice(s![.., NewAxis, ..;-2]).unwrap(),
            b.slice(s![..;2, ..;-1]).unwrap().t(),
        ),
        (
            ramp(&[2, 3, 4], 0.0).permute(&[2, 0, 1]).unwrap(),
            ramp(&[4, 2, 3], 7.0),
        ),
    ];
    for (x, y) in &cases {
        check_sub2(x, y);
        check_sub2(y, x);
    }
}

#[test]
fn strided_outputs_through_slice_mut() {
    let x = ramp(&[3, 2], 0.0);
    let mut out = Array::full(&cpu(), &[4, 6], -1.0f64).unwrap();
    sub2_into(&x, 1.0, out.slice_mut(s![1..;1, ..;-3]).unwrap()).unwrap();
    // out[1:, ::-3] = x - 2: columns 5 and 2 of rows 1..4.
    let mut want = vec![-1.0; 24];
    for r in 0..3 {
        for (j, c) in [5, 2].into_iter().enumerate() {
            want[(r + 1) * 6 + c] = (r * 2 + j) as f64 - 2.0;
        }
    }
    assert_eq!(out.to_vec().unwrap(), want);

    // A transposed output, written with broadcast inputs.
    let mut t = Array::<f64>::zeros(&cpu(), &[3, 4]).unwrap().t();
    let (x, y) = (ramp(&[4, 1], 0.0), ramp(&[3], 10.0));
    sub2_into(&x, &y, t.view_mut().unwrap()).unwrap();
    assert_eq!(t.to_vec().unwrap(), sub2_ref(&x, &y));
    // Strided output with strided inputs, large enough to run in parallel.
    let n = 300;
    let mut big = Array::<f64>::zeros(&cpu(), &[n, 2 * n]).unwrap();
    let (x, y) = (ramp(&[n, n], 0.0), ramp(&[n, n], 1.0).t());
    sub2_into(&x, &y, big.slice_mut(s![..;-1, 1..;2]).unwrap()).unwrap();
    let written = big.slice(s![..;-1, 1..;2]).unwrap().to_vec().unwrap();
    assert_eq!(written, sub2_ref(&x, &y));
    assert!(big
        .slice(s![.., ..;2])
        .unwrap()
        .to_vec()
        .unwrap()
        .iter()
        .all(|&v| v == 0.0));
}

#[test]
fn empty_arrays_never_call_the_kernel() {
    fn never(_: &mut Chunk<'_>) {
        panic!("the kernel ran on an empty array");
    }
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    for (xs, ys) in [
        (&[0usize][..], &[0usize][..]),
        (&[3, 0], &[1, 0]),
        (&[0, 4], &[4]),
    ] {
        let (x, y) = (ramp(xs, 0.0), ramp(ys, 0.0));
        let (xo, yo) = (x.into_operand(), y.into_operand());
        let o: Array<f64> = call(&inst, &[xo.erase(), yo.erase()], &never).unwrap();
        assert!(o.is_empty());
        assert_eq!(o.shape(), xs);
    }
    // An empty strided output.
    let mut a = ramp(&[3, 4], 0.0);
    sub2_into(1.0, 2.0, a.slice_mut(s![.., 4..;-1]).unwrap()).unwrap();
}

#[test]
fn sizes_around_chunks_and_the_parallel_threshold() {
    use array_runtime::cpu::elementwise::{CHUNK, SERIAL_LIMIT};
    for n in [
        1,
        2,
        CHUNK - 1,
        CHUNK,
        CHUNK + 1,
        3 * CHUNK + 7,
        SERIAL_LIMIT - 1,
        SERIAL_LIMIT,
        SERIAL_LIMIT + 1,
        5 * SERIAL_LIMIT + 3,
        1_000_003,
    ] {
        let x = ramp(&[n], 0.0);
        let y = ramp(&[n], 0.25);
        check_sub2(&x, &y);
        check_sub2(&x.slice(s![..;-1]).unwrap(), &y);
        check_sub2(&x, 3.0.into_scalar_array());
        if n % 7 == 0 || n > 1000 {
            // A 2-d strided walk whose rows straddle chunk boundaries.
            let rows = n / 7;
            let a = ramp(&[7, rows], 0.0).t();
            let b = ramp(&[rows, 7], 5.0).slice(s![..;-1, ..]).unwrap();
            check_sub2(&a, &b);
            check_sub2(&a, &ramp(&[7], 0.0));
        }
    }
}

trait ScalarArray {
    fn into_scalar_array(self) -> &'static Array<f64>;
}
impl ScalarArray for f64 {
    /// A 0-d array, leaked for the test's convenience.
    fn into_scalar_array(self) -> &'static Array<f64> {
        Box::leak(Box::new(Array::scalar(&cpu(), self).unwrap()))
    }
}

#[test]
fn chunks_are_at_most_chunk_long() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SEEN: AtomicUsize = AtomicUsize::new(0);
    static LONGEST: AtomicUsize = AtomicUsize::new(0);
    fn counting(c: &mut Chunk<'_>) {
        SEEN.fetch_add(c.len(), Ordering::Relaxed);
        LONGEST.fetch_max(c.len(), Ordering::Relaxed);
        assert!(!c.is_empty());
        sub2_chunk(c);
    }
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    let n = 200_001;
    let (x, y) = (ramp(&[n], 0.0), ramp(&[1], 0.0));
    let (xo, yo) = ((&x).into_operand(), y.into_operand());
    let o: Array<f64> = call(&inst, &[xo.erase(), yo.erase()], &counting).unwrap();
    assert_eq!(o.to_vec().unwrap(), x.to_vec().unwrap());
    assert_eq!(SEEN.load(Ordering::Relaxed), n);
    assert!(LONGEST.load(Ordering::Relaxed) <= array_runtime::cpu::elementwise::CHUNK);
}

/// The copy kernel for every dtype.
fn copy_chunk<T: DType>(c: &mut Chunk<'_>) {
    let x = c.input::<T>(0);
    c.output::<T>(0).copy_from_slice(x);
}

fn copy_all_layouts<T: DType>(values: Vec<T>) {
    let d = def("copy", &["x"]);
    let p = [T::ID];
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &p,
        results: &p,
    };
    let n = values.len();
    let a = Array::from_vec(&cpu(), &[n / 5, 5], values).unwrap();
    let layouts = [
        a.clone(),
        a.t(),
        a.slice(s![..;-1, ..;2]).unwrap(),
        a.slice(s![.., 3])
            .unwrap()
            .broadcast_to(&[4, n / 5])
            .unwrap(),
    ];
    for x in &layouts {
        let xo = x.into_operand();
        let o: Array<T> = call(&inst, &[xo.erase()], &copy_chunk::<T>).unwrap();
        assert_eq!(o.to_vec().unwrap(), x.to_vec().unwrap(), "{}", T::ID);
        // Into a reversed, strided output.
        let mut out = Array::<T>::zeros(&cpu(), &[x.shape()[0], 2 * x.shape()[1]]).unwrap();
        let xo = x.into_operand();
        call_into(
            &inst,
            &[xo.erase()],
            out.slice_mut(s![..;-1, 1..;2]).unwrap(),
            &copy_chunk::<T>,
        )
        .unwrap();
        let back = out.slice(s![..;-1, 1..;2]).unwrap().to_vec().unwrap();
        assert_eq!(back, x.to_vec().unwrap(), "{}", T::ID);
        // A scalar operand of this dtype.
        let v = x.to_vec().unwrap()[1];
        let so = Operand::Scalar(v);
        let mut out = Array::<T>::zeros(&cpu(), &[3, 7]).unwrap();
        call_into(
            &inst,
            &[so.erase()],
            out.view_mut().unwrap(),
            &copy_chunk::<T>,
        )
        .unwrap();
        assert!(out.to_vec().unwrap().iter().all(|&e| e == v), "{}", T::ID);
    }
}

#[test]
fn copy_kernel_every_dtype() {
    use array_runtime::{bf16, c128, c64, f16};
    // Sizes that cross the parallel threshold too.
    for n in [35, 5 * 9001] {
        let i = |k: usize| (k % 251) as i64 - 125;
        copy_all_layouts::<bool>((0..n).map(|k| k % 3 == 1).collect());
        copy_all_layouts::<i8>((0..n).map(|k| i(k) as i8).collect());
        copy_all_layouts::<i16>((0..n).map(|k| (k as i16).wrapping_mul(-7)).collect());
        copy_all_layouts::<i32>((0..n).map(|k| -(k as i32) * 3).collect());
        copy_all_layouts::<i64>((0..n).map(|k| (k as i64) << 33).collect());
        copy_all_layouts::<u8>((0..n).map(|k| k as u8).collect());
        copy_all_layouts::<u16>((0..n).map(|k| k as u16).collect());
        copy_all_layouts::<u32>((0..n).map(|k| k as u32 * 77).collect());
        copy_all_layouts::<u64>((0..n).map(|k| u64::MAX - k as u64).collect());
        copy_all_layouts::<f16>((0..n).map(|k| f16::from_f32(i(k) as f32 / 4.0)).collect());
        copy_all_layouts::<bf16>((0..n).map(|k| bf16::from_f32(i(k) as f32 * 3.0)).collect());
        copy_all_layouts::<f32>((0..n).map(|k| k as f32 * 0.5).collect());
        copy_all_layouts::<f64>((0..n).map(|k| -(k as f64) / 3.0).collect());
        copy_all_layouts::<c64>((0..n).map(|k| c64::new(k as f32, -(k as f32))).collect());
        copy_all_layouts::<c128>(
            (0..n)
                .map(|k| c128::new(-(k as f64), k as f64 / 7.0))
                .collect(),
        );
    }
}

#[test]
fn two_outputs_one_strided() {
    fn sum_diff(c: &mut Chunk<'_>) {
        let x = c.input::<i32>(0);
        let y = c.input::<i32>(1);
        let s = c.output::<i32>(0);
        let d = c.output::<i32>(1);
        for (((s, d), &x), &y) in s.iter_mut().zip(d.iter_mut()).zip(x).zip(y) {
            *s = x + y;
            *d = x - y;
        }
    }
    let d = def("sum_diff", &["x", "y"]);
    let p = [DTypeId::I32, DTypeId::I32];
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &p,
        results: &p,
    };
    let x = Array::from_vec(&cpu(), &[2, 3], vec![1, 2, 3, 4, 5, 6]).unwrap();
    let y = Array::from_vec(&cpu(), &[3], vec![10, 20, 30]).unwrap();
    let (xo, yo) = (x.into_operand(), y.into_operand());
    let ops = [xo.erase(), yo.erase()];
    let mut s = Array::<i32>::zeros(&cpu(), &[2, 3]).unwrap();
    let mut dd = Array::<i32>::zeros(&cpu(), &[3, 2]).unwrap().t();
    let sv = s.view_mut().unwrap();
    let dv = dd.view_mut().unwrap();
    let layouts = [sv.layout().clone(), dv.layout().clone()];
    let plan =
        Plan::for_outputs(&inst, &ops, &[&layouts[0], &layouts[1]], &[cpu(), cpu()]).unwrap();
    plan.run(&mut [sv.erase(), dv.erase()], &sum_diff).unwrap();
    assert_eq!(s.to_vec().unwrap(), vec![11, 22, 33, 14, 25, 36]);
    assert_eq!(dd.to_vec().unwrap(), vec![-9, -18, -27, -6, -15, -24]);
}

#[test]
fn broadcast_mismatch_names_both_shapes() {
    let err = sub2(ramp(&[3], 0.0), ramp(&[4], 0.0)).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, Error::Broadcast { .. }), "{msg}");
    assert!(msg.contains("[3]") && msg.contains("[4]"), "{msg}");
    let err = sub2(ramp(&[2, 3], 0.0), ramp(&[3, 2], 0.0))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("[2, 3]") && err.contains("[3, 2]") && err.contains("sub2"),
        "{err}"
    );
    // An input that does not broadcast to the output given.
    let mut out = Array::<f64>::zeros(&cpu(), &[4, 2]).unwrap();
    let err = sub2_into(ramp(&[3], 0.0), 1.0, out.view_mut().unwrap()).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("[3]") && msg.contains("[4, 2]"), "{msg}");
}

#[test]
fn overlapping_outputs_are_rejected() {
    // A broadcast view has elements that overlap: writing it is refused by the plan...
    let mut b = ramp(&[4], 0.0).broadcast_to(&[3, 4]).unwrap();
    let err = sub2_into(1.0, 2.0, b.view_mut().unwrap()).unwrap_err();
    assert!(matches!(err, Error::Output { .. }), "{err}");
    assert!(err.to_string().contains("overlap"), "{err}");
    // ...and by the executor, when a plan made for a fresh output is given it instead.
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    let (x, y) = (ramp(&[3, 4], 0.0), ramp(&[4], 0.0));
    let (xo, yo) = (x.into_operand(), y.into_operand());
    let ops = [xo.erase(), yo.erase()];
    let plan = Plan::new(&inst, &ops).unwrap();
    let err = plan
        .run(&mut [b.view_mut().unwrap().erase()], &sub2_chunk)
        .unwrap_err();
    assert!(matches!(err, Error::Output { .. }), "{err}");
    assert_eq!(b.to_vec().unwrap(), [0.0, 1.0, 2.0, 3.0].repeat(3));
}

#[test]
fn other_errors() {
    // Dtype of an argument, and of an output.
    let d = sub2_def();
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D2,
        results: &D1,
    };
    let xi = Array::from_vec(&cpu(), &[2], vec![1i32, 2]).unwrap();
    let (xo, yo) = ((&xi).into_operand(), IntoOperand::<f64>::into_operand(1.0));
    let err = Plan::new(&inst, &[xo.erase(), yo.erase()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("i32") && err.contains("f64"), "{err}");
    let x = ramp(&[2], 0.0);
    let (xo, yo) = ((&x).into_operand(), IntoOperand::<f64>::into_operand(1.0));
    let ops = [xo.erase(), yo.erase()];
    let plan = Plan::new(&inst, &ops).unwrap();
    let mut wrong = Array::<f32>::zeros(&cpu(), &[2]).unwrap();
    assert!(plan
        .run(&mut [wrong.view_mut().unwrap().erase()], &sub2_chunk)
        .is_err());
    let mut short = Array::<f64>::zeros(&cpu(), &[3]).unwrap();
    assert!(plan
        .run(&mut [short.view_mut().unwrap().erase()], &sub2_chunk)
        .is_err());
}

#[test]
#[should_panic(expected = "taken twice")]
fn an_output_is_taken_once() {
    fn twice(c: &mut Chunk<'_>) {
        let _a = c.output::<f64>(0);
        let _b = c.output::<f64>(0);
    }
    let d = def("twice", &["x"]);
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D1,
        results: &D1,
    };
    let x = ramp(&[3], 0.0);
    let xo = x.into_operand();
    let _: Array<f64> = call(&inst, &[xo.erase()], &twice).unwrap();
}

#[test]
#[should_panic(expected = "dtype")]
fn a_wrong_dtype_in_the_chunk_function_panics() {
    fn wrong(c: &mut Chunk<'_>) {
        let _ = c.input::<f32>(0);
    }
    let d = def("wrong", &["x"]);
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &D1,
        results: &D1,
    };
    let x = ramp(&[3], 0.0);
    let xo = x.into_operand();
    let _: Array<f64> = call(&inst, &[xo.erase()], &wrong).unwrap();
}

fn time<R>(label: &str, reps: usize, mut f: impl FnMut() -> R) -> f64 {
    for _ in 0..reps.min(3) {
        std::hint::black_box(f());
    }
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(f());
    }
    let per = t.elapsed().as_secs_f64() / reps as f64;
    println!("{label}: {:.3} us", per * 1e6);
    per
}

#[test]
#[ignore = "timing; run with --release -- --ignored --nocapture"]
fn timing() {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[10], vec![1.0f32; 10]).unwrap();
    let y = Array::from_vec(&dev, &[10], vec![2.0f32; 10]).unwrap();
    time("saxpy n=10 (full call)", 200_000, || {
        saxpy(2.0, &x, &y).unwrap()
    });
    let xt = Array::from_vec(&dev, &[2, 5], vec![1.0f32; 10])
        .unwrap()
        .t();
    let yt = Array::from_vec(&dev, &[5, 2], vec![1.0f32; 10]).unwrap();
    time("saxpy n=10 strided x", 200_000, || {
        saxpy(2.0, &xt, &yt).unwrap()
    });
    {
        // The executor alone: plan and output made once.
        let d = def("saxpy", &["a", "x", "y"]);
        let inst = Instance {
            def: &d,
            type_args: &[],
            params: &F3,
            results: &F1,
        };
        let (a, xo, yo) = (
            IntoOperand::<f32>::into_operand(2.0),
            (&x).into_operand(),
            (&y).into_operand(),
        );
        let ops = [a.erase(), xo.erase(), yo.erase()];
        let plan = Plan::new(&inst, &ops).unwrap();
        let mut out = plan.alloc::<f32>().unwrap();
        time(
            "saxpy n=10, Plan::run only",
            if std::env::var("LONG").is_ok() {
                30_000_000
            } else {
                1_000_000
            },
            || {
                plan.run(&mut [out.view_mut().unwrap().erase()], &saxpy_chunk)
                    .unwrap()
            },
        );
        time("Plan::new only", 1_000_000, || {
            Plan::new(&inst, &ops).unwrap().shape().len()
        });
    }
    // the allocation of the output alone
    time("alloc of 10 f32", 200_000, || {
        Array::<f32>::zeros(&dev, &[10]).unwrap()
    });

    let n = 10_000_000;
    let xv: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let yv: Vec<f32> = vec![1.0; n];
    let x = Array::from_vec(&dev, &[n], xv.clone()).unwrap();
    let y = Array::from_vec(&dev, &[n], yv.clone()).unwrap();
    let d = def("saxpy", &["a", "x", "y"]);
    let inst = Instance {
        def: &d,
        type_args: &[],
        params: &F3,
        results: &F1,
    };
    let mut out = Array::<f32>::zeros(&dev, &[n]).unwrap();
    let t_exec = time("saxpy n=1e7 executor, into an existing output", 30, || {
        let (a, xo, yo) = (
            IntoOperand::<f32>::into_operand(2.0),
            (&x).into_operand(),
            (&y).into_operand(),
        );
        let ops = [a.erase(), xo.erase(), yo.erase()];
        call_into(&inst, &ops, out.view_mut().unwrap(), &saxpy_chunk).unwrap();
    });
    let mut ov = vec![0.0f32; n];
    let t_loop = time("saxpy n=1e7 plain loop, 1 thread", 30, || {
        let (xv, yv) = (std::hint::black_box(&xv), std::hint::black_box(&yv));
        for ((o, &x), &y) in ov.iter_mut().zip(xv).zip(yv) {
            *o = 2.0 * x + y;
        }
        std::hint::black_box(&mut ov);
    });
    let t_copy = time("copy_from_slice 4e7 bytes, 1 thread", 30, || {
        ov.copy_from_slice(std::hint::black_box(&xv));
        std::hint::black_box(&mut ov);
    });
    // The roofline: the same loop and a copy on 2 threads, halves of the arrays each.
    let t_loop2 = time("saxpy n=1e7 plain loop, 2 threads", 30, || {
        let h = n / 2;
        let (o1, o2) = ov.split_at_mut(h);
        std::thread::scope(|sc| {
            for (o, x, y) in [(o1, &xv[..h], &yv[..h]), (o2, &xv[h..], &yv[h..])] {
                sc.spawn(move || {
                    for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
                        *o = 2.0 * x + y;
                    }
                });
            }
        });
        std::hint::black_box(&mut ov);
    });
    let t_copy2 = time("copy_from_slice 4e7 bytes, 2 threads", 30, || {
        let h = n / 2;
        let (o1, o2) = ov.split_at_mut(h);
        std::thread::scope(|sc| {
            sc.spawn(|| o1.copy_from_slice(&xv[..h]));
            sc.spawn(|| o2.copy_from_slice(&xv[h..]));
        });
        std::hint::black_box(&mut ov);
    });
    println!(
        "2 threads: loop {:.1} GB/s, copy {:.1} GB/s",
        12.0 * n as f64 / t_loop2 / 1e9,
        8.0 * n as f64 / t_copy2 / 1e9
    );
    let xr = x.slice(s![..;-1]).unwrap();
    time("saxpy n=1e7 executor, x reversed (gathered)", 30, || {
        let (a, xo, yo) = (
            IntoOperand::<f32>::into_operand(2.0),
            (&xr).into_operand(),
            (&y).into_operand(),
        );
        let ops = [a.erase(), xo.erase(), yo.erase()];
        call_into(&inst, &ops, out.view_mut().unwrap(), &saxpy_chunk).unwrap();
    });
    let t_fresh = time("saxpy n=1e7 executor, fresh output", 10, || {
        saxpy(2.0, &x, &y).unwrap()
    });
    let gbs = |t: f64, bytes: f64| bytes / t / 1e9;
    println!("executor {:.1} GB/s, loop {:.1} GB/s (12 B/elem); copy {:.1} GB/s (8 B/elem); fresh output {:.1} GB/s",
        gbs(t_exec, 12.0 * n as f64), gbs(t_loop, 12.0 * n as f64), gbs(t_copy, 8.0 * n as f64), gbs(t_fresh, 12.0 * n as f64));
}

/// Rows of the last dimension long enough to be read and written in place (no gather, no
/// scatter; chunks end where rows end): sliced rows, rows broadcast down the columns, a column
/// broadcast along the rows (still gathered) and a contiguous operand, into a sliced output.
#[test]
fn long_rows_are_read_and_written_in_place() {
    for (rows, cols) in [(7, 2100), (40, 1500), (3, 600), (5, 4099)] {
        let a = ramp(&[rows + 2, cols + 5], 0.0);
        let x = a.slice(s![1..-1, 3..-2]).unwrap();
        let cases: Vec<Array<f64>> = vec![
            a.slice(s![2.., ..-5]).unwrap(),
            ramp(&[cols], 0.5),
            ramp(&[rows, 1], 7.0),
            ramp(&[rows, cols], -3.0),
            a.slice(s![..-2, 5..]).unwrap(),
        ];
        for y in &cases {
            check_sub2(&x, y);
            check_sub2(y, &x);
            // Into a sliced output: the rest of the array is left as it was.
            let mut out = Array::full(&cpu(), &[rows + 4, cols + 3], -1.0f64).unwrap();
            sub2_into(&x, y, out.slice_mut(s![2..-2, 1..-2]).unwrap()).unwrap();
            assert_eq!(
                out.slice(s![2..-2, 1..-2]).unwrap().to_vec().unwrap(),
                sub2_ref(&x, y)
            );
            let v = out.to_vec().unwrap();
            let inside = |i: usize| {
                let (r, c) = (i / (cols + 3), i % (cols + 3));
                (2..rows + 2).contains(&r) && (1..cols + 1).contains(&c)
            };
            assert!((0..v.len()).filter(|&i| !inside(i)).all(|i| v[i] == -1.0));
        }
    }
    // Three dimensions: a middle slice keeps the outer two apart.
    let b = ramp(&[3, 6, 1030], 0.0);
    let x = b.slice(s![.., 1..5, 2..-1]).unwrap();
    let y = b.slice(s![.., 2.., 3..]).unwrap();
    check_sub2(&x, &y);
    check_sub2(&x, &ramp(&[4, 1027], 1.0));
}
