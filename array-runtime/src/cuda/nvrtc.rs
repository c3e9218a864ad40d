//! A small binding to NVRTC, CUDA's runtime compiler, loaded by absolute path.
//!
//! NVRTC is looked for, in order, in `KERNELS_NVRTC` (a library file or a folder),
//! `CUDA_HOME` / `CUDA_PATH` (`lib64`, `lib`), `/usr/local/cuda/lib64`, the `pip --target` folder
//! named by `KERNELS_CUDA_WHEELS`, and the NVIDIA PyPI wheels (`nvidia-cuda-nvrtc`) of every
//! Python found under the usual prefixes. In each folder the `libnvrtc.so*` files are tried
//! newest version first. A machine without NVRTC gets [`Error::CudaUnavailable`] naming every
//! place searched, never a panic.
//!
//! The fp16/bf16 headers (`cuda_fp16.h`, `cuda_bf16.h`) are looked for in `KERNELS_CUDA_INCLUDE`,
//! beside the library found (`../include`, the wheel's `cuda_runtime/include`), then in
//! `CUDA_HOME` / `CUDA_PATH` and `/usr/local/cuda`.

use std::ffi::{c_char, c_int, CStr, CString};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::error::{Error, Result};

type NvrtcResult = c_int;
type Program = *mut std::ffi::c_void;

const NVRTC_SUCCESS: NvrtcResult = 0;

/// The NVRTC entry points we call (C signatures from `nvrtc.h`).
struct Api {
    version: unsafe extern "C" fn(*mut c_int, *mut c_int) -> NvrtcResult,
    create_program: unsafe extern "C" fn(
        *mut Program,
        *const c_char,
        *const c_char,
        c_int,
        *const *const c_char,
        *const *const c_char,
    ) -> NvrtcResult,
    compile_program: unsafe extern "C" fn(Program, c_int, *const *const c_char) -> NvrtcResult,
    get_program_log_size: unsafe extern "C" fn(Program, *mut usize) -> NvrtcResult,
    get_program_log: unsafe extern "C" fn(Program, *mut c_char) -> NvrtcResult,
    get_ptx_size: unsafe extern "C" fn(Program, *mut usize) -> NvrtcResult,
    get_ptx: unsafe extern "C" fn(Program, *mut c_char) -> NvrtcResult,
    /// Absent before CUDA 11.1.
    get_cubin_size: Option<unsafe extern "C" fn(Program, *mut usize) -> NvrtcResult>,
    get_cubin: Option<unsafe extern "C" fn(Program, *mut c_char) -> NvrtcResult>,
    destroy_program: unsafe extern "C" fn(*mut Program) -> NvrtcResult,
    get_error_string: unsafe extern "C" fn(NvrtcResult) -> *const c_char,
    get_num_supported_archs: Option<unsafe extern "C" fn(*mut c_int) -> NvrtcResult>,
    get_supported_archs: Option<unsafe extern "C" fn(*mut c_int) -> NvrtcResult>,
}

/// Stack of the thread that runs an NVRTC compilation (see [`Nvrtc::compile`]): 64 MiB, many
/// times what the deepest kernels the macros accept need (a 1000-term sum: under 4 MiB).
pub const COMPILE_STACK: usize = 64 << 20;

/// A loaded NVRTC library.
pub struct Nvrtc {
    api: Api,
    path: PathBuf,
    version: (i32, i32),
    include_dir: Option<PathBuf>,
    // Kept loaded for the life of the process; `api` points into it.
    _lib: libloading::Library,
    _builtins: Option<libloading::Library>,
}

impl std::fmt::Debug for Nvrtc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nvrtc")
            .field("path", &self.path)
            .field("version", &self.version)
            .field("include_dir", &self.include_dir)
            .finish()
    }
}

/// What NVRTC produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryKind {
    /// PTX text (NUL-free), JIT-compiled by the driver at load.
    Ptx,
    /// A CUBIN for one `sm_XY`, loaded as is.
    Cubin,
}

/// The output of one compilation.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// PTX or CUBIN.
    pub kind: BinaryKind,
    /// The PTX text (without its NUL) or the CUBIN bytes.
    pub image: Vec<u8>,
    /// NVRTC's log (warnings); empty when the image came from a cache.
    pub log: String,
}

