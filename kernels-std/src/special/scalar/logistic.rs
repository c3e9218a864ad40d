//! The logistic function and its relatives, and the entropy functions: `expit`, `logit`,
//! `log_expit`, `softplus`, `xlogy`, `xlog1py`, `entr`, `rel_entr`, `kl_div`, `huber`,
//! `pseudo_huber`.
//!
//! ```
//! use kernels_std::special::scalar as sp;
//! assert_eq!((sp::expit(0.0), sp::expit(-800.0), sp::expit(800.0)), (0.5, 0.0, 1.0));
//! assert_eq!(sp::logit(0.5), 0.0);
//! assert_eq!(sp::log_expit(-800.0), -800.0);
//! assert_eq!(sp::softplus(800.0), 800.0);
//! assert_eq!(sp::xlogy(0.0, 0.0), 0.0);
//! assert_eq!(sp::xlog1py(0.0, -1.0), 0.0);
//! assert_eq!(sp::entr(1.0), 0.0);
//! assert_eq!(sp::rel_entr(1.0, 1.0), 0.0);
//! assert_eq!(sp::kl_div(0.0, 2.0), 2.0);
//! assert_eq!(sp::huber(1.0, 3.0), 2.5);
//! let y = sp::pseudo_huber(1.0, 2.0);
//! assert!((y - (5.0f64.sqrt() - 1.0)).abs() < 1e-15);
//! # Ok::<(), kernels_std::Error>(())
//! ```

use crate::prelude::*;

/// The logistic sigmoid `1 / (1 + e^-x)` (SciPy's `expit`), without overflow.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn expit(x: f64) -> f64 {
    // e^-|x| for both signs, then a select (`1/(1 + e)` or `e/(1 + e)`): one `exp` and no
    // branch, so the CPU loop vectorizes (random signs would mispredict a branch).
    let e = (-x.abs()).exp();
    let num = if x >= 0.0 { 1.0 } else { e };
    num / (1.0 + e)
}

/// The log-odds `ln(p / (1 - p))` (SciPy's `logit`): `-inf` at 0, `inf` at 1, NaN outside
/// `[0, 1]`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn logit(p: f64) -> f64 {
    if p < 0.0 || p > 1.0 {
        return f64::NAN;
    }
    if p >= 0.25 && p <= 0.75 {
        // 2p - 1 and 1 - p are exact here; ln_1p keeps the small differences.
        ((2.0 * p - 1.0) / (1.0 - p)).ln_1p()
    } else {
        (p / (1.0 - p)).ln()
    }
}

/// `ln(expit(x))` without underflow (SciPy's `log_expit`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn log_expit(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// `ln(1 + e^x)` without overflow (SciPy's `softplus`, NumPy's `logaddexp(0, x)`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else if x <= 0.0 {
        x.exp().ln_1p()
    } else {
        x
    }
}

/// `x ln(y)`, 0 when `x == 0` and `y` is not NaN (SciPy's `xlogy`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn xlogy(x: f64, y: f64) -> f64 {
    if x == 0.0 && !y.is_nan() {
        0.0
    } else {
        x * y.ln()
    }
}

/// `x ln(1 + y)`, 0 when `x == 0` and `y` is not NaN (SciPy's `xlog1py`).
///
/// Example: [the family's page](self).
#[device_fn]
pub fn xlog1py(x: f64, y: f64) -> f64 {
    if x == 0.0 && !y.is_nan() {
        0.0
    } else {
        x * y.ln_1p()
    }
}

/// The entropy term `-x ln(x)` (SciPy's `entr`): 0 at 0, `-inf` below.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn entr(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x > 0.0 {
        -x * x.ln()
    } else if x == 0.0 {
        0.0
    } else {
        f64::NEG_INFINITY
    }
}

/// The relative entropy term `x ln(x / y)` (SciPy's `rel_entr`): 0 for `x == 0, y >= 0`,
/// `inf` for the other points outside `x, y > 0`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn rel_entr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > 0.0 && y > 0.0 {
        let ratio = x / y;
        if ratio > 0.5 && ratio < 2.0 {
            // x - y is exact here: the logarithm keeps the digits of a small difference.
            x * ((x - y) / y).ln_1p()
        } else if ratio > f64::MIN_POSITIVE && ratio < f64::INFINITY {
            x * ratio.ln()
        } else {
            // The ratio under- or overflows: the logarithms first.
            x * (x.ln() - y.ln())
        }
    } else if x == 0.0 && y >= 0.0 {
        0.0
    } else {
        f64::INFINITY
    }
}

/// The Kullback-Leibler term `x ln(x / y) - x + y` (SciPy's `kl_div`): `y` for `x == 0,
/// y >= 0`, `inf` for the other points outside `x, y > 0`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn kl_div(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x > 0.0 && y > 0.0 {
        x * (x / y).ln() - x + y
    } else if x == 0.0 && y >= 0.0 {
        y
    } else {
        f64::INFINITY
    }
}

/// The Huber loss of `r` with threshold `delta` (SciPy's `huber`): `r^2 / 2` within `delta`,
/// `delta (|r| - delta / 2)` beyond, `inf` for a negative `delta`.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn huber(delta: f64, r: f64) -> f64 {
    if delta < 0.0 {
        f64::INFINITY
    } else if r.abs() <= delta {
        0.5 * r * r
    } else {
        delta * (r.abs() - 0.5 * delta)
    }
}

/// The pseudo-Huber loss `delta^2 (sqrt(1 + (r/delta)^2) - 1)` (SciPy's `pseudo_huber`):
/// `inf` for a negative `delta`, 0 when `delta` or `r` is 0.
///
/// Example: [the family's page](self).
#[device_fn]
pub fn pseudo_huber(delta: f64, r: f64) -> f64 {
    if delta < 0.0 {
        return f64::INFINITY;
    }
    if delta == 0.0 || r == 0.0 {
        return 0.0;
    }
    let v = r / delta;
    if v.abs() > 1.0e150 {
        // (r/delta)^2 overflows; the loss is delta |r| - delta^2 to the last bit.
        return delta * r.abs() - delta * delta;
    }
    delta * delta * (0.5 * (v * v).ln_1p()).exp_m1()
}
