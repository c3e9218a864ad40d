//! Property-style test: the macro's inner entry point on many generated functions, valid and
//! invalid, and on token soup. It must never panic, and whatever it emits must parse as Rust.

use std::panic::{catch_unwind, AssertUnwindSafe};

use proc_macro2::TokenStream;

use crate::elementwise::{expand, translate};

/// A small deterministic generator (no extra crates).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const TYPES: &[&str] = &[
    "f32",
    "f64",
    "i32",
    "u8",
    "i64",
    "u64",
    "bool",
    "f16",
    "half::bf16",
    "T",
    "&f32",
    "&mut i32",
    "Vec<f32>",
    "String",
    "[f32; 2]",
    "(f32, i32)",
    "usize",
    "Point",
    "c64",
    "impl Copy",
];
const RESULTS: &[&str] = &[
    "f32",
    "f64",
    "i32",
    "u8",
    "bool",
    "T",
    "(f32, f32)",
    "(T, i32, bool)",
    "()",
    "&f32",
    "(f32, (i32, i32))",
];
const GENERICS: &[&str] = &[
    "",
    "",
    "<T: Float>",
    "<T: Num>",
    "<T>",
    "<T: Int>",
    "<T: SignedInt + DType>",
    "<'a>",
    "<const N: usize>",
    "<T: Copy>",
    "<T: ::array_runtime::Float>",
];
const LITS: &[&str] = &[
    "1",
    "2.5",
    "3u8",
    "7i64",
    "true",
    "false",
    "1e40f32",
    "300u8",
    "0.1",
    "-1",
    "1f32",
    "2147483648",
    "\"s\"",
    "'c'",
    "0x7f",
];
const BINOPS: &[&str] = &[
    "+", "-", "*", "/", "%", "&", "|", "^", "&&", "||", "==", "!=", "<", "<=", ">", ">=", "<<",
    "+=",
];
const METHODS: &[&str] = &[
    "sqrt",
    "exp",
    "ln",
    "abs",
    "powi",
    "powf",
    "min",
    "max",
    "mul_add",
    "floor",
    "to_string",
    "clamp",
];
const CASTS: &[&str] = &["f32", "f64", "i32", "u8", "bool", "T", "f16", "(f32,)"];

