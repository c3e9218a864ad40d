//! `loadtxt`: NumPy's C text reader (NumPy 1.23 and later), for numeric dtypes.

use std::io::BufRead;
use std::marker::PhantomData;
use std::path::Path;

use array_runtime::{Array, Device, Error, Result};

use super::number::{is_space, numpy_name, parse, Flavor, ParseError};
use super::{check_ndmin, grow, ndmin_shape, path_source, py_repr, Lines, TextSource};
use crate::io::NpyDType;

/// The call [`loadtxt`] (or [`loadtxt_from`]) starts: set NumPy's keywords, then
/// [`run`](LoadTxt::run).
#[derive(Debug)]
pub struct LoadTxt<'a, T: NpyDType> {
    source: TextSource<'a>,
    device: Device,
    delimiter: Option<char>,
    comments: Vec<String>,
    skiprows: usize,
    usecols: Option<Vec<isize>>,
    max_rows: Option<usize>,
    unpack: bool,
    ndmin: usize,
    quotechar: Option<char>,
    dtype: PhantomData<T>,
}

/// Reads a text file of numbers of dtype `T` onto `device` (NumPy's `np.loadtxt`), once the
/// keywords are set and [`LoadTxt::run`] is called.
///
/// Keywords and their NumPy defaults: [`delimiter`](LoadTxt::delimiter) (any white space),
/// [`comments`](LoadTxt::comments) (`["#"]`; the rest of a line after any of them is
/// ignored), [`skiprows`](LoadTxt::skiprows) (0 lines), [`usecols`](LoadTxt::usecols) (all;
/// negative indices count from the end), [`max_rows`](LoadTxt::max_rows) (all; empty lines
/// do not count), [`unpack`](LoadTxt::unpack) (`false`: `true` returns the transpose),
/// [`ndmin`](LoadTxt::ndmin) (0), [`quotechar`](LoadTxt::quotechar) (none).
///
/// The result is a `(rows, columns)` array squeezed as NumPy's is: one row or one column
/// gives a 1-d array, a single value a 0-d one, unless `ndmin` asks for more dimensions. An
/// input without data gives an empty array (NumPy also warns).
///
/// Values follow NumPy's C reader: white space around a value is ignored; an integer is
/// decimal digits with an optional sign (`-` only for signed dtypes), and one out of the
/// dtype's range is an error (`1.5` and `1e3` are not integers); floats are decimal or
/// `nan`, `inf`, `infinity` in any case, with a sign; complex values are `a+bj`, `bj` or
/// `a`, optionally in parentheses; a `bool` is an integer, true when nonzero.
///
/// Errors carry NumPy's message and name the file and line: a value that does not parse
/// (`could not convert string 'x' to float64 at row 1, column 2.`, rows counted from 0 among
/// the data rows), a row with another number of columns, a `usecols` index out of range.
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let text = "# x, y\n1, 2.5\n3, nan\n\n4, -inf  # last\n";
/// let a = io::loadtxt_from::<f64>(text.as_bytes(), &dev).delimiter(',').run()?;
/// assert_eq!(a.shape(), &[3, 2]);
/// assert_eq!(a.to_vec()?[..3], [1.0, 2.5, 3.0]);
/// let y = io::loadtxt_from::<f64>(text.as_bytes(), &dev).delimiter(',').usecols(&[-1]).run()?;
/// assert_eq!(y.shape(), &[3]);
///
/// let err = io::loadtxt_from::<i8>("1 2\n3 300\n".as_bytes(), &dev).run().unwrap_err();
/// assert!(err.to_string().contains("line 2: could not convert string '300' to int8 at row 1, column 2."));
/// # Ok(())
/// # }
/// ```
pub fn loadtxt<T: NpyDType>(path: impl AsRef<Path>, device: &Device) -> LoadTxt<'static, T> {
    LoadTxt::new(path_source(path.as_ref()), device)
}

/// [`loadtxt`] from any reader (NumPy's `np.loadtxt` of a file object or of a list of lines).
///
/// ```
/// use kernels_std::{io, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let t = io::loadtxt_from::<i32>("1 2\n3 4\n".as_bytes(), &Device::cpu()).unpack(true).run()?;
/// assert_eq!(t.to_vec()?, vec![1, 3, 2, 4]);
/// # Ok(())
/// # }
/// ```
pub fn loadtxt_from<'a, T: NpyDType>(reader: impl BufRead + 'a, device: &Device) -> LoadTxt<'a, T> {
    LoadTxt::new(TextSource::Reader(Box::new(reader)), device)
}

