//! The discrete distributions' kernel (`i64` results, as NumPy's): one raw kernel for every
//! kind, each element computed from its own counters, and the host side.

use crate::prelude::*;

use super::checks::{check_discrete_params, param_index, DiscreteParams, DISCRETE};
use super::exact_math::{expm1, ln, log1p, pow};
use super::generator::{launch_for, Generator};
use super::params::{output_shape, prepare, Param, Size};
use super::samplers::binomial::binomial_at;
use super::samplers::gamma::standard_gamma_at;
use super::samplers::hypergeometric::hypergeometric_at;
use super::samplers::poisson::poisson_at;
use super::stream::draw;
use super::uniform::unit_f64;

/// The discrete distributions of [`discrete`], numbered as the kernel dispatches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscreteKind {
    /// `binomial(n, p)`: integer `n`, float `p`.
    Binomial = 0,
    /// `geometric(p)`.
    Geometric = 1,
    /// `hypergeometric(ngood, nbad, nsample)`: three integers.
    Hypergeometric = 2,
    /// `logseries(p)`.
    Logseries = 3,
    /// `negative_binomial(n, p)`: two floats.
    NegativeBinomial = 4,
    /// `poisson(lam)`.
    Poisson = 5,
    /// `zipf(a)`.
    Zipf = 6,
}

impl DiscreteKind {
    /// Every kind.
    pub const ALL: [DiscreteKind; 7] = [
        DiscreteKind::Binomial,
        DiscreteKind::Geometric,
        DiscreteKind::Hypergeometric,
        DiscreteKind::Logseries,
        DiscreteKind::NegativeBinomial,
        DiscreteKind::Poisson,
        DiscreteKind::Zipf,
    ];

    /// NumPy's method name.
    pub fn name(self) -> &'static str {
        DISCRETE[self as usize].name
    }
}

/// `geometric(p)` by inversion: `ceil(ln(u) / ln(1 - p))` with `u` in `(0, 1]`, at least 1,
/// `i64::MAX` where it exceeds the type (as NumPy).
#[device_fn]
pub fn geometric_of(w: u64, p: f64) -> i64 {
    if p == 1.0 {
        return 1;
    }
    let u: f64 = 1.0 - unit_f64(w);
    let lu: f64 = ln(u);
    let lq: f64 = log1p(0.0 - p);
    let z = (lu / lq).ceil();
    if z >= 9.223372036854776e18 {
        9223372036854775807i64
    } else if z < 1.0 {
        1
    } else {
        z as i64
    }
}

/// `logseries(p)` by Kemp's second accelerated method ("Efficient generation of logarithmic
/// pseudo-random variables", 1981).
#[device_fn]
pub fn logseries_at(k0: u32, k1: u32, block: u64, half: u32, p: f64) -> i64 {
    let r: f64 = log1p(0.0 - p);
    let mut j = 0u32;
    loop {
        let wv: u64 = draw(k0, k1, block, half, 0u32, j);
        j += 1;
        let v: f64 = unit_f64(wv);
        if v >= p {
            return 1;
        }
        let wu: u64 = draw(k0, k1, block, half, 0u32, j);
        j += 1;
        let uu: f64 = unit_f64(wu);
        let em: f64 = expm1(r * uu);
        let q = 0.0 - em;
        if v <= q * q {
            let lv: f64 = ln(v);
            let lq: f64 = ln(q);
            let x = (1.0 + lv / lq).floor();
            if x < 1.0 || v == 0.0 {
                continue;
            }
            return x as i64;
        }
        if v >= q {
            return 1;
        }
        return 2;
    }
}

/// `zipf(a)` by Devroye's rejection from the continuous Pareto envelope (Non-Uniform Random
/// Variate Generation, 1986, X.6.1): `x = floor(u^(-1/(a-1)))`, accepted when
/// `v x (t - 1) / (b - 1) <= t / b` with `b = 2^(a-1)`, `t = (1 + 1/x)^(a-1)`; values beyond
/// `i64` are redrawn. From `a = 1025`, where `2^(a-1)` overflows, the variate is 1 (its
/// probability is then `1 - 2^-1025` and more).
#[device_fn]
pub fn zipf_at(k0: u32, k1: u32, block: u64, half: u32, a: f64) -> i64 {
    if a >= 1025.0 {
        return 1;
    }
    let am1 = a - 1.0;
    let b: f64 = pow(2.0, am1);
    let mut j = 0u32;
    loop {
        let wu: u64 = draw(k0, k1, block, half, 0u32, j);
        let wv: u64 = draw(k0, k1, block, half, 0u32, j + 1);
        j += 2;
        let u: f64 = 1.0 - unit_f64(wu);
        let v: f64 = unit_f64(wv);
        let px: f64 = pow(u, -1.0 / am1);
        let x = px.floor();
        if x > 9.223372036854776e18 || x < 1.0 {
            continue;
        }
        let t: f64 = pow(1.0 + 1.0 / x, am1);
        if v * x * (t - 1.0) / (b - 1.0) <= t / b {
            return x as i64;
        }
    }
}

