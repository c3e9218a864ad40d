//! SciPy's special matrices: `toeplitz`, `circulant`, `hankel`, `block_diag`, `companion`,
//! `hilbert`, `invhilbert`, `pascal`, `hadamard`, `helmert`, `leslie`, `fiedler`, `dft`,
//! and the predicates `issymmetric`, `ishermitian`, `bandwidth`.
//!
//! Matrices built from given values are gathers: an index map computed on the host from the
//! sizes only, applied on the values' device by `take` (one kernel); matrices defined by a
//! formula are elementwise kernels over row and column indices.

use array_runtime::ops::Numeric;
use array_runtime::{Array, DType, Device, Error, Result};
use kernel_macros::elementwise;

use crate::creation::One;

/// `f(i, j)` over a `rows x cols` grid in C order, as a host vector: the out-of-memory or
/// too-big error as a value when the matrix cannot exist (`toeplitz` of two long vectors asks
/// for the product of their lengths).
fn grid<T>(rows: usize, cols: usize, f: impl Fn(usize, usize) -> T) -> Result<Vec<T>> {
    let len = array_runtime::shape::checked_size_of(&[rows, cols], std::mem::size_of::<T>())?;
    let mut v = array_runtime::cpu::host_vec::with_capacity(len)?;
    for i in 0..rows {
        v.extend((0..cols).map(|j| f(i, j)));
    }
    Ok(v)
}

/// `values[index]` as a `rows x cols` matrix, `values` 1-d (the gather of every builder).
fn gather<T: DType>(
    values: &Array<T>,
    index: Vec<i64>,
    rows: usize,
    cols: usize,
) -> Result<Array<T>> {
    let dev = values.device();
    let idx = Array::from_vec(&dev, &[rows, cols], index)?;
    crate::sort::take(values, &idx, None)
}

fn vector<T: DType>(op: &str, v: &Array<T>) -> Result<Array<T>> {
    match v.ndim() {
        0 => v.reshape(&[1]),
        1 => Ok(v.clone()),
        _ => crate::shape::ravel(v).map_err(|e| Error::invalid(format!("{op}: {e}"))),
    }
}

/// SciPy's `linalg.toeplitz(c, r)`: the matrix with first column `c` and first row `r`
/// (`r[0]` is ignored; `r = None` is `c` itself, SciPy's default for real `c`; for complex
/// `c` SciPy uses `conj(c)`, pass it explicitly). Constant along each diagonal.
///
/// ```
/// use kernels_std::scipy::linalg::toeplitz;
/// use kernels_std::prelude::*;
/// let c = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3i32])?;
/// let r = Array::from_vec(&Device::cpu(), &[2], vec![9, 4i32])?;
/// assert_eq!(toeplitz(&c, Some(&r))?.to_vec()?, vec![1, 4, 2, 1, 3, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn toeplitz<T: DType>(c: &Array<T>, r: Option<&Array<T>>) -> Result<Array<T>> {
    let c = vector("toeplitz", c)?;
    let r = match r {
        Some(r) => vector("toeplitz", r)?,
        None => c.clone(),
    };
    let (m, n) = (c.len(), r.len());
    if m == 0 || n == 0 {
        return Array::zeros(&c.device(), &[m, n]);
    }
    // values: c reversed, then r[1:]; element (i, j) is values[m - 1 - i + j].
    let rev = c.flip(0)?;
    let rest = r.slice(crate::s![1..])?;
    let values = crate::shape::concatenate(&[&rev, &rest], Some(0))?;
    let index = grid(m, n, |i, j| (m - 1 - i + j) as i64)?;
    gather(&values, index, m, n)
}

/// SciPy's `linalg.circulant(c)`: the circulant matrix with first column `c`.
///
/// ```
/// use kernels_std::scipy::linalg::circulant;
/// use kernels_std::prelude::*;
/// let c = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3i32])?;
/// assert_eq!(circulant(&c)?.to_vec()?, vec![1, 3, 2, 2, 1, 3, 3, 2, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn circulant<T: DType>(c: &Array<T>) -> Result<Array<T>> {
    let c = vector("circulant", c)?;
    let n = c.len();
    let index = grid(n, n, |i, j| ((i + n - j) % n) as i64)?;
    gather(&c, index, n, n)
}

