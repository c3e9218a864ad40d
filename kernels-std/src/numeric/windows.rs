//! NumPy's window functions: `bartlett`, `blackman`, `hamming`, `hanning`, `kaiser`.

use super::kernels::window_points;
use crate::prelude::*;

/// The window `kind` (see [`window_points`]) of `m` points on `dev`: empty for `m < 1`, `[1]`
/// for `m == 1`, as NumPy.
fn window(dev: &Device, m: i64, kind: u32) -> Result<Array<f64>> {
    if m < 1 {
        return Array::zeros(dev, &[0]);
    }
    let m = m as usize;
    if m == 1 {
        return Array::full(dev, &[1], 1.0);
    }
    let mut out = Array::<f64>::zeros(dev, &[m])?;
    window_points::launch(
        &LaunchConfig::for_elements(m, 256),
        &mut out,
        m as u64,
        kind,
    )?;
    Ok(out)
}

/// NumPy's `bartlett(M)`: the triangular window of `M` points, `1 - |n| / (M - 1)` for
/// `n = 1 - M, 3 - M, ..., M - 1`; empty for `M < 1`, `[1.0]` for `M == 1`.
///
/// ```
/// use kernels_std::numeric::bartlett;
/// use kernels_std::Device;
/// assert_eq!(bartlett(&Device::cpu(), 5)?.to_vec()?, vec![0.0, 0.5, 1.0, 0.5, 0.0]);
/// assert_eq!(bartlett(&Device::cpu(), 0)?.len(), 0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn bartlett(dev: &Device, m: i64) -> Result<Array<f64>> {
    window(dev, m, 0)
}

/// NumPy's `blackman(M)`: `0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1))` for
/// `n = 1 - M, 3 - M, ..., M - 1`; empty for `M < 1`, `[1.0]` for `M == 1`.
///
/// ```
/// use kernels_std::numeric::blackman;
/// use kernels_std::Device;
/// let w = blackman(&Device::cpu(), 3)?.to_vec()?;
/// assert!(w[0].abs() < 1e-16 && (w[1] - 1.0).abs() < 1e-15);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn blackman(dev: &Device, m: i64) -> Result<Array<f64>> {
    window(dev, m, 1)
}

/// NumPy's `hamming(M)`: `0.54 + 0.46 cos(pi n / (M - 1))` for `n = 1 - M, 3 - M, ...,
/// M - 1`; empty for `M < 1`, `[1.0]` for `M == 1`.
///
/// ```
/// use kernels_std::numeric::hamming;
/// use kernels_std::Device;
/// let w = hamming(&Device::cpu(), 3)?.to_vec()?;
/// assert!((w[0] - 0.08).abs() < 1e-15 && w[1] == 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hamming(dev: &Device, m: i64) -> Result<Array<f64>> {
    window(dev, m, 2)
}

/// NumPy's `hanning(M)` (the Hann window): `0.5 + 0.5 cos(pi n / (M - 1))` for
/// `n = 1 - M, 3 - M, ..., M - 1`; empty for `M < 1`, `[1.0]` for `M == 1`.
///
/// ```
/// use kernels_std::numeric::hanning;
/// use kernels_std::Device;
/// assert_eq!(hanning(&Device::cpu(), 3)?.to_vec()?, vec![0.0, 1.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn hanning(dev: &Device, m: i64) -> Result<Array<f64>> {
    window(dev, m, 3)
}

/// NumPy's `kaiser(M, beta)`: `i0(beta * sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta)` for
/// `n = 0, ..., M - 1`, `alpha = (M - 1) / 2`, with NumPy's [`i0`](crate::math::i0); empty
/// for `M < 1`, `[1.0]` for `M == 1`. A NaN `beta` gives NaN points, as in NumPy.
///
/// ```
/// use kernels_std::numeric::kaiser;
/// use kernels_std::Device;
/// let w = kaiser(&Device::cpu(), 3, 0.0)?.to_vec()?; // beta = 0: the rectangular window
/// assert_eq!(w, vec![1.0, 1.0, 1.0]);
/// let w = kaiser(&Device::cpu(), 5, 14.0)?.to_vec()?;
/// assert!((w[0] - 7.726866835e-6).abs() < 1e-14 && w[2] == 1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn kaiser(dev: &Device, m: i64, beta: f64) -> Result<Array<f64>> {
    if m <= 1 {
        return window(dev, m, 4);
    }
    let root = window(dev, m, 4)?;
    let top = crate::math::i0(&(&root * beta).eval()?)?;
    let bottom = crate::math::i0(&Array::scalar(dev, beta)?)?;
    (&top / &bottom).eval()
}
