//! An expression tree flattened into a program: its leaves (the fused kernel's operands) and
//! its steps (one kernel call each, in an order where every argument comes first), and the
//! CPU side of the fused kernel, which runs the steps chunk by chunk through buffers that stay
//! in cache (numexpr's approach).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use crate::cpu::elementwise::{call_chunk, CHUNK};
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::expr::node::{KernelNode, Node, Notation, MAX_DEPTH};
use crate::kernel::elementwise::{Chunk, ElementwiseDef, ErasedOperand, OperandData};
use crate::raw;

/// Where a step's argument comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ref {
    /// Operand `i` of the fused kernel.
    Leaf(usize),
    /// The result of step `j`.
    Step(usize),
    /// The current elements of the output (an expression assigned in place).
    Out,
}

/// One operand of the fused kernel.
#[derive(Debug)]
pub(crate) enum LeafSource {
    /// An array: the node that holds it.
    Array(Arc<Node>),
    /// A scalar.
    Scalar { dtype: DTypeId, bytes: [u8; 16] },
}

/// The leaves of a program, kept inline when there are few (a program is made on every
/// evaluation; a vector would be one allocation each time).
#[derive(Debug)]
pub(crate) struct Leaves {
    len: usize,
    inline: [LeafSource; Leaves::INLINE],
    heap: Vec<LeafSource>,
}

impl Leaves {
    const INLINE: usize = 6;
    /// What unused inline slots hold.
    const FILLER: LeafSource = LeafSource::Scalar {
        dtype: DTypeId::Bool,
        bytes: [0; 16],
    };

    pub(crate) fn new() -> Self {
        Leaves {
            len: 0,
            inline: [Self::FILLER; Self::INLINE],
            heap: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, l: LeafSource) {
        if self.heap.is_empty() && self.len < Self::INLINE {
            self.inline[self.len] = l;
        } else {
            if self.heap.is_empty() {
                self.heap.reserve(self.len + 1);
                for slot in &mut self.inline[..self.len] {
                    self.heap.push(std::mem::replace(slot, Self::FILLER));
                }
            }
            self.heap.push(l);
        }
        self.len += 1;
    }
}

impl std::ops::Deref for Leaves {
    type Target = [LeafSource];
    fn deref(&self) -> &[LeafSource] {
        if self.heap.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

/// One kernel call of the program.
#[derive(Debug)]
pub(crate) struct Step {
    pub(crate) kernel: KernelNode,
    pub(crate) args: Vec<Ref>,
}

/// What a program computes, apart from its operands: the steps and the layout of their
/// buffers. Shared by every evaluation of one structure (see `cache.rs`): it holds no
/// operand, no scalar value and nothing of the tree.
#[derive(Debug)]
pub(crate) struct Code {
    pub(crate) steps: Vec<Step>,
    /// The operands' dtypes.
    params: Vec<DTypeId>,
    /// Byte offsets of each step's buffer in the scratch of one chunk, and the total; the
    /// region of [`Ref::Out`] comes first when the program reads the output.
    offsets: Vec<usize>,
    out_region: usize,
    scratch_bytes: usize,
    /// The fused CUDA definition of this structure and whether it needs the half headers,
    /// once a CUDA evaluation asked for it (`fused.rs`).
    pub(crate) fused: OnceLock<(&'static ElementwiseDef, bool)>,
}

/// A flattened expression: its operands, and the code that runs over them.
#[derive(Debug)]
pub(crate) struct Program {
    pub(crate) leaves: Leaves,
    pub(crate) code: Arc<Code>,
    /// The tree, for its text in messages ([`Program::text`]), or that text once
    /// [`Program::detach`] let the tree go.
    root: Option<Arc<Node>>,
    text: Option<String>,
}

/// What one leaf array is, to tell two handles on the same elements apart from others.
pub(crate) fn same_array(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Array(x), Node::Array(y)) => {
            x.storage_id() == y.storage_id() && x.dtype() == y.dtype() && x.layout() == y.layout()
        }
        _ => false,
    }
}

/// The bytes of one chunk's buffer of `dtype`, rounded to 16 so every buffer stays aligned.
fn region_bytes(dtype: DTypeId) -> usize {
    (CHUNK * dtype.size()).div_ceil(16) * 16
}

impl Program {
    /// Flattens the tree at `root`; `out` is an array the result is written over, whose
    /// element-for-element reads become [`Ref::Out`] (see `assign`). Without `out`, the code
    /// of a structure seen before comes from the cache (`cache.rs`).
    pub(crate) fn build(root: &Arc<Node>, out: Option<&dyn Fn(&Node) -> bool>) -> Result<Self> {
        match out {
            None => crate::expr::cache::program(root),
            Some(_) => Self::build_uncached(root, out),
        }
    }

