//! Types as written: dtypes, type parameters and (for results) tuples of them.

use super::ast::{TypeKind, TypeRef};
use super::{dtype_list, Parser};
use crate::diag::Sp;
use crate::scalar::Scalar;

/// Where a type is written; decides whether tuples are allowed and which hint fits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum TypeCtx {
    Param,
    Result,
    Let,
    Cast,
}

const HEAP_TYPES: &[&str] = &[
    "Vec", "String", "Box", "Rc", "Arc", "VecDeque", "HashMap", "HashSet", "BTreeMap", "BTreeSet",
    "Cow",
];

impl Parser<'_> {
    pub(crate) fn type_ref(&mut self, ty: &syn::Type, ctx: TypeCtx) -> Option<TypeRef> {
        let sp = Sp::of(ty);
        match ty {
            syn::Type::Paren(p) => self.type_ref(&p.elem, ctx),
            syn::Type::Group(g) => self.type_ref(&g.elem, ctx),
            syn::Type::Path(p) => self.type_path(p, sp),
            syn::Type::Tuple(t) => {
                if t.elems.is_empty() {
                    return self.fail(sp, "`()` is not a dtype; kernels compute values");
                }
                let tuple_param = ctx == TypeCtx::Param && self.tuple_params;
                if !matches!(ctx, TypeCtx::Result | TypeCtx::Let) && !tuple_param {
                    let msg = if ctx == TypeCtx::Param {
                        "tuple parameters are not supported; pass each element as its own parameter"
                    } else {
                        "casts to tuples are not supported"
                    };
                    return self.fail(sp, msg);
                }
                let mut elems = Vec::new();
                let mut ok = true;
                for e in &t.elems {
                    if let syn::Type::Tuple(_) = e {
                        self.diag
                            .error(Sp::of(e), "nested tuples are not supported in kernels");
                        ok = false;
                    } else if let Some(r) = self.type_ref(e, TypeCtx::Param) {
                        elems.push(r);
                    } else {
                        ok = false;
                    }
                }
                ok.then_some(TypeRef {
                    kind: TypeKind::Tuple(elems),
                    sp,
                })
            }
            syn::Type::Reference(r) => {
                let sp = Sp::of(&r.and_token).to(Sp::of(&r.elem));
                if r.mutability.is_some() {
                    let hint = if ctx == TypeCtx::Param {
                        "; return the new value instead"
                    } else {
                        ""
                    };
                    self.fail(
                        sp,
                        format!(
                            "`&mut` references are not supported in #[elementwise] kernels{hint}"
                        ),
                    )
                } else {
                    let hint = if ctx == TypeCtx::Param {
                        "; take the element by value (the caller passes whole arrays)"
                    } else {
                        ""
                    };
                    self.fail(
                        sp,
                        format!("references are not supported in #[elementwise] kernels{hint}"),
                    )
                }
            }
            syn::Type::Array(_) if ctx == TypeCtx::Cast => {
                self.fail(sp, "casts to arrays are not supported")
            }
            syn::Type::Array(_) | syn::Type::Slice(_) => self.fail(
                sp,
                "array types are not supported in kernel signatures; a kernel sees one element \
                 of each array at a time (fixed-size arrays are fine in `let`)",
            ),
            syn::Type::Ptr(_) => self.fail(sp, "raw pointers are not supported in kernels"),
            syn::Type::ImplTrait(_) | syn::Type::TraitObject(_) => self.fail(
                sp,
                "trait types are not supported in kernels; \
                 use a type parameter bounded by a runtime trait (`T: Float`)",
            ),
            syn::Type::BareFn(_) => self.fail(sp, "function pointers are not supported in kernels"),
            syn::Type::Never(_) => self.fail(sp, "`!` is not a dtype; kernels compute values"),
            syn::Type::Infer(_) => self.fail(sp, "write the type out; `_` is not supported here"),
            _ => self.fail(
                sp,
                format!(
                    "this type is not supported in kernels; use one of: {}",
                    dtype_list()
                ),
            ),
        }
    }

    fn type_path(&mut self, p: &syn::TypePath, sp: Sp) -> Option<TypeRef> {
        if p.qself.is_some() {
            return self.fail(sp, "qualified types are not supported in kernels");
        }
        let last = p.path.segments.last()?;
        let name = last.ident.to_string();
        if HEAP_TYPES.contains(&name.as_str()) {
            return self.fail(
                sp,
                format!(
                    "heap types such as `{name}` are not supported in kernels; \
                     a kernel works on scalars: {}",
                    dtype_list()
                ),
            );
        }
        if name == "Complex" {
            return self.complex_type(last, sp);
        }
        if !last.arguments.is_none() {
            return self.fail(
                sp,
                format!("`{name}` is not a dtype; use one of: {}", dtype_list()),
            );
        }
        if p.path.segments.len() == 1 && p.path.leading_colon.is_none() {
            if let Some(i) = self.type_params.iter().position(|t| *t == name) {
                return Some(TypeRef {
                    kind: TypeKind::Generic(i),
                    sp,
                });
            }
        }
        if let Some(s) = Scalar::from_name(&name).or_else(|| self.raw_alias(&name)) {
            return Some(TypeRef {
                kind: TypeKind::Scalar(s),
                sp,
            });
        }
        let msg = match name.as_str() {
            "usize" | "isize" | "i128" | "u128" | "char" | "str" => {
                format!("`{name}` is not a dtype; use one of: {}", dtype_list())
            }
            "Self" => "`Self` is not supported in kernels; kernels are free functions".to_string(),
            _ => format!(
                "type `{name}` is not a dtype; structs and other types are not supported in \
                 kernels, use one of: {}",
                dtype_list()
            ),
        };
        self.fail(sp, msg)
    }

    /// `Complex<f32>` or `Complex<f64>`.
    fn complex_type(&mut self, last: &syn::PathSegment, sp: Sp) -> Option<TypeRef> {
        let part = match &last.arguments {
            syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
                syn::GenericArgument::Type(syn::Type::Path(tp)) if tp.qself.is_none() => tp
                    .path
                    .segments
                    .last()
                    .filter(|s| s.arguments.is_none())
                    .map(|s| s.ident.to_string()),
                _ => None,
            },
            _ => None,
        };
        match part
            .as_deref()
            .and_then(Scalar::from_name)
            .and_then(Scalar::complex_of)
        {
            Some(c) => Some(TypeRef {
                kind: TypeKind::Scalar(c),
                sp,
            }),
            None => self.fail(
                sp,
                "complex numbers in kernels are `Complex<f32>` (`c64`) or `Complex<f64>` (`c128`)",
            ),
        }
    }
}

impl Parser<'_> {
    /// In raw kernels, `usize` and `isize` (how Rust indexes and measures slices) are `u64`
    /// and `i64`, their size on every platform CUDA runs on.
    pub(crate) fn raw_alias(&self, name: &str) -> Option<Scalar> {
        match name {
            "usize" if self.raw => Some(Scalar::U64),
            "isize" if self.raw => Some(Scalar::I64),
            _ => None,
        }
    }
}
