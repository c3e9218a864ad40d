//! `size`, `dtype`, `itemsize`, `nbytes`, `get` and `set` on arrays and views, on the CPU and
//! on a CUDA device (the GPU, or the host target when `KERNELS_TEST_CUDA_HOST` asks for it;
//! skipped with the reason when there is none).

use array_runtime::{c64, s, Array, DTypeId, Device, Error, NewAxis};

fn cpu_matrix() -> Array<i64> {
    Array::from_vec(&Device::cpu(), &[3, 4], (0..12).collect()).unwrap()
}

#[test]
fn sizes_and_dtypes() {
    let a = cpu_matrix();
    assert_eq!((a.size(), a.len(), a.ndim()), (12, 12, 2));
    assert_eq!((a.dtype(), a.itemsize(), a.nbytes()), (DTypeId::I64, 8, 96));
    let v = a.slice(s![1.., ..;2]).unwrap();
    assert_eq!((v.size(), v.nbytes()), (4, 32));
    let z = Array::<c64>::zeros(&Device::cpu(), &[0, 5]).unwrap();
    assert_eq!(
        (z.size(), z.itemsize(), z.nbytes(), z.dtype()),
        (0, 8, 0, DTypeId::C64)
    );
    let s0 = Array::scalar(&Device::cpu(), true).unwrap();
    assert_eq!((s0.size(), s0.ndim(), s0.nbytes()), (1, 0, 1));
}

#[test]
fn get_reads_through_every_kind_of_view() {
    let a = cpu_matrix();
    assert_eq!(a.get(&[2, 3]).unwrap(), 11);
    assert_eq!(a.t().get(&[3, 1]).unwrap(), 7);
    let rev = a.slice(s![..;-1, 1..;2]).unwrap(); // rows reversed, columns 1 and 3
    assert_eq!(rev.shape(), &[3, 2]);
    assert_eq!(rev.get(&[0, 1]).unwrap(), 11);
    assert_eq!(rev.get(&[2, 0]).unwrap(), 1);
    let b = a
        .slice(s![1, NewAxis, ..])
        .unwrap()
        .broadcast_to(&[5, 4])
        .unwrap();
    assert_eq!(b.get(&[4, 2]).unwrap(), 6);
    let s0 = Array::scalar(&Device::cpu(), 2.5f32).unwrap();
    assert_eq!(s0.get(&[]).unwrap(), 2.5);
}

#[test]
fn bad_indices_name_the_index_and_the_shape() {
    let a = cpu_matrix();
    let out = a.get(&[1, 4]).unwrap_err();
    assert!(matches!(out, Error::Index { .. }));
    let text = out.to_string();
    assert!(
        text.contains("[1, 4]") && text.contains("[3, 4]") && text.contains("axis 1"),
        "{text}"
    );
    let rank = a.get(&[1]).unwrap_err().to_string();
    assert!(
        rank.contains("[1]") && rank.contains("[3, 4]") && rank.contains("2 dimensions"),
        "{rank}"
    );
    let mut b = a.clone();
    assert!(matches!(b.set(&[3, 0], 0), Err(Error::Index { .. })));
    assert!(matches!(b.set(&[0, 0, 0], 0), Err(Error::Index { .. })));
    let s0 = Array::scalar(&Device::cpu(), 1u8).unwrap();
    assert!(matches!(s0.get(&[0]), Err(Error::Index { .. })));
    let empty = Array::<f32>::zeros(&Device::cpu(), &[2, 0]).unwrap();
    assert!(matches!(empty.get(&[0, 0]), Err(Error::Index { .. })));
}

#[test]
fn set_copies_shared_storage_first() {
    let a = cpu_matrix();
    let mut view = a.slice(s![1.., ..;-1]).unwrap(); // shares a's storage
    view.set(&[0, 0], 100).unwrap(); // a[1, 3]
    assert_eq!(view.get(&[0, 0]).unwrap(), 100);
    assert_eq!(view.to_vec().unwrap(), vec![100, 6, 5, 4, 11, 10, 9, 8]);
    assert_eq!(a.get(&[1, 3]).unwrap(), 7, "the original keeps its value");
    // Unique storage is written in place: a second write keeps the first.
    view.set(&[1, 3], -1).unwrap();
    assert_eq!(view.to_vec().unwrap(), vec![100, 6, 5, 4, 11, 10, 9, -1]);
    let mut s0 = Array::scalar(&Device::cpu(), 1.5f64).unwrap();
    s0.set(&[], -0.5).unwrap();
    assert_eq!(s0.item().unwrap(), -0.5);
}

#[test]
fn set_refuses_broadcast_views() {
    let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, 3.0]).unwrap();
    let mut b = a.broadcast_to(&[2, 3]).unwrap();
    let e = b.set(&[1, 1], 0.0).unwrap_err();
    assert!(matches!(e, Error::Output { .. }), "{e}");
    assert_eq!(b.to_vec().unwrap(), vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    // A new axis of extent 1 shares nothing.
    let mut c = a.slice(s![NewAxis, ..]).unwrap();
    c.set(&[0, 2], 7.0).unwrap();
    assert_eq!(c.to_vec().unwrap(), vec![1.0, 2.0, 7.0]);
}

/// A CUDA device, or `None` after printing why.
fn cuda() -> Option<Device> {
    match array_runtime::device::cuda_test_device() {
        Ok(d) => Some(d),
        Err(e) => {
            if std::env::var("KERNELS_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                panic!("KERNELS_REQUIRE_GPU=1 but no CUDA device: {e}");
            }
            println!("skipped: no CUDA device: {e}");
            None
        }
    }
}

#[test]
fn get_set_and_printing_on_cuda() {
    let Some(dev) = cuda() else { return };
    let host = cpu_matrix();
    let a = host.to_device(&dev).unwrap();
    assert_eq!(a.get(&[2, 1]).unwrap(), 9);
    assert_eq!(a.t().get(&[1, 2]).unwrap(), 9);
    let mut view = a.slice(s![.., 1..;2]).unwrap();
    view.set(&[2, 1], 42).unwrap(); // a[2, 3], copied first: `a` shares the buffer
    assert_eq!(view.to_vec().unwrap(), vec![1, 3, 5, 7, 9, 42]);
    assert_eq!(a.get(&[2, 3]).unwrap(), 11);
    assert!(matches!(a.get(&[0, 4]), Err(Error::Index { .. })));
    assert_eq!(a.to_string(), host.to_string());
    assert_eq!(format!("{:?}", a.t()), format!("{:?}", host.t()));
    // A summarized array reads its edges from the device.
    let big = Array::from_vec(
        &Device::cpu(),
        &[40, 50],
        (0..2000).map(|i| i as f32).collect(),
    )
    .unwrap();
    let on_dev = big.to_device(&dev).unwrap();
    assert_eq!(format!("{:?}", on_dev.t()), format!("{:?}", big.t()));
}