/// SciPy's `linalg.hankel(c, r)`: the matrix with first column `c` and last row `r` (`r[0]`
/// ignored; `None`: zeros below the anti-diagonal). Constant along each anti-diagonal.
///
/// ```
/// use kernels_std::scipy::linalg::hankel;
/// use kernels_std::prelude::*;
/// let c = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3i32])?;
/// assert_eq!(hankel(&c, None)?.to_vec()?, vec![1, 2, 3, 2, 3, 0, 3, 0, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hankel<T: DType>(c: &Array<T>, r: Option<&Array<T>>) -> Result<Array<T>> {
    let c = vector("hankel", c)?;
    let r = match r {
        Some(r) => vector("hankel", r)?,
        None => Array::zeros(&c.device(), &[c.len()])?,
    };
    let (m, n) = (c.len(), r.len());
    if m == 0 || n == 0 {
        return Array::zeros(&c.device(), &[m, n]);
    }
    let rest = r.slice(crate::s![1..])?;
    let values = crate::shape::concatenate(&[&c, &rest], Some(0))?;
    let index = grid(m, n, |i, j| (i + j) as i64)?;
    gather(&values, index, m, n)
}

/// SciPy's `linalg.block_diag(*arrs)`: the arrays (0-d, 1-d as a row, or 2-d) on the diagonal
/// of a zero matrix, in order.
///
/// ```
/// use kernels_std::scipy::linalg::block_diag;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[1, 2], vec![1, 2i32])?;
/// let b = Array::from_vec(&dev, &[], vec![3i32])?;
/// assert_eq!(block_diag(&[&a, &b])?.to_vec()?, vec![1, 2, 0, 0, 0, 3]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn block_diag<T: DType>(arrays: &[&Array<T>]) -> Result<Array<T>> {
    let blocks: Vec<Array<T>> = arrays
        .iter()
        .map(|a| match a.ndim() {
            0 => a.reshape(&[1, 1]),
            1 => a.reshape(&[1, a.len()]),
            2 => Ok((*a).clone()),
            d => Err(Error::invalid(format!(
                "block_diag: arrays must be at most 2-d, one has {d} dimensions"
            ))),
        })
        .collect::<Result<_>>()?;
    let total = |axis: usize| {
        blocks
            .iter()
            .try_fold(0usize, |t, b| t.checked_add(b.shape()[axis]))
            .ok_or_else(|| {
                Error::invalid("block_diag: the blocks' extents add up past what an array can hold")
            })
    };
    let (rows, cols) = (total(0)?, total(1)?);
    let dev = arrays.first().map_or(Device::Cpu, |a| a.device());
    let mut out = Array::<T>::zeros(&dev, &[rows, cols])?;
    let (mut r, mut c) = (0usize, 0usize);
    for b in &blocks {
        let (h, w) = (b.shape()[0], b.shape()[1]);
        if h > 0 && w > 0 {
            out.slice_mut(crate::s![r..r + h, c..c + w])?.assign(b)?;
        }
        r += h;
        c += w;
    }
    Ok(out)
}

/// SciPy's `linalg.companion(a)`: the companion matrix of the polynomial with coefficients `a`
/// (highest degree first, `a[0] != 0`): first row `-a[1:] / a[0]`, ones on the subdiagonal.
///
/// ```
/// use kernels_std::scipy::linalg::companion;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![1.0, -10.0, 31.0, -30.0])?;
/// assert_eq!(companion(&a)?.to_vec()?, vec![10.0, -31.0, 30.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn companion<T>(a: &Array<T>) -> Result<Array<T>>
where
    T: Numeric + One + crate::math::Reciprocal + array_runtime::ops::Arithmetic,
{
    let a = vector("companion", a)?;
    let n = a.len();
    if n < 2 {
        return Err(Error::invalid(
            "companion: the length of a must be at least 2",
        ));
    }
    let lead = a.slice(crate::s![0..1])?;
    if lead.item()? == T::default() {
        return Err(Error::invalid(
            "companion: the first coefficient in a must not be zero",
        ));
    }
    let minus_one = crate::math::negative(&crate::math::reciprocal(&lead)?)?;
    let first = crate::math::multiply(&a.slice(crate::s![1..])?, &minus_one)?;
    let dev = a.device();
    let m = n - 1;
    // values: [first row..., 0, 1]; element (0, j) = first[j], (i, i - 1) = 1, else 0.
    let zero_one = Array::from_vec(&dev, &[2], vec![T::default(), <T as One>::one()])?;
    let values = crate::shape::concatenate(&[&first, &zero_one], Some(0))?;
    let index = grid(m, m, |i, j| {
        if i == 0 {
            j as i64
        } else if j + 1 == i {
            m as i64 + 1
        } else {
            m as i64
        }
    })?;
    gather(&values, index, m, m)
}

