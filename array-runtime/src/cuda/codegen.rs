//! CUDA C text of an elementwise module: pure text, no GPU needed.
//!
//! A module holds, for one instantiation of an `#[elementwise]` kernel and one choice of
//! operand kinds (array or scalar per parameter):
//!
//! - the prelude (`prelude.cuh`, the `kx::` helpers of the translated code), the fp16/bf16
//!   headers when a dtype needs them, a `typedef` per type parameter, the kernel's device
//!   function `kxf_<name>`;
//! - `<entry>_contig_i32` / `<entry>_contig_i64`: every array operand C-contiguous, one flat
//!   grid-stride loop over `n` elements with a 32-bit or 64-bit counter;
//! - `<entry>_vec<V>_i32` / `<entry>_vec<V>_i64` when [`vector_width`] is 2 or more: the same
//!   with `V` consecutive elements per iteration, loaded and stored as one aligned 16-byte (or
//!   narrower) pack per array operand, then a scalar loop over the last `n % V` elements; used
//!   when every array pointer is aligned to its pack;
//! - `<entry>_strided<N>_i32` / `<entry>_strided<N>_i64` for the module's `ndim` (when not 0):
//!   the shape and each array operand's strides (elements) passed by value as small structs,
//!   offsets computed by division in the chosen index type.
//!
//! Entry parameters, in order: for each input, its pointer (then its strides on the strided
//! path) or, for a scalar, its value; for each output, its pointer (then its strides); on the
//! strided path the shape; last the element count `n` (`unsigned long long`). The launcher in
//! `launch.rs` pushes arguments in exactly this order.

use std::fmt::Write;

use crate::dtype::DTypeId;
use crate::kernel::def::elementwise::Instance;

/// Threads per block of every elementwise entry point (also its `__launch_bounds__`).
pub const BLOCK_SIZE: u32 = 256;

/// How one parameter reaches the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// An array (pointer + strides).
    Array,
    /// A scalar passed by value.
    Scalar,
}

/// Which loop an entry point runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// Every array operand C-contiguous: one flat loop.
    Contiguous,
    /// Every array operand C-contiguous and aligned: packs of this many elements.
    Vectorized(usize),
    /// Index arithmetic over this many (merged) dimensions.
    Strided(usize),
}

/// The integer type of element counters and offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexWidth {
    /// `int` offsets, `unsigned int` counters: every offset and the size fit in `i32`.
    I32,
    /// `long long` offsets, `unsigned long long` counters.
    I64,
}

impl IndexWidth {
    pub(crate) fn suffix(self) -> &'static str {
        match self {
            IndexWidth::I32 => "i32",
            IndexWidth::I64 => "i64",
        }
    }

    /// The signed offset type.
    pub(crate) fn offset(self) -> &'static str {
        match self {
            IndexWidth::I32 => "int",
            IndexWidth::I64 => "long long",
        }
    }

    /// The unsigned counter type (also the shape's element type).
    pub(crate) fn counter(self) -> &'static str {
        match self {
            IndexWidth::I32 => "unsigned int",
            IndexWidth::I64 => "unsigned long long",
        }
    }
}

