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

# NumPy's top-level namespace: every public function of `numpy` (not a class, not a module), as
# `--names` reads it from the installed NumPy into NAMES. A name counts when a function of that
# name is in kernels-std's flat namespace (`kernels_std::sum`: the modules `lib.rs` re-exports
# with `pub use module::*`, and its own `pub use` lines), in `kernels_std::io` (NumPy's file
# routines), or is a public method of `Array` (`np.ndim(a)` is `a.ndim()`). Only the exact name
# counts: NumPy 2's aliases (`acos`, `concat`, `amax`) count when a function of that name exists.
NAMES = ROOT / "scripts" / "numpy_functions.txt"
NUMPY_VERSION = "2.4.6"
# Rust keywords: NumPy's `where` and `mod` are spelled `where_` and `mod_`.
RUST_SPELLING = {"where": "where_", "mod": "mod_"}
# The names of the namespace that cannot apply to a typed Rust array library, with the reason.
EXCLUDED = {
    "busday_count": "business-day calendars of `datetime64`: no datetime dtypes here",
    "busday_offset": "business-day calendars of `datetime64`: no datetime dtypes here",
    "is_busday": "business-day calendars of `datetime64`: no datetime dtypes here",
    "datetime_as_string": "`datetime64` formatting: no datetime dtypes here",
    "datetime_data": "`datetime64` unit metadata: no datetime dtypes here",
    "isnat": "not-a-time test of `datetime64`/`timedelta64`: no datetime dtypes here",
    "array2string": "NumPy's printing: arrays print through `Display` (`format!(\"{a}\")`)",
    "array_repr": "NumPy's printing: arrays print through `Display`/`Debug`",
    "array_str": "NumPy's printing: arrays print through `Display`",
    "format_float_positional": "printing of Python floats: Rust's `format!` (`{:.3}`)",
    "format_float_scientific": "printing of Python floats: Rust's `format!` (`{:e}`)",
    "base_repr": "printing of a Python int in a base: Rust's `format!` and `u64::from_str_radix`",
    "binary_repr": "printing of a Python int in binary: Rust's `format!(\"{:b}\")`",
    "get_printoptions": "global printing options: no global print state",
    "set_printoptions": "global printing options: no global print state",
    "printoptions": "global printing options (a context manager): no global print state",
    "geterr": "floating-point error state: kernels never trap, results are IEEE values",
    "seterr": "floating-point error state: kernels never trap, results are IEEE values",
    "geterrcall": "floating-point error callbacks: kernels never trap",
    "seterrcall": "floating-point error callbacks: kernels never trap",
    "getbufsize": "the ufunc machinery's buffer size: kernels have no such buffer",
    "setbufsize": "the ufunc machinery's buffer size: kernels have no such buffer",
    "asmatrix": "`np.matrix`, deprecated in NumPy: arrays only",
    "bmat": "builds an `np.matrix`, deprecated in NumPy: arrays only (`block` joins arrays)",
    "show_config": "NumPy's build configuration (BLAS, compilers)",
    "show_runtime": "NumPy's runtime configuration (SIMD, threads)",
    "test": "runs NumPy's own test suite",
    "get_include": "the directory of NumPy's C headers, for C extensions",
    "info": "Python's interactive help",
    "nested_iters": "NumPy's C iterator (`nditer`) protocol",
    "frompyfunc": "wraps a Python function as an object-dtype ufunc: no object dtype (`#[elementwise]` writes ufuncs)",
}

