//! Writes `$OUT_DIR/limits.rs`: kernels too large to write by hand, at the limits the macros
//! accept (`src/limits.rs` includes them). They prove that rustc, running the macros on its own
//! thread and stack, translates them.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let mut out = String::new();
    deep_kernels(&mut out);
    names(&mut out);
    tables(&mut out);
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

/// C and C++ keywords (with the alternative tokens), C's reserved spellings, CUDA's built-in
/// names and vector types, common macros and library names, the runtime prelude's and the
/// translator's own names, and Unicode identifiers: every one a legal Rust identifier (Rust
/// keywords as raw identifiers `r#...`), each a clash in the generated C if it were used as
/// written.
const NAMES: &[&str] = &[
    // C++ keywords and alternative tokens.
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "r#break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "r#const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "r#continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "r#do",
    "double",
    "dynamic_cast",
    "r#else",
    "r#enum",
    "explicit",
    "export",
    "r#extern",
    "r#false",
    "float",
    "r#for",
    "friend",
    "goto",
    "r#if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "r#return",
    "short",
    "signed",
    "sizeof",
    "r#static",
    "static_assert",
    "static_cast",
    "r#struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "r#true",
    "r#try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "r#virtual",
    "void",
    "volatile",
    "wchar_t",
    "r#while",
    "xor",
    "xor_eq",
    // C's and C23's reserved spellings.
    "restrict",
    "_Bool",
    "_Complex",
    "_Imaginary",
    "_Atomic",
    "_Alignas",
    "_Alignof",
    "_Noreturn",
    "_Generic",
    "_Static_assert",
    "_Thread_local",
    "_BitInt",
    "r#typeof",
    "typeof_unqual",
    "__restrict__",
    "__attribute__",
    "__inline__",
    "__asm__",
    // CUDA: qualifiers, built-in variables, vector and other types.
    "__global__",
    "__device__",
    "__host__",
    "__shared__",
    "__constant__",
    "__managed__",
    "__launch_bounds__",
    "__forceinline__",
    "__noinline__",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "warpSize",
    "dim3",
    "uint3",
    "int2",
    "int4",
    "uint4",
    "char4",
    "uchar2",
    "short2",
    "ushort4",
    "long2",
    "ulong4",
    "longlong2",
    "ulonglong2",
    "float1",
    "float2",
    "float3",
    "float4",
    "double2",
    "double4",
    "half",
    "half2",
    "__half",
    "__half2",
    "nv_bfloat16",
    "nv_bfloat162",
    "__nv_bfloat16",
    "cudaError_t",
    "cudaStream_t",
    "size_t",
    "ptrdiff_t",
    "int8_t",
    "uint8_t",
    "int64_t",
    "uint64_t",
    "intptr_t",
    "uintptr_t",
    "nullptr_t",
    // Library functions, intrinsics and macros.
    "sqrtf",
    "expf",
    "sinf",
    "abs",
    "fabs",
    "min",
    "max",
    "fmaxf",
    "printf",
    "malloc",
    "free",
    "memcpy",
    "memset",
    "assert",
    "atomicAdd",
    "atomicCAS",
    "__syncthreads",
    "__shfl_sync",
    "make_float2",
    "isnan",
    "isinf",
    "signbit",
    "NAN",
    "INFINITY",
    "HUGE_VAL",
    "EOF",
    "NULL",
    "errno",
    "offsetof",
    "unix",
    "linux",
    "i386",
    "__CUDACC__",
    "__cplusplus",
    "CHAR_BIT",
    "INT_MAX",
    "FLT_MAX",
    "M_PI",
    "std",
    "cuda",
    // The runtime's prelude and the translator's own names.
    "KX_FN",
    "KX_DEVICE",
    "KX_HALF",
    "KX_PRELUDE_CUH",
    "KX_SATURATING",
    "KXR_BLOCK",
    "KXA_ATOMICS",
    "kx",
    "kxr",
    "kxa",
    "kxl_vec",
    "kxl_pack",
    "kx_err",
    "kx_t0",
    "kx_t1",
    "kx_dyn_bytes",
    "kxr_dyn_smem",
    "kxr_acc",
    "kxr_i",
    "kxr_u",
    "kxr_vec",
    "kxf_saxpy",
    "kx_break_0",
    "kx_continue_0",
    "INF_BITS_f",
    "NAN_BITS_f",
    "SIGN_SHIFT_f",
    "v_x",
    "t_T",
    "in0",
    "out0",
    "n",
    "shape",
    "count",
    "step",
    "e",
    "i",
    // Rust's dtype names, used as values.
    "f32",
    "f64",
    "i32",
    "u8",
    "u64",
    "bf16",
    "f16",
    "c64",
    "T",
    // Unicode: not C identifiers as written.
    "π",
    "café",
    "cafue9",
    "Δx",
    "变量",
    "ñandú",
    "x_π",
    "_x",
    "x__y",
    "x_y",
];

