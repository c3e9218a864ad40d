//! Adversarial inputs to the runtime (issue 11): shapes, steps and sizes at the limits of
//! `usize`/`isize`, allocations that cannot succeed, copy-on-write without memory. Each gives
//! an error value, never a panic or an abort.
//!
//! Nothing here allocates more than a few MiB: impossible sizes fail the checks before any
//! allocation, and exhaustion is simulated with the host pool's limit. Because that limit is
//! global, every test of this binary holds [`serial`] while it runs.

use std::sync::{Mutex, MutexGuard};

use array_runtime::cpu::{self, pool::MIN_POOLED};
use array_runtime::slice::Slice;
use array_runtime::{s, Array, Device, Error};

/// Serialises the tests of this binary (one of them sets the global pool's limit).
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn cpu() -> Device {
    Device::cpu()
}

fn is_too_big<T>(r: &array_runtime::Result<T>) -> bool {
    matches!(r, Err(Error::TooBig { .. }))
}

fn is_oom<T>(r: &array_runtime::Result<T>) -> bool {
    matches!(r, Err(Error::OutOfMemory { .. }))
}

// Defect 1: extents above isize::MAX, even in an empty array, are refused as NumPy refuses
// them ("Maximum allowed dimension exceeded", "array is too big").
#[test]
fn shapes_past_isize_max_are_refused_even_when_empty() {
    let _g = serial();
    let dev = cpu();
    let huge = [0, usize::MAX];
    assert!(is_too_big(&Array::<f32>::zeros(&dev, &huge)));
    assert!(is_too_big(&Array::full(&dev, &huge, 1u8)));
    assert!(is_too_big(&Array::<u8>::from_vec(&dev, &huge, vec![])));
    assert!(is_too_big(&Array::<u8>::from_slice(&dev, &huge, &[])));
    // NumPy's rule: the nonzero extents times the element size fit in isize.
    assert!(Array::<u8>::zeros(&dev, &[0, isize::MAX as usize]).is_ok());
    assert!(is_too_big(&Array::<u16>::zeros(
        &dev,
        &[0, isize::MAX as usize]
    )));
    assert!(is_too_big(&Array::<f64>::zeros(&dev, &[0, 1 << 62, 4])));
    assert!(is_too_big(&Array::<f64>::zeros(&dev, &[1 << 60, 0, 8])));
    let empty = Array::<u8>::zeros(&dev, &[0]).unwrap();
    assert!(is_too_big(&empty.reshape(&[0, usize::MAX])));
    assert!(is_too_big(&empty.broadcast_to(&[usize::MAX, 0])));
    let e = Array::<f64>::zeros(&dev, &[0, usize::MAX]).unwrap_err();
    assert!(e.to_string().contains("[0, 18446744073709551615]"), "{e}");
    // What NumPy accepts keeps working: slicing and stepping an empty array of a large extent.
    let big = Array::<u8>::zeros(&dev, &[0, isize::MAX as usize]).unwrap();
    let v = big.slice(s![.., 5..;3]).unwrap();
    assert_eq!(v.shape(), &[0, (isize::MAX as usize - 5).div_ceil(3)]);
    let v = big.slice(s![.., ..;isize::MIN]).unwrap();
    assert_eq!(v.shape(), &[0, 1]);
    assert_eq!(big.slice(s![.., -1]).unwrap().shape(), &[0]);
}

