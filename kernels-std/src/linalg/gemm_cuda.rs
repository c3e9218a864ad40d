//! GEMM on a GPU: cuBLAS (`cublasGemmStridedBatchedEx`) through cudarc, on the device's one
//! stream.
//!
//! - Row-major arrays through the usual transpose: a C-contiguous `C = A @ B` is, read
//!   column-major, `Cᵀ = Bᵀ @ Aᵀ`, so cuBLAS is asked for `Bᵀ Aᵀ` with `m` and `n` swapped.
//!   Each operand is passed in place when one of its two strides is 1 (transposed views become
//!   `CUBLAS_OP_T`), else copied contiguous on the device first.
//! - Batches (after broadcasting) are one strided-batched call when the batch dimensions of
//!   each operand step by one stride (broadcast ones by 0); otherwise that operand is copied.
//! - `f16` and `bf16` accumulate in `f32` (`CUBLAS_COMPUTE_32F`), and `f32` never uses TF32
//!   (cuBLAS's default math mode), as CuPy does by default.
//! - Integers have no cuBLAS GEMM: their products are computed by the CPU backend's exact path
//!   (a copy to the host and back), which the docs of the routines say. The CUDA host target
//!   (`array_runtime::cuda::host`) has no cuBLAS either and takes the same path.
//! - cuBLAS is loaded at first use ([`load_cublas`]); when it cannot be found the routines
//!   return [`Error::CudaUnavailable`] saying where it was looked for, never a panic, and never
//!   a silent fallback to a slow path.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock};

use array_runtime::cuda::blas_support::{
    array_for_overwrite, cuda_pointer, cuda_pointer_mut, load_cublas,
};
use array_runtime::cuda::CudaDevice;
use array_runtime::{Array, Device, Error, Result};
use cudarc::cublas::sys::{cublasComputeType_t, cublasGemmAlgo_t, cublasOperation_t, cudaDataType};
use cudarc::cublas::{result, CudaBlas};

use super::scalar::{Engine, LinalgScalar};

fn driver_err(op: &str, e: impl std::fmt::Debug) -> Error {
    Error::Driver {
        op: op.to_string(),
        message: format!("{e:?}"),
    }
}

/// The cuBLAS handle of a device, bound to its stream (created once per device).
fn handle(dev: &Arc<CudaDevice>) -> Result<Arc<CudaBlas>> {
    load_cublas()?;
    static HANDLES: OnceLock<Mutex<HashMap<usize, Arc<CudaBlas>>>> = OnceLock::new();
    let mut map = HANDLES
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("cuBLAS handle registry poisoned"))?;
    if let Some(h) = map.get(&dev.id()) {
        return Ok(h.clone());
    }
    let blas =
        Arc::new(CudaBlas::new(dev.stream()?.clone()).map_err(|e| driver_err("cublasCreate", e))?);
    map.insert(dev.id(), blas.clone());
    Ok(blas)
}

/// How cuBLAS reads a row-major `rows x cols` matrix with strides `(rs, cs)` as the
/// column-major `cols x rows` matrix of the transpose trick: in place (`N`, leading
/// dimension `rs`) when its rows are contiguous, transposed (`T`, leading dimension `cs`) when
/// its columns are; `None` when neither (the operand is then copied).
fn blas_form(rows: usize, cols: usize, rs: isize, cs: isize) -> Option<(cublasOperation_t, i32)> {
    let fits = |ld: isize, min: usize| ld >= min.max(1) as isize && ld <= i32::MAX as isize;
    if cs == 1 || cols == 1 {
        let ld = if rows == 1 { cols.max(1) as isize } else { rs };
        if fits(ld, cols) {
            return Some((cublasOperation_t::CUBLAS_OP_N, ld as i32));
        }
    }
    if rs == 1 || rows == 1 {
        let ld = if cols == 1 { rows.max(1) as isize } else { cs };
        if fits(ld, rows) {
            return Some((cublasOperation_t::CUBLAS_OP_T, ld as i32));
        }
    }
    None
}