impl<'a, T: NpyDType> LoadTxt<'a, T> {
    fn new(source: TextSource<'a>, device: &Device) -> Self {
        LoadTxt {
            source,
            device: device.clone(),
            delimiter: None,
            comments: vec!["#".to_owned()],
            skiprows: 0,
            usecols: None,
            max_rows: None,
            unpack: false,
            ndmin: 0,
            quotechar: None,
            dtype: PhantomData,
        }
    }

    /// The character between values (NumPy's `delimiter`); by default any run of white
    /// space, leading and trailing white space ignored.
    pub fn delimiter(mut self, delimiter: char) -> Self {
        self.delimiter = Some(delimiter);
        self
    }

    /// The strings that start a comment (NumPy's `comments`; an empty list disables them,
    /// as `comments=None`). An empty string is an error, as in NumPy.
    pub fn comments<S: AsRef<str>>(mut self, comments: &[S]) -> Self {
        self.comments = comments.iter().map(|s| s.as_ref().to_owned()).collect();
        self
    }

    /// The number of lines skipped first, whatever they hold (NumPy's `skiprows`).
    pub fn skiprows(mut self, n: usize) -> Self {
        self.skiprows = n;
        self
    }

    /// The columns read, in this order (NumPy's `usecols`); negative indices count from the
    /// end of each row; repeats are allowed.
    pub fn usecols(mut self, cols: &[isize]) -> Self {
        self.usecols = Some(cols.to_vec());
        self
    }

    /// The most data rows read (NumPy's `max_rows`); empty and comment lines do not count.
    pub fn max_rows(mut self, n: usize) -> Self {
        self.max_rows = Some(n);
        self
    }

    /// Returns the transpose (NumPy's `unpack=True`, whose result is unpacked by column).
    pub fn unpack(mut self, unpack: bool) -> Self {
        self.unpack = unpack;
        self
    }

    /// The least number of dimensions of the result: 0, 1 or 2 (NumPy's `ndmin`; more is an
    /// error when the call runs).
    pub fn ndmin(mut self, ndmin: usize) -> Self {
        self.ndmin = ndmin;
        self
    }

    /// The character that quotes a value (NumPy's `quotechar`): delimiters and comment
    /// characters inside quotes are text, a doubled quote is one quote, and a quoted value
    /// may run over several lines.
    pub fn quotechar(mut self, quotechar: char) -> Self {
        self.quotechar = Some(quotechar);
        self
    }

    /// Reads the text.
    pub fn run(self) -> Result<Array<T>> {
        check_ndmin(self.ndmin)?;
        let tokenizer = Tokenizer::new(self.delimiter, &self.comments, self.quotechar)?;
        let (reader, label) = self.source.open()?;
        let mut lines = Lines::new(reader, label);
        let mut line = String::new();
        for _ in 0..self.skiprows {
            if !lines.next_line(&mut line)? {
                break;
            }
        }
        let mut values: Vec<T> = Vec::new();
        let mut fields: Vec<String> = Vec::new();
        let mut rows = 0usize;
        let mut ncols: Option<usize> = self.usecols.as_ref().map(Vec::len);
        let mut first_width: Option<usize> = None;
        while self.max_rows.is_none_or(|m| rows < m) {
            if !lines.next_line(&mut line)? {
                break;
            }
            // A quoted value may run over the line end: read on until its quote closes.
            // At the end of the file, an open quote closes there (as in NumPy).
            while !tokenizer.split(&line, &mut fields, false) {
                let mut more = String::new();
                if !lines.next_line(&mut more)? {
                    tokenizer.split(&line, &mut fields, true);
                    break;
                }
                line.push('\n');
                line.push_str(&more);
            }
            if fields.is_empty() {
                continue;
            }
            let n = fields.len();
            match &self.usecols {
                None => {
                    let width = *first_width.get_or_insert(n);
                    if n != width {
                        return Err(lines.bad(format!(
                            "the number of columns changed from {width} to {n} at row {}; use \
                             `usecols` to select a subset and avoid this error",
                            rows + 1
                        )));
                    }
                    ncols = Some(n);
                    grow(&mut values, n)?;
                    for (c, field) in fields.iter().enumerate() {
                        values.push(convert::<T>(field, rows, c, &lines)?);
                    }
                }
                Some(cols) => {
                    grow(&mut values, cols.len())?;
                    for &c in cols {
                        let index = if c < 0 { c + n as isize } else { c };
                        if index < 0 || index as usize >= n {
                            return Err(lines.bad(format!(
                                "invalid column index {c} at row {} with {n} columns",
                                rows + 1
                            )));
                        }
                        let index = index as usize;
                        values.push(convert::<T>(&fields[index], rows, index, &lines)?);
                    }
                }
            }
            rows += 1;
        }
        // Without data and without `usecols`, NumPy's reader returns one empty column.
        let ncols = if rows == 0 && self.usecols.is_none() {
            1
        } else {
            ncols.unwrap_or(0)
        };
        let shape = ndmin_shape(rows, ncols, self.ndmin);
        let a = Array::from_vec(&self.device, &shape, values)?;
        Ok(if self.unpack { a.t() } else { a })
    }
}