// Defect 2: arithmetic on user-given steps and sizes is checked in every build.
#[test]
fn extreme_steps_and_inferred_shapes() {
    let _g = serial();
    let dev = cpu();
    let a = Array::from_vec(&dev, &[10], (0..10).collect::<Vec<i32>>()).unwrap();
    // NumPy: a[::-(2**63)] == [9], a[::2**63-1] == [0].
    assert_eq!(
        a.slice(s![..;isize::MIN]).unwrap().to_vec().unwrap(),
        vec![9]
    );
    assert_eq!(
        a.slice(s![..;isize::MAX]).unwrap().to_vec().unwrap(),
        vec![0]
    );
    assert_eq!(
        a.slice(s![3..;isize::MIN + 1]).unwrap().to_vec().unwrap(),
        vec![3]
    );
    assert_eq!(
        Slice::FULL.step_by(isize::MIN).indices(10).unwrap(),
        (9, -1, isize::MIN, 1)
    );
    assert_eq!(
        Slice::FULL
            .step_by(isize::MIN)
            .indices(isize::MAX as usize)
            .unwrap(),
        (isize::MAX - 1, -1, isize::MIN, 1)
    );
    assert_eq!(
        Slice::from(1..)
            .step_by(2)
            .indices(isize::MAX as usize)
            .unwrap()
            .3,
        (isize::MAX as usize) / 2
    );
    // No axis is longer than isize::MAX.
    assert!(Slice::FULL.indices(usize::MAX).is_err());
    let b = Array::<f32>::zeros(&dev, &[4]).unwrap();
    for shape in [
        [isize::MAX, isize::MAX, -1],
        [isize::MAX, 2, -1],
        [-1, isize::MAX, isize::MAX],
    ] {
        assert!(
            matches!(b.reshape(&shape), Err(Error::Invalid { .. })),
            "{shape:?}"
        );
    }
    assert!(b.reshape_infer(&[0, -1]).is_err());
    assert_eq!(b.reshape_infer(&[2, -1]).unwrap().shape(), &[2, 2]);
    assert!(b.reshape(&[usize::MAX, usize::MAX]).is_err());
}

// Defect 3: requests past what a `Layout` can describe are the out-of-memory error.
#[test]
fn enormous_requests_are_out_of_memory() {
    let _g = serial();
    let dev = cpu();
    for bytes in [(15usize << 59) + 1, (isize::MAX as usize) - 100, 1 << 62] {
        assert!(is_oom(&Array::<u8>::zeros(&dev, &[bytes])), "{bytes}");
        assert!(is_oom(&Array::full(&dev, &[bytes], 7u8)), "{bytes}");
    }
    assert!(is_oom(&Array::<f64>::zeros(&dev, &[15 << 56])));
}

// Defect 17: the CPU backend's message speaks of host memory.
#[test]
fn host_out_of_memory_names_host_memory() {
    let _g = serial();
    let e = Array::<u8>::zeros(&cpu(), &[(15 << 59) + 1]).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("host memory"), "{text}");
    assert!(!text.contains("device memory"), "{text}");
    assert!(text.contains(&((15usize << 59) + 1).to_string()), "{text}");
}

// Defect 4: gathering a view far larger than its storage is an error, not an abort.
#[test]
fn gathering_a_huge_broadcast_view_is_an_error() {
    let _g = serial();
    let dev = cpu();
    let one = Array::from_vec(&dev, &[1], vec![1.5f64]).unwrap();
    let huge = one.broadcast_to(&[1 << 20, 1 << 20]).unwrap();
    assert_eq!(huge.len(), 1 << 40);
    assert!(is_oom(&huge.to_vec()));
    assert!(is_oom(&huge.copy()));
    // NumPy reshapes it as a view (stride 0): nothing to allocate.
    assert_eq!(huge.reshape(&[1usize << 40]).unwrap().strides(), &[0]);
    assert!(is_oom(&huge.t().to_vec()));
    // A small one still works.
    let small = one.broadcast_to(&[2, 3]).unwrap();
    assert_eq!(small.to_vec().unwrap(), vec![1.5; 6]);
}

// Defect 5, and the pool's limit that makes exhaustion testable.
#[test]
fn copy_on_write_without_memory_is_an_error() {
    let _g = serial();
    let pool = cpu::memory_pool();
    let dev = cpu();
    let n = 2 * MIN_POOLED; // bytes of u8: pooled
    let mut a = Array::full(&dev, &[n], 3u8).unwrap();
    let shared = a.clone();
    pool.free_all_blocks();
    pool.set_limit(Some(pool.used_bytes() + MIN_POOLED));
    let r = a.view_mut().map(|_| ());
    let r2 = a.slice_mut(s![1..]).map(|_| ());
    let r3 = Array::<u8>::zeros(&dev, &[n]).map(|_| ());
    pool.set_limit(None);
    assert!(is_oom(&r), "{r:?}");
    assert!(is_oom(&r2), "{r2:?}");
    assert!(is_oom(&r3), "{r3:?}");
    assert!(r.unwrap_err().to_string().contains("host memory"));
    // Nothing was lost or changed: both handles still read the same values, and once memory
    // is there again the write goes to a copy.
    assert_eq!(a.to_vec().unwrap()[..3], [3, 3, 3]);
    assert!(a.view_mut().is_ok());
    assert_eq!(shared.to_vec().unwrap()[n - 1], 3);
}

