//! `sort` and `argsort`: a stable merge sort along rows (see [`kernels`](super::kernels)).

use super::kernels::{merge_runs, sort_runs};
use super::sortable::Sortable;
use crate::prelude::*;
use crate::scan::rows::{cpu_workers, launch_items, Rows};

/// How the work of a merge sort is cut: elements each thread insertion-sorts first, the
/// block each thread then sorts on its own (merge passes within one launch), and elements of
/// a row each thread writes in each of the remaining merge passes.
#[derive(Clone, Copy, Debug)]
struct Shape {
    run: usize,
    block: usize,
    segment: usize,
}

impl Shape {
    /// On a GPU: runs of 16, no blocks, segments of 64 (many threads however few the rows).
    const GPU: Shape = Shape {
        run: 16,
        block: 16,
        segment: 64,
    };

    /// The shape for `rows` rows of `n` elements on `dev`. CPU: runs of 32, blocks of 64 Ki
    /// elements (sorted in the cache), and long segments: a few per worker, unless the rows
    /// alone keep the workers busy.
    fn for_device(dev: &Device, rows: usize, n: usize) -> Shape {
        if !dev.is_cpu() {
            return Shape::GPU;
        }
        let workers = cpu_workers();
        let segment = if n <= 16384 || rows >= 4 * workers {
            n
        } else {
            n.div_ceil((4 * workers).div_ceil(rows)).max(4096)
        };
        Shape {
            run: 32,
            block: 1 << 16,
            segment,
        }
    }
}

/// Sorts each row of `keys` (`[rows, n]`, C-contiguous; copied first if its storage is
/// shared) stably in NumPy's order, and returns the sorted keys with, when `track`, their
/// original positions along the row (else an array of one zero).
pub(crate) fn merge_sort_rows<T: Num>(
    keys: Array<T>,
    rows: usize,
    n: usize,
    track: bool,
) -> Result<(Array<T>, Array<i64>)> {
    let shape = Shape::for_device(&keys.device(), rows, n);
    merge_sort_rows_in(keys, rows, n, track, shape)
}

/// [`merge_sort_rows`] cut as `shape` says (the tests run the GPU's shape on the CPU).
fn merge_sort_rows_in<T: Num>(
    mut keys: Array<T>,
    rows: usize,
    n: usize,
    track: bool,
    shape: Shape,
) -> Result<(Array<T>, Array<i64>)> {
    let dev = keys.device();
    let pos_shape: &[usize] = if track { &[rows, n] } else { &[1] };
    let mut pos = Array::<i64>::zeros(&dev, pos_shape)?;
    if rows * n == 0 {
        return Ok((keys, pos));
    }
    let run = shape.run.clamp(1, n);
    let runs = n.div_ceil(run);
    let (cfg, spread) = launch_items(&dev, rows * runs)?;
    sort_runs::launch::<T>(
        &cfg,
        &mut keys,
        &mut pos,
        n as u64,
        run as u64,
        runs as u64,
        (rows * runs) as u64,
        spread as u64,
        track,
    )?;
    let mut width = run;
    if width >= n {
        return Ok((keys, pos));
    }
    let mut other_keys = Array::<T>::zeros(&dev, &[rows, n])?;
    let mut other_pos = Array::<i64>::zeros(&dev, pos_shape)?;
    let mut in_other = false;
    // The passes within blocks (a whole number of runs, doubled), then one pass per launch.
    let mut local = 0;
    while (run << (local + 1)) <= shape.block && (run << local) < n {
        local += 1;
    }
    let mut plan = Vec::new();
    if local > 1 {
        plan.push((run << local, local));
    }
    let mut w = if local > 1 { run << local } else { run };
    while w < n {
        plan.push((shape.segment.clamp(1, n), 1));
        w *= 2;
    }
    for (seg, passes) in plan {
        let segs = n.div_ceil(seg);
        let (cfg, spread) = launch_items(&dev, rows * segs)?;
        merge_runs::launch::<T>(
            &cfg,
            &mut keys,
            &mut other_keys,
            &mut pos,
            &mut other_pos,
            n as u64,
            width as u64,
            passes as u64,
            seg as u64,
            segs as u64,
            (rows * segs) as u64,
            spread as u64,
            in_other,
            track,
        )?;
        width <<= passes;
        in_other ^= passes % 2 == 1;
    }
    Ok(if in_other {
        (other_keys, other_pos)
    } else {
        (keys, pos)
    })
}

