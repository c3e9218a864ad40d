//! A run of float arithmetic steps as one CPU loop: a short program of instructions, each a
//! loop over a block of the chunk small enough to stay in L1 ([`BLOCK_BYTES`]), whose
//! results live in block-sized registers that the later instructions read. Every instruction
//! runs on one block before the next block starts, so a chain of any length reads its
//! operands and writes its result once per element, as one `#[elementwise]` kernel does,
//! and its intermediate values never leave L1.
//!
//! An instruction is one of [`Op`] on two operands, or two or three of them merged (`g(f(a,
//! b), c)`, `g(c, f(a, b))`, `g(f(a, b), h(c, d))`, planned by `composite.rs`), with or
//! without an epilogue `p + s * value`, whose loop is monomorphized per operations, epilogue
//! and dtype: 360 loops per dtype ((5 + 50 + 125) x 2), all inlined into one interpreter per
//! dtype, which [`run_chunk_loop`] compiles for AVX2 when the CPU has it. Each loop calls the kernels' own native functions (`add::scalar`, ...) in the
//! order of the steps it replaces, so the results are the same bits (Rust contracts no
//! multiply-add into an FMA, on either path).
//!
//! The loops are inlined into the interpreter in optimized builds only: a debug build of
//! that one function would hold every loop's locals in one stack frame.
//!
//! A chunk function has no argument but the chunk, so the program reaches the interpreter
//! through a thread-local cell that [`run`] fills just before it calls the loop; the
//! registers are a thread-local scratch, allocated once per thread.

use std::cell::Cell;
use std::marker::PhantomData;

use crate::dtype::{DTypeId, Float};
use crate::error::{Error, Result};
use crate::kernel::elementwise::{run_chunk_loop, Chunk, ChunkLoop};
use crate::ops::kernels as k;
use crate::raw;

/// The binary float operations of instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    /// `s * x` where the left operand `s` is a scalar: read once per block, outside the loop
    /// (a register rather than a load per element). The same multiplication as [`Op::Mul`].
    MulS,
}

/// What an instruction computes from its operands `a, b, c, d` (in that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// `f(a, b)`.
    One(Op),
    /// `g(f(a, b), c)` when `.2`, else `g(c, f(a, b))`: `One(f)` then `One(g)`.
    Pair(Op, Op, bool),
    /// `g(f(a, b), h(c, d))`: `.0` is `f`, `.1` `g`, `.2` `h`.
    Quad(Op, Op, Op),
}

impl Form {
    /// The operands it reads.
    pub(crate) fn arity(self) -> usize {
        match self {
            Form::One(_) => 2,
            Form::Pair(..) => 3,
            Form::Quad(..) => 4,
        }
    }
}

/// Where an operand of an instruction comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// The chunk's input `.0` (an argument of the block step).
    In(u8),
    /// Register `.0`: an earlier instruction's result for the current block.
    Reg(u8),
}

/// One instruction: `dst = form(args)`, or with an epilogue `dst = p + s * form(args)` (two
/// more steps: a product by the scalar `s = args[4]`, then a sum with `p = args[5]`, in that
/// order). Operands past the form's arity are ignored, and `args[4..]` without an epilogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ins {
    pub(crate) form: Form,
    pub(crate) args: [Arg; 6],
    /// The register written; the last instruction writes the chunk's output instead.
    pub(crate) dst: u8,
    /// Whether the epilogue `p + s * value` follows the form.
    pub(crate) epi: bool,
}

impl Ins {
    /// The operands it reads.
    pub(crate) fn reads(&self) -> impl Iterator<Item = Arg> + '_ {
        let epi: &[Arg] = if self.epi { &self.args[4..] } else { &[] };
        self.args[..self.form.arity()].iter().chain(epi).copied()
    }
}

/// Instructions of one block program at most (a longer run of steps is cut in several).
pub(crate) const MAX_INS: usize = 12;

/// Inputs of one block program at most.
pub(crate) const MAX_IN: usize = 24;

