//! NumPy's checks of distribution parameters, as bit masks of violated rules computed by a
//! device function (on the host for scalar parameters, by a kernel over broadcast arrays),
//! and the table of NumPy's messages for each bit ([`Spec`]).

use crate::prelude::*;

use super::params::flat;

/// NumPy's `POISSON_LAM_MAX`: `i64::MAX - 10 sqrt(i64::MAX)` (as `f64`), the largest mean
/// whose variates stay within `i64`.
pub const POISSON_LAM_MAX: f64 = 9.223372006484771e18;

/// The rules a continuous distribution's parameters `(a, b, c)` break, one bit each in NumPy's
/// order of checking (see [`CONTINUOUS`] for the kinds and messages); `span` is `b - a`
/// computed in the dtype of the parameters (`uniform`'s range).
#[device_fn]
pub fn continuous_violations(kind: u32, a: f64, b: f64, c: f64, span: f64) -> u32 {
    match kind {
        // gamma(shape, scale)
        0 => (a < 0.0) as u32 | ((b < 0.0) as u32) << 1u32,
        // beta(a, b)
        1 => (a <= 0.0) as u32 | ((b <= 0.0) as u32) << 1u32,
        // chisquare(df), standard_t(df)
        2 | 4 => (a <= 0.0) as u32,
        // f(dfnum, dfden)
        3 => (a <= 0.0) as u32 | ((b <= 0.0) as u32) << 1u32,
        // noncentral_chisquare(df, nonc)
        5 => (a <= 0.0) as u32 | ((b < 0.0) as u32) << 1u32,
        // noncentral_f(dfnum, dfden, nonc)
        6 => (a <= 0.0) as u32 | ((b <= 0.0) as u32) << 1u32 | ((c < 0.0) as u32) << 2u32,
        // gumbel, laplace, logistic (loc, scale); lognormal(mean, sigma); normal(loc, scale)
        7..=10 | 19 => (b < 0.0) as u32,
        // pareto(a), power(a)
        11 | 12 => (a <= 0.0) as u32,
        // rayleigh(scale), weibull(a), exponential(scale)
        13 | 18 | 20 => (a < 0.0) as u32,
        // triangular(left, mode, right)
        15 => (a > b) as u32 | ((b > c) as u32) << 1u32 | ((a == c) as u32) << 2u32,
        // vonmises(mu, kappa)
        16 => (b < 0.0) as u32,
        // wald(mean, scale)
        17 => (a <= 0.0) as u32 | ((b <= 0.0) as u32) << 1u32,
        // uniform(low, high)
        21 => (span < 0.0) as u32 | ((!span.is_finite()) as u32) << 1u32,
        // standard_cauchy
        _ => 0u32,
    }
}

/// The rules a discrete distribution's parameters break (integers `ia, ib, ic`, floats
/// `fa, fb`), one bit each in NumPy's order (see [`DISCRETE`]).
#[device_fn]
pub fn discrete_violations(kind: u32, ia: i64, ib: i64, ic: i64, fa: f64, fb: f64) -> u32 {
    match kind {
        // binomial(n, p)
        0 => (ia < 0) as u32 | ((!(fa >= 0.0 && fa <= 1.0)) as u32) << 1u32,
        // geometric(p)
        1 => (!(fa > 0.0 && fa <= 1.0)) as u32,
        // hypergeometric(ngood, nbad, nsample)
        2 => {
            (ia >= 1000000000 || ib >= 1000000000) as u32
                | ((ia + ib < ic) as u32) << 1u32
                | ((ia < 0) as u32) << 2u32
                | ((ib < 0) as u32) << 3u32
                | ((ic < 0) as u32) << 4u32
        }
        // logseries(p)
        3 => (!(fa >= 0.0 && fa < 1.0)) as u32,
        // negative_binomial(n, p)
        4 => {
            let lam = (1.0 - fb) / fb * (fa + 10.0 * fa.sqrt());
            fa.is_nan() as u32
                | ((fa <= 0.0) as u32) << 1u32
                | ((!(fb > 0.0 && fb <= 1.0)) as u32) << 2u32
                | ((lam > 9.223372006484771e18) as u32) << 3u32
        }
        // poisson(lam)
        5 => (!(fa >= 0.0)) as u32 | ((fa > 9.223372006484771e18) as u32) << 1u32,
        // zipf(a)
        6 => (!(fa > 1.0)) as u32,
        _ => 0u32,
    }
}

