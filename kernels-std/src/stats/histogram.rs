//! `histogram`: counts of the elements in equal-width bins, against the edges returned.

use crate::prelude::*;
use crate::reduce;

use super::bincount::grid_for;

/// NumPy's `linspace(lo, hi, edges.len())` computed in `C` and converted to `T`: each thread
/// writes edges `i * step + lo` (`(i / bins) * delta + lo` when the step underflows to 0),
/// the last one exactly `hi`.
#[raw_kernel]
pub fn histogram_edges<C: Float, T: Float>(edges: &mut [T], lo: C, hi: C) {
    let bins = edges.len() - 1;
    let div = bins.cast::<C>();
    let delta = hi - lo;
    let step = delta / div;
    let zero = false.cast::<C>();
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i <= bins {
        let k = i.cast::<C>();
        let y = if step == zero {
            k / div * delta
        } else {
            k * step
        };
        let v = if i == bins { hi } else { y + lo };
        edges[i] = v.cast::<T>();
        i += stride;
    }
}

/// `counts[b] += 1` for the bin `b` of each `x` within `[edges[0], edges[bins]]`: the bin is
/// estimated by scaling, then moved until `edges[b] <= x < edges[b + 1]` (the last bin closed),
/// so the counts agree with the edges exactly. NaN is in no bin.
#[raw_kernel]
pub fn histogram_counts<T: Float>(x: &[T], edges: &[T], counts: &mut [i64]) {
    let bins = counts.len();
    let (lo, hi) = (edges[0], edges[bins]);
    let (flo, fhi) = (lo.cast::<f64>(), hi.cast::<f64>());
    let scale = bins as f64 / (fhi - flo);
    let last = bins as i64 - 1;
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let v = x[i];
        if v >= lo && v <= hi {
            let mut b = ((v.cast::<f64>() - flo) * scale) as i64;
            b = b.clamp(0, last);
            while b > 0 && v < edges[b as usize] {
                b -= 1;
            }
            while b < last && v >= edges[(b + 1) as usize] {
                b += 1;
            }
            atomic_add(&counts, b as usize, 1);
        }
        i += stride;
    }
}

/// The call [`histogram`] returns: set the range, then `.run()`.
#[derive(Debug)]
pub struct Histogram<'a, T: Float> {
    a: &'a Array<T>,
    bins: usize,
    range: Option<(f64, f64)>,
}

impl<T: Float> Histogram<'_, T> {
    /// The lower and upper edges (NumPy's `range`); by default the data's minimum and maximum.
    pub fn range(mut self, lo: f64, hi: f64) -> Self {
        self.range = Some((lo, hi));
        self
    }

    /// The counts (`i64`, `bins` of them) and the `bins + 1` edges (dtype `T`).
    pub fn run(self) -> Result<(Array<i64>, Array<T>)> {
        let dev = self.a.device();
        if self.bins == 0 {
            return Err(Error::invalid("histogram: `bins` must be positive, got 0"));
        }
        let mut edges = Array::<T>::zeros(&dev, &[self.bins + 1])?;
        let edge_cfg = grid_for(self.bins + 1);
        match self.range {
            Some((lo, hi)) => {
                if !(lo.is_finite() && hi.is_finite()) {
                    return Err(Error::invalid(format!(
                        "histogram: the range [{lo}, {hi}] is not finite"
                    )));
                }
                if lo > hi {
                    return Err(Error::invalid(format!(
                        "histogram: the range's maximum must be larger than its minimum, got \
                         [{lo}, {hi}]"
                    )));
                }
                // NumPy's edges of a given range are computed in f64
                let (lo, hi) = if lo == hi {
                    (lo - 0.5, hi + 0.5)
                } else {
                    (lo, hi)
                };
                histogram_edges::launch::<f64, T>(&edge_cfg, &mut edges, lo, hi)?;
            }
            None => {
                // two scalars read back; NumPy computes the edges in the data's dtype then
                let (mut lo, mut hi) = if self.a.is_empty() {
                    (T::zero(), T::one())
                } else {
                    (
                        reduce::min(self.a).run()?.item()?,
                        reduce::max(self.a).run()?.item()?,
                    )
                };
                if !(lo.is_finite() && hi.is_finite()) {
                    return Err(Error::invalid(format!(
                        "histogram: the autodetected range [{lo:?}, {hi:?}] is not finite"
                    )));
                }
                if lo == hi {
                    let half = 0.5f64.cast::<T>();
                    (lo, hi) = (lo - half, hi + half);
                }
                histogram_edges::launch::<T, T>(&edge_cfg, &mut edges, lo, hi)?;
            }
        }
        let mut counts = Array::<i64>::zeros(&dev, &[self.bins])?;
        if !self.a.is_empty() {
            // flattened in C order, contiguous for the raw kernel (a copy only for a view)
            let flat = if self.a.is_c_contiguous() {
                self.a.reshape(&[self.a.len()])?
            } else {
                self.a.astype::<T>()?.reshape(&[self.a.len()])?
            };
            histogram_counts::launch::<T>(&grid_for(flat.len()), &flat, &edges, &mut counts)?;
        }
        Ok((counts, edges))
    }
}

/// NumPy's `histogram(a, bins)`: the counts of `a`'s elements (flattened) in `bins`
/// equal-width bins over `.range(lo, hi)` or the data's `[min, max]` (constant data gets
/// `x +- 0.5`), with the `bins + 1` edges. Each bin is half-open `[e_i, e_i+1)` except the
/// last, closed; the counts agree with the returned edges (an element is counted in the bin its
/// edges hold). Elements outside the range and NaN are not counted; a non-finite range (NaN or
/// infinite data without a range) is an error, as in NumPy. Counted on the array's device with
/// atomics. No `weights` or `density` yet; `bins` as explicit edges is not supported.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::histogram;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[6], vec![0.0, 0.5, 1.0, 1.5, 2.0, 9.0])?;
/// let (counts, edges) = histogram(&a, 3).range(0.0, 3.0).run()?;
/// assert_eq!(counts.to_vec()?, vec![2, 2, 1]);
/// assert_eq!(edges.to_vec()?, vec![0.0, 1.0, 2.0, 3.0]);
/// let c = Array::from_vec(&dev, &[2], vec![5.0f32, 5.0])?;
/// let (counts, edges) = histogram(&c, 2).run()?;
/// assert_eq!((counts.to_vec()?, edges.to_vec()?), (vec![0, 2], vec![4.5, 5.0, 5.5]));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn histogram<T: Float>(a: &Array<T>, bins: usize) -> Histogram<'_, T> {
    Histogram {
        a,
        bins,
        range: None,
    }
}
