//! The accuracy tests of the `f64` functions computed in `f64` with pairs (`sinh`, `cosh`,
//! `tanh`, `asinh`, `acosh`, `atanh`, `atan`, `tan`) against correctly rounded results: mpmath's at
//! 200 bits, rounded once (`reference_f64.txt`, written by
//! `scripts/fixtures/gen_math_f64_reference.py`: random points over each function's ranges,
//! its formulas' switches, near overflow, the poles and the zeros, tiny and subnormal values).
//! The C library's functions are no reference for these: up to 2 ULP off for `sinh`, `cosh`
//! and `tanh` (glibc's bound), and std's `asinh`, `acosh` and `atanh` are Rust's own formulas
//! (`asinh` overflows beyond `1e154`, `atanh` loses thousands of ULP near 1, `acosh` near 1).

use super::testing::ulp_f64;
use super::KernelMath;

/// The function of the reference file's `name`.
fn function(name: &str) -> fn(f64) -> f64 {
    match name {
        "sinh" => <f64 as KernelMath>::sinh,
        "cosh" => <f64 as KernelMath>::cosh,
        "tanh" => <f64 as KernelMath>::tanh,
        "asinh" => <f64 as KernelMath>::asinh,
        "acosh" => <f64 as KernelMath>::acosh,
        "atanh" => <f64 as KernelMath>::atanh,
        "atan" => <f64 as KernelMath>::atan,
        "tan" => <f64 as KernelMath>::tan,
        _ => panic!("no function {name}"),
    }
}

/// Checks every line `name x y` (bits in hexadecimal) of `text`: at most 1 ULP from the
/// correctly rounded `y`, and of `y`'s sign. Returns, per function, the points and how many
/// were the correctly rounded result.
fn check(text: &str) -> Vec<(String, usize, usize)> {
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let (name, x, y) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
        let x = f64::from_bits(u64::from_str_radix(x, 16).unwrap());
        let want = f64::from_bits(u64::from_str_radix(y, 16).unwrap());
        let got = function(name)(x);
        let u = ulp_f64(got, want);
        assert!(
            u <= 1 && (got.is_sign_negative() == want.is_sign_negative() || want == 0.0),
            "{name}({x:e} = {x:?}) = {got:?}: {u} ulps from the correctly rounded {want:?}"
        );
        match counts.last_mut() {
            Some((n, total, exact)) if n == name => {
                *total += 1;
                *exact += usize::from(u == 0);
            }
            _ => counts.push((name.to_string(), 1, usize::from(u == 0))),
        }
    }
    counts
}

#[test]
fn correctly_rounded_within_one_ulp() {
    let counts = check(include_str!("reference_f64.txt"));
    let names: Vec<&str> = counts.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        names,
        ["sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "atan", "tan"]
    );
    for (name, total, exact) in counts {
        assert!(total > 500, "{name}: {total} points");
        eprintln!("{name}: {exact} of {total} correctly rounded");
    }
}

/// A larger reference file: `python3 scripts/fixtures/gen_math_f64_reference.py 20000
/// /tmp/ref.txt`, then `MATH_F64_REFERENCE=/tmp/ref.txt cargo test -p array-runtime --release
/// --lib -- --ignored reference_file`.
#[test]
#[ignore = "needs MATH_F64_REFERENCE, a file written by the generator"]
fn reference_file() {
    let path = std::env::var("MATH_F64_REFERENCE").expect("MATH_F64_REFERENCE");
    let text = std::fs::read_to_string(path).unwrap();
    for (name, total, exact) in check(&text) {
        eprintln!("{name}: {exact} of {total} correctly rounded");
    }
}
