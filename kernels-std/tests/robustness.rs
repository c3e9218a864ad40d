//! Adversarial sizes given to the NumPy routines (issue 11): counts, widths, sections and
//! shapes whose arithmetic overflows, and host allocations sized by them or by the length of a
//! broadcast view. Each gives an error value, never a panic or an abort.
//!
//! Nothing here allocates more than a few tens of MiB: the impossible requests fail their
//! checks, or the fallible allocation, before any memory is touched. The runtime's own cases
//! are in `array-runtime/tests/robustness.rs`, the file readers' in `npy.rs`.

use kernels_std::linalg::matmul;
use kernels_std::prelude::*;
use kernels_std::random::Generator;
use kernels_std::shape::{array_split, concatenate, pad, repeat, PadMode, Sections};

fn cpu() -> Device {
    Device::cpu()
}

fn oom<T: std::fmt::Debug>(r: Result<T>) -> bool {
    matches!(r, Err(Error::OutOfMemory { .. }))
}

/// One element seen as `shape` (a broadcast view: no memory behind its length).
fn broadcast<T: DType>(value: T, shape: &[usize]) -> Array<T> {
    Array::from_vec(&cpu(), &[1], vec![value])
        .unwrap()
        .broadcast_to(shape)
        .unwrap()
}

#[test]
fn concatenated_extents_that_overflow() {
    let long = broadcast(1u8, &[isize::MAX as usize]);
    // Three of them add up past usize: an error, where the sum overflowed.
    let err = concatenate(&[&long, &long, &long], Some(0)).unwrap_err();
    assert!(err.to_string().contains("axis 0"), "{err}");
    // Two fit in usize but not in an array.
    assert!(matches!(
        concatenate(&[&long, &long], Some(0)),
        Err(Error::TooBig { .. })
    ));
}

#[test]
fn pad_widths_past_memory() {
    let a = Array::from_vec(&cpu(), &[3], vec![1i32, 2, 3]).unwrap();
    // The index map of the edge mode had one i64 per output position, allocated infallibly.
    for mode in [PadMode::Edge, PadMode::Wrap, PadMode::Reflect] {
        assert!(oom(pad(&a, &[(1 << 50, 0)], mode)), "{mode:?}");
    }
    assert!(pad(&a, &[(usize::MAX, 1)], PadMode::Edge).is_err());
    assert!(matches!(
        pad(&a, &[(1 << 62, 0)], PadMode::Constant(0)),
        Err(Error::TooBig { .. })
    ));
    assert_eq!(
        pad(&a, &[(2, 1)], PadMode::Edge).unwrap().to_vec().unwrap(),
        [1, 1, 1, 2, 3, 3]
    );
}

#[test]
fn repeat_counts_past_memory() {
    let a = Array::from_vec(&cpu(), &[2], vec![1u8, 2]).unwrap();
    assert!(oom(repeat(&a, vec![1 << 58, 1], Some(0))));
    assert!(repeat(&a, vec![isize::MAX, isize::MAX], Some(0)).is_err());
    assert!(matches!(
        repeat(&a, isize::MAX, None),
        Err(Error::TooBig { .. } | Error::Invalid { .. })
    ));
    assert_eq!(
        repeat(&a, vec![0, 3], Some(0)).unwrap().to_vec().unwrap(),
        [2, 2, 2]
    );
}

#[test]
fn more_sections_than_memory() {
    let a = Array::from_vec(&cpu(), &[5], (0..5).collect::<Vec<i32>>()).unwrap();
    assert!(oom(array_split(&a, Sections::Count(1 << 60), 0)));
    // A count past isize::MAX used to wrap to a negative one and give no parts at all.
    let err = array_split(&a, Sections::Count(usize::MAX), 0).unwrap_err();
    assert!(err.to_string().contains("sections"), "{err}");
    let parts = array_split(&a, Sections::Count(7), 0).unwrap();
    assert_eq!(parts.iter().map(|p| p.len()).sum::<usize>(), 5);
    assert_eq!(parts.len(), 7);
}

#[test]
fn choice_sizes_whose_product_overflows() {
    let mut rng = Generator::new(3);
    let dev = cpu();
    let r = rng.choice_range(&dev, 10, &[1 << 32, 1 << 32, 1 << 32], true, None);
    assert!(matches!(r, Err(Error::TooBig { .. })), "{r:?}");
    let r = rng.choice_range(&dev, 10, &[0, usize::MAX], true, None);
    assert!(matches!(r, Err(Error::TooBig { .. })), "{r:?}");
    assert!(rng
        .choice_range(&dev, usize::MAX, &[2], true, None)
        .is_err());
    let a = Array::from_vec(&dev, &[3], vec![1u8, 2, 3]).unwrap();
    assert!(rng.choice(&a, &[usize::MAX, 2], true, None).is_err());
    assert_eq!(
        rng.choice_range(&dev, 10, &[2, 3], true, None)
            .unwrap()
            .shape(),
        &[2, 3]
    );
}