    /// A program of `code` over `leaves` (found by the cache's walk of `root`).
    pub(crate) fn from_parts(leaves: Leaves, code: Arc<Code>, root: &Arc<Node>) -> Self {
        Program {
            leaves,
            code,
            root: Some(root.clone()),
            text: None,
        }
    }

    /// [`Program::build`] without the cache: walks the tree and writes the steps.
    pub(crate) fn build_uncached(
        root: &Arc<Node>,
        out: Option<&dyn Fn(&Node) -> bool>,
    ) -> Result<Self> {
        // Room for a small tree up front: growing each list from empty costs more than the
        // allocation itself (measured with callgrind on a 10-element `x * 2 + x`).
        let mut b = Builder {
            leaves: Leaves::new(),
            steps: Vec::with_capacity(8),
            memo: Vec::with_capacity(Builder::SHORT),
            memo_map: HashMap::new(),
            out,
            reads_out: false,
        };
        let r = b.visit(root, 0)?;
        let Builder {
            leaves,
            mut steps,
            reads_out,
            ..
        } = b;
        let root_kernel_needed = !matches!(r, Ref::Step(j) if j + 1 == steps.len());
        if root_kernel_needed {
            // The result is a leaf (or an earlier step): one identity step writes it.
            let dtype = match r {
                Ref::Leaf(i) => leaf_dtype(&leaves[i]),
                Ref::Step(j) => steps[j].kernel.result,
                Ref::Out => return Err(Error::invalid("assigning an array to itself")),
            };
            steps.push(Step {
                kernel: crate::copy::identity_node(dtype)?,
                args: vec![r],
            });
        }
        let mut offsets = Vec::with_capacity(steps.len());
        let out_region = if reads_out {
            region_bytes(steps.last().map_or(DTypeId::C128, |s| s.kernel.result))
        } else {
            0
        };
        let mut at = out_region;
        for s in &steps {
            offsets.push(at);
            at += region_bytes(s.kernel.result);
        }
        let params = leaves.iter().map(leaf_dtype).collect();
        Ok(Program {
            leaves,
            code: Arc::new(Code {
                steps,
                params,
                offsets,
                out_region,
                scratch_bytes: at,
                fused: OnceLock::new(),
            }),
            root: Some(root.clone()),
            text: None,
        })
    }

    /// The kernel calls, in order.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.code.steps
    }

    /// The expression in NumPy notation, arrays named `x0`, `x1`, ... (for messages).
    pub(crate) fn text(&self) -> String {
        match (&self.root, &self.text) {
            (Some(root), _) => {
                let mut text = String::new();
                write_text(&mut text, root, &self.leaves, 0);
                text
            }
            (None, Some(t)) => t.clone(),
            (None, None) => String::new(),
        }
    }

    /// Keeps the text for messages and lets the tree go: the program then holds handles on
    /// its operands' arrays only (an expression written in place must not hold the array it
    /// writes).
    pub(crate) fn detach(&mut self) {
        if self.root.is_some() {
            self.text = Some(self.text());
            self.root = None;
        }
    }

