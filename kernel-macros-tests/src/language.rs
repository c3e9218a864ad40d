//! One kernel per family of the kernel language (statements, loops, `match`, tuples, arrays,
//! constants, float and integer methods, casts, complex numbers, device functions), each
//! checked against golden CUDA C, compiled by NVRTC and compared, as host C++, with its
//! native twin on random and edge inputs (`tests/fidelity.rs`).

use kernel_macros::device_fn;
use kernels_std::prelude::*;

/// `let mut`, assignment, compound assignment, shadowing, nested blocks, early `return`.
#[elementwise]
pub fn statements(x: f32, n: i32) -> (f32, i32) {
    let mut acc = x;
    acc += 1.5;
    acc *= 2.0;
    let n = n * 3;
    let mut m = n;
    m -= 7;
    m <<= 2;
    m ^= 0x55;
    {
        let inner = acc - 1.0;
        acc = inner / 4.0;
    }
    if acc.is_nan() {
        return (0.0, m);
    }
    (acc, m)
}

/// `while`, `loop` with `break value`, `for` over `a..b`, `a..=b` and `.step_by(k)`, labels.
#[elementwise]
pub fn loops(n: i32, k: u8) -> (i64, i32, u32) {
    let mut sum = 0i64;
    for i in 0..n.clamp(0, 40) {
        sum += i as i64;
    }
    for i in (1..=10).step_by(3) {
        sum += i;
    }
    let mut j = 0i32;
    while j < 50 && j * j < n {
        j += 1;
    }
    let found = loop {
        if j > 100 {
            break -1;
        }
        if j % 7 == 3 {
            break j;
        }
        j += 1;
    };
    let mut count = 0u32;
    'outer: for a in 0u8..=k {
        for b in 0u8..8 {
            if b > a {
                continue 'outer;
            }
            if a == 200 {
                break 'outer;
            }
            count += 1;
        }
    }
    for _ in 250u8..=255 {
        count += 1;
    }
    (sum, found, count)
}

/// `match` on integers (literals, `|`, ranges, guards) and on `bool`, as statement and value.
#[elementwise]
pub fn matching(code: i32, flag: bool) -> (i32, f32) {
    let kind = match code {
        0 => 10,
        1 | 2 | 3 => 20,
        4..=9 => 30,
        -5..0 => 40,
        i32::MIN..=-6 => 50,
        _ if code % 2 == 0 => 60,
        _ => 70,
    };
    let scale = match flag {
        true => 0.5,
        false => 2.0,
    };
    let mut extra = 0;
    match kind {
        10 => extra += 1,
        20 | 30 => {
            extra = kind / 10;
        }
        _ => {}
    }
    (kind + extra, scale * kind as f32)
}

/// Tuples (construct, destructure, index) and fixed-size local arrays.
#[elementwise]
pub fn aggregates(a: f64, b: f64, i: u32) -> (f64, f64) {
    let pair = (a + b, a - b);
    let (s, d) = pair;
    let t: (f64, (i32, bool)) = (pair.0 * pair.1, (3, s > d));
    let mut table = [0.0f64; 4];
    table[0] = s;
    table[1] = d;
    table[2] = t.0;
    table[3] = if (t.1).1 { 1.0 } else { -1.0 };
    let weights = [1.0, 0.5, 0.25, 0.125];
    let mut dot = 0.0;
    for k in 0..4 {
        dot += table[k] * weights[k];
    }
    (dot, table[(i % 4) as usize])
}

/// The constants of std, typed by context.
#[elementwise]
pub fn constants(x: f32, y: f64, n: i16) -> (f32, f64, i16, bool) {
    let c = x * f32::consts::PI + f32::EPSILON;
    let d = y.min(f64::MAX) * std::f64::consts::E + f64::consts::SQRT_2;
    let m = if n == i16::MIN { i16::MAX } else { n };
    (
        c.max(f32::NEG_INFINITY),
        d,
        m,
        x.is_nan() || y == f64::INFINITY,
    )
}

/// Float methods of std that round exactly (or follow a fixed formula), `f32`.
#[elementwise]
pub fn float_methods(x: f32, y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
    let a = x.abs().sqrt() + x.floor() - x.ceil() + x.round() * x.trunc() + x.fract();
    let b = x.signum() * x.copysign(y) + x.min(y) - x.max(y) + x.clamp(-1.0, 1.0) + x.recip();
    let c = x.to_degrees() + y.to_radians() + x.mul_add(y, 1.0) + x.powi(3) + x.powi(-2);
    (
        a,
        b,
        c,
        x.min(y),
        x.max(y),
        x.mul_add(y, y),
        x % y,
        x.hypot(y),
    )
}

