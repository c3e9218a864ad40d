//! `dot`, `vdot`, `inner`, `outer`: NumPy's products that are not `matmul`.

use std::any::Any;

use array_runtime::{c128, c64, Array, AsArray, Error, Result};
use kernel_macros::elementwise;

use super::gemm::{gemm_batched, same_device};
use super::matmul::matmul;
use super::scalar::LinalgScalar;
use super::tensordot::tensordot;
use super::views;

#[elementwise]
fn conj64(x: c64) -> c64 {
    x.conj()
}

#[elementwise]
fn conj128(x: c128) -> c128 {
    x.conj()
}

/// The complex conjugate of `a` (a new array; `a` itself for real dtypes).
pub(crate) fn conj<T: LinalgScalar>(a: &Array<T>) -> Result<Array<T>> {
    fn back<T: LinalgScalar, U: 'static>(r: U) -> Array<T> {
        *(Box::new(r) as Box<dyn Any>)
            .downcast::<Array<T>>()
            .expect("the same dtype")
    }
    let any: &dyn Any = a;
    if let Some(x) = any.downcast_ref::<Array<c64>>() {
        return Ok(back(conj64(x)?));
    }
    if let Some(x) = any.downcast_ref::<Array<c128>>() {
        return Ok(back(conj128(x)?));
    }
    Ok(a.clone())
}

/// `s * x` for a 0-d `s`: a product with an inner dimension of 1.
fn scale<T: LinalgScalar>(op: &str, s: &Array<T>, x: &Array<T>) -> Result<Array<T>> {
    same_device(op, s, x)?;
    let n = x.len();
    let col = views::reshape(x, &[n, 1])?;
    let c = gemm_batched(op, &col, &s.reshape(&[1, 1])?)?;
    c.reshape(x.shape())
}

/// NumPy's `dot`.
///
/// - 1-d with 1-d: the inner product, a 0-d array.
/// - 2-d with 2-d: the matrix product (as [`matmul`](super::matmul)).
/// - a 0-d operand: the other multiplied by it.
/// - N-d with 1-d: the sum product over the last axis of `a` and `b`.
/// - N-d with M-d (M >= 2): the sum product over the last axis of `a` and the second-to-last
///   of `b`: `dot(a, b)[i, j, k, m] = sum(a[i, j, :] * b[k, :, m])`. This is not `matmul`,
///   which broadcasts stacks of matrices instead.
///
/// ```
/// use kernels_std::linalg::dot;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let v = Array::from_vec(&dev, &[3], vec![1i64, 2, 3])?;
/// assert_eq!(dot(&v, &v)?.item()?, 14);
/// let s = Array::scalar(&dev, 2i64)?;
/// assert_eq!(dot(&s, &v)?.to_vec()?, vec![2, 4, 6]);
/// let a = Array::<f64>::zeros(&dev, &[2, 3, 4])?;
/// let b = Array::<f64>::zeros(&dev, &[5, 4, 6])?;
/// assert_eq!(dot(&a, &b)?.shape(), &[2, 3, 5, 6]);   // matmul would reject these
/// let w = Array::from_vec(&dev, &[4], vec![1i64, 2, 3, 4])?;
/// assert!(dot(&v, &w).is_err());                     // 3 against 4
/// assert_eq!(dot(&v + 1, &v)?.item()?, 20);          // an expression, evaluated first
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn dot<T: LinalgScalar>(a: impl AsArray<T>, b: impl AsArray<T>) -> Result<Array<T>> {
    let (a, b) = (a.as_array()?, b.as_array()?);
    dot_arrays(&a, &b)
}

fn dot_arrays<T: LinalgScalar>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    let (na, nb) = (a.ndim(), b.ndim());
    if na == 0 {
        return scale("dot", a, b);
    }
    if nb == 0 {
        return scale("dot", b, a);
    }
    let ka = a.shape()[na - 1];
    let (kb, axis_b) = if nb == 1 {
        (b.shape()[0], 0)
    } else {
        (b.shape()[nb - 2], nb - 2)
    };
    if ka != kb {
        return Err(Error::invalid(format!(
            "dot: shapes {:?} and {:?} not aligned: {ka} (dim {}) != {kb} (dim {axis_b})",
            a.shape(),
            b.shape(),
            na - 1
        )));
    }
    if (na <= 2 && nb <= 2) || nb == 1 || na == 1 {
        matmul(a, b)
    } else {
        tensordot(a, b, (vec![-1], vec![-2]))
    }
}

