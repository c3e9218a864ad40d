//! `packbits` and `unpackbits`: bits of `u8` along an axis, composed from the elementwise
//! kernels (cast, shift, and, multiply) and `sum`, so no kernel of their own.

use crate::prelude::*;
use crate::reduce::sum;
use crate::shape::{moveaxis, pad, ravel, PadMode};
use array_runtime::slice::SliceItem;

/// The order of the bits in a byte (NumPy's `bitorder`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BitOrder {
    /// The first element is the most significant bit (`"big"`, NumPy's default).
    #[default]
    Big,
    /// The first element is the least significant bit (`"little"`).
    Little,
}

/// Element types `packbits` reads: `bool` and the integers (nonzero is a set bit); NumPy
/// raises a `TypeError` for floats.
pub trait PackInput: DType {}
macro_rules! pack_input {
    ($($t:ty),*) => { $(impl PackInput for $t {})* };
}
pack_input!(bool, u8, u16, u32, u64, i8, i16, i32, i64);

fn weights(order: BitOrder) -> Vec<u8> {
    let w = [128u8, 64, 32, 16, 8, 4, 2, 1];
    match order {
        BitOrder::Big => w.to_vec(),
        BitOrder::Little => w.iter().rev().copied().collect(),
    }
}

/// `a` (moved so that `axis` is last; flattened when `None`) and the axis to move back to.
fn to_last<T: DType>(a: &Array<T>, axis: Option<isize>) -> Result<(Array<T>, Option<isize>)> {
    match axis {
        None => Ok((ravel(a)?, None)),
        Some(ax) => Ok((moveaxis(a, &[ax], &[-1])?, Some(ax))),
    }
}

fn from_last<T: DType>(a: Array<T>, axis: Option<isize>) -> Result<Array<T>> {
    match axis {
        None => Ok(a),
        Some(ax) => moveaxis(&a, &[-1], &[ax]),
    }
}

/// Packs the truth of `a`'s elements into the bits of `u8` along `axis` (NumPy's `packbits`;
/// `None` packs the flattened array): each run of 8 becomes one byte, the last run padded
/// with zeros, so the axis shrinks to `ceil(n / 8)`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::math::{packbits, BitOrder};
/// let dev = Device::cpu();
/// let a = Array::from_vec(&dev, &[2, 3], vec![1u8, 0, 1, 0, 0, 1])?;
/// assert_eq!(packbits(&a, Some(-1), BitOrder::Big)?.to_vec()?, vec![0b1010_0000, 0b0010_0000]);
/// assert_eq!(packbits(&a, None, BitOrder::Little)?.to_vec()?, vec![0b0010_0101]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn packbits<T: PackInput>(
    a: &Array<T>,
    axis: Option<isize>,
    bitorder: BitOrder,
) -> Result<Array<u8>> {
    let (x, axis) = to_last(a, axis)?;
    let bits = x.astype::<bool>()?.astype::<u8>()?;
    let nd = bits.ndim();
    let n = bits.shape()[nd - 1];
    let m = n.div_ceil(8);
    let mut widths = vec![(0usize, 0usize); nd];
    widths[nd - 1] = (0, m * 8 - n);
    let padded = pad(&bits, &widths, PadMode::Constant(0u8))?;
    let mut shape = padded.shape()[..nd - 1].to_vec();
    shape.extend([m, 8]);
    let grouped = padded.reshape(&shape)?;
    let w = Array::from_vec(&a.device(), &[8], weights(bitorder))?;
    let packed = sum(&grouped * &w).axis(-1).run()?.astype::<u8>()?;
    from_last(packed, axis)
}

/// The bits of `a`'s bytes as elements `0`/`1` along `axis` (NumPy's `unpackbits`; `None`
/// unpacks the flattened array): the axis grows eightfold. `count` keeps that many bits
/// (zeros appended past the end), or, negative, drops `-count` from the end; dropping more
/// than there are is an error, as NumPy's `ValueError`.
///
/// ```
/// use kernels_std::prelude::*;
/// use kernels_std::math::{unpackbits, BitOrder};
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![0b1010_0000u8, 3])?;
/// let bits = unpackbits(&a, None, None, BitOrder::Big)?;
/// assert_eq!(bits.to_vec()?, vec![1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
/// let first = unpackbits(&a, Some(0), Some(3), BitOrder::Little)?;
/// assert_eq!(first.to_vec()?, vec![0, 0, 0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn unpackbits(
    a: &Array<u8>,
    axis: Option<isize>,
    count: Option<isize>,
    bitorder: BitOrder,
) -> Result<Array<u8>> {
    let (x, axis) = to_last(a, axis)?;
    let nd = x.ndim();
    let n = x.shape()[nd - 1];
    let total = n
        .checked_mul(8)
        .ok_or_else(|| Error::invalid("unpackbits: too many bits"))?;
    let shifts: Vec<u8> = weights(bitorder)
        .iter()
        .map(|w| w.trailing_zeros() as u8)
        .collect();
    let s = Array::from_vec(&a.device(), &[8], shifts)?;
    let bits = crate::math::bitwise_and(&crate::math::right_shift(&x.insert_axis(-1)?, &s)?, 1u8)?;
    let mut shape = x.shape()[..nd - 1].to_vec();
    shape.push(total);
    let flat = bits.reshape(&shape)?;
    let keep = match count {
        None => total,
        Some(c) if c >= 0 => c as usize,
        Some(c) => total
            .checked_sub(c.unsigned_abs())
            .ok_or_else(|| Error::invalid("unpackbits: -count larger than number of elements"))?,
    };
    let out = if keep <= total {
        let end = SliceItem::from(..keep);
        flat.slice(vec![SliceItem::Ellipsis, end])?
    } else {
        let mut widths = vec![(0usize, 0usize); nd];
        widths[nd - 1] = (0, keep - total);
        pad(&flat, &widths, PadMode::Constant(0u8))?
    };
    from_last(out, axis)
}