fn expr(g: &mut Gen, vars: &[String], depth: usize) -> String {
    let leaf = depth == 0 || g.below(3) == 0;
    if leaf {
        return match g.below(4) {
            0 | 1 if !vars.is_empty() => vars[g.below(vars.len())].clone(),
            2 => "unknown".into(),
            _ => g.pick(LITS).into(),
        };
    }
    let d = depth - 1;
    match g.below(18) {
        0..=3 => format!(
            "({} {} {})",
            expr(g, vars, d),
            g.pick(BINOPS),
            expr(g, vars, d)
        ),
        4 => format!("(-{})", expr(g, vars, d)),
        5 => format!("(!{})", expr(g, vars, d)),
        6 => format!("({} as {})", expr(g, vars, d), g.pick(CASTS)),
        7 | 8 => {
            let m = g.pick(METHODS);
            let args: Vec<String> = (0..g.below(3)).map(|_| expr(g, vars, d)).collect();
            format!("({}).{m}({})", expr(g, vars, d), args.join(", "))
        }
        9 | 10 => {
            let e = if g.below(4) == 0 {
                String::new()
            } else {
                format!(" else {{ {} }}", expr(g, vars, d))
            };
            format!("if {} {{ {} }}{e}", expr(g, vars, d), expr(g, vars, d))
        }
        11 => {
            let mut inner = vars.to_vec();
            inner.push("b".into());
            format!("{{ let b = {}; {} }}", expr(g, vars, d), expr(g, &inner, d))
        }
        12 => format!("({}, {})", expr(g, vars, d), expr(g, vars, d)),
        13 => match g.below(6) {
            0 => "loop { break 1.0 }".into(),
            1 => format!("(|v: f32| v)({})", expr(g, vars, d)),
            2 => "println!(\"x\")".into(),
            3 => format!("helper({})", expr(g, vars, d)),
            4 => "unsafe { 1.0 }".into(),
            _ => format!("[{}][0]", expr(g, vars, d)),
        },
        14 => match g.below(12) {
            0 => format!(
                "match {} {{ 0 => {}, 1 | 2 => {}, 3..=9 => {}, _ if {} => {}, _ => {} }}",
                expr(g, vars, d), expr(g, vars, d), expr(g, vars, d), expr(g, vars, d),
                expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)
            ),
            1 => format!(
                "{{ let mut m = {}; while m < {} {{ m += {}; if m > 9 {{ break; }} }} m }}",
                expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)
            ),
            2 => format!(
                "{{ let mut s = {}; 'o: for i in ({}..={}).step_by(2) {{ for j in 0..i {{ if j > 3 {{ continue 'o; }} s += {}; }} }} s }}",
                expr(g, vars, d), expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)
            ),
            3 => format!("loop {{ if {} {{ break {}; }} }}", expr(g, vars, d), expr(g, vars, d)),
            4 => format!("{{ let (a, mut b) = ({}, {}); b = a; (a, b).1 }}", expr(g, vars, d), expr(g, vars, d)),
            5 => format!("{{ let mut arr = [{}; 3]; arr[{}] = {}; arr[1] }}", expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)),
            6 => format!("Complex::new({}, {}).norm()", expr(g, vars, d), expr(g, vars, d)),
            7 => g.pick(&["f32::consts::PI", "f64::MAX", "i32::MIN", "u8::MAX", "f32::NAN", "T::MAX", "f32::consts::NOPE"]).into(),
            8 => format!("{{ if {} {{ return {}; }} {} }}", expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)),
            9 => format!("({}).{}({})", expr(g, vars, d), g.pick(&["wrapping_add", "count_ones", "rotate_left", "saturating_sub", "pow", "is_power_of_two", "conj", "atan2", "hypot"]), expr(g, vars, d)),
            10 => format!("({} << {}) >> {}", expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)),
            _ => format!("lerp::<f32>({}, {}, {}).re", expr(g, vars, d), expr(g, vars, d), expr(g, vars, d)),
        },
        _ => format!("({})", expr(g, vars, d)),
    }
}

fn function(g: &mut Gen) -> String {
    let generics = g.pick(GENERICS);
    let n = g.below(4);
    let mut params = Vec::new();
    let mut vars = Vec::new();
    for i in 0..n {
        let name = format!("p{i}");
        params.push(format!("{name}: {}", g.pick(TYPES)));
        vars.push(name);
    }
    if g.below(20) == 0 {
        params.insert(0, "self".into());
    }
    let mut body = String::new();
    for i in 0..g.below(4) {
        let ty = if g.below(3) == 0 {
            format!(": {}", g.pick(TYPES))
        } else {
            String::new()
        };
        let name = if g.below(3) == 0 {
            "p0".to_string()
        } else {
            format!("l{i}")
        };
        body.push_str(&format!("let {name}{ty} = {};\n", expr(g, &vars, 3)));
        vars.push(name);
    }
    let ret = match g.below(12) {
        0 => String::new(),
        _ => format!("-> {}", g.pick(RESULTS)),
    };
    let tail = expr(g, &vars, 4);
    let asyncness = if g.below(25) == 0 { "async " } else { "" };
    format!(
        "pub {asyncness}fn k{generics}({}) {ret} {{\n{body}{tail}\n}}",
        params.join(", ")
    )
}

/// Runs the macro; returns whether the kernel was translated. When the input is a function,
/// the output must parse as Rust (errors included).
fn run(item: TokenStream, attr: TokenStream, what: &str) -> bool {
    let is_fn = syn::parse2::<syn::ItemFn>(item.clone()).is_ok();
    let out = catch_unwind(AssertUnwindSafe(|| {
        let translated = translate(item.clone()).is_ok();
        (expand(attr, item), translated)
    }));
    let (tokens, translated) = out.unwrap_or_else(|_| panic!("the macro panicked on:\n{what}"));
    if is_fn {
        let parses = syn::parse2::<syn::File>(tokens.clone()).is_ok();
        assert!(
            parses,
            "the output does not parse as Rust for:\n{what}\n---\n{tokens}"
        );
    }
    translated
}