/// Bytes of one register: the elements of a block (256 `f64`, 512 `f32`), so that a few
/// registers and the blocks of the operands stay in L1. On the 5-point heat step over rows of
/// 2046 `f64` read in place, blocks of 1 to 16 KiB measured alike (`benches/expr_stream.rs`).
pub(crate) const BLOCK_BYTES: usize = 2048;

/// A block program: the instructions, how many registers and inputs they use, and the
/// dtype of every operand and of the result (`f32` or `f64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BlockCode {
    ins: [Ins; MAX_INS],
    len: u8,
    regs: u8,
    inputs: u8,
    dtype: DTypeId,
    /// Whether the first instruction may keep its value in the output's block instead of its
    /// register: read by middle instructions only, never written over by one, and not read by
    /// the last (see [`run`]).
    early: bool,
}

impl BlockCode {
    const EMPTY: BlockCode = BlockCode {
        ins: [Ins {
            form: Form::One(Op::Add),
            args: [Arg::In(0); 6],
            dst: 0,
            epi: false,
        }; MAX_INS],
        len: 0,
        regs: 0,
        inputs: 0,
        dtype: DTypeId::F64,
        early: false,
    };

    /// The program of `ins` (1 to [`MAX_INS`] of them, registers numbered from 0, operands
    /// `In(i)` below `inputs` <= [`MAX_IN`]) over operands of `dtype`; `None` when it is
    /// not one the interpreter runs.
    pub(crate) fn new(ins: &[Ins], inputs: usize, dtype: DTypeId) -> Option<Self> {
        if ins.is_empty()
            || ins.len() > MAX_INS
            || inputs > MAX_IN
            || !matches!(dtype, DTypeId::F32 | DTypeId::F64)
        {
            return None;
        }
        let regs = ins[..ins.len() - 1]
            .iter()
            .map(|i| usize::from(i.dst) + 1)
            .max()
            .unwrap_or(0);
        for (k, i) in ins.iter().enumerate() {
            for a in i.reads() {
                let ok = match a {
                    Arg::In(j) => usize::from(j) < inputs,
                    // Written by an earlier instruction, and not the one this one writes.
                    Arg::Reg(r) => {
                        ins[..k].iter().any(|p| p.dst == r) && (k + 1 == ins.len() || r != i.dst)
                    }
                };
                if !ok {
                    return None;
                }
            }
        }
        let mut code = BlockCode::EMPTY;
        code.ins[..ins.len()].copy_from_slice(ins);
        // The last instruction writes the output: as its register, one past the others.
        code.ins[ins.len() - 1].dst = regs as u8;
        code.len = ins.len() as u8;
        code.regs = regs as u8;
        code.inputs = inputs as u8;
        code.dtype = dtype;
        let first = ins[0].dst;
        let last = &ins[ins.len() - 1];
        code.early = ins.len() >= 3
            && ins[1..ins.len() - 1].iter().all(|i| i.dst != first)
            && !last.reads().any(|a| a == Arg::Reg(first));
        Some(code)
    }

    /// The instructions.
    pub(crate) fn ins(&self) -> &[Ins] {
        &self.ins[..usize::from(self.len)]
    }
}

thread_local! {
    /// The program [`BlockLoop`] runs next on this thread.
    static CODE: Cell<BlockCode> = const { Cell::new(BlockCode::EMPTY) };
    /// The registers, reused by every block program on this thread.
    static REGS: Cell<Vec<u128>> = const { Cell::new(Vec::new()) };
}

