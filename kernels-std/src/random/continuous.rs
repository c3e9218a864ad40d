//! The continuous distributions' kernels: one raw kernel for the gamma family and one for
//! the transformed laws (the kind a launch argument), each element computed from its own
//! counters (see [`draw`](super::kernels::draw)), and the host side that broadcasts, checks and
//! launches. Two kernels rather than one keep NVRTC's work (and a first call's compile time)
//! small: each sampler is inlined once, and a call compiles only its family.

use crate::prelude::*;

use super::checks::{check_continuous_params, param_index, CONTINUOUS};
use super::exact_math::{exp, expm1, ln, sincos_turns};
use super::generator::{launch_for, Generator};
use super::params::{output_shape, prepare, Param, Size};
use super::samplers::gamma::{johnk_beta_at, standard_gamma_at};
use super::samplers::poisson::poisson_at;
use super::samplers::vonmises::{vonmises_at, wrapped_normal_of};
use super::stream::{draw, normal_at, unit_open};
use super::uniform::{unit_f64, RandomFloat};

/// The continuous distributions of [`gamma_variates`] (0 to 6) and [`transformed_variates`]
/// (7 to 18), numbered as the kernels dispatch them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContinuousKind {
    /// `gamma(shape, scale)` (`standard_gamma` is scale 1).
    Gamma = 0,
    /// `beta(a, b)`.
    Beta = 1,
    /// `chisquare(df)`.
    Chisquare = 2,
    /// `f(dfnum, dfden)`.
    F = 3,
    /// `standard_t(df)`.
    StandardT = 4,
    /// `noncentral_chisquare(df, nonc)`.
    NoncentralChisquare = 5,
    /// `noncentral_f(dfnum, dfden, nonc)`.
    NoncentralF = 6,
    /// `gumbel(loc, scale)`.
    Gumbel = 7,
    /// `laplace(loc, scale)`.
    Laplace = 8,
    /// `logistic(loc, scale)`.
    Logistic = 9,
    /// `lognormal(mean, sigma)`.
    Lognormal = 10,
    /// `pareto(a)`.
    Pareto = 11,
    /// `power(a)`.
    Power = 12,
    /// `rayleigh(scale)`.
    Rayleigh = 13,
    /// `standard_cauchy()`.
    StandardCauchy = 14,
    /// `triangular(left, mode, right)`.
    Triangular = 15,
    /// `vonmises(mu, kappa)`.
    Vonmises = 16,
    /// `wald(mean, scale)`.
    Wald = 17,
    /// `weibull(a)`.
    Weibull = 18,
}

impl ContinuousKind {
    /// Every kind.
    pub const ALL: [ContinuousKind; 19] = [
        ContinuousKind::Gamma,
        ContinuousKind::Beta,
        ContinuousKind::Chisquare,
        ContinuousKind::F,
        ContinuousKind::StandardT,
        ContinuousKind::NoncentralChisquare,
        ContinuousKind::NoncentralF,
        ContinuousKind::Gumbel,
        ContinuousKind::Laplace,
        ContinuousKind::Logistic,
        ContinuousKind::Lognormal,
        ContinuousKind::Pareto,
        ContinuousKind::Power,
        ContinuousKind::Rayleigh,
        ContinuousKind::StandardCauchy,
        ContinuousKind::Triangular,
        ContinuousKind::Vonmises,
        ContinuousKind::Wald,
        ContinuousKind::Weibull,
    ];

    /// NumPy's method name.
    pub fn name(self) -> &'static str {
        CONTINUOUS[self as usize].name
    }
}

/// `triangular(left, mode, right)` by inversion of its distribution function.
#[device_fn]
pub fn triangular_of(u: f64, left: f64, mode: f64, right: f64) -> f64 {
    let base = right - left;
    let left_base = mode - left;
    let ratio = left_base / base;
    if u <= ratio {
        left + (u * left_base * base).sqrt()
    } else {
        right - ((1.0 - u) * (right - mode) * base).sqrt()
    }
}

