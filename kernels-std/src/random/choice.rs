//! Sampling from a population: `choice`, with or without replacement, with or without
//! probabilities.

use crate::prelude::*;

use super::exact_math::ln_unit;
use super::generator::{launch_for, Generator};
use super::permutation::{gather_rows, sort_order};
use super::philox::philox_words;
use super::uniform::unit_f64;

/// Elements per chunk of the cumulative sums (one thread each).
pub const CDF_CHUNK: u64 = 4096;

/// Cumulative sums, pass 1: each chunk of `chunk` elements of `p` summed in order from 0 into
/// `cdf`; `chunks[3c..3c + 3]` = chunk `c`'s `[sum, entries that are negative, infinite or
/// NaN, entries > 0]`.
#[raw_kernel]
pub fn cdf_chunks(p: &[f64], cdf: &mut [f64], chunks: &mut [f64], chunk: u64) {
    let n = p.len();
    let count = chunks.len() / 3;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut c = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while c < count {
        let mut sum = 0.0f64;
        let mut bad = 0.0f64;
        let mut positive = 0.0f64;
        for i in (c * chunk)..(c * chunk + chunk).min(n) {
            let v = p[i];
            if !(v >= 0.0) || v.is_infinite() {
                bad += 1.0;
            }
            if v > 0.0 {
                positive += 1.0;
            }
            sum += v;
            cdf[i] = sum;
        }
        chunks[3 * c] = sum;
        chunks[3 * c + 1] = bad;
        chunks[3 * c + 2] = positive;
        c += stride;
    }
}

/// Cumulative sums, pass 2 (thread 0 of block 0): each chunk's sum becomes the sum of the
/// chunks before it (in order); `stats = [sum of p, bad entries, positive entries]`.
#[raw_kernel]
pub fn cdf_offsets(chunks: &mut [f64], stats: &mut [f64]) {
    if block_idx().x == 0 && thread_idx().x == 0 {
        let mut sum = 0.0f64;
        let mut bad = 0.0f64;
        let mut positive = 0.0f64;
        for c in 0..chunks.len() / 3 {
            let s = chunks[3 * c];
            chunks[3 * c] = sum;
            sum += s;
            bad += chunks[3 * c + 1];
            positive += chunks[3 * c + 2];
        }
        stats[0] = sum;
        stats[1] = bad;
        stats[2] = positive;
    }
}

/// Cumulative sums, pass 3: each chunk's offset added to its running sums. The last sum is
/// then exactly `stats[0]` (the same additions in the same order).
#[raw_kernel]
pub fn cdf_add_offsets(cdf: &mut [f64], chunks: &[f64], chunk: u64) {
    let n = cdf.len();
    let count = chunks.len() / 3;
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut c = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while c < count {
        let offset = chunks[3 * c];
        if c > 0 {
            for i in (c * chunk)..(c * chunk + chunk).min(n) {
                cdf[i] = offset + cdf[i];
            }
        }
        c += stride;
    }
}

