//! The kernel's signature: type parameters with runtime-trait bounds, scalar parameters and a
//! scalar or tuple result.

use super::ast::{Caps, Param, ParamMode, Signature, TypeKind, TypeParam, TypeRef};
use super::types::TypeCtx;
use super::Parser;
use crate::diag::Sp;

/// Most results a kernel may return (`kx::Tuple8` is the largest tuple of the prelude).
pub(crate) const MAX_RESULTS: usize = 8;

const BOUNDS: &str = "DType, Num, Float, Int or SignedInt";

impl Parser<'_> {
    /// Parses the signature; `None` when any part of it was rejected.
    pub(crate) fn signature(&mut self, sig: &syn::Signature) -> Option<Signature> {
        let before = self.error_count();
        if let Some(t) = &sig.asyncness {
            self.diag.error(
                Sp::of(t),
                "async kernels are not supported; an #[elementwise] kernel is a plain function",
            );
        }
        if let Some(t) = &sig.unsafety {
            self.diag
                .error(Sp::of(t), "unsafe kernels are not supported");
        }
        if let Some(abi) = &sig.abi {
            self.diag
                .error(Sp::of(abi), "extern kernels are not supported");
        }
        if let Some(v) = &sig.variadic {
            self.diag
                .error(Sp::of(v), "variadic kernels are not supported");
        }
        let generics = self.generics(&sig.generics);
        let mut params = Vec::new();
        for arg in &sig.inputs {
            if let Some(p) = self.param(arg) {
                params.push(p);
            }
        }
        let result = self.result(sig);
        if self.error_count() > before {
            return None;
        }
        let (results, tuple_result) = result?;
        Some(Signature {
            name: sig.ident.clone(),
            generics: generics?,
            params,
            results,
            tuple_result,
        })
    }

    fn error_count(&self) -> usize {
        self.diag.count()
    }

    fn generics(&mut self, g: &syn::Generics) -> Option<Vec<TypeParam>> {
        let mut out = Vec::new();
        let mut ok = true;
        // Names first: parameter types may name any of them.
        for p in &g.params {
            if let syn::GenericParam::Type(t) = p {
                self.type_params.push(t.ident.to_string());
            }
        }
        for p in &g.params {
            match p {
                syn::GenericParam::Lifetime(l) => {
                    self.diag.error(
                        Sp::of(l),
                        "lifetime parameters are not supported in kernels; parameters are scalars",
                    );
                    ok = false;
                }
                syn::GenericParam::Const(c) => {
                    self.diag.error(
                        Sp::of(c),
                        "const generic parameters are not supported in kernels yet",
                    );
                    ok = false;
                }
                syn::GenericParam::Type(t) => {
                    if let Some(d) = &t.default {
                        self.diag.error(
                            Sp::of(d),
                            "defaults for type parameters are not supported in kernels",
                        );
                        ok = false;
                    }
                    let caps = self.bounds(t.bounds.iter());
                    ok &= caps.is_some();
                    out.push((
                        TypeParam {
                            name: t.ident.clone(),
                            caps: caps.unwrap_or_default(),
                        },
                        !t.bounds.is_empty(),
                    ));
                }
            }
        }
        if let Some(w) = &g.where_clause {
            for pred in &w.predicates {
                let target = match pred {
                    syn::WherePredicate::Type(pt) => match &pt.bounded_ty {
                        syn::Type::Path(tp) if tp.qself.is_none() => tp
                            .path
                            .get_ident()
                            .and_then(|id| out.iter().position(|(t, _)| t.name == *id))
                            .map(|i| (i, pt)),
                        _ => None,
                    },
                    _ => None,
                };
                let Some((i, pt)) = target else {
                    self.diag.error(
                        Sp::of(pred),
                        "where clauses may only bound the kernel's type parameters",
                    );
                    ok = false;
                    continue;
                };
                let caps = self.bounds(pt.bounds.iter());
                ok &= caps.is_some();
                let entry = &mut out[i];
                entry.0.caps = entry.0.caps.union(caps.unwrap_or_default());
                entry.1 |= !pt.bounds.is_empty();
            }
        }
        for (t, bounded) in &out {
            if !bounded {
                self.diag.error(
                    Sp::of(&t.name),
                    format!(
                        "type parameter `{}` needs a runtime trait bound ({BOUNDS}), \
                         e.g. `{}: Num`",
                        t.name, t.name
                    ),
                );
                ok = false;
            }
        }
        ok.then(|| out.into_iter().map(|(t, _)| t).collect())
    }

    /// The capabilities granted by a list of bounds; `None` if one is not a runtime trait.
    fn bounds<'a>(
        &mut self,
        bounds: impl Iterator<Item = &'a syn::TypeParamBound>,
    ) -> Option<Caps> {
        let mut caps = Caps::default();
        let mut ok = true;
        for b in bounds {
            let found = match b {
                syn::TypeParamBound::Trait(t)
                    if matches!(t.modifier, syn::TraitBoundModifier::None)
                        && t.lifetimes.is_none() =>
                {
                    t.path
                        .segments
                        .last()
                        .filter(|s| s.arguments.is_none())
                        .and_then(|s| Caps::of_bound(&s.ident.to_string()))
                }
                _ => None,
            };
            match found {
                Some(c) => caps = caps.union(c),
                None => {
                    let shown = match b {
                        syn::TypeParamBound::Trait(t) => t
                            .path
                            .segments
                            .last()
                            .map(|s| format!("`{}`", s.ident))
                            .unwrap_or_else(|| "this bound".into()),
                        _ => "this bound".into(),
                    };
                    self.diag.error(
                        Sp::of(b),
                        format!("{shown} is not a runtime dtype trait; bound by {BOUNDS}"),
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(caps)
    }

    fn param(&mut self, arg: &syn::FnArg) -> Option<Param> {
        let pt = match arg {
            syn::FnArg::Receiver(r) => {
                return self.fail(
                    Sp::of(r),
                    "kernels cannot take `self`; an #[elementwise] kernel is a free function",
                )
            }
            syn::FnArg::Typed(pt) => pt,
        };
        let mut mutable = false;
        let name = match &*pt.pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                mutable = pi.mutability.is_some();
                Some(pi.ident.clone())
            }
            syn::Pat::Wild(w) => self.fail(
                Sp::of(w),
                "kernel parameters need a name; it names the argument in errors and CUDA C",
            ),
            other => self.fail(
                Sp::of(other),
                "parameter patterns are not supported in kernels; use a plain name",
            ),
        };
        let (ty, mode) = if self.raw {
            match self.raw_param_type(&pt.ty) {
                Some((t, m)) => (Some(t), m),
                None => (None, ParamMode::Value),
            }
        } else {
            (self.type_ref(&pt.ty, TypeCtx::Param), ParamMode::Value)
        };
        Some(Param {
            name: name?,
            ty: ty?,
            mutable,
            mode,
        })
    }

    /// A parameter of a raw kernel: `&[T]`, `&mut [T]` or a scalar `T`.
    fn raw_param_type(&mut self, ty: &syn::Type) -> Option<(TypeRef, ParamMode)> {
        match ty {
            syn::Type::Paren(p) => self.raw_param_type(&p.elem),
            syn::Type::Group(g) => self.raw_param_type(&g.elem),
            syn::Type::Reference(r) => {
                let sp = Sp::of(&r.and_token).to(Sp::of(&r.elem));
                if let Some(l) = &r.lifetime {
                    return self.fail(
                        Sp::of(l),
                        "lifetimes are not written on the slices of raw kernels",
                    );
                }
                let mode = if r.mutability.is_some() {
                    ParamMode::SliceMut
                } else {
                    ParamMode::Slice
                };
                match &*r.elem {
                    syn::Type::Slice(s) => match &*s.elem {
                        syn::Type::Path(_) | syn::Type::Paren(_) | syn::Type::Group(_) => {
                            Some((self.type_ref(&s.elem, TypeCtx::Param)?, mode))
                        }
                        other => self.fail(
                            Sp::of(other),
                            format!(
                                "the slices of raw kernels hold dtypes; use one of: {}",
                                super::dtype_list()
                            ),
                        ),
                    },
                    _ if mode == ParamMode::SliceMut => self.fail(
                        sp,
                        "`&mut` scalar parameters are not supported in raw kernels; write \
                         results into a `&mut [T]` slice parameter",
                    ),
                    _ => self.fail(
                        sp,
                        "references to scalars are not supported in raw kernels; take the \
                         scalar by value (`a: f32`) or a slice (`x: &[f32]`)",
                    ),
                }
            }
            syn::Type::Slice(_) | syn::Type::Array(_) => self.fail(
                Sp::of(ty),
                "raw kernels take arrays as slices: `x: &[f32]` (read) or `y: &mut [f32]` \
                 (read and written)",
            ),
            _ => Some((self.type_ref(ty, TypeCtx::Param)?, ParamMode::Value)),
        }
    }

    fn result(&mut self, sig: &syn::Signature) -> Option<(Vec<TypeRef>, bool)> {
        if self.raw {
            return match &sig.output {
                syn::ReturnType::Default => Some((Vec::new(), false)),
                syn::ReturnType::Type(arrow, ty) => self.fail(
                    Sp::of(arrow).to(Sp::of(ty)),
                    "a #[raw_kernel] returns nothing; write results into a `&mut [T]` \
                     parameter",
                ),
            };
        }
        let ty = match &sig.output {
            syn::ReturnType::Default => {
                let sp = Sp::of(&sig.ident).to(Sp::single(sig.paren_token.span.close()));
                return self.fail(
                    sp,
                    "an #[elementwise] kernel must return a value; add a result type such as `-> f32`",
                );
            }
            syn::ReturnType::Type(_, ty) => ty,
        };
        let sp = Sp::of(ty);
        let r = self.type_ref(ty, TypeCtx::Result)?;
        match r.kind {
            TypeKind::Tuple(elems) => {
                if elems.len() > MAX_RESULTS {
                    return self.fail(
                        sp,
                        format!(
                            "at most {MAX_RESULTS} results are supported, found {}",
                            elems.len()
                        ),
                    );
                }
                Some((elems, true))
            }
            _ => Some((vec![r], false)),
        }
    }
}