    /// The dtype of the result.
    pub(crate) fn result(&self) -> DTypeId {
        self.code
            .steps
            .last()
            .map_or(DTypeId::Bool, |s| s.kernel.result)
    }

    /// The fused kernel's operands, in order.
    pub(crate) fn operands(&self) -> Vec<ErasedOperand<'_>> {
        self.leaves.iter().map(leaf_operand).collect()
    }

    /// Calls `f` with the fused kernel's operands, kept on the stack when there are few.
    pub(crate) fn with_operands<R>(&self, f: impl FnOnce(&[ErasedOperand<'_>]) -> R) -> R {
        const INLINE: usize = 8;
        if self.leaves.len() > INLINE {
            return f(&self.operands());
        }
        let mut ops = [ErasedOperand {
            dtype: DTypeId::Bool,
            data: OperandData::Unevaluated,
        }; INLINE];
        for (o, l) in ops.iter_mut().zip(self.leaves.iter()) {
            *o = leaf_operand(l);
        }
        f(&ops[..self.leaves.len()])
    }

    /// The dtypes of the operands.
    pub(crate) fn params(&self) -> &[DTypeId] {
        &self.code.params
    }

    /// The array operands' dtypes and shapes, `x0: f32 [2, 3]`-style, for messages.
    pub(crate) fn describe_leaves(&self) -> String {
        let mut s = String::new();
        let arrays = self.leaves.iter().filter_map(|l| match l {
            LeafSource::Array(node) => match &**node {
                Node::Array(a) => Some(a),
                _ => None,
            },
            LeafSource::Scalar { .. } => None,
        });
        for (k, a) in arrays.enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            let _ = write!(s, "x{k}: {} {:?}", a.dtype(), a.layout().shape);
        }
        if s.is_empty() {
            s.push_str("every operand is a scalar");
        }
        s
    }

    /// Wraps an error of evaluating the program with the expression and its operands.
    pub(crate) fn context(&self, e: Error) -> Error {
        Error::Expression {
            expr: self.text(),
            operands: self.describe_leaves(),
            source: Box::new(e),
        }
    }

    /// Elements per chunk when the CPU executor runs the program. EXPERIMENT.
    pub(crate) fn chunk_len(&self) -> usize {
        static C: OnceLock<usize> = OnceLock::new();
        *C.get_or_init(|| {
            std::env::var("EXP_CHUNK")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(512)
        })
    }

    /// Runs every step over one chunk: leaves come from the chunk's inputs, each step writes
    /// its own buffer of scratch, the last one the chunk's output.
    pub(crate) fn run_chunk(&self, chunk: &mut Chunk<'_>) -> Result<()> {
        thread_local! {
            static SCRATCH: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
        }
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut v) => self.run_chunk_in(chunk, &mut v),
            Err(_) => self.run_chunk_in(chunk, &mut Vec::new()),
        })
    }

    fn run_chunk_in(&self, chunk: &mut Chunk<'_>, scratch: &mut Vec<u128>) -> Result<()> {
        let code = &*self.code;
        let len = chunk.len();
        let words = code.scratch_bytes / 16;
        if scratch.len() < words {
            scratch.try_reserve(words - scratch.len()).map_err(|_| {
                Error::invalid("fused expression: no memory for the scratch of a chunk")
            })?;
            scratch.resize(words, 0);
        }
        let bytes = raw::as_bytes_mut_u128(&mut scratch[..words]);
        let (out, out_dtype) = chunk
            .output_bytes(0)
            .ok_or_else(|| Error::invalid("fused expression: the chunk has no output"))?;
        if code.out_region > 0 {
            let n = out.len();
            bytes[..n].copy_from_slice(out);
        }
        let last = code.steps.len() - 1;
        for (k, step) in code.steps.iter().enumerate() {
            let (done, rest) = bytes.split_at_mut(code.offsets[k]);
            let mut inputs: [(&[u8], DTypeId); 8] = [(&[], DTypeId::Bool); 8];
            let mut many: Vec<(&[u8], DTypeId)> = Vec::new();
            let n_args = step.args.len();
            for (i, a) in step.args.iter().enumerate() {
                let v: (&[u8], DTypeId) = match *a {
                    Ref::Leaf(l) => chunk.input_bytes(l),
                    Ref::Step(j) => {
                        let d = code.steps[j].kernel.result;
                        let start = code.offsets[j];
                        (&done[start..start + len * d.size()], d)
                    }
                    Ref::Out => (&done[..len * out_dtype.size()], out_dtype),
                };
                if n_args <= inputs.len() {
                    inputs[i] = v;
                } else {
                    many.push(v);
                }
            }
            let args: &[(&[u8], DTypeId)] = if n_args <= inputs.len() {
                &inputs[..n_args]
            } else {
                &many
            };
            let result = step.kernel.result;
            if k == last {
                call_chunk(step.kernel.cpu, len, args, (&mut *out, out_dtype))?;
            } else {
                let dst = &mut rest[..len * result.size()];
                call_chunk(step.kernel.cpu, len, args, (dst, result))?;
            }
        }
        Ok(())
    }
}

