//! `genfromtxt`: NumPy's Python text reader, with missing values (for `names=None` and a
//! numeric dtype).

use std::io::BufRead;
use std::path::Path;

use array_runtime::{Array, DType, DTypeId, Device, Error, Result};

use super::number::{numpy_name, parse, Flavor, ParseError};
use super::{check_ndmin, grow, ndmin_shape, path_source, Lines, TextSource};
use crate::io::NpyDType;

/// The call [`genfromtxt`] (or [`genfromtxt_from`]) starts: set NumPy's keywords, then
/// [`run`](GenFromTxt::run).
#[derive(Debug)]
pub struct GenFromTxt<'a, T: NpyDType> {
    source: TextSource<'a>,
    device: Device,
    splitter: Splitter,
    comments: Option<String>,
    skip_header: usize,
    skip_footer: usize,
    usecols: Option<Vec<isize>>,
    filling_values: Option<T>,
    max_rows: Option<usize>,
    invalid_raise: bool,
    unpack: bool,
    ndmin: usize,
}

/// Reads a text file of numbers of dtype `T` with missing values onto `device` (NumPy's
/// `np.genfromtxt` with `names=None` and a numeric `dtype`), once the keywords are set and
/// [`GenFromTxt::run`] is called.
///
/// Keywords and their NumPy defaults: [`delimiter`](GenFromTxt::delimiter) (runs of white
/// space; a string splits exactly there; [`fixed_width`](GenFromTxt::fixed_width) and
/// [`widths`](GenFromTxt::widths) are NumPy's `delimiter` as an `int` or a list of them),
/// [`comments`](GenFromTxt::comments) (`"#"`),
/// [`skip_header`](GenFromTxt::skip_header) and [`skip_footer`](GenFromTxt::skip_footer) (0),
/// [`usecols`](GenFromTxt::usecols), [`filling_values`](GenFromTxt::filling_values) (NaN for
/// floats, `nan+0j` for complex, -1 for integers, `false` for `bool`),
/// [`max_rows`](GenFromTxt::max_rows), [`invalid_raise`](GenFromTxt::invalid_raise) (`true`),
/// [`unpack`](GenFromTxt::unpack), [`ndmin`](GenFromTxt::ndmin).
///
/// As NumPy's (`loose=True`), a field that is missing or does not parse takes the filling
/// value; an integer out of the dtype's range is an error (`Python integer 300 out of bounds
/// for int8`), and so is the default filling value -1 for an unsigned dtype, as in NumPy.
/// Values parse as Python's `int`, `float` and `complex` (white space around them and `_`
/// between digits allowed); a `bool` is `True` or `False` in any case. Lines with another
/// number of columns are an error listing every such line (`Line #3 (got 3 columns instead
/// of 2)`, numbered as NumPy numbers them), or are dropped with `invalid_raise(false)`.
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let text = "a,b,c\n1,2,3\n4,,6\n7,8,x\ntotal\n";
/// let a = io::genfromtxt_from::<f64>(text.as_bytes(), &dev)
///     .delimiter(",")
///     .skip_header(1)
///     .skip_footer(1)
///     .run()?;
/// let v = a.to_vec()?;
/// assert_eq!(a.shape(), &[3, 3]);
/// assert!(v[4].is_nan() && v[8].is_nan());
/// let b = io::genfromtxt_from::<i32>(text.as_bytes(), &dev)
///     .delimiter(",")
///     .skip_header(1)
///     .skip_footer(1)
///     .filling_values(0)
///     .run()?;
/// assert_eq!(b.to_vec()?, vec![1, 2, 3, 4, 0, 6, 7, 8, 0]);
/// # Ok(())
/// # }
/// ```
pub fn genfromtxt<T: NpyDType>(path: impl AsRef<Path>, device: &Device) -> GenFromTxt<'static, T> {
    GenFromTxt::new(path_source(path.as_ref()), device)
}

/// [`genfromtxt`] from any reader.
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let a = io::genfromtxt_from::<f32>("1 N/A 3\n".as_bytes(), &Device::cpu())
///     .filling_values(-1.0)
///     .run()?;
/// assert_eq!(a.to_vec()?, vec![1.0, -1.0, 3.0]);
/// # Ok(())
/// # }
/// ```
pub fn genfromtxt_from<'a, T: NpyDType>(
    reader: impl BufRead + 'a,
    device: &Device,
) -> GenFromTxt<'a, T> {
    GenFromTxt::new(TextSource::Reader(Box::new(reader)), device)
}

impl<'a, T: NpyDType> GenFromTxt<'a, T> {
    fn new(source: TextSource<'a>, device: &Device) -> Self {
        GenFromTxt {
            source,
            device: device.clone(),
            splitter: Splitter::Whitespace,
            comments: Some("#".to_owned()),
            skip_header: 0,
            skip_footer: 0,
            usecols: None,
            filling_values: None,
            max_rows: None,
            invalid_raise: true,
            unpack: false,
            ndmin: 0,
        }
    }

