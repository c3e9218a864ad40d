//! What CSR and CSC share: a compressed array seen along its major axis (the rows of CSR, the
//! columns of CSC). A CSC array is the CSR array of its transpose, so every routine here is
//! written once, for lines of `minor` positions.

use super::dtypes::{SparseDType, SparseIndex};
use super::kernels::{
    bucket_rows, bucket_scatter, check_compressed, chunk_histogram, chunk_scatter, chunk_starts,
    expand_majors, kept_pointers, line_starts, sort_lines,
};
use crate::prelude::*;
use crate::scan::kernels::op;
use crate::scan::rows::{cpu_workers, launch_items};
use crate::scan::scan_rows;
use crate::shape::kernels::for_overwrite;
use crate::sort::compact::{nonzero_flag, per_element, scan_flags, scatter_selected};
use crate::sort::{argsort, take};

/// The arrays of a compressed sparse array and what is known of them.
#[derive(Clone, Debug)]
pub(crate) struct Compressed<T: DType, I: DType> {
    /// The stored values, `[nnz]`, C-contiguous.
    pub data: Array<T>,
    /// The minor index of each stored value, `[nnz]`, C-contiguous.
    pub indices: Array<I>,
    /// Line `m` holds the entries `indptr[m]..indptr[m + 1]`, `[majors + 1]`, C-contiguous.
    pub indptr: Array<I>,
    /// The number of lines (rows of CSR).
    pub majors: usize,
    /// The length of each line (columns of CSR).
    pub minor: usize,
    /// Whether every line's indices are non-decreasing (SciPy's `has_sorted_indices`).
    pub sorted: bool,
    /// Whether every line's indices are strictly increasing: sorted, no duplicates (SciPy's
    /// `has_canonical_format`).
    pub canonical: bool,
}

/// `what`: an error unless every extent fits the index type `I` (SciPy would widen the index
/// dtype; a typed array keeps the one it was given).
pub(crate) fn check_extents<I: SparseIndex>(what: &str, extents: &[usize]) -> Result<()> {
    for &e in extents {
        if e as u128 > I::MAX as u128 {
            return Err(Error::invalid(format!(
                "{what}: extent {e} does not fit the index dtype {} (use i64 indices)",
                I::ID
            )));
        }
    }
    Ok(())
}

/// `what`: an error unless `a` is 1-d.
pub(crate) fn check_1d<U: DType>(what: &str, name: &str, a: &Array<U>) -> Result<()> {
    if a.ndim() != 1 {
        return Err(Error::invalid(format!(
            "{what}: {name} should be 1-d, got shape {:?}",
            a.shape()
        )));
    }
    Ok(())
}

/// `what`: an error unless every array lives on `dev`.
pub(crate) fn check_device(what: &str, dev: &Device, others: &[Device]) -> Result<()> {
    if let Some(o) = others.iter().find(|d| !d.same(dev)) {
        return Err(Error::DeviceMismatch {
            op: what.to_string(),
            devices: vec![dev.to_string(), o.to_string()],
        });
    }
    Ok(())
}

/// The value of `a[i]` as `i64` (one element copied back).
pub(crate) fn read_at<I: SparseIndex>(a: &Array<I>, i: isize) -> Result<i64> {
    Ok(a.index_axis(0, i)?.copy()?.item()?.cast::<i64>())
}

/// The positions that sort the pairs `(major, minor)` lexicographically, ties in storage
/// order: two stable sorts, the minor key first.
pub(crate) fn lex_order<I: SparseIndex>(major: &Array<I>, minor: &Array<I>) -> Result<Array<i64>> {
    let by_minor = argsort(minor, Some(0))?;
    let major_then = take(major, &by_minor, None)?;
    let by_major = argsort(&major_then, Some(0))?;
    take(&by_minor, &by_major, None)
}

/// The entries of one line sorted by insertion in [`sort_lines`]; longer lines are merged.
const INSERTION_RUN: usize = 32;

