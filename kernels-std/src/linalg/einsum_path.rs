//! NumPy's `einsum_path`: the order in which to contract the operands of an Einstein sum, and
//! its report (FLOP counts, the largest intermediate).
//!
//! Labels are sets of at most 52 letters, held as bit masks. The strategies are NumPy's:
//! `greedy` contracts, at each step, the pair that removes the most elements (then the
//! cheapest), among pairs sharing a label (any pair when none does), within the memory limit
//! (by default the largest operand or output) and while the path stays cheaper than the
//! naive contraction; `optimal` tries every order of pairwise contractions within the memory
//! limit and keeps the cheapest. Sizes and costs are `u128`, saturating (Python's integers
//! are unbounded; no shape that fits in memory comes near).

use array_runtime::{Array, DType, Error, Result};

/// NumPy's labels, in the order of their character codes.
const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A set of labels: bit `i` stands for `SYMBOLS[i]`.
type Labels = u64;

fn bit(c: u8) -> Option<Labels> {
    SYMBOLS.iter().position(|&s| s == c).map(|i| 1 << i)
}

fn labels(term: &str) -> Labels {
    term.bytes().filter_map(bit).fold(0, |m, b| m | b)
}

fn invalid(message: impl Into<String>) -> Error {
    Error::invalid(format!("einsum_path: {}", message.into()))
}

/// How [`einsum_path`] chooses the order of contractions (NumPy's `optimize`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EinsumOptimize {
    /// NumPy's `optimize=False`: all operands in one contraction.
    None,
    /// NumPy's `"greedy"` (its default), with an optional memory limit in elements (NumPy's
    /// `("greedy", limit)`) in place of the largest operand's size.
    Greedy(Option<u128>),
    /// NumPy's `"optimal"`: every order tried (its cost grows factorially with the operands).
    Optimal(Option<u128>),
    /// An explicit path (NumPy's `["einsum_path", (0, 1), ...]`): each step the positions,
    /// in the current list of operands, of the ones to contract.
    Path(Vec<Vec<usize>>),
}

/// What [`einsum_path`] returns: NumPy's path (without its leading `"einsum_path"`), its
/// report, and the report's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct EinsumPath {
    /// Each step: the positions of the operands contracted (in the list the previous steps
    /// left; the result goes last).
    pub path: Vec<Vec<usize>>,
    /// Each step's contraction, as NumPy writes it (`"abcd,ea->bcde"`).
    pub contractions: Vec<String>,
    /// The FLOP count of one contraction of all operands.
    pub naive_flops: u128,
    /// The FLOP count along the path (NumPy adds 1).
    pub optimized_flops: u128,
    /// The number of elements of the largest intermediate (or the output).
    pub largest_intermediate: u128,
    /// The number of distinct labels.
    pub naive_scaling: usize,
    /// The most labels one step involves.
    pub optimized_scaling: usize,
    /// NumPy's printed report, line for line.
    pub report: String,
}

/// The parsed subscripts: one term per operand and the output, ellipses replaced by letters.
struct Subscripts {
    inputs: Vec<String>,
    output: String,
}