/// The NVRTC library of this process, loaded on first use.
pub fn nvrtc() -> Result<&'static Nvrtc> {
    static NVRTC: OnceLock<std::result::Result<Nvrtc, String>> = OnceLock::new();
    NVRTC
        .get_or_init(Nvrtc::find)
        .as_ref()
        .map_err(|reason| Error::CudaUnavailable {
            reason: reason.clone(),
        })
}

/// NVRTC's version `(major, minor)`, or [`Error::CudaUnavailable`].
pub fn nvrtc_version() -> Result<(i32, i32)> {
    nvrtc().map(|n| n.version)
}

/// Compiles CUDA C `src` with NVRTC. `name` names the program in diagnostics and in errors.
/// The output is a CUBIN when the options name a real architecture (`-arch=sm_90`), else PTX
/// (`-arch=compute_90`). A rejected source gives [`Error::Compile`] with NVRTC's log.
pub fn compile(src: &str, name: &str, options: &[String]) -> Result<Compiled> {
    let c = nvrtc()?.compile(src, name, options)?;
    super::cache::log_module(
        "nvrtc",
        super::cache::CacheKey::new(src, &[], "", (0, 0)),
        name,
    );
    Ok(c)
}

/// Whether `options` ask for a real architecture (`sm_XY`), hence a CUBIN.
pub fn wants_cubin(options: &[String]) -> bool {
    options.iter().any(|o| {
        let arch = o
            .strip_prefix("-arch=")
            .or_else(|| o.strip_prefix("--gpu-architecture="));
        arch.is_some_and(|a| a.starts_with("sm_"))
    })
}

impl Nvrtc {
    /// The library file loaded.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// NVRTC's version `(major, minor)`.
    pub fn version(&self) -> (i32, i32) {
        self.version
    }

    /// The folder holding `cuda_fp16.h` and `cuda_bf16.h`, when found.
    pub fn include_dir(&self) -> Option<&Path> {
        self.include_dir.as_deref()
    }

    /// The architectures this NVRTC can compile for (`[75, 80, 86, 89, 90, ...]`); empty when
    /// the library cannot tell (before CUDA 11.2).
    pub fn supported_archs(&self) -> Vec<i32> {
        let (Some(num), Some(get)) = (
            self.api.get_num_supported_archs,
            self.api.get_supported_archs,
        ) else {
            return Vec::new();
        };
        let mut n: c_int = 0;
        // SAFETY: `num` is nvrtcGetNumSupportedArchs, which writes one int through the pointer.
        if unsafe { num(&mut n) } != NVRTC_SUCCESS || n <= 0 {
            return Vec::new();
        }
        let mut archs = vec![0 as c_int; n as usize];
        // SAFETY: nvrtcGetSupportedArchs writes exactly `n` ints, the length allocated above.
        if unsafe { get(archs.as_mut_ptr()) } != NVRTC_SUCCESS {
            return Vec::new();
        }
        archs
    }