/// The entries grouped into lines by a stable counting sort on `major` (SciPy's
/// `coo_tocsr`): the line pointers `[majors + 1]` and the minor indices and values in line
/// order, the entries of one line in storage order. The entries are cut into a few chunks,
/// each counted and scattered by one thread (a histogram `[majors, chunks]`, its scan, each
/// run's first slot in the index type, a scatter), so no atomics are needed and the result
/// is deterministic.
pub(crate) fn bucket_lines<T: SparseDType, I: SparseIndex>(
    major: &Array<I>,
    minor: &Array<I>,
    data: &Array<T>,
    majors: usize,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let dev = data.device();
    let n = data.len();
    check_extents::<I>("sparse conversion (stored values)", &[n])?;
    if n == 0 || majors == 0 {
        return Ok((
            Array::<I>::zeros(&dev, &[majors + 1])?,
            minor.clone(),
            data.clone(),
        ));
    }
    match block_shift(&dev, n, majors) {
        Some(shift) => bucket_lines_in_blocks(major, minor, data, majors, shift),
        None => bucket_lines_by_line(major, minor, data, majors),
    }
}

/// [`bucket_lines`] in one level: each chunk scatters its entries straight to their lines.
fn bucket_lines_by_line<T: SparseDType, I: SparseIndex>(
    major: &Array<I>,
    minor: &Array<I>,
    data: &Array<T>,
    majors: usize,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let dev = data.device();
    let n = data.len();
    // One chunk per CPU worker (many on a GPU), and no more than about two counts per entry.
    let wanted = if dev.is_cpu() { cpu_workers() } else { 4096 };
    let chunks = wanted.min((2 * n / majors).max(1));
    let cells = majors
        .checked_mul(chunks)
        .ok_or_else(|| Error::invalid(format!("sparse conversion: {majors} lines are too many")))?;
    // Counts, their scan and the runs' next slots in the index type (`n` fits it): the
    // scatter reads and writes one such array at random per entry, as SciPy's `coo_tocsr`.
    let mut counts = Array::<I>::zeros(&dev, &[cells])?;
    let (cfg, spread) = launch_items(&dev, chunks)?;
    chunk_histogram::launch::<I>(
        &cfg,
        major,
        &mut counts,
        chunks as u64,
        spread as u64,
        0,
        chunks as u64,
        1,
    )?;
    let scanned = scan_rows(&counts.reshape(&[1, cells])?, 1, cells, op::ADD)?.reshape(&[cells])?;
    let mut indptr = for_overwrite::<I>(&dev, &[majors + 1])?;
    chunk_starts::launch::<I>(
        &per_element(majors + 1)?,
        &scanned,
        &mut counts,
        &mut indptr,
        chunks as u64,
    )?;
    drop(scanned);
    let mut next = counts;
    let mut out_minor = for_overwrite::<I>(&dev, &[n])?;
    let mut out_data = for_overwrite::<T>(&dev, &[n])?;
    chunk_scatter::launch::<T, I>(
        &cfg,
        major,
        minor,
        data,
        &mut next,
        &mut out_minor,
        &mut out_data,
        chunks as u64,
        spread as u64,
    )?;
    Ok((indptr, out_minor, out_data))
}

/// Entries per block of lines aimed at by [`bucket_lines_in_blocks`]: a block's part of the
/// output (12 to 24 bytes an entry) stays in a core's L2 cache while it is scattered.
const BLOCK_ENTRIES: usize = 8192;

