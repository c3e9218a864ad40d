//! Rows along an axis: the layout every scan, sort and order statistic of this crate works on,
//! and the launch shape of kernels whose threads each own a run of a row.
//!
//! A routine along `axis` moves that axis last, makes the result C-contiguous on the array's
//! own device (one elementwise copy, skipped when it already is), and sees it as a
//! `[rows, n]` matrix. Its result, `[rows, m]`, goes back to the original axis order the same
//! way ([`Rows::restore`]).

use array_runtime::kernel::raw::LaunchConfig;
use array_runtime::shape;
use array_runtime::{Array, DType, Device, Error, Result};

/// `a` flattened in C order (a view when it is contiguous, else a copy on its device).
pub(crate) fn flatten<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    a.as_standard_layout()?.reshape(&[a.len()])
}

/// `axis` normalized against `ndim` ([`Error::Axis`] when out of range).
pub(crate) fn normalize_axis(axis: isize, ndim: usize) -> Result<usize> {
    shape::normalize_axis(axis, ndim)
}

/// An array seen as C-contiguous rows along one of its axes.
pub(crate) struct Rows<T: DType> {
    /// `[rows, n]`, C-contiguous, on the array's device.
    pub data: Array<T>,
    /// Number of rows (the product of the other axes).
    pub rows: usize,
    /// Length of each row (the extent of the axis).
    pub n: usize,
    /// Where the rows came from.
    axes: Axes,
}

/// Where rows came from: what puts results back in the array's shape.
pub(crate) struct Axes {
    /// The array's shape with the axis moved last.
    moved: Vec<usize>,
    /// The axis in the original array (`None`: the array was flattened).
    axis: Option<usize>,
}

impl<T: DType> Rows<T> {
    /// The rows of `a` along `axis` (`None`: `a` flattened into one row). A 0-d array with
    /// `None` is one row of one element; with an axis it is an [`Error::Axis`].
    pub fn new(a: &Array<T>, axis: Option<isize>) -> Result<Self> {
        Self::converted(a, axis, Array::as_standard_layout)
    }

    /// [`Rows::new`] of `a` converted by `convert` (to the result dtype, say) in the same
    /// pass: `convert` receives `a` with the axis moved last (a view) and returns a
    /// C-contiguous array of that shape.
    pub fn converted<S: DType>(
        a: &Array<S>,
        axis: Option<isize>,
        convert: impl Fn(&Array<S>) -> Result<Array<T>>,
    ) -> Result<Self> {
        match axis {
            None => {
                let n = a.len();
                Ok(Rows {
                    data: convert(a)?.reshape(&[1, n])?,
                    rows: 1,
                    n,
                    axes: Axes {
                        moved: vec![n],
                        axis: None,
                    },
                })
            }
            Some(ax) => {
                let nd = a.ndim();
                let axis = normalize_axis(ax, nd)?;
                let mut perm: Vec<isize> =
                    (0..nd as isize).filter(|&i| i != axis as isize).collect();
                perm.push(axis as isize);
                let view = a.permute(&perm)?;
                let moved = view.shape().to_vec();
                let n = a.shape()[axis];
                let rows = moved[..nd - 1].iter().product();
                Ok(Rows {
                    data: convert(&view)?.reshape(&[rows, n])?,
                    rows,
                    n,
                    axes: Axes {
                        moved,
                        axis: Some(axis),
                    },
                })
            }
        }
    }

    /// The data and where it came from, apart (to hand the data over without sharing it).
    pub fn into_parts(self) -> (Array<T>, Axes) {
        (self.data, self.axes)
    }

    /// [`Axes::restore`].
    pub fn restore<U: DType>(&self, out: &Array<U>, m: usize) -> Result<Array<U>> {
        self.axes.restore(out, m)
    }
}

impl Axes {
    /// `out`, of shape `[rows, m]` (one row of results per row), with the axis put back where
    /// it was: a C-contiguous array of the original shape with the axis of extent `m`.
    pub fn restore<U: DType>(&self, out: &Array<U>, m: usize) -> Result<Array<U>> {
        let mut shape = self.moved.clone();
        *shape.last_mut().expect("rows have an axis") = m;
        let out = out.reshape(&shape)?;
        match self.axis {
            None => Ok(out),
            Some(axis) => {
                let nd = shape.len();
                if axis == nd - 1 {
                    return Ok(out);
                }
                let back: Vec<isize> = (0..nd)
                    .map(|i| match i.cmp(&axis) {
                        std::cmp::Ordering::Less => i,
                        std::cmp::Ordering::Equal => nd - 1,
                        std::cmp::Ordering::Greater => i - 1,
                    } as isize)
                    .collect();
                out.permute(&back)?.as_standard_layout()
            }
        }
    }
}

/// How many workers the CPU backend runs raw kernels on.
pub(crate) fn cpu_workers() -> usize {
    rayon::current_num_threads().max(1)
}

/// The launch of `items` independent work items, each done by one thread, and the `spread`
/// the kernel divides the global thread index by (only threads whose index is a multiple of
/// `spread` work, on item `index / spread`).
///
/// On a GPU: blocks of 256 threads, `spread` 1. On the CPU, a launch of fewer than a few
/// thousand threads runs serially (the emulator's threshold for tiny launches); kernels whose
/// threads each own a long run of data are worth running in parallel even when there are few,
/// so a small number of items is spread out: one item per block, blocks of `spread` threads,
/// of which only the first works. Blocks hold at most 1024 threads: 2 or 3 items (one per
/// worker on a 2- or 3-core machine) get more blocks, the extra ones with no item
/// (`index / spread >= items`: the kernels return), so that the launch reaches the threshold
/// and the items run side by side, not one after the other.
pub(crate) fn launch_items(dev: &Device, items: usize) -> Result<(LaunchConfig, usize)> {
    const CPU_PARALLEL_THREADS: usize = 4096;
    let items = items.max(1);
    if u32::try_from(items).is_err() {
        return Err(Error::invalid(format!(
            "{items} work items are more than one launch can take"
        )));
    }
    if dev.is_cpu() && items < CPU_PARALLEL_THREADS {
        let spread = CPU_PARALLEL_THREADS.div_ceil(items).min(1024);
        let mut blocks = items;
        if items > 1 {
            blocks = items.max(CPU_PARALLEL_THREADS.div_ceil(spread));
        }
        return Ok((LaunchConfig::new(blocks as u32, spread as u32), spread));
    }
    Ok((LaunchConfig::for_elements(items, 256), 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few items (one per worker) make a launch of at least the emulator's threshold for a
    /// parallel launch, so that they run side by side; one item per block from block 0.
    #[test]
    fn few_items_reach_the_parallel_threshold() {
        let dev = Device::cpu();
        for items in [2usize, 3, 4, 5, 100, 4095] {
            let (cfg, spread) = launch_items(&dev, items).unwrap();
            let threads = cfg.grid.x as usize * cfg.block.x as usize;
            assert!(threads >= 4096, "{items} items: {threads} threads");
            assert_eq!(cfg.block.x as usize, spread, "{items}");
            assert!(cfg.grid.x as usize >= items, "{items}");
        }
        let (cfg, _) = launch_items(&dev, 1).unwrap();
        assert_eq!(cfg.grid.x, 1);
    }
}