/// Runs `code` over `chunk`: its inputs are the program's operands, its output the result.
/// `out_unread`: no input of the chunk shares memory with its output (the program does not
/// read what it writes), so the first instruction may write its value into the output's
/// block and the middle ones read it back there (`BlockCode::early`): the output's lines are
/// then fetched while the first instruction streams its operands in, rather than alone by
/// the last instruction (measured on the heat step: about a tenth less time).
pub(crate) fn run(code: &BlockCode, chunk: &mut Chunk<'_>, out_unread: bool) -> Result<()> {
    let words = (usize::from(code.regs) * BLOCK_BYTES).div_ceil(16);
    let mut regs = REGS.with(Cell::take);
    let have = regs.len();
    if have < words {
        regs.try_reserve(words - have).map_err(|_| {
            Error::invalid("fused expression: no memory for the registers of a block")
        })?;
        regs.resize(words, 0);
    }
    REGS.with(|c| c.set(regs));
    let mut code = *code;
    code.early &= out_unread;
    CODE.with(|c| c.set(code));
    match code.dtype {
        DTypeId::F32 => run_chunk_loop::<BlockLoop<f32>>(chunk),
        _ => run_chunk_loop::<BlockLoop<f64>>(chunk),
    }
    Ok(())
}

/// The interpreter of the program in [`CODE`], for operands of `T`.
struct BlockLoop<T>(PhantomData<fn() -> T>);

impl<T: Float> ChunkLoop for BlockLoop<T> {
    #[inline(always)]
    fn run(chunk: &mut Chunk<'_>) {
        // Taken out of the cells, so that the loops are compiled here (for AVX2) rather than
        // in a closure that `LocalKey::with` calls.
        let code = CODE.with(Cell::get);
        let mut regs = REGS.with(Cell::take);
        let bytes = raw::as_bytes_mut_u128(&mut regs[..]);
        let size = std::mem::size_of::<T>();
        let len = bytes.len() / size * size;
        run_blocks::<T>(&code, chunk, raw::cast_slice_mut(&mut bytes[..len]));
        REGS.with(|c| c.set(regs));
    }
}

/// Runs every instruction over each block of the chunk in turn.
#[inline(always)]
fn run_blocks<T: Float>(code: &BlockCode, chunk: &mut Chunk<'_>, regs: &mut [T]) {
    let n = chunk.len();
    let prog = code.ins();
    // One instruction has no register to keep in L1: it runs over the whole chunk.
    let b = match prog.len() {
        1 => n.max(1),
        _ => BLOCK_BYTES / std::mem::size_of::<T>(),
    };
    let mut inputs: [&[T]; MAX_IN] = [&[]; MAX_IN];
    for (i, slot) in inputs.iter_mut().enumerate().take(usize::from(code.inputs)) {
        *slot = chunk.input::<T>(i);
    }
    let out = chunk.output::<T>(0);
    // The first instruction's value in the output's block (`BlockCode::early`).
    let (early, first, last) = (code.early, prog[0].dst, prog.len() - 1);
    let mut at = 0;
    while at < n {
        let len = b.min(n - at);
        for (q, ins) in prog.iter().enumerate() {
            let d = usize::from(ins.dst);
            // The registers before and after the one written (none for the output).
            let (lo, rest) = regs.split_at_mut((d * b).min(regs.len()));
            let (dreg, hi) = rest.split_at_mut(b.min(rest.len()));
            let (lo, hi) = (&*lo, &*hi);
            let rs = Regs { lo, hi, d, b };
            let mut x = [
                operand(ins.args[0], &inputs, &rs, at, len),
                operand(ins.args[1], &inputs, &rs, at, len),
                operand(ins.args[2], &inputs, &rs, at, len),
                operand(ins.args[3], &inputs, &rs, at, len),
                operand(ins.args[4], &inputs, &rs, at, len),
                operand(ins.args[5], &inputs, &rs, at, len),
            ];
            if q == last || (early && q == 0) {
                exec::<T>(ins.form, ins.epi, &mut out[at..at + len], x);
            } else {
                if early {
                    let kept = &out[at..at + len];
                    for (slot, a) in x.iter_mut().zip(ins.args) {
                        if a == Arg::Reg(first) {
                            *slot = kept;
                        }
                    }
                }
                exec::<T>(ins.form, ins.epi, &mut dreg[..len], x);
            }
        }
        at += len;
    }
}