/// An `f32` expression inside the language.
fn valid_expr(g: &mut Gen, vars: &[String], depth: usize) -> String {
    if depth == 0 || g.below(3) == 0 {
        return if g.below(3) > 0 {
            vars[g.below(vars.len())].clone()
        } else {
            g.pick(&["1.0", "2.5", "0.1", "3e-3", "7.0f32"]).into()
        };
    }
    let d = depth - 1;
    let choice = g.below(12);
    let mut e = || valid_expr(g, vars, d);
    match choice {
        0..=2 => {
            let (a, b) = (e(), e());
            format!(
                "({a} {} {b})",
                ["+", "-", "*", "/", "%"][(a.len() + b.len()) % 5]
            )
        }
        3 => format!("-{}", e()),
        4 => {
            let (a, b) = (e(), e());
            format!("({a}).max({b}).sqrt().abs()")
        }
        5 => {
            let (a, b, c, x) = (e(), e(), e(), e());
            format!("if {a} < {b} && {c} != {x} {{ {a} }} else {{ {b} }}")
        }
        6 => {
            let (a, b) = (e(), e());
            format!("{{ let t = {a}; (t * {b}) as f64 as f32 }}")
        }
        8 => {
            let (a, b) = (e(), e());
            format!("{{ let mut acc = {a}; for i in 0..3 {{ acc += {b} * i as f32; }} acc }}")
        }
        9 => {
            let (a, b) = (e(), e());
            format!("match (({a}) as i32) {{ 0 | 1 => {b}, 2..=5 => -{b}, _ => {a} }}")
        }
        10 => {
            let (a, b) = (e(), e());
            format!("{{ let t = [{a}, {b}]; let (p, q) = (t[0], t[1]); p.hypot(q).min(f32::MAX) }}")
        }
        11 => {
            let (a, b) = (e(), e());
            format!("{{ let mut k = 0u32; let v = loop {{ k += 1; if k > 2 {{ break {a}; }} }}; v + {b} }}")
        }
        _ => format!("((({}) as i32) & 7) as f32", e()),
    }
}

fn valid_function(g: &mut Gen) -> String {
    let n = 1 + g.below(3);
    let vars: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let params: Vec<String> = vars.iter().map(|v| format!("{v}: f32")).collect();
    let body = valid_expr(g, &vars, 4);
    format!("fn k({}) -> f32 {{ {body} }}", params.join(", "))
}

#[test]
fn generated_functions_never_panic() {
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut total) = (0, 0);
    for i in 0..3000 {
        let src = if i % 3 == 0 {
            valid_function(&mut g)
        } else {
            function(&mut g)
        };
        let Ok(item) = src.parse::<TokenStream>() else {
            continue;
        };
        total += 1;
        if run(item, TokenStream::new(), &src) {
            accepted += 1;
        }
    }
    // Both sides of the language are exercised.
    assert!(
        accepted > 500 && accepted < total - 500,
        "{accepted} of {total} accepted"
    );
}

#[test]
fn token_soup_never_panics() {
    const PIECES: &[&str] = &[
        "fn",
        "k",
        "(",
        ")",
        "{",
        "}",
        "x",
        ":",
        "f32",
        "->",
        "let",
        "=",
        ";",
        "+",
        "if",
        "else",
        "1.0",
        ",",
        "<",
        ">",
        "T",
        "Float",
        "pub",
        "#[inline]",
        "as",
        ".",
        "sqrt",
        "&",
        "mut",
        "'a",
        "[",
        "]",
        "struct",
        "impl",
        "async",
        "unsafe",
        "return",
        "where",
    ];
    let mut g = Gen(42);
    for _ in 0..3000 {
        let n = 1 + g.below(30);
        let mut src = String::from(if g.below(2) == 0 {
            "fn k(x: f32) -> f32 "
        } else {
            ""
        });
        for _ in 0..n {
            src.push_str(g.pick(PIECES));
            src.push(' ');
        }
        let Ok(item) = src.parse::<TokenStream>() else {
            continue;
        };
        let attr: TokenStream = if g.below(10) == 0 {
            "oops".parse().unwrap_or_default()
        } else {
            TokenStream::new()
        };
        run(item, attr, &src);
    }
}