/// The `shift` of [`bucket_lines_in_blocks`] (blocks of `2^shift` lines) when the CPU should
/// sort in two levels: `n` entries whose output (at least 12 MB) is far beyond the caches,
/// spread over so many lines (4096 or more) that the one-level scatter's places to write do not
/// stay in cache either, in more than one block. A GPU keeps the one-level scatter of many
/// chunks.
fn block_shift(dev: &Device, n: usize, majors: usize) -> Option<u32> {
    if !dev.is_cpu() || n < (1 << 20) || majors < (1 << 12) {
        return None;
    }
    let lines = (majors as u128 * BLOCK_ENTRIES as u128 / n as u128).max(1) as u64;
    let shift = 63 - lines.leading_zeros();
    (majors > 1usize << shift).then_some(shift)
}

/// [`bucket_lines`] in two levels: a stable counting sort of the entries by blocks of
/// `2^shift` lines ([`bucket_scatter`], one chunk per worker, each appending to a run per
/// block), then each block's entries by line ([`bucket_rows`], a thread per block, its writes
/// inside the block's part of the output). The same result as the one-level scatter (which
/// writes each entry to a random place of an output far larger than the caches, as SciPy's
/// `coo_tocsr` does), for about a third of the memory traffic.
fn bucket_lines_in_blocks<T: SparseDType, I: SparseIndex>(
    major: &Array<I>,
    minor: &Array<I>,
    data: &Array<T>,
    majors: usize,
    shift: u32,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let dev = data.device();
    let n = data.len();
    let blocks = majors.div_ceil(1 << shift);
    let chunks = cpu_workers();
    let cells = blocks * chunks;
    // Counts laid out `[chunks, blocks]` while the chunks write them side by side (no cache
    // line written by two workers), `[blocks, chunks]` for the scan (each block's runs in
    // chunk order); the two transposes copy a few thousand counts.
    let mut counts = Array::<I>::zeros(&dev, &[cells])?;
    let (cfg, spread) = launch_items(&dev, chunks)?;
    chunk_histogram::launch::<I>(
        &cfg,
        major,
        &mut counts,
        chunks as u64,
        spread as u64,
        shift,
        1,
        blocks as u64,
    )?;
    let mut by_block = counts
        .reshape(&[chunks, blocks])?
        .t()
        .copy()?
        .reshape(&[cells])?;
    let scanned =
        scan_rows(&by_block.reshape(&[1, cells])?, 1, cells, op::ADD)?.reshape(&[cells])?;
    let mut starts = for_overwrite::<I>(&dev, &[blocks + 1])?;
    chunk_starts::launch::<I>(
        &per_element(blocks + 1)?,
        &scanned,
        &mut by_block,
        &mut starts,
        chunks as u64,
    )?;
    drop(scanned);
    let mut next = by_block
        .reshape(&[blocks, chunks])?
        .t()
        .copy()?
        .reshape(&[cells])?;
    let mut entries = (
        for_overwrite::<I>(&dev, &[n])?,
        for_overwrite::<I>(&dev, &[n])?,
        for_overwrite::<T>(&dev, &[n])?,
    );
    bucket_scatter::launch::<T, I>(
        &cfg,
        major,
        minor,
        data,
        &mut next,
        &mut entries.0,
        &mut entries.1,
        &mut entries.2,
        chunks as u64,
        spread as u64,
        shift,
    )?;
    drop(next);
    let mut indptr = for_overwrite::<I>(&dev, &[majors + 1])?;
    let mut line_next = for_overwrite::<I>(&dev, &[majors])?;
    let mut out_minor = for_overwrite::<I>(&dev, &[n])?;
    let mut out_data = for_overwrite::<T>(&dev, &[n])?;
    let (cfg, spread) = launch_items(&dev, blocks)?;
    bucket_rows::launch::<T, I>(
        &cfg,
        &starts,
        &entries.0,
        &entries.1,
        &entries.2,
        &mut indptr,
        &mut line_next,
        &mut out_minor,
        &mut out_data,
        spread as u64,
        shift,
    )?;
    Ok((indptr, out_minor, out_data))
}

