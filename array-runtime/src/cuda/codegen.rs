//! CUDA C text for kernel launch wrappers (placeholder being written).

use crate::kernel::elementwise::Instance;

/// How one parameter reaches the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// An array (pointer + strides).
    Array,
    /// A scalar passed by value.
    Scalar,
}

/// The CUDA C module of an elementwise instantiation for the given operand kinds.
pub fn elementwise_module(inst: &Instance<'_>, _kinds: &[OperandKind], _ndim: usize) -> String {
    inst.def.device_source.to_string()
}
