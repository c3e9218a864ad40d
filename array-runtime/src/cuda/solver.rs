//! cuSOLVER (dense LAPACK on the GPU) and cuBLAS's batched LU, wrapped once for kernels-std's
//! `linalg`: the vendor-library module of the factorizations.
//!
//! Every routine works in place on C-contiguous arrays on one device, which cuSOLVER reads as
//! column-major matrices (so a row-major matrix is seen transposed; the callers account for
//! it), one matrix of a batch after another on the device's one stream. `info` values come
//! back to the host in one read at the end of a call (LAPACK's: 0, `i` for a zero pivot or a
//! non-positive minor, or a count of unconverged values).
//!
//! The library is found at run time as cuBLAS is ([`load_cusolver`]): on the loader's path,
//! else by absolute path in the toolkit and NVIDIA wheel folders, its dependencies
//! (`libcublasLt`, `libcublas`, `libcusparse`, `libnvJitLink`) opened first. When it cannot be
//! found, each routine returns [`Error::CudaUnavailable`] saying where it looked; nothing
//! else of the CUDA backend depends on it.
//!
//! These paths have not run on a GPU in the development environment (no device there): they
//! compile, and follow cuSOLVER's documented contracts.

use std::collections::HashMap;
use std::ffi::c_void;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::cusolver::sys as cs;
use cudarc::cusolver::sys::{cublasFillMode_t, cublasOperation_t, cudaDataType, cusolverEigMode_t};

use super::blas_support::{
    array_for_overwrite, cuda_pointer, cuda_pointer_mut, library_files, load_cublas, open_global,
    search_dirs,
};
use super::context::CudaDevice;
use crate::array::Array;
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};

/// Whether cuSOLVER can be loaded (searched once, see [`load_cusolver`]).
pub fn cusolver_present() -> bool {
    load_cusolver().is_ok()
}

/// Makes cuSOLVER loadable by cudarc, or says why it is not, with the places searched.
/// Never panics.
pub fn load_cusolver() -> Result<()> {
    static FOUND: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    FOUND
        .get_or_init(find_and_preload)
        .clone()
        .map_err(|reason| Error::CudaUnavailable { reason })
}

fn find_and_preload() -> std::result::Result<(), String> {
    // cuSOLVER needs cuBLAS (and cuBLASLt) loaded first.
    load_cublas().map_err(|e| format!("cuSOLVER needs cuBLAS: {e}"))?;
    // SAFETY: `is_culib_present` only tries `dlopen` on cuSOLVER's library names and closes
    // what it opened.
    if unsafe { cs::is_culib_present() } {
        return Ok(());
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    for d in search_dirs() {
        dirs.push(d.clone());
        // nvidia/cublas/lib -> nvidia/{cusolver,cusparse,nvjitlink}/lib (CUDA 12 wheels).
        if let Some(nvidia) = d.parent().and_then(|p| p.parent()) {
            for sub in ["cusolver/lib", "cusparse/lib", "nvjitlink/lib"] {
                let p = nvidia.join(sub);
                if p.is_dir() {
                    dirs.push(p);
                }
            }
        }
    }
    dirs.dedup();
    let mut searched = Vec::new();
    // Dependencies first, from any of the folders, by absolute path.
    for stem in ["libnvJitLink.so", "libcusparse.so"] {
        if let Some(file) = dirs.iter().flat_map(|d| library_files(d, stem)).next() {
            // SAFETY: an NVIDIA library from a CUDA installation folder; its initialisers
            // have no preconditions.
            if let Ok(lib) = unsafe { open_global(&file) } {
                std::mem::forget(lib);
            }
        }
    }
    for dir in &dirs {
        let files = library_files(dir, "libcusolver.so");
        if files.is_empty() {
            searched.push(dir.display().to_string());
            continue;
        }
        for file in files {
            // SAFETY: as above, cuSOLVER from a CUDA installation folder.
            match unsafe { open_global(&file) } {
                Ok(lib) => {
                    // Kept loaded for the life of the process, so cudarc's `dlopen` by name
                    // finds it among the loaded libraries.
                    std::mem::forget(lib);
                    // SAFETY: as above.
                    if unsafe { cs::is_culib_present() } {
                        return Ok(());
                    }
                    searched.push(format!(
                        "{} (loaded, but not by its soname)",
                        file.display()
                    ));
                }
                Err(e) => searched.push(format!("{} ({e})", file.display())),
            }
        }
    }
    Err(format!(
        "cuSOLVER (libcusolver) not found on the loader's path nor in {}; install the CUDA \
         toolkit, or `pip install nvidia-cusolver` and set KERNELS_CUDA_WHEELS",
        searched.join(", ")
    ))
}

fn status(op: &str, s: cs::cusolverStatus_t) -> Result<()> {
    if s == cs::cusolverStatus_t::CUSOLVER_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(Error::Driver {
            op: op.to_string(),
            message: format!("{s:?}"),
        })
    }
}

