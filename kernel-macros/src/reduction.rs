//! `#[reduction]`: a module of four functions, what `cupy.ReductionKernel` expresses.
//!
//! ```text
//! #[reduction]
//! mod l2norm {
//!     pub fn map(x: f32) -> f32 { x * x }                  // input(s) -> accumulator
//!     pub fn combine(a: f32, b: f32) -> f32 { a + b }      // associative, commutative
//!     pub fn identity() -> f32 { 0.0 }                     // optional
//!     pub fn finish(acc: f32) -> f32 { acc.sqrt() }        // optional
//! }
//! ```
//!
//! Each function goes through the same pipeline as an `#[elementwise]` kernel (parse, check,
//! lower) and becomes a CUDA C device function `kxr_<name>_<piece>`; the functions must agree on
//! the accumulator type. `map` may take the element's position along the reduced axes as a last
//! parameter marked `#[index]` (an `i64`), for argmin/argmax. Emit writes the module back with
//! a `Kernel` type implementing the runtime's `ReduceKernel`, and beside it a function of the
//! module's name that starts a call: `l2norm(&x).axis(1).keepdims(true).run()?`.

use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;

use crate::diag::{Diagnostics, Sp};
use crate::parse::ast::{TypeKind, TypeRef};
use crate::{check, emit, lower, parse};

/// The pieces of a reduction, in the order they are emitted.
pub(crate) const PIECES: [&str; 4] = ["map", "combine", "identity", "finish"];

/// One checked piece: the function as the CPU twin (its body rewritten with the kernel
/// language's semantics, as `#[elementwise]` does), its signature, its CUDA C and the device
/// functions it calls.
pub(crate) struct Piece {
    /// The function without its body (attributes, visibility, signature).
    pub item: syn::ItemFn,
    /// The twin's body.
    pub body: TokenStream,
    pub sig: parse::ast::Signature,
    pub source: String,
    pub calls: Vec<syn::Path>,
    /// Bytes of its own local arrays per thread.
    pub local_bytes: usize,
}

impl Piece {
    /// The twin: the function with its rewritten body.
    pub fn tokens(&self) -> TokenStream {
        let syn::ItemFn {
            attrs, vis, sig, ..
        } = &self.item;
        let body = &self.body;
        quote::quote!(#(#attrs)* #vis #sig #body)
    }
}

/// A reduction that passed every check.
pub(crate) struct Reduction {
    pub module: syn::ItemMod,
    pub map: Piece,
    pub combine: Piece,
    pub identity: Option<Piece>,
    pub finish: Option<Piece>,
    /// `map` takes the position along the reduced axes (its last parameter).
    pub takes_index: bool,
    /// Everything else the module holds (`use` items), kept as written.
    pub uses: Vec<syn::Item>,
}

/// Expands `#[reduction(attr)] item`. Never panics: on errors it returns the `compile_error!`s
/// beside the user's module.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut diag = Diagnostics::default();
    if !attr.is_empty() {
        diag.push(syn::Error::new_spanned(
            &attr,
            "#[reduction] takes no arguments",
        ));
    }
    if let Err(deep) = crate::nesting::check(&item) {
        // The module as written beside the error: rustc compiles deep code, only the macro
        // cannot.
        let mut out = diag.to_compile_errors();
        out.extend(deep.error.to_compile_error());
        out.extend(item);
        return out;
    }
    let module: syn::ItemMod = match syn::parse2(item.clone()) {
        Ok(m) => m,
        Err(e) => {
            let mut out = syn::Error::new(
                e.span(),
                format!("#[reduction] applies to an inline module of functions: {e}"),
            )
            .to_compile_error();
            out.extend(item);
            return out;
        }
    };
    match analyze(&module, &mut diag) {
        Some(r) if !diag.has_errors() => emit::reduction::reduction(&r),
        _ => {
            let mut out = diag.to_compile_errors();
            out.extend(emit::reduction::fallback(&module));
            out
        }
    }
}

