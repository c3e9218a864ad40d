//! `reshape`, `ravel`, `flatten`: the same elements in C order under a new shape, and with
//! NumPy's `order` keyword (`reshape_order`, `ravel_order`, `flatten_order`).

use array_runtime::shape::{self, Layout};
use array_runtime::{Array, DType, Error, Result, ShapeSpec};

use super::kernels::view;
use super::memory::isfortran;
use crate::creation::MemoryOrder;

/// `a` in `shape` (NumPy's `np.reshape(a, shape)`, C order), where one dimension may be `-1`
/// (inferred from the others). A view whenever NumPy's reshape gives one (the layout lets the
/// new dimensions be expressed with strides), else a C-contiguous copy made on `a`'s device.
///
/// `shape` is a reference to any [`ShapeSpec`]: `&[2, -1]` (integer literals infer),
/// `&[usize]`, `&[isize]`, `&Vec<usize>`, ... as [`Array::reshape`] takes it.
///
/// Errors: a size that differs from `a`'s ([`Error::Reshape`]); with a `-1`, NumPy's
/// messages ("can only specify one unknown dimension", "cannot reshape array of size 6 into
/// shape (4,-1)", an [`Error::Invalid`]); a negative extent other than `-1`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::reshape;
/// let a = Array::from_vec(&Device::cpu(), &[6], (0..6).collect::<Vec<i32>>())?;
/// let b = reshape(&a, &[2, -1])?;
/// assert_eq!(b.shape(), &[2, 3]);
/// assert_eq!(reshape(&b.t(), &[6])?.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
/// let dims: Vec<usize> = vec![3, 2];
/// assert_eq!(reshape(&a, &dims)?.shape(), &[3, 2]);
/// let err = reshape(&a, &[4, -1]).unwrap_err();
/// assert_eq!(err.to_string(), "cannot reshape array of size 6 into shape (4,-1)");
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reshape<T: DType, S: ShapeSpec + ?Sized>(a: &Array<T>, shape: &S) -> Result<Array<T>> {
    let new_shape = shape.resolve(a.len())?;
    if shape::checked_size(&new_shape)? != a.len() {
        return Err(Error::Reshape {
            from: a.shape().to_vec(),
            to: new_shape,
        });
    }
    match view_strides(a.layout(), &new_shape) {
        Some(strides) => view(
            a,
            Layout {
                shape: new_shape,
                strides,
                offset: a.layout().offset,
            },
        ),
        None => a.as_standard_layout()?.reshape(&new_shape),
    }
}

/// The elements of `a` as a 1-d array in C order (NumPy's `ravel`): a view when `reshape`
/// gives one, else a copy.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::ravel;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// assert_eq!(ravel(&a.t())?.to_vec()?, vec![1, 3, 2, 4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ravel<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    reshape(a, &[-1])
}

/// A 1-d copy of `a` in C order (NumPy's `a.flatten()`): always a new array.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::shape::flatten;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
/// assert_eq!(flatten(&a)?.shape(), &[4]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn flatten<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.copy()?.reshape(&[a.len()])
}

/// Strides that view `layout`'s elements, in C order, as `shape` (of the same size); `None`
/// when no strides can (NumPy's rule: each group of new dimensions must map onto a group of
/// old dimensions that are contiguous with each other).
pub(crate) fn view_strides(layout: &Layout, shape: &[usize]) -> Option<Vec<isize>> {
    if layout.is_c_contiguous() || layout.size() == 0 {
        return Some(shape::c_strides(shape));
    }
    let old: Vec<(usize, isize)> = layout
        .shape
        .iter()
        .zip(&layout.strides)
        .filter(|&(&d, _)| d != 1)
        .map(|(&d, &s)| (d, s))
        .collect();
    let mut strides = vec![0isize; shape.len()];
    let (mut oi, mut ni) = (0, 0);
    while ni < shape.len() && oi < old.len() {
        let (mut oj, mut nj) = (oi + 1, ni + 1);
        let (mut op, mut np) = (old[oi].0, shape[ni]);
        while np != op {
            if np < op {
                np *= *shape.get(nj)?;
                nj += 1;
            } else {
                op *= old.get(oj)?.0;
                oj += 1;
            }
        }
        for k in oi..oj - 1 {
            if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                return None;
            }
        }
        strides[nj - 1] = old[oj - 1].1;
        for k in (ni + 1..nj).rev() {
            strides[k - 1] = strides[k] * shape[k] as isize;
        }
        ni = nj;
        oi = oj;
    }
    let last = if ni >= 1 { strides[ni - 1] } else { 1 };
    for s in &mut strides[ni..] {
        *s = last;
    }
    Some(strides)
}