/// NumPy's `sort(a, axis)` (`None`: the flattened array, 1-d): a sorted copy along `axis`.
///
/// NumPy's order: NaN last; `-0.0` and `0.0` are equal and keep their order (the sort is
/// stable, as NumPy's `kind="stable"`); `false` before `true`; complex numbers by real part,
/// then imaginary part, those holding a NaN last ([`Sortable`]). A 0-d array needs `axis: None` (an axis is an
/// [`Error::Axis`](crate::Error::Axis), as in NumPy). On both backends a parallel merge sort.
///
/// ```
/// use kernels_std::sort::sort;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![3.0f64, f64::NAN, 1.0, 2.0, 0.0, -1.0])?;
/// let s = sort(&a, Some(-1))?.to_vec()?;
/// assert_eq!(&s[..2], &[1.0, 3.0]);
/// assert!(s[2].is_nan());
/// assert_eq!(&s[3..], &[-1.0, 0.0, 2.0]);
/// assert_eq!(sort(&a, Some(0))?.to_vec()?[..2], [2.0, 0.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn sort<T: Sortable>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T>> {
    let rows = Rows::new(a, axis)?;
    let (r, n) = (rows.rows, rows.n);
    let (data, axes) = rows.into_parts();
    let (keys, _) = T::sort_rows(data, r, n, false)?;
    axes.restore(&keys, n)
}

/// NumPy's `argsort(a, axis, kind="stable")` (`None`: of the flattened array): the positions
/// along `axis` that sort `a`, ties in their original order. Order as [`sort`].
///
/// ```
/// use kernels_std::sort::argsort;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[5], vec![2i32, 1, 2, 1, 0])?;
/// assert_eq!(argsort(&a, Some(0))?.to_vec()?, vec![4, 1, 3, 0, 2]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn argsort<T: Sortable>(a: &Array<T>, axis: Option<isize>) -> Result<Array<i64>> {
    let rows = Rows::new(a, axis)?;
    let (r, n) = (rows.rows, rows.n);
    let (data, axes) = rows.into_parts();
    let (_, pos) = T::sort_rows(data, r, n, true)?;
    axes.restore(&pos, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GPU's shape (runs of 16, segments of 64) and odd ones, run on the CPU against a
    /// stable sort of the host.
    #[test]
    fn gpu_shape_and_odd_shapes() {
        let dev = Device::cpu();
        let (rows, n) = (3, 5001);
        let data: Vec<i32> = (0..rows * n)
            .map(|i| ((i * 7919) % 1013) as i32 % 50)
            .collect();
        let mut want = Vec::new();
        for row in data.chunks(n) {
            let mut idx: Vec<i64> = (0..n as i64).collect();
            idx.sort_by_key(|&i| row[i as usize]);
            want.extend(idx);
        }
        for shape in [
            Shape::GPU,
            Shape {
                run: 1,
                block: 1,
                segment: 1,
            },
            Shape {
                run: 3,
                block: 48,
                segment: 7,
            },
            Shape {
                run: 2,
                block: 4096,
                segment: 5001,
            },
            Shape {
                run: 32,
                block: 1 << 16,
                segment: 1000,
            },
            Shape {
                run: 5,
                block: 170,
                segment: 2000,
            },
            Shape {
                run: 4,
                block: 8,
                segment: 3,
            },
        ] {
            let keys = Array::from_vec(&dev, &[rows, n], data.clone()).unwrap();
            let (sorted, pos) = merge_sort_rows_in(keys, rows, n, true, shape).unwrap();
            assert_eq!(pos.to_vec().unwrap(), want, "{shape:?}");
            let sorted = sorted.to_vec().unwrap();
            assert!(sorted.chunks(n).all(|r| r.windows(2).all(|w| w[0] <= w[1])));
            let keys = Array::from_vec(&dev, &[rows, n], data.clone()).unwrap();
            let (alone, _) = merge_sort_rows_in(keys, rows, n, false, shape).unwrap();
            assert_eq!(
                alone.to_vec().unwrap(),
                sorted,
                "{shape:?} without positions"
            );
        }
    }
}
