//! Small elementwise calls on the CPU: one chunk over the operands' own elements.
//!
//! When a call covers at most [`SMALL`] elements, writes one C-contiguous output, and every
//! array input is C-contiguous over the whole shape (no broadcasting, no strides), the
//! kernel's chunk function runs once on the calling thread, over slices of the operands'
//! storage: no dimension merging, no blocks, no gathering. Scalars are repeated into a small
//! buffer kept by the thread. Anything else goes through the general driver
//! ([`super::elementwise::run`]). Safe code: the slices are taken with bounds checks, and the
//! [`Chunk`] is made by [`with_chunk`], which checks lengths and alignment.

use std::cell::RefCell;

use crate::dtype::DTypeId;
use crate::error::Result;
use crate::kernel::elementwise::{Chunk, ErasedOperand, ErasedOutput, OperandData, OutputData};
use crate::shape;

use super::elementwise::with_chunk;

/// The most elements a call may have to take this path.
pub(crate) const SMALL: usize = 256;

/// Operands (inputs) this path takes.
const MAX_INPUTS: usize = 8;

/// Runs `f` over the one chunk of a small call, or `None` (nothing run) when the call is not
/// one this path takes.
pub(crate) fn run(
    shape: &[usize],
    inputs: &[ErasedOperand<'_>],
    outputs: &mut [ErasedOutput<'_>],
    f: &(dyn Fn(&mut Chunk<'_>) + Sync),
) -> Option<Result<()>> {
    let n = shape::size(shape);
    if n == 0 || n > SMALL || inputs.len() > MAX_INPUTS {
        return None;
    }
    let [out] = outputs else {
        return None;
    };
    if out.layout.shape[..] != *shape || !out.layout.is_c_contiguous() {
        return None;
    }
    let out_dtype = out.dtype;
    let OutputData::Host(out_bytes) = &mut out.data else {
        return None;
    };
    let out_bytes = elements_mut(out_bytes, out.layout.offset, n, out_dtype)?;

    // Where each scalar's copies go: a region of the scratch per scalar input.
    let mut regions = [0usize; MAX_INPUTS];
    let mut words = 0;
    for (k, input) in inputs.iter().enumerate() {
        if let OperandData::Scalar(_) = input.data {
            regions[k] = words;
            words += (n * input.dtype.size()).div_ceil(16);
        }
    }
    if words == 0 {
        return run_over(n, inputs, &[], &regions, out_bytes, out_dtype, f);
    }
    thread_local! {
        static SCALARS: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
    }
    SCALARS.with(|cell| {
        // Taken already (a chunk function evaluating a small call): the general path.
        let mut scratch = cell.try_borrow_mut().ok()?;
        if scratch.len() < words {
            scratch.resize(words, 0);
        }
        let bytes = crate::raw::as_bytes_mut_u128(&mut scratch[..words]);
        for (k, input) in inputs.iter().enumerate() {
            if let OperandData::Scalar(value) = &input.data {
                let sz = input.dtype.size();
                repeat(value, sz, &mut bytes[regions[k] * 16..][..n * sz]);
            }
        }
        run_over(n, inputs, bytes, &regions, out_bytes, out_dtype, f)
    })
}

/// Runs `f` over the chunk of `n` elements made of the inputs (scalars' copies in `scalars`
/// at `regions`, in words) and the output's bytes; `None` when an input is not one this
/// path takes.
fn run_over(
    n: usize,
    inputs: &[ErasedOperand<'_>],
    scalars: &[u8],
    regions: &[usize; MAX_INPUTS],
    out_bytes: &mut [u8],
    out_dtype: DTypeId,
    f: &(dyn Fn(&mut Chunk<'_>) + Sync),
) -> Option<Result<()>> {
    let mut slices: [(&[u8], DTypeId); MAX_INPUTS] = [(&[], DTypeId::Bool); MAX_INPUTS];
    for (k, input) in inputs.iter().enumerate() {
        let sz = input.dtype.size();
        slices[k] = match &input.data {
            OperandData::Scalar(_) => (scalars.get(regions[k] * 16..)?.get(..n * sz)?, input.dtype),
            OperandData::Host { bytes, layout } => {
                if layout.size() != n || !layout.is_c_contiguous() {
                    return None;
                }
                (elements(bytes, layout.offset, n, input.dtype)?, input.dtype)
            }
            OperandData::Cuda { .. } | OperandData::Unevaluated => return None,
        };
    }
    Some(with_chunk(
        n,
        &slices[..inputs.len()],
        (out_bytes, out_dtype),
        f,
    ))
}

/// Fills `dst` with copies of the first `sz` bytes of `value`.
pub(super) fn repeat(value: &[u8; 16], sz: usize, dst: &mut [u8]) {
    match sz {
        1 => dst.fill(value[0]),
        2 => repeat_n::<2>(value, dst),
        4 => repeat_n::<4>(value, dst),
        8 => repeat_n::<8>(value, dst),
        16 => repeat_n::<16>(value, dst),
        _ => {
            for e in dst.chunks_exact_mut(sz) {
                e.copy_from_slice(&value[..sz]);
            }
        }
    }
}

/// [`repeat`] for a size known at compile time (one store per element).
fn repeat_n<const S: usize>(value: &[u8; 16], dst: &mut [u8]) {
    let mut v = [0u8; S];
    v.copy_from_slice(&value[..S]);
    for e in dst.chunks_exact_mut(S) {
        e.copy_from_slice(&v);
    }
}

/// Elements `offset..offset + n` of a storage of `dtype`, as bytes (`None` past its end).
fn elements(bytes: &[u8], offset: usize, n: usize, dtype: DTypeId) -> Option<&[u8]> {
    let sz = dtype.size();
    bytes.get(offset.checked_mul(sz)?..offset.checked_add(n)?.checked_mul(sz)?)
}

/// As [`elements`], to be written.
fn elements_mut(bytes: &mut [u8], offset: usize, n: usize, dtype: DTypeId) -> Option<&mut [u8]> {
    let sz = dtype.size();
    bytes.get_mut(offset.checked_mul(sz)?..offset.checked_add(n)?.checked_mul(sz)?)
}