/// `name` with every character outside `[A-Za-z0-9_]` replaced by `_`.
pub fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The C spelling of a kernel's Rust name in the device function the macros write
/// (`kxf_<c_ident(name)>`, `kxr_<c_ident(name)>_map`, the raw kernel `kxr_<c_ident(name)>`):
/// the name itself when it is ASCII letters, digits and single inner underscores, else a
/// readable ASCII form, `__` and the hex of the name's UTF-8 bytes, so that two names never
/// meet. The same function as `kernel-macros`' `cnames::exact` (a proc-macro crate cannot
/// export it); NVRTC compiling the macros' kernels checks that they agree.
///
/// ```
/// use array_runtime::cuda::codegen::c_ident;
/// assert_eq!(c_ident("saxpy"), "saxpy");
/// assert_eq!(c_ident("café"), "cafue9__636166c3a9");
/// ```
pub fn c_ident(name: &str) -> String {
    use std::fmt::Write as _;
    let plain = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.contains("__")
        && !name.starts_with('_')
        && !name.ends_with('_');
    if plain {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len() * 3);
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if c == '_' {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
        } else {
            let _ = write!(out, "u{:x}", u32::from(c));
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out.push_str("__");
    for b in name.bytes() {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The name of one entry point of an instance's module.
///
/// ```
/// use array_runtime::cuda::codegen::{entry_name, IndexWidth, Path};
/// # use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
/// # use array_runtime::DTypeId;
/// # static DEF: ElementwiseDef = ElementwiseDef { name: "add", device_source: "",
/// #     param_names: &["x", "y"], type_params: &["T"] };
/// let inst = Instance { def: &DEF, type_args: &[DTypeId::F32],
///     params: &[DTypeId::F32, DTypeId::F32], results: &[DTypeId::F32] };
/// assert_eq!(entry_name(&inst, Path::Strided(2), IndexWidth::I64), "kx_add__f32_strided2_i64");
/// ```
pub fn entry_name(inst: &Instance<'_>, path: Path, index: IndexWidth) -> String {
    let base = sanitize(&inst.name());
    match path {
        Path::Contiguous => format!("kx_{base}_contig_{}", index.suffix()),
        Path::Vectorized(v) => format!("kx_{base}_vec{v}_{}", index.suffix()),
        Path::Strided(n) => format!("kx_{base}_strided{n}_{}", index.suffix()),
    }
}

/// Whether any dtype of the instance needs `cuda_fp16.h` / `cuda_bf16.h`.
pub fn needs_half_headers(inst: &Instance<'_>) -> bool {
    inst.type_args
        .iter()
        .chain(inst.params)
        .chain(inst.results)
        .any(|d| d.needs_half_headers())
}

/// Elements per pack of the vectorized entry points: 16 bytes over the widest array operand's
/// element (at least 1, and 1 means no vectorized entry points).
pub fn vector_width(inst: &Instance<'_>, kinds: &[OperandKind]) -> usize {
    let widest = inst
        .params
        .iter()
        .zip(kinds)
        .filter(|(_, k)| **k == OperandKind::Array)
        .map(|(d, _)| d.size())
        .chain(inst.results.iter().map(|d| d.size()))
        .max()
        .unwrap_or(16);
    (16 / widest).max(1)
}

/// The prelude shared by every generated module (the `kx::` helpers written by the
/// translator's authors).
pub const PRELUDE: &str = include_str!("prelude.cuh");

/// The CUDA C module of an elementwise instantiation for the given operand kinds: the
/// contiguous entry points and, when `ndim > 0`, the strided ones for `ndim` dimensions.
/// Deterministic: the same arguments give the same text.
///
/// Panics if `kinds` does not have one entry per parameter of the instance.
#[track_caller]
pub fn elementwise_module(inst: &Instance<'_>, kinds: &[OperandKind], ndim: usize) -> String {
    let mut out = module_head(inst, kinds, &format!("strided ndim {ndim}"));
    let vw = vector_width(inst, kinds);
    for index in [IndexWidth::I32, IndexWidth::I64] {
        out.push('\n');
        write_entry(&mut out, inst, kinds, Path::Contiguous, index);
        if vw > 1 {
            out.push('\n');
            write_entry(&mut out, inst, kinds, Path::Vectorized(vw), index);
        }
    }
    if ndim > 0 {
        for index in [IndexWidth::I32, IndexWidth::I64] {
            out.push('\n');
            write_entry(&mut out, inst, kinds, Path::Strided(ndim), index);
        }
    }
    out
}

/// A module of [`elementwise_module`]'s with one entry point only, `path` with `index`: the
/// same prelude and device code. The assembler (`ptxas`, a CUBIN's last step) compiles the
/// device functions a kernel calls once for each entry point that calls them, so for a
/// kernel with much device code one entry point assembles in a fraction of the time of the
/// whole module (`betainc`: 1.2 s against 5.4 s): what the test suites assemble
/// ([`crate::cuda::verify::assembled`]).
///
/// Panics if `kinds` does not have one entry per parameter of the instance.
///
/// ```
/// use array_runtime::cuda::codegen::{elementwise_entry_module, IndexWidth, OperandKind, Path};
/// # use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
/// # use array_runtime::DTypeId;
/// # static DEF: ElementwiseDef = ElementwiseDef { name: "add", device_source: "",
/// #     param_names: &["x", "y"], type_params: &["T"] };
/// let inst = Instance { def: &DEF, type_args: &[DTypeId::F32],
///     params: &[DTypeId::F32, DTypeId::F32], results: &[DTypeId::F32] };
/// let kinds = [OperandKind::Array; 2];
/// let src = elementwise_entry_module(&inst, &kinds, Path::Contiguous, IndexWidth::I32);
/// assert_eq!(src.matches("__global__").count(), 1);
/// assert!(src.contains("kx_add__f32_contig_i32("));
/// ```
#[track_caller]
pub fn elementwise_entry_module(
    inst: &Instance<'_>,
    kinds: &[OperandKind],
    path: Path,
    index: IndexWidth,
) -> String {
    let mut out = module_head(inst, kinds, &format!("entry point {path:?} {index:?} only"));
    out.push('\n');
    write_entry(&mut out, inst, kinds, path, index);
    out
}

/// A module's text before its entry points: the comment naming it (`shape` says which entry
/// points follow), the half-precision headers when a dtype needs them, the prelude, the
/// packing types, the type parameters and the kernel's device code.
#[track_caller]
fn module_head(inst: &Instance<'_>, kinds: &[OperandKind], shape: &str) -> String {
    assert_eq!(
        kinds.len(),
        inst.params.len(),
        "{}: one operand kind per parameter",
        inst.name()
    );
    let mut out = String::with_capacity(PRELUDE.len() + inst.def.device_source.len() + 4096);
    let kind_names: Vec<&str> = kinds
        .iter()
        .map(|k| match k {
            OperandKind::Array => "array",
            OperandKind::Scalar => "scalar",
        })
        .collect();
    let _ = writeln!(
        out,
        "// Elementwise module of `{}` (operands: {}; {shape}), generated by array-runtime.",
        inst.name(),
        kind_names.join(", ")
    );
    if needs_half_headers(inst) {
        out.push_str("#define KX_HALF 1\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n");
    }
    out.push_str(PRELUDE);
    if !PRELUDE.is_empty() && !PRELUDE.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("\ntemplate <typename I, int N> struct kxl_vec { I v[N]; };\n");
    out.push_str(
        "template <typename T, int V> struct alignas(sizeof(T) * V) kxl_pack { T v[V]; };\n",
    );
    for (name, ty) in inst.def.type_params.iter().zip(inst.type_args) {
        let _ = writeln!(out, "typedef {} {name};", ty.cuda_name());
    }
    out.push('\n');
    out.push_str(inst.def.device_source);
    if !inst.def.device_source.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn input_type(d: DTypeId) -> &'static str {
    d.cuda_name()
}

fn write_entry(
    out: &mut String,
    inst: &Instance<'_>,
    kinds: &[OperandKind],
    path: Path,
    index: IndexWidth,
) {
    let (off, cnt) = (index.offset(), index.counter());
    let ndim = match path {
        Path::Contiguous | Path::Vectorized(_) => 0,
        Path::Strided(n) => n,
    };
    let strided = matches!(path, Path::Strided(_));

    // Signature.
    let mut params: Vec<String> = Vec::new();
    for (k, (&d, kind)) in inst.params.iter().zip(kinds).enumerate() {
        match kind {
            OperandKind::Array => {
                params.push(format!("const {}* __restrict__ in{k}", input_type(d)));
                if strided {
                    params.push(format!("const kxl_vec<{off}, {ndim}> in{k}_s"));
                }
            }
            OperandKind::Scalar => params.push(format!("const {} in{k}", input_type(d))),
        }
    }
    for (k, &d) in inst.results.iter().enumerate() {
        params.push(format!("{}* __restrict__ out{k}", d.cuda_name()));
        if strided {
            params.push(format!("const kxl_vec<{off}, {ndim}> out{k}_s"));
        }
    }
    if strided {
        params.push(format!("const kxl_vec<{cnt}, {ndim}> shape"));
    }
    params.push("const unsigned long long n".into());
    let _ = writeln!(
        out,
        "extern \"C\" __global__ void __launch_bounds__({BLOCK_SIZE}) {}(",
        entry_name(inst, path, index)
    );
    for (i, p) in params.iter().enumerate() {
        let sep = if i + 1 == params.len() { "" } else { "," };
        let _ = writeln!(out, "    {p}{sep}");
    }
    out.push_str(") {\n");
    let _ = writeln!(out, "    const {cnt} count = ({cnt})n;");
    let _ = writeln!(
        out,
        "    const {cnt} step = ({cnt})blockDim.x * ({cnt})gridDim.x;"
    );
    if let Path::Vectorized(v) = path {
        write_vector_loop(out, inst, kinds, v, cnt);
    }
    let _ = writeln!(
        out,
        "    for ({cnt} i = {start}({cnt})blockIdx.x * ({cnt})blockDim.x + ({cnt})threadIdx.x; i < count; i += step) {{",
        start = if matches!(path, Path::Vectorized(_)) { "tail + " } else { "" }
    );

    // Offsets of the array operands.
    let array_inputs: Vec<usize> = kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| **k == OperandKind::Array)
        .map(|(i, _)| i)
        .collect();
    let input_at = |k: usize| -> String {
        if strided {
            format!("in{k}[o_in{k}]")
        } else {
            format!("in{k}[i]")
        }
    };
    let output_at = |k: usize| -> String {
        if strided {
            format!("out{k}[o_out{k}]")
        } else {
            format!("out{k}[i]")
        }
    };
    if strided {
        let mut names: Vec<String> = array_inputs.iter().map(|k| format!("in{k}")).collect();
        names.extend((0..inst.results.len()).map(|k| format!("out{k}")));
        if !names.is_empty() {
            let decl: Vec<String> = names.iter().map(|n| format!("o_{n} = 0")).collect();
            let _ = writeln!(out, "        {off} {};", decl.join(", "));
            let _ = writeln!(out, "        {cnt} rem = i;");
            for d in (0..ndim).rev() {
                if d == 0 {
                    let _ = writeln!(out, "        {{ const {off} c = ({off})rem;");
                } else {
                    let _ = writeln!(
                        out,
                        "        {{ const {off} c = ({off})(rem % shape.v[{d}]); rem /= shape.v[{d}];"
                    );
                }
                for n in &names {
                    let _ = writeln!(out, "          o_{n} += c * {n}_s.v[{d}];");
                }
                out.push_str("        }\n");
            }
        }
    }

    // The call and the stores.
    let args: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| match kind {
            OperandKind::Array => input_at(k),
            OperandKind::Scalar => format!("in{k}"),
        })
        .collect();
    let call = format!("kxf_{}({})", c_ident(inst.def.name), args.join(", "));
    match inst.results.len() {
        0 => {
            let _ = writeln!(out, "        {call};");
        }
        1 => {
            let _ = writeln!(out, "        {} = {call};", output_at(0));
        }
        n => {
            let _ = writeln!(out, "        const auto r = {call};");
            for k in 0..n {
                let _ = writeln!(out, "        {} = r.f{k};", output_at(k));
            }
        }
    }
    out.push_str("    }\n}\n");
}

/// The packed part of a vectorized entry point: `count / v` packs, then `tail` is where the
/// scalar loop that follows starts.
fn write_vector_loop(
    out: &mut String,
    inst: &Instance<'_>,
    kinds: &[OperandKind],
    v: usize,
    cnt: &str,
) {
    let _ = writeln!(out, "    const {cnt} packs = count / {v};");
    let _ = writeln!(out, "    const {cnt} tail = packs * {v};");
    let _ = writeln!(
        out,
        "    for ({cnt} j = ({cnt})blockIdx.x * ({cnt})blockDim.x + ({cnt})threadIdx.x; j < packs; j += step) {{"
    );
    for (k, (&d, kind)) in inst.params.iter().zip(kinds).enumerate() {
        if *kind == OperandKind::Array {
            let t = d.cuda_name();
            let _ = writeln!(
                out,
                "        const kxl_pack<{t}, {v}> a{k} = reinterpret_cast<const kxl_pack<{t}, {v}>*>(in{k})[j];"
            );
        }
    }
    for (k, &d) in inst.results.iter().enumerate() {
        let _ = writeln!(out, "        kxl_pack<{}, {v}> r{k};", d.cuda_name());
    }
    out.push_str("#pragma unroll\n");
    let _ = writeln!(out, "        for (int e = 0; e < {v}; ++e) {{");
    let args: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| match kind {
            OperandKind::Array => format!("a{k}.v[e]"),
            OperandKind::Scalar => format!("in{k}"),
        })
        .collect();
    let call = format!("kxf_{}({})", c_ident(inst.def.name), args.join(", "));
    match inst.results.len() {
        0 => {
            let _ = writeln!(out, "            {call};");
        }
        1 => {
            let _ = writeln!(out, "            r0.v[e] = {call};");
        }
        n => {
            let _ = writeln!(out, "            const auto r = {call};");
            for k in 0..n {
                let _ = writeln!(out, "            r{k}.v[e] = r.f{k};");
            }
        }
    }
    out.push_str("        }\n");
    for (k, &d) in inst.results.iter().enumerate() {
        let _ = writeln!(
            out,
            "        reinterpret_cast<kxl_pack<{t}, {v}>*>(out{k})[j] = r{k};",
            t = d.cuda_name()
        );
    }
    out.push_str("    }\n");
}