/// Names that cannot be a `#[device_fn]`'s: its hidden module of the same name would shadow the
/// primitive type (`f32`), a crate the generated code names (`std`) or a type parameter.
const NOT_FUNCTIONS: &[&str] = &[
    "f32", "f64", "i32", "u8", "u64", "bf16", "f16", "c64", "T", "std",
];

/// Kernels whose every user name is one of [`NAMES`], so that the NVRTC tests compile them all:
/// as locals, as parameters (and slices), as type parameters, as device functions and as the
/// names of kernels, raw kernels and reductions.
fn names(out: &mut String) {
    // Locals: a chain of `let`s, each one more than the last (`x + NAMES.len()`).
    let mut body = String::new();
    let mut prev = "x";
    for n in NAMES {
        let _ = writeln!(body, "    let {n} = {prev} + 1.0;");
        prev = n;
    }
    let _ = writeln!(
        out,
        "/// How many names `names_locals` adds one for.\npub const NAMES_LEN: usize = {};\n",
        NAMES.len()
    );
    let _ = writeln!(
        out,
        "/// Every name of `NAMES` as a local.\n#[elementwise]\npub fn names_locals(x: f32) -> f32 {{\n{body}    {prev}\n}}\n"
    );
    // Parameters: a raw kernel taking every name as an `f32` (and two slices).
    let params: Vec<String> = NAMES.iter().map(|n| format!("{n}: f32")).collect();
    let sum: Vec<&str> = NAMES.to_vec();
    let _ = writeln!(
        out,
        "/// Every name of `NAMES` as a parameter.\n#[raw_kernel]\npub fn names_params(kx_in: &[f32], kx_out: &mut [f32], {}) {{\n\
         \x20   let kx_ix = (block_idx().x * block_dim().x + thread_idx().x) as usize;\n\
         \x20   if kx_ix < kx_out.len() {{ kx_out[kx_ix] = kx_in[kx_ix] + {}; }}\n}}\n",
        params.join(", "),
        sum.join(" + ")
    );
    // Device functions: one per name, each adding 1; a kernel calls them in a chain (in a
    // module of their own: the kernels below take some of the names).
    out.push_str("/// Every name of `NAMES` as a device function.\npub mod device_fns {\nuse kernels_std::prelude::*;\n");
    let mut calls = String::new();
    let mut prev = String::from("x");
    for (k, n) in NAMES
        .iter()
        .filter(|n| !NOT_FUNCTIONS.contains(n))
        .enumerate()
    {
        let _ = writeln!(
            out,
            "/// `{n}` as a device function.\n#[device_fn]\npub fn {n}(x: f32) -> f32 {{ x + 1.0 }}\n"
        );
        // Through `self::`: a single uppercase name (`NAN(x)`) reads as a tuple struct.
        let _ = writeln!(calls, "    let v{k}: f32 = self::{n}({prev});");
        prev = format!("v{k}");
    }
    let _ = writeln!(
        out,
        "/// How many device functions `names_calls` calls.\npub const COUNT: usize = {};\n\
         /// Calls every device function above.\n#[elementwise]\npub fn names_calls(x: f32) -> f32 {{\n{calls}    {prev}\n}}\n}}\n",
        calls.lines().count()
    );
    // Type parameters (the runtime declares them with `typedef`; a device function's are its
    // template's), in a kernel, a generic device function called with a turbofish and a raw
    // kernel with a local `uint3`.
    let tps = [
        "dim3", "size_t", "float2", "KX_FN", "int", "r#class", "kx", "T", "π", "t_T",
    ];
    let bounds: Vec<String> = tps.iter().map(|t| format!("{t}: Float")).collect();
    let params: Vec<String> = tps
        .iter()
        .enumerate()
        .map(|(k, t)| format!("p{k}: {t}"))
        .collect();
    let sum: Vec<String> = (1..tps.len())
        .map(|k| format!("p{k}.cast::<dim3>()"))
        .collect();
    let _ = writeln!(
        out,
        "/// Type parameters named like C types and the prelude's macros.\n#[device_fn]\n\
         pub fn names_generic_helper<KX_FN: Float, dim3: Float>(a: KX_FN, b: dim3) -> KX_FN {{ a + b.cast::<KX_FN>() }}\n\
         /// Type parameters named like C types and the prelude's macros.\n#[elementwise]\n\
         pub fn names_types<{}>({}) -> dim3 {{ names_generic_helper::<dim3, size_t>(p0, p1) + {} }}\n",
        bounds.join(", "),
        params.join(", "),
        sum.join(" + ")
    );
    // Kernels named with the names: an elementwise kernel, a raw kernel (with dynamic shared
    // memory, a local `uint3` and a type parameter `float2`), a reduction.
    let _ = writeln!(
        out,
        "/// A kernel with a non-ASCII name.\n#[elementwise]\npub fn café(x: f32) -> f32 {{ x * 2.0 }}\n\
         /// A kernel named like the prelude's macro.\n#[elementwise]\npub fn KX_FN(x: f32) -> f32 {{ x * 3.0 }}\n\
         /// A raw kernel with a non-ASCII name, a local `uint3` and dynamic shared memory.\n#[raw_kernel]\n\
         pub fn ñandú<float2: Num>(xs: &[float2], ys: &mut [float2]) {{\n\
         \x20   let dim3 = dyn_shared::<float2>();\n\
         \x20   let uint3 = (block_idx().x * block_dim().x + thread_idx().x) as usize;\n\
         \x20   if uint3 < ys.len() {{ dim3[0] = xs[uint3]; ys[uint3] = xs[uint3] + xs[uint3]; }}\n}}\n\
         /// A raw kernel named like the translator's shared memory.\n#[raw_kernel]\n\
         pub fn dyn_smem(ys: &mut [u32]) {{\n\
         \x20   let kxr_dyn_smem = dyn_shared::<u32>();\n\
         \x20   let i = thread_idx().x as usize;\n\
         \x20   if i < kxr_dyn_smem.len() {{ kxr_dyn_smem[i] = 1; }}\n\
         \x20   if i < ys.len() {{ ys[i] = 7; }}\n}}\n\
         /// A reduction with a non-ASCII name.\n#[reduction]\npub mod π_sum {{\n\
         \x20   pub fn map(x: f32) -> f32 {{ x }}\n\
         \x20   pub fn combine(a: f32, b: f32) -> f32 {{ a + b }}\n\
         \x20   pub fn identity() -> f32 {{ 0.0 }}\n}}\n"
    );
}