/// Sorts every line of `indptr` by minor index in place, stably (SciPy's `sort_indices`, equal
/// indices in storage order); returns the inclusive scan of the lines' counts of distinct
/// indices and their total (below `nnz` when some line holds an index twice).
pub(crate) fn sort_each_line<T: SparseDType, I: SparseIndex>(
    indptr: &Array<I>,
    minor: &mut Array<I>,
    data: &mut Array<T>,
    majors: usize,
) -> Result<(Array<i64>, usize)> {
    let n = data.len();
    if n == 0 || majors == 0 {
        return Ok((Array::<i64>::zeros(&data.device(), &[majors])?, 0));
    }
    let dev = data.device();
    let (cfg, per_thread, spread) = row_runs(&dev, majors)?;
    let mut kept = Array::<i64>::zeros(&dev, &[majors])?;
    let mut flags = Array::<u32>::zeros(&dev, &[1])?;
    for pass in 0..2u32 {
        // Pass 1 (the lines longer than a run, merged through scratch arrays) only when
        // pass 0 found some.
        let scratch = if pass == 0 { 0 } else { n };
        if pass == 1 && flags.to_vec()?[0] == 0 {
            break;
        }
        sort_lines::launch::<T, I>(
            &cfg,
            indptr,
            &mut *minor,
            &mut *data,
            &mut Array::<I>::zeros(&dev, &[scratch])?,
            &mut Array::<T>::zeros(&dev, &[scratch])?,
            &mut kept,
            &mut flags,
            INSERTION_RUN as u64,
            pass,
            per_thread as u64,
            spread as u64,
        )?;
    }
    scan_flags(&kept)
}

/// Sorted lines with their groups of equal indices summed into one entry each (in storage
/// order, SciPy's `csr_sum_duplicates`), given the inclusive scan `scanned` of the lines' counts of distinct
/// indices and their total `groups`: the new pointers, indices and values.
fn sum_line_groups<T: SparseDType, I: SparseIndex>(
    indptr: &Array<I>,
    minor: &Array<I>,
    data: &Array<T>,
    scanned: &Array<i64>,
    groups: usize,
    majors: usize,
) -> Result<(Array<I>, Array<I>, Array<T>)> {
    let dev = data.device();
    let mut out_ptr = for_overwrite::<I>(&dev, &[majors + 1])?;
    let mut out_minor = for_overwrite::<I>(&dev, &[groups])?;
    let mut sums = for_overwrite::<T>(&dev, &[groups])?;
    let (cfg, per_thread, spread) = row_runs(&dev, majors)?;
    T::group_sums::<I>(
        &cfg,
        [indptr, minor],
        data,
        scanned,
        (&mut out_ptr, &mut out_minor, &mut sums),
        per_thread as u64,
        spread as u64,
    )?;
    Ok((out_ptr, out_minor, sums))
}

/// The entries `(major, minor, data)` as canonical compressed lines (SciPy's `tocsr` of COO):
/// grouped into lines by a counting sort, each line sorted by minor index, the values of
/// equal pairs summed in storage order (explicit zeros kept).
pub(crate) fn canonical_lines<T: SparseDType, I: SparseIndex>(
    major: &Array<I>,
    minor: &Array<I>,
    data: &Array<T>,
    majors: usize,
    minor_extent: usize,
) -> Result<Compressed<T, I>> {
    let (indptr, mut minor, mut data) = bucket_lines(major, minor, data, majors)?;
    let (scanned, groups) = sort_each_line(&indptr, &mut minor, &mut data, majors)?;
    let (indptr, minor, data) = if groups == data.len() {
        (indptr, minor, data)
    } else {
        sum_line_groups(&indptr, &minor, &data, &scanned, groups, majors)?
    };
    // Sorted lines of distinct indices: canonical by construction, no check pass.
    Ok(Compressed::canonical(
        data,
        minor,
        indptr,
        majors,
        minor_extent,
    ))
}

