//! What BLAS-style routines (kernels-std's `linalg`) need from the runtime: the elements of an
//! array where they are stored (a host slice, a device pointer), arrays made to be overwritten,
//! checked strided views, and finding cuBLAS.
//!
//! A GEMM library reads a matrix through its pointer and two strides, so the routines hand it
//! the storage and the layout instead of gathering the elements into a new buffer. Everything
//! here is safe: a device pointer is a plain number, and only the unsafe call that dereferences
//! it has to know that the array outlives the work queued on the device's stream.
//!
//! ```
//! use array_runtime::cuda::blas_support::{host_storage, strided_view};
//! use array_runtime::shape::Layout;
//! use array_runtime::{Array, Device};
//! let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1, 2, 3, 4, 5, 6i32])?;
//! assert_eq!(host_storage(&a.t()).unwrap(), &[1, 2, 3, 4, 5, 6]);
//! // The diagonal as a view: stride 3 + 1 over the same storage.
//! let diag = strided_view(&a, Layout { shape: vec![2], strides: vec![4], offset: 0 })?;
//! assert_eq!(diag.to_vec()?, vec![1, 5]);
//! assert!(strided_view(&a, Layout { shape: vec![3], strides: vec![4], offset: 0 }).is_err());
//! # Ok::<(), array_runtime::Error>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::context::CudaDevice;
use crate::array::{Array, Storage};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::Layout;

/// The whole host storage an array's layout indexes (element `[0, ..]` is at
/// `layout().offset`), or `None` for an array on a GPU.
pub fn host_storage<T: DType>(a: &Array<T>) -> Option<&[T]> {
    match &a.storage {
        Storage::Host(v) => Some(&v[..]),
        Storage::Cuda(..) => None,
    }
}

/// The host storage of `a`, writable: the storage is first made unique to `a` (copied if it
/// is shared, as [`Array::view_mut`] does). `None` for an array on a GPU.
pub fn host_storage_mut<T: DType>(a: &mut Array<T>) -> Result<Option<&mut [T]>> {
    a.storage.make_unique()?;
    Ok(match &mut a.storage {
        Storage::Host(v) => Arc::get_mut(v).map(|b| &mut b[..]),
        Storage::Cuda(..) => None,
    })
}

/// A C-contiguous array whose elements are about to be overwritten (uninitialised device
/// memory on a GPU; zeros or a reused pooled buffer's old values on the CPU).
pub fn array_for_overwrite<T: DType>(device: &Device, shape: &[usize]) -> Result<Array<T>> {
    Array::for_overwrite(device, shape)
}

/// A view of `a`'s storage through an arbitrary layout (NumPy's `as_strided`), checked: every
/// element the layout reaches must lie inside the storage. Views may overlap themselves
/// (a diagonal, a sliding window); they share the storage like any other view.
pub fn strided_view<T: DType>(a: &Array<T>, layout: Layout) -> Result<Array<T>> {
    if layout.shape.len() != layout.strides.len() {
        return Err(Error::invalid(format!(
            "strided view: shape {:?} and strides {:?} differ in length",
            layout.shape, layout.strides
        )));
    }
    let len = match &a.storage {
        Storage::Host(v) => v.len(),
        Storage::Cuda(b, _) => b.len(),
    };
    // No array has a shape past NumPy's bound, a view made by hand included.
    if Array::<T>::checked_len(&layout.shape)? > 0 {
        let (mut lo, mut hi) = (layout.offset as i128, layout.offset as i128);
        for (&d, &s) in layout.shape.iter().zip(&layout.strides) {
            // Each term fits in i128; their sum is checked (`None`: out of any storage).
            let span = (d as i128 - 1) * s as i128;
            let bound = if span < 0 { &mut lo } else { &mut hi };
            *bound =
                bound
                    .checked_add(span)
                    .unwrap_or(if span < 0 { i128::MIN } else { i128::MAX });
        }
        if lo < 0 || hi >= len as i128 {
            return Err(Error::Index {
                message: format!(
                    "strided view (shape {:?}, strides {:?}, offset {}) reaches elements \
                     {lo}..={hi} of a storage of {len}",
                    layout.shape, layout.strides, layout.offset
                ),
            });
        }
    }
    Ok(Array::from_parts(a.storage.clone(), layout))
}