fn parse(subscripts: &str, ndims: &[usize]) -> Result<Subscripts> {
    let s: String = subscripts.chars().filter(|&c| c != ' ').collect();
    for c in s.chars() {
        let label = c.is_ascii() && bit(c as u8).is_some();
        if !label && !".,->".contains(c) {
            return Err(invalid(format!("Character {c} is not a valid symbol.")));
        }
    }
    let arrows = s.matches('-').count() > 1 || s.matches('>').count() > 1;
    if (s.contains('-') || s.contains('>')) && (arrows || s.matches("->").count() != 1) {
        return Err(invalid("Subscripts can only contain one '->'."));
    }
    let (input, explicit) = match s.split_once("->") {
        Some((i, o)) => (i.to_string(), Some(o.to_string())),
        None => (s.clone(), None),
    };
    let mut terms: Vec<String> = input.split(',').map(str::to_string).collect();
    if terms.len() != ndims.len() {
        return Err(invalid(
            "Number of einsum subscripts must be equal to the number of operands.",
        ));
    }
    let mut out_ellipsis = String::new();
    if s.contains('.') {
        // The letters no term uses stand for the ellipsis's axes (the last ones first).
        let used = labels(&s);
        let unused: Vec<u8> = SYMBOLS
            .iter()
            .enumerate()
            .filter(|&(i, _)| used & (1 << i) == 0)
            .map(|(_, &c)| c)
            .collect();
        let mut longest = 0usize;
        for (term, &nd) in terms.iter_mut().zip(ndims) {
            if !term.contains('.') {
                continue;
            }
            if term.matches('.').count() != 3 || term.matches("...").count() != 1 {
                return Err(invalid("Invalid Ellipses."));
            }
            let named = term.len() - 3;
            let count = if nd == 0 {
                0
            } else {
                nd.max(1) as isize - named as isize
            };
            if count < 0 {
                return Err(invalid("Ellipses lengths do not match."));
            }
            let count = count as usize;
            longest = longest.max(count);
            if count > unused.len() {
                return Err(invalid("too many dimensions for the free labels"));
            }
            let rep = String::from_utf8_lossy(&unused[unused.len() - count..]).into_owned();
            *term = term.replace("...", &rep);
        }
        out_ellipsis = String::from_utf8_lossy(&unused[unused.len() - longest.min(unused.len())..])
            .into_owned();
    }
    let output = match explicit {
        Some(o) => o.replace("...", &out_ellipsis),
        None => {
            // Labels met once, in character order, after the ellipsis's.
            let all: String = terms.concat();
            let once: String = SYMBOLS
                .iter()
                .map(|&c| c as char)
                .filter(|&c| all.matches(c).count() == 1 && !out_ellipsis.contains(c))
                .collect();
            format!("{out_ellipsis}{once}")
        }
    };
    if output.contains('.') || terms.iter().any(|t| t.contains('.')) {
        return Err(invalid("Invalid Ellipses."));
    }
    let input_all = terms.concat();
    for c in output.chars() {
        if output.matches(c).count() != 1 {
            return Err(invalid(format!(
                "Output character {c} appeared more than once in the output."
            )));
        }
        if !input_all.contains(c) {
            return Err(invalid(format!(
                "Output character {c} did not appear in the input"
            )));
        }
    }
    Ok(Subscripts {
        inputs: terms,
        output,
    })
}

/// The elements of a tensor of `labels`.
fn size_of(labels: Labels, sizes: &[u128; 52]) -> u128 {
    (0..52)
        .filter(|i| labels & (1 << i) != 0)
        .fold(1u128, |n, i| n.saturating_mul(sizes[i]))
}

/// NumPy's FLOP count of a contraction over `labels` of `terms` operands.
fn flops(labels: Labels, inner: bool, terms: usize, sizes: &[u128; 52]) -> u128 {
    let factor = terms.saturating_sub(1).max(1) as u128 + u128::from(inner);
    size_of(labels, sizes).saturating_mul(factor)
}

/// One contraction: the result's labels, the list of operands after it (the others in
/// order, the result last), the labels summed away, and all labels involved.
struct Contraction {
    result: Labels,
    remaining: Vec<Labels>,
    removed: Labels,
    involved: Labels,
}

fn contract(positions: &[usize], sets: &[Labels], output: Labels) -> Contraction {
    let mut involved = 0;
    let mut keep = output;
    let mut remaining = Vec::with_capacity(sets.len());
    for (i, &s) in sets.iter().enumerate() {
        if positions.contains(&i) {
            involved |= s;
        } else {
            remaining.push(s);
            keep |= s;
        }
    }
    let result = keep & involved;
    remaining.push(result);
    Contraction {
        result,
        remaining,
        removed: involved & !result,
        involved,
    }
}