/// `1 / (i + j + 1)`.
#[elementwise]
pub(crate) fn hilbert_entry(i: i64, j: i64) -> f64 {
    1.0 / ((i + j + 1) as f64)
}

/// The entries of the inverse Hilbert matrix (exact in `i64` up to order 14, as SciPy's
/// `exact` mode; rounded to `f64` here).
fn invhilbert_entry(n: i64, i: i64, j: i64) -> f64 {
    fn binom(n: i64, k: i64) -> f64 {
        let mut r = 1.0f64;
        for t in 0..k {
            r = r * (n - t) as f64 / (t + 1) as f64;
        }
        r.round()
    }
    let s = if (i + j) % 2 == 0 { 1.0 } else { -1.0 };
    s * (i + j + 1) as f64
        * binom(n + i, n - j - 1)
        * binom(n + j, n - i - 1)
        * binom(i + j, i).powi(2)
}

/// SciPy's `linalg.hilbert(n)`: `H[i, j] = 1 / (i + j + 1)`, computed on `device`.
///
/// ```
/// use kernels_std::scipy::linalg::hilbert;
/// use kernels_std::prelude::*;
/// assert_eq!(hilbert(&Device::cpu(), 2)?.to_vec()?, vec![1.0, 0.5, 0.5, 1.0 / 3.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hilbert(device: &Device, n: usize) -> Result<Array<f64>> {
    let idx = crate::creation::kernels::indices(device, n)?;
    hilbert_entry(&idx.reshape(&[n, 1])?, &idx.reshape(&[1, n])?)
}

/// SciPy's `linalg.invhilbert(n)`: the inverse of [`hilbert`]`(n)` (its entries are
/// integers; exact in `f64` up to `n = 14`, as SciPy's integer mode).
///
/// ```
/// use kernels_std::scipy::linalg::invhilbert;
/// use kernels_std::prelude::*;
/// assert_eq!(invhilbert(&Device::cpu(), 2)?.to_vec()?, vec![4.0, -6.0, -6.0, 12.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn invhilbert(device: &Device, n: usize) -> Result<Array<f64>> {
    let v = grid(n, n, |i, j| invhilbert_entry(n as i64, i as i64, j as i64))?;
    Array::from_vec(device, &[n, n], v)
}

/// The kind of [`pascal`] matrix (SciPy's `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PascalKind {
    /// `'symmetric'` (the default): `C(i + j, i)`.
    #[default]
    Symmetric,
    /// `'lower'`: `C(i, j)`.
    Lower,
    /// `'upper'`: `C(j, i)`.
    Upper,
}

/// SciPy's `linalg.pascal(n, kind)`: binomial coefficients, exact in `u64` (as SciPy's
/// `exact=True`) up to `n = 35`; larger orders overflow and are an error.
///
/// ```
/// use kernels_std::scipy::linalg::{pascal, PascalKind};
/// use kernels_std::prelude::*;
/// assert_eq!(pascal(&Device::cpu(), 3, PascalKind::Symmetric)?.to_vec()?, vec![1, 1, 1, 1, 2, 3, 1, 3, 6]);
/// assert_eq!(pascal(&Device::cpu(), 3, PascalKind::Lower)?.to_vec()?, vec![1, 0, 0, 1, 1, 0, 1, 2, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn pascal(device: &Device, n: usize, kind: PascalKind) -> Result<Array<u64>> {
    if n > 35 {
        return Err(Error::invalid(format!(
            "pascal: order {n} overflows u64 (at most 35)"
        )));
    }
    let binom = |a: u64, b: u64| -> u64 {
        if b > a {
            return 0;
        }
        let b = b.min(a - b);
        (0..b).fold(1u64, |r, t| r * (a - t) / (t + 1))
    };
    let v = grid(n, n, |i, j| {
        let (i, j) = (i as u64, j as u64);
        match kind {
            PascalKind::Symmetric => binom(i + j, i),
            PascalKind::Lower => binom(i, j),
            PascalKind::Upper => binom(j, i),
        }
    })?;
    Array::from_vec(device, &[n, n], v)
}

