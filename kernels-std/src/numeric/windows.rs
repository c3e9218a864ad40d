//! NumPy's window functions: `bartlett`, `blackman`, `hamming`, `hanning`.

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