/// `wald(mean, scale)` (Michael, Schucany and Haas) from a normal `z` and a uniform `u`:
/// `y = mean z^2`, the smaller root `x = mean (4 scale / y) / (1 + sqrt(1 + 4 scale / y))^2`
/// of the quadratic (written so that nothing cancels), taken when `u <= mean / (mean + x)`,
/// else `mean^2 / x`.
#[device_fn]
pub fn wald_of(z: f64, u: f64, mean: f64, scale: f64) -> f64 {
    let y = mean * z * z;
    let t = 4.0 * scale / y;
    let x = if y == 0.0 || t > 1e300 {
        mean
    } else {
        let d = 1.0 + (1.0 + t).sqrt();
        mean * t / (d * d)
    };
    if u <= mean / (mean + x) {
        x
    } else {
        mean * mean / x
    }
}

/// One variate of the gamma family (kinds 0 to 6 of [`ContinuousKind`]: gamma, beta,
/// chisquare, f, standard_t, noncentral_chisquare, noncentral_f) with parameters `(a, b, c)`.
///
/// Each is a combination of at most three gamma variates (parts 0, 1, 2), a normal and a
/// Poisson count, drawn at one call site each (the CUDA C inlines every sampler once):
/// chi-square `2 G(df/2)`; F `(2 G0(a/2) b) / (2 G1(b/2) a)`; t `sqrt(df/2) z0 / sqrt(G1(df/2))`;
/// noncentral chi-square `2 G0(df/2)` when `nonc = 0`, `2 G0((df-1)/2) + (z1 + sqrt(nonc))^2`
/// when `df > 1`, else `2 G1((df + 2i)/2)` with `i` Poisson of mean `nonc/2` (part 0);
/// noncentral F that over `2 G2(dfden/2)`, scaled; beta `G0(a) / (G0(a) + G1(b))`, or Johnk's
/// method (part 0) when both shapes are at most 1.
#[device_fn]
pub fn gamma_family_at(
    kind: u32,
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    a: f64,
    b: f64,
    c: f64,
) -> f64 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return f64::NAN;
    }
    if kind == 1 && a <= 1.0 && b <= 1.0 {
        return johnk_beta_at(k0, k1, block, half, 0u32, a, b);
    }
    let noncentral = kind == 5 || kind == 6;
    let df = a;
    let nonc = if kind == 6 { c } else { b };
    let mixture = noncentral && nonc != 0.0 && df <= 1.0;
    let mut count = 0.0f64;
    if mixture {
        let i: i64 = poisson_at(k0, k1, block, half, 0u32, 0.5 * nonc);
        count = i as f64;
    }
    // The shapes of the gamma variates of parts 0, 1, 2 (NaN: not drawn).
    let mut shapes = [f64::NAN; 3];
    if kind == 0 {
        shapes[0] = a;
    } else if kind == 1 {
        shapes[0] = a;
        shapes[1] = b;
    } else if kind == 2 {
        shapes[0] = 0.5 * a;
    } else if kind == 3 {
        shapes[0] = 0.5 * a;
        shapes[1] = 0.5 * b;
    } else if kind == 4 {
        shapes[1] = 0.5 * a;
    } else {
        if nonc == 0.0 {
            shapes[0] = 0.5 * df;
        } else if df > 1.0 {
            shapes[0] = 0.5 * (df - 1.0);
        } else {
            shapes[1] = 0.5 * (df + 2.0 * count);
        }
        if kind == 6 {
            shapes[2] = 0.5 * b;
        }
    }
    let mut g = [0.0f64; 3];
    for s in 0..3u32 {
        if !shapes[s].is_nan() {
            g[s] = standard_gamma_at(k0, k1, block, half, s, shapes[s]);
        }
    }
    let normal = kind == 4 || (noncentral && nonc != 0.0 && df > 1.0);
    let mut z = 0.0f64;
    if normal {
        let part = if kind == 4 { 0u32 } else { 1u32 };
        z = normal_at(k0, k1, block, half, part, 0u32);
    }
    let nc = if nonc == 0.0 {
        2.0 * g[0]
    } else if df > 1.0 {
        let s = z + nonc.sqrt();
        2.0 * g[0] + s * s
    } else {
        2.0 * g[1]
    };
    match kind {
        0 => b * g[0],
        1 => g[0] / (g[0] + g[1]),
        2 => 2.0 * g[0],
        3 => (2.0 * g[0] * b) / (2.0 * g[1] * a),
        4 => (0.5 * a).sqrt() * z / g[1].sqrt(),
        5 => nc,
        _ => (nc * b) / (2.0 * g[2] * a),
    }
}

