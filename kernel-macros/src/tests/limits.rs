//! Inputs at and past the translator's limits: large array literals, deep nesting. Each
//! must be translated or rejected with a message, never crash the compiler.

use proc_macro2::TokenStream;

use crate::elementwise::translate;

fn source(text: &str) -> TokenStream {
    text.parse()
        .unwrap_or_else(|e| panic!("not Rust tokens: {e}"))
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

/// Runs a macro on a thread with the stack rustc gives its own (8 MiB), as a proc-macro runs;
/// returns the first `compile_error!` message, if any.
fn expand_on_compiler_stack(
    expand: fn(TokenStream, TokenStream) -> TokenStream,
    item: String,
) -> Option<String> {
    let run = move || {
        let item: TokenStream = item.parse().expect("Rust tokens");
        let out = expand(TokenStream::new(), item).to_string();
        let at = out.find("compile_error")?;
        let rest = &out[at..];
        let start = rest.find('"')? + 1;
        let end = start + rest[start..].find('"')?;
        Some(rest[start..end].to_string())
    };
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(run)
        .expect("thread")
        .join()
        .expect("the macro panicked")
}

fn elementwise(body: &str) -> Option<String> {
    expand_on_compiler_stack(
        crate::elementwise::expand,
        format!("fn k(x: f32) -> f32 {{ {body} }}"),
    )
}

fn else_if_chain(n: usize) -> String {
    let mut s = String::from("if x < 0.0 { 0.0 }");
    for i in 1..=n {
        s.push_str(&format!(" else if x < {i}.0 {{ {i}.0 }}"));
    }
    s + " else { x }"
}

const TOO_DEEP: &str = "this kernel nests too deeply for the translator: it accepts about 182 \
    levels of nested blocks, 282 of parentheses or brackets, or 1638 chained operators (`+`, \
    `.method()`, `as`, `else if`, ...) in one expression; split the expression with `let` \
    bindings";

#[test]
fn nesting_within_the_bound_is_translated() {
    // The sizes an adversarial run found crashing rustc, and the bound's own limits.
    for body in [
        vec!["x"; 1000].join(" + "),
        vec!["x"; 1600].join(" + "),
        else_if_chain(350),
        else_if_chain(800),
        format!("{}x{}", "(".repeat(280), ")".repeat(280)),
        format!("{}x{}", "{ ".repeat(170), " }".repeat(170)),
        format!("{}x", "- ".repeat(1000)),
        format!("x{}", ".abs()".repeat(800)),
    ] {
        let head: String = body.chars().take(40).collect();
        assert_eq!(elementwise(&body), None, "{head}...");
    }
}

#[test]
fn nesting_past_the_bound_is_an_error() {
    for body in [
        vec!["x"; 1700].join(" + "),
        vec!["x"; 100_000].join(" + "),
        else_if_chain(900),
        format!("{}x{}", "(".repeat(300), ")".repeat(300)),
        format!("{}x{}", "(".repeat(750), ")".repeat(750)),
        format!("{}x{}", "{ ".repeat(190), " }".repeat(190)),
        format!("{}x", "- ".repeat(1100)),
        format!("{}x{}", "[".repeat(400), "]".repeat(400)),
    ] {
        let head: String = body.chars().take(40).collect();
        assert_eq!(elementwise(&body).as_deref(), Some(TOO_DEEP), "{head}...");
    }
    let parens = format!("{}1.0{}", "(".repeat(300), ")".repeat(300));
    let raw = format!("fn k(ys: &mut [f32]) {{ ys[0] = {parens}; }}");
    let helper = format!("fn h(x: f32) -> f32 {{ {parens} }}");
    let reduction = format!(
        "mod r {{ pub fn map(x: f32) -> f32 {{ {parens} }} \
         pub fn combine(a: f32, b: f32) -> f32 {{ a + b }} }}"
    );
    for (expand, item) in [
        (crate::raw_kernel::expand as fn(_, _) -> _, raw),
        (crate::device_fn::expand, helper),
        (crate::reduction::expand, reduction),
    ] {
        assert_eq!(
            expand_on_compiler_stack(expand, item).as_deref(),
            Some(TOO_DEEP)
        );
    }
}
