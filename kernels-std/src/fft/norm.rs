//! NumPy's `norm` keyword: which direction of a transform pair is scaled, and by what.

use std::fmt;
use std::str::FromStr;

use crate::prelude::*;

/// NumPy's `norm`: `"backward"` (the default: the inverse transform is scaled by `1/n`),
/// `"ortho"` (both by `1/sqrt(n)`, so the pair is unitary) or `"forward"` (the forward
/// transform by `1/n`).
///
/// ```
/// use kernels_std::fft::Norm;
/// assert_eq!("ortho".parse::<Norm>()?, Norm::Ortho);
/// assert_eq!(Norm::Forward.factor(4, false), 0.25);
/// assert_eq!(Norm::Backward.factor(4, true), 0.25);
/// assert_eq!(Norm::Ortho.factor(4, true), 0.5);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Norm {
    /// No scaling forward, `1/n` backward (NumPy's default, `norm=None`).
    #[default]
    Backward,
    /// `1/sqrt(n)` both ways.
    Ortho,
    /// `1/n` forward, none backward.
    Forward,
}

impl Norm {
    /// The factor of a transform of `n` points, forward or `inverse`.
    pub fn factor(self, n: usize, inverse: bool) -> f64 {
        let n = n as f64;
        match (self, inverse) {
            (Norm::Ortho, _) => 1.0 / n.sqrt(),
            (Norm::Backward, true) | (Norm::Forward, false) => 1.0 / n,
            _ => 1.0,
        }
    }

    /// [`factor`](Norm::factor) computed as NumPy computes it, in the precision `P` of the
    /// input's real dtype (`reciprocal(n, dtype=...)`, `reciprocal(sqrt(n, dtype=...))`): for
    /// an `f16` input, `1/7` is `f16`'s nearest value to it.
    ///
    /// ```
    /// use kernels_std::fft::Norm;
    /// use kernels_std::prelude::*;
    /// assert_eq!(Norm::Forward.factor_in::<f16>(7, false), f16::from_f64(1.0 / 7.0).to_f64());
    /// assert_eq!(Norm::Forward.factor_in::<f64>(7, false), 1.0 / 7.0);
    /// ```
    pub fn factor_in<P: Float>(self, n: usize, inverse: bool) -> f64 {
        let one = P::one();
        let np = (n as f64).cast::<P>();
        let f = match (self, inverse) {
            (Norm::Ortho, _) => one / np.sqrt(),
            (Norm::Backward, true) | (Norm::Forward, false) => one / np,
            _ => one,
        };
        f.cast::<f64>()
    }

    /// The norm that scales the other direction (NumPy's `_swap_direction`: `hfft` is an
    /// inverse real transform scaled as a forward one).
    pub fn swap(self) -> Norm {
        match self {
            Norm::Backward => Norm::Forward,
            Norm::Ortho => Norm::Ortho,
            Norm::Forward => Norm::Backward,
        }
    }

    /// NumPy's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Norm::Backward => "backward",
            Norm::Ortho => "ortho",
            Norm::Forward => "forward",
        }
    }
}

impl fmt::Display for Norm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Norm {
    type Err = Error;

    fn from_str(s: &str) -> Result<Norm> {
        match s {
            "backward" => Ok(Norm::Backward),
            "ortho" => Ok(Norm::Ortho),
            "forward" => Ok(Norm::Forward),
            other => Err(Error::invalid(format!(
                "Invalid norm value {other:?}; should be \"backward\", \"ortho\" or \"forward\""
            ))),
        }
    }
}
