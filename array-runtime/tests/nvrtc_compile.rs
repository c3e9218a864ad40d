//! The generated elementwise modules compile with NVRTC, to PTX for `compute_90` and to a CUBIN
//! for `sm_90`: contiguous and strided entry points, scalars, 32- and 64-bit indexing, generic
//! instances, fp16/bf16, tuple results. No GPU needed; NVRTC is found by
//! `array_runtime::cuda::nvrtc` (set `KERNELS_CUDA_WHEELS` to a `pip --target` folder holding
//! `nvidia-cuda-nvrtc` and `nvidia-cuda-runtime`). Without NVRTC the tests say they skipped,
//! except under `CI`, where they fail.

use std::time::Instant;

use array_runtime::cuda::codegen::{self, IndexWidth, OperandKind, Path};
use array_runtime::cuda::nvrtc::{self, BinaryKind};
use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
use array_runtime::{DTypeId, Error};

/// Whether NVRTC is there; prints why not (or fails under `CI`).
fn nvrtc_or_skip() -> bool {
    match nvrtc::nvrtc() {
        Ok(_) => true,
        Err(Error::CudaUnavailable { reason }) if std::env::var_os("CI").is_none() => {
            println!("skipped: {reason}");
            false
        }
        Err(e) => panic!("NVRTC is required when CI is set: {e}"),
    }
}

/// The options the launcher uses for an sm_90 device, with `-arch` replaced by `arch`.
fn opts(arch: &str, half: bool) -> Vec<String> {
    let (options, target) = array_runtime::cuda::compile_options((9, 0), half).unwrap();
    assert_eq!(target, "sm_90", "this NVRTC knows sm_90");
    assert!(options.contains(&"--fmad=false".to_string()));
    options
        .into_iter()
        .map(|o| {
            if o.starts_with("-arch=") {
                format!("-arch={arch}")
            } else {
                o
            }
        })
        .collect()
}

/// Compiles `src` to PTX (compute_90) and CUBIN (sm_90), checks every entry point is in the
/// PTX, and returns the two compile times in milliseconds.
fn compile_both(inst: &Instance<'_>, src: &str, entries: &[String]) -> (f64, f64) {
    let half = codegen::needs_half_headers(inst);
    let name = codegen::sanitize(&inst.name());
    let t = Instant::now();
    let ptx = nvrtc::compile(src, &name, &opts("compute_90", half))
        .unwrap_or_else(|e| panic!("{e}\n--- source ---\n{src}"));
    let t_ptx = t.elapsed().as_secs_f64() * 1e3;
    assert_eq!(ptx.kind, BinaryKind::Ptx);
    let text = String::from_utf8(ptx.image).expect("PTX is text");
    for e in entries {
        assert!(
            text.contains(&format!(".entry {e}(")),
            "entry {e} missing from the PTX"
        );
    }
    let t = Instant::now();
    let cubin = nvrtc::compile(src, &name, &opts("sm_90", half))
        .unwrap_or_else(|e| panic!("{e}\n--- source ---\n{src}"));
    let t_cubin = t.elapsed().as_secs_f64() * 1e3;
    assert_eq!(cubin.kind, BinaryKind::Cubin);
    assert_eq!(&cubin.image[..4], b"\x7fELF", "a CUBIN is an ELF image");
    (t_ptx, t_cubin)
}

fn all_entries(inst: &Instance<'_>, kinds: &[OperandKind], ndim: usize) -> Vec<String> {
    let mut v = Vec::new();
    let width = codegen::vector_width(inst, kinds);
    for index in [IndexWidth::I32, IndexWidth::I64] {
        v.push(codegen::entry_name(inst, Path::Contiguous, index));
        if width > 1 {
            v.push(codegen::entry_name(inst, Path::Vectorized(width), index));
        }
        if ndim > 0 {
            v.push(codegen::entry_name(inst, Path::Strided(ndim), index));
        }
    }
    v
}

fn check(inst: &Instance<'_>, kinds: &[OperandKind], ndim: usize) {
    let src = codegen::elementwise_module(inst, kinds, ndim);
    let (p, c) = compile_both(inst, &src, &all_entries(inst, kinds, ndim));
    println!(
        "{} kinds={kinds:?} ndim={ndim}: PTX {p:.1} ms, CUBIN {c:.1} ms",
        inst.name()
    );
}

