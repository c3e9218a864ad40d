//! Fuzzing of all four macros (parse and check, then lowering): mutated valid kernels and
//! random token trees, on a thread with rustc's stack (8 MiB), as a proc-macro runs. For every
//! input: no panic, output that parses as Rust; for every input a macro accepts (no
//! `compile_error!`), the translator's own entry point accepts it too and lowers it to C text.
//! Deterministic (a fixed seed) and bounded: a few thousand inputs, about a second in a debug
//! build.

use std::panic::{catch_unwind, AssertUnwindSafe};

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// xorshift64: deterministic, no extra crates.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// Valid kernels of each macro: the seeds that mutations start from.
const ELEMENTWISE: &[&str] = &[
    "fn k(x: f32, y: f32) -> f32 { let t = x * y; if t > 1.0 { t.sqrt() } else { -t } }",
    "fn k<T: Float>(x: T, n: i32) -> (T, i32) { let mut a = [x; 4]; a[(n & 3) as usize] = x; (a[0] + a[3], n.wrapping_mul(3)) }",
    "fn k(x: f64, i: u32) -> f64 { let t = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]; let mut s = 0.0; for j in 0..8 { s += t[j] * x; } s + t[(i % 8) as usize] }",
    "fn k(n: u64) -> u64 { let mut m = n; let mut c = 0u64; while m > 1 { m = if m % 2 == 0 { m / 2 } else { 3 * m + 1 }; c += 1; if c > 99 { break; } } c }",
    "fn k(z: c64, x: f32) -> c64 { let w = Complex::new(x, 1.0); match (x as i32) { 0 => z * w, 1 | 2 => z + w, _ => z.conj() } }",
];
const RAW: &[&str] = &[
    "fn k(xs: &[f32], ys: &mut [f32], a: f32) { let i = (block_idx().x * block_dim().x + thread_idx().x) as usize; if i < ys.len() { ys[i] = a * xs[i] + ys[i]; } }",
    "fn k(xs: &[u32], out: &mut [u32]) { let tile = shared_array::<u32, 256>(); let t = thread_idx().x as usize; tile[t] = xs[t]; sync_threads(); if t == 0 { let mut s = 0u32; for j in 0..256 { s = s.wrapping_add(tile[j]); } atomic_add(out, 0, s); } }",
];
const DEVICE_FN: &[&str] = &[
    "fn h(x: f32, y: f32) -> f32 { (x * x + y * y).sqrt() }",
    "fn h<T: Float>(a: T, b: T, t: T) -> T { a + (b - a) * t }",
];
const REDUCTION: &[&str] = &[
    "mod r { pub fn map(x: f32) -> f32 { x * x } pub fn combine(a: f32, b: f32) -> f32 { a + b } pub fn identity() -> f32 { 0.0 } pub fn finish(a: f32) -> f32 { a.sqrt() } }",
];

/// Tokens that mutations insert: Rust's, C's and CUDA's names (which the generated C must keep
/// apart), non-ASCII and raw identifiers, literals at the edges of their types.
const PIECES: &[&str] = &[
    "x",
    "y",
    "i",
    "t",
    "T",
    "f32",
    "f64",
    "u8",
    "i64",
    "bool",
    "usize",
    "c64",
    "uint3",
    "dim3",
    "size_t",
    "float2",
    "KX_FN",
    "kx",
    "int",
    "class",
    "new",
    "template",
    "π",
    "café",
    "r#type",
    "r#match",
    "1",
    "0",
    "1.0",
    "-1",
    "1e40f32",
    "300u8",
    "9223372036854775808",
    "u64::MAX",
    "f32::NAN",
    "true",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    "&&",
    "==",
    "=",
    "+=",
    "!",
    "&",
    "as",
    ".",
    "..",
    "..=",
    ",",
    ";",
    ":",
    "::",
    "->",
    "=>",
    "let",
    "mut",
    "if",
    "else",
    "match",
    "for",
    "in",
    "while",
    "loop",
    "break",
    "continue",
    "return",
    "fn",
    "mod",
    "pub",
    "unsafe",
    "async",
    "sqrt",
    "max",
    "len",
    "thread_idx",
    "sync_threads",
    "shared_array",
    "atomic_add",
    "h",
    "k",
    "_",
];

