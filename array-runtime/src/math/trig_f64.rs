//! `tan` of `f64` for `|x| < 2^20` (the small-argument form [`tan_f64_small`], which flags every
//! other argument), within 1 ULP; [`tan_f64`] is the same bits below `2^20` and std's (the C
//! library's) beyond, where a reduction needs more bits of `2/pi` than constants can hold
//! without a table.
//!
//! The reduction is Cody-Waite's with `pi/2` in four parts: `C1`, `C2` and `C3` of 33 bits
//! (their products with `n < 2^20` are exact) and `C4` of 53, the bits after it weighing
//! below `2^-152`. `a - n C1` is exact (Sterbenz), the next two subtractions are kept exact as
//! pairs (Knuth's TwoSum) and `n C4` rounds by less than `2^-130`: `r = rh + rl` is within
//! `2^-128` of `a - n pi/2`, which an `f64` below `2^20` keeps above `2^-62` (or exactly 0 at
//! `a = 0`), so `r` is accurate to `2^-66` relative.
//!
//! `sin r` and `cos r` on `|r| <= pi/4` are their Taylor series to `r^17` and `r^18` (the
//! first omitted terms below `2^-62` of the result), carried as pairs: `sin r = rh + ...`,
//! `cos r = 1 - zh/2 + ...` with `rh^2 = zh + zl` exact (Dekker's product) and the rounding
//! error of `1 - zh/2` kept; `tan` is their quotient (or `-cos r / sin r` in odd quadrants)
//! corrected once, its error before the final rounding some `2^-60` relative. The function is
//! odd: computed for `|x|`, the sign put back (`-0.0` gives `-0.0`).

use super::bits::ROUND_F64;
use super::dd::{div, fast_two_sum, two_prod, two_sum};

/// `pi/2 = C1 + C2 + C3 + C4 + O(2^-152)`, the first three of 33 significant bits.
const C1: f64 = 1.5707963267341256;
const C2: f64 = 6.077100506303966e-11;
const C3: f64 = 2.0222662487111665e-21;
const C4: f64 = 8.4784276603689e-32;

/// The bound of the arguments of [`tan_f64_small`]: `2^20`, so that `n < 2^20`.
const SMALL_LIMIT_F64: f64 = 1048576.0;

/// `(-1)^k / (2k + 1)!` for `k = 1..=8`: `sin r = r + r z S(z)`, `z = r^2`.
const SIN_F64: [f64; 8] = [
    -1.0 / 6.0,
    1.0 / 120.0,
    -1.0 / 5040.0,
    1.0 / 362880.0,
    -1.0 / 39916800.0,
    1.0 / 6227020800.0,
    -1.0 / 1307674368000.0,
    1.0 / 355687428096000.0,
];

/// `(-1)^k / (2k)!` for `k = 2..=9`: `cos r = 1 - z/2 + z^2 C(z)`.
const COS_F64: [f64; 8] = [
    1.0 / 24.0,
    -1.0 / 720.0,
    1.0 / 40320.0,
    -1.0 / 3628800.0,
    1.0 / 479001600.0,
    -1.0 / 87178291200.0,
    1.0 / 20922789888000.0,
    -1.0 / 6402373705728000.0,
];

/// `c[0] + c[1] z + ...` as `(c[0] + ... + c[3] z^3) + z^4 (c[4] + ... + c[7] z^3)`.
#[inline(always)]
fn poly8(z: f64, c: &[f64; 8]) -> f64 {
    let z2 = z * z;
    let lo = (c[0] + c[1] * z) + z2 * (c[2] + c[3] * z);
    let hi = (c[4] + c[5] * z) + z2 * (c[6] + c[7] * z);
    lo + (z2 * z2) * hi
}

/// `a = n pi/2 + rh + rl` for `0 <= a < 2^20`: `(bits of n, rh, rl)`.
#[inline(always)]
fn reduce(a: f64) -> (u64, f64, f64) {
    let t = a * std::f64::consts::FRAC_2_PI + ROUND_F64;
    let n = t - ROUND_F64;
    let y1 = a - n * C1;
    let (h, l1) = two_sum(y1, -(n * C2));
    let (h, l2) = two_sum(h, -(n * C3));
    let (rh, rl) = fast_two_sum(h, (l1 + l2) - n * C4);
    (t.to_bits(), rh, rl)
}

