//! The distributions of `random::Generator` against SciPy's (references written by
//! `scripts/fixtures/gen_random_distributions_fixtures.py` into
//! `fixtures/random_distributions/cases.npz`): for each case, a fixed seed draws `N`
//! variates, and four checks compare them with SciPy's law:
//!
//! - **Kolmogorov-Smirnov on a grid**: `D = max_j |F_n(x_j) - F(x_j)|` over the fixture's
//!   edges `x_j` (at most 200 quantiles). By the Dvoretzky-Kiefer-Wolfowitz inequality with
//!   Massart's constant, `P(sup_x |F_n(x) - F(x)| > e) <= 2 exp(-2 n e^2)` for every `n` and
//!   every law (discrete ones too: the bound is then conservative), and the maximum over a
//!   grid is at most the supremum, so `e = sqrt(ln(2 / ALPHA) / (2 n))` fails a correct
//!   sampler with probability at most `ALPHA`.
//! - **Chi-square** over the bins the edges make (each of probability >= 1/200, so at least
//!   25 expected variates in a debug build): `X^2 <= chi2.isf(ALPHA, m)` for `m + 1` bins
//!   (the threshold is in the fixture; the statistic's law tends to chi-square with `m`
//!   degrees of freedom, accurate with these expected counts).
//! - **Mean** where SciPy's variance is finite: `|mean - mu| <= Z sigma / sqrt(n)`.
//! - **Variance** where the excess kurtosis `k` is finite: `|s^2 - sigma^2| <= Z sigma^2
//!   sqrt((k + 2) / n)` (the standard deviation of `s^2` is `sigma^2 sqrt((k + 2) / n)`).
//!
//! The two moment checks rest on the normal approximation of the sample mean and variance:
//! `Z = 6.5` is the two-sided normal quantile of `8e-11`, far below `ALPHA`, leaving room for
//! the approximation's error on skewed laws.
//!
//! `ALPHA = 1e-9` per check, and the suite runs fewer than 400 checks (about 75 cases, four
//! each; `every_case_is_checked` counts them), so a correct sampler fails it with
//! probability below `4e-7 < 1e-6`. The seeds are fixed, so each run is deterministic.
//!
//! Draws: `N = 10^6` in release builds (`cargo test --release --test random_distributions`),
//! `N = 5000` in debug builds (the CI's), where the raw kernels' CPU twins run unoptimized at
//! about 5 to 15 us per variate (the thresholds above scale with `n`, so both are the same
//! test; the debug run catches gross errors in about a second per family, the release run,
//! about 2 s per family, the fine ones).

mod common;

use std::collections::BTreeMap;

use common::fixture;
use kernels_std::io::{load_npz, Npz};
use kernels_std::prelude::*;
use kernels_std::random::Generator;

const N: usize = if cfg!(debug_assertions) {
    5_000
} else {
    1_000_000
};
const ALPHA: f64 = 1e-9;
const Z: f64 = 6.5;

struct Reference {
    params: Vec<f64>,
    edges: Vec<f64>,
    cdf: Vec<f64>,
    mean: f64,
    var: f64,
    kurtosis: f64,
    chi2: f64,
}

fn cases() -> (Npz, Vec<String>) {
    let npz = load_npz(fixture("random_distributions/cases.npz"), &Device::cpu())
        .expect("fixture random_distributions/cases.npz");
    let names: Vec<String> = npz
        .names()
        .filter_map(|n| n.strip_suffix(".params"))
        .map(str::to_string)
        .collect();
    (npz, names)
}

fn reference(npz: &Npz, name: &str) -> Reference {
    let get = |part: &str| -> Vec<f64> {
        npz.array::<f64>(&format!("{name}.{part}"))
            .unwrap_or_else(|e| panic!("{name}.{part}: {e}"))
            .to_vec()
            .unwrap()
    };
    let m = get("moments");
    Reference {
        params: get("params"),
        edges: get("edges"),
        cdf: get("cdf"),
        mean: m[0],
        var: m[1],
        kurtosis: m[2],
        chi2: get("chi2")[0],
    }
}