/// A leaf as an operand of the fused kernel.
fn leaf_operand(l: &LeafSource) -> ErasedOperand<'_> {
    match l {
        LeafSource::Array(node) => match &**node {
            Node::Array(a) => a.operand(),
            _ => ErasedOperand {
                dtype: DTypeId::Bool,
                data: OperandData::Unevaluated,
            },
        },
        LeafSource::Scalar { dtype, bytes } => ErasedOperand {
            dtype: *dtype,
            data: OperandData::Scalar(*bytes),
        },
    }
}

pub(crate) fn leaf_dtype(l: &LeafSource) -> DTypeId {
    match l {
        LeafSource::Array(node) => node.dtype().unwrap_or(DTypeId::Bool),
        LeafSource::Scalar { dtype, .. } => *dtype,
    }
}

struct Builder<'o> {
    leaves: Leaves,
    steps: Vec<Step>,
    /// Nodes already visited (shared subtrees are computed once): a short list searched
    /// linearly, then a map (most trees have a handful of nodes).
    memo: Vec<(*const Node, Ref)>,
    memo_map: HashMap<*const Node, Ref>,
    out: Option<&'o dyn Fn(&Node) -> bool>,
    reads_out: bool,
}

impl Builder<'_> {
    fn visit(&mut self, node: &Arc<Node>, depth: usize) -> Result<Ref> {
        let key = Arc::as_ptr(node);
        if let Some(r) = self.seen(key) {
            return Ok(r);
        }
        if depth > MAX_DEPTH {
            return Err(too_deep(depth));
        }
        let r = match &**node {
            Node::Array(_) => {
                if self.out.is_some_and(|is_out| is_out(node)) {
                    self.reads_out = true;
                    Ref::Out
                } else if let Some(i) = self
                    .leaves
                    .iter()
                    .position(|l| matches!(l, LeafSource::Array(n) if same_array(n, node)))
                {
                    Ref::Leaf(i)
                } else {
                    self.leaves.push(LeafSource::Array(node.clone()));
                    Ref::Leaf(self.leaves.len() - 1)
                }
            }
            Node::Scalar { dtype, bytes, .. } => {
                self.leaves.push(LeafSource::Scalar {
                    dtype: *dtype,
                    bytes: *bytes,
                });
                Ref::Leaf(self.leaves.len() - 1)
            }
            Node::Call { kernel, args, .. } => {
                let mut refs = Vec::with_capacity(args.len());
                for (a, &want) in args.iter().zip(kernel.params) {
                    if a.dtype() != Some(want) {
                        if let Node::TooDeep { .. } = **a {
                            return Err(too_deep(MAX_DEPTH + 1));
                        }
                        return Err(Error::invalid(format!(
                            "{}: an argument has dtype {:?} where {want} is expected",
                            kernel.name(),
                            a.dtype()
                        )));
                    }
                    refs.push(self.visit(a, depth + 1)?);
                }
                if args.len() != kernel.params.len() {
                    return Err(Error::invalid(format!(
                        "{}: {} arguments given, {} expected",
                        kernel.name(),
                        args.len(),
                        kernel.params.len()
                    )));
                }
                self.steps.push(Step {
                    kernel: *kernel,
                    args: refs,
                });
                Ref::Step(self.steps.len() - 1)
            }
            Node::TooDeep { .. } => return Err(too_deep(MAX_DEPTH + 1)),
        };
        self.remember(key, r);
        Ok(r)
    }

    /// Linear search is faster than hashing below this many visited nodes.
    const SHORT: usize = 16;

    fn seen(&self, key: *const Node) -> Option<Ref> {
        if self.memo_map.is_empty() {
            self.memo.iter().find(|(k, _)| *k == key).map(|(_, r)| *r)
        } else {
            self.memo_map.get(&key).copied()
        }
    }

    fn remember(&mut self, key: *const Node, r: Ref) {
        if self.memo_map.is_empty() && self.memo.len() < Self::SHORT {
            self.memo.push((key, r));
        } else {
            if self.memo_map.is_empty() {
                self.memo_map.extend(self.memo.drain(..));
            }
            self.memo_map.insert(key, r);
        }
    }
}

