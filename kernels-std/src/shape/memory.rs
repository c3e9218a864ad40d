//! Memory layout routines: `ascontiguousarray`, `asfortranarray` and `isfortran`.
//!
//! A layout is F-contiguous when its reversed layout (its transpose) is C-contiguous; arrays
//! of at most one element, and 1-d arrays with unit stride, are both.

use array_runtime::{Array, DType, Result};

/// Whether `a`'s elements lie in Fortran (column-major) order, one after another.
fn is_f_contiguous<T: DType>(a: &Array<T>) -> bool {
    a.t().is_c_contiguous()
}

/// A C-contiguous array of at least one dimension (NumPy's `ascontiguousarray`): `a` itself
/// (sharing its storage) when it already is, else a C-ordered copy made on its device. As
/// NumPy's, a 0-d array becomes shape `[1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::ascontiguousarray;
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let c = ascontiguousarray(&a.t())?;
/// assert!(c.is_c_contiguous());
/// assert_eq!(c.shape(), &[3, 2]);
/// assert_eq!(c.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
/// assert_eq!(ascontiguousarray(&Array::scalar(&dev, 7i32)?)?.shape(), &[1]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ascontiguousarray<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let a = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    a.as_standard_layout()
}

/// A Fortran-contiguous (column-major) array of at least one dimension (NumPy's
/// `asfortranarray`): `a` itself (sharing its storage) when it already is, else an F-ordered
/// copy made on its device. The values and shape are `a`'s; a 0-d array becomes shape `[1]`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::{asfortranarray, isfortran};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], (0..6).collect::<Vec<i32>>())?;
/// let f = asfortranarray(&a)?;
/// assert!(isfortran(&f));
/// assert_eq!(f.shape(), &[2, 3]);
/// assert_eq!(f.strides(), &[1, 2]);
/// assert_eq!(f.to_vec()?, vec![0, 1, 2, 3, 4, 5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn asfortranarray<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let a = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    if is_f_contiguous(&a) {
        return Ok(a);
    }
    // A C-ordered copy of the transpose, transposed back, is F-ordered.
    Ok(a.t().as_standard_layout()?.t())
}

/// Whether `a` is Fortran-contiguous and not C-contiguous (NumPy's `isfortran`): `false` for
/// 0-d and 1-d arrays and any array of at most one element, which are both.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::isfortran;
/// let a = Array::<f64>::zeros(&Device::cpu(), &[2, 3])?;
/// assert!(!isfortran(&a));
/// assert!(isfortran(&a.t()));
/// assert!(!isfortran(&Array::<f64>::zeros(&Device::cpu(), &[3])?));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn isfortran<T: DType>(a: &Array<T>) -> bool {
    is_f_contiguous(a) && !a.is_c_contiguous()
}

/// Whether `a` and `b` may share memory (NumPy's `may_share_memory` with its default
/// `max_work`): they are views of one storage buffer and the ranges of storage their
/// elements span overlap. Empty arrays share nothing. It may say `true` for interleaved
/// views that touch no common element; [`shares_memory`] gives the exact answer.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::may_share_memory;
/// let a = Array::<f64>::zeros(&Device::cpu(), &[10])?;
/// assert!(may_share_memory(&a.slice(s![..;2])?, &a.slice(s![1..;2])?));
/// assert!(!may_share_memory(&a.slice(s![..5])?, &a.slice(s![5..])?));
/// assert!(!may_share_memory(&a, &a.copy()?));
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn may_share_memory<T: DType, U: DType>(a: &Array<T>, b: &Array<U>) -> bool {
    if !a.same_storage(b) {
        return false;
    }
    match (a.layout().offset_bounds(), b.layout().offset_bounds()) {
        (Some((alo, ahi)), Some((blo, bhi))) => alo <= bhi && blo <= ahi,
        _ => false,
    }
}

