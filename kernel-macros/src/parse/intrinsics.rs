//! The intrinsics of raw kernels: one table, read by `parse` (names and arity), `check`
//! (argument and result types), `lower` (their CUDA C) and the CPU twin (the functions of
//! `array_runtime::kernel::raw` of the same name).
//!
//! Besides the runtime's functions, two spell shared memory: `shared_array::<T, N>()` (a
//! static `__shared__ T name[N]`, laid out by the macro) and `dyn_shared::<T>()` (the launch's
//! dynamic shared memory as `T`s).

use super::ast::{Expr, ExprKind, TypeRef};
use super::types::TypeCtx;
use super::Parser;
use crate::diag::Sp;

/// An intrinsic of raw kernels.
#[derive(Clone)]
pub(crate) enum Intrinsic {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
    LaneId,
    SyncThreads,
    SyncThreadsCount,
    SyncThreadsAnd,
    SyncThreadsOr,
    SyncWarp,
    Shfl,
    ShflUp,
    ShflDown,
    ShflXor,
    VoteAll,
    VoteAny,
    VoteBallot,
    ThreadFence,
    ThreadFenceBlock,
    /// `atomic_<op>(&target, index, value)` (`atomic_cas(&target, index, current, new)`).
    Atomic(AtomicOp),
    /// `shared_array::<T, N>()`: the `index`-th static shared array of the kernel.
    Shared {
        elem: TypeRef,
        len: usize,
        index: usize,
    },
    /// `dyn_shared::<T>()`: the launch's dynamic shared memory; the `index`-th such call.
    DynShared {
        elem: TypeRef,
        index: usize,
    },
}

/// The read-modify-write operations of the atomics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtomicOp {
    Add,
    Sub,
    Min,
    Max,
    And,
    Or,
    Xor,
    Exch,
    Cas,
}

impl AtomicOp {
    const ALL: [AtomicOp; 9] = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Exch,
        AtomicOp::Cas,
    ];

    /// `add`, `sub`, ...: the suffix of `atomic_<op>` and the name of its `kxa::` helper.
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Exch => "exch",
            AtomicOp::Cas => "cas",
        }
    }

    /// The dtypes it applies to (the runtime's `AtomicAdd`, `AtomicInt`, `AtomicBits`).
    pub fn dtypes(self) -> &'static str {
        match self {
            AtomicOp::Add => "i32, u32, i64, u64, f32 and f64",
            AtomicOp::Exch | AtomicOp::Cas => "i32, u32, i64, u64, f32 and f64",
            _ => "i32, u32, i64 and u64",
        }
    }

    /// Whether floats are allowed.
    pub fn takes_floats(self) -> bool {
        matches!(self, AtomicOp::Add | AtomicOp::Exch | AtomicOp::Cas)
    }
}

impl Intrinsic {
    /// The intrinsic called `name` (without generic arguments), if any.
    pub fn from_name(name: &str) -> Option<Intrinsic> {
        Some(match name {
            "thread_idx" => Intrinsic::ThreadIdx,
            "block_idx" => Intrinsic::BlockIdx,
            "block_dim" => Intrinsic::BlockDim,
            "grid_dim" => Intrinsic::GridDim,
            "lane_id" => Intrinsic::LaneId,
            "sync_threads" => Intrinsic::SyncThreads,
            "sync_threads_count" => Intrinsic::SyncThreadsCount,
            "sync_threads_and" => Intrinsic::SyncThreadsAnd,
            "sync_threads_or" => Intrinsic::SyncThreadsOr,
            "sync_warp" => Intrinsic::SyncWarp,
            "shfl" => Intrinsic::Shfl,
            "shfl_up" => Intrinsic::ShflUp,
            "shfl_down" => Intrinsic::ShflDown,
            "shfl_xor" => Intrinsic::ShflXor,
            "vote_all" => Intrinsic::VoteAll,
            "vote_any" => Intrinsic::VoteAny,
            "vote_ballot" => Intrinsic::VoteBallot,
            "thread_fence" => Intrinsic::ThreadFence,
            "thread_fence_block" => Intrinsic::ThreadFenceBlock,
            _ => {
                let op = name.strip_prefix("atomic_")?;
                return AtomicOp::ALL
                    .into_iter()
                    .find(|o| o.name() == op)
                    .map(Intrinsic::Atomic);
            }
        })
    }

