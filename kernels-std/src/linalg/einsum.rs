//! `einsum` for one or two operands: the subscripts are parsed, repeated labels become
//! diagonal views, labels summed within one operand are summed by a product with a vector of
//! ones, and what remains is one batched matrix product (batch, free and contracted labels),
//! so every case runs on the GEMM of the operands' device.

use array_runtime::cuda::blas_support::strided_view;
use array_runtime::shape::Layout;
use array_runtime::{Array, Error, Result};

use super::gemm::{gemm_batched, same_device};
use super::scalar::LinalgScalar;
use super::views;

/// A subscript label: a letter, or one dimension covered by an ellipsis, counted from the
/// right (`Ellipsis(0)` is the last dimension the ellipsis covers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Label {
    /// Ellipsis dimensions sort first, leftmost (highest count) first.
    Ellipsis(std::cmp::Reverse<usize>),
    Letter(char),
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Letter(c) => write!(f, "'{c}'"),
            Label::Ellipsis(i) => write!(f, "the ellipsis dimension -{}", i.0 + 1),
        }
    }
}

/// One term of the subscripts: letters, and where the ellipsis is (if any).
#[derive(Debug)]
struct Term {
    before: Vec<char>,
    after: Vec<char>,
    ellipsis: bool,
}

fn bad(subscripts: &str, why: impl std::fmt::Display) -> Error {
    Error::invalid(format!("einsum: invalid subscripts {subscripts:?}: {why}"))
}

fn parse_term(subscripts: &str, term: &str) -> Result<Term> {
    let mut t = Term {
        before: Vec::new(),
        after: Vec::new(),
        ellipsis: false,
    };
    let mut rest = term;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("...") {
            if t.ellipsis {
                return Err(bad(subscripts, format!("two ellipses in {term:?}")));
            }
            t.ellipsis = true;
            rest = r;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(bad(
                subscripts,
                format!("{c:?} is not a letter (labels are a-z, A-Z; '...' is an ellipsis)"),
            ));
        }
        if t.ellipsis {
            t.after.push(c);
        } else {
            t.before.push(c);
        }
        rest = &rest[1..];
    }
    Ok(t)
}

impl Term {
    /// The labels of an operand of `ndim` dimensions.
    fn labels(&self, subscripts: &str, i: usize, shape: &[usize]) -> Result<Vec<Label>> {
        let named = self.before.len() + self.after.len();
        let ndim = shape.len();
        if named > ndim || (!self.ellipsis && named != ndim) {
            return Err(bad(
                subscripts,
                format!(
                    "operand {i} has {ndim} dimensions (shape {shape:?}) but its term names {named}"
                ),
            ));
        }
        let covered = ndim - named;
        let mut out: Vec<Label> = self.before.iter().map(|&c| Label::Letter(c)).collect();
        out.extend(
            (0..covered)
                .rev()
                .map(|k| Label::Ellipsis(std::cmp::Reverse(k))),
        );
        out.extend(self.after.iter().map(|&c| Label::Letter(c)));
        Ok(out)
    }
}

/// An operand and the label of each of its dimensions.
struct Labelled<T: LinalgScalar> {
    array: Array<T>,
    labels: Vec<Label>,
}

impl<T: LinalgScalar> Labelled<T> {
    /// Repeated labels taken along their diagonal: one dimension, strides added.
    fn diagonals(self, subscripts: &str, i: usize) -> Result<Self> {
        let mut layout = self.array.layout().clone();
        let mut labels: Vec<Label> = Vec::new();
        let mut shape = Vec::new();
        let mut strides: Vec<isize> = Vec::new();
        for (ax, &l) in self.labels.iter().enumerate() {
            let (d, s) = (layout.shape[ax], layout.strides[ax]);
            if let Some(p) = labels.iter().position(|&x| x == l) {
                if shape[p] != d {
                    return Err(bad(
                        subscripts,
                        format!(
                            "label {l} repeats in operand {i} (shape {:?}) over dimensions of \
                             different sizes ({} and {d})",
                            self.array.shape(),
                            shape[p]
                        ),
                    ));
                }
                strides[p] += s;
            } else {
                labels.push(l);
                shape.push(d);
                strides.push(s);
            }
        }
        if labels.len() == self.labels.len() {
            return Ok(self);
        }
        layout.shape = shape;
        layout.strides = strides;
        Ok(Labelled {
            array: strided_view(&self.array, layout)?,
            labels,
        })
    }

    /// Dimensions of size 1 stretched (stride 0) to their label's size.
    fn broadcast(self, size_of: impl Fn(Label) -> usize) -> Result<Self> {
        let l = self.array.layout();
        if self
            .labels
            .iter()
            .zip(&l.shape)
            .all(|(&lab, &d)| d == size_of(lab))
        {
            return Ok(self);
        }
        let mut layout: Layout = l.clone();
        for (ax, &lab) in self.labels.iter().enumerate() {
            let want = size_of(lab);
            if layout.shape[ax] != want {
                layout.shape[ax] = want;
                layout.strides[ax] = 0;
            }
        }
        Ok(Labelled {
            array: strided_view(&self.array, layout)?,
            labels: self.labels,
        })
    }

