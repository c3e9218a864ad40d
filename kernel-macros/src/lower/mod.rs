//! Phase 3: the checked kernel to CUDA C text. Cannot fail.
//!
//! The output is one function, `kxf_<name>`, taking the kernel's parameters by value and
//! returning its result (`kx::TupleN<...>` for several). Everything beyond C's operators goes
//! through the `kx::` helpers of `array-runtime/src/cuda/prelude.cuh`, which keep Rust's
//! semantics (wrapping integers, saturating casts, NaN-ignoring `min`/`max`). Rust's block and
//! `if` expressions become C statements writing a temporary when they contain statements.

mod expr;
pub(crate) mod names;
pub(crate) mod raw;
mod stmt;
pub(crate) mod writer;

use syn::ext::IdentExt;

use crate::check::ty::Ty;
use crate::check::{Binding, Typed};
use crate::parse::ast::{ExprId, Kernel, LetId};
use names::Names;
use writer::Writer;

/// The CUDA C device function of a checked kernel, `kxf_<name>`.
pub(crate) fn kernel(k: &Kernel, typed: &Typed) -> String {
    function(k, typed, &c_function_name("kxf", &k.sig.name))
}

/// The C name of a function: `prefix`, `_` and the Rust name's one-to-one C spelling
/// (`kxf_saxpy`, `kxd_cafue9__636166c3a9`).
pub(crate) fn c_function_name(prefix: &str, name: &proc_macro2::Ident) -> String {
    format!(
        "{prefix}_{}",
        crate::cnames::exact(&name.unraw().to_string())
    )
}

/// The CUDA C device function of a checked function, under the C name `c_name` (the pieces of a
/// `#[reduction]` are named `kxr_<name>_<piece>`).
pub(crate) fn function(k: &Kernel, typed: &Typed, c_name: &str) -> String {
    let (tables, body) = function_parts(k, typed, c_name);
    tables + &body
}

/// The file-scope tables of a function's large constant arrays (see [`Lowerer::tables`]) and
/// the function itself.
fn function_parts(k: &Kernel, typed: &Typed, c_name: &str) -> (String, String) {
    let mut l = Lowerer {
        typed,
        type_params: names::type_params(&k.sig),
        rust_type_params: rust_type_params(k),
        names: Names::new(),
        params: Vec::new(),
        lets: vec![String::new(); k.let_count],
        loops: Vec::new(),
        loop_count: 0,
        raw: None,
        tables: Tables::new(c_name),
        array_depth: 0,
    };
    let mut sig = Vec::new();
    for p in &k.sig.params {
        let name = l.names.binding(&p.name.unraw().to_string());
        sig.push(format!("{} {name}", l.c_type(&Ty::of_ref(&p.ty))));
        l.params.push(name);
    }
    let ret = if k.sig.tuple_result {
        Ty::Tuple(k.sig.results.iter().map(Ty::of_ref).collect())
    } else {
        Ty::of_ref(&k.sig.results[0])
    };
    let mut w = Writer::default();
    w.open(&format!(
        "KX_FN {} {c_name}({})",
        l.c_type(&ret),
        sig.join(", ")
    ));
    let value = l.block(&k.body, &mut w);
    if let Some(v) = value {
        w.line(&format!("return {};", v.text));
    }
    w.close("");
    (l.tables.text, w.finish())
}

/// Whether a device function's CUDA C (after its `KX_FN`) has a loop or calls another device
/// function: then it is compiled once and called (`KX_FN_OUTLINED`, `__noinline__` on a
/// device) instead of inlined everywhere, which multiplied NVRTC's time by the call sites and
/// the module's entry points (minutes for one module of `gammaincinv`). Leaf functions without
/// loops (polynomials, small formulas) stay inlined.
fn is_heavy(function: &str) -> bool {
    let body = function.split_once('{').map_or("", |(_, b)| b);
    body.contains("for (")
        || body.contains("while (")
        || body.contains("do {")
        || body.contains("kxd_")
}

/// The CUDA C of a `#[device_fn]`: a function `kxd_<name>` (a template over the type
/// parameters of a generic one), between include guards so that a module may list it more
/// than once (a kernel and the device functions it calls may share a callee).
///
/// With `libm` (`#[device_fn(cuda = "erf")]`), where the prelude defines `KX_LIBM_<libm>`
/// (CUDA's math library has the function; on the host, the C library), the function calls
/// `kx::libm::<libm>` with its parameters instead of the translated body.
pub(crate) fn device_fn(k: &Kernel, typed: &Typed, libm: Option<&str>) -> String {
    let c_name = c_function_name("kxd", &k.sig.name);
    let (tables, mut body) = function_parts(k, typed, &c_name);
    if let Some(libm) = libm {
        body = libm_call(&body, libm);
    }
    let guard = format!(
        "KXD_{}_{:016x}",
        &c_name["kxd_".len()..],
        fnv(&format!("{tables}{body}"))
    );
    if let Some(rest) = body.strip_prefix("KX_FN ") {
        if is_heavy(rest) {
            body = format!("KX_FN_OUTLINED {rest}");
        }
    }
    let template = if k.sig.generics.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = names::type_params(&k.sig)
            .iter()
            .map(|t| format!("class {t}"))
            .collect();
        format!("template <{}>\n", ps.join(", "))
    };
    format!("#ifndef {guard}\n#define {guard}\n{tables}{template}{body}#endif\n")
}

