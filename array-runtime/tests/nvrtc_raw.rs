//! The CUDA C of raw kernels written to the parameter contract of
//! `array_runtime::kernel::raw` (what `#[raw_kernel]` will generate) compiles with NVRTC to a
//! CUBIN for `sm_90` that exports the kernel's entry point (a hand-written module to PTX too), with the runtime's prelude and `kxr::`
//! helpers: shared memory and barriers, dynamic shared memory, global and shared atomics, warp
//! shuffles and votes, generic instances (fp16 and complex included). Hand-written modules
//! (`RawModule` sources) too. No GPU needed; without NVRTC the tests say they skipped, except
//! under `CI`, where they fail.

mod raw_kernels;

use array_runtime::cuda::nvrtc::{self, BinaryKind};
use array_runtime::cuda::raw::verify;
use array_runtime::cuda::verify::nvrtc_or_skip;
use array_runtime::kernel::raw::{cuda_module_source, ParamKind, RawKernelDef};
use array_runtime::DTypeId;
use raw_kernels::*;

fn have_nvrtc(what: &str) -> bool {
    nvrtc_or_skip(what).unwrap_or_else(|e| panic!("{e}"))
}

fn check(def: &RawKernelDef, type_args: &[DTypeId]) {
    if let Err(e) = verify(def, type_args) {
        panic!(
            "{e}\n--- source ---\n{}",
            cuda_module_source(def, type_args)
        );
    }
}

#[test]
fn raw_kernels_compile_to_ptx_and_cubin() {
    if !have_nvrtc("raw kernels") {
        return;
    }
    for def in [
        &TRANSPOSE,
        &TRANSPOSE_NAIVE,
        &BLOCK_SUM,
        &HISTOGRAM,
        &HISTOGRAM_SHARED,
        &WARP_REDUCE,
        &WARP_MAX,
        &COPY_UNCHECKED,
    ] {
        check(def, &[]);
    }
}

#[test]
fn generic_raw_kernels_compile_for_every_float_dtype() {
    if !have_nvrtc("generic raw kernels") {
        return;
    }
    for t in [
        DTypeId::F16,
        DTypeId::BF16,
        DTypeId::F32,
        DTypeId::F64,
        DTypeId::I32,
    ] {
        check(&AXPY, &[t]);
    }
}

static ATOMICS_AND_VOTES: RawKernelDef = RawKernelDef {
    name: "atomics_and_votes",
    cuda_source: r#"
extern "C" __global__ void kxr_atomics_and_votes(const float* __restrict__ x, unsigned long long x_len,
                                                 long long* ints, unsigned long long ints_len,
                                                 unsigned int* bits, unsigned long long bits_len,
                                                 double* sum, unsigned long long sum_len,
                                                 unsigned int* kx_err) {
    __shared__ unsigned int counts[4];
    if (threadIdx.x < 4) counts[threadIdx.x] = 0;
    __syncthreads();
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < x_len ? kxr::load(x, x_len, i, 0u, kx_err) : 0.0f;
    unsigned long long* p = (unsigned long long*)kxr::at(ints, ints_len, 0, 1u, kx_err);
    if (p) atomicAdd(p, (unsigned long long)(long long)i);
    long long* q = kxr::at(ints, ints_len, 1, 1u, kx_err);
    if (q) { atomicMin(q, (long long)i); atomicMax(q + 0, (long long)i); }
    unsigned int* b = kxr::at(bits, bits_len, 0, 2u, kx_err);
    if (b) {
        atomicOr(b, 1u << (threadIdx.x & 31));
        atomicAnd(b, ~0u);
        atomicXor(b, 0u);
        atomicSub(b, 0u);
        atomicExch(b, atomicCAS(b, 0u, 1u));
    }
    double* s = kxr::at(sum, sum_len, 0, 3u, kx_err);
    if (s) atomicAdd(s, (double)v);
    atomicAdd(&counts[threadIdx.x & 3], 1u);
    int n = __syncthreads_count(v > 0.0f);
    bool all = __syncthreads_and(v > 0.0f);
    bool any = __syncthreads_or(v > 0.0f);
    unsigned int ballot = __ballot_sync(0xffffffffu, v > 0.0f);
    bool wall = __all_sync(0xffffffffu, v > 0.0f);
    bool wany = __any_sync(0xffffffffu, v > 0.0f);
    float up = __shfl_up_sync(0xffffffffu, v, 1);
    float idx = __shfl_sync(0xffffffffu, v, 3);
    double d = __shfl_xor_sync(0xffffffffu, (double)v, 2);
    __syncwarp();
    __threadfence();
    if (threadIdx.x == 0)
        kxr::store(bits, bits_len, 1, counts[0] + (unsigned int)n + all + any + ballot + wall + wany
                   + (unsigned int)(up + idx + (float)d), 2u, kx_err);
}
"#,
    params: &[
        ParamKind::slice(DTypeId::F32),
        ParamKind::slice_mut(DTypeId::I64),
        ParamKind::slice_mut(DTypeId::U32),
        ParamKind::slice_mut(DTypeId::F64),
    ],
    param_names: &["x", "ints", "bits", "sum"],
    static_shared_bytes: 16,
    uses_block_sync: true,
    uses_warp_ops: true,
    ..RawKernelDef::DEFAULT
};

