//! SciPy's `random_array`: a sparse array of given density, its positions drawn without
//! replacement and its values from the dtype's default sampler, on the device.

use std::collections::HashSet;

use super::compressed::check_extents;
use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::unravel;
use super::CooArray;
use crate::prelude::*;
use crate::random::Generator;
use crate::sort::compact::per_element;

/// The dtypes [`random_array`] samples, each with SciPy's default sampler: `uniform(0, 1)`
/// drawn in `f64` for `f32`/`f64`, `uniform + 1j * uniform` for `c64`/`c128`, and
/// `integers(min, max)` (the dtype's range, the maximum excluded) for the integers.
pub trait RandomSparseDType: SparseDType {
    /// `n` values of SciPy's default sampler.
    #[doc(hidden)]
    fn sample(rng: &mut Generator, dev: &Device, n: usize) -> Result<Array<Self>>;
}

macro_rules! random_real {
    ($($t:ty),*) => {$(
        impl RandomSparseDType for $t {
            fn sample(rng: &mut Generator, dev: &Device, n: usize) -> Result<Array<$t>> {
                rng.random::<f64>(dev, &[n])?.astype::<$t>()
            }
        }
    )*};
}
random_real!(f32, f64);

macro_rules! random_complex {
    ($($t:ty),*) => {$(
        impl RandomSparseDType for $t {
            fn sample(rng: &mut Generator, dev: &Device, n: usize) -> Result<Array<$t>> {
                let re = rng.random::<f64>(dev, &[n])?.astype::<c128>()?;
                let im = rng.random::<f64>(dev, &[n])?.astype::<c128>()?;
                (&re + &im * c128::new(0.0, 1.0)).eval()?.astype::<$t>()
            }
        }
    )*};
}
random_complex!(c64, c128);

macro_rules! random_int {
    ($($t:ty),*) => {$(
        impl RandomSparseDType for $t {
            fn sample(rng: &mut Generator, dev: &Device, n: usize) -> Result<Array<$t>> {
                rng.integers(dev, <$t>::MIN, <$t>::MAX, &[n])
            }
        }
    )*};
}
random_int!(i8, i16, i32, i64, u8, u16, u32, u64);

/// Python's `round` (half to even) of a non-negative finite `x`, as a count.
fn round_half_even(x: f64) -> usize {
    let f = x.floor();
    let d = x - f;
    let r = if d > 0.5 || (d == 0.5 && f % 2.0 != 0.0) {
        f + 1.0
    } else {
        f
    };
    r as usize
}

/// `size` distinct positions in `[0, total)`: the first `size` of a permutation when the
/// population is small (NumPy's `choice(total, size, replace=False)` in kind), else draws
/// with replacement, repeated until `size` distinct ones are found (SciPy's path for huge
/// shapes), so memory stays `O(size)`.
fn distinct_positions(
    rng: &mut Generator,
    dev: &Device,
    total: u64,
    size: usize,
) -> Result<Array<i64>> {
    const DENSE_LIMIT: u64 = 1 << 22;
    if total <= DENSE_LIMIT || total <= 4 * size as u64 {
        return rng.choice_range(dev, total as usize, &[size], false, None);
    }
    let mut seen: HashSet<i64> = HashSet::new();
    seen.try_reserve(size)
        .map_err(|_| Error::invalid(format!("random_array: cannot allocate {size} positions")))?;
    let mut order = Vec::new();
    order
        .try_reserve_exact(size)
        .map_err(|_| Error::invalid(format!("random_array: cannot allocate {size} positions")))?;
    while order.len() < size {
        let need = size - order.len();
        let draws = rng.integers(dev, 0i64, total as i64, &[need])?.to_vec()?;
        for p in draws {
            if order.len() < size && seen.insert(p) {
                order.push(p);
            }
        }
    }
    Array::from_vec(dev, &[size], order)
}

/// SciPy's `random_array((m, n), density=density, format='coo', dtype=T, rng=rng)`: a COO
/// array with `round(density * m * n)` stored values (Python's rounding, half to even) at
/// distinct positions drawn uniformly without replacement, each value from `T`'s default
/// sampler ([`RandomSparseDType`]). The positions are numbered in Fortran order, as SciPy's
/// (`row = p % m`, `col = p / m`), and stored in the order drawn (not canonical).
///
/// The draws come from the crate's [`Generator`] (Philox), not NumPy's stream: the same seed
/// gives the same array here every time, and the structure and distribution of SciPy's, not
/// its values. Errors: a density outside `[0, 1]` (or NaN), a shape beyond the index type.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::random::Generator;
/// use kernels_std::sparse::{random_array, CooArray};
/// let dev = Device::cpu();
/// let mut rng = Generator::new(42);
/// let a: CooArray<f64> = random_array(&mut rng, &dev, [4, 5], 0.25)?;
/// assert_eq!(a.nnz(), 5);
/// assert!(a.data().to_vec()?.iter().all(|v| (0.0..1.0).contains(v)));
/// assert!(random_array::<f64, i32>(&mut rng, &dev, [4, 5], 1.5).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn random_array<T: RandomSparseDType, I: SparseIndex>(
    rng: &mut Generator,
    dev: &Device,
    shape: [usize; 2],
    density: f64,
) -> Result<CooArray<T, I>> {
    let what = "random_array";
    if !(0.0..=1.0).contains(&density) {
        return Err(Error::invalid(format!(
            "{what}: density expected to be 0 <= density <= 1, got {density}"
        )));
    }
    let [m, n] = shape;
    check_extents::<I>(what, &[m, n])?;
    let total = (m as u128) * (n as u128);
    if total > i64::MAX as u128 {
        return Err(Error::invalid(format!(
            "{what}: the shape ({m}, {n}) has more elements than i64 positions can address"
        )));
    }
    let size = round_half_even(density * total as f64).min(total as usize);
    check_extents::<I>(what, &[size])?;
    let flat = distinct_positions(rng, dev, total as u64, size)?;
    let mut col = Array::<I>::zeros(dev, &[size])?;
    let mut row = Array::<I>::zeros(dev, &[size])?;
    if size > 0 {
        // Fortran order: p = row + col * m, so `unravel` by `m` gives (col, row).
        unravel::launch::<I>(&per_element(size)?, &flat, &mut col, &mut row, m as u64)?;
    }
    let data = T::sample(rng, dev, size)?;
    Ok(CooArray::trusted(data, row, col, shape, false))
}
