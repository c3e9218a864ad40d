//! NumPy's remaining products: `linalg.multi_dot`, `linalg.cross`, `linalg.vecdot`, `matvec`, `vecmat`,
//! `linalg.matrix_transpose`, and `kron`.

use array_runtime::{shape, Array, Error, Result};

use super::matmul::matmul;
use super::scalar::LinalgScalar;
use crate::math::Conjugate;
use array_runtime::ops::Numeric;

/// NumPy's `linalg.matrix_transpose(x)` (`x.mT`): the last two axes swapped, as a view.
///
/// ```
/// use kernels_std::linalg::matrix_transpose;
/// use kernels_std::prelude::*;
/// let a = Array::<f32>::zeros(&Device::cpu(), &[4, 2, 3])?;
/// assert_eq!(matrix_transpose(&a)?.shape(), &[4, 3, 2]);
/// assert!(matrix_transpose(&Array::<f32>::zeros(&Device::cpu(), &[3])?).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matrix_transpose<T: array_runtime::DType>(x: &Array<T>) -> Result<Array<T>> {
    if x.ndim() < 2 {
        return Err(Error::invalid(format!(
            "matrix_transpose: the input must have at least 2 dimensions, its shape is {:?}",
            x.shape()
        )));
    }
    x.swap_axes(-1, -2)
}

/// NumPy's `linalg.vecdot(x1, x2, axis)`: `sum(conj(x1) * x2)` over `axis` (default `-1`),
/// the other dimensions broadcast; one batched product on the operands' device.
///
/// ```
/// use kernels_std::linalg::vecdot;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let v = Array::from_vec(&dev, &[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let n = Array::from_vec(&dev, &[3], vec![0.0, 0.0, 1.0])?;
/// assert_eq!(vecdot(&v, &n, -1)?.to_vec()?, vec![3.0, 6.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vecdot<T: LinalgScalar + Conjugate>(
    x1: &Array<T>,
    x2: &Array<T>,
    axis: isize,
) -> Result<Array<T>> {
    if x1.ndim() == 0 || x2.ndim() == 0 {
        return Err(Error::invalid(
            "vecdot: the operands must have at least one dimension",
        ));
    }
    let a = x1.swap_axes(super::views::axis("vecdot", axis, x1.shape())? as isize, -1)?;
    let b = x2.swap_axes(super::views::axis("vecdot", axis, x2.shape())? as isize, -1)?;
    let (ka, kb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if ka != kb {
        return Err(Error::invalid(format!(
            "vecdot: the vectors of {:?} and {:?} along axis {axis} differ in length ({ka} != {kb})",
            x1.shape(),
            x2.shape()
        )));
    }
    let batch = shape::broadcast_shapes(
        "vecdot",
        &[&a.shape()[..a.ndim() - 1], &b.shape()[..b.ndim() - 1]],
    )?;
    let mut sa = batch.clone();
    sa.extend([1, ka]);
    let mut sb = batch.clone();
    sb.extend([ka, 1]);
    let a = T::conjugate(&a)?.insert_axis(-2)?.broadcast_to(&sa)?;
    let b = b.insert_axis(-1)?.broadcast_to(&sb)?;
    super::gemm::gemm_batched("vecdot", &a, &b)?.reshape(&batch)
}

/// NumPy's `matvec(x1, x2)` (a gufunc of NumPy 2.2, signature `(m,n),(n)->(m)`): the
/// product of each matrix of the stack `x1` with each vector of the stack `x2`, the batch
/// dimensions broadcast; no conjugation. A 0-d or 1-d `x1`, a 0-d `x2` or core dimensions
/// that differ are errors, as in NumPy. One batched [`matmul`].
///
/// ```
/// use kernels_std::linalg::matvec;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let v = Array::from_vec(&dev, &[2, 3], vec![1.0, 0.0, 0.0, 0.0, 0.0, 1.0])?;
/// let r = matvec(&a, &v)?; // (2, 3) with a stack of two vectors: (2, 2)
/// assert_eq!(r.shape(), &[2, 2]);
/// assert_eq!(r.to_vec()?, vec![1.0, 4.0, 3.0, 6.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matvec<T: LinalgScalar>(x1: &Array<T>, x2: &Array<T>) -> Result<Array<T>> {
    if x1.ndim() < 2 || x2.ndim() < 1 {
        return Err(Error::invalid(format!(
            "matvec: the operands need (..., m, n) and (..., n), got {:?} and {:?}",
            x1.shape(),
            x2.shape()
        )));
    }
    let (n1, n2) = (x1.shape()[x1.ndim() - 1], x2.shape()[x2.ndim() - 1]);
    if n1 != n2 {
        return Err(Error::invalid(format!(
            "matvec: core dimension n differs: {:?} and {:?} ({n1} != {n2})",
            x1.shape(),
            x2.shape()
        )));
    }
    let out = matmul(x1, &x2.insert_axis(-1)?)?;
    let shape = &out.shape()[..out.ndim() - 1].to_vec();
    out.reshape(shape)
}

