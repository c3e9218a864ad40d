//! The contract with `#[device_fn]`: each device function is a static [`DeviceFn`] pointing
//! at those it calls, so that the functions a kernel uses form a graph that rustc assembles at
//! compile time, across modules and crates. The functions here walk that graph in constant
//! evaluation, for the kernel's CUDA C (every device function once, callees first), its
//! need of local memory (the deepest chain of calls) and the language's rules on it: no
//! recursion, at most [`MAX_LOCAL_BYTES`] of local arrays per thread. A broken rule is a
//! compile error (the evaluation panics with the message the macro wrote).
//!
//! Statics may refer to each other in a cycle (`a` calls `b`, `b` calls `a`) where constants
//! may not, which is why the graph is made of statics: a cycle reaches the walk, which
//! reports it as recursion, instead of rustc's cycle error.
//!
//! ```
//! use array_runtime::kernel::device::{self, DeviceFn};
//!
//! static HALF: DeviceFn = DeviceFn {
//!     name: "half",
//!     source: "KX_FN float kxd_half(float v_x) { return v_x * 0.5f; }\n",
//!     key: 1,
//!     local_bytes: 0,
//!     callees: &[],
//!     recursion: "recursion through `half`",
//!     clash: "two functions named `half`",
//! };
//! static QUARTER: DeviceFn = DeviceFn {
//!     name: "quarter",
//!     source: "KX_FN float kxd_quarter(float v_x) { return kxd_half(kxd_half(v_x)); }\n",
//!     key: 2,
//!     local_bytes: 64,
//!     callees: &[&HALF],
//!     recursion: "recursion through `quarter`",
//!     clash: "two functions named `quarter`",
//! };
//! const GRAPH: device::Graph = device::graph(&[&QUARTER, &HALF]);
//! const LEN: usize = device::source_len(&GRAPH, "");
//! const BYTES: [u8; LEN] = device::source_bytes(&GRAPH, "");
//! let source = std::str::from_utf8(&BYTES).unwrap();
//! assert!(source.find("kxd_half(float").unwrap() < source.find("kxd_quarter").unwrap());
//! assert_eq!(source.matches("KX_FN").count(), 2);
//! assert_eq!(device::local_bytes(&GRAPH, &[&QUARTER], 16, "too large"), 80);
//! ```

/// A `#[device_fn]` as kernels see it: the static `KX_NODE` of its hidden module.
#[derive(Debug)]
pub struct DeviceFn {
    /// The function's Rust name (for messages).
    pub name: &'static str,
    /// Its own CUDA C (without that of its callees), between include guards.
    pub source: &'static str,
    /// A hash of `source`: with `source`'s length, what tells two functions apart (constant
    /// evaluation cannot compare addresses).
    pub key: u64,
    /// Bytes of its own local arrays per thread.
    pub local_bytes: usize,
    /// The device functions it calls.
    pub callees: &'static [&'static DeviceFn],
    /// The compile error when a chain of calls comes back to it.
    pub recursion: &'static str,
    /// The compile error when a kernel calls it and another function of the same name (in
    /// another module): both would define the same C function.
    pub clash: &'static str,
}

/// Marks the hidden module of a `#[device_fn]` (its marker type `KxFn`). A kernel checks each
/// function it calls with [`is_device_fn`], so that a call of a plain function (whose name has
/// no such module) is a compile error saying so at the call ("a kernel calls a function that
/// is not a `#[device_fn]`" ... "did you mean `#[device_fn]`?"), rather than a missing module.
///
/// ```
/// use array_runtime::kernel::device::is_device_fn;
/// use kernel_macros::device_fn;
///
/// #[device_fn]
/// fn twice(x: f32) -> f32 {
///     x * 2.0
/// }
///
/// // What a kernel calling `twice` checks (a plain `fn` has no `twice::KxFn`).
/// const _: () = is_device_fn::<twice::KxFn>();
/// assert_eq!(twice(1.5), 3.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "a kernel calls a function that is not a `#[device_fn]`",
    label = "a plain Rust function: kernels call `#[device_fn]`s only",
    note = "did you mean `#[device_fn]`? Mark the called function with it (it then serves \
            both backends), or write the computation inline"
)]
pub trait IsDeviceFn {}

