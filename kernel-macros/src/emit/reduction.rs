//! Rust tokens of a `#[reduction]`: the module as written (the native pieces), its `DEF` with
//! the CUDA C, a `Kernel` type implementing the runtime's `ReduceKernel`, and beside the module
//! a function of the same name that starts a call.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::ext::IdentExt;

use super::type_tokens;
use crate::parse::ast::{Signature, TypeKind, TypeRef};
use crate::reduction::{result_type, Reduction};

/// The module given back unchanged: what is emitted beside errors.
pub(crate) fn fallback(module: &syn::ItemMod) -> TokenStream {
    // `#[index]` is not an attribute rustc knows: drop it so the only errors are ours; and see
    // the names of the enclosing module, as the expansion does.
    // Printed piece by piece: cloning the module to edit it costs a deep recursion.
    let Some((_, items)) = &module.content else {
        return quote!(#module);
    };
    let syn::ItemMod {
        attrs,
        vis,
        unsafety,
        mod_token,
        ident,
        ..
    } = module;
    let items = items.iter().map(|it| match it {
        syn::Item::Fn(f) => {
            let mut sig = f.sig.clone();
            for arg in sig.inputs.iter_mut() {
                if let syn::FnArg::Typed(pt) = arg {
                    pt.attrs.retain(|a| !a.path().is_ident("index"));
                }
            }
            let (attrs, vis, block) = (&f.attrs, &f.vis, &f.block);
            quote!(#(#attrs)* #vis #sig #block)
        }
        other => quote!(#other),
    });
    let outer = attrs
        .iter()
        .filter(|a| matches!(a.style, syn::AttrStyle::Outer));
    let inner = attrs
        .iter()
        .filter(|a| matches!(a.style, syn::AttrStyle::Inner(_)));
    quote! {
        #(#outer)* #vis #unsafety #mod_token #ident {
            #(#inner)*
            #[allow(unused_imports)]
            use super::*;
            #(#items)*
        }
    }
}

/// The pieces a reduction has.
fn pieces_of(r: &Reduction) -> impl Iterator<Item = &crate::reduction::Piece> {
    [
        Some(&r.map),
        Some(&r.combine),
        r.identity.as_ref(),
        r.finish.as_ref(),
    ]
    .into_iter()
    .flatten()
}

/// Tokens for a type that may be a tuple (the accumulator).
fn acc_tokens(t: &TypeRef, sig: &Signature) -> TokenStream {
    match &t.kind {
        TypeKind::Tuple(elems) => {
            let parts = elems.iter().map(|e| type_tokens(e, sig));
            quote!((#(#parts,)*))
        }
        _ => type_tokens(t, sig),
    }
}

/// The dtype ids of the accumulator's components.
fn acc_ids(t: &TypeRef, sig: &Signature) -> Vec<TokenStream> {
    match &t.kind {
        TypeKind::Tuple(elems) => elems.iter().map(|e| type_tokens(e, sig)).collect(),
        _ => vec![type_tokens(t, sig)],
    }
}

pub(crate) fn reduction(r: &Reduction) -> TokenStream {
    let rt = quote!(array_runtime);
    let red = quote!(#rt::kernel::reduction);
    let m = &r.module;
    let vis = &m.vis;
    let name = &m.ident;
    let name_str = name.unraw().to_string();
    let attrs = &m.attrs;
    let sig = &r.map.sig;

    let generics = &r.map.item.sig.generics;
    let params = &generics.params;
    let where_clause = &generics.where_clause;
    let type_names: Vec<&Ident> = sig.generics.iter().map(|g| &g.name).collect();
    // The C names the runtime declares with `typedef` (`t_T`).
    let type_name_strs = crate::lower::names::type_params(sig);
    let turbofish = if type_names.is_empty() {
        quote!()
    } else {
        quote!(::<#(#type_names),*>)
    };
    let kernel_ty = if type_names.is_empty() {
        quote!(Kernel)
    } else {
        quote!(Kernel<#(#type_names),*>)
    };

    let inputs: Vec<_> = sig.params[..sig.params.len() - usize::from(r.takes_index)]
        .iter()
        .collect();
    let input_names: Vec<&Ident> = inputs.iter().map(|p| &p.name).collect();
    let input_strs: Vec<String> = input_names.iter().map(|n| n.unraw().to_string()).collect();
    let input_tys: Vec<TokenStream> = inputs.iter().map(|p| type_tokens(&p.ty, sig)).collect();
    let idx: Vec<proc_macro2::Literal> = (0..inputs.len())
        .map(proc_macro2::Literal::usize_unsuffixed)
        .collect();

    let acc = result_type(sig);
    let acc_ty = acc_tokens(&acc, sig);
    let acc_id_tys = acc_ids(&acc, sig);
    let out_ty = match &r.finish {
        Some(f) => type_tokens(&f.sig.results[0], &f.sig),
        None => acc_ty.clone(),
    };

    let mut device_source = String::new();
    for p in [
        Some(&r.map),
        Some(&r.combine),
        r.identity.as_ref(),
        r.finish.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        device_source.push_str(&p.source);
        device_source.push('\n');
    }
    if r.finish.is_none() {
        // The default finish: the accumulator is the result.
        let c_acc = c_type_of_map(&r.map.source).unwrap_or_else(|| "float".into());
        device_source.push_str(&format!(
            "KX_FN {c_acc} kxr_{}_finish({c_acc} acc) {{\n    return acc;\n}}\n",
            crate::cnames::exact(&name_str)
        ));
    }

    let ms = Span::mixed_site();
    let s = Ident::new("__s", ms);
    let i = Ident::new("__i", ms);
    let index = Ident::new("__index", ms);
    let inputs_id = Ident::new("__inputs", ms);
    let (a, b, accv) = (
        Ident::new("__a", ms),
        Ident::new("__b", ms),
        Ident::new("__acc", ms),
    );
    let fields: Vec<proc_macro2::Literal> = (0..inputs.len())
        .map(proc_macro2::Literal::usize_unsuffixed)
        .collect();
    let index_arg = if r.takes_index {
        quote!(, #index)
    } else {
        quote!()
    };
    let index_param = if r.takes_index {
        quote!(#index)
    } else {
        quote!(_)
    };
    let identity = if r.identity.is_some() {
        quote!(::core::option::Option::Some(identity #turbofish ()))
    } else {
        quote!(::core::option::Option::None)
    };
    let finish = if r.finish.is_some() {
        quote!(finish #turbofish (#accv))
    } else {
        quote!(#accv)
    };
    let struct_def = if type_names.is_empty() {
        quote!(
            pub struct Kernel;
        )
    } else {
        quote!(pub struct Kernel<#(#type_names),*>(::core::marker::PhantomData<fn() -> (#(#type_names,)*)>);)
    };
    let pieces = [
        Some(&r.map),
        Some(&r.combine),
        r.identity.as_ref(),
        r.finish.as_ref(),
    ];
    let pieces: Vec<TokenStream> = pieces.into_iter().flatten().map(|p| p.tokens()).collect();
    let uses = &r.uses;
    // The CUDA C of every piece after that of the device functions they call.
    let mut calls: Vec<syn::Path> = Vec::new();
    for p in [
        Some(&r.map),
        Some(&r.combine),
        r.identity.as_ref(),
        r.finish.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        for c in &p.calls {
            let text = quote!(#c).to_string();
            if !calls.iter().any(|d| quote!(#d).to_string() == text) {
                calls.push(c.clone());
            }
        }
    }
    // The pieces run one after another: the most any of them needs.
    let local_bytes = pieces_of(r).map(|p| p.local_bytes).max().unwrap_or(0);
    let cuda_const = super::cuda_const(&device_source, &calls, local_bytes, name, &r.uses);
    let takes_index = r.takes_index;
    let has_identity = r.identity.is_some();
    let boxed: Vec<Ident> = (0..inputs.len())
        .map(|k| format_ident!("__op{}", k, span = ms))
        .collect();
    let mod_doc = format!(
        "The parts of the `#[reduction]` [`{name_str}()`]: the pieces as written (the CPU twin), \
         their CUDA C (`DEF`) and the `Kernel` type the runtime runs."
    );
    let fn_doc = format!(
        "Starts the `#[reduction]` `{name_str}` over the given arrays (or scalars), broadcast \
         together: choose axes with `.axis(..)`/`.axes(..)` (all by default), `.keepdims(..)`, \
         then `.run()` or `.into(out)`."
    );

    quote! {
        #(#attrs)*
        #[doc = #mod_doc]
        #[allow(dead_code)]
        #vis mod #name {
            #[allow(unused_imports)]
            use super::*;
            #(#uses)*

            #(#pieces)*

            #cuda_const

            /// The reduction's description for the runtime: name, CUDA C, inputs.
            pub static DEF: #red::ReductionDef = #red::ReductionDef {
                name: #name_str,
                device_source: KX_CUDA,
                param_names: &[#(#input_strs),*],
                type_params: &[#(#type_name_strs),*],
                takes_index: #takes_index,
            };

            /// The reduction as the runtime runs it.
            #struct_def

            impl<#params> #red::ReduceKernel for #kernel_ty #where_clause {
                type Acc = #acc_ty;
                type Out = #out_ty;
                type Slices<'__l> = (#(&'__l [#input_tys],)*);

                fn def() -> &'static #red::ReductionDef {
                    &DEF
                }
                fn type_args() -> ::std::vec::Vec<#rt::DTypeId> {
                    ::std::vec![#(<#type_names as #rt::DType>::ID),*]
                }
                fn params() -> ::std::vec::Vec<#rt::DTypeId> {
                    ::std::vec![#(<#input_tys as #rt::DType>::ID),*]
                }
                fn acc_dtypes() -> ::std::vec::Vec<#rt::DTypeId> {
                    ::std::vec![#(<#acc_id_tys as #rt::DType>::ID),*]
                }
                #[inline(always)]
                fn slices<'__l>(#inputs_id: &#red::Inputs<'__l>) -> Self::Slices<'__l> {
                    (#(#inputs_id.input::<#input_tys>(#idx),)*)
                }
                #[inline(always)]
                fn len(#s: &Self::Slices<'_>) -> usize {
                    let mut __len = usize::MAX;
                    #(__len = __len.min(#s.#fields.len());)*
                    __len
                }
                #[inline(always)]
                fn sub<'__l>(#s: &Self::Slices<'__l>, __lo: usize, __hi: usize) -> Self::Slices<'__l> {
                    (#(&#s.#fields[__lo..__hi],)*)
                }
                #[inline(always)]
                fn map(#s: &Self::Slices<'_>, #i: usize, #index_param: i64) -> Self::Acc {
                    map #turbofish (#(#s.#fields[#i]),* #index_arg)
                }
                #[inline]
                fn identity() -> ::core::option::Option<Self::Acc> {
                    #identity
                }
                #[inline(always)]
                fn combine(#a: Self::Acc, #b: Self::Acc) -> Self::Acc {
                    combine #turbofish (#a, #b)
                }
                #[inline(always)]
                fn finish(#accv: Self::Acc) -> Self::Out {
                    #finish
                }
            }

            /// This instantiation as the CUDA backend sees it (dtypes resolved).
            pub fn instance<#params>() -> #red::ReductionInstance #where_clause {
                #red::ReductionInstance::of::<#kernel_ty>()
            }

            /// The CUDA C module of this reduction (contiguous rows, every input an array).
            pub fn cuda_source<#params>() -> ::std::string::String #where_clause {
                instance #turbofish ().cuda_source(#has_identity)
            }
        }

        #[doc = #fn_doc]
        #vis fn #name<'__a, #params>(
            #(#input_names: impl #rt::IntoOperand<'__a, #input_tys>),*
        ) -> #red::ReduceCall<'__a, #name::#kernel_ty>
        #where_clause
        {
            #(let #boxed = #rt::IntoOperand::<'__a, #input_tys>::into_operand(#input_names);)*
            #red::ReduceCall::new(::std::vec![#(::std::boxed::Box::new(#boxed)),*])
        }
    }
}

/// The C return type of the lowered `map` (`KX_FN <type> kxr_..._map(`).
fn c_type_of_map(source: &str) -> Option<String> {
    let line = source.lines().find(|l| l.starts_with("KX_FN "))?;
    let rest = line.strip_prefix("KX_FN ")?;
    let end = rest.find(" kxr_")?;
    Some(rest[..end].to_string())
}
