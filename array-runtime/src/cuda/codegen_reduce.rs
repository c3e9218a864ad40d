//! CUDA C text of a reduction module: pure text, no GPU needed.
//!
//! A module holds, for one instantiation of a `#[reduction]`, one choice of operand kinds and
//! one [`ReduceSpec`] (merged kept and reduced ranks, whether each result's reduced elements
//! are contiguous, index width):
//!
//! - the prelude, the fp16/bf16 headers when a dtype needs them, a `typedef` per type
//!   parameter, the reduction's device functions `kxr_<name>_map/_combine/_identity/_finish`;
//! - `kxr_acc` (the accumulator: a scalar or `kx::TupleN`), shuffled word by word (every field
//!   of a tuple on its own), and `kxr_st`: the accumulator, plus a validity flag when the
//!   reduction has no identity (a thread that saw no element holds no value);
//! - the group entry points, where a group of `G` threads computes one result, its threads
//!   striding over the result's reduced elements, then combining with warp shuffles (and a
//!   shared-memory step between the 8 warps of a block):
//!   `kxr_<name>_thread` (`G = 1`: a thread per result, coalesced when the kept axis is
//!   contiguous: the "outer" strategy), `kxr_<name>_warp` (`G = 32`, short rows) and
//!   `kxr_<name>_block` (`G = 256`, long rows and full reductions). With contiguous rows the
//!   warp and block entries read aligned packs of 16 bytes (over the widest input dtype), after
//!   a head of at most `V - 1` elements that brings the first input to a pack boundary;
//! - every group entry can split the reduced range over `blockIdx.y` (`chunk` elements each):
//!   it then writes accumulators to `partial[y * nk + k]` instead of results, and
//!   `kxr_<name>_final_thread` / `kxr_<name>_final_block` combine them and write `finish`;
//! - `kxr_<name>_fill` (only with an identity): `finish(identity())` into every result (empty
//!   reductions).
//!
//! Parameters of the group entries, in order: for each input its pointer, its kept strides and
//! its reduced strides (elements) or, for a scalar, its value; the output's pointer and kept
//! strides; the kept shape; the reduced shape; `partial` (null: write results); `nk`, `nr`,
//! `chunk`. Final entries: `partial`, output pointer, output strides, kept shape, `nk`, `ny`.
//! Fill: output pointer, output strides, kept shape, `nk`. Shapes and strides are structs of
//! `ndim` integers passed by value (`int`/`unsigned int` with 32-bit indexing, else 64-bit).
//! `reduction.rs` pushes arguments in exactly this order.

use std::fmt::Write;

use super::codegen::{sanitize, IndexWidth, OperandKind, PRELUDE};
use crate::dtype::DTypeId;
use crate::kernel::def::reduction::ReductionInstance;

/// Threads per block of every reduction entry point (also its `__launch_bounds__`).
pub const REDUCE_BLOCK: u32 = 256;

/// What a module is specialised for (besides the instance and the operand kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReduceSpec {
    /// Merged kept dimensions (at least 1: a full reduction has one kept dimension of 1).
    pub kept_ndim: usize,
    /// Merged reduced dimensions (at least 1).
    pub reduced_ndim: usize,
    /// Every array input steps through each result's reduced elements with stride 1 (then
    /// `reduced_ndim` is 1 and the warp/block entries read packs).
    pub contiguous_rows: bool,
    /// Integer type of offsets and counters.
    pub index: IndexWidth,
}

/// How the reduction's inputs come from a module's operands: each input is one operand, or a
/// lazy expression computed from several (its leaves) by the expression's fused device
/// function (`expr/fused.rs`), so an expression's elements are never stored.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fusion {
    /// The dtype of each operand of the module (an input's, or a leaf's of an expression).
    pub operands: Vec<DTypeId>,
    /// Where each input of the reduction comes from.
    pub inputs: Vec<FusedInput>,
}

/// Where one input of a reduction comes from (see [`Fusion`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FusedInput {
    /// Operand `i` of the module.
    Operand(usize),
    /// The fused device function `kxf_<name>` (its C in `source`) of operands
    /// `first..first + count`. The name is interned per expression structure, the source
    /// written from it: together they are the structure's key in the module caches.
    Expr {
        /// The fused definition's name (`expr_<hash of the structure>`).
        name: &'static str,
        /// Its CUDA C (`kxf_<name>` and the namespaces it calls into).
        source: &'static str,
        /// Its first operand.
        first: usize,
        /// Its number of operands.
        count: usize,
        /// Whether it needs the fp16/bf16 headers.
        half: bool,
    },
}