/// A cuSOLVER handle bound to a device's stream, with its default parameters object.
struct Handle {
    dn: cs::cusolverDnHandle_t,
    params: cs::cusolverDnParams_t,
}

// SAFETY: cuSOLVER handles may be used from any thread (one call at a time: every use goes
// through the registry's mutex below).
unsafe impl Send for Handle {}

/// Runs `f` with the device's handle (created once per device, on its stream), serialized.
fn with_handle<R>(dev: &Arc<CudaDevice>, f: impl FnOnce(&Handle) -> Result<R>) -> Result<R> {
    load_cusolver()?;
    static HANDLES: OnceLock<Mutex<HashMap<usize, Handle>>> = OnceLock::new();
    let mut map = HANDLES
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("cuSOLVER handle registry poisoned"))?;
    dev.context()?.bind_to_thread().map_err(|e| Error::Driver {
        op: "binding the CUDA context".into(),
        message: format!("{e:?}"),
    })?;
    let handle = match map.entry(dev.ordinal()) {
        std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
        std::collections::hash_map::Entry::Vacant(v) => {
            let mut dn: cs::cusolverDnHandle_t = std::ptr::null_mut();
            // SAFETY: `dn` is a valid out-pointer; the library is loaded (`load_cusolver`).
            status("cusolverDnCreate", unsafe { cs::cusolverDnCreate(&mut dn) })?;
            // SAFETY: `dn` was just created; the stream belongs to this device's context,
            // which lives as long as the device (for the life of the process).
            status("cusolverDnSetStream", unsafe {
                cs::cusolverDnSetStream(dn, dev.stream()?.cu_stream() as cs::cudaStream_t)
            })?;
            let mut params: cs::cusolverDnParams_t = std::ptr::null_mut();
            // SAFETY: `params` is a valid out-pointer.
            status("cusolverDnCreateParams", unsafe {
                cs::cusolverDnCreateParams(&mut params)
            })?;
            v.insert(Handle { dn, params })
        }
    };
    f(handle)
}

/// cuSOLVER's data type of an element type (the four LAPACK types).
fn data_type(id: DTypeId) -> Result<cudaDataType> {
    Ok(match id {
        DTypeId::F32 => cudaDataType::CUDA_R_32F,
        DTypeId::F64 => cudaDataType::CUDA_R_64F,
        DTypeId::C64 => cudaDataType::CUDA_C_32F,
        DTypeId::C128 => cudaDataType::CUDA_C_64F,
        other => {
            return Err(Error::invalid(format!(
                "cuSOLVER: dtype {} is not one of f32, f64, c64, c128",
                other.name()
            )))
        }
    })
}

/// The device address of `a` (which must live on `dev`'s GPU).
fn ptr<T: DType>(a: &Array<T>) -> Result<u64> {
    cuda_pointer(a)
        .map(|(p, _)| p)
        .ok_or_else(|| Error::invalid("cuSOLVER: an operand is not on the GPU"))
}

fn ptr_mut<T: DType>(a: &mut Array<T>) -> Result<u64> {
    if !a.is_c_contiguous() {
        return Err(Error::invalid("cuSOLVER: an output is not contiguous"));
    }
    cuda_pointer_mut(a)?
        .map(|(p, _)| p)
        .ok_or_else(|| Error::invalid("cuSOLVER: an operand is not on the GPU"))
}

/// Scratch memory of a call: `device` bytes on the GPU, `host` bytes on the host.
struct Workspace {
    device: Array<u8>,
    host: Vec<u8>,
}

