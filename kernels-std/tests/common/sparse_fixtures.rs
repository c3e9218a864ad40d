//! Helpers of the sparse.linalg suites (`sparse_linalg`, `sparse_eig`, `sparse_fmt`) that read
//! SciPy's fixture archives, where a case `c` is stored as `c_data`, `c_indices`, `c_indptr`,
//! `c_shape` and its own keys.

use kernels_std::io::{NpyDType, Npz};
use kernels_std::sparse::linalg::SolverDType;
use kernels_std::sparse::{CsrArray, SparseDType};

/// `||x - y||` on the host, in `f64`.
pub fn dist<T: SolverDType>(x: &[T], y: &[T]) -> f64 {
    assert_eq!(x.len(), y.len());
    x.iter()
        .zip(y)
        .map(|(&a, &b)| (a - b).abs_f64().powi(2))
        .sum::<f64>()
        .sqrt()
}

/// `||x||` on the host, in `f64`.
pub fn norm<T: SolverDType>(x: &[T]) -> f64 {
    x.iter().map(|v| v.abs_f64().powi(2)).sum::<f64>().sqrt()
}

/// The 0-d `f64` entry `key`.
pub fn scalar(npz: &Npz, key: &str) -> f64 {
    npz.array::<f64>(key).unwrap().item().unwrap()
}

/// The 0-d `i64` entry `key`.
pub fn int(npz: &Npz, key: &str) -> i64 {
    npz.array::<i64>(key).unwrap().item().unwrap()
}

/// The machine epsilon of `T`'s real type, in `f64`.
pub fn eps<T: SolverDType>() -> f64 {
    T::eps().into()
}

/// Case `c`'s CSR matrix.
pub fn matrix<T: SparseDType + NpyDType>(npz: &Npz, c: &str) -> CsrArray<T> {
    let shape = npz
        .array::<i64>(&format!("{c}_shape"))
        .unwrap()
        .to_vec()
        .unwrap();
    CsrArray::new(
        &npz.array::<T>(&format!("{c}_data")).unwrap(),
        &npz.array::<i32>(&format!("{c}_indices")).unwrap(),
        &npz.array::<i32>(&format!("{c}_indptr")).unwrap(),
        [shape[0] as usize, shape[1] as usize],
    )
    .unwrap()
}

/// The names of the cases `<prefix>_<name>` (by a key every case has).
pub fn cases<'n>(npz: &'n Npz, prefix: &str, key: &str) -> Vec<&'n str> {
    let mut names: Vec<&str> = npz
        .names()
        .filter(|k| k.starts_with(prefix))
        .filter_map(|k| k.strip_suffix(key))
        .collect();
    names.sort_unstable();
    names
}

/// `by_dtype!(case, f(args))`: `f::<T>(args)` with `T` the dtype the case's name ends with
/// (`_f32`, `_f64`, `_c64`, `_c128`).
#[allow(unused_macros)] // used by some of the suites that include `common`
macro_rules! by_dtype {
    ($c:expr, $f:ident($($arg:expr),*)) => {
        match $c.rsplit('_').next() {
            Some("f32") => $f::<f32>($($arg),*),
            Some("f64") => $f::<f64>($($arg),*),
            Some("c64") => $f::<c64>($($arg),*),
            Some("c128") => $f::<c128>($($arg),*),
            other => panic!("{}: dtype {other:?}", $c),
        }
    };
}
#[allow(unused_imports)]
pub(crate) use by_dtype;
