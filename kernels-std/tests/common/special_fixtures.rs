//! Helpers of the scipy.special suites that read SciPy's fixture archives (`name.in0`,
//! `name.in1`, ... beside the expected results).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use kernels_std::io::{self, Npz};
use kernels_std::prelude::*;

use kernels_std::array_runtime::kernel::elementwise::ElementwiseDef;

use super::Tol;

/// The fixture archive at `path` (relative to `tests/fixtures/`), loaded once per test binary
/// on the CPU and shared by its tests.
#[allow(dead_code)] // used by some of the suites that include `common`
pub fn archive(path: &str) -> &'static Npz {
    static CACHE: OnceLock<Mutex<HashMap<String, &'static Npz>>> = OnceLock::new();
    let mut map = CACHE.get_or_init(Default::default).lock().unwrap();
    map.entry(path.to_string()).or_insert_with(|| {
        let file = super::fixture(path);
        Box::leak(Box::new(
            io::load_npz(&file, &Device::cpu()).unwrap_or_else(|e| panic!("{file:?}: {e}")),
        ))
    })
}

/// The special suites' default `f64` tolerance: 1e-13 relative (or 4 ULPs); results below the
/// smallest normal number compared absolutely at that scale (SciPy flushes some to 0 where we
/// keep the subnormal: `expit(-710)`, `exp10(-316)`).
#[allow(dead_code)] // used by some of the suites that include `common`
pub const F64: Tol = Tol {
    ulps: 4,
    rtol: 1e-13,
    atol: f64::MIN_POSITIVE,
    signed_zero: false,
};

/// The special suites' default `f32` tolerance: 4 ULPs of the `float32` reference (SciPy's
/// float32 result, which SciPy computes in `float` for some functions and in `double` for
/// others, or the reference rounded to `float32`), subnormals absolutely.
#[allow(dead_code)] // used by some of the suites that include `common`
pub const F32: Tol = Tol {
    ulps: 4,
    rtol: 0.0,
    atol: f32::MIN_POSITIVE as f64,
    signed_zero: false,
};

/// Compiles the `c64` and `c128` kernels of complex special functions with NVRTC, each
/// `(c64 kernel, c128 kernel)` with its dtype as operand and result; returns the number of
/// modules, or `None` when NVRTC is not installed (set `KERNELS_CUDA_WHEELS`). Panics with the
/// kernel's name and NVRTC's log on a failure.
#[allow(dead_code)] // used by some of the suites that include `common`
pub fn compile_complex_kernels(
    what: &str,
    pairs: &[(&ElementwiseDef, &ElementwiseDef)],
) -> Option<usize> {
    use kernels_std::array_runtime::cuda::verify;
    use kernels_std::array_runtime::kernel::elementwise::Instance;
    if !verify::nvrtc_or_skip(what).unwrap() {
        return None;
    }
    let mut modules = 0;
    for &(c64, c128) in pairs {
        for (def, t) in [(c64, DTypeId::C64), (c128, DTypeId::C128)] {
            let inst = Instance {
                def,
                type_args: &[],
                params: &[t],
                results: &[t],
            };
            modules +=
                verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
        }
    }
    Some(modules)
}