/// The registers other than the one an instruction writes (register `d`): those before it,
/// and those after it; `b` elements each.
struct Regs<'r, T> {
    lo: &'r [T],
    hi: &'r [T],
    d: usize,
    b: usize,
}

/// Elements `at..at + len` of operand `a`.
#[inline(always)]
fn operand<'r, T>(
    a: Arg,
    inputs: &[&'r [T]],
    regs: &Regs<'r, T>,
    at: usize,
    len: usize,
) -> &'r [T] {
    match a {
        Arg::In(i) => &inputs[usize::from(i)][at..at + len],
        Arg::Reg(r) => {
            let (r, b) = (usize::from(r), regs.b);
            if r < regs.d {
                &regs.lo[r * b..r * b + len]
            } else {
                let r = r - regs.d - 1;
                &regs.hi[r * b..r * b + len]
            }
        }
    }
}

/// One operation on two elements: the kernel's native function.
trait Binary<T> {
    /// Whether the left operand is a scalar, read once per loop ([`Op::MulS`]).
    const SCALAR_LEFT: bool = false;
    fn apply(x: T, y: T) -> T;
}

struct AddOp;
struct SubOp;
struct MulOp;
struct DivOp;
struct MulSOp;

impl<T: Float> Binary<T> for AddOp {
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::add::scalar(x, y)
    }
}

impl<T: Float> Binary<T> for SubOp {
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::subtract::scalar(x, y)
    }
}

impl<T: Float> Binary<T> for MulOp {
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::multiply::scalar(x, y)
    }
}

impl<T: Float> Binary<T> for MulSOp {
    const SCALAR_LEFT: bool = true;
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::multiply::scalar(x, y)
    }
}

impl<T: Float> Binary<T> for DivOp {
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::divide_float::scalar(x, y)
    }
}

/// Calls `$f::<..., Op>` for the operation `$op`, as a type.
macro_rules! by_op {
    ($op:expr, $f:ident :: <$($t:ident),*> ($($a:expr),*)) => {
        match $op {
            Op::Add => $f::<$($t,)* AddOp>($($a),*),
            Op::Sub => $f::<$($t,)* SubOp>($($a),*),
            Op::Mul => $f::<$($t,)* MulOp>($($a),*),
            Op::Div => $f::<$($t,)* DivOp>($($a),*),
            Op::MulS => $f::<$($t,)* MulSOp>($($a),*),
        }
    };
}