/// The one stride between consecutive matrices of a batch flattened in C order, when there is
/// one (broadcast dimensions step by 0).
fn batch_stride(batch: &[usize], strides: &[isize]) -> Option<i64> {
    let mut stride: Option<isize> = None;
    let mut expected: Option<isize> = None;
    for (&d, &s) in batch.iter().zip(strides).rev() {
        if d == 1 {
            continue;
        }
        match expected {
            None => stride = Some(s),
            Some(e) if e == s => {}
            Some(_) => return None,
        }
        expected = Some(s * d as isize);
    }
    let s = stride.unwrap_or(0);
    (s >= 0).then_some(s as i64)
}

/// An operand ready for cuBLAS: the array (maybe a contiguous copy), its form and batch stride.
struct Operand<T: LinalgScalar> {
    array: Array<T>,
    op: cublasOperation_t,
    ld: i32,
    stride: i64,
}

impl<T: LinalgScalar> Operand<T> {
    fn new(a: &Array<T>) -> Result<Self> {
        let nd = a.ndim();
        let (rows, cols) = (a.shape()[nd - 2], a.shape()[nd - 1]);
        let analyse = |x: &Array<T>| {
            let s = x.strides();
            let form = blas_form(rows, cols, s[nd - 2], s[nd - 1])?;
            let stride = batch_stride(&x.shape()[..nd - 2], &s[..nd - 2])?;
            Some((form, stride))
        };
        let (array, ((op, ld), stride)) = match analyse(a) {
            Some(f) => (a.clone(), f),
            None => {
                let c = a.as_standard_layout()?;
                let f = analyse(&c).ok_or_else(|| {
                    Error::invalid(format!(
                        "cuBLAS cannot read a contiguous matrix of shape {:?}",
                        a.shape()
                    ))
                })?;
                (c, f)
            }
        };
        Ok(Operand {
            array,
            op,
            ld,
            stride,
        })
    }
}

/// cuBLAS's data type, compute type, and the bytes of 1 and 0 in the compute type.
fn types(engine: Engine) -> Option<(cudaDataType, cublasComputeType_t, bool)> {
    use cublasComputeType_t::{CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_64F};
    use cudaDataType::{CUDA_C_32F, CUDA_C_64F, CUDA_R_16BF, CUDA_R_16F, CUDA_R_32F, CUDA_R_64F};
    // The flag says whether the scalars are f64 (else f32).
    Some(match engine {
        Engine::F32 => (CUDA_R_32F, CUBLAS_COMPUTE_32F, false),
        Engine::F64 => (CUDA_R_64F, CUBLAS_COMPUTE_64F, true),
        Engine::F16 => (CUDA_R_16F, CUBLAS_COMPUTE_32F, false),
        Engine::BF16 => (CUDA_R_16BF, CUBLAS_COMPUTE_32F, false),
        Engine::C64 => (CUDA_C_32F, CUBLAS_COMPUTE_32F, false),
        Engine::C128 => (CUDA_C_64F, CUBLAS_COMPUTE_64F, true),
        Engine::Exact => return None,
    })
}

fn to_i32(what: &str, v: usize) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::invalid(format!("cuBLAS: {what} = {v} exceeds i32")))
}

