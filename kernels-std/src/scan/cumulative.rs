//! `cumsum` and `cumprod`: a chunked parallel scan along rows (see [`kernels`](super::kernels)).

use super::kernels::{
    chunk_scan, chunk_scan_bits, chunk_scan_c128, chunk_scan_c64, chunk_totals, chunk_totals_bits,
    chunk_totals_c128, chunk_totals_c64, op,
};
use super::rows::{cpu_workers, launch_items, Rows};
use crate::prelude::*;
use sealed::{ChunkKernels, Chunking};

/// Dtypes a scan runs in (the accumulators of [`Accumulate`]): integers and floats, whose
/// chunk kernels are generic (integers have the bitwise operations too), and `c64`/`c128`,
/// whose kernels are their own (complex `+` and `*`). Sealed.
pub trait ScanDType: DType + ChunkKernels {}

mod sealed {
    use crate::prelude::*;

    /// The shape of one level of a chunked scan: `chunks` chunks of `chunk` elements per row of
    /// `n`, `items` chunks in all, one per `spread` threads of the launch `cfg`, combined by
    /// `op` (see [`op`](crate::scan::kernels::op)).
    #[derive(Debug)]
    pub struct Chunking {
        pub cfg: LaunchConfig,
        pub n: u64,
        pub chunk: u64,
        pub chunks: u64,
        pub items: u64,
        pub spread: u64,
        pub op: u32,
    }

    /// The two kernels of a chunked scan of one dtype (see [`kernels`](super::super::kernels)).
    pub trait ChunkKernels: DType {
        /// Launches `chunk_totals`: the total of each chunk into `totals`.
        fn totals(c: &Chunking, x: &Array<Self>, totals: &mut Array<Self>) -> Result<()>;
        /// Launches `chunk_scan`: each chunk scanned from the scanned totals `carry`.
        fn scan(
            c: &Chunking,
            x: &Array<Self>,
            carry: &Array<Self>,
            out: &mut Array<Self>,
        ) -> Result<()>;
    }
}

macro_rules! chunk_kernels {
    ($($t:ty => $totals:expr, $scan:expr;)*) => {$(
        impl ChunkKernels for $t {
            fn totals(c: &Chunking, x: &Array<Self>, totals: &mut Array<Self>) -> Result<()> {
                $totals(&c.cfg, x, totals, c.n, c.chunk, c.chunks, c.spread, c.op)
            }
            fn scan(
                c: &Chunking,
                x: &Array<Self>,
                carry: &Array<Self>,
                out: &mut Array<Self>,
            ) -> Result<()> {
                $scan(&c.cfg, x, carry, out, c.n, c.chunk, c.chunks, c.items, c.spread, c.op)
            }
        }
        impl ScanDType for $t {}
    )*};
}

/// The kernels of an integer dtype: the generic ones, or those with the bitwise operations.
macro_rules! int_chunk_kernels {
    ($($t:ty),*) => {$(
        impl ChunkKernels for $t {
            fn totals(c: &Chunking, x: &Array<Self>, totals: &mut Array<Self>) -> Result<()> {
                let f = if c.op >= op::BITWISE_AND {
                    chunk_totals_bits::launch::<$t>
                } else {
                    chunk_totals::launch::<$t>
                };
                f(&c.cfg, x, totals, c.n, c.chunk, c.chunks, c.spread, c.op)
            }
            fn scan(
                c: &Chunking,
                x: &Array<Self>,
                carry: &Array<Self>,
                out: &mut Array<Self>,
            ) -> Result<()> {
                let f = if c.op >= op::BITWISE_AND {
                    chunk_scan_bits::launch::<$t>
                } else {
                    chunk_scan::launch::<$t>
                };
                f(&c.cfg, x, carry, out, c.n, c.chunk, c.chunks, c.items, c.spread, c.op)
            }
        }
        impl ScanDType for $t {}
    )*};
}
int_chunk_kernels!(i8, i16, i32, i64, u8, u16, u32, u64);

/// The generic kernels, for a float dtype.
macro_rules! float_chunk_kernels {
    ($($t:ty),*) => {
        chunk_kernels! {$(
            $t => chunk_totals::launch::<$t>, chunk_scan::launch::<$t>;
        )*}
    };
}
float_chunk_kernels!(f16, bf16, f32, f64);
chunk_kernels! {
    c64 => chunk_totals_c64::launch, chunk_scan_c64::launch;
    c128 => chunk_totals_c128::launch, chunk_scan_c128::launch;
}

