//! The CUDA side of a fused expression: one `ElementwiseDef` whose device function composes
//! the device functions of the program's kernels, each kernel's CUDA C in a namespace of its
//! own (with its `typedef`s), so that the elementwise code generator writes the usual entry
//! points (contiguous, vectorized, strided) around it and the usual caches keep the module.
//!
//! Definitions are interned by the program's structure (kernels, dtypes, how the steps
//! connect): the same structure gives the same `&'static` definition, so the launch cache
//! (keyed by the definition's addresses) and the disk cache (keyed by the source) find the
//! module again. Each distinct structure is kept for the life of the process, as CuPy keeps
//! the kernels of `cupy.fuse`.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};

use crate::cuda::codegen::c_ident;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::expr::program::{leaf_dtype, Program};
use crate::expr::steps::Ref;
use crate::kernel::elementwise::ElementwiseDef;
use crate::kernel::operand::reduce_input::FusedMap;

/// The definition of the fused kernel of `prog`, and whether it needs the half headers.
pub(crate) fn fused_def(prog: &Program) -> Result<(&'static ElementwiseDef, bool)> {
    // The program's code is shared by every evaluation of its structure (`cache.rs`): the
    // definition is looked up once per structure, not once per evaluation.
    if let Some(&found) = prog.code.fused.get() {
        return Ok(found);
    }
    let found = intern_def(prog)?;
    let _ = prog.code.fused.set(found);
    Ok(found)
}

/// The interned definition of the structure of `prog` (written on its first use).
fn intern_def(prog: &Program) -> Result<(&'static ElementwiseDef, bool)> {
    static DEFS: OnceLock<Mutex<HashMap<String, &'static ElementwiseDef>>> = OnceLock::new();
    let key = structure_key(prog);
    let half = needs_half(prog);
    let map = DEFS.get_or_init(Default::default);
    let mut map = map
        .lock()
        .map_err(|_| Error::invalid("fused kernel table poisoned"))?;
    if let Some(d) = map.get(&key) {
        return Ok((d, half));
    }
    let name = format!("expr_{:016x}", fnv1a(key.as_bytes()));
    let source = device_source(prog, &name);
    let params: Vec<&'static str> = (0..prog.leaves.len())
        .map(|i| &*Box::leak(format!("x{i}").into_boxed_str()))
        .collect();
    let def: &'static ElementwiseDef = Box::leak(Box::new(ElementwiseDef {
        name: Box::leak(name.into_boxed_str()),
        device_source: Box::leak(source.into_boxed_str()),
        param_names: Box::leak(params.into_boxed_slice()),
        type_params: if half { &["kxe_half"] } else { &[] },
    }));
    map.insert(key, def);
    Ok((def, half))
}

fn needs_half(prog: &Program) -> bool {
    prog.steps().iter().any(|s| {
        s.kernel
            .type_args
            .iter()
            .chain(s.kernel.params)
            .chain(std::iter::once(&s.kernel.result))
            .any(|d| d.needs_half_headers())
    }) || prog
        .leaves
        .iter()
        .any(|l| leaf_dtype(l).needs_half_headers())
}

/// What makes two programs compile to the same module: each step's kernel (by the address of
/// its definition), dtypes and arguments, and the operands' dtypes.
fn structure_key(prog: &Program) -> String {
    let mut k = String::new();
    for l in prog.leaves.iter() {
        let _ = write!(k, "{},", leaf_dtype(l).name());
    }
    k.push('|');
    for s in prog.steps() {
        let _ = write!(
            k,
            "{:x}:{:?}:{:?}:{:?}(",
            s.kernel.def as *const ElementwiseDef as usize,
            s.kernel.type_args,
            s.kernel.params,
            s.kernel.result
        );
        for a in &s.args {
            let _ = match a {
                Ref::Leaf(i) => write!(k, "x{i},"),
                Ref::Step(j) => write!(k, "t{j},"),
                Ref::Out => write!(k, "out,"),
            };
        }
        k.push(')');
    }
    k
}

