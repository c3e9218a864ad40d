//! Raw kernels to CUDA C: the `extern "C" __global__` entry point of the runtime's contract
//! (`array_runtime::kernel::raw`), slices as a pointer and a length, every element access
//! through the bounds-checked `kxr::load/store/at` of the runtime's prelude, shared memory as
//! `__shared__` arrays, the intrinsics as CUDA's.
//!
//! ```text
//! extern "C" __global__ void kxr_scale(const float* __restrict__ x, unsigned long long x_len,
//!                                      float* y, unsigned long long y_len, float a,
//!                                      unsigned int* kx_err)
//! ```
//!
//! Fault codes (the runtime's fault record names the slice by them): parameter `i` is `iu`,
//! the `k`-th static shared array `0x80000000u | k`, the `j`-th dynamic shared-memory view
//! `0x80000000u | (static arrays + j)`.

use std::collections::HashMap;

use syn::ext::IdentExt;

use super::writer::Writer;
use super::{CExpr, Lowerer};
use crate::check::ty::Ty;
use crate::check::{Binding, Typed};
use crate::parse::ast::{Binder, Expr, ExprKind, Intrinsic, Kernel, ParamMode, TypeKind, TypeRef};

/// What the macro learns from a raw kernel's body: the layout of its static shared memory
/// and the features the runtime must know about.
#[derive(Default)]
pub(crate) struct RawInfo {
    /// Byte offset of each static shared array, by index.
    pub shared_offsets: Vec<usize>,
    /// Bytes of static shared memory (the end of the last array).
    pub static_shared_bytes: usize,
    pub uses_block_sync: bool,
    pub uses_warp_ops: bool,
    uses_atomics: bool,
    uses_dyn_shared: bool,
    static_arrays: usize,
}

/// Size and alignment of an element in shared memory: a type parameter may be any dtype, so
/// it takes the largest (16 bytes, `c128`).
fn elem_layout(t: &TypeRef) -> (usize, usize) {
    let size = match &t.kind {
        TypeKind::Scalar(s) => s.size(),
        TypeKind::Generic(_) | TypeKind::Tuple(_) => 16,
    };
    (size, size)
}

/// Lays out the static shared arrays in the order they are declared, each aligned for its
/// element, and records which intrinsics the body calls.
pub(crate) fn analyze(k: &Kernel) -> RawInfo {
    let mut info = RawInfo::default();
    let mut arrays: Vec<(usize, usize, usize)> = Vec::new();
    k.body.walk(&mut |e| {
        if let ExprKind::Intrinsic(i, _) = &e.kind {
            info.uses_block_sync |= i.is_block_sync();
            info.uses_warp_ops |= i.is_warp_op();
            match i {
                Intrinsic::Atomic(_) => info.uses_atomics = true,
                Intrinsic::DynShared { .. } => info.uses_dyn_shared = true,
                Intrinsic::Shared { elem, len, index } => {
                    let (size, align) = elem_layout(elem);
                    arrays.push((*index, size.saturating_mul(*len), align));
                }
                _ => {}
            }
        }
    });
    arrays.sort_by_key(|a| a.0);
    let mut end = 0usize;
    for (_, bytes, align) in &arrays {
        let offset = end.next_multiple_of(*align);
        info.shared_offsets.push(offset);
        end = offset.saturating_add(*bytes);
    }
    info.static_arrays = arrays.len();
    info.static_shared_bytes = end;
    info
}

/// A slice as CUDA C sees it: its pointer, its length (elements) and its fault code.
pub(super) struct SliceC {
    ptr: String,
    len: String,
    code: String,
}

/// The slices in scope of a raw kernel being lowered.
#[derive(Default)]
pub(super) struct RawScope {
    slices: HashMap<Binding, SliceC>,
    static_arrays: usize,
}

