//! The keywords the transforms' builders share: `n` (or `s`), `axis` (or `axes`), `norm` and
//! `workers`, as chosen on a builder, resolved against the input as NumPy resolves them.

use super::norm::Norm;
use super::transform::{axis, check_n};
use crate::prelude::*;

/// The keywords of a one-dimensional transform.
#[derive(Clone, Debug)]
pub(crate) struct Options1d {
    pub(crate) n: Option<usize>,
    pub(crate) axis: isize,
    pub(crate) norm: Norm,
    pub(crate) workers: Option<isize>,
}

impl Default for Options1d {
    fn default() -> Self {
        Options1d {
            n: None,
            axis: -1,
            norm: Norm::Backward,
            workers: None,
        }
    }
}

impl Options1d {
    /// The axis (normalized) and the number of points: `n`, or `default(extent)`.
    pub(crate) fn resolve(
        &self,
        op: &str,
        shape: &[usize],
        default: impl Fn(usize) -> usize,
    ) -> Result<(usize, usize)> {
        let ax = axis(op, self.axis, shape)?;
        let n = self.n.unwrap_or_else(|| default(shape[ax]));
        check_n(op, n)?;
        Ok((ax, n))
    }
}

/// The keywords of an n-dimensional transform (`s` and `axes` as NumPy takes them).
#[derive(Clone, Debug, Default)]
pub(crate) struct OptionsNd {
    pub(crate) s: Option<Vec<usize>>,
    pub(crate) axes: Option<Vec<isize>>,
    pub(crate) norm: Norm,
    pub(crate) workers: Option<isize>,
}

impl OptionsNd {
    /// NumPy's `_cook_nd_args`: the lengths and the (normalized) axes. Without `axes`: the
    /// last `len(s)` axes, or every axis (`default_axes` for `fft2`: the last two). Without
    /// `s`: the input's extents along the axes, and for the inverse real transforms
    /// (`inverse_real`) `2 * (m - 1)` along the last one.
    pub(crate) fn resolve(
        &self,
        op: &str,
        shape: &[usize],
        default_axes: Option<&[isize]>,
        inverse_real: bool,
    ) -> Result<(Vec<usize>, Vec<usize>)> {
        let nd = shape.len() as isize;
        let axes: Vec<isize> = match (&self.axes, &self.s, default_axes) {
            (Some(a), _, _) => a.clone(),
            (None, Some(s), _) => (nd - s.len() as isize..nd).collect(),
            (None, None, Some(d)) => d.to_vec(),
            (None, None, None) => (0..nd).collect(),
        };
        let axes = axes
            .iter()
            .map(|&a| axis(op, a, shape))
            .collect::<Result<Vec<_>>>()?;
        let s = match &self.s {
            Some(s) => {
                if s.len() != axes.len() {
                    return Err(Error::invalid(format!(
                        "{op}: Shape and axes have different lengths ({} and {})",
                        s.len(),
                        axes.len()
                    )));
                }
                s.clone()
            }
            None => {
                let mut s: Vec<usize> = axes.iter().map(|&a| shape[a]).collect();
                if inverse_real && let (Some(last), Some(&a)) = (s.last_mut(), axes.last()) {
                    *last = 2 * shape[a].saturating_sub(1);
                }
                s
            }
        };
        for &n in &s {
            check_n(op, n)?;
        }
        Ok((s, axes))
    }
}

/// The `n`, `axis`, `norm` and `workers` methods of a one-dimensional builder (a field
/// `opts: Options1d`).
macro_rules! options_1d {
    () => {
        /// The number of points (NumPy's `n`): the input is cropped or zero-padded along the
        /// axis to this length (for the inverse real transforms, this is the output length).
        /// 0 is an error at `run`, as in NumPy.
        pub fn n(mut self, n: usize) -> Self {
            self.opts.n = Some(n);
            self
        }

        /// The axis to transform (negative counts from the end; default `-1`).
        pub fn axis(mut self, axis: isize) -> Self {
            self.opts.axis = axis;
            self
        }

        /// The normalization (NumPy's `norm`; default [`Norm::Backward`](crate::fft::Norm)).
        pub fn norm(mut self, norm: $crate::fft::Norm) -> Self {
            self.opts.norm = norm;
            self
        }

        /// The threads of the CPU transform (SciPy's `workers`: `-1` every core; see
        /// [`set_workers`](crate::fft::set_workers)); ignored on a GPU.
        pub fn workers(mut self, workers: isize) -> Self {
            self.opts.workers = Some(workers);
            self
        }
    };
}
pub(crate) use options_1d;

/// The `s`, `axes`, `norm` and `workers` methods of an n-dimensional builder (a field
/// `opts: OptionsNd`).
macro_rules! options_nd {
    () => {
        /// The number of points along each transformed axis (NumPy's `s`): crop or zero-pad
        /// (for the inverse real transforms, the output lengths). Without `axes`, the last
        /// `s.len()` axes are transformed.
        pub fn s(mut self, s: &[usize]) -> Self {
            self.opts.s = Some(s.to_vec());
            self
        }

        /// The axes to transform, in order (negative count from the end; repeated axes are
        /// transformed repeatedly, as in NumPy).
        pub fn axes(mut self, axes: &[isize]) -> Self {
            self.opts.axes = Some(axes.to_vec());
            self
        }

        /// The normalization (NumPy's `norm`; default [`Norm::Backward`](crate::fft::Norm)).
        pub fn norm(mut self, norm: $crate::fft::Norm) -> Self {
            self.opts.norm = norm;
            self
        }

        /// The threads of the CPU transform (SciPy's `workers`: `-1` every core; see
        /// [`set_workers`](crate::fft::set_workers)); ignored on a GPU.
        pub fn workers(mut self, workers: isize) -> Self {
            self.opts.workers = Some(workers);
            self
        }
    };
}
pub(crate) use options_nd;