    /// The view with its labels in the order `order` (a permutation of them).
    fn permuted(&self, order: &[Label]) -> Result<Array<T>> {
        let perm: Vec<isize> = order
            .iter()
            .map(|l| self.labels.iter().position(|x| x == l).expect("a label") as isize)
            .collect();
        self.array.permute(&perm)
    }

    /// The labels not in `keep` summed: a product with a vector of ones.
    fn sum_out(self, keep: impl Fn(Label) -> bool) -> Result<Self> {
        let (kept, summed): (Vec<Label>, Vec<Label>) =
            self.labels.iter().copied().partition(|&l| keep(l));
        if summed.is_empty() {
            return Ok(self);
        }
        let size = |ls: &[Label]| -> Vec<usize> {
            ls.iter()
                .map(|l| self.array.shape()[self.labels.iter().position(|x| x == l).unwrap()])
                .collect()
        };
        let (kept_shape, summed_size) = (size(&kept), size(&summed).iter().product::<usize>());
        let order: Vec<Label> = kept.iter().chain(&summed).copied().collect();
        let p: usize = kept_shape.iter().product();
        let m = views::reshape(&self.permuted(&order)?, &[p, summed_size])?;
        let ones = Array::full(&self.array.device(), &[summed_size, 1], T::one())?;
        let s = gemm_batched("einsum", &m, &ones)?;
        Ok(Labelled {
            array: s.reshape(&kept_shape)?,
            labels: kept,
        })
    }
}

