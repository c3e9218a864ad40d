//! The programs of expression structures seen before: evaluating `x * 2 + x` again (the same
//! kernels, dtypes, operand kinds and sharing, whatever the arrays and scalar values) reuses
//! its [`Code`] instead of flattening the tree again.
//!
//! One walk of the tree, made as [`Program::build_uncached`] makes it (same visiting order,
//! same sharing of repeated nodes, same merging of handles on one array), collects the leaves
//! and writes the structure as a list of words: for each node, whether it was seen before
//! (and what it resolved to), an array (a new operand of its dtype, or which earlier operand
//! it is), a scalar (its dtype, not its value: scalars are operands of the fused kernel), or a
//! call (the kernel's identity: its definition's and CPU function's addresses, its dtypes,
//! how many arguments). Equal lists give equal steps, so a hit compares the whole list (the
//! map is keyed by its hash). Shapes, strides, devices and values are not part of it: the
//! code does not depend on them (the CPU driver and the CUDA launch pick their walk and entry
//! point per call, from the operands).
//!
//! The walk stops (and the program is built without the cache) on anything the builder
//! reports as an error, so errors keep their messages. A miss builds the program and keeps
//! its code; the table is cleared when it reaches [`CAPACITY`] structures.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::Result;
use crate::expr::node::{Node, MAX_DEPTH};
use crate::expr::program::{same_array, Code, LeafSource, Leaves, Program};

/// Structures kept before the table is cleared.
pub(crate) const CAPACITY: usize = 4096;

/// A short list kept on the stack, spilling to the heap past `N` items.
struct Small<T: Copy, const N: usize> {
    len: usize,
    inline: [T; N],
    heap: Vec<T>,
}

impl<T: Copy, const N: usize> Small<T, N> {
    #[inline(always)]
    fn new(fill: T) -> Self {
        Small {
            len: 0,
            inline: [fill; N],
            heap: Vec::new(),
        }
    }

    #[inline(always)]
    fn push(&mut self, v: T) {
        if self.len < N {
            self.inline[self.len] = v;
        } else {
            if self.heap.is_empty() {
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(v);
        }
        self.len += 1;
    }

    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

/// What a visited node resolved to, as the builder's `Ref` (leaf `i`, or step `j` with the
/// top bit set).
type Resolved = u64;
const STEP: u64 = 1 << 63;

/// The word that starts each node's entry in the structure.
const SEEN: u64 = 1 << 56;
const ARRAY_NEW: u64 = 2 << 56;
const ARRAY_AGAIN: u64 = 3 << 56;
const SCALAR: u64 = 4 << 56;
const CALL: u64 = 5 << 56;

/// Shared nodes kept in a list searched linearly up to this many, then in a map.
const SHORT_MEMO: usize = 16;

/// One walk of a tree: its structure and its leaves.
struct Walk<'t> {
    words: Small<u64, 32>,
    leaves: Small<Option<&'t Arc<Node>>, 8>,
    steps: u64,
    memo: Small<(*const Node, Resolved), SHORT_MEMO>,
    /// Made when the list is full (most trees share nothing).
    memo_map: Option<HashMap<*const Node, Resolved>>,
}

impl<'t> Walk<'t> {
    fn new() -> Self {
        Walk {
            words: Small::new(0),
            leaves: Small::new(None),
            steps: 0,
            memo: Small::new((std::ptr::null(), 0)),
            memo_map: None,
        }
    }

    /// Visits `node` as `Builder::visit` does; `None` where the builder reports an error.
    fn visit(&mut self, node: &'t Arc<Node>, depth: usize) -> Option<Resolved> {
        let key = Arc::as_ptr(node);
        // A node held once is held by its parent alone, visited once: only shared nodes
        // (a subexpression used twice) can be seen again, so only they are remembered.
        let shared = Arc::strong_count(node) > 1;
        if shared && let Some(r) = self.seen(key) {
            self.words.push(SEEN);
            self.words.push(r);
            return Some(r);
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let r = match &**node {
            Node::Array(a) => {
                let again = self
                    .leaves
                    .as_slice()
                    .iter()
                    .position(|l| l.is_some_and(|n| same_array(n, node)));
                match again {
                    Some(i) => {
                        self.words.push(ARRAY_AGAIN | i as u64);
                        i as u64
                    }
                    None => {
                        self.words.push(ARRAY_NEW | a.dtype() as u64);
                        self.new_leaf(node)
                    }
                }
            }
            Node::Scalar { dtype, .. } => {
                self.words.push(SCALAR | *dtype as u64);
                self.new_leaf(node)
            }
            Node::Call { kernel, args, .. } => {
                if args.len() != kernel.params.len() {
                    return None;
                }
                for (a, &want) in args.iter().zip(kernel.params) {
                    if a.dtype() != Some(want) {
                        return None;
                    }
                    self.visit(a, depth + 1)?;
                }
                let (types, params) = (kernel.type_args, kernel.params);
                self.words.push(
                    CALL | (kernel.result as u64) << 32
                        | (types.len() as u64) << 16
                        | params.len() as u64,
                );
                self.words.push(kernel.def as *const _ as usize as u64);
                self.words.push(kernel.cpu as usize as u64);
                // The dtypes a byte each, eight to a word.
                for group in types.chunks(8).chain(params.chunks(8)) {
                    let packed = group
                        .iter()
                        .fold(0u64, |w, &t| (w << 8) | u64::from(t as u8));
                    self.words.push(packed);
                }
                self.steps += 1;
                STEP | (self.steps - 1)
            }
            Node::TooDeep { .. } => return None,
        };
        if shared {
            self.remember(key, r);
        }
        Some(r)
    }

    fn new_leaf(&mut self, node: &'t Arc<Node>) -> Resolved {
        self.leaves.push(Some(node));
        self.leaves.len as u64 - 1
    }

    fn seen(&self, key: *const Node) -> Option<Resolved> {
        match &self.memo_map {
            None => self
                .memo
                .as_slice()
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, r)| *r),
            Some(map) => map.get(&key).copied(),
        }
    }