impl Workspace {
    fn new(dev: &Arc<CudaDevice>, (device, host): (usize, usize)) -> Result<Self> {
        Ok(Workspace {
            device: array_for_overwrite::<u8>(&Device::Cuda(dev.clone()), &[device.max(1)])?,
            host: vec![0u8; host.max(1)],
        })
    }
}

/// The per-matrix `info` values of a call, read back at once.
fn read_info(info: &Array<i32>) -> Result<Vec<i32>> {
    info.to_vec()
}

/// LU with partial pivoting of each column-major `n x n` matrix of the contiguous batch `a`,
/// in place (`getrf`); the pivots (1-based, LAPACK's) into a new `(batch, n)` array; each
/// matrix's `info`.
pub fn getrf<T: DType>(
    dev: &Arc<CudaDevice>,
    a: &mut Array<T>,
    n: usize,
) -> Result<(Array<i64>, Vec<i32>)> {
    let ty = data_type(T::ID)?;
    let batch = a.len() / (n * n).max(1);
    let gpu = Device::Cuda(dev.clone());
    let mut piv = array_for_overwrite::<i64>(&gpu, &[batch, n])?;
    let mut info = Array::<i32>::zeros(&gpu, &[batch.max(1)])?;
    let (pa, pp, pi) = (ptr_mut(a)?, ptr_mut(&mut piv)?, ptr_mut(&mut info)?);
    let (ni, es) = (n as i64, T::ID.size() as u64);
    with_handle(dev, |h| {
        let mut sizes = (0usize, 0usize);
        // SAFETY: a query of sizes only; `a` holds at least one n x n matrix (lda = n).
        status("cusolverDnXgetrf_bufferSize", unsafe {
            cs::cusolverDnXgetrf_bufferSize(
                h.dn,
                h.params,
                ni,
                ni,
                ty,
                pa as *const c_void,
                ni,
                ty,
                &mut sizes.0,
                &mut sizes.1,
            )
        })?;
        let mut ws = Workspace::new(dev, sizes)?;
        let pw = ptr_mut(&mut ws.device)?;
        for b in 0..batch as u64 {
            // SAFETY: matrix `b` of the batch (n * n elements at offset b n n of `a`), its
            // pivots (n at b n) and info (one at b) lie inside their arrays, which outlive the
            // work queued on the device's stream (the workspace too: it is dropped after the
            // info read below synchronizes the stream).
            status("cusolverDnXgetrf", unsafe {
                cs::cusolverDnXgetrf(
                    h.dn,
                    h.params,
                    ni,
                    ni,
                    ty,
                    (pa + b * (n * n) as u64 * es) as *mut c_void,
                    ni,
                    (pp + b * n as u64 * 8) as *mut i64,
                    ty,
                    pw as *mut c_void,
                    sizes.0,
                    ws.host.as_mut_ptr().cast(),
                    sizes.1,
                    (pi + b * 4) as *mut i32,
                )
            })?;
        }
        let info = read_info(&info)?;
        drop(ws);
        Ok((piv, info[..batch].to_vec()))
    })
}

/// Solves `op(A) X = B` for each LU-factored column-major `n x n` matrix `lu` (pivots `piv` of
/// [`getrf`]) and column-major `n x nrhs` right-hand side of `b` (overwritten by `X`); `op` is
/// the transpose when `transpose`.
pub fn getrs<T: DType>(
    dev: &Arc<CudaDevice>,
    lu: &Array<T>,
    piv: &Array<i64>,
    b: &mut Array<T>,
    (n, nrhs): (usize, usize),
    transpose: bool,
) -> Result<()> {
    let ty = data_type(T::ID)?;
    let batch = lu.len() / (n * n).max(1);
    let gpu = Device::Cuda(dev.clone());
    let mut info = Array::<i32>::zeros(&gpu, &[batch.max(1)])?;
    let (pa, pp, pb, pi) = (ptr(lu)?, ptr(piv)?, ptr_mut(b)?, ptr_mut(&mut info)?);
    let es = T::ID.size() as u64;
    let op = if transpose {
        cublasOperation_t::CUBLAS_OP_T
    } else {
        cublasOperation_t::CUBLAS_OP_N
    };
    with_handle(dev, |h| {
        for k in 0..batch as u64 {
            // SAFETY: matrix `k`'s factors, pivots, right-hand sides (n * nrhs elements at
            // k n nrhs, ldb = n) and info lie inside their arrays, which outlive the queued work.
            status("cusolverDnXgetrs", unsafe {
                cs::cusolverDnXgetrs(
                    h.dn,
                    h.params,
                    op,
                    n as i64,
                    nrhs as i64,
                    ty,
                    (pa + k * (n * n) as u64 * es) as *const c_void,
                    n as i64,
                    (pp + k * n as u64 * 8) as *const i64,
                    ty,
                    (pb + k * (n * nrhs) as u64 * es) as *mut c_void,
                    n as i64,
                    (pi + k * 4) as *mut i32,
                )
            })?;
        }
        let bad = read_info(&info)?;
        match bad.iter().find(|&&c| c != 0) {
            Some(c) => Err(Error::invalid(format!(
                "cusolverDnXgetrs: argument {} is invalid",
                -c
            ))),
            None => Ok(()),
        }
    })
}