fn too_deep(depth: usize) -> Error {
    Error::invalid(format!(
        "the expression is more than {MAX_DEPTH} levels deep ({depth} reached): evaluate part \
         of it first with `.eval()?`"
    ))
}

/// Longest text of an expression kept for messages.
const MAX_TEXT: usize = 400;

/// Writes `node` in NumPy notation, naming leaf arrays `x<i>` by their operand index.
fn write_text(out: &mut String, node: &Node, leaves: &[LeafSource], depth: usize) {
    if out.len() > MAX_TEXT || depth > MAX_DEPTH {
        if !out.ends_with("...") {
            out.push_str("...");
        }
        return;
    }
    match node {
        Node::Array(_) => {
            let i = leaves
                .iter()
                .position(|l| matches!(l, LeafSource::Array(n) if same_array(n, node)));
            match i {
                Some(i) => {
                    // Arrays are numbered among arrays (scalars are written as values).
                    let k = leaves[..i]
                        .iter()
                        .filter(|l| matches!(l, LeafSource::Array(_)))
                        .count();
                    let _ = write!(out, "x{k}");
                }
                None => out.push_str("out"),
            }
        }
        Node::Scalar { text, bytes, .. } => out.push_str(&text(bytes)),
        Node::TooDeep { name } => {
            let _ = write!(out, "{name}(...)");
        }
        Node::Call { notation, args, .. } => match *notation {
            Notation::Binary(op, prec) if args.len() == 2 => {
                let paren = |a: &Node, right: bool| match a {
                    Node::Call {
                        notation: Notation::Binary(_, p),
                        ..
                    } => *p < prec || (right && *p == prec),
                    _ => false,
                };
                for (k, a) in args.iter().enumerate() {
                    if k == 1 {
                        let _ = write!(out, " {op} ");
                    }
                    let p = paren(a, k == 1);
                    if p {
                        out.push('(');
                    }
                    write_text(out, a, leaves, depth + 1);
                    if p {
                        out.push(')');
                    }
                }
            }
            Notation::Unary(op) if args.len() == 1 => {
                out.push_str(op);
                let p = matches!(
                    *args[0],
                    Node::Call {
                        notation: Notation::Binary(..),
                        ..
                    }
                );
                if p {
                    out.push('(');
                }
                write_text(out, &args[0], leaves, depth + 1);
                if p {
                    out.push(')');
                }
            }
            Notation::Binary(name, _) | Notation::Unary(name) | Notation::Call(name) => {
                out.push_str(name);
                out.push('(');
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    write_text(out, a, leaves, depth + 1);
                }
                out.push(')');
            }
        },
    }
}