/// Transcendental methods of std, `f32`, one result each (compared within an ULP bound).
#[elementwise]
pub fn transcendental(x: f32, y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
    (
        x.sin(),
        x.cos(),
        x.tan(),
        x.atan(),
        y.atan2(x),
        x.tanh(),
        x.exp(),
        x.exp2(),
    )
}

/// More transcendental methods, `f32`.
#[elementwise]
pub fn transcendental_more(x: f32, y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
    (
        x.exp_m1(),
        x.ln(),
        x.log2(),
        x.log10(),
        x.ln_1p(),
        x.log(y),
        x.powf(y),
        x.cbrt(),
    )
}

/// Inverse and hyperbolic functions, `f64`.
#[elementwise]
pub fn transcendental_f64(x: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64) {
    (
        x.asin(),
        x.acos(),
        x.sinh(),
        x.cosh(),
        x.asinh(),
        x.acosh(),
        x.atanh(),
        x.sin().exp(),
    )
}

/// Float predicates and the `f64` methods.
#[elementwise]
pub fn float_predicates(x: f64) -> (bool, bool, bool, bool, f64) {
    (
        x.is_nan(),
        x.is_finite(),
        x.is_infinite(),
        x.is_sign_negative() && !x.is_sign_positive(),
        x.abs().sqrt().exp().ln().max(x.sin()),
    )
}

/// Integer methods of std.
#[elementwise]
pub fn int_methods(a: i32, b: i32, u: u8) -> (i32, i32, u32, u8, bool, i32) {
    let p = a
        .wrapping_add(b)
        .wrapping_mul(3)
        .wrapping_sub(a.wrapping_neg())
        ^ a.saturating_add(b)
        ^ a.saturating_sub(b)
        ^ a.saturating_mul(b);
    let q = a.abs().min(b).max(-100).clamp(-50, 50) + a.signum() + b.pow(3) + a.wrapping_pow(5);
    let bits = a.count_ones() + b.leading_zeros() + a.trailing_zeros() + u.count_zeros();
    let r = u.rotate_left(3) ^ u.rotate_right(11) ^ u.wrapping_shl(9) ^ u.saturating_pow(2);
    let s = a.wrapping_div(b) + a.wrapping_rem(b) + a.wrapping_shr(40) + a.saturating_pow(3);
    (p, q, bits, r, u.is_power_of_two() || a.is_negative(), s)
}

/// Integer arithmetic with Rust's release semantics: wrapping, division by zero, shifts.
#[elementwise]
pub fn int_semantics(a: i8, b: i8, c: u64, s: u32) -> (i8, i8, i8, i8, u64, u64, i8) {
    (a + b, a * b, a / b, a % b, c << s, (c >> s) - 1, -a)
}

/// `as` casts between every kind of dtype.
#[elementwise]
pub fn cast_matrix(x: f64, i: i64, b: bool) -> (u8, i16, u32, i64, f32, f64, u64, i8) {
    (
        x as u8,
        x as i16,
        x as u32,
        x as i64,
        i as f32,
        i as f64 + b as i32 as f64,
        i as u64,
        (i as u16) as i8,
    )
}

/// Half precision arithmetic and methods, computed like the `half` crate.
#[elementwise]
pub fn half_math(a: f16, b: f16, c: bf16) -> (f16, f16, bf16, bool) {
    let s = (a * b + a) / b - a % b;
    let m = a.sqrt().max(b.abs()).min(f16::MAX) + a.powi(2) + b.floor();
    let t = c.exp() * c + c.mul_add(c, c);
    (s, m, t, a.is_nan() || c.is_infinite())
}

/// Complex numbers: arithmetic, parts, and the methods of num-complex.
#[elementwise]
pub fn complex_math(z: c64, w: Complex<f32>, r: f32) -> (c64, c64, f32, f32, c64) {
    let p = z * w + z / w - Complex::new(r, 1.0);
    let q = (z * r - r / w).conj() + z.inv().scale(2.0).unscale(4.0);
    let mut m = z.exp() + w.ln() + z.sqrt() + w.powf(1.5);
    m.re += 1.0;
    m.im = m.im * z.re;
    (p, q, z.norm() + w.norm_sqr() + z.arg(), z.im, m)
}

/// Complex numbers of `f64` and their comparisons.
#[elementwise]
pub fn complex_f64(z: c128, w: c128) -> (c128, bool, bool) {
    let v = -z + w - 2.0;
    (v, z == w || z != v, z.is_nan() || w.is_finite())
}

