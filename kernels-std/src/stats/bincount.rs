//! `bincount`: occurrences of each non-negative integer, counted with atomics.

use crate::prelude::*;
use crate::reduce;

/// Threads per block of the counting kernels.
pub(crate) const BLOCK: u32 = 256;
/// At most this many blocks: each thread strides over the rest (fewer CPU-emulated threads).
pub(crate) const MAX_BLOCKS: u32 = 1024;

/// `counts[x[i]] += 1` for every `i` (grid-stride loop of global atomics).
#[raw_kernel]
pub fn bincount_kernel<T: Int>(x: &[T], counts: &mut [i64]) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let bin = x[i].cast::<i64>() as usize;
        atomic_add(&counts, bin, 1);
        i += stride;
    }
}

/// `sums[x[i]] += w[i]` for every `i`.
#[raw_kernel]
pub fn bincount_weighted_kernel<T: Int>(x: &[T], w: &[f64], sums: &mut [f64]) {
    let stride = (grid_dim().x * block_dim().x) as usize;
    let mut i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
    while i < x.len() {
        let bin = x[i].cast::<i64>() as usize;
        atomic_add(&sums, bin, w[i]);
        i += stride;
    }
}

/// A launch of enough threads for `n` elements, with at most [`MAX_BLOCKS`] blocks.
pub(crate) fn grid_for(n: usize) -> LaunchConfig {
    let cfg = LaunchConfig::for_elements(n, BLOCK);
    LaunchConfig::new(cfg.grid.x.min(MAX_BLOCKS), BLOCK)
}

/// The call [`bincount`] returns: set `minlength` or weights, then `.run()`.
#[derive(Debug)]
#[must_use = "a bincount builder does nothing until `.run()` is called"]
pub struct BinCount<'a, T: Int> {
    x: &'a Array<T>,
    minlength: usize,
}

/// Dtypes of [`bincount`]'s weights: `bool`, the integers and the floats, which NumPy casts
/// safely to the `f64` it sums in (complex weights are refused by NumPy too).
///
/// ```
/// use kernels_std::stats::BinCountWeight;
/// fn takes<W: BinCountWeight>() -> &'static str { <W as kernels_std::DType>::ID.name() }
/// assert_eq!(takes::<i32>(), "i32");
/// assert_eq!(takes::<bool>(), "bool");
/// ```
pub trait BinCountWeight: DType {}

macro_rules! bincount_weight {
    ($($t:ty),*) => {$( impl BinCountWeight for $t {} )*};
}
bincount_weight!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);

/// The call of [`bincount`] with weights.
#[derive(Debug)]
#[must_use = "a bincount builder does nothing until `.run()` is called"]
pub struct BinCountWeighted<'a, T: Int, W: BinCountWeight = f64> {
    x: &'a Array<T>,
    weights: &'a Array<W>,
    minlength: usize,
}

/// The checked input (1-d, contiguous) and the number of bins.
fn prepare<T: Int>(x: &Array<T>, minlength: usize) -> Result<(Array<T>, usize)> {
    if x.ndim() != 1 {
        return Err(Error::invalid(format!(
            "bincount: needs a 1-d array, got shape {:?}",
            x.shape()
        )));
    }
    // the raw kernel reads a C-contiguous array: converting to the same dtype makes one, on
    // the device
    let x = if x.is_c_contiguous() {
        x.clone()
    } else {
        x.astype::<T>()?
    };
    if x.is_empty() {
        return Ok((x, minlength));
    }
    // two scalars read back: the smallest (to reject negatives) and the largest (the length)
    let lo = reduce::kernels::min(&x).run()?.item()?;
    if lo < T::zero() {
        return Err(Error::invalid(format!(
            "bincount: the input has a negative element ({lo:?})"
        )));
    }
    let hi: i64 = reduce::kernels::max(&x).run()?.item()?.cast::<i64>();
    let len = usize::try_from(hi).map_err(|_| Error::invalid("bincount: element too large"))?;
    Ok((x, (len + 1).max(minlength)))
}

