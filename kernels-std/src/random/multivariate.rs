//! The multivariate discrete and simplex laws: `dirichlet`, `multinomial`,
//! `multivariate_hypergeometric`. One thread per output row (a vector of `k` components);
//! row `r` reads the counters of element `r` (half `r % 2` of block `offset + r / 2`), and
//! component `j` draws from its own parts of them (see [`samplers`](super::samplers)), so the
//! rows do not depend on the launch.

use crate::prelude::*;

use super::checks::param_index;
use super::generator::{launch_for, Generator};
use super::params::{output_shape, prepare, Param, Size};
use super::samplers::binomial::binomial_at;
use super::samplers::gamma::{beta_at, standard_gamma_at};
use super::samplers::hypergeometric::hypergeometric_at;
use super::stream::bounded_at;

/// `csum[j] = alpha[j] + alpha[j + 1] + ... + alpha[k - 1]`, summed from the right (thread 0 of
/// block 0).
#[raw_kernel]
pub fn suffix_sums(alpha: &[f64], csum: &mut [f64]) {
    if block_idx().x == 0 && thread_idx().x == 0 {
        let mut s = 0.0f64;
        let mut j = alpha.len();
        while j > 0 {
            j -= 1;
            s += alpha[j];
            csum[j] = s;
        }
    }
}

/// Dirichlet rows of `k = alpha.len()` components: with `stick = 0`, gamma variates of shapes
/// `alpha` (component `j` from part `2j`) divided by their sum; with `stick = 1` (every
/// `alpha` below 0.1, where all the gamma variates of a row can underflow to 0), stick breaking:
/// component `j` is the remaining length times a beta variate of `(alpha[j], csum[j + 1])`
/// (parts `2j`, `2j + 1`), the last the remaining length; nothing left when `csum[j + 1]` is 0.
#[raw_kernel]
pub fn dirichlet_rows(
    out: &mut [f64],
    alpha: &[f64],
    csum: &[f64],
    stick: u32,
    k0: u32,
    k1: u32,
    base: u64,
) {
    let k = alpha.len();
    let rows = out.len() / k;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut r = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while r < rows {
        let block = base + r / 2;
        let half = (r % 2) as u32;
        let o = r * k;
        if stick != 0 {
            if csum[0] > 0.0 {
                let mut acc = 1.0f64;
                let mut j = 0u64;
                while j + 1 < k {
                    let v: f64 =
                        beta_at(k0, k1, block, half, (2 * j) as u32, alpha[j], csum[j + 1]);
                    out[o + j] = acc * v;
                    acc *= 1.0 - v;
                    if csum[j + 1] == 0.0 {
                        break;
                    }
                    j += 1;
                }
                out[o + k - 1] = acc;
            }
        } else {
            let mut sum = 0.0f64;
            for j in 0..k {
                let g: f64 = standard_gamma_at(k0, k1, block, half, (2 * j) as u32, alpha[j]);
                out[o + j] = g;
                sum += g;
            }
            for j in 0..k {
                out[o + j] = out[o + j] / sum;
            }
        }
        r += stride;
    }
}

/// Multinomial rows of `k` categories: row `r` has `n[r]` trials (one `n` for all when it has
/// one element) and probabilities `pvals[po..po + k]` (`po = 0` when `pvals` has `k`
/// elements, else `r k`); conditional binomials, category `j` from part `j`:
/// `x_j = binomial(n - x_0 - ... - x_{j-1}, p_j / (1 - p_0 - ... - p_{j-1}))`, the last
/// category the trials left (as NumPy; `pvals[k - 1]` is not read).
#[raw_kernel]
pub fn multinomial_rows(
    out: &mut [i64],
    n: &[i64],
    pvals: &[f64],
    k: u64,
    k0: u32,
    k1: u32,
    base: u64,
) {
    let rows = out.len() / k;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut r = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while r < rows {
        let block = base + r / 2;
        let half = (r % 2) as u32;
        let o = r * k;
        let po = if pvals.len() == k { 0u64 } else { r * k };
        let jn: u64 = param_index(n.len(), r);
        let mut left = n[jn];
        let mut left_p = 1.0f64;
        let mut j = 0u64;
        while j + 1 < k && left > 0 {
            let pj = pvals[po + j];
            let p = if left_p > 0.0 {
                (pj / left_p).min(1.0)
            } else if pj > 0.0 {
                1.0
            } else {
                0.0
            };
            let x: i64 = binomial_at(k0, k1, block, half, j as u32, left, p);
            out[o + j] = x;
            left -= x;
            left_p -= pj;
            j += 1;
        }
        if left > 0 {
            out[o + k - 1] = left;
        }
        r += stride;
    }
}