/// `out[i]` = the first `j` with `cdf[j] > unit_f64(word i) * total` (NumPy's
/// `searchsorted(cdf, u, side='right')`); when rounding puts the target at `total`, the first
/// `j` with `cdf[j] >= total` (the last entry of nonzero probability).
#[raw_kernel]
pub fn sample_cdf(cdf: &[f64], out: &mut [i64], k0: u32, k1: u32, base: u64, total: f64) {
    let n = out.len();
    let len = cdf.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + i / 2, 0u32);
        let u = unit_f64(if i % 2 == 0 { w0 } else { w1 }) * total;
        let (mut lo, mut hi) = (0u64, len);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if cdf[mid] > u {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if lo == len {
            hi = len;
            lo = 0;
            while lo < hi {
                let mid = (lo + hi) / 2;
                if cdf[mid] >= total {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
        }
        out[i] = lo as i64;
        i += stride;
    }
}

/// Efraimidis and Spirakis' keys for sampling without replacement with weights `p`:
/// `keys[i]` is the bits of `E_i / p[i]` with `E_i = 0 - ln(1 - unit_f64(word i))`
/// exponential (never `-0.0`: the bits of non-negative floats order like the floats, `+inf`
/// included); `u64::MAX` where `p[i] = 0`. The `m` smallest keys are a weighted sample without
/// replacement, in the order of successive draws.
#[raw_kernel]
pub fn weighted_keys(p: &[f64], keys: &mut [u64], k0: u32, k1: u32, base: u64) {
    let n = keys.len();
    let stride = grid_dim().x as u64 * block_dim().x as u64;
    let mut i = block_idx().x as u64 * block_dim().x as u64 + thread_idx().x as u64;
    while i < n {
        let (w0, w1): (u64, u64) = philox_words(k0, k1, base + i / 2, 0u32);
        let l: f64 = ln_unit(1.0 - unit_f64(if i % 2 == 0 { w0 } else { w1 }));
        let pi = p[i];
        keys[i] = if pi > 0.0 {
            ((0.0 - l) / pi).to_bits()
        } else {
            0xFFFF_FFFF_FFFF_FFFFu64
        };
        i += stride;
    }
}

/// Checked probabilities.
struct Probabilities {
    /// `p`, C-contiguous.
    p: Array<f64>,
    /// Its cumulative sums.
    cdf: Array<f64>,
    /// Its sum.
    total: f64,
    /// How many entries are positive.
    positive: usize,
}

/// Checks `p` (shape, device, values, sum) and computes its cumulative sums.
fn probabilities(p: &Array<f64>, n: usize, device: &Device) -> Result<Probabilities> {
    if p.shape() != [n] {
        return Err(Error::invalid(format!(
            "choice: p must be 1-d with one probability per element of the population ({n}), \
             got shape {:?}",
            p.shape()
        )));
    }
    if !p.device().same(device) {
        return Err(Error::invalid(format!(
            "choice: p is on {} but the population on {device}",
            p.device()
        )));
    }
    let p = if p.is_c_contiguous() {
        p.clone()
    } else {
        p.astype::<f64>()?
    };
    // Chunks summed in parallel, then their offsets in order: the sums depend on the chunk
    // size, not on the launch.
    let count = (n as u64).div_ceil(CDF_CHUNK).max(1);
    let mut cdf = Array::<f64>::zeros(device, &[n])?;
    let mut chunks = Array::<f64>::zeros(device, &[3 * count as usize])?;
    let mut stats = Array::<f64>::zeros(device, &[3])?;
    let per_chunk = launch_for(count);
    cdf_chunks::launch(&per_chunk, &p, &mut cdf, &mut chunks, CDF_CHUNK)?;
    cdf_offsets::launch(&LaunchConfig::new(1, 1), &mut chunks, &mut stats)?;
    cdf_add_offsets::launch(&per_chunk, &mut cdf, &chunks, CDF_CHUNK)?;
    let stats = stats.to_vec()?;
    if stats[1] > 0.0 {
        return Err(Error::invalid(format!(
            "choice: probabilities must be non-negative and finite; {} of {n} are not",
            stats[1]
        )));
    }
    // NumPy's tolerance: sqrt(f64::EPSILON).
    if (stats[0] - 1.0).abs() > f64::EPSILON.sqrt() {
        return Err(Error::invalid(format!(
            "choice: probabilities do not sum to 1 (sum = {})",
            stats[0]
        )));
    }
    Ok(Probabilities {
        p,
        cdf,
        total: stats[0],
        positive: stats[2] as usize,
    })
}

impl Generator {
    /// NumPy's `Generator.choice(n, size, replace, p)`: indices into a population of `n`,
    /// shape `size`, as `i64` (see [`choice`](Generator::choice)).
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut rng = Generator::new(6);
    /// let mut s = rng.choice_range(&dev, 10, &[10], false, None)?.to_vec()?;
    /// s.sort();
    /// assert_eq!(s, (0..10).collect::<Vec<i64>>());
    /// let p = Array::from_vec(&dev, &[3], vec![0.0, 1.0, 0.0])?;
    /// assert_eq!(rng.choice_range(&dev, 3, &[4], true, Some(&p))?.to_vec()?, vec![1; 4]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn choice_range(
        &mut self,
        device: &Device,
        n: usize,
        size: &[usize],
        replace: bool,
        p: Option<&Array<f64>>,
    ) -> Result<Array<i64>> {
        // The sample's shape, checked as an i64 array's: no product of `size` overflows.
        let m = array_runtime::shape::checked_size_of(size, 8)?;
        if i64::try_from(n).is_err() {
            return Err(Error::invalid(format!(
                "choice: a population of {n} is larger than i64 indices can address"
            )));
        }
        if n == 0 && m > 0 {
            return Err(Error::invalid(
                "choice: a cannot be empty unless no samples are taken",
            ));
        }
        if !replace && m > n {
            return Err(Error::invalid(format!(
                "choice: cannot take a larger sample ({m}) than the population ({n}) when \
                 replace is false"
            )));
        }
        let probs = match p {
            Some(p) => Some(probabilities(p, n, device)?),
            None => None,
        };
        if m == 0 {
            return Array::<i64>::zeros(device, size);
        }
        let [k0, k1] = self.key();
        match (replace, probs) {
            (true, None) => self.integers(device, 0i64, n as i64, size),
            (true, Some(Probabilities { cdf, total, .. })) => {
                let mut out = Array::<i64>::zeros(device, size)?;
                let base = self.take(m)?;
                sample_cdf::launch(&launch_for(m as u64), &cdf, &mut out, k0, k1, base, total)?;
                Ok(out)
            }
            (false, None) => {
                let order = self.permutation(device, n)?;
                order.slice(crate::s![..m])?.reshape(size)
            }
            (false, Some(Probabilities { p, positive, .. })) => {
                if positive < m {
                    return Err(Error::invalid(format!(
                        "choice: fewer non-zero entries in p ({positive}) than size ({m})"
                    )));
                }
                let mut keys = Array::<u64>::zeros(device, &[n])?;
                let base = self.take(n)?;
                weighted_keys::launch(&launch_for(n as u64), &p, &mut keys, k0, k1, base)?;
                let order = sort_order(&keys)?;
                order.slice(crate::s![..m])?.reshape(size)
            }
        }
    }

    /// NumPy's `Generator.choice(a, size, replace, p)`: sub-arrays of `a` along axis 0 drawn
    /// at random, stacked in an array of shape `size + a.shape()[1..]`.
    ///
    /// - `replace = true`: independent draws, uniform (`integers(0, n)`) or with the
    ///   probabilities `p` (`f64`, one per element of the population, summing to 1 within
    ///   `sqrt(f64::EPSILON)` as NumPy checks): a binary search of `random * sum(p)` in the
    ///   cumulative sums of `p` (summed in order within chunks of [`CDF_CHUNK`](super::kernels::CDF_CHUNK)
    ///   elements, then chunk offsets added in order: they do not depend on the launch).
    /// - `replace = false`: distinct elements; uniform: the first `size` of a
    ///   [`permutation`](Generator::permutation) of the population; with `p`: the `size`
    ///   smallest of Efraimidis and Spirakis' keys `E_i / p_i` (`E_i` exponential), which is
    ///   the distribution of NumPy's successive draws with renormalized probabilities.
    ///
    /// Errors: a 0-d `a`, an empty population with samples requested, `size` larger than the
    /// population (or than the number of nonzero probabilities) without replacement, and a
    /// `p` of the wrong shape or device, with negative, NaN or infinite entries, or not
    /// summing to 1.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let a = Array::from_vec(&dev, &[4], vec![10u16, 20, 30, 40])?;
    /// let mut rng = Generator::new(12);
    /// let s = rng.choice(&a, &[2, 3], true, None)?;
    /// assert_eq!(s.shape(), &[2, 3]);
    /// assert!(s.to_vec()?.iter().all(|v| [10, 20, 30, 40].contains(v)));
    /// assert!(rng.choice(&a, &[5], false, None).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn choice<T: DType>(
        &mut self,
        a: &Array<T>,
        size: &[usize],
        replace: bool,
        p: Option<&Array<f64>>,
    ) -> Result<Array<T>> {
        if a.ndim() == 0 {
            return Err(Error::invalid(
                "choice: a must be at least 1-dimensional, got a 0-d array",
            ));
        }
        let rows = self.choice_range(&a.device(), a.shape()[0], size, replace, p)?;
        gather_rows(a, &rows)
    }
}