/// `tan(n pi/2 + rh + rl)` for `|rh| <= pi/4` (a little more is harmless), `q` the low bits
/// of `n`.
#[inline(always)]
fn tan_reduced(q: u64, rh: f64, rl: f64) -> f64 {
    let (zh, zl) = two_prod(rh, rh);
    // sin r = rh + sl.
    let sl = rh * (zh * poly8(zh, &SIN_F64)) + rl * (1.0 - 0.5 * zh);
    // cos r = ch + cl: 1 - zh/2 exact as a pair (Fast2Sum), then the small terms.
    let hz = 0.5 * zh;
    let ch = 1.0 - hz;
    let cl = ((1.0 - ch) - hz) + ((zh * zh * poly8(zh, &COS_F64) - 0.5 * zl) - rh * rl);
    // Normalized (the tails below the heads' last places) for the quotient's correction.
    let (sh, sl) = fast_two_sum(rh, sl);
    let (ch, cl) = fast_two_sum(ch, cl);
    let odd = q & 1 != 0;
    let (nh, nl) = if odd { (-ch, -cl) } else { (sh, sl) };
    let (dh, dl) = if odd { (sh, sl) } else { (ch, cl) };
    let (t, tc) = div(nh, nl, dh, dl);
    t + tc
}

/// `tan x` of an `f64` for `|x| < 2^20`, setting `*large` for any other `x` (NaN and `±inf`
/// included), whose result is then meaningless.
#[inline(always)]
pub(super) fn tan_f64_small(x: f64, large: &mut bool) -> f64 {
    let a = x.abs();
    *large |= (a >= SMALL_LIMIT_F64) | a.is_nan();
    let (q, rh, rl) = reduce(a);
    let y = tan_reduced(q, rh, rl);
    f64::from_bits(y.to_bits() ^ (x.to_bits() & (1 << 63)))
}

/// `tan x` of an `f64`: [`tan_f64_small`] below `2^20`, std's beyond (and for NaN and `±inf`).
#[inline(always)]
pub(super) fn tan_f64(x: f64) -> f64 {
    let mut large = false;
    let y = tan_f64_small(x, &mut large);
    if large {
        x.tan()
    } else {
        y
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_exact, random_f64s, uniform_f64s, worst_vs};
    use super::*;

    #[test]
    fn special_values() {
        let tiny = f64::from_bits(1);
        assert_exact(
            "tan",
            tan_f64,
            &[
                (0.0, 0.0),
                (-0.0, -0.0),
                (tiny, tiny),
                (-tiny, -tiny),
                (1e-300, 1e-300),
                (f64::INFINITY, f64::NAN),
                (f64::NEG_INFINITY, f64::NAN),
                (f64::NAN, f64::NAN),
                (1e300, 1e300f64.tan()),
                (-1e7, (-1e7f64).tan()),
            ],
        );
    }

    /// The small-argument form: the same bits as [`tan_f64`] below `2^20`, `large` set from
    /// there on (and for NaN and `±inf`).
    #[test]
    fn small_arguments_same_bits() {
        let below = f64::from_bits(SMALL_LIMIT_F64.to_bits() - 1);
        let xs = [
            below,
            -below,
            SMALL_LIMIT_F64,
            -SMALL_LIMIT_F64,
            f64::NAN,
            f64::INFINITY,
        ];
        for x in random_f64s(100_000, 51).chain(xs) {
            let mut large = false;
            let y = tan_f64_small(x, &mut large);
            assert_eq!(large, x.abs() >= SMALL_LIMIT_F64 || x.is_nan(), "{x:e}");
            if !large {
                assert_eq!(y.to_bits(), tan_f64(x).to_bits(), "{x:e}");
            }
        }
    }

    /// Millions of points beside the C library's `tan` (within 1 ULP of the correctly
    /// rounded result), and the `f64`s nearest to multiples of `pi/2`, where the reduction
    /// cancels most; the bound of 1 ULP of the correctly rounded result is checked against
    /// mpmath's (`reference_f64`).
    #[test]
    fn sweeps() {
        let xs = uniform_f64s(500_000, -4.0, 4.0, 52)
            .chain(uniform_f64s(300_000, -SMALL_LIMIT_F64, SMALL_LIMIT_F64, 53))
            .chain(uniform_f64s(200_000, 0.785, 0.786, 54))
            .chain(random_f64s(300_000, 55));
        let (u, x) = worst_vs(tan_f64, f64::tan, xs);
        assert!(u <= 1, "{u} ulps from the C library's tan({x:e})");
        let near = (1..200_000u32).step_by(3).flat_map(|k| {
            let x = k as f64 * std::f64::consts::FRAC_PI_2;
            [x.next_down(), x, x.next_up()]
        });
        let (u, x) = worst_vs(tan_f64, f64::tan, near);
        assert!(u <= 1, "{u} ulps from the C library's tan({x:e})");
    }
}
