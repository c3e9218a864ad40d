//! The compiled-kernel cache without a GPU: disk entries round-trip, a corrupt or truncated
//! entry is recompiled (never trusted), writes are atomic, and the memory level answers
//! before the disk. The compiler is a counting stand-in, so NVRTC is not needed either
//! (except in the last test, which skips without it).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use array_runtime::cuda::cache::{CacheKey, DiskCache, ImageCache};
use array_runtime::cuda::nvrtc::{self, BinaryKind, Compiled};

/// A fresh folder under the system's temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "kx-cache-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn key(tag: &str) -> CacheKey {
    CacheKey::new(tag, &["-arch=sm_90".to_string()], "sm_90", (13, 0))
}

fn counting_compiler<'a>(
    calls: &'a AtomicUsize,
    image: &'static [u8],
) -> impl FnOnce() -> array_runtime::Result<Compiled> + 'a {
    move || {
        calls.fetch_add(1, Ordering::SeqCst);
        Ok(Compiled {
            kind: BinaryKind::Cubin,
            image: image.to_vec(),
            log: String::new(),
        })
    }
}

#[test]
fn keys_depend_on_every_input() {
    let base = CacheKey::new("src", &["-arch=sm_90".into()], "sm_90", (13, 0));
    assert_eq!(
        base,
        CacheKey::new("src", &["-arch=sm_90".into()], "sm_90", (13, 0))
    );
    assert_ne!(
        base,
        CacheKey::new("src ", &["-arch=sm_90".into()], "sm_90", (13, 0))
    );
    assert_ne!(
        base,
        CacheKey::new("src", &["-arch=sm_80".into()], "sm_90", (13, 0))
    );
    assert_ne!(
        base,
        CacheKey::new("src", &["-arch=sm_90".into()], "sm_80", (13, 0))
    );
    assert_ne!(
        base,
        CacheKey::new("src", &["-arch=sm_90".into()], "sm_90", (13, 1))
    );
    // Field boundaries matter: moving text between options is a different key.
    assert_ne!(
        CacheKey::new("s", &["ab".into(), "c".into()], "sm_90", (13, 0)),
        CacheKey::new("s", &["a".into(), "bc".into()], "sm_90", (13, 0))
    );
    assert_eq!(base.hex().len(), 32);
}

#[test]
fn disk_entries_round_trip() {
    let dir = TempDir::new("round-trip");
    let disk = DiskCache::new(&dir.0);
    let k = key("round-trip");
    assert_eq!(disk.load(k), None);
    disk.store(k, BinaryKind::Ptx, b".version 8.8\n").unwrap();
    assert_eq!(
        disk.load(k),
        Some((BinaryKind::Ptx, b".version 8.8\n".to_vec()))
    );
    // Another key never reads this entry, even when its file is put in place.
    let other = key("other");
    std::fs::copy(disk.path(k), disk.path(other)).unwrap();
    assert_eq!(disk.load(other), None);
}

#[test]
fn a_second_process_reads_from_disk_not_the_compiler() {
    let dir = TempDir::new("second-process");
    let calls = AtomicUsize::new(0);
    let k = key("shared");
    let first = ImageCache::new(Some(DiskCache::new(&dir.0)));
    first
        .get_or_compile(k, counting_compiler(&calls, b"\x7fELF-image"))
        .unwrap();
    // Memory level.
    first
        .get_or_compile(k, counting_compiler(&calls, b"unused"))
        .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(first.stats().memory_hits, 1);
    // A fresh cache over the same folder stands for another process.
    let second = ImageCache::new(Some(DiskCache::new(&dir.0)));
    let img = second
        .get_or_compile(k, counting_compiler(&calls, b"unused"))
        .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(img.image, b"\x7fELF-image");
    assert_eq!(second.stats().disk_hits, 1);
}

#[test]
fn corrupt_or_truncated_entries_are_recompiled() {
    let dir = TempDir::new("corrupt");
    let disk = DiskCache::new(&dir.0);
    let k = key("corrupt");
    disk.store(k, BinaryKind::Cubin, b"good image bytes")
        .unwrap();
    let good = std::fs::read(disk.path(k)).unwrap();

    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x01;
    let damaged: Vec<Vec<u8>> = vec![
        flipped,                         // one bit of the image
        good[..good.len() - 3].to_vec(), // truncated image
        good[..20].to_vec(),             // truncated header
        Vec::new(),                      // empty file
        b"not a cache entry at all, just some text of a decent length".to_vec(),
    ];
    for (i, bytes) in damaged.into_iter().enumerate() {
        std::fs::write(disk.path(k), &bytes).unwrap();
        let calls = AtomicUsize::new(0);
        let cache = ImageCache::new(Some(disk.clone()));
        let img = cache
            .get_or_compile(k, counting_compiler(&calls, b"fresh image"))
            .unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 1, "case {i}: recompiled");
        assert_eq!(img.image, b"fresh image", "case {i}");
        assert_eq!(cache.stats().rejected, 1, "case {i}");
        // The entry was rewritten and is good again.
        assert_eq!(
            disk.load(k),
            Some((BinaryKind::Cubin, b"fresh image".to_vec()))
        );
    }
}

