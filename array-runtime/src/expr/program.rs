//! An expression tree flattened into a program: its leaves (the fused kernel's operands) and
//! its steps (one kernel call each, in an order where every argument comes first), and the
//! CPU side of the fused kernel, which runs the steps chunk by chunk through buffers that stay
//! in cache (numexpr's approach), runs of float arithmetic steps as one loop (`composite.rs`,
//! `block.rs`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use crate::cpu::elementwise::CHUNK;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::expr::composite::{cpu_steps, CpuStep};
use crate::expr::node::{Node, Notation, MAX_DEPTH};
use crate::expr::steps::{Ref, Step};
use crate::kernel::elementwise::{Chunk, ElementwiseDef, ErasedOperand, OperandData};
use crate::raw;

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

/// What a program computes, apart from its operands: the steps and the layout of their
/// buffers. Shared by every evaluation of one structure (see `cache.rs`): it holds no
/// operand, no scalar value and nothing of the tree.
#[derive(Debug)]
pub(crate) struct Code {
    pub(crate) steps: Vec<Step>,
    /// The loops the CPU runs: the steps, runs of float arithmetic steps as one block
    /// program each (`composite.rs`).
    pub(crate) cpu: Vec<CpuStep>,
    /// The operands' dtypes.
    params: Vec<DTypeId>,
    /// The buffers of one chunk (`Slots`), for the CPU steps.
    slots: Slots,
    /// Elements of a chunk the steps run over at a time: [`PIECE_BYTES`] of the widest
    /// operand or result.
    piece: usize,
    /// Whether the program is one CPU step that reads the operands in their order and not the
    /// output: the chunk is handed to that step's function as it is, as to a kernel's.
    pub(crate) direct: bool,
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

/// Bytes of the widest operand per chunk when a program streams contiguous leaves from
/// memory ([`Program::chunk_len`]).
const STREAM_BYTES: usize = 2048;

/// Bytes of the widest operand the steps of a program run over at a time: a chunk (2048
/// elements) is cut into pieces of this (only a 16-byte dtype's chunk is longer). Shorter
/// pieces kept the step buffers in L1 while the executor gathered strided leaves (the heat
/// step on views of a 2048^2 `f64` grid ran in 0.9 of the time with pieces of 512); since
/// it reads rows that long in place, the steps stream them and whole chunks are faster
/// (13-14 against 15-18 ms of CPU per step, alternated), and equal for gathered leaves (rows
/// of 254: 18-20 ms either way; `benches/expr_stream.rs`, modes `heat-o` and `narrow-o`).
const PIECE_BYTES: usize = 16384;

/// Where the steps' results live during one chunk: numbered buffers ("slots") laid out one
/// after another in the scratch, each `len` elements long for a chunk of `len` (so that a short
/// chunk's buffers are packed together in cache). A slot is reused by a later step once every
/// step that reads its value has run, so a long chain of steps needs few buffers.
#[derive(Debug)]
struct Slots {
    /// Bytes per element of each slot.
    elem: Vec<usize>,
    /// The slot of each step's result; the last step writes the chunk's output (`NONE`).
    of_step: Vec<usize>,
    /// Slot 0 holds the output's current elements ([`Ref::Out`]) when the program reads them.
    reads_out: bool,
}

impl Slots {
    const NONE: usize = usize::MAX;

    /// Assigns the slots of `steps`; `out` is the output's dtype when the program reads it.
    fn assign(steps: &[CpuStep], out: Option<DTypeId>) -> Self {
        let mut elem: Vec<usize> = out.iter().map(|d| d.size()).collect();
        let mut last_use = vec![0; steps.len()];
        for (k, s) in steps.iter().enumerate() {
            for a in &s.args {
                if let Ref::Step(j) = *a {
                    last_use[j] = k;
                }
            }
        }
        let mut of_step = vec![Self::NONE; steps.len()];
        let mut free: Vec<usize> = Vec::new();
        let last = steps.len().saturating_sub(1);
        for (k, s) in steps.iter().enumerate() {
            if k < last {
                // Taken before this step's arguments are released: a step never writes the
                // buffer it reads.
                let size = s.result.size();
                of_step[k] = match free.iter().position(|&f| elem[f] == size) {
                    Some(p) => free.swap_remove(p),
                    None => {
                        elem.push(size);
                        elem.len() - 1
                    }
                };
            }
            for a in &s.args {
                if let Ref::Step(j) = *a
                    && last_use[j] == k
                    && !free.contains(&of_step[j])
                {
                    free.push(of_step[j]);
                }
            }
        }
        Slots {
            elem,
            of_step,
            reads_out: out.is_some(),
        }
    }