/// One variate of kind `kind` (a [`DiscreteKind`]) with integer parameters `ia, ib, ic` and
/// float parameters `fa, fb` (unused ones ignored), for the element reading half `half` of
/// block `block`.
#[device_fn]
pub fn discrete_at(
    kind: u32,
    k0: u32,
    k1: u32,
    block: u64,
    half: u32,
    ia: i64,
    ib: i64,
    ic: i64,
    fa: f64,
    fb: f64,
) -> i64 {
    match kind {
        0 => binomial_at(k0, k1, block, half, 0u32, ia, fa),
        1 => {
            let w: u64 = draw(k0, k1, block, half, 0u32, 0u32);
            geometric_of(w, fa)
        }
        2 => hypergeometric_at(k0, k1, block, half, 0u32, ia, ib, ic),
        3 => logseries_at(k0, k1, block, half, fa),
        4 | 5 => {
            // negative_binomial: a Poisson variate (part 1) whose mean is a gamma variate of
            // shape n and scale (1 - p) / p (part 0); poisson: part 0. One Poisson call site.
            let (lam, part) = if kind == 4 {
                let g: f64 = standard_gamma_at(k0, k1, block, half, 0u32, fa);
                (g * ((1.0 - fb) / fb), 1u32)
            } else {
                (fa, 0u32)
            };
            poisson_at(k0, k1, block, half, part, lam)
        }
        _ => zipf_at(k0, k1, block, half, fa),
    }
}

/// `out[i] = discrete_at(kind, ..., ia[i], ib[i], ic[i], fa[i], fb[i])`, element `i` reading
/// half `i % 2` of block `base + i / 2` (a parameter of one element applies to all). Any 1-D
/// launch.
#[raw_kernel]
pub fn discrete(
    out: &mut [i64],
    kind: u32,
    ia: &[i64],
    ib: &[i64],
    ic: &[i64],
    fa: &[f64],
    fb: &[f64],
    k0: u32,
    k1: u32,
    base: u64,
) {
    let n = out.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (ja, jb, jc): (u64, u64, u64) = (
            param_index(ia.len(), i),
            param_index(ib.len(), i),
            param_index(ic.len(), i),
        );
        let (jd, je): (u64, u64) = (param_index(fa.len(), i), param_index(fb.len(), i));
        let x: i64 = discrete_at(
            kind,
            k0,
            k1,
            base + i / 2,
            (i % 2) as u32,
            ia[ja],
            ib[jb],
            ic[jc],
            fa[jd],
            fb[je],
        );
        out[i] = x;
        i += stride;
    }
}

impl Generator {
    /// Draws `kind` with integer parameters `ints` and float parameters `floats` (missing
    /// ones are placeholders) of shape `size` (or the parameters' broadcast shape), after
    /// NumPy's checks. A failed call takes no block.
    pub(crate) fn discrete(
        &mut self,
        device: &Device,
        kind: DiscreteKind,
        ints: &[(&str, Param<i64>)],
        floats: &[(&str, Param<f64>)],
        size: Size,
    ) -> Result<Array<i64>> {
        let spec = &DISCRETE[kind as usize];
        let name = spec.name;
        let mut shapes: Vec<&[usize]> = ints.iter().map(|(_, p)| p.shape()).collect();
        shapes.extend(floats.iter().map(|(_, p)| p.shape()));
        let shape = output_shape(name, &shapes, &size)?;
        let mut pi = Vec::with_capacity(3);
        let mut gi = Vec::with_capacity(3);
        for k in 0..3 {
            match ints.get(k) {
                Some((pname, p)) => {
                    pi.push(prepare(name, pname, p, &shape, device)?);
                    gi.push(match p {
                        Param::Array(a) => Some(a.clone()),
                        Param::Scalar(_) => None,
                    });
                }
                None => {
                    pi.push(Array::from_vec(device, &[1], vec![spec.valid_i[k]])?);
                    gi.push(None);
                }
            }
        }
        let mut pf = Vec::with_capacity(2);
        let mut gf = Vec::with_capacity(2);
        for k in 0..2 {
            match floats.get(k) {
                Some((pname, p)) => {
                    pf.push(prepare(name, pname, p, &shape, device)?);
                    gf.push(match p {
                        Param::Array(a) => Some(a.clone()),
                        Param::Scalar(_) => None,
                    });
                }
                None => {
                    pf.push(Array::from_vec(device, &[1], vec![spec.valid_f[k]])?);
                    gf.push(None);
                }
            }
        }
        let n: usize = shape.iter().product();
        let prepared = DiscreteParams {
            ints: [&pi[0], &pi[1], &pi[2]],
            floats: [&pf[0], &pf[1]],
        };
        check_discrete_params(
            spec,
            &prepared,
            [gi[0].as_ref(), gi[1].as_ref(), gi[2].as_ref()],
            [gf[0].as_ref(), gf[1].as_ref()],
            n,
            device,
        )?;
        let mut out = Array::<i64>::zeros(device, &shape)?;
        let base = self.take(n)?;
        if n > 0 {
            let [k0, k1] = self.key();
            discrete::launch(
                &launch_for(n as u64),
                &mut out,
                kind as u32,
                &pi[0],
                &pi[1],
                &pi[2],
                &pf[0],
                &pf[1],
                k0,
                k1,
                base,
            )?;
        }
        Ok(out)
    }
}
