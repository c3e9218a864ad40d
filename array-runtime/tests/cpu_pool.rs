//! The host memory pool seen through arrays: kernel outputs reuse cached buffers, reused
//! buffers never show invalid values, copy-on-write still copies.
//!
//! Tests of one binary share the runtime's pool and run in parallel, so counters are checked
//! in one test only, and other tests assert values, not which buffer they got.

use array_runtime::cpu::{self, pool::MIN_POOLED};
use array_runtime::kernel::elementwise::{Chunk, ElementwiseDef, Instance, Plan};
use array_runtime::{s, Array, DType, DTypeId, Device, IntoOperand, Result};

const F3: [DTypeId; 3] = [DTypeId::F32, DTypeId::F32, DTypeId::F32];
const F1: [DTypeId; 1] = [DTypeId::F32];
const SAXPY: ElementwiseDef = ElementwiseDef {
    name: "saxpy",
    device_source: "",
    param_names: &["a", "x", "y"],
    type_params: &[],
};
const INST: Instance<'static> = Instance {
    def: &SAXPY,
    type_args: &[],
    params: &F3,
    results: &F1,
};

fn saxpy_chunk(c: &mut Chunk<'_>) {
    let a = c.input::<f32>(0);
    let x = c.input::<f32>(1);
    let y = c.input::<f32>(2);
    let o = c.output::<f32>(0);
    for (((o, &a), &x), &y) in o.iter_mut().zip(a).zip(x).zip(y) {
        *o = a * x + y;
    }
}

fn saxpy(a: f32, x: &Array<f32>, y: &Array<f32>) -> Result<Array<f32>> {
    let (a, x, y) = (
        IntoOperand::<f32>::into_operand(a),
        x.into_operand(),
        y.into_operand(),
    );
    let ops = [a.erase(), x.erase(), y.erase()];
    let plan = Plan::new(&INST, &ops)?;
    let mut out = plan.alloc::<f32>()?;
    plan.run(&mut [out.view_mut()?.erase()], &saxpy_chunk)?;
    Ok(out)
}

/// A number of `T`s that goes to the pool.
fn pooled_len<T: DType>() -> usize {
    2 * MIN_POOLED / std::mem::size_of::<T>()
}

fn ramp(n: usize) -> Array<f32> {
    Array::from_vec(&Device::cpu(), &[n], (0..n).map(|i| i as f32).collect()).unwrap()
}

#[test]
fn allocating_calls_reuse_cached_outputs() {
    let pool = cpu::memory_pool();
    let n = pooled_len::<f32>();
    let x = ramp(n);
    let y = Array::full(&Device::cpu(), &[n], 1.0f32).unwrap();
    let before = pool.stats();
    for k in 0..4 {
        let a = k as f32;
        let r = saxpy(a, &x, &y).unwrap();
        let v = r.to_vec().unwrap();
        assert!(v.iter().enumerate().all(|(i, &o)| o == a * i as f32 + 1.0));
    }
    let after = pool.stats();
    // `y` and the first output were fresh; the outputs after it reused the first one's buffer
    // (other tests may take it first, so only "most").
    assert!(after.hits > before.hits, "{before:?} -> {after:?}");
    assert_eq!(after.total_bytes, after.used_bytes + after.free_bytes);
}

#[test]
fn reused_buffers_for_bool_hold_only_booleans() {
    let dev = Device::cpu();
    for _ in 0..4 {
        let n = pooled_len::<u8>();
        drop(Array::full(&dev, &[n], 0xABu8).unwrap());
        let z = Array::<bool>::zeros(&dev, &[n]).unwrap();
        assert!(z.to_vec().unwrap().iter().all(|&b| !b));
        drop(Array::full(&dev, &[n], 0xCDu8).unwrap());
        let t = Array::full(&dev, &[n], true).unwrap();
        assert!(t.to_vec().unwrap().iter().all(|&b| b));
    }
}

#[test]
fn zeros_are_zero_on_reused_buffers() {
    let dev = Device::cpu();
    let n = pooled_len::<f64>();
    for _ in 0..4 {
        drop(Array::full(&dev, &[n], -1.5f64).unwrap());
        let z = Array::<f64>::zeros(&dev, &[n]).unwrap();
        assert!(z.to_vec().unwrap().iter().all(|&v| v == 0.0));
    }
}

#[test]
fn copy_on_write_and_copies_of_pooled_arrays() {
    let n = pooled_len::<f32>();
    let a = ramp(n);
    let mut b = a.clone(); // shares the storage
    let y = Array::full(&Device::cpu(), &[n], 0.5f32).unwrap();
    // Writing into `b` gives it storage of its own first.
    {
        let (two, x, yo) = (
            IntoOperand::<f32>::into_operand(2.0f32),
            (&a).into_operand(),
            (&y).into_operand(),
        );
        let ops = [two.erase(), x.erase(), yo.erase()];
        let out = b.view_mut().unwrap();
        let layout = out.layout().clone();
        let plan = Plan::for_outputs(&INST, &ops, &[&layout], &[out.device()]).unwrap();
        plan.run(&mut [out.erase()], &saxpy_chunk).unwrap();
    }
    let (av, bv) = (a.to_vec().unwrap(), b.to_vec().unwrap());
    assert!(av.iter().enumerate().all(|(i, &v)| v == i as f32));
    assert!(bv
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2.0 * i as f32 + 0.5));
    // Copies: contiguous (pooled) and strided.
    let c = a.copy().unwrap();
    assert_eq!(c.to_vec().unwrap(), av);
    let tail = a.slice(s![n / 2..]).unwrap().copy().unwrap();
    assert_eq!(tail.to_vec().unwrap(), av[n / 2..]);
    let odd = a.slice(s![1..;2]).unwrap().copy().unwrap();
    assert!(odd.is_c_contiguous());
    assert_eq!(odd.to_vec().unwrap()[..3], [1.0, 3.0, 5.0]);
    let sl = Array::from_slice(&Device::cpu(), &[n], &av).unwrap();
    assert_eq!(sl.to_vec().unwrap(), av);
}
