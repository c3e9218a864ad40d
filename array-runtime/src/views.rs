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

    /// The same elements in a new shape (C order). A view when the layout allows it, else a
    /// copy (as NumPy does). See [`Array::reshape_infer`] for NumPy's `-1`.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[6], (0..6).collect::<Vec<i32>>())?;
    /// let b = a.reshape(&[2, 3])?;
    /// assert_eq!(b.t().reshape(&[6])?.to_vec()?, vec![0, 3, 1, 4, 2, 5]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn reshape(&self, shape: &[usize]) -> Result<Array<T>> {
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
            None => self.copy()?.reshape(shape),
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
            .filter(|(&d, _)| d != 1)
            .map(|(&d, &s)| (d, s))
            .unzip();
        self.with_layout(Layout {
            shape,
            strides,
            offset: self.layout.offset,
        })
    }

    /// Reshape where one dimension may be `-1`, inferred from the others (NumPy's spelling).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[4, 3])?;
    /// assert_eq!(a.reshape_infer(&[2, -1])?.shape(), &[2, 6]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn reshape_infer(&self, shape: &[isize]) -> Result<Array<T>> {
        let bad = || Error::Reshape {
            from: self.shape().to_vec(),
            to: shape.iter().map(|&d| d as usize).collect(),
        };
        let unknown: Vec<usize> = (0..shape.len()).filter(|&i| shape[i] == -1).collect();
        if unknown.len() > 1 || shape.iter().any(|&d| d < -1) {
            return Err(bad());
        }
        // The known extents' product, checked: `[isize::MAX, isize::MAX, -1]` has none.
        let known = shape
            .iter()
            .filter(|&&d| d >= 0)
            .try_fold(1usize, |acc, &d| acc.checked_mul(d as usize))
            .ok_or_else(bad)?;
        let mut out: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
        if let Some(&i) = unknown.first() {
            if known == 0 || self.len() % known != 0 {
                return Err(bad());
            }
            out[i] = self.len() / known;
        }
        self.reshape(&out)
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
        .filter(|(&d, _)| d != 1)
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
