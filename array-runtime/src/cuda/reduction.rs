//! Reductions on CUDA (being written).

use std::sync::Arc;

use super::CudaDevice;
use crate::error::{Error, Result};
use crate::kernel::elementwise::{ErasedOperand, ErasedOutput};
use crate::kernel::reduction::ReductionInstance;

/// Launches a reduction over `axes` of `shape`.
pub(crate) fn launch(
    _dev: &Arc<CudaDevice>,
    inst: &ReductionInstance,
    _has_identity: bool,
    _shape: &[usize],
    _axes: &[usize],
    _inputs: &[ErasedOperand<'_>],
    _out: &mut ErasedOutput<'_>,
) -> Result<()> {
    Err(Error::CudaUnavailable {
        reason: format!("the CUDA reduction {} is not written yet", inst.name()),
    })
}