/// The CUDA C module text of a checked raw kernel (the atomics' helpers, then the kernel).
pub(crate) fn kernel(k: &Kernel, typed: &Typed, info: &RawInfo) -> String {
    let mut l = Lowerer {
        typed,
        type_params: super::names::type_params(&k.sig),
        rust_type_params: super::rust_type_params(k),
        names: super::names::Names::new(),
        params: Vec::new(),
        lets: vec![String::new(); k.let_count],
        loops: Vec::new(),
        loop_count: 0,
        raw: Some(RawScope {
            static_arrays: info.static_arrays,
            ..RawScope::default()
        }),
        tables: super::Tables::new(&super::c_function_name("kxr", &k.sig.name)),
        array_depth: 0,
    };
    let mut sig = Vec::new();
    for (i, p) in k.sig.params.iter().enumerate() {
        let rust = p.name.unraw().to_string();
        let name = l.names.binding(&rust);
        let elem = l.c_type(&Ty::of_ref(&p.ty));
        match p.mode {
            ParamMode::Value => sig.push(format!("{elem} {name}")),
            ParamMode::Slice | ParamMode::SliceMut => {
                let len = l.names.binding(&format!("{rust}_len"));
                if p.mode == ParamMode::Slice {
                    sig.push(format!("const {elem}* __restrict__ {name}"));
                } else {
                    sig.push(format!("{elem}* {name}"));
                }
                sig.push(format!("unsigned long long {len}"));
                l.scope().insert(
                    Binding::Param(i),
                    SliceC {
                        ptr: name.clone(),
                        len,
                        code: format!("{i}u"),
                    },
                );
            }
        }
        l.params.push(name);
    }
    sig.push("unsigned int* kx_err".into());
    let mut w = Writer::default();
    if info.uses_atomics {
        w.line(ATOMICS.trim_start());
    }
    w.open(&format!(
        "extern \"C\" __global__ void {}({})",
        super::c_function_name("kxr", &k.sig.name),
        sig.join(", ")
    ));
    if info.uses_dyn_shared {
        w.line("extern __shared__ __align__(16) unsigned char kx_dyn_smem[];");
        w.line("unsigned int kx_dyn_bytes = kxr::dyn_smem_bytes();");
    }
    l.block(&k.body, &mut w);
    w.close("");
    l.tables.text + &w.finish()
}

