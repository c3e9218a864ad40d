//! Every kernel of the examples compiled by NVRTC (PTX for compute_90, CUBIN for sm_90), for
//! each operand variant a call can produce. Under CI a missing NVRTC fails; locally it skips.

use array_runtime::cuda::verify;
use array_runtime::kernel::elementwise::Instance;
use array_runtime::DTypeId;

const F: DTypeId = DTypeId::F32;
const D: DTypeId = DTypeId::F64;

fn inst<'a>(
    def: &'a array_runtime::kernel::elementwise::ElementwiseDef,
    params: &'a [DTypeId],
    results: &'a [DTypeId],
) -> Instance<'a> {
    Instance {
        def,
        type_args: &[],
        params,
        results,
    }
}

#[test]
fn every_example_kernel_compiles() {
    if !verify::nvrtc_or_skip("example kernels").unwrap() {
        return;
    }
    let cases = [
        inst(&examples::saxpy::DEF, &[F, F, F], &[F]),
        inst(&examples::fused3::DEF, &[F, F, F], &[F]),
        inst(&examples::copy_f32::DEF, &[F], &[F]),
        inst(&examples::leaky_relu::DEF, &[F], &[F]),
        inst(&examples::divide_by_norm::DEF, &[F, F], &[F]),
        inst(&examples::polar_to_xy::DEF, &[D, D], &[D, D]),
    ];
    let mut modules = 0;
    for c in &cases {
        modules += verify::elementwise(c).unwrap_or_else(|e| panic!("{}: {e}", c.name()));
    }
    modules += verify::reduction(&examples::l2norm::instance(), true).unwrap();
    modules += verify::reduction(&examples::argmax::instance(), false).unwrap();
    array_runtime::cuda::raw::verify(&examples::transpose::DEF, &[]).unwrap();
    array_runtime::cuda::raw::verify(&examples::histogram::DEF, &[]).unwrap();
    modules += 4;
    eprintln!("{modules} modules compiled");
}