/// The pointers of lines `0..majors` over the sorted majors `major`.
pub(crate) fn pointers<I: SparseIndex>(major: &Array<I>, majors: usize) -> Result<Array<I>> {
    let mut indptr = Array::<I>::zeros(&major.device(), &[majors + 1])?;
    line_starts::launch::<I>(&per_element(majors + 1)?, major, &mut indptr, majors as u64)?;
    Ok(indptr)
}

impl<T: SparseDType, I: SparseIndex> Compressed<T, I> {
    /// Checks the arrays (as SciPy's `check_format(full_check=True)`, always) and learns
    /// whether the lines are sorted and canonical. A last pointer below the number of values
    /// drops the values past it (SciPy's `prune`).
    pub fn new(
        what: &str,
        data: &Array<T>,
        indices: &Array<I>,
        indptr: &Array<I>,
        majors: usize,
        minor: usize,
    ) -> Result<Self> {
        let dev = data.device();
        check_device(what, &dev, &[indices.device(), indptr.device()])?;
        check_1d(what, "data", data)?;
        check_1d(what, "indices", indices)?;
        check_1d(what, "indptr", indptr)?;
        check_extents::<I>(what, &[majors, minor])?;
        if indptr.len() != majors + 1 {
            return Err(Error::invalid(format!(
                "{what}: index pointer size {} should be {} (one more than the {majors} lines)",
                indptr.len(),
                majors + 1
            )));
        }
        if indices.len() != data.len() {
            return Err(Error::invalid(format!(
                "{what}: indices and data should have the same length ({} and {})",
                indices.len(),
                data.len()
            )));
        }
        let given = data.len();
        let last = read_at(indptr, -1)?;
        if last < 0 || last as u128 > given as u128 {
            return Err(Error::invalid(format!(
                "{what}: the last index pointer ({last}) should be within the number of stored \
                 values ({given})"
            )));
        }
        let nnz = last as usize;
        let (data, indices) = if nnz < given {
            (data.slice(s![..nnz])?, indices.slice(s![..nnz])?)
        } else {
            (data.clone(), indices.clone())
        };
        let mut out = Compressed {
            data: data.as_standard_layout()?,
            indices: indices.as_standard_layout()?,
            indptr: indptr.as_standard_layout()?,
            majors,
            minor,
            sorted: false,
            canonical: false,
        };
        let [bad_pointers, bad_indices, _, _] = out.check()?;
        if bad_pointers > 0 {
            return Err(Error::invalid(format!(
                "{what}: index pointers should start with 0 and be non-decreasing \
                 ({bad_pointers} line(s) at fault)"
            )));
        }
        if bad_indices > 0 {
            return Err(Error::Index {
                message: format!(
                    "{what}: {bad_indices} line(s) hold an index outside [0, {minor})"
                ),
            });
        }
        Ok(out)
    }

    /// Runs the check kernel, records whether the lines are sorted and canonical, and
    /// returns its counts (bad pointers, bad indices, unsorted lines, lines with repeats).
    pub fn check(&mut self) -> Result<[u32; 4]> {
        let dev = self.data.device();
        let mut flags = Array::<u32>::zeros(&dev, &[4])?;
        check_compressed::launch::<I>(
            &per_element(self.majors.max(1))?,
            &self.indptr,
            &self.indices,
            &mut flags,
            self.majors as u64,
            self.minor as u64,
            self.data.len() as u64,
        )?;
        let counts: [u32; 4] = flags
            .to_vec()?
            .try_into()
            .map_err(|_| Error::invalid("check_compressed: expected four counts"))?;
        self.sorted = counts[2] == 0;
        self.canonical = self.sorted && counts[3] == 0;
        Ok(counts)
    }

    /// Arrays known to be valid, their flags computed.
    pub fn trusted(
        data: Array<T>,
        indices: Array<I>,
        indptr: Array<I>,
        majors: usize,
        minor: usize,
    ) -> Result<Self> {
        let mut out = Compressed {
            data,
            indices,
            indptr,
            majors,
            minor,
            sorted: false,
            canonical: false,
        };
        out.check()?;
        Ok(out)
    }

