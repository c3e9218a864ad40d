//! `matmul`: NumPy's `a @ b`, batched and broadcasting over the leading dimensions.

use array_runtime::{shape, Array, AsArray, Error, Result};

use super::gemm::gemm_batched;
use super::scalar::LinalgScalar;

/// The matrix product of NumPy's `matmul` (`a @ b`).
///
/// - 2-d operands are matrices: `(m, k) @ (k, n)` is `(m, n)`.
/// - N-d operands are stacks of matrices in their last two dimensions; the leading
///   (batch) dimensions broadcast: `(2, 1, m, k) @ (3, k, n)` is `(2, 3, m, n)`.
/// - A 1-d `a` is promoted to a row `(1, k)`, a 1-d `b` to a column `(k, 1)`, and the added
///   dimension is removed from the result: vector @ vector is a 0-d array.
/// - 0-d operands are an error (NumPy's `matmul` rejects scalars; see [`dot`](super::dot)).
///
/// Floats run on an optimized GEMM (`matrixmultiply` on the CPU, cuBLAS on a GPU), `f16` and
/// `bf16` accumulate in `f32`, integers take an exact path that wraps on overflow as NumPy's
/// does (on a GPU it runs on the CPU). Transposed and strided views are read in place when the
/// GEMM allows it. The result is a new C-contiguous array on the operands' device.
///
/// ```
/// use kernels_std::linalg::matmul;
/// use kernels_std::{Array, Device};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let b = Array::from_vec(&dev, &[3], vec![1.0f32, 0.0, -1.0])?;
/// assert_eq!(matmul(&a, &b)?.to_vec()?, vec![-2.0, -2.0]);          // (2, 3) @ (3,) -> (2,)
/// assert_eq!(matmul(&a, &a.t())?.shape(), &[2, 2]);                 // a transposed view
/// let stack = Array::<f32>::zeros(&dev, &[4, 1, 2, 3])?;
/// assert_eq!(matmul(&stack, &a.t())?.shape(), &[4, 1, 2, 2]);       // broadcast over the batch
/// let err = matmul(&a, &a).unwrap_err();
/// assert!(err.to_string().contains("[2, 3]"));
/// let e = &a * 2.0;                                                // an expression
/// assert_eq!(matmul(&e, &b)?.to_vec()?, vec![-4.0, -4.0]);          // evaluated first
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn matmul<T: LinalgScalar>(a: impl AsArray<T>, b: impl AsArray<T>) -> Result<Array<T>> {
    let (a, b) = (a.as_array()?, b.as_array()?);
    matmul_arrays(&a, &b)
}

fn matmul_arrays<T: LinalgScalar>(a: &Array<T>, b: &Array<T>) -> Result<Array<T>> {
    for (i, x) in [a, b].into_iter().enumerate() {
        if x.ndim() == 0 {
            return Err(Error::invalid(format!(
                "matmul: operand {i} is 0-d (shapes {:?} and {:?}); matmul needs at least one \
                 dimension (use `dot` to multiply by a scalar)",
                a.shape(),
                b.shape()
            )));
        }
    }
    let a2 = if a.ndim() == 1 {
        a.insert_axis(0)?
    } else {
        a.clone()
    };
    let b2 = if b.ndim() == 1 {
        b.insert_axis(1)?
    } else {
        b.clone()
    };
    let (na, nb) = (a2.ndim(), b2.ndim());
    let (m, ka) = (a2.shape()[na - 2], a2.shape()[na - 1]);
    let (kb, n) = (b2.shape()[nb - 2], b2.shape()[nb - 1]);
    if ka != kb {
        return Err(Error::invalid(format!(
            "matmul: shapes {:?} and {:?} do not align: {ka} (last dimension of a) != {kb} \
             ({} of b)",
            a.shape(),
            b.shape(),
            if b.ndim() == 1 {
                "its only dimension"
            } else {
                "second-to-last dimension"
            }
        )));
    }
    let batch = shape::broadcast_shapes("matmul", &[&a2.shape()[..na - 2], &b2.shape()[..nb - 2]])
        .map_err(|_| Error::Broadcast {
            op: "matmul (batch dimensions)".into(),
            shapes: vec![a.shape().to_vec(), b.shape().to_vec()],
        })?;
    let with = |rows: usize, cols: usize| {
        let mut s = batch.clone();
        s.extend([rows, cols]);
        s
    };
    let c = gemm_batched(
        "matmul",
        &a2.broadcast_to(&with(m, ka))?,
        &b2.broadcast_to(&with(kb, n))?,
    )?;
    let mut out = batch;
    if a.ndim() > 1 {
        out.push(m);
    }
    if b.ndim() > 1 {
        out.push(n);
    }
    c.reshape(&out)
}
