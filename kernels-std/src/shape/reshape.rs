//! `reshape`, `ravel`, `flatten`: the same elements in C order under a new shape.

use array_runtime::shape::{self, Layout};
use array_runtime::{Array, DType, Error, Result, ShapeSpec};

use super::kernels::view;

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
