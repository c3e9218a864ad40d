//! Diagnostics: errors collected across a phase (serde's `Ctxt`), each at the smallest span at
//! fault, flushed at the phase boundary.

use proc_macro2::{Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// A source range: the first and last token of a node. Stable Rust cannot join spans, so an
/// error keeps both ends and lets rustc underline everything between them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sp {
    pub start: Span,
    pub end: Span,
}

impl Sp {
    /// The range covered by a syntax node.
    pub fn of(node: &dyn ToTokens) -> Sp {
        let mut tokens = node.to_token_stream().into_iter();
        let start = tokens.next().map_or_else(Span::call_site, |t| t.span());
        let end = tokens.last().map_or(start, |t| t.span());
        Sp { start, end }
    }

    /// A range of one token.
    pub fn single(span: Span) -> Sp {
        Sp {
            start: span,
            end: span,
        }
    }

    /// The range from the start of `self` to the end of `other`.
    pub fn to(self, other: Sp) -> Sp {
        Sp {
            start: self.start,
            end: other.end,
        }
    }

    fn tokens(self) -> TokenStream {
        let mut a = Punct::new('*', Spacing::Alone);
        a.set_span(self.start);
        let mut b = Punct::new('*', Spacing::Alone);
        b.set_span(self.end);
        [TokenTree::Punct(a), TokenTree::Punct(b)]
            .into_iter()
            .collect()
    }
}

/// The errors of one expansion.
#[derive(Default)]
pub(crate) struct Diagnostics {
    errors: Vec<syn::Error>,
}

impl Diagnostics {
    /// Records an error at `sp`. Messages are short and lowercase; a hint follows after `; `.
    pub fn error(&mut self, sp: Sp, message: impl std::fmt::Display) {
        self.errors
            .push(syn::Error::new_spanned(sp.tokens(), message));
    }

    /// Records an error that rustc already reported elsewhere (such as a syntax error).
    pub fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    pub fn count(&self) -> usize {
        self.errors.len()
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The errors as `compile_error!` invocations, in source order of discovery.
    pub fn to_compile_errors(&self) -> TokenStream {
        self.errors
            .iter()
            .map(syn::Error::to_compile_error)
            .collect()
    }

    #[cfg(test)]
    pub fn messages(&self) -> Vec<String> {
        self.errors.iter().map(ToString::to_string).collect()
    }
}