/// One variate of the transformed laws (kinds 7 to 18 of [`ContinuousKind`]) with parameters
/// `(a, b, c)`, from the element's first word `w` (part 0, draw 0; `u` its uniform in
/// `(0, 1)`, `v = 1 - unit_f64(w)` in `(0, 1]`, `e = -ln v` exponential) or its normal `z`
/// (draws 0 and 1):
///
/// | kind | variate |
/// | --- | --- |
/// | gumbel | `a - b ln(-ln u)` |
/// | laplace | `a - b ln(2 - 2u)` for `u >= 1/2`, else `a + b ln(2u)` |
/// | logistic | `a + b ln(u / (1 - u))` |
/// | lognormal | `exp(a + b z)` |
/// | pareto | `expm1(e / a)` |
/// | power | `exp(ln(v) / a)` (`v^(1/a)`) |
/// | rayleigh | `a sqrt(2e)` |
/// | standard_cauchy | `cos(pi u) / sin(pi u)` |
/// | triangular | inversion of `unit_f64(w)` ([`triangular_of`]) |
/// | vonmises | [`vonmises_at`]; above `kappa = 1e6` the wrapped normal of `z` |
/// | wald | [`wald_of`] of `z` and draw 2 |
/// | weibull | `exp(ln(e) / a)` (`e^(1/a)`), 0 for `a = 0` |
///
/// The logarithms, exponentials and the normal are each computed at one call site (so that
/// the CUDA C inlines each function once).
#[device_fn]
pub fn transformed_at(
    kind: u32,
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    a: f64,
    b: f64,
    c: f64,
) -> f64 {
    if a.is_nan() || b.is_nan() || c.is_nan() {
        return f64::NAN;
    }
    if kind == 16 && b <= 1e6 {
        return vonmises_at(k0, k1, block, half, 0u32, a, b);
    }
    let w: u64 = draw(k0, k1, block, half, 0u32, 0u32);
    let u: f64 = unit_open(w);
    let v: f64 = 1.0 - unit_f64(w);
    // The first logarithm.
    let arg = match kind {
        7 => u,
        8 => {
            if u >= 0.5 {
                2.0 - 2.0 * u
            } else {
                2.0 * u
            }
        }
        9 => u / (1.0 - u),
        11..=13 | 18 => v,
        _ => 1.0,
    };
    let l1: f64 = ln(arg);
    // The second (gumbel: ln(-ln u); weibull: ln e).
    let l2: f64 = if kind == 7 || kind == 18 {
        ln(0.0 - l1)
    } else {
        0.0
    };
    // The normal.
    let z: f64 = if kind == 10 || kind == 16 || kind == 17 {
        normal_at(k0, k1, block, half, 0u32, 0u32)
    } else {
        0.0
    };
    // The exponential.
    let earg = match kind {
        10 => a + b * z,
        12 => l1 / a,
        18 => l2 / a,
        _ => 0.0,
    };
    let ex: f64 = exp(earg);
    match kind {
        7 => a - b * l2,
        8 => {
            if u >= 0.5 {
                a - b * l1
            } else {
                a + b * l1
            }
        }
        9 => a + b * l1,
        10 | 12 => ex,
        11 => expm1((0.0 - l1) / a),
        13 => a * (2.0 * (0.0 - l1)).sqrt(),
        14 => {
            let (s, co): (f64, f64) = sincos_turns(0.5 * u);
            co / s
        }
        15 => {
            let uf: f64 = unit_f64(w);
            triangular_of(uf, a, b, c)
        }
        16 => wrapped_normal_of(z, a, b),
        17 => {
            let w2: u64 = draw(k0, k1, block, half, 0u32, 2u32);
            let u2: f64 = unit_f64(w2);
            wald_of(z, u2, a, b)
        }
        _ => {
            if a == 0.0 {
                0.0
            } else {
                ex
            }
        }
    }
}

/// One variate of kind `kind` (a [`ContinuousKind`]) with parameters `(a, b, c)` (unused ones
/// ignored; a NaN parameter gives NaN, as in NumPy), for the element reading half `half` of
/// block `block`: [`gamma_family_at`] or [`transformed_at`].
#[device_fn]
pub fn continuous_at(
    kind: u32,
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    a: f64,
    b: f64,
    c: f64,
) -> f64 {
    if kind <= 6 {
        gamma_family_at(kind, k0, k1, block, half, a, b, c)
    } else {
        transformed_at(kind, k0, k1, block, half, a, b, c)
    }
}

