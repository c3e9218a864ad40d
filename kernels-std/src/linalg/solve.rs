//! Linear systems and inverses: NumPy's `solve`, `inv`, `matrix_power`, `tensorsolve`,
//! `tensorinv`.

use array_runtime::{shape, Array, Error, Result};

use super::float::{LinalgFloat, LinalgInput};
use super::lapack::{self, check_square, split_shape, with_dims};
use super::matmul::matmul;

/// `a` and `b` broadcast to one batch shape: `(batch, n, n)` and `(batch, n, k)` views.
pub(crate) fn broadcast_systems<T: LinalgFloat>(
    op: &str,
    a: &Array<T>,
    b: &Array<T>,
) -> Result<(Array<T>, Array<T>, Vec<usize>)> {
    let (ba, n, _) = split_shape(a.shape());
    let (bb, _, k) = split_shape(b.shape());
    let batch = shape::broadcast_shapes(op, &[ba, bb]).map_err(|_| Error::Broadcast {
        op: format!("{op} (batch dimensions)"),
        shapes: vec![a.shape().to_vec(), b.shape().to_vec()],
    })?;
    let a = a.broadcast_to(&with_dims(&batch, &[n, n]))?;
    let b = b.broadcast_to(&with_dims(&batch, &[n, k]))?;
    Ok((a, b, batch))
}

/// NumPy's `linalg.solve(a, b)`: the solution `x` of `a @ x = b` for each square matrix of the
/// stack `a` `(..., M, M)`.
///
/// `b` is a vector `(M,)` when it is 1-d (the result is then `(..., M)`), otherwise a stack of
/// matrices `(..., M, K)`; the batch dimensions broadcast, as NumPy 2's. Integers are solved in
/// `f64`. LU with partial pivoting (faer on the CPU, small batches in one raw kernel; cuSOLVER
/// on a GPU).
///
/// Errors: a non-square `a`, shapes that do not align, and an exactly singular matrix
/// ([`Error::LinAlg`], "Singular matrix", as NumPy's `LinAlgError`).
///
/// ```
/// use kernels_std::linalg::solve;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![3.0f64, 1.0, 1.0, 2.0])?;
/// let b = Array::from_vec(&dev, &[2], vec![9.0f64, 8.0])?;
/// let x = solve(&a, &b)?;
/// assert!((x.to_vec()?[0] - 2.0f64).abs() < 1e-12 && (x.to_vec()?[1] - 3.0).abs() < 1e-12);
/// let singular = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 2.0, 4.0])?;
/// assert!(matches!(solve(&singular, &b), Err(Error::LinAlg { .. })));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn solve<T: LinalgInput>(a: &Array<T>, b: &Array<T>) -> Result<Array<T::Float>> {
    solve_float(&T::to_float(a)?, &T::to_float(b)?)
}

/// [`solve`] in a float dtype.
pub(crate) fn solve_float<F: LinalgFloat>(a: &Array<F>, b: &Array<F>) -> Result<Array<F>> {
    let op = "solve";
    let n = check_square(op, a)?;
    let vector = b.ndim() == 1;
    let b2 = if vector { b.insert_axis(1)? } else { b.clone() };
    if b2.ndim() < 2 || b2.shape()[b2.ndim() - 2] != n {
        return Err(Error::invalid(format!(
            "solve: the shapes {:?} and {:?} do not align: b needs {n} rows{}",
            a.shape(),
            b.shape(),
            if vector {
                ""
            } else {
                " in its second-to-last dimension"
            }
        )));
    }
    let (a, b2, batch) = if vector {
        let (ba, _, _) = split_shape(a.shape());
        let bb = b2.broadcast_to(&with_dims(ba, &[n, 1]))?;
        (a.clone(), bb, ba.to_vec())
    } else {
        broadcast_systems(op, a, &b2)?
    };
    let k = b2.shape()[b2.ndim() - 1];
    let x = if shape::size(&batch) == 0 || n == 0 || k == 0 {
        Array::zeros(&a.device(), &with_dims(&batch, &[n, k]))?
    } else {
        lapack::solve(op, &a, &b2)?
    };
    if vector {
        x.reshape(&with_dims(&batch, &[n]))
    } else {
        Ok(x)
    }
}

