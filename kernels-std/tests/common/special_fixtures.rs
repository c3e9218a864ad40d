//! Helpers of the scipy.special suites that read SciPy's fixture archives (`name.in0`,
//! `name.in1`, ... beside the expected results).

use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;

/// The dtype of SciPy's character code.
pub fn dtype_of(code: u8) -> DTypeId {
    match code {
        b'd' => DTypeId::F64,
        b'f' => DTypeId::F32,
        _ => panic!("unexpected dtype code {}", code as char),
    }
}

/// A one-element array of ones.
pub fn one<T: DType>() -> Array<T> {
    Array::from_vec(&Device::cpu(), &[1], vec![1i32.cast::<T>()]).unwrap()
}

/// The inputs `name.{prefix}in0, in1, ...` of a function, on `dev`.
pub fn inputs<T: io::NpyDType>(npz: &Npz, name: &str, prefix: &str, dev: &Device) -> Vec<Array<T>> {
    (0..)
        .map_while(|i| npz.get(&format!("{name}.{prefix}in{i}")))
        .map(|a| a.as_array::<T>().unwrap().to_device(dev).unwrap())
        .collect()
}

/// The first mismatching inputs of a failure, for its message.
pub fn with_inputs(
    message: String,
    ins: &[Array<f64>],
    got: &[f64],
    want: &[f64],
    rtol: f64,
) -> String {
    let cols: Vec<Vec<f64>> = ins
        .iter()
        .map(|a| a.to_device(&Device::cpu()).unwrap().to_vec().unwrap())
        .collect();
    let mut lines = vec![message];
    for i in 0..got.len() {
        let same = (got[i].is_nan() && want[i].is_nan()) || got[i] == want[i];
        let r = ((got[i] - want[i]) / want[i]).abs();
        if !same && (r.is_nan() || r > rtol) && lines.len() < 9 {
            let args: Vec<String> = cols.iter().map(|c| format!("{:e}", c[i])).collect();
            lines.push(format!(
                "    f({}) = {:e}, want {:e} (rel {r:.1e})",
                args.join(", "),
                got[i],
                want[i]
            ));
        }
    }
    lines.join("\n")
}
