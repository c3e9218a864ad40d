//! The keywords of the order statistics: NumPy's `method=` names and the `q` argument.

use std::str::FromStr;

use crate::prelude::*;

/// NumPy's `method=` of `quantile`, `percentile`, `nanquantile` and `nanpercentile`: the nine
/// sample quantiles of Hyndman and Fan and NumPy's four others. The discrete methods
/// ([`is_discrete`](QuantileMethod::is_discrete)) take an element of the data; the others
/// interpolate between two neighbours.
///
/// ```
/// use kernels_std::quantile::QuantileMethod;
/// let m: QuantileMethod = "median_unbiased".parse()?;
/// assert_eq!(m, QuantileMethod::MedianUnbiased);
/// assert_eq!(m.name(), "median_unbiased");
/// assert!(QuantileMethod::Nearest.is_discrete());
/// assert!("cubic".parse::<QuantileMethod>().is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QuantileMethod {
    /// `"inverted_cdf"` (H&F 1, discrete): the smallest value whose empirical CDF reaches `q`.
    InvertedCdf,
    /// `"averaged_inverted_cdf"` (H&F 2): [`InvertedCdf`](Self::InvertedCdf), averaging the
    /// two neighbours where the CDF equals `q`.
    AveragedInvertedCdf,
    /// `"closest_observation"` (H&F 3, discrete): the observation nearest to `n q - 1/2`,
    /// the even one (1-based) on a tie.
    ClosestObservation,
    /// `"interpolated_inverted_cdf"` (H&F 4): the piecewise-linear CDF, `alpha = 0, beta = 1`.
    InterpolatedInvertedCdf,
    /// `"hazen"` (H&F 5): `alpha = beta = 1/2`.
    Hazen,
    /// `"weibull"` (H&F 6): `alpha = beta = 0`.
    Weibull,
    /// `"linear"` (H&F 7, NumPy's default): the virtual index `(n - 1) q`.
    #[default]
    Linear,
    /// `"median_unbiased"` (H&F 8): `alpha = beta = 1/3`.
    MedianUnbiased,
    /// `"normal_unbiased"` (H&F 9): `alpha = beta = 3/8`.
    NormalUnbiased,
    /// `"lower"` (discrete): the element at `floor((n - 1) q)`.
    Lower,
    /// `"higher"` (discrete): the element at `ceil((n - 1) q)`.
    Higher,
    /// `"midpoint"`: the mean of the `lower` and `higher` elements.
    Midpoint,
    /// `"nearest"` (discrete): the element at `(n - 1) q` rounded half to even.
    Nearest,
}

impl QuantileMethod {
    /// Every method, in NumPy's order.
    pub const ALL: [QuantileMethod; 13] = [
        Self::InvertedCdf,
        Self::AveragedInvertedCdf,
        Self::ClosestObservation,
        Self::InterpolatedInvertedCdf,
        Self::Hazen,
        Self::Weibull,
        Self::Linear,
        Self::MedianUnbiased,
        Self::NormalUnbiased,
        Self::Lower,
        Self::Higher,
        Self::Midpoint,
        Self::Nearest,
    ];

    /// NumPy's name of the method.
    pub fn name(self) -> &'static str {
        match self {
            Self::InvertedCdf => "inverted_cdf",
            Self::AveragedInvertedCdf => "averaged_inverted_cdf",
            Self::ClosestObservation => "closest_observation",
            Self::InterpolatedInvertedCdf => "interpolated_inverted_cdf",
            Self::Hazen => "hazen",
            Self::Weibull => "weibull",
            Self::Linear => "linear",
            Self::MedianUnbiased => "median_unbiased",
            Self::NormalUnbiased => "normal_unbiased",
            Self::Lower => "lower",
            Self::Higher => "higher",
            Self::Midpoint => "midpoint",
            Self::Nearest => "nearest",
        }
    }

    /// Whether the method takes an element of the data (`inverted_cdf`,
    /// `closest_observation`, `lower`, `higher`, `nearest`) rather than interpolating; NumPy
    /// keeps the input's dtype for those.
    pub fn is_discrete(self) -> bool {
        matches!(
            self,
            Self::InvertedCdf
                | Self::ClosestObservation
                | Self::Lower
                | Self::Higher
                | Self::Nearest
        )
    }

    /// The code the kernels know the method by (its position in [`ALL`](Self::ALL)).
    pub(crate) fn code(self) -> u32 {
        Self::ALL
            .iter()
            .position(|&m| m == self)
            .expect("every method is listed") as u32
    }
}

impl FromStr for QuantileMethod {
    type Err = Error;

    /// The method of NumPy's name; another name is an error (NumPy's `ValueError`).
    fn from_str(s: &str) -> Result<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::ALL.iter().map(|m| m.name()).collect();
                Error::invalid(format!(
                    "{s:?} is not a valid method. Use one of: {names:?}"
                ))
            })
    }
}

/// The `q` of a quantile or percentile: one value (a 0-d result dimension, NumPy's scalar
/// `q`) or values of a shape of at most two dimensions, whose shape comes first in the result
/// (NumPy's array `q`). Built from an `f64`, a slice, a `Vec`, an array of `f64` (read back
/// to the host).
#[derive(Clone, Debug, PartialEq)]
pub struct Q {
    pub(crate) values: Vec<f64>,
    /// `None`: a scalar.
    pub(crate) shape: Option<Vec<usize>>,
}

impl From<f64> for Q {
    fn from(q: f64) -> Self {
        Q {
            values: vec![q],
            shape: None,
        }
    }
}

impl From<&[f64]> for Q {
    fn from(q: &[f64]) -> Self {
        Q {
            values: q.to_vec(),
            shape: Some(vec![q.len()]),
        }
    }
}

impl<const N: usize> From<[f64; N]> for Q {
    fn from(q: [f64; N]) -> Self {
        Q::from(&q[..])
    }
}

impl<const N: usize> From<&[f64; N]> for Q {
    fn from(q: &[f64; N]) -> Self {
        Q::from(&q[..])
    }
}

impl From<Vec<f64>> for Q {
    fn from(q: Vec<f64>) -> Self {
        let n = q.len();
        Q {
            values: q,
            shape: Some(vec![n]),
        }
    }
}

impl TryFrom<&Array<f64>> for Q {
    type Error = Error;

    /// The values of `q` read back to the host, with its shape (a 0-d `q` adds no dimension,
    /// as a scalar does).
    fn try_from(q: &Array<f64>) -> Result<Self> {
        Ok(Q {
            values: q.to_vec()?,
            shape: Some(q.shape().to_vec()),
        })
    }
}