impl Fusion {
    /// Every input an operand of its own (no expression).
    pub fn plain(inst: &ReductionInstance) -> Self {
        Fusion {
            operands: inst.params.clone(),
            inputs: (0..inst.params.len()).map(FusedInput::Operand).collect(),
        }
    }

    fn needs_half(&self) -> bool {
        self.operands.iter().any(|d| d.needs_half_headers())
            || self
                .inputs
                .iter()
                .any(|i| matches!(i, FusedInput::Expr { half: true, .. }))
    }
}

/// One entry point of a reduction module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A thread per result.
    Thread,
    /// A warp per result.
    Warp,
    /// A block per result.
    Block,
    /// Partials combined by a thread per result.
    FinalThread,
    /// Partials combined by a block per result.
    FinalBlock,
    /// `finish(identity())` into every result.
    Fill,
}

impl Entry {
    fn suffix(self) -> &'static str {
        match self {
            Entry::Thread => "thread",
            Entry::Warp => "warp",
            Entry::Block => "block",
            Entry::FinalThread => "final_thread",
            Entry::FinalBlock => "final_block",
            Entry::Fill => "fill",
        }
    }

    /// Threads per result of a group entry (`None` for the others).
    pub fn group(self) -> Option<u32> {
        match self {
            Entry::Thread => Some(1),
            Entry::Warp => Some(32),
            Entry::Block => Some(REDUCE_BLOCK),
            _ => None,
        }
    }
}

/// The entry points a module has.
pub fn entries(has_identity: bool) -> Vec<Entry> {
    let mut v = vec![
        Entry::Thread,
        Entry::Warp,
        Entry::Block,
        Entry::FinalThread,
        Entry::FinalBlock,
    ];
    if has_identity {
        v.push(Entry::Fill);
    }
    v
}

/// The name of an entry point (`kxr_sum__f32_block`).
pub fn entry_name(inst: &ReductionInstance, entry: Entry) -> String {
    format!("kxr_{}_{}", sanitize(&inst.name()), entry.suffix())
}

/// Whether any dtype of the instance needs `cuda_fp16.h` / `cuda_bf16.h`.
pub fn needs_half_headers(inst: &ReductionInstance) -> bool {
    inst.type_args
        .iter()
        .chain(&inst.params)
        .chain(&inst.acc)
        .chain(std::iter::once(&inst.out))
        .any(|d| d.needs_half_headers())
}

/// The CUDA type of the accumulator: the component's type, or `kx::TupleN<...>`.
///
/// Panics without components or with more than 8.
#[track_caller]
pub fn acc_type(inst: &ReductionInstance) -> String {
    match inst.acc.len() {
        0 => panic!("{}: an accumulator has at least one component", inst.name()),
        1 => inst.acc[0].cuda_name().to_string(),
        n @ 2..=8 => {
            let names: Vec<&str> = inst.acc.iter().map(|d| d.cuda_name()).collect();
            format!("kx::Tuple{n}<{}>", names.join(", "))
        }
        n => panic!("{}: {n} accumulator components (at most 8)", inst.name()),
    }
}

fn align_of(d: DTypeId) -> usize {
    match d {
        DTypeId::C64 | DTypeId::C128 => d.size() / 2,
        _ => d.size(),
    }
}

/// Size and alignment of the accumulator on the device (C layout of its components).
pub fn acc_layout(inst: &ReductionInstance) -> (usize, usize) {
    let (mut size, mut align) = (0usize, 1usize);
    for &d in &inst.acc {
        let a = align_of(d);
        size = size.next_multiple_of(a) + d.size();
        align = align.max(a);
    }
    (size.next_multiple_of(align).max(1), align)
}

/// Whether a module of `inst` with `fusion` needs `cuda_fp16.h` / `cuda_bf16.h`.
pub fn fused_needs_half_headers(inst: &ReductionInstance, fusion: &Fusion) -> bool {
    needs_half_headers(inst) || fusion.needs_half()
}

/// Elements per pack on the contiguous-row path: 16 bytes over the widest array input.
pub fn vector_width(inst: &ReductionInstance, kinds: &[OperandKind]) -> usize {
    operand_vector_width(&inst.params, kinds)
}

/// [`vector_width`] over a module's operands of `dtypes`.
fn operand_vector_width(dtypes: &[DTypeId], kinds: &[OperandKind]) -> usize {
    let widest = dtypes
        .iter()
        .zip(kinds)
        .filter(|(_, k)| **k == OperandKind::Array)
        .map(|(d, _)| d.size())
        .max()
        .unwrap_or(16);
    (16 / widest).max(1)
}

