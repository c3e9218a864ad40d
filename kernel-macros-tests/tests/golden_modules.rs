//! Golden CUDA C of whole modules: the launch wrappers the runtime writes around a kernel's
//! device function (contiguous, vectorized and strided entry points; scalars by value; tuple
//! results; 32- and 64-bit indices) and the entry points of a reduction. The shared prelude is
//! left out (it has tests of its own); `UPDATE_GOLDEN=1` rewrites the files under
//! `tests/golden_modules/`.

use std::path::PathBuf;

use array_runtime::cuda::codegen::{elementwise_module, IndexWidth, OperandKind, PRELUDE};
use array_runtime::cuda::codegen_reduce::{reduction_module, ReduceSpec};
use array_runtime::kernel::elementwise::Instance;
use array_runtime::DTypeId;
use kernel_macros_tests as k;
use kernels_std::prelude::*;

#[reduction]
mod sum_sq {
    pub fn map(x: f32) -> f32 {
        x * x
    }
    pub fn combine(a: f32, b: f32) -> f32 {
        a + b
    }
    pub fn identity() -> f32 {
        0.0
    }
}

fn golden(name: &str, module: &str) {
    let text = module.replace(PRELUDE, "/* prelude.cuh */\n");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden_modules")
        .join(format!("{name}.cu"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()));
    assert_eq!(
        text, want,
        "module `{name}` changed; run with UPDATE_GOLDEN=1 and review the diff"
    );
}

const F32: DTypeId = DTypeId::F32;
const I32: DTypeId = DTypeId::I32;
const I64: DTypeId = DTypeId::I64;

fn saxpy() -> Instance<'static> {
    Instance {
        def: &k::saxpy::DEF,
        type_args: &[],
        params: &[F32, F32, F32],
        results: &[F32],
    }
}

#[test]
fn saxpy_all_arrays_strided_rank_3() {
    let module = elementwise_module(&saxpy(), &[OperandKind::Array; 3], 3);
    golden("saxpy_arrays", &module);
}

#[test]
fn saxpy_with_a_scalar() {
    let kinds = [OperandKind::Scalar, OperandKind::Array, OperandKind::Array];
    golden("saxpy_scalar_a", &elementwise_module(&saxpy(), &kinds, 1));
}

#[test]
fn generic_add_for_i64() {
    let inst = Instance {
        def: &k::add::DEF,
        type_args: &[I64],
        params: &[I64, I64],
        results: &[I64],
    };
    let module = elementwise_module(&inst, &[OperandKind::Array; 2], 2);
    golden("add_i64", &module);
}

#[test]
fn tuple_results() {
    let inst = Instance {
        def: &k::divmod::DEF,
        type_args: &[],
        params: &[I32, I32],
        results: &[I32, I32],
    };
    let module = elementwise_module(&inst, &[OperandKind::Array; 2], 2);
    golden("divmod", &module);
}

#[test]
fn reduction_entry_points() {
    let rows = ReduceSpec {
        kept_ndim: 1,
        reduced_ndim: 1,
        contiguous_rows: true,
        index: IndexWidth::I32,
    };
    let inst = sum_sq::instance();
    golden(
        "sum_sq_rows",
        &reduction_module(&inst, true, &[OperandKind::Array], &rows),
    );
    let general = ReduceSpec {
        kept_ndim: 2,
        reduced_ndim: 2,
        contiguous_rows: false,
        index: IndexWidth::I64,
    };
    golden(
        "sum_sq_general",
        &reduction_module(&inst, true, &[OperandKind::Array], &general),
    );
}