/// Runs one instruction over `d.len()` elements of its operands `x` (with its epilogue when
/// `epi`).
#[cfg_attr(not(debug_assertions), inline(always))]
fn exec<T: Float>(form: Form, epi: bool, d: &mut [T], x: [&[T]; 6]) {
    if epi {
        exec_e::<T, true>(form, d, x)
    } else {
        exec_e::<T, false>(form, d, x)
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn exec_e<T: Float, const E: bool>(form: Form, d: &mut [T], x: [&[T]; 6]) {
    match form {
        Form::One(f) => by_op!(f, one::<T, E>(d, x)),
        Form::Pair(f, g, true) => by_op!(f, pair_f::<T, E>(g, true, d, x)),
        Form::Pair(f, g, false) => by_op!(f, pair_f::<T, E>(g, false, d, x)),
        Form::Quad(f, g, h) => by_op!(f, quad_f::<T, E>(g, h, d, x)),
    }
}

/// The value written: `v`, or with the epilogue (`E`) `p + s * v`, the steps' own functions
/// in their order.
#[cfg_attr(not(debug_assertions), inline(always))]
fn tail<T: Float, const E: bool>(v: T, s: T, p: T) -> T {
    if E {
        k::add::scalar(p, k::multiply::scalar(s, v))
    } else {
        v
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn one<T: Float, const E: bool, F: Binary<T>>(d: &mut [T], x: [&[T]; 6]) {
    let n = d.len();
    if n == 0 {
        return;
    }
    let (a, b) = (&x[0][..n], &x[1][..n]);
    let (s, p) = (x[4][0], &x[5][..n]);
    let a0 = a[0];
    for i in 0..n {
        let ai = if F::SCALAR_LEFT { a0 } else { a[i] };
        let pi = if E { p[i] } else { s };
        d[i] = tail::<T, E>(F::apply(ai, b[i]), s, pi);
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn pair_f<T: Float, const E: bool, F: Binary<T>>(g: Op, left: bool, d: &mut [T], x: [&[T]; 6]) {
    if left {
        by_op!(g, pair::<T, E, F>(d, x))
    } else {
        by_op!(g, pair_right::<T, E, F>(d, x))
    }
}

/// `g(f(a, b), c)` (`g` never takes a scalar on its left here: that is `f`'s value).
#[cfg_attr(not(debug_assertions), inline(always))]
fn pair<T: Float, const E: bool, F: Binary<T>, G: Binary<T>>(d: &mut [T], x: [&[T]; 6]) {
    let n = d.len();
    if n == 0 {
        return;
    }
    let (a, b, c) = (&x[0][..n], &x[1][..n], &x[2][..n]);
    let (s, p) = (x[4][0], &x[5][..n]);
    let a0 = a[0];
    for i in 0..n {
        let ai = if F::SCALAR_LEFT { a0 } else { a[i] };
        let pi = if E { p[i] } else { s };
        d[i] = tail::<T, E>(G::apply(F::apply(ai, b[i]), c[i]), s, pi);
    }
}

/// `g(c, f(a, b))`.
#[cfg_attr(not(debug_assertions), inline(always))]
fn pair_right<T: Float, const E: bool, F: Binary<T>, G: Binary<T>>(d: &mut [T], x: [&[T]; 6]) {
    let n = d.len();
    if n == 0 {
        return;
    }
    let (a, b, c) = (&x[0][..n], &x[1][..n], &x[2][..n]);
    let (s, p) = (x[4][0], &x[5][..n]);
    let (a0, c0) = (a[0], c[0]);
    for i in 0..n {
        let ai = if F::SCALAR_LEFT { a0 } else { a[i] };
        let ci = if G::SCALAR_LEFT { c0 } else { c[i] };
        let pi = if E { p[i] } else { s };
        d[i] = tail::<T, E>(G::apply(ci, F::apply(ai, b[i])), s, pi);
    }
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn quad_f<T: Float, const E: bool, F: Binary<T>>(g: Op, h: Op, d: &mut [T], x: [&[T]; 6]) {
    by_op!(g, quad_g::<T, E, F>(h, d, x))
}

#[cfg_attr(not(debug_assertions), inline(always))]
fn quad_g<T: Float, const E: bool, F: Binary<T>, G: Binary<T>>(h: Op, d: &mut [T], x: [&[T]; 6]) {
    by_op!(h, quad::<T, E, F, G>(d, x))
}

/// `g(f(a, b), h(c, d))` (`g` reads two values: never a scalar).
#[cfg_attr(not(debug_assertions), inline(always))]
fn quad<T: Float, const E: bool, F: Binary<T>, G: Binary<T>, H: Binary<T>>(
    d: &mut [T],
    x: [&[T]; 6],
) {
    let n = d.len();
    if n == 0 {
        return;
    }
    let (a, b, c, e) = (&x[0][..n], &x[1][..n], &x[2][..n], &x[3][..n]);
    let (s, p) = (x[4][0], &x[5][..n]);
    let (a0, c0) = (a[0], c[0]);
    for i in 0..n {
        let ai = if F::SCALAR_LEFT { a0 } else { a[i] };
        let ci = if H::SCALAR_LEFT { c0 } else { c[i] };
        let pi = if E { p[i] } else { s };
        d[i] = tail::<T, E>(G::apply(F::apply(ai, b[i]), H::apply(ci, e[i])), s, pi);
    }
}
