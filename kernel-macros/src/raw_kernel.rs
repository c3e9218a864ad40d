//! `#[raw_kernel]`: CuPy's `RawKernel` written in Rust. The pipeline of `#[elementwise]`
//! (parse -> check -> lower -> emit, errors flushed at each phase boundary) with the raw
//! kernel's additions: slice parameters, the intrinsics, shared memory.
//!
//! ```text
//! #[raw_kernel]
//! fn scale(x: &[f32], y: &mut [f32], a: f32) {
//!     let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
//!     if i < y.len() { y[i] = a * x[i]; }
//! }
//! // scale::launch(&LaunchConfig::for_elements(n, 256), &x, &mut y, 2.0)?;
//! ```
//!
//! The function becomes a module of its name holding `DEF` (the runtime's `RawKernelDef`,
//! with the CUDA C of `lower::raw`), the CPU twin `cpu_thread` and the typed `launch`.

use proc_macro2::TokenStream;

use crate::diag::Diagnostics;
use crate::emit::raw_kernel::{module, RawBody};
use crate::{check, emit, lower, nesting, parse};

/// Expands `#[raw_kernel(attr)] item`. Never panics: on errors it returns the
/// `compile_error!`s, beside the module with a stub twin when the signature was accepted (so
/// that call sites stay typed).
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut diag = Diagnostics::default();
    if !attr.is_empty() {
        diag.push(syn::Error::new_spanned(
            &attr,
            "#[raw_kernel] takes no arguments",
        ));
    }
    if let Err(deep) = nesting::check(&item) {
        let mut out = diag.to_compile_errors();
        out.extend(nesting::reject(deep, item, |f| {
            match parse::raw_kernel(f, &mut Diagnostics::default()).sig {
                Some(sig) => module(f, &sig, RawBody::Stub),
                None => quote::quote!(#f),
            }
        }));
        return out;
    }
    let item: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(item) => item,
        Err(e) => {
            let mut out =
                syn::Error::new(e.span(), format!("#[raw_kernel] applies to functions: {e}"))
                    .to_compile_error();
            out.extend(item);
            return out;
        }
    };
    let parsed = parse::raw_kernel(&item, &mut diag);
    let Some(kernel) = parsed.kernel.filter(|_| !diag.has_errors()) else {
        let mut out = diag.to_compile_errors();
        if let Some(sig) = &parsed.sig {
            out.extend(module(&item, sig, RawBody::Stub));
        }
        return out;
    };
    let Some(typed) = check::kernel(&kernel, &mut diag) else {
        let mut out = diag.to_compile_errors();
        out.extend(module(&item, &kernel.sig, RawBody::Stub));
        return out;
    };
    let info = lower::raw::analyze(&kernel);
    let source = lower::raw::kernel(&kernel, &typed, &info);
    let native = emit::native::raw_body(&kernel, &typed, &info.shared_offsets);
    module(
        &item,
        &kernel.sig,
        RawBody::Translated {
            source: &source,
            native,
            calls: &kernel.calls,
            info: &info,
            local_bytes: typed.local_bytes,
        },
    )
}

/// The CUDA C of a raw kernel, or the error messages: for unit tests.
#[cfg(test)]
pub(crate) fn translate(item: TokenStream) -> Result<String, Vec<String>> {
    let mut diag = Diagnostics::default();
    let item: syn::ItemFn = syn::parse2(item).map_err(|e| vec![e.to_string()])?;
    let parsed = parse::raw_kernel(&item, &mut diag);
    let kernel = match parsed.kernel {
        Some(k) if !diag.has_errors() => k,
        _ => return Err(diag.messages()),
    };
    match check::kernel(&kernel, &mut diag) {
        Some(typed) => Ok(lower::raw::kernel(
            &kernel,
            &typed,
            &lower::raw::analyze(&kernel),
        )),
        None => Err(diag.messages()),
    }
}