# Sections of NumPy's and SciPy's namespaced functions, by name (each found anywhere in
# kernels-std, as before).
SECTIONS = {
    # NumPy 2.4's `dir(np.random.Generator)`: its 44 methods (the attribute `bit_generator`
    # left out).
    "Random (Generator)": "beta binomial bytes chisquare choice dirichlet exponential f gamma "
    "geometric gumbel hypergeometric integers laplace logistic lognormal logseries multinomial "
    "multivariate_hypergeometric multivariate_normal negative_binomial noncentral_chisquare "
    "noncentral_f normal pareto permutation permuted poisson power random rayleigh shuffle "
    "spawn standard_cauchy standard_exponential standard_gamma standard_normal standard_t "
    "triangular uniform vonmises wald weibull zipf",
    "numpy.fft": "fft ifft fft2 ifft2 fftn ifftn rfft irfft rfft2 irfft2 rfftn irfftn hfft ihfft "
    "fftfreq rfftfreq fftshift ifftshift",
    "scipy.fft (beyond numpy.fft)": "dct idct dst idst dctn idctn dstn idstn hfft2 hfftn ihfft2 "
    "ihfftn fht ifht fhtoffset next_fast_len prev_fast_len set_workers get_workers "
    "get_plan_cache",
    "Convolution (scipy.signal)": "fftconvolve oaconvolve choose_conv_method",
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
# scipy.special (356 names; found in `kernels_std::special` only, as `pub fn` or as an entry
# `name(args): Promote;` of its `ufunc!` tables).
SPECIAL = (
    "agm ai_zeros airy airye assoc_laguerre assoc_legendre_p assoc_legendre_p_all bdtr "
    "bdtrc bdtri bdtrik bdtrin bei bei_zeros beip beip_zeros ber ber_zeros bernoulli berp "
    "berp_zeros besselpoly beta betainc betaincc betainccinv betaincinv betaln bi_zeros "
    "binom boxcox boxcox1p btdtria btdtrib c_roots cbrt cg_roots chdtr chdtrc chdtri "
    "chdtriv chebyc chebys chebyt chebyu chndtr chndtridf chndtrinc chndtrix comb cosdg "
    "cosm1 cotdg dawsn digamma diric ellip_harm ellip_harm_2 ellip_normal ellipe ellipeinc "
    "ellipj ellipk ellipkinc ellipkm1 elliprc elliprd elliprf elliprg elliprj entr erf "
    "erf_zeros erfc erfcinv erfcx erfi erfinv errstate euler eval_chebyc eval_chebys "
    "eval_chebyt eval_chebyu eval_gegenbauer eval_genlaguerre eval_hermite "
    "eval_hermitenorm eval_jacobi eval_laguerre eval_legendre eval_sh_chebyt "
    "eval_sh_chebyu eval_sh_jacobi eval_sh_legendre exp1 exp10 exp2 expi expit expm1 expn "
    "exprel factorial factorial2 factorialk fdtr fdtrc fdtri fdtridfd fresnel "
    "fresnel_zeros fresnelc_zeros fresnels_zeros gamma gammainc gammaincc gammainccinv "
    "gammaincinv gammaln gammasgn gdtr gdtrc gdtria gdtrib gdtrix gegenbauer genlaguerre "
    "geterr h1vp h2vp h_roots hankel1 hankel1e hankel2 hankel2e he_roots hermite "
    "hermitenorm huber hyp0f1 hyp1f1 hyp2f1 hyperu i0 i0e i1 i1e inv_boxcox inv_boxcox1p "
    "it2i0k0 it2j0y0 it2struve0 itairy iti0k0 itj0y0 itmodstruve0 itstruve0 iv ive ivp j0 "
    "j1 j_roots jacobi jn jn_zeros jnjnp_zeros jnp_zeros jnyn_zeros js_roots jv jve jvp k0 "
    "k0e k1 k1e kei kei_zeros keip keip_zeros kelvin kelvin_zeros ker ker_zeros kerp "
    "kerp_zeros kl_div kn kolmogi kolmogorov kv kve kvp l_roots la_roots laguerre lambertw "
    "legendre legendre_p legendre_p_all lmbda log1p log_expit log_ndtr log_softmax "
    "log_wright_bessel loggamma logit logsumexp lpmv lqmn lqn mathieu_a mathieu_b "
    "mathieu_cem mathieu_even_coef mathieu_modcem1 mathieu_modcem2 mathieu_modsem1 "
    "mathieu_modsem2 mathieu_odd_coef mathieu_sem modfresnelm modfresnelp modstruve "
    "multigammaln nbdtr nbdtrc nbdtri nbdtrik nbdtrin ncfdtr ncfdtri ncfdtridfd ncfdtridfn "
    "ncfdtrinc nctdtr nctdtridf nctdtrinc nctdtrit ndtr ndtri ndtri_exp nrdtrimn nrdtrisd "
    "obl_ang1 obl_ang1_cv obl_cv obl_cv_seq obl_rad1 obl_rad1_cv obl_rad2 obl_rad2_cv "
    "owens_t p_roots pbdn_seq pbdv pbdv_seq pbvv pbvv_seq pbwa pdtr pdtrc pdtri pdtrik "
    "perm poch polygamma powm1 pro_ang1 pro_ang1_cv pro_cv pro_cv_seq pro_rad1 pro_rad1_cv "
    "pro_rad2 pro_rad2_cv ps_roots pseudo_huber psi radian rel_entr rgamma riccati_jn "
    "riccati_yn roots_chebyc roots_chebys roots_chebyt roots_chebyu roots_gegenbauer "
    "roots_genlaguerre roots_hermite roots_hermitenorm roots_jacobi roots_laguerre "
    "roots_legendre roots_sh_chebyt roots_sh_chebyu roots_sh_jacobi roots_sh_legendre "
    "round s_roots seterr sh_chebyt sh_chebyu sh_jacobi sh_legendre shichi sici sinc sindg "
    "smirnov smirnovi softmax softplus spence sph_harm_y sph_harm_y_all sph_legendre_p "
    "sph_legendre_p_all spherical_in spherical_jn spherical_kn spherical_yn stdtr stdtridf "
    "stdtrit stirling2 struve t_roots tandg tklmbda ts_roots u_roots us_roots "
    "voigt_profile wofz wright_bessel wrightomega xlog1py xlogy y0 y0_zeros y1 y1_zeros "
    "y1p_zeros yn yn_zeros ynp_zeros yv yve yvp zeta zetac "
)
PUB_FN = re.compile(r"^\s*pub fn ([a-z_][a-z0-9_]*)", re.M)


def strip_tests(text):
    """Drops `#[cfg(test)]` modules (their functions are not the API)."""
    i = text.find("#[cfg(test)]")
    return text if i < 0 else text[:i]


IMPL = re.compile(r"^impl\b(?:<[^{]*?>)?\s+(?:[\w:<>, ]+\s+for\s+)?([A-Z]\w*)")
FN = re.compile(r"^(\s*)pub (?:const )?fn ([a-z_][a-z0-9_]*)")
# A public function under one of these attributes is a kernel, not a routine (`stats::divide`
# is the `#[elementwise]` kernel `cov` divides with, not NumPy's `divide`).
KERNEL_ATTR = re.compile(r"^\s*#\[(?:elementwise|reduction|raw_kernel|device_fn)\b")
INLINE_MOD = re.compile(r"^(\s*)(?:pub(?:\([a-z]+\))? )?mod \w+ \{")
# The methods a `macro_rules!` writes into builders (`fft`'s `norm`, `axis`) are not routines.
MACRO = re.compile(r"^(\s*)macro_rules! \w+ \{")


def public_fns(text):
    """(type or None, name) of each public function: free functions at the top level, methods
    inside an `impl Type` block."""
    out, current, inline_mod, kernel = [], None, None, False
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
        if KERNEL_ATTR.match(line):
            kernel = True
            continue
        m = FN.match(line)
        if m and not kernel:
            out.append((current if m.group(1) else None, m.group(2)))
        if m or not (line.strip().startswith(("#", "///")) or not line.strip()):
            kernel = False
    return out


def scan():
    """(kernels-std functions: name -> [paths], Generator methods, Array methods)."""
    functions, generator = {}, {}
    src = ROOT / "kernels-std" / "src"
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if rel.parts[0] in ("lib.rs", "prelude.rs", "special", "sparse"):
            # (`special` and `sparse` are SciPy's namespaces, listed by `special_fns` and
            # `sparse_items`: NumPy's `eye` is not `sparse::eye`.)
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
    for path in sorted((ROOT / "array-runtime" / "src").rglob("*.rs")):
        text = strip_tests(path.read_text())
        methods.update(n for ty, n in public_fns(text) if ty == "Array")
    return functions, generator, methods


# scipy.sparse: its array types, as Rust types of `kernels_std::sparse`, their methods and
# attributes (a method of that name on the type; `T` is `transpose`), and the functions of
# the namespace (a `pub fn` of `kernels_std::sparse`).
SPARSE_TYPES = {"coo_array": "CooArray", "csc_array": "CscArray", "csr_array": "CsrArray",
                "dia_array": "DiaArray"}
# DIA's methods (SciPy's `dia_array` has no canonical-form methods).
SPARSE_DIA = (
    "T astype conj copy count_nonzero diagonal dot dtype format mean multiply nnz power "
    "setdiag shape sum toarray tocoo tocsc tocsr todia trace transpose"
)
SPARSE_COMMON = (
    "T astype conj copy count_nonzero diagonal dot dtype eliminate_zeros format max mean min "
    "multiply nnz power setdiag shape sum sum_duplicates toarray tocoo tocsc tocsr trace "
    "transpose"
)
SPARSE_COMPRESSED = (
    "has_canonical_format has_sorted_indices sort_indices sorted_indices prune __add__ __sub__ "
    "__matmul__"
)
SPARSE_FUNCTIONS = (
    "block_array block_diag bmat diags diags_array eye eye_array find hstack identity issparse "
    "kron kronsum load_npz random_array save_npz spdiags tril triu vstack"
)
SPARSE_ALIASES = {"T": "transpose", "eye_array": "eye", "diags_array": "diags",
                  "__add__": "add", "__sub__": "sub", "__matmul__": "matmul"}


def sparse_items():
    """The public functions of `kernels_std::sparse` and each type's methods: name -> path."""
    fns, methods = {}, {}
    for path in sorted((ROOT / "kernels-std" / "src" / "sparse").glob("*.rs")):
        if path.stem == "kernels":
            continue
        for ty, name in public_fns(path.read_text()):
            if ty is None:
                fns[name] = f"kernels_std::sparse::{name}"
            else:
                methods.setdefault(ty, {})[name] = f"kernels_std::sparse::{ty}::{name}"
    return fns, methods


def sparse_section():
    fns, methods = sparse_items()
    rows = []
    for sci, ty in SPARSE_TYPES.items():
        have = methods.get(ty, {})
        rows.append((f"{sci}", f"kernels_std::sparse::{ty}" if have else None))
        names = SPARSE_DIA.split() if sci == "dia_array" else SPARSE_COMMON.split()
        if sci in ("csc_array", "csr_array"):
            names += SPARSE_COMPRESSED.split()
        for name in sorted(names):
            rows.append((f"{sci}.{name}", have.get(SPARSE_ALIASES.get(name, name))))
    for name in SPARSE_FUNCTIONS.split():
        rows.append((name, fns.get(SPARSE_ALIASES.get(name, name))))
    done = sum(1 for _, at in rows if at)
    lines = ["## SciPy: sparse arrays", "",
             f"{done} of {len(rows)} names of `scipy.sparse` (its 2-d array types, their methods "
             "and the constructors).", "", "| SciPy | here |", "| --- | --- |"]
    for name, at in rows:
        lines.append(f"| `scipy.sparse.{name}` | {'`' + at + '`' if at else 'not yet'} |")
    lines.append("")
    return lines


# scipy.sparse.linalg: its 35 routines and classes (api-map.md's list: SciPy's `__all__` less
# its submodule names and warning/error classes), as `pub fn`s of `kernels_std::sparse::linalg`
# (a class: a type with methods).
SPARSE_LINALG = (
    "LaplacianNd LinearOperator SuperLU aslinearoperator bicg bicgstab cg cgs eigs eigsh expm "
    "expm_multiply factorized funm_multiply_krylov gcrotmk gmres inv is_sptriangular lgmres "
    "lobpcg lsmr lsqr matrix_power minres norm onenormest qmr spbandwidth spilu splu spsolve "
    "spsolve_triangular svds tfqmr use_solver"
)


def sparse_linalg_section():
    fns, types = {}, set()
    for path in sorted((ROOT / "kernels-std" / "src" / "sparse" / "linalg").glob("*.rs")):
        for ty, name in public_fns(strip_tests(path.read_text())):
            if ty is None:
                fns[name] = f"kernels_std::sparse::linalg::{name}"
            else:
                types.add(ty)
    names = SPARSE_LINALG.split()
    at = {n: fns.get(n) or (f"kernels_std::sparse::linalg::{n}" if n in types else None)
          for n in names}
    done = sum(1 for n in names if at[n])
    lines = ["## SciPy: sparse.linalg", "", f"{done} of {len(names)} names of "
             "`scipy.sparse.linalg`.", "", "| SciPy | here |", "| --- | --- |"]
    for n in names:
        lines.append(f"| `scipy.sparse.linalg.{n}` | {'`' + at[n] + '`' if at[n] else 'not yet'} |")
    lines.append("")
    return lines


# scipy.sparse.csgraph: its 25 routines (api-map.md's list: SciPy's `__all__` less its error
# class and its conversion helpers for masked arrays kept), as `pub fn`s of
# `kernels_std::sparse::csgraph`.
SPARSE_CSGRAPH = (
    "bellman_ford breadth_first_order breadth_first_tree connected_components "
    "construct_dist_matrix csgraph_from_dense csgraph_from_masked csgraph_masked_from_dense "
    "csgraph_to_dense csgraph_to_masked depth_first_order depth_first_tree dijkstra "
    "floyd_warshall johnson laplacian maximum_bipartite_matching maximum_flow "
    "min_weight_full_bipartite_matching minimum_spanning_tree reconstruct_path "
    "reverse_cuthill_mckee shortest_path structural_rank yen"
)


def sparse_csgraph_section():
    fns = {}
    for path in sorted((ROOT / "kernels-std" / "src" / "sparse" / "csgraph").glob("*.rs")):
        for ty, name in public_fns(strip_tests(path.read_text())):
            if ty is None:
                fns[name] = f"kernels_std::sparse::csgraph::{name}"
    names = SPARSE_CSGRAPH.split()
    done = sum(1 for n in names if n in fns)
    lines = ["## SciPy: sparse.csgraph", "", f"{done} of {len(names)} names of "
             "`scipy.sparse.csgraph`.", "", "| SciPy | here |", "| --- | --- |"]
    for n in names:
        lines.append(f"| `scipy.sparse.csgraph.{n}` | {'`' + fns[n] + '`' if n in fns else 'not yet'} |")
    lines.append("")
    return lines


# An entry of the `ufunc!` tables (`name(x, y): Promote;`) or of `orthogonal!` (`name(n, x):
# Integral;`, the degree rule in place of the promotion).
UFUNC_ENTRY = re.compile(
    r"^\s*([a-z_][a-z0-9_]*)\([a-z_, ]+\): "
    r"(?:Promote(?:F32|Long)?|Integral|IntegralFloatNonNegative|NonNegative);", re.M)


def special_fns():
    """The public functions of `kernels_std::special`: name -> path."""
    found = {}
    src = ROOT / "kernels-std" / "src" / "special"
    for path in sorted(src.glob("*.rs")):
        text = strip_tests(path.read_text())
        names = [n for ty, n in public_fns(text) if ty is None] + UFUNC_ENTRY.findall(text)
        for name in names:
            found[name] = f"kernels_std::special::{name}"
    return found


def where_is(name, functions):
    return ", ".join(f"`{w}`" for w in sorted(functions.get(name, ())))


LOCAL_USE = re.compile(r"^pub use (\w+)::(?:\{([^}]*)\}|(\w+(?: as \w+)?));", re.M)


def module_exports(module):
    """The lowercase names `kernels_std::<module>` makes public: its `pub use` lines (the final
    name of `a as b`) and its own public functions (kernels left out)."""
    src = ROOT / "kernels-std" / "src"
    path = src / module / "mod.rs"
    if not path.exists():
        path = src / f"{module}.rs"
    text = strip_tests(path.read_text())
    names = set()
    for m in LOCAL_USE.finditer(text):
        for item in (m.group(2) or m.group(3)).replace("\n", " ").split(","):
            item = item.split(" as ")[-1].strip()
            if item and item[0].islower() and item != "self":
                names.add(item)
    names.update(n for ty, n in public_fns(text) if ty is None)
    return names


def flat_namespace():
    """name -> paths of each function reachable as `kernels_std::<name>` or
    `kernels_std::io::<name>`."""
    lib = strip_tests((ROOT / "kernels-std" / "src" / "lib.rs").read_text())
    found = {}
    for module in re.findall(r"^pub use (\w+)::\*;", lib, re.M):
        if module == "array_runtime":
            text = strip_tests((ROOT / "array-runtime" / "src" / "lib.rs").read_text())
            for m in LOCAL_USE.finditer(text):
                for item in (m.group(2) or m.group(3)).split(","):
                    item = item.split(" as ")[-1].strip()
                    if item and item[0].islower():
                        found.setdefault(item, set()).add(f"kernels_std::{item}")
            continue
        for name in module_exports(module):
            found.setdefault(name, set()).add(f"kernels_std::{module}::{name}")
    for m in LOCAL_USE.finditer(lib):
        if m.group(1) in ("array_runtime", "kernel_macros"):
            continue
        for item in (m.group(2) or m.group(3)).split(","):
            item = item.split(" as ")[-1].strip()
            if item and item[0].islower():
                found.setdefault(item, set()).add(f"kernels_std::{item}")
    for name in module_exports("io"):
        found.setdefault(name, set()).add(f"kernels_std::io::{name}")
    return found


def numpy_names():
    """NumPy's public top-level functions, read from the installed NumPy."""
    import inspect
    import types

    import numpy as np

    return np.__version__, sorted(
        n for n in dir(np)
        if not n.startswith("_") and callable(getattr(np, n))
        and not inspect.isclass(getattr(np, n))
        and not isinstance(getattr(np, n), types.ModuleType)
    )


def stored_names():
    lines = NAMES.read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def namespace_section(methods):
    """The headline figures and the table of NumPy's namespace."""
    flat = flat_namespace()
    names = stored_names()
    unknown = sorted(set(EXCLUDED) - set(names))
    if unknown:
        sys.exit(f"EXCLUDED names not in {NAMES.name}: {unknown}")
    rows = []
    for name in names:
        if name in EXCLUDED:
            continue
        rust = RUST_SPELLING.get(name, name)
        at = [f"`{w}`" for w in sorted(flat.get(rust, ()))]
        if rust in methods:
            at.append(f"`Array::{rust}`")
        rows.append((name, ", ".join(at)))
    done = sum(1 for _, at in rows if at)
    head = (f"{done} of {len(rows)} NumPy functions: NumPy {NUMPY_VERSION}'s top-level "
            f"namespace has {len(names)} public functions (`{NAMES.relative_to(ROOT)}`); the "
            f"{len(EXCLUDED)} that cannot apply are listed below with the reason.")
    lines = ["## NumPy's namespace", "",
             f"{done} of {len(rows)} functions. A name counts when `kernels_std::<name>` (or "
             "`kernels_std::io::<name>`) is a function of that exact name, or `Array` has a "
             "method of that name; `where` and `mod` are spelled `where_` and `mod_`.", "",
             "| NumPy | here |", "| --- | --- |"]
    for name, at in rows:
        lines.append(f"| `np.{name}` | {at or 'not yet'} |")
    missing = [name for name, at in rows if not at]
    lines += ["", f"Missing ({len(missing)}): " + ", ".join(f"`{n}`" for n in missing) + ".", "",
              "## Left out of NumPy's namespace", "",
              "| NumPy | why it cannot apply |", "| --- | --- |"]
    for name in names:
        if name in EXCLUDED:
            lines.append(f"| `np.{name}` | {EXCLUDED[name]} |")
    lines.append("")
    return head, lines


def render():
    functions, generator, methods = scan()
    lines = [
        "# NumPy coverage",
        "",
        "Generated by `scripts/coverage.py` from the code (do not edit by hand; CI checks it is",
        "current): each function of NumPy's namespace, and the namespaced sections of NumPy and",
        "SciPy, and where each is in kernels-std.",
        "",
    ]
    head, table = namespace_section(methods)
    lines += [head, ""]
    lines += table
    for section, names in SECTIONS.items():
        lines += [f"## {section}", "", "| NumPy | here |", "| --- | --- |"]
        total = done = 0
        for name in names.split():
            if section == GENERATOR_SECTION:
                # NumPy's Generator methods: methods of `random::Generator`.
                at = where_is(name, generator)
            else:
                at = where_is(name, functions)
            total += 1
            done += bool(at)
            lines.append(f"| `{name}` | {at or 'not yet'} |")
        lines.append("")
        lines.insert(lines.index(f"## {section}") + 2, f"{done} of {total} names.")
        lines.insert(lines.index(f"## {section}") + 3, "")
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
    lines += sparse_section()
    lines += sparse_linalg_section()
    lines += sparse_csgraph_section()
    special = special_fns()
    names = SPECIAL.split()
    have = [n for n in names if n in special]
    lines += ["## SciPy: special functions", "", f"{len(have)} of {len(names)} names of `scipy.special`.", "",
              "| SciPy | here |", "| --- | --- |"]
    for name in names:
        lines.append(f"| `{name}` | {'`' + special[name] + '`' if name in special else 'not yet'} |")
    lines.append("")
    return "\n".join(lines)


def main():
    args = sys.argv[1:]
    if "--names" in args:
        version, names = numpy_names()
        NAMES.write_text(
            f"# NumPy {version}'s public top-level functions (not classes, not modules), written\n"
            "# by `python3 scripts/coverage.py --names`; one a line.\n" + "\n".join(names) + "\n")
        print(f"wrote {NAMES.relative_to(ROOT)}: {len(names)} names of NumPy {version}")
        return
    text = render()
    if "--check" in args:
        try:
            version, names = numpy_names()
        except ImportError:
            version = None
        if version == NUMPY_VERSION:
            if names != stored_names():
                sys.exit(f"{NAMES.relative_to(ROOT)} differs from NumPy {version}'s namespace: "
                         "run python3 scripts/coverage.py --names")
            print(f"{NAMES.relative_to(ROOT)} is NumPy {version}'s namespace")
        else:
            print(f"(NumPy {NUMPY_VERSION} not installed: {NAMES.relative_to(ROOT)} not re-read)")
        if not OUT.exists() or OUT.read_text() != text:
            sys.exit(f"{OUT.relative_to(ROOT)} is stale: run python3 scripts/coverage.py")
        print(f"{OUT.relative_to(ROOT)} is current")
        return
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}: {text.splitlines()[6]}")


if __name__ == "__main__":
    main()
