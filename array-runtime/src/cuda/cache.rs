//! Compiled kernels, cached at three levels:
//!
//! 1. images (PTX or CUBIN) in memory, per process: [`ImageCache`];
//! 2. images on disk, across processes: [`DiskCache`], one file per key in `KERNELS_CACHE_DIR`,
//!    else `$XDG_CACHE_HOME/kernels`, else `~/.cache/kernels` (`KERNELS_CACHE_DIR=` set empty
//!    turns the disk cache off);
//! 3. modules loaded on a device: [`ModuleCache`], owned by each device (the host target keeps
//!    its own compiled shared objects, see [`host`](super::host)).
//!
//! The first two need no GPU (they hold bytes), so they are tested on any machine.
//!
//! The key of an image is a 128-bit FNV-1a hash of the source, the options, the architecture
//! and NVRTC's version. A disk entry starts with a header that repeats its key, the kind and
//! length of its image and a checksum of the image; an entry whose header does not match
//! (truncated, corrupt, another format) is ignored and overwritten by a fresh compilation.
//! Entries are written to a temporary file in the same folder and renamed into place, so a
//! reader never sees half an entry.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::driver::CudaContext;

use super::driver::Module;

use super::nvrtc::{self, BinaryKind, Compiled};
use crate::error::{Error, Result};

/// FNV-1a, 128 bits.
fn fnv1a_128(state: u128, bytes: &[u8]) -> u128 {
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    bytes
        .iter()
        .fold(state, |h, &b| (h ^ b as u128).wrapping_mul(PRIME))
}
const FNV128_OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;

/// FNV-1a, 64 bits (the checksum of a disk entry's image).
fn fnv1a_64(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x100000001b3;
    bytes.iter().fold(0xcbf29ce484222325, |h, &b| {
        (h ^ b as u64).wrapping_mul(PRIME)
    })
}

/// The identity of a compiled image: a hash of everything the image depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CacheKey(pub u128);

impl CacheKey {
    /// The key of `source` compiled with `options` for `arch` (`sm_90`, `compute_90`) by NVRTC
    /// `nvrtc_version`.
    ///
    /// ```
    /// use array_runtime::cuda::cache::CacheKey;
    /// let a = CacheKey::new("src", &["-arch=sm_90".into()], "sm_90", (13, 0));
    /// let b = CacheKey::new("src", &["-arch=sm_90".into()], "sm_90", (12, 4));
    /// assert_ne!(a, b);
    /// ```
    pub fn new(source: &str, options: &[String], arch: &str, nvrtc_version: (i32, i32)) -> Self {
        // Every field is length-prefixed so that no two different inputs concatenate alike.
        let mut h = FNV128_OFFSET;
        let mut field = |bytes: &[u8]| {
            h = fnv1a_128(h, &(bytes.len() as u64).to_le_bytes());
            h = fnv1a_128(h, bytes);
        };
        field(b"kernels-image-v1");
        field(source.as_bytes());
        field(&(options.len() as u64).to_le_bytes());
        for o in options {
            field(o.as_bytes());
        }
        field(arch.as_bytes());
        field(&nvrtc_version.0.to_le_bytes());
        field(&nvrtc_version.1.to_le_bytes());
        CacheKey(h)
    }

    /// The key as 32 hexadecimal digits (the disk entry's file name).
    pub fn hex(&self) -> String {
        format!("{:032x}", self.0)
    }
}

const MAGIC: &[u8; 8] = b"KXKCACHE";
const FORMAT: u32 = 1;
const HEADER_LEN: usize = 8 + 4 + 4 + 16 + 8 + 8;

/// Compiled images on disk, one file per key.
#[derive(Clone, Debug)]
pub struct DiskCache {
    dir: PathBuf,
}