/// NumPy's `linalg.inv(a)`: the inverse of each square matrix of the stack `(..., M, M)`.
///
/// Integers are inverted in `f64`. Errors: a non-square input, an exactly singular matrix
/// ([`Error::LinAlg`]).
///
/// ```
/// use kernels_std::linalg::inv;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![4.0f32, 7.0, 2.0, 6.0])?;
/// let x = inv(&a)?.to_vec()?;
/// let want = [0.6f32, -0.7, -0.2, 0.4];
/// assert!(x.iter().zip(want).all(|(x, w)| (x - w).abs() < 1e-6));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn inv<T: LinalgInput>(a: &Array<T>) -> Result<Array<T::Float>> {
    inv_float(&T::to_float(a)?)
}

/// [`inv`] in a float dtype.
pub(crate) fn inv_float<F: LinalgFloat>(a: &Array<F>) -> Result<Array<F>> {
    let a = a.clone();
    let n = check_square("inv", &a)?;
    if a.is_empty() || n == 0 {
        return Array::zeros(&a.device(), a.shape());
    }
    lapack::inv("inv", &a)
}

/// NumPy's `linalg.matrix_power(a, n)`: `a` raised to the integer power `n` for each square
/// matrix of the stack; `n = 0` gives identities, a negative `n` the power of the inverse.
///
/// Computed by repeated squaring with [`matmul`], in `a`'s dtype (integers stay integers for
/// `n >= 0`, as in NumPy, and wrap on overflow; a negative power of an integer matrix is an
/// error here: use a float dtype, since NumPy's result is float).
///
/// ```
/// use kernels_std::linalg::matrix_power;
/// use kernels_std::prelude::*;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1i64, 1, 1, 0])?;
/// assert_eq!(matrix_power(&a, 10)?.to_vec()?, vec![89, 55, 55, 34]);     // Fibonacci
/// let b = Array::from_vec(&Device::cpu(), &[2, 2], vec![2.0, 0.0, 0.0, 4.0])?;
/// assert_eq!(matrix_power(&b, -1)?.to_vec()?, vec![0.5, 0.0, 0.0, 0.25]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matrix_power<T: super::LinalgScalar + MaybeInverse + crate::creation::One>(
    a: &Array<T>,
    n: i64,
) -> Result<Array<T>> {
    check_square("matrix_power", a)?;
    let base = if n < 0 { T::inverse(a)? } else { a.clone() };
    let mut e = n.unsigned_abs();
    if e == 0 {
        let (batch, m, _) = split_shape(a.shape());
        let eye = crate::creation::eye::<T>(&a.device(), m, None, 0)?;
        return eye.broadcast_to(&with_dims(batch, &[m, m]))?.copy();
    }
    // Squarings of `base`, multiplied into the result where `e` has a bit.
    let mut result: Option<Array<T>> = None;
    let mut z = base;
    loop {
        if e & 1 == 1 {
            result = Some(match result {
                None => z.clone(),
                Some(r) => matmul(&r, &z)?,
            });
        }
        e >>= 1;
        if e == 0 {
            break;
        }
        z = matmul(&z, &z)?;
    }
    let r = result.expect("n != 0 has a bit");
    if r.is_c_contiguous() {
        Ok(r)
    } else {
        r.copy()
    }
}

/// The dtypes whose matrices [`matrix_power`] can invert (the float dtypes; integers give an
/// error for negative powers).
pub trait MaybeInverse: super::LinalgScalar {
    /// The inverse of each matrix, or an error for dtypes without one.
    fn inverse(a: &Array<Self>) -> Result<Array<Self>>;
}

macro_rules! invertible {
    ($($t:ty),*) => {$(
        impl MaybeInverse for $t {
            fn inverse(a: &Array<$t>) -> Result<Array<$t>> { inv(a) }
        }
    )*};
}
invertible!(f32, f64, array_runtime::c64, array_runtime::c128);

macro_rules! not_invertible {
    ($($t:ty),*) => {$(
        impl MaybeInverse for $t {
            fn inverse(_: &Array<$t>) -> Result<Array<$t>> {
                Err(Error::invalid(
                    "matrix_power: a negative power of an integer matrix needs a float dtype \
                     (astype::<f64>() first; NumPy's result is float64)",
                ))
            }
        }
    )*};
}
not_invertible!(
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    array_runtime::f16,
    array_runtime::bf16
);

