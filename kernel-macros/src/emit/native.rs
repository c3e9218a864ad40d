//! The native twin: the checked kernel written back as Rust with the kernel language's
//! semantics spelled out, so that the CPU computes what the GPU computes in every build
//! profile.
//!
//! What changes from the function as written: integer `+ - *` and unary `-` wrap
//! (`wrapping_*`, Rust's release semantics, also in debug builds); integer `/` and `%` by zero
//! give 0 and `MIN / -1` wraps; shifts mask their amount (`wrapping_shl`); `abs` and `pow` on
//! integers wrap; `clamp` never panics; arrays are indexed by any integer type; every literal
//! carries its type as a suffix; `f16`/`bf16` methods compute in `f32` and round once, as the
//! `half` crate does; `step_by(0)` steps by 1; `exp`, `exp2`, `exp_m1`, `ln`, `log2`, `log10`,
//! `ln_1p`, `sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh`, `atan`, `asin`, `acos`,
//! `cbrt`, `sin`, `cos` and `tan` of floats (type parameters bounded by `Float` and
//! `f16`/`bf16` too) call the runtime's, `<T as array_runtime::math::KernelMath>::exp(x)`:
//! vectorizable implementations within 1 ULP of the correctly rounded result (for `f64`, the
//! hyperbolic, trigonometric and inverse trigonometric functions stay the C library's),
//! instead of scalar calls; an elementwise kernel calling `sin`, `cos` or `tan` also gets a
//! small-argument twin ([`small_trig_body`]). Everything else is the user's code, at the
//! user's spans.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};

use crate::check::ty::Ty;
use crate::check::Typed;
use crate::parse::ast::BinOp;
use crate::parse::ast::{
    Block, Caps, Constant, Expr, ExprKind, ForLoop, Intrinsic, Kernel, Let, Lit, MatchPat, Pat,
    Stmt, UnOp,
};
use crate::scalar::Scalar;

/// The body of the native twin of a checked kernel: a block.
/// `in_module`: the twin is emitted inside the module beside the kernel (paths to device
/// functions starting with `self`/`super` go one level up).
pub(crate) fn body(k: &Kernel, typed: &Typed, in_module: bool) -> TokenStream {
    body_with(k, typed, in_module, &[], false).0
}

/// [`body`], and whether it calls one of the runtime's math functions
/// (`array_runtime::math::KernelMath`): such a loop is compute-bound, and its chunk loop gets
/// an AVX-512 copy (`run_compute_loop`, see `emit::kernel`).
pub(crate) fn body_and_math(k: &Kernel, typed: &Typed, in_module: bool) -> (TokenStream, bool) {
    let (body, flags) = body_with(k, typed, in_module, &[], false);
    (body, flags.uses_math)
}

/// The body of an elementwise kernel's small-argument twin, or `None` when the kernel calls
/// no `sin`, `cos` or `tan` of a float: [`body`] with those calls made to the runtime's
/// `sin_small`, `cos_small` and `tan_small` (`array_runtime::math::KernelMath`), which set
/// the twin's parameter [`LARGE`] when an argument is too large for them. The chunk loop runs
/// it over the chunk once for the flag alone, then again for the results when no argument
/// was large (see `emit::kernel`).
pub(crate) fn small_trig_body(k: &Kernel, typed: &Typed, in_module: bool) -> Option<TokenStream> {
    let (body, flags) = body_with(k, typed, in_module, &[], true);
    flags.uses_trig.then_some(body)
}

/// The name of the small-argument twin's flag parameter (`&mut bool`): see
/// [`small_trig_body`].
pub(crate) const LARGE: &str = "__kx_large";

/// The body of a raw kernel's CPU twin (inside its module): slices are the runtime's handles
/// (`x.get(i)`, `y.set(i, v)`), the intrinsics the runtime's functions, and the static shared
/// arrays sit at `shared_offsets`.
pub(crate) fn raw_body(k: &Kernel, typed: &Typed, shared_offsets: &[usize]) -> TokenStream {
    body_with(k, typed, true, shared_offsets, false).0
}

/// Which of the runtime's math functions a native body calls.
struct Calls {
    /// `sin`, `cos` or `tan`.
    uses_trig: bool,
    /// Any of [`RUNTIME_MATH`].
    uses_math: bool,
}

