//! What kernels-std's `fft` needs of the runtime for cuFFT: finding the library, and a safe
//! plan type for batches of one-dimensional transforms over C-contiguous device arrays.
//!
//! cuFFT is found at first use as cuBLAS is (`blas_support`): on the loader's path, else by
//! absolute path in `KERNELS_CUFFT`, the toolkit's folders, beside NVRTC and in the NVIDIA
//! PyPI wheels' folders (`nvidia/cufft/lib`, `nvidia/cu13/lib`), then preloaded so that
//! cudarc's `dlopen` by name finds it. When it cannot be found, [`load_cufft`] (and every plan)
//! returns [`Error::CudaUnavailable`] naming the places searched; nothing panics.
//!
//! A [`FftPlan`] is a batch of `batch` transforms of `n` points, each line stored
//! contiguously after the previous one (cuFFT's basic layout: unit stride, distance
//! `n_in` / `n_out`). The routine arranges its data that way first (a transposition by the
//! runtime's copy kernel when the axis is not the last). [`FftPlan::exec`] checks the arrays
//! against the plan (device, dtype, contiguity, length) before the one unsafe call.
//!
//! This module cannot run without a GPU; the checks that do not need one are tested here.
//!
//! ```
//! use array_runtime::cuda::fft_support::{FftKind, cufft_present};
//! use array_runtime::DTypeId;
//! assert_eq!(FftKind::R2C { double: true }.dtypes(), (DTypeId::F64, DTypeId::C128));
//! assert_eq!(FftKind::C2R { double: false }.lengths(8), (5, 8));
//! let _ = cufft_present(); // false on a machine without cuFFT: never a panic
//! ```

use std::ffi::c_int;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use cudarc::cufft::{result, sys, CudaFft};

use super::blas_support::{cuda_pointer, cuda_pointer_mut};
use super::context::CudaDevice;
use crate::array::Array;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};

/// The kind of a cuFFT transform: complex to complex, real to complex, complex to real, in
/// single (`double: false`) or double precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FftKind {
    /// Complex to complex (`C2C`, `Z2Z`), either direction.
    C2C {
        /// `f64` parts.
        double: bool,
    },
    /// Real to complex, forward (`R2C`, `D2Z`): `n` reals in, `n / 2 + 1` complex out.
    R2C {
        /// `f64` parts.
        double: bool,
    },
    /// Complex to real, inverse (`C2R`, `Z2D`): `n / 2 + 1` complex in, `n` reals out.
    C2R {
        /// `f64` parts.
        double: bool,
    },
}

impl FftKind {
    /// The dtypes of the input and the output.
    pub fn dtypes(self) -> (DTypeId, DTypeId) {
        use DTypeId::{C128, C64, F32, F64};
        match self {
            FftKind::C2C { double: false } => (C64, C64),
            FftKind::C2C { double: true } => (C128, C128),
            FftKind::R2C { double: false } => (F32, C64),
            FftKind::R2C { double: true } => (F64, C128),
            FftKind::C2R { double: false } => (C64, F32),
            FftKind::C2R { double: true } => (C128, F64),
        }
    }

    /// The elements of one input and one output line of a transform of `n` points.
    pub fn lengths(self, n: usize) -> (usize, usize) {
        match self {
            FftKind::C2C { .. } => (n, n),
            FftKind::R2C { .. } => (n, n / 2 + 1),
            FftKind::C2R { .. } => (n / 2 + 1, n),
        }
    }

    fn cufft_type(self) -> sys::cufftType {
        use sys::cufftType::*;
        match self {
            FftKind::C2C { double: false } => CUFFT_C2C,
            FftKind::C2C { double: true } => CUFFT_Z2Z,
            FftKind::R2C { double: false } => CUFFT_R2C,
            FftKind::R2C { double: true } => CUFFT_D2Z,
            FftKind::C2R { double: false } => CUFFT_C2R,
            FftKind::C2R { double: true } => CUFFT_Z2D,
        }
    }
}

/// A cuFFT plan on one device's stream: `batch` transforms of `n` points of `kind`, lines
/// stored one after another.
pub struct FftPlan {
    plan: CudaFft,
    device: Arc<CudaDevice>,
    kind: FftKind,
    n: usize,
    batch: usize,
}

impl std::fmt::Debug for FftPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FftPlan")
            .field("device", &self.device.ordinal())
            .field("kind", &self.kind)
            .field("n", &self.n)
            .field("batch", &self.batch)
            .finish()
    }
}