/// Multivariate hypergeometric rows: `nsample` items drawn without replacement from
/// `colors[j]` items of each colour (`total` in all). `count = 0` ("marginals"): colour `j`
/// from part `j`, a hypergeometric variate of its items against the items of the colours
/// after it, in the sample left; `count = 1` ("count"): the items drawn one by one (each an
/// exactly uniform integer below the items left, part 0), counted by colour.
#[raw_kernel]
pub fn multivariate_hypergeometric_rows(
    out: &mut [i64],
    colors: &[i64],
    total: i64,
    nsample: i64,
    count: u32,
    k0: u32,
    k1: u32,
    base: u64,
) {
    let k = colors.len();
    let rows = out.len() / k;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut r = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while r < rows {
        let block = base + r / 2;
        let half = (r % 2) as u32;
        let o = r * k;
        if count == 0 {
            let mut left_total = total;
            let mut left = nsample;
            let mut j = 0u64;
            while j + 1 < k && left > 0 {
                let c = colors[j];
                let x: i64 =
                    hypergeometric_at(k0, k1, block, half, j as u32, c, left_total - c, left);
                out[o + j] = x;
                left -= x;
                left_total -= c;
                j += 1;
            }
            if left > 0 {
                out[o + k - 1] = left;
            }
        } else {
            let mut left_total = total;
            let mut draw = 0u32;
            for _t in 0..nsample {
                let (pick, next): (u64, u32) =
                    bounded_at(k0, k1, block, half, 0u32, draw, left_total as u64);
                draw = next;
                let target = pick as i64;
                let mut acc = 0i64;
                let mut c = 0u64;
                loop {
                    acc += colors[c] - out[o + c];
                    if target < acc {
                        break;
                    }
                    c += 1;
                }
                out[o + c] = out[o + c] + 1;
                left_total -= 1;
            }
        }
        r += stride;
    }
}

/// Multinomial checks (thread per row of `pvals`, `k` per row): `flags[0]` bit 0 when an entry
/// is negative, above 1 or NaN, bit 1 when the Kahan sum of a row's first `k - 1` entries
/// passes `1 + 1e-12` (NumPy's checks, NumPy's summation).
#[raw_kernel]
pub fn multinomial_checks(pvals: &[f64], k: u64, flags: &mut [u32]) {
    let rows = pvals.len() / k;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut r = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while r < rows {
        let mut mask = 0u32;
        let mut sum = 0.0f64;
        let mut comp = 0.0f64;
        for j in 0..k {
            let p = pvals[r * k + j];
            if !(p >= 0.0 && p <= 1.0) {
                mask |= 1;
            }
            if j + 1 < k {
                let y = p - comp;
                let t = sum + y;
                comp = (t - sum) - y;
                sum = t;
            }
        }
        if sum > 1.0 + 1e-12 {
            mask |= 2;
        }
        if mask != 0 {
            atomic_or(&flags, 0, mask);
        }
        r += stride;
    }
}

/// The method of [`Generator::multivariate_hypergeometric`] (NumPy's `method=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HypergeometricMethod {
    /// `"marginals"` (NumPy's default): one hypergeometric variate per colour; needs
    /// `sum(colors) < 10^9`.
    #[default]
    Marginals,
    /// `"count"`: the items drawn one by one, `O(nsample k)` per row.
    Count,
}

/// The smallest and largest element of `a` (NumPy's NaN-propagating `min` and `max`).
fn extrema(a: &Array<f64>) -> Result<(f64, f64)> {
    let lo = crate::reduce::min(a).run()?.to_vec()?[0];
    let hi = crate::reduce::max(a).run()?.to_vec()?[0];
    Ok((lo, hi))
}

