//! The native twin: which float methods call the runtime's own implementations
//! (`array_runtime::math::KernelMath`) and which stay std's.

use proc_macro2::TokenStream;
use quote::quote;

use crate::elementwise::expand;

/// Everything `#[elementwise]` writes for `item`, as text.
fn expanded(item: TokenStream) -> String {
    expand(TokenStream::new(), item).to_string()
}

fn runtime_call(ty: &str, method: &str) -> String {
    format!("< {ty} as array_runtime :: math :: KernelMath > :: {method}")
}

#[test]
fn exp_and_log_of_floats_call_the_runtime() {
    let out = expanded(quote! {
        fn f(x: f32, y: f64) -> (f32, f64) {
            (
                x.exp() + x.log2() + x.exp_m1(),
                y.ln() + y.exp2() + y.log10() + y.ln_1p(),
            )
        }
    });
    for (ty, m) in [
        ("f32", "exp"),
        ("f32", "log2"),
        ("f64", "ln"),
        ("f64", "exp2"),
        ("f64", "log10"),
        ("f32", "exp_m1"),
        ("f64", "ln_1p"),
    ] {
        assert!(out.contains(&runtime_call(ty, m)), "{ty}::{m} in {out}");
    }
    assert!(!out.contains(". exp ("), "{out}");
}

#[test]
fn hyperbolic_inverse_trigonometric_and_cbrt_call_the_runtime() {
    let out = expanded(quote! {
        fn f(x: f32, y: f64) -> (f32, f64) {
            (
                x.sinh() + x.cosh() + x.tanh() + x.asinh() + x.acosh() + x.atanh(),
                y.atan() + y.asin() + y.acos() + y.cbrt(),
            )
        }
    });
    for (ty, m) in [
        ("f32", "sinh"),
        ("f32", "cosh"),
        ("f32", "tanh"),
        ("f32", "asinh"),
        ("f32", "acosh"),
        ("f32", "atanh"),
        ("f64", "atan"),
        ("f64", "asin"),
        ("f64", "acos"),
        ("f64", "cbrt"),
    ] {
        assert!(out.contains(&runtime_call(ty, m)), "{ty}::{m} in {out}");
    }
}

#[test]
fn type_parameters_and_half_types_call_the_runtime() {
    let out = expanded(quote! {
        fn g<T: Float>(x: T) -> T {
            x.exp()
        }
    });
    assert!(out.contains(&runtime_call("T", "exp")), "{out}");
    let out = expanded(quote! {
        fn h(x: f16, y: bf16) -> (f16, bf16) {
            (x.ln(), y.exp())
        }
    });
    assert!(
        out.contains(&runtime_call("array_runtime :: f16", "ln")),
        "{out}"
    );
    assert!(
        out.contains(&runtime_call("array_runtime :: bf16", "exp")),
        "{out}"
    );
}

#[test]
fn other_methods_and_complex_numbers_stay_std() {
    let out = expanded(quote! {
        fn s(x: f32, z: c64) -> (f32, c64) {
            (x.atan2(x) + x.powf(x) + x.hypot(x), z.exp())
        }
    });
    assert!(!out.contains("KernelMath"), "{out}");
    assert!(out.contains(". atan2 ("), "{out}");
    assert!(out.contains(". powf ("), "{out}");
    assert!(out.contains(". exp ()"), "{out}");
}

#[test]
fn trigonometric_functions_call_the_runtime() {
    let out = expanded(quote! {
        fn t(x: f32, y: f64) -> (f32, f64) {
            (x.sin() + x.cos() + x.tan(), y.sin() + y.cos() + y.tan())
        }
    });
    for ty in ["f32", "f64"] {
        for m in ["sin", "cos", "tan"] {
            assert!(out.contains(&runtime_call(ty, m)), "{ty}::{m} in {out}");
        }
    }
    assert!(!out.contains(". sin ()"), "{out}");
}

/// A kernel calling `sin`, `cos` or `tan` gets a small-argument twin (`scalar_small`, calling
/// the runtime's `sin_small` and friends with the flag) and a chunk loop of two passes; one
/// without gets neither.
#[test]
fn trigonometric_functions_get_a_small_argument_twin() {
    let out = expanded(quote! {
        fn t(x: f32, y: f64) -> (f32, f64) {
            (x.sin() + x.cos() + x.tan(), y.sin())
        }
    });
    assert!(out.contains("pub fn scalar_small"), "{out}");
    for (ty, m, x) in [
        ("f32", "sin", "x"),
        ("f32", "cos", "x"),
        ("f32", "tan", "x"),
        ("f64", "sin", "y"),
    ] {
        let call = format!(
            "{} ({x} , __kx_large)",
            runtime_call(ty, &format!("{m}_small"))
        );
        assert!(out.contains(&call), "{ty}::{m} in {out}");
    }
    assert!(out.contains("if __kx_large"), "{out}");
    let out = expanded(quote! {
        fn e(x: f32) -> f32 {
            x.exp() + x.sinh()
        }
    });
    assert!(!out.contains("scalar_small"), "{out}");
    assert!(!out.contains("__kx_large"), "{out}");
}

/// A kernel calling the runtime's math functions or a `#[device_fn]` (compute-bound) is run
/// by `run_compute_loop`, which adds an AVX-512 copy of its chunk loop; plain arithmetic and
/// std's float methods (memory-bound) by `run_chunk_loop`, with no third copy.
#[test]
fn compute_bound_kernels_get_the_avx512_loop() {
    for item in [
        quote!(
            fn m(x: f32) -> f32 {
                x.tanh() * 2.0
            }
        ),
        quote!(
            fn g<F: Float>(x: F) -> F {
                x.asinh()
            }
        ),
        quote!(
            fn d(x: f64) -> f64 {
                helper(x) + 1.0
            }
        ),
    ] {
        let out = expanded(item);
        assert!(out.contains("elementwise :: run_compute_loop ::"), "{out}");
        assert!(!out.contains("run_chunk_loop"), "{out}");
    }
    for item in [
        quote!(
            fn a(x: f32, y: f32) -> f32 {
                x * y + 1.0
            }
        ),
        quote!(
            fn s(x: f64) -> f64 {
                x.sqrt().abs().max(0.5)
            }
        ),
    ] {
        let out = expanded(item);
        assert!(out.contains("elementwise :: run_chunk_loop ::"), "{out}");
        assert!(!out.contains("run_compute_loop"), "{out}");
    }
}
