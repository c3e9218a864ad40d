//! `sin`, `cos` and `tan` of `f32`, computed in `f64` and rounded once (within 1 ULP; every
//! `f32` input is checked by an ignored test run in release).
//!
//! The reduction is exact enough for every `f32`, from subnormals to `f32::MAX`, without a
//! branch: `x 2/pi = n + s` with `n` an integer (its last two bits give the quadrant) and
//! `|s| <= 1/2`, then `r = s pi/2`. An `f32` is `m 2^e` with `m` an integer below `2^24`, so
//! the bits of `2/pi` of weight `2^-j` for `j < e - 1` only add multiples of 4 to `x 2/pi`
//! and can be dropped; the next 58 bits, in two parts `C0`, `C1` of 29 bits, give the exact
//! products `x C0` (below `2^26`) and `x C1`, and a third part `C2` (the following 53 bits,
//! rounded) the rest. [`TWO_OVER_PI`] holds the three parts for each exponent (one row for
//! every exponent up to `2^2`, where no bit is dropped): three loads per element. `x C0 - n`
//! is exact, so `s = ((x C0 - n) + x C1) + x C2` is accurate to about `2^-52` relative even
//! when `s` is tiny (an `f32` is never closer to a multiple of `pi/2` than about `2^-32` of
//! it, where the omitted bits, below `2^-86`, still count for nothing).
//!
//! LLVM vectorizes the three loads (lane by lane) only where it knows the loop's slices apart:
//! in a kernel's chunk loop, whose slices need a run-time overlap check, it keeps the loop
//! scalar (measured: `sin` 4.4 ns per element, against 1.0 for a Cody-Waite reduction without
//! table, which vectorizes there). A Cody-Waite reduction for small arguments beside the
//! table, selected per element, keeps the loads and gains nothing; that is why the native twin
//! keeps the C library's `sinf`, `cosf` and `tanf` (see the module documentation).
//!
//! `sin r` and `cos r` on `|r| <= pi/4` are polynomials of degree 9 and 8 (coefficients
//! fitted for this module by least squares on Chebyshev nodes, in 200-bit arithmetic; relative
//! error below `2^-37` and `2^-33`: an `f32` needs no more, its ULP being `2^-24` relative or
//! more). `sin` and `cos` evaluate one polynomial per element, its coefficients chosen by the
//! quadrant (sine or cosine of `r`), and sign it; `tan` is `sin r / cos r` or `-cos r / sin r`.
//! The error before the final rounding is below `2^-9` of an `f32` ULP.
//! NaN and `±inf` give NaN (`x C0` is NaN or infinite), `-0.0` gives `-0.0` (`sin`, `tan`).

use super::bits::ROUND_F64;

/// `sin r = r (1 + z (S0 + z (S1 + z (S2 + z S3))))`, `z = r^2`, on `|r| <= pi/4`: relative
/// error below `2^-37`.
const SIN: [f64; 4] = [
    -0.16666666643331168,
    0.008333329540100224,
    -0.00019839375778753373,
    2.718644953495107e-06,
];

/// `cos r = 1 + z (C0 + z (C1 + z (C2 + z C3)))`, `z = r^2`, on `|r| <= pi/4`: relative error
/// below `2^-33`.
const COS: [f64; 4] = [
    -0.4999999971415108,
    0.04166662207200934,
    -0.0013886726022973664,
    2.438711382535143e-05,
];

/// The biased exponent of the `f32`s from which [`TWO_OVER_PI`] has one row per exponent:
/// below it (`|x| < 8`) no bit of `2/pi` is dropped.
const FIRST_SHIFTED: u32 = 152;

