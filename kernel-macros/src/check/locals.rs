//! The local storage of a function: its local arrays (bindings and temporaries), bounded so
//! that a thread can hold them on either backend. A GPU thread keeps them in registers and
//! local memory (512 KiB at most), a CPU thread on its stack (2 MiB by default, less in the raw
//! kernels' emulated threads). What the device functions it calls need is added at compile
//! time, through their statics (`array_runtime::kernel::device`), with the same bound.

use std::collections::HashSet;

use super::ty::Ty;
use super::Typed;
use crate::diag::{Diagnostics, Sp};
use crate::parse::ast::{Block, ExprId, ExprKind, Kernel, Pat, Stmt};

/// Most bytes of local arrays a thread may hold (`array_runtime::kernel::device::MAX_LOCAL_BYTES`,
/// which the runtime checks again with the device functions' needs): half of a CUDA thread's
/// local memory.
pub(crate) const MAX_LOCAL_BYTES: usize = 256 << 10;

/// Bytes of a value of type `t` (a type parameter counts as the largest dtype, 16 bytes).
fn size(t: &Ty) -> usize {
    match t {
        Ty::Scalar(s) => s.size(),
        Ty::Generic(_) => 16,
        Ty::Tuple(elems) => elems
            .iter()
            .fold(0usize, |n, e| n.saturating_add(size(e).next_multiple_of(8))),
        Ty::Array(e, n) => size(e).saturating_mul(*n),
        Ty::Complex(p) => size(p).saturating_mul(2),
        _ => 0,
    }
}

fn holds_array(t: &Ty) -> bool {
    match t {
        Ty::Array(..) => true,
        Ty::Tuple(elems) => elems.iter().any(holds_array),
        _ => false,
    }
}

/// The arrays found so far: each binding's and temporary's bytes, where it is.
struct Locals<'a> {
    typed: &'a Typed,
    found: Vec<(usize, Sp)>,
    /// Initializers of `let`s: their arrays are the binding's.
    inits: HashSet<ExprId>,
}

impl Locals<'_> {
    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            if let Stmt::Let(l) = s {
                self.inits.insert(l.init.id);
                self.pattern(&l.pat, l.init.sp);
            }
        }
    }

    fn pattern(&mut self, p: &Pat, value: Sp) {
        match p {
            Pat::Bind(b) => {
                let t = &self.typed.let_ty[b.id];
                if holds_array(t) {
                    self.found.push((size(t), Sp::of(&b.name).to(value)));
                }
            }
            Pat::Wild(_) => {}
            Pat::Tuple(pats, _) => pats.iter().for_each(|p| self.pattern(p, value)),
        }
    }
}

/// The bytes of `k`'s own local arrays per thread; an error past [`MAX_LOCAL_BYTES`], at the
/// largest of them.
pub(crate) fn local_bytes(k: &Kernel, typed: &Typed, diag: &mut Diagnostics) -> usize {
    let mut l = Locals {
        typed,
        found: Vec::new(),
        inits: HashSet::new(),
    };
    l.block(&k.body);
    k.body.walk(&mut |e| {
        match &e.kind {
            ExprKind::If(_, b, _) | ExprKind::While(_, _, b) | ExprKind::Loop(_, b) => l.block(b),
            ExprKind::Block(b) => l.block(b),
            ExprKind::For(f) => l.block(&f.body),
            _ => {}
        }
        // Temporaries: array literals and values of blocks, `if`s, `match`es and loops.
        let temporary = matches!(
            e.kind,
            ExprKind::Array(_)
                | ExprKind::Repeat(..)
                | ExprKind::Tuple(_)
                | ExprKind::If(..)
                | ExprKind::Match(..)
                | ExprKind::Loop(..)
                | ExprKind::Block(_)
        );
        let t = &typed.expr_ty[e.id];
        if temporary && !l.inits.contains(&e.id) && holds_array(t) {
            l.found.push((size(t), e.sp));
        }
    });
    let total = l
        .found
        .iter()
        .fold(0usize, |n, (b, _)| n.saturating_add(*b));
    if total > MAX_LOCAL_BYTES {
        // At the array that takes the running total past the bound.
        let mut running = 0usize;
        let (at, this) = l
            .found
            .iter()
            .find(|(b, _)| {
                running = running.saturating_add(*b);
                running > MAX_LOCAL_BYTES
            })
            .map(|(b, sp)| (*sp, *b))
            .unwrap_or((Sp::single(proc_macro2::Span::call_site()), total));
        diag.error(
            at,
            format!(
                "the local arrays of this kernel take {total} bytes per thread (this one \
                 {this}, which takes them past the bound), more than the {MAX_LOCAL_BYTES} \
                 (256 KiB) a thread may hold: a GPU thread keeps them in registers and local \
                 memory, a CPU thread on its stack; use smaller arrays, or global memory (a \
                 #[raw_kernel]'s slices)"
            ),
        );
    }
    total
}