    fn remember(&mut self, key: *const Node, r: Resolved) {
        if self.memo_map.is_none() && self.memo.len < SHORT_MEMO {
            self.memo.push((key, r));
        } else {
            self.memo_map
                .get_or_insert_with(|| self.memo.as_slice().iter().copied().collect())
                .insert(key, r);
        }
    }

    /// The hash of the structure (FxHash's mixing, one word at a time).
    fn hash(&self) -> u64 {
        self.words.as_slice().iter().fold(0u64, |h, &w| {
            (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        })
    }

    /// The leaves as the program's operands.
    fn leaf_sources(&self) -> Leaves {
        let mut leaves = Leaves::new();
        for n in self.leaves.as_slice().iter().flatten() {
            leaves.push(match &***n {
                Node::Scalar { dtype, bytes, .. } => LeafSource::Scalar {
                    dtype: *dtype,
                    bytes: *bytes,
                },
                _ => LeafSource::Array(Arc::clone(n)),
            });
        }
        leaves
    }
}

/// The keys are hashes already.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A cached structure: its words (compared on every hit) and its code.
struct Entry {
    words: Box<[u64]>,
    code: Arc<Code>,
}

type Table = HashMap<u64, Entry, BuildHasherDefault<Identity>>;

fn table() -> &'static Mutex<Table> {
    static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// The program of the tree at `root`, its code from the cache when the structure was seen
/// before.
pub(crate) fn program(root: &Arc<Node>) -> Result<Program> {
    let mut walk = Walk::new();
    if walk.visit(root, 0).is_none() {
        // An error: the builder writes its message.
        return Program::build_uncached(root, None);
    }
    let hash = walk.hash();
    let words = walk.words.as_slice();
    if let Ok(t) = table().lock()
        && let Some(e) = t.get(&hash)
        && *e.words == *words
    {
        let code = e.code.clone();
        drop(t);
        return Ok(Program::from_parts(walk.leaf_sources(), code, root));
    }
    let prog = Program::build_uncached(root, None)?;
    // The walk mirrors the builder; should they ever disagree, nothing is cached.
    // (A tree that is one leaf gets an identity step of its own.)
    let steps = prog.steps().len() as u64;
    let agree = prog.leaves.len() == walk.leaves.len
        && (steps == walk.steps || steps == 1 && walk.steps == 0)
        && prog
            .leaves
            .iter()
            .zip(walk.leaf_sources().iter())
            .all(|(a, b)| match (a, b) {
                (LeafSource::Array(x), LeafSource::Array(y)) => Arc::ptr_eq(x, y),
                (LeafSource::Scalar { dtype: x, .. }, LeafSource::Scalar { dtype: y, .. }) => {
                    x == y
                }
                _ => false,
            });
    if agree && let Ok(mut t) = table().lock() {
        if t.len() >= CAPACITY {
            t.clear();
        }
        t.insert(
            hash,
            Entry {
                words: words.into(),
                code: prog.code.clone(),
            },
        );
    }
    Ok(prog)
}

/// How many structures the cache holds (for tests).
#[cfg(test)]
pub(crate) fn len() -> usize {
    table().lock().map_or(0, |t| t.len())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::{Array, Device};

    use super::program;

    #[test]
    fn a_structure_seen_before_shares_its_code_and_another_does_not() {
        let dev = Device::cpu();
        let x = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0]).unwrap();
        let y = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0]).unwrap();
        let i = Array::from_vec(&dev, &[3], vec![1i64, 2, 3]).unwrap();
        // Cleared only at `CAPACITY` structures, far more than the tests build.
        assert!(super::len() < super::CAPACITY);
        let a = program(&(&x * 2.0 + &x).node).unwrap();
        let b = program(&(&y * 7.5 + &y).node).unwrap();
        assert!(
            Arc::ptr_eq(&a.code, &b.code),
            "same structure, other values"
        );
        assert_eq!(b.leaves.len(), 2);
        let c = program(&(&i * 2 + &i).node).unwrap();
        assert!(!Arc::ptr_eq(&a.code, &c.code), "other dtype");
        let d = program(&(&x * 2.0 + &y).node).unwrap();
        assert!(!Arc::ptr_eq(&a.code, &d.code), "two arrays, not one");
        assert_eq!(d.leaves.len(), 3);
        let e = program(&(&x * &x + &x).node).unwrap();
        assert!(!Arc::ptr_eq(&a.code, &e.code), "an array, not a scalar");
        let t = &x * 2.0;
        let f = program(&(&t + &t).node).unwrap();
        let g = program(&((&x * 2.0) + (&x * 2.0)).node).unwrap();
        assert_eq!(
            (f.steps().len(), g.steps().len()),
            (2, 3),
            "shared once, copies twice"
        );
        // A lone array: one identity step, cached too.
        let h = program(&crate::expr::IntoExpr::into_expr(&y).node).unwrap();
        let k = program(&crate::expr::IntoExpr::into_expr(&x).node).unwrap();
        assert!(Arc::ptr_eq(&h.code, &k.code), "a lone array of one dtype");
    }
}