/// For the biased exponent `E` of an `f32` (`x = m 2^e`, `e = max(E, 1) - 150`), row
/// `E - 152` (row 0 for every `E <= 152`): the bits of `2/pi` from weight `2^-j0`,
/// `j0 = max(1, e - 1)`, as `[C0, C1, C2]`: the first 29 bits, the next 29, and the rest
/// rounded to `f64`.
#[rustfmt::skip]
static TWO_OVER_PI: [[f64; 3]; 104] = [
    [f64::from_bits(0x3fe45f306d000000), f64::from_bits(0x3e19391054000000), f64::from_bits(0x3c44fe13abe8fa9a)],
    [f64::from_bits(0x3fc17cc1b6000000), f64::from_bits(0x3e027220a9000000), f64::from_bits(0x3c23f84eafa3ea6a)],
    [f64::from_bits(0x3fc17cc1b7000000), f64::from_bits(0x3dd3910548000000), f64::from_bits(0x3c23f84eafa3ea6a)],
    [f64::from_bits(0x3f87cc1b70000000), f64::from_bits(0x3dd391054a000000), f64::from_bits(0x3bffc2757d1f534e)],
    [f64::from_bits(0x3f87cc1b70000000), f64::from_bits(0x3dd391054a000000), f64::from_bits(0x3bffc2757d1f534e)],
    [f64::from_bits(0x3f87cc1b72000000), f64::from_bits(0x3dac882a50000000), f64::from_bits(0x3bffc2757d1f534e)],
    [f64::from_bits(0x3f87cc1b72000000), f64::from_bits(0x3dac882a52000000), f64::from_bits(0x3bef84eafa3ea69c)],
    [f64::from_bits(0x3f6f306dc8000000), f64::from_bits(0x3dac882a53000000), f64::from_bits(0x3bdf09d5f47d4d37)],
    [f64::from_bits(0x3f6f306dc9000000), f64::from_bits(0x3d991054a7000000), f64::from_bits(0x3bce13abe8fa9a6f)],
    [f64::from_bits(0x3f5e60db93000000), f64::from_bits(0x3d8220a94f000000), f64::from_bits(0x3bbc2757d1f534de)],
    [f64::from_bits(0x3f4cc1b727000000), f64::from_bits(0x3d51054a7c000000), f64::from_bits(0x3ba84eafa3ea69bc)],
    [f64::from_bits(0x3f39836e4e000000), f64::from_bits(0x3d51054a7e000000), f64::from_bits(0x3b909d5f47d4d377)],
    [f64::from_bits(0x3f2306dc9c000000), f64::from_bits(0x3d51054a7f000000), f64::from_bits(0x3b43abe8fa9a6ee0)],
    [f64::from_bits(0x3ef836e4e4000000), f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa9a6ee0)],
    [f64::from_bits(0x3ef836e4e4000000), f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa9a6ee0)],
    [f64::from_bits(0x3ef836e4e4000000), f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa9a6ee0)],
    [f64::from_bits(0x3ee06dc9c8000000), f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa9a6ee0)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4d37703)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4d37703)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4d37703)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc24000000), f64::from_bits(0x3b0abe8fa9a6ee07)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc26000000), f64::from_bits(0x3af57d1f534ddc0e)],
    [f64::from_bits(0x3e8b727220000000), f64::from_bits(0x3cb529fc27000000), f64::from_bits(0x3ad5f47d4d377037)],
    [f64::from_bits(0x3e76e4e441000000), f64::from_bits(0x3c94a7f09c000000), f64::from_bits(0x3ad5f47d4d377037)],
    [f64::from_bits(0x3e5b939104000000), f64::from_bits(0x3c94a7f09d000000), f64::from_bits(0x3ab7d1f534ddc0db)],
    [f64::from_bits(0x3e5b939105000000), f64::from_bits(0x3c729fc274000000), f64::from_bits(0x3ab7d1f534ddc0db)],
    [f64::from_bits(0x3e4727220a000000), f64::from_bits(0x3c729fc275000000), f64::from_bits(0x3a9f47d4d377036e)],
    [f64::from_bits(0x3e2c9c882a000000), f64::from_bits(0x3c44fe13a8000000), f64::from_bits(0x3a9f47d4d377036e)],
    [f64::from_bits(0x3e2c9c882a000000), f64::from_bits(0x3c44fe13aa000000), f64::from_bits(0x3a8e8fa9a6ee06db)],
    [f64::from_bits(0x3e19391054000000), f64::from_bits(0x3c44fe13ab000000), f64::from_bits(0x3a7d1f534ddc0db6)],
    [f64::from_bits(0x3e027220a9000000), f64::from_bits(0x3c23f84eae000000), f64::from_bits(0x3a6a3ea69bb81b6c)],
    [f64::from_bits(0x3dd3910548000000), f64::from_bits(0x3c23f84eaf000000), f64::from_bits(0x3a547d4d377036d9)],
    [f64::from_bits(0x3dd391054a000000), f64::from_bits(0x3bffc2757c000000), f64::from_bits(0x3a31f534ddc0db63)],
    [f64::from_bits(0x3dd391054a000000), f64::from_bits(0x3bffc2757c000000), f64::from_bits(0x3a31f534ddc0db63)],
    [f64::from_bits(0x3dac882a50000000), f64::from_bits(0x3bffc2757d000000), f64::from_bits(0x39ff534ddc0db629)],
    [f64::from_bits(0x3dac882a52000000), f64::from_bits(0x3bef84eafa000000), f64::from_bits(0x39ff534ddc0db629)],
    [f64::from_bits(0x3dac882a53000000), f64::from_bits(0x3bdf09d5f4000000), f64::from_bits(0x39ff534ddc0db629)],
    [f64::from_bits(0x3d991054a7000000), f64::from_bits(0x3bce13abe8000000), f64::from_bits(0x39ff534ddc0db629)],
    [f64::from_bits(0x3d8220a94f000000), f64::from_bits(0x3bbc2757d1000000), f64::from_bits(0x39eea69bb81b6c53)],
    [f64::from_bits(0x3d51054a7c000000), f64::from_bits(0x3ba84eafa3000000), f64::from_bits(0x39dd4d377036d8a5)],
    [f64::from_bits(0x3d51054a7e000000), f64::from_bits(0x3b909d5f47000000), f64::from_bits(0x39ca9a6ee06db14b)],
    [f64::from_bits(0x3d51054a7f000000), f64::from_bits(0x3b43abe8f0000000), f64::from_bits(0x39b534ddc0db6296)],
    [f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8f8000000), f64::from_bits(0x3994d377036d8a56)],
    [f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8f8000000), f64::from_bits(0x3994d377036d8a56)],
    [f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa000000), f64::from_bits(0x39734ddc0db6295a)],
    [f64::from_bits(0x3d1054a7f0000000), f64::from_bits(0x3b43abe8fa000000), f64::from_bits(0x39734ddc0db6295a)],
    [f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06db14acd)],
    [f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06db14acd)],
    [f64::from_bits(0x3cb529fc20000000), f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06db14acd)],
    [f64::from_bits(0x3cb529fc24000000), f64::from_bits(0x3b0abe8fa9000000), f64::from_bits(0x3934ddc0db629599)],
    [f64::from_bits(0x3cb529fc26000000), f64::from_bits(0x3af57d1f53000000), f64::from_bits(0x391377036d8a5665)],
    [f64::from_bits(0x3cb529fc27000000), f64::from_bits(0x3ad5f47d4c000000), f64::from_bits(0x391377036d8a5665)],
    [f64::from_bits(0x3c94a7f09c000000), f64::from_bits(0x3ad5f47d4d000000), f64::from_bits(0x38ebb81b6c52b328)],
    [f64::from_bits(0x3c94a7f09d000000), f64::from_bits(0x3ab7d1f534000000), f64::from_bits(0x38ebb81b6c52b328)],
    [f64::from_bits(0x3c729fc274000000), f64::from_bits(0x3ab7d1f534000000), f64::from_bits(0x38ebb81b6c52b328)],
    [f64::from_bits(0x3c729fc275000000), f64::from_bits(0x3a9f47d4d2000000), f64::from_bits(0x38d77036d8a5664f)],
    [f64::from_bits(0x3c44fe13a8000000), f64::from_bits(0x3a9f47d4d3000000), f64::from_bits(0x38bdc0db6295993c)],
    [f64::from_bits(0x3c44fe13aa000000), f64::from_bits(0x3a8e8fa9a6000000), f64::from_bits(0x38bdc0db6295993c)],
    [f64::from_bits(0x3c44fe13ab000000), f64::from_bits(0x3a7d1f534d000000), f64::from_bits(0x38ab81b6c52b3279)],
    [f64::from_bits(0x3c23f84eae000000), f64::from_bits(0x3a6a3ea69b000000), f64::from_bits(0x3897036d8a5664f1)],
    [f64::from_bits(0x3c23f84eaf000000), f64::from_bits(0x3a547d4d37000000), f64::from_bits(0x387c0db6295993c4)],
    [f64::from_bits(0x3bffc2757c000000), f64::from_bits(0x3a31f534dc000000), f64::from_bits(0x387c0db6295993c4)],
    [f64::from_bits(0x3bffc2757c000000), f64::from_bits(0x3a31f534dd000000), f64::from_bits(0x38681b6c52b32788)],
    [f64::from_bits(0x3bffc2757d000000), f64::from_bits(0x39ff534dd8000000), f64::from_bits(0x385036d8a5664f11)],
    [f64::from_bits(0x3bef84eafa000000), f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3bdf09d5f4000000), f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3bce13abe8000000), f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3bbc2757d1000000), f64::from_bits(0x39eea69bb8000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3ba84eafa3000000), f64::from_bits(0x39dd4d3770000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3b909d5f47000000), f64::from_bits(0x39ca9a6ee0000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3b43abe8f0000000), f64::from_bits(0x39b534ddc0000000), f64::from_bits(0x37eb6c52b3278872)],
    [f64::from_bits(0x3b43abe8f8000000), f64::from_bits(0x3994d37702000000), f64::from_bits(0x37d6d8a5664f10e4)],
    [f64::from_bits(0x3b43abe8f8000000), f64::from_bits(0x3994d37703000000), f64::from_bits(0x37bb6295993c4390)],
    [f64::from_bits(0x3b43abe8fa000000), f64::from_bits(0x39734ddc0c000000), f64::from_bits(0x37bb6295993c4390)],
    [f64::from_bits(0x3b43abe8fa000000), f64::from_bits(0x39734ddc0d000000), f64::from_bits(0x37a6c52b32788721)],
    [f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06c000000), f64::from_bits(0x378b14acc9e21c82)],
    [f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06c000000), f64::from_bits(0x378b14acc9e21c82)],
    [f64::from_bits(0x3b1d5f47d4000000), f64::from_bits(0x394a6ee06d000000), f64::from_bits(0x3776295993c43904)],
    [f64::from_bits(0x3b0abe8fa9000000), f64::from_bits(0x3934ddc0db000000), f64::from_bits(0x3758a5664f10e410)],
    [f64::from_bits(0x3af57d1f53000000), f64::from_bits(0x391377036c000000), f64::from_bits(0x3758a5664f10e410)],
    [f64::from_bits(0x3ad5f47d4c000000), f64::from_bits(0x391377036d000000), f64::from_bits(0x37414acc9e21c821)],
    [f64::from_bits(0x3ad5f47d4d000000), f64::from_bits(0x38ebb81b6c000000), f64::from_bits(0x3704acc9e21c8210)],
    [f64::from_bits(0x3ab7d1f534000000), f64::from_bits(0x38ebb81b6c000000), f64::from_bits(0x3704acc9e21c8210)],
    [f64::from_bits(0x3ab7d1f534000000), f64::from_bits(0x38ebb81b6c000000), f64::from_bits(0x3704acc9e21c8210)],
    [f64::from_bits(0x3a9f47d4d2000000), f64::from_bits(0x38d77036d8000000), f64::from_bits(0x3704acc9e21c8210)],
    [f64::from_bits(0x3a9f47d4d3000000), f64::from_bits(0x38bdc0db62000000), f64::from_bits(0x36e2b32788720840)],
    [f64::from_bits(0x3a8e8fa9a6000000), f64::from_bits(0x38bdc0db62000000), f64::from_bits(0x36e2b32788720840)],
    [f64::from_bits(0x3a7d1f534d000000), f64::from_bits(0x38ab81b6c5000000), f64::from_bits(0x36b5993c439041fe)],
    [f64::from_bits(0x3a6a3ea69b000000), f64::from_bits(0x3897036d8a000000), f64::from_bits(0x36b5993c439041fe)],
    [f64::from_bits(0x3a547d4d37000000), f64::from_bits(0x387c0db628000000), f64::from_bits(0x36b5993c439041fe)],
    [f64::from_bits(0x3a31f534dc000000), f64::from_bits(0x387c0db629000000), f64::from_bits(0x369664f10e4107f9)],
    [f64::from_bits(0x3a31f534dd000000), f64::from_bits(0x38681b6c52000000), f64::from_bits(0x369664f10e4107f9)],
    [f64::from_bits(0x39ff534dd8000000), f64::from_bits(0x385036d8a5000000), f64::from_bits(0x367993c439041fe5)],
    [f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c5280000000), f64::from_bits(0x367993c439041fe5)],
    [f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c52a0000000), f64::from_bits(0x3663278872083fca)],
    [f64::from_bits(0x39ff534ddc000000), f64::from_bits(0x37eb6c52b0000000), f64::from_bits(0x36393c439041fe51)],
    [f64::from_bits(0x39eea69bb8000000), f64::from_bits(0x37eb6c52b0000000), f64::from_bits(0x36393c439041fe51)],
    [f64::from_bits(0x39dd4d3770000000), f64::from_bits(0x37eb6c52b0000000), f64::from_bits(0x36393c439041fe51)],
    [f64::from_bits(0x39ca9a6ee0000000), f64::from_bits(0x37eb6c52b2000000), f64::from_bits(0x362278872083fca3)],
    [f64::from_bits(0x39b534ddc0000000), f64::from_bits(0x37eb6c52b3000000), f64::from_bits(0x35f3c439041fe516)],
    [f64::from_bits(0x3994d37702000000), f64::from_bits(0x37d6d8a566000000), f64::from_bits(0x35f3c439041fe516)],
    [f64::from_bits(0x3994d37703000000), f64::from_bits(0x37bb629598000000), f64::from_bits(0x35f3c439041fe516)],
    [f64::from_bits(0x39734ddc0c000000), f64::from_bits(0x37bb629599000000), f64::from_bits(0x35ce21c820ff28b2)],
    [f64::from_bits(0x39734ddc0d000000), f64::from_bits(0x37a6c52b32000000), f64::from_bits(0x35ce21c820ff28b2)],
];

