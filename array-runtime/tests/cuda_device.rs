//! Real kernels on a GPU, compared with the CPU backend: contiguous and strided operands
//! (transposed, reversed, broadcast, offset views), scalars, strided outputs, several results,
//! fp16, 64-bit indexing, the memory pool and the kernel cache.
//!
//! Without a usable CUDA device (or NVRTC) every test prints why it skipped and passes, unless
//! `KERNELS_REQUIRE_GPU=1`, where it fails.

use std::sync::Arc;

use array_runtime::cuda::cache::ImageCache;
use array_runtime::cuda::CudaDevice;
use array_runtime::kernel::elementwise::{Chunk, ElementwiseDef, Instance, Operand, Plan};
use array_runtime::{f16, Array, DType, DTypeId, Device, Error, Result};

fn require_gpu() -> bool {
    std::env::var("KERNELS_REQUIRE_GPU").is_ok_and(|v| v == "1")
}

/// The GPU, or `None` after printing why (a failure when `KERNELS_REQUIRE_GPU=1`).
fn gpu() -> Option<(Device, Arc<CudaDevice>)> {
    let skip = |why: String| {
        if require_gpu() {
            panic!("KERNELS_REQUIRE_GPU=1 but {why}");
        }
        println!("skipped: {why}");
        None
    };
    let dev = match array_runtime::device::cuda_test_device() {
        Ok(d) => d,
        Err(e) => return skip(format!("no CUDA device: {e}")),
    };
    let host = matches!(&dev, Device::Cuda(c) if c.is_host());
    if let (false, Err(e)) = (host, array_runtime::cuda::nvrtc::nvrtc()) {
        return skip(format!("a CUDA device but no NVRTC: {e}"));
    }
    let Device::Cuda(cuda) = &dev else {
        unreachable!("Device::cuda gives a CUDA device")
    };
    let cuda = cuda.clone();
    Some((dev, cuda))
}

/// Runs `inst` on `ops` into fresh outputs of the broadcast shape.
fn call1<R: DType>(
    inst: &Instance<'_>,
    ops: &[array_runtime::kernel::elementwise::ErasedOperand<'_>],
    cpu: &(dyn Fn(&mut Chunk<'_>) + Sync),
) -> Result<Array<R>> {
    let plan = Plan::new(inst, ops)?;
    let mut out = plan.alloc::<R>()?;
    plan.run(&mut [out.view_mut()?.erase()], cpu)?;
    Ok(out)
}

fn data_f32(n: usize, seed: u32) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let h = (i as u32)
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(40503));
            (h % 20011) as f32 / 1000.0 - 10.0
        })
        .collect()
}

static AXPY: ElementwiseDef = ElementwiseDef {
    name: "axpy",
    device_source:
        "__device__ __forceinline__ float kxf_axpy(float a, float x, float y) { return a * x + y; }\n",
    param_names: &["a", "x", "y"],
    type_params: &[],
};

fn axpy_inst() -> Instance<'static> {
    Instance {
        def: &AXPY,
        type_args: &[],
        params: &[DTypeId::F32, DTypeId::F32, DTypeId::F32],
        results: &[DTypeId::F32],
    }
}

fn axpy_cpu(c: &mut Chunk<'_>) {
    let (a, x, y) = (c.input::<f32>(0), c.input::<f32>(1), c.input::<f32>(2));
    let o = c.output::<f32>(0);
    for i in 0..o.len() {
        o[i] = a[i] * x[i] + y[i];
    }
}