/// A device function: a helper in the kernel language.
#[device_fn]
pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// A generic device function calling another one.
#[device_fn]
pub fn smooth<T: Float>(x: T, lo: T, hi: T) -> T {
    let t = ((x - lo) / (hi - lo)).max(lo - lo).min(hi / hi);
    t * t * (hi / hi + hi / hi + hi / hi - (t + t))
}

/// Integer device function with early return.
#[device_fn]
pub fn gcd(mut a: u32, mut b: u32) -> u32 {
    if a == 0 {
        return b;
    }
    while b != 0 {
        let t = b;
        b = a % b;
        a = t;
    }
    a
}

/// Kernels calling device functions (generic ones too).
#[elementwise]
pub fn calls(x: f32, y: f32, a: u32, b: u32) -> (f32, f32, u32) {
    let l = lerp(x, y, 0.25);
    (
        l,
        smooth(x, 0.0, 1.0) + smooth::<f32>(y, -1.0, 1.0),
        gcd(a, b),
    )
}

/// Device functions of another crate: `kernels_std::special`'s, through a full path and
/// through an alias (`use ... as sp`).
#[elementwise]
pub fn calls_special(x: f64, y: f64) -> (f64, f64) {
    (
        kernels_std::special::scalar::expit(x) * 2.0,
        use_special_alias(x, y),
    )
}

use kernels_std::special::scalar as sp;

/// A device function calling `kernels_std::special` through the alias `sp`.
#[device_fn]
pub fn use_special_alias(x: f64, y: f64) -> f64 {
    sp::xlogy(x, y) * sp::log_expit(y)
}

/// Device functions marked `#[device_fn(cuda = "..")]` (`erf`, `erfc`, `tgamma` of CUDA's
/// math library): on the host the fidelity test's C++ calls the C library's functions, the
/// native twin our Rust bodies.
#[elementwise]
pub fn special_libm(x: f64) -> (f64, f64, f64) {
    (sp::erf(x), sp::erfc(x), sp::gamma(x))
}

/// A generic kernel over the integers: wrapping operators, shifts, loops over `T`.
#[elementwise]
pub fn generic_int<T: Int>(x: T, y: T) -> (T, T, T, T) {
    let mut acc = x;
    let mut steps = 0u32;
    for v in x..y {
        acc = acc ^ v;
        steps += 1;
        if acc == y || steps == 20 {
            break;
        }
    }
    (
        x * y + x - y,
        x / y + x % y,
        (x << 3u32) | (y >> 1u32),
        acc.min(y).max(x),
    )
}

/// A generic kernel over every numeric dtype (wrapping for integers, IEEE for floats).
#[elementwise]
pub fn generic_num<T: Num>(x: T, y: T) -> (T, T, bool) {
    (x * y - x, x / y + x % y, x < y)
}

/// `x.cast::<U>()`: conversions `as` does not have (half types, complex, to `bool`), with
/// NumPy's `astype` rules (`array_runtime::cast`).
#[elementwise]
pub fn convert_matrix(
    x: f64,
    h: f16,
    z: c64,
    i: i64,
) -> (f16, bf16, i32, bool, c128, u8, bf16, f32) {
    (
        x.cast::<f16>(),
        x.cast::<bf16>(),
        h.cast::<i32>(),
        z.cast::<bool>(),
        x.cast::<c128>(),
        z.cast::<u8>(),
        i.cast::<bf16>(),
        h.cast::<f32>() + x.cast::<bool>().cast::<f32>(),
    )
}

/// `cast` between two type parameters: one kernel for every pair of dtypes.
#[elementwise]
pub fn convert_generic<A: DType, B: DType>(x: A) -> B {
    x.cast::<B>()
}

/// `to_bits` and `from_bits`: a float's bits as an unsigned integer and back, e.g. the
/// order-preserving keys of a radix sort (NaN and -0.0 keep their bits).
#[elementwise]
pub fn float_bits(x: f32, y: f64, h: f16, b: bf16) -> (u32, f64, u16, bf16, f32) {
    let u = x.to_bits();
    let key = if u >> 31 == 1 { !u } else { u | 0x8000_0000 };
    let flipped = f64::from_bits(y.to_bits() ^ (1u64 << 63));
    let hb = h.to_bits();
    let next = bf16::from_bits(b.to_bits().wrapping_add(1));
    (key, flipped, hb, next, f32::from_bits(key))
}