/// The CUDA C module of a reduction instance for `kinds` and `spec`. Deterministic.
///
/// Panics if `kinds` does not have one entry per input, or a rank is 0.
#[track_caller]
pub fn reduction_module(
    inst: &ReductionInstance,
    has_identity: bool,
    kinds: &[OperandKind],
    spec: &ReduceSpec,
) -> String {
    fused_reduction_module(inst, has_identity, &Fusion::plain(inst), kinds, spec)
}

/// The CUDA C module of a reduction instance whose inputs come from operands as `fusion`
/// says (`kinds`: one per operand): the map's argument for an expression input is a call of
/// the expression's fused device function on its operands, each loaded at its own offset.
/// Deterministic.
///
/// Panics if `kinds` does not have one entry per operand, or a rank is 0.
#[track_caller]
pub fn fused_reduction_module(
    inst: &ReductionInstance,
    has_identity: bool,
    fusion: &Fusion,
    kinds: &[OperandKind],
    spec: &ReduceSpec,
) -> String {
    assert_eq!(
        kinds.len(),
        fusion.operands.len(),
        "{}: one operand kind per operand",
        inst.name()
    );
    assert_eq!(
        fusion.inputs.len(),
        inst.params.len(),
        "{}: one source per input",
        inst.name()
    );
    assert!(
        spec.kept_ndim >= 1 && spec.reduced_ndim >= 1,
        "ranks start at 1"
    );
    let g = Gen {
        inst,
        has_identity,
        fusion,
        kinds,
        spec,
        name: super::codegen::c_ident(inst.def.name),
        off: spec.index.offset(),
        cnt: spec.index.counter(),
    };
    let mut out = String::with_capacity(PRELUDE.len() + inst.def.device_source.len() + 16384);
    g.header(&mut out);
    for e in [Entry::Thread, Entry::Warp, Entry::Block] {
        out.push('\n');
        g.group_entry(&mut out, e);
    }
    out.push('\n');
    g.final_entry(&mut out, Entry::FinalThread);
    out.push('\n');
    g.final_entry(&mut out, Entry::FinalBlock);
    if has_identity {
        out.push('\n');
        g.final_entry(&mut out, Entry::Fill);
    }
    out
}

struct Gen<'a> {
    inst: &'a ReductionInstance,
    has_identity: bool,
    fusion: &'a Fusion,
    kinds: &'a [OperandKind],
    spec: &'a ReduceSpec,
    /// The reduction's name as the macro spells it in C (`kxr_<name>_map`).
    name: String,
    off: &'static str,
    cnt: &'static str,
}