/// Compiles only for the marker of a `#[device_fn]` (see [`IsDeviceFn`]).
pub const fn is_device_fn<T: IsDeviceFn>() {}

/// Most distinct device functions below one kernel (and most calls deep).
pub const MAX_FUNCTIONS: usize = 512;

/// Most bytes of local arrays one thread of a kernel may hold, its device functions' along the
/// deepest chain of calls included: half of the 512 KiB of local memory a CUDA thread can have
/// (the rest is left to the compiler's spills), and what a CPU thread's stack holds with room
/// to spare (2 MiB by default; the raw-kernel emulator sizes its coroutines' stacks from it).
pub const MAX_LOCAL_BYTES: usize = 256 << 10;

/// An empty node: the filler of the graph walk's tables, and what the fallback module of a
/// called name that is not a `#[device_fn]` offers as its `KX_NODE` (so that the only error
/// there is [`IsDeviceFn`]'s).
#[doc(hidden)]
pub static EMPTY_NODE: DeviceFn = DeviceFn {
    name: "",
    source: "",
    key: 0,
    local_bytes: 0,
    callees: &[],
    recursion: "",
    clash: "",
};

/// The device functions below a set of roots, each once, every function after those it
/// calls (the order C needs them in).
#[derive(Debug)]
pub struct Graph {
    fns: [&'static DeviceFn; MAX_FUNCTIONS],
    len: usize,
}

impl Graph {
    /// How many distinct functions the graph holds.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the graph is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`th function, callees first.
    pub const fn get(&self, i: usize) -> &'static DeviceFn {
        self.fns[i]
    }

    const fn position(&self, f: &DeviceFn) -> Option<usize> {
        let mut i = 0;
        while i < self.len {
            if same(self.fns[i], f) {
                return Some(i);
            }
            i += 1;
        }
        None
    }
}

const fn same(a: &DeviceFn, b: &DeviceFn) -> bool {
    a.key == b.key && a.source.len() == b.source.len() && same_name(a, b)
}

