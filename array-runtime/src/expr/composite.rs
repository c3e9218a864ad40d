//! The steps of a program as the CPU runs them. Float arithmetic steps (`+ - * /` on `f32`
//! or `f64`) that follow one another and whose results are read only among themselves run
//! as one loop: a block program (`block.rs`) whose instructions compute the steps one block
//! of the chunk at a time, with the intermediate values in registers that stay in L1. The
//! 5-point heat step `m + 0.1 * (up + dn + l + r - 4 * m)` (seven steps) is one loop, as
//! its `#[elementwise]` kernel is; so is `2*a + b`, or `t = y*2; (t + y) * t` (a value read
//! twice stays in its register). Every other step is a loop of its own over a piece of the
//! chunk, writing a buffer the next step reads back (`program.rs`).
//!
//! An instruction merges up to three steps where a step's argument is another's result read
//! by it alone: `g(f(a, b), c)`, `g(c, f(a, b))` or `g(f(a, b), h(c, d))`, and may end with
//! an update `p + s * value` (`s` a scalar: two more steps, its epilogue). The heat step is
//! two instructions: `(up + dn) + l`, then `(t + r) - 4*m` updated as `m + 0.1 * v`. Fewer
//! instructions read and write the registers fewer times; the forms are monomorphized per
//! operations, epilogue and dtype (`block.rs`). A product whose left operand is a scalar leaf
//! is [`Op::MulS`], which reads the scalar once per loop.
//!
//! The results are the same bits as the kernels run one after the other: the instructions
//! call the kernels' native functions in the order and dtype of the steps. The CUDA side
//! keeps the steps as they are (`fused.rs` composes them into one device function in any
//! case).

use crate::cpu::elementwise::{call_chunk, with_chunk};
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::expr::block::{self, Arg, BlockCode, Form, Ins, Op, MAX_IN, MAX_INS};
use crate::expr::steps::{Ref, Step};
use crate::kernel::elementwise::Chunk;
use crate::ops::kernels as k;

/// One loop of a program on the CPU: a kernel's chunk function, or a block program.
#[derive(Debug)]
pub(crate) struct CpuStep {
    pub(crate) run: Loop,
    pub(crate) args: Vec<Ref>,
    pub(crate) result: DTypeId,
}

