//! A reduction's input as the engines see it ([`ReduceInput`]): an operand, or a lazy
//! expression whose elements the reduction's map computes from the expression's leaves
//! ([`ExprInput`], no temporary array). The expression reaches the engines as a
//! [`FusedMap`], which the expression layer implements: the engines depend on this contract,
//! not on the expression layer above them.

use std::fmt;

use crate::device::Device;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::def::elementwise::ElementwiseDef;
use crate::kernel::operand::ErasedOperand;

/// A lazy expression compiled for fusion into a reduction's map (the expression layer's
/// program implements it).
pub(crate) trait FusedMap: fmt::Debug + Sync {
    /// The dtype of the expression's elements.
    fn result(&self) -> DTypeId;
    /// Computes `len` elements of the expression into `out` (bytes and dtype) from its leaves'
    /// `len` elements each (`parts`, in the leaves' order); errors name the expression.
    fn run(&self, parts: &[(&[u8], DTypeId)], out: (&mut [u8], DTypeId), len: usize) -> Result<()>;
    /// `e`, with the expression named.
    fn context(&self, e: Error) -> Error;
    /// The expression as one CUDA device function (interned per structure) and whether its
    /// module needs the fp16/bf16 headers.
    fn cuda_def(&self) -> Result<(&'static ElementwiseDef, bool)>;
}

/// One input of a reduction as the engines see it: an operand, or a lazy expression whose
/// elements the reduction's map computes from its leaves (no temporary array).
#[derive(Debug)]
pub(crate) enum ReduceInput<'a> {
    Operand(ErasedOperand<'a>),
    Expr(ExprInput<'a>),
}

/// A lazy expression fused into a reduction's map.
#[derive(Debug)]
pub(crate) struct ExprInput<'a> {
    /// The expression's program (its leaves and steps).
    pub(crate) prog: &'a dyn FusedMap,
    /// The program's operands, in its leaves' order.
    pub(crate) leaves: Vec<ErasedOperand<'a>>,
    /// The shape the expression evaluates to.
    pub(crate) shape: Vec<usize>,
}

impl ReduceInput<'_> {
    pub(crate) fn dtype(&self) -> DTypeId {
        match self {
            ReduceInput::Operand(o) => o.dtype,
            ReduceInput::Expr(e) => e.prog.result(),
        }
    }

    pub(crate) fn shape(&self) -> Option<&[usize]> {
        match self {
            ReduceInput::Operand(o) => o.layout().map(|l| &l.shape[..]),
            ReduceInput::Expr(e) => Some(&e.shape),
        }
    }

    pub(crate) fn device(&self) -> Option<Device> {
        match self {
            ReduceInput::Operand(o) => o.device(),
            ReduceInput::Expr(e) => e.leaves.iter().find_map(ErasedOperand::device),
        }
    }
}
