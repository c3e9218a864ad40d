//! An expression assigned in place, reading the array it writes element for element, copies
//! nothing: no buffer is allocated (the pool's total does not move). A test binary of its own:
//! the pool is shared by the whole process.

use array_runtime::{Array, Device};

#[test]
fn in_place_assignment_allocates_no_buffer() {
    let dev = Device::cpu();
    let n = 1 << 20; // 8 MiB of f64: a pooled buffer
    let mut a = Array::from_vec(&dev, &[n], (0..n).map(|i| i as f64).collect()).unwrap();
    let b = Array::full(&dev, &[n], 0.5f64).unwrap();
    let pool = dev.memory_pool();
    pool.free_all_blocks();
    let before = pool.total_bytes();
    a.assign(&a * 2.0 + &b).unwrap();
    assert_eq!(pool.total_bytes(), before, "the storage was copied");
    let v = a.to_vec().unwrap();
    assert_eq!((v[0], v[n - 1]), (0.5, (n - 1) as f64 * 2.0 + 0.5));
    // Through a temporary when the expression reads other elements of the array: a
    // temporary of the written region, released afterwards.
    let shifted = a.slice(array_runtime::s![1..]).unwrap();
    a.assign_at(array_runtime::s![..-1], &shifted + 1.0)
        .unwrap();
    let w = a.to_vec().unwrap();
    assert_eq!(w[0], v[1] + 1.0);
}
