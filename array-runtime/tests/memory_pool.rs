//! `Device::memory_pool`: one API over the host pool and a CUDA device's pool (the GPU, or the
//! host target when `KERNELS_TEST_CUDA_HOST` asks for it; skipped with the reason when there
//! is none). The host pool is the process's: the tests take turns, so that its counters move
//! only with the test reading them.

use std::sync::{Mutex, MutexGuard};

use array_runtime::{cpu, Array, Device, Error};

fn serial() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn the_host_pool_counts_small_and_large_buffers_and_caps_both() {
    let _turn = serial();
    let dev = Device::cpu();
    let pool = dev.memory_pool();
    assert!(pool.is_host());
    pool.free_all_blocks();
    let base = pool.used_bytes();
    // The same pool as before, through the old entry point.
    assert_eq!(cpu::memory_pool().used_bytes(), base);
    let small = Array::<u8>::zeros(&dev, &[1000]).unwrap();
    assert_eq!(pool.used_bytes(), base + 1000);
    let large = Array::<f32>::zeros(&dev, &[1 << 20]).unwrap(); // 4 MiB: pooled
    assert_eq!(pool.used_bytes(), base + 1000 + (4 << 20));
    assert_eq!(pool.total_bytes(), pool.used_bytes() + pool.free_bytes());
    drop(large);
    assert_eq!(pool.used_bytes(), base + 1000);
    assert!(pool.free_bytes() >= 4 << 20 && pool.n_free_blocks() >= 1);
    pool.free_all_blocks();
    assert_eq!((pool.free_bytes(), pool.n_free_blocks()), (0, 0));
    // The cap applies to small buffers too.
    pool.set_limit(Some(base + 1500));
    assert_eq!(pool.limit(), Some(base + 1500));
    assert_eq!(cpu::memory_pool().limit(), Some(base + 1500));
    let fits = Array::<u8>::zeros(&dev, &[400]);
    let past = Array::<u8>::zeros(&dev, &[400]);
    pool.set_limit(None);
    assert!(fits.is_ok());
    assert!(matches!(past, Err(Error::OutOfMemory { .. })), "{past:?}");
    drop((small, fits));
    assert_eq!(pool.used_bytes(), base);
    assert_eq!(pool.limit(), None);
}

#[test]
fn a_cuda_pool_through_the_same_api() {
    let _turn = serial();
    let dev = match array_runtime::device::cuda_test_device() {
        Ok(d) => d,
        Err(e) => {
            if std::env::var("KERNELS_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                panic!("KERNELS_REQUIRE_GPU=1 but no CUDA device: {e}");
            }
            println!("skipped: no CUDA device: {e}");
            return;
        }
    };
    let pool = dev.memory_pool();
    assert!(!pool.is_host());
    let Device::Cuda(cuda) = &dev else {
        unreachable!("a CUDA test device")
    };
    pool.free_all_blocks();
    let base = pool.used_bytes();
    assert_eq!(cuda.memory_pool().used_bytes(), base);
    let a = Array::<f32>::zeros(&dev, &[1024]).unwrap(); // 4096 bytes, its own size class
    dev.synchronize().unwrap();
    assert_eq!(pool.used_bytes(), base + 4096);
    drop(a);
    assert_eq!(pool.used_bytes(), base);
    assert!(pool.free_bytes() >= 4096);
    pool.free_all_blocks();
    assert_eq!(pool.free_bytes(), 0);
    pool.set_limit(Some(base + 8192));
    let fits = Array::<u8>::zeros(&dev, &[8000]);
    let past = Array::<u8>::zeros(&dev, &[8000]);
    pool.set_limit(None);
    assert!(fits.is_ok());
    assert!(matches!(past, Err(Error::OutOfMemory { .. })), "{past:?}");
}