/// The Cholesky factor of each column-major Hermitian `n x n` matrix of `a`, in place, from its
/// `upper` (else lower) triangle (`potrf`); each matrix's `info`.
pub fn potrf<T: DType>(
    dev: &Arc<CudaDevice>,
    a: &mut Array<T>,
    n: usize,
    upper: bool,
) -> Result<Vec<i32>> {
    let ty = data_type(T::ID)?;
    let batch = a.len() / (n * n).max(1);
    let gpu = Device::Cuda(dev.clone());
    let mut info = Array::<i32>::zeros(&gpu, &[batch.max(1)])?;
    let (pa, pi) = (ptr_mut(a)?, ptr_mut(&mut info)?);
    let es = T::ID.size() as u64;
    let fill = if upper {
        cublasFillMode_t::CUBLAS_FILL_MODE_UPPER
    } else {
        cublasFillMode_t::CUBLAS_FILL_MODE_LOWER
    };
    with_handle(dev, |h| {
        let mut sizes = (0usize, 0usize);
        // SAFETY: a query of sizes only.
        status("cusolverDnXpotrf_bufferSize", unsafe {
            cs::cusolverDnXpotrf_bufferSize(
                h.dn,
                h.params,
                fill,
                n as i64,
                ty,
                pa as *const c_void,
                n as i64,
                ty,
                &mut sizes.0,
                &mut sizes.1,
            )
        })?;
        let mut ws = Workspace::new(dev, sizes)?;
        let pw = ptr_mut(&mut ws.device)?;
        for k in 0..batch as u64 {
            // SAFETY: matrix `k` and its info lie inside their arrays, which (and the
            // workspace) outlive the queued work (the info read synchronizes).
            status("cusolverDnXpotrf", unsafe {
                cs::cusolverDnXpotrf(
                    h.dn,
                    h.params,
                    fill,
                    n as i64,
                    ty,
                    (pa + k * (n * n) as u64 * es) as *mut c_void,
                    n as i64,
                    ty,
                    pw as *mut c_void,
                    sizes.0,
                    ws.host.as_mut_ptr().cast(),
                    sizes.1,
                    (pi + k * 4) as *mut i32,
                )
            })?;
        }
        let info = read_info(&info)?;
        drop(ws);
        Ok(info[..batch].to_vec())
    })
}