impl DiskCache {
    /// A cache in `dir` (created when first written).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        DiskCache { dir: dir.into() }
    }

    /// The folder from the environment: `KERNELS_CACHE_DIR`, else `$XDG_CACHE_HOME/kernels`,
    /// else `~/.cache/kernels`; `None` when `KERNELS_CACHE_DIR` is set empty (cache off) or
    /// no home is known.
    pub fn default_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("KERNELS_CACHE_DIR") {
            return (!dir.is_empty()).then(|| PathBuf::from(dir));
        }
        if let Some(xdg) = std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
            return Some(PathBuf::from(xdg).join("kernels"));
        }
        std::env::var_os("HOME")
            .filter(|v| !v.is_empty())
            .map(|h| PathBuf::from(h).join(".cache").join("kernels"))
    }

    /// The folder of this cache.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `key`.
    pub fn path(&self, key: CacheKey) -> PathBuf {
        self.dir.join(format!("{}.kxbin", key.hex()))
    }

    /// The image stored for `key`, or `None` when there is none or it fails any check (magic,
    /// format, key, length, checksum).
    pub fn load(&self, key: CacheKey) -> Option<(BinaryKind, Vec<u8>)> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        decode(key, &bytes)
    }

    /// Stores `image` for `key`: written to a temporary file beside the entry, then renamed
    /// over it.
    pub fn store(&self, key: CacheKey, kind: BinaryKind, image: &[u8]) -> std::io::Result<()> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        std::fs::create_dir_all(&self.dir)?;
        let tmp = self.dir.join(format!(
            ".{}.{}.{}.tmp",
            key.hex(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(&encode(key, kind, image))?;
            f.flush()?;
            drop(f);
            std::fs::rename(&tmp, self.path(key))
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

fn encode(key: CacheKey, kind: BinaryKind, image: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + image.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    let kind_tag: u32 = match kind {
        BinaryKind::Ptx => 0,
        BinaryKind::Cubin => 1,
    };
    out.extend_from_slice(&kind_tag.to_le_bytes());
    out.extend_from_slice(&key.0.to_le_bytes());
    out.extend_from_slice(&(image.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a_64(image).to_le_bytes());
    out.extend_from_slice(image);
    out
}

fn decode(key: CacheKey, bytes: &[u8]) -> Option<(BinaryKind, Vec<u8>)> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return None;
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
    if u32_at(8) != FORMAT {
        return None;
    }
    let kind = match u32_at(12) {
        0 => BinaryKind::Ptx,
        1 => BinaryKind::Cubin,
        _ => return None,
    };
    if u128::from_le_bytes(bytes[16..32].try_into().unwrap()) != key.0 {
        return None;
    }
    let len = u64_at(32);
    let image = &bytes[HEADER_LEN..];
    if image.len() as u64 != len || fnv1a_64(image) != u64_at(40) {
        return None;
    }
    Some((kind, image.to_vec()))
}

/// Counters of an [`ImageCache`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Images found in memory.
    pub memory_hits: usize,
    /// Images read from disk.
    pub disk_hits: usize,
    /// Images compiled.
    pub compiles: usize,
    /// Disk entries present but rejected by a check (then recompiled).
    pub rejected: usize,
}

/// Compiled images in memory, backed by an optional [`DiskCache`].
#[derive(Debug)]
pub struct ImageCache {
    memory: Mutex<HashMap<CacheKey, Arc<Compiled>>>,
    disk: Option<DiskCache>,
    memory_hits: AtomicUsize,
    disk_hits: AtomicUsize,
    compiles: AtomicUsize,
    rejected: AtomicUsize,
}

impl ImageCache {
    /// An empty cache over `disk`.
    pub fn new(disk: Option<DiskCache>) -> Self {
        ImageCache {
            memory: Mutex::new(HashMap::new()),
            disk,
            memory_hits: AtomicUsize::new(0),
            disk_hits: AtomicUsize::new(0),
            compiles: AtomicUsize::new(0),
            rejected: AtomicUsize::new(0),
        }
    }

    /// The cache of this process, over the disk folder of [`DiskCache::default_dir`].
    pub fn global() -> &'static ImageCache {
        static GLOBAL: OnceLock<ImageCache> = OnceLock::new();
        GLOBAL.get_or_init(|| ImageCache::new(DiskCache::default_dir().map(DiskCache::new)))
    }

    /// The disk level, if any.
    pub fn disk(&self) -> Option<&DiskCache> {
        self.disk.as_ref()
    }

    /// The counters so far.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            memory_hits: self.memory_hits.load(Ordering::Relaxed),
            disk_hits: self.disk_hits.load(Ordering::Relaxed),
            compiles: self.compiles.load(Ordering::Relaxed),
            rejected: self.rejected.load(Ordering::Relaxed),
        }
    }

    /// The image of `key`: from memory, else from disk, else from `compile` (then stored in
    /// both). A failed disk write is not an error: the cache is only an optimisation.
    pub fn get_or_compile(
        &self,
        key: CacheKey,
        compile: impl FnOnce() -> Result<Compiled>,
    ) -> Result<Arc<Compiled>> {
        if let Some(c) = self.lock()?.get(&key) {
            self.memory_hits.fetch_add(1, Ordering::Relaxed);
            return Ok(c.clone());
        }
        let from_disk = self.disk.as_ref().and_then(|d| {
            let found = d.load(key);
            if found.is_none() && d.path(key).exists() {
                self.rejected.fetch_add(1, Ordering::Relaxed);
            }
            found
        });
        let compiled = match from_disk {
            Some((kind, image)) => {
                self.disk_hits.fetch_add(1, Ordering::Relaxed);
                Compiled {
                    kind,
                    image,
                    log: String::new(),
                }
            }
            None => {
                let c = compile()?;
                self.compiles.fetch_add(1, Ordering::Relaxed);
                if let Some(d) = &self.disk {
                    let _ = d.store(key, c.kind, &c.image);
                }
                c
            }
        };
        let compiled = Arc::new(compiled);
        Ok(self
            .lock()?
            .entry(key)
            .or_insert_with(|| compiled.clone())
            .clone())
    }

    /// Compiles `source` with NVRTC through the cache. `arch` (`sm_90`) is part of the key; the
    /// options must name it too.
    pub fn compile(
        &self,
        source: &str,
        name: &str,
        options: &[String],
        arch: &str,
    ) -> Result<(CacheKey, Arc<Compiled>)> {
        let version = nvrtc::nvrtc_version()?;
        let key = CacheKey::new(source, options, arch, version);
        let c = self.get_or_compile(key, || nvrtc::compile(source, name, options))?;
        Ok((key, c))
    }

    /// Forgets every image held in memory (the disk level is kept).
    pub fn clear_memory(&self) {
        if let Ok(mut m) = self.memory.lock() {
            m.clear();
        }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, HashMap<CacheKey, Arc<Compiled>>>> {
        self.memory
            .lock()
            .map_err(|_| Error::invalid("kernel image cache poisoned"))
    }
}