/// `a @ b` over the batch, on `dev` (see [`super::gemm::gemm_batched`]; the result is not
/// empty and `k > 0`).
pub(crate) fn gemm_batched<T: LinalgScalar>(
    dev: &Arc<CudaDevice>,
    a: &Array<T>,
    b: &Array<T>,
    (m, k, n): (usize, usize, usize),
    out_shape: &[usize],
) -> Result<Array<T>> {
    let vendor = types(T::ENGINE).filter(|_| !dev.is_host());
    let Some((dtype, compute, wide)) = vendor else {
        // Integers: the CPU's exact path. The host target has no cuBLAS (it runs the
        // generated modules, not vendor libraries): the same stand-in, through host copies.
        let cpu = Device::Cpu;
        let c = super::gemm::gemm_batched("matmul", &a.to_device(&cpu)?, &b.to_device(&cpu)?)?;
        return c.to_device(&Device::Cuda(dev.clone()));
    };
    let blas = handle(dev)?;
    let (oa, ob) = (Operand::new(a)?, Operand::new(b)?);
    let batch = to_i32("batch", out_shape[..out_shape.len() - 2].iter().product())?;
    let (m, k, n) = (to_i32("m", m)?, to_i32("k", k)?, to_i32("n", n)?);
    let mut out = array_for_overwrite::<T>(&Device::Cuda(dev.clone()), out_shape)?;
    let missing = || Error::invalid("cuBLAS: an operand is not on the GPU");
    let (pa, _) = cuda_pointer(&oa.array).ok_or_else(missing)?;
    let (pb, _) = cuda_pointer(&ob.array).ok_or_else(missing)?;
    let (pc, _) = cuda_pointer_mut(&mut out)?.ok_or_else(missing)?;
    let (one32, zero32) = ([1.0f32, 0.0], [0.0f32, 0.0]);
    let (one64, zero64) = ([1.0f64, 0.0], [0.0f64, 0.0]);
    let (alpha, beta): (*const c_void, *const c_void) = if wide {
        (one64.as_ptr().cast(), zero64.as_ptr().cast())
    } else {
        (one32.as_ptr().cast(), zero32.as_ptr().cast())
    };
    dev.context()?
        .bind_to_thread()
        .map_err(|e| driver_err("binding the CUDA context", e))?;
    // SAFETY: the pointers are those of `oa.array`, `ob.array` and `out`, which live until
    // this function returns, and the work is queued on the device's one stream, which orders
    // it before any reuse of their memory. The shapes, leading dimensions and batch strides
    // describe exactly the views' elements (`blas_form`, `batch_stride`), `out` is a new
    // contiguous `batch x m x n` array (ldc = n, stride m * n), and alpha/beta point to host
    // values of the compute type (a complex compute type reads both parts).
    unsafe {
        result::gemm_strided_batched_ex(
            *blas.handle(),
            ob.op,
            oa.op,
            n,
            m,
            k,
            alpha,
            pb as *const c_void,
            dtype,
            ob.ld,
            ob.stride,
            pa as *const c_void,
            dtype,
            oa.ld,
            oa.stride,
            beta,
            pc as *mut c_void,
            dtype,
            n,
            i64::from(m) * i64::from(n),
            batch,
            compute,
            cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    }
    .map_err(|e| driver_err("cublasGemmStridedBatchedEx", e))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};

    #[test]
    fn forms_of_views() {
        // C-contiguous 3x4: rows contiguous, leading dimension 4.
        assert_eq!(blas_form(3, 4, 4, 1), Some((CUBLAS_OP_N, 4)));
        // Its transpose (4x3 with strides (1, 4)): read transposed.
        assert_eq!(blas_form(4, 3, 1, 4), Some((CUBLAS_OP_T, 4)));
        // Every second column: neither stride is 1.
        assert_eq!(blas_form(3, 4, 8, 2), None);
        // A row broadcast down the rows (stride 0): copied.
        assert_eq!(blas_form(3, 4, 0, 1), None);
        // A single row or column takes any stride on its unit dimension.
        assert_eq!(blas_form(1, 5, 0, 1), Some((CUBLAS_OP_N, 5)));
        assert_eq!(blas_form(5, 1, 7, 99), Some((CUBLAS_OP_N, 7)));
        assert_eq!(blas_form(5, 1, 1, 0), Some((CUBLAS_OP_N, 1)));
        assert_eq!(blas_form(1, 5, 3, 2), Some((CUBLAS_OP_T, 2)));
        assert_eq!(blas_form(1, 5, 3, 0), None);
    }

    #[test]
    fn batch_strides() {
        assert_eq!(batch_stride(&[2, 3], &[36, 12]), Some(12));
        assert_eq!(batch_stride(&[2, 3], &[0, 0]), Some(0));
        assert_eq!(batch_stride(&[2, 1, 3], &[36, 5, 12]), Some(12));
        assert_eq!(batch_stride(&[2, 3], &[12, 0]), None);
        assert_eq!(batch_stride(&[], &[]), Some(0));
        assert_eq!(batch_stride(&[4], &[-6]), None);
    }
}