/// `axpy(a, x, y)` on the GPU and on the CPU (same views, copied to the host) give the same
/// elements, bit for bit (no FMA contraction on the GPU).
fn check_axpy(a: Operand<'_, f32>, x: &Array<f32>, y: &Array<f32>) {
    let inst = axpy_inst();
    let gpu_out: Array<f32> = {
        let (ox, oy) = (Operand::Borrowed(x), Operand::Borrowed(y));
        let ops = [a.erase(), ox.erase(), oy.erase()];
        call1(&inst, &ops, &axpy_cpu).unwrap()
    };
    assert!(gpu_out.device().is_cuda());
    // The same views on the host: copy the whole storage, keep the layout.
    let host = |arr: &Array<f32>| arr.to_device(&Device::cpu()).unwrap();
    let (hx, hy) = (host(x), host(y));
    let ha = match &a {
        Operand::Scalar(v) => Operand::Scalar(*v),
        Operand::Borrowed(arr) => Operand::Owned(host(arr)),
        Operand::Owned(arr) => Operand::Owned(host(arr)),
        Operand::Lazy(e) => Operand::Owned(host(&e.eval().unwrap())),
    };
    let cpu_out: Array<f32> = {
        let (ox, oy) = (Operand::Borrowed(&hx), Operand::Borrowed(&hy));
        let ops = [ha.erase(), ox.erase(), oy.erase()];
        call1(&inst, &ops, &axpy_cpu).unwrap()
    };
    let (g, c) = (gpu_out.to_vec().unwrap(), cpu_out.to_vec().unwrap());
    assert_eq!(gpu_out.shape(), cpu_out.shape());
    for (i, (g, c)) in g.iter().zip(&c).enumerate() {
        assert_eq!(g.to_bits(), c.to_bits(), "element {i}: gpu {g} cpu {c}");
    }
}

#[test]
fn contiguous_with_a_scalar() {
    let Some((dev, _)) = gpu() else { return };
    for n in [1usize, 7, 256, 1000, 1 << 20, (1 << 20) + 3] {
        let x = Array::from_vec(&dev, &[n], data_f32(n, 1)).unwrap();
        let y = Array::from_vec(&dev, &[n], data_f32(n, 2)).unwrap();
        check_axpy(Operand::Scalar(1.5), &x, &y);
    }
    // Rows of a matrix: offset views, aligned to a 16-byte pack (1004 columns) or not (1001).
    for cols in [1001usize, 1004] {
        let m = Array::from_vec(&dev, &[3, cols], data_f32(3 * cols, 3)).unwrap();
        let (r1, r2) = (m.index_axis(0, 1).unwrap(), m.index_axis(0, 2).unwrap());
        check_axpy(Operand::Borrowed(&r2), &r1, &r2);
    }
    // 0-d operands.
    let x = Array::scalar(&dev, 2.0f32).unwrap();
    let y = Array::scalar(&dev, 0.25f32).unwrap();
    check_axpy(Operand::Scalar(3.0), &x, &y);
}

#[test]
fn strided_views_and_broadcasting() {
    let Some((dev, _)) = gpu() else { return };
    let (m, n) = (37usize, 129usize);
    let base = Array::from_vec(&dev, &[n, m], data_f32(m * n, 3)).unwrap();
    let xt = base.t(); // [m, n], strides [1, m]
    let y = Array::from_vec(&dev, &[m, n], data_f32(m * n, 4)).unwrap();
    check_axpy(Operand::Scalar(-0.5), &xt, &y);
    // A broadcast row and a broadcast column.
    let row = Array::from_vec(&dev, &[n], data_f32(n, 5)).unwrap();
    let col = Array::from_vec(&dev, &[m, 1], data_f32(m, 6)).unwrap();
    check_axpy(
        Operand::Borrowed(&col),
        &row.broadcast_to(&[m, n]).unwrap(),
        &y,
    );
    // A reversed axis and an offset view (one row of a matrix).
    let flipped = y.flip(1).unwrap();
    check_axpy(Operand::Scalar(2.0), &xt, &flipped);
    let r = base.index_axis(0, 5).unwrap(); // shape [m], offset 5*m
    let s = Array::from_vec(&dev, &[m], data_f32(m, 7)).unwrap();
    check_axpy(Operand::Scalar(1.0), &r, &s.flip(0).unwrap());
    // Higher rank: a permuted 4-d array.
    let t = Array::from_vec(&dev, &[3, 4, 5, 6], data_f32(360, 8)).unwrap();
    let p = t.permute(&[2, 0, 3, 1]).unwrap();
    let q = Array::from_vec(&dev, &[5, 3, 6, 4], data_f32(360, 9)).unwrap();
    check_axpy(Operand::Borrowed(&q), &p, &q);
}