/// Index `i` of a parameter of one element or one per element.
#[device_fn]
pub fn param_index(len: u64, i: u64) -> u64 {
    if len == 1 {
        0
    } else {
        i
    }
}

/// `flags[0] |= continuous_violations(kind, ...)` over elements `0..n` of the parameters
/// (each of one element or `n`). Any 1-D launch.
#[raw_kernel]
pub fn check_continuous<T: Float>(
    kind: u32,
    pa: &[T],
    pb: &[T],
    pc: &[T],
    n: u64,
    flags: &mut [u32],
) {
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (ja, jb, jc): (u64, u64, u64) = (
            param_index(pa.len(), i),
            param_index(pb.len(), i),
            param_index(pc.len(), i),
        );
        let (a, b, c) = (pa[ja], pb[jb], pc[jc]);
        let span = (b - a).cast::<f64>();
        let mask: u32 = continuous_violations(
            kind,
            a.cast::<f64>(),
            b.cast::<f64>(),
            c.cast::<f64>(),
            span,
        );
        if mask != 0 {
            atomic_or(&flags, 0, mask);
        }
        i += stride;
    }
}

/// `flags[0] |= discrete_violations(kind, ...)` over elements `0..n`. Any 1-D launch.
#[raw_kernel]
pub fn check_discrete(
    kind: u32,
    ia: &[i64],
    ib: &[i64],
    ic: &[i64],
    fa: &[f64],
    fb: &[f64],
    n: u64,
    flags: &mut [u32],
) {
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (ja, jb, jc): (u64, u64, u64) = (
            param_index(ia.len(), i),
            param_index(ib.len(), i),
            param_index(ic.len(), i),
        );
        let (jd, je): (u64, u64) = (param_index(fa.len(), i), param_index(fb.len(), i));
        let mask: u32 = discrete_violations(kind, ia[ja], ib[jb], ic[jc], fa[jd], fb[je]);
        if mask != 0 {
            atomic_or(&flags, 0, mask);
        }
        i += stride;
    }
}

/// What a distribution's checks report: NumPy's method name, the message of each bit of its
/// violation mask, which bits relate several parameters, and parameter values that pass
/// every check (to check one parameter alone).
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// NumPy's method name.
    pub name: &'static str,
    /// The kind, as the kernels number it.
    pub kind: u32,
    /// NumPy's message for each bit, lowest first.
    pub errors: &'static [&'static str],
    /// The bits of rules between parameters (checked on the broadcast parameters only).
    pub cross: u32,
    /// Float parameters that pass every check.
    pub valid_f: [f64; 3],
    /// Integer parameters that pass every check.
    pub valid_i: [i64; 3],
}