/// The device address of element `[0, ..]` of an array on a GPU (the buffer's address plus
/// the layout's offset) and its device; `None` for a host array.
///
/// The address stays valid while `a`'s storage lives; work queued on the device's stream that
/// reads it is ordered before any reuse of the memory (the pool hands blocks out again only
/// to later work on the same stream).
pub fn cuda_pointer<T: DType>(a: &Array<T>) -> Option<(u64, Arc<CudaDevice>)> {
    match &a.storage {
        Storage::Host(_) => None,
        Storage::Cuda(b, d) => Some((
            d.device_ptr(b) + (a.layout.offset * T::ID.size()) as u64,
            d.clone(),
        )),
    }
}

/// [`cuda_pointer`] for writing: the storage is first made unique to `a`.
pub fn cuda_pointer_mut<T: DType>(a: &mut Array<T>) -> Result<Option<(u64, Arc<CudaDevice>)>> {
    a.storage.make_unique()?;
    Ok(cuda_pointer(a))
}

/// Whether cuBLAS can be loaded (searched once, see [`load_cublas`]).
pub fn cublas_present() -> bool {
    load_cublas().is_ok()
}

/// Makes cuBLAS loadable by cudarc, or says why it is not, with the places searched.
///
/// cudarc opens `libcublas` by its bare name, which the loader finds only on its search path.
/// When it does not, the library is looked for in `KERNELS_CUBLAS` (a file or a folder),
/// `CUDA_HOME` / `CUDA_PATH` (`lib64`, `lib`), `/usr/local/cuda/lib64`, beside the NVRTC
/// library the runtime found, and in the NVIDIA PyPI wheels' folders (`nvidia/cu13/lib`,
/// `nvidia/cublas/lib`) of `KERNELS_CUDA_WHEELS` and of the Pythons under the usual
/// prefixes; it is then opened by absolute path (with `libcublasLt` beside it), so that the
/// bare name resolves to it. Never panics.
pub fn load_cublas() -> Result<()> {
    static FOUND: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    FOUND
        .get_or_init(find_and_preload)
        .clone()
        .map_err(|reason| Error::CudaUnavailable { reason })
}

