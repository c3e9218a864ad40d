//! Views: new layouts over the same storage (transpose, permute, broadcast, reshape, index,
//! flip, swap, insert and squeeze axes; slicing is in [`crate::slice`]).
//! None of these copy elements, except `reshape` of a layout that cannot be viewed in the new
//! shape, which copies (as NumPy does).

use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::{self, Layout};

impl<T: DType> Array<T> {
    fn with_layout(&self, layout: Layout) -> Array<T> {
        Array::from_parts(self.storage.clone(), layout)
    }

    /// The transpose: dimensions in reverse order (a view).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i64>>())?;
    /// assert_eq!(a.t().shape(), &[3, 2]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn t(&self) -> Array<T> {
        let mut l = self.layout.clone();
        l.shape.reverse();
        l.strides.reverse();
        self.with_layout(l)
    }

    /// The dimensions reordered by `axes` (a permutation; negative axes count from the end).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 3, 4])?;
    /// assert_eq!(a.permute(&[2, 0, 1])?.shape(), &[4, 2, 3]);
    /// assert!(a.permute(&[0, 0, 1]).is_err());
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn permute(&self, axes: &[isize]) -> Result<Array<T>> {
        let nd = self.ndim();
        if axes.len() != nd {
            return Err(Error::invalid(format!(
                "permute: {} axes given for an array of dimension {nd}",
                axes.len()
            )));
        }
        let mut seen = vec![false; nd];
        let mut l = Layout {
            shape: Vec::with_capacity(nd),
            strides: Vec::with_capacity(nd),
            offset: self.layout.offset,
        };
        for &a in axes {
            let a = shape::normalize_axis(a, nd)?;
            if std::mem::replace(&mut seen[a], true) {
                return Err(Error::invalid(format!(
                    "permute: repeated axis in {axes:?}"
                )));
            }
            l.shape.push(self.layout.shape[a]);
            l.strides.push(self.layout.strides[a]);
        }
        Ok(self.with_layout(l))
    }

    /// A view broadcast to `shape` (NumPy's `broadcast_to`): dimensions of extent 1 repeat
    /// with stride 0.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[3], vec![1, 2, 3u8])?;
    /// let b = a.broadcast_to(&[2, 3])?;
    /// assert_eq!(b.to_vec()?, vec![1, 2, 3, 1, 2, 3]);
    /// assert!(a.broadcast_to(&[4]).is_err());
    /// assert!(a.broadcast_to(&[usize::MAX, 2, 3]).is_err()); // more elements than usize counts
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Array<T>> {
        // No array can have a shape past NumPy's bound, views included.
        Self::checked_len(shape)?;
        match self.layout.broadcast_to(shape) {
            Some(l) => Ok(self.with_layout(l)),
            None => Err(Error::Broadcast {
                op: "broadcast_to".into(),
                shapes: vec![self.shape().to_vec(), shape.to_vec()],
            }),
        }
    }

    /// The same elements in a new shape (C order), where one extent may be `-1`, inferred
    /// from the others and the array's length (NumPy's `a.reshape(2, -1)`). A view when the
    /// layout allows it, else a copy (as NumPy does).
    ///
    /// `shape` is a reference to any [`ShapeSpec`]: `&[2, 3]`, `&[2, -1]` (integer literals
    /// infer), a `&[usize]`, `&[isize]` or `&Vec<usize>`.
    ///
    /// Errors: a size that differs from the array's ([`Error::Reshape`]); with a `-1`, an
    /// [`Error::Invalid`] in NumPy's words ("can only specify one unknown dimension",
    /// "cannot reshape array of size 6 into shape (4,-1)"); a negative extent other than
    /// `-1` (NumPy treats every negative extent as unknown); a shape too big for any array
    /// ([`Error::TooBig`]).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[6], (0..6).collect::<Vec<i32>>())?;
    /// let b = a.reshape(&[2, 3])?;
    /// assert_eq!(b.t().reshape(&[6])?.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
    /// assert_eq!(a.reshape(&[-1, 2])?.shape(), &[3, 2]);
    /// let dims: Vec<usize> = vec![3, 2];
    /// assert_eq!(a.reshape(&dims)?.shape(), &[3, 2]);
    /// let err = a.reshape(&[4, -1]).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot reshape array of size 6 into shape (4,-1)");
    /// assert!(a.reshape(&[-1, -1]).is_err());
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn reshape<S: ShapeSpec + ?Sized>(&self, shape: &S) -> Result<Array<T>> {
        let shape = shape.resolve(self.len())?;
        self.reshape_exact(&shape)
    }

    /// `reshape` to a shape without `-1`.
    fn reshape_exact(&self, shape: &[usize]) -> Result<Array<T>> {
        if Self::checked_len(shape)? != self.len() {
            return Err(Error::Reshape {
                from: self.shape().to_vec(),
                to: shape.to_vec(),
            });
        }
        match reshape_strides(&self.layout, shape) {
            Some(strides) => Ok(self.with_layout(Layout {
                shape: shape.to_vec(),
                strides,
                offset: self.layout.offset,
            })),
            None => self.copy()?.reshape_exact(shape),
        }
    }

    /// The sub-array at `index` along `axis` (NumPy's `a[:, i]` for axis 1): a view with that
    /// axis removed. Negative `axis` and `index` count from the end.
    ///
    /// ```
    /// use array_runtime::{Array, Device, Error};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 3], (0..6).collect::<Vec<i32>>())?;
    /// assert_eq!(a.index_axis(1, -1)?.to_vec()?, vec![2, 5]);
    /// assert_eq!(a.index_axis(0, 1)?.to_vec()?, vec![3, 4, 5]);
    /// assert!(matches!(a.index_axis(0, 2), Err(Error::Index { .. })));
    /// assert!(matches!(a.index_axis(2, 0), Err(Error::Axis { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn index_axis(&self, axis: isize, index: isize) -> Result<Array<T>> {
        let axis = shape::normalize_axis(axis, self.ndim())?;
        let d = self.layout.shape[axis];
        let n = d as isize;
        if index < -n || index >= n {
            return Err(Error::Index {
                message: format!("index {index} is out of bounds for axis {axis} with size {d}"),
            });
        }
        let i = if index < 0 { index + n } else { index };
        let mut l = self.layout.clone();
        l.offset = (l.offset as isize + i * l.strides[axis]) as usize;
        l.shape.remove(axis);
        l.strides.remove(axis);
        Ok(self.with_layout(l))
    }

    /// The elements in reverse order along `axis` (NumPy's `flip`, `a[::-1]`): a view with a
    /// negated stride.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1u8, 2, 3, 4])?;
    /// assert_eq!(a.flip(1)?.to_vec()?, vec![2, 1, 4, 3]);
    /// assert_eq!(a.flip(-2)?.strides(), &[-2, 1]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn flip(&self, axis: isize) -> Result<Array<T>> {
        let axis = shape::normalize_axis(axis, self.ndim())?;
        let mut l = self.layout.clone();
        let (d, s) = (l.shape[axis], l.strides[axis]);
        if d > 0 {
            l.offset = (l.offset as isize + (d as isize - 1) * s) as usize;
        }
        l.strides[axis] = -s;
        Ok(self.with_layout(l))
    }

    /// The array with axes `a` and `b` exchanged (NumPy's `swapaxes`): a view.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f64>::zeros(&Device::cpu(), &[2, 3, 4])?;
    /// assert_eq!(a.swap_axes(0, -1)?.shape(), &[4, 3, 2]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn swap_axes(&self, a: isize, b: isize) -> Result<Array<T>> {
        let a = shape::normalize_axis(a, self.ndim())?;
        let b = shape::normalize_axis(b, self.ndim())?;
        let mut l = self.layout.clone();
        l.shape.swap(a, b);
        l.strides.swap(a, b);
        Ok(self.with_layout(l))
    }

    /// A view with a new axis of extent 1 at position `axis` of the result (NumPy's
    /// `expand_dims`): `axis` ranges over `-(ndim + 1)..=ndim`.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<i16>::zeros(&Device::cpu(), &[2, 3])?;
    /// assert_eq!(a.insert_axis(1)?.shape(), &[2, 1, 3]);
    /// assert_eq!(a.insert_axis(-1)?.shape(), &[2, 3, 1]);
    /// assert!(a.insert_axis(3).is_err());
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn insert_axis(&self, axis: isize) -> Result<Array<T>> {
        let axis = shape::normalize_axis(axis, self.ndim() + 1)?;
        shape::check_ndim(self.ndim() + 1)?;
        let mut l = self.layout.clone();
        l.shape.insert(axis, 1);
        l.strides.insert(axis, 0);
        Ok(self.with_layout(l))
    }

    /// A view without the axes of extent 1 (NumPy's `squeeze` with no axis).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<bool>::zeros(&Device::cpu(), &[1, 3, 1])?;
    /// assert_eq!(a.squeeze().shape(), &[3]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn squeeze(&self) -> Array<T> {
        let (shape, strides) = self
            .layout
            .shape
            .iter()
            .zip(&self.layout.strides)
            .filter(|&(&d, _)| d != 1)
            .map(|(&d, &s)| (d, s))
            .unzip();
        self.with_layout(Layout {
            shape,
            strides,
            offset: self.layout.offset,
        })
    }

    /// Reshape where one dimension may be `-1`, inferred from the others (NumPy's spelling):
    /// the same as [`Array::reshape`], which takes `-1` too.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[4, 3])?;
    /// assert_eq!(a.reshape_infer(&[2, -1])?.shape(), &[2, 6]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn reshape_infer(&self, shape: &[isize]) -> Result<Array<T>> {
        self.reshape(shape)
    }
}

