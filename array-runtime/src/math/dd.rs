//! Error-free transformations of `f64` arithmetic (pairs `hi + lo` whose sum carries about 106
//! bits), for the `f64` functions that need more than `f64` precision in an intermediate:
//! Knuth's and Dekker's sums, Dekker's exact product (Veltkamp's split, plain multiplications:
//! no FMA, so the same bits on every x86-64) and a quotient of two pairs with one correction.
//! Straight-line code that vectorizes.

/// Veltkamp's split of `a` into two halves of 26 bits: `a = hi + lo`, every product of two
/// halves exact (for `|a| < 2^996`: beyond, `134217729 a` overflows).
#[inline(always)]
pub(super) fn halves(a: f64) -> (f64, f64) {
    let c = 134217729.0 * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

/// Dekker's product of `a` (already split into `ah + al`) and `b`: `a b = p + e` exactly
/// (barring underflow and overflow), `p` the rounded product.
#[inline(always)]
pub(super) fn two_prod_split(a: f64, (ah, al): (f64, f64), b: f64) -> (f64, f64) {
    let p = a * b;
    let (bh, bl) = halves(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// Dekker's product: `a b = p + e` exactly (barring underflow and overflow).
#[inline(always)]
pub(super) fn two_prod(a: f64, b: f64) -> (f64, f64) {
    two_prod_split(a, halves(a), b)
}

/// Knuth's sum: `a + b = s + e` exactly, `s` the rounded sum (any magnitudes).
#[inline(always)]
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// Dekker's sum for `|a| >= |b|` (or `a = 0`): `a + b = s + e` exactly.
#[inline(always)]
pub(super) fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// `(nh + nl) / (dh + dl)` as `q + c`: the rounded quotient of the heads and the correction
/// `(n - q d) / dh`, the residual computed exactly but for `q dl`; the pair is the quotient to
/// about `2^-100` relative (for `|nl| <= 2^-50 |nh|`, `|dl| <= 2^-50 |dh|`).
#[inline(always)]
pub(super) fn div(nh: f64, nl: f64, dh: f64, dl: f64) -> (f64, f64) {
    let q = nh / dh;
    let (p, pe) = two_prod(q, dh);
    let r = (((nh - p) - pe) + nl) - q * dl;
    (q, r / dh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_transformations() {
        // (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60: the last term is the rounding error.
        let a = 1.0 + 2f64.powi(-30);
        assert_eq!(two_prod(a, a), (1.0 + 2f64.powi(-29), 2f64.powi(-60)));
        let (a, b) = (0.1f64, -0.7f64);
        let (p, e) = two_prod(a, b);
        assert_eq!(p, a * b);
        assert!(e != 0.0 && e.abs() <= p.abs() * f64::EPSILON / 2.0);
        let (hi, lo) = halves(a);
        assert_eq!(hi + lo, a);
        assert_eq!(hi.to_bits() & ((1 << 27) - 1), 0);
        let (s, e) = two_sum(1.0, 1e-20);
        assert_eq!((s, e), (1.0, 1e-20));
        let (s, e) = two_sum(1e-20, 1.0);
        assert_eq!((s, e), (1.0, 1e-20));
        let (s, e) = fast_two_sum(1.0, -1e-20);
        assert_eq!((s, e), (1.0, -1e-20));
        // 1/3 as a pair: 3 q + 3 c is 1 to far below f64's precision.
        let (q, c) = div(1.0, 0.0, 3.0, 0.0);
        assert_eq!(q, 1.0 / 3.0);
        let (t, te) = two_prod(q, 3.0);
        assert!(((t - 1.0) + te + 3.0 * c).abs() < 1e-30);
    }
}