/// The method a case draws from: its name up to the first token that is a number.
fn method(case: &str) -> String {
    case.split('_')
        .take_while(|t| t.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .collect::<Vec<_>>()
        .join("_")
}

/// `N` variates of case `name` (seeded by the name), as `f64`.
fn sample(name: &str, p: &[f64]) -> Vec<f64> {
    let dev = Device::cpu();
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let mut rng = Generator::new(seed);
    let size = &[N];
    let f = |r: Result<Array<f64>>| r.unwrap().to_vec().unwrap();
    let i = |r: Result<Array<i64>>| -> Vec<f64> {
        r.unwrap()
            .to_vec()
            .unwrap()
            .into_iter()
            .map(|v| v as f64)
            .collect()
    };
    let int = |v: f64| v as i64;
    match method(name).as_str() {
        "standard_gamma" => f(rng.standard_gamma(&dev, p[0], size)),
        "standard_gamma_f32" => rng
            .standard_gamma::<f32>(&dev, p[0], size)
            .unwrap()
            .to_vec()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        "gamma" => f(rng.gamma(&dev, p[0], p[1], size)),
        "beta" => f(rng.beta(&dev, p[0], p[1], size)),
        "chisquare" => f(rng.chisquare(&dev, p[0], size)),
        "f" => f(rng.f(&dev, p[0], p[1], size)),
        "standard_t" => f(rng.standard_t(&dev, p[0], size)),
        "noncentral_chisquare" => f(rng.noncentral_chisquare(&dev, p[0], p[1], size)),
        "noncentral_f" => f(rng.noncentral_f(&dev, p[0], p[1], p[2], size)),
        "gumbel" => f(rng.gumbel(&dev, p[0], p[1], size)),
        "laplace" => f(rng.laplace(&dev, p[0], p[1], size)),
        "logistic" => f(rng.logistic(&dev, p[0], p[1], size)),
        "lognormal" => f(rng.lognormal(&dev, p[0], p[1], size)),
        "pareto" => f(rng.pareto(&dev, p[0], size)),
        "power" => f(rng.power(&dev, p[0], size)),
        "rayleigh" => f(rng.rayleigh(&dev, p[0], size)),
        "standard_cauchy" => f(rng.standard_cauchy(&dev, size)),
        "triangular" => f(rng.triangular(&dev, p[0], p[1], p[2], size)),
        "vonmises" => f(rng.vonmises(&dev, p[0], p[1], size)),
        "wald" => f(rng.wald(&dev, p[0], p[1], size)),
        "weibull" => f(rng.weibull(&dev, p[0], size)),
        "exponential" => f(rng.exponential(&dev, p[0], size)),
        "normal" => f(rng.normal(&dev, p[0], p[1], size)),
        "uniform" => f(rng.uniform(&dev, p[0], p[1], size)),
        "binomial" => i(rng.binomial(&dev, int(p[0]), p[1], size)),
        "geometric" => i(rng.geometric(&dev, p[0], size)),
        "hypergeometric" => i(rng.hypergeometric(&dev, int(p[0]), int(p[1]), int(p[2]), size)),
        "logseries" => i(rng.logseries(&dev, p[0], size)),
        "negative_binomial" => i(rng.negative_binomial(&dev, p[0], p[1], size)),
        "poisson" => i(rng.poisson(&dev, p[0], size)),
        "zipf" => i(rng.zipf(&dev, p[0], size)),
        other => panic!("case {name}: no sampler for method {other}"),
    }
}

/// The four checks of one case; returns how many ran.
fn check_case(npz: &Npz, name: &str) -> usize {
    let r = reference(npz, name);
    let mut x = sample(name, &r.params);
    assert_eq!(x.len(), N, "{name}");
    assert!(x.iter().all(|v| !v.is_nan()), "{name}: NaN drawn");
    x.sort_by(f64::total_cmp);
    let n = N as f64;
    let mut checks = 0;

    // Kolmogorov-Smirnov on the grid (DKW-Massart bound).
    let below: Vec<usize> = r
        .edges
        .iter()
        .map(|&e| x.partition_point(|&v| v <= e))
        .collect();
    let d = below
        .iter()
        .zip(&r.cdf)
        .map(|(&k, &f)| (k as f64 / n - f).abs())
        .fold(0.0, f64::max);
    let eps = ((2.0 / ALPHA).ln() / (2.0 * n)).sqrt();
    assert!(d <= eps, "{name}: KS distance {d} > {eps}");
    checks += 1;

    // Chi-square over the bins (-inf, x_1], (x_1, x_2], ..., (x_m, inf).
    let mut stat = 0.0;
    let (mut prev_k, mut prev_f) = (0usize, 0.0);
    for (&k, &f) in below
        .iter()
        .chain([N].iter())
        .zip(r.cdf.iter().chain([1.0].iter()))
    {
        let expected = n * (f - prev_f);
        assert!(
            expected > 0.0,
            "{name}: a bin of probability 0 in the fixture"
        );
        let observed = (k - prev_k) as f64;
        stat += (observed - expected).powi(2) / expected;
        prev_k = k;
        prev_f = f;
    }
    assert!(
        stat <= r.chi2,
        "{name}: chi-square {stat} > {} ({} bins)",
        r.chi2,
        r.edges.len() + 1
    );
    checks += 1;

    let mean = x.iter().sum::<f64>() / n;
    if r.var.is_finite() {
        let bound = Z * (r.var / n).sqrt();
        assert!(
            (mean - r.mean).abs() <= bound,
            "{name}: mean {mean} is more than {bound} from {}",
            r.mean
        );
        checks += 1;
    }
    if r.var.is_finite() && r.kurtosis.is_finite() {
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        let bound = Z * r.var * ((r.kurtosis + 2.0) / n).sqrt();
        assert!(
            (var - r.var).abs() <= bound,
            "{name}: variance {var} is more than {bound} from {}",
            r.var
        );
        checks += 1;
    }
    checks
}

/// The families of methods, one test each (so that each stays short in a debug build).
const FAMILIES: [(&str, &[&str]); 6] = [
    (
        "gamma",
        &[
            "standard_gamma",
            "standard_gamma_f32",
            "gamma",
            "beta",
            "chisquare",
        ],
    ),
    (
        "gamma_ratios",
        &["f", "standard_t", "noncentral_chisquare", "noncentral_f"],
    ),
    (
        "transforms",
        &[
            "gumbel",
            "laplace",
            "logistic",
            "lognormal",
            "pareto",
            "power",
            "rayleigh",
            "standard_cauchy",
            "triangular",
            "wald",
            "weibull",
            "exponential",
            "normal",
            "uniform",
        ],
    ),
    ("vonmises", &["vonmises"]),
    ("counts", &["binomial", "poisson", "negative_binomial"]),
    (
        "discrete",
        &["geometric", "hypergeometric", "logseries", "zipf"],
    ),
];

fn check_family(family: &str) -> usize {
    let (npz, names) = cases();
    let methods = FAMILIES.iter().find(|(f, _)| *f == family).unwrap().1;
    let mut checks = 0;
    for name in names
        .iter()
        .filter(|n| methods.contains(&method(n).as_str()))
    {
        checks += check_case(&npz, name);
    }
    assert!(checks > 0, "no case of family {family}");
    checks
}

#[test]
fn gamma_family_matches_scipy() {
    check_family("gamma");
}

#[test]
fn gamma_ratios_match_scipy() {
    check_family("gamma_ratios");
}

#[test]
fn transforms_match_scipy() {
    check_family("transforms");
}

#[test]
fn vonmises_matches_scipy() {
    check_family("vonmises");
}

#[test]
fn counts_match_scipy() {
    check_family("counts");
}

#[test]
fn other_discrete_laws_match_scipy() {
    check_family("discrete");
}

/// Every case of the fixture belongs to a family (none is silently skipped), and the suite
/// stays under the number of checks its error budget assumes.
#[test]
fn every_case_is_checked() {
    let (_, names) = cases();
    let mut per_method: BTreeMap<String, usize> = BTreeMap::new();
    for name in &names {
        let m = method(name);
        assert!(
            FAMILIES.iter().any(|(_, ms)| ms.contains(&m.as_str())),
            "case {name} (method {m}) is in no family"
        );
        *per_method.entry(m).or_default() += 1;
    }
    assert!(
        4 * names.len() < 400,
        "{} cases exceed the error budget",
        names.len()
    );
    assert!(per_method.len() >= 31, "methods covered: {per_method:?}");
}

#[test]
fn lgamma_matches_python() {
    use kernels_std::random::exact_math::lgamma;
    let (npz, _) = cases();
    let x = npz.array::<f64>("lgamma.x").unwrap().to_vec().unwrap();
    let want = npz.array::<f64>("lgamma.ref").unwrap().to_vec().unwrap();
    for (&x, &w) in x.iter().zip(&want) {
        let got = lgamma(x);
        // Below 10 the recurrence subtracts ln(x (x+1) ... ) from lgamma(x + n), both up to
        // ln(10!) = 15: an absolute error of a few ulps of 15.
        let tol = if x < 10.0 {
            16.0 * f64::EPSILON * w.abs().max(15.0)
        } else {
            4.0 * f64::EPSILON * w.abs().max(1.0)
        };
        assert!(
            (got - w).abs() <= tol,
            "lgamma({x:e}) = {got:e}, want {w:e}"
        );
    }
    assert!(lgamma(0.0).is_nan() && lgamma(-1.0).is_nan());
    assert_eq!(lgamma(f64::INFINITY), f64::INFINITY);
}