/// Element types that can be accumulated, with NumPy's result dtype as `Acc`: integers
/// narrower than 64 bits (and `bool`) accumulate in `i64` (unsigned ones in `u64`), the others
/// (`c64` and `c128` too) in their own dtype.
pub trait Accumulate: DType {
    /// The dtype of `cumsum`/`cumprod` (NumPy's default accumulator).
    type Acc: ScanDType;
    /// `a` converted to [`Self::Acc`] on its device (itself when the dtypes agree).
    fn to_acc(a: &Array<Self>) -> Result<Array<Self::Acc>>;
}

macro_rules! same_acc {
    ($($t:ty),*) => {$(
        impl Accumulate for $t {
            type Acc = $t;
            fn to_acc(a: &Array<$t>) -> Result<Array<$t>> {
                Ok(a.clone())
            }
        }
    )*};
}
same_acc!(i64, u64, f16, bf16, f32, f64, c64, c128);

macro_rules! widened_acc {
    ($($t:ty => $acc:ty),*) => {$(
        impl Accumulate for $t {
            type Acc = $acc;
            fn to_acc(a: &Array<$t>) -> Result<Array<$acc>> {
                a.astype::<$acc>()
            }
        }
    )*};
}
widened_acc!(bool => i64, i8 => i64, i16 => i64, i32 => i64, u8 => u64, u16 => u64, u32 => u64);

/// Chunks of a GPU scan: short, so that a long row gives many threads.
const GPU_CHUNK: usize = 32;

/// The chunk length for scanning rows of `n` elements, `rows` of them, on `dev`.
///
/// CPU: a row is one chunk when the rows alone keep the workers busy or it is short; else
/// about four chunks per worker (at least 8192 elements each). GPU: [`GPU_CHUNK`].
fn chunk_len(dev: &Device, rows: usize, n: usize) -> usize {
    if dev.is_cpu() {
        let workers = cpu_workers();
        if n <= 16384 || rows >= 4 * workers {
            return n.max(1);
        }
        let per_row = (4 * workers).div_ceil(rows);
        n.div_ceil(per_row).max(8192)
    } else {
        GPU_CHUNK
    }
}

/// The inclusive scan by `op` (see [`op`]; sums and products for every [`ScanDType`], the
/// extrema for real numbers, the bitwise operations for integers) of each row of `x`,
/// `[rows, n]` C-contiguous, into a new `[rows, n]` array.
pub(crate) fn scan_rows<T: ScanDType>(
    x: &Array<T>,
    rows: usize,
    n: usize,
    op: u32,
) -> Result<Array<T>> {
    scan_rows_in_chunks(x, rows, n, op, &|rows, n| chunk_len(&x.device(), rows, n))
}

/// [`scan_rows`] with the chunk length given by `chunk(rows, n)` (at every level of the
/// recursion), so that the tests can run the GPU's shape on the CPU.
fn scan_rows_in_chunks<T: ScanDType>(
    x: &Array<T>,
    rows: usize,
    n: usize,
    op: u32,
    chunk: &dyn Fn(usize, usize) -> usize,
) -> Result<Array<T>> {
    let dev = x.device();
    let mut out = Array::<T>::zeros(&dev, &[rows, n])?;
    if rows * n == 0 {
        return Ok(out);
    }
    let len = chunk(rows, n).clamp(2, n.max(2));
    let chunks = n.div_ceil(len);
    let items = rows * chunks;
    let (cfg, spread) = launch_items(&dev, items)?;
    let c = Chunking {
        cfg,
        n: n as u64,
        chunk: len as u64,
        chunks: chunks as u64,
        items: items as u64,
        spread: spread as u64,
        op,
    };
    let carry = if chunks == 1 {
        // Not read: a row's first chunk starts from its first element.
        Array::<T>::zeros(&dev, &[1])?
    } else {
        let mut totals = Array::<T>::zeros(&dev, &[rows, chunks])?;
        T::totals(&c, x, &mut totals)?;
        scan_rows_in_chunks(&totals, rows, chunks, op, chunk)?
    };
    T::scan(&c, x, &carry, &mut out)?;
    Ok(out)
}