#[test]
fn writes_are_atomic_under_concurrent_readers_and_writers() {
    let dir = TempDir::new("atomic");
    let disk = Arc::new(DiskCache::new(&dir.0));
    let k = key("atomic");
    // Two different, large images under one key: a reader sees one of them whole, or nothing.
    let a: Arc<Vec<u8>> = Arc::new((0..400_000u32).map(|i| (i % 251) as u8).collect());
    let b: Arc<Vec<u8>> = Arc::new((0..300_000u32).map(|i| (i % 241) as u8).collect());
    // One entry first: from then on the file always exists (rename replaces it atomically).
    disk.store(k, BinaryKind::Cubin, &a).unwrap();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut handles = Vec::new();
    for w in 0..4 {
        let (disk, a, b, stop) = (disk.clone(), a.clone(), b.clone(), stop.clone());
        handles.push(std::thread::spawn(move || {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) && n < 200 {
                let img = if (n + w) % 2 == 0 { &a } else { &b };
                disk.store(k, BinaryKind::Cubin, img).unwrap();
                n += 1;
            }
        }));
    }
    let mut seen = 0;
    for _ in 0..400 {
        if let Some((kind, img)) = disk.load(k) {
            assert_eq!(kind, BinaryKind::Cubin);
            assert!(
                img == *a || img == *b,
                "a reader saw a mixed or partial entry"
            );
            seen += 1;
        }
        // Reading the raw file must also never show a short entry.
        if let Ok(raw) = std::fs::read(disk.path(k)) {
            assert!(
                raw.len() > 300_000,
                "partial file of {} bytes visible",
                raw.len()
            );
        }
    }
    stop.store(true, Ordering::Relaxed);
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(seen, 400, "the entry was always there, whole");
    // No temporary file is left behind.
    let leftovers: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn compile_errors_are_not_cached() {
    let dir = TempDir::new("errors");
    let cache = ImageCache::new(Some(DiskCache::new(&dir.0)));
    let k = key("errors");
    let err = cache.get_or_compile(k, || {
        Err(array_runtime::Error::Compile {
            kernel: "k".into(),
            options: vec![],
            log: "error".into(),
        })
    });
    assert!(err.is_err());
    assert!(!cache.disk().unwrap().path(k).exists());
    let calls = AtomicUsize::new(0);
    cache
        .get_or_compile(k, counting_compiler(&calls, b"ok"))
        .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
}

#[test]
fn nvrtc_images_go_through_the_disk_cache() {
    match nvrtc::nvrtc() {
        Ok(_) => {}
        Err(array_runtime::Error::CudaUnavailable { reason })
            if std::env::var_os("CI").is_none() =>
        {
            println!("skipped: {reason}");
            return;
        }
        Err(e) => panic!("NVRTC is required when CI is set: {e}"),
    }
    let dir = TempDir::new("nvrtc");
    let src = "extern \"C\" __global__ void kx_fill(float* p, float v) { p[threadIdx.x] = v; }\n";
    let options = vec!["-arch=sm_90".to_string()];
    let first = ImageCache::new(Some(DiskCache::new(&dir.0)));
    let t = std::time::Instant::now();
    let (k, img) = first.compile(src, "kx_fill", &options, "sm_90").unwrap();
    let cold = t.elapsed();
    assert_eq!(img.kind, BinaryKind::Cubin);
    let second = ImageCache::new(Some(DiskCache::new(&dir.0)));
    let t = std::time::Instant::now();
    let (k2, img2) = second.compile(src, "kx_fill", &options, "sm_90").unwrap();
    let warm = t.elapsed();
    assert_eq!(k, k2);
    assert_eq!(img.image, img2.image);
    assert_eq!(second.stats().disk_hits, 1);
    println!("NVRTC cold compile {cold:?}, disk-cache load {warm:?}");
}