/// SciPy's `linalg.hadamard(n)`: the Sylvester Hadamard matrix of order `n` (a power of 2),
/// entries `±1`: `H[i, j] = (-1)^popcount(i & j)`.
///
/// ```
/// use kernels_std::scipy::linalg::hadamard;
/// use kernels_std::prelude::*;
/// assert_eq!(hadamard(&Device::cpu(), 2)?.to_vec()?, vec![1, 1, 1, -1]);
/// assert!(hadamard(&Device::cpu(), 3).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hadamard(device: &Device, n: usize) -> Result<Array<i64>> {
    if n == 0 || !n.is_power_of_two() {
        return Err(Error::invalid(format!(
            "hadamard: n must be a positive power of 2, got {n}"
        )));
    }
    let idx = crate::creation::kernels::indices(device, n)?;
    hadamard_entry(&idx.reshape(&[n, 1])?, &idx.reshape(&[1, n])?)
}

/// `(-1)^popcount(i & j)`.
#[elementwise]
pub(crate) fn hadamard_entry(i: i64, j: i64) -> i64 {
    if (i & j).count_ones() % 2 == 0 {
        1
    } else {
        -1
    }
}

/// SciPy's `linalg.dft(n, scale)`: the `n x n` discrete Fourier transform matrix
/// `exp(-2 pi i j k / n)`, divided by `n` (`scale = "n"`) or `sqrt(n)` (`"sqrtn"`) or not.
///
/// ```
/// use kernels_std::scipy::linalg::{dft, DftScale};
/// use kernels_std::prelude::*;
/// let m = dft(&Device::cpu(), 2, DftScale::None)?.to_vec()?;
/// assert!((m[3].re + 1.0).abs() < 1e-15 && m[3].im.abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dft(device: &Device, n: usize, scale: DftScale) -> Result<Array<array_runtime::c128>> {
    let idx = crate::creation::kernels::indices(device, n)?;
    let s = match scale {
        DftScale::None => 1.0,
        DftScale::N => 1.0 / n as f64,
        DftScale::SqrtN => 1.0 / (n as f64).sqrt(),
    };
    dft_entry(&idx.reshape(&[n, 1])?, &idx.reshape(&[1, n])?, n as i64, s)
}

/// The scaling of [`dft`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DftScale {
    /// No scaling (SciPy's `scale=None`).
    #[default]
    None,
    /// Divided by `n`.
    N,
    /// Divided by `sqrt(n)`.
    SqrtN,
}

/// `exp(-2 pi i (j k mod n) / n) * s` (the product reduced mod `n` first: exact angles).
#[elementwise]
pub(crate) fn dft_entry(j: i64, k: i64, n: i64, s: f64) -> array_runtime::c128 {
    let t = (j * k) % n;
    let ang = -2.0 * std::f64::consts::PI * (t as f64) / (n as f64);
    array_runtime::c128::new(ang.cos() * s, ang.sin() * s)
}

/// SciPy's `linalg.helmert(n, full)`: the Helmert matrix of order `n` (the first row
/// `1/sqrt(n)`, then row `i` with `i` entries `1/sqrt(i (i + 1))` and `-i/sqrt(i (i + 1))`);
/// without `full`, the first row is dropped.
///
/// ```
/// use kernels_std::scipy::linalg::helmert;
/// use kernels_std::prelude::*;
/// let h = helmert(&Device::cpu(), 2, true)?.to_vec()?;
/// let r = 0.5f64.sqrt();
/// assert!((h[0] - r).abs() < 1e-15 && (h[3] + r).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn helmert(device: &Device, n: usize, full: bool) -> Result<Array<f64>> {
    let idx = crate::creation::kernels::indices(device, n)?;
    let h = helmert_entry(&idx.reshape(&[n, 1])?, &idx.reshape(&[1, n])?, n as i64)?;
    if full || n == 0 {
        Ok(h)
    } else {
        h.slice(crate::s![1.., ..])?.copy()
    }
}

#[elementwise]
pub(crate) fn helmert_entry(i: i64, j: i64, n: i64) -> f64 {
    if i == 0 {
        1.0 / (n as f64).sqrt()
    } else {
        let d = ((i * (i + 1)) as f64).sqrt();
        if j < i {
            1.0 / d
        } else if j == i {
            -(i as f64) / d
        } else {
            0.0
        }
    }
}