/// A scan (sum or product, see [`op`]) of `a` along `axis` (`None`: flattened), in the
/// accumulator dtype.
fn scan<T: Accumulate>(a: &Array<T>, axis: Option<isize>, op: u32) -> Result<Array<T::Acc>> {
    // NumPy accepts axis 0 (or -1) of a 0-d array, and scans it as one element.
    let axis = match axis {
        Some(0 | -1) if a.ndim() == 0 => None,
        other => other,
    };
    let rows = Rows::converted(a, axis, |v| T::to_acc(v)?.as_standard_layout())?;
    let out = scan_rows(&rows.data, rows.rows, rows.n, op)?;
    rows.restore(&out, rows.n)
}

/// NumPy's `cumsum(a, axis)`: the cumulative sum along `axis` (`None`: of the flattened array,
/// a 1-d result, as NumPy's default `axis=None`).
///
/// The result dtype is NumPy's ([`Accumulate::Acc`]): `bool` and integers narrower than 64 bits
/// give `i64` (unsigned: `u64`), and integer sums wrap on overflow; `c64` and `c128` stay
/// themselves (each part summed). Floats are summed chunk by
/// chunk in parallel: on long rows the rounding differs from NumPy's strictly sequential sum
/// in the last bits (the result is as accurate). A 0-d array gives one element (with `axis`
/// `None`, `Some(0)` or `Some(-1)`, as NumPy); an axis out of range is an
/// [`Error::Axis`](crate::Error::Axis).
///
/// ```
/// use kernels_std::scan::cumsum;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 3], vec![1i8, 2, 3, 100, 100, 100])?;
/// let all: Array<i64> = cumsum(&a, None)?;
/// assert_eq!(all.to_vec()?, vec![1, 3, 6, 106, 206, 306]);
/// assert_eq!(cumsum(&a, Some(1))?.to_vec()?, vec![1, 3, 6, 100, 200, 300]);
/// assert_eq!(cumsum(&a, Some(0))?.to_vec()?, vec![1, 2, 3, 101, 102, 103]);
/// assert!(cumsum(&a, Some(2)).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumsum<T: Accumulate>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Acc>> {
    scan(a, axis, op::ADD)
}

/// NumPy's `cumprod(a, axis)`: the cumulative product along `axis` (`None`: of the flattened
/// array). Result dtypes and rounding as for [`cumsum`]; integer products wrap. Complex
/// numbers multiply as NumPy's `(ac - bd) + (ad + bc)i` (without fused multiply-adds).
///
/// ```
/// use kernels_std::scan::cumprod;
/// use kernels_std::{c64, Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[4], vec![1.0f32, 2.0, 3.0, 4.0])?;
/// assert_eq!(cumprod(&a, None)?.to_vec()?, vec![1.0, 2.0, 6.0, 24.0]);
/// let z = Array::from_vec(&Device::cpu(), &[3], vec![c64::new(1.0, 1.0), c64::new(0.0, 1.0), c64::new(2.0, 0.0)])?;
/// let want = vec![c64::new(1.0, 1.0), c64::new(-1.0, 1.0), c64::new(-2.0, 2.0)];
/// assert_eq!(cumprod(&z, None)?.to_vec()?, want);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumprod<T: Accumulate>(a: &Array<T>, axis: Option<isize>) -> Result<Array<T::Acc>> {
    scan(a, axis, op::MULTIPLY)
}

/// A scan of `a` along `axis` with its elements converted to `U` (NumPy's `dtype=`).
fn scan_as<U: ScanDType, T: DType>(a: &Array<T>, axis: Option<isize>, op: u32) -> Result<Array<U>> {
    let axis = match axis {
        Some(0 | -1) if a.ndim() == 0 => None,
        other => other,
    };
    let rows = Rows::converted(a, axis, |v| v.astype::<U>()?.as_standard_layout())?;
    let out = scan_rows(&rows.data, rows.rows, rows.n, op)?;
    rows.restore(&out, rows.n)
}