static AXPY: ElementwiseDef = ElementwiseDef {
    name: "axpy",
    device_source:
        "__device__ __forceinline__ float kxf_axpy(float a, float x, float y) { return a * x + y; }\n",
    param_names: &["a", "x", "y"],
    type_params: &[],
};

const F32X3: &[DTypeId] = &[DTypeId::F32, DTypeId::F32, DTypeId::F32];

fn axpy() -> Instance<'static> {
    Instance {
        def: &AXPY,
        type_args: &[],
        params: F32X3,
        results: &[DTypeId::F32],
    }
}

#[test]
fn axpy_arrays_contiguous_and_strided() {
    if !nvrtc_or_skip() {
        return;
    }
    for ndim in [0, 1, 2, 4] {
        check(&axpy(), &[OperandKind::Array; 3], ndim);
    }
}

#[test]
fn axpy_with_a_scalar() {
    if !nvrtc_or_skip() {
        return;
    }
    let kinds = [OperandKind::Scalar, OperandKind::Array, OperandKind::Array];
    check(&axpy(), &kinds, 3);
    let kinds = [OperandKind::Scalar, OperandKind::Array, OperandKind::Scalar];
    check(&axpy(), &kinds, 1);
}

#[test]
fn instance_source_is_the_two_dim_array_module() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = axpy();
    let src = inst.cuda_source();
    assert_eq!(
        src,
        codegen::elementwise_module(&inst, &[OperandKind::Array; 3], 2)
    );
    compile_both(
        &inst,
        &src,
        &all_entries(&inst, &[OperandKind::Array; 3], 2),
    );
}

static ADD: ElementwiseDef = ElementwiseDef {
    name: "add",
    device_source: "__device__ __forceinline__ T kxf_add(T x, T y) { return x + y; }\n",
    param_names: &["x", "y"],
    type_params: &["T"],
};

#[test]
fn generic_instances_get_a_typedef() {
    if !nvrtc_or_skip() {
        return;
    }
    for t in [
        DTypeId::I8,
        DTypeId::U16,
        DTypeId::I32,
        DTypeId::U64,
        DTypeId::F32,
        DTypeId::F64,
    ] {
        let ts = [t];
        let ps = [t, t];
        let inst = Instance {
            def: &ADD,
            type_args: &ts,
            params: &ps,
            results: &ts,
        };
        let src = codegen::elementwise_module(&inst, &[OperandKind::Array; 2], 2);
        assert!(src.contains(&format!("typedef {} T;", t.cuda_name())));
        compile_both(
            &inst,
            &src,
            &all_entries(&inst, &[OperandKind::Array; 2], 2),
        );
    }
}

static HALF_SCALE: ElementwiseDef = ElementwiseDef {
    name: "hscale",
    device_source: "__device__ __forceinline__ __half kxf_hscale(__half x, float s) {\n    return __float2half(__half2float(x) * s);\n}\n",
    param_names: &["x", "s"],
    type_params: &[],
};

static BF16_ADD: ElementwiseDef = ElementwiseDef {
    name: "badd",
    device_source: "__device__ __forceinline__ T kxf_badd(T x, T y) {\n    return __float2bfloat16(__bfloat162float(x) + __bfloat162float(y));\n}\n",
    param_names: &["x", "y"],
    type_params: &["T"],
};

#[test]
fn half_precision_instances_include_the_headers() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = Instance {
        def: &HALF_SCALE,
        type_args: &[],
        params: &[DTypeId::F16, DTypeId::F32],
        results: &[DTypeId::F16],
    };
    assert!(codegen::needs_half_headers(&inst));
    let kinds = [OperandKind::Array, OperandKind::Scalar];
    let src = codegen::elementwise_module(&inst, &kinds, 2);
    assert!(src.contains("#include <cuda_fp16.h>"));
    check(&inst, &kinds, 2);

    let inst = Instance {
        def: &BF16_ADD,
        type_args: &[DTypeId::BF16],
        params: &[DTypeId::BF16, DTypeId::BF16],
        results: &[DTypeId::BF16],
    };
    check(&inst, &[OperandKind::Array; 2], 3);
}