fn optimal(sets: &[Labels], output: Labels, sizes: &[u128; 52], limit: u128) -> Vec<Vec<usize>> {
    let n = sets.len();
    let mut full: Vec<Partial> = vec![(0, Vec::new(), sets.to_vec())];
    for iteration in 0..n.saturating_sub(1) {
        let mut next = Vec::new();
        let m = n - iteration;
        for (cost, path, remaining) in &full {
            for i in 0..m {
                for j in i + 1..m {
                    let c = contract(&[i, j], remaining, output);
                    if size_of(c.result, sizes) > limit {
                        continue;
                    }
                    let total = cost.saturating_add(flops(c.involved, c.removed != 0, 2, sizes));
                    let mut p = path.clone();
                    p.push(vec![i, j]);
                    next.push((total, p, c.remaining));
                }
            }
        }
        if next.is_empty() {
            let mut best = cheapest(&full);
            best.push((0..m).collect());
            return best;
        }
        full = next;
    }
    cheapest(&full)
}

/// A partial path of the optimal search: its cost, its steps, the operands it leaves.
type Partial = (u128, Vec<Vec<usize>>, Vec<Labels>);

/// The path of the first cheapest entry (Python's `min` keeps the first).
fn cheapest(full: &[Partial]) -> Vec<Vec<usize>> {
    let mut at = 0;
    for (k, f) in full.iter().enumerate() {
        if f.0 < full[at].0 {
            at = k;
        }
    }
    full.get(at).map(|f| f.1.clone()).unwrap_or_default()
}

/// A candidate of the greedy search: its sort key (elements removed, negated; cost), the
/// pair, and the operand list after it.
type Candidate = ((i128, u128), (usize, usize), Vec<Labels>);

#[allow(clippy::too_many_arguments)]
fn candidate(
    pair: (usize, usize),
    sets: &[Labels],
    output: Labels,
    sizes: &[u128; 52],
    limit: u128,
    path_cost: u128,
    naive: u128,
) -> Option<Candidate> {
    let c = contract(&[pair.0, pair.1], sets, output);
    let new_size = size_of(c.result, sizes);
    if new_size > limit {
        return None;
    }
    let old = size_of(sets[pair.0], sizes).saturating_add(size_of(sets[pair.1], sizes));
    let removed = old as i128 - new_size as i128;
    let cost = flops(c.involved, c.removed != 0, 2, sizes);
    if path_cost.saturating_add(cost) > naive {
        return None;
    }
    Some(((-removed, cost), pair, c.remaining))
}

fn greedy(sets: &[Labels], output: Labels, sizes: &[u128; 52], limit: u128) -> Vec<Vec<usize>> {
    let n = sets.len();
    if n == 1 {
        return vec![vec![0]];
    }
    if n == 2 {
        return vec![vec![0, 1]];
    }
    let all = contract(&(0..n).collect::<Vec<_>>(), sets, output);
    let naive = flops(all.involved, all.removed != 0, n, sizes);
    let mut sets = sets.to_vec();
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let mut known: Vec<Candidate> = Vec::new();
    let mut path = Vec::new();
    let mut path_cost = 0u128;
    for _ in 0..n - 1 {
        for &(i, j) in &pairs {
            if sets[i] & sets[j] == 0 {
                continue;
            }
            known.extend(candidate(
                (i, j),
                &sets,
                output,
                sizes,
                limit,
                path_cost,
                naive,
            ));
        }
        if known.is_empty() {
            let m = sets.len();
            for i in 0..m {
                for j in i + 1..m {
                    known.extend(candidate(
                        (i, j),
                        &sets,
                        output,
                        sizes,
                        limit,
                        path_cost,
                        naive,
                    ));
                }
            }
            if known.is_empty() {
                path.push((0..m).collect());
                break;
            }
        }
        let mut at = 0;
        for (k, c) in known.iter().enumerate() {
            if c.0 < known[at].0 {
                at = k;
            }
        }
        let best = known[at].clone();
        let (bx, by) = best.1;
        let new_tensor = *best.2.last().unwrap_or(&0);
        // The other candidates, renumbered for the operand list after `best`.
        known = known
            .into_iter()
            .filter(|c| ![bx, by].contains(&c.1 .0) && ![bx, by].contains(&c.1 .1))
            .map(|(key, (x, y), mut con)| {
                let at = |p: usize| p - usize::from(p > x) - usize::from(p > y);
                con.remove(at(by));
                con.remove(at(bx));
                let last = con.len() - 1;
                con.insert(last, new_tensor);
                let re = |p: usize| p - usize::from(p > bx) - usize::from(p > by);
                (key, (re(x), re(y)), con)
            })
            .collect();
        sets = best.2;
        let new_pos = sets.len() - 1;
        pairs = (0..new_pos).map(|i| (i, new_pos)).collect();
        path.push(vec![bx, by]);
        path_cost = path_cost.saturating_add(best.0 .1);
    }
    path
}