static SCALARS_ALL: RawKernelDef = RawKernelDef {
    name: "scalars_all",
    cuda_source: r#"
extern "C" __global__ void kxr_scalars_all(T v, T* out, unsigned long long out_len, unsigned int* kx_err) {
    kxr::store(out, out_len, threadIdx.x, v, 1u, kx_err);
    __shared__ T tile[8];
    tile[threadIdx.x & 7] = kxr::load((const T*)out, out_len, threadIdx.x, 1u, kx_err);
}
"#,
    params: &[
        ParamKind::generic_scalar(0),
        ParamKind::generic_slice_mut(0),
    ],
    param_names: &["v", "out"],
    type_params: &["T"],
    ..RawKernelDef::DEFAULT
};

#[test]
fn every_intrinsic_and_every_dtype_compile() {
    if !have_nvrtc("raw kernel intrinsics") {
        return;
    }
    check(&ATOMICS_AND_VOTES, &[]);
    for t in DTypeId::ALL {
        check(&SCALARS_ALL, &[t]);
    }
}

#[test]
fn kernels_without_an_entry_point_or_with_errors_are_reported() {
    if !have_nvrtc("raw kernel errors") {
        return;
    }
    static MISNAMED: RawKernelDef = RawKernelDef {
        name: "misnamed",
        cuda_source: "extern \"C\" __global__ void other(unsigned int* kx_err) {}",
        ..RawKernelDef::DEFAULT
    };
    let e = verify(&MISNAMED, &[]).unwrap_err().to_string();
    assert!(e.contains("no entry point `kxr_misnamed`"), "{e}");
    static BROKEN: RawKernelDef = RawKernelDef {
        name: "broken",
        cuda_source:
            "extern \"C\" __global__ void kxr_broken(unsigned int* kx_err) { undefined_thing; }",
        ..RawKernelDef::DEFAULT
    };
    let e = verify(&BROKEN, &[]).unwrap_err().to_string();
    assert!(e.contains("undefined_thing"), "{e}");
}

/// A CuPy-style hand-written module (no prelude, bare pointers), as `RawModule` compiles it.
#[test]
fn hand_written_modules_compile() {
    if !have_nvrtc("hand-written raw modules") {
        return;
    }
    let src = r#"
#include <cuda_fp16.h>
extern "C" __global__ void scale(float* x, float a, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
extern "C" __global__ void halve(__half* x, unsigned int n) {
    extern __shared__ __half buf[];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { buf[threadIdx.x] = x[i]; x[i] = __hmul(buf[threadIdx.x], __float2half(0.5f)); }
}
"#;
    let (sm, _) = array_runtime::cuda::compile_options((9, 0), true).unwrap();
    let ptx_opts: Vec<String> = sm
        .iter()
        .map(|o| {
            if o.starts_with("-arch=") {
                "-arch=compute_90".into()
            } else {
                o.clone()
            }
        })
        .collect();
    let ptx = nvrtc::compile(src, "raw_module", &ptx_opts).unwrap();
    assert_eq!(ptx.kind, BinaryKind::Ptx);
    let text = String::from_utf8(ptx.image).unwrap();
    assert!(text.contains(".entry scale(") && text.contains(".entry halve("));
    let cubin = nvrtc::compile(src, "raw_module", &sm).unwrap();
    assert_eq!(cubin.kind, BinaryKind::Cubin);
    assert_eq!(&cubin.image[..4], b"\x7fELF");
}