    fn error_string(&self, code: NvrtcResult) -> String {
        // SAFETY: nvrtcGetErrorString accepts any code and returns a static NUL-terminated
        // string (or null, checked).
        let p = unsafe { (self.api.get_error_string)(code) };
        if p.is_null() {
            return format!("NVRTC error {code}");
        }
        // SAFETY: `p` is a non-null static C string owned by NVRTC.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    /// See [`compile`]. NVRTC's front end recurses on the nesting of the source, on the
    /// calling thread's stack: a kernel that the macros accept at their nesting limit (a sum
    /// of 1600 terms) needs several MiB, more than a spawned thread has by default (2 MiB), and
    /// overflowing aborts the process. So the compilation runs on a thread of its own with
    /// [`COMPILE_STACK`] bytes of stack (address space: only the pages NVRTC touches are
    /// backed).
    pub fn compile(&self, src: &str, name: &str, options: &[String]) -> Result<Compiled> {
        let spawned = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("nvrtc".into())
                .stack_size(COMPILE_STACK)
                .spawn_scoped(scope, || self.compile_here(src, name, options))
                .map(|t| t.join())
        });
        match spawned {
            Ok(Ok(result)) => result,
            // NVRTC does not unwind; a panic here is the runtime's own, passed on as it was.
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // No thread to be had: compile here, as deep as this thread allows.
            Err(_) => self.compile_here(src, name, options),
        }
    }

    fn compile_here(&self, src: &str, name: &str, options: &[String]) -> Result<Compiled> {
        let fail = |log: String| Error::Compile {
            kernel: name.to_string(),
            options: options.to_vec(),
            log,
        };
        let c_src = CString::new(src).map_err(|_| fail("the source contains a NUL byte".into()))?;
        let c_name = CString::new(format!("{name}.cu"))
            .map_err(|_| fail("the kernel name contains a NUL byte".into()))?;
        let c_opts = options
            .iter()
            .map(|o| CString::new(o.as_str()))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|_| fail("an option contains a NUL byte".into()))?;
        let opt_ptrs: Vec<*const c_char> = c_opts.iter().map(|o| o.as_ptr()).collect();

        let mut prog: Program = std::ptr::null_mut();
        // SAFETY: the source and name are NUL-terminated strings alive for the call; no headers
        // are passed (count 0, null arrays), which nvrtcCreateProgram allows.
        let rc = unsafe {
            (self.api.create_program)(
                &mut prog,
                c_src.as_ptr(),
                c_name.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        if rc != NVRTC_SUCCESS {
            return Err(fail(format!(
                "nvrtcCreateProgram: {}",
                self.error_string(rc)
            )));
        }
        let prog = ProgramGuard { nvrtc: self, prog };
        // SAFETY: `prog` is a live program; `opt_ptrs` holds `len` pointers to NUL-terminated
        // strings kept alive by `c_opts` for the call.
        let rc = unsafe {
            (self.api.compile_program)(prog.prog, opt_ptrs.len() as c_int, opt_ptrs.as_ptr())
        };
        let log = prog.log();
        if rc != NVRTC_SUCCESS {
            let mut msg = format!("nvrtcCompileProgram: {}", self.error_string(rc));
            if !log.trim().is_empty() {
                msg.push('\n');
                msg.push_str(&log);
            }
            return Err(fail(msg));
        }
        let cubin = wants_cubin(options);
        let (kind, image) = match (cubin, self.api.get_cubin_size, self.api.get_cubin) {
            (true, Some(size), Some(get)) => (BinaryKind::Cubin, prog.output(size, get)),
            (true, _, _) => {
                return Err(fail(
                    "this NVRTC cannot produce a CUBIN (nvrtcGetCUBIN is missing); \
                     compile for compute_XY to get PTX"
                        .into(),
                ))
            }
            (false, _, _) => (
                BinaryKind::Ptx,
                prog.output(self.api.get_ptx_size, self.api.get_ptx),
            ),
        };
        let mut image =
            image.map_err(|rc| fail(format!("reading the output: {}", self.error_string(rc))))?;
        if kind == BinaryKind::Ptx {
            // NVRTC counts the terminating NUL in the PTX size.
            while image.last() == Some(&0) {
                image.pop();
            }
        }
        Ok(Compiled { kind, image, log })
    }

    fn find() -> std::result::Result<Nvrtc, String> {
        let mut searched: Vec<String> = Vec::new();
        for place in search_places() {
            let files = match &place {
                Place::File(f) => vec![f.clone()],
                Place::Dir(d) => library_files(d),
            };
            if files.is_empty() {
                searched.push(format!("{} (no libnvrtc.so*)", place.path().display()));
                continue;
            }
            for file in files {
                match Nvrtc::load(&file) {
                    Ok(n) => return Ok(n),
                    Err(e) => searched.push(format!("{} ({e})", file.display())),
                }
            }
        }
        Err(format!(
            "NVRTC not found (searched {}); install the CUDA toolkit, or `pip install \
             nvidia-cuda-nvrtc nvidia-cuda-runtime` and set KERNELS_CUDA_WHEELS to the folder, or \
             set KERNELS_NVRTC to the library",
            searched.join(", ")
        ))
    }

    fn load(path: &Path) -> std::result::Result<Nvrtc, String> {
        let builtins = preload_builtins(path);
        // SAFETY: loading NVRTC runs its initialisers, which have no preconditions; the path is
        // a file that was found under a CUDA installation folder.
        let lib = unsafe { open_library(path) }.map_err(|e| e.to_string())?;
        // SAFETY: each symbol is looked up by its `nvrtc.h` name and given that header's C
        // signature; the pointers stay valid because `lib` is stored beside them.
        let api = unsafe {
            Api {
                version: *lib.get(b"nvrtcVersion\0").map_err(|e| e.to_string())?,
                create_program: *lib
                    .get(b"nvrtcCreateProgram\0")
                    .map_err(|e| e.to_string())?,
                compile_program: *lib
                    .get(b"nvrtcCompileProgram\0")
                    .map_err(|e| e.to_string())?,
                get_program_log_size: *lib
                    .get(b"nvrtcGetProgramLogSize\0")
                    .map_err(|e| e.to_string())?,
                get_program_log: *lib
                    .get(b"nvrtcGetProgramLog\0")
                    .map_err(|e| e.to_string())?,
                get_ptx_size: *lib.get(b"nvrtcGetPTXSize\0").map_err(|e| e.to_string())?,
                get_ptx: *lib.get(b"nvrtcGetPTX\0").map_err(|e| e.to_string())?,
                get_cubin_size: lib.get(b"nvrtcGetCUBINSize\0").ok().map(|s| *s),
                get_cubin: lib.get(b"nvrtcGetCUBIN\0").ok().map(|s| *s),
                destroy_program: *lib
                    .get(b"nvrtcDestroyProgram\0")
                    .map_err(|e| e.to_string())?,
                get_error_string: *lib
                    .get(b"nvrtcGetErrorString\0")
                    .map_err(|e| e.to_string())?,
                get_num_supported_archs: lib.get(b"nvrtcGetNumSupportedArchs\0").ok().map(|s| *s),
                get_supported_archs: lib.get(b"nvrtcGetSupportedArchs\0").ok().map(|s| *s),
            }
        };
        let (mut major, mut minor) = (0, 0);
        // SAFETY: nvrtcVersion writes two ints through the pointers given.
        let rc = unsafe { (api.version)(&mut major, &mut minor) };
        if rc != NVRTC_SUCCESS {
            return Err(format!("nvrtcVersion failed with code {rc}"));
        }
        Ok(Nvrtc {
            api,
            path: path.to_path_buf(),
            version: (major, minor),
            include_dir: find_include_dir(path),
            _lib: lib,
            _builtins: builtins,
        })
    }
}

