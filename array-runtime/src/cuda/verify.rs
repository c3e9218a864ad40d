//! Compiling generated kernels without a GPU: what the test suites use to prove that every
//! kernel the project ships is valid CUDA C (PTX for `compute_90`, CUBIN for `sm_90`).

use super::codegen::{self, OperandKind};
use super::{compile_options, nvrtc};
use crate::cuda::codegen::IndexWidth;
use crate::cuda::codegen_reduce::{reduction_module, ReduceSpec};
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::elementwise::Instance;
use crate::kernel::reduction::ReductionInstance;

/// Environment variable naming CI: when set, a missing NVRTC is a failure, not a skip.
const CI_ENV: &str = "CI";

/// Whether NVRTC can be loaded. When it cannot: an error under CI (`CI` set), otherwise `false`
/// after printing why, so that a local run without NVRTC skips the NVRTC checks.
///
/// ```
/// use array_runtime::cuda::verify;
/// match verify::nvrtc_or_skip("doc example") {
///     Ok(true) => println!("NVRTC found"),
///     Ok(false) => println!("skipped"),
///     Err(e) => println!("{e}"),
/// }
/// ```
pub fn nvrtc_or_skip(what: &str) -> Result<bool> {
    match nvrtc::nvrtc() {
        Ok(_) => Ok(true),
        Err(e) if std::env::var_os(CI_ENV).is_some() => Err(Error::CudaUnavailable {
            reason: format!("{what}: NVRTC is required under CI: {e}"),
        }),
        Err(e) => {
            eprintln!("skipped {what}: NVRTC not found ({e})");
            Ok(false)
        }
    }
}

/// Compiles every variant of an elementwise instance that a call can produce (all operands
/// arrays; each operand a scalar in turn; the strided path of two dimensions) to PTX for
/// `compute_90` and to a CUBIN for `sm_90`. Returns the number of modules compiled.
///
/// ```no_run
/// # fn instance() -> array_runtime::kernel::elementwise::Instance<'static> { unimplemented!() }
/// let inst = instance(); // e.g. from a kernel's generated `DEF`
/// array_runtime::cuda::verify::elementwise(&inst)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn elementwise(inst: &Instance<'_>) -> Result<usize> {
    let n = inst.params.len();
    let mut variants = vec![vec![OperandKind::Array; n]];
    for i in 0..n {
        let mut k = vec![OperandKind::Array; n];
        k[i] = OperandKind::Scalar;
        variants.push(k);
    }
    let sources: Vec<String> = variants
        .iter()
        .map(|kinds| codegen::elementwise_module(inst, kinds, 2))
        .collect();
    compile_all(&sources, &inst.name(), codegen::needs_half_headers(inst))
}

/// Compiles the kernel of [`Array::astype`](crate::Array::astype) from `from` to `to` as
/// [`elementwise`] does. Returns the number of modules compiled.
///
/// ```no_run
/// use array_runtime::{cuda::verify, DTypeId};
/// verify::astype(DTypeId::F64, DTypeId::F16)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn astype(from: DTypeId, to: DTypeId) -> Result<usize> {
    elementwise(&Instance {
        def: &crate::astype::astype_kernel::DEF,
        type_args: &[from, to],
        params: &[from],
        results: &[to],
    })
}

/// Compiles the identity kernel that copies and fills arrays of `dtype` on a device
/// (`Array::copy`, `Array::full`, `Array::assign`) as [`elementwise`] does. Returns the number
/// of modules compiled.
///
/// ```no_run
/// use array_runtime::{cuda::verify, DTypeId};
/// verify::copy(DTypeId::BF16)?;
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn copy(dtype: DTypeId) -> Result<usize> {
    elementwise(&Instance {
        def: &crate::copy::identity_kernel::DEF,
        type_args: &[dtype],
        params: &[dtype],
        results: &[dtype],
    })
}

/// Compiles the module shapes a reduction call can produce (contiguous rows with 32- and
/// 64-bit indices, strided rows, a general 2x2-dimensional layout; the last input a scalar in
/// turn) to PTX for `compute_90` and to a CUBIN for `sm_90`. Returns the number compiled.
pub fn reduction(inst: &ReductionInstance, has_identity: bool) -> Result<usize> {
    let n = inst.params.len();
    let arrays = vec![OperandKind::Array; n];
    let spec = |kept_ndim, reduced_ndim, contiguous_rows, index| ReduceSpec {
        kept_ndim,
        reduced_ndim,
        contiguous_rows,
        index,
    };
    let mut sources = vec![
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, true, IndexWidth::I32),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, true, IndexWidth::I64),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(1, 1, false, IndexWidth::I32),
        ),
        reduction_module(
            inst,
            has_identity,
            &arrays,
            &spec(2, 2, false, IndexWidth::I64),
        ),
    ];
    if n > 1 {
        let mut kinds = arrays.clone();
        kinds[n - 1] = OperandKind::Scalar;
        sources.push(reduction_module(
            inst,
            has_identity,
            &kinds,
            &spec(1, 1, false, IndexWidth::I32),
        ));
    }
    let half = crate::cuda::codegen_reduce::needs_half_headers(inst);
    compile_all(&sources, &inst.name(), half)
}

/// Compiles each source for `sm_90` (CUBIN) and `compute_90` (PTX).
fn compile_all(sources: &[String], name: &str, half: bool) -> Result<usize> {
    let (sm, _) = compile_options((9, 0), half)?;
    let ptx: Vec<String> = sm
        .iter()
        .map(|o| {
            if o.starts_with("-arch=") || o.starts_with("--gpu-architecture=") {
                "-arch=compute_90".to_string()
            } else {
                o.clone()
            }
        })
        .collect();
    let mut count = 0;
    for src in sources {
        for opts in [&sm, &ptx] {
            nvrtc::compile(src, name, opts)?;
            count += 1;
        }
    }
    Ok(count)
}
