//! What the routines with options of their own (`ddof`, `weights`, ...) share: the axes and
//! `keepdims` chosen on their builder, handed unchanged to the runtime's
//! [`ReduceCall`](array_runtime::kernel::reduction::ReduceCall), which resolves them (negative
//! axes, duplicates, out of range) exactly as for every other reduction.

use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel};
use array_runtime::{Error, Result};

/// Axes and `keepdims` as chosen on a builder (`None`: every axis).
#[derive(Clone, Debug, Default)]
pub(crate) struct AxesChoice {
    pub(crate) axes: Option<Vec<isize>>,
    pub(crate) keepdims: bool,
}

impl AxesChoice {
    /// The same choice on a runtime call.
    pub(crate) fn apply<'a, K: ReduceKernel>(&self, call: ReduceCall<'a, K>) -> ReduceCall<'a, K> {
        let call = match &self.axes {
            Some(axes) => call.axes(axes),
            None => call,
        };
        call.keepdims(self.keepdims)
    }

    /// NumPy's `mean`, `var`, `std` reject an axis of a 0-d array, where `sum`, `max` and
    /// the `nan` forms accept `axis=0`.
    pub(crate) fn reject_axis_of_scalar(&self, op: &str, ndim: usize) -> Result<()> {
        match &self.axes {
            Some(axes) if ndim == 0 && !axes.is_empty() => Err(Error::invalid(format!(
                "{op}: axis {axes:?} is out of bounds for an array of dimension 0"
            ))),
            _ => Ok(()),
        }
    }
}

/// The `axis`, `axes` and `keepdims` methods of a builder with an `axes: AxesChoice` field.
macro_rules! axes_methods {
    () => {
        /// Adds `axis` (negative counts from the end) to the reduced axes.
        pub fn axis(mut self, axis: isize) -> Self {
            self.choice.axes.get_or_insert_with(Vec::new).push(axis);
            self
        }

        /// Reduces exactly these axes (an empty list reduces none, as NumPy's `axis=()`).
        pub fn axes(mut self, axes: &[isize]) -> Self {
            self.choice.axes = Some(axes.to_vec());
            self
        }

        /// Keeps the reduced axes with extent 1 (NumPy's `keepdims=True`).
        pub fn keepdims(mut self, keep: bool) -> Self {
            self.choice.keepdims = keep;
            self
        }
    };
}
pub(crate) use axes_methods;
