//! Every kernel the factorizations ship, compiled by NVRTC (the tests' proof that the GPU
//! twins compile without a GPU).

use array_runtime::cuda::raw::verify as raw;
use array_runtime::cuda::verify;
use array_runtime::kernel::elementwise::Instance;
use array_runtime::{DTypeId, Result};

/// Compiles each kernel of the factorizations for every dtype it is instantiated with.
#[doc(hidden)]
pub fn verify_kernels() -> Result<()> {
    use DTypeId::{Bool, C128, C64, F32, F64, I64};
    for r in [F32, F64] {
        raw(&super::small::lu_solve_small::DEF, &[r])?;
        for (def, params, result) in [
            (&super::det::swap_sign::DEF, vec![I64, I64], r),
            (&super::svd::inverse_above::DEF, vec![r, r], r),
            (&super::svd::above::DEF, vec![r, r], Bool),
        ] {
            verify::elementwise(&Instance {
                def,
                type_args: &[r],
                params: &params,
                results: &[result],
            })?;
        }
    }
    for (def, t) in [
        (&super::float::unit_c64::DEF, C64),
        (&super::float::unit_c128::DEF, C128),
    ] {
        verify::elementwise(&Instance {
            def,
            type_args: &[],
            params: &[t],
            results: &[t],
        })?;
    }
    Ok(())
}