    /// The name of the runtime's function (the CPU twin calls it).
    pub fn name(&self) -> String {
        match self {
            Intrinsic::ThreadIdx => "thread_idx".into(),
            Intrinsic::BlockIdx => "block_idx".into(),
            Intrinsic::BlockDim => "block_dim".into(),
            Intrinsic::GridDim => "grid_dim".into(),
            Intrinsic::LaneId => "lane_id".into(),
            Intrinsic::SyncThreads => "sync_threads".into(),
            Intrinsic::SyncThreadsCount => "sync_threads_count".into(),
            Intrinsic::SyncThreadsAnd => "sync_threads_and".into(),
            Intrinsic::SyncThreadsOr => "sync_threads_or".into(),
            Intrinsic::SyncWarp => "sync_warp".into(),
            Intrinsic::Shfl => "shfl".into(),
            Intrinsic::ShflUp => "shfl_up".into(),
            Intrinsic::ShflDown => "shfl_down".into(),
            Intrinsic::ShflXor => "shfl_xor".into(),
            Intrinsic::VoteAll => "vote_all".into(),
            Intrinsic::VoteAny => "vote_any".into(),
            Intrinsic::VoteBallot => "vote_ballot".into(),
            Intrinsic::ThreadFence => "thread_fence".into(),
            Intrinsic::ThreadFenceBlock => "thread_fence_block".into(),
            Intrinsic::Atomic(op) => format!("atomic_{}", op.name()),
            Intrinsic::Shared { .. } => "shared".into(),
            Intrinsic::DynShared { .. } => "dyn_shared".into(),
        }
    }

    /// Number of arguments.
    pub fn arity(&self) -> usize {
        match self {
            Intrinsic::SyncThreadsCount
            | Intrinsic::SyncThreadsAnd
            | Intrinsic::SyncThreadsOr
            | Intrinsic::VoteAll
            | Intrinsic::VoteAny
            | Intrinsic::VoteBallot => 1,
            Intrinsic::Shfl | Intrinsic::ShflUp | Intrinsic::ShflDown | Intrinsic::ShflXor => 2,
            Intrinsic::Atomic(AtomicOp::Cas) => 4,
            Intrinsic::Atomic(_) => 3,
            _ => 0,
        }
    }

    /// A barrier of the whole block (`__syncthreads*`).
    pub fn is_block_sync(&self) -> bool {
        matches!(
            self,
            Intrinsic::SyncThreads
                | Intrinsic::SyncThreadsCount
                | Intrinsic::SyncThreadsAnd
                | Intrinsic::SyncThreadsOr
        )
    }

    /// A warp collective (shuffles, votes, `__syncwarp`).
    pub fn is_warp_op(&self) -> bool {
        matches!(
            self,
            Intrinsic::SyncWarp
                | Intrinsic::Shfl
                | Intrinsic::ShflUp
                | Intrinsic::ShflDown
                | Intrinsic::ShflXor
                | Intrinsic::VoteAll
                | Intrinsic::VoteAny
                | Intrinsic::VoteBallot
        )
    }
}

/// The intrinsics, for messages.
const LIST: &str = "thread_idx, block_idx, block_dim, grid_dim, lane_id, sync_threads, \
                    sync_threads_count/and/or, sync_warp, shfl, shfl_up, shfl_down, shfl_xor, \
                    vote_all, vote_any, vote_ballot, thread_fence, thread_fence_block, \
                    atomic_add/sub/min/max/and/or/xor/exch/cas, shared_array, dyn_shared";

