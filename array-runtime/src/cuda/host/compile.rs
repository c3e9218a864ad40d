//! Modules to shared objects: the module's text, byte for byte what NVRTC gets, compiled by
//! g++ with `kxh_cuda.h` included first, and followed by what the host target adds (a
//! trampoline per `extern "C" __global__` entry point, the launch bounds, the storage of
//! `extern __shared__` arrays). Each distinct module is compiled once: the shared object is
//! kept on disk under its key, a hash of the source, the options, the compiler's version,
//! the flags and the headers (as the NVRTC cache keys images), and in-flight compilations of
//! one key are waited for, not repeated.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::cuda::cache::{CacheKey, DiskCache};
use crate::cuda::codegen::PRELUDE;
use crate::error::{Error, Result};

/// The host header: the CUDA subset, the checker.
pub(crate) const KXH_CUDA_H: &str = include_str!("include/kxh_cuda.h");
/// The fp16/bf16 types.
pub(crate) const CUDA_FP16_H: &str = include_str!("include/cuda_fp16.h");
const CUDA_BF16_H: &str = include_str!("include/cuda_bf16.h");

/// The headers precompiled (`.gch`) for modules that carry the runtime's prelude: the host
/// header and the prelude, without and with fp16/bf16. The prelude inside such a module is
/// then skipped by its include guard: the same text, compiled once per process and cache.
const PCH_HEADERS: [&str; 2] = ["kxh_pch.h", "kxh_pch_half.h"];
const PCH_PLAIN: &str = "#include \"kxh_cuda.h\"\n#include \"prelude.cuh\"\n";
const PCH_HALF: &str = "#include \"kxh_cuda.h\"\n#define KX_HALF 1\n#include <cuda_fp16.h>\n\
                        #include <cuda_bf16.h>\n#include \"prelude.cuh\"\n";

/// Bytes of each `extern __shared__` array: the opt-in maximum of shared memory per block.
pub(crate) const DYN_CAPACITY: usize = 227 * 1024;

/// What the checker looks at (`KERNELS_CUDA_HOST_CHECK`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// Device memory outside the launch's buffers (and their bytes).
    pub memory: bool,
    /// Shared-memory races between barriers.
    pub races: bool,
    /// Undefined behaviour (UBSan).
    pub ub: bool,
    /// Shared memory read before the block wrote it (off by default: a struct copy may read
    /// padding no one wrote).
    pub uninit: bool,
}

impl Checks {
    /// Nothing checked (the modules are built without instrumentation).
    pub const NONE: Checks = Checks {
        memory: false,
        races: false,
        ub: false,
        uninit: false,
    };

    /// From `KERNELS_CUDA_HOST_CHECK` (see [`Checks::parse`]).
    pub fn from_env() -> Result<Checks> {
        Self::parse(&std::env::var("KERNELS_CUDA_HOST_CHECK").unwrap_or_default())
    }

    /// Empty or `all` (memory, races, ub), `none`, or a comma list of `memory`, `races`,
    /// `ub`, `uninit`.
    ///
    /// ```
    /// use array_runtime::cuda::host::Checks;
    /// assert!(Checks::parse("").unwrap().races);
    /// let c = Checks::parse("memory,uninit").unwrap();
    /// assert!(c.memory && c.uninit && !c.races && !c.ub);
    /// assert!(Checks::parse("none").unwrap() == Checks::parse("").map(|_| Checks::NONE).unwrap());
    /// assert!(Checks::parse("speed").is_err());
    /// ```
    pub fn parse(v: &str) -> Result<Checks> {
        let v = v.trim();
        let all = Checks {
            memory: true,
            races: true,
            ub: true,
            uninit: false,
        };
        if v.is_empty() || v == "all" {
            return Ok(all);
        }
        let mut c = Checks::NONE;
        if v == "none" {
            return Ok(c);
        }
        for part in v.split(',').map(str::trim) {
            match part {
                "all" => {
                    c = Checks {
                        uninit: c.uninit,
                        ..all
                    }
                }
                "memory" => c.memory = true,
                "races" => c.races = true,
                "ub" => c.ub = true,
                "uninit" => c.uninit = true,
                other => {
                    return Err(Error::invalid(format!(
                        "KERNELS_CUDA_HOST_CHECK: unknown check `{other}` (expected all, none, \
                         memory, races, ub, uninit)"
                    )))
                }
            }
        }
        Ok(c)
    }