/// `n` (as `q`, its low two bits) and `r = x - n pi/2` with `|r| <= pi/4` (to about `2^-52`
/// relative), for an `f32` `x`.
#[inline(always)]
fn reduce(x: f32) -> (u64, f64) {
    let biased = (x.to_bits() >> 23) & 0xff;
    let row = &TWO_OVER_PI[(biased.max(FIRST_SHIFTED) - FIRST_SHIFTED) as usize];
    let d = x as f64;
    // Exact products: 24 bits of x times 29 bits.
    let (p0, p1) = (d * row[0], d * row[1]);
    // n = round(p0 + p1), |p0 + p1| < 2^27: its low bits are the mantissa's of t.
    let t = (p0 + p1) + ROUND_F64;
    let n = t - ROUND_F64;
    let s = ((p0 - n) + p1) + d * row[2];
    (t.to_bits(), s * std::f64::consts::FRAC_PI_2)
}

/// `sin r` and `cos r` for `|r| <= pi/4` (a little more is harmless).
#[inline(always)]
fn sin_cos(r: f64) -> (f64, f64) {
    let z = r * r;
    let s = SIN[0] + z * (SIN[1] + z * (SIN[2] + z * SIN[3]));
    let c = COS[0] + z * (COS[1] + z * (COS[2] + z * COS[3]));
    // r (1 + z s), not r + r z s: -0.0 stays -0.0.
    (r * (1.0 + z * s), 1.0 + z * c)
}