    /// Arrays known to be valid and canonical (every line's indices strictly increasing),
    /// as a routine that sorted the lines and summed their duplicates leaves them.
    pub fn canonical(
        data: Array<T>,
        indices: Array<I>,
        indptr: Array<I>,
        majors: usize,
        minor: usize,
    ) -> Self {
        Compressed {
            data,
            indices,
            indptr,
            majors,
            minor,
            sorted: true,
            canonical: true,
        }
    }

    /// The same structure holding `data` (of the same length).
    pub fn with_data(&self, data: Array<T>) -> Self {
        Compressed {
            data,
            indices: self.indices.clone(),
            indptr: self.indptr.clone(),
            ..*self
        }
    }

    /// The same structure with its values converted by `f`.
    pub fn map_data<U: SparseDType>(
        &self,
        f: impl FnOnce(&Array<T>) -> Result<Array<U>>,
    ) -> Result<Compressed<U, I>> {
        Ok(Compressed {
            data: f(&self.data)?,
            indices: self.indices.clone(),
            indptr: self.indptr.clone(),
            majors: self.majors,
            minor: self.minor,
            sorted: self.sorted,
            canonical: self.canonical,
        })
    }

    /// The line of every stored entry (the rows of CSR's COO form).
    pub fn expand_majors(&self) -> Result<Array<I>> {
        let mut major = Array::<I>::zeros(&self.data.device(), &[self.data.len()])?;
        if self.majors > 0 && !self.data.is_empty() {
            expand_majors::launch::<I>(
                &per_element(self.majors)?,
                &self.indptr,
                &mut major,
                self.majors as u64,
            )?;
        }
        Ok(major)
    }

    /// The dense matrix: `[majors, minor]`, or `[minor, majors]` when `transposed` (CSC);
    /// duplicates summed.
    pub fn to_dense(&self, transposed: bool) -> Result<Array<T>> {
        let (shape, major_stride, minor_stride) = if transposed {
            ([self.minor, self.majors], 1, self.majors)
        } else {
            ([self.majors, self.minor], self.minor, 1)
        };
        let mut out = Array::<T>::zeros(&self.data.device(), &shape)?;
        if self.majors > 0 && !self.data.is_empty() {
            T::to_dense::<I>(
                &per_element(self.majors)?,
                &self.indptr,
                &self.indices,
                &self.data,
                &mut out,
                self.majors as u64,
                major_stride as u64,
                minor_stride as u64,
            )?;
        }
        Ok(out)
    }

    /// The same matrix compressed along the other axis (CSR to CSC): entries ordered by
    /// their minor index, ties in storage order (SciPy's `csr_tocsc`), duplicates kept.
    pub fn swap_axes(&self) -> Result<Self> {
        let major = self.expand_majors()?;
        let (indptr, indices, data) = bucket_lines(&self.indices, &major, &self.data, self.minor)?;
        Compressed::trusted(data, indices, indptr, self.minor, self.majors)
    }

    /// SciPy's `sort_indices`: each line's entries by index, equal indices in storage order.
    pub fn sort_indices(&mut self) -> Result<()> {
        if self.sorted {
            return Ok(());
        }
        let (_, groups) =
            sort_each_line(&self.indptr, &mut self.indices, &mut self.data, self.majors)?;
        // Sorted now; canonical when no line repeats an index.
        self.sorted = true;
        self.canonical = groups == self.data.len();
        Ok(())
    }

    /// SciPy's `sum_duplicates`: sorted lines, entries of equal index summed (in storage
    /// order) into one.
    pub fn sum_duplicates(&mut self) -> Result<()> {
        if self.canonical {
            return Ok(());
        }
        let (scanned, groups) =
            sort_each_line(&self.indptr, &mut self.indices, &mut self.data, self.majors)?;
        if groups < self.data.len() {
            (self.indptr, self.indices, self.data) = sum_line_groups(
                &self.indptr,
                &self.indices,
                &self.data,
                &scanned,
                groups,
                self.majors,
            )?;
        }
        self.sorted = true;
        self.canonical = true;
        Ok(())
    }