/// Python's `%.3e`: `8.000e+08`.
fn sci(x: u128) -> String {
    let s = format!("{:.3e}", x as f64);
    match s.split_once('e') {
        Some((m, e)) => {
            let e: i32 = e.parse().unwrap_or(0);
            format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
        }
        None => s,
    }
}

/// The order of contractions NumPy's `np.einsum_path(subscripts, *operands, optimize=...)`
/// chooses, with its report: the path (positions of the operands each step contracts; the
/// result goes last), each step's subscripts, the naive and optimized FLOP counts and the
/// largest intermediate (the numbers of NumPy's printed report, which `report` reproduces).
/// Only the operands' shapes are read: nothing runs on the device.
///
/// Subscripts as [`einsum`](super::einsum) takes them, with any number of operands (`...` and
/// implicit outputs included). One or two operands, or an output with every label, give the
/// one-step path, as NumPy's. The letters standing for an ellipsis's axes are the last
/// unused ones in character order (NumPy takes them in its set's order, so its intermediates'
/// subscripts may name them differently).
///
/// Errors (NumPy's `ValueError`s, with its messages): an invalid character, more than one
/// `->`, a malformed ellipsis, a term whose length is not its operand's number of
/// dimensions, a label whose extents differ (1 broadcasts), an output label repeated or not
/// in the input, a term count that is not the operand count; an explicit path that does not
/// contract everything to one operand or names a position that does not exist.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::linalg::{einsum_path, EinsumOptimize};
/// let dev = Device::cpu();
/// let a = Array::<f64>::zeros(&dev, &[10, 10])?;
/// let p = einsum_path("ij,jk,kl->il", &[&a, &a, &a], EinsumOptimize::Greedy(None))?;
/// assert_eq!(p.path, vec![vec![0, 1], vec![0, 1]]);
/// assert_eq!((p.naive_flops, p.optimized_flops, p.largest_intermediate), (30_000, 4_001, 100));
/// assert!(p.report.contains("  Naive FLOP count:  3.000e+04"));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn einsum_path<T: DType>(
    subscripts: &str,
    operands: &[&Array<T>],
    optimize: EinsumOptimize,
) -> Result<EinsumPath> {
    let ndims: Vec<usize> = operands.iter().map(|a| a.ndim()).collect();
    let Subscripts { inputs, output } = parse(subscripts, &ndims)?;
    let mut sizes = [1u128; 52];
    let mut seen: Labels = 0;
    for (t, (term, a)) in inputs.iter().zip(operands).enumerate() {
        if term.len() != a.ndim() {
            return Err(invalid(format!(
                "Einstein sum subscript {term} does not contain the correct number of \
                 indices for operand {t}."
            )));
        }
        for (c, &d) in term.bytes().zip(a.shape()) {
            let Some(b) = bit(c) else {
                return Err(invalid(format!(
                    "Character {} is not a valid symbol.",
                    c as char
                )));
            };
            let i = b.trailing_zeros() as usize;
            let d = d as u128;
            if seen & b == 0 {
                sizes[i] = d;
                seen |= b;
            } else if sizes[i] == 1 {
                sizes[i] = d;
            } else if d != 1 && d != sizes[i] {
                return Err(invalid(format!(
                    "Size of label '{}' for operand {t} ({}) does not match previous terms ({d}).",
                    c as char, sizes[i]
                )));
            }
        }
    }
    let mut sets: Vec<Labels> = inputs.iter().map(|t| labels(t)).collect();
    let out_set = labels(&output);
    let all = labels(&inputs.concat());
    let n = inputs.len();
    let max_size = sets
        .iter()
        .chain(std::iter::once(&out_set))
        .map(|&s| size_of(s, &sizes))
        .max()
        .unwrap_or(1);
    let whole = || vec![(0..n).collect::<Vec<usize>>()];
    let path = match optimize {
        EinsumOptimize::Path(p) => p,
        EinsumOptimize::None => whole(),
        _ if n <= 2 || all == out_set => whole(),
        EinsumOptimize::Greedy(limit) => greedy(&sets, out_set, &sizes, limit.unwrap_or(max_size)),
        EinsumOptimize::Optimal(limit) => {
            optimal(&sets, out_set, &sizes, limit.unwrap_or(max_size))
        }
    };
    let mut names = inputs.clone();
    let (mut costs, mut scales, mut largest) = (Vec::new(), Vec::new(), Vec::new());
    let mut contractions = Vec::new();
    let mut remaining_strs = Vec::new();
    for (step, inds) in path.iter().enumerate() {
        let mut inds = inds.clone();
        inds.sort_unstable_by(|a, b| b.cmp(a));
        if inds.windows(2).any(|w| w[0] == w[1]) || inds.first().is_some_and(|&i| i >= names.len())
        {
            return Err(invalid(format!(
                "path step {step} names positions {inds:?} of {} operands",
                names.len()
            )));
        }
        let c = contract(&inds, &sets, out_set);
        costs.push(flops(c.involved, c.removed != 0, inds.len(), &sizes));
        scales.push(c.involved.count_ones() as usize);
        largest.push(size_of(c.result, &sizes));
        sets = c.remaining;
        let taken: Vec<String> = inds.iter().map(|&i| names.remove(i)).collect();
        let result = if step + 1 == path.len() {
            output.clone()
        } else {
            let mut ls: Vec<(u128, u8)> = (0..52)
                .filter(|i| c.result & (1 << i) != 0)
                .map(|i| (sizes[i], SYMBOLS[i]))
                .collect();
            ls.sort_unstable();
            ls.into_iter().map(|(_, ch)| ch as char).collect()
        };
        names.push(result.clone());
        contractions.push(format!("{}->{result}", taken.join(",")));
        remaining_strs.push(format!("{}->{output}", names.join(",")));
    }
    if names.len() != 1 {
        return Err(invalid(format!(
            "Invalid einsum_path is specified: {} more operands has to be contracted.",
            names.len() - 1
        )));
    }
    let distinct: usize = inputs.iter().map(|t| labels(t).count_ones() as usize).sum();
    let inner = distinct > all.count_ones() as usize;
    let naive = flops(all, inner, n, &sizes);
    let opt = costs
        .iter()
        .fold(0u128, |s, &c| s.saturating_add(c))
        .saturating_add(1);
    let largest_intermediate = largest.iter().copied().max().unwrap_or(0);
    let optimized_scaling = scales.iter().copied().max().unwrap_or(0);
    let rule = "-".repeat(74);
    let mut report = format!(
        "  Complete contraction:  {}->{output}\n         Naive scaling:  {}\n     Optimized \
         scaling:  {optimized_scaling}\n      Naive FLOP count:  {}\n  Optimized FLOP \
         count:  {}\n   Theoretical speedup:  {:3.3}\n  Largest intermediate:  {} \
         elements\n{rule}\n{:>6} {:>24} {:>40}\n{rule}",
        inputs.join(","),
        all.count_ones(),
        sci(naive),
        sci(opt),
        naive as f64 / opt as f64,
        sci(largest_intermediate),
        "scaling",
        "current",
        "remaining",
    );
    for ((scale, current), remaining) in scales.iter().zip(&contractions).zip(&remaining_strs) {
        report.push_str(&format!("\n{scale:>4}    {current:>24} {remaining:>40}"));
    }
    Ok(EinsumPath {
        path,
        contractions,
        naive_flops: naive,
        optimized_flops: opt,
        largest_intermediate,
        naive_scaling: all.count_ones() as usize,
        optimized_scaling,
        report,
    })
}
