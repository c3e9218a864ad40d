//! `#[device_fn]`: the helper function itself (its native twin, at the user's place and
//! visibility) and, in a hidden module of the same name, `KX_NODE`: a static
//! `array_runtime::kernel::device::DeviceFn` holding its own CUDA C, its local storage and the
//! `KX_NODE`s of the device functions it calls, named through the paths the user wrote. The
//! statics form a graph that rustc assembles at compile time; a kernel walks it from its own
//! callees (`super::cuda_const`), and so does the module itself, for `KX_CUDA` (its CUDA C
//! after that of its callees) and to reject recursion through it.

use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;

use crate::parse::ast::Signature;

/// What a translated device function brings: its CUDA C, the native twin's body, the device
/// functions it calls and its own local storage in bytes.
pub(crate) struct Translated<'a> {
    pub source: &'a str,
    pub native: TokenStream,
    pub calls: &'a [syn::Path],
    pub local_bytes: usize,
}

/// The device function and its module. `translated` is `None` when it was rejected: the
/// module then holds an empty node, so that callers report nothing more.
pub(crate) fn device_fn(
    item: &syn::ItemFn,
    sig: Option<&Signature>,
    translated: Option<Translated<'_>>,
) -> TokenStream {
    let name = &item.sig.ident;
    let name_str = name.unraw().to_string();
    let vis = &item.vis;
    let _ = sig;
    let dev = quote!(array_runtime::kernel::device);
    let (func, source, key, local_bytes, nodes) = match translated {
        Some(t) => {
            let syn::ItemFn {
                attrs, vis, sig, ..
            } = item;
            let native = &t.native;
            let nodes = callees(t.calls, &[]);
            // The native twin is inlined into the kernels that call it (optimized builds),
            // so that the elementwise loop around it can be vectorized; a user's own
            // `#[inline]` attribute is kept instead.
            let user_inline = attrs.iter().any(|a| a.path().is_ident("inline"));
            let inline = if user_inline {
                quote!()
            } else {
                quote!(#[cfg_attr(not(debug_assertions), inline(always))])
            };
            (
                quote! {
                    #(#attrs)*
                    #inline
                    #[allow(clippy::all, unused_parens, unused_braces)]
                    #vis #sig #native
                },
                t.source.to_string(),
                crate::lower::fnv(t.source),
                t.local_bytes,
                nodes,
            )
        }
        None => (quote!(#item), String::new(), 0, 0, Callees::default()),
    };
    let recursion = format!(
        "recursion is not supported in kernels (the GPU has no call stack to grow): the \
         #[device_fn] `{name_str}` calls itself through other device functions; write a loop"
    );
    let clash = format!(
        "two different #[device_fn]s named `{name_str}` (in different modules) are called by \
         one kernel: both would define the same CUDA C function; rename one of them"
    );
    let too_large = format!(
        "the local arrays of the #[device_fn] `{name_str}` and of the device functions it \
         calls take more than {} bytes (256 KiB) per thread, what a thread may hold: a GPU \
         thread keeps them in registers and local memory, a CPU thread on its stack; use \
         smaller arrays",
        crate::check::locals::MAX_LOCAL_BYTES
    );
    let graph = super::graph_consts(quote!(&[&KX_NODE]), "", 0, &too_large, name.span());
    let Callees { nodes, fallbacks } = nodes;
    let doc = format!("The CUDA C of the `#[device_fn]` [`{name}()`].");
    quote! {
        #func

        #[doc = #doc]
        #[doc(hidden)]
        #[allow(dead_code, non_snake_case, non_upper_case_globals)]
        #vis mod #name {
            #[allow(unused_imports)]
            use super::*;
            #fallbacks

            /// This device function in the graph of calls: its own CUDA C and local storage,
            /// and the device functions it calls.
            pub static KX_NODE: #dev::DeviceFn = #dev::DeviceFn {
                name: #name_str,
                source: #source,
                key: #key,
                local_bytes: #local_bytes,
                callees: &[#(#nodes),*],
                recursion: #recursion,
                clash: #clash,
            };

            /// The marker that tells kernels this is a device function.
            pub struct KxFn;
            impl #dev::IsDeviceFn for KxFn {}

            #graph
        }
    }
}

/// How a hidden module names the `#[device_fn]`s its function calls: each node (its
/// `KX_NODE`, after a check of the callee's `KxFn` marker by the runtime's
/// `kernel::device::is_device_fn`), and the items that make a call of a plain
/// function a clear error. For a callee written as one name, `f`, the module imports `f` from
/// its parent explicitly and a fallback module `f` (with a `KxFn` that is not a device
/// function) through a glob: the parent's module `f` of a real `#[device_fn]` shadows the
/// fallback, and for a plain function only the fallback is there, so the bound fails with
/// the trait's message ("did you mean `#[device_fn]`?") at the call.
#[derive(Default)]
pub(crate) struct Callees {
    pub(crate) nodes: Vec<TokenStream>,
    pub(crate) fallbacks: TokenStream,
}

/// The [`Callees`] of `calls` (paths as written in the function), in a module that also holds
/// the `use` items `user_uses` (a `#[reduction]`'s): a name one of them imports is not imported
/// again from the parent (it keeps its fallback: the user's import shadows it as the parent's
/// would), and with a glob among them no fallback is made (two globs offering one name would
/// make it ambiguous).
pub(crate) fn callees(calls: &[syn::Path], user_uses: &[syn::Item]) -> Callees {
    let dev = quote!(array_runtime::kernel::device);
    let nodes = calls
        .iter()
        .map(|p| {
            let p = module_path(p);
            let sp = syn::spanned::Spanned::span(&p);
            quote::quote_spanned!(sp=> {
                #dev::is_device_fn::<#p::KxFn>();
                &#p::KX_NODE
            })
        })
        .collect();
    let (imported, glob) = imported_names(user_uses);
    let mut names: Vec<&syn::Ident> = Vec::new();
    for p in calls {
        if p.leading_colon.is_none() && p.segments.len() == 1 {
            let id = &p.segments[0].ident;
            if !names.contains(&id) {
                names.push(id);
            }
        }
    }
    let from_parent: Vec<&&syn::Ident> = names
        .iter()
        .filter(|n| !imported.iter().any(|i| i == **n))
        .collect();
    let fallbacks = if names.is_empty() || glob {
        quote!()
    } else {
        quote! {
            #[allow(unused_imports)]
            use super::{#(#from_parent),*};
            #[allow(unused_imports)]
            use self::__kx_not_device_fns::*;
            #[doc(hidden)]
            #[allow(dead_code, non_snake_case, non_camel_case_types)]
            mod __kx_not_device_fns {
                #(
                    pub mod #names {
                        /// Not a device function: see `IsDeviceFn`.
                        pub struct KxFn;
                        pub use ::array_runtime::kernel::device::EMPTY_NODE as KX_NODE;
                    }
                )*
            }
        }
    };
    Callees { nodes, fallbacks }
}

/// The names the `use` items bring in (renamed ones by their new name), and whether one of
/// them is a glob.
fn imported_names(uses: &[syn::Item]) -> (Vec<syn::Ident>, bool) {
    fn walk(t: &syn::UseTree, names: &mut Vec<syn::Ident>, glob: &mut bool) {
        match t {
            syn::UseTree::Path(p) => walk(&p.tree, names, glob),
            syn::UseTree::Name(n) => names.push(n.ident.clone()),
            syn::UseTree::Rename(r) => names.push(r.rename.clone()),
            syn::UseTree::Glob(_) => *glob = true,
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| walk(t, names, glob)),
        }
    }
    let (mut names, mut glob) = (Vec::new(), false);
    for u in uses {
        if let syn::Item::Use(u) = u {
            walk(&u.tree, &mut names, &mut glob);
        }
    }
    (names, glob)
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