/// NumPy's `vecmat(x1, x2)` (a gufunc of NumPy 2.2, signature `(n),(n,m)->(m)`): the
/// product of each vector of the stack `x1`, complex-conjugated as NumPy's, with each matrix
/// of the stack `x2`, the batch dimensions broadcast. A 0-d `x1`, a 0-d or 1-d `x2` or core
/// dimensions that differ are errors, as in NumPy. One batched [`matmul`].
///
/// ```
/// use kernels_std::linalg::vecmat;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let v = Array::from_vec(&dev, &[2], vec![c128::new(0.0, 1.0), c128::new(1.0, 0.0)])?;
/// let a = Array::from_vec(&dev, &[2, 1], vec![c128::new(1.0, 0.0), c128::new(2.0, 0.0)])?;
/// assert_eq!(vecmat(&v, &a)?.to_vec()?, vec![c128::new(2.0, -1.0)]); // conj(i) + 2
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vecmat<T: LinalgScalar + Conjugate>(x1: &Array<T>, x2: &Array<T>) -> Result<Array<T>> {
    if x1.ndim() < 1 || x2.ndim() < 2 {
        return Err(Error::invalid(format!(
            "vecmat: the operands need (..., n) and (..., n, m), got {:?} and {:?}",
            x1.shape(),
            x2.shape()
        )));
    }
    let (n1, n2) = (x1.shape()[x1.ndim() - 1], x2.shape()[x2.ndim() - 2]);
    if n1 != n2 {
        return Err(Error::invalid(format!(
            "vecmat: core dimension n differs: {:?} and {:?} ({n1} != {n2})",
            x1.shape(),
            x2.shape()
        )));
    }
    let out = matmul(&T::conjugate(x1)?.insert_axis(-2)?, x2)?;
    let mut shape = out.shape().to_vec();
    shape.remove(out.ndim() - 2);
    out.reshape(&shape)
}

/// NumPy's `linalg.cross(x1, x2, axis)`: the cross product of 3-element vectors along `axis`
/// (default `-1`), the other dimensions broadcast. (NumPy's top-level `cross` also takes
/// 2-element vectors; `linalg.cross` does not.)
///
/// ```
/// use kernels_std::linalg::cross;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let x = Array::from_vec(&dev, &[3], vec![1i64, 0, 0])?;
/// let y = Array::from_vec(&dev, &[3], vec![0i64, 1, 0])?;
/// assert_eq!(cross(&x, &y, -1)?.to_vec()?, vec![0, 0, 1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cross<T: Numeric>(x1: &Array<T>, x2: &Array<T>, axis: isize) -> Result<Array<T>> {
    let a = x1.swap_axes(super::views::axis("cross", axis, x1.shape())? as isize, -1)?;
    let b = x2.swap_axes(super::views::axis("cross", axis, x2.shape())? as isize, -1)?;
    for x in [&a, &b] {
        if x.shape()[x.ndim() - 1] != 3 {
            return Err(Error::invalid(format!(
                "cross: both vectors must have 3 elements along axis {axis} (shapes {:?} and {:?})",
                x1.shape(),
                x2.shape()
            )));
        }
    }
    let part = |x: &Array<T>, i: usize| x.index_axis(-1, i as isize);
    let term = |i: usize, j: usize| -> Result<Array<T>> {
        crate::math::subtract(
            &crate::math::multiply(&part(&a, i)?, &part(&b, j)?)?,
            &crate::math::multiply(&part(&a, j)?, &part(&b, i)?)?,
        )
    };
    let (c0, c1, c2) = (term(1, 2)?, term(2, 0)?, term(0, 1)?);
    let out = crate::shape::stack(&[&c0, &c1, &c2], -1)?;
    // The vector axis back where it was in the (broadcast) inputs.
    let nd = out.ndim() as isize;
    let target = if axis < 0 {
        axis + nd
    } else {
        axis.min(nd - 1)
    };
    if target == nd - 1 {
        Ok(out)
    } else {
        crate::shape::moveaxis(&out, &[-1], &[target])?.as_standard_layout()
    }
}