/// Strides that view `layout`'s elements, in C order, as `shape`; `None` when no view can.
fn reshape_strides(layout: &Layout, shape: &[usize]) -> Option<Vec<isize>> {
    if layout.is_c_contiguous() {
        return Some(shape::c_strides(shape));
    }
    // Group the old dimensions (ignoring extent-1 ones) into runs that are contiguous with
    // each other, then map new dimensions onto those runs.
    let old: Vec<(usize, isize)> = layout
        .shape
        .iter()
        .zip(&layout.strides)
        .filter(|&(&d, _)| d != 1)
        .map(|(&d, &s)| (d, s))
        .collect();
    let mut strides = vec![0isize; shape.len()];
    let (mut oi, mut ni) = (0usize, 0usize);
    while ni < shape.len() {
        if shape[ni] == 1 {
            strides[ni] = 0;
            ni += 1;
            continue;
        }
        if oi >= old.len() {
            return None;
        }
        // Take old dims until their product matches new dims' product.
        let (mut op, mut np) = (old[oi].0, shape[ni]);
        let (ostart, nstart) = (oi, ni);
        while op != np {
            if op < np {
                oi += 1;
                if oi >= old.len() {
                    return None;
                }
                op *= old[oi].0;
            } else {
                ni += 1;
                if ni >= shape.len() {
                    return None;
                }
                np *= shape[ni];
            }
        }
        // The old run ostart..=oi must be contiguous within itself.
        for k in ostart..oi {
            if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                return None;
            }
        }
        // Assign strides to new dims nstart..=ni from the innermost old stride.
        let mut s = old[oi].1;
        for k in (nstart..=ni).rev() {
            strides[k] = if shape[k] == 1 { 0 } else { s };
            s *= shape[k] as isize;
        }
        oi += 1;
        ni += 1;
    }
    if oi != old.len() {
        return None;
    }
    Some(strides)
}