/// Whether `a` and `b` share at least one element of storage (NumPy's `shares_memory`),
/// answered exactly: do indices `i` of `a` and `j` of `b` exist with
/// `offset_a + Σ i_k·sa_k == offset_b + Σ j_k·sb_k`? This bounded linear Diophantine problem
/// is solved by a depth-first search over the terms (largest stride first) that bounds each
/// unknown by what the remaining terms can reach and prunes by their gcd. `max_work` bounds
/// the number of candidate values tried (NumPy's `max_work`; `None` is exact, unbounded);
/// exceeding it is an error (NumPy's `TooHardError`). Arrays on different storage, empty
/// arrays, and disjoint extents are `false` at no cost; views with the same layout, `true`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::shares_memory;
/// let a = Array::<f64>::zeros(&Device::cpu(), &[10])?;
/// // Interleaved views overlap in extent but not in elements.
/// assert!(!shares_memory(&a.slice(s![..;2])?, &a.slice(s![1..;2])?, None)?);
/// assert!(shares_memory(&a.slice(s![..;2])?, &a.slice(s![..;3])?, None)?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn shares_memory<T: DType, U: DType>(
    a: &Array<T>,
    b: &Array<U>,
    max_work: Option<usize>,
) -> Result<bool> {
    if !may_share_memory(a, b) {
        return Ok(false);
    }
    let (la, lb) = (a.layout(), b.layout());
    if la == lb {
        return Ok(true);
    }
    // Σ sa_k·i_k − Σ sb_k·j_k = off_b − off_a, every term rewritten with a positive
    // coefficient (x ↦ u − x moves a negative one to the right-hand side).
    let mut rhs = lb.offset as i128 - la.offset as i128;
    let mut terms: Vec<(i128, i128)> = Vec::new();
    let sides = [(la, 1i128), (lb, -1i128)];
    for (l, sign) in sides {
        for (&d, &s) in l.shape.iter().zip(&l.strides) {
            let (c, u) = (sign * s as i128, d as i128 - 1);
            if c == 0 || u == 0 {
                continue;
            }
            if c < 0 {
                rhs -= c * u;
            }
            terms.push((c.abs(), u));
        }
    }
    terms.sort_unstable_by_key(|t| std::cmp::Reverse(t.0));
    // reach[k]: the largest sum of terms k..; gcds[k]: their gcd.
    let n = terms.len();
    let (mut reach, mut gcds) = (vec![0i128; n + 1], vec![0i128; n + 1]);
    for k in (0..n).rev() {
        reach[k] = reach[k + 1] + terms[k].0 * terms[k].1;
        gcds[k] = gcd(gcds[k + 1], terms[k].0);
    }
    let mut work = 0usize;
    solve(&terms, &reach, &gcds, 0, rhs, &mut work, max_work)
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether `Σ_{k≥i} c_k·x_k = rhs` has a solution with `0 ≤ x_k ≤ u_k`.
fn solve(
    terms: &[(i128, i128)],
    reach: &[i128],
    gcds: &[i128],
    i: usize,
    rhs: i128,
    work: &mut usize,
    max_work: Option<usize>,
) -> Result<bool> {
    if rhs < 0 || rhs > reach[i] {
        return Ok(false);
    }
    if i == terms.len() {
        return Ok(rhs == 0);
    }
    if rhs % gcds[i] != 0 {
        return Ok(false);
    }
    let (c, u) = terms[i];
    if i + 1 == terms.len() {
        return Ok(rhs % c == 0 && rhs / c <= u);
    }
    // x must leave a remainder in [0, reach[i + 1]].
    let lo = (rhs - reach[i + 1] + c - 1).div_euclid(c).max(0);
    let hi = (rhs / c).min(u);
    for x in (lo..=hi).rev() {
        *work += 1;
        if max_work.is_some_and(|m| *work > m) {
            return Err(array_runtime::Error::invalid(format!(
                "shares_memory: exceeded max_work {} (NumPy's TooHardError)",
                max_work.unwrap_or(0)
            )));
        }
        if solve(terms, reach, gcds, i + 1, rhs - c * x, work, max_work)? {
            return Ok(true);
        }
    }
    Ok(false)
}