    /// SciPy's `eliminate_zeros`: drops the stored zeros (`-0.0` too; NaN stays), keeping
    /// the order of the others.
    pub fn eliminate_zeros(&mut self) -> Result<()> {
        let n = self.data.len();
        if n == 0 {
            return Ok(());
        }
        let dev = self.data.device();
        let zero = Array::scalar(&dev, T::default())?;
        let flags = nonzero_flag::<T>(&self.data, &zero)?;
        let (scanned, kept) = scan_flags(&flags)?;
        if kept == n {
            return Ok(());
        }
        let mut positions = Array::<i64>::zeros(&dev, &[kept])?;
        if kept > 0 {
            scatter_selected::launch(&per_element(n)?, &scanned, &mut positions)?;
        }
        let mut indptr = Array::<I>::zeros(&dev, &[self.majors + 1])?;
        kept_pointers::launch::<I>(
            &per_element(self.majors + 1)?,
            &self.indptr,
            &scanned,
            &mut indptr,
        )?;
        self.data = take(&self.data, &positions, None)?;
        self.indices = take(&self.indices, &positions, None)?;
        self.indptr = indptr;
        self.check()?;
        Ok(())
    }

    /// The sum of each line, `[majors]`, in storage order.
    pub fn line_sums(&self) -> Result<Array<T>> {
        let mut out = Array::<T>::zeros(&self.data.device(), &[self.majors])?;
        if self.majors > 0 {
            T::segment_sums::<I>(
                &per_element(self.majors)?,
                &self.data,
                &self.indptr,
                &mut out,
            )?;
        }
        Ok(out)
    }

    /// The `k`-th diagonal of the matrix of lines (the rows of CSR): SciPy's `diagonal(k)`,
    /// duplicates summed, empty when `k` is outside the matrix.
    pub fn diagonal(&self, k: isize) -> Result<Array<T>> {
        let (m, n) = (self.majors as i128, self.minor as i128);
        let k = k as i128;
        let dev = self.data.device();
        if k <= -m || k >= n {
            return Array::<T>::zeros(&dev, &[0]);
        }
        let (r0, c0) = (0.max(-k), 0.max(k));
        let len = (m - r0).min(n - c0) as usize;
        let mut out = Array::<T>::zeros(&dev, &[len])?;
        if len > 0 {
            T::diagonal::<I>(
                &per_element(len)?,
                &self.indptr,
                &self.indices,
                &self.data,
                &mut out,
                r0 as u64,
                c0 as u64,
            )?;
        }
        Ok(out)
    }

    /// The product of the matrix of lines (CSR) with a dense vector `[minor]` or matrix
    /// `[minor, k]`.
    pub fn dot(&self, what: &str, x: &Array<T>) -> Result<Array<T>> {
        let dev = self.data.device();
        check_device(what, &dev, &[x.device()])?;
        let x = x.as_standard_layout()?;
        match x.shape() {
            &[n] if n == self.minor => {
                let mut y = Array::<T>::zeros(&dev, &[self.majors])?;
                if self.majors > 0 {
                    let (cfg, per_thread, spread) = row_runs(&dev, self.majors)?;
                    // The CPU's runs hold equal work rather than equal rows: one long row
                    // (a power-law matrix) would otherwise leave the other workers idle.
                    let parts = if dev.is_cpu() {
                        self.majors.div_ceil(per_thread)
                    } else {
                        0
                    };
                    T::spmv::<I>(
                        &cfg,
                        &self.indptr,
                        &self.indices,
                        &self.data,
                        &x,
                        &mut y,
                        per_thread as u64,
                        spread as u64,
                        parts as u64,
                    )?;
                }
                Ok(y)
            }
            &[n, k] if n == self.minor => {
                let mut y = Array::<T>::zeros(&dev, &[self.majors, k])?;
                if !y.is_empty() {
                    T::spmm::<I>(
                        &per_element(y.len())?,
                        &self.indptr,
                        &self.indices,
                        &self.data,
                        &x,
                        &mut y,
                        k as u64,
                    )?;
                }
                Ok(y)
            }
            other => Err(Error::ShapeMismatch {
                op: format!("{what}: dimension mismatch"),
                expected: vec![self.minor],
                found: other.to_vec(),
            }),
        }
    }
}