/// `sin(n pi/2 + r)` for `|r| <= pi/4`, `q` the low bits of `n`: `±sin r` or `±cos r`, one
/// polynomial whose coefficients (and factor `r` or 1) the quadrant selects, so that a vector of
/// lanes in different quadrants evaluates one polynomial, not two.
#[inline(always)]
fn sin_quadrant(r: f64, q: u64) -> f64 {
    let odd = q & 1 != 0;
    let k = |i: usize| if odd { COS[i] } else { SIN[i] };
    let z = r * r;
    let p = k(0) + z * (k(1) + z * (k(2) + z * k(3)));
    // r (1 + z p), not r + r z p: -0.0 stays -0.0.
    let a = if odd { 1.0 } else { r };
    signed(a * (1.0 + z * p), q)
}

/// `y`, negated when bit 1 of `q` is set.
#[inline(always)]
fn signed(y: f64, q: u64) -> f64 {
    f64::from_bits(y.to_bits() ^ ((q & 2) << 62))
}

/// `sin x` of an `f32`.
#[inline(always)]
pub(super) fn sin_f32(x: f32) -> f32 {
    let (q, r) = reduce(x);
    sin_quadrant(r, q) as f32
}

/// `cos x` of an `f32`.
#[inline(always)]
pub(super) fn cos_f32(x: f32) -> f32 {
    let (q, r) = reduce(x);
    // cos(n pi/2 + r) = sin((n + 1) pi/2 + r).
    sin_quadrant(r, q.wrapping_add(1)) as f32
}