/// `out[i] = gamma_family_at(kind, ..., pa[i], pb[i], pc[i])`, element `i` reading half
/// `i % 2` of block `base + i / 2` (a parameter of one element applies to all). Any 1-D
/// launch.
#[raw_kernel]
pub fn gamma_variates(
    out: &mut [f64],
    kind: u32,
    pa: &[f64],
    pb: &[f64],
    pc: &[f64],
    k0: u32,
    k1: u32,
    base: u64,
) {
    let n = out.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (ja, jb, jc): (u64, u64, u64) = (
            param_index(pa.len(), i),
            param_index(pb.len(), i),
            param_index(pc.len(), i),
        );
        let x: f64 = gamma_family_at(
            kind,
            k0,
            k1,
            base + i / 2,
            (i % 2) as u32,
            pa[ja],
            pb[jb],
            pc[jc],
        );
        out[i] = x;
        i += stride;
    }
}

/// `out[i] = transformed_at(kind, ..., pa[i], pb[i], pc[i])`, as [`gamma_variates`].
#[raw_kernel]
pub fn transformed_variates(
    out: &mut [f64],
    kind: u32,
    pa: &[f64],
    pb: &[f64],
    pc: &[f64],
    k0: u32,
    k1: u32,
    base: u64,
) {
    let n = out.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (ja, jb, jc): (u64, u64, u64) = (
            param_index(pa.len(), i),
            param_index(pb.len(), i),
            param_index(pc.len(), i),
        );
        let x: f64 = transformed_at(
            kind,
            k0,
            k1,
            base + i / 2,
            (i % 2) as u32,
            pa[ja],
            pb[jb],
            pc[jc],
        );
        out[i] = x;
        i += stride;
    }
}

/// Launches the kernel of `kind` ([`gamma_variates`] or [`transformed_variates`]) into
/// `out`, with the parameters as those kernels read them.
#[allow(clippy::too_many_arguments)]
pub fn launch_continuous(
    launch: &LaunchConfig,
    out: &mut Array<f64>,
    kind: ContinuousKind,
    p: [&Array<f64>; 3],
    key: [u32; 2],
    base: u64,
) -> Result<()> {
    let [k0, k1] = key;
    if (kind as u32) <= 6 {
        gamma_variates::launch(launch, out, kind as u32, p[0], p[1], p[2], k0, k1, base)
    } else {
        transformed_variates::launch(launch, out, kind as u32, p[0], p[1], p[2], k0, k1, base)
    }
}

impl Generator {
    /// Draws `kind` with `params` (up to three; missing ones are 0) of shape `size` (or the
    /// parameters' broadcast shape), after NumPy's checks. A failed call takes no block.
    pub(crate) fn continuous<T: RandomFloat>(
        &mut self,
        device: &Device,
        kind: ContinuousKind,
        params: &[(&str, Param<f64>)],
        size: Size,
    ) -> Result<Array<T>> {
        let spec = &CONTINUOUS[kind as usize];
        let name = spec.name;
        let shapes: Vec<&[usize]> = params.iter().map(|(_, p)| p.shape()).collect();
        let shape = output_shape(name, &shapes, &size)?;
        let mut prepared = Vec::with_capacity(3);
        let mut given = Vec::with_capacity(3);
        for k in 0..3 {
            match params.get(k) {
                Some((pname, p)) => {
                    prepared.push(prepare(name, pname, p, &shape, device)?);
                    given.push(match p {
                        Param::Array(a) => Some(a.clone()),
                        Param::Scalar(_) => None,
                    });
                }
                None => {
                    prepared.push(Array::from_vec(device, &[1], vec![0.0])?);
                    given.push(None);
                }
            }
        }
        let n: usize = shape.iter().product();
        check_continuous_params(
            spec,
            [&prepared[0], &prepared[1], &prepared[2]],
            [given[0].as_ref(), given[1].as_ref(), given[2].as_ref()],
            n,
            device,
        )?;
        let mut out = Array::<f64>::zeros(device, &shape)?;
        let base = self.take(n)?;
        if n > 0 {
            let p = [&prepared[0], &prepared[1], &prepared[2]];
            launch_continuous(&launch_for(n as u64), &mut out, kind, p, self.key(), base)?;
        }
        // f32 results (standard_gamma's dtype): the f64 variates rounded once.
        T::from_f64_array(out)
    }
}