impl<'a, T: Int> BinCount<'a, T> {
    /// At least this many bins (NumPy's `minlength`).
    pub fn minlength(mut self, minlength: usize) -> Self {
        self.minlength = minlength;
        self
    }

    /// Sums of these weights instead of counts (NumPy's `weights`; of `x`'s length; any real
    /// dtype, converted to `f64` as NumPy does).
    pub fn weights<W: BinCountWeight>(self, weights: &'a Array<W>) -> BinCountWeighted<'a, T, W> {
        BinCountWeighted {
            x: self.x,
            weights,
            minlength: self.minlength,
        }
    }

    /// The counts, of length `max(x) + 1` (or `minlength` if larger).
    pub fn run(self) -> Result<Array<i64>> {
        let (x, len) = prepare(self.x, self.minlength)?;
        let mut counts = Array::<i64>::zeros(&x.device(), &[len])?;
        if !x.is_empty() {
            bincount_kernel::launch::<T>(&grid_for(x.len()), &x, &mut counts)?;
        }
        Ok(counts)
    }
}

impl<T: Int, W: BinCountWeight> BinCountWeighted<'_, T, W> {
    /// At least this many bins (NumPy's `minlength`).
    pub fn minlength(mut self, minlength: usize) -> Self {
        self.minlength = minlength;
        self
    }

    /// The sums of the weights of each value (as `f64`, as NumPy's).
    pub fn run(self) -> Result<Array<f64>> {
        if self.weights.shape() != self.x.shape() {
            return Err(Error::ShapeMismatch {
                op: "bincount: weights".into(),
                expected: self.x.shape().to_vec(),
                found: self.weights.shape().to_vec(),
            });
        }
        let (x, len) = prepare(self.x, self.minlength)?;
        // the raw kernel reads C-contiguous `f64`: converting makes it (a copy only where the
        // weights are of another dtype or not contiguous)
        let w = match (self.weights as &dyn std::any::Any).downcast_ref::<Array<f64>>() {
            Some(w) if w.is_c_contiguous() => w.clone(),
            _ => self.weights.astype::<f64>()?,
        };
        let mut sums = Array::<f64>::zeros(&x.device(), &[len])?;
        if !x.is_empty() {
            bincount_weighted_kernel::launch::<T>(&grid_for(x.len()), &x, &w, &mut sums)?;
        }
        Ok(sums)
    }
}

/// NumPy's `bincount(x)`: how many times each value `0..=max(x)` occurs in the 1-d array of
/// non-negative integers `x` (`.minlength(n)`: at least `n` bins; `.weights(&w)`: sums of
/// the weights instead, in `f64` as NumPy's, the weights being of any real dtype). A negative element or an `x` of another dimension is an
/// error. Counted on the array's device with atomics; with weights, the order of the float
/// additions is not fixed (sums may differ from NumPy's in the last bits).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::stats::bincount;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![0u8, 1, 1, 3, 1])?;
/// assert_eq!(bincount(&x).run()?.to_vec()?, vec![1, 3, 0, 1]);
/// assert_eq!(bincount(&x).minlength(6).run()?.to_vec()?, vec![1, 3, 0, 1, 0, 0]);
/// let w = Array::from_vec(&dev, &[5], vec![0.5, 1.0, 1.0, 2.0, -1.0])?;
/// assert_eq!(bincount(&x).weights(&w).run()?.to_vec()?, vec![0.5, 1.0, 0.0, 2.0]);
/// let wi = Array::from_vec(&dev, &[5], vec![1i16, 2, 3, 4, 5])?;
/// assert_eq!(bincount(&x).weights(&wi).run()?.to_vec()?, vec![1.0, 10.0, 0.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bincount<T: Int>(x: &Array<T>) -> BinCount<'_, T> {
    BinCount { x, minlength: 0 }
}
