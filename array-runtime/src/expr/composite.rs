//! The steps of a program as the CPU runs them: a float arithmetic step whose arguments are
//! the results of other ones, read by it alone, runs with them in one loop (`g(f(a, b), c)`,
//! `g(c, f(a, b))` or `g(f(a, b), h(c, d))`). Each step is otherwise a loop of its own over a
//! piece of the chunk, writing a buffer the next step reads back: `2*a + b` would be two loops
//! where one `#[elementwise]` kernel is one, and the 5-point heat step seven where three do.
//!
//! A composite loop calls the kernels' own native functions (`add::scalar`, ...) in the order
//! and dtype of the steps it replaces, so its results are the same bits (Rust contracts no
//! multiply-add into an FMA, on either path). Its loop is monomorphized per pair of
//! operations, argument side and dtype (`f32`, `f64`) and compiled for AVX2 when the CPU has it,
//! as a kernel's loop is. The CUDA side keeps the steps as they are (`fused.rs` composes them
//! into one device function in any case).

use std::marker::PhantomData;

use crate::dtype::{DTypeId, Float};
use crate::expr::steps::{Ref, Step};
use crate::kernel::elementwise::{run_chunk_loop, Chunk, ChunkLoop};
use crate::ops::kernels as k;

/// One loop of a program on the CPU: a kernel's chunk function, or a composite of two.
#[derive(Debug)]
pub(crate) struct CpuStep {
    pub(crate) cpu: ChunkFn,
    pub(crate) args: Vec<Ref>,
    pub(crate) result: DTypeId,
}

/// The binary float operations that take part in composites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// The operation and dtype of `step` when it is one of [`Op`] on `f32` or `f64`.
fn op_of(step: &Step) -> Option<(Op, DTypeId)> {
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
        Op::Mul
    } else if std::ptr::eq(def, &k::divide_float::DEF) {
        Op::Div
    } else {
        return None;
    };
    Some((op, d))
}

/// The CPU steps of `steps`: each arithmetic step of [`Op`] that reads the results of one or
/// two others of the same dtype, which nothing else reads, becomes one composite step with
/// them (at its own place: the inner steps' arguments come earlier). A composite is not
/// merged again.
pub(crate) fn cpu_steps(steps: &[Step]) -> Vec<CpuStep> {
    let mut reads = vec![0usize; steps.len()];
    for s in steps {
        for a in &s.args {
            if let Ref::Step(j) = *a {
                reads[j] += 1;
            }
        }
    }
    // Steps merged into a later one, and steps that are composites.
    let mut inner = vec![false; steps.len()];
    let mut outer = vec![false; steps.len()];
    let mut plan: Vec<Option<(Merge, ChunkFn)>> = vec![None; steps.len()];
    for (k, s) in steps.iter().enumerate() {
        let Some((g, d)) = op_of(s) else { continue };
        // The inner step on each side, if it can merge.
        let side = |p: usize| match s.args[p] {
            Ref::Step(j) if reads[j] == 1 && !outer[j] => match op_of(&steps[j]) {
                Some((f, e)) if e == d => Some((j, f)),
                _ => None,
            },
            _ => None,
        };
        let f64s = d == DTypeId::F64;
        let (merge, cpu) = match (side(0), side(1)) {
            (Some((i, f)), Some((j, h))) => {
                inner[j] = true;
                let cpu = if f64s {
                    quad::<f64>(f, g, h)
                } else {
                    quad::<f32>(f, g, h)
                };
                (Merge::Both(i, j), cpu)
            }
            (Some((i, f)), None) => {
                let cpu = if f64s {
                    pair::<f64>(f, g, true)
                } else {
                    pair::<f32>(f, g, true)
                };
                (Merge::One(i, 0), cpu)
            }
            (None, Some((j, f))) => {
                let cpu = if f64s {
                    pair::<f64>(f, g, false)
                } else {
                    pair::<f32>(f, g, false)
                };
                (Merge::One(j, 1), cpu)
            }
            (None, None) => continue,
        };
        let (Merge::One(i, _) | Merge::Both(i, _)) = merge;
        inner[i] = true;
        outer[k] = true;
        plan[k] = Some((merge, cpu));
    }
    // New indices of the steps that stay.
    let mut index = vec![usize::MAX; steps.len()];
    let mut next = 0;
    for (k, &merged) in inner.iter().enumerate() {
        if !merged {
            index[k] = next;
            next += 1;
        }
    }
    let renumber = |r: Ref| match r {
        Ref::Step(j) => Ref::Step(index[j]),
        other => other,
    };
    let mut out = Vec::with_capacity(next);
    for (k, s) in steps.iter().enumerate() {
        if inner[k] {
            continue;
        }
        let step = match plan[k] {
            // The inner step's two arguments, then the outer step's other one.
            Some((Merge::One(j, side), cpu)) => CpuStep {
                cpu,
                args: vec![
                    renumber(steps[j].args[0]),
                    renumber(steps[j].args[1]),
                    renumber(s.args[1 - side]),
                ],
                result: s.kernel.result,
            },
            // The left inner step's arguments, then the right one's.
            Some((Merge::Both(i, j), cpu)) => CpuStep {
                cpu,
                args: vec![
                    renumber(steps[i].args[0]),
                    renumber(steps[i].args[1]),
                    renumber(steps[j].args[0]),
                    renumber(steps[j].args[1]),
                ],
                result: s.kernel.result,
            },
            None => CpuStep {
                cpu: s.kernel.cpu,
                args: s.args.iter().map(|&a| renumber(a)).collect(),
                result: s.kernel.result,
            },
        };
        out.push(step);
    }
    out
}

