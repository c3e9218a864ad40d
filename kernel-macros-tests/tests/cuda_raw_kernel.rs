//! The raw kernels of the tests on a GPU, each compared with the same launch on the CPU
//! backend. Skipped (with the reason) without a usable GPU; a failure when
//! `KERNELS_REQUIRE_GPU=1`, as `scripts/gpu-check` sets. On the CUDA host target when
//! `KERNELS_TEST_CUDA_HOST` is set.

use array_runtime::kernel::raw::synchronize;
use kernel_macros_tests::raw as k;
use kernels_std::prelude::*;

fn gpu() -> Option<Device> {
    match kernels_std::array_runtime::device::cuda_test_device() {
        Ok(d) => Some(d),
        Err(e) if std::env::var_os("KERNELS_REQUIRE_GPU").is_some() => {
            panic!("KERNELS_REQUIRE_GPU is set but no GPU is usable: {e}")
        }
        Err(e) => {
            eprintln!("skipped on cuda: {e}");
            None
        }
    }
}

/// Runs `f` on the CPU and on the GPU; their results must be equal.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, f: impl Fn(&Device) -> Result<T>) {
    let Some(dev) = gpu() else { return };
    let cpu = f(&Device::cpu()).unwrap_or_else(|e| panic!("{what} on the CPU: {e}"));
    let cuda = f(&dev).unwrap_or_else(|e| panic!("{what} on CUDA: {e}"));
    assert_eq!(cuda, cpu, "{what}: CUDA and the CPU differ");
}

fn data(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 7919) % 1013) as f32 / 8.0 - 60.0)
        .collect()
}

#[test]
fn transpose() {
    same("transpose", |dev| {
        let (rows, cols) = (70usize, 45usize);
        let src = Array::from_vec(dev, &[rows, cols], data(rows * cols))?;
        let mut dst = Array::<f32>::zeros(dev, &[cols, rows])?;
        let cfg = LaunchConfig::new((2, 3), (32, 8));
        k::transpose::launch(&cfg, &src, &mut dst, rows as u32, cols as u32)?;
        dst.to_vec()
    });
}

#[test]
fn histograms() {
    same("histogram", |dev| {
        let v: Vec<u32> = (0..20_000u32)
            .map(|i| i.wrapping_mul(2654435761) >> 7)
            .collect();
        let x = Array::from_vec(dev, &[v.len()], v)?;
        let mut a = Array::<u32>::zeros(dev, &[37])?;
        let mut b = Array::<u32>::zeros(dev, &[200])?;
        k::histogram::launch(&LaunchConfig::new(16, 128), &x, &mut a)?;
        k::histogram_shared::launch(&LaunchConfig::new(16, 128), &x, &mut b)?;
        Ok((a.to_vec()?, b.to_vec()?))
    });
}

#[test]
fn reductions() {
    same("block and warp reductions", |dev| {
        // Integers: the order of the additions cannot change the sums.
        let v: Vec<f32> = (0..1024).map(|i| (i % 17) as f32 - 8.0).collect();
        let x = Array::from_vec(dev, &[1000], v[..1000].to_vec())?;
        let mut s = Array::<f32>::zeros(dev, &[4])?;
        k::block_sum::launch(&LaunchConfig::new(4, 256), &x, &mut s)?;
        let xd = Array::from_vec(dev, &[1024], v.iter().map(|&f| f64::from(f)).collect())?;
        let mut sd = Array::<f64>::zeros(dev, &[8])?;
        let cfg = LaunchConfig::new(8, 128).with_shared_mem(128 * 8);
        k::block_sum_dyn::launch(&cfg, &xd, &mut sd, 0.0)?;
        let xi = Array::from_vec(dev, &[200], (0..200).map(|i| (i * 37) % 101 - 50).collect())?;
        let (mut si, mut odd) = (
            Array::<i32>::zeros(dev, &[7])?,
            Array::<u32>::zeros(dev, &[7])?,
        );
        k::warp_sum::launch(&LaunchConfig::new(7, 32), &xi, &mut si, &mut odd)?;
        let mut m = Array::from_vec(dev, &[128], data(128))?;
        k::warp_max::launch(&LaunchConfig::new(2, 64), &mut m)?;
        Ok((
            s.to_vec()?,
            sd.to_vec()?,
            si.to_vec()?,
            odd.to_vec()?,
            m.to_vec()?,
        ))
    });
}

#[test]
fn atomics_generics_and_helpers() {
    same("atomics", |dev| {
        let mut ints = Array::from_vec(dev, &[4], vec![0i32; 4])?;
        let mut uints = Array::from_vec(dev, &[4], vec![u32::MAX, 0, 0, 0])?;
        let mut longs = Array::<i64>::zeros(dev, &[5])?;
        let mut ulongs = Array::<u64>::zeros(dev, &[4])?;
        let mut floats = Array::<f32>::zeros(dev, &[3])?;
        let mut doubles = Array::<f64>::zeros(dev, &[3])?;
        k::atomics::launch(
            &LaunchConfig::new(1, 32),
            &mut ints,
            &mut uints,
            &mut longs,
            &mut ulongs,
            &mut floats,
            &mut doubles,
        )?;
        let x = Array::from_vec(dev, &[4], vec![-1.0f32, 0.25, 0.5, 3.0])?;
        let mut y = Array::from_vec(dev, &[4], vec![1.0f32; 4])?;
        k::hygiene::launch(&LaunchConfig::new(2, 2), &x, &mut y, 2)?;
        let mut r = Array::from_vec(dev, &[128], (0..128).map(|i| i as i8).collect())?;
        k::reverse_blocks::launch(&LaunchConfig::new(2, 64), &mut r)?;
        let mut a = Array::from_vec(dev, &[4], vec![1.0f64; 4])?;
        let xd = Array::from_vec(dev, &[4], vec![1.0f64, 2.0, 3.0, 4.0])?;
        k::axpy::launch(&LaunchConfig::for_elements(4, 4), 0.5, &xd, &mut a)?;
        Ok((
            ints.to_vec()?,
            uints.to_vec()?,
            longs.to_vec()?,
            ulongs.to_vec()?,
            floats.to_vec()?,
            doubles.to_vec()?,
            y.to_vec()?,
            r.to_vec()?,
            a.to_vec()?,
        ))
    });
}

#[test]
fn out_of_bounds_access_surfaces_at_synchronize() {
    let Some(dev) = gpu() else { return };
    let x = Array::from_vec(&dev, &[4], vec![1.0f32, 2.0, 3.0, 4.0]).unwrap();
    let mut y = Array::<f32>::zeros(&dev, &[6]).unwrap();
    k::copy_unchecked::launch(&LaunchConfig::new(1, 6), &x, &mut y).unwrap();
    let err = synchronize(&dev).unwrap_err().to_string();
    assert!(
        err.contains("copy_unchecked") && err.contains("of length 4"),
        "{err}"
    );
}