/// A device function's text whose body calls `kx::libm::<libm>` where the prelude defines
/// `KX_LIBM_<libm>`, and is the translated body elsewhere. The parameters' C names are read
/// from the signature `function_parts` wrote (`KX_FN ret name(type a, type b) {`).
fn libm_call(body: &str, libm: &str) -> String {
    let head = body.split_once('{').map_or(body, |(h, _)| h);
    let params = head
        .split_once('(')
        .and_then(|(_, rest)| rest.rsplit_once(')'))
        .map_or("", |(p, _)| p);
    let names: Vec<&str> = params
        .split(',')
        .filter_map(|p| p.split_whitespace().last())
        .collect();
    format!(
        "#ifdef KX_LIBM_{libm}\n{head}{{\n    return kx::libm::{libm}({});\n}}\n#else\n{body}#endif\n",
        names.join(", ")
    )
}

/// The Rust names of a function's type parameters.
fn rust_type_params(k: &Kernel) -> Vec<String> {
    k.sig
        .generics
        .iter()
        .map(|g| g.name.unraw().to_string())
        .collect()
}

/// FNV-1a: a stable hash of a device function's text, for its include guard (and its
/// `DeviceFn::key`).
pub(crate) fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A C expression and whether it can be used as an operand without parentheses.
pub(crate) struct CExpr {
    pub text: String,
    pub atomic: bool,
    /// A literal or constant: nothing can change its value, so it never needs a temporary.
    /// Such a value's text is a C constant expression (it may initialise a table).
    pub constant: bool,
    /// For a large constant array: the file-scope table holding it (`text` is a copy of it,
    /// `kx::copy_of(table)`; an immutable binding or an index reads the table itself).
    pub table: Option<String>,
}

/// Constant array literals of at least this many elements (counting those of nested arrays)
/// become file-scope tables: NVRTC took 95 s over a 10,000-element literal initialising a
/// local array, 1 s over the same table.
const TABLE_MIN_ELEMS: usize = 64;

/// The file-scope tables of one function: `KX_CONST kx::Array<float, 100> kxc_<fn>_0 = ...;`.
pub(crate) struct Tables {
    prefix: String,
    count: usize,
    text: String,
}

impl Tables {
    fn new(c_name: &str) -> Tables {
        Tables {
            prefix: format!("kxc_{}", c_name.strip_prefix("kx").unwrap_or(c_name)),
            count: 0,
            text: String::new(),
        }
    }

    /// Defines a table of C type `ty` initialised by `init`; its name.
    fn define(&mut self, ty: &str, init: &str) -> String {
        let name = format!("{}_{}", self.prefix, self.count);
        self.count += 1;
        self.text
            .push_str(&format!("KX_CONST {ty} {name} = {init};\n"));
        name
    }
}

impl CExpr {
    fn atom(text: String) -> CExpr {
        CExpr {
            text,
            atomic: true,
            constant: false,
            table: None,
        }
    }

    fn compound(text: String) -> CExpr {
        CExpr {
            text,
            atomic: false,
            constant: false,
            table: None,
        }
    }

    /// The text, parenthesized unless atomic: for use as an operand.
    fn operand(&self) -> String {
        if self.atomic {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }
}

pub(crate) struct Lowerer<'a> {
    typed: &'a Typed,
    /// The C names of the type parameters, and their Rust names (for turbofish calls).
    type_params: Vec<String>,
    rust_type_params: Vec<String>,
    names: Names,
    params: Vec<String>,
    lets: Vec<String>,
    /// The enclosing loops, innermost last.
    loops: Vec<LoopState>,
    /// Loops lowered so far (numbers their `goto` labels).
    loop_count: usize,
    /// A raw kernel's slices.
    raw: Option<raw::RawScope>,
    /// The tables of its large constant arrays.
    tables: Tables,
    /// How many array literals enclose the expression being lowered: only the outermost of
    /// constant ones becomes a table.
    array_depth: usize,
}

/// A loop being lowered: where its `break`s and `continue`s go.
struct LoopState {
    id: ExprId,
    /// The temporary that receives `break value` (a `loop` with a value).
    value: Option<String>,
    /// `goto` labels, made when a jump from an inner loop needs them.
    break_label: Option<String>,
    continue_label: Option<String>,
    n: usize,
}

impl Lowerer<'_> {
    /// The C spelling of a type.
    fn c_type(&self, t: &Ty) -> String {
        match t {
            Ty::Scalar(s) => s.cuda_name().to_string(),
            Ty::Generic(i) => self.type_params[*i].clone(),
            Ty::Tuple(elems) => {
                let parts: Vec<String> = elems.iter().map(|e| self.c_type(e)).collect();
                format!("kx::Tuple{}<{}>", parts.len(), parts.join(", "))
            }
            Ty::Array(e, n) => format!("kx::Array<{}, {n}>", self.c_type(e)),
            Ty::Complex(p) => format!("kx::complex<{}>", self.c_type(p)),
            Ty::Slice(e, _) => format!("{}*", self.c_type(e)),
            Ty::Dim3 => "uint3".into(),
            Ty::Unit | Ty::Never | Ty::Var(_) | Ty::Error => "void".into(),
        }
    }

    fn binding_name(&self, b: Binding) -> String {
        match b {
            Binding::Param(i) => self.params[i].clone(),
            Binding::Let(id) => self.lets[id].clone(),
        }
    }

    fn set_let_name(&mut self, id: LetId, name: String) {
        self.lets[id] = name;
    }
}