/// `order` resolved for `a` as NumPy resolves `'A'` (Fortran when `a` is Fortran-contiguous
/// and not C-contiguous, else C); `'K'` stays.
fn resolve_any<T: DType>(a: &Array<T>, order: MemoryOrder) -> MemoryOrder {
    match order {
        MemoryOrder::A if isfortran(a) => MemoryOrder::F,
        MemoryOrder::A => MemoryOrder::C,
        other => other,
    }
}

/// `a` with its axes reversed (NumPy's `a.T`), a view.
fn reversed<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let axes: Vec<isize> = (0..a.ndim() as isize).rev().collect();
    a.permute(&axes)
}

/// `a` with its axes ordered by decreasing stride magnitude (ties keep their order), so that
/// reading it in C order reads `a` in its memory order (NumPy's `'K'`), a view. The axes keep
/// their direction: NumPy's `ravel(order='K')` reads a reversed axis backwards too.
fn memory_ordered<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let strides = &a.layout().strides;
    let mut axes: Vec<usize> = (0..a.ndim()).collect();
    axes.sort_by_key(|&i| std::cmp::Reverse(strides[i].unsigned_abs()));
    let axes: Vec<isize> = axes.into_iter().map(|i| i as isize).collect();
    a.permute(&axes)
}

/// NumPy's `reshape(a, shape, order=order)`: [`reshape`] reading and placing the elements in
/// `order`. `F` reads and fills with the first index fastest (NumPy's `a.T.reshape(shape[::-1]).T`);
/// `A` is `F` for a Fortran-contiguous array that is not C-contiguous, else `C`; `K` is an
/// error, as in NumPy ("order 'K' is not permitted for reshaping"). A view whenever NumPy's
/// is one, else a copy.
///
/// ```
/// use kernels_std::creation::MemoryOrder;
/// use kernels_std::prelude::*;
/// use kernels_std::shape::reshape_order;
/// let a = Array::from_vec(&Device::cpu(), &[6], (0..6).collect::<Vec<i32>>())?;
/// // np.reshape(np.arange(6), (2, -1), order="F")
/// let f = reshape_order(&a, &[2, -1], MemoryOrder::F)?;
/// assert_eq!(f.shape(), &[2, 3]);
/// assert_eq!(f.as_standard_layout()?.to_vec()?, vec![0, 2, 4, 1, 3, 5]);
/// assert!(reshape_order(&a, &[6], MemoryOrder::K).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn reshape_order<T: DType, S: ShapeSpec + ?Sized>(
    a: &Array<T>,
    shape: &S,
    order: MemoryOrder,
) -> Result<Array<T>> {
    match resolve_any(a, order) {
        MemoryOrder::C => reshape(a, shape),
        MemoryOrder::F => {
            let mut new_shape = shape.resolve(a.len())?;
            new_shape.reverse();
            reversed(&reshape(&reversed(a)?, &new_shape)?)
        }
        _ => Err(Error::invalid("order 'K' is not permitted for reshaping")),
    }
}

/// NumPy's `ravel(a, order=order)`: the elements of `a` as a 1-d array read in `order`: `C`
/// (last index fastest), `F` (first index fastest), `A` (`F` for a Fortran-contiguous array
/// that is not C-contiguous, else `C`) or `K` (the order of the elements in memory, each axis
/// read in its own direction). A view when one can express it, else a copy.
///
/// ```
/// use kernels_std::creation::MemoryOrder;
/// use kernels_std::prelude::*;
/// use kernels_std::shape::ravel_order;
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<u8>>())?;
/// assert_eq!(ravel_order(&a, MemoryOrder::F)?.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
/// // the transpose is Fortran-contiguous: 'A' and 'K' read it in memory order
/// assert_eq!(ravel_order(&a.t(), MemoryOrder::A)?.to_vec()?, vec![0, 1, 2, 3, 4, 5]);
/// assert_eq!(ravel_order(&a.t(), MemoryOrder::K)?.to_vec()?, vec![0, 1, 2, 3, 4, 5]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn ravel_order<T: DType>(a: &Array<T>, order: MemoryOrder) -> Result<Array<T>> {
    match resolve_any(a, order) {
        MemoryOrder::C => ravel(a),
        MemoryOrder::F => ravel(&reversed(a)?),
        _ => ravel(&memory_ordered(a)?),
    }
}

/// NumPy's `a.flatten(order=order)`: [`ravel_order`], always a new array.
///
/// ```
/// use kernels_std::creation::MemoryOrder;
/// use kernels_std::prelude::*;
/// use kernels_std::shape::flatten_order;
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// assert_eq!(flatten_order(&a, MemoryOrder::F)?.to_vec()?, vec![1.0, 3.0, 2.0, 4.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn flatten_order<T: DType>(a: &Array<T>, order: MemoryOrder) -> Result<Array<T>> {
    match resolve_any(a, order) {
        MemoryOrder::C => flatten(a),
        MemoryOrder::F => flatten(&reversed(a)?),
        _ => flatten(&memory_ordered(a)?),
    }
}
