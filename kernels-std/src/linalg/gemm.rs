//! The one product every routine of `linalg` reduces to: a batch of matrix products
//! `c[..., :, :] = a[..., :, :] @ b[..., :, :]`, on the operands' device.

use array_runtime::cpu::host_vec;
use array_runtime::cuda::blas_support::{array_for_overwrite, host_storage, host_storage_mut};
use array_runtime::{shape, Array, Device, Error, Result};

use super::gemm_cpu::{self, MatRef};
use super::gemm_cuda;
use super::gemm_small;
use super::scalar::LinalgScalar;

/// The device of two operands, or [`Error::DeviceMismatch`].
pub(crate) fn same_device<T: LinalgScalar>(op: &str, a: &Array<T>, b: &Array<T>) -> Result<Device> {
    let (da, db) = (a.device(), b.device());
    if !da.same(&db) {
        return Err(Error::DeviceMismatch {
            op: op.to_string(),
            devices: vec![da.to_string(), db.to_string()],
        });
    }
    Ok(da)
}

/// Storage offsets of the matrices of a batch, in C order of the batch index (allocated
/// fallibly: broadcast operands can make a batch larger than memory).
fn batch_offsets(batch: &[usize], strides: &[isize], offset: usize) -> Result<Vec<usize>> {
    let n = shape::size(batch);
    let mut out = host_vec::with_capacity(n)?;
    let mut idx = vec![0usize; batch.len()];
    let mut off = offset as isize;
    for _ in 0..n {
        out.push(off as usize);
        for d in (0..batch.len()).rev() {
            idx[d] += 1;
            off += strides[d];
            if idx[d] < batch[d] {
                break;
            }
            off -= strides[d] * batch[d] as isize;
            idx[d] = 0;
        }
    }
    Ok(out)
}

/// `a @ b` over matching batch dimensions: `a` is `(..., m, k)`, `b` is `(..., k, n)` with the
/// same leading shape (broadcast views welcome); the result is a new C-contiguous
/// `(..., m, n)` array on their device.
pub(crate) fn gemm_batched<T: LinalgScalar>(
    op: &str,
    a: &Array<T>,
    b: &Array<T>,
) -> Result<Array<T>> {
    let dev = same_device(op, a, b)?;
    let nd = a.ndim();
    debug_assert!(nd >= 2 && b.ndim() == nd);
    debug_assert_eq!(a.shape()[..nd - 2], b.shape()[..nd - 2]);
    debug_assert_eq!(a.shape()[nd - 1], b.shape()[nd - 2]);
    let batch = &a.shape()[..nd - 2];
    let (m, k, n) = (a.shape()[nd - 2], a.shape()[nd - 1], b.shape()[nd - 1]);
    let mut out_shape = batch.to_vec();
    out_shape.extend([m, n]);
    if shape::checked_size(&out_shape)? == 0 || k == 0 {
        // An empty sum is zero; an empty result has nothing to compute.
        return Array::zeros(&dev, &out_shape);
    }
    match &dev {
        Device::Cpu => gemm_host(a, b, batch, (m, k, n), &out_shape),
        Device::Cuda(d) => gemm_cuda::gemm_batched(d, a, b, (m, k, n), &out_shape),
    }
}

fn gemm_host<T: LinalgScalar>(
    a: &Array<T>,
    b: &Array<T>,
    batch: &[usize],
    (m, k, n): (usize, usize, usize),
    out_shape: &[usize],
) -> Result<Array<T>> {
    let nb = batch.len();
    fn storage<T: LinalgScalar>(x: &Array<T>) -> Result<&[T]> {
        host_storage(x).ok_or_else(|| Error::invalid("linalg: a host array without host storage"))
    }
    let (da, db) = (storage(a)?, storage(b)?);
    let (sa, sb) = (a.strides(), b.strides());
    // The output first: when the batch is too large for memory, it is the error.
    let mut out = array_for_overwrite::<T>(&Device::Cpu, out_shape)?;
    let offs_a = batch_offsets(batch, &sa[..nb], a.layout().offset)?;
    let offs_b = batch_offsets(batch, &sb[..nb], b.layout().offset)?;
    let outside = || Error::invalid("linalg: a view reaches outside its storage");
    let pair = |oa: usize, ob: usize| -> Result<_> {
        Ok((
            MatRef::new(da, oa, (m, k), (sa[nb], sa[nb + 1])).ok_or_else(outside)?,
            MatRef::new(db, ob, (k, n), (sb[nb], sb[nb + 1])).ok_or_else(outside)?,
        ))
    };
    let c = host_storage_mut(&mut out)?
        .ok_or_else(|| Error::invalid("linalg: a new host array is not writable"))?;
    let c = &mut c[..shape::size(out_shape)];
    if gemm_small::serves::<T>((m, k, n)) {
        let a = gemm_small::Operand {
            data: da,
            offsets: &offs_a,
            shape: (m, k),
            strides: (sa[nb], sa[nb + 1]),
        };
        let b = gemm_small::Operand {
            data: db,
            offsets: &offs_b,
            shape: (k, n),
            strides: (sb[nb], sb[nb + 1]),
        };
        gemm_small::gemm_batch(&a, &b, c)?;
    } else {
        let mut pairs = host_vec::with_capacity(offs_a.len())?;
        for (&oa, &ob) in offs_a.iter().zip(&offs_b) {
            pairs.push(pair(oa, ob)?);
        }
        gemm_cpu::gemm_batch(&pairs, c)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_follow_c_order_with_broadcast_strides() {
        assert_eq!(
            batch_offsets(&[2, 3], &[0, 4], 1).unwrap(),
            vec![1, 5, 9, 1, 5, 9]
        );
        assert_eq!(batch_offsets(&[], &[], 7).unwrap(), vec![7]);
        assert!(batch_offsets(&[0, 3], &[1, 1], 0).unwrap().is_empty());
    }
}