impl Gen<'_> {
    fn arrays(&self) -> Vec<usize> {
        (0..self.kinds.len())
            .filter(|&k| self.kinds[k] == OperandKind::Array)
            .collect()
    }

    fn header(&self, out: &mut String) {
        let inst = self.inst;
        let kinds: Vec<&str> = self
            .kinds
            .iter()
            .map(|k| match k {
                OperandKind::Array => "array",
                OperandKind::Scalar => "scalar",
            })
            .collect();
        let mut operands = kinds.join(", ");
        for (i, f) in self.fusion.inputs.iter().enumerate() {
            if let FusedInput::Expr {
                name, first, count, ..
            } = f
            {
                let _ = write!(
                    operands,
                    "; input {i} fused: {name} of operands {first}..{}",
                    first + count
                );
            }
        }
        let _ = writeln!(
            out,
            "// Reduction module of `{}` (operands: {}; kept ndim {}, reduced ndim {}, {} rows, \
             {} indexing, {}), generated by array-runtime.",
            inst.name(),
            operands,
            self.spec.kept_ndim,
            self.spec.reduced_ndim,
            if self.spec.contiguous_rows {
                "contiguous"
            } else {
                "strided"
            },
            self.spec.index.suffix(),
            if self.has_identity {
                "identity"
            } else {
                "no identity"
            }
        );
        if fused_needs_half_headers(inst, self.fusion) {
            out.push_str("#define KX_HALF 1\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n");
        }
        out.push_str(PRELUDE);
        if !PRELUDE.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
        for (name, ty) in inst.def.type_params.iter().zip(&inst.type_args) {
            let _ = writeln!(out, "typedef {} {name};", ty.cuda_name());
        }
        out.push_str(inst.def.device_source);
        if !inst.def.device_source.ends_with('\n') {
            out.push('\n');
        }
        // Each fused expression in a namespace of its own (two expressions may call the same
        // kernels, each composing its own copy), with guards of its device functions of its
        // own (`#ifndef KXE0_KXD_<fn>_<hash>` in each would define them in the first only).
        for (i, f) in self.fusion.inputs.iter().enumerate() {
            if let FusedInput::Expr { source, .. } = f {
                let _ = writeln!(out, "namespace kxq_{i} {{");
                out.push_str(&source.replace("KXD_", &format!("KXQ{i}_KXD_")));
                if !source.ends_with('\n') {
                    out.push('\n');
                }
                let _ = writeln!(out, "}} // namespace kxq_{i}");
            }
        }
        let n = &self.name;
        let (size, _) = acc_layout(inst);
        let _ = writeln!(
            out,
            "\n// ---- reduction machinery ----\n\
             typedef {acc} kxr_acc;\n\
             static_assert(sizeof(kxr_acc) == {size}, \"accumulator layout differs from the runtime's\");\n\
             typedef {off} kxr_i;\n\
             typedef {cnt} kxr_u;\n\
             #define KXR_BLOCK {REDUCE_BLOCK}\n\
             template <typename I, int N> struct kxr_vec {{ I v[N]; }};\n\
             template <typename T, int V> struct alignas(sizeof(T) * V) kxr_pack {{ T v[V]; }};\n\
             \n\
             // Any trivially copyable value, shuffled as 32-bit words.\n\
             template <class T> __device__ __forceinline__ T kxr_shfl_down(const T v, const unsigned int d) {{\n\
             \x20   constexpr int W = (int)((sizeof(T) + 3) / 4);\n\
             \x20   unsigned int w[W];\n\
             \x20   w[W - 1] = 0u;\n\
             \x20   memcpy(w, &v, sizeof(T));\n\
             #pragma unroll\n\
             \x20   for (int i = 0; i < W; ++i) w[i] = __shfl_down_sync(0xffffffffu, w[i], d);\n\
             \x20   T r;\n\
             \x20   memcpy(&r, w, sizeof(T));\n\
             \x20   return r;\n\
             }}",
            acc = acc_type(inst),
            off = self.off,
            cnt = self.cnt,
        );
        out.push_str(
            "__device__ __forceinline__ kxr_acc kxr_shfl_acc(const kxr_acc v, const unsigned int d) {\n",
        );
        if inst.acc.len() == 1 {
            out.push_str("    return kxr_shfl_down(v, d);\n");
        } else {
            out.push_str("    kxr_acc r;\n");
            for f in 0..inst.acc.len() {
                let _ = writeln!(out, "    r.f{f} = kxr_shfl_down(v.f{f}, d);");
            }
            out.push_str("    return r;\n");
        }
        out.push_str("}\n");
        if self.has_identity {
            let _ = writeln!(
                out,
                "struct kxr_st {{ kxr_acc v; }};\n\
                 __device__ __forceinline__ kxr_st kxr_init() {{ kxr_st s; s.v = kxr_{n}_identity(); return s; }}\n\
                 __device__ __forceinline__ void kxr_add(kxr_st& s, const kxr_acc m) {{ s.v = kxr_{n}_combine(s.v, m); }}\n\
                 __device__ __forceinline__ void kxr_merge(kxr_st& s, const kxr_st& o) {{ s.v = kxr_{n}_combine(s.v, o.v); }}\n\
                 __device__ __forceinline__ kxr_st kxr_shfl_st(const kxr_st& s, const unsigned int d) {{\n\
                 \x20   kxr_st r;\n\
                 \x20   r.v = kxr_shfl_acc(s.v, d);\n\
                 \x20   return r;\n\
                 }}"
            );
        } else {
            let _ = writeln!(
                out,
                "struct kxr_st {{ kxr_acc v; bool ok; }};\n\
                 __device__ __forceinline__ kxr_st kxr_init() {{ kxr_st s; memset(&s, 0, sizeof(s)); return s; }}\n\
                 __device__ __forceinline__ void kxr_add(kxr_st& s, const kxr_acc m) {{\n\
                 \x20   if (s.ok) {{ s.v = kxr_{n}_combine(s.v, m); }} else {{ s.v = m; s.ok = true; }}\n\
                 }}\n\
                 __device__ __forceinline__ void kxr_merge(kxr_st& s, const kxr_st& o) {{\n\
                 \x20   if (o.ok) {{ s.v = s.ok ? kxr_{n}_combine(s.v, o.v) : o.v; s.ok = true; }}\n\
                 }}\n\
                 __device__ __forceinline__ kxr_st kxr_shfl_st(const kxr_st& s, const unsigned int d) {{\n\
                 \x20   kxr_st r;\n\
                 \x20   r.v = kxr_shfl_acc(s.v, d);\n\
                 \x20   r.ok = __shfl_down_sync(0xffffffffu, s.ok ? 1 : 0, d) != 0;\n\
                 \x20   return r;\n\
                 }}"
            );
        }
        out.push_str(
            "// Lane 0 of the warp ends with the warp's value (every lane must be here).\n\
             __device__ __forceinline__ kxr_st kxr_warp_reduce(kxr_st s) {\n\
             #pragma unroll\n\
             \x20   for (unsigned int d = 16; d > 0; d >>= 1) {\n\
             \x20       const kxr_st o = kxr_shfl_st(s, d);\n\
             \x20       kxr_merge(s, o);\n\
             \x20   }\n\
             \x20   return s;\n\
             }\n\
             // Thread 0 ends with the block's value (every thread must be here; blockDim.x == KXR_BLOCK).\n\
             __device__ __forceinline__ kxr_st kxr_block_reduce(kxr_st s) {\n\
             \x20   __shared__ __align__(16) unsigned char kxr_smem[(KXR_BLOCK / 32) * sizeof(kxr_st)];\n\
             \x20   kxr_st* const sm = reinterpret_cast<kxr_st*>(kxr_smem);\n\
             \x20   const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;\n\
             \x20   s = kxr_warp_reduce(s);\n\
             \x20   if (lane == 0) sm[warp] = s;\n\
             \x20   __syncthreads();\n\
             \x20   if (warp == 0) {\n\
             \x20       s = lane < KXR_BLOCK / 32 ? sm[lane] : kxr_init();\n\
             #pragma unroll\n\
             \x20       for (unsigned int d = KXR_BLOCK / 64; d > 0; d >>= 1) {\n\
             \x20           const kxr_st o = kxr_shfl_st(s, d);\n\
             \x20           kxr_merge(s, o);\n\
             \x20       }\n\
             \x20   }\n\
             \x20   __syncthreads();\n\
             \x20   return s;\n\
             }\n",
        );
    }

    /// `const kxr_u rem = k` decomposed over the kept shape into base offsets `b_<name>`.
    fn kept_offsets(&self, out: &mut String, names: &[String], indent: &str) {
        let off = self.off;
        let decl: Vec<String> = names.iter().map(|n| format!("b_{n} = 0")).collect();
        let _ = writeln!(out, "{indent}kxr_i {};", decl.join(", "));
        let _ = writeln!(out, "{indent}{{");
        let _ = writeln!(out, "{indent}    kxr_u rem = k;");
        for d in (0..self.spec.kept_ndim).rev() {
            if d == 0 {
                let _ = writeln!(out, "{indent}    {{ const {off} c = ({off})rem;");
            } else {
                let _ = writeln!(
                    out,
                    "{indent}    {{ const {off} c = ({off})(rem % kshape.v[{d}]); rem /= kshape.v[{d}];"
                );
            }
            for n in names {
                let _ = writeln!(out, "{indent}      b_{n} += c * {n}_ks.v[{d}];");
            }
            let _ = writeln!(out, "{indent}    }}");
        }
        let _ = writeln!(out, "{indent}}}");
    }

    /// `kxr_<name>_map(<args>)` with `args` per operand (an expression input's operands
    /// passed through its fused function) and the index expression.
    fn map_call(&self, args: &[String], index: &str) -> String {
        let mut a: Vec<String> = self
            .fusion
            .inputs
            .iter()
            .enumerate()
            .map(|(i, f)| match f {
                FusedInput::Operand(k) => args[*k].clone(),
                FusedInput::Expr {
                    name, first, count, ..
                } => format!(
                    "kxq_{i}::kxf_{}({})",
                    super::codegen::c_ident(name),
                    args[*first..first + count].join(", ")
                ),
            })
            .collect();
        if self.inst.def.takes_index {
            a.push(format!("(long long)({index})"));
        }
        format!("kxr_{}_map({})", self.name, a.join(", "))
    }

    fn group_entry(&self, out: &mut String, entry: Entry) {
        let inst = self.inst;
        let (kd, rd) = (self.spec.kept_ndim, self.spec.reduced_ndim);
        let g = entry.group().expect("a group entry");
        let arrays = self.arrays();
        let mut params: Vec<String> = Vec::new();
        for (k, (&d, kind)) in self.fusion.operands.iter().zip(self.kinds).enumerate() {
            match kind {
                OperandKind::Array => {
                    params.push(format!("const {}* __restrict__ in{k}", d.cuda_name()));
                    params.push(format!("const kxr_vec<kxr_i, {kd}> in{k}_ks"));
                    params.push(format!("const kxr_vec<kxr_i, {rd}> in{k}_rs"));
                }
                OperandKind::Scalar => params.push(format!("const {} in{k}", d.cuda_name())),
            }
        }
        params.push(format!("{}* __restrict__ out", inst.out.cuda_name()));
        params.push(format!("const kxr_vec<kxr_i, {kd}> out_ks"));
        params.push(format!("const kxr_vec<kxr_u, {kd}> kshape"));
        params.push(format!("const kxr_vec<kxr_u, {rd}> rshape"));
        params.push("kxr_acc* __restrict__ partial".into());
        params.push("const kxr_u nk".into());
        params.push("const kxr_u nr".into());
        params.push("const kxr_u chunk".into());
        let _ = writeln!(
            out,
            "extern \"C\" __global__ void __launch_bounds__(KXR_BLOCK) {}(",
            entry_name(inst, entry)
        );
        let _ = writeln!(out, "    {}\n) {{", params.join(",\n    "));
        let _ = writeln!(out, "    constexpr kxr_u G = {g};");
        out.push_str(
            "    const kxr_u lane = G == 1 ? 0 : (kxr_u)threadIdx.x % G;\n\
             \x20   const kxr_u groups = (kxr_u)blockDim.x / G;\n\
             \x20   const kxr_u lo = (kxr_u)blockIdx.y * chunk;\n\
             \x20   const kxr_u hi = nr - lo > chunk ? lo + chunk : nr;\n\
             \x20   (void)rshape;\n\
             \x20   for (kxr_u k = (kxr_u)blockIdx.x * groups + (kxr_u)threadIdx.x / G; k < nk; k += (kxr_u)gridDim.x * groups) {\n",
        );
        let mut names: Vec<String> = arrays.iter().map(|k| format!("in{k}")).collect();
        names.push("out".into());
        self.kept_offsets(out, &names, "        ");

        // `at(r)`: the mapped element at reduced position r.
        out.push_str("        auto at = [&](const kxr_u r) -> kxr_acc {\n");
        let elem = |k: usize| -> String {
            if self.kinds[k] == OperandKind::Scalar {
                format!("in{k}")
            } else if self.spec.contiguous_rows {
                format!("in{k}[b_in{k} + (kxr_i)r]")
            } else if rd == 1 {
                format!("in{k}[b_in{k} + (kxr_i)r * in{k}_rs.v[0]]")
            } else {
                format!("in{k}[o_in{k}]")
            }
        };
        if !self.spec.contiguous_rows && rd > 1 && !arrays.is_empty() {
            let decl: Vec<String> = arrays
                .iter()
                .map(|k| format!("o_in{k} = b_in{k}"))
                .collect();
            let _ = writeln!(out, "            kxr_i {};", decl.join(", "));
            out.push_str("            kxr_u rem = r;\n");
            let off = self.off;
            for d in (0..rd).rev() {
                if d == 0 {
                    let _ = writeln!(out, "            {{ const {off} c = ({off})rem;");
                } else {
                    let _ = writeln!(
                        out,
                        "            {{ const {off} c = ({off})(rem % rshape.v[{d}]); rem /= rshape.v[{d}];"
                    );
                }
                for k in &arrays {
                    let _ = writeln!(out, "              o_in{k} += c * in{k}_rs.v[{d}];");
                }
                out.push_str("            }\n");
            }
        }
        let args: Vec<String> = (0..self.kinds.len()).map(elem).collect();
        let _ = writeln!(out, "            return {};", self.map_call(&args, "r"));
        out.push_str("        };\n");
        out.push_str("        kxr_st s = kxr_init();\n");

        let scalar_loop = "            kxr_u r = lo + lane;\n\
             \x20           for (; r + 3 * G < hi; r += 4 * G) {\n\
             \x20               const kxr_acc m0 = at(r), m1 = at(r + G), m2 = at(r + 2 * G), m3 = at(r + 3 * G);\n\
             \x20               kxr_add(s, m0); kxr_add(s, m1); kxr_add(s, m2); kxr_add(s, m3);\n\
             \x20           }\n\
             \x20           for (; r < hi; r += G) kxr_add(s, at(r));\n";
        let v = operand_vector_width(&self.fusion.operands, self.kinds);
        if self.spec.contiguous_rows && g > 1 && v > 1 && !arrays.is_empty() {
            self.vector_loop(out, v, &arrays, scalar_loop);
        } else {
            out.push_str("        {\n");
            out.push_str(scalar_loop);
            out.push_str("        }\n");
        }

        match g {
            1 => {}
            32 => out.push_str("        s = kxr_warp_reduce(s);\n"),
            _ => out.push_str("        s = kxr_block_reduce(s);\n"),
        }
        let _ = writeln!(
            out,
            "        if (lane == 0) {{\n\
             \x20           if (partial != 0) partial[(unsigned long long)blockIdx.y * (unsigned long long)nk + k] = s.v;\n\
             \x20           else out[b_out] = kxr_{}_finish(s.v);\n\
             \x20       }}\n\
             \x20   }}\n\
             }}",
            self.name
        );
    }

    /// The packed path of a warp or block entry over a contiguous row, with the scalar loop as
    /// the fallback when the inputs are not at the same distance from a pack boundary.
    fn vector_loop(&self, out: &mut String, v: usize, arrays: &[usize], scalar_loop: &str) {
        let dtypes = &self.fusion.operands;
        let a0 = arrays[0];
        let sz = |k: usize| dtypes[k].size();
        let _ = writeln!(
            out,
            "        {{\n\
             \x20           const kxr_u len = hi > lo ? hi - lo : 0;\n\
             \x20           const unsigned long long pb = {pb}ull;\n\
             \x20           const unsigned long long a0 = (unsigned long long)(in{a0} + (b_in{a0} + (kxr_i)lo));\n\
             \x20           kxr_u head = (kxr_u)(((pb - a0 % pb) % pb) / {s0}ull);\n\
             \x20           if (head > len) head = len;",
            pb = v * sz(a0),
            s0 = sz(a0),
        );
        let mut conds = vec![format!("a0 % {}ull == 0", sz(a0))];
        for &k in &arrays[1..] {
            conds.push(format!(
                "(unsigned long long)(in{k} + (b_in{k} + (kxr_i)(lo + head))) % {}ull == 0",
                v * sz(k)
            ));
        }
        let _ = writeln!(out, "            if ({}) {{", conds.join(" && "));
        out.push_str(
            "                if (lane < head) kxr_add(s, at(lo + lane));\n\
             \x20               const kxr_u start = lo + head;\n\
             \x20               const kxr_u packs = (hi - start) / ",
        );
        let _ = writeln!(out, "{v};");
        for &k in arrays {
            let t = dtypes[k].cuda_name();
            let _ = writeln!(
                out,
                "                const kxr_pack<{t}, {v}>* const q{k} = reinterpret_cast<const kxr_pack<{t}, {v}>*>(in{k} + (b_in{k} + (kxr_i)start));"
            );
        }
        let load = |out: &mut String, pre: &str, j: &str, indent: &str| {
            for &k in arrays {
                let t = dtypes[k].cuda_name();
                let _ = writeln!(
                    out,
                    "{indent}const kxr_pack<{t}, {v}> {pre}{k} = q{k}[{j}];"
                );
            }
        };
        let combine = |out: &mut String, pre: &str, j: &str, indent: &str| {
            let args: Vec<String> = (0..self.kinds.len())
                .map(|k| match self.kinds[k] {
                    OperandKind::Array => format!("{pre}{k}.v[e]"),
                    OperandKind::Scalar => format!("in{k}"),
                })
                .collect();
            let _ = writeln!(out, "#pragma unroll");
            let _ = writeln!(
                out,
                "{indent}for (int e = 0; e < {v}; ++e) kxr_add(s, {});",
                self.map_call(&args, &format!("start + ({j}) * {v} + (kxr_u)e"))
            );
        };
        // Two packs a thread per iteration, both loaded before either is combined.
        let ind = "                    ";
        out.push_str("                kxr_u j = lane;\n");
        out.push_str("                for (; j + G < packs; j += 2 * G) {\n");
        load(out, "p", "j", ind);
        load(out, "n", "j + G", ind);
        combine(out, "p", "j", ind);
        combine(out, "n", "j + G", ind);
        out.push_str("                }\n");
        out.push_str("                if (j < packs) {\n");
        load(out, "p", "j", ind);
        combine(out, "p", "j", ind);
        out.push_str("                }\n");
        let _ = writeln!(
            out,
            "                const kxr_u tail = start + packs * {v};\n\
             \x20               if (tail + lane < hi) kxr_add(s, at(tail + lane));\n\
             \x20           }} else {{"
        );
        out.push_str(scalar_loop);
        out.push_str("            }\n        }\n");
    }

    fn final_entry(&self, out: &mut String, entry: Entry) {
        let inst = self.inst;
        let kd = self.spec.kept_ndim;
        let n = &self.name;
        let mut params: Vec<String> = Vec::new();
        if entry != Entry::Fill {
            params.push("const kxr_acc* __restrict__ partial".into());
        }
        params.push(format!("{}* __restrict__ out", inst.out.cuda_name()));
        params.push(format!("const kxr_vec<kxr_i, {kd}> out_ks"));
        params.push(format!("const kxr_vec<kxr_u, {kd}> kshape"));
        params.push("const kxr_u nk".into());
        if entry != Entry::Fill {
            params.push("const kxr_u ny".into());
        }
        let _ = writeln!(
            out,
            "extern \"C\" __global__ void __launch_bounds__(KXR_BLOCK) {}(",
            entry_name(inst, entry)
        );
        let _ = writeln!(out, "    {}\n) {{", params.join(",\n    "));
        let per_block = entry == Entry::FinalBlock;
        if per_block {
            out.push_str("    for (kxr_u k = blockIdx.x; k < nk; k += gridDim.x) {\n");
        } else {
            out.push_str(
                "    for (kxr_u k = (kxr_u)blockIdx.x * blockDim.x + threadIdx.x; k < nk; k += (kxr_u)gridDim.x * blockDim.x) {\n",
            );
        }
        self.kept_offsets(out, &["out".to_string()], "        ");
        match entry {
            Entry::FinalThread => {
                let _ = writeln!(
                    out,
                    "        kxr_acc a = partial[k];\n\
                     \x20       for (unsigned long long y = 1; y < ny; ++y) a = kxr_{n}_combine(a, partial[y * nk + k]);\n\
                     \x20       out[b_out] = kxr_{n}_finish(a);"
                );
            }
            Entry::FinalBlock => {
                let _ = writeln!(
                    out,
                    "        kxr_st s = kxr_init();\n\
                     \x20       for (unsigned long long y = threadIdx.x; y < ny; y += blockDim.x) {{\n\
                     \x20           kxr_st o;\n\
                     \x20           o = kxr_init();\n\
                     \x20           kxr_add(o, partial[y * nk + k]);\n\
                     \x20           kxr_merge(s, o);\n\
                     \x20       }}\n\
                     \x20       s = kxr_block_reduce(s);\n\
                     \x20       if (threadIdx.x == 0) out[b_out] = kxr_{n}_finish(s.v);"
                );
            }
            _ => {
                let _ = writeln!(
                    out,
                    "        out[b_out] = kxr_{n}_finish(kxr_{n}_identity());"
                );
            }
        }
        out.push_str("    }\n}\n");
    }
}