    /// The string between values (NumPy's `delimiter` as a `str`); by default, or when
    /// empty, runs of white space.
    pub fn delimiter(mut self, delimiter: &str) -> Self {
        self.splitter = if delimiter.is_empty() {
            Splitter::Whitespace
        } else {
            Splitter::Delimiter(delimiter.to_owned())
        };
        self
    }

    /// Fields of `width` characters each, as many as the line holds (NumPy's `delimiter` as
    /// an `int`; 0 means runs of white space, as NumPy's).
    pub fn fixed_width(mut self, width: usize) -> Self {
        self.splitter = if width == 0 {
            Splitter::Whitespace
        } else {
            Splitter::Fixed(width)
        };
        self
    }

    /// Fields of these widths in characters, one after another (NumPy's `delimiter` as a
    /// sequence of `int`s). As in NumPy, a blank line is then a row of missing values.
    pub fn widths(mut self, widths: &[usize]) -> Self {
        self.splitter = Splitter::Widths(widths.to_vec());
        self
    }

    /// The string that starts a comment (default `"#"`), or `None` for none.
    pub fn comments(mut self, comments: Option<&str>) -> Self {
        self.comments = comments.map(str::to_owned);
        self
    }

    /// The number of lines skipped at the start.
    pub fn skip_header(mut self, n: usize) -> Self {
        self.skip_header = n;
        self
    }

    /// The number of data rows dropped at the end.
    pub fn skip_footer(mut self, n: usize) -> Self {
        self.skip_footer = n;
        self
    }

    /// The columns read, in this order; negative indices count from the end of each row.
    pub fn usecols(mut self, cols: &[isize]) -> Self {
        self.usecols = Some(cols.to_vec());
        self
    }

    /// The value of missing and unparsable fields.
    pub fn filling_values(mut self, value: T) -> Self {
        self.filling_values = Some(value);
        self
    }

    /// The most data rows read (at least 1, and not with `skip_footer`, as in NumPy).
    pub fn max_rows(mut self, n: usize) -> Self {
        self.max_rows = Some(n);
        self
    }

    /// Whether lines with another number of columns are an error (default) or dropped.
    pub fn invalid_raise(mut self, raise: bool) -> Self {
        self.invalid_raise = raise;
        self
    }

    /// Returns the transpose.
    pub fn unpack(mut self, unpack: bool) -> Self {
        self.unpack = unpack;
        self
    }

    /// The least number of dimensions of the result: 0, 1 or 2.
    pub fn ndmin(mut self, ndmin: usize) -> Self {
        self.ndmin = ndmin;
        self
    }

    /// Reads the text.
    pub fn run(self) -> Result<Array<T>> {
        check_ndmin(self.ndmin)?;
        if self.max_rows.is_some() && self.skip_footer > 0 {
            return Err(Error::invalid(
                "The keywords 'skip_footer' and 'max_rows' can not be specified at the same time.",
            ));
        }
        if self.max_rows == Some(0) {
            return Err(Error::invalid("'max_rows' must be at least 1."));
        }
        let usecols = self.usecols.filter(|c| !c.is_empty());
        let (reader, label) = self.source.open()?;
        let mut lines = Lines::new(reader, label);
        let mut line = String::new();
        for _ in 0..self.skip_header {
            if !lines.next_line(&mut line)? {
                break;
            }
        }
        let split = |line: &str, terminated: bool| {
            split_line(line, terminated, self.comments.as_deref(), &self.splitter)
        };
        // NumPy numbers lines from the first line that holds values (after the header).
        let mut index: Option<usize> = None;
        let mut nbcols = 0;
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut invalid: Vec<(usize, usize)> = Vec::new();
        while lines.next_line(&mut line)? {
            let values = split(&line, lines.terminated);
            let i = match index {
                None if values.is_empty() => continue,
                None => {
                    nbcols = usecols.as_ref().map_or(values.len(), Vec::len);
                    0
                }
                Some(i) => i + 1,
            };
            index = Some(i);
            if values.is_empty() {
                continue;
            }
            let nb = values.len();
            let line_no = i + self.skip_header + 1;
            let picked = match &usecols {
                Some(cols) => cols
                    .iter()
                    .map(|&c| {
                        let k = if c < 0 { c + nb as isize } else { c };
                        usize::try_from(k).ok().and_then(|k| values.get(k).cloned())
                    })
                    .collect::<Option<Vec<String>>>(),
                None => (nb == nbcols).then_some(values),
            };
            match picked {
                Some(row) => {
                    grow(&mut rows, 1)?;
                    rows.push(row);
                }
                None => invalid.push((line_no, nb)),
            }
            if self.max_rows == Some(rows.len()) {
                break;
            }
        }
        let mut skip_footer = self.skip_footer;
        if !invalid.is_empty() {
            // Invalid lines inside the footer are not reported, and count as footer lines.
            if skip_footer > 0 {
                let kept = (rows.len() + invalid.len()).saturating_sub(skip_footer);
                let in_footer = invalid
                    .iter()
                    .filter(|&&(l, _)| l > kept + self.skip_header)
                    .count();
                invalid.truncate(invalid.len() - in_footer);
                skip_footer = skip_footer.saturating_sub(in_footer);
            }
            if !invalid.is_empty() && self.invalid_raise {
                let mut msg = format!("{}: Some errors were detected !", lines.label);
                for (l, nb) in &invalid {
                    msg.push_str(&format!(
                        "\n    Line #{l} (got {nb} columns instead of {nbcols})"
                    ));
                }
                return Err(Error::invalid(msg));
            }
        }
        rows.truncate(rows.len().saturating_sub(skip_footer));
        let fill = self.filling_values.map_or_else(default_fill::<T>, Ok);
        let mut values: Vec<T> = Vec::new();
        grow(&mut values, rows.len().saturating_mul(nbcols))?;
        for row in &rows {
            for field in row {
                values.push(
                    convert::<T>(field, &fill)
                        .map_err(|msg| Error::invalid(format!("{}: {msg}", lines.label)))?,
                );
            }
        }
        let (nrows, ncols) = if index.is_none() {
            (0, 1)
        } else {
            (rows.len(), nbcols)
        };
        let shape = ndmin_shape(nrows, ncols, self.ndmin);
        let a = Array::from_vec(&self.device, &shape, values)?;
        Ok(if self.unpack { a.t() } else { a })
    }
}