#[test]
fn host_data_sized_by_a_lying_first_row() {
    // `from_rows` sized its buffer by rows x (first row's length) before checking the rows.
    let first = vec![0.0f64; 1 << 20];
    let short = [1.0f64];
    let mut rows: Vec<&[f64]> = vec![&short; 1 << 20];
    rows[0] = &first;
    let r = kernels_std::creation::from_rows(&cpu(), &rows);
    assert!(oom(r), "a 2^40-element buffer was asked for");
    let ok = kernels_std::creation::from_rows(&cpu(), &[[1u8, 2], [3, 4]]).unwrap();
    assert_eq!(ok.to_vec().unwrap(), [1, 2, 3, 4]);
}

#[test]
fn ndarray_conversions_of_huge_broadcast_views() {
    // Defect 4: to_ndarray of a broadcast view of 2^40 elements aborted; so did from_ndarray
    // of a broadcast ndarray view.
    let huge = broadcast(1.5f64, &[1 << 20, 1 << 20]);
    assert!(oom(kernels_std::creation::to_ndarray(&huge)));
    let one = ndarray::arr1(&[2.5f64]);
    let view = one.broadcast((1 << 20, 1 << 20)).unwrap();
    assert!(oom(kernels_std::creation::from_ndarray(&cpu(), &view)));
}

#[test]
fn products_of_broadcast_operands_past_memory() {
    // A batch of 2^40 products of broadcast matrices: the batch's offsets were gathered into
    // a vector before the output was allocated.
    let a = broadcast(1.0f32, &[1 << 40, 2, 2]);
    assert!(oom(matmul(&a, &a)));
    // Half precision widened each operand to f32 whole: a 2 x 2^40 broadcast matrix.
    let x = broadcast(f16::ONE, &[2, 1 << 40]);
    let y = broadcast(f16::ONE, &[1 << 40, 2]);
    assert!(oom(matmul(&x, &y)));
    let small = broadcast(2.0f32, &[3, 2, 2]);
    assert_eq!(
        matmul(&small, &small).unwrap().to_vec().unwrap(),
        vec![8.0; 12]
    );
}

#[test]
fn factors_of_tall_matrices_past_memory() {
    // The full U of an SVD and the complete Q of a QR of a 2^21 x 1 matrix are 2^21 x 2^21
    // (32 TiB): NumPy's MemoryError. The host buffers for them were `vec!`s, which abort.
    let tall = broadcast(1.0f64, &[1 << 21, 1]);
    assert!(oom(kernels_std::linalg::svd(&tall, true, false)));
    assert!(oom(kernels_std::linalg::qr(
        &tall,
        kernels_std::linalg::QrMode::Complete
    )));
    // The reduced forms are small and still work.
    let thin = kernels_std::linalg::svd(&broadcast(1.0f64, &[4, 1]), false, false).unwrap();
    let s = thin.s.to_vec().unwrap();
    assert!(s.len() == 1 && (s[0] - 2.0).abs() < 1e-12, "{s:?}");
}

#[test]
fn special_matrices_past_memory() {
    use kernels_std::scipy::linalg::{
        block_diag, circulant, convolution_matrix, hankel, invhilbert, toeplitz, ConvMode,
    };
    // Matrices of 2^21 x 2^21 built from 2^21-element vectors: their host index grids were
    // collected into vectors, which abort when they cannot be allocated.
    let long = broadcast(1.0f64, &[1 << 21]);
    assert!(oom(toeplitz(&long, Some(&long))));
    assert!(oom(hankel(&long, Some(&long))));
    assert!(oom(circulant(&long)));
    assert!(oom(invhilbert(&cpu(), 1 << 21)));
    // A size whose full convolution overflows usize.
    let a = broadcast(1.0f64, &[3]);
    let err = convolution_matrix(&a, usize::MAX, ConvMode::Full).unwrap_err();
    assert!(err.to_string().contains("convolution_matrix"), "{err}");
    // Blocks whose extents add up past usize.
    let wide = broadcast(1u8, &[1, isize::MAX as usize]);
    let err = block_diag(&[&wide, &wide, &wide]).unwrap_err();
    assert!(err.to_string().contains("block_diag"), "{err}");
}
