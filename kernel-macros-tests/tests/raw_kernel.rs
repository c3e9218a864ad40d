//! `#[raw_kernel]` on the CPU backend, each kernel checked against a plain loop; every raw
//! kernel of the tests through NVRTC (`array_runtime::cuda::raw::verify`: a CUBIN for
//! `sm_90`, its entry point checked).

use array_runtime::kernel::raw::RawKernelDef;
use array_runtime::Error;
use kernel_macros_tests::raw as k;
use kernels_std::prelude::*;

fn data_f32(n: usize, seed: u32) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let h = (i as u32)
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(40503));
            (h % 20011) as f32 / 64.0 - 150.0
        })
        .collect()
}

fn data_u32(n: usize, seed: u32, modulo: u32) -> Vec<u32> {
    (0..n)
        .map(|i| {
            (i as u32)
                .wrapping_mul(2654435761)
                .wrapping_add(seed.wrapping_mul(97))
                .rotate_left(7)
                % modulo
        })
        .collect()
}

#[test]
fn transpose_through_shared_tiles() -> Result<()> {
    let dev = Device::cpu();
    for (rows, cols) in [(64, 96), (45, 70), (1, 33), (32, 32)] {
        let data = data_f32(rows * cols, 1);
        let src = Array::from_vec(&dev, &[rows, cols], data.clone())?;
        let mut dst = Array::<f32>::zeros(&dev, &[cols, rows])?;
        let grid = (cols.div_ceil(32) as u32, rows.div_ceil(32) as u32);
        let cfg = LaunchConfig::new(grid, (32, 8));
        k::transpose::launch(&cfg, &src, &mut dst, rows as u32, cols as u32)?;
        let mut want = vec![0.0; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                want[c * rows + r] = data[r * cols + c];
            }
        }
        assert_eq!(dst.to_vec()?, want, "{rows} x {cols}");
    }
    assert_eq!(k::transpose::DEF.static_shared_bytes, 32 * 33 * 4);
    assert!(k::transpose::DEF.uses_block_sync && !k::transpose::DEF.uses_warp_ops);
    Ok(())
}

fn histogram_reference(data: &[u32], bins: usize) -> Vec<u32> {
    let mut want = vec![0u32; bins];
    for &v in data {
        want[v as usize % bins] += 1;
    }
    want
}

#[test]
fn histogram_with_global_atomics() -> Result<()> {
    let dev = Device::cpu();
    let data = data_u32(10_000, 3, 1000);
    let x = Array::from_vec(&dev, &[data.len()], data.clone())?;
    for bins in [1, 7, 100] {
        let mut hist = Array::<u32>::zeros(&dev, &[bins])?;
        k::histogram::launch(&LaunchConfig::new(8, 128), &x, &mut hist)?;
        assert_eq!(
            hist.to_vec()?,
            histogram_reference(&data, bins),
            "{bins} bins"
        );
    }
    Ok(())
}

#[test]
fn histogram_with_shared_atomics() -> Result<()> {
    let dev = Device::cpu();
    let data = data_u32(5_000, 9, 4096);
    let x = Array::from_vec(&dev, &[data.len()], data.clone())?;
    let mut hist = Array::<u32>::zeros(&dev, &[200])?;
    k::histogram_shared::launch(&LaunchConfig::new(5, 64), &x, &mut hist)?;
    assert_eq!(hist.to_vec()?, histogram_reference(&data, 200));
    assert_eq!(k::histogram_shared::DEF.static_shared_bytes, 1024);
    Ok(())
}

#[test]
fn block_reduction_in_shared_memory() -> Result<()> {
    let dev = Device::cpu();
    let data = data_f32(1000, 5);
    let x = Array::from_vec(&dev, &[1000], data.clone())?;
    let mut sums = Array::<f32>::zeros(&dev, &[4])?;
    k::block_sum::launch(&LaunchConfig::new(4, 256), &x, &mut sums)?;
    let got = sums.to_vec()?;
    for (b, chunk) in data.chunks(256).enumerate() {
        let want: f32 = chunk.iter().sum();
        assert!(
            (got[b] - want).abs() <= 1e-3 * want.abs().max(1.0),
            "block {b}: {} vs {want}",
            got[b]
        );
    }
    Ok(())
}