    /// The byte offset of each slot for a chunk of `len` elements, and the total (each buffer
    /// rounded to 16 bytes so that every one stays aligned).
    fn offsets(&self, len: usize, offs: &mut Vec<usize>) -> usize {
        offs.clear();
        let mut at = 0;
        for &e in &self.elem {
            offs.push(at);
            at += (len * e).div_ceil(16) * 16;
        }
        at
    }
}

impl Program {
    /// A program of `code` over `leaves` (found by the cache's walk of `root`).
    pub(crate) fn from_parts(leaves: Leaves, code: Arc<Code>, root: &Arc<Node>) -> Self {
        Program {
            leaves,
            code,
            root: Some(root.clone()),
            text: None,
        }
    }

    /// Flattens the tree at `root`: walks it and writes the steps. `out` is an array the
    /// result is written over, whose element-for-element reads become [`Ref::Out`] (see
    /// `assign`). Evaluations without `out` go through the cache of structures seen before
    /// (`cache::program`), which calls this on a miss.
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
        let out = steps.last().map(|s| s.kernel.result);
        let scalars: Vec<bool> = leaves
            .iter()
            .map(|l| matches!(l, LeafSource::Scalar { .. }))
            .collect();
        let cpu = cpu_steps(&steps, &scalars)?;
        let slots = Slots::assign(&cpu, out.filter(|_| reads_out));
        let params: Vec<DTypeId> = leaves.iter().map(leaf_dtype).collect();
        let widest = params
            .iter()
            .chain(steps.iter().map(|s| &s.kernel.result))
            .map(|d| d.size())
            .max()
            .unwrap_or(1);
        let piece = (PIECE_BYTES / widest).clamp(1, CHUNK);
        let direct = match &cpu[..] {
            [only] => {
                !reads_out
                    && only.args.len() == leaves.len()
                    && only
                        .args
                        .iter()
                        .enumerate()
                        .all(|(i, &a)| a == Ref::Leaf(i))
            }
            _ => false,
        };
        Ok(Program {
            leaves,
            code: Arc::new(Code {
                steps,
                cpu,
                params,
                slots,
                piece,
                direct,
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

    /// Elements per chunk when the CPU executor runs the program over `n` elements.
    ///
    /// Each CPU step is its own loop over the chunk, so a leaf read from memory is streamed by
    /// the step that reads it while the other leaves' streams wait for their steps. With
    /// chunks of about [`STREAM_BYTES`] of the widest operand, the steps alternate quickly
    /// enough that the hardware keeps every stream going (measured on `2*a + b`, 10^7 `f32`:
    /// 512 elements run it at the speed of one `#[elementwise]` kernel, the executor's 2048
    /// at about half). When no array operand is contiguous, the executor gathers every leaf
    /// into a buffer in one copy per chunk before the steps run, and longer chunks cost less
    /// (the 5-point heat step on strided views of a 2048^2 `f64` grid is slowest at 256).
    /// A program that runs as one loop straight over the chunk (`direct`: `2*a + b` or the
    /// heat step, one block program) streams as a kernel does and takes the executor's chunks.
    pub(crate) fn chunk_len(&self, n: usize) -> usize {
        if n <= STREAM_BYTES / 16 || self.code.direct {
            // One chunk whatever the length (no dtype is wider than 16 bytes): the leaves
            // need no look.
            return CHUNK;
        }
        let mut streamed = false;
        let mut widest = self.result().size();
        for l in self.leaves.iter() {
            if let LeafSource::Array(node) = l
                && let Node::Array(a) = &**node
            {
                let layout = a.layout();
                streamed |= layout.size() == n && layout.is_c_contiguous();
                widest = widest.max(a.dtype().size());
            }
        }
        if streamed {
            (STREAM_BYTES / widest).clamp(1, CHUNK)
        } else {
            CHUNK
        }
    }

    /// Runs every step over one chunk: leaves come from the chunk's inputs, each step writes
    /// its own buffer of scratch, the last one the chunk's output.
    pub(crate) fn run_chunk(&self, chunk: &mut Chunk<'_>) -> Result<()> {
        if self.code.direct {
            // The chunk's inputs are the operands, in order, of the dtypes the step takes.
            return self.code.cpu[0].call(chunk);
        }
        thread_local! {
            static SCRATCH: RefCell<(Vec<u128>, Vec<usize>)> =
                const { RefCell::new((Vec::new(), Vec::new())) };
        }
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut v) => {
                let (scratch, offs) = &mut *v;
                self.run_chunk_in(chunk, scratch, offs)
            }
            Err(_) => self.run_chunk_in(chunk, &mut Vec::new(), &mut Vec::new()),
        })
    }

    fn run_chunk_in(
        &self,
        chunk: &mut Chunk<'_>,
        scratch: &mut Vec<u128>,
        offs: &mut Vec<usize>,
    ) -> Result<()> {
        let code = &*self.code;
        let len = chunk.len();
        // The steps run over pieces of the chunk, so that their buffers stay in L1 (the
        // executor's chunk of gathered leaves is longer: see `chunk_len`).
        let piece = code.piece.min(len).max(1);
        let words = code.slots.offsets(piece, offs) / 16;
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
        let osz = out_dtype.size();
        let mut at = 0;
        while at < len {
            let n = piece.min(len - at);
            let out = &mut out[at * osz..(at + n) * osz];
            self.run_piece(chunk, bytes, offs, (out, out_dtype), at, n)?;
            at += n;
        }
        Ok(())
    }

    /// Runs the steps over elements `at..at + n` of the chunk.
    fn run_piece(
        &self,
        chunk: &Chunk<'_>,
        bytes: &mut [u8],
        offs: &[usize],
        (out, out_dtype): (&mut [u8], DTypeId),
        at: usize,
        len: usize,
    ) -> Result<()> {
        let code = &*self.code;
        if code.slots.reads_out {
            let n = out.len();
            bytes[..n].copy_from_slice(out);
        }
        let last = code.cpu.len() - 1;
        for (k, step) in code.cpu.iter().enumerate() {
            let result = step.result;
            // This step's buffer (none for the last step, which writes the output), and the
            // scratch before and after it, where its arguments are.
            let (before, dst, after) = match code.slots.of_step[k] {
                Slots::NONE => (&*bytes, None, &[][..]),
                o => {
                    let (lo, hi) = bytes.split_at_mut(offs[o]);
                    let (dst, hi) = hi.split_at_mut(len * result.size());
                    (&*lo, Some(dst), &*hi)
                }
            };
            let split = before.len();
            let mut inputs: [(&[u8], DTypeId); 8] = [(&[], DTypeId::Bool); 8];
            let mut many: Vec<(&[u8], DTypeId)> = Vec::new();
            let n_args = step.args.len();
            for (i, a) in step.args.iter().enumerate() {
                let v: (&[u8], DTypeId) = match *a {
                    Ref::Leaf(l) => {
                        let (b, d) = chunk.input_bytes(l);
                        (&b[at * d.size()..(at + len) * d.size()], d)
                    }
                    Ref::Step(j) => {
                        let d = code.cpu[j].result;
                        let start = offs[code.slots.of_step[j]];
                        let n = len * d.size();
                        if start < split {
                            (&before[start..start + n], d)
                        } else {
                            let start = start - split - dst.as_ref().map_or(0, |d| d.len());
                            (&after[start..start + n], d)
                        }
                    }
                    Ref::Out => (&before[..len * out_dtype.size()], out_dtype),
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
            match dst {
                Some(dst) => step.call_on(len, args, (dst, result))?,
                None if k == last => step.call_on(len, args, (&mut *out, out_dtype))?,
                None => return Err(Error::invalid("fused expression: a step has no buffer")),
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

#[cfg(test)]
mod tests {
    use super::{Node, Program, Ref, Slots, CHUNK, STREAM_BYTES};
    use crate::{s, Array, Device};

    /// No step writes a slot that holds a value read later: every value's slot is left alone
    /// from the step that writes it to the last step that reads it.
    fn check_slots(p: &Program) {
        let (steps, slots) = (&p.code.cpu, &p.code.slots);
        for (j, _) in steps.iter().enumerate() {
            let last_read = steps
                .iter()
                .enumerate()
                .filter(|(_, s)| s.args.contains(&Ref::Step(j)))
                .map(|(k, _)| k)
                .max();
            let Some(last_read) = last_read else { continue };
            let slot = slots.of_step[j];
            assert_ne!(slot, Slots::NONE);
            for k in j + 1..=last_read {
                assert_ne!(
                    slots.of_step[k], slot,
                    "step {k} overwrites step {j}'s value"
                );
            }
        }
        if slots.reads_out {
            assert!(
                slots.of_step.iter().all(|&o| o != 0),
                "slot 0 holds the output"
            );
        }
    }

    #[test]
    fn slots_are_reused_once_their_value_is_read() {
        let dev = Device::cpu();
        let x = Array::from_vec(&dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0]).unwrap();
        let y = Array::from_vec(&dev, &[4], vec![1.0f32, 2.0, 3.0, 4.0]).unwrap();
        let chain = &x + 0.1 * (&x + &x * 2.0 + &x * 3.0 + &x - 4.0 * &x);
        let p = Program::build_uncached(&chain.node, None).unwrap();
        check_slots(&p);
        assert_eq!(p.steps().len(), 9);
        // One loop on the CPU (a block program, `composite.rs`), writing the output: no slot.
        assert_eq!(p.code.cpu.len(), 1);
        assert!(p.code.slots.elem.is_empty());
        // With a negation (not a block instruction) in the middle: three loops, each reading
        // the one before, and two slots.
        let chain = &x + 0.1 * -(&x + &x * 2.0 + &x * 3.0 + &x - 4.0 * &x);
        let p = Program::build_uncached(&chain.node, None).unwrap();
        check_slots(&p);
        assert_eq!(p.code.cpu.len(), 3);
        assert_eq!(p.code.slots.elem.len(), 2);
        // The same chain in integers (no block programs): nine loops; at most three values
        // are live at once (`i + i*2` and `i*3` while their sum is written), and the last step
        // writes the output.
        let i = Array::from_vec(&dev, &[4], vec![1i64, 2, 3, 4]).unwrap();
        let chain = &i + 3 * (&i + &i * 2 + &i * 3 + &i - 4 * &i);
        let p = Program::build_uncached(&chain.node, None).unwrap();
        check_slots(&p);
        assert_eq!(p.code.cpu.len(), 9);
        assert_eq!(p.code.slots.elem.len(), 3);
        // A value read by a late step keeps its slot; other dtypes take slots of their size.
        let t = &x * 2.0;
        let mixed = &t + (&y * 2.0f32 + &y).astype::<f64>() * &t + &t;
        let p = Program::build_uncached(&mixed.node, None).unwrap();
        check_slots(&p);
        assert!(p.code.slots.elem.contains(&4) && p.code.slots.elem.contains(&8));
        let got = mixed.eval().unwrap().to_vec().unwrap();
        let want: Vec<f64> = (1..=4)
            .map(|i| {
                let (x, y) = (f64::from(i), f64::from(i));
                2.0 * x + (3.0 * y) * (2.0 * x) + 2.0 * x
            })
            .collect();
        assert_eq!(got, want);
        // Reading the output: slot 0 is its copy, never a step's.
        let id = crate::expr::node::storage_id(&x.storage);
        let is_x = |n: &Node| matches!(n, Node::Array(a) if a.storage_id() == id);
        let p = Program::build_uncached(&(&x * 2.0 + &x * &x).node, Some(&is_x)).unwrap();
        assert!(p.code.slots.reads_out);
        check_slots(&p);
    }

    #[test]
    fn chunks_are_short_when_a_leaf_is_streamed() {
        let dev = Device::cpu();
        let a = Array::from_vec(&dev, &[32, 32], (0..1024).map(f64::from).collect()).unwrap();
        let b = Array::from_vec(&dev, &[32, 32], (0..1024).map(|i| i as f32).collect()).unwrap();
        // Three loops on the CPU (two block programs around a negation).
        let p = Program::build_uncached(&((-(&a * 2.0 + &a)) * &a + 1.0).node, None).unwrap();
        assert_eq!((p.code.cpu.len(), p.code.direct), (3, false));
        assert_eq!(p.chunk_len(1024), STREAM_BYTES / 8);
        // A short call is one chunk in any case.
        assert_eq!(p.chunk_len(100), CHUNK);
        let p = Program::build_uncached(&((-(&b * 2.0f32 + &b)) * &b + 1.0f32).node, None).unwrap();
        assert_eq!(p.chunk_len(1024), STREAM_BYTES / 4);
        // One block program reads each operand once, in order, even one used twice (`b`).
        let p = Program::build_uncached(&(&b * 2.0f32 + &b).node, None).unwrap();
        assert_eq!((p.code.cpu.len(), p.code.direct), (1, true));
        assert_eq!(p.chunk_len(1024), CHUNK);
        // One loop over the operands in order streams as a kernel does: the executor's chunks.
        let c = b.copy().unwrap();
        let saxpy = 2.0f32 * &b + &c;
        let p = Program::build_uncached(&saxpy.node, None).unwrap();
        assert_eq!((p.code.cpu.len(), p.code.direct), (1, true));
        assert_eq!(p.chunk_len(1024), CHUNK);
        let want: Vec<f32> = (0..1024).map(|i| 2.0 * i as f32 + i as f32).collect();
        assert_eq!(saxpy.eval().unwrap().to_vec().unwrap(), want);
        // Reading the output is not direct.
        let id = crate::expr::node::storage_id(&c.storage);
        let is_c = |n: &Node| matches!(n, Node::Array(a) if a.storage_id() == id);
        let p = Program::build_uncached(&(2.0f32 * &b + &c).node, Some(&is_c)).unwrap();
        assert_eq!((p.code.cpu.len(), p.code.direct), (1, false));
        // Only strided (or broadcast) leaves: the executor's chunks.
        let v = a.slice(s![.., ..;2]).unwrap();
        let p = Program::build_uncached(&((&v * 2.0 + &v) * &v + 1.0).node, None).unwrap();
        assert_eq!(p.chunk_len(512), CHUNK);
        let row = a.slice(s![0..1, ..]).unwrap();
        let p = Program::build_uncached(&((&row * 2.0 + &row) * &row + 1.0).node, None).unwrap();
        assert_eq!(p.chunk_len(1024), CHUNK);
    }
}
