//! How deeply a kernel may nest, checked on its tokens before syn parses them.
//!
//! Every phase of the translator (syn's parser first, then parse, check, lower and emit) walks
//! nested code by recursion, on the stack of the compiler's thread (8 MiB, of which rustc has
//! used some when it calls the macro). Past some depth that stack overflows and rustc dies of
//! a segfault, on input that rustc itself compiles (it grows its own stack on demand; a macro
//! cannot). So the macro first estimates, in one pass over the tokens with an explicit stack,
//! how much stack the deepest point of the item will need, and rejects the item with a message
//! when that is more than [`BUDGET`].
//!
//! The estimate follows a path from the item's start to each token: every bracket entered
//! costs what syn's parser spends on one level of it, and every operator, `.method()`, cast,
//! `else` or trailing bracket since the start of the current expression (a `,`, `;` or `=>`
//! starts a new one, as does a statement after a block) costs what the translator's own
//! recursive phases spend on one level of the syntax tree, since an expression with `k`
//! operators is at most `k` levels deep. The costs were measured on debug builds of the macro
//! (proc-macros are built without optimizations by default), where frames are largest.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// Estimated stack the deepest point of an item may need: about half of what rustc leaves
/// the macro (8 MiB less rustc's own frames, about 0.6 MiB), so that the estimate's errors and
/// rustc's own state never decide between a translation and a crash.
pub(crate) const BUDGET: usize = 4 << 20;

/// One level of `{ .. }`: syn parses a block through about ten frames (statements,
/// expressions, the block), 18 KiB in a debug build.
const BRACE: usize = 20 << 10;
/// One level of `( .. )` or `[ .. ]` (and invisible groups): syn's expression parser, about
/// 11 KiB per level.
const PAREN: usize = 12 << 10;
/// A prefix operator (`-x`, `!x`, `&x`, `*x`): syn parses each one by recursion, 3.3 KiB.
const PREFIX: usize = 4 << 10;
/// Any other link of an expression chain (a binary operator, `.`, `as`, `else`, a call's or an
/// index's brackets): syn parses these in a loop, but the translator's phases recurse once per
/// level of the tree they build, 2.2 KiB at most (parse, check, lower and emit each keep the
/// frames on that path small).
const LINK: usize = 5 << 9;

/// Why an item was rejected: the error at the token where the estimate passed the budget, and
/// whether that token is in the function's body (the signature can then still be used).
pub(crate) struct TooDeep {
    pub error: syn::Error,
    pub in_body: bool,
}

/// One group being walked.
struct Level {
    tokens: proc_macro2::token_stream::IntoIter,
    /// Estimated stack at the group's start.
    base: usize,
    /// Cost of the current expression's links so far.
    chain: usize,
    /// The next token starts an operand (a `-` there is a prefix operator).
    expect_operand: bool,
    /// The previous token was a `{ .. }` group (a statement may end there).
    after_block: bool,
    /// The previous token was a `=` joined to the next (`=>`, `==`, `=<`..).
    joint_eq: bool,
    /// After `if`, `while`, `match` or `for`: the chain where that keyword stood. The body's
    /// block hangs one level below it, whatever its condition holds.
    head: Option<usize>,
    /// Inside the function's body.
    in_body: bool,
}

impl Level {
    fn new(tokens: TokenStream, base: usize, in_body: bool) -> Level {
        Level {
            tokens: tokens.into_iter(),
            base,
            chain: 0,
            expect_operand: true,
            after_block: false,
            joint_eq: false,
            head: None,
            in_body,
        }
    }

    /// A new expression starts: after a `,`, `;` or `=>`, or a statement after a block.
    fn restart(&mut self) {
        self.chain = 0;
        self.expect_operand = true;
        self.head = None;
    }
}