/// Destroys an NVRTC program when dropped.
struct ProgramGuard<'a> {
    nvrtc: &'a Nvrtc,
    prog: Program,
}

impl ProgramGuard<'_> {
    fn log(&self) -> String {
        let mut size = 0usize;
        // SAFETY: `prog` is live; the call writes one size_t.
        if unsafe { (self.nvrtc.api.get_program_log_size)(self.prog, &mut size) } != NVRTC_SUCCESS {
            return String::new();
        }
        let mut buf = vec![0u8; size.max(1)];
        // SAFETY: the buffer holds `size` bytes, the log's size including its NUL.
        if unsafe { (self.nvrtc.api.get_program_log)(self.prog, buf.as_mut_ptr().cast()) }
            != NVRTC_SUCCESS
        {
            return String::new();
        }
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        String::from_utf8_lossy(&buf[..end]).into_owned()
    }

    fn output(
        &self,
        size_fn: unsafe extern "C" fn(Program, *mut usize) -> NvrtcResult,
        get_fn: unsafe extern "C" fn(Program, *mut c_char) -> NvrtcResult,
    ) -> std::result::Result<Vec<u8>, NvrtcResult> {
        let mut size = 0usize;
        // SAFETY: `prog` is a live, compiled program; the call writes one size_t.
        let rc = unsafe { size_fn(self.prog, &mut size) };
        if rc != NVRTC_SUCCESS {
            return Err(rc);
        }
        let mut buf = vec![0u8; size];
        // SAFETY: the buffer holds exactly the `size` bytes NVRTC said it would write.
        let rc = unsafe { get_fn(self.prog, buf.as_mut_ptr().cast()) };
        if rc != NVRTC_SUCCESS {
            return Err(rc);
        }
        Ok(buf)
    }
}

impl Drop for ProgramGuard<'_> {
    fn drop(&mut self) {
        // SAFETY: `prog` was created by nvrtcCreateProgram and is destroyed only here.
        unsafe { (self.nvrtc.api.destroy_program)(&mut self.prog) };
    }
}