impl ReductionInstance {
    /// The CUDA C module compiled for this reduction when every input is an array whose rows
    /// are contiguous (the common case: reducing the last axis of a C-contiguous array), with
    /// 32-bit indices. Pure text: no GPU needed.
    pub fn cuda_source(&self, has_identity: bool) -> String {
        let kinds = vec![OperandKind::Array; self.params.len()];
        let spec = ReduceSpec {
            kept_ndim: 1,
            reduced_ndim: 1,
            contiguous_rows: true,
            index: IndexWidth::I32,
        };
        reduction_module(self, has_identity, &kinds, &spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::reduction::ReductionDef;

    static SUM: ReductionDef = ReductionDef {
        name: "sum",
        device_source: "",
        param_names: &["x"],
        type_params: &[],
        takes_index: false,
    };

    fn inst(acc: Vec<DTypeId>) -> ReductionInstance {
        ReductionInstance {
            def: &SUM,
            type_args: vec![],
            params: vec![DTypeId::F32],
            acc,
            out: DTypeId::F32,
        }
    }

    #[test]
    fn accumulator_layouts() {
        assert_eq!(acc_layout(&inst(vec![DTypeId::F32])), (4, 4));
        assert_eq!(acc_layout(&inst(vec![DTypeId::F32, DTypeId::I64])), (16, 8));
        assert_eq!(
            acc_layout(&inst(vec![DTypeId::I64, DTypeId::F64, DTypeId::F64])),
            (24, 8)
        );
        assert_eq!(acc_layout(&inst(vec![DTypeId::Bool, DTypeId::F16])), (4, 2));
        assert_eq!(
            acc_type(&inst(vec![DTypeId::F32, DTypeId::I64])),
            "kx::Tuple2<float, long long>"
        );
    }

    #[test]
    fn module_has_its_entries() {
        let spec = ReduceSpec {
            kept_ndim: 2,
            reduced_ndim: 1,
            contiguous_rows: true,
            index: IndexWidth::I32,
        };
        let i = inst(vec![DTypeId::F32]);
        let src = reduction_module(&i, true, &[OperandKind::Array], &spec);
        for e in entries(true) {
            assert!(src.contains(&format!("{}(", entry_name(&i, e))), "{e:?}");
        }
        assert!(src.contains("kxr_pack<float, 4>"));
        let src2 = reduction_module(&i, false, &[OperandKind::Array], &spec);
        assert!(!src2.contains("_fill("));
        assert!(src2.contains("bool ok;"));
        assert_eq!(
            src,
            reduction_module(&i, true, &[OperandKind::Array], &spec)
        );
    }
}