/// SciPy's `linalg.leslie(f, s)`: the Leslie matrix of fecundities `f` (first row, length `n`)
/// and survival rates `s` (subdiagonal, length `n - 1`).
///
/// ```
/// use kernels_std::scipy::linalg::leslie;
/// use kernels_std::prelude::*;
/// let f = Array::from_vec(&Device::cpu(), &[3], vec![0.1, 2.0, 1.0])?;
/// let s = Array::from_vec(&Device::cpu(), &[2], vec![0.2, 0.8])?;
/// assert_eq!(leslie(&f, &s)?.to_vec()?, vec![0.1, 2.0, 1.0, 0.2, 0.0, 0.0, 0.0, 0.8, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn leslie<T: DType>(f: &Array<T>, s: &Array<T>) -> Result<Array<T>> {
    let (f, s) = (vector("leslie", f)?, vector("leslie", s)?);
    let n = f.len();
    if n < 1 || s.len() + 1 != n {
        return Err(Error::invalid(format!(
            "leslie: f needs at least one element and s one fewer (lengths {} and {})",
            n,
            s.len()
        )));
    }
    let zero = Array::zeros(&f.device(), &[1])?;
    let values = crate::shape::concatenate(&[&f, &s, &zero], Some(0))?;
    let z = (2 * n - 1) as i64;
    let index = grid(n, n, |i, j| {
        if i == 0 {
            j as i64
        } else if j + 1 == i {
            (n + j) as i64
        } else {
            z
        }
    })?;
    gather(&values, index, n, n)
}

/// SciPy's `linalg.fiedler(a)`: the symmetric matrix `|a[i] - a[j]|`.
///
/// ```
/// use kernels_std::scipy::linalg::fiedler;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0, 4.0, 12.0])?;
/// assert_eq!(fiedler(&a)?.to_vec()?, vec![0.0, 3.0, 11.0, 3.0, 0.0, 8.0, 11.0, 8.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn fiedler<T: crate::math::Absolute<Real = T> + Numeric>(a: &Array<T>) -> Result<Array<T>> {
    let a = vector("fiedler", a)?;
    let n = a.len();
    let d = crate::math::subtract(&a.reshape(&[n, 1])?, &a.reshape(&[1, n])?)?;
    crate::math::absolute(&d)
}

/// SciPy's `linalg.issymmetric(a)`: whether the square 2-d `a` equals its transpose exactly
/// (SciPy's default `atol=None, rtol=None`; the tolerances are not supported here).
///
/// ```
/// use kernels_std::scipy::linalg::issymmetric;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0, 2.0, 2.0, 1.0])?;
/// assert!(issymmetric(&a)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn issymmetric<T: DType>(a: &Array<T>) -> Result<bool> {
    square_2d("issymmetric", a)?;
    crate::stats::array_equal(a, &a.t(), true)
}

/// SciPy's `linalg.ishermitian(a)`: whether `a` equals its conjugate transpose exactly.
///
/// ```
/// use kernels_std::scipy::linalg::ishermitian;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![c128::new(1.0, 0.0), c128::new(0.0, 1.0), c128::new(0.0, -1.0), c128::new(2.0, 0.0)])?;
/// assert!(ishermitian(&a)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ishermitian<T: crate::math::Conjugate>(a: &Array<T>) -> Result<bool> {
    square_2d("ishermitian", a)?;
    let h = crate::math::conjugate(&a.t())?;
    crate::stats::array_equal(a, &h, true)
}

fn square_2d<T: DType>(op: &str, a: &Array<T>) -> Result<()> {
    if a.ndim() != 2 || a.shape()[0] != a.shape()[1] {
        return Err(Error::invalid(format!(
            "{op}: the input must be a square 2-d array, its shape is {:?}",
            a.shape()
        )));
    }
    Ok(())
}

/// SciPy's `linalg.bandwidth(a)`: `(lower, upper)`, the number of subdiagonals and
/// superdiagonals that hold a non-zero (of a 2-d array), read from the array's non-zero
/// positions on the device.
///
/// ```
/// use kernels_std::scipy::linalg::bandwidth;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[3, 3], vec![1, 2, 0, 0, 1, 0, 5, 0, 1i32])?;
/// assert_eq!(bandwidth(&a)?, (2, 1));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bandwidth<T: DType>(a: &Array<T>) -> Result<(usize, usize)> {
    if a.ndim() != 2 {
        return Err(Error::invalid(format!(
            "bandwidth: the input must be 2-d, its shape is {:?}",
            a.shape()
        )));
    }
    let pos = crate::sort::argwhere(a)?.to_vec()?;
    let (mut lo, mut up) = (0usize, 0usize);
    for p in pos.chunks(2) {
        let (i, j) = (p[0], p[1]);
        if i > j {
            lo = lo.max((i - j) as usize);
        } else {
            up = up.max((j - i) as usize);
        }
    }
    Ok((lo, up))
}