/// NumPy's `kron(a, b)`: the Kronecker product, a block array whose block `i` is `a[i] * b`;
/// the operand of fewer dimensions gets leading unit dimensions first.
///
/// ```
/// use kernels_std::kron;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1, 2, 3, 4i32])?;
/// let b = Array::from_vec(&dev, &[2], vec![1, 10i32])?;
/// let k = kron(&a, &b)?;
/// assert_eq!(k.shape(), &[2, 4]);
/// assert_eq!(k.to_vec()?, vec![1, 10, 2, 20, 3, 30, 4, 40]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn kron<T: Numeric>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    let nd = a.ndim().max(b.ndim());
    let lift = |x: &Array<T>| -> Result<Array<T>> {
        let mut s = vec![1usize; nd - x.ndim()];
        s.extend_from_slice(x.shape());
        super::views::reshape(x, &s)
    };
    let (a, b) = (lift(a)?, lift(b)?);
    // a as (a0, 1, a1, 1, ...), b as (1, b0, 1, b1, ...): their product broadcasts to
    // (a0, b0, a1, b1, ...), which is the Kronecker product once reshaped.
    let mut sa = Vec::with_capacity(2 * nd);
    let mut sb = Vec::with_capacity(2 * nd);
    let mut out = Vec::with_capacity(nd);
    for d in 0..nd {
        sa.extend([a.shape()[d], 1]);
        sb.extend([1, b.shape()[d]]);
        out.push(a.shape()[d] * b.shape()[d]);
    }
    let p = crate::math::multiply(&a.reshape(&sa)?, &b.reshape(&sb)?)?;
    p.reshape(&out)
}

/// NumPy's `linalg.multi_dot(arrays)`: the product of two or more arrays in the order of
/// fewest scalar multiplications (the classic dynamic program over the chain's dimensions).
/// The first array may be 1-d (a row vector) and the last 1-d (a column vector); the others
/// must be 2-d.
///
/// ```
/// use kernels_std::linalg::multi_dot;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[3], vec![1.0, 2.0, 3.0])?;
/// let b = Array::from_vec(&dev, &[3, 2], vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0])?;
/// let c = Array::from_vec(&dev, &[2], vec![1.0, -1.0])?;
/// assert_eq!(multi_dot(&[&a, &b, &c])?.item()?, -1.0);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn multi_dot<T: LinalgScalar>(arrays: &[&Array<T>]) -> Result<Array<T>> {
    let n = arrays.len();
    if n < 2 {
        return Err(Error::invalid("multi_dot: expecting at least two arrays"));
    }
    if n == 2 {
        return super::dot::dot(arrays[0], arrays[1]);
    }
    let first_vec = arrays[0].ndim() == 1;
    let last_vec = arrays[n - 1].ndim() == 1;
    let mut ms: Vec<Array<T>> = Vec::with_capacity(n);
    for (i, a) in arrays.iter().enumerate() {
        let m = if i == 0 && first_vec {
            a.insert_axis(0)?
        } else if i == n - 1 && last_vec {
            a.insert_axis(1)?
        } else {
            (*a).clone()
        };
        if m.ndim() != 2 {
            return Err(Error::invalid(format!(
                "multi_dot: array {i} has {} dimensions; all but the first and last must be 2-d",
                a.ndim()
            )));
        }
        ms.push(m);
    }
    for i in 1..n {
        if ms[i - 1].shape()[1] != ms[i].shape()[0] {
            return Err(Error::invalid(format!(
                "multi_dot: shapes {:?} (array {}) and {:?} (array {i}) do not align",
                arrays[i - 1].shape(),
                i - 1,
                arrays[i].shape()
            )));
        }
    }
    // p[i], p[i + 1]: the dimensions of matrix i.
    let mut p: Vec<u128> = ms.iter().map(|m| m.shape()[0] as u128).collect();
    p.push(ms[n - 1].shape()[1] as u128);
    let mut cost = vec![vec![0u128; n]; n];
    let mut split = vec![vec![0usize; n]; n];
    for len in 1..n {
        for i in 0..n - len {
            let j = i + len;
            cost[i][j] = u128::MAX;
            for k in i..j {
                let c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
                if c < cost[i][j] {
                    cost[i][j] = c;
                    split[i][j] = k;
                }
            }
        }
    }
    fn chain<T: LinalgScalar>(
        ms: &[Array<T>],
        split: &[Vec<usize>],
        i: usize,
        j: usize,
    ) -> Result<Array<T>> {
        if i == j {
            return Ok(ms[i].clone());
        }
        let k = split[i][j];
        matmul(&chain(ms, split, i, k)?, &chain(ms, split, k + 1, j)?)
    }
    let r = chain(&ms, &split, 0, n - 1)?;
    let (rows, cols) = (r.shape()[0], r.shape()[1]);
    match (first_vec, last_vec) {
        (true, true) => r.reshape(&[] as &[usize]),
        (true, false) => r.reshape(&[cols]),
        (false, true) => r.reshape(&[rows]),
        (false, false) => Ok(r),
    }
}
