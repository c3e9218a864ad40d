//! Phase 1: syn's syntax tree to the kernel AST ([`ast`]).
//!
//! Everything outside the kernel language is rejected here, at the smallest node at fault, with
//! errors collected rather than stopping at the first. Type questions (which method on which
//! type, mixed arithmetic) are left to `check`.

pub(crate) mod ast;
pub(crate) mod expr;
pub(crate) mod intrinsics;
pub(crate) mod methods;
mod signature;
mod stmt;
mod types;

use crate::diag::{Diagnostics, Sp};

use ast::{Kernel, Signature};

/// What parsing found: the signature when it was accepted, the kernel when everything was.
pub(crate) struct Parsed {
    pub sig: Option<Signature>,
    pub kernel: Option<Kernel>,
}

/// Parses a whole kernel. Errors go to `diag`; the signature is kept when it alone is fine, so
/// that the fallback can keep call sites typed.
pub(crate) fn kernel(item: &syn::ItemFn, diag: &mut Diagnostics) -> Parsed {
    parse(item, diag, false, false)
}

/// Parses a piece of a `#[reduction]` (its signature, possibly rewritten, and its body): as
/// [`kernel`], but parameters may be tuples (the accumulators of `combine` and `finish`).
pub(crate) fn piece(sig: &syn::Signature, body: &syn::Block, diag: &mut Diagnostics) -> Parsed {
    parse_parts(sig, body, diag, false, true)
}

/// `item` without the statements of its body: a copy of what is kept of a function when its
/// body is rewritten (cloning a body costs a deep recursion).
pub(crate) fn signature_only(item: &syn::ItemFn) -> syn::ItemFn {
    syn::ItemFn {
        attrs: item.attrs.clone(),
        vis: item.vis.clone(),
        sig: item.sig.clone(),
        block: Box::new(syn::Block {
            brace_token: item.block.brace_token,
            stmts: Vec::new(),
        }),
    }
}

/// Parses a `#[raw_kernel]`: slice parameters, no result, the intrinsics, `.len()` of
/// slices, `.x/.y/.z` of indices, `usize` (as `u64`).
pub(crate) fn raw_kernel(item: &syn::ItemFn, diag: &mut Diagnostics) -> Parsed {
    parse(item, diag, true, false)
}

fn parse(item: &syn::ItemFn, diag: &mut Diagnostics, raw: bool, tuple_params: bool) -> Parsed {
    parse_parts(&item.sig, &item.block, diag, raw, tuple_params)
}

fn parse_parts(
    sig: &syn::Signature,
    block: &syn::Block,
    diag: &mut Diagnostics,
    raw: bool,
    tuple_params: bool,
) -> Parsed {
    let mut p = Parser::new(diag);
    p.raw = raw;
    p.tuple_params = tuple_params;
    p.kernel_name = Some(syn::ext::IdentExt::unraw(&sig.ident).to_string());
    let sig = p.signature(sig);
    let body = p.block(block);
    let (expr_count, let_count) = (p.next_expr, p.next_let);
    let calls = std::mem::take(&mut p.calls)
        .into_iter()
        .map(|(_, path)| path)
        .collect();
    match (sig, body) {
        (Some(sig), Some(body)) if !p.diag.has_errors() => Parsed {
            sig: None,
            kernel: Some(Kernel {
                sig,
                body,
                expr_count,
                let_count,
                calls,
                raw,
            }),
        },
        (sig, _) => Parsed { sig, kernel: None },
    }
}

/// State shared by the parsing functions: the diagnostics, the names of the type parameters
/// and the id counters.
pub(crate) struct Parser<'d> {
    diag: &'d mut Diagnostics,
    type_params: Vec<String>,
    next_expr: usize,
    next_let: usize,
    /// The function's own name, to reject recursion.
    kernel_name: Option<String>,
    /// Device functions called: the path's text (to merge repeated calls) and the path.
    calls: Vec<(String, syn::Path)>,
    /// Whether parameters may be tuples (reduction accumulators).
    tuple_params: bool,
    /// Parsing a `#[raw_kernel]`.
    raw: bool,
    /// Static shared arrays and dynamic shared-memory views declared so far.
    next_shared: usize,
    next_dyn_shared: usize,
}

impl<'d> Parser<'d> {
    fn new(diag: &'d mut Diagnostics) -> Self {
        Parser {
            diag,
            type_params: Vec::new(),
            next_expr: 0,
            next_let: 0,
            kernel_name: None,
            calls: Vec::new(),
            tuple_params: false,
            raw: false,
            next_shared: 0,
            next_dyn_shared: 0,
        }
    }

    /// Records an error and returns `None`, for `return p.fail(...)`.
    fn fail<T>(&mut self, sp: Sp, message: impl std::fmt::Display) -> Option<T> {
        self.diag.error(sp, message);
        None
    }
}

/// The dtypes a kernel accepts, for messages.
pub(crate) fn dtype_list() -> String {
    crate::scalar::Scalar::ALL.map(|s| s.name()).join(", ")
}