/// Large constant arrays, which the translator makes file-scope tables (NVRTC took 95 s over a
/// 10,000-element literal initialising a local array): read through an immutable binding, a
/// mutable copy, a nested array, and an array indexed where it is written.
fn tables(out: &mut String) {
    let quarters: Vec<String> = (0..10_000).map(|k| format!("{}.25", k)).collect();
    let _ = writeln!(
        out,
        "/// A 10,000-element table: `k + 0.25` at `k`.\n#[elementwise]\n\
         pub fn table_10k(i: u32) -> f32 {{\n    let t = [{}];\n    t[(i % 10000) as usize]\n}}\n",
        quarters.join(", ")
    );
    let squares: Vec<String> = (0..1000i64).map(|k| format!("{}", k * k - 500)).collect();
    let rows: Vec<String> = (0..8)
        .map(|r| {
            let row: Vec<String> = (0..16).map(|c| format!("{}.5", r * 16 + c)).collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    let cubes: Vec<String> = (0..100i32).map(|k| format!("{}", k * k * k)).collect();
    let _ = writeln!(
        out,
        "/// A mutable copy of a 1000-element table: `k * k - 500` at `k`, negated at `i % 1000`.\n\
         #[device_fn]\npub fn squares_less_500(i: u32) -> i64 {{\n\
         \x20   let mut t = [{squares}i64];\n    let k = i % 1000;\n    t[k as usize] = -t[k as usize];\n    t[k as usize] + t[((k + 1) % 1000) as usize]\n}}\n\
         /// A nested table (`8 x 16`, `r * 16 + c + 0.5`) and a table indexed where it is written \
         (`k^3`).\n#[raw_kernel]\n\
         pub fn tables_raw(ys: &mut [f64], zs: &mut [i64]) {{\n\
         \x20   let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;\n\
         \x20   let grid = [{rows}];\n\
         \x20   if i < ys.len() {{\n\
         \x20       ys[i] = grid[i % 8][i % 16] + [{cubes}][i % 100] as f64;\n\
         \x20       zs[i] = squares_less_500(i as u32);\n    }}\n}}\n",
        squares = squares.join(", "),
        rows = rows.join(", "),
        cubes = cubes.join(", "),
    );
}
