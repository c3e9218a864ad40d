//! Every test kernel's CUDA C module (prelude, device functions, entry points) compiles with
//! NVRTC for `sm_90`, with the options the launcher uses (`--fmad=false`, fp16/bf16 headers).
//! No GPU needed. NVRTC is found by `array_runtime::cuda::nvrtc` (here through
//! `KERNELS_CUDA_WHEELS`); without it the test prints `skipped: ...`, except under `CI`, where
//! it fails.

use array_runtime::cuda::nvrtc;
use array_runtime::Error;
use kernel_macros_tests as k;
use kernel_macros_tests::language as l;
use kernel_macros_tests::limits as n;
use kernels_std::prelude::*;

/// Every module, by name: concrete kernels once, generic ones for several dtypes.
fn modules() -> Vec<(&'static str, String)> {
    vec![
        ("saxpy", k::saxpy::cuda_source()),
        ("add_f32", k::add::cuda_source::<f32>()),
        ("add_i64", k::add::cuda_source::<i64>()),
        ("add_u8", k::add::cuda_source::<u8>()),
        ("add_f16", k::add::cuda_source::<f16>()),
        ("add_bf16", k::add::cuda_source::<bf16>()),
        ("divmod", k::divmod::cuda_source()),
        ("leaky_relu", k::leaky_relu::cuda_source()),
        ("casts", k::casts::cuda_source()),
        ("fma16", k::fma16::cuda_source()),
        ("hypot_ish_f32", k::hypot_ish::cuda_source::<f32>()),
        ("hypot_ish_f64", k::hypot_ish::cuda_source::<f64>()),
        ("hypot_ish_f16", k::hypot_ish::cuda_source::<f16>()),
        ("hypot_ish_bf16", k::hypot_ish::cuda_source::<bf16>()),
        ("smooth_step", k::smooth_step::cuda_source()),
        ("bits", k::bits::cuda_source()),
        ("iabs_diff_i8", k::iabs_diff::cuda_source::<i8>()),
        ("iabs_diff_i64", k::iabs_diff::cuda_source::<i64>()),
        ("statements", l::statements::cuda_source()),
        ("loops", l::loops::cuda_source()),
        ("matching", l::matching::cuda_source()),
        ("aggregates", l::aggregates::cuda_source()),
        ("constants", l::constants::cuda_source()),
        ("float_methods", l::float_methods::cuda_source()),
        ("transcendental", l::transcendental::cuda_source()),
        ("transcendental_more", l::transcendental_more::cuda_source()),
        ("transcendental_f64", l::transcendental_f64::cuda_source()),
        ("float_predicates", l::float_predicates::cuda_source()),
        ("int_methods", l::int_methods::cuda_source()),
        ("int_semantics", l::int_semantics::cuda_source()),
        ("cast_matrix", l::cast_matrix::cuda_source()),
        ("half_math", l::half_math::cuda_source()),
        ("convert_matrix", l::convert_matrix::cuda_source()),
        ("float_bits", l::float_bits::cuda_source()),
        (
            "convert_f64_bf16",
            l::convert_generic::cuda_source::<f64, bf16>(),
        ),
        (
            "convert_c128_i8",
            l::convert_generic::cuda_source::<c128, i8>(),
        ),
        (
            "convert_u64_f16",
            l::convert_generic::cuda_source::<u64, f16>(),
        ),
        (
            "convert_bf16_bool",
            l::convert_generic::cuda_source::<bf16, bool>(),
        ),
        (
            "convert_i16_c64",
            l::convert_generic::cuda_source::<i16, c64>(),
        ),
        (
            "convert_c64_c128",
            l::convert_generic::cuda_source::<c64, c128>(),
        ),
        (
            "convert_f16_bf16",
            l::convert_generic::cuda_source::<f16, bf16>(),
        ),
        ("complex_math", l::complex_math::cuda_source()),
        ("complex_f64", l::complex_f64::cuda_source()),
        ("calls", l::calls::cuda_source()),
        ("calls_special", l::calls_special::cuda_source()),
        ("special_libm", l::special_libm::cuda_source()),
        ("generic_int_u8", l::generic_int::cuda_source::<u8>()),
        ("generic_int_i16", l::generic_int::cuda_source::<i16>()),
        ("generic_int_u64", l::generic_int::cuda_source::<u64>()),
        ("generic_num_f32", l::generic_num::cuda_source::<f32>()),
        ("generic_num_i32", l::generic_num::cuda_source::<i32>()),
        ("generic_num_f16", l::generic_num::cuda_source::<f16>()),
        // 250 nested parentheses (the other kernels at the nesting limits take NVRTC seconds
        // each: `tests/cpu.rs` compiles one of them, a raw kernel).
        (
            "deep_parens",
            kernel_macros_tests::limits::deep_parens::cuda_source(),
        ),
        // User names that are C, C++, CUDA or prelude names, and non-ASCII ones: as locals,
        // parameters, type parameters, device functions, kernels, raw kernels, a reduction.
        ("names_locals", n::names_locals::cuda_source()),
        ("names_params", n::names_params::cuda_source()),
        ("names_calls", n::device_fns::names_calls::cuda_source()),
        (
            "names_types",
            n::names_types::cuda_source::<f32, f64, f32, f64, f32, f64, f32, f64, f32, f64>(),
        ),
        ("names_cafe", n::café::cuda_source()),
        ("names_kx_fn", n::KX_FN::cuda_source()),
        ("names_nandu", n::ñandú::cuda_source::<f16>()),
        ("names_dyn_smem", n::dyn_smem::cuda_source()),
        ("names_pi_sum", n::pi_sum::cuda_source()),
        // 256 KiB of local arrays per thread (the bound), and a raw kernel's own with a
        // device function's.
        (
            "local_arrays_at_the_limit",
            n::local_arrays_at_the_limit::cuda_source(),
        ),
        (
            "local_arrays_with_barrier",
            n::local_arrays_with_barrier::cuda_source(),
        ),
    ]
}

#[test]
fn every_test_kernel_compiles_with_nvrtc() {
    if let Err(e) = nvrtc::nvrtc() {
        match e {
            Error::CudaUnavailable { reason } if std::env::var_os("CI").is_none() => {
                println!("skipped: {reason}");
                return;
            }
            e => panic!("NVRTC is required when CI is set: {e}"),
        }
    }
    let mut failures = Vec::new();
    let all = modules();
    for (name, src) in &all {
        let half = src.contains("cuda_fp16.h");
        let (options, _) = array_runtime::cuda::compile_options((9, 0), half).expect("options");
        if let Err(e) = nvrtc::compile(src, name, &options) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} modules failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n\n")
    );
}