#[test]
fn the_pool_limit_counts_cached_buffers_and_releases_them() {
    let _g = serial();
    let pool = cpu::memory_pool();
    let dev = cpu();
    pool.free_all_blocks();
    let base = pool.used_bytes();
    assert_eq!(pool.limit(), None);
    pool.set_limit(Some(base + 3 * MIN_POOLED));
    assert_eq!(pool.limit(), Some(base + 3 * MIN_POOLED));
    let a = Array::<u8>::zeros(&dev, &[2 * MIN_POOLED]).unwrap();
    drop(a); // cached: 2 MiB
    assert_eq!(pool.free_bytes(), 2 * MIN_POOLED);
    // 2 cached + 2.5 asked > 3: the cache is released, then the request fits.
    let b = Array::<u8>::zeros(&dev, &[5 * MIN_POOLED / 2]);
    let free_after_b = pool.free_bytes();
    // 2.5 in use + 1 asked > 3: out of memory.
    let c = Array::<u8>::zeros(&dev, &[MIN_POOLED]);
    // Small buffers (not cached) count too: 1000 bytes fit, half a MiB more does not.
    let small = Array::<u8>::zeros(&dev, &[1000]);
    let small_past = Array::<u8>::zeros(&dev, &[MIN_POOLED / 2 + 1]);
    pool.set_limit(None);
    assert!(small.is_ok());
    assert!(is_oom(&small_past), "{small_past:?}");
    assert!(b.is_ok());
    assert_eq!(free_after_b, 0);
    assert!(is_oom(&c));
    drop(b);
    pool.free_all_blocks();
}

// A view through a layout made by hand (NumPy's `as_strided`): its shape passes the same
// bound, and its reach is computed without overflow.
#[test]
fn hand_made_views_are_checked_without_overflow() {
    let _g = serial();
    use array_runtime::cuda::blas_support::strided_view;
    use array_runtime::shape::Layout;
    let a = Array::from_vec(&cpu(), &[4], vec![1u16, 2, 3, 4]).unwrap();
    let view = |shape: Vec<usize>, strides: Vec<isize>| {
        strided_view(
            &a,
            Layout {
                shape,
                strides,
                offset: 0,
            },
        )
    };
    assert!(is_too_big(&view(vec![1 << 40, 1 << 40], vec![0, 0])));
    assert!(is_too_big(&view(vec![0, usize::MAX], vec![0, 0])));
    for strides in [
        vec![isize::MAX, isize::MAX],
        vec![isize::MIN, 1],
        vec![isize::MAX, isize::MIN],
    ] {
        let r = view(vec![3, 3], strides.clone());
        assert!(matches!(r, Err(Error::Index { .. })), "{strides:?}: {r:?}");
    }
    let sliding = view(vec![3, 2], vec![1, 1]).unwrap();
    assert_eq!(sliding.to_vec().unwrap(), vec![1, 2, 2, 3, 3, 4]);
}

#[test]
fn more_dimensions_than_numpy_allows() {
    let _g = serial();
    // An array of 200,000 dimensions was accepted, and printing it overflowed the stack (an
    // abort): display recurses once per dimension. NumPy refuses more than 64.
    let too_many = vec![1usize; 200_000];
    let err = Array::<f32>::zeros(&cpu(), &too_many).unwrap_err();
    assert!(err.to_string().contains("64, found 200000"), "{err}");
    assert!(Array::<f32>::zeros(&cpu(), &[1; 65]).is_err());
    let most = Array::<f32>::zeros(&cpu(), &[1; 64]).unwrap();
    assert!(format!("{most}").starts_with("[[[["));
    // Views that add dimensions: a new axis, a reshape, a broadcast, a slice with NewAxis.
    assert!(most.insert_axis(0).is_err());
    assert!(most.reshape(&[1; 65]).is_err());
    assert!(most.broadcast_to(&[1; 65]).is_err());
    assert!(most.slice(s![array_runtime::NewAxis]).is_err());
    let a = Array::<f32>::zeros(&cpu(), &[2, 3]).unwrap();
    assert_eq!(
        a.slice(s![array_runtime::NewAxis]).unwrap().shape(),
        &[1, 2, 3]
    );
}
