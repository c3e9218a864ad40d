//! The Rust tokens of a `#[raw_kernel]`: for `fn transpose(src: &[f32], dst: &mut [f32], ..)`
//! a module `transpose` holding `DEF` (the runtime's `RawKernelDef`), the CPU twin
//! `cpu_thread`, the typed `launch(cfg, &src, &mut dst, ..)` and `cuda_source`. Generated
//! paths start at `array_runtime`; generated locals use mixed-site hygiene.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use super::{cuda_const, type_tokens};
use crate::lower::raw::RawInfo;
use crate::parse::ast::{ParamMode, Signature, TypeKind};

/// What the kernel's body became.
pub(crate) enum RawBody<'a> {
    /// Translated: the CUDA C, the twin's body, the `#[device_fn]`s called, the layout.
    Translated {
        source: &'a str,
        native: TokenStream,
        calls: &'a [syn::Path],
        info: &'a RawInfo,
        /// Bytes of its own local arrays per thread.
        local_bytes: usize,
    },
    /// Rejected: the module keeps its signature (the twin does nothing).
    Stub,
}

pub(crate) fn module(item: &syn::ItemFn, sig: &Signature, body: RawBody<'_>) -> TokenStream {
    let rt = quote!(array_runtime);
    let raw = quote!(#rt::kernel::raw);
    let name = &sig.name;
    let name_str = syn::ext::IdentExt::unraw(name).to_string();
    let vis = &item.vis;
    let docs: Vec<&syn::Attribute> = item
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .collect();
    let cfgs: Vec<&syn::Attribute> = item
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg"))
        .collect();
    let user_generics = &item.sig.generics.params;
    let where_clause = &item.sig.generics.where_clause;
    let type_names: Vec<&Ident> = sig.generics.iter().map(|g| &g.name).collect();
    // The C names the runtime declares with `typedef` (`t_T`).
    let type_name_strs = crate::lower::names::type_params(sig);
    let turbofish = if type_names.is_empty() {
        quote!()
    } else {
        quote!(::<#(#type_names),*>)
    };
    let n_types = type_names.len();

    let ms = Span::mixed_site();
    let args = Ident::new("args", ms);
    let cfg = Ident::new("cfg", ms);
    let type_args = Ident::new("type_args", ms);

    let mut kinds = Vec::new();
    let mut fetch = Vec::new();
    let mut launch_params = Vec::new();
    let mut launch_args = Vec::new();
    let mut names = Vec::new();
    for (i, p) in sig.params.iter().enumerate() {
        let pname = &p.name;
        names.push(syn::ext::IdentExt::unraw(pname).to_string());
        let t = type_tokens(&p.ty, sig);
        let (ctor, accessor, launch_ty, arg) = match p.mode {
            ParamMode::Value => (
                "scalar",
                quote!(scalar),
                quote!(#t),
                quote!(#raw::Arg::scalar(#pname)),
            ),
            ParamMode::Slice => (
                "slice",
                quote!(slice),
                quote!(&'__a #rt::Array<#t>),
                quote!(#raw::Arg::slice(#pname)),
            ),
            ParamMode::SliceMut => (
                "slice_mut",
                quote!(slice_mut),
                quote!(impl #rt::IntoOutput<'__a, #t>),
                quote!(#raw::Arg::slice_mut(#pname)),
            ),
        };
        let kind = match &p.ty.kind {
            TypeKind::Generic(g) => {
                let f = Ident::new(&format!("generic_{ctor}"), Span::call_site());
                let g = Literal::usize_unsuffixed(*g);
                quote!(#raw::ParamKind::#f(#g))
            }
            _ => {
                let f = Ident::new(ctor, Span::call_site());
                quote!(#raw::ParamKind::#f(<#t as #rt::DType>::ID))
            }
        };
        kinds.push(kind);
        let idx = Literal::usize_unsuffixed(i);
        let mutability = if p.mutable { quote!(mut) } else { quote!() };
        fetch.push(quote!(let #mutability #pname = #args.#accessor::<#t>(#idx);));
        launch_params.push(quote!(#pname: #launch_ty));
        launch_args.push(arg);
    }

    let (cuda, source, native, bytes, block_sync, warp_ops, local) = match &body {
        RawBody::Translated {
            source,
            native,
            calls,
            info,
            local_bytes,
        } => (
            cuda_const(source, calls, *local_bytes, &sig.name, &[]),
            quote!(KX_CUDA),
            native.clone(),
            info.static_shared_bytes,
            info.uses_block_sync,
            info.uses_warp_ops,
            quote!(KX_LOCAL_BYTES),
        ),
        RawBody::Stub => (quote!(), quote!(""), quote!({}), 0, false, false, quote!(0)),
    };
    let bytes = Literal::u32_unsuffixed(u32::try_from(bytes).unwrap_or(u32::MAX));

    let mod_doc = format!(
        "The raw kernel `{name_str}`: [`launch`](self::launch) runs it (a CUDA kernel on a GPU, \
         an emulated grid on the CPU); `DEF` is its description for the runtime, with its CUDA \
         C, and `cpu_thread` its CPU twin."
    );
    quote! {
        #(#docs)*
        #[doc = #mod_doc]
        #(#cfgs)*
        #[allow(dead_code)]
        #vis mod #name {
            #[allow(unused_imports)]
            use super::*;

            #cuda

            /// The kernel's description for the runtime: its name, CUDA C, parameters, static
            /// shared memory and the collectives it uses.
            // `..DEFAULT` keeps fields the runtime adds later at their defaults.
            #[allow(clippy::needless_update)]
            pub static DEF: #raw::RawKernelDef = #raw::RawKernelDef {
                name: #name_str,
                cuda_source: #source,
                params: &[#(#kinds),*],
                param_names: &[#(#names),*],
                type_params: &[#(#type_name_strs),*],
                static_shared_bytes: #bytes,
                uses_block_sync: #block_sync,
                uses_warp_ops: #warp_ops,
                local_bytes: #local,
                ..#raw::RawKernelDef::DEFAULT
            };

            /// The CPU twin, run once per emulated CUDA thread: the kernel as written, with
            /// slices as the runtime's bounds-checked handles (`x[i]` is `x.get(i)`) and the
            /// kernel language's semantics made explicit.
            #[allow(unused_variables, unused_mut, unused_parens, unused_braces, clippy::all)]
            pub fn cpu_thread<#user_generics>(#args: &#raw::RawArgs<'_>) #where_clause {
                #(#fetch)*
                #native
            }

            /// Launches the kernel on the device of its arrays: a grid of `cfg.grid` blocks of
            /// `cfg.block` threads (with `cfg.shared_mem_bytes` of dynamic shared memory). The
            /// arrays must be C-contiguous; a `&mut [T]` parameter takes a `&mut Array` or a
            /// mutable view. On a GPU the launch is queued and its faults (out-of-bounds
            /// accesses) surface at the next synchronizing call; on the CPU it runs to the end
            /// and returns them.
            #[allow(clippy::too_many_arguments)]
            pub fn launch<'__a, #user_generics>(
                #cfg: &#raw::LaunchConfig,
                #(#launch_params),*
            ) -> #rt::Result<()>
            #where_clause
            {
                let #type_args: [#rt::DTypeId; #n_types] = [#(<#type_names as #rt::DType>::ID),*];
                #raw::launch(
                    &DEF,
                    &#type_args,
                    #cfg,
                    &mut [#(#launch_args),*],
                    &cpu_thread #turbofish,
                )
            }

            /// The CUDA C module compiled for this kernel (and these type arguments).
            pub fn cuda_source<#user_generics>() -> ::std::string::String #where_clause {
                let #type_args: [#rt::DTypeId; #n_types] = [#(<#type_names as #rt::DType>::ID),*];
                #raw::cuda_module_source(&DEF, &#type_args)
            }
        }
    }
}
