//! `#[device_fn]`: a helper in the kernel language, callable from any kernel (and from other
//! device functions). The same pipeline as `#[elementwise]` (parse -> check -> lower -> emit);
//! its CUDA C is a function `kxd_<name>` (a template for a generic one).
//!
//! `#[device_fn(cuda = "erf")]` marks a function that CUDA's math library also has: on a GPU
//! the device function calls the library's (`kx::libm::erf`, the prelude's overloads for
//! `float` and `double`), elsewhere (the host C++ of the fidelity tests, when the host's C
//! library lacks it) the translated body; the native twin is always the Rust body.

use proc_macro2::TokenStream;

use crate::diag::Diagnostics;
use crate::{check, emit, lower, nesting, parse};

/// Expands `#[device_fn(attr)] item`. Never panics.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut diag = Diagnostics::default();
    let libm = libm_name(attr, &mut diag);
    if let Err(deep) = nesting::check(&item) {
        let mut out = diag.to_compile_errors();
        out.extend(nesting::reject(deep, item, |f| {
            emit::device_fn::device_fn(f, None, None)
        }));
        return out;
    }
    let item: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(item) => item,
        Err(e) => {
            let mut out =
                syn::Error::new(e.span(), format!("#[device_fn] applies to functions: {e}"))
                    .to_compile_error();
            out.extend(item);
            return out;
        }
    };
    let parsed = parse::kernel(&item, &mut diag);
    let Some(kernel) = parsed.kernel.filter(|_| !diag.has_errors()) else {
        let mut out = diag.to_compile_errors();
        out.extend(emit::device_fn::device_fn(&item, parsed.sig.as_ref(), None));
        return out;
    };
    let Some(typed) = check::kernel(&kernel, &mut diag) else {
        let mut out = diag.to_compile_errors();
        out.extend(emit::device_fn::device_fn(&item, Some(&kernel.sig), None));
        return out;
    };
    let source = lower::device_fn(&kernel, &typed, libm.as_deref());
    let native = emit::native::body(&kernel, &typed, false);
    emit::device_fn::device_fn(
        &item,
        Some(&kernel.sig),
        Some(emit::device_fn::Translated {
            source: &source,
            native,
            calls: &kernel.calls,
            local_bytes: typed.local_bytes,
        }),
    )
}

/// The name given by `cuda = "name"`, if any: a C identifier (the math library function whose
/// `double` version is `name` and `float` version `namef`).
fn libm_name(attr: TokenStream, diag: &mut Diagnostics) -> Option<String> {
    if attr.is_empty() {
        return None;
    }
    let bad = |diag: &mut Diagnostics| {
        diag.push(syn::Error::new_spanned(
            &attr,
            "#[device_fn] takes no arguments, or `cuda = \"name\"` (a function of CUDA's math library)",
        ));
        None
    };
    let Ok(nv) = syn::parse2::<syn::MetaNameValue>(attr.clone()) else {
        return bad(diag);
    };
    let syn::Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(s),
        ..
    }) = &nv.value
    else {
        return bad(diag);
    };
    let name = s.value();
    let ident = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if !nv.path.is_ident("cuda") || !ident {
        return bad(diag);
    }
    Some(name)
}

/// The CUDA C of a device function, or the error messages: for unit tests.
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
        Some(typed) => Ok(lower::device_fn(&kernel, &typed, None)),
        None => Err(diag.messages()),
    }
}
