//! Kernel launch (placeholder being written).

use std::sync::Arc;

use super::CudaDevice;
use crate::error::{Error, Result};
use crate::kernel::elementwise::{ErasedOperand, ErasedOutput, Instance};

/// Launches an elementwise kernel.
pub(crate) fn elementwise(
    _dev: &Arc<CudaDevice>,
    inst: &Instance<'_>,
    _shape: &[usize],
    _inputs: &[ErasedOperand<'_>],
    _outputs: &mut [ErasedOutput<'_>],
) -> Result<()> {
    Err(Error::CudaUnavailable {
        reason: format!("launch of {} not written yet", inst.name()),
    })
}