/// A hint for a name that looks like an intrinsic but is not one (CUDA's spelling, or a
/// misspelling); `None` for names that look like device functions.
fn unknown_hint(name: &str) -> Option<String> {
    let cuda = match name {
        "__syncthreads" | "syncthreads" | "barrier" => Some("sync_threads"),
        "__syncwarp" => Some("sync_warp"),
        "threadIdx" => Some("thread_idx"),
        "blockIdx" => Some("block_idx"),
        "blockDim" => Some("block_dim"),
        "gridDim" => Some("grid_dim"),
        "laneid" | "lane" => Some("lane_id"),
        "__shfl_sync" => Some("shfl"),
        "__shfl_up_sync" => Some("shfl_up"),
        "__shfl_down_sync" => Some("shfl_down"),
        "__shfl_xor_sync" => Some("shfl_xor"),
        "__ballot_sync" | "ballot" => Some("vote_ballot"),
        "__all_sync" => Some("vote_all"),
        "__any_sync" => Some("vote_any"),
        "__threadfence" => Some("thread_fence"),
        "atomicAdd" => Some("atomic_add"),
        "atomicSub" => Some("atomic_sub"),
        "atomicMin" => Some("atomic_min"),
        "atomicMax" => Some("atomic_max"),
        "atomicExch" => Some("atomic_exch"),
        "atomicCAS" => Some("atomic_cas"),
        "shared" | "shared_mem" | "shared_memory" => Some("shared_array::<T, N>"),
        "dynamic_shared" | "extern_shared" => Some("dyn_shared::<T>"),
        _ => None,
    };
    if let Some(c) = cuda {
        return Some(format!(
            "unknown intrinsic `{name}`; raw kernels spell it `{c}()`"
        ));
    }
    let looks = name.starts_with("__")
        || name.starts_with("atomic")
        || name.starts_with("shfl")
        || name.starts_with("sync")
        || name.starts_with("vote")
        || name.starts_with("warp_")
        || name.starts_with("thread_")
        || name.starts_with("block_")
        || name.starts_with("grid_")
        || name.ends_with("_shared");
    looks.then(|| format!("unknown intrinsic `{name}`; raw kernels have: {LIST}"))
}

