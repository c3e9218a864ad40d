//! `#[elementwise]`: the pipeline parse -> check -> lower -> emit, with errors flushed at each
//! phase boundary so that each phase may assume the previous one succeeded.

use proc_macro2::TokenStream;

use crate::diag::Diagnostics;
use crate::{check, emit, lower, nesting, parse};

/// Expands `#[elementwise(attr)] item`. Never panics: on errors it returns the
/// `compile_error!`s beside the user's function (or, when only the body was rejected, beside
/// the generated functions, so that call sites stay typed).
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut diag = Diagnostics::default();
    if !attr.is_empty() {
        diag.push(syn::Error::new_spanned(
            &attr,
            "#[elementwise] takes no arguments",
        ));
    }
    if let Err(deep) = nesting::check(&item) {
        let mut out = diag.to_compile_errors();
        out.extend(nesting::reject(deep, item, |f| {
            match parse::kernel(f, &mut Diagnostics::default()).sig {
                Some(sig) => emit::kernel(f, &sig, emit::Body::Rejected),
                None => emit::fallback(f),
            }
        }));
        return out;
    }
    let item: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(item) => item,
        Err(e) => {
            // Not a function: say so and give the item back untouched.
            let mut out = syn::Error::new(
                e.span(),
                format!("#[elementwise] applies to functions: {e}"),
            )
            .to_compile_error();
            out.extend(item);
            return out;
        }
    };
    let parsed = parse::kernel(&item, &mut diag);
    let Some(kernel) = parsed.kernel.filter(|_| !diag.has_errors()) else {
        let mut out = diag.to_compile_errors();
        out.extend(match &parsed.sig {
            Some(sig) => emit::kernel(&item, sig, emit::Body::Rejected),
            None => emit::fallback(&item),
        });
        return out;
    };
    let Some(typed) = check::kernel(&kernel, &mut diag) else {
        let mut out = diag.to_compile_errors();
        out.extend(emit::kernel(&item, &kernel.sig, emit::Body::Stub));
        return out;
    };
    let source = lower::kernel(&kernel, &typed);
    let (native, calls_math) = emit::native::body_and_math(&kernel, &typed, true);
    let native_small = emit::native::small_trig_body(&kernel, &typed, true);
    emit::kernel(
        &item,
        &kernel.sig,
        emit::Body::Translated {
            source: &source,
            native,
            native_small,
            calls: &kernel.calls,
            local_bytes: typed.local_bytes,
            compute_bound: calls_math || !kernel.calls.is_empty(),
        },
    )
}

/// The CUDA C device function of a kernel, or the error messages: for unit tests.
#[cfg(test)]
pub(crate) fn translate(item: TokenStream) -> Result<String, Vec<String>> {
    let mut diag = Diagnostics::default();
    let item: syn::ItemFn = syn::parse2(item).map_err(|e| vec![e.to_string()])?;
    let parsed = parse::kernel(&item, &mut diag);
    let kernel = match parsed.kernel {
        Some(k) if !diag.has_errors() => k,
        _ => return Err(diag.messages()),
    };
    match check::kernel(&kernel, &mut diag) {
        Some(typed) => Ok(lower::kernel(&kernel, &typed)),
        None => Err(diag.messages()),
    }
}
