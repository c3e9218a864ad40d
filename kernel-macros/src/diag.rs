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

    /// The range of an expression: as [`Sp::of`], found by walking down to its first and last
    /// tokens instead of printing it (printing every node of a deep expression is quadratic,
    /// and recursive).
    pub fn of_expr(e: &syn::Expr) -> Sp {
        Sp {
            start: first_token(e),
            end: last_token(e),
        }
    }

    /// The range of a block: its braces.
    pub fn of_block(b: &syn::Block) -> Sp {
        Sp::single(b.brace_token.span.join())
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

/// The span of an expression's first token (a group's whole span, as [`Sp::of`] sees it).
fn first_token(mut e: &syn::Expr) -> Span {
    use syn::Expr as E;
    let label = |l: &Option<syn::Label>| l.as_ref().map(|l| l.name.apostrophe);
    loop {
        e = match e {
            E::Binary(x) => &x.left,
            E::Assign(x) => &x.left,
            E::Cast(x) => &x.expr,
            E::Field(x) => &x.base,
            E::Index(x) => &x.expr,
            E::MethodCall(x) => &x.receiver,
            E::Call(x) => &x.func,
            E::Try(x) => &x.expr,
            E::Await(x) => &x.base,
            E::Range(x) => match &x.start {
                Some(s) => s,
                None => return Sp::of(&x.limits).start,
            },
            E::Paren(x) => return x.paren_token.span.join(),
            E::Tuple(x) => return x.paren_token.span.join(),
            E::Group(x) => return x.group_token.span,
            E::Array(x) => return x.bracket_token.span.join(),
            E::Repeat(x) => return x.bracket_token.span.join(),
            E::Block(x) => {
                return label(&x.label).unwrap_or_else(|| x.block.brace_token.span.join())
            }
            E::While(x) => return label(&x.label).unwrap_or(x.while_token.span),
            E::Loop(x) => return label(&x.label).unwrap_or(x.loop_token.span),
            E::ForLoop(x) => return label(&x.label).unwrap_or(x.for_token.span),
            E::If(x) => return x.if_token.span,
            E::Match(x) => return x.match_token.span,
            E::Reference(x) => return x.and_token.span,
            E::Return(x) => return x.return_token.span,
            E::Break(x) => return x.break_token.span,
            E::Continue(x) => return x.continue_token.span,
            E::Lit(x) => return x.lit.span(),
            _ => return Sp::of(e).start,
        };
    }
}

/// The span of an expression's last token.
fn last_token(mut e: &syn::Expr) -> Span {
    use syn::Expr as E;
    loop {
        e = match e {
            E::Binary(x) => &x.right,
            E::Assign(x) => &x.right,
            E::Unary(x) => &x.expr,
            E::Reference(x) => &x.expr,
            E::Closure(x) => &x.body,
            E::Let(x) => &x.expr,
            E::Range(x) => match &x.end {
                Some(s) => s,
                None => return Sp::of(&x.limits).end,
            },
            E::If(x) => match &x.else_branch {
                Some((_, otherwise)) => otherwise,
                None => return x.then_branch.brace_token.span.join(),
            },
            E::Return(x) => match &x.expr {
                Some(v) => v,
                None => return x.return_token.span,
            },
            E::Break(x) => match (&x.expr, &x.label) {
                (Some(v), _) => v,
                (None, Some(l)) => return l.ident.span(),
                (None, None) => return x.break_token.span,
            },
            E::Continue(x) => match &x.label {
                Some(l) => return l.ident.span(),
                None => return x.continue_token.span,
            },
            E::Cast(x) => return Sp::of(&x.ty).end,
            E::Field(x) => return Sp::of(&x.member).end,
            E::Index(x) => return x.bracket_token.span.join(),
            E::MethodCall(x) => return x.paren_token.span.join(),
            E::Call(x) => return x.paren_token.span.join(),
            E::Try(x) => return x.question_token.span,
            E::Await(x) => return x.await_token.span,
            E::Paren(x) => return x.paren_token.span.join(),
            E::Tuple(x) => return x.paren_token.span.join(),
            E::Group(x) => return x.group_token.span,
            E::Array(x) => return x.bracket_token.span.join(),
            E::Repeat(x) => return x.bracket_token.span.join(),
            E::Block(x) => return x.block.brace_token.span.join(),
            E::While(x) => return x.body.brace_token.span.join(),
            E::Loop(x) => return x.body.brace_token.span.join(),
            E::ForLoop(x) => return x.body.brace_token.span.join(),
            E::Match(x) => return x.brace_token.span.join(),
            E::Lit(x) => return x.lit.span(),
            _ => return Sp::of(e).end,
        };
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