fn find_and_preload() -> std::result::Result<(), String> {
    // SAFETY: `is_culib_present` only tries `dlopen` on cuBLAS's library names and closes
    // what it opened.
    if unsafe { cudarc::cublas::sys::is_culib_present() } {
        return Ok(());
    }
    let mut searched = Vec::new();
    for dir in search_dirs() {
        let files = library_files(&dir, "libcublas.so");
        if files.is_empty() {
            searched.push(dir.display().to_string());
            continue;
        }
        for file in files {
            // libcublas needs libcublasLt of the same version; open it first, by path.
            let stem_version = file
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix("libcublas.so"))
                .unwrap_or("")
                .to_string();
            let lt = file.with_file_name(format!("libcublasLt.so{stem_version}"));
            if lt.is_file() {
                // SAFETY: cuBLAS's own helper library from the folder being searched; its
                // initialisers have no preconditions.
                if let Ok(lib) = unsafe { open_global(&lt) } {
                    std::mem::forget(lib);
                }
            }
            // SAFETY: as above, cuBLAS from a CUDA installation folder.
            match unsafe { open_global(&file) } {
                Ok(lib) => {
                    // Kept loaded for the life of the process: cudarc's `dlopen` by name
                    // now finds it among the loaded libraries (by its soname).
                    std::mem::forget(lib);
                    // SAFETY: as above.
                    if unsafe { cudarc::cublas::sys::is_culib_present() } {
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
        "cuBLAS (libcublas) not found on the loader's path nor in {}; install the CUDA toolkit, \
         or `pip install nvidia-cublas` and set KERNELS_CUDA_WHEELS, or set KERNELS_CUBLAS to \
         the library",
        searched.join(", ")
    ))
}

/// # Safety
/// Loading a library runs its initialisers; the caller names a trusted library.
pub(crate) unsafe fn open_global(
    path: &Path,
) -> std::result::Result<libloading::Library, libloading::Error> {
    #[cfg(unix)]
    {
        use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
        // SAFETY: forwarded from the caller.
        unsafe { Library::open(Some(path), RTLD_NOW | RTLD_GLOBAL) }.map(Into::into)
    }
    #[cfg(not(unix))]
    {
        // SAFETY: forwarded from the caller.
        unsafe { libloading::Library::new(path) }
    }
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The folders where cuBLAS (and the other CUDA libraries) may be, in order.
pub(crate) fn search_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(p) = env_path("KERNELS_CUBLAS") {
        match p.parent() {
            Some(parent) if p.is_file() => dirs.push(parent.to_path_buf()),
            _ => dirs.push(p),
        }
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(root) = env_path(var) {
            dirs.push(root.join("lib64"));
            dirs.push(root.join("lib"));
        }
    }
    dirs.push("/usr/local/cuda/lib64".into());
    if let Ok(n) = super::nvrtc::nvrtc()
        && let Some(dir) = n.path().parent()
    {
        dirs.push(dir.to_path_buf());
        // nvidia/cuda_nvrtc/lib -> nvidia/cublas/lib (CUDA 12 wheels).
        if let Some(nvidia) = dir.parent().and_then(Path::parent) {
            dirs.push(nvidia.join("cublas/lib"));
        }
    }
    let mut sites: Vec<PathBuf> = env_path("KERNELS_CUDA_WHEELS").into_iter().collect();
    let mut prefixes: Vec<PathBuf> = ["VIRTUAL_ENV", "CONDA_PREFIX"]
        .iter()
        .filter_map(|v| env_path(v))
        .map(|p| p.join("lib"))
        .collect();
    prefixes.extend(["/usr/local/lib".into(), "/usr/lib".into()]);
    if let Some(h) = env_path("HOME") {
        prefixes.push(h.join(".local/lib"));
    }
    for lib in prefixes {
        let Ok(entries) = std::fs::read_dir(&lib) else {
            continue;
        };
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().starts_with("python3") {
                for sp in ["site-packages", "dist-packages"] {
                    sites.push(e.path().join(sp));
                }
            }
        }
    }
    for site in sites {
        for sub in ["nvidia/cu13/lib", "nvidia/cu12/lib", "nvidia/cublas/lib"] {
            dirs.push(site.join(sub));
        }
    }
    dirs.retain(|d| d.is_dir());
    dirs.dedup();
    dirs
}

/// The `<stem>*` files of a folder (`libcublas.so.13.0.2.14`, ...), newest version first.
pub(crate) fn library_files(dir: &Path, stem: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(Vec<u64>, PathBuf)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let rest = name.strip_prefix(stem)?;
            // `libcublas.so.13`, not `libcublasLt.so.13`.
            (rest.is_empty() || rest.starts_with('.')).then(|| {
                let v = rest.split('.').filter_map(|p| p.parse().ok()).collect();
                (v, e.path())
            })
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_stay_inside_the_storage() {
        let a = Array::from_vec(&Device::cpu(), &[4], vec![1u8, 2, 3, 4]).unwrap();
        let rev = Layout {
            shape: vec![4],
            strides: vec![-1],
            offset: 3,
        };
        assert_eq!(
            strided_view(&a, rev).unwrap().to_vec().unwrap(),
            [4, 3, 2, 1]
        );
        let below = Layout {
            shape: vec![2],
            strides: vec![-1],
            offset: 0,
        };
        assert!(strided_view(&a, below).is_err());
        let empty = Layout {
            shape: vec![0, 7],
            strides: vec![100, 100],
            offset: 0,
        };
        assert!(strided_view(&a, empty).unwrap().is_empty());
    }

    #[test]
    fn writable_storage_is_unique() {
        let a = Array::from_vec(&Device::cpu(), &[2], vec![1i32, 2]).unwrap();
        let mut b = a.clone();
        host_storage_mut(&mut b).unwrap().unwrap()[0] = 9;
        assert_eq!(a.to_vec().unwrap(), [1, 2]);
        assert_eq!(b.to_vec().unwrap(), [9, 2]);
    }

    #[test]
    fn cublas_search_never_panics() {
        let _ = cublas_present();
    }
}