/// The atomics on an element checked by `kxr::at` (`nullptr` when out of bounds: nothing is
/// written and `T()` returned, as on the CPU), for the six dtypes of the runtime's atomics.
/// CUDA lacks some overloads (`long long` add, `double` exchange...): those go through the
/// unsigned type of the same width, which wraps the same way.
const ATOMICS: &str = r#"
#ifndef KXA_ATOMICS
#define KXA_ATOMICS
namespace kxa {
typedef unsigned long long u64;
#define KXA_SAME(op, f, T) __device__ __forceinline__ T op(T* p, T v) { return p ? f(p, v) : (T)0; }
#define KXA_VIA_U64(op, f, T) __device__ __forceinline__ T op(T* p, T v) { return p ? (T)f((u64*)p, (u64)v) : (T)0; }
KXA_SAME(add, atomicAdd, int) KXA_SAME(add, atomicAdd, unsigned int) KXA_VIA_U64(add, atomicAdd, long long)
KXA_SAME(add, atomicAdd, u64) KXA_SAME(add, atomicAdd, float) KXA_SAME(add, atomicAdd, double)
KXA_SAME(sub, atomicSub, int) KXA_SAME(sub, atomicSub, unsigned int)
__device__ __forceinline__ long long sub(long long* p, long long v) { return p ? (long long)atomicAdd((u64*)p, 0ull - (u64)v) : 0ll; }
__device__ __forceinline__ u64 sub(u64* p, u64 v) { return p ? atomicAdd(p, 0ull - v) : 0ull; }
KXA_SAME(min, atomicMin, int) KXA_SAME(min, atomicMin, unsigned int) KXA_SAME(min, atomicMin, long long) KXA_SAME(min, atomicMin, u64)
KXA_SAME(max, atomicMax, int) KXA_SAME(max, atomicMax, unsigned int) KXA_SAME(max, atomicMax, long long) KXA_SAME(max, atomicMax, u64)
KXA_SAME(and_, atomicAnd, int) KXA_SAME(and_, atomicAnd, unsigned int) KXA_VIA_U64(and_, atomicAnd, long long) KXA_SAME(and_, atomicAnd, u64)
KXA_SAME(or_, atomicOr, int) KXA_SAME(or_, atomicOr, unsigned int) KXA_VIA_U64(or_, atomicOr, long long) KXA_SAME(or_, atomicOr, u64)
KXA_SAME(xor_, atomicXor, int) KXA_SAME(xor_, atomicXor, unsigned int) KXA_VIA_U64(xor_, atomicXor, long long) KXA_SAME(xor_, atomicXor, u64)
KXA_SAME(exch, atomicExch, int) KXA_SAME(exch, atomicExch, unsigned int) KXA_VIA_U64(exch, atomicExch, long long)
KXA_SAME(exch, atomicExch, u64) KXA_SAME(exch, atomicExch, float)
__device__ __forceinline__ double exch(double* p, double v) { return p ? __longlong_as_double((long long)atomicExch((u64*)p, (u64)__double_as_longlong(v))) : 0.0; }
__device__ __forceinline__ int cas(int* p, int c, int v) { return p ? atomicCAS(p, c, v) : 0; }
__device__ __forceinline__ unsigned int cas(unsigned int* p, unsigned int c, unsigned int v) { return p ? atomicCAS(p, c, v) : 0u; }
__device__ __forceinline__ long long cas(long long* p, long long c, long long v) { return p ? (long long)atomicCAS((u64*)p, (u64)c, (u64)v) : 0ll; }
__device__ __forceinline__ u64 cas(u64* p, u64 c, u64 v) { return p ? atomicCAS(p, c, v) : 0ull; }
__device__ __forceinline__ float cas(float* p, float c, float v) { return p ? __int_as_float(atomicCAS((int*)p, __float_as_int(c), __float_as_int(v))) : 0.0f; }
__device__ __forceinline__ double cas(double* p, double c, double v) { return p ? __longlong_as_double((long long)atomicCAS((u64*)p, (u64)__double_as_longlong(c), (u64)__double_as_longlong(v))) : 0.0; }
#undef KXA_SAME
#undef KXA_VIA_U64
}  // namespace kxa
#endif
"#;