/// The eigenvalues (ascending, into `w`: `(batch, n)` of the real type `R`) and, when
/// `vectors`, the eigenvectors (overwriting `a`, column-major columns) of each column-major
/// Hermitian `n x n` matrix, read from its `upper` (else lower) triangle (`syevd`/`heevd`);
/// each matrix's `info`.
pub fn syevd<T: DType, R: DType>(
    dev: &Arc<CudaDevice>,
    a: &mut Array<T>,
    w: &mut Array<R>,
    n: usize,
    upper: bool,
    vectors: bool,
) -> Result<Vec<i32>> {
    let (ty, wty) = (data_type(T::ID)?, data_type(R::ID)?);
    let batch = a.len() / (n * n).max(1);
    let gpu = Device::Cuda(dev.clone());
    let mut info = Array::<i32>::zeros(&gpu, &[batch.max(1)])?;
    let (pa, pw, pi) = (ptr_mut(a)?, ptr_mut(w)?, ptr_mut(&mut info)?);
    let (es, ws_) = (T::ID.size() as u64, R::ID.size() as u64);
    let fill = if upper {
        cublasFillMode_t::CUBLAS_FILL_MODE_UPPER
    } else {
        cublasFillMode_t::CUBLAS_FILL_MODE_LOWER
    };
    let job = if vectors {
        cusolverEigMode_t::CUSOLVER_EIG_MODE_VECTOR
    } else {
        cusolverEigMode_t::CUSOLVER_EIG_MODE_NOVECTOR
    };
    with_handle(dev, |h| {
        let mut sizes = (0usize, 0usize);
        // SAFETY: a query of sizes only.
        status("cusolverDnXsyevd_bufferSize", unsafe {
            cs::cusolverDnXsyevd_bufferSize(
                h.dn,
                h.params,
                job,
                fill,
                n as i64,
                ty,
                pa as *const c_void,
                n as i64,
                wty,
                pw as *const c_void,
                ty,
                &mut sizes.0,
                &mut sizes.1,
            )
        })?;
        let mut ws = Workspace::new(dev, sizes)?;
        let pws = ptr_mut(&mut ws.device)?;
        for k in 0..batch as u64 {
            // SAFETY: matrix `k`, its n eigenvalues and info lie inside their arrays, which
            // (and the workspace) outlive the queued work (the info read synchronizes).
            status("cusolverDnXsyevd", unsafe {
                cs::cusolverDnXsyevd(
                    h.dn,
                    h.params,
                    job,
                    fill,
                    n as i64,
                    ty,
                    (pa + k * (n * n) as u64 * es) as *mut c_void,
                    n as i64,
                    wty,
                    (pw + k * n as u64 * ws_) as *mut c_void,
                    ty,
                    pws as *mut c_void,
                    sizes.0,
                    ws.host.as_mut_ptr().cast(),
                    sizes.1,
                    (pi + k * 4) as *mut i32,
                )
            })?;
        }
        let info = read_info(&info)?;
        drop(ws);
        Ok(info[..batch].to_vec())
    })
}

/// The SVD of each column-major `m x n` matrix of `a` (`m >= n`, cuSOLVER's requirement;
/// overwritten), `gesvd`: singular values (descending) into `s` `(batch, n)`; with `job`
/// `b'A'` all of `U` (`m x m`) and `V^H` (`n x n`), `b'S'` their first `n` columns / rows,
/// `b'N'` neither (`u` and `vt` then unused). Each matrix's `info`.
#[allow(clippy::too_many_arguments)]
pub fn gesvd<T: DType, R: DType>(
    dev: &Arc<CudaDevice>,
    a: &mut Array<T>,
    (m, n): (usize, usize),
    s: &mut Array<R>,
    u: &mut Array<T>,
    vt: &mut Array<T>,
    job: u8,
) -> Result<Vec<i32>> {
    if m < n {
        return Err(Error::invalid(format!(
            "cusolverDnXgesvd needs m >= n, got {m} x {n}"
        )));
    }
    let (ty, sty) = (data_type(T::ID)?, data_type(R::ID)?);
    let batch = a.len() / (m * n).max(1);
    let gpu = Device::Cuda(dev.clone());
    let mut info = Array::<i32>::zeros(&gpu, &[batch.max(1)])?;
    let (pa, ps, pu, pv, pi) = (
        ptr_mut(a)?,
        ptr_mut(s)?,
        ptr_mut(u)?,
        ptr_mut(vt)?,
        ptr_mut(&mut info)?,
    );
    let (es, ss) = (T::ID.size() as u64, R::ID.size() as u64);
    let ucols = if job == b'A' { m } else { n };
    let (ldu, ldvt) = (m as i64, n as i64);
    let vectors = job != b'N';
    let jc = job as std::ffi::c_schar;
    with_handle(dev, |h| {
        let mut sizes = (0usize, 0usize);
        // SAFETY: a query of sizes only.
        status("cusolverDnXgesvd_bufferSize", unsafe {
            cs::cusolverDnXgesvd_bufferSize(
                h.dn,
                h.params,
                jc,
                jc,
                m as i64,
                n as i64,
                ty,
                pa as *const c_void,
                m as i64,
                sty,
                ps as *const c_void,
                ty,
                pu as *const c_void,
                ldu,
                ty,
                pv as *const c_void,
                ldvt,
                ty,
                &mut sizes.0,
                &mut sizes.1,
            )
        })?;
        let mut ws = Workspace::new(dev, sizes)?;
        let pws = ptr_mut(&mut ws.device)?;
        for k in 0..batch as u64 {
            let (uk, vk) = if vectors {
                (
                    pu + k * (m * ucols) as u64 * es,
                    pv + k * (n * n) as u64 * es,
                )
            } else {
                (pu, pv)
            };
            // SAFETY: matrix `k` (m n elements), its n singular values, `U` (m x ucols) and
            // `V^H` (n x n) blocks and info lie inside their arrays (the caller sized `u` and
            // `vt` for the job; with `N` they are not referenced), which with the workspace
            // outlive the queued work (the info read synchronizes).
            status("cusolverDnXgesvd", unsafe {
                cs::cusolverDnXgesvd(
                    h.dn,
                    h.params,
                    jc,
                    jc,
                    m as i64,
                    n as i64,
                    ty,
                    (pa + k * (m * n) as u64 * es) as *mut c_void,
                    m as i64,
                    sty,
                    (ps + k * n as u64 * ss) as *mut c_void,
                    ty,
                    uk as *mut c_void,
                    ldu,
                    ty,
                    vk as *mut c_void,
                    ldvt,
                    ty,
                    pws as *mut c_void,
                    sizes.0,
                    ws.host.as_mut_ptr().cast(),
                    sizes.1,
                    (pi + k * 4) as *mut i32,
                )
            })?;
        }
        let info = read_info(&info)?;
        drop(ws);
        Ok(info[..batch].to_vec())
    })
}

