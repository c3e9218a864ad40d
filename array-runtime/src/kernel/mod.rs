//! What the kernel macros generate code against: kernel descriptions, operands, outputs, and
//! the launch of a kernel on either backend.

pub mod def;
pub mod device;
pub mod elementwise;
pub mod operand;
pub mod raw;
pub mod reduction;

use std::cell::Cell;

thread_local! {
    static LAUNCHES: Cell<u64> = const { Cell::new(0) };
}

/// Counts one kernel run on the calling thread (see [`launches`]).
pub(crate) fn count_launch() {
    LAUNCHES.with(|c| c.set(c.get().wrapping_add(1)));
}

/// The number of kernels this thread has run so far, on either backend: every elementwise
/// kernel (a fused expression is one), reduction and raw kernel launch. Tests use the
/// difference across a call to see how many kernels it ran.
///
/// ```
/// use array_runtime::{kernel::launches, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1.0f32, 2.0, 3.0])?;
/// let before = launches();
/// let r = (&a * 2.0 + &a).eval()?; // one fused kernel
/// assert_eq!(launches() - before, 1);
/// assert_eq!(r.to_vec()?, vec![3.0, 6.0, 9.0]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub fn launches() -> u64 {
    LAUNCHES.with(Cell::get)
}