#[test]
fn strided_outputs() {
    let Some((dev, _)) = gpu() else { return };
    let (m, n) = (33usize, 65usize);
    let x = Array::from_vec(&dev, &[m, n], data_f32(m * n, 10)).unwrap();
    let y = Array::from_vec(&dev, &[m, n], data_f32(m * n, 11)).unwrap();
    // An output whose storage is transposed.
    let mut out = Array::<f32>::zeros(&dev, &[n, m]).unwrap().t();
    let inst = axpy_inst();
    let (oa, ox, oy) = (
        Operand::<f32>::Scalar(3.0),
        Operand::Borrowed(&x),
        Operand::Borrowed(&y),
    );
    let ops = [oa.erase(), ox.erase(), oy.erase()];
    let layout = out.layout().clone();
    let plan = Plan::for_outputs(&inst, &ops, &[&layout], std::slice::from_ref(&dev)).unwrap();
    plan.run(&mut [out.view_mut().unwrap().erase()], &axpy_cpu)
        .unwrap();
    let (xv, yv, ov) = (
        x.to_vec().unwrap(),
        y.to_vec().unwrap(),
        out.to_vec().unwrap(),
    );
    for i in 0..m * n {
        assert_eq!(ov[i], 3.0 * xv[i] + yv[i], "element {i}");
    }
}

static DIVMOD: ElementwiseDef = ElementwiseDef {
    name: "divmod",
    device_source: "struct kxt_divmod { int f0; int f1; };\n__device__ __forceinline__ kxt_divmod kxf_divmod(int a, int b) {\n    kxt_divmod r; r.f0 = b == 0 ? 0 : a / b; r.f1 = b == 0 ? 0 : a % b; return r;\n}\n",
    param_names: &["a", "b"],
    type_params: &[],
};

#[test]
fn several_results() {
    let Some((dev, _)) = gpu() else { return };
    let inst = Instance {
        def: &DIVMOD,
        type_args: &[],
        params: &[DTypeId::I32, DTypeId::I32],
        results: &[DTypeId::I32, DTypeId::I32],
    };
    let a: Vec<i32> = (-500..500).collect();
    let x = Array::from_vec(&dev, &[10, 100], a.clone()).unwrap();
    let (ox, ob) = (Operand::Borrowed(&x), Operand::<i32>::Scalar(7));
    let ops = [ox.erase(), ob.erase()];
    let plan = Plan::new(&inst, &ops).unwrap();
    let mut q = plan.alloc::<i32>().unwrap();
    let mut r = plan.alloc::<i32>().unwrap();
    plan.run(
        &mut [q.view_mut().unwrap().erase(), r.view_mut().unwrap().erase()],
        &|_| unreachable!("runs on the GPU"),
    )
    .unwrap();
    let (q, r) = (q.to_vec().unwrap(), r.to_vec().unwrap());
    for (i, v) in a.iter().enumerate() {
        assert_eq!((q[i], r[i]), (v / 7, v % 7), "element {i}");
    }
}

static ADD: ElementwiseDef = ElementwiseDef {
    name: "add",
    device_source: "__device__ __forceinline__ T kxf_add(T x, T y) { return (T)(x + y); }\n",
    param_names: &["x", "y"],
    type_params: &["T"],
};

fn add_generic<T: DType + Copy + PartialEq + std::fmt::Debug>(
    dev: &Device,
    a: Vec<T>,
    b: Vec<T>,
    add: fn(T, T) -> T,
) {
    let ts = [T::ID];
    let ps = [T::ID, T::ID];
    let inst = Instance {
        def: &ADD,
        type_args: &ts,
        params: &ps,
        results: &ts,
    };
    let n = a.len();
    let x = Array::from_vec(dev, &[n], a.clone()).unwrap();
    let y = Array::from_vec(dev, &[n], b.clone()).unwrap();
    let (ox, oy) = (Operand::Borrowed(&x), Operand::Borrowed(&y));
    let ops = [ox.erase(), oy.erase()];
    let out: Array<T> = call1(&inst, &ops, &|_| unreachable!("runs on the GPU")).unwrap();
    let got = out.to_vec().unwrap();
    for i in 0..n {
        assert_eq!(got[i], add(a[i], b[i]), "{} element {i}", T::ID);
    }
}