/// NumPy's `cumsum(a, axis, dtype=U)`: [`cumsum`] with each element converted to `U` and
/// the running sums kept in `U` (integers wrap at `U`'s width, `f16` rounds at every step,
/// as NumPy's `add.accumulate` in that dtype). `U` is an integer, float or complex dtype.
///
/// ```
/// use kernels_std::scan::cumsum_as;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![100i64, 100, 100])?;
/// // np.cumsum(a, dtype=np.int8)
/// assert_eq!(cumsum_as::<i8, _>(&a, None)?.to_vec()?, vec![100, -56, 44]);
/// assert_eq!(cumsum_as::<f32, _>(&a, Some(0))?.to_vec()?, vec![100.0, 200.0, 300.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumsum_as<U: ScanDType, T: DType>(a: &Array<T>, axis: Option<isize>) -> Result<Array<U>> {
    scan_as(a, axis, op::ADD)
}

/// NumPy's `cumprod(a, axis, dtype=U)`: [`cumprod`] with each element converted to `U` and
/// the running products kept in `U`, as [`cumsum_as`].
///
/// ```
/// use kernels_std::scan::cumprod_as;
/// use kernels_std::{Array, Device};
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![16u32, 16, 3, 4])?;
/// assert_eq!(cumprod_as::<u8, _>(&a, Some(0))?.to_vec()?, vec![16, 16, 48, 64]);
/// assert_eq!(cumprod_as::<u8, _>(&a, None)?.to_vec()?, vec![16, 0, 0, 0]);
/// assert_eq!(cumprod_as::<f64, _>(&a, Some(1))?.to_vec()?, vec![16.0, 256.0, 3.0, 12.0]);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn cumprod_as<U: ScanDType, T: DType>(a: &Array<T>, axis: Option<isize>) -> Result<Array<U>> {
    scan_as(a, axis, op::MULTIPLY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GPU's launch shape (chunks of 32, recursing over the totals) and smaller ones, run
    /// on the CPU against a sequential scan: integers, complex sums and products, floats.
    #[test]
    fn deep_recursion_of_short_chunks() {
        let dev = Device::cpu();
        let (rows, n) = (3, 40_000);
        let data: Vec<i64> = (0..rows * n)
            .map(|i| (i as i64 * 7919) % 201 - 100)
            .collect();
        let x = Array::from_vec(&dev, &[rows, n], data.clone()).unwrap();
        let mut want = data.clone();
        for r in 0..rows {
            for i in 1..n {
                want[r * n + i] = want[r * n + i].wrapping_add(want[r * n + i - 1]);
            }
        }
        for chunk in [2, 3, GPU_CHUNK, 1000] {
            let got = scan_rows_in_chunks(&x, rows, n, op::ADD, &|_, _| chunk).unwrap();
            assert_eq!(got.to_vec().unwrap(), want, "chunks of {chunk}");
        }
        // Complex sums and products (exact: small integer parts, products of unit numbers).
        let units = [
            c128::new(1.0, 0.0),
            c128::new(0.0, 1.0),
            c128::new(-1.0, 0.0),
            c128::new(0.0, -1.0),
        ];
        let z: Vec<c128> = (0..rows * n)
            .map(|i| units[(i * 7919 + i / 5) % 4] * ((i % 3) as f64 - 1.0) + units[i % 4])
            .collect();
        let x = Array::from_vec(&dev, &[rows, n], z.clone()).unwrap();
        let p: Vec<c128> = (0..rows * n).map(|i| units[(i * 31 + i / 7) % 4]).collect();
        let (mut sums, mut prods) = (z.clone(), p.clone());
        for r in 0..rows {
            for i in 1..n {
                sums[r * n + i] = sums[r * n + i] + sums[r * n + i - 1];
                prods[r * n + i] = prods[r * n + i] * prods[r * n + i - 1];
            }
        }
        let px = Array::from_vec(&dev, &[rows, n], p).unwrap();
        for chunk in [2, 3, GPU_CHUNK, 1000] {
            let got = scan_rows_in_chunks(&x, rows, n, op::ADD, &|_, _| chunk).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                sums,
                "complex sums, chunks of {chunk}"
            );
            let got = scan_rows_in_chunks(&px, rows, n, op::MULTIPLY, &|_, _| chunk).unwrap();
            assert_eq!(
                got.to_vec().unwrap(),
                prods,
                "complex products, chunks of {chunk}"
            );
        }
        let ones = Array::full(&dev, &[2, 5000], 1.0f64).unwrap();
        let got = scan_rows_in_chunks(&ones, 2, 5000, op::MULTIPLY, &|_, _| GPU_CHUNK).unwrap();
        assert_eq!(got.to_vec().unwrap(), vec![1.0; 10_000]);
    }
}