fn cufft_err(op: &str, e: impl std::fmt::Debug) -> Error {
    Error::Driver {
        op: op.to_string(),
        message: format!("{e:?}"),
    }
}

fn to_int(what: &str, v: usize) -> Result<c_int> {
    c_int::try_from(v).map_err(|_| Error::invalid(format!("cuFFT: {what} = {v} exceeds int")))
}

impl FftPlan {
    /// A plan for `batch` transforms of `n` points of `kind` on `device` (its stream).
    /// `n * batch` elements of each side must fit cuFFT's `int`.
    pub fn new(device: &Arc<CudaDevice>, kind: FftKind, n: usize, batch: usize) -> Result<Self> {
        load_cufft()?;
        if n == 0 || batch == 0 {
            return Err(Error::invalid(format!(
                "cuFFT: a plan of {batch} transforms of {n} points"
            )));
        }
        let (n_in, n_out) = kind.lengths(n);
        to_int("elements", n_in.max(n_out).saturating_mul(batch))?;
        let (nn, idist, odist, b) = (
            to_int("n", n)?,
            to_int("idist", n_in)?,
            to_int("odist", n_out)?,
            to_int("batch", batch)?,
        );
        device
            .context()?
            .bind_to_thread()
            .map_err(|e| cufft_err("binding the CUDA context", e))?;
        let plan = CudaFft::plan_many(
            &[nn],
            Some(&[idist]),
            1,
            idist,
            Some(&[odist]),
            1,
            odist,
            kind.cufft_type(),
            b,
            device.stream()?.clone(),
        )
        .map_err(|e| cufft_err("cufftPlanMany", e))?;
        Ok(FftPlan {
            plan,
            device: device.clone(),
            kind,
            n,
            batch,
        })
    }

    /// The kind, points and batch of the plan.
    pub fn shape(&self) -> (FftKind, usize, usize) {
        (self.kind, self.n, self.batch)
    }

    /// Checks an array against one side of the plan: on the plan's device, of the side's
    /// dtype, C-contiguous, holding `lines` lines from line `first`.
    fn check<T: DType>(
        &self,
        a: &Array<T>,
        dtype: DTypeId,
        line: usize,
        first: usize,
    ) -> Result<()> {
        let what = || {
            format!(
                "cuFFT plan {:?} of {} points x {} on an array of {} {:?}",
                self.kind,
                self.n,
                self.batch,
                T::ID,
                a.shape()
            )
        };
        if T::ID != dtype {
            return Err(Error::invalid(format!(
                "{}: dtype {dtype} expected",
                what()
            )));
        }
        if !a.is_c_contiguous() {
            return Err(Error::invalid(format!("{}: not C-contiguous", what())));
        }
        let need = (first + self.batch)
            .checked_mul(line)
            .ok_or_else(|| Error::invalid(what()))?;
        if a.len() < need {
            return Err(Error::invalid(format!(
                "{}: lines {first}..{} do not fit",
                what(),
                first + self.batch
            )));
        }
        match crate::device::Device::Cuda(self.device.clone()).same(&a.device()) {
            true => Ok(()),
            false => Err(Error::invalid(format!("{}: on another device", what()))),
        }
    }