/// What a [`CpuStep`] runs.
#[derive(Debug)]
pub(crate) enum Loop {
    /// A kernel's chunk function.
    Kernel(fn(&mut Chunk<'_>)),
    /// A run of float arithmetic steps (boxed: a program holds up to 12 instructions).
    Block(Box<BlockCode>),
}

impl CpuStep {
    /// Runs the step over `chunk`, whose inputs are the step's arguments: a direct program's
    /// only step, whose output no input shares memory with.
    pub(crate) fn call(&self, chunk: &mut Chunk<'_>) -> Result<()> {
        match &self.run {
            Loop::Kernel(f) => {
                f(chunk);
                Ok(())
            }
            // Only a program's direct step: its chunk's inputs are leaves, none of them the
            // output (a direct program does not read what it writes).
            Loop::Block(code) => block::run(code, chunk, true),
        }
    }

    /// Runs the step over `len` elements of plain buffers: its arguments' and its result's.
    pub(crate) fn call_on(
        &self,
        len: usize,
        inputs: &[(&[u8], DTypeId)],
        output: (&mut [u8], DTypeId),
    ) -> Result<()> {
        match &self.run {
            Loop::Kernel(f) => call_chunk(*f, len, inputs, output),
            Loop::Block(code) => with_chunk(len, inputs, output, |c| block::run(code, c, false))?,
        }
    }
}

/// The operation and dtype of `step` when it is one of [`Op`] on `f32` or `f64`: a product
/// whose left operand is a scalar leaf (`scalars[leaf]`) is [`Op::MulS`].
fn op_of(step: &Step, scalars: &[bool]) -> Option<(Op, DTypeId)> {
    let n = &step.kernel;
    let d = n.result;
    if !matches!(d, DTypeId::F32 | DTypeId::F64) || n.params != [d, d] || step.args.len() != 2 {
        return None;
    }
    let def = n.def as *const _;
    let op = if std::ptr::eq(def, &k::add::DEF) {
        Op::Add
    } else if std::ptr::eq(def, &k::subtract::DEF) {
        Op::Sub
    } else if std::ptr::eq(def, &k::multiply::DEF) {
        match step.args[0] {
            Ref::Leaf(i) if scalars.get(i) == Some(&true) => Op::MulS,
            _ => Op::Mul,
        }
    } else if std::ptr::eq(def, &k::divide_float::DEF) {
        Op::Div
    } else {
        return None;
    };
    Some((op, d))
}

/// A step, or a few merged into one instruction: what one loop over a block computes.
struct Unit {
    /// The instruction's form, `None` for a step that is not float arithmetic.
    form: Option<Form>,
    /// Its operands: leaves, the output, or other units (`Ref::Step(unit)`).
    args: Vec<Ref>,
    result: DTypeId,
    /// The step it is (its outer step when merged).
    step: usize,
    /// Whether an epilogue `p + s * value` follows (its two operands last in `args`).
    epi: bool,
}

/// The units of `steps`: each arithmetic step of [`Op`] that reads the results of one or two
/// others of the same dtype, which nothing else reads, becomes one instruction with them (at
/// its own place: the inner steps' arguments come earlier). An instruction is not merged
/// again.
fn units(steps: &[Step], scalars: &[bool]) -> Vec<Unit> {
    let mut reads = vec![0usize; steps.len()];
    for s in steps {
        for a in &s.args {
            if let Ref::Step(j) = *a {
                reads[j] += 1;
            }
        }
    }
    // Steps merged into a later one, and steps that are merged instructions.
    let mut inner = vec![false; steps.len()];
    let mut outer = vec![false; steps.len()];
    let mut forms: Vec<Option<(Form, Vec<Ref>)>> = Vec::with_capacity(steps.len());
    for (k, s) in steps.iter().enumerate() {
        let Some((g, d)) = op_of(s, scalars) else {
            forms.push(None);
            continue;
        };
        // The inner step on each side, if it can merge.
        let side = |p: usize| match s.args[p] {
            Ref::Step(j) if reads[j] == 1 && !outer[j] => match op_of(&steps[j], scalars) {
                Some((f, e)) if e == d => Some((j, f)),
                _ => None,
            },
            _ => None,
        };
        let merged = match (side(0), side(1)) {
            (Some((i, f)), Some((j, h))) => {
                let (a, b) = (&steps[i].args, &steps[j].args);
                Some((
                    i,
                    Some(j),
                    Form::Quad(f, g, h),
                    vec![a[0], a[1], b[0], b[1]],
                ))
            }
            (Some((i, f)), None) => {
                let a = &steps[i].args;
                Some((i, None, Form::Pair(f, g, true), vec![a[0], a[1], s.args[1]]))
            }
            (None, Some((j, f))) => {
                let a = &steps[j].args;
                Some((
                    j,
                    None,
                    Form::Pair(f, g, false),
                    vec![a[0], a[1], s.args[0]],
                ))
            }
            (None, None) => None,
        };
        match merged {
            Some((i, j, form, args)) => {
                inner[i] = true;
                if let Some(j) = j {
                    inner[j] = true;
                }
                outer[k] = true;
                forms.push(Some((form, args)));
            }
            None => forms.push(Some((Form::One(g), s.args.clone()))),
        }
    }
    // Units are numbered in the order of their steps.
    let mut unit_of = vec![usize::MAX; steps.len()];
    let mut out = Vec::with_capacity(steps.len());
    for (k, (s, f)) in steps.iter().zip(forms).enumerate() {
        if inner[k] {
            continue;
        }
        unit_of[k] = out.len();
        let (form, args) = match f {
            Some((form, args)) => (Some(form), args),
            None => (None, s.args.clone()),
        };
        let args = args
            .into_iter()
            .map(|r| match r {
                Ref::Step(j) => Ref::Step(unit_of[j]),
                other => other,
            })
            .collect();
        out.push(Unit {
            form,
            args,
            result: s.kernel.result,
            step: k,
            epi: false,
        });
    }
    epilogues(&mut out);
    out
}

/// Merges each unit `p + s * v` (`Pair(MulS, Add, false)`: a scalar `s`) whose `v` is an
/// arithmetic unit read by it alone into that unit, as its epilogue, when `p` is known there
/// already (a leaf, the output, or an earlier unit): the update of the heat step, `m + 0.1 *
/// (...)`, then adds no loop of its own.
fn epilogues(units: &mut Vec<Unit>) {
    let mut k = 0;
    while k < units.len() {
        let mut reads = vec![0usize; units.len()];
        for u in units.iter() {
            for a in &u.args {
                if let Ref::Step(j) = *a {
                    reads[j] += 1;
                }
            }
        }
        let u = &units[k];
        let merge = match (u.form, u.args.as_slice()) {
            (Some(Form::Pair(Op::MulS, Op::Add, false)), &[sc, Ref::Step(j), p]) => {
                let v = &units[j];
                let known = match p {
                    Ref::Step(i) => i < j,
                    _ => true,
                };
                (reads[j] == 1 && v.form.is_some() && !v.epi && v.result == u.result && known)
                    .then_some((j, sc, p))
            }
            _ => None,
        };
        let Some((j, sc, p)) = merge else {
            k += 1;
            continue;
        };
        let outer = units.remove(k);
        let v = &mut units[j];
        v.epi = true;
        v.args.extend([sc, p]);
        v.step = outer.step;
        for u in units.iter_mut() {
            for a in &mut u.args {
                if let Ref::Step(i) = a {
                    if *i == k {
                        *i = j;
                    } else if *i > k {
                        *i -= 1;
                    }
                }
            }
        }
    }
}

/// The CPU steps of `steps` (whose leaves `i` are scalars where `scalars[i]`): each run of
/// float arithmetic units of one dtype whose values, but the last one's, are read within the
/// run only, becomes one block program (at most [`MAX_INS`] instructions and [`MAX_IN`]
/// operands: a longer run is cut); a step alone stays its kernel's loop.
pub(crate) fn cpu_steps(steps: &[Step], scalars: &[bool]) -> Result<Vec<CpuStep>> {
    let units = units(steps, scalars);
    // The last unit reading each unit's value.
    let mut last_reader = vec![0usize; units.len()];
    for (k, u) in units.iter().enumerate() {
        for a in &u.args {
            if let Ref::Step(j) = *a {
                last_reader[j] = k;
            }
        }
    }
    // The CPU step that computes each unit's value, where one does.
    let mut step_of = vec![usize::MAX; units.len()];
    let renumber = |r: Ref, step_of: &[usize]| match r {
        Ref::Step(j) => Ref::Step(step_of[j]),
        other => other,
    };
    let mut out: Vec<CpuStep> = Vec::with_capacity(units.len());
    let mut i = 0;
    while i < units.len() {
        let u = &units[i];
        let end = match u.form {
            Some(_) => run_end(&units, &last_reader, i),
            None => i,
        };
        let step = match (u.form, end == i) {
            (None, _) | (Some(Form::One(_)), true) if !u.epi => CpuStep {
                run: Loop::Kernel(steps[u.step].kernel.cpu),
                args: u.args.iter().map(|&r| renumber(r, &step_of)).collect(),
                result: u.result,
            },
            _ => {
                let (code, args) = block_of(&units[i..=end], i, &last_reader)?;
                CpuStep {
                    run: Loop::Block(Box::new(code)),
                    args: args.into_iter().map(|r| renumber(r, &step_of)).collect(),
                    result: u.result,
                }
            }
        };
        step_of[end] = out.len();
        out.push(step);
        i = end + 1;
    }
    Ok(out)
}

/// The last unit of the longest run from unit `i` (a float arithmetic unit) that one block
/// program computes: units of `i`'s dtype, each value but the last read within the run, at
/// most [`MAX_INS`] of them reading at most [`MAX_IN`] operands from outside.
fn run_end(units: &[Unit], last_reader: &[usize], i: usize) -> usize {
    let d = units[i].result;
    let mut best = i;
    // The latest reader of the values so far, and the operands from outside.
    let mut reach = 0;
    let mut outside: Vec<Ref> = Vec::new();
    for (e, u) in units.iter().enumerate().skip(i) {
        if u.form.is_none() || u.result != d || e - i >= MAX_INS {
            break;
        }
        for &a in &u.args {
            let inside = matches!(a, Ref::Step(j) if j >= i);
            if !inside && !outside.contains(&a) {
                outside.push(a);
            }
        }
        if outside.len() > MAX_IN {
            break;
        }
        if e > i {
            reach = reach.max(last_reader[e - 1]);
        }
        if reach <= e {
            best = e;
        }
    }
    best
}

/// The block program of `run` (units `first..`), and its operands from outside: leaves in
/// their order, then earlier units' values, then the output.
fn block_of(run: &[Unit], first: usize, last_reader: &[usize]) -> Result<(BlockCode, Vec<Ref>)> {
    let mut outside: Vec<Ref> = Vec::new();
    for u in run {
        for &a in &u.args {
            let inside = matches!(a, Ref::Step(j) if j >= first);
            if !inside && !outside.contains(&a) {
                outside.push(a);
            }
        }
    }
    outside.sort_by_key(|r| match *r {
        Ref::Leaf(i) => (0, i),
        Ref::Step(j) => (1, j),
        Ref::Out => (2, 0),
    });
    // Registers: taken by a unit before its operands' are freed (so that an instruction never
    // writes a register it reads), freed after the value's last reader.
    let mut reg_of = vec![0u8; run.len()];
    let mut free: Vec<u8> = Vec::new();
    let mut regs = 0u8;
    let mut ins = Vec::with_capacity(run.len());
    for (p, u) in run.iter().enumerate() {
        let arg = |r: Ref| match r {
            Ref::Step(j) if j >= first => Arg::Reg(reg_of[j - first]),
            other => Arg::In(outside.iter().position(|&o| o == other).unwrap_or(0) as u8),
        };
        let form = u.form.unwrap_or(Form::One(Op::Add));
        let n = form.arity();
        let mut args = [arg(u.args[0]); 6];
        for (slot, &r) in args.iter_mut().zip(&u.args[..n]) {
            *slot = arg(r);
        }
        if u.epi {
            args[4] = arg(u.args[n]);
            args[5] = arg(u.args[n + 1]);
        }
        let dst = if p + 1 < run.len() {
            free.pop().unwrap_or_else(|| {
                regs += 1;
                regs - 1
            })
        } else {
            0
        };
        reg_of[p] = dst;
        for &r in &u.args {
            if let Ref::Step(j) = r
                && j >= first
                && last_reader[j] == first + p
                && !free.contains(&reg_of[j - first])
            {
                free.push(reg_of[j - first]);
            }
        }
        ins.push(Ins {
            form,
            args,
            dst,
            epi: u.epi,
        });
    }
    let code = BlockCode::new(&ins, outside.len(), run[0].result).ok_or_else(|| {
        Error::invalid("fused expression: a run of float steps gave an invalid block program")
    })?;
    Ok((code, outside))
}

#[cfg(test)]
mod tests {
    use crate::dtype::Float;
    use crate::expr::block::{Form, Op};
    use crate::expr::program::Program;
    use crate::expr::{Expr, IntoExpr};
    use crate::ops::kernels as k;
    use crate::{s, Array, Device};

    const OPS: [&str; 4] = ["+", "-", "*", "/"];

    fn lazy<T: Float>(op: &str, x: impl IntoExpr<T>, y: impl IntoExpr<T>) -> Expr<T> {
        match op {
            "+" => k::add::lazy(x, y),
            "-" => k::subtract::lazy(x, y),
            "*" => k::multiply::lazy(x, y),
            _ => k::divide_float::lazy(x, y),
        }
    }

    /// The operation as its own kernel call (what a program ran before composites).
    fn eager<T: Float>(op: &str, x: &Array<T>, y: &Array<T>) -> Array<T> {
        match op {
            "+" => k::add(x, y),
            "-" => k::subtract(x, y),
            "*" => k::multiply(x, y),
            _ => k::divide_float(x, y),
        }
        .unwrap()
    }

    fn bits<T: Float>(a: &Array<T>) -> Vec<u64> {
        a.to_vec()
            .unwrap()
            .into_iter()
            .map(|v| v.to_f64().unwrap().to_bits())
            .collect()
    }

    /// Every pair of operations on either side, and every triple `g(f(..), h(..))`, gives the bits of the two kernels run one
    /// after the other, on specials, with strided and broadcast leaves, and runs as one loop.
    fn pairs_match_the_kernels<T: Float>(vals: &[T]) {
        let dev = Device::cpu();
        let n = vals.len();
        let grid: Vec<T> = (0..n * n).map(|i| vals[(i * 7 + i / n) % n]).collect();
        let g = Array::from_vec(&dev, &[n, n], grid).unwrap();
        let a = g.slice(s![.., ..]).unwrap();
        let b = g.t().copy().unwrap();
        // A transposed view (strided) and one row broadcast over the rows.
        let bt = g.t();
        let row = Array::from_vec(&dev, &[n], vals.to_vec()).unwrap();
        for f in OPS {
            for gop in OPS {
                for left in [true, false] {
                    for (c, cview) in [(&b, false), (&bt.copy().unwrap(), true)] {
                        let inner = lazy::<T>(f, &a, &row);
                        let e = if left {
                            lazy::<T>(gop, inner, if cview { bt.clone() } else { c.clone() })
                        } else {
                            lazy::<T>(gop, if cview { bt.clone() } else { c.clone() }, inner)
                        };
                        let t = eager(f, &a, &row.broadcast_to(&[n, n]).unwrap().copy().unwrap());
                        let want = if left {
                            eager(gop, &t, c)
                        } else {
                            eager(gop, c, &t)
                        };
                        let p = Program::build_uncached(&e.node, None).unwrap();
                        assert_eq!(p.code.cpu.len(), 1, "{f} then {gop}");
                        assert_eq!(bits(&e.eval().unwrap()), bits(&want), "{f} then {gop}");
                    }
                }
                // Both arguments merged: `(a f row) g (b h bt)`.
                for h in OPS {
                    let e = lazy::<T>(gop, lazy::<T>(f, &a, &row), lazy::<T>(h, &b, bt.clone()));
                    let t = eager(f, &a, &row.broadcast_to(&[n, n]).unwrap().copy().unwrap());
                    let u = eager(h, &b, &bt.copy().unwrap());
                    let want = eager(gop, &t, &u);
                    let p = Program::build_uncached(&e.node, None).unwrap();
                    assert_eq!(p.code.cpu.len(), 1, "{f} {gop} {h}");
                    assert_eq!(bits(&e.eval().unwrap()), bits(&want), "{f} {gop} {h}");
                }
            }
        }
    }

    /// Scalars on the left of products (`Op::MulS`, read once per loop) in every position of
    /// every form, beside every other operation: the bits of the kernels run one after the
    /// other, with special values in the scalars and the arrays, in one loop.
    fn scalar_products_match_the_kernels<T: Float>(vals: &[T], scalars: &[T]) {
        let dev = Device::cpu();
        let n = vals.len();
        let a = Array::from_vec(&dev, &[n], vals.to_vec()).unwrap();
        let b = Array::from_vec(&dev, &[n], vals.iter().rev().copied().collect()).unwrap();
        let full = |v: T| Array::from_vec(&dev, &[n], vec![v; n]).unwrap();
        let one = |e: &Expr<T>, want: &Array<T>, what: &str| {
            let p = Program::build_uncached(&e.node, None).unwrap();
            assert_eq!(p.code.cpu.len(), 1, "{what}");
            assert_eq!(bits(&e.eval().unwrap()), bits(want), "{what}");
        };
        // Each also as the value of an update `b + s * (...)`: the form with its epilogue (a
        // lone operation merges with the product instead: `s * (a f b)`, then the sum).
        let check = |e: Expr<T>, want: Array<T>, what: &str| {
            let merged = Program::build_uncached(&e.node, None)
                .unwrap()
                .steps()
                .len()
                > 1;
            one(&e, &want, what);
            for &sv in scalars {
                let up = k::add::lazy(&b, k::multiply::lazy(crate::expr::scalar_node(sv), &e));
                let want = eager("+", &b, &eager("*", &full(sv), &want));
                let p = Program::build_uncached(&up.node, None).unwrap();
                let super::Loop::Block(code) = &p.code.cpu[0].run else {
                    panic!("{what}: the update is not a block program");
                };
                assert_eq!(code.ins().iter().any(|i| i.epi), merged, "{what}: epilogue");
                one(&up, &want, &format!("{what}, updated by {sv:?}"));
            }
        };
        for f in OPS {
            // One operation alone: its update is one instruction with an epilogue.
            check(lazy::<T>(f, &a, &b), eager(f, &a, &b), f);
        }
        for &sv in scalars {
            let s = full(sv);
            let sc = || crate::expr::scalar_node(sv);
            for f in OPS {
                for gop in OPS {
                    let what = format!("{sv:?}: {f} {gop}");
                    // g(f(s, a), b) and g(b, f(s, a)).
                    let t = eager(f, &s, &a);
                    check(
                        lazy::<T>(gop, lazy::<T>(f, sc(), &a), &b),
                        eager(gop, &t, &b),
                        &what,
                    );
                    check(
                        lazy::<T>(gop, &b, lazy::<T>(f, sc(), &a)),
                        eager(gop, &b, &t),
                        &what,
                    );
                    // g(s, f(a, b)): `s * ...` outside.
                    let u = eager(f, &a, &b);
                    check(
                        lazy::<T>(gop, sc(), lazy::<T>(f, &a, &b)),
                        eager(gop, &s, &u),
                        &what,
                    );
                    // g(f(s, a), h(s, b)).
                    for h in OPS {
                        let w = eager(h, &s, &b);
                        let e = lazy::<T>(gop, lazy::<T>(f, sc(), &a), lazy::<T>(h, sc(), &b));
                        check(e, eager(gop, &t, &w), &format!("{what} {h}"));
                    }
                }
            }
        }
    }

    #[test]
    fn scalar_products_give_the_bits_of_their_steps() {
        let f64s = [
            1.5,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            1e-310,
            -7.25,
            1e308,
            0.1,
        ];
        let sc = [2.0, -0.0, f64::NAN, f64::INFINITY, 1e-300, 0.1];
        scalar_products_match_the_kernels::<f64>(&f64s, &sc);
        let f32s: Vec<f32> = f64s.iter().map(|&v| v as f32).collect();
        let sc32: Vec<f32> = sc.iter().map(|&v| v as f32).collect();
        scalar_products_match_the_kernels::<f32>(&f32s, &sc32);
    }

    #[test]
    fn composites_give_the_bits_of_their_steps() {
        let f64s = [
            1.5,
            -0.0,
            0.0,
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            1e-310,
            3.0,
            -7.25,
            1e308,
            0.1,
        ];
        pairs_match_the_kernels::<f64>(&f64s);
        let f32s: Vec<f32> = f64s.iter().map(|&v| v as f32).collect();
        pairs_match_the_kernels::<f32>(&f32s);
    }

    #[test]
    fn chains_merge_pairs_and_keep_shared_values() {
        let dev = Device::cpu();
        let x = Array::from_vec(&dev, &[5], vec![1.0f64, -2.0, 0.5, 3.0, 1e-3]).unwrap();
        let y = Array::from_vec(&dev, &[5], vec![4.0f32, 2.0, -1.0, 0.25, 8.0]).unwrap();
        // The heat step's shape: seven steps, one loop over the operands in their order.
        let xs = x.to_vec().unwrap();
        let nb: Vec<Array<f64>> = (1..5)
            .map(|k| {
                let v = xs.iter().map(|&v| v * f64::from(k) - 0.3).collect();
                Array::from_vec(&dev, &[5], v).unwrap()
            })
            .collect();
        let heat = &x + 0.1 * (&nb[0] + &nb[1] + &nb[2] + &nb[3] - 4.0 * &x);
        let p = Program::build_uncached(&heat.node, None).unwrap();
        assert_eq!((p.steps().len(), p.code.cpu.len()), (7, 1));
        assert!(p.code.direct);
        // Two loops: `(up + dn) + l`, then `(t + r) - 4 * m` with the update `m + 0.1 * v` as
        // its epilogue; the product `4 * m` reads its scalar once per loop.
        let super::Loop::Block(code) = &p.code.cpu[0].run else {
            panic!("the heat step is not a block program");
        };
        let scaled = code
            .ins()
            .iter()
            .filter(|i| match i.form {
                Form::One(f) => f == Op::MulS,
                Form::Pair(f, g, _) => f == Op::MulS || g == Op::MulS,
                Form::Quad(f, g, h) => [f, g, h].contains(&Op::MulS),
            })
            .count();
        let epis: Vec<bool> = code.ins().iter().map(|i| i.epi).collect();
        assert_eq!((epis, scaled), (vec![false, true], 1));
        let nbs: Vec<Vec<f64>> = nb.iter().map(|a| a.to_vec().unwrap()).collect();
        let want: Vec<f64> = (0..5)
            .map(|i| {
                let v = xs[i];
                v + 0.1 * (nbs[0][i] + nbs[1][i] + nbs[2][i] + nbs[3][i] - 4.0 * v)
            })
            .collect();
        assert_eq!(heat.eval().unwrap().to_vec().unwrap(), want);
        // A value read twice is computed once, kept in a register for its two readers.
        let t = &y * 2.0f32;
        let shared = (&t + &y) * &t;
        let p = Program::build_uncached(&shared.node, None).unwrap();
        assert_eq!((p.steps().len(), p.code.cpu.len()), (3, 1));
        let ys = y.to_vec().unwrap();
        let want: Vec<f32> = ys.iter().map(|&v| (v * 2.0 + v) * (v * 2.0)).collect();
        assert_eq!(shared.eval().unwrap().to_vec().unwrap(), want);
        // Mixed dtypes: the `f32` pair merges, the conversion and the `f64` step do not.
        let mixed = (&y * 2.0f32 + &y).astype::<f64>() - &x;
        let p = Program::build_uncached(&mixed.node, None).unwrap();
        assert_eq!((p.steps().len(), p.code.cpu.len()), (4, 3));
        let want: Vec<f64> = ys
            .iter()
            .zip(&xs)
            .map(|(&v, &u)| f64::from(v * 2.0 + v) - u)
            .collect();
        assert_eq!(mixed.eval().unwrap().to_vec().unwrap(), want);
        // Written in place, reading the output.
        let mut z = x.copy().unwrap();
        let e = &z * 2.0 + &x;
        z.assign(e).unwrap();
        let want: Vec<f64> = xs.iter().map(|&v| v * 2.0 + v).collect();
        assert_eq!(z.to_vec().unwrap(), want);
    }

    /// A random expression over `leaves` (lazy operands and the same values as full arrays),
    /// and its value computed by the kernels one call at a time. Nodes are `+ - * /`, a
    /// negation (a kernel that is not a block instruction) when `neg`, or an earlier subtree
    /// again (read twice).
    fn random_tree<T: Float>(
        rng: &mut u64,
        depth: usize,
        leaves: &[(Expr<T>, Array<T>)],
        seen: &mut Vec<(Expr<T>, Array<T>)>,
        neg: bool,
    ) -> (Expr<T>, Array<T>) {
        let mut next = |m: u64| {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            (*rng % m) as usize
        };
        let pick = next(10);
        let node = if depth == 0 || pick < 2 {
            let (e, a) = &leaves[next(leaves.len() as u64)];
            (e.clone(), a.clone())
        } else if pick == 2 && !seen.is_empty() {
            let (e, a) = &seen[next(seen.len() as u64)];
            (e.clone(), a.clone())
        } else if pick == 3 && neg {
            let (e, a) = random_tree(rng, depth - 1, leaves, seen, neg);
            (k::negative_float::lazy(e), k::negative_float(&a).unwrap())
        } else {
            let op = OPS[next(4)];
            let (x, xa) = random_tree(rng, depth - 1, leaves, seen, neg);
            let (y, ya) = random_tree(rng, depth - 1, leaves, seen, neg);
            (lazy::<T>(op, x, y), eager(op, &xa, &ya))
        };
        seen.push(node.clone());
        node
    }

    /// Random trees of float steps (one block program when short enough), with leaves that
    /// are contiguous, strided, transposed, broadcast and scalar, give the bits of their
    /// kernels run one after the other.
    fn trees_match_the_kernels<T: Float>(vals: &[T], seed: u64) {
        let dev = Device::cpu();
        let n = vals.len();
        let grid: Vec<T> = (0..n * n).map(|i| vals[(i * 7 + i / n) % n]).collect();
        let g = Array::from_vec(&dev, &[n + 1, n + 1], {
            let mut v = vec![T::zero(); (n + 1) * (n + 1)];
            for i in 0..n {
                v[i * (n + 1)..i * (n + 1) + n].copy_from_slice(&grid[i * n..(i + 1) * n]);
            }
            v
        })
        .unwrap();
        let view = g.slice(s![..n, ..n]).unwrap();
        let dense = Array::from_vec(&dev, &[n, n], grid.clone()).unwrap();
        let t = dense.t();
        let row = Array::from_vec(&dev, &[n], vals.to_vec()).unwrap();
        let full = |a: &Array<T>| a.broadcast_to(&[n, n]).unwrap().copy().unwrap();
        let mut leaves: Vec<(Expr<T>, Array<T>)> = vec![
            ((&view).into_expr(), view.copy().unwrap()),
            ((&dense).into_expr(), dense.clone()),
            ((&t).into_expr(), t.copy().unwrap()),
            // A row broadcast over the rows (zero strides).
            (
                (&row.broadcast_to(&[n, n]).unwrap()).into_expr(),
                full(&row),
            ),
        ];
        for &v in &vals[..3] {
            let filled = Array::from_vec(&dev, &[n, n], vec![v; n * n]).unwrap();
            leaves.push((crate::expr::scalar_node(v), filled));
        }
        let mut rng = seed;
        for case in 0..60 {
            let neg = case % 3 == 2;
            let mut seen = Vec::new();
            let (x, xa) = random_tree::<T>(&mut rng, 4, &leaves, &mut seen, neg);
            let (y, ya) = random_tree::<T>(&mut rng, 4, &leaves, &mut seen, neg);
            // An array leaf at the top, so that the result is not a scalar.
            let (f, g) = (OPS[case % 4], OPS[case / 4 % 4]);
            let (l, la) = &leaves[case % 4];
            let e = lazy::<T>(g, lazy::<T>(f, x, l.clone()), y);
            let want = eager(g, &eager(f, &xa, la), &ya);
            let p = Program::build_uncached(&e.node, None).unwrap();
            if !neg && p.steps().len() <= super::MAX_INS {
                assert_eq!(p.code.cpu.len(), 1, "case {case}: {}", p.text());
            }
            assert_eq!(
                bits(&e.eval().unwrap()),
                bits(&want),
                "case {case}: {}",
                p.text()
            );
        }
    }

    #[test]
    fn block_programs_give_the_bits_of_their_steps() {
        let f64s = [
            1.5,
            -0.0,
            f64::NAN,
            0.0,
            f64::INFINITY,
            -f64::INFINITY,
            1e-310,
            3.0,
            -7.25,
            1e308,
            0.1,
        ];
        let f32s: Vec<f32> = f64s.iter().map(|&v| v as f32).collect();
        for seed in [0x9e37_79b9_7f4a_7c15, 0x2545_f491_4f6c_dd1d, 12345] {
            trees_match_the_kernels::<f64>(&f64s, seed);
            trees_match_the_kernels::<f32>(&f32s, seed);
        }
    }

    #[test]
    fn long_chains_and_many_operands_are_cut_into_blocks() {
        let dev = Device::cpu();
        let xs: Vec<Array<f64>> = (0..30)
            .map(|k| {
                let v = (0..7).map(|i| f64::from(i * k) * 0.37 - 1.0).collect();
                Array::from_vec(&dev, &[7], v).unwrap()
            })
            .collect();
        // Thirty operands (more than one block program reads), 29 steps.
        let mut e = (&xs[0]).into_expr();
        let mut want = xs[0].copy().unwrap();
        for (k, x) in xs.iter().enumerate().skip(1) {
            let op = OPS[k % 4];
            e = lazy::<f64>(op, e, x);
            want = eager(op, &want, x);
        }
        let p = Program::build_uncached(&e.node, None).unwrap();
        assert!(p.code.cpu.len() > 1 && p.code.cpu.len() < 29);
        assert_eq!(bits(&e.eval().unwrap()), bits(&want));
        // One operand, forty steps: more instructions than a block holds.
        let x = &xs[3];
        let mut e = (x).into_expr();
        let mut want = x.copy().unwrap();
        for k in 0..40 {
            let op = OPS[k % 4];
            e = lazy::<f64>(op, e, x);
            want = eager(op, &want, x);
        }
        let p = Program::build_uncached(&e.node, None).unwrap();
        assert!(p.code.cpu.len() > 1 && p.code.cpu.len() < 40);
        assert_eq!(bits(&e.eval().unwrap()), bits(&want));
    }
}