/// `tan x` of an `f32`.
#[inline(always)]
pub(super) fn tan_f32(x: f32) -> f32 {
    let (q, r) = reduce(x);
    let (s, c) = sin_cos(r);
    let (num, den) = if q & 1 == 0 { (s, c) } else { (-c, s) };
    (num / den) as f32
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_same_as_f64, bits_f32_strided, worst_vs_f64, F32Pair};
    use super::*;

    /// Each function beside std's `f64` one (the C library's, within 1 ULP of `f64`): rounded
    /// to `f32` it is the correctly rounded result but in rare double-rounding cases.
    const FUNCTIONS: [F32Pair; 3] = [
        (sin_f32, f64::sin, "sin"),
        (cos_f32, f64::cos, "cos"),
        (tan_f32, f64::tan, "tan"),
    ];

    /// The first 512 bits of `2/pi` after the binary point, in hexadecimal.
    const TWO_OVER_PI_HEX: &str =
        "a2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561\
        b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484\
        e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980f\
        ef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b";

    /// Bit `j` (weight `2^-j`, `j >= 1`) of `2/pi`.
    fn bit(j: u32) -> u64 {
        let digit = TWO_OVER_PI_HEX.as_bytes()[(j as usize - 1) / 4] as char;
        (digit.to_digit(16).unwrap() as u64 >> (3 - (j - 1) % 4)) & 1
    }

    /// `w` bits of `2/pi` from weight `2^-j0`, as an `f64` (exact for `w <= 53`).
    fn bits_value(j0: u32, w: u32) -> f64 {
        let v = (j0..j0 + w).fold(0u64, |v, j| (v << 1) | bit(j));
        v as f64 * 2f64.powi(-((j0 + w - 1) as i32))
    }

    #[test]
    fn table_rows_are_the_bits_of_two_over_pi() {
        for (i, row) in TWO_OVER_PI.iter().enumerate() {
            let e = i as i32 + FIRST_SHIFTED as i32 - 150;
            let j0 = (e - 1).max(1) as u32;
            assert_eq!(row[0], bits_value(j0, 29), "row {i}");
            assert_eq!(row[1], bits_value(j0 + 29, 29), "row {i}");
            // The rest: 53 bits from its leading one, rounded by the bit after them (the bits
            // after that never make a tie here).
            let lead = (j0 + 58..).find(|&j| bit(j) == 1).unwrap();
            let round = bit(lead + 53) as f64 * 2f64.powi(-((lead + 52) as i32));
            let c2 = bits_value(lead, 53) + round;
            assert_eq!(row[2], c2, "row {i}");
        }
    }

    #[test]
    fn special_values() {
        assert_same_as_f64(
            &FUNCTIONS,
            &[
                0.0f32,
                -0.0,
                1.0,
                -1.0,
                0.5,
                -0.5,
                1e-30,
                -1e-30,
                f32::from_bits(1),
                -f32::from_bits(1),
                f32::MIN_POSITIVE,
                std::f32::consts::FRAC_PI_4,
                std::f32::consts::FRAC_PI_2,
                std::f32::consts::PI,
                -std::f32::consts::PI,
                8.0,
                7.999999,
                1e4,
                1e10,
                -1e20,
                1e30,
                f32::MAX,
                -f32::MAX,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NAN,
            ],
        );
        assert_eq!(sin_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(tan_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(cos_f32(-0.0), 1.0);
    }

    #[test]
    fn every_f32_stride() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(997));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
            // Near 0 and the first multiples of pi/2, where the reduction cancels.
            let xs = (0.25f32.to_bits()..=20.0f32.to_bits())
                .step_by(61)
                .map(f32::from_bits);
            let (u, x) = worst_vs_f64(f, reference, xs);
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// The `f32`s nearest to every fifth multiple of `pi/2` up to `2^20 pi/2`, and their
    /// neighbours: the reductions that cancel most.
    #[test]
    fn near_multiples_of_half_pi() {
        let mut xs = Vec::new();
        for k in (1..1u32 << 20).step_by(5) {
            let x = (k as f64 * std::f64::consts::FRAC_PI_2) as f32;
            xs.extend([
                f32::from_bits(x.to_bits() - 1),
                x,
                f32::from_bits(x.to_bits() + 1),
            ]);
        }
        for &(f, reference, name) in &FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, xs.iter().copied());
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }

    /// Every `f32`: `cargo test -p array-runtime --release --lib -- --ignored exhaustive`.
    #[test]
    #[ignore = "2^32 inputs per function: run in release"]
    fn exhaustive_trig_f32() {
        for (f, reference, name) in FUNCTIONS {
            let (u, x) = worst_vs_f64(f, reference, bits_f32_strided(1));
            assert!(u <= 1, "{u} ulps from the correctly rounded {name}({x:e})");
        }
    }
}