/// # Safety
/// Loading a library runs its initialisers; the caller names a trusted library.
unsafe fn open_library(path: &Path) -> std::result::Result<libloading::Library, libloading::Error> {
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

/// NVRTC loads `libnvrtc-builtins` by its bare name; a wheel's folder is not on the loader's
/// path, so the one beside `nvrtc` (same major version) is loaded first, by absolute path.
fn preload_builtins(nvrtc: &Path) -> Option<libloading::Library> {
    let dir = nvrtc.parent()?;
    let major = version_of(nvrtc.file_name()?.to_str()?, "libnvrtc.so")
        .first()
        .copied();
    let mut files: Vec<(Vec<u64>, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            name.starts_with("libnvrtc-builtins.so")
                .then(|| (version_of(&name, "libnvrtc-builtins.so"), e.path()))
        })
        .filter(|(v, _)| major.is_none() || v.first().copied() == major)
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0));
    files.into_iter().find_map(|(_, path)| {
        // SAFETY: the NVRTC builtins library of the installation being loaded; its
        // initialisers have no preconditions.
        unsafe { open_library(&path) }.ok()
    })
}

/// The numeric suffix of `libnvrtc.so.12.4.127` -> `[12, 4, 127]`; empty for the bare name.
fn version_of(file: &str, stem: &str) -> Vec<u64> {
    file.strip_prefix(stem)
        .unwrap_or("")
        .split('.')
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// The `libnvrtc.so*` files of a folder, newest version first.
fn library_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(Vec<u64>, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            name.starts_with("libnvrtc.so")
                .then(|| (version_of(&name, "libnvrtc.so"), e.path()))
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files.into_iter().map(|(_, p)| p).collect()
}

enum Place {
    File(PathBuf),
    Dir(PathBuf),
}

impl Place {
    fn path(&self) -> &Path {
        match self {
            Place::File(p) | Place::Dir(p) => p,
        }
    }
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn home() -> Option<PathBuf> {
    env_path("HOME")
}

/// The numbers in a name, for ordering versions: `python3.10` -> `[3, 10]`.
fn numbers_in(name: &str) -> Vec<u64> {
    name.split(|c: char| !c.is_ascii_digit())
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// Subfolders of `dir` whose names start with `prefix`, oldest version first.
fn subdirs(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(prefix))
        })
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    out.sort_by_key(|p| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        (numbers_in(name), name.to_string())
    });
    out
}