/// The body and which of the runtime's math functions it calls; `small_trig`: calls the
/// small-argument forms of `sin`, `cos` and `tan`, flagging large arguments in [`LARGE`].
fn body_with(
    k: &Kernel,
    typed: &Typed,
    in_module: bool,
    shared_offsets: &[usize],
    small_trig: bool,
) -> (TokenStream, Calls) {
    let mut n = Native {
        in_module,
        typed,
        generics: k.sig.generics.iter().map(|g| g.name.clone()).collect(),
        caps: k.sig.generics.iter().map(|g| g.caps).collect(),
        num_helper: false,
        shared_offsets: shared_offsets.to_vec(),
        small_trig,
        uses_trig: false,
        uses_math: false,
    };
    let block = n.block(&k.body);
    let helper = if n.num_helper { num_helper() } else { quote!() };
    let calls = Calls {
        uses_trig: n.uses_trig,
        uses_math: n.uses_math,
    };
    (quote!({ #helper #block }), calls)
}

struct Native<'a> {
    in_module: bool,
    typed: &'a Typed,
    generics: Vec<Ident>,
    caps: Vec<Caps>,
    /// Arithmetic on a type parameter bounded by `Num` only (an integer or a float).
    num_helper: bool,
    /// Byte offsets of a raw kernel's static shared arrays.
    shared_offsets: Vec<usize>,
    /// Call the runtime's small-argument `sin`, `cos` and `tan` (see [`small_trig_body`]).
    small_trig: bool,
    /// A call to the runtime's `sin`, `cos` or `tan` was emitted.
    uses_trig: bool,
    /// A call to one of the runtime's math functions ([`RUNTIME_MATH`]) was emitted.
    uses_math: bool,
}

fn ms(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

impl Native<'_> {
    fn ty_of(&self, e: &Expr) -> &Ty {
        &self.typed.expr_ty[e.id]
    }

    fn block(&mut self, b: &Block) -> TokenStream {
        let stmts: Vec<TokenStream> = b.stmts.iter().map(|s| self.stmt(s)).collect();
        let tail = b.tail.as_ref().map(|t| self.expr(t));
        quote!({ #(#stmts)* #tail })
    }

    fn stmt(&mut self, s: &Stmt) -> TokenStream {
        match s {
            Stmt::Let(l) => self.let_stmt(l),
            Stmt::Expr(e) => {
                let x = self.expr(e);
                quote!(#x;)
            }
        }
    }

    fn let_stmt(&mut self, l: &Let) -> TokenStream {
        let pat = pattern(&l.pat);
        let init = self.expr(&l.init);
        let t = self.ty_of(&l.init).clone();
        match (&l.pat, &t) {
            (Pat::Wild(_), _) | (_, Ty::Never) => quote!(let #pat = #init;),
            _ => {
                let ty = self.ty_tokens(&t);
                quote!(let #pat: #ty = #init;)
            }
        }
    }

    /// The Rust spelling of a final type.
    fn ty_tokens(&self, t: &Ty) -> TokenStream {
        match t {
            Ty::Scalar(s) => scalar_tokens(*s),
            Ty::Generic(i) => self.generics[*i].to_token_stream(),
            Ty::Tuple(e) => {
                let e: Vec<TokenStream> = e.iter().map(|x| self.ty_tokens(x)).collect();
                quote!((#(#e,)*))
            }
            Ty::Array(e, n) => {
                let e = self.ty_tokens(e);
                let n = Literal::usize_unsuffixed(*n);
                quote!([#e; #n])
            }
            Ty::Complex(p) => {
                let p = self.ty_tokens(p);
                quote!(array_runtime::Complex<#p>)
            }
            Ty::Unit => quote!(()),
            Ty::Dim3 => quote!(array_runtime::kernel::raw::Dim3),
            // The runtime's handles; only shared memory is bound by a `let`.
            Ty::Slice(..) | Ty::Never | Ty::Var(_) | Ty::Error => quote!(_),
        }
    }

    /// The native expression. Recursive once per level of nesting: this function dispatches,
    /// each kind is written by a function of its own, so that the frames on that path stay
    /// small (`nesting` bounds the depth).
    fn expr(&mut self, e: &Expr) -> TokenStream {
        let sp = e.sp.start;
        match &e.kind {
            ExprKind::Lit(l) => literal(l, self.ty_of(e), sp),
            ExprKind::Var(name) => name.to_token_stream(),
            ExprKind::Const(s, c) => constant(*s, *c, sp),
            ExprKind::Unary(op, x) => self.unary(e, *op, x, sp),
            ExprKind::Binary(op, l, r) => self.binary_expr(*op, l, r, sp),
            ExprKind::Assign(op, place, value) if self.slice_place(place).is_some() => {
                self.slice_assign(*op, place, value, sp)
            }
            ExprKind::Assign(op, place, value) => self.assign(*op, place, value, sp),
            ExprKind::Len(x) => self.len(x, sp),
            ExprKind::Axis(d, k) => self.axis(d, *k, sp),
            ExprKind::Intrinsic(i, args) => self.intrinsic(i, args, sp),
            ExprKind::Cast(x, _) | ExprKind::Convert(x, _) | ExprKind::FromBits(_, x) => {
                self.conversion(e, x, sp)
            }
            ExprKind::Method(m, name_sp, recv, args) => {
                self.method_call(m.name, name_sp.start, recv, args)
            }
            ExprKind::Call(path, args) => self.call(e, path, args, sp),
            ExprKind::ComplexNew(re, im) => self.complex_new(e, re, im, sp),
            ExprKind::If(c, then, otherwise) => self.if_expr(c, then, otherwise.as_deref(), sp),
            ExprKind::Match(s, arms) => self.match_expr(s, arms, sp),
            ExprKind::While(..)
            | ExprKind::Loop(..)
            | ExprKind::For(_)
            | ExprKind::Break(..)
            | ExprKind::Continue(_)
            | ExprKind::Return(_) => self.control(e, sp),
            ExprKind::Block(b) => self.block(b),
            ExprKind::TupleField(t, i) => self.tuple_field(t, *i, sp),
            ExprKind::ComplexPart(z, im) => self.complex_part(z, *im, sp),
            ExprKind::Tuple(_) | ExprKind::Array(_) | ExprKind::Repeat(..) => self.aggregate(e, sp),
            ExprKind::Index(a, i) => self.index(a, i, sp),
        }
    }

    fn binary_expr(&mut self, op: BinOp, l: &Expr, r: &Expr, sp: Span) -> TokenStream {
        let (lt, rt) = (self.ty_of(l).clone(), self.ty_of(r).clone());
        let (a, b) = (self.expr(l), self.expr(r));
        self.binary(op, &lt, &rt, a, b, sp)
    }

    fn len(&mut self, x: &Expr, sp: Span) -> TokenStream {
        let x = self.expr(x);
        quote_spanned!(sp=> (#x.len() as u64))
    }

    fn method_call(
        &mut self,
        name: &'static str,
        name_sp: Span,
        recv: &Expr,
        args: &[Expr],
    ) -> TokenStream {
        let rt = self.ty_of(recv).clone();
        let r = self.expr(recv);
        let a: Vec<TokenStream> = args.iter().map(|x| self.expr(x)).collect();
        self.method(name, name_sp, &rt, r, a)
    }

    fn complex_new(&mut self, e: &Expr, re: &Expr, im: &Expr, sp: Span) -> TokenStream {
        let (a, b) = (self.expr(re), self.expr(im));
        let t = self.ty_tokens(self.ty_of(e));
        quote_spanned!(sp=> <#t>::new(#a, #b))
    }

    fn tuple_field(&mut self, t: &Expr, i: usize, sp: Span) -> TokenStream {
        let t = self.expr(t);
        let i = syn::Index {
            index: i as u32,
            span: sp,
        };
        quote_spanned!(sp=> (#t).#i)
    }

    fn complex_part(&mut self, z: &Expr, im: bool, sp: Span) -> TokenStream {
        let z = self.expr(z);
        let f = Ident::new(if im { "im" } else { "re" }, sp);
        quote_spanned!(sp=> (#z).#f)
    }

    fn unary(&mut self, e: &Expr, op: UnOp, x: &Expr, sp: Span) -> TokenStream {
        let v = self.expr(x);
        if op == UnOp::Neg && matches!(x.kind, ExprKind::Lit(_)) {
            return quote_spanned!(sp=> (-#v));
        }
        match (op, self.ty_of(e)) {
            (UnOp::Not, _) => quote_spanned!(sp=> (!#v)),
            (UnOp::Neg, Ty::Scalar(s)) if s.is_int() => quote_spanned!(sp=> (#v).wrapping_neg()),
            (UnOp::Neg, Ty::Generic(i)) if !self.caps[*i].float => {
                let t = &self.generics[*i];
                quote_spanned!(sp=> <#t as ::core::default::Default>::default().wrapping_sub(&(#v)))
            }
            (UnOp::Neg, _) => quote_spanned!(sp=> (-#v)),
        }
    }

    fn assign(&mut self, op: Option<BinOp>, place: &Expr, value: &Expr, sp: Span) -> TokenStream {
        let v = self.expr(value);
        let p = self.place(place);
        match op {
            None => quote_spanned!(sp=> #p = #v),
            Some(op) => {
                let (pt, vt) = (self.ty_of(place).clone(), self.ty_of(value).clone());
                let tmp = ms("__kx_v");
                let combined = self.binary(op, &pt, &vt, p.clone(), tmp.to_token_stream(), sp);
                quote_spanned!(sp=> { let #tmp = #v; #p = #combined; })
            }
        }
    }

    fn axis(&mut self, d: &Expr, k: u8, sp: Span) -> TokenStream {
        let d = self.expr(d);
        let f = Ident::new(
            ["x", "y", "z"].get(usize::from(k)).copied().unwrap_or("x"),
            sp,
        );
        quote_spanned!(sp=> (#d).#f)
    }

    /// `x as T`, `x.cast::<T>()`, `f32::from_bits(u)`.
    fn conversion(&mut self, e: &Expr, x: &Expr, sp: Span) -> TokenStream {
        let v = self.expr(x);
        let t = self.ty_tokens(self.ty_of(e));
        match &e.kind {
            ExprKind::FromBits(s, _) => {
                let t = scalar_tokens(*s);
                quote_spanned!(sp=> #t::from_bits(#v))
            }
            ExprKind::Convert(..) => quote_spanned!(sp=> array_runtime::DType::cast::<#t>(#v)),
            _ => quote_spanned!(sp=> ((#v) as #t)),
        }
    }

    fn call(&mut self, e: &Expr, path: &syn::Path, args: &[Expr], sp: Span) -> TokenStream {
        let a: Vec<TokenStream> = args.iter().map(|x| self.expr(x)).collect();
        let t = self.ty_tokens(self.ty_of(e));
        let r = ms("__kx_r");
        let path = if self.in_module {
            let mut p = super::device_fn::module_path(path);
            if let (Some(l), Some(orig)) = (p.segments.last_mut(), path.segments.last()) {
                l.arguments = orig.arguments.clone();
            }
            p
        } else {
            path.clone()
        };
        quote_spanned!(sp=> { let #r: #t = #path(#(#a),*); #r })
    }

    fn if_expr(
        &mut self,
        c: &Expr,
        then: &Block,
        otherwise: Option<&Expr>,
        sp: Span,
    ) -> TokenStream {
        let c = self.expr(c);
        let t = self.block(then);
        match otherwise {
            Some(o) => {
                let o = self.expr(o);
                quote_spanned!(sp=> if #c #t else #o)
            }
            None => quote_spanned!(sp=> if #c #t),
        }
    }

    fn match_expr(&mut self, s: &Expr, arms: &[crate::parse::ast::Arm], sp: Span) -> TokenStream {
        let s = self.expr(s);
        let arms: Vec<TokenStream> = arms
            .iter()
            .map(|a| {
                let pats: Vec<TokenStream> = a.pats.iter().map(|p| self.match_pat(p)).collect();
                let guard = a.guard.as_ref().map(|g| {
                    let g = self.expr(g);
                    quote!(if #g)
                });
                let body = self.expr(&a.body);
                quote!(#(#pats)|* #guard => #body,)
            })
            .collect();
        quote_spanned!(sp=> match #s { #(#arms)* })
    }

    /// Loops and jumps.
    fn control(&mut self, e: &Expr, sp: Span) -> TokenStream {
        match &e.kind {
            ExprKind::While(label, c, body) => {
                let l = label.as_ref().map(|l| lifetime(&l.name, l.sp.start));
                let c = self.expr(c);
                let b = self.block(body);
                quote_spanned!(sp=> #l while #c #b)
            }
            ExprKind::Loop(label, body) => {
                let l = label.as_ref().map(|l| lifetime(&l.name, l.sp.start));
                let b = self.block(body);
                quote_spanned!(sp=> #l loop #b)
            }
            ExprKind::For(f) => self.for_loop(f, sp),
            ExprKind::Break(label, v) => {
                let l = label.as_ref().map(|l| lifetime_ref(&l.name, l.sp.start));
                let v = v.as_ref().map(|v| self.expr(v));
                quote_spanned!(sp=> break #l #v)
            }
            ExprKind::Continue(label) => {
                let l = label.as_ref().map(|l| lifetime_ref(&l.name, l.sp.start));
                quote_spanned!(sp=> continue #l)
            }
            ExprKind::Return(v) => {
                let v = v.as_ref().map(|v| self.expr(v));
                quote_spanned!(sp=> return #v)
            }
            _ => TokenStream::new(),
        }
    }

    /// Tuples and array literals.
    fn aggregate(&mut self, e: &Expr, sp: Span) -> TokenStream {
        match &e.kind {
            ExprKind::Tuple(elems) => {
                let x: Vec<TokenStream> = elems.iter().map(|x| self.expr(x)).collect();
                quote_spanned!(sp=> (#(#x,)*))
            }
            ExprKind::Array(elems) => {
                let x: Vec<TokenStream> = elems.iter().map(|x| self.expr(x)).collect();
                quote_spanned!(sp=> [#(#x),*])
            }
            ExprKind::Repeat(v, n) => {
                let v = self.expr(v);
                let n = Literal::usize_unsuffixed(*n);
                quote_spanned!(sp=> [#v; #n])
            }
            _ => TokenStream::new(),
        }
    }

    fn index(&mut self, a: &Expr, i: &Expr, sp: Span) -> TokenStream {
        let slice = matches!(self.ty_of(a), Ty::Slice(..));
        let a = self.expr(a);
        let i = self.expr(i);
        if slice {
            quote_spanned!(sp=> #a.get(#i))
        } else {
            quote_spanned!(sp=> (#a)[(#i) as usize])
        }
    }

    /// The slice and index of an assignment's place `x[i]` on a slice.
    fn slice_place<'e>(&self, place: &'e Expr) -> Option<(&'e Expr, &'e Expr)> {
        match &place.kind {
            ExprKind::Index(a, i) if matches!(self.ty_of(a), Ty::Slice(..)) => Some((a, i)),
            _ => None,
        }
    }

    /// `x[i] = v` as `x.set(i, v)`; `x[i] op= v` reads and writes the element once each (the
    /// value first, then the index, as in the CUDA C).
    fn slice_assign(
        &mut self,
        op: Option<BinOp>,
        place: &Expr,
        value: &Expr,
        sp: Span,
    ) -> TokenStream {
        let Some((a, i)) = self.slice_place(place) else {
            return quote!();
        };
        let (pt, vt) = (self.ty_of(place).clone(), self.ty_of(value).clone());
        let v = self.expr(value);
        let x = self.expr(a);
        let i = self.expr(i);
        let (tv, ti) = (ms("__kx_v"), ms("__kx_i"));
        match op {
            None => quote_spanned!(sp=> { let #tv = #v; #x.set(#i, #tv); }),
            Some(op) => {
                let old = quote_spanned!(sp=> #x.get(#ti));
                let new = self.binary(op, &pt, &vt, old, tv.to_token_stream(), sp);
                quote_spanned!(sp=> { let #tv = #v; let #ti = #i; #x.set(#ti, #new); })
            }
        }
    }

    /// An intrinsic: the runtime's function of the same name (shared memory at its offset).
    fn intrinsic(&mut self, i: &Intrinsic, args: &[Expr], sp: Span) -> TokenStream {
        let rt = quote!(array_runtime::kernel::raw);
        match i {
            Intrinsic::Shared { elem, len, index } => {
                let t = self.ty_tokens(&Ty::of_ref(elem));
                let offset = Literal::usize_unsuffixed(
                    self.shared_offsets.get(*index).copied().unwrap_or(0),
                );
                let len = Literal::usize_unsuffixed(*len);
                quote_spanned!(sp=> #rt::shared::<#t>(#offset, #len))
            }
            Intrinsic::DynShared { elem, .. } => {
                let t = self.ty_tokens(&Ty::of_ref(elem));
                quote_spanned!(sp=> #rt::dyn_shared::<#t>())
            }
            Intrinsic::Atomic(_) => {
                let f = Ident::new(&i.name(), sp);
                let mut a = args.iter().map(|x| self.expr(x));
                let target = a.next();
                let rest: Vec<TokenStream> = a.collect();
                quote_spanned!(sp=> #rt::#f(&#target, #(#rest),*))
            }
            _ => {
                let f = Ident::new(&i.name(), sp);
                let a: Vec<TokenStream> = args.iter().map(|x| self.expr(x)).collect();
                quote_spanned!(sp=> #rt::#f(#(#a),*))
            }
        }
    }

    /// An assignment's left side.
    fn place(&mut self, e: &Expr) -> TokenStream {
        let sp = e.sp.start;
        match &e.kind {
            ExprKind::Var(name) => name.to_token_stream(),
            ExprKind::Index(a, i) => {
                let a = self.place(a);
                let i = self.expr(i);
                quote_spanned!(sp=> #a[(#i) as usize])
            }
            ExprKind::TupleField(t, i) => {
                let t = self.place(t);
                let i = syn::Index {
                    index: *i as u32,
                    span: sp,
                };
                quote_spanned!(sp=> #t.#i)
            }
            ExprKind::ComplexPart(z, im) => {
                let z = self.place(z);
                let f = Ident::new(if *im { "im" } else { "re" }, sp);
                quote_spanned!(sp=> #z.#f)
            }
            _ => self.expr(e),
        }
    }

    fn match_pat(&mut self, p: &MatchPat) -> TokenStream {
        match p {
            MatchPat::Wild(sp) => quote_spanned!(sp.start=> _),
            MatchPat::Lit(x) => self.pat_value(x),
            MatchPat::Range(lo, hi, inclusive, _) => {
                let lo = lo.as_ref().map(|x| self.pat_value(x));
                let hi = hi.as_ref().map(|x| self.pat_value(x));
                if *inclusive {
                    quote!(#lo..=#hi)
                } else {
                    quote!(#lo..#hi)
                }
            }
        }
    }

    /// A pattern's literal or constant: `-5i32` without parentheses.
    fn pat_value(&mut self, x: &Expr) -> TokenStream {
        match &x.kind {
            ExprKind::Unary(UnOp::Neg, inner) => {
                let v = self.expr(inner);
                quote!(-#v)
            }
            _ => self.expr(x),
        }
    }

    fn for_loop(&mut self, f: &ForLoop, sp: Span) -> TokenStream {
        let l = f.label.as_ref().map(|l| lifetime(&l.name, l.sp.start));
        let var = pattern(&f.var);
        let (a, b) = (self.expr(&f.start), self.expr(&f.end));
        let body = self.block(&f.body);
        let t = self.ty_of(&f.start).clone();
        if let Ty::Generic(_) = t {
            // `Range<T>` iterates only over primitive `T`: count by hand, never overflowing.
            let tt = self.ty_tokens(&t);
            let (i, end, go) = (ms("__kx_i"), ms("__kx_end"), ms("__kx_go"));
            let (test, advance) = if f.inclusive {
                (
                    quote!(#go && #i <= #end),
                    quote!(if #i == #end { #go = false; } else { #i = #i + #tt::one(); }),
                )
            } else {
                (quote!(#i < #end), quote!(#i = #i + #tt::one();))
            };
            return quote_spanned!(sp=> {
                let (mut #i, #end): (#tt, #tt) = (#a, #b);
                #[allow(unused_mut, unused_variables)]
                let mut #go = true;
                #l while #test {
                    let #var: #tt = #i;
                    #advance
                    #body
                }
            });
        }
        let range = if f.inclusive {
            quote!((#a..=#b))
        } else {
            quote!((#a..#b))
        };
        match &f.step {
            None => quote_spanned!(sp=> #l for #var in #range #body),
            Some(s) => {
                let sv = self.expr(s);
                quote_spanned!(sp=> #l for #var in #range.step_by(::core::cmp::max((#sv) as usize, 1)) #body)
            }
        }
    }

    fn binary(
        &mut self,
        op: BinOp,
        lt: &Ty,
        rt: &Ty,
        a: TokenStream,
        b: TokenStream,
        sp: Span,
    ) -> TokenStream {
        let sym: TokenStream = op.symbol().parse().unwrap_or_default();
        let plain = quote_spanned!(sp=> (#a #sym #b));
        if op.is_logic() || op.is_equality() || op.is_ordering() || op.is_bit() {
            return plain;
        }
        let (x, y) = (ms("__kx_a"), ms("__kx_b"));
        match lt {
            Ty::Scalar(s) if s.is_int() => {
                let f = |name: &str| Ident::new(name, sp);
                match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul => {
                        let m = f(&format!("wrapping_{}", op.helper()));
                        quote_spanned!(sp=> (#a).#m(#b))
                    }
                    BinOp::Div | BinOp::Rem => {
                        let m = f(if op == BinOp::Div {
                            "wrapping_div"
                        } else {
                            "wrapping_rem"
                        });
                        let t = scalar_tokens(*s);
                        quote_spanned!(sp=> { let (#x, #y): (#t, #t) = (#a, #b); if #y == 0 { 0 } else { #x.#m(#y) } })
                    }
                    BinOp::Shl | BinOp::Shr => {
                        let m = f(if op == BinOp::Shl {
                            "wrapping_shl"
                        } else {
                            "wrapping_shr"
                        });
                        quote_spanned!(sp=> (#a).#m((#b) as u32))
                    }
                    _ => plain,
                }
            }
            Ty::Generic(i) => {
                let t = self.generics[*i].clone();
                let caps = self.caps[*i];
                if caps.float {
                    return plain;
                }
                if !caps.int {
                    self.num_helper = true;
                    let code = Literal::u8_unsuffixed(match op {
                        BinOp::Add => 0,
                        BinOp::Sub => 1,
                        BinOp::Mul => 2,
                        BinOp::Div => 3,
                        _ => 4,
                    });
                    return quote_spanned!(sp=> __kx_num::<#t>(#code, #a, #b));
                }
                let zero = quote!(<#t as ::core::default::Default>::default());
                match op {
                    BinOp::Add => quote_spanned!(sp=> (#a).wrapping_add(&(#b))),
                    BinOp::Sub => quote_spanned!(sp=> (#a).wrapping_sub(&(#b))),
                    BinOp::Mul => quote_spanned!(sp=> (#a).wrapping_mul(&(#b))),
                    BinOp::Div => quote_spanned!(sp=> {
                        let (#x, #y): (#t, #t) = (#a, #b);
                        if #y == #zero { #zero } else { #x.checked_div(&#y).unwrap_or(#x) }
                    }),
                    BinOp::Rem => quote_spanned!(sp=> {
                        let (#x, #y): (#t, #t) = (#a, #b);
                        if #y == #zero { #zero } else {
                            #x.wrapping_sub(&#x.checked_div(&#y).unwrap_or(#x).wrapping_mul(&#y))
                        }
                    }),
                    BinOp::Shl | BinOp::Shr => {
                        let bits = quote!((<#t as array_runtime::DType>::ID.size() as u32 * 8));
                        let amount = quote!((((#b) as u32) & (#bits - 1)) as usize);
                        if op == BinOp::Shl {
                            quote_spanned!(sp=> ((#a) << #amount))
                        } else {
                            quote_spanned!(sp=> ((#a) >> #amount))
                        }
                    }
                    _ => plain,
                }
            }
            _ => {
                let _ = rt;
                plain
            }
        }
    }

    fn method(
        &mut self,
        name: &'static str,
        sp: Span,
        rt: &Ty,
        r: TokenStream,
        a: Vec<TokenStream>,
    ) -> TokenStream {
        let m = Ident::new(name, sp);
        let call = quote_spanned!(sp=> (#r).#m(#(#a),*));
        if name == "clamp" {
            // Rust's `clamp` asserts `min <= max`; a kernel cannot panic.
            let (x, lo, hi) = (ms("__kx_x"), ms("__kx_lo"), ms("__kx_hi"));
            let (l, h) = (&a[0], &a[1]);
            return quote_spanned!(sp=> {
                let (mut #x, #lo, #hi) = (#r, #l, #h);
                if #x < #lo { #x = #lo; }
                if #x > #hi { #x = #hi; }
                #x
            });
        }
        if let Some(t) = self.runtime_math_receiver(name, rt) {
            // Vectorizable, within 1 ULP: the runtime's own implementation rather than the
            // C library's scalar call (`array_runtime::math`).
            self.uses_math = true;
            if matches!(name, "sin" | "cos" | "tan") {
                self.uses_trig = true;
                if self.small_trig {
                    let small = Ident::new(&format!("{name}_small"), sp);
                    let large = ms(LARGE);
                    return quote_spanned!(sp=>
                        <#t as array_runtime::math::KernelMath>::#small(#r, #large)
                    );
                }
            }
            return quote_spanned!(sp=> <#t as array_runtime::math::KernelMath>::#m(#r));
        }
        match rt {
            Ty::Scalar(s) if s.is_int() => {
                let renamed = match name {
                    "abs" => Some("wrapping_abs"),
                    "pow" => Some("wrapping_pow"),
                    _ => None,
                };
                if let Some(n) = renamed {
                    let n = Ident::new(n, sp);
                    return quote_spanned!(sp=> (#r).#n(#(#a),*));
                }
                if matches!(name, "wrapping_div" | "wrapping_rem") {
                    let (x, y) = (ms("__kx_a"), ms("__kx_b"));
                    let t = scalar_tokens(*s);
                    let b = &a[0];
                    return quote_spanned!(sp=> { let (#x, #y): (#t, #t) = (#r, #b); if #y == 0 { 0 } else { #x.#m(#y) } });
                }
                call
            }
            Ty::Scalar(s) if s.is_half() => {
                let t = scalar_tokens(*s);
                let value = !matches!(
                    name,
                    "is_nan"
                        | "to_bits"
                        | "is_finite"
                        | "is_infinite"
                        | "is_sign_negative"
                        | "is_sign_positive"
                        | "min"
                        | "max"
                );
                if !value {
                    return call;
                }
                let args: Vec<TokenStream> = a
                    .iter()
                    .map(|x| {
                        if name == "powi" {
                            x.clone()
                        } else {
                            quote!((#x).to_f32())
                        }
                    })
                    .collect();
                quote_spanned!(sp=> #t::from_f32((#r).to_f32().#m(#(#args),*)))
            }
            Ty::Generic(i) if self.caps[*i].int && !self.caps[*i].float => match name {
                "min" | "max" => quote_spanned!(sp=> ::core::cmp::Ord::#m(#r, #(#a),*)),
                "wrapping_add" | "wrapping_sub" | "wrapping_mul" => {
                    let b = &a[0];
                    quote_spanned!(sp=> (#r).#m(&(#b)))
                }
                _ => call,
            },
            _ => call,
        }
    }
}

impl Native<'_> {
    /// The float type whose [`RUNTIME_MATH`] method `name` the twin computes with
    /// `array_runtime::math::KernelMath`: a float scalar (`f16` and `bf16` included) or a type
    /// parameter bounded by `Float`; `None` for every other method and receiver.
    fn runtime_math_receiver(&self, name: &str, rt: &Ty) -> Option<TokenStream> {
        if !RUNTIME_MATH.contains(&name) {
            return None;
        }
        match rt {
            Ty::Scalar(s) if s.is_float() => Some(scalar_tokens(*s)),
            Ty::Generic(i) if self.caps[*i].float => Some(self.generics[*i].to_token_stream()),
            _ => None,
        }
    }
}

/// The float methods that the native twin computes with the runtime's own vectorizable
/// implementations (`array_runtime::math::KernelMath`) instead of std's (the C library's).
const RUNTIME_MATH: &[&str] = &[
    "exp", "exp2", "exp_m1", "ln", "log2", "log10", "ln_1p", "sinh", "cosh", "tanh", "asinh",
    "acosh", "atanh", "atan", "asin", "acos", "cbrt", "sin", "cos", "tan",
];

/// `__kx_num(op, a, b)`: arithmetic on a type parameter bounded by `Num` only, wrapping for
/// integer instantiations (through `i128`) and plain for float ones.
fn num_helper() -> TokenStream {
    quote! {
        #[inline(always)]
        #[allow(dead_code)]
        fn __kx_num<T: array_runtime::Num>(op: u8, a: T, b: T) -> T {
            let id = <T as array_runtime::DType>::ID;
            if !id.is_int() {
                return match op {
                    0 => a + b,
                    1 => a - b,
                    2 => a * b,
                    3 => a / b,
                    _ => a % b,
                };
            }
            let (x, y) = (a.to_i128().unwrap_or(0), b.to_i128().unwrap_or(0));
            let r = match op {
                0 => x.wrapping_add(y),
                1 => x.wrapping_sub(y),
                2 => x.wrapping_mul(y),
                3 => if y == 0 { 0 } else { x.wrapping_div(y) },
                _ => if y == 0 { 0 } else { x.wrapping_rem(y) },
            };
            let bits = id.size() as u32 * 8;
            let m = (r as u128) & ((1u128 << bits) - 1);
            let signed = matches!(
                id,
                array_runtime::DTypeId::I8
                    | array_runtime::DTypeId::I16
                    | array_runtime::DTypeId::I32
                    | array_runtime::DTypeId::I64
            );
            let v = if signed && (m >> (bits - 1)) == 1 {
                m as i128 - (1i128 << bits)
            } else {
                m as i128
            };
            T::from(v).unwrap_or(a)
        }
    }
}

/// A `let` or `for` pattern as written.
fn pattern(p: &Pat) -> TokenStream {
    match p {
        Pat::Bind(b) => {
            let name = &b.name;
            if b.mutable {
                quote!(mut #name)
            } else {
                quote!(#name)
            }
        }
        Pat::Wild(sp) => quote_spanned!(sp.start=> _),
        Pat::Tuple(pats, _) => {
            let p: Vec<TokenStream> = pats.iter().map(pattern).collect();
            quote!((#(#p,)*))
        }
    }
}

/// `'name:` before a loop.
fn lifetime(name: &str, sp: Span) -> TokenStream {
    let l = syn::Lifetime::new(&format!("'{name}"), sp);
    quote!(#l:)
}

/// `'name` after `break`/`continue`.
fn lifetime_ref(name: &str, sp: Span) -> TokenStream {
    let l = syn::Lifetime::new(&format!("'{name}"), sp);
    quote!(#l)
}

/// The Rust spelling of a dtype.
pub(crate) fn scalar_tokens(s: Scalar) -> TokenStream {
    match s {
        Scalar::F16 => quote!(array_runtime::f16),
        Scalar::BF16 => quote!(array_runtime::bf16),
        Scalar::C64 => quote!(array_runtime::Complex<f32>),
        Scalar::C128 => quote!(array_runtime::Complex<f64>),
        s => Ident::new(s.name(), Span::call_site()).to_token_stream(),
    }
}

/// A literal with its type as a suffix, so that the twin never relies on inference.
/// A constant of std: `::core::f32::consts::PI`, `<f32>::MAX`.
fn constant(s: Scalar, c: Constant, sp: Span) -> TokenStream {
    let t = scalar_tokens(s);
    match c {
        Constant::Math(name, _) => {
            let n = Ident::new(name, sp);
            quote_spanned!(sp=> ::core::#t::consts::#n)
        }
        _ => {
            let n = Ident::new(&c.rust_name(), sp);
            quote_spanned!(sp=> <#t>::#n)
        }
    }
}

fn literal(l: &Lit, ty: &Ty, sp: Span) -> TokenStream {
    let s = match ty {
        Ty::Scalar(s) => *s,
        _ => Scalar::I32,
    };
    let float = |digits: &str| {
        if s == Scalar::F32 {
            let v: f32 = digits.parse().unwrap_or(0.0);
            Literal::f32_suffixed(if v.is_finite() { v } else { 0.0 })
        } else {
            let v: f64 = digits.parse().unwrap_or(0.0);
            Literal::f64_suffixed(if v.is_finite() { v } else { 0.0 })
        }
    };
    let mut lit = match l {
        Lit::Bool(true) => return quote_spanned!(sp=> true),
        Lit::Bool(false) => return quote_spanned!(sp=> false),
        Lit::Float { digits, .. } => float(digits),
        Lit::Int { value, .. } if s.is_float() => float(&value.to_string()),
        Lit::Int { value, .. } => format!("{value}{}", s.name())
            .parse()
            .unwrap_or_else(|_| Literal::i32_suffixed(0)),
    };
    lit.set_span(sp);
    lit.to_token_stream()
}
