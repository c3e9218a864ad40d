//! Disjoint column blocks of a row-major matrix, writable from parallel tasks (a raw-memory
//! module).
//!
//! A transform along a non-last axis of a C-contiguous result writes each line down a column
//! of the `(rows, cols)` matrix it sees: every task owns a few adjacent columns and writes
//! them row by row. The borrow checker cannot split a slice into interleaved pieces, so this
//! module does it once, with the check that makes it sound: the blocks' column ranges are
//! disjoint and inside the matrix, so no element is reachable from two blocks.
//!
//! ```
//! use array_runtime::cpu::column_blocks::column_blocks;
//! use rayon::prelude::*;
//! let mut m = vec![0u32; 3 * 5]; // 3 rows, 5 columns
//! let mut blocks = column_blocks(&mut m, 3, 5, 2).unwrap();
//! assert_eq!(blocks.len(), 3); // columns 0..2, 2..4, 4..5
//! blocks.par_iter_mut().for_each(|b| {
//!     for r in 0..b.rows() {
//!         let first = b.first_column();
//!         for (j, x) in b.row_mut(r).iter_mut().enumerate() {
//!             *x = (r * 10 + first + j) as u32;
//!         }
//!     }
//! });
//! assert_eq!(&m[5..10], &[10, 11, 12, 13, 14]);
//! ```

use std::marker::PhantomData;

use crate::error::{Error, Result};

/// Columns `first..first + width` of a row-major matrix, every row of them, borrowed
/// exclusively (no other block reaches these elements).
#[derive(Debug)]
pub struct ColumnBlock<'a, T> {
    base: *mut T,
    rows: usize,
    cols: usize,
    first: usize,
    width: usize,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: a block is an exclusive borrow of its own elements (disjoint from every other
// block's, `column_blocks`), so moving it to another thread is moving a `&mut [T]`.
unsafe impl<T: Send> Send for ColumnBlock<'_, T> {}
// SAFETY: `&ColumnBlock` gives no access to the elements (only `row_mut(&mut self)` does).
unsafe impl<T: Send> Sync for ColumnBlock<'_, T> {}

impl<T> ColumnBlock<'_, T> {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns of the block.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The matrix column of the block's first column.
    pub fn first_column(&self) -> usize {
        self.first
    }

    /// The block's elements of row `r` (`width` of them).
    ///
    /// Panics if `r >= rows()`.
    #[track_caller]
    pub fn row_mut(&mut self, r: usize) -> &mut [T] {
        assert!(r < self.rows, "row {r} of a block of {} rows", self.rows);
        // SAFETY: `r < rows` and `first + width <= cols`, so the range lies inside the
        // `rows * cols` elements that `column_blocks` checked the slice holds; no other block
        // reaches these columns, and `&mut self` keeps this block's rows from being borrowed
        // twice at once.
        unsafe {
            std::slice::from_raw_parts_mut(self.base.add(r * self.cols + self.first), self.width)
        }
    }
}

/// The matrix `data[..rows * cols]` (row-major) cut into blocks of `width` adjacent columns
/// (the last one narrower), each writable on its own: the tasks of a parallel loop can each
/// take one.
///
/// An error when `width` is 0 or `data` holds fewer than `rows * cols` elements.
pub fn column_blocks<T>(
    data: &mut [T],
    rows: usize,
    cols: usize,
    width: usize,
) -> Result<Vec<ColumnBlock<'_, T>>> {
    let need = rows
        .checked_mul(cols)
        .ok_or_else(|| Error::invalid(format!("column blocks: {rows} x {cols} overflows")))?;
    if width == 0 || data.len() < need {
        return Err(Error::invalid(format!(
            "column blocks of width {width} over {rows} x {cols} elements of a slice of {}",
            data.len()
        )));
    }
    let base = data.as_mut_ptr();
    Ok((0..cols)
        .step_by(width)
        .map(|first| ColumnBlock {
            base,
            rows,
            cols,
            first,
            width: width.min(cols - first),
            _borrow: PhantomData,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_every_element_once() {
        let mut m = vec![0u8; 4 * 7];
        let mut blocks = column_blocks(&mut m, 4, 7, 3).unwrap();
        assert_eq!(
            blocks.iter().map(|b| b.width()).collect::<Vec<_>>(),
            [3, 3, 1]
        );
        for b in &mut blocks {
            for r in 0..4 {
                for x in b.row_mut(r) {
                    *x += 1;
                }
            }
        }
        assert!(m.iter().all(|&x| x == 1));
    }

    #[test]
    fn short_slices_and_zero_width_are_errors() {
        let mut m = vec![0u8; 5];
        assert!(column_blocks(&mut m, 2, 3, 1).is_err());
        assert!(column_blocks(&mut m, 1, 3, 0).is_err());
        assert!(column_blocks(&mut m, 0, 3, 2).unwrap().len() == 2);
    }
}
