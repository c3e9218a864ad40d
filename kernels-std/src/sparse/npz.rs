//! SciPy's `save_npz` / `load_npz`: a sparse array in a `.npz` archive, SciPy's layout (keys
//! `format` (a byte string), `shape`, `data`, and `indices`, `indptr` for CSR and CSC, `row`,
//! `col` for COO, and `_is_array`).

use std::path::Path;

use super::dtypes::{SparseDType, SparseIndex};
use super::{CooArray, CscArray, CsrArray};
use crate::io::{write_entries, AnyArray, Entry, NpyDType, NpzFile};
use crate::prelude::*;

/// A sparse array of any of the three formats: what [`load_npz`] returns.
#[derive(Clone, Debug)]
pub enum SparseArray<T: SparseDType, I: SparseIndex = i32> {
    /// A `csr_array`.
    Csr(CsrArray<T, I>),
    /// A `csc_array`.
    Csc(CscArray<T, I>),
    /// A `coo_array`.
    Coo(CooArray<T, I>),
}

impl<T: SparseDType, I: SparseIndex> SparseArray<T, I> {
    /// SciPy's `format`: `"csr"`, `"csc"` or `"coo"`.
    pub fn format(&self) -> &'static str {
        match self {
            SparseArray::Csr(_) => "csr",
            SparseArray::Csc(_) => "csc",
            SparseArray::Coo(_) => "coo",
        }
    }

    /// `[rows, cols]`.
    pub fn shape(&self) -> [usize; 2] {
        match self {
            SparseArray::Csr(a) => a.shape(),
            SparseArray::Csc(a) => a.shape(),
            SparseArray::Coo(a) => a.shape(),
        }
    }

    /// The array as CSR (SciPy's `tocsr()`).
    pub fn tocsr(&self) -> Result<CsrArray<T, I>> {
        match self {
            SparseArray::Csr(a) => Ok(a.clone()),
            SparseArray::Csc(a) => a.tocsr(),
            SparseArray::Coo(a) => a.tocsr(),
        }
    }

    /// The dense matrix (SciPy's `toarray()`).
    pub fn toarray(&self) -> Result<Array<T>> {
        match self {
            SparseArray::Csr(a) => a.toarray(),
            SparseArray::Csc(a) => a.toarray(),
            SparseArray::Coo(a) => a.toarray(),
        }
    }
}

impl<T: SparseDType, I: SparseIndex> From<CsrArray<T, I>> for SparseArray<T, I> {
    fn from(a: CsrArray<T, I>) -> Self {
        SparseArray::Csr(a)
    }
}
impl<T: SparseDType, I: SparseIndex> From<CscArray<T, I>> for SparseArray<T, I> {
    fn from(a: CscArray<T, I>) -> Self {
        SparseArray::Csc(a)
    }
}
impl<T: SparseDType, I: SparseIndex> From<CooArray<T, I>> for SparseArray<T, I> {
    fn from(a: CooArray<T, I>) -> Self {
        SparseArray::Coo(a)
    }
}