#[test]
fn generic_instances_for_several_dtypes() {
    let Some((dev, _)) = gpu() else { return };
    let n = 3000;
    add_generic::<i8>(
        &dev,
        (0..n).map(|i| i as i8).collect(),
        (0..n).map(|i| (i * 7) as i8).collect(),
        i8::wrapping_add,
    );
    add_generic::<u16>(
        &dev,
        (0..n).map(|i| i as u16).collect(),
        (0..n).map(|i| (i * 31) as u16).collect(),
        u16::wrapping_add,
    );
    add_generic::<u64>(
        &dev,
        (0..n).map(|i| (i as u64) << 40).collect(),
        (0..n).map(|i| i as u64).collect(),
        u64::wrapping_add,
    );
    add_generic::<f64>(
        &dev,
        (0..n).map(|i| i as f64 * 0.1).collect(),
        (0..n).map(|i| i as f64 * 0.7).collect(),
        |a, b| a + b,
    );
}

static HALF_SCALE: ElementwiseDef = ElementwiseDef {
    name: "hscale",
    device_source: "__device__ __forceinline__ __half kxf_hscale(__half x, float s) {\n    return __float2half(__half2float(x) * s);\n}\n",
    param_names: &["x", "s"],
    type_params: &[],
};

#[test]
fn half_precision() {
    let Some((dev, _)) = gpu() else { return };
    let inst = Instance {
        def: &HALF_SCALE,
        type_args: &[],
        params: &[DTypeId::F16, DTypeId::F32],
        results: &[DTypeId::F16],
    };
    let xs: Vec<f16> = (0..1000)
        .map(|i| f16::from_f32(i as f32 * 0.25 - 100.0))
        .collect();
    let x = Array::from_vec(&dev, &[1000], xs.clone()).unwrap();
    let (ox, os) = (Operand::Borrowed(&x), Operand::<f32>::Scalar(0.5));
    let ops = [ox.erase(), os.erase()];
    let out: Array<f16> = call1(&inst, &ops, &|_| unreachable!("runs on the GPU")).unwrap();
    let got = out.to_vec().unwrap();
    for (i, v) in xs.iter().enumerate() {
        assert_eq!(got[i], f16::from_f32(v.to_f32() * 0.5), "element {i}");
    }
}

static INC: ElementwiseDef = ElementwiseDef {
    name: "inc",
    device_source: "__device__ __forceinline__ unsigned char kxf_inc(unsigned char x) { return (unsigned char)(x + 1); }\n",
    param_names: &["x"],
    type_params: &[],
};

#[test]
fn sixty_four_bit_indexing() {
    let Some((dev, cuda)) = gpu() else { return };
    if cuda.is_host() {
        println!("skipped: 2^31 elements through the host target's checked code take minutes");
        return;
    }
    let n = (1usize << 31) + 4099;
    let (free, _) = cuda.memory_info().unwrap();
    if free < 3 * n {
        println!("skipped: {free} bytes free, {} needed", 3 * n);
        return;
    }
    let inst = Instance {
        def: &INC,
        type_args: &[],
        params: &[DTypeId::U8],
        results: &[DTypeId::U8],
    };
    let host: Vec<u8> = (0..n).map(|i| (i % 253) as u8).collect();
    let x = Array::from_vec(&dev, &[n], host).unwrap();
    // Contiguous with more than i32::MAX elements, then strided (reversed) likewise.
    for view in [x.clone(), x.flip(0).unwrap()] {
        let ov = Operand::Borrowed(&view);
        let ops = [ov.erase()];
        let out: Array<u8> = call1(&inst, &ops, &|_| unreachable!("runs on the GPU")).unwrap();
        let got = out.to_vec().unwrap();
        let reversed = view.strides()[0] < 0;
        for i in [0usize, 1, 1 << 31, (1 << 31) + 1, n - 1] {
            let src = if reversed { n - 1 - i } else { i };
            assert_eq!(got[i], ((src % 253) as u8).wrapping_add(1), "element {i}");
        }
    }
}