    /// Whether the module needs the instrumentation.
    pub(crate) fn instrumented(&self) -> bool {
        self.memory || self.races || self.ub || self.uninit
    }
}

/// One compile of a module, shared by the threads that ask for it at once: the shared
/// object's path, or g++'s message.
type InFlight = OnceLock<std::result::Result<PathBuf, String>>;

/// The compiler and everything that goes into a module's key besides its source.
#[derive(Debug)]
pub(crate) struct Compiler {
    cxx: String,
    version: String,
    flags: Vec<String>,
    include: PathBuf,
    dir: PathBuf,
    pub(crate) checks: Checks,
    /// Whether the precompiled header of each prelude variant (plain, fp16/bf16) is usable.
    pch: [OnceLock<bool>; 2],
    inflight: Mutex<HashMap<CacheKey, Arc<InFlight>>>,
    pub(crate) compiles: AtomicUsize,
    pub(crate) disk_hits: AtomicUsize,
}

fn fnv64(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for p in parts {
        for b in (p.len() as u64).to_le_bytes().iter().chain(p.as_bytes()) {
            h = (h ^ *b as u64).wrapping_mul(0x100000001b3);
        }
    }
    h
}

/// Writes `text` to `path` unless it is there already (through a temporary file and a
/// rename, so that a reader never sees half of it).
fn write_once(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

impl Compiler {
    /// The compiler of this process (found and checked once).
    pub(crate) fn get() -> Result<&'static Compiler> {
        static C: OnceLock<std::result::Result<Compiler, String>> = OnceLock::new();
        C.get_or_init(|| Compiler::new().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|reason| Error::CudaUnavailable {
                reason: reason.clone(),
            })
    }

    fn new() -> Result<Compiler> {
        let cxx = std::env::var("KERNELS_CUDA_HOST_CXX").unwrap_or_else(|_| "g++".into());
        let unavailable = |why: String| Error::CudaUnavailable {
            reason: format!("the CUDA host target needs a C++ compiler: {why}"),
        };
        let out = Command::new(&cxx).arg("--version").output().map_err(|e| {
            unavailable(format!(
                "`{cxx} --version` failed: {e} (set KERNELS_CUDA_HOST_CXX)"
            ))
        })?;
        if !out.status.success() {
            return Err(unavailable(format!("`{cxx} --version` failed")));
        }
        let version = String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        let checks = Checks::from_env()?;
        let opt = std::env::var("KERNELS_CUDA_HOST_OPT").unwrap_or_else(|_| "-O0".into());
        let headers = fnv64(&[KXH_CUDA_H, CUDA_FP16_H, CUDA_BF16_H, PRELUDE]);
        let dir = match DiskCache::default_dir() {
            Some(d) => d.join("host"),
            None => std::env::temp_dir().join(format!("kernels-host-{}", std::process::id())),
        };
        let mut flags: Vec<String> = [
            "-std=c++17",
            opt.as_str(),
            "-fPIC",
            "-w",
            // Rust never contracts `a * b + c`, nor does NVRTC with --fmad=false.
            "-ffp-contract=off",
            "-fno-strict-aliasing",
            // Every module defines `kxr_block_reduce` with its own accumulator type, and the
            // static shared memory inside it: nothing may be shared between two modules, as
            // the dynamic linker shares default-visibility and STB_GNU_UNIQUE symbols (static
            // locals of inline functions) across libraries even when loaded RTLD_LOCAL.
            "-fvisibility=hidden",
            "-fno-gnu-unique",
            // CUDA C has no exceptions, and the modules are linked without the C++ runtime;
            // the unwind tables stay, so that a Rust panic (a `__trap()`, a failed block's
            // fibers) unwinds through the module's frames.
            "-fno-exceptions",
            "-fasynchronous-unwind-tables",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        if checks.instrumented() {
            // The kernel-address form of AddressSanitizer calls out for every access
            // (`__asan_load4_noabort`), and kxh_cuda.h is that runtime: no libasan in the
            // process, reports as the launch's error. UBSan's handlers are kxh_cuda.h's too.
            let mut san = String::from("-fsanitize=kernel-address");
            if checks.ub {
                san.push_str(",undefined");
            }
            flags.extend(
                [
                    san.as_str(),
                    "-fno-sanitize=vptr",
                    "--param",
                    "asan-instrumentation-with-call-threshold=0",
                    "--param",
                    "asan-stack=0",
                    "--param",
                    "asan-globals=0",
                ]
                .iter()
                .map(|s| s.to_string()),
            );
        }
        // The headers, and the precompiled ones, in a folder of their own for these headers
        // and these flags (a `.gch` is only valid for the options it was made with).
        let mut parts: Vec<&str> = flags.iter().map(String::as_str).collect();
        parts.push(&version);
        let include = dir.join(format!(
            "include-{headers:016x}-{:08x}",
            fnv64(&parts) as u32
        ));
        std::fs::create_dir_all(&include)
            .map_err(|e| unavailable(format!("cannot create {}: {e}", include.display())))?;
        for (name, text) in [
            ("kxh_cuda.h", KXH_CUDA_H),
            ("cuda_fp16.h", CUDA_FP16_H),
            ("cuda_bf16.h", CUDA_BF16_H),
            ("prelude.cuh", PRELUDE),
            (PCH_HEADERS[0], PCH_PLAIN),
            (PCH_HEADERS[1], PCH_HALF),
        ] {
            write_once(&include.join(name), text).map_err(|e| {
                unavailable(format!(
                    "cannot write {}: {e}",
                    include.join(name).display()
                ))
            })?;
        }
        flags.push(format!("-I{}", include.display()));
        Ok(Compiler {
            cxx,
            version,
            flags,
            include,
            dir,
            checks,
            pch: [OnceLock::new(), OnceLock::new()],
            inflight: Mutex::new(HashMap::new()),
            compiles: AtomicUsize::new(0),
            disk_hits: AtomicUsize::new(0),
        })
    }

    /// The folder of the header files.
    pub(crate) fn include_dir(&self) -> &Path {
        &self.include
    }

    /// The key of `source` compiled with the user's `options`.
    pub(crate) fn key(&self, source: &str, options: &[String]) -> CacheKey {
        let mut all: Vec<String> = vec![self.cxx.clone(), self.version.clone()];
        all.extend(self.flags.iter().cloned());
        all.push(format!(
            "{:016x}",
            fnv64(&[KXH_CUDA_H, CUDA_FP16_H, CUDA_BF16_H])
        ));
        all.extend(options.iter().cloned());
        CacheKey::new(source, &all, "host", (0, 0))
    }

    /// The shared object of `source` (compiled now, or found on disk).
    pub(crate) fn shared_object(
        &self,
        key: CacheKey,
        source: &str,
        program: &str,
        options: &[String],
    ) -> Result<PathBuf> {
        let slot = {
            let mut map = self
                .inflight
                .lock()
                .map_err(|_| Error::invalid("host compiler poisoned"))?;
            map.entry(key).or_default().clone()
        };
        slot.get_or_init(|| {
            self.build(key, source, program, options)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(|log| Error::Compile {
            kernel: program.to_string(),
            options: self.flags.clone(),
            log,
        })
    }

    /// The header to include first: a precompiled one when the module carries the prelude
    /// (and the precompiled header could be built), else the host header alone.
    fn header_for(&self, source: &str) -> &'static str {
        if !source.contains("#ifndef KX_PRELUDE_CUH") {
            return "kxh_cuda.h";
        }
        let v = usize::from(source.contains("#define KX_HALF 1"));
        if *self.pch[v].get_or_init(|| self.build_pch(PCH_HEADERS[v])) {
            PCH_HEADERS[v]
        } else {
            "kxh_cuda.h"
        }
    }

    /// Builds `<include>/<header>.gch` unless it is there; whether it can be used. (g++ also
    /// checks that a `.gch` was made with the same options, and reads the header otherwise.)
    fn build_pch(&self, header: &str) -> bool {
        let h = self.include.join(header);
        let gch = self.include.join(format!("{header}.gch"));
        if gch.is_file() {
            return true;
        }
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let tmp = self.include.join(format!(
            ".{header}.{}.{}.gch",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let ok = Command::new(&self.cxx)
            .args(&self.flags)
            .args(["-x", "c++-header"])
            .arg(&h)
            .arg("-o")
            .arg(&tmp)
            .output()
            .is_ok_and(|o| o.status.success());
        ok && std::fs::rename(&tmp, &gch).is_ok()
    }

    fn build(
        &self,
        key: CacheKey,
        source: &str,
        program: &str,
        options: &[String],
    ) -> std::result::Result<PathBuf, String> {
        let so = self.dir.join(format!("{}.so", key.hex()));
        if so.is_file() {
            self.disk_hits.fetch_add(1, Ordering::Relaxed);
            return Ok(so);
        }
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let cu = self.dir.join(format!("{}.cu", key.hex()));
        write_once(&cu, source).map_err(|e| format!("cannot write {}: {e}", cu.display()))?;
        let tu = self.dir.join(format!("{}.host.cpp", key.hex()));
        write_once(&tu, &translation_unit(&cu, source))
            .map_err(|e| format!("cannot write {}: {e}", tu.display()))?;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let tmp = self.dir.join(format!(
            ".{}.{}.{}.so",
            key.hex(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let mut cmd = Command::new(&self.cxx);
        cmd.args(&self.flags);
        cmd.arg("-include")
            .arg(self.include.join(self.header_for(source)));
        // Only what the module uses of libc and libm is linked (the process has both); the
        // C++ runtime and the sanitizers' own libraries are not needed: kxh_cuda.h is the
        // sanitizers' runtime.
        cmd.args(["-shared", "-nostdlib", "-Wl,-Bsymbolic,--as-needed"]);
        for o in options {
            // NVRTC's -D and -I mean the same to g++; the rest (arch, fmad, std) do not apply.
            if o.starts_with("-D") || o.starts_with("-I") {
                cmd.arg(o);
            } else if let Some(v) = o.strip_prefix("--define-macro=") {
                cmd.arg(format!("-D{v}"));
            } else if let Some(v) = o.strip_prefix("--include-path=") {
                cmd.arg(format!("-I{v}"));
            }
        }
        cmd.arg(&tu)
            .args(["-lm", "-lc", "-lgcc"])
            .arg("-o")
            .arg(&tmp);
        let out = cmd
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.cxx))?;
        if !out.status.success() {
            let _ = std::fs::remove_file(&tmp);
            return Err(format!(
                "{} failed on `{program}` ({}):\n{}",
                self.cxx,
                cu.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        std::fs::rename(&tmp, &so).map_err(|e| format!("cannot store {}: {e}", so.display()))?;
        self.compiles.fetch_add(1, Ordering::Relaxed);
        Ok(so)
    }
}

/// One `extern "C" __global__` entry point found in a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EntryDecl {
    pub name: String,
    /// The first argument of its `__launch_bounds__`, as written.
    pub bounds: Option<String>,
}

/// One `extern __shared__` array: its declared type (attributes included) and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DynArray {
    pub ty: String,
    pub name: String,
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `s` without comments, string contents kept.
fn strip_comments(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if b[i] == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str(&s[start..i.min(s.len())]);
        } else {
            let ch = s[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The text inside the parentheses that open at `open` (an index of `(`), and the index
/// after the closing one.
fn balanced(s: &str, open: usize) -> Option<(&str, usize)> {
    let mut depth = 0usize;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&s[open + 1..open + i], open + i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// The `extern "C" __global__` entry points of a module, in order.
pub(crate) fn entry_points(source: &str) -> Vec<EntryDecl> {
    let s = strip_comments(source);
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(p) = s[at..].find("__global__") {
        let start = at + p;
        at = start + "__global__".len();
        let before = s[..start].trim_end();
        if !before.ends_with("extern \"C\"") || !s[at..].starts_with(|c: char| !is_ident(c)) {
            continue;
        }
        // void [__launch_bounds__(...)] name(
        let mut rest = s[at..].trim_start();
        let Some(r) = rest.strip_prefix("void") else {
            continue;
        };
        rest = r.trim_start();
        let mut bounds = None;
        if let Some(r) = rest.strip_prefix("__launch_bounds__") {
            let r = r.trim_start();
            let open = s.len() - r.len();
            let Some((args, after)) = balanced(&s, open) else {
                continue;
            };
            bounds = args.split(',').next().map(|a| a.trim().to_string());
            rest = s[after..].trim_start();
        }
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with('(') {
            out.push(EntryDecl { name, bounds });
        }
    }
    out.dedup_by(|a, b| a.name == b.name);
    out
}

/// The `extern __shared__` arrays of a module, each name once.
pub(crate) fn dyn_arrays(source: &str) -> Vec<DynArray> {
    let s = strip_comments(source);
    let mut out: Vec<DynArray> = Vec::new();
    let mut at = 0;
    while let Some(p) = s[at..].find("extern") {
        let start = at + p;
        at = start + "extern".len();
        if start > 0 && s[..start].ends_with(is_ident) {
            continue;
        }
        let rest = s[at..].trim_start();
        let Some(decl) = rest.strip_prefix("__shared__") else {
            continue;
        };
        let Some(end) = decl.find(';') else { continue };
        let decl = decl[..end].trim();
        let Some(decl) = decl.strip_suffix("[]").map(str::trim_end) else {
            continue;
        };
        let name_len = decl.chars().rev().take_while(|&c| is_ident(c)).count();
        let (ty, name) = decl.split_at(decl.len() - name_len);
        if name.is_empty() || ty.trim().is_empty() {
            continue;
        }
        if !out.iter().any(|d| d.name == name) {
            out.push(DynArray {
                ty: ty.trim().to_string(),
                name: name.to_string(),
            });
        }
    }
    out
}

/// Whether a module calls barriers or warp collectives (its threads then run as fibers).
pub(crate) fn uses_collectives(source: &str) -> bool {
    [
        "__syncthreads",
        "__syncwarp",
        "__shfl",
        "_sync(",
        "__activemask",
    ]
    .iter()
    .any(|t| source.contains(t))
}

/// A declared type without its `__align__(...)`: what `sizeof` takes.
fn without_align(ty: &str) -> String {
    let mut out = ty.to_string();
    while let Some(p) = out.find("__align__") {
        let open = match out[p..].find('(') {
            Some(o) => p + o,
            None => break,
        };
        let end = balanced(&out, open).map_or(out.len(), |(_, e)| e);
        out.replace_range(p..end, "");
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The translation unit g++ compiles: the module (included, so that its own lines are what
/// errors and findings cite), then the trampolines.
fn translation_unit(cu: &Path, source: &str) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "#include \"{}\"", cu.display());
    t.push_str(
        "\n// ---- added by the host target (array-runtime/src/cuda/host/compile.rs) ----\n\
         namespace kxh {\n\
         template <class T> struct bare { typedef T type; };\n\
         template <class T> struct bare<const T> { typedef T type; };\n\
         template <class T> struct bare<volatile T> { typedef T type; };\n\
         template <class T> struct bare<const volatile T> { typedef T type; };\n\
         template <class T> KXH_NOSAN_INLINE T arg(void* p) { T v; memcpy((void*)&v, p, sizeof(T)); return v; }\n\
         template <unsigned long... I> struct seq {};\n\
         template <unsigned long N, unsigned long... I> struct make_seq : make_seq<N - 1, N - 1, I...> {};\n\
         template <unsigned long... I> struct make_seq<0, I...> { typedef seq<I...> type; };\n\
         template <class... P, unsigned long... I>\n\
         KXH_NOSAN_INLINE void invoke_(void (*f)(P...), void** a, seq<I...>) { f(arg<typename bare<P>::type>(a[I])...); }\n\
         template <class... P>\n\
         KXH_NOSAN_INLINE void invoke(void (*f)(P...), void** a) { invoke_(f, a, typename make_seq<sizeof...(P)>::type()); }\n\
         }  // namespace kxh\n",
    );
    t.push_str("extern \"C\" {\n");
    for e in entry_points(source) {
        let _ = writeln!(
            t,
            "__attribute__((visibility(\"default\"))) KXH_NOSAN void kxh_t_{n}(void** a) {{ kxh::invoke(&{n}, a); }}",
            n = e.name
        );
        let _ = writeln!(
            t,
            "__attribute__((visibility(\"default\"))) extern const unsigned int kxh_b_{n} = (unsigned int)({b});",
            n = e.name,
            b = e.bounds.as_deref().unwrap_or("0")
        );
    }
    t.push_str("}\n");
    let dyn_arrays = dyn_arrays(source);
    for d in &dyn_arrays {
        let _ = writeln!(
            t,
            "__attribute__((aligned(16))) thread_local {} {}[{DYN_CAPACITY} / sizeof({})];",
            d.ty,
            d.name,
            without_align(&d.ty)
        );
    }
    let _ = writeln!(
        t,
        "extern \"C\" __attribute__((visibility(\"default\"))) int kxh_dyn_count() {{ return {}; }}",
        dyn_arrays.len()
    );
    t.push_str(
        "extern \"C\" __attribute__((visibility(\"default\"))) void* kxh_dyn_addr(int i) {\n    switch (i) {\n",
    );
    for (i, d) in dyn_arrays.iter().enumerate() {
        let _ = writeln!(t, "    case {i}: return (void*){};", d.name);
    }
    t.push_str("    }\n    return 0;\n}\n");
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_entry_points_and_bounds() {
        let src = r#"
// extern "C" __global__ void commented(int x) {}
extern "C" __global__ void __launch_bounds__(KXR_BLOCK) kxr_sum_block(
    const float* in0) {}
extern "C" __global__ void scale(float* x, float a) { const char* s = "__global__"; }
__global__ void not_c(int) {}
template <class T> __global__ void templ(T) {}
"#;
        let e = entry_points(src);
        assert_eq!(
            e,
            vec![
                EntryDecl {
                    name: "kxr_sum_block".into(),
                    bounds: Some("KXR_BLOCK".into())
                },
                EntryDecl {
                    name: "scale".into(),
                    bounds: None
                }
            ]
        );
    }

    #[test]
    fn finds_extern_shared_arrays() {
        let src = "void f() { extern __shared__ __align__(16) unsigned char kxr_dyn_smem[]; }\n\
                   void g() { extern __shared__ int buf[]; extern __shared__ int buf[]; }\n\
                   extern int other[];";
        assert_eq!(
            dyn_arrays(src),
            vec![
                DynArray {
                    ty: "__align__(16) unsigned char".into(),
                    name: "kxr_dyn_smem".into()
                },
                DynArray {
                    ty: "int".into(),
                    name: "buf".into()
                }
            ]
        );
    }

    #[test]
    fn sizeof_types_drop_alignment() {
        assert_eq!(
            without_align("__align__(16) unsigned char"),
            "unsigned char"
        );
        assert_eq!(without_align("int"), "int");
    }
}