/// NumPy's `vdot`: the dot product of the flattened operands, conjugating the first
/// (complex dtypes). Both must have the same number of elements; the result is a 0-d array.
///
/// ```
/// use kernels_std::linalg::vdot;
/// use kernels_std::{c64, Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![c64::new(1.0, 2.0), c64::new(3.0, 4.0)])?;
/// let b = Array::from_vec(&dev, &[2], vec![c64::new(5.0, 6.0), c64::new(7.0, 8.0)])?;
/// assert_eq!(vdot(&a, &b)?.item()?, c64::new(70.0, -8.0));
/// let m = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// assert_eq!(vdot(&m, &m.t())?.item()?, 29.0);   // flattened in C order
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn vdot<T: LinalgScalar>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    if a.len() != b.len() {
        return Err(Error::invalid(format!(
            "vdot: operands of shapes {:?} and {:?} have different sizes ({} and {})",
            a.shape(),
            b.shape(),
            a.len(),
            b.len()
        )));
    }
    let n = a.len();
    let row = views::reshape(&conj(a)?, &[1, n])?;
    let col = views::reshape(b, &[n, 1])?;
    gemm_batched("vdot", &row, &col)?.reshape(&[] as &[usize])
}

/// NumPy's `inner`: the sum product over the last axes of `a` and `b`; the result has shape
/// `a.shape[:-1] + b.shape[:-1]`. A 0-d operand multiplies the other.
///
/// ```
/// use kernels_std::linalg::inner;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 2], vec![1.0f64, 2.0, 3.0, 4.0])?;
/// assert_eq!(inner(&a, &a)?.to_vec()?, vec![5.0, 11.0, 11.0, 25.0]);   // a @ a.T
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn inner<T: LinalgScalar>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    let (na, nb) = (a.ndim(), b.ndim());
    if na == 0 {
        return scale("inner", a, b);
    }
    if nb == 0 {
        return scale("inner", b, a);
    }
    if a.shape()[na - 1] != b.shape()[nb - 1] {
        return Err(Error::invalid(format!(
            "inner: shapes {:?} and {:?} not aligned: last dimensions {} != {}",
            a.shape(),
            b.shape(),
            a.shape()[na - 1],
            b.shape()[nb - 1]
        )));
    }
    tensordot(a, b, (vec![-1], vec![-1]))
}

/// NumPy's `outer`: `out[i, j] = a.flat[i] * b.flat[j]`, of shape `(a.len(), b.len())`.
///
/// ```
/// use kernels_std::linalg::outer;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2], vec![1u8, 2])?;
/// let b = Array::from_vec(&dev, &[3], vec![1u8, 10, 100])?;
/// assert_eq!(outer(&a, &b)?.to_vec()?, vec![1, 10, 100, 2, 20, 200]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn outer<T: LinalgScalar>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    let col = views::reshape(a, &[a.len(), 1])?;
    let row = views::reshape(b, &[1, b.len()])?;
    gemm_batched("outer", &col, &row)
}

#[cfg(test)]
mod nvrtc {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use array_runtime::DTypeId;

    /// The kernels of this file compile with NVRTC (a failure under CI when NVRTC is missing).
    #[test]
    fn conj_kernels_compile() {
        if !verify::nvrtc_or_skip("linalg conj kernels").unwrap() {
            return;
        }
        for (def, t) in [
            (&super::conj64::DEF, DTypeId::C64),
            (&super::conj128::DEF, DTypeId::C128),
        ] {
            let (params, results) = ([t], [t]);
            let inst = Instance {
                def,
                type_args: &[],
                params: &params,
                results: &results,
            };
            verify::elementwise(&inst).unwrap();
        }
    }
}