/// NumPy's `einsum` for one or two operands: Einstein summation over the labels of
/// `subscripts` (`"ij,jk->ik"`, or implicit output `"ij,jk"`).
///
/// Supported: any labels `a-z`, `A-Z`; an ellipsis `...` per term (broadcast, right-aligned);
/// repeated labels within a term (diagonals: `"ii->i"`, `"ii"` is the trace); labels summed in
/// one operand only; dimensions of size 1 broadcast against the other operand. Covers the
/// matrix product (`"ij,jk->ik"`), batched (`"bij,bjk->bik"`, `"...ij,...jk->...ik"`),
/// transposes (`"ij->ji"`), outer products (`"i,j->ij"`), traces and diagonal sums (`"ii"`,
/// `"iij->j"`), sums (`"ij->"`), and contractions over any pair of axes (`"ijk,jil->kl"`).
///
/// Not supported (an [`Error::Invalid`] says so): more than two operands (contract them in
/// steps), repeated labels in the output. The work is one batched matrix product on the
/// operands' device (plus products with ones for labels summed in one operand); a result that
/// is a pure relabelling of one operand (`"ij->ji"`) is returned as a view, as NumPy does.
///
/// ```
/// use kernels_std::linalg::einsum;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![5.0f64, 6.0, 7.0, 8.0])?;
/// assert_eq!(einsum("ij,jk->ik", &[&a, &b])?.to_vec()?, vec![19.0, 22.0, 43.0, 50.0]);
/// assert_eq!(einsum("ii", &[&a])?.item()?, 5.0);                       // the trace
/// assert_eq!(einsum("ij->ji", &[&a])?.to_vec()?, vec![1.0, 3.0, 2.0, 4.0]);
/// assert_eq!(einsum("ij,ij->", &[&a, &b])?.item()?, 70.0);            // Frobenius product
/// assert!(einsum("ij,jk,kl->il", &[&a, &b, &a]).is_err());           // three operands
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn einsum<T: LinalgScalar>(subscripts: &str, operands: &[&Array<T>]) -> Result<Array<T>> {
    let compact: String = subscripts.chars().filter(|c| !c.is_whitespace()).collect();
    let (inputs, output) = match compact.split_once("->") {
        Some((i, o)) => {
            if o.contains("->") {
                return Err(bad(subscripts, "more than one '->'"));
            }
            (i, Some(o))
        }
        None => (compact.as_str(), None),
    };
    let terms: Vec<&str> = inputs.split(',').collect();
    if terms.len() != operands.len() {
        return Err(bad(
            subscripts,
            format!("{} terms for {} operands", terms.len(), operands.len()),
        ));
    }
    if !(1..=2).contains(&operands.len()) {
        return Err(Error::invalid(format!(
            "einsum: {} operands given; one or two are supported (contract more in steps)",
            operands.len()
        )));
    }
    if operands.len() == 2 {
        same_device("einsum", operands[0], operands[1])?;
    }

    // Labels of every dimension, then diagonals of repeated labels.
    let mut ops: Vec<Labelled<T>> = Vec::new();
    let mut ellipsis_dims = 0;
    for (i, (term, a)) in terms.iter().zip(operands).enumerate() {
        let t = parse_term(subscripts, term)?;
        let labels = t.labels(subscripts, i, a.shape())?;
        if t.ellipsis {
            ellipsis_dims = ellipsis_dims.max(a.ndim() - t.before.len() - t.after.len());
        }
        let op = Labelled {
            array: (*a).clone(),
            labels,
        };
        ops.push(op.diagonals(subscripts, i)?);
    }

    // The size of each label: equal, or 1 (broadcast).
    let mut sizes: Vec<(Label, usize)> = Vec::new();
    for op in &ops {
        for (&l, &d) in op.labels.iter().zip(op.array.shape()) {
            match sizes.iter_mut().find(|(x, _)| *x == l) {
                None => sizes.push((l, d)),
                Some((_, s)) if *s == d || d == 1 => {}
                Some((_, s)) if *s == 1 => *s = d,
                Some((_, s)) => {
                    return Err(bad(
                        subscripts,
                        format!(
                            "label {l} has sizes {s} and {d} (operand shapes {:?})",
                            operands
                                .iter()
                                .map(|a| a.shape().to_vec())
                                .collect::<Vec<_>>()
                        ),
                    ))
                }
            }
        }
    }
    let size_of = |l: Label| sizes.iter().find(|(x, _)| *x == l).map_or(1, |p| p.1);

    // The output labels.
    let out: Vec<Label> = match output {
        Some(o) => {
            let t = parse_term(subscripts, o)?;
            let mut out: Vec<Label> = t.before.iter().map(|&c| Label::Letter(c)).collect();
            if t.ellipsis {
                out.extend(
                    (0..ellipsis_dims)
                        .rev()
                        .map(|k| Label::Ellipsis(std::cmp::Reverse(k))),
                );
            }
            out.extend(t.after.iter().map(|&c| Label::Letter(c)));
            for (i, l) in out.iter().enumerate() {
                if out[..i].contains(l) {
                    return Err(bad(subscripts, format!("output label {l} repeats")));
                }
                if !sizes.iter().any(|(x, _)| x == l) {
                    return Err(bad(subscripts, format!("output label {l} is in no input")));
                }
            }
            out
        }
        None => {
            // Implicit: the ellipsis dimensions, then the letters seen once, in order.
            let mut count: Vec<(Label, usize)> = Vec::new();
            for t in &terms {
                let t = parse_term(subscripts, t)?;
                for &c in t.before.iter().chain(&t.after) {
                    let l = Label::Letter(c);
                    match count.iter_mut().find(|(x, _)| *x == l) {
                        Some((_, n)) => *n += 1,
                        None => count.push((l, 1)),
                    }
                }
            }
            let mut out: Vec<Label> = (0..ellipsis_dims)
                .rev()
                .map(|k| Label::Ellipsis(std::cmp::Reverse(k)))
                .collect();
            let mut once: Vec<Label> = count.iter().filter(|p| p.1 == 1).map(|p| p.0).collect();
            once.sort();
            out.extend(once);
            out
        }
    };

    // Broadcast, then sum what only one operand has and the output lacks.
    let mut ops = ops
        .into_iter()
        .map(|op| op.broadcast(size_of))
        .collect::<Result<Vec<_>>>()?;
    if ops.len() == 1 {
        let op = ops
            .pop()
            .expect("one operand")
            .sum_out(|l| out.contains(&l))?;
        return op.permuted(&out);
    }
    let b = ops.pop().expect("two operands");
    let a = ops.pop().expect("two operands");
    let (la, lb) = (a.labels.clone(), b.labels.clone());
    let a = a.sum_out(|l| out.contains(&l) || lb.contains(&l))?;
    let b = b.sum_out(|l| out.contains(&l) || la.contains(&l))?;

    let in_b = |l: &Label| b.labels.contains(l);
    let in_a = |l: &Label| a.labels.contains(l);
    let batch: Vec<Label> = out.iter().copied().filter(|l| in_a(l) && in_b(l)).collect();
    let contract: Vec<Label> = a
        .labels
        .iter()
        .copied()
        .filter(|l| in_b(l) && !out.contains(l))
        .collect();
    let free_a: Vec<Label> = a.labels.iter().copied().filter(|l| !in_b(l)).collect();
    let free_b: Vec<Label> = b.labels.iter().copied().filter(|l| !in_a(l)).collect();
    let sizes_of = |ls: &[Label]| ls.iter().map(|&l| size_of(l)).collect::<Vec<usize>>();
    let prod = |ls: &[Label]| sizes_of(ls).iter().product::<usize>();
    let (p, k, q) = (prod(&free_a), prod(&contract), prod(&free_b));
    let with = |x: usize, y: usize| {
        let mut s = sizes_of(&batch);
        s.extend([x, y]);
        s
    };
    let order_a: Vec<Label> = batch
        .iter()
        .chain(&free_a)
        .chain(&contract)
        .copied()
        .collect();
    let order_b: Vec<Label> = batch
        .iter()
        .chain(&contract)
        .chain(&free_b)
        .copied()
        .collect();
    let a2 = views::reshape(&a.permuted(&order_a)?, &with(p, k))?;
    let b2 = views::reshape(&b.permuted(&order_b)?, &with(k, q))?;
    let c = gemm_batched("einsum", &a2, &b2)?;
    let c_labels: Vec<Label> = batch
        .iter()
        .chain(&free_a)
        .chain(&free_b)
        .copied()
        .collect();
    let c = Labelled {
        array: c.reshape(&sizes_of(&c_labels))?,
        labels: c_labels,
    };
    c.permuted(&out)
}