impl Generator {
    /// NumPy's `Generator.dirichlet(alpha, size)`: vectors on the simplex, of shape
    /// `size + [k]` for `k = alpha.len()` (`[k]` when `size` is `None`), with concentrations
    /// `alpha` (gamma variates normalized by their sum; NumPy's stick breaking with beta
    /// variates when every `alpha` is below 0.1). Zero concentrations give zero components.
    ///
    /// Errors: `alpha` not 1-d or on another device; "alpha < 0".
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let alpha = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 7.0])?;
    /// let x = Generator::new(1).dirichlet(&dev, &alpha, &[200])?;
    /// assert_eq!(x.shape(), &[200, 3]);
    /// let v = x.to_vec()?;
    /// assert!(v.chunks(3).all(|r| (r.iter().sum::<f64>() - 1.0).abs() < 1e-12));
    /// // Mean alpha / sum(alpha).
    /// let m: f64 = v.chunks(3).map(|r| r[2]).sum::<f64>() / 200.0;
    /// assert!((m - 0.7).abs() < 0.05);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn dirichlet(
        &mut self,
        device: &Device,
        alpha: &Array<f64>,
        size: impl Into<Size>,
    ) -> Result<Array<f64>> {
        if alpha.ndim() != 1 {
            return Err(Error::invalid(format!(
                "dirichlet: alpha must be 1-dimensional, got shape {:?}",
                alpha.shape()
            )));
        }
        let alpha = prepare(
            "dirichlet",
            "alpha",
            &Param::Array(alpha.clone()),
            alpha.shape(),
            device,
        )?
        .reshape(&[alpha.len()])?;
        let k = alpha.len();
        let (lo, hi) = if k > 0 { extrema(&alpha)? } else { (0.0, 0.0) };
        if lo < 0.0 {
            return Err(Error::invalid("dirichlet: alpha < 0"));
        }
        let mut shape = size.into().shape().map_or_else(Vec::new, <[usize]>::to_vec);
        shape.push(k);
        let rows: usize = shape[..shape.len() - 1].iter().product();
        if 2 * (k as u64) >= u64::from(u32::MAX) {
            return Err(Error::invalid(format!(
                "dirichlet: {k} components exceed the counters of an element (2^31)"
            )));
        }
        let mut out = Array::<f64>::zeros(device, &shape)?;
        let base = self.take(rows)?;
        if rows > 0 && k > 0 {
            let mut csum = Array::<f64>::zeros(device, &[k])?;
            suffix_sums::launch(&LaunchConfig::new(1, 1), &alpha, &mut csum)?;
            let stick = u32::from(hi < 0.1);
            let [k0, k1] = self.key();
            dirichlet_rows::launch(
                &launch_for(rows as u64),
                &mut out,
                &alpha,
                &csum,
                stick,
                k0,
                k1,
                base,
            )?;
        }
        Ok(out)
    }

    /// NumPy's `Generator.multinomial(n, pvals, size)`: counts of `n` trials over `k`
    /// categories of probabilities `pvals` (its last axis; the leading axes broadcast with `n`
    /// and `size`), shape `size + [k]` (or the broadcast shape of `n` and the leading axes of
    /// `pvals`, plus `[k]`). As in NumPy, the last category takes the trials left, so only
    /// `sum(pvals[..., :-1]) <= 1` is required.
    ///
    /// Errors: `n < 0`; an entry of `pvals` outside `[0, 1]` or NaN; `sum(pvals[:-1]) > 1.0`
    /// (beyond `1e-12`); an empty last axis or a 0-d `pvals`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let pvals = Array::from_vec(&dev, &[6], vec![1.0 / 6.0; 6])?;
    /// let x = Generator::new(2).multinomial(&dev, 20, &pvals, &[4])?;
    /// assert_eq!(x.shape(), &[4, 6]);
    /// assert!(x.to_vec()?.chunks(6).all(|r| r.iter().sum::<i64>() == 20));
    /// let bad = Array::from_vec(&dev, &[2], vec![1.5, -0.5])?;
    /// assert!(Generator::new(2).multinomial(&dev, 20, &bad, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multinomial(
        &mut self,
        device: &Device,
        n: impl Into<Param<i64>>,
        pvals: &Array<f64>,
        size: impl Into<Size>,
    ) -> Result<Array<i64>> {
        let n = n.into();
        let k = pvals.shape().last().copied().unwrap_or(0);
        if pvals.ndim() == 0 || k == 0 {
            return Err(Error::invalid(
                "multinomial: pvals must have at least 1 dimension and the last dimension of \
                 pvals must be greater than 0.",
            ));
        }
        if !pvals.device().same(device) {
            return Err(Error::invalid(format!(
                "multinomial: pvals is on {} but the call is on {device}",
                pvals.device()
            )));
        }
        // The parameters' checks first (NumPy's order: pvals, then n).
        let own = pvals.as_standard_layout()?;
        let mut flags = Array::<u32>::zeros(device, &[1])?;
        let prow = own.len() / k;
        multinomial_checks::launch(&launch_for(prow as u64), &own, k as u64, &mut flags)?;
        let mask = flags.to_vec()?[0];
        if mask & 1 != 0 {
            return Err(Error::invalid(
                "multinomial: pvals < 0, pvals > 1 or pvals contains NaNs",
            ));
        }
        if mask & 2 != 0 {
            return Err(Error::invalid("multinomial: sum(pvals[:-1]) > 1.0"));
        }
        let n_min = match &n {
            Param::Scalar(v) => *v,
            Param::Array(a) if a.is_empty() => 0,
            Param::Array(a) => crate::reduce::min(a).run()?.to_vec()?[0],
        };
        if n_min < 0 {
            return Err(Error::invalid("multinomial: n < 0"));
        }
        let lead = &pvals.shape()[..pvals.ndim() - 1];
        let batch = output_shape("multinomial", &[n.shape(), lead], &size.into())?;
        let rows: usize = batch.iter().product();
        let n = prepare("multinomial", "n", &n, &batch, device)?;
        let pvals = if pvals.ndim() == 1 {
            own
        } else {
            let mut full = batch.clone();
            full.push(k);
            pvals.broadcast_to(&full)?.as_standard_layout()?
        };
        if k as u64 >= u64::from(u32::MAX) {
            return Err(Error::invalid(format!(
                "multinomial: {k} categories exceed the counters of an element (2^32)"
            )));
        }
        let mut shape = batch;
        shape.push(k);
        let mut out = Array::<i64>::zeros(device, &shape)?;
        let base = self.take(rows)?;
        if rows > 0 {
            let [k0, k1] = self.key();
            let launch = launch_for(rows as u64);
            multinomial_rows::launch(&launch, &mut out, &n, &pvals, k as u64, k0, k1, base)?;
        }
        Ok(out)
    }

    /// NumPy's `Generator.multivariate_hypergeometric(colors, nsample, size, method)`: the
    /// counts by colour of `nsample` items drawn without replacement from `colors[j]` items of
    /// each colour, shape `size + [k]`.
    ///
    /// Errors (NumPy's messages): `colors` not 1-d or with a negative entry, `nsample < 0`,
    /// `nsample > sum(colors)`, `sum(colors) >= 10^9` with `Marginals`, `sum(colors)` beyond
    /// `i64`; and here `nsample >= 2^31` with `Count` (the draws an element's counters hold).
    ///
    /// ```
    /// use kernels_std::random::{Generator, HypergeometricMethod};
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let colors = Array::from_vec(&dev, &[3], vec![16i64, 8, 4])?;
    /// let mut rng = Generator::new(3);
    /// for method in [HypergeometricMethod::Marginals, HypergeometricMethod::Count] {
    ///     let x = rng.multivariate_hypergeometric(&dev, &colors, 6, &[100], method)?.to_vec()?;
    ///     assert!(x.chunks(3).all(|r| r.iter().sum::<i64>() == 6 && r[2] <= 4));
    /// }
    /// assert!(rng.multivariate_hypergeometric(&dev, &colors, 29, None, Default::default()).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn multivariate_hypergeometric(
        &mut self,
        device: &Device,
        colors: &Array<i64>,
        nsample: i64,
        size: impl Into<Size>,
        method: HypergeometricMethod,
    ) -> Result<Array<i64>> {
        let name = "multivariate_hypergeometric";
        if !colors.device().same(device) {
            return Err(Error::invalid(format!(
                "{name}: colors is on {} but the call is on {device}",
                colors.device()
            )));
        }
        let k = colors.len();
        let negative = k > 0 && crate::reduce::min(colors).run()?.to_vec()?[0] < 0;
        if colors.ndim() != 1 || negative {
            return Err(Error::invalid(format!(
                "{name}: colors must be a one-dimensional sequence of nonnegative integers not \
                 exceeding 9223372036854775807."
            )));
        }
        if nsample < 0 {
            return Err(Error::invalid(format!(
                "{name}: nsample must be nonnegative."
            )));
        }
        let colors = colors.as_standard_layout()?;
        // The total in i64 (wrapping) and in f64, which shows a wrap.
        let (total, approx) = if k == 0 {
            (0, 0.0)
        } else {
            let t = crate::reduce::sum(&colors).run()?.to_vec()?[0];
            let a = crate::reduce::sum(&colors.astype::<f64>()?)
                .run()?
                .to_vec()?[0];
            (t, a)
        };
        if approx >= 9.223372036854776e18 || total < 0 {
            return Err(Error::invalid(format!(
                "{name}: sum(colors) must be less than 2^63"
            )));
        }
        if nsample > total {
            return Err(Error::invalid(format!("{name}: nsample > sum(colors)")));
        }
        if method == HypergeometricMethod::Marginals && total >= 1_000_000_000 {
            return Err(Error::invalid(format!(
                "{name}: When method is \"marginals\", sum(colors) must be less than 1000000000."
            )));
        }
        if method == HypergeometricMethod::Count && nsample >= 1 << 31 {
            return Err(Error::invalid(format!(
                "{name}: method \"count\" draws at most 2^31 - 1 items per row, got nsample = \
                 {nsample}"
            )));
        }
        let mut shape = size.into().shape().map_or_else(Vec::new, <[usize]>::to_vec);
        shape.push(k);
        let rows: usize = shape[..shape.len() - 1].iter().product();
        let mut out = Array::<i64>::zeros(device, &shape)?;
        let base = self.take(rows)?;
        if rows > 0 && k > 0 && nsample > 0 {
            let [k0, k1] = self.key();
            let count = u32::from(method == HypergeometricMethod::Count);
            multivariate_hypergeometric_rows::launch(
                &launch_for(rows as u64),
                &mut out,
                &colors,
                total,
                nsample,
                count,
                k0,
                k1,
                base,
            )?;
        }
        Ok(out)
    }
}
