//! The CUDA host target: the CUDA backend's modules compiled by g++ and run on the CPU.

use array_runtime::{Array, Device};

#[test]
fn elementwise_add_runs() {
    let dev = Device::cuda_host().unwrap();
    let a = Array::from_vec(&dev, &[5], vec![1.0f32, 2.0, 3.0, 4.0, 5.0]).unwrap();
    let b = Array::from_vec(&dev, &[5], vec![10.0f32; 5]).unwrap();
    let c = (&a + &b).unwrap();
    assert_eq!(c.to_vec().unwrap(), vec![11.0, 12.0, 13.0, 14.0, 15.0]);
}