/// One extent of a [`ShapeSpec`]: an unsigned or signed integer (`-1` for the inferred one).
///
/// ```
/// use array_runtime::Extent;
/// assert_eq!((-1isize).to_i128(), -1);
/// assert_eq!(usize::MAX.to_i128(), u64::MAX as i128);
/// ```
pub trait Extent: Copy {
    /// The extent as an `i128`, which holds every `usize` and `isize`.
    fn to_i128(self) -> i128;
}

macro_rules! extents {
    ($($t:ty),*) => {$(
        impl Extent for $t {
            fn to_i128(self) -> i128 {
                self as i128
            }
        }
    )*};
}
extents!(usize, isize, u64, i64, u32, i32);

/// A shape as [`Array::reshape`] takes it (by reference): extents (`usize`, `isize`, `i64`,
/// `i32`, ...), one of which may be `-1`, in a slice, an array or a `Vec`. Integer
/// literals infer (`&[2, -1]` is a `&[i32; 2]`), and `&[usize]` shapes keep compiling. An
/// extent written as a literal alone is therefore an `i32`: past `i32::MAX`, give it a type
/// (`&[1usize << 40]`; rustc rejects `&[1 << 40]` as an overflow).
///
/// ```
/// use array_runtime::ShapeSpec;
/// assert_eq!(ShapeSpec::resolve(&[2, -1], 6)?, vec![2, 3]);
/// assert_eq!(vec![3usize, 2].resolve(6)?, vec![3, 2]);
/// assert_eq!([2isize, -1, 5].resolve(0)?, vec![2, 0, 5]);
/// assert!([-1, -1].resolve(6).is_err());
/// assert!([0, -1].resolve(0).is_err()); // as NumPy: no extent makes 0 * n == 0 one answer
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait ShapeSpec {
    /// The extents as given, each as an `i128`.
    fn extents(&self) -> Vec<i128>;

    /// The shape for `size` elements: the extents, with a `-1` replaced by what makes the
    /// product `size` (NumPy's rules). Does not check that the product of extents given
    /// without `-1` is `size`; [`Array::reshape`] does.
    ///
    /// Errors ([`Error::Invalid`]): two `-1`s, another negative extent, a `-1` that no
    /// extent makes fit (the known extents' product is zero, does not divide `size`, or
    /// overflows), an extent beyond `usize`.
    fn resolve(&self, size: usize) -> Result<Vec<usize>> {
        resolve_extents(&self.extents(), size)
    }
}

