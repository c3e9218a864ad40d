//! Every kernel of `scan` (and the helpers `sort` and `quantile` share) compiled by NVRTC for
//! each dtype it is instantiated with (skipped when NVRTC is missing, a failure under CI).

use array_runtime::cuda::raw::verify as verify_raw;
use array_runtime::cuda::verify;
use array_runtime::kernel::elementwise::{ElementwiseDef, Instance};
use array_runtime::kernel::raw::RawKernelDef;
use array_runtime::DTypeId::{self, *};

/// Compiles one instantiation of an elementwise kernel, every operand variant.
pub(crate) fn elementwise(
    def: &ElementwiseDef,
    types: &[DTypeId],
    params: &[DTypeId],
    results: &[DTypeId],
) {
    let inst = Instance {
        def,
        type_args: types,
        params,
        results,
    };
    verify::elementwise(&inst).unwrap_or_else(|e| panic!("{}: {e}", inst.name()));
}

/// Compiles one instantiation of a raw kernel.
pub(crate) fn raw(def: &RawKernelDef, types: &[DTypeId]) {
    verify_raw(def, types).unwrap_or_else(|e| panic!("{}: {e}", def.instance_name(types)));
}

/// Instantiations of raw kernels gathered by a test, compiled together at the end
/// ([`verify::raw_kernels`]: fewer NVRTC programs than one [`raw`] each).
#[derive(Default)]
pub(crate) struct RawBatch(Vec<(&'static RawKernelDef, Vec<DTypeId>)>);

impl RawBatch {
    /// Adds one instantiation.
    pub(crate) fn add(&mut self, def: &'static RawKernelDef, types: &[DTypeId]) {
        self.0.push((def, types.to_vec()));
    }

    /// Compiles every instantiation added, panicking with the first error.
    pub(crate) fn compile(self) {
        let n = verify::raw_kernels(&self.0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n, self.0.len());
    }
}

/// Whether NVRTC is there (else the test returns early).
pub(crate) fn available(what: &str) -> bool {
    verify::nvrtc_or_skip(what).unwrap()
}

/// The dtypes of the generic scan kernels: the accumulators of `cumsum`/`cumprod` and the
/// other numbers ([`ScanDType`](super::ScanDType) takes them all).
const ACCUMULATORS: [DTypeId; 12] = [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64];

#[test]
fn scan_kernels_compile() {
    if !available("scan kernels") {
        return;
    }
    for t in ACCUMULATORS {
        raw(&super::kernels::chunk_totals::DEF, &[t]);
        raw(&super::kernels::chunk_scan::DEF, &[t]);
    }
    // The bitwise scans of integers (`ufunc::bitwise_*.accumulate`, the logical ones of bytes).
    for t in [I8, I16, I32, I64, U8, U16, U32, U64] {
        raw(&super::kernels::chunk_totals_bits::DEF, &[t]);
        raw(&super::kernels::chunk_scan_bits::DEF, &[t]);
    }
    // Complex accumulators: kernels of their own.
    raw(&super::kernels::chunk_totals_c64::DEF, &[]);
    raw(&super::kernels::chunk_scan_c64::DEF, &[]);
    raw(&super::kernels::chunk_totals_c128::DEF, &[]);
    raw(&super::kernels::chunk_scan_c128::DEF, &[]);
    for t in DTypeId::ALL {
        elementwise(&array_runtime::copy::identity_kernel::DEF, &[t], &[t], &[t]);
    }
    for t in [I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64] {
        elementwise(&super::diff::difference::DEF, &[t], &[t, t], &[t]);
    }
    for t in [F16, BF16, F32, F64] {
        elementwise(&super::variants::replace_nan::DEF, &[t], &[t, t], &[t]);
    }
    elementwise(
        &super::variants::replace_nan_c64::DEF,
        &[],
        &[C64, C64],
        &[C64],
    );
    elementwise(
        &super::variants::replace_nan_c128::DEF,
        &[],
        &[C128, C128],
        &[C128],
    );
    elementwise(
        &super::diff::bool_difference::DEF,
        &[],
        &[Bool, Bool],
        &[Bool],
    );
}
