//! Layout helpers of the linear-algebra routines: contiguous copies made on the array's own
//! device, reshapes that stay on the device, diagonals as strided views.

use array_runtime::cuda::blas_support::strided_view;
use array_runtime::shape::{self, Layout};
use array_runtime::{Array, DType, Error, Result};

/// `a` in a new shape of the same size: a view when `a` is C-contiguous (or, on the CPU,
/// whenever the runtime can view it), else a copy made on `a`'s device.
pub(crate) fn reshape<T: DType>(a: &Array<T>, shape: &[usize]) -> Result<Array<T>> {
    if a.is_c_contiguous() || a.device().is_cpu() {
        a.reshape(shape)
    } else {
        a.as_standard_layout()?.reshape(shape)
    }
}

/// The diagonal of `a` over `axis1` and `axis2` (normalized, distinct) at `offset` (above the
/// main diagonal when positive), as a view whose last axis runs along the diagonal and whose
/// other axes are `a`'s others in order (NumPy's `diagonal`).
pub(crate) fn diagonal_view<T: DType>(
    a: &Array<T>,
    offset: isize,
    axis1: usize,
    axis2: usize,
) -> Result<Array<T>> {
    let l = a.layout();
    let (d1, d2) = (l.shape[axis1], l.shape[axis2]);
    let (s1, s2) = (l.strides[axis1], l.strides[axis2]);
    // Start at (0, offset) above the diagonal, (-offset, 0) below it (`unsigned_abs`: no
    // overflow at `isize::MIN`); a start outside the matrix leaves an empty diagonal.
    let (r0, c0) = if offset >= 0 {
        (0, offset.unsigned_abs())
    } else {
        (offset.unsigned_abs(), 0)
    };
    let len = d1.saturating_sub(r0).min(d2.saturating_sub(c0));
    let mut layout = Layout {
        shape: Vec::with_capacity(l.ndim() - 1),
        strides: Vec::with_capacity(l.ndim() - 1),
        offset: l.offset,
    };
    for ax in 0..l.ndim() {
        if ax != axis1 && ax != axis2 {
            layout.shape.push(l.shape[ax]);
            layout.strides.push(l.strides[ax]);
        }
    }
    if len > 0 {
        // r0 and c0 are inside the matrix here, so they fit an isize
        layout.offset = (l.offset as isize + r0 as isize * s1 + c0 as isize * s2) as usize;
    }
    layout.shape.push(len);
    layout.strides.push(s1 + s2);
    strided_view(a, layout)
}

/// Normalizes `axis` against `ndim`, naming the routine and the shape on error.
pub(crate) fn axis(op: &str, axis: isize, a_shape: &[usize]) -> Result<usize> {
    shape::normalize_axis(axis, a_shape.len()).map_err(|_| {
        Error::invalid(format!(
            "{op}: axis {axis} is out of bounds for an array of shape {a_shape:?}"
        ))
    })
}

#[cfg(test)]
mod nvrtc {
    use array_runtime::cuda::verify;
    use array_runtime::kernel::elementwise::Instance;
    use array_runtime::DTypeId;

    /// The copy kernel compiles with NVRTC for every dtype (a failure under CI when NVRTC is
    /// missing).
    #[test]
    fn copy_kernel_compiles_for_every_dtype() {
        if !verify::nvrtc_or_skip("linalg copy kernel").unwrap() {
            return;
        }
        for t in DTypeId::ALL {
            let one = [t];
            let inst = Instance {
                def: &array_runtime::copy::identity_kernel::DEF,
                type_args: &one,
                params: &one,
                results: &one,
            };
            verify::elementwise(&inst).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
    }
}