#[test]
fn generic_block_reduction_in_dynamic_shared_memory() -> Result<()> {
    let dev = Device::cpu();
    let data: Vec<f64> = (0..300).map(|i| f64::from(i) * 0.5).collect();
    let x = Array::from_vec(&dev, &[300], data.clone())?;
    let mut sums = Array::<f64>::zeros(&dev, &[3])?;
    let cfg = LaunchConfig::new(3, 128).with_shared_mem(128 * 8);
    k::block_sum_dyn::launch(&cfg, &x, &mut sums, 0.0)?;
    let want: Vec<f64> = data.chunks(128).map(|c| c.iter().sum()).collect();
    assert_eq!(sums.to_vec()?, want);
    Ok(())
}

#[test]
fn warp_shuffle_reduction() -> Result<()> {
    let dev = Device::cpu();
    let data: Vec<i32> = (0..200).map(|i| (i * 37 % 101) - 50).collect();
    let x = Array::from_vec(&dev, &[200], data.clone())?;
    let (mut sums, mut odd) = (
        Array::<i32>::zeros(&dev, &[7])?,
        Array::<u32>::zeros(&dev, &[7])?,
    );
    k::warp_sum::launch(&LaunchConfig::new(7, 32), &x, &mut sums, &mut odd)?;
    let mut want_sums = vec![0; 7];
    let mut want_odd = vec![0u32; 7];
    for (i, &v) in data.iter().enumerate() {
        want_sums[i / 32] += v;
        if v & 1 != 0 {
            want_odd[i / 32] |= 1 << (i % 32);
        }
    }
    assert_eq!(sums.to_vec()?, want_sums);
    assert_eq!(odd.to_vec()?, want_odd);
    assert!(k::warp_sum::DEF.uses_warp_ops && !k::warp_sum::DEF.uses_block_sync);

    let data = data_f32(128, 11);
    let mut x = Array::from_vec(&dev, &[128], data.clone())?;
    k::warp_max::launch(&LaunchConfig::new(2, 64), &mut x)?;
    let want: Vec<f32> = data
        .chunks(32)
        .flat_map(|c| {
            let m = c.iter().copied().fold(f32::MIN, f32::max);
            vec![m; 32]
        })
        .collect();
    assert_eq!(x.to_vec()?, want);
    Ok(())
}

#[test]
fn generic_axpy() -> Result<()> {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[5], vec![1.0f64, 2.0, 3.0, 4.0, 5.0])?;
    let mut y = Array::from_vec(&dev, &[5], vec![1.0f64; 5])?;
    k::axpy::launch(&LaunchConfig::for_elements(5, 4), 2.0, &x, &mut y)?;
    assert_eq!(y.to_vec()?, vec![3.0, 5.0, 7.0, 9.0, 11.0]);
    Ok(())
}

