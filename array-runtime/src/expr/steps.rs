//! The steps of a flattened expression: one kernel call each, with where each argument comes
//! from. The data the builder (`program.rs`) writes and the CPU loops (`composite.rs`,
//! `block.rs`) and the CUDA module (`fused.rs`) read.

use crate::expr::node::KernelNode;

/// Where a step's argument comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ref {
    /// Operand `i` of the fused kernel.
    Leaf(usize),
    /// The result of step `j`.
    Step(usize),
    /// The current elements of the output (an expression assigned in place).
    Out,
}

/// One kernel call of the program.
#[derive(Debug)]
pub(crate) struct Step {
    pub(crate) kernel: KernelNode,
    pub(crate) args: Vec<Ref>,
}