/// The dtype of SciPy's character code.
pub fn dtype_of(code: u8) -> DTypeId {
    match code {
        b'd' => DTypeId::F64,
        b'f' => DTypeId::F32,
        b'e' => DTypeId::F16,
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

/// Result `j` of a call (one array, or a tuple of them).
pub trait Results<T: DType> {
    fn result(&self, j: usize) -> Array<T>;
    fn dtype0(&self) -> DTypeId;
}

impl<T: DType> Results<T> for Array<T> {
    fn result(&self, j: usize) -> Array<T> {
        assert_eq!(j, 0);
        self.clone()
    }
    fn dtype0(&self) -> DTypeId {
        self.dtype()
    }
}

impl<T: DType> Results<T> for (Array<T>, Array<T>) {
    fn result(&self, j: usize) -> Array<T> {
        [&self.0, &self.1][j].clone()
    }
    fn dtype0(&self) -> DTypeId {
        self.0.dtype()
    }
}

impl<T: DType> Results<T> for (Array<T>, Array<T>, Array<T>, Array<T>) {
    fn result(&self, j: usize) -> Array<T> {
        [&self.0, &self.1, &self.2, &self.3][j].clone()
    }
    fn dtype0(&self) -> DTypeId {
        self.0.dtype()
    }
}

/// `check!(errors, npz, dev, name: f, [operand indices], outputs, tol64, tol32)`: one
/// function against its fixtures, every result's `f64`, `f32` and the result dtypes.
/// `tol32` may be `no_f32` for a function whose fixtures have no `float32` case (the `f32`
/// inputs must then be absent, so that a case is never skipped silently).
#[allow(unused_macros)] // used by some of the suites that include `common`
macro_rules! check {
    ($errors:ident, $npz:ident, $dev:ident, $name:ident: $f:path, [$($i:tt),+], $outs:expr, $t64:expr, no_f32) => {{
        check!(@f64 $errors, $npz, $dev, $name: $f, [$($i),+], $outs, $t64);
        let name = stringify!($name);
        assert!(
            $crate::common::special_fixtures::inputs::<f32>(&$npz, name, "f32.", $dev).is_empty(),
            "{name} has float32 fixtures: check them"
        );
        check!(@dtypes $errors, $npz, $name: $f, [$($i),+]);
    }};
    ($errors:ident, $npz:ident, $dev:ident, $name:ident: $f:path, [$($i:tt),+], $outs:expr, $t64:expr, $t32:expr) => {{
        check!(@f64 $errors, $npz, $dev, $name: $f, [$($i),+], $outs, $t64);
        let name = stringify!($name);
        let ins = $crate::common::special_fixtures::inputs::<f32>(&$npz, name, "f32.", $dev);
        assert!(!ins.is_empty(), "no float32 inputs for {name}");
        match $f($(&ins[$i]),+) {
            Ok(res) => for j in 0..$outs {
                let got = $crate::common::special_fixtures::Results::result(&res, j).to_device(&kernels_std::prelude::Device::cpu()).unwrap();
                let want = $npz.array::<f32>(&format!("{name}.f32.out{j}")).unwrap();
                if let Err(e) = $crate::common::check_close(&got, &want, $t32, &format!("{name} f32 result {j} on {}", $dev)) {
                    $errors.push(e);
                }
            },
            Err(e) => $errors.push(format!("{name} f32 on {}: {e}", $dev)),
        }
        check!(@dtypes $errors, $npz, $name: $f, [$($i),+]);
    }};
    (@f64 $errors:ident, $npz:ident, $dev:ident, $name:ident: $f:path, [$($i:tt),+], $outs:expr, $t64:expr) => {{
        let name = stringify!($name);
        let ins = $crate::common::special_fixtures::inputs::<f64>(&$npz, name, "", $dev);
        assert!(!ins.is_empty(), "no inputs for {name}");
        match $f($(&ins[$i]),+) {
            Ok(res) => for j in 0..$outs {
                let got = $crate::common::special_fixtures::Results::result(&res, j).to_device(&kernels_std::prelude::Device::cpu()).unwrap();
                let want = $npz.array::<f64>(&format!("{name}.out{j}")).unwrap();
                let tol: $crate::common::Tol = $t64;
                if let Err(e) = $crate::common::check_close(&got, &want, tol, &format!("{name} f64 result {j} on {}", $dev)) {
                    $errors.push($crate::common::special_fixtures::with_inputs(e, &ins, &got.to_vec().unwrap(), &want.to_vec().unwrap(), tol.rtol));
                }
            },
            Err(e) => $errors.push(format!("{name} f64 on {}: {e}", $dev)),
        }
    }};
    (@dtypes $errors:ident, $npz:ident, $name:ident: $f:path, [$($i:tt),+]) => {{
        let name = stringify!($name);
        let got = [
            $crate::common::special_fixtures::Results::dtype0(&$f($(check!(@one i16, $i)),+).unwrap()),
            $crate::common::special_fixtures::Results::dtype0(&$f($(check!(@one i64, $i)),+).unwrap()),
            $crate::common::special_fixtures::Results::dtype0(&$f($(check!(@one f16, $i)),+).unwrap()),
            $crate::common::special_fixtures::Results::dtype0(&$f($(check!(@one f32, $i)),+).unwrap()),
        ];
        let codes = $npz.array::<u8>(&format!("{name}.dtypes")).unwrap().to_vec().unwrap();
        let want: Vec<kernels_std::prelude::DTypeId> = codes.iter().map(|&c| $crate::common::special_fixtures::dtype_of(c)).collect();
        if want != got {
            $errors.push(format!("{name}: result dtypes {got:?}, SciPy's {want:?}"));
        }
    }};
    (@one $t:ty, $i:tt) => { &$crate::common::special_fixtures::one::<$t>() };
}
#[allow(unused_imports)]
pub(crate) use check;