#[test]
fn every_atomic() -> Result<()> {
    let dev = Device::cpu();
    let mut ints = Array::from_vec(&dev, &[4], vec![0i32, 0, 0, 0])?;
    let mut uints = Array::from_vec(&dev, &[4], vec![u32::MAX, 0, 0, 0])?;
    let mut longs = Array::<i64>::zeros(&dev, &[5])?;
    let mut ulongs = Array::<u64>::zeros(&dev, &[4])?;
    let mut floats = Array::<f32>::zeros(&dev, &[3])?;
    let mut doubles = Array::<f64>::zeros(&dev, &[3])?;
    k::atomics::launch(
        &LaunchConfig::new(1, 32),
        &mut ints,
        &mut uints,
        &mut longs,
        &mut ulongs,
        &mut floats,
        &mut doubles,
    )?;
    let sum: i64 = (0..32).sum();
    assert_eq!(ints.to_vec()?, vec![32, -(sum as i32), -31, 31]);
    assert_eq!(uints.to_vec()?, vec![0, u32::MAX, u32::MAX, 7]);
    assert_eq!(
        longs.to_vec()?,
        vec![sum, -32, -100, 31_000_000_000_000, (1i64 << 32) - 1]
    );
    assert_eq!(ulongs.to_vec()?, vec![sum as u64, 31, (1u64 << 32) - 1, 1]);
    assert_eq!(floats.to_vec()?, vec![16.0, 2.0, 3.0]);
    assert_eq!(doubles.to_vec()?, vec![8.0, -1.0, 1.0]);
    Ok(())
}

#[test]
fn out_of_bounds_access_is_an_error() -> Result<()> {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[4], vec![1.0f32, 2.0, 3.0, 4.0])?;
    let mut y = Array::<f32>::zeros(&dev, &[6])?;
    let err = k::copy_unchecked::launch(&LaunchConfig::new(1, 6), &x, &mut y).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, Error::Index { .. }), "{msg}");
    assert!(msg.contains("copy_unchecked"), "{msg}");
    assert!(
        msg.contains("index 4 is out of bounds for `x` of length 4"),
        "{msg}"
    );
    // The accesses in bounds happened; those out of bounds read 0.
    assert_eq!(y.to_vec()?, vec![1.0, 2.0, 3.0, 4.0, 0.0, 0.0]);
    Ok(())
}

#[test]
fn partial_barrier_is_an_error() -> Result<()> {
    let dev = Device::cpu();
    let mut x = Array::<f32>::zeros(&dev, &[32])?;
    let err = k::partial_barrier::launch(&LaunchConfig::new(1, 32), &mut x).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("partial_barrier"), "{msg}");
    assert!(
        msg.contains("sync_threads") || msg.contains("barrier"),
        "{msg}"
    );
    Ok(())
}

#[test]
fn launch_checks_its_arguments() -> Result<()> {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
    let mut y = Array::<f32>::zeros(&dev, &[2, 2])?;
    // A transposed view is not C-contiguous.
    let err = k::axpy::launch(&LaunchConfig::new(1, 4), 1.0, &x.t(), &mut y).unwrap_err();
    assert!(err.to_string().contains("C-contiguous"), "{err}");
    Ok(())
}

/// Every raw kernel of the tests, with the type arguments it is instantiated for.
fn raw_kernels() -> Vec<(&'static RawKernelDef, Vec<DTypeId>)> {
    vec![
        (&k::transpose::DEF, vec![]),
        (&k::histogram::DEF, vec![]),
        (&k::histogram_shared::DEF, vec![]),
        (&k::block_sum::DEF, vec![]),
        (&k::block_sum_dyn::DEF, vec![DTypeId::F32]),
        (&k::block_sum_dyn::DEF, vec![DTypeId::F64]),
        (&k::block_sum_dyn::DEF, vec![DTypeId::F16]),
        (&k::warp_sum::DEF, vec![]),
        (&k::warp_max::DEF, vec![]),
        (&k::axpy::DEF, vec![DTypeId::F32]),
        (&k::axpy::DEF, vec![DTypeId::F64]),
        (&k::axpy::DEF, vec![DTypeId::BF16]),
        (&k::copy_unchecked::DEF, vec![]),
        (&k::partial_barrier::DEF, vec![]),
        (&k::atomics::DEF, vec![]),
        (&k::hygiene::DEF, vec![]),
        (&k::reverse_blocks::DEF, vec![DTypeId::F16]),
        (&k::reverse_blocks::DEF, vec![DTypeId::BF16]),
        (&k::reverse_blocks::DEF, vec![DTypeId::Bool]),
        (&k::reverse_blocks::DEF, vec![DTypeId::C128]),
        (&k::reverse_blocks::DEF, vec![DTypeId::I8]),
    ]
}

