//! Compiling generated kernels without a GPU: what the test suites use to prove that every
//! kernel the project ships is valid CUDA C (PTX for `compute_90`, CUBIN for `sm_90`).

use super::codegen::{self, OperandKind};
use super::{compile_options, nvrtc};
use crate::error::{Error, Result};
use crate::kernel::elementwise::Instance;

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
    let half = codegen::needs_half_headers(inst);
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
    for kinds in &variants {
        let src = codegen::elementwise_module(inst, kinds, 2);
        for opts in [&sm, &ptx] {
            nvrtc::compile(&src, &inst.name(), opts)?;
            count += 1;
        }
    }
    Ok(count)
}