/// Compiles the kernels of this module with NVRTC.
#[cfg(feature = "lapack")]
pub(crate) fn verify_kernels() -> Result<()> {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use array_runtime::DTypeId::{C128, F64, I64};
    for (def, params, result) in [
        (&hilbert_entry::DEF, vec![I64, I64], F64),
        (&hadamard_entry::DEF, vec![I64, I64], I64),
        (&dft_entry::DEF, vec![I64, I64, I64, F64], C128),
        (&helmert_entry::DEF, vec![I64, I64, I64], F64),
    ] {
        verify::elementwise(&Instance {
            def,
            type_args: &[],
            params: &params,
            results: &[result],
        })?;
    }
    Ok(())
}

/// SciPy's `linalg.khatri_rao(a, b)`: the column-wise Kronecker product of `a` `(M, K)` and `b`
/// `(N, K)`, `(M N, K)`: column `j` is `kron(a[:, j], b[:, j])`.
///
/// ```
/// use kernels_std::scipy::linalg::khatri_rao;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4i32])?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![1, 10, 100, 1000i32])?;
/// assert_eq!(khatri_rao(&a, &b)?.to_vec()?, vec![1, 20, 100, 2000, 3, 40, 300, 4000]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn khatri_rao<T: Numeric>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    if a.ndim() != 2 || b.ndim() != 2 || a.shape()[1] != b.shape()[1] {
        return Err(Error::invalid(format!(
            "khatri_rao: a {:?} and b {:?} must be 2-d with the same number of columns",
            a.shape(),
            b.shape()
        )));
    }
    let (m, n, k) = (a.shape()[0], b.shape()[0], a.shape()[1]);
    let p = crate::math::multiply(&a.reshape(&[m, 1, k])?, &b.reshape(&[1, n, k])?)?;
    p.reshape(&[m * n, k])
}

/// The `mode` of [`convolution_matrix`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ConvMode {
    /// `'full'`: `(n + len(a) - 1, n)`.
    #[default]
    Full,
    /// `'valid'`: `(max(n, len(a)) - min(n, len(a)) + 1, n)`.
    Valid,
    /// `'same'`: `(max(n, len(a)), n)`.
    Same,
}

/// SciPy's `linalg.convolution_matrix(a, n, mode)`: the matrix `A` with `A @ v ==
/// np.convolve(a, v, mode)` for vectors `v` of length `n` (a Toeplitz matrix).
///
/// ```
/// use kernels_std::scipy::linalg::{convolution_matrix, ConvMode};
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![1, 2i32])?;
/// assert_eq!(convolution_matrix(&a, 2, ConvMode::Full)?.to_vec()?, vec![1, 0, 2, 1, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn convolution_matrix<T: DType>(a: &Array<T>, n: usize, mode: ConvMode) -> Result<Array<T>> {
    let a = vector("convolution_matrix", a)?;
    let la = a.len();
    if n == 0 || la == 0 {
        return Err(Error::invalid(
            "convolution_matrix: n and len(a) must be positive",
        ));
    }
    let full = n.checked_add(la - 1).ok_or_else(|| {
        Error::invalid(format!(
            "convolution_matrix: the full convolution of {la} and {n} elements has more rows \
             than an array can hold"
        ))
    })?;
    let (rows, start) = match mode {
        ConvMode::Full => (full, 0),
        ConvMode::Same => (n.max(la), (full - n.max(la)) / 2),
        ConvMode::Valid => (n.max(la) - n.min(la) + 1, n.min(la) - 1),
    };
    // Full row r, column j holds a[r - j] when 0 <= r - j < len(a), else zero (index len(a)).
    let zero = Array::zeros(&a.device(), &[1])?;
    let values = crate::shape::concatenate(&[&a, &zero], Some(0))?;
    let index = grid(rows, n, |r, j| {
        let r = r + start;
        if r >= j && r - j < la {
            (r - j) as i64
        } else {
            la as i64
        }
    })?;
    gather(&values, index, rows, n)
}