/// 64-bit FNV-1a: a stable name for a structure.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The CUDA C of the fused device function `kxf_<name>` and the namespaces it calls into.
fn device_source(prog: &Program, name: &str) -> String {
    let mut out = String::new();
    // The steps, not the expression's text: its scalars are arguments, not part of the code,
    // so the source (the disk cache's key) is the same for every expression of one structure.
    let names: Vec<String> = prog.steps().iter().map(|s| s.kernel.name()).collect();
    let _ = writeln!(out, "// Fused expression of: {}", names.join(", "));
    // One namespace per distinct kernel instantiation.
    let mut spaces: Vec<(usize, &[DTypeId])> = Vec::new();
    let mut space_of = Vec::with_capacity(prog.steps().len());
    for s in prog.steps() {
        let id = (
            s.kernel.def as *const ElementwiseDef as usize,
            s.kernel.type_args,
        );
        let k = match spaces.iter().position(|x| *x == id) {
            Some(k) => k,
            None => {
                spaces.push(id);
                let _ = writeln!(out, "namespace kxe_{} {{", spaces.len() - 1);
                for (tp, ty) in s.kernel.def.type_params.iter().zip(s.kernel.type_args) {
                    let _ = writeln!(out, "typedef {} {tp};", ty.cuda_name());
                }
                // A kernel's device functions are guarded against a second definition
                // (`#ifndef KXD_<fn>_<hash>`); two kernels calling one device function (`rint`
                // and `around` call `rint_in`) would define it in the first namespace only,
                // hidden from the second: each namespace gets guards of its own.
                let own = format!("KXE{}_KXD_", spaces.len() - 1);
                out.push_str(&s.kernel.def.device_source.replace("KXD_", &own));
                if !s.kernel.def.device_source.ends_with('\n') {
                    out.push('\n');
                }
                let _ = writeln!(out, "}} // namespace kxe_{}", spaces.len() - 1);
                spaces.len() - 1
            }
        };
        space_of.push(k);
    }
    let result = prog.result().cuda_name();
    let params: Vec<String> = prog
        .leaves
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} x{i}", leaf_dtype(l).cuda_name()))
        .collect();
    let _ = writeln!(
        out,
        "__device__ __forceinline__ {result} kxf_{}({}) {{",
        c_ident(name),
        params.join(", ")
    );
    let last = prog.steps().len() - 1;
    for (j, s) in prog.steps().iter().enumerate() {
        let args: Vec<String> = s
            .args
            .iter()
            .map(|a| match a {
                Ref::Leaf(i) => format!("x{i}"),
                Ref::Step(j) => format!("t{j}"),
                Ref::Out => "out".to_string(),
            })
            .collect();
        let call = format!(
            "kxe_{}::kxf_{}({})",
            space_of[j],
            c_ident(s.kernel.def.name),
            args.join(", ")
        );
        if j == last {
            let _ = writeln!(out, "    return {call};");
        } else {
            let _ = writeln!(
                out,
                "    const {} t{j} = {call};",
                s.kernel.result.cuda_name()
            );
        }
    }
    out.push_str("}\n");
    out
}
/// The program as the reduction engines run it when they fuse a lazy operand into their map.
impl FusedMap for Program {
    fn result(&self) -> DTypeId {
        Program::result(self)
    }

    fn run(&self, parts: &[(&[u8], DTypeId)], out: (&mut [u8], DTypeId), len: usize) -> Result<()> {
        crate::cpu::elementwise::with_chunk(len, parts, out, |c| self.run_chunk(c))?
            .map_err(|e| self.context(e))
    }

    fn context(&self, e: Error) -> Error {
        Program::context(self, e)
    }

    fn cuda_def(&self) -> Result<(&'static ElementwiseDef, bool)> {
        fused_def(self)
    }
}
