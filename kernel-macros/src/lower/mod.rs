//! Phase 3: the checked kernel to CUDA C text. Cannot fail.
//!
//! The output is one function, `kxf_<name>`, taking the kernel's parameters by value and
//! returning its result (`kx::TupleN<...>` for several). Everything beyond C's operators goes
//! through the `kx::` helpers of `array-runtime/src/cuda/prelude.cuh`, which keep Rust's
//! semantics (wrapping integers, saturating casts, NaN-ignoring `min`/`max`). Rust's block and
//! `if` expressions become C statements writing a temporary when they contain statements.

mod expr;
mod names;
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
    function(k, typed, &format!("kxf_{}", k.sig.name.unraw()))
}

/// The CUDA C device function of a checked function, under the C name `c_name` (the pieces of a
/// `#[reduction]` are named `kxr_<name>_<piece>`).
pub(crate) fn function(k: &Kernel, typed: &Typed, c_name: &str) -> String {
    let type_params: Vec<String> = k
        .sig
        .generics
        .iter()
        .map(|g| g.name.unraw().to_string())
        .collect();
    let mut l = Lowerer {
        typed,
        type_params: type_params.clone(),
        names: Names::new(type_params),
        params: Vec::new(),
        lets: vec![String::new(); k.let_count],
        loops: Vec::new(),
        loop_count: 0,
        raw: None,
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
    w.finish()
}

/// The CUDA C of a `#[device_fn]`: a function `kxd_<name>` (a template over the type
/// parameters of a generic one), between include guards so that a module may list it more
/// than once (a kernel and the device functions it calls may share a callee).
///
/// With `libm` (`#[device_fn(cuda = "erf")]`), where the prelude defines `KX_LIBM_<libm>`
/// (CUDA's math library has the function; on the host, the C library), the function calls
/// `kx::libm::<libm>` with its parameters instead of the translated body.
pub(crate) fn device_fn(k: &Kernel, typed: &Typed, libm: Option<&str>) -> String {
    let name = k.sig.name.unraw().to_string();
    let mut body = function(k, typed, &format!("kxd_{name}"));
    if let Some(libm) = libm {
        let (head, _) = body.split_once('{').unwrap_or((&body, ""));
        // The parameters' C names, as `function` chose them.
        let mut names = Names::new(k.sig.generics.iter().map(|g| g.name.unraw().to_string()));
        let params: Vec<String> = k
            .sig
            .params
            .iter()
            .map(|p| names.binding(&p.name.unraw().to_string()))
            .collect();
        body = format!(
            "#ifdef KX_LIBM_{libm}\n{}{{\n    return kx::libm::{libm}({});\n}}\n#else\n{body}#endif\n",
            head,
            params.join(", ")
        );
    }
    let guard = format!("KXD_{}_{:016x}", name, fnv(&body));
    let template = if k.sig.generics.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = k
            .sig
            .generics
            .iter()
            .map(|g| format!("class {}", g.name.unraw()))
            .collect();
        format!("template <{}>\n", ps.join(", "))
    };
    format!("#ifndef {guard}\n#define {guard}\n{template}{body}#endif\n")
}

/// FNV-1a: a stable hash of a device function's text, for its include guard.
fn fnv(s: &str) -> u64 {
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
    pub constant: bool,
}

impl CExpr {
    fn atom(text: String) -> CExpr {
        CExpr {
            text,
            atomic: true,
            constant: false,
        }
    }

    fn compound(text: String) -> CExpr {
        CExpr {
            text,
            atomic: false,
            constant: false,
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
    type_params: Vec<String>,
    names: Names,
    params: Vec<String>,
    lets: Vec<String>,
    /// The enclosing loops, innermost last.
    loops: Vec<LoopState>,
    /// Loops lowered so far (numbers their `goto` labels).
    loop_count: usize,
    /// A raw kernel's slices.
    raw: Option<raw::RawScope>,
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