/// NumPy's `linalg.tensorsolve(a, b, axes)`: the tensor `x` with `tensordot(a, x, x.ndim) == b`,
/// where `x`'s shape is `a.shape()[b.ndim():]`. `axes` (optional) are axes of `a` moved to the
/// end first.
///
/// ```
/// use kernels_std::linalg::{tensordot, tensorsolve};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2, 4], (0..16).map(|i| ((i * 7 % 11) as f64) + if i % 5 == 0 { 10.0 } else { 0.0 }).collect())?;
/// let b = Array::from_vec(&dev, &[2, 2], vec![1.0, 2.0, 3.0, 4.0])?;
/// let x = tensorsolve(&a, &b, None)?;
/// assert_eq!(x.shape(), &[4]);
/// let back = tensordot(&a, &x, 1)?.to_vec()?;
/// assert!(back.iter().zip([1.0, 2.0, 3.0, 4.0]).all(|(x, y)| (x - y).abs() < 1e-9));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tensorsolve<T: LinalgInput>(
    a: &Array<T>,
    b: &Array<T>,
    axes: Option<&[isize]>,
) -> Result<Array<T::Float>> {
    let mut a = T::to_float(a)?;
    let b = T::to_float(b)?;
    if let Some(axes) = axes {
        let nd = a.ndim();
        let moved: Vec<usize> = axes
            .iter()
            .map(|&ax| super::views::axis("tensorsolve", ax, a.shape()))
            .collect::<Result<_>>()?;
        let mut order: Vec<isize> = (0..nd)
            .filter(|k| !moved.contains(k))
            .map(|k| k as isize)
            .collect();
        order.extend(moved.iter().map(|&k| k as isize));
        a = a.permute(&order)?;
    }
    let bn = b.ndim();
    if bn > a.ndim() || a.shape()[..bn] != *b.shape() {
        return Err(Error::invalid(format!(
            "tensorsolve: b's shape {:?} must be the leading part of a's shape {:?}",
            b.shape(),
            a.shape()
        )));
    }
    let xshape = a.shape()[bn..].to_vec();
    let (rows, cols) = (shape::size(b.shape()), shape::size(&xshape));
    if rows != cols {
        return Err(Error::linalg(
            "tensorsolve",
            format!(
                "a of shape {:?} does not reshape to a square matrix ({rows} x {cols})",
                a.shape()
            ),
        ));
    }
    let a2 = super::views::reshape(&a, &[rows, cols])?;
    let b1 = super::views::reshape(&b, &[rows])?;
    solve_float(&a2, &b1)?.reshape(&xshape)
}

/// NumPy's `linalg.tensorinv(a, ind)`: the inverse of `a` seen as a matrix whose rows are its
/// first `ind` dimensions; the result has shape `a.shape()[ind:] + a.shape()[:ind]`.
///
/// ```
/// use kernels_std::linalg::tensorinv;
/// use kernels_std::prelude::*;
/// let eye = kernels_std::creation::eye::<f64>(&Device::cpu(), 6, None, 0)?.reshape(&[6, 2, 3])?;
/// let inv = tensorinv(&eye, 1)?;
/// assert_eq!(inv.shape(), &[2, 3, 6]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn tensorinv<T: LinalgInput>(a: &Array<T>, ind: usize) -> Result<Array<T::Float>> {
    let a = T::to_float(a)?;
    if ind == 0 || ind > a.ndim() {
        return Err(Error::invalid(format!(
            "tensorinv: ind must be in 1..={} for shape {:?}, got {ind}",
            a.ndim(),
            a.shape()
        )));
    }
    let (head, tail) = a.shape().split_at(ind);
    let (rows, cols) = (shape::size(head), shape::size(tail));
    if rows != cols {
        return Err(Error::linalg(
            "tensorinv",
            format!(
                "a of shape {:?} with ind = {ind} is not square ({rows} x {cols})",
                a.shape()
            ),
        ));
    }
    let mut out_shape = tail.to_vec();
    out_shape.extend_from_slice(head);
    let a2 = super::views::reshape(&a, &[rows, cols])?;
    inv_float(&a2)?.reshape(&out_shape)
}
