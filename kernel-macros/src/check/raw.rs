//! Typing of what only raw kernels have: slices (parameters and shared memory), their
//! `.len()`, `Dim3` indices and the intrinsics.
//!
//! A slice is never a value that flows: it is named (a parameter, or a `let` of shared
//! memory) and then indexed, measured or given to an atomic by that name. That keeps the CUDA
//! C a pointer and a length per name, and the CPU twin a handle per name.

use super::ty::{LitKind, Space, Ty};
use super::Checker;
use crate::parse::ast::{Expr, ExprKind, Intrinsic, Let, Param, ParamMode};
use crate::parse::intrinsics::is_shared_decl;
use crate::scalar::Scalar;

/// The type of a parameter: its value, or its slice.
pub(super) fn param_ty(p: &Param) -> Ty {
    let elem = Ty::of_ref(&p.ty);
    match p.mode {
        ParamMode::Value => elem,
        ParamMode::Slice => Ty::Slice(Box::new(elem), Space::Global),
        ParamMode::SliceMut => Ty::Slice(Box::new(elem), Space::GlobalMut),
    }
}

const U32: Ty = Ty::Scalar(Scalar::U32);

impl Checker<'_> {
    /// A slice-typed expression must be a name (or the declaration of shared memory).
    pub(super) fn slice_value(&mut self, e: &Expr, t: &Ty) {
        if !matches!(self.table.resolve(t), Ty::Slice(..))
            || matches!(e.kind, ExprKind::Var(_))
            || is_shared_decl(e)
        {
            return;
        }
        self.diag.error(
            e.sp,
            "a slice cannot be chosen or computed in a raw kernel; name the parameter or shared \
             array itself",
        );
    }

    /// The base of `x[i]`, `x.len()` or an atomic: a slice by its name.
    pub(super) fn slice_by_name(&mut self, a: &Expr, what: &str) {
        // A misplaced declaration of shared memory was reported as such.
        if !matches!(a.kind, ExprKind::Var(_)) && !is_shared_decl(a) {
            self.diag.error(
                a.sp,
                format!("{what} a slice by its name (a parameter or a shared array)"),
            );
        }
    }

    /// Slices are not values: they cannot be passed on, stored, or bound to another name.
    pub(super) fn not_a_slice(&mut self, e: &Expr, t: &Ty, what: &str) {
        if matches!(self.table.resolve(t), Ty::Slice(..)) && !is_shared_decl(e) {
            self.diag.error(
                e.sp,
                format!("a slice cannot be {what}; raw kernels use slices by their name"),
            );
        }
    }

    /// `let name = x;` of a slice is an alias C would not follow; only shared memory is
    /// declared by a `let`.
    pub(super) fn slice_binding(&mut self, l: &Let, init: &Ty) {
        if matches!(l.init.kind, ExprKind::Var(_)) {
            self.not_a_slice(&l.init, init, "bound to another name");
        }
    }

    /// For an assignment's place `x[i]` on a slice: whether the slice may be written.
    pub(super) fn slice_element(&self, place: &Expr) -> Option<bool> {
        let ExprKind::Index(a, _) = &place.kind else {
            return None;
        };
        match self.table.resolve(self.expr_ty[a.id].as_ref()?) {
            Ty::Slice(_, space) => Some(space != Space::Global),
            _ => None,
        }
    }

    /// `x.len()`: the length of a slice, a `u64` (Rust's `usize`).
    pub(super) fn len(&mut self, x: &Expr) -> Ty {
        let t = self.expr(x);
        match self.table.resolve(&t) {
            Ty::Slice(..) => {
                self.slice_by_name(x, "`.len()` takes");
                Ty::Scalar(Scalar::U64)
            }
            Ty::Error => Ty::Error,
            other => {
                let msg = format!(
                    "`.len()` measures slices, found `{}`; fixed-size arrays have the length \
                     of their type",
                    self.show(&other)
                );
                self.diag.error(x.sp, msg);
                Ty::Error
            }
        }
    }

    /// `d.x`: a `u32` of a `Dim3`.
    pub(super) fn axis(&mut self, d: &Expr) -> Ty {
        let t = self.expr(d);
        match self.table.resolve(&t) {
            Ty::Dim3 => U32,
            Ty::Error => Ty::Error,
            other => {
                let msg = format!(
                    "`.x`, `.y` and `.z` are the fields of `thread_idx()`, `block_idx()`, \
                     `block_dim()` and `grid_dim()`, found `{}`",
                    self.show(&other)
                );
                self.diag.error(d.sp, msg);
                Ty::Error
            }
        }
    }

    pub(super) fn intrinsic(&mut self, e: &Expr, i: &Intrinsic, args: &[Expr]) -> Ty {
        let tys: Vec<Ty> = args.iter().map(|a| self.expr(a)).collect();
        let bool_arg = |this: &mut Self, k: usize| {
            if let (Some(a), Some(t)) = (args.get(k), tys.get(k)) {
                this.expect(t, &Ty::BOOL, a.sp);
            }
        };
        match i {
            Intrinsic::ThreadIdx
            | Intrinsic::BlockIdx
            | Intrinsic::BlockDim
            | Intrinsic::GridDim => Ty::Dim3,
            Intrinsic::LaneId => U32,
            Intrinsic::SyncThreads
            | Intrinsic::SyncWarp
            | Intrinsic::ThreadFence
            | Intrinsic::ThreadFenceBlock => Ty::Unit,
            Intrinsic::SyncThreadsCount | Intrinsic::VoteBallot => {
                bool_arg(self, 0);
                U32
            }
            Intrinsic::SyncThreadsAnd
            | Intrinsic::SyncThreadsOr
            | Intrinsic::VoteAll
            | Intrinsic::VoteAny => {
                bool_arg(self, 0);
                Ty::BOOL
            }
            Intrinsic::Shfl | Intrinsic::ShflUp | Intrinsic::ShflDown | Intrinsic::ShflXor => {
                self.shuffle(i, args, &tys)
            }
            Intrinsic::Atomic(op) => self.atomic(*op, args, &tys),
            Intrinsic::Shared { elem, .. } | Intrinsic::DynShared { elem, .. } => {
                if self.let_init != Some(e.id) {
                    let form = match i {
                        Intrinsic::Shared { .. } => "let tile = shared_array::<f32, 256>();",
                        _ => "let buf = dyn_shared::<f32>();",
                    };
                    self.diag.error(
                        e.sp,
                        format!("shared memory is declared by a `let` of one name: `{form}`"),
                    );
                }
                Ty::Slice(Box::new(Ty::of_ref(elem)), Space::Shared)
            }
        }
    }

    /// `shfl*(v, lane)`: `v` of a type CUDA's `__shfl_*_sync` takes.
    fn shuffle(&mut self, i: &Intrinsic, args: &[Expr], tys: &[Ty]) -> Ty {
        let (Some(v), Some(vt), Some(l), Some(lt)) =
            (args.first(), tys.first(), args.get(1), tys.get(1))
        else {
            return Ty::Error;
        };
        self.expect(lt, &U32, l.sp);
        let ok = match self.table.resolve(vt) {
            Ty::Scalar(s) => matches!(
                s,
                Scalar::I32
                    | Scalar::U32
                    | Scalar::I64
                    | Scalar::U64
                    | Scalar::F16
                    | Scalar::BF16
                    | Scalar::F32
                    | Scalar::F64
            ),
            Ty::Var(_) => self.table.var_kind(vt) != Some(LitKind::Any),
            Ty::Generic(_) | Ty::Error => true,
            _ => false,
        };
        if !ok {
            let msg = format!(
                "`{}` moves values of i32, u32, i64, u64, f16, bf16, f32 or f64 (as CUDA's \
                 shuffles do), found `{}`; convert with `as` first",
                i.name(),
                self.show(vt)
            );
            self.diag.error(v.sp, msg);
            return Ty::Error;
        }
        vt.clone()
    }

    /// `atomic_op(&target, i, v)` (`atomic_cas(&target, i, current, new)`): the old value.
    fn atomic(&mut self, op: crate::parse::ast::AtomicOp, args: &[Expr], tys: &[Ty]) -> Ty {
        let (Some(target), Some(tt), Some(index), Some(it)) =
            (args.first(), tys.first(), args.get(1), tys.get(1))
        else {
            return Ty::Error;
        };
        let name = op.name();
        let elem = match self.table.resolve(tt) {
            Ty::Slice(_, Space::Global) => {
                self.diag.error(
                    target.sp,
                    format!(
                        "`atomic_{name}` writes its target: it takes a `&mut [T]` parameter or a \
                         shared array, found a `&[T]` slice"
                    ),
                );
                return Ty::Error;
            }
            Ty::Slice(elem, _) => *elem,
            Ty::Error => return Ty::Error,
            other => {
                let msg = format!(
                    "the target of `atomic_{name}` is a `&mut [T]` parameter or a shared array, \
                     found `{}`",
                    self.show(&other)
                );
                self.diag.error(target.sp, msg);
                return Ty::Error;
            }
        };
        let r = self.table.resolve(it);
        if !self.is_int(&r) || matches!(r, Ty::Generic(_)) {
            let msg = format!(
                "slices are indexed by integers of a concrete type, found `{}`",
                self.show(&r)
            );
            self.diag.error(index.sp, msg);
        }
        let ok = match &elem {
            Ty::Scalar(s) => match s {
                Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64 => true,
                Scalar::F32 | Scalar::F64 => op.takes_floats(),
                _ => false,
            },
            _ => false,
        };
        if !ok {
            let msg = format!(
                "`atomic_{name}` works on slices of {}, found `{}`",
                op.dtypes(),
                self.show(tt)
            );
            self.diag.error(target.sp, msg);
            return Ty::Error;
        }
        for (a, t) in args.iter().zip(tys).skip(2) {
            self.expect(t, &elem, a.sp);
        }
        elem
    }
}
