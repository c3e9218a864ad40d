//! Inputs at and past the translator's limits: large array literals, deep nesting. Each
//! must be translated or rejected with a message, never crash the compiler.

use proc_macro2::TokenStream;

use crate::elementwise::translate;

fn source(text: &str) -> TokenStream {
    text.parse().unwrap_or_else(|e| panic!("not Rust tokens: {e}"))
}

/// `[1.0, 1.0, ...]` of `n` elements, read once.
fn array_kernel(n: usize) -> TokenStream {
    source(&format!(
        "fn k(x: f32) -> f32 {{ let a = [{}]; a[1] * x }}",
        vec!["1.0"; n].join(", ")
    ))
}

#[test]
fn large_array_literals_are_typed_without_deep_recursion() {
    // Every element's literal type joins the others': 40,000 of them once overflowed the
    // stack following the chain of inference variables.
    let src = translate(array_kernel(40_000)).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(src.contains("kx::Array<float, 40000>"), "{}", &src[..200]);
}

#[test]
fn array_literals_past_the_length_limit_are_rejected() {
    let e = translate(array_kernel(70_000)).unwrap_err();
    assert_eq!(
        e,
        ["arrays in kernels hold at most 65536 elements, this one 70000"]
    );
}