/// A flat list of the leaves and delimiters of a token stream, as text.
fn flatten(ts: TokenStream, out: &mut Vec<String>) {
    for tt in ts {
        match tt {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push(open.into());
                flatten(g.stream(), out);
                out.push(close.into());
            }
            TokenTree::Punct(p) => {
                // `->`, `::`, `+=`: joint punctuation stays one token.
                let glued = out.last().is_some_and(|l| l.ends_with('\u{1}'));
                let mut text = p.as_char().to_string();
                if p.spacing() == proc_macro2::Spacing::Joint {
                    text.push('\u{1}');
                }
                match out.last_mut() {
                    Some(l) if glued => {
                        l.pop();
                        l.push_str(&text);
                    }
                    _ => out.push(text),
                }
            }
            other => out.push(other.to_string()),
        }
    }
}

/// One mutation of a seed's tokens: delete, duplicate, swap, replace or insert a token,
/// cut a stretch, or wrap a token in many parentheses, brackets or unary operators.
fn mutate(g: &mut Gen, tokens: &mut Vec<String>) {
    if tokens.is_empty() {
        return;
    }
    let i = g.below(tokens.len());
    match g.below(10) {
        0 => {
            tokens.remove(i);
        }
        1 => tokens.insert(i, tokens[i].clone()),
        2 if i + 1 < tokens.len() => tokens.swap(i, i + 1),
        3 => tokens[i] = g.pick(PIECES).into(),
        4 => tokens.insert(i, g.pick(PIECES).into()),
        5 => {
            let end = (i + 1 + g.below(6)).min(tokens.len());
            tokens.drain(i..end);
        }
        6 => {
            // Deep nesting: up to well past the bounds of nesting.rs.
            let n = [3, 50, 300, 1500, 5000][g.below(5)];
            let (open, close) =
                [("(", ")"), ("[", "]"), ("{", "}"), ("-", ""), ("!", "")][g.below(5)];
            let leaf = tokens[i].clone();
            tokens[i] = format!("{}{leaf}{}", open.repeat(n), close.repeat(n));
        }
        7 => {
            // Another literal or name of the same kind: often still a valid kernel.
            let t = &tokens[i];
            let first = t.chars().next().unwrap_or(' ');
            if first.is_ascii_digit() {
                tokens[i] = g
                    .pick(&["0", "1", "2.5", "1e-3", "7", "0.5", "65535"])
                    .into();
            } else if first.is_alphabetic() && g.below(2) == 0 {
                tokens[i] = g
                    .pick(&["x", "y", "i", "t", "a", "n", "z", "xs", "ys"])
                    .into();
            } else {
                tokens[i] = format!("(({t}))");
            }
        }
        8 => {
            // A few parentheses around a token.
            tokens[i] = format!("({})", tokens[i]);
        }
        _ => {
            // A long chain of operators.
            let n = [10, 400, 3000][g.below(3)];
            let leaf = tokens[i].clone();
            tokens[i] = vec![leaf; n].join(" + ");
        }
    }
}

/// A random token tree: balanced groups of random pieces, sometimes one deep chain.
fn tree(g: &mut Gen, depth: usize, out: &mut String) {
    let n = 1 + g.below(8);
    for _ in 0..n {
        if depth > 0 && g.below(4) == 0 {
            let (open, close) = [("(", ")"), ("[", "]"), ("{", "}")][g.below(3)];
            out.push_str(open);
            tree(g, depth - 1, out);
            out.push_str(close);
        } else {
            out.push_str(g.pick(PIECES));
        }
        out.push(' ');
    }
}

/// Which macro an input goes to.
#[derive(Clone, Copy, Debug)]
enum Macro {
    Elementwise,
    Raw,
    DeviceFn,
    Reduction,
}

type Translate = fn(TokenStream) -> Result<String, Vec<String>>;

impl Macro {
    fn expand(self) -> fn(TokenStream, TokenStream) -> TokenStream {
        match self {
            Macro::Elementwise => crate::elementwise::expand,
            Macro::Raw => crate::raw_kernel::expand,
            Macro::DeviceFn => crate::device_fn::expand,
            Macro::Reduction => crate::reduction::expand,
        }
    }

    fn translate(self) -> Option<Translate> {
        match self {
            Macro::Elementwise => Some(crate::elementwise::translate),
            Macro::Raw => Some(crate::raw_kernel::translate),
            Macro::DeviceFn => Some(crate::device_fn::translate),
            Macro::Reduction => None,
        }
    }
}

/// What the runs found.
#[derive(Default, Debug)]
struct Tally {
    run: usize,
    accepted: usize,
}

