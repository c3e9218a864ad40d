//! NumPy's `unwrap`: phase unwrapping along an axis, by its formula (`diff`, a correction per
//! step, `cumsum` of the corrections added back).

use crate::prelude::*;
use crate::s;

/// Float dtypes with NumPy's `unwrap` (its result dtype is the input's).
pub trait Unwrap:
    Float
    + crate::scan::Accumulate<Acc = Self>
    + crate::scan::Diff
    + array_runtime::ops::Numeric
    + for<'a> array_runtime::IntoOperand<'a, Self>
{
}
impl Unwrap for f32 {}
impl Unwrap for f64 {}

/// `p` unwrapped along `axis` (NumPy's `unwrap(p, discont=None, axis=-1, period=2*pi)`): where
/// consecutive elements differ by more than `discont` (default `period / 2`; smaller values
/// act as `period / 2`), the difference is replaced by its value modulo `period` in
/// `[-period/2, period/2]`, and the corrections accumulate along the axis. The first element
/// of each lane is kept. Floats (`f32`, `f64`); `period` and `discont` are converted to the
/// dtype, as NumPy converts its Python floats.
///
/// Errors: a 0-d `p` (NumPy raises, as `diff` does); an axis out of range.
///
/// ```
/// use kernels_std::{scan, Array, Device};
/// use std::f64::consts::PI;
/// let p = Array::from_vec(&Device::cpu(), &[4], vec![0.0, 0.5 * PI, PI + 0.5, -PI + 1.0])?;
/// let u = scan::unwrap(&p, None, -1, 2.0 * PI)?.to_vec()?;
/// assert!((u[3] - (PI + 1.0)).abs() < 1e-12);
/// let deg = Array::from_vec(&Device::cpu(), &[3], vec![350.0f32, 10.0, 30.0])?;
/// assert_eq!(scan::unwrap(&deg, None, 0, 360.0)?.to_vec()?, vec![350.0, 370.0, 390.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unwrap<T: Unwrap>(
    p: &Array<T>,
    discont: Option<f64>,
    axis: isize,
    period: f64,
) -> Result<Array<T>> {
    if p.ndim() == 0 {
        // NumPy raises, as `diff` does.
        return crate::scan::diff(p, 1, axis);
    }
    let nd = p.ndim() as isize;
    let given = axis;
    let axis = if axis < 0 { axis + nd } else { axis };
    if !(0..nd).contains(&axis) {
        return Err(Error::Axis {
            axis: given,
            ndim: p.ndim(),
        });
    }
    if p.shape()[axis as usize] <= 1 {
        return p.copy();
    }
    let dd = crate::scan::diff(p, 1, axis)?;
    let discont = discont.unwrap_or(period / 2.0);
    let fix =
        crate::math::kernels::unwrap_correction::<T>(&dd, period.cast::<T>(), discont.cast::<T>())?;
    let fix = crate::scan::cumsum(&fix, Some(axis))?;
    // Work with `axis` last, so that the lanes are sliced as `[..., 1..]`.
    let last = p.swap_axes(axis, -1)?;
    let head = last.slice(s![Ellipsis, ..1])?;
    let tail = last.slice(s![Ellipsis, 1..])?;
    let tail = crate::math::add(&tail, &fix.swap_axes(axis, -1)?)?;
    let up = crate::shape::concatenate(&[&head, &tail], nd - 1)?;
    up.swap_axes(axis, -1)?.copy()
}