impl Lowerer<'_> {
    fn scope(&mut self) -> &mut HashMap<Binding, SliceC> {
        &mut self.raw.get_or_insert_with(RawScope::default).slices
    }

    /// The slice a name refers to (`x` of `x[i]`, `x.len()`, `atomic_add(&x, ..)`).
    fn slice_of(&self, e: &Expr) -> Option<&SliceC> {
        let b = self.typed.bindings.get(e.id).copied().flatten()?;
        self.raw.as_ref()?.slices.get(&b)
    }

    /// Whether `e` is a slice (so `e[i]` is a checked access).
    pub(super) fn is_slice(&self, e: &Expr) -> bool {
        matches!(self.ty(e), Ty::Slice(..))
    }

    /// `let name = shared_array::<T, N>();` or `dyn_shared::<T>()`: declares the memory.
    /// Returns `false` when `init` is not a shared-memory declaration.
    pub(super) fn shared_let(&mut self, b: &Binder, init: &Expr, w: &mut Writer) -> bool {
        let ExprKind::Intrinsic(i @ (Intrinsic::Shared { .. } | Intrinsic::DynShared { .. }), _) =
            &init.kind
        else {
            return false;
        };
        let rust = b.name.unraw().to_string();
        let name = self.names.binding(&rust);
        let static_arrays = self.raw.as_ref().map_or(0, |r| r.static_arrays);
        let slice = match i {
            Intrinsic::Shared { elem, len, index } => {
                let t = self.c_type(&Ty::of_ref(elem));
                w.line(&format!("__shared__ {t} {name}[{len}];"));
                SliceC {
                    ptr: name.clone(),
                    len: format!("{len}ull"),
                    code: format!("{:#x}u", 0x8000_0000usize | index),
                }
            }
            Intrinsic::DynShared { elem, index } => {
                let t = self.c_type(&Ty::of_ref(elem));
                let len = self.names.binding(&format!("{rust}_len"));
                w.line(&format!("{t}* {name} = ({t}*)kx_dyn_smem;"));
                w.line(&format!(
                    "unsigned long long {len} = kx_dyn_bytes / sizeof({t});"
                ));
                SliceC {
                    ptr: name.clone(),
                    len,
                    code: format!("{:#x}u", 0x8000_0000usize | (static_arrays + index)),
                }
            }
            _ => return false,
        };
        self.scope().insert(Binding::Let(b.id), slice);
        self.set_let_name(b.id, name);
        true
    }

    /// `x[i]` of a slice: a checked load.
    pub(super) fn slice_load(&mut self, a: &Expr, i: &Expr, w: &mut Writer) -> CExpr {
        let idx = self.expr(i, w);
        let Some(s) = self.slice_of(a) else {
            return CExpr::atom("0".into());
        };
        CExpr::atom(format!(
            "kxr::load({}, {}, {}, {}, kx_err)",
            s.ptr, s.len, idx.text, s.code
        ))
    }

    /// `x[i] = v` and `x[i] op= v` of a slice: a checked store (the index evaluated once).
    pub(super) fn slice_store(
        &mut self,
        op: Option<crate::parse::ast::BinOp>,
        place: &Expr,
        value: &Expr,
        w: &mut Writer,
    ) -> bool {
        let ExprKind::Index(a, i) = &place.kind else {
            return false;
        };
        if !self.is_slice(a) {
            return false;
        }
        let v = self.expr(value, w);
        let idx = self.expr(i, w);
        let Some(s) = self.slice_of(a) else {
            return true;
        };
        let (ptr, len, code) = (s.ptr.clone(), s.len.clone(), s.code.clone());
        let rhs = match op {
            None => v.text,
            Some(op) => {
                let plain = idx
                    .text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
                let idx = if idx.constant || plain {
                    idx.text
                } else {
                    let t = self.names.temp();
                    w.line(&format!("{} {t} = {};", self.c_type(&self.ty(i)), idx.text));
                    t
                };
                let old = CExpr::atom(format!("kxr::load({ptr}, {len}, {idx}, {code}, kx_err)"));
                let (pt, vt) = (self.ty(place), self.ty(value));
                let new = super::expr::binary(op, &pt, &vt, &old, &v).text;
                w.line(&format!(
                    "kxr::store({ptr}, {len}, {idx}, {new}, {code}, kx_err);"
                ));
                return true;
            }
        };
        w.line(&format!(
            "kxr::store({ptr}, {len}, {}, {rhs}, {code}, kx_err);",
            idx.text
        ));
        true
    }

    /// `x.len()`.
    pub(super) fn slice_len(&self, x: &Expr) -> CExpr {
        match self.slice_of(x) {
            Some(s) => CExpr::atom(s.len.clone()),
            None => CExpr::atom("0ull".into()),
        }
    }

    /// An intrinsic's C text, and whether it has effects (then it is evaluated where it
    /// stands: into a temporary, or as a statement).
    pub(super) fn intrinsic(
        &mut self,
        i: &Intrinsic,
        args: &[Expr],
        w: &mut Writer,
    ) -> (String, bool) {
        const FULL: &str = "0xffffffffu";
        let target = match i {
            Intrinsic::Atomic(_) => args
                .first()
                .and_then(|t| self.slice_of(t))
                .map(|s| (s.ptr.clone(), s.len.clone(), s.code.clone())),
            _ => None,
        };
        let values: Vec<&Expr> = match i {
            Intrinsic::Atomic(_) => args.iter().skip(1).collect(),
            _ => args.iter().collect(),
        };
        let v: Vec<String> = self
            .operands(&values, w)
            .into_iter()
            .map(|c| c.text)
            .collect();
        let arg = |k: usize| v.get(k).cloned().unwrap_or_default();
        let pure = |s: &str| (s.to_string(), false);
        let effect = |s: String| (s, true);
        match i {
            Intrinsic::ThreadIdx => pure("threadIdx"),
            Intrinsic::BlockIdx => pure("blockIdx"),
            Intrinsic::BlockDim => pure("blockDim"),
            Intrinsic::GridDim => pure("gridDim"),
            Intrinsic::LaneId => pure(
                "(((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) & 31u)",
            ),
            Intrinsic::SyncThreads => effect("__syncthreads()".into()),
            Intrinsic::SyncThreadsCount => {
                effect(format!("(unsigned int)__syncthreads_count({})", arg(0)))
            }
            Intrinsic::SyncThreadsAnd => effect(format!("(__syncthreads_and({}) != 0)", arg(0))),
            Intrinsic::SyncThreadsOr => effect(format!("(__syncthreads_or({}) != 0)", arg(0))),
            Intrinsic::SyncWarp => effect("__syncwarp()".into()),
            Intrinsic::Shfl => effect(format!(
                "__shfl_sync({FULL}, {}, (int)({}))",
                arg(0),
                arg(1)
            )),
            Intrinsic::ShflUp => effect(format!("__shfl_up_sync({FULL}, {}, {})", arg(0), arg(1))),
            Intrinsic::ShflDown => {
                effect(format!("__shfl_down_sync({FULL}, {}, {})", arg(0), arg(1)))
            }
            Intrinsic::ShflXor => effect(format!(
                "__shfl_xor_sync({FULL}, {}, (int)({}))",
                arg(0),
                arg(1)
            )),
            Intrinsic::VoteAll => effect(format!("(__all_sync({FULL}, {}) != 0)", arg(0))),
            Intrinsic::VoteAny => effect(format!("(__any_sync({FULL}, {}) != 0)", arg(0))),
            Intrinsic::VoteBallot => effect(format!("__ballot_sync({FULL}, {})", arg(0))),
            Intrinsic::ThreadFence => effect("__threadfence()".into()),
            Intrinsic::ThreadFenceBlock => effect("__threadfence_block()".into()),
            Intrinsic::Atomic(op) => {
                let (ptr, len, code) = target.unwrap_or_default();
                let name = match op.name() {
                    n @ ("and" | "or" | "xor") => format!("{n}_"),
                    n => n.to_string(),
                };
                let rest: Vec<String> = v.iter().skip(1).cloned().collect();
                effect(format!(
                    "kxa::{name}(kxr::at({ptr}, {len}, {}, {code}, kx_err), {})",
                    arg(0),
                    rest.join(", ")
                ))
            }
            // Declared by `shared_let`; nothing else reaches here (check).
            Intrinsic::Shared { .. } | Intrinsic::DynShared { .. } => pure("0"),
        }
    }

    /// An intrinsic as a value: effects go into a temporary, in order.
    pub(super) fn intrinsic_value(
        &mut self,
        e: &Expr,
        i: &Intrinsic,
        args: &[Expr],
        w: &mut Writer,
    ) -> CExpr {
        let (text, effect) = self.intrinsic(i, args, w);
        if !effect {
            return CExpr::atom(text);
        }
        let t = self.names.temp();
        w.line(&format!("{} {t} = {text};", self.c_type(&self.ty(e))));
        CExpr::atom(t)
    }
}