/// Appends `<what> <key> <program>` to the file `KERNELS_CUDA_MODULE_LOG` names, if any: how
/// CI counts the distinct modules NVRTC compiled (`nvrtc`, keyed by the source alone) and the
/// distinct modules the host target ran (`host`, at a module's first launch in the process).
pub(crate) fn log_module(what: &str, key: CacheKey, program: &str) {
    use std::io::Write as _;
    let Some(path) = std::env::var_os("KERNELS_CUDA_MODULE_LOG").filter(|p| !p.is_empty()) else {
        return;
    };
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        // One write per line: lines of concurrent processes do not interleave.
        let _ = file.write_all(format!("{what} {} {program}\n", key.hex()).as_bytes());
    }
}

/// Modules loaded on one device, by image key.
#[derive(Debug, Default)]
pub struct ModuleCache {
    modules: Mutex<HashMap<CacheKey, Module>>,
}

impl ModuleCache {
    /// The module of `image` (key `key`) loaded into `ctx`, loading it on first use.
    pub(crate) fn load(
        &self,
        ctx: &Arc<CudaContext>,
        key: CacheKey,
        image: &Compiled,
    ) -> Result<Module> {
        self.get_or_load(key, || {
            let ptx = match image.kind {
                BinaryKind::Cubin => cudarc::nvrtc::Ptx::from_binary(image.image.clone()),
                BinaryKind::Ptx => {
                    cudarc::nvrtc::Ptx::from_src(String::from_utf8_lossy(&image.image).into_owned())
                }
            };
            let module = ctx.load_module(ptx).map_err(|e| Error::Driver {
                op: format!("loading module {}", key.hex()),
                message: format!("{e:?}"),
            })?;
            Ok(Module::Cuda(module))
        })
    }

    /// The module of `key`, from `load` on first use.
    pub(crate) fn get_or_load(
        &self,
        key: CacheKey,
        load: impl FnOnce() -> Result<Module>,
    ) -> Result<Module> {
        let mut map = self
            .modules
            .lock()
            .map_err(|_| Error::invalid("module cache poisoned"))?;
        if let Some(m) = map.get(&key) {
            return Ok(m.clone());
        }
        let module = load()?;
        map.insert(key, module.clone());
        Ok(module)
    }

    /// Number of modules loaded.
    pub fn len(&self) -> usize {
        self.modules.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Whether no module is loaded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_reference_values() {
        // Published FNV-1a test vectors.
        assert_eq!(fnv1a_64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a_64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(
            fnv1a_128(FNV128_OFFSET, b"a"),
            0xd228cb696f1a8caf78912b704e4a8964
        );
    }

    #[test]
    fn header_round_trip_and_rejections() {
        let key = CacheKey::new("x", &[], "sm_90", (13, 0));
        let enc = encode(key, BinaryKind::Cubin, b"image");
        assert_eq!(
            decode(key, &enc),
            Some((BinaryKind::Cubin, b"image".to_vec()))
        );
        assert_eq!(decode(CacheKey(key.0 ^ 1), &enc), None);
        assert_eq!(decode(key, &enc[..enc.len() - 1]), None);
        let mut flipped = enc.clone();
        *flipped.last_mut().unwrap() ^= 0x40;
        assert_eq!(decode(key, &flipped), None);
        assert_eq!(decode(key, &enc[..10]), None);
    }
}