/// How [`split_line`] cuts a line into fields (NumPy's `delimiter`).
#[derive(Clone, Debug)]
enum Splitter {
    Whitespace,
    Delimiter(String),
    Fixed(usize),
    Widths(Vec<usize>),
}

/// The characters `from..to` of `line` (as Python slices a `str`: clamped to its length).
fn char_slice(line: &str, from: usize, to: usize) -> String {
    line.chars()
        .skip(from)
        .take(to.saturating_sub(from))
        .collect()
}

/// NumPy's `LineSplitter`: the line (with its line end, which NumPy's lines keep) cut at the
/// comment, stripped (of spaces and line ends when split at a delimiter, of line ends for
/// fixed widths, not at all for a list of widths), then split.
fn split_line(
    line: &str,
    terminated: bool,
    comments: Option<&str>,
    splitter: &Splitter,
) -> Vec<String> {
    let owned;
    let full = if terminated {
        owned = format!("{line}\n");
        owned.as_str()
    } else {
        line
    };
    let cut = match comments {
        Some(c) if !c.is_empty() => full.split(c).next().unwrap_or(""),
        _ => full,
    };
    match splitter {
        Splitter::Whitespace | Splitter::Delimiter(_) => {
            let text = cut.trim_matches([' ', '\r', '\n']);
            if text.is_empty() {
                return Vec::new();
            }
            match splitter {
                Splitter::Delimiter(d) => text.split(d.as_str()).map(str::to_owned).collect(),
                _ => text
                    .split(super::number::is_space)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            }
        }
        Splitter::Fixed(width) => {
            let text = cut.trim_matches(['\r', '\n']);
            let chars: Vec<char> = text.chars().collect();
            chars.chunks(*width).map(|c| c.iter().collect()).collect()
        }
        Splitter::Widths(widths) => {
            if cut.is_empty() {
                return Vec::new();
            }
            let mut at = 0usize;
            widths
                .iter()
                .map(|&w| {
                    let from = at;
                    at = at.saturating_add(w);
                    char_slice(cut, from, at)
                })
                .collect()
        }
    }
}

/// NumPy's default filling value: NaN for floats, `nan+0j` for complex, `False`, and the
/// Python integer -1 for integers (out of bounds for unsigned dtypes, as in NumPy).
fn default_fill<T: DType>() -> std::result::Result<T, String> {
    match T::ID {
        DTypeId::Bool => Ok(false.cast::<T>()),
        DTypeId::U8 | DTypeId::U16 | DTypeId::U32 | DTypeId::U64 => Err(format!(
            "Python integer -1 out of bounds for {}",
            numpy_name(T::ID)
        )),
        DTypeId::I8 | DTypeId::I16 | DTypeId::I32 | DTypeId::I64 => Ok((-1i64).cast::<T>()),
        _ => Ok(f64::NAN.cast::<T>()),
    }
}

/// One field: its value, or the filling value when it does not parse; an integer out of
/// range is NumPy's error.
fn convert<T: DType>(
    field: &str,
    fill: &std::result::Result<T, String>,
) -> std::result::Result<T, String> {
    match parse::<T>(field, Flavor::Python) {
        Ok(v) => Ok(v),
        Err(ParseError::Invalid) => fill.clone(),
        Err(ParseError::OutOfRange(v))
            if i64::try_from(v).is_ok() || (T::ID == DTypeId::U64 && v > 0) =>
        {
            Err(format!(
                "Python integer {v} out of bounds for {}",
                numpy_name(T::ID)
            ))
        }
        Err(_) => Err("Python int too large to convert to C long".to_owned()),
    }
}