/// The launch of a product over `rows` rows: one row per thread on a GPU; on the CPU runs of
/// rows, about eight per worker (the emulator's cost is per thread, a row of the Poisson
/// matrix is five products), each run one item of [`launch_items`].
fn row_runs(dev: &Device, rows: usize) -> Result<(LaunchConfig, usize, usize)> {
    let per_thread = if dev.is_cpu() {
        rows.div_ceil(8 * cpu_workers()).max(1)
    } else {
        1
    };
    let (cfg, spread) = launch_items(dev, rows.div_ceil(per_thread))?;
    Ok((cfg, per_thread, spread))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two-level counting sort gives the one-level one's pointers, indices and values (the
    /// lines' entries in storage order) for blocks of 1 to 64 lines: random lines, empty lines,
    /// one line holding a third of the entries, repeated entries.
    #[test]
    fn blocks_of_lines_sort_as_lines_do() {
        let dev = Device::cpu();
        let (n, majors) = (30_011usize, 2_003usize);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let rows: Vec<i32> = (0..n)
            .map(|j| {
                let r = next();
                if j % 3 == 0 {
                    1000
                } else {
                    // Lines 500..600 stay empty.
                    let m = (r % (majors as u64 - 100)) as i32;
                    if m >= 500 {
                        m + 100
                    } else {
                        m
                    }
                }
            })
            .collect();
        let cols: Vec<i32> = (0..n).map(|_| (next() % 50) as i32).collect();
        let vals: Vec<f64> = (0..n).map(|j| j as f64 * 0.5 - 7.0).collect();
        let major = Array::from_vec(&dev, &[n], rows).unwrap();
        let minor = Array::from_vec(&dev, &[n], cols).unwrap();
        let data = Array::from_vec(&dev, &[n], vals).unwrap();
        let (p, i, d) = bucket_lines_by_line(&major, &minor, &data, majors).unwrap();
        let want = (
            p.to_vec().unwrap(),
            i.to_vec().unwrap(),
            d.to_vec().unwrap(),
        );
        for shift in [0u32, 1, 3, 6] {
            let (p, i, d) = bucket_lines_in_blocks(&major, &minor, &data, majors, shift).unwrap();
            assert_eq!(p.to_vec().unwrap(), want.0, "pointers, blocks of 2^{shift}");
            assert_eq!(i.to_vec().unwrap(), want.1, "indices, blocks of 2^{shift}");
            assert_eq!(d.to_vec().unwrap(), want.2, "values, blocks of 2^{shift}");
        }
    }

    #[test]
    fn large_inputs_on_the_cpu_sort_in_blocks() {
        let dev = Device::cpu();
        assert_eq!(block_shift(&dev, 10_000_000, 1_000_000), Some(9));
        assert_eq!(block_shift(&dev, 1 << 20, 1 << 20), Some(13));
        assert_eq!(block_shift(&dev, 1 << 20, 8), None);
        assert_eq!(block_shift(&dev, 1 << 20, 4095), None);
        assert_eq!(block_shift(&dev, 1 << 20, 4096), Some(5));
        assert_eq!(block_shift(&dev, (1 << 20) - 1, 1 << 19), None);
    }
}
