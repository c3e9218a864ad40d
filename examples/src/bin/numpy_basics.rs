//! NumPy-style code in Rust, CuPy's first steps: creation, reshaping, dtype conversion,
//! reductions over an axis, ufuncs and operators with broadcasting, a scan, a sort, random
//! numbers, statistics and a matrix product. Every result is checked; the program runs on the
//! GPU when there is one and on the CPU backend otherwise.
//!
//! `cargo run --release -p examples --bin numpy_basics`

use kernels_std as np;
use kernels_std::prelude::*;

fn check(what: &str, ok: bool) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::invalid(format!("{what}: unexpected result")))
    }
}

fn main() -> Result<()> {
    let dev = Device::try_default()?;
    println!("device: {dev}");

    // cupy.arange(6).reshape(2, 3).astype('f').sum(axis=1)  ->  [3, 12]
    let a = np::arange(&dev, 0i64..6)?
        .reshape(&[2, 3])?
        .astype::<f32>()?;
    let s = np::sum(&a).axis(1).run()?;
    println!(
        "arange(6).reshape(2, 3).astype(f32).sum(axis=1) = {:?}",
        s.to_vec()?
    );
    check("sum over axis 1", s.to_vec()? == vec![3.0, 12.0])?;

    // Ufuncs and operators broadcast like NumPy's: a column against a row.
    let x = np::linspace::<f64>(&dev, 0.0, 1.0, 5, true)?;
    let col = x.reshape(&[5, 1])?;
    let grid = (&np::sin(&col)? * 2.0 + &x).eval()?; // [5, 1] + [5] -> [5, 5], one kernel
    println!("sin(x)[:, None] * 2 + x: shape {:?}", grid.shape());
    check("broadcast shape", grid.shape() == [5, 5])?;
    let m = np::maximum(&grid, 1.0)?;
    check("maximum", m.to_vec()?.iter().all(|&v| v >= 1.0))?;

    // A scan and a sort.
    let c = np::cumsum(&np::arange(&dev, 1..6)?, None)?; // i32 accumulates in i64
    println!("cumsum(1..6) = {:?}", c.to_vec()?);
    check("cumsum", c.to_vec()? == vec![1i64, 3, 6, 10, 15])?;
    let v = Array::from_vec(&dev, &[6], vec![3.0f32, f32::NAN, -1.0, 2.0, -0.0, 7.5])?;
    let sorted = np::sort(&v, Some(-1))?.to_vec()?;
    println!("sort({:?}) = {:?}", v.to_vec()?, sorted);
    check(
        "sort puts NaN last",
        sorted[5].is_nan() && sorted[0] == -1.0,
    )?;

    // Random numbers (the same on the CPU and the GPU for one seed) and statistics.
    let mut rng = np::random::default_rng(2024);
    let z = rng.standard_normal::<f64>(&dev, &[200_000])?;
    let (mean, std) = (np::mean(&z).run()?.item()?, np::std(&z).run()?.item()?);
    println!("200000 standard normals: mean {mean:.4}, std {std:.4}");
    check("normal mean", mean.abs() < 0.02)?;
    check("normal std", (std - 1.0).abs() < 0.02)?;
    let med = np::median(&z, None)?.item()?;
    println!("median {med:.4}");

    // Joining and a matrix product.
    let b = np::concatenate(&[&a, &a], Some(0))?; // [4, 3]
    let p = np::matmul(&b, a.t())?; // [4, 3] x [3, 2]
    println!("concatenate + matmul: shape {:?}", p.shape());
    check("matmul", p.to_vec()?[..2] == [5.0, 14.0])?;
    println!("ok");
    Ok(())
}