/// cuBLAS's batched LU and solve (`getrfBatched`, `getrsBatched`) of many small systems:
/// `A_k X_k = B_k` for the column-major `n x n` matrices of `a` (overwritten by their
/// factors) and `n x nrhs` right-hand sides of `b` (overwritten by the solutions), as CuPy
/// solves batches. Returns each matrix's `info` of the factorization (non-zero: singular, its
/// solution not computed).
pub fn solve_batched<T: DType>(
    dev: &Arc<CudaDevice>,
    a: &mut Array<T>,
    b: &mut Array<T>,
    (n, nrhs): (usize, usize),
) -> Result<Vec<i32>> {
    use cudarc::cublas::sys as cb;
    load_cublas()?;
    let batch = a.len() / (n * n).max(1);
    if batch == 0 {
        return Ok(Vec::new());
    }
    let gpu = Device::Cuda(dev.clone());
    let es = T::ID.size() as u64;
    let (pa, pb) = (ptr_mut(a)?, ptr_mut(b)?);
    // The arrays of matrix addresses cuBLAS takes, built on the host, copied to the device.
    let addr_a: Vec<u64> = (0..batch as u64)
        .map(|k| pa + k * (n * n) as u64 * es)
        .collect();
    let addr_b: Vec<u64> = (0..batch as u64)
        .map(|k| pb + k * (n * nrhs) as u64 * es)
        .collect();
    let da = Array::from_vec(&gpu, &[batch], addr_a)?;
    let db = Array::from_vec(&gpu, &[batch], addr_b)?;
    let mut piv = Array::<i32>::zeros(&gpu, &[batch * n])?;
    let mut info = Array::<i32>::zeros(&gpu, &[batch])?;
    let (pda, pdb, pp, pi) = (
        ptr(&da)?,
        ptr(&db)?,
        ptr_mut(&mut piv)?,
        ptr_mut(&mut info)?,
    );
    let to_i32 = |v: usize, what: &str| {
        i32::try_from(v)
            .map_err(|_| Error::invalid(format!("cuBLAS batched LU: {what} = {v} exceeds i32")))
    };
    let (ni, ri, bi) = (
        to_i32(n, "n")?,
        to_i32(nrhs, "nrhs")?,
        to_i32(batch, "batch")?,
    );
    let handle = blas_handle(dev)?;
    let check = |op: &str, s: cb::cublasStatus_t| {
        if s == cb::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
            Ok(())
        } else {
            Err(Error::Driver {
                op: op.to_string(),
                message: format!("{s:?}"),
            })
        }
    };
    let mut host_info: i32 = 0;
    macro_rules! run {
        ($t:ty, $getrf:ident, $getrs:ident) => {{
            // SAFETY: `da`/`db` hold the device addresses of the `batch` matrices and
            // right-hand sides inside `a` and `b` (lda = ldb = n), the pivots (n per matrix)
            // and infos fit their arrays, and all of them outlive the work queued on the
            // device's stream (the info read below synchronizes it). `T` is `$t` (checked by
            // the dtype match).
            check(stringify!($getrf), unsafe {
                cb::$getrf(
                    handle,
                    ni,
                    pda as *const *mut $t,
                    ni,
                    pp as *mut i32,
                    pi as *mut i32,
                    bi,
                )
            })?;
            let info = info.to_vec()?;
            if info.iter().all(|&c| c == 0) {
                // SAFETY: as above; `host_info` is a host int, as getrsBatched requires.
                check(stringify!($getrs), unsafe {
                    cb::$getrs(
                        handle,
                        cb::cublasOperation_t::CUBLAS_OP_N,
                        ni,
                        ri,
                        pda as *const *const $t,
                        ni,
                        pp as *const i32,
                        pdb as *const *mut $t,
                        ni,
                        &mut host_info,
                        bi,
                    )
                })?;
                // The solve is queued: read something back so that errors surface here.
                let _ = piv.to_vec()?;
            }
            info
        }};
    }
    let info = match T::ID {
        DTypeId::F32 => run!(f32, cublasSgetrfBatched, cublasSgetrsBatched),
        DTypeId::F64 => run!(f64, cublasDgetrfBatched, cublasDgetrsBatched),
        DTypeId::C64 => run!(cb::cuComplex, cublasCgetrfBatched, cublasCgetrsBatched),
        DTypeId::C128 => run!(
            cb::cuDoubleComplex,
            cublasZgetrfBatched,
            cublasZgetrsBatched
        ),
        other => {
            return Err(Error::invalid(format!(
                "cuBLAS batched LU: dtype {} is not one of f32, f64, c64, c128",
                other.name()
            )))
        }
    };
    if host_info != 0 {
        return Err(Error::invalid(format!(
            "cublas getrsBatched: argument {} is invalid",
            -host_info
        )));
    }
    drop((da, db));
    Ok(info)
}

