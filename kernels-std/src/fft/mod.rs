//! NumPy's `numpy.fft` and SciPy's `scipy.fft`: discrete Fourier transforms of any length
//! (primes included), on the CPU (rustfft, realfft) and on CUDA (cuFFT).
//!
//! Each transform is a builder with NumPy's keywords, run by `.run()`:
//!
//! ```
//! use kernels_std::fft::{self, Norm};
//! use kernels_std::prelude::*;
//! let dev = Device::cpu();
//! let x = Array::from_vec(&dev, &[2, 5], (0..10).map(|v| v as f64).collect())?;
//! let y = fft::fft(&x).axis(0).norm(Norm::Ortho).run()?;   // np.fft.fft(x, axis=0, norm="ortho")
//! let z = fft::rfftn(&x).s(&[4, 8]).run()?;                 // np.fft.rfftn(x, s=(4, 8))
//! assert_eq!((y.shape(), z.shape()), (&[2, 5][..], &[4, 5][..]));
//! # Ok::<(), kernels_std::Error>(())
//! ```
//!
//! | concept | file |
//! | --- | --- |
//! | dtypes of inputs and results | `dtypes.rs` |
//! | `norm` | `norm.rs` |
//! | plans and their cache ([`get_plan_cache`]) | `plans.rs` |
//! | `workers` | `workers.rs` |
//! | keywords of the builders (`n`, `s`, `axis`, `axes`) | `options.rs` |
//! | one transform along one axis, per device | `transform.rs`, `cpu.rs`, `cuda.rs` |
//! | `fft`, `ifft` | `complex.rs` |
//! | `rfft`, `irfft` | `real.rs` |
//! | `hfft`, `ihfft`, `hfftn`, `ihfftn`, `hfft2`, `ihfft2` | `hermitian.rs` |
//! | `fftn`, `ifftn`, `fft2`, `ifft2`, `rfftn`, `irfftn`, `rfft2`, `irfft2` | `ndim.rs` |
//! | `fftfreq`, `rfftfreq`, `fftshift`, `ifftshift` | `freq.rs` |
//! | `next_fast_len`, `prev_fast_len` | `fast_len.rs` |
//! | `dct`, `idct`, `dst`, `idst`, `dctn`, `idctn`, `dstn`, `idstn` | `dct.rs` |
//! | `convolve`, `correlate`, `fftconvolve`, `oaconvolve`, `choose_conv_method` | `convolve.rs` |
//! | `fht`, `ifht`, `fhtoffset` | `fht.rs` |
//! | kernels around the transforms (scaling, Hermitian packing, frequencies) | `kernels.rs` |
//!
//! `README.md` beside this file is the design note.

mod complex;
mod convolve;
mod cpu;
mod cpu_slabs;
mod cuda;
mod dct;
mod dtypes;
mod fast_len;
mod fht;
mod freq;
mod hermitian;
pub mod kernels;
mod ndim;
mod norm;
#[cfg(test)]
mod nvrtc;
mod options;
mod plans;
mod real;
mod transform;
mod workers;

pub use complex::{fft, ifft, ComplexFft};
pub use convolve::{
    choose_conv_method, convolve, correlate, fftconvolve, oaconvolve, ConvDType, ConvMethod,
    FftConvDType, Mode,
};
pub use dct::{dct, dctn, dst, dstn, idct, idctn, idst, idstn, TrigTransform, TrigTransformN};
pub use dtypes::{FftComplex, FftDType, FftReal, RealFftDType};
pub use fast_len::{next_fast_len, prev_fast_len};
pub use fht::{fht, fhtoffset, ifht, HankelTransform};
pub use freq::{fftfreq, fftshift, ifftshift, rfftfreq};
pub use hermitian::{hfft, hfft2, hfftn, ihfft, ihfft2, ihfftn};
pub use ndim::{
    fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn, ComplexFftn, InverseRealFftn, RealFftn,
};
pub use norm::Norm;
pub use plans::{get_plan_cache, PlanCache};
pub use real::{irfft, rfft, InverseRealFft, RealFft};
pub use workers::{get_workers, set_workers};
