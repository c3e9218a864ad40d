//! The error functions and the normal distribution of `scipy.special`: `erf`, `erfc`,
//! `erfcx`, `erfi`, `erfinv`, `erfcinv`, `dawsn`, `ndtr`, `log_ndtr`, `ndtri`, `ndtri_exp`.

use super::ufunc::ufunc;

ufunc! {
    /// The error function, elementwise (SciPy's `erf`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 10.0, -10.0])?;
    /// assert_eq!(special::erf(&x)?.to_vec()?, vec![0.0, 1.0, -1.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erf(x): Promote;
    /// The complementary error function `1 - erf(x)`, elementwise (SciPy's `erfc`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::NEG_INFINITY])?;
    /// assert_eq!(special::erfc(&x)?.to_vec()?, vec![1.0, 2.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erfc(x): Promote;
    /// The scaled complementary error function `e^(x^2) erfc(x)`, elementwise (SciPy's
    /// `erfcx`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::INFINITY])?;
    /// assert_eq!(special::erfcx(&x)?.to_vec()?, vec![1.0, 0.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erfcx(x): Promote;
    /// The imaginary error function `-i erf(ix)`, elementwise (SciPy's `erfi`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, 30.0])?;
    /// assert_eq!(special::erfi(&x)?.to_vec()?, vec![0.0, f64::INFINITY]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erfi(x): Promote;
    /// The inverse error function, elementwise (SciPy's `erfinv`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let y = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, 1.0, 2.0])?;
    /// let x = special::erfinv(&y)?.to_vec()?;
    /// assert!(x[0] == 0.0 && x[1] == f64::INFINITY && x[2].is_nan());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erfinv(x): PromoteF32;
    /// The inverse complementary error function, elementwise (SciPy's `erfcinv`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let z = Array::from_vec(&Device::cpu(), &[3], vec![1.0f64, 0.0, 2.0])?;
    /// assert_eq!(special::erfcinv(&z)?.to_vec()?, vec![0.0, f64::INFINITY, f64::NEG_INFINITY]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    erfcinv(x): PromoteF32;
    /// Dawson's integral, elementwise (SciPy's `dawsn`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::INFINITY])?;
    /// assert_eq!(special::dawsn(&x)?.to_vec()?, vec![0.0, 0.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    dawsn(x): Promote;
    /// The standard normal distribution function, elementwise (SciPy's `ndtr`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[3], vec![0.0f64, f64::INFINITY, f64::NEG_INFINITY])?;
    /// assert_eq!(special::ndtr(&x)?.to_vec()?, vec![0.5, 1.0, 0.0]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    ndtr(x): Promote;
    /// The logarithm of the standard normal distribution function, elementwise (SciPy's
    /// `log_ndtr`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let x = Array::from_vec(&Device::cpu(), &[2], vec![f64::INFINITY, f64::NEG_INFINITY])?;
    /// assert_eq!(special::log_ndtr(&x)?.to_vec()?, vec![0.0, f64::NEG_INFINITY]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    log_ndtr(x): Promote;
    /// The inverse of the standard normal distribution function, elementwise (SciPy's
    /// `ndtri`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let p = Array::from_vec(&Device::cpu(), &[3], vec![0.5f64, 0.0, 1.0])?;
    /// assert_eq!(special::ndtri(&p)?.to_vec()?, vec![0.0, f64::NEG_INFINITY, f64::INFINITY]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    ndtri(x): PromoteF32;
    /// `ndtri(e^y)`, elementwise (SciPy's `ndtri_exp`).
    ///
    /// ```
    /// use kernels_std::{special, Array, Device};
    /// let y = Array::from_vec(&Device::cpu(), &[2], vec![0.0f64, f64::NEG_INFINITY])?;
    /// assert_eq!(special::ndtri_exp(&y)?.to_vec()?, vec![f64::INFINITY, f64::NEG_INFINITY]);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    ndtri_exp(x): PromoteF32;
}