/// A cuBLAS handle for the batched LU (one per device, on its stream; separate from the GEMM's
/// so that this module stays self-contained).
fn blas_handle(dev: &Arc<CudaDevice>) -> Result<cudarc::cublas::sys::cublasHandle_t> {
    use cudarc::cublas::sys as cb;
    struct H(cb::cublasHandle_t);
    // SAFETY: cuBLAS handles may be used from any thread; calls are serialized per device by
    // the stream order (the handle holds no host-side state between calls).
    unsafe impl Send for H {}
    static HANDLES: OnceLock<Mutex<HashMap<usize, H>>> = OnceLock::new();
    let mut map = HANDLES
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| Error::invalid("cuBLAS handle registry poisoned"))?;
    dev.context()?.bind_to_thread().map_err(|e| Error::Driver {
        op: "binding the CUDA context".into(),
        message: format!("{e:?}"),
    })?;
    if let Some(h) = map.get(&dev.ordinal()) {
        return Ok(h.0);
    }
    let mut h: cb::cublasHandle_t = std::ptr::null_mut();
    // SAFETY: `h` is a valid out-pointer; cuBLAS is loaded (`load_cublas`).
    let s = unsafe { cb::cublasCreate_v2(&mut h) };
    if s != cb::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        return Err(Error::Driver {
            op: "cublasCreate".into(),
            message: format!("{s:?}"),
        });
    }
    // SAFETY: `h` was just created; the stream is this device's, alive for the process.
    let s = unsafe { cb::cublasSetStream_v2(h, dev.stream()?.cu_stream() as cb::cudaStream_t) };
    if s != cb::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        return Err(Error::Driver {
            op: "cublasSetStream".into(),
            message: format!("{s:?}"),
        });
    }
    map.insert(dev.ordinal(), H(h));
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_never_panics() {
        let _ = cusolver_present();
    }

    #[test]
    fn only_lapack_types_have_a_data_type() {
        assert!(data_type(DTypeId::F64).is_ok());
        assert!(data_type(DTypeId::C64).is_ok());
        assert!(data_type(DTypeId::F16).is_err());
        assert!(data_type(DTypeId::I32).is_err());
    }
}