    /// Runs the plan on lines `first..first + batch` of `input` into the same lines of
    /// `output` (both C-contiguous arrays of the plan's dtypes on its device), forward or
    /// `inverse` (a real kind has one direction). The input of a complex-to-real transform
    /// is overwritten by cuFFT, hence `&mut`.
    pub fn exec<I: DType, O: DType>(
        &self,
        input: &mut Array<I>,
        output: &mut Array<O>,
        first: usize,
        inverse: bool,
    ) -> Result<()> {
        let (di, dout) = self.kind.dtypes();
        let (n_in, n_out) = self.kind.lengths(self.n);
        self.check(input, di, n_in, first)?;
        self.check(output, dout, n_out, first)?;
        let missing = || Error::invalid("cuFFT: an array is not on the GPU");
        let pin = match self.kind {
            FftKind::C2R { .. } => cuda_pointer_mut(input)?.ok_or_else(missing)?.0,
            _ => cuda_pointer(input).ok_or_else(missing)?.0,
        };
        let pout = cuda_pointer_mut(output)?.ok_or_else(missing)?.0;
        let (pin, pout) = (
            pin + (first * n_in * I::ID.size()) as u64,
            pout + (first * n_out * O::ID.size()) as u64,
        );
        let h = self.plan.handle();
        // cuFFT's CUFFT_INVERSE and CUFFT_FORWARD.
        let dir: c_int = if inverse { 1 } else { -1 };
        self.device
            .context()?
            .bind_to_thread()
            .map_err(|e| cufft_err("binding the CUDA context", e))?;
        // SAFETY: `check` established that both arrays live on the plan's device, have the
        // plan's dtypes, are C-contiguous and hold lines `first..first + batch` of the
        // plan's line lengths, so cuFFT reads and writes only their elements; the arrays
        // outlive this call and the work is queued on the device's one stream (the plan's),
        // which orders it before any reuse of their memory. The output was made unique to
        // `output` (`cuda_pointer_mut`), and so was a complex-to-real input, which cuFFT
        // overwrites.
        let r = unsafe {
            match self.kind {
                FftKind::C2C { double: false } => {
                    result::exec_c2c(h, pin as *mut _, pout as *mut _, dir)
                }
                FftKind::C2C { double: true } => {
                    result::exec_z2z(h, pin as *mut _, pout as *mut _, dir)
                }
                FftKind::R2C { double: false } => {
                    result::exec_r2c(h, pin as *mut _, pout as *mut _)
                }
                FftKind::R2C { double: true } => result::exec_d2z(h, pin as *mut _, pout as *mut _),
                FftKind::C2R { double: false } => {
                    result::exec_c2r(h, pin as *mut _, pout as *mut _)
                }
                FftKind::C2R { double: true } => result::exec_z2d(h, pin as *mut _, pout as *mut _),
            }
        };
        r.map_err(|e| cufft_err("cufftExec", e))
    }
}

/// Whether cuFFT can be loaded (searched once, see [`load_cufft`]).
pub fn cufft_present() -> bool {
    load_cufft().is_ok()
}

/// Makes cuFFT loadable by cudarc, or says why it is not, with the places searched (see the
/// module's documentation). Never panics.
pub fn load_cufft() -> Result<()> {
    static FOUND: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    FOUND
        .get_or_init(find_and_preload)
        .clone()
        .map_err(|reason| Error::CudaUnavailable { reason })
}

fn find_and_preload() -> std::result::Result<(), String> {
    // SAFETY: `is_culib_present` only tries `dlopen` on cuFFT's library names and closes
    // what it opened.
    if unsafe { sys::is_culib_present() } {
        return Ok(());
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("KERNELS_CUFFT").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(p);
        match p.parent() {
            Some(parent) if p.is_file() => dirs.push(parent.to_path_buf()),
            _ => dirs.push(p),
        }
    }
    for d in super::blas_support::search_dirs() {
        // The cuBLAS wheel's folder has a cuFFT sibling (`nvidia/cufft/lib`).
        if let Some(nvidia) = d.parent().and_then(|p| p.parent()) {
            dirs.push(nvidia.join("cufft/lib"));
        }
        dirs.push(d);
    }
    dirs.retain(|d| d.is_dir());
    dirs.dedup();
    let mut searched = Vec::new();
    for dir in dirs {
        let files = super::blas_support::library_files(&dir, "libcufft.so");
        if files.is_empty() {
            searched.push(dir.display().to_string());
            continue;
        }
        for file in files {
            // SAFETY: cuFFT from a CUDA installation folder; its initialisers have no
            // preconditions.
            match unsafe { super::blas_support::open_global(&file) } {
                Ok(lib) => {
                    // Kept loaded for the life of the process, so that cudarc's `dlopen` by
                    // name finds it among the loaded libraries.
                    std::mem::forget(lib);
                    // SAFETY: as above.
                    if unsafe { sys::is_culib_present() } {
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
        "cuFFT (libcufft) not found on the loader's path nor in {}; install the CUDA toolkit, \
         or `pip install nvidia-cufft` and set KERNELS_CUDA_WHEELS, or set KERNELS_CUFFT to \
         the library",
        if searched.is_empty() {
            "any CUDA folder".to_string()
        } else {
            searched.join(", ")
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_name_their_dtypes_and_lengths() {
        assert_eq!(FftKind::C2C { double: false }.lengths(7), (7, 7));
        assert_eq!(FftKind::R2C { double: false }.lengths(7), (7, 4));
        assert_eq!(
            FftKind::C2R { double: true }.dtypes(),
            (DTypeId::C128, DTypeId::F64)
        );
    }

    #[test]
    fn cufft_search_never_panics() {
        match load_cufft() {
            Ok(()) => {}
            Err(Error::CudaUnavailable { reason }) => assert!(reason.contains("cuFFT")),
            Err(e) => panic!("unexpected error {e}"),
        }
    }
}