#[test]
fn memory_pool_statistics() {
    let Some((dev, cuda)) = gpu() else { return };
    let pool = cuda.memory_pool();
    pool.free_all_blocks();
    let before = pool.used_bytes();
    let a = Array::<f32>::zeros(&dev, &[1000]).unwrap();
    assert_eq!(pool.used_bytes(), before + 4096);
    drop(a);
    assert_eq!(pool.used_bytes(), before);
    assert!(pool.total_bytes() >= before + 4096);
    assert!(pool.n_free_blocks() >= 1);
    // Reused without a new block.
    let total = pool.total_bytes();
    let b = Array::<f32>::zeros(&dev, &[1000]).unwrap();
    assert_eq!(pool.total_bytes(), total);
    drop(b);
    pool.free_all_blocks();
    assert_eq!(pool.total_bytes(), pool.used_bytes());
    // Out of memory: an error with the sizes, not a panic.
    let huge = 1usize << 50;
    match cuda.alloc::<u8>(huge) {
        Err(Error::OutOfMemory { requested, .. }) => assert_eq!(requested, huge),
        other => panic!("expected out of memory, got {other:?}"),
    }
    dev.synchronize().unwrap();
}

#[test]
fn kernels_compile_once() {
    let Some((dev, _)) = gpu() else { return };
    let x = Array::from_vec(&dev, &[64], data_f32(64, 12)).unwrap();
    let y = Array::from_vec(&dev, &[64], data_f32(64, 13)).unwrap();
    check_axpy(Operand::Scalar(0.5), &x, &y);
    let compiles = ImageCache::global().stats().compiles;
    let t = std::time::Instant::now();
    for _ in 0..100 {
        let inst = axpy_inst();
        let (oa, ox, oy) = (
            Operand::<f32>::Scalar(0.5),
            Operand::Borrowed(&x),
            Operand::Borrowed(&y),
        );
        let ops = [oa.erase(), ox.erase(), oy.erase()];
        let _out: Array<f32> = call1(&inst, &ops, &axpy_cpu).unwrap();
    }
    dev.synchronize().unwrap();
    println!("100 small axpy calls: {:?} per call", t.elapsed() / 100);
    assert_eq!(ImageCache::global().stats().compiles, compiles);
}

/// Fills, copies of views, reads of views and `astype` stay on the device and agree with the
/// CPU backend.
#[test]
fn fills_copies_and_view_reads_on_the_device() {
    let Some((dev, _)) = gpu() else { return };
    let cpu = Device::cpu();
    let f = Array::full(&dev, &[3, 5], 2.5f32).unwrap();
    assert_eq!(f.to_vec().unwrap(), vec![2.5; 15]);
    let z = Array::<f16>::zeros(&dev, &[7]).unwrap();
    assert_eq!(z.to_vec().unwrap(), vec![f16::ZERO; 7]);
    let data = data_f32(4 * 6, 3);
    let host = Array::from_vec(&cpu, &[4, 6], data.clone()).unwrap();
    let a = Array::from_vec(&dev, &[4, 6], data).unwrap();
    for (g, h) in [
        (a.t(), host.t()),
        (a.flip(1).unwrap(), host.flip(1).unwrap()),
        (a.index_axis(0, 2).unwrap(), host.index_axis(0, 2).unwrap()),
    ] {
        assert_eq!(g.to_vec().unwrap(), h.to_vec().unwrap());
        let c = g.copy().unwrap();
        assert!(c.is_c_contiguous() && c.device().same(&dev));
        assert_eq!(c.to_vec().unwrap(), h.to_vec().unwrap());
        assert_eq!(
            g.astype::<i64>().unwrap().to_vec().unwrap(),
            h.astype::<i64>().unwrap().to_vec().unwrap()
        );
    }
    let mut b = Array::<f32>::zeros(&dev, &[2, 6]).unwrap();
    b.assign(a.index_axis(0, 1).unwrap()).unwrap();
    let row = host.index_axis(0, 1).unwrap().to_vec().unwrap();
    assert_eq!(b.to_vec().unwrap(), [row.clone(), row].concat());
}
