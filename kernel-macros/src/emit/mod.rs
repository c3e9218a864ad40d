//! Phase 4: Rust tokens. Cannot fail.
//!
//! For `fn saxpy(a: f32, x: f32, y: f32) -> f32` this writes the array function `saxpy` (same
//! name and visibility; arguments are arrays or scalars) and a module `saxpy` beside it with the
//! native function `scalar`, the kernel's description `DEF` (with its CUDA C), the CPU chunk
//! function, `into` (NumPy's `out=`) and `cuda_source`. Generated paths start at
//! `array_runtime` (a crate dependency, or the name `kernels_std::prelude` re-exports); generated locals use mixed-site hygiene so user names never clash.

pub(crate) mod device_fn;
pub(crate) mod native;
pub(crate) mod raw_kernel;
pub(crate) mod reduction;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::parse::ast::{Signature, TypeKind, TypeRef};

/// What the kernel's body became.
pub(crate) enum Body<'a> {
    /// Translated: the CUDA C device function, the native twin's body (see [`native`]) and the
    /// `#[device_fn]`s it calls.
    Translated {
        source: &'a str,
        native: TokenStream,
        /// The small-argument twin's body ([`native::small_trig_body`]), when the kernel
        /// calls `sin`, `cos` or `tan`.
        native_small: Option<TokenStream>,
        calls: &'a [syn::Path],
        /// Bytes of its own local arrays per thread.
        local_bytes: usize,
        /// It calls the runtime's math functions or a `#[device_fn]`: its chunk loop also
        /// gets an AVX-512 copy (`run_compute_loop`), which pays for compute-bound loops only.
        compute_bound: bool,
    },
    /// Rejected by `parse`: the body is valid Rust outside the language.
    Rejected,
    /// Rejected by `check`: rustc would report the same type errors again, so the native
    /// function gets a stub body.
    Stub,
}

