#!/usr/bin/env python3
"""Writes kernels-std/COVERAGE.md: each NumPy routine the project aims at -> where it is (or
"not yet"), found by reading the code, so the table cannot drift from what is built.

    python3 scripts/coverage.py           # rewrite the table
    python3 scripts/coverage.py --check   # fail when the committed table is stale (CI)

A routine counts as present when a public function of that name (or of an alias below) exists
in a module of kernels-std, or a public method of that name exists on `Array` in array-runtime,
or (for the operators) the operator trait is implemented for arrays in array-runtime.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "kernels-std" / "COVERAGE.md"

# The list (kernels-std: the NumPy core), by section. `numpy name: rust name` where
# they differ (a Rust keyword, or ndarray's spelling).
SECTIONS = {
    "Creation": "zeros ones full zeros_like ones_like full_like arange linspace logspace eye "
    "identity diag tri tril triu meshgrid copy",
    "Elementwise math": "add subtract multiply divide floor_divide remainder power negative "
    "abs sign sqrt cbrt square reciprocal exp exp2 expm1 log log2 log10 log1p sin cos tan "
    "arcsin arccos arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh hypot deg2rad "
    "rad2deg floor ceil trunc rint around clip maximum minimum fmax fmin isnan isinf "
    "isfinite signbit copysign logaddexp logaddexp2 heaviside equal not_equal less "
    "less_equal greater greater_equal logical_and logical_or logical_xor logical_not "
    "bitwise_and bitwise_or bitwise_xor bitwise_not left_shift right_shift where astype",
    "Reductions": "sum prod min max argmin argmax mean var std any all count_nonzero ptp "
    "average nansum nanprod nanmin nanmax nanmean nanvar nanstd nanargmin nanargmax median "
    "percentile quantile",
    "Scans": "cumsum cumprod diff",
    "Sorting and searching": "sort argsort searchsorted nonzero argwhere flatnonzero unique "
    "compress take take_along_axis put",
    "Shape": "reshape ravel flatten transpose swapaxes moveaxis expand_dims squeeze "
    "broadcast_to broadcast_arrays concatenate stack vstack hstack split array_split tile "
    "repeat flip roll rot90 pad",
    "Statistics and logic": "histogram bincount cov corrcoef allclose isclose array_equal",
    "Linear algebra": "dot matmul vdot inner outer tensordot einsum trace norm",
    # NumPy 2.4's `dir(np.random.Generator)`: its 44 methods (the attribute `bit_generator`
    # left out).
    "Random (Generator)": "beta binomial bytes chisquare choice dirichlet exponential f gamma "
    "geometric gumbel hypergeometric integers laplace logistic lognormal logseries multinomial "
    "multivariate_hypergeometric multivariate_normal negative_binomial noncentral_chisquare "
    "noncentral_f normal pareto permutation permuted poisson power random rayleigh shuffle "
    "spawn standard_cauchy standard_exponential standard_gamma standard_normal standard_t "
    "triangular uniform vonmises wald weibull zipf",
    "Files": "load save savez load_npz",
    "numpy.fft": "fft ifft fft2 ifft2 fftn ifftn rfft irfft rfft2 irfft2 rfftn irfftn hfft ihfft "
    "fftfreq rfftfreq fftshift ifftshift",
    "scipy.fft (beyond numpy.fft)": "dct idct dst idst dctn idctn dstn idstn hfft2 hfftn ihfft2 "
    "ihfftn fht ifht fhtoffset next_fast_len prev_fast_len set_workers get_workers "
    "get_plan_cache",
    "Convolution (numpy, scipy.signal)": "convolve correlate fftconvolve oaconvolve "
    "choose_conv_method",
}
# Namespaced sections: NumPy's or SciPy's submodule -> the Rust module its names live in. A
# name counts when a public function of that name exists in that module (or is re-exported
# there by a `pub use crate::...::{..}` line).
NAMESPACES = {
    "numpy.linalg": (
        "kernels_std::linalg",
        "cholesky cond cross det diagonal eig eigh eigvals eigvalsh inv lstsq matmul "
        "matrix_norm matrix_power matrix_rank matrix_transpose multi_dot norm outer pinv qr "
        "slogdet solve svd svdvals tensordot tensorinv tensorsolve trace vecdot vector_norm",
    ),
    "scipy.linalg": (
        "kernels_std::scipy::linalg",
        "bandwidth block_diag cdf2rdf cho_factor cho_solve cho_solve_banded cholesky "
        "cholesky_banded circulant clarkson_woodruff_transform companion convolution_matrix "
        "coshm cosm cossin det dft diagsvd eig eig_banded eigh eigh_tridiagonal eigvals "
        "eigvals_banded eigvalsh eigvalsh_tridiagonal expm expm_cond expm_frechet fiedler "
        "fiedler_companion find_best_blas_type fractional_matrix_power funm get_blas_funcs "
        "get_lapack_funcs hadamard hankel helmert hessenberg hilbert inv invhilbert invpascal "
        "ishermitian issymmetric khatri_rao ldl leslie logm lstsq lu lu_factor lu_solve "
        "matmul_toeplitz matrix_balance norm null_space ordqz orth orthogonal_procrustes "
        "pascal pinv pinvh polar qr qr_delete qr_insert qr_multiply qr_update qz rq rsf2csf "
        "schur signm sinhm sinm solve solve_banded solve_circulant solve_continuous_are "
        "solve_continuous_lyapunov solve_discrete_are solve_discrete_lyapunov solve_lyapunov "
        "solve_sylvester solve_toeplitz solve_triangular solveh_banded sqrtm subspace_angles svd svdvals tanhm "
        "tanm toeplitz",
    ),
}
REEXPORT = re.compile(r"pub use crate::[\w:]+::\{([^}]*)\}", re.S)

GENERATOR_SECTION = "Random (Generator)"
# Folders of device-function helpers, whose public functions are not routines.
HELPER_DIRS = {"exact_math", "samplers"}
ALIASES = {
    "where": ["where_"],
    "abs": ["abs", "absolute"],
    "min": ["min", "amin"],
    "max": ["max", "amax"],
    "bitwise_not": ["bitwise_not", "invert"],
    "transpose": ["transpose", "t"],
    "swapaxes": ["swapaxes", "swap_axes"],
    "expand_dims": ["expand_dims", "insert_axis"],
    "divide": ["divide", "true_divide"],
    "load_npz": ["load_npz", "loadz"],
    "savez": ["savez", "save_npz"],
    "compress": ["compress", "boolean_index", "mask_select"],
}
OPERATORS = {
    "add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "Div", "remainder": "Rem",
    "negative": "Neg", "bitwise_and": "BitAnd", "bitwise_or": "BitOr", "bitwise_xor": "BitXor",
    "bitwise_not": "Not", "left_shift": "Shl", "right_shift": "Shr",
}

PUB_FN = re.compile(r"^\s*pub fn ([a-z_][a-z0-9_]*)", re.M)
IMPL_OP = re.compile(r"impl\b[^{;]*\b(?:std::ops::|ops::)?(Add|Sub|Mul|Div|Rem|Neg|BitAnd|BitOr|BitXor|Not|Shl|Shr)\b[^{;]*\bfor\b[^{;]*Array", re.S)


def strip_tests(text):
    """Drops `#[cfg(test)]` modules (their functions are not the API)."""
    i = text.find("#[cfg(test)]")
    return text if i < 0 else text[:i]


IMPL = re.compile(r"^impl\b(?:<[^{]*?>)?\s+(?:[\w:<>, ]+\s+for\s+)?([A-Z]\w*)")
FN = re.compile(r"^(\s*)pub fn ([a-z_][a-z0-9_]*)")
INLINE_MOD = re.compile(r"^(\s*)(?:pub(?:\([a-z]+\))? )?mod \w+ \{")
# The methods a `macro_rules!` writes into builders (`fft`'s `norm`, `axis`) are not routines.
MACRO = re.compile(r"^(\s*)macro_rules! \w+ \{")


def public_fns(text):
    """(type or None, name) of each public function: free functions at the top level, methods
    inside an `impl Type` block."""
    out, current, inline_mod = [], None, None
    for line in strip_tests(text).splitlines():
        # The functions of an inline module (the `map`, `combine`, `identity` of a
        # `#[reduction]`) are parts of a kernel, not routines; nor are those a macro writes.
        if inline_mod is not None:
            if line == inline_mod + "}":
                inline_mod = None
            continue
        m = INLINE_MOD.match(line) or MACRO.match(line)
        if m:
            inline_mod = m.group(1)
            continue
        m = IMPL.match(line)
        if m:
            current = m.group(1)
            continue
        if line.startswith("}"):
            current = None
        m = FN.match(line)
        if m:
            out.append((current if m.group(1) else None, m.group(2)))
    return out


def scan():
    """(kernels-std functions: name -> [paths], Array methods, operator traits)."""
    functions, generator = {}, {}
    src = ROOT / "kernels-std" / "src"
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if rel.parts[0] in ("lib.rs", "prelude.rs"):
            continue
        if "kernels" in rel.parts[1:-1] or rel.stem == "kernels":
            # The kernels behind the routines (`math::kernels::identity` copies an array; it
            # is not NumPy's `identity`).
            continue
        if HELPER_DIRS.intersection(rel.parts[1:-1]):
            # Device-function helpers (`random::exact_math::exp` is not NumPy's `exp`).
            continue
        top = rel.parts[0].removesuffix(".rs")
        if top == "scipy" and len(rel.parts) > 2:
            top = "scipy::" + rel.parts[1]
        module = "kernels_std::" + top
        text = path.read_text()
        for names in REEXPORT.findall(strip_tests(text)):
            for name in names.replace("\n", " ").split(","):
                name = name.strip()
                if name and name[0].islower():
                    functions.setdefault(name, set()).add(f"{module}::{name}")
        for ty, name in public_fns(text):
            where = f"{module}::{ty}::{name}" if ty else f"{module}::{name}"
            if ty is None:
                functions.setdefault(name, set()).add(where)
            elif ty == "Generator":
                generator.setdefault(name, set()).add(where)
    methods = set()
    operators = set()
    for path in sorted((ROOT / "array-runtime" / "src").rglob("*.rs")):
        text = strip_tests(path.read_text())
        methods.update(n for ty, n in public_fns(text) if ty == "Array")
        operators.update(IMPL_OP.findall(text))
    return functions, generator, methods, operators


def where_is(name, functions, methods, operators):
    found = []
    for alias in ALIASES.get(name, [name]):
        for where in sorted(functions.get(alias, ())):
            found.append(f"`{where}`")
        if alias in methods:
            found.append(f"`Array::{alias}`")
    if name in OPERATORS and OPERATORS[name] in operators:
        found.append(f"operator (`{OPERATORS[name]}`)")
    return ", ".join(found)


def render():
    functions, generator, methods, operators = scan()
    lines = [
        "# NumPy coverage",
        "",
        "Generated by `scripts/coverage.py` from the code (do not edit by hand; CI checks it is",
        "current). Each NumPy routine of the project's scope, and where it is: a function of a",
        "kernels-std module, a method of `Array`, or an operator on arrays.",
        "",
    ]
    total = done = 0
    for section, names in SECTIONS.items():
        lines += [f"## {section}", "", "| NumPy | here |", "| --- | --- |"]
        for name in names.split():
            if section == GENERATOR_SECTION:
                # NumPy's Generator methods: methods of `random::Generator`.
                at = where_is(name, generator, set(), set())
            else:
                at = where_is(name, functions, methods, operators)
            total += 1
            done += bool(at)
            lines.append(f"| `{name}` | {at or 'not yet'} |")
        lines.append("")
    for section, (module, names) in NAMESPACES.items():
        lines += [f"## {section}", "", "| name | here |", "| --- | --- |"]
        here = 0
        for name in names.split():
            found = sorted(w for w in functions.get(name, ()) if w == f"{module}::{name}")
            here += bool(found)
            lines.append(f"| `{section}.{name}` | {', '.join(f'`{w}`' for w in found) or 'not yet'} |")
        lines.append("")
        lines.insert(lines.index(f"## {section}") + 2, f"{here} of {len(names.split())} names.")
        lines.insert(lines.index(f"## {section}") + 3, "")
    lines.insert(6, f"{done} of {total} routines are available.")
    lines.insert(7, "")
    return "\n".join(lines)


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        if not OUT.exists() or OUT.read_text() != text:
            sys.exit(f"{OUT.relative_to(ROOT)} is stale: run python3 scripts/coverage.py")
        print(f"{OUT.relative_to(ROOT)} is current")
        return
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