/// SciPy's `save_npz(path, a, compressed)`: the arrays of `a` as they are stored (not made
/// canonical), in SciPy's layout and key order, so that SciPy's `load_npz` reads a
/// `csr_array`, `csc_array` or `coo_array` of the same content (`compressed`: deflated
/// entries, SciPy's default).
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::sparse::{eye, load_npz, save_npz, CsrArray, SparseArray};
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("sparse_save_doc_{}.npz", std::process::id()));
/// let a: CsrArray<f64> = eye(&dev, 2, 3, 1)?;
/// save_npz(&path, &a.clone().into(), true)?;
/// let back: SparseArray<f64> = load_npz(&path, &dev)?;
/// assert_eq!(back.format(), "csr");
/// assert_eq!(back.toarray()?.to_vec()?, a.toarray()?.to_vec()?);
/// assert!(load_npz::<f32, i32>(&path, &dev).is_err()); // f64 values
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn save_npz<T: SparseDType + NpyDType, I: SparseIndex + NpyDType>(
    path: impl AsRef<Path>,
    a: &SparseArray<T, I>,
    compressed: bool,
) -> Result<()> {
    let dev = match a {
        SparseArray::Csr(x) => x.device(),
        SparseArray::Csc(x) => x.device(),
        SparseArray::Coo(x) => x.device(),
    };
    let [m, n] = a.shape();
    let shape = Array::from_vec(&dev, &[2], vec![m as i64, n as i64])?;
    let arr = |x: &Array<I>| Entry::Array(AnyArray::from(x.clone()));
    let (first, second, data) = match a {
        SparseArray::Csr(x) => (
            ("indices", arr(x.indices())),
            ("indptr", arr(x.indptr())),
            x.data(),
        ),
        SparseArray::Csc(x) => (
            ("indices", arr(x.indices())),
            ("indptr", arr(x.indptr())),
            x.data(),
        ),
        SparseArray::Coo(x) => (("row", arr(x.row())), ("col", arr(x.col())), x.data()),
    };
    let entries = vec![
        first,
        second,
        ("format", Entry::Bytes(a.format().as_bytes().to_vec())),
        ("shape", Entry::Array(AnyArray::from(shape))),
        ("data", Entry::Array(AnyArray::from(data.clone()))),
        (
            "_is_array",
            Entry::Array(AnyArray::from(Array::scalar(&dev, true)?)),
        ),
    ];
    write_entries(path.as_ref(), entries, compressed)
}

/// SciPy's `load_npz(path)`: the sparse array of an archive in SciPy's layout (what SciPy's
/// `save_npz` writes: `format` `csr`, `csc` or `coo`; a COO archive with `row` and `col`, or
/// SciPy's n-d `coords` of two rows), onto `dev`, checked as the constructors check. Errors:
/// a missing key, another format (`bsr`, `dia`), values not of dtype `T` or indices not of
/// dtype `I` (SciPy would take any; convert with `astype` after loading the right types), a
/// `shape` that is not two non-negative integers, and every fault of the arrays themselves.
pub fn load_npz<T: SparseDType + NpyDType, I: SparseIndex + NpyDType>(
    path: impl AsRef<Path>,
    dev: &Device,
) -> Result<SparseArray<T, I>> {
    let path = path.as_ref();
    let npz = NpzFile::open(path, dev)?;
    let what = format!("load_npz({})", path.display());
    let format = npz.text_scalar("format")?;
    let shape_any = npz.get("shape")?;
    let shape: Vec<i64> = match &shape_any {
        AnyArray::I64(s) => s.to_vec()?,
        AnyArray::I32(s) => s.to_vec()?.into_iter().map(i64::from).collect(),
        other => {
            return Err(Error::invalid(format!(
                "{what}: 'shape' should hold integers, found {}",
                other.dtype()
            )))
        }
    };
    let shape = match shape[..] {
        [m, n] if m >= 0 && n >= 0 && shape_any.shape().len() == 1 => [m as usize, n as usize],
        _ => {
            return Err(Error::invalid(format!(
                "{what}: 'shape' should be two non-negative integers, found {shape:?}"
            )))
        }
    };
    let data = npz.array::<T>("data")?;
    match format.as_str() {
        "csr" => Ok(SparseArray::Csr(CsrArray::new(
            &data,
            &npz.array::<I>("indices")?,
            &npz.array::<I>("indptr")?,
            shape,
        )?)),
        "csc" => Ok(SparseArray::Csc(CscArray::new(
            &data,
            &npz.array::<I>("indices")?,
            &npz.array::<I>("indptr")?,
            shape,
        )?)),
        "coo" => {
            let (row, col) = if npz.contains("row") {
                (npz.array::<I>("row")?, npz.array::<I>("col")?)
            } else {
                let coords = npz.array::<I>("coords")?;
                if coords.shape().len() != 2 || coords.shape()[0] != 2 {
                    return Err(Error::invalid(format!(
                        "{what}: 'coords' should be of shape (2, nnz), found {:?}",
                        coords.shape()
                    )));
                }
                (
                    coords.index_axis(0, 0)?.as_standard_layout()?,
                    coords.index_axis(0, 1)?.as_standard_layout()?,
                )
            };
            Ok(SparseArray::Coo(CooArray::new(&data, &row, &col, shape)?))
        }
        other => Err(Error::invalid(format!(
            "{what}: format {other:?} is not supported (csr, csc and coo are)"
        ))),
    }
}
