//! Writes `$OUT_DIR/limits.rs`: kernels too large to write by hand, at the limits the macros
//! accept (`src/limits.rs` includes them). They prove that rustc, running the macros on its own
//! thread and stack, translates them.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let mut out = String::new();
    deep_kernels(&mut out);
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(dir.join("limits.rs"), out).expect("write limits.rs");
    println!("cargo:rerun-if-changed=build.rs");
}

/// Deep nesting the macros accept (`kernel-macros/src/nesting.rs`): the cases an adversarial
/// run found crashing rustc, at sizes within the bound.
fn deep_kernels(out: &mut String) {
    // A sum of 1000 terms: `x + x + ... + x`.
    let terms = vec!["x"; 1000].join(" + ");
    let _ = writeln!(
        out,
        "/// A sum of 1000 terms.\n#[elementwise]\npub fn deep_sum(x: f32) -> f32 {{ {terms} }}\n"
    );
    // A 350-deep `else if` chain: the number of thresholds below `x` (0 to 351).
    let mut chain = String::from("if x < 0.0 { 0 }");
    for i in 1..=350 {
        let _ = write!(chain, " else if x < {i}.0 {{ {i} }}");
    }
    chain.push_str(" else { 351 }");
    let _ = writeln!(
        out,
        "/// A 350-deep `else if` chain.\n#[elementwise]\npub fn deep_else_if(x: f32) -> i32 {{ {chain} }}\n"
    );
    // 250 nested parentheses, each adding 1.
    let parens = format!("{}x{}", "(".repeat(250), " + 1.0)".repeat(250));
    let _ = writeln!(
        out,
        "/// 250 nested parentheses.\n#[elementwise]\npub fn deep_parens(x: f32) -> f32 {{ {parens} }}\n"
    );
    // 150 nested blocks, each binding a new `x`.
    let blocks = format!("{}x{}", "{ let x = x + 1.0; ".repeat(150), " }".repeat(150));
    let _ = writeln!(
        out,
        "/// 150 nested blocks.\n#[elementwise]\npub fn deep_blocks(x: f32) -> f32 {{ {blocks} }}\n"
    );
    // The same sum in a device function, a reduction and a raw kernel.
    let _ = writeln!(
        out,
        "/// A device function of 1000 terms.\n#[device_fn]\npub fn deep_helper(x: f32) -> f32 {{ {terms} }}\n\
         /// Calls it.\n#[elementwise]\npub fn deep_call(x: f32) -> f32 {{ deep_helper(x) }}\n\
         /// A reduction whose `map` sums 1000 terms.\n#[reduction]\npub mod deep_reduce {{\n\
         \x20   pub fn map(x: f32) -> f32 {{ {terms} }}\n\
         \x20   pub fn combine(a: f32, b: f32) -> f32 {{ a + b }}\n\
         \x20   pub fn identity() -> f32 {{ 0.0 }}\n}}\n\
         /// A raw kernel writing 1000 terms.\n#[raw_kernel]\n\
         pub fn deep_raw(xs: &[f32], ys: &mut [f32]) {{\n\
         \x20   let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;\n\
         \x20   if i < ys.len() {{ let x = xs[i]; ys[i] = {terms}; }}\n}}\n"
    );
}