/// Every `site-packages` / `dist-packages` folder of the Pythons found under the usual
/// prefixes.
fn site_packages() -> Vec<PathBuf> {
    let mut libs: Vec<PathBuf> = Vec::new();
    if let Some(v) = env_path("VIRTUAL_ENV") {
        libs.push(v.join("lib"));
    }
    if let Some(c) = env_path("CONDA_PREFIX") {
        libs.push(c.join("lib"));
    }
    libs.push("/usr/local/lib".into());
    libs.push("/usr/lib".into());
    if let Some(h) = home() {
        libs.push(h.join(".local/lib"));
        let pyenv = env_path("PYENV_ROOT").unwrap_or_else(|| h.join(".pyenv"));
        for v in subdirs(&pyenv.join("versions"), "").into_iter().rev() {
            libs.push(v.join("lib"));
        }
    }
    let mut out = Vec::new();
    for lib in libs {
        for py in subdirs(&lib, "python3").into_iter().rev() {
            for sp in ["site-packages", "dist-packages"] {
                let p = py.join(sp);
                if p.is_dir() {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The NVRTC library folders of the NVIDIA wheels installed in `site` (a `site-packages` or a
/// `pip --target` folder): `nvidia/cu13/lib` (CUDA 13 wheels), `nvidia/cuda_nvrtc/lib` (CUDA 12).
fn wheel_lib_dirs(site: &Path) -> Vec<PathBuf> {
    let nvidia = site.join("nvidia");
    let mut out: Vec<PathBuf> = subdirs(&nvidia, "cu")
        .into_iter()
        .rev()
        .filter(|d| {
            d.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n[2..].chars().all(|c| c.is_ascii_digit()))
        })
        .map(|d| d.join("lib"))
        .collect();
    out.push(nvidia.join("cuda_nvrtc/lib"));
    out.into_iter().filter(|d| d.is_dir()).collect()
}

fn search_places() -> Vec<Place> {
    let mut places = Vec::new();
    if let Some(p) = env_path("KERNELS_NVRTC") {
        if p.is_dir() {
            places.push(Place::Dir(p));
        } else {
            places.push(Place::File(p));
        }
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(root) = env_path(var) {
            places.push(Place::Dir(root.join("lib64")));
            places.push(Place::Dir(root.join("lib")));
        }
    }
    places.push(Place::Dir("/usr/local/cuda/lib64".into()));
    let mut sites = Vec::new();
    if let Some(w) = env_path("KERNELS_CUDA_WHEELS") {
        sites.push(w);
    }
    sites.extend(site_packages());
    let mut wheel_dirs = Vec::new();
    for s in &sites {
        let dirs = wheel_lib_dirs(s);
        if dirs.is_empty() {
            wheel_dirs.push(s.join("nvidia"));
        }
        wheel_dirs.extend(dirs);
    }
    places.extend(wheel_dirs.into_iter().map(Place::Dir));
    places
}

fn has_half_headers(dir: &Path) -> bool {
    dir.join("cuda_fp16.h").is_file() && dir.join("cuda_bf16.h").is_file()
}

/// The folder of `cuda_fp16.h`/`cuda_bf16.h` that goes with the NVRTC library at `lib`.
fn find_include_dir(lib: &Path) -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(p) = env_path("KERNELS_CUDA_INCLUDE") {
        candidates.push(p);
    }
    if let Some(dir) = lib.parent() {
        // CUDA_HOME/lib64 -> CUDA_HOME/include; nvidia/cu13/lib -> nvidia/cu13/include.
        if let Some(root) = dir.parent() {
            candidates.push(root.join("include"));
            // nvidia/cuda_nvrtc/lib -> nvidia/cuda_runtime/include (CUDA 12 wheels).
            if let Some(nvidia) = root.parent() {
                candidates.push(nvidia.join("cuda_runtime/include"));
            }
        }
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(root) = env_path(var) {
            candidates.push(root.join("include"));
        }
    }
    candidates.push("/usr/local/cuda/include".into());
    candidates.into_iter().find(|d| has_half_headers(d))
}

/// The NVRTC options for a device of compute capability `arch`, and the architecture named.
///
/// `--fmad=false`: `a * b + c` is not contracted into a fused multiply-add, so results match
/// the CPU backend (Rust never contracts); kernels that want an FMA call `mul_add`.
///
/// A CUBIN for the device's own `sm_XY` loads on any driver that knows the device. When this
/// NVRTC does not know `sm_XY`, PTX for the newest `compute_XY` it knows below it (JIT-compiled
/// by the driver).
pub fn compile_options(arch: (i32, i32), half_headers: bool) -> Result<(Vec<String>, String)> {
    let nv = nvrtc()?;
    let want = arch.0 * 10 + arch.1;
    let supported = nv.supported_archs();
    let target = if supported.is_empty() || supported.contains(&want) {
        format!("sm_{want}")
    } else {
        let below = supported.iter().copied().filter(|&a| a <= want).max();
        let a = below.ok_or_else(|| Error::CudaUnavailable {
            reason: format!(
                "NVRTC {}.{} ({}) cannot compile for compute capability {}.{} (it supports {:?})",
                nv.version().0,
                nv.version().1,
                nv.path().display(),
                arch.0,
                arch.1,
                supported
            ),
        })?;
        format!("compute_{a}")
    };
    let mut options = vec![
        "--std=c++17".to_string(),
        format!("-arch={target}"),
        "--fmad=false".to_string(),
    ];
    if half_headers && let Some(dir) = nv.include_dir() {
        options.push(format!("-I{}", dir.display()));
    }
    Ok((options, target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_sort_newest_first() {
        assert_eq!(
            version_of("libnvrtc.so.12.4.127", "libnvrtc.so"),
            vec![12, 4, 127]
        );
        assert!(version_of("libnvrtc.so", "libnvrtc.so").is_empty());
        let dir = std::env::temp_dir().join(format!("kx-nvrtc-sort-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in [
            "libnvrtc.so",
            "libnvrtc.so.12",
            "libnvrtc.so.13",
            "libnvrtc-builtins.so.13.0",
            "libnvrtc.alt.so.13",
        ] {
            std::fs::write(dir.join(f), b"").unwrap();
        }
        let names: Vec<String> = library_files(&dir)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn cubin_is_asked_by_a_real_arch() {
        assert!(wants_cubin(&["-arch=sm_90".into()]));
        assert!(!wants_cubin(&["-arch=compute_90".into()]));
        assert!(wants_cubin(&["--gpu-architecture=sm_80".into()]));
    }
}