fn analyze(module: &syn::ItemMod, diag: &mut Diagnostics) -> Option<Reduction> {
    let Some((_, items)) = &module.content else {
        diag.error(
            Sp::of(module),
            "#[reduction] needs an inline module: `mod name { fn map(..) .. }`",
        );
        return None;
    };
    let mut found: [Option<&syn::ItemFn>; 4] = Default::default();
    let mut uses = Vec::new();
    for it in items {
        match it {
            syn::Item::Fn(f) => {
                let name = f.sig.ident.unraw().to_string();
                match PIECES.iter().position(|p| *p == name) {
                    Some(i) if found[i].is_some() => {
                        diag.error(Sp::of(&f.sig.ident), format!("`{name}` is defined twice"))
                    }
                    Some(i) => found[i] = Some(f),
                    None => diag.error(
                        Sp::of(&f.sig.ident),
                        format!(
                            "unexpected function `{name}` in a #[reduction]; it holds `map`, \
                             `combine` and optionally `identity` and `finish` (device helpers \
                             come later)"
                        ),
                    ),
                }
            }
            syn::Item::Use(_) => uses.push(it.clone()),
            other => diag.error(
                Sp::of(other),
                "a #[reduction] module holds only the functions `map`, `combine`, `identity`, \
                 `finish` (and `use` items)",
            ),
        }
    }
    let [map, combine, identity, finish] = found;
    let mod_sp = Sp::of(&module.ident);
    let map = map.or_else(|| {
        diag.error(mod_sp, "a #[reduction] needs `fn map(inputs..) -> Acc`");
        None
    });
    let combine = combine.or_else(|| {
        diag.error(
            mod_sp,
            "a #[reduction] needs `fn combine(a: Acc, b: Acc) -> Acc`",
        );
        None
    });
    let (map, combine) = (map?, combine?);

    // The same generics on every piece: they are the reduction's type parameters.
    let g_of = |f: &syn::ItemFn| {
        let g = &f.sig.generics;
        quote::quote!(#g).to_string()
    };
    let map_generics = g_of(map);
    for f in [Some(combine), identity, finish].into_iter().flatten() {
        if g_of(f) != map_generics {
            diag.error(
                Sp::of(&f.sig.ident),
                "every function of a #[reduction] must declare the same type parameters as \
                 `map`, with the same bounds",
            );
        }
    }

    // `#[index]` on map's last parameter: the position along the reduced axes.
    let (map_shell, takes_index) = strip_index(map, diag);
    let rename = |f: &syn::ItemFn| f.sig.ident.unraw().to_string();
    let name = module.ident.unraw().to_string();
    // `shell`: the function without its body, with its signature as parsed (`#[index]` gone).
    let piece = |f: &syn::ItemFn, shell: syn::ItemFn, diag: &mut Diagnostics| -> Option<Piece> {
        let parsed = parse::piece(&shell.sig, &f.block, diag);
        let kernel = parsed.kernel?;
        let typed = check::kernel(&kernel, diag)?;
        let c_name = format!("kxr_{}_{}", crate::cnames::exact(&name), rename(f));
        let source = lower::function(&kernel, &typed, &c_name);
        let mut item = shell;
        // The twin computes what the GPU computes (wrapping integers, division by zero, ...)
        // in every build profile; it stays in the module the user wrote it in. The rewritten
        // body spells precedence and literal types out.
        item.attrs
            .push(syn::parse_quote!(#[allow(clippy::all, unused_parens, unused_braces)]));
        Some(Piece {
            item,
            body: emit::native::body(&kernel, &typed, false),
            sig: kernel.sig,
            source,
            calls: kernel.calls,
            local_bytes: typed.local_bytes,
        })
    };
    let map = piece(map, map_shell, diag);
    let combine = piece(combine, parse::signature_only(combine), diag);
    let identity = identity.map(|f| piece(f, parse::signature_only(f), diag));
    let finish = finish.map(|f| piece(f, parse::signature_only(f), diag));
    let (map, combine) = (map?, combine?);
    let identity = match identity {
        Some(p) => Some(p?),
        None => None,
    };
    let finish = match finish {
        Some(p) => Some(p?),
        None => None,
    };

    // The accumulator is what `map` returns; the other pieces must agree.
    let acc = result_type(&map.sig);
    let acc_text = type_text(&acc, &map.sig);
    if takes_index {
        let last = map.sig.params.last().expect("index parameter exists");
        if !matches!(last.ty.kind, TypeKind::Scalar(crate::scalar::Scalar::I64)) {
            diag.error(
                last.ty.sp,
                "the `#[index]` parameter of `map` must be an `i64`",
            );
        }
    }
    if map.sig.params.len() == usize::from(takes_index) {
        diag.error(
            Sp::of(&map.item.sig.ident),
            "`map` needs at least one input parameter",
        );
    }
    let expect_params = |p: &Piece, n: usize, what: &str, diag: &mut Diagnostics| {
        if p.sig.params.len() != n {
            diag.error(
                Sp::of(&p.item.sig.ident),
                format!("`{}` takes {what}", p.item.sig.ident),
            );
            return;
        }
        for param in &p.sig.params {
            if !same(&param.ty.kind, &acc.kind) {
                diag.error(
                    param.ty.sp,
                    format!("expected the accumulator type `{acc_text}` (what `map` returns)"),
                );
            }
        }
    };
    expect_params(&combine, 2, "two accumulators: `(a: Acc, b: Acc)`", diag);
    let check_returns_acc = |p: &Piece, diag: &mut Diagnostics| {
        let r = result_type(&p.sig);
        if !same(&r.kind, &acc.kind) {
            diag.error(
                r.sp,
                format!("expected the accumulator type `{acc_text}` (what `map` returns)"),
            );
        }
    };
    check_returns_acc(&combine, diag);
    if let Some(id) = &identity {
        expect_params(id, 0, "no parameters", diag);
        check_returns_acc(id, diag);
    }
    match &finish {
        Some(f) => {
            expect_params(f, 1, "one accumulator: `(acc: Acc)`", diag);
            if f.sig.tuple_result {
                diag.error(
                    result_type(&f.sig).sp,
                    "`finish` returns one value (a reduction has one result)",
                );
            }
        }
        None => {
            if map.sig.tuple_result {
                diag.error(
                    Sp::of(&map.item.sig.ident),
                    "a tuple accumulator needs a `finish` that returns the result",
                );
            }
        }
    }
    Some(Reduction {
        // Only the module's attributes, visibility and name are used again.
        module: syn::ItemMod {
            attrs: module.attrs.clone(),
            vis: module.vis.clone(),
            unsafety: module.unsafety,
            mod_token: module.mod_token,
            ident: module.ident.clone(),
            content: None,
            semi: Some(Default::default()),
        },
        map,
        combine,
        identity,
        finish,
        takes_index,
        uses,
    })
}

/// `map` without its body and without `#[index]` on its last parameter; says whether it was
/// there.
fn strip_index(f: &syn::ItemFn, diag: &mut Diagnostics) -> (syn::ItemFn, bool) {
    let mut f = parse::signature_only(f);
    let n = f.sig.inputs.len();
    let mut takes_index = false;
    for (i, arg) in f.sig.inputs.iter_mut().enumerate() {
        if let syn::FnArg::Typed(pt) = arg {
            let before = pt.attrs.len();
            let attr = pt
                .attrs
                .iter()
                .find(|a| a.path().is_ident("index"))
                .cloned();
            pt.attrs.retain(|a| !a.path().is_ident("index"));
            if pt.attrs.len() != before {
                if i + 1 == n {
                    takes_index = true;
                } else if let Some(a) = attr {
                    diag.error(
                        Sp::of(&a),
                        "`#[index]` marks the last parameter of `map` (the position along the \
                         reduced axes)",
                    );
                }
            }
        }
    }
    (f, takes_index)
}

/// What a piece returns, as one type (a tuple for several results).
pub(crate) fn result_type(sig: &parse::ast::Signature) -> TypeRef {
    if sig.tuple_result {
        let sp = sig
            .results
            .first()
            .map(|r| r.sp)
            .unwrap_or_else(|| Sp::single(Span::call_site()));
        TypeRef {
            kind: TypeKind::Tuple(sig.results.clone()),
            sp,
        }
    } else {
        sig.results[0].clone()
    }
}

/// Structural equality of types (generic parameters by position).
fn same(a: &TypeKind, b: &TypeKind) -> bool {
    match (a, b) {
        (TypeKind::Scalar(x), TypeKind::Scalar(y)) => x == y,
        (TypeKind::Generic(x), TypeKind::Generic(y)) => x == y,
        (TypeKind::Tuple(x), TypeKind::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(&p.kind, &q.kind))
        }
        _ => false,
    }
}

/// A type as the user would write it, for messages.
fn type_text(t: &TypeRef, sig: &parse::ast::Signature) -> String {
    match &t.kind {
        TypeKind::Scalar(s) => s.name().to_string(),
        TypeKind::Generic(i) => sig.generics[*i].name.to_string(),
        TypeKind::Tuple(e) => format!(
            "({})",
            e.iter()
                .map(|x| type_text(x, sig))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