impl<E: Extent> ShapeSpec for [E] {
    fn extents(&self) -> Vec<i128> {
        self.iter().map(|&e| e.to_i128()).collect()
    }
}

impl<E: Extent, const N: usize> ShapeSpec for [E; N] {
    fn extents(&self) -> Vec<i128> {
        self.as_slice().extents()
    }
}

impl<E: Extent> ShapeSpec for Vec<E> {
    fn extents(&self) -> Vec<i128> {
        self.as_slice().extents()
    }
}

impl<S: ShapeSpec + ?Sized> ShapeSpec for &S {
    fn extents(&self) -> Vec<i128> {
        (**self).extents()
    }
}

/// NumPy's spelling of a requested shape: `(4,-1)`, `(4,)`, `()`.
fn shape_text(extents: &[i128]) -> String {
    let inner: Vec<String> = extents.iter().map(i128::to_string).collect();
    match inner.len() {
        1 => format!("({},)", inner[0]),
        _ => format!("({})", inner.join(",")),
    }
}

/// [`ShapeSpec::resolve`] on extents.
fn resolve_extents(extents: &[i128], size: usize) -> Result<Vec<usize>> {
    let mut unknown = None;
    for (i, &d) in extents.iter().enumerate() {
        if d == -1 {
            if unknown.replace(i).is_some() {
                return Err(Error::invalid("can only specify one unknown dimension"));
            }
        } else if d < 0 {
            return Err(Error::invalid(format!(
                "reshape: negative extent {d} in shape {}: only one extent may be -1 \
                 (inferred)",
                shape_text(extents)
            )));
        }
    }
    let misfit = || {
        Error::invalid(format!(
            "cannot reshape array of size {size} into shape {}",
            shape_text(extents)
        ))
    };
    let mut out = Vec::with_capacity(extents.len());
    for &d in extents {
        out.push(match usize::try_from(d) {
            Ok(d) => d,
            Err(_) if d == -1 => 0,
            Err(_) => return Err(misfit()),
        });
    }
    if let Some(i) = unknown {
        // The known extents' product, checked: `[isize::MAX, isize::MAX, -1]` has none.
        let known = out
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != i)
            .try_fold(1usize, |acc, (_, &d)| acc.checked_mul(d))
            .ok_or_else(misfit)?;
        if known == 0 || !size.is_multiple_of(known) {
            return Err(misfit());
        }
        out[i] = size / known;
    }
    Ok(out)
}