/// A chunk function: a kernel's loop or a composite one.
type ChunkFn = fn(&mut Chunk<'_>);

/// The type parameters of a loop type (never built: its loop is a function of the type).
type Tag<X> = PhantomData<fn() -> X>;

/// The steps a composite step merges into itself.
#[derive(Clone, Copy, Debug)]
enum Merge {
    /// Step `.0`, its argument on side `.1` (0 left, 1 right).
    One(usize, usize),
    /// Steps `.0` (left) and `.1` (right).
    Both(usize, usize),
}

/// One operation on two elements: the kernel's native function.
trait Binary<T> {
    fn apply(x: T, y: T) -> T;
}

struct AddOp;
struct SubOp;
struct MulOp;
struct DivOp;

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

impl<T: Float> Binary<T> for DivOp {
    #[inline(always)]
    fn apply(x: T, y: T) -> T {
        k::divide_float::scalar(x, y)
    }
}

/// `out = G(F(a, b), c)` (`LEFT`) or `out = G(c, F(a, b))`, inputs `a, b, c` in that order.
struct Pair<T, F, G, const LEFT: bool>(Tag<(T, F, G)>);

impl<T: Float, F: Binary<T>, G: Binary<T>, const LEFT: bool> ChunkLoop for Pair<T, F, G, LEFT> {
    #[inline(always)]
    fn run(chunk: &mut Chunk<'_>) {
        let a = chunk.input::<T>(0);
        let b = chunk.input::<T>(1);
        let c = chunk.input::<T>(2);
        let out = chunk.output::<T>(0);
        let n = chunk.len();
        let (a, b, c, out) = (&a[..n], &b[..n], &c[..n], &mut out[..n]);
        for i in 0..n {
            let t = F::apply(a[i], b[i]);
            out[i] = if LEFT {
                G::apply(t, c[i])
            } else {
                G::apply(c[i], t)
            };
        }
    }
}

/// `out = G(F(a, b), H(c, d))`, inputs `a, b, c, d` in that order.
struct Quad<T, F, G, H>(Tag<(T, F, G, H)>);

impl<T: Float, F: Binary<T>, G: Binary<T>, H: Binary<T>> ChunkLoop for Quad<T, F, G, H> {
    #[inline(always)]
    fn run(chunk: &mut Chunk<'_>) {
        let a = chunk.input::<T>(0);
        let b = chunk.input::<T>(1);
        let c = chunk.input::<T>(2);
        let d = chunk.input::<T>(3);
        let out = chunk.output::<T>(0);
        let n = chunk.len();
        let (a, b, c, d, out) = (&a[..n], &b[..n], &c[..n], &d[..n], &mut out[..n]);
        for i in 0..n {
            out[i] = G::apply(F::apply(a[i], b[i]), H::apply(c[i], d[i]));
        }
    }
}

fn quad_chunk<T: Float, F: Binary<T>, G: Binary<T>, H: Binary<T>>(chunk: &mut Chunk<'_>) {
    run_chunk_loop::<Quad<T, F, G, H>>(chunk)
}

/// The composite chunk function of `g(f(a, b), h(c, d))`.
fn quad<T: Float>(f: Op, g: Op, h: Op) -> ChunkFn {
    match f {
        Op::Add => quad_g::<T, AddOp>(g, h),
        Op::Sub => quad_g::<T, SubOp>(g, h),
        Op::Mul => quad_g::<T, MulOp>(g, h),
        Op::Div => quad_g::<T, DivOp>(g, h),
    }
}

fn quad_g<T: Float, F: Binary<T>>(g: Op, h: Op) -> ChunkFn {
    match g {
        Op::Add => quad_h::<T, F, AddOp>(h),
        Op::Sub => quad_h::<T, F, SubOp>(h),
        Op::Mul => quad_h::<T, F, MulOp>(h),
        Op::Div => quad_h::<T, F, DivOp>(h),
    }
}

fn quad_h<T: Float, F: Binary<T>, G: Binary<T>>(h: Op) -> ChunkFn {
    match h {
        Op::Add => quad_chunk::<T, F, G, AddOp>,
        Op::Sub => quad_chunk::<T, F, G, SubOp>,
        Op::Mul => quad_chunk::<T, F, G, MulOp>,
        Op::Div => quad_chunk::<T, F, G, DivOp>,
    }
}

fn pair_chunk<T: Float, F: Binary<T>, G: Binary<T>, const LEFT: bool>(chunk: &mut Chunk<'_>) {
    run_chunk_loop::<Pair<T, F, G, LEFT>>(chunk)
}

/// The composite chunk function of `g(f(a, b), c)` (`left`) or `g(c, f(a, b))`.
fn pair<T: Float>(f: Op, g: Op, left: bool) -> ChunkFn {
    match f {
        Op::Add => outer::<T, AddOp>(g, left),
        Op::Sub => outer::<T, SubOp>(g, left),
        Op::Mul => outer::<T, MulOp>(g, left),
        Op::Div => outer::<T, DivOp>(g, left),
    }
}

fn outer<T: Float, F: Binary<T>>(g: Op, left: bool) -> ChunkFn {
    match (g, left) {
        (Op::Add, true) => pair_chunk::<T, F, AddOp, true>,
        (Op::Add, false) => pair_chunk::<T, F, AddOp, false>,
        (Op::Sub, true) => pair_chunk::<T, F, SubOp, true>,
        (Op::Sub, false) => pair_chunk::<T, F, SubOp, false>,
        (Op::Mul, true) => pair_chunk::<T, F, MulOp, true>,
        (Op::Mul, false) => pair_chunk::<T, F, MulOp, false>,
        (Op::Div, true) => pair_chunk::<T, F, DivOp, true>,
        (Op::Div, false) => pair_chunk::<T, F, DivOp, false>,
    }
}

#[cfg(test)]
mod tests {
    use crate::dtype::Float;
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
        // The heat step's shape: seven steps, three loops.
        let xs = x.to_vec().unwrap();
        let nb: Vec<Array<f64>> = (1..5)
            .map(|k| {
                let v = xs.iter().map(|&v| v * f64::from(k) - 0.3).collect();
                Array::from_vec(&dev, &[5], v).unwrap()
            })
            .collect();
        let heat = &x + 0.1 * (&nb[0] + &nb[1] + &nb[2] + &nb[3] - 4.0 * &x);
        let p = Program::build_uncached(&heat.node, None).unwrap();
        assert_eq!((p.steps().len(), p.code.cpu.len()), (7, 3));
        let nbs: Vec<Vec<f64>> = nb.iter().map(|a| a.to_vec().unwrap()).collect();
        let want: Vec<f64> = (0..5)
            .map(|i| {
                let v = xs[i];
                v + 0.1 * (nbs[0][i] + nbs[1][i] + nbs[2][i] + nbs[3][i] - 4.0 * v)
            })
            .collect();
        assert_eq!(heat.eval().unwrap().to_vec().unwrap(), want);
        // A value read twice is computed once, not merged (its reader `t + y` is).
        let t = &y * 2.0f32;
        let shared = (&t + &y) * &t;
        let p = Program::build_uncached(&shared.node, None).unwrap();
        assert_eq!((p.steps().len(), p.code.cpu.len()), (3, 2));
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
}