/// One field as `T`, or NumPy's error for it (`row` counted from 0, `col` from 0).
fn convert<T: NpyDType>(field: &str, row: usize, col: usize, lines: &Lines<'_>) -> Result<T> {
    parse::<T>(field, Flavor::LoadTxt).map_err(|_: ParseError| {
        lines.bad(format!(
            "could not convert string {} to {} at row {row}, column {}.",
            py_repr(field),
            numpy_name(T::ID),
            col + 1
        ))
    })
}

/// Splits lines into fields as NumPy's C tokenizer does.
struct Tokenizer {
    delimiter: Option<char>,
    quote: Option<char>,
    /// A one-character comment, handled while splitting (it does not start a comment inside
    /// quotes).
    comment_char: Option<char>,
    /// Longer or several comment strings: the line is cut at the first of them before
    /// splitting (as NumPy does, quotes or not).
    comment_strs: Vec<String>,
}

impl Tokenizer {
    fn new(delimiter: Option<char>, comments: &[String], quote: Option<char>) -> Result<Self> {
        if comments.iter().any(String::is_empty) {
            return Err(Error::invalid(
                "comments cannot be an empty string. Use comments=None to disable comments.",
            ));
        }
        let comment_char = match comments {
            [one] if one.chars().count() == 1 => one.chars().next(),
            _ => None,
        };
        let conflict = |a: &str, b: &str| {
            Error::invalid(format!(
                "The values for control characters '{a}' and '{b}' are incompatible"
            ))
        };
        for c in [delimiter, quote, comment_char].into_iter().flatten() {
            if c == '\n' || c == '\r' {
                return Err(Error::invalid(
                    "control characters cannot be a newline character",
                ));
            }
        }
        if comment_char.is_some() && comment_char == delimiter {
            return Err(conflict("comment", "delimiter"));
        }
        if quote.is_some() && quote == delimiter {
            return Err(conflict("quotechar", "delimiter"));
        }
        if comment_char.is_some() && comment_char == quote {
            return Err(conflict("comment", "quotechar"));
        }
        Ok(Tokenizer {
            delimiter,
            quote,
            comment_char,
            comment_strs: if comment_char.is_some() {
                Vec::new()
            } else {
                comments.to_vec()
            },
        })
    }

    /// Splits `line` into `fields`; `false` when the line ends inside quotes (the caller
    /// appends the next line and splits again), unless `last`: then the quote closes there.
    fn split(&self, line: &str, fields: &mut Vec<String>, last: bool) -> bool {
        fields.clear();
        let line = match self
            .comment_strs
            .iter()
            .filter_map(|c| line.find(c.as_str()))
            .min()
        {
            Some(k) => &line[..k],
            None => line,
        };
        let whitespace = self.delimiter.is_none();
        let mut chars = line.chars().peekable();
        let mut field = String::new();
        let mut in_field = false;
        let mut quoted = false;
        let mut any = false;
        loop {
            if whitespace && !in_field {
                while chars.peek().is_some_and(|&c| is_space(c)) {
                    chars.next();
                }
            }
            let Some(c) = chars.next() else { break };
            if !quoted && Some(c) == self.comment_char {
                break;
            }
            any = true;
            if quoted {
                if Some(c) == self.quote {
                    if chars.peek() == Some(&c) {
                        field.push(c);
                        chars.next();
                    } else {
                        quoted = false;
                    }
                } else {
                    field.push(c);
                }
                continue;
            }
            let ends_field = match self.delimiter {
                Some(d) => c == d,
                None => is_space(c),
            };
            if ends_field {
                fields.push(std::mem::take(&mut field));
                in_field = false;
                continue;
            }
            if !in_field && Some(c) == self.quote {
                quoted = true;
                in_field = true;
                continue;
            }
            in_field = true;
            field.push(c);
        }
        if quoted && !last {
            return false;
        }
        // With white space between values, a field ends where the text does; with a
        // delimiter, any text before the end (or the comment) makes a last field.
        if in_field || (!whitespace && any) {
            fields.push(field);
        }
        true
    }
}
