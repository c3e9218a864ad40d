//! `#[device_fn]`: the helper function itself (its native twin, at the user's place and
//! visibility) and, in a hidden module of the same name, `KX_CUDA`: its CUDA C after that of
//! the device functions it calls. A kernel calling `helper(..)` names `helper::KX_CUDA` in its
//! own `KX_CUDA`, so the text is assembled at compile time through the paths the user wrote.

use proc_macro2::TokenStream;
use quote::quote;

use crate::parse::ast::Signature;

/// The device function and its module. `source`/`native` are `None` when it was rejected: the
/// module then holds an empty `KX_CUDA`, so that callers report nothing more.
pub(crate) fn device_fn(
    item: &syn::ItemFn,
    sig: Option<&Signature>,
    translated: Option<(&str, TokenStream, &[syn::Path])>,
) -> TokenStream {
    let name = &item.sig.ident;
    let vis = &item.vis;
    let _ = sig;
    let (func, cuda) = match translated {
        Some((source, native, calls)) => {
            let syn::ItemFn {
                attrs, vis, sig, ..
            } = item;
            (
                quote! {
                    #(#attrs)*
                    #[allow(clippy::all, unused_parens, unused_braces)]
                    #vis #sig #native
                },
                super::cuda_const(source, calls),
            )
        }
        None => (
            quote!(#item),
            quote!(
                pub const KX_CUDA: &str = "";
            ),
        ),
    };
    let doc = format!("The CUDA C of the `#[device_fn]` [`{name}()`].");
    quote! {
        #func

        #[doc = #doc]
        #[doc(hidden)]
        #[allow(dead_code, non_snake_case)]
        #vis mod #name {
            #[allow(unused_imports)]
            use super::*;
            #cuda
        }
    }
}

/// A path as written in the function, seen from the module the macro emits beside it:
/// `self::x` becomes `super::x` and `super::x` becomes `super::super::x`.
pub(crate) fn module_path(p: &syn::Path) -> syn::Path {
    let mut p = p.clone();
    if let Some(last) = p.segments.last_mut() {
        last.arguments = syn::PathArguments::None;
    }
    let first = p.segments.first().map(|s| s.ident.to_string());
    match first.as_deref() {
        Some("self") => {
            if let Some(s) = p.segments.first_mut() {
                s.ident = syn::Ident::new("super", s.ident.span());
            }
        }
        Some("super") => {
            let sp = p.segments[0].ident.span();
            p.segments
                .insert(0, syn::PathSegment::from(syn::Ident::new("super", sp)));
        }
        _ => {}
    }
    p
}