/// The array function and its module. Without a translated body, the tokens are only there to
/// keep call sites typed beside the `compile_error!`s.
pub(crate) fn kernel(item: &syn::ItemFn, sig: &Signature, body: Body<'_>) -> TokenStream {
    let (device_source, cuda_const) = match &body {
        Body::Translated {
            source,
            calls,
            local_bytes,
            ..
        } => (
            quote!(KX_CUDA),
            cuda_const(source, calls, *local_bytes, &sig.name, &[]),
        ),
        Body::Rejected | Body::Stub => (quote!(""), quote!()),
    };
    let rt = quote!(array_runtime);
    let ew = quote!(#rt::kernel::elementwise);
    let name = &sig.name;
    let name_str = syn::ext::IdentExt::unraw(name).to_string();
    let vis = &item.vis;

    let (docs, cfgs, others) = split_attrs(&item.attrs);
    let user_generics = &item.sig.generics.params;
    let where_clause = &item.sig.generics.where_clause;
    let type_names: Vec<&Ident> = sig.generics.iter().map(|g| &g.name).collect();
    let turbofish = if type_names.is_empty() {
        quote!()
    } else {
        quote!(::<#(#type_names),*>)
    };
    // The C names the runtime declares with `typedef` (`t_T`).
    let type_name_strs = crate::lower::names::type_params(sig);

    let param_names: Vec<&Ident> = sig.params.iter().map(|p| &p.name).collect();
    let param_strs: Vec<String> = param_names
        .iter()
        .map(|p| syn::ext::IdentExt::unraw(*p).to_string())
        .collect();
    let param_tys: Vec<TokenStream> = sig.params.iter().map(|p| type_tokens(&p.ty, sig)).collect();
    let result_tys: Vec<TokenStream> = sig.results.iter().map(|r| type_tokens(r, sig)).collect();

    let ms = Span::mixed_site();
    let ops: Vec<Ident> = (0..sig.params.len())
        .map(|i| format_ident!("__op{}", i, span = ms))
        .collect();
    let outs: Vec<Ident> = (0..sig.results.len())
        .map(|i| format_ident!("__out{}", i, span = ms))
        .collect();
    let res: Vec<Ident> = (0..sig.results.len())
        .map(|i| format_ident!("__r{}", i, span = ms))
        .collect();
    let ins_slices: Vec<Ident> = (0..sig.params.len())
        .map(|i| format_ident!("__in{}", i, span = ms))
        .collect();
    let idx = Ident::new("__k", ms);
    let n = Ident::new("__n", ms);
    let chunk = Ident::new("__chunk", ms);
    let ins = Ident::new("__ins", ms);
    let inst = Ident::new("__inst", ms);
    let plan = Ident::new("__plan", ms);
    let type_args = Ident::new("__type_args", ms);
    let params_id = Ident::new("__params", ms);
    let results_id = Ident::new("__results", ms);
    let layouts = Ident::new("__layouts", ms);
    let devs = Ident::new("__devs", ms);
    let loop_ty = Ident::new("__KxLoop", ms);
    let (n_types, n_params, n_results) = (type_names.len(), sig.params.len(), sig.results.len());

    // The operands, their erased views and the instance: shared by the array function and
    // `into`, which differ only in where the outputs come from.
    let operands = quote! {
        #(let #ops = #rt::IntoOperand::<'__a, #param_tys>::into_operand(#param_names).ready()?;)*
        let #ins: [#ew::ErasedOperand<'_>; #n_params] = [#(#ops.erase()),*];
    };
    let instance = |def: TokenStream| {
        quote! {
            let #type_args: [#rt::DTypeId; #n_types] = [#(<#type_names as #rt::DType>::ID),*];
            let #params_id: [#rt::DTypeId; #n_params] = [#(<#param_tys as #rt::DType>::ID),*];
            let #results_id: [#rt::DTypeId; #n_results] = [#(<#result_tys as #rt::DType>::ID),*];
            let #inst = #ew::Instance {
                def: &#def,
                type_args: &#type_args,
                params: &#params_id,
                results: &#results_id,
            };
        }
    };
    let instance_outer = instance(quote!(#name::DEF));
    let instance_inner = instance(quote!(DEF));
    let in_idx = (0..n_params).map(proc_macro2::Literal::usize_unsuffixed);
    let out_idx: Vec<_> = (0..n_results)
        .map(proc_macro2::Literal::usize_unsuffixed)
        .collect();

    let (ret_ty, ret_val) = if sig.tuple_result {
        (quote!((#(#rt::Array<#result_tys>,)*)), quote!((#(#outs,)*)))
    } else {
        (quote!(#rt::Array<#(#result_tys)*>), quote!(#(#outs)*))
    };

    // Output parameter names of `into`, kept apart from the kernel's own parameter names.
    let out_params: Vec<Ident> = (0..n_results)
        .map(|i| {
            let mut s = if n_results == 1 {
                "out".to_string()
            } else {
                format!("out{i}")
            };
            while param_strs.contains(&s) {
                s.insert(0, '_');
            }
            Ident::new(&s, Span::call_site())
        })
        .collect();

    let scalar_call = quote!(scalar #turbofish (#(#ins_slices[#idx]),*));
    let store = if sig.tuple_result {
        quote! {
            let (#(#res,)*) = #scalar_call;
            #(#outs[#idx] = #res;)*
        }
    } else {
        quote!(#(#outs)*[#idx] = #scalar_call;)
    };

    // Always inlined into the CPU loop (unless the user says otherwise): a call per element
    // would keep LLVM from vectorizing the loop, and its inliner declines large bodies (the
    // runtime's vectorizable math functions are large).
    let inline = if item.attrs.iter().any(|a| a.path().is_ident("inline")) {
        quote!()
    } else {
        quote!(#[inline(always)])
    };

    // The small-argument twin, `scalar_small(.., __kx_large)`, and the loop's first pass.
    let large = Ident::new(native::LARGE, Span::mixed_site());
    let small_fn = match &body {
        Body::Translated {
            native_small: Some(small),
            ..
        } => {
            let mut f = crate::parse::signature_only(item);
            f.attrs = others.clone();
            f.attrs.extend([
                syn::parse_quote!(#[doc = "[`scalar`] with the runtime's small-argument `sin`, `cos` and `tan` (`array_runtime::math::KernelMath::sin_small`), which set `*__kx_large` for an argument too large for them; the results are then meaningless."]),
                syn::parse_quote!(#[allow(clippy::all, unused_parens, unused_braces)]),
            ]);
            f.vis = syn::parse_quote!(pub);
            f.sig.ident = Ident::new("scalar_small", name.span());
            f.sig.inputs.push(syn::parse_quote!(#large: &mut bool));
            let syn::ItemFn {
                attrs, vis, sig, ..
            } = &f;
            Some(quote!(#(#attrs)* #inline #vis #sig #small))
        }
        _ => None,
    };
    let loop_body = match &small_fn {
        None => quote! {
            for #idx in 0..#n {
                #store
            }
        },
        Some(_) => {
            let small_call = quote!(scalar_small #turbofish (#(#ins_slices[#idx],)* &mut #large));
            let store_small = if sig.tuple_result {
                quote! {
                    let (#(#res,)*) = #small_call;
                    #(#outs[#idx] = #res;)*
                }
            } else {
                quote!(#(#outs)*[#idx] = #small_call;)
            };
            // The first pass computes the arguments of `sin`, `cos` and `tan` alone (the
            // rest is dead code): when none is large, the small-argument loop, which
            // vectorizes without choosing the bits of `2/pi` lane by lane, writes the
            // results (the same bits as the general loop's).
            quote! {
                let mut #large = false;
                for #idx in 0..#n {
                    let _ = #small_call;
                }
                if #large {
                    for #idx in 0..#n {
                        #store
                    }
                } else {
                    for #idx in 0..#n {
                        #store_small
                    }
                }
            }
        }
    };

    let user_fn = {
        // Without the body: the native function gets its own, and cloning one recurses deeply.
        let mut f = crate::parse::signature_only(item);
        f.attrs = others;
        f.vis = syn::parse_quote!(pub);
        f.sig.ident = Ident::new("scalar", name.span());
        f.attrs
            .push(syn::parse_quote!(#[allow(clippy::all, unused_parens, unused_braces)]));
        match &body {
            // The body is outside the language or ill-typed: rustc would report its errors
            // again (or confusing ones: the function's name is the array function), so the
            // native function keeps the signature with a stub body.
            Body::Stub | Body::Rejected => {
                f.attrs.push(syn::parse_quote!(#[allow(unused_variables)]));
                *f.block =
                    syn::parse_quote!({ ::core::unreachable!("rejected by #[elementwise]") });
                quote!(#f)
            }
            Body::Translated { native, .. } => {
                let syn::ItemFn {
                    attrs, vis, sig, ..
                } = &f;
                quote!(#(#attrs)* #vis #sig #native)
            }
        }
    };
    // A kernel of one result is also a node of lazy expressions: `name::node()` and
    // `name::lazy(..)`, which joins the fusion of the expression it is part of.
    let lazy = if sig.tuple_result || n_results != 1 {
        quote!()
    } else {
        let result_ty = &result_tys[0];
        let lazy_doc = format!(
            "`{name_str}` called lazily: each argument is an array, a scalar or an expression, and \
             the result is an expression that `.eval()` runs in one kernel with the rest of its \
             tree (fused on both backends)."
        );
        quote! {
            /// This kernel instantiated for its dtypes, as a node of a lazy expression.
            pub fn node<#user_generics>() -> #rt::expr::KernelNode #where_clause {
                #rt::expr::KernelNode::new(
                    &DEF,
                    cpu_chunk #turbofish,
                    const { &[#(<#type_names as #rt::DType>::ID),*] as &[#rt::DTypeId] },
                    const { &[#(<#param_tys as #rt::DType>::ID),*] as &[#rt::DTypeId] },
                    <#result_ty as #rt::DType>::ID,
                )
            }

            #[doc = #lazy_doc]
            #[allow(clippy::too_many_arguments)]
            pub fn lazy<#user_generics>(
                #(#param_names: impl #rt::expr::IntoExpr<#param_tys>),*
            ) -> #rt::expr::Expr<#result_ty>
            #where_clause
            {
                #rt::expr::Expr::<#result_ty>::call(
                    node #turbofish (),
                    ::std::vec![#(#rt::expr::IntoExpr::into_expr(#param_names).erase()),*],
                    #rt::expr::Notation::Call(#name_str),
                )
            }
        }
    };

    // A compute-bound loop (math functions, device functions) also gets an AVX-512 copy; a
    // memory-bound one (plain arithmetic) would gain nothing from it but code.
    let compute_bound = matches!(
        body,
        Body::Translated {
            compute_bound: true,
            ..
        }
    );
    let (run_loop, chunk_doc) = if compute_bound {
        (
            quote!(run_compute_loop),
            "The CPU backend's loop over one chunk of elements, compiled for the best \
             instruction set this CPU has (AVX-512, AVX2 or baseline x86-64, chosen at run \
             time).",
        )
    } else {
        (
            quote!(run_chunk_loop),
            "The CPU backend's loop over one chunk of elements, compiled for the best \
             instruction set this CPU has (AVX2 or baseline x86-64, chosen at run time).",
        )
    };

    let mod_doc = format!(
        "The parts of the `#[elementwise]` kernel [`{name_str}()`]: the native function, its CUDA \
         C, the CPU loop and the variant that writes into existing arrays."
    );
    let fn_doc = format!(
        "\n\nElementwise: each argument is an array (broadcast together, NumPy-style) or a \
         scalar; runs as one CUDA kernel on a GPU and as a parallel loop on the CPU. See \
         [`{name_str}::scalar`] for the function on one element and [`{name_str}::into`] to \
         write into existing arrays."
    );

    quote! {
        #(#docs)*
        #[doc = #fn_doc]
        #(#cfgs)*
        #[allow(clippy::too_many_arguments)]
        #vis fn #name<'__a, #user_generics>(
            #(#param_names: impl #rt::IntoOperand<'__a, #param_tys>),*
        ) -> #rt::Result<#ret_ty>
        #where_clause
        {
            #operands
            #instance_outer
            let #plan = #ew::Plan::new(&#inst, &#ins)?;
            #(let mut #outs = #plan.alloc::<#result_tys>()?;)*
            #plan.run(&mut [#(#outs.view_mut()?.erase()),*], &#name::cpu_chunk #turbofish)?;
            ::core::result::Result::Ok(#ret_val)
        }

        #[doc = #mod_doc]
        #(#cfgs)*
        #[allow(dead_code)]
        #vis mod #name {
            #[allow(unused_imports)]
            use super::*;

            /// The kernel on one element, natively (the CPU twin): the function as written,
            /// with the kernel language's semantics made explicit (integer arithmetic wraps,
            /// division by zero gives 0, shifts are masked; see the language reference).
            #inline
            #user_fn

            #small_fn

            #cuda_const

            /// The kernel's description for the runtime: its name, CUDA C device function and
            /// parameter names.
            pub static DEF: #ew::ElementwiseDef = #ew::ElementwiseDef {
                name: #name_str,
                device_source: #device_source,
                param_names: &[#(#param_strs),*],
                type_params: &[#(#type_name_strs),*],
            };

            #[doc = #chunk_doc]
            pub fn cpu_chunk<#user_generics>(#chunk: &mut #ew::Chunk<'_>) #where_clause {
                struct #loop_ty<#(#type_names),*>(::core::marker::PhantomData<fn() -> (#(#type_names,)*)>);
                impl<#user_generics> #ew::ChunkLoop for #loop_ty<#(#type_names),*> #where_clause {
                    #[inline(always)]
                    #[allow(clippy::needless_range_loop)]
                    fn run(#chunk: &mut #ew::Chunk<'_>) {
                        #(let #ins_slices = #chunk.input::<#param_tys>(#in_idx);)*
                        #(let #outs = #chunk.output::<#result_tys>(#out_idx);)*
                        let #n = #chunk.len();
                        #(let #ins_slices = &#ins_slices[..#n];)*
                        #(let #outs = &mut #outs[..#n];)*
                        #loop_body
                    }
                }
                #ew::#run_loop::<#loop_ty #turbofish>(#chunk)
            }

            /// Like the array function, writing into existing arrays or views (NumPy's `out=`):
            /// the arguments broadcast to the outputs' shape.
            #[allow(clippy::too_many_arguments)]
            pub fn into<'__a, '__o, #user_generics>(
                #(#param_names: impl #rt::IntoOperand<'__a, #param_tys>,)*
                #(#out_params: impl #rt::IntoOutput<'__o, #result_tys>),*
            ) -> #rt::Result<()>
            #where_clause
            {
                #operands
                #(let #outs = #rt::IntoOutput::into_output(#out_params)?;)*
                let #layouts = [#(#outs.layout().clone()),*];
                let #devs = [#(#outs.device()),*];
                #instance_inner
                let #plan = #ew::Plan::for_outputs(&#inst, &#ins, &[#(&#layouts[#out_idx]),*], &#devs)?;
                #plan.run(&mut [#(#outs.erase()),*], &cpu_chunk #turbofish)
            }

            #lazy

            /// The CUDA C module compiled for this kernel when every argument is an array.
            pub fn cuda_source<#user_generics>() -> ::std::string::String #where_clause {
                #instance_inner
                #inst.cuda_source()
            }
        }
    }
}

/// What a kernel's module says of its CUDA C and local storage, with the `#[device_fn]`s it
/// calls: `KX_CUDA`, its CUDA C after theirs (each once, callees first), and
/// `KX_LOCAL_BYTES`, its local arrays' bytes per thread with the deepest chain of theirs. Both
/// are computed by rustc from the device functions' statics (`KX_NODE`, see
/// [`device_fn::device_fn`]); a cycle of calls among them, or too many local bytes, is a
/// compile error at `name` (the evaluation panics with the macro's message). A call of a
/// plain function is a compile error at the call (see [`device_fn::callees`]; `user_uses`
/// are the `use` items of a `#[reduction]`'s module).
pub(crate) fn cuda_const(
    source: &str,
    calls: &[syn::Path],
    local_bytes: usize,
    name: &Ident,
    user_uses: &[syn::Item],
) -> TokenStream {
    if calls.is_empty() {
        return quote! {
            /// The CUDA C of this function.
            pub const KX_CUDA: &str = #source;
            /// Bytes of this function's local arrays per thread.
            pub const KX_LOCAL_BYTES: usize = #local_bytes;
        };
    }
    let device_fn::Callees { nodes, fallbacks } = device_fn::callees(calls, user_uses);
    let too_large = format!(
        "the local arrays of `{}` and of the #[device_fn]s it calls take more than {} bytes \
         (256 KiB) per thread, what a thread may hold: a GPU thread keeps them in registers \
         and local memory, a CPU thread on its stack; use smaller arrays, or global memory (a \
         #[raw_kernel]'s slices)",
        syn::ext::IdentExt::unraw(name),
        crate::check::locals::MAX_LOCAL_BYTES
    );
    let graph = graph_consts(
        quote!(&[#(#nodes),*]),
        source,
        local_bytes,
        &too_large,
        name.span(),
    );
    quote! {
        #fallbacks
        #graph
    }
}

/// The constants of a device-function graph below `roots` (see [`cuda_const`]), the
/// evaluations spanned at `sp`.
pub(crate) fn graph_consts(
    roots: TokenStream,
    source: &str,
    local_bytes: usize,
    too_large: &str,
    sp: Span,
) -> TokenStream {
    let dev = quote!(array_runtime::kernel::device);
    let graph = quote::quote_spanned!(sp=> #dev::graph(#roots));
    let local = quote::quote_spanned!(sp=> #dev::local_bytes(&__KX_GRAPH, #roots, #local_bytes, #too_large));
    quote! {
        const __KX_GRAPH: #dev::Graph = #graph;
        const __KX_LEN: usize = #dev::source_len(&__KX_GRAPH, #source);
        const __KX_BYTES: [u8; __KX_LEN] = #dev::source_bytes(&__KX_GRAPH, #source);
        /// The CUDA C of this function, after that of the device functions it calls.
        pub const KX_CUDA: &str = match ::core::str::from_utf8(&__KX_BYTES) {
            ::core::result::Result::Ok(s) => s,
            ::core::result::Result::Err(_) => ::core::panic!("CUDA C is UTF-8"),
        };
        /// Bytes of local arrays per thread: this function's, and the deepest chain of the
        /// device functions it calls.
        pub const KX_LOCAL_BYTES: usize = #local;
        // Evaluated even when nothing reads them: the rules on the graph are checked here.
        const _: () = {
            let _ = KX_LOCAL_BYTES;
            let _ = KX_CUDA;
        };
    }
}

/// The user's function unchanged: what is emitted when the signature itself was rejected.
pub(crate) fn fallback(item: &syn::ItemFn) -> TokenStream {
    quote!(#item)
}

/// The generated tokens for a parameter or result type: primitives by name, `half`'s types
/// through the runtime, type parameters by their name.
pub(crate) fn type_tokens(t: &TypeRef, sig: &Signature) -> TokenStream {
    match &t.kind {
        TypeKind::Scalar(s) => native::scalar_tokens(*s),
        TypeKind::Generic(i) => {
            let id = &sig.generics[*i].name;
            quote!(#id)
        }
        // Tuples never reach here: results are split into their elements.
        TypeKind::Tuple(_) => quote!(()),
    }
}

/// Doc attributes (for the array function), `cfg`s (for everything) and the rest (for the
/// native function).
fn split_attrs(
    attrs: &[syn::Attribute],
) -> (
    Vec<syn::Attribute>,
    Vec<syn::Attribute>,
    Vec<syn::Attribute>,
) {
    let (mut docs, mut cfgs, mut others) = (Vec::new(), Vec::new(), Vec::new());
    for a in attrs {
        if a.path().is_ident("doc") {
            docs.push(a.clone());
        } else if a.path().is_ident("cfg") {
            cfgs.push(a.clone());
        } else {
            others.push(a.clone());
        }
    }
    (docs, cfgs, others)
}