#[test]
fn every_raw_kernel_compiles_with_nvrtc() {
    if let Err(e) = array_runtime::cuda::nvrtc::nvrtc() {
        match e {
            Error::CudaUnavailable { reason } if std::env::var_os("CI").is_none() => {
                println!("skipped: {reason}");
                return;
            }
            e => panic!("NVRTC is required when CI is set: {e}"),
        }
    }
    let mut failures = Vec::new();
    for (def, types) in raw_kernels() {
        if let Err(e) = array_runtime::cuda::raw::verify(def, &types) {
            failures.push(format!("{}: {e}", def.instance_name(&types)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn generated_names_do_not_capture_parameters() -> Result<()> {
    let dev = Device::cpu();
    let x = Array::from_vec(&dev, &[4], vec![-1.0f32, 0.25, 0.5, 3.0])?;
    let mut y = Array::from_vec(&dev, &[4], vec![1.0f32; 4])?;
    k::hygiene::launch(&LaunchConfig::new(2, 2), &x, &mut y, 2)?;
    assert_eq!(y.to_vec()?, vec![1.0, 1.5, 2.0, 3.0]);
    Ok(())
}

#[test]
fn generic_static_shared_memory() -> Result<()> {
    let dev = Device::cpu();
    let mut x = Array::from_vec(&dev, &[8], (0..8).collect::<Vec<i16>>())?;
    k::reverse_blocks::launch(&LaunchConfig::new(2, 4), &mut x)?;
    assert_eq!(x.to_vec()?, vec![3, 2, 1, 0, 7, 6, 5, 4]);
    assert_eq!(k::reverse_blocks::DEF.static_shared_bytes, 64 * 16);
    Ok(())
}

/// A kernel whose threads hold 192 KiB of local arrays (its own and a device function's) and
/// wait at a barrier: the emulator's coroutines get stacks sized from `DEF.local_bytes` (the
/// default 256 KiB overflowed, aborting the process).
#[test]
fn large_local_arrays_fit_the_emulated_threads() -> Result<()> {
    use kernel_macros_tests::limits::local_arrays_with_barrier as k;
    assert_eq!(k::DEF.local_bytes, (128 + 64) << 10);
    let dev = Device::cpu();
    let xs = Array::from_vec(&dev, &[64], (0..64).map(|i| i as f32).collect::<Vec<_>>())?;
    let mut ys = Array::<f32>::zeros(&dev, &[64])?;
    k::launch(&LaunchConfig::new(1, 64), &xs, &mut ys)?;
    let want: Vec<f32> = (0..64).map(|i| i as f32 + 1.0).collect();
    assert_eq!(ys.to_vec()?, want);
    Ok(())
}

/// Constant tables: nested, indexed where written, and a device function's mutable copy.
#[test]
fn constant_tables_in_a_raw_kernel() -> Result<()> {
    use kernel_macros_tests::limits::tables_raw as k;
    let dev = Device::cpu();
    let n = 1003usize;
    let mut ys = Array::<f64>::zeros(&dev, &[n])?;
    let mut zs = Array::<i64>::zeros(&dev, &[n])?;
    k::launch(&LaunchConfig::new(4, 256), &mut ys, &mut zs)?;
    let want_y: Vec<f64> = (0..n)
        .map(|i| ((i % 8) * 16 + i % 16) as f64 + 0.5 + ((i % 100).pow(3)) as f64)
        .collect();
    let sq = |k: usize| (k * k) as i64 - 500;
    let want_z: Vec<i64> = (0..n)
        .map(|i| -sq(i % 1000) + sq((i % 1000 + 1) % 1000))
        .collect();
    assert_eq!(ys.to_vec()?, want_y);
    assert_eq!(zs.to_vec()?, want_z);
    Ok(())
}