const fn same_name(a: &DeviceFn, b: &DeviceFn) -> bool {
    if a.name.len() != b.name.len() {
        return false;
    }
    let (x, y) = (a.name.as_bytes(), b.name.as_bytes());
    let mut i = 0;
    while i < x.len() {
        if x[i] != y[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Walks the functions below `roots` depth first, with an explicit stack (constant
/// evaluation allows few nested calls). Panics with a function's `recursion` message when a
/// chain of calls comes back to it, with its `clash` message when another function of the
/// same name but other C is below the roots, and past [`MAX_FUNCTIONS`].
pub const fn graph(roots: &[&'static DeviceFn]) -> Graph {
    let mut out = Graph {
        fns: [&EMPTY_NODE; MAX_FUNCTIONS],
        len: 0,
    };
    // The chain of calls being walked: each function and the next of its callees to visit.
    let mut path: [&'static DeviceFn; MAX_FUNCTIONS] = [&EMPTY_NODE; MAX_FUNCTIONS];
    let mut next: [usize; MAX_FUNCTIONS] = [0; MAX_FUNCTIONS];
    let mut r = 0;
    while r < roots.len() {
        let root = roots[r];
        r += 1;
        if out.position(root).is_some() {
            continue;
        }
        path[0] = root;
        next[0] = 0;
        let mut depth = 1;
        while depth > 0 {
            let f = path[depth - 1];
            if next[depth - 1] < f.callees.len() {
                let c = f.callees[next[depth - 1]];
                next[depth - 1] += 1;
                if out.position(c).is_some() {
                    continue;
                }
                let mut k = 0;
                while k < depth {
                    if same(path[k], c) {
                        panic!("{}", c.recursion);
                    }
                    k += 1;
                }
                if depth == MAX_FUNCTIONS {
                    panic!("a kernel's #[device_fn]s call each other more than 512 deep");
                }
                path[depth] = c;
                next[depth] = 0;
                depth += 1;
            } else {
                if out.len == MAX_FUNCTIONS {
                    panic!("a kernel calls more than 512 distinct #[device_fn]s");
                }
                let mut k = 0;
                while k < out.len {
                    if same_name(out.fns[k], f) {
                        panic!("{}", f.clash);
                    }
                    k += 1;
                }
                out.fns[out.len] = f;
                out.len += 1;
                depth -= 1;
            }
        }
    }
    out
}

/// The length of the CUDA C of `graph`'s functions followed by `own`.
pub const fn source_len(graph: &Graph, own: &str) -> usize {
    let mut n = own.len();
    let mut i = 0;
    while i < graph.len {
        n += graph.fns[i].source.len();
        i += 1;
    }
    n
}

/// The CUDA C of `graph`'s functions followed by `own`, as bytes (`N` from [`source_len`]).
pub const fn source_bytes<const N: usize>(graph: &Graph, own: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let mut o = 0;
    let mut i = 0;
    while i <= graph.len {
        let b = if i < graph.len {
            graph.fns[i].source.as_bytes()
        } else {
            own.as_bytes()
        };
        let mut j = 0;
        while j < b.len() {
            out[o] = b[j];
            o += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The bytes of local arrays a thread needs: `own` and, of the functions `calls` names (all in
/// `graph`), the deepest chain. Panics with `too_large` past [`MAX_LOCAL_BYTES`].
pub const fn local_bytes(
    graph: &Graph,
    calls: &[&'static DeviceFn],
    own: usize,
    too_large: &'static str,
) -> usize {
    // What each function needs with its callees, in graph order (callees first).
    let mut need = [0usize; MAX_FUNCTIONS];
    let mut i = 0;
    while i < graph.len {
        let f = graph.fns[i];
        let deepest = deepest(graph, &need, f.callees);
        need[i] = f.local_bytes.saturating_add(deepest);
        i += 1;
    }
    let total = own.saturating_add(deepest(graph, &need, calls));
    if total > MAX_LOCAL_BYTES {
        panic!("{}", too_large);
    }
    total
}

const fn deepest(graph: &Graph, need: &[usize; MAX_FUNCTIONS], calls: &[&DeviceFn]) -> usize {
    let mut most = 0;
    let mut k = 0;
    while k < calls.len() {
        if let Some(j) = graph.position(calls[k])
            && need[j] > most
        {
            most = need[j];
        }
        k += 1;
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    static LEAF: DeviceFn = DeviceFn {
        name: "leaf",
        source: "L;",
        key: 1,
        local_bytes: 100,
        callees: &[],
        recursion: "leaf",
        clash: "",
    };
    static MID: DeviceFn = DeviceFn {
        name: "mid",
        source: "M;",
        key: 2,
        local_bytes: 10,
        callees: &[&LEAF, &LEAF],
        recursion: "mid",
        clash: "",
    };
    static TOP: DeviceFn = DeviceFn {
        name: "top",
        source: "T;",
        key: 3,
        local_bytes: 1,
        callees: &[&MID, &LEAF],
        recursion: "top",
        clash: "",
    };

    #[test]
    fn each_function_once_after_its_callees() {
        const G: Graph = graph(&[&TOP, &LEAF]);
        const LEN: usize = source_len(&G, "K;");
        const BYTES: [u8; LEN] = source_bytes(&G, "K;");
        assert_eq!(&BYTES, b"L;M;T;K;");
        assert_eq!(local_bytes(&G, &[&TOP], 5, "too large"), 5 + 1 + 10 + 100);
        assert_eq!(local_bytes(&G, &[&LEAF], 5, "too large"), 105);
    }

    /// Another `leaf` (say in another module), with other C.
    static OTHER_LEAF: DeviceFn = DeviceFn {
        name: "leaf",
        source: "L2;",
        key: 4,
        local_bytes: 0,
        callees: &[],
        recursion: "leaf",
        clash: "two leaves",
    };

    #[test]
    #[should_panic(expected = "two leaves")]
    fn two_functions_of_one_name_are_refused() {
        graph(&[&TOP, &OTHER_LEAF]);
    }

    #[test]
    #[should_panic(expected = "too large")]
    fn too_many_local_bytes_is_refused() {
        let g = graph(&[&LEAF]);
        local_bytes(&g, &[&LEAF], MAX_LOCAL_BYTES, "too large");
    }
}