/// Checks that `item` nests within [`BUDGET`].
pub(crate) fn check(item: &TokenStream) -> Result<(), TooDeep> {
    let top_len = item.clone().into_iter().count();
    let has_body = body(item).is_some();
    let mut top_index = 0usize;
    let mut stack: Vec<Level> = vec![Level::new(item.clone(), 0, false)];
    loop {
        let at_top = stack.len() == 1;
        let Some(level) = stack.last_mut() else {
            break;
        };
        let Some(token) = level.tokens.next() else {
            stack.pop();
            continue;
        };
        let is_body = at_top && has_body && top_index + 1 == top_len;
        if at_top {
            top_index += 1;
        }
        if level.after_block {
            level.after_block = false;
            let continues = match &token {
                TokenTree::Punct(p) => !matches!(p.as_char(), '#' | '\''),
                TokenTree::Ident(i) => i == "else" || i == "as",
                _ => false,
            };
            if !continues {
                level.restart();
            }
        }
        let joint_eq = std::mem::take(&mut level.joint_eq);
        let (cost, span) = match &token {
            TokenTree::Group(g) => {
                let weight = match g.delimiter() {
                    Delimiter::Brace => BRACE,
                    _ => PAREN,
                };
                let head = match g.delimiter() {
                    Delimiter::Brace => level.head.take(),
                    _ => None,
                };
                match head {
                    Some(head) => level.chain = head + LINK,
                    // After the group, the expression goes on with it as one link (`f(x)`,
                    // `a[i]`).
                    None => level.chain += LINK,
                }
                let inner = level.base + level.chain + weight;
                level.expect_operand = false;
                level.after_block = g.delimiter() == Delimiter::Brace;
                if inner <= BUDGET {
                    let in_body = level.in_body || is_body;
                    stack.push(Level::new(g.stream(), inner, in_body));
                    continue;
                }
                (inner, g.span_open())
            }
            TokenTree::Punct(p) => {
                let c = p.as_char();
                if c == ',' || c == ';' || (c == '>' && joint_eq) {
                    level.restart();
                    continue;
                }
                if c == '\'' {
                    continue;
                }
                level.joint_eq = c == '=' && p.spacing() == Spacing::Joint;
                let prefix = level.expect_operand && matches!(c, '-' | '!' | '&' | '*' | '|');
                level.chain += if prefix { PREFIX } else { LINK };
                level.expect_operand = true;
                (level.base + level.chain, p.span())
            }
            TokenTree::Ident(i) => {
                let word = i.to_string();
                if matches!(word.as_str(), "else" | "as" | "return" | "break") {
                    level.chain += LINK;
                    level.expect_operand = word != "as";
                    (level.base + level.chain, i.span())
                } else {
                    if matches!(word.as_str(), "if" | "while" | "match" | "for") {
                        level.head = Some(level.chain);
                    }
                    level.expect_operand = matches!(
                        word.as_str(),
                        "if" | "while" | "match" | "in" | "let" | "move"
                    );
                    continue;
                }
            }
            TokenTree::Literal(_) => {
                level.expect_operand = false;
                continue;
            }
        };
        if cost > BUDGET {
            return Err(TooDeep {
                error: syn::Error::new(span, message()),
                in_body: level.in_body || is_body,
            });
        }
    }
    Ok(())
}

/// The message: the limits the budget amounts to, in the units a user counts.
fn message() -> String {
    format!(
        "this kernel nests too deeply for the translator: it accepts about {} levels of nested \
         blocks, {} of parentheses or brackets, or {} chained operators (`+`, `.method()`, \
         `as`, `else if`, ...) in one expression; split the expression with `let` bindings",
        BUDGET / (BRACE + LINK),
        BUDGET / (PAREN + LINK),
        BUDGET / LINK
    )
}

/// The body of a function item: its last top-level token, a `{ .. }` group.
fn body(item: &TokenStream) -> Option<proc_macro2::Group> {
    match item.clone().into_iter().last()? {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Some(g),
        _ => None,
    }
}

/// `item` with its body replaced by `{ ::core::unreachable!() }` (and its unused parameters
/// allowed): what is parsed for the signature, and emitted as the stub, when only the body was
/// too deep.
fn without_body(item: &TokenStream) -> TokenStream {
    let mut tokens: Vec<TokenTree> = item.clone().into_iter().collect();
    if let Some(TokenTree::Group(g)) = tokens.last() {
        if g.delimiter() == Delimiter::Brace {
            let span = g.span();
            let mut stub = proc_macro2::Group::new(
                Delimiter::Brace,
                quote::quote_spanned!(span=> ::core::unreachable!()),
            );
            stub.set_span(span);
            tokens.pop();
            tokens.push(TokenTree::Group(stub));
        }
    }
    let mut out = quote::quote!(#[allow(unused_variables)]);
    out.extend(tokens);
    out
}

/// The tokens for a function rejected by [`check`]: the error and, beside it, what `stub`
/// makes of the function with its body cut off (so that call sites stay typed) when the
/// signature alone is fine, or else the function as written (rustc compiles deep code; only
/// the macro cannot).
pub(crate) fn reject(
    deep: TooDeep,
    item: TokenStream,
    stub: impl FnOnce(&syn::ItemFn) -> TokenStream,
) -> TokenStream {
    let mut out = deep.error.to_compile_error();
    if deep.in_body {
        let cut = without_body(&item);
        if check(&cut).is_ok() {
            if let Ok(f) = syn::parse2::<syn::ItemFn>(cut) {
                out.extend(stub(&f));
                return out;
            }
        }
    }
    out.extend(item);
    out
}
