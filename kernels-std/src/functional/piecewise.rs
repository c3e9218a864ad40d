//! `piecewise`: a function (or a constant) per region of the input.

use array_runtime::{Array, DType, Error, Result};

use crate::math::logical_not;
use crate::reduce::any;
use crate::shape::{flatten, stack};
use crate::sort::{flatnonzero, put, take, TakeMode};

/// A function of [`Piece::Func`]: the selected elements to their new values.
pub type PieceFn<'f, T> = Box<dyn FnMut(&Array<T>) -> Result<Array<T>> + 'f>;

/// One entry of [`piecewise`]'s `funclist`: a constant, or a function of the selected
/// elements (NumPy's callables).
pub enum Piece<'f, T: DType> {
    /// Every selected element becomes this value.
    Value(T),
    /// Called with the selected elements (a 1-d array in C order of `x`); returns their new
    /// values (as many, or one for all).
    Func(PieceFn<'f, T>),
}

impl<'f, T: DType> Piece<'f, T> {
    /// A function of the selected elements.
    ///
    /// ```
    /// use kernels_std::prelude::*;
    /// use kernels_std::functional::Piece;
    /// let neg = Piece::func(|v: &Array<f64>| (-v).eval());
    /// assert!(matches!(neg, Piece::Func(_)));
    /// ```
    pub fn func(f: impl FnMut(&Array<T>) -> Result<Array<T>> + 'f) -> Self {
        Piece::Func(Box::new(f))
    }
}

impl<T: DType> std::fmt::Debug for Piece<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Piece::Value(v) => f.debug_tuple("Value").field(v).finish(),
            Piece::Func(_) => f.write_str("Func(..)"),
        }
    }
}

impl<T: DType> From<T> for Piece<'_, T> {
    fn from(value: T) -> Self {
        Piece::Value(value)
    }
}

/// Evaluates a piecewise-defined function (NumPy's `np.piecewise`): the result (of `x`'s
/// shape and dtype, zero where no condition holds) takes, where `condlist[i]` is true, the
/// value of `funclist[i]`: a constant, or a function called with the elements of `x` there
/// (only when there is at least one). Later conditions overwrite earlier ones where both
/// hold. With one function more than conditions, the last applies where none holds (NumPy's
/// implicit "otherwise").
///
/// Errors: no condition (NumPy's `IndexError`: it reads `condlist[0]`); a condition whose
/// shape is not `x`'s (NumPy's `IndexError` of boolean indexing); neither `n` nor `n + 1` functions for `n` conditions; a function's result
/// that is neither one value nor one per selected element (NumPy's "cannot assign ...
/// input values"); a function's error.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::functional::{piecewise, Piece};
/// use kernels_std::{greater_equal, less};
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[5], vec![-2.0, -1.0, 0.0, 1.0, 2.0])?;
/// // np.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * v])
/// let neg = less(&x, 0.0)?;
/// let pos = greater_equal(&x, 0.0)?;
/// let y = piecewise(&x, &[&neg, &pos], vec![
///     Piece::func(|v| (-v).eval()),
///     Piece::func(|v| (v * v).eval()),
/// ])?;
/// assert_eq!(y.to_vec()?, vec![2.0, 1.0, 0.0, 1.0, 4.0]);
/// // One constant for x < 0, and 1.0 "otherwise".
/// let s = piecewise(&x, &[&neg], vec![(-1.0).into(), 1.0.into()])?;
/// assert_eq!(s.to_vec()?, vec![-1.0, -1.0, 1.0, 1.0, 1.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn piecewise<T: DType>(
    x: &Array<T>,
    condlist: &[&Array<bool>],
    funclist: Vec<Piece<'_, T>>,
) -> Result<Array<T>> {
    let (n, n2) = (condlist.len(), funclist.len());
    if n == 0 {
        // NumPy reads `condlist[0]` first: an IndexError.
        return Err(Error::invalid(
            "piecewise: condlist is empty (NumPy's IndexError: list index out of range)",
        ));
    }
    for c in condlist {
        if c.shape() != x.shape() {
            return Err(mismatch(c.shape(), x.shape()));
        }
    }
    let dev = x.device();
    let otherwise = if n2 == n + 1 {
        let held = any(&stack(condlist, 0)?).axis(0).run()?;
        Some(logical_not(&held)?)
    } else if n2 != n {
        return Err(Error::invalid(format!(
            "piecewise: with {n} condition(s), either {n} or {} functions are expected",
            n + 1
        )));
    } else {
        None
    };
    let conds = condlist.iter().copied().chain(otherwise.as_ref());
    let mut y = Array::<T>::zeros(&dev, x.shape())?;
    let flat = flatten(x)?;
    for (cond, piece) in conds.zip(funclist) {
        let at = flatnonzero(cond)?;
        if at.is_empty() {
            continue;
        }
        let vals = match piece {
            Piece::Value(v) => Array::scalar(&dev, v)?,
            Piece::Func(mut f) => {
                let r = f(&take(&flat, &at, None)?)?;
                r.broadcast_to(&[at.len()]).map_err(|_| {
                    Error::invalid(format!(
                        "piecewise: NumPy boolean array indexing assignment cannot assign {} \
                         input values to the {} output values where the mask is true",
                        r.len(),
                        at.len()
                    ))
                })?
            }
        };
        put(&mut y, &at, &vals, TakeMode::Raise)?;
    }
    Ok(y)
}

/// NumPy's `IndexError` for a boolean index of another shape.
fn mismatch(cond: &[usize], x: &[usize]) -> Error {
    let axis = cond
        .iter()
        .zip(x)
        .position(|(c, d)| c != d)
        .unwrap_or(cond.len().min(x.len()));
    Error::invalid(format!(
        "piecewise: boolean index did not match indexed array along axis {axis}; size of \
         axis is {} but size of corresponding boolean axis is {} (condition shape {:?}, x \
         shape {:?})",
        x.get(axis).copied().unwrap_or(1),
        cond.get(axis).copied().unwrap_or(1),
        cond,
        x
    ))
}