const fn spec(name: &'static str, kind: u32, errors: &'static [&'static str], cross: u32) -> Spec {
    Spec {
        name,
        kind,
        errors,
        cross,
        valid_f: [0.5, 0.75, 1.0],
        valid_i: [3, 4, 5],
    }
}

/// The continuous distributions, by kind.
pub const CONTINUOUS: [Spec; 22] = [
    spec("gamma", 0, &["shape < 0", "scale < 0"], 0),
    spec("beta", 1, &["a <= 0", "b <= 0"], 0),
    spec("chisquare", 2, &["df <= 0"], 0),
    spec("f", 3, &["dfnum <= 0", "dfden <= 0"], 0),
    spec("standard_t", 4, &["df <= 0"], 0),
    spec("noncentral_chisquare", 5, &["df <= 0", "nonc < 0"], 0),
    spec(
        "noncentral_f",
        6,
        &["dfnum <= 0", "dfden <= 0", "nonc < 0"],
        0,
    ),
    spec("gumbel", 7, &["scale < 0"], 0),
    spec("laplace", 8, &["scale < 0"], 0),
    spec("logistic", 9, &["scale < 0"], 0),
    spec("lognormal", 10, &["sigma < 0"], 0),
    spec("pareto", 11, &["a <= 0"], 0),
    spec("power", 12, &["a <= 0"], 0),
    spec("rayleigh", 13, &["scale < 0"], 0),
    spec("standard_cauchy", 14, &[], 0),
    spec(
        "triangular",
        15,
        &["left > mode", "mode > right", "left == right"],
        0b111,
    ),
    spec("vonmises", 16, &["kappa < 0"], 0),
    spec("wald", 17, &["mean <= 0", "scale <= 0"], 0),
    spec("weibull", 18, &["a < 0"], 0),
    spec("normal", 19, &["scale < 0"], 0),
    spec("exponential", 20, &["scale < 0"], 0),
    spec(
        "uniform",
        21,
        &["high - low < 0", "high - low range exceeds valid bounds"],
        0b11,
    ),
];

/// The discrete distributions, by kind.
pub const DISCRETE: [Spec; 7] = [
    spec("binomial", 0, &["n < 0", "p < 0, p > 1 or p is NaN"], 0),
    spec("geometric", 1, &["p <= 0, p > 1 or p contains NaNs"], 0),
    spec(
        "hypergeometric",
        2,
        &[
            "both ngood and nbad must be less than 1000000000",
            "ngood + nbad < nsample",
            "ngood < 0",
            "nbad < 0",
            "nsample < 0",
        ],
        0b10,
    ),
    spec("logseries", 3, &["p < 0, p >= 1 or p is NaN"], 0),
    spec(
        "negative_binomial",
        4,
        &[
            "n must not be NaN",
            "n <= 0",
            "p <= 0, p > 1 or p contains NaNs",
            "n too large or p too small, see Generator.negative_binomial Notes",
        ],
        0b1000,
    ),
    spec(
        "poisson",
        5,
        &["lam < 0 or lam is NaN", "lam value too large"],
        0,
    ),
    spec("zipf", 6, &["a <= 1 or a is NaN"], 0),
];

/// The error of the lowest bit of `mask`, or `Ok`.
fn report(spec: &Spec, mask: u32) -> Result<()> {
    if mask == 0 {
        return Ok(());
    }
    let bit = mask.trailing_zeros() as usize;
    let message = spec.errors.get(bit).copied().unwrap_or("invalid parameter");
    Err(Error::invalid(format!("{}: {message}", spec.name)))
}

/// Runs [`check_continuous`] over `n` elements and reads back the mask.
fn continuous_mask<T: super::RandomFloat>(
    spec: &Spec,
    p: [&Array<T>; 3],
    n: usize,
    device: &Device,
) -> Result<u32> {
    if n == 0 {
        return Ok(0);
    }
    let mut flags = Array::<u32>::zeros(device, &[1])?;
    let launch = super::generator::launch_for(n as u64);
    check_continuous::launch(&launch, spec.kind, p[0], p[1], p[2], n as u64, &mut flags)?;
    Ok(flags.to_vec()?[0])
}

/// NumPy's checks of a continuous distribution's parameters: `prepared` are the parameters as
/// the kernel reads them (one element, or `n` in the output's order), `given` the arrays the
/// caller passed (`None` for scalars), checked one by one when the output is empty (NumPy
/// checks the parameters' own values, whatever the output).
pub(crate) fn check_continuous_params<T: super::RandomFloat>(
    spec: &Spec,
    prepared: [&Array<T>; 3],
    given: [Option<&Array<T>>; 3],
    n: usize,
    device: &Device,
) -> Result<()> {
    if given.iter().all(Option::is_none) {
        // Scalars: the device function on the host.
        let v: Vec<T> = prepared
            .iter()
            .map(|a| a.to_vec().map(|v| v[0]))
            .collect::<Result<_>>()?;
        let span = (v[1] - v[0]).as_f64();
        let mask =
            continuous_violations(spec.kind, v[0].as_f64(), v[1].as_f64(), v[2].as_f64(), span);
        return report(spec, mask);
    }
    if n > 0 {
        return report(spec, continuous_mask(spec, prepared, n, device)?);
    }
    // An empty output: each parameter alone, beside values that pass.
    for k in 0..3 {
        let own = match given[k] {
            Some(a) => flat(a)?,
            None => prepared[k].clone(),
        };
        let mut p: Vec<Array<T>> = Vec::with_capacity(3);
        for (j, valid) in spec.valid_f.iter().enumerate() {
            p.push(if j == k {
                own.clone()
            } else {
                Array::from_vec(device, &[1], vec![T::from_f64(*valid)])?
            });
        }
        let mask = continuous_mask(spec, [&p[0], &p[1], &p[2]], own.len(), device)?;
        report(spec, mask & !spec.cross)?;
    }
    Ok(())
}

/// The parameters of a discrete distribution, as [`check_discrete`] reads them.
pub(crate) struct DiscreteParams<'a> {
    /// The integer parameters.
    pub ints: [&'a Array<i64>; 3],
    /// The float parameters.
    pub floats: [&'a Array<f64>; 2],
}

fn discrete_mask(spec: &Spec, p: &DiscreteParams<'_>, n: usize, device: &Device) -> Result<u32> {
    if n == 0 {
        return Ok(0);
    }
    let mut flags = Array::<u32>::zeros(device, &[1])?;
    let launch = super::generator::launch_for(n as u64);
    check_discrete::launch(
        &launch,
        spec.kind,
        p.ints[0],
        p.ints[1],
        p.ints[2],
        p.floats[0],
        p.floats[1],
        n as u64,
        &mut flags,
    )?;
    Ok(flags.to_vec()?[0])
}

/// NumPy's checks of a discrete distribution's parameters (as [`check_continuous_params`]):
/// `given_ints`/`given_floats` are the arrays the caller passed, `None` for scalars.
pub(crate) fn check_discrete_params(
    spec: &Spec,
    prepared: &DiscreteParams<'_>,
    given_ints: [Option<&Array<i64>>; 3],
    given_floats: [Option<&Array<f64>>; 2],
    n: usize,
    device: &Device,
) -> Result<()> {
    let all_scalar =
        given_ints.iter().all(Option::is_none) && given_floats.iter().all(Option::is_none);
    if all_scalar {
        let i: Vec<i64> = prepared
            .ints
            .iter()
            .map(|a| a.to_vec().map(|v| v[0]))
            .collect::<Result<_>>()?;
        let f: Vec<f64> = prepared
            .floats
            .iter()
            .map(|a| a.to_vec().map(|v| v[0]))
            .collect::<Result<_>>()?;
        return report(
            spec,
            discrete_violations(spec.kind, i[0], i[1], i[2], f[0], f[1]),
        );
    }
    if n > 0 {
        return report(spec, discrete_mask(spec, prepared, n, device)?);
    }
    let valid_i: Vec<Array<i64>> = spec
        .valid_i
        .iter()
        .map(|&v| Array::from_vec(device, &[1], vec![v]))
        .collect::<Result<_>>()?;
    let valid_f: Vec<Array<f64>> = spec.valid_f[..2]
        .iter()
        .map(|&v| Array::from_vec(device, &[1], vec![v]))
        .collect::<Result<_>>()?;
    for k in 0..5 {
        let (own_i, own_f) = if k < 3 {
            let own = match given_ints[k] {
                Some(a) => flat(a)?,
                None => prepared.ints[k].clone(),
            };
            (Some(own), None)
        } else {
            let own = match given_floats[k - 3] {
                Some(a) => flat(a)?,
                None => prepared.floats[k - 3].clone(),
            };
            (None, Some(own))
        };
        let len = own_i
            .as_ref()
            .map_or_else(|| own_f.as_ref().map_or(0, Array::len), Array::len);
        let ints: Vec<&Array<i64>> = (0..3)
            .map(|j| match (&own_i, j == k) {
                (Some(a), true) => a,
                _ => &valid_i[j],
            })
            .collect();
        let floats: Vec<&Array<f64>> = (0..2)
            .map(|j| match (&own_f, j + 3 == k) {
                (Some(a), true) => a,
                _ => &valid_f[j],
            })
            .collect();
        let p = DiscreteParams {
            ints: [ints[0], ints[1], ints[2]],
            floats: [floats[0], floats[1]],
        };
        report(spec, discrete_mask(spec, &p, len, device)? & !spec.cross)?;
    }
    Ok(())
}