impl Instance<'_> {
    /// The CUDA C module compiled for this instantiation when every parameter is an array
    /// (its contiguous and strided entry points). Pure text: no GPU needed.
    pub fn cuda_source(&self) -> String {
        let kinds = vec![OperandKind::Array; self.params.len()];
        elementwise_module(self, &kinds, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::elementwise::ElementwiseDef;

    static AXPY: ElementwiseDef = ElementwiseDef {
        name: "axpy",
        device_source: "__device__ __forceinline__ float kxf_axpy(float a, float x, float y) { return a * x + y; }\n",
        param_names: &["a", "x", "y"],
        type_params: &[],
    };

    fn axpy() -> Instance<'static> {
        Instance {
            def: &AXPY,
            type_args: &[],
            params: &[DTypeId::F32, DTypeId::F32, DTypeId::F32],
            results: &[DTypeId::F32],
        }
    }

    #[test]
    fn module_has_every_entry_point() {
        let kinds = [OperandKind::Scalar, OperandKind::Array, OperandKind::Array];
        let src = elementwise_module(&axpy(), &kinds, 3);
        for name in [
            "kx_axpy_contig_i32(",
            "kx_axpy_contig_i64(",
            "kx_axpy_vec4_i32(",
            "kx_axpy_vec4_i64(",
            "kx_axpy_strided3_i32(",
            "kx_axpy_strided3_i64(",
        ] {
            assert!(src.contains(name), "{name} missing in\n{src}");
        }
        assert!(src.contains("const float in0,"));
        assert!(src.contains("out0[o_out0] = kxf_axpy(in0, in1[o_in1], in2[o_in2]);"));
        assert!(!src.contains("#include <cuda_fp16.h>"));
        assert_eq!(src, elementwise_module(&axpy(), &kinds, 3));
    }

    #[test]
    fn zero_ndim_has_only_the_contiguous_path() {
        let kinds = [OperandKind::Array; 3];
        let src = elementwise_module(&axpy(), &kinds, 0);
        assert!(!src.contains("_strided"));
    }

    #[test]
    fn names_are_sanitised() {
        assert_eq!(sanitize("r#type"), "r_type");
    }
}