impl Parser<'_> {
    /// A call of an intrinsic of raw kernels; `None` (without an error) when `path` names
    /// none, so that it is parsed as a device-function call.
    pub(crate) fn intrinsic_call(
        &mut self,
        c: &syn::ExprCall,
        path: &syn::Path,
        sp: Sp,
    ) -> Option<Option<ExprKind>> {
        let last = path.segments.last()?;
        let name = last.ident.to_string();
        let func_sp = Sp::of(&c.func);
        let intrinsic = match name.as_str() {
            "shared_array" => self.shared_array(last, func_sp),
            "dyn_shared" => self.dyn_shared(last, func_sp),
            _ => match Intrinsic::from_name(&name) {
                Some(i) => {
                    if !last.arguments.is_none() {
                        self.diag.error(
                            Sp::of(&last.arguments),
                            format!("`{name}` takes no generic arguments"),
                        );
                        return Some(None);
                    }
                    Some(i)
                }
                None => {
                    let msg = unknown_hint(&name)?;
                    self.diag.error(func_sp, msg);
                    return Some(None);
                }
            },
        };
        let Some(intrinsic) = intrinsic else {
            return Some(None);
        };
        let n = c.args.len();
        let mut args = Vec::new();
        let mut ok = true;
        for (k, a) in c.args.iter().enumerate() {
            // The target of an atomic is written `&target` (as the runtime's function takes
            // it); the reference is dropped.
            let a = match a {
                syn::Expr::Reference(r) if k == 0 && matches!(intrinsic, Intrinsic::Atomic(_)) => {
                    &*r.expr
                }
                a => a,
            };
            match self.expr(a) {
                Some(x) => args.push(x),
                None => ok = false,
            }
        }
        if !ok {
            return Some(None);
        }
        if n != intrinsic.arity() {
            let s = if intrinsic.arity() == 1 { "" } else { "s" };
            let shown = match &intrinsic {
                Intrinsic::Shared { .. } => "shared_array".to_string(),
                i => i.name(),
            };
            self.diag.error(
                sp,
                format!(
                    "`{shown}` takes {} argument{s}, found {n}",
                    intrinsic.arity()
                ),
            );
            return Some(None);
        }
        if let Intrinsic::Atomic(op) = intrinsic {
            if !matches!(args.first().map(|a| &a.kind), Some(ExprKind::Var(_))) {
                let at = args.first().map_or(sp, |a| a.sp);
                self.diag.error(
                    at,
                    format!(
                        "the target of `atomic_{}` is a `&mut [T]` parameter or a shared array, \
                         by name: `atomic_{0}(&bins, i, v)`",
                        op.name()
                    ),
                );
                return Some(None);
            }
        }
        Some(Some(ExprKind::Intrinsic(intrinsic, args)))
    }

    /// `shared_array::<T, N>()`.
    fn shared_array(&mut self, seg: &syn::PathSegment, sp: Sp) -> Option<Intrinsic> {
        const FORM: &str =
            "a static shared array is declared `let tile = shared_array::<f32, 1024>();` \
                            (a dtype and a constant length)";
        let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
            return self.fail(sp, format!("missing generic arguments; {FORM}"));
        };
        if a.args.len() != 2 {
            return self.fail(Sp::of(a), format!("expected two generic arguments; {FORM}"));
        }
        let elem = match &a.args[0] {
            syn::GenericArgument::Type(t) => self.type_ref(t, TypeCtx::Param),
            other => self.fail(Sp::of(other), format!("expected a dtype; {FORM}")),
        };
        let len = match &a.args[1] {
            syn::GenericArgument::Const(e) => self.shared_len(e),
            other => self.fail(
                Sp::of(other),
                "the length of a shared array must be a constant: an integer literal, or \
                 arithmetic on literals in braces (`{32 * 33}`); its size is fixed when the \
                 kernel is compiled (use `dyn_shared::<T>()` for a size chosen at launch)",
            ),
        };
        let (elem, len) = (elem?, len?);
        let index = self.next_shared;
        self.next_shared += 1;
        Some(Intrinsic::Shared { elem, len, index })
    }

    /// The length of a shared array: a literal, or `+ - * / %` on literals in braces.
    fn shared_len(&mut self, e: &syn::Expr) -> Option<usize> {
        match const_eval(e) {
            Some(0) => self.fail(Sp::of(e), "a shared array needs at least one element"),
            Some(n) if n <= u32::MAX as u128 => Some(n as usize),
            Some(_) => self.fail(Sp::of(e), "this shared array is too large"),
            None => self.fail(
                Sp::of(e),
                "the length of a shared array must be a constant: an integer literal, or \
                 arithmetic on literals in braces (`{32 * 33}`); its size is fixed when the \
                 kernel is compiled (use `dyn_shared::<T>()` for a size chosen at launch)",
            ),
        }
    }

    /// `dyn_shared::<T>()`.
    fn dyn_shared(&mut self, seg: &syn::PathSegment, sp: Sp) -> Option<Intrinsic> {
        const FORM: &str = "the dynamic shared memory is taken as `let buf = dyn_shared::<f32>();`";
        let elem = match &seg.arguments {
            syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
                syn::GenericArgument::Type(t) => self.type_ref(t, TypeCtx::Param),
                other => self.fail(Sp::of(other), format!("expected a dtype; {FORM}")),
            },
            _ => self.fail(sp, format!("expected one generic argument; {FORM}")),
        }?;
        let index = self.next_dyn_shared;
        self.next_dyn_shared += 1;
        Some(Intrinsic::DynShared { elem, index })
    }
}

/// The value of a constant expression of integer literals (`1056`, `{32 * 33}`).
fn const_eval(e: &syn::Expr) -> Option<u128> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse::<u128>().ok(),
        syn::Expr::Paren(p) => const_eval(&p.expr),
        syn::Expr::Group(g) => const_eval(&g.expr),
        syn::Expr::Block(b) if b.block.stmts.len() == 1 => match &b.block.stmts[0] {
            syn::Stmt::Expr(e, None) => const_eval(e),
            _ => None,
        },
        syn::Expr::Binary(b) => {
            let (x, y) = (const_eval(&b.left)?, const_eval(&b.right)?);
            match b.op {
                syn::BinOp::Add(_) => x.checked_add(y),
                syn::BinOp::Sub(_) => x.checked_sub(y),
                syn::BinOp::Mul(_) => x.checked_mul(y),
                syn::BinOp::Div(_) => x.checked_div(y),
                syn::BinOp::Rem(_) => x.checked_rem(y),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether an expression is a shared-memory declaration (the initializer of a `let`).
pub(crate) fn is_shared_decl(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Intrinsic(Intrinsic::Shared { .. } | Intrinsic::DynShared { .. }, _)
    )
}