/// Runs `m` on `src`: no panic, output that parses as Rust, and for accepted input a
/// translation to C text.
fn check(m: Macro, src: &str, tally: &mut Tally) {
    let Ok(item) = src.parse::<TokenStream>() else {
        return;
    };
    tally.run += 1;
    let within_bounds = crate::nesting::check(&item).is_ok();
    let expanded = catch_unwind(AssertUnwindSafe(|| {
        m.expand()(TokenStream::new(), item.clone())
    }))
    .unwrap_or_else(|_| panic!("{m:?} panicked on:\n{src}"));
    if !within_bounds {
        // Too deep for the macro: rejected before syn parses it (and too deep for this test to
        // parse or print on its 8 MiB; rustc grows its stack for the output).
        let rejected = expanded
            .into_iter()
            .any(|t| matches!(&t, TokenTree::Ident(i) if i == "compile_error"));
        assert!(rejected, "{m:?} accepted an item past the nesting bound");
        return;
    }
    if syn::parse2::<syn::Item>(item.clone()).is_ok() {
        assert!(
            syn::parse2::<syn::File>(expanded.clone()).is_ok(),
            "{m:?}: the output does not parse as Rust for:\n{src}"
        );
    }
    let accepted = !expanded.to_string().contains("compile_error");
    if accepted {
        tally.accepted += 1;
        if let Some(translate) = m.translate() {
            let c = catch_unwind(AssertUnwindSafe(|| translate(item)))
                .unwrap_or_else(|_| panic!("{m:?}: lowering panicked on:\n{src}"));
            match c {
                Ok(text) => assert!(
                    text.contains("KX_FN") || text.contains("__global__"),
                    "{m:?}: no C function for:\n{src}\n---\n{text}"
                ),
                Err(e) => panic!("{m:?} accepted what the translator rejects ({e:?}):\n{src}"),
            }
        }
    }
}

/// A seed's tokens, as [`mutate`] takes them.
fn tokens(seed: &str) -> Vec<String> {
    let mut out = Vec::new();
    flatten(seed.parse().expect("seed tokens"), &mut out);
    for t in &mut out {
        if t.ends_with('\u{1}') {
            t.pop();
        }
    }
    out
}

fn seeds() -> Vec<(Macro, &'static str)> {
    let mut out = Vec::new();
    out.extend(ELEMENTWISE.iter().map(|s| (Macro::Elementwise, *s)));
    out.extend(RAW.iter().map(|s| (Macro::Raw, *s)));
    out.extend(DEVICE_FN.iter().map(|s| (Macro::DeviceFn, *s)));
    out.extend(REDUCTION.iter().map(|s| (Macro::Reduction, *s)));
    out
}

fn on_compiler_stack(f: impl FnOnce() + Send + 'static) {
    let t = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .expect("thread");
    if let Err(e) = t.join() {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn the_seeds_are_accepted() {
    on_compiler_stack(|| {
        for (m, src) in seeds() {
            let mut tally = Tally::default();
            check(m, src, &mut tally);
            // And as the mutations see it: flattened and joined again.
            check(m, &tokens(src).join(" "), &mut tally);
            assert_eq!(tally.accepted, 2, "{m:?} rejects the seed:\n{src}");
        }
    });
}

#[test]
fn mutated_kernels_never_crash_the_macros() {
    on_compiler_stack(|| {
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        let seeds = seeds();
        let mut tally = Tally::default();
        for _ in 0..700 {
            let (m, seed) = seeds[g.below(seeds.len())];
            let mut tokens = tokens(seed);
            for _ in 0..1 + g.below(2) {
                mutate(&mut g, &mut tokens);
            }
            check(m, &tokens.join(" "), &mut tally);
        }
        // Mutations that keep the tokens balanced reach the macros, and some stay valid (most
        // do not: both sides of the language are exercised).
        assert!(tally.run > 400 && tally.accepted > 20, "{tally:?}");
    });
}

#[test]
fn random_token_trees_never_crash_the_macros() {
    on_compiler_stack(|| {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let mut tally = Tally::default();
        let macros = [
            Macro::Elementwise,
            Macro::Raw,
            Macro::DeviceFn,
            Macro::Reduction,
        ];
        for _ in 0..700 {
            let m = macros[g.below(4)];
            let mut body = String::new();
            tree(&mut g, 6, &mut body);
            let src = match (m, g.below(3)) {
                (_, 0) => body,
                (Macro::Reduction, _) => {
                    format!("mod r {{ pub fn map(x: f32) -> f32 {{ {body} }} }}")
                }
                _ => format!("fn k(x: f32, i: u32) -> f32 {{ {body} }}"),
            };
            check(m, &src, &mut tally);
        }
        assert!(tally.run == 700, "{tally:?}");
    });
}
