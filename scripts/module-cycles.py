#!/usr/bin/env python3
"""The import cycles among a crate's modules (issue 12, item 8: the runtime's layers).

Reads every `.rs` file under a crate's `src/` (default: array-runtime), takes the module
paths named after `crate::` and `super::` outside comments and `#[cfg(test)]` blocks (a
rough reading: a path counts when its longest prefix is a module of the crate; a name that
module re-exports with `pub use` counts as the module it comes from, so `crate::Array` is
`array`), and prints each strongly
connected component of more than one module, largest first, with its size. A layered crate
prints nothing. `--edges MODULE...` also prints what those modules import.

    python3 scripts/module-cycles.py [SRC_DIR] [--edges kernel::elementwise array ...]
"""

import collections
import os
import re
import sys


def modules(root):
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, root)[:-3].split("/")
            if parts[-1] in ("mod", "lib"):
                parts = parts[:-1]
            found["::".join(parts)] = path
    return found


def source(path):
    """A file's code: `#[cfg(test)]` onwards and every `//` comment removed."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    cut = src.find("#[cfg(test)]")
    if cut >= 0:
        src = src[:cut]
    return re.sub(r"//[^\n]*", "", src)


def reexports(mods):
    """`(module, name) -> path` for each item a module re-exports with `pub use`."""
    found = {}
    for module, path in mods.items():
        prefix = module.split("::") if module else []
        for m in re.finditer(r"pub(?:\(crate\))? use ((?:\w+::)*)(\{[^}]*\}|\w+)", source(path)):
            base = m.group(1).rstrip(":")
            items = m.group(2).strip("{}").split(",")
            for item in items:
                item = item.strip()
                if not item or item == "self":
                    continue
                name = item.split(" as ")[-1].strip()
                first = item.split(" as ")[0].strip()
                full = "::".join(p for p in [base, first] if p)
                if full.startswith("crate::"):
                    full = full[len("crate::") :]
                elif full.startswith("super::"):
                    full = "::".join(prefix[:-1] + [full[len("super::") :]])
                else:
                    full = "::".join(prefix + [full])
                found[(module, name)] = full
    return found


def imports(mods):
    again = reexports(mods)

    def resolve(path, depth=0):
        segs = path.split("::")
        for k in range(len(segs), -1, -1):
            prefix = "::".join(segs[:k])
            if prefix in mods:
                if k < len(segs) and (prefix, segs[k]) in again and depth < 8:
                    return resolve(again[(prefix, segs[k])], depth + 1) or prefix or None
                return prefix or None
        return None

    edges = collections.defaultdict(set)
    for module, path in mods.items():
        src = source(path)
        parent = module.split("::")[:-1] if module else []
        if path.endswith("mod.rs"):
            parent = module.split("::")[:-1]
        names = [m.group(1) for m in re.finditer(r"crate::((?:\w+::)*\w+)\b(?!::)", src)]
        for group in re.finditer(r"crate::((?:\w+::)*)\{([^{}]*)\}", src):
            base = group.group(1)
            names += [
                base + item.strip().split(" ")[0]
                for item in group.group(2).split(",")
                if item.strip() and item.strip() != "self"
            ]
        names += [
            "::".join(parent + [m.group(1)])
            for m in re.finditer(r"super::((?:\w+::)*\w+)", src)
        ]
        for name in names:
            target = resolve(name)
            if target and target != module:
                edges[module].add(target)
    return edges


def components(nodes, edges):
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            found.append(comp)

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def main(argv):
    show = []
    if "--edges" in argv:
        at = argv.index("--edges")
        show = argv[at + 1 :]
        argv = argv[:at]
    root = argv[0] if argv else os.path.join(os.path.dirname(__file__), "..", "array-runtime", "src")
    mods = modules(root)
    edges = imports(mods)
    for comp in sorted(components(list(mods), edges), key=len, reverse=True):
        if len(comp) > 1:
            print(len(comp), " ".join(sorted(comp)))
    for module in show:
        print(f"{module} -> {' '.join(sorted(edges[module]))}")


if __name__ == "__main__":
    main(sys.argv[1:])