static DIVMOD: ElementwiseDef = ElementwiseDef {
    name: "divmod",
    device_source: "struct kxt_divmod { int f0; int f1; };\n__device__ __forceinline__ kxt_divmod kxf_divmod(int a, int b) {\n    kxt_divmod r; r.f0 = b == 0 ? 0 : a / b; r.f1 = b == 0 ? 0 : a % b; return r;\n}\n",
    param_names: &["a", "b"],
    type_params: &[],
};

#[test]
fn tuple_results_write_every_output() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = Instance {
        def: &DIVMOD,
        type_args: &[],
        params: &[DTypeId::I32, DTypeId::I32],
        results: &[DTypeId::I32, DTypeId::I32],
    };
    let kinds = [OperandKind::Array, OperandKind::Scalar];
    let src = codegen::elementwise_module(&inst, &kinds, 2);
    assert!(src.contains("out1[o_out1] = r.f1;"));
    check(&inst, &kinds, 2);
}

static SINCOS: ElementwiseDef = ElementwiseDef {
    name: "sincos",
    device_source: "__device__ __forceinline__ kx::Tuple2<float, double> kxf_sincos(float x) {\n    kx::Tuple2<float, double> r; r.f0 = sinf(x); r.f1 = cos((double)x); return r;\n}\n",
    param_names: &["x"],
    type_params: &[],
};

#[test]
fn prelude_tuples_of_mixed_dtypes() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = Instance {
        def: &SINCOS,
        type_args: &[],
        params: &[DTypeId::F32],
        results: &[DTypeId::F32, DTypeId::F64],
    };
    check(&inst, &[OperandKind::Array], 2);
}

static BOOL_NOT: ElementwiseDef = ElementwiseDef {
    name: "lnot",
    device_source: "__device__ __forceinline__ bool kxf_lnot(bool x) { return !x; }\n",
    param_names: &["x"],
    type_params: &[],
};

#[test]
fn bool_operands() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = Instance {
        def: &BOOL_NOT,
        type_args: &[],
        params: &[DTypeId::Bool],
        results: &[DTypeId::Bool],
    };
    check(&inst, &[OperandKind::Array], 1);
}

static BROKEN: ElementwiseDef = ElementwiseDef {
    name: "broken",
    device_source: "__device__ float kxf_broken(float x) { return x + undefined_name; }\n",
    param_names: &["x"],
    type_params: &[],
};

#[test]
fn a_rejected_source_keeps_the_log_the_options_and_the_name() {
    if !nvrtc_or_skip() {
        return;
    }
    let inst = Instance {
        def: &BROKEN,
        type_args: &[],
        params: &[DTypeId::F32],
        results: &[DTypeId::F32],
    };
    let src = codegen::elementwise_module(&inst, &[OperandKind::Array], 1);
    let options = opts("compute_90", false);
    match nvrtc::compile(&src, "broken", &options) {
        Err(Error::Compile {
            kernel,
            options: o,
            log,
        }) => {
            assert_eq!(kernel, "broken");
            assert_eq!(o, options);
            assert!(log.contains("undefined_name"), "log: {log}");
        }
        other => panic!("expected a compile error, got {other:?}"),
    }
}

#[test]
fn version_and_location_are_reported() {
    if !nvrtc_or_skip() {
        return;
    }
    let n = nvrtc::nvrtc().unwrap();
    let (major, minor) = nvrtc::nvrtc_version().unwrap();
    assert!(major >= 11, "NVRTC {major}.{minor}");
    println!(
        "NVRTC {major}.{minor} at {}; headers in {:?}; archs {:?}",
        n.path().display(),
        n.include_dir(),
        n.supported_archs()
    );
}

/// The runtime's own identity kernel (device-side copies and fills) for every dtype.
#[test]
fn copy_kernel_for_every_dtype() {
    if !nvrtc_or_skip() {
        return;
    }
    use DTypeId::*;
    for id in [
        Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128,
    ] {
        array_runtime::cuda::verify::copy(id).unwrap_or_else(|e| panic!("copy {id}: {e}"));
    }
}
