//! `savetxt`: an array of one or two dimensions as text, one row per line.

use std::io::Write;
use std::path::{Path, PathBuf};

use array_runtime::{Array, Error, Result};

use super::number::Scalar;
use super::printf::{percent_count, FormatError, Template};
use crate::io::text::number::numpy_name;
use crate::io::NpyDType;

/// The `fmt` of [`savetxt`]: one format for every column, or one per column.
#[derive(Clone, Debug)]
enum Fmt {
    One(String),
    Columns(Vec<String>),
}

enum Target<'a> {
    Path(PathBuf),
    Writer(&'a mut dyn Write),
}

impl std::fmt::Debug for Target<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Path(path) => write!(f, "{}", path.display()),
            Target::Writer(_) => f.write_str("<writer>"),
        }
    }
}

/// The call [`savetxt`] (or [`savetxt_to`]) starts: set NumPy's keywords, then
/// [`run`](SaveTxt::run).
#[derive(Debug)]
pub struct SaveTxt<'a, T: NpyDType> {
    target: Target<'a>,
    array: &'a Array<T>,
    fmt: Fmt,
    delimiter: String,
    newline: String,
    header: String,
    footer: String,
    comments: String,
}

/// Writes a 1-d or 2-d array to a text file (NumPy's `np.savetxt`), once the keywords are set
/// and [`SaveTxt::run`] is called; a 1-d array is written as one column.
///
/// Keywords and their NumPy defaults: [`fmt`](SaveTxt::fmt) `"%.18e"` (Python's `%`
/// formats: `%d`, `%.3f`, `%10.4g`, `%s`, ...; several conversions in one string give one per
/// column, and [`fmt_columns`](SaveTxt::fmt_columns) gives a list), [`delimiter`](SaveTxt::delimiter)
/// `" "`, [`newline`](SaveTxt::newline) `"\n"`, [`header`](SaveTxt::header) and
/// [`footer`](SaveTxt::footer) `""` (written after [`comments`](SaveTxt::comments), `"# "`,
/// on every line). A complex array with one format writes each value as ` (re+imj)`; a
/// format with two conversions per column formats the parts as given.
///
/// The text is what `np.savetxt` writes for the same array and keywords, byte for byte: the
/// values are formatted as NumPy's scalars (`%s` of a `float32` is its shortest digits, `%d`
/// of a float truncates, `%d` of NaN is an error). Errors are NumPy's: an array of another
/// number of dimensions, a format with the wrong number of conversions, a conversion that
/// does not fit the dtype (`%x` of a float).
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let a = Array::from_vec(&Device::cpu(), &[2, 2], vec![1.5f64, -2.0, 0.25, 8.0])?;
/// let mut text = Vec::new();
/// io::savetxt_to(&mut text, &a).fmt("%.2f").delimiter(",").header("x,y").run()?;
/// assert_eq!(String::from_utf8(text).unwrap(), "# x,y\n1.50,-2.00\n0.25,8.00\n");
///
/// let path = std::env::temp_dir().join(format!("savetxt_doc_{}.txt", std::process::id()));
/// io::savetxt(&path, &a).fmt_columns(["%d", "%.1e"]).run()?;
/// assert_eq!(std::fs::read_to_string(&path)?, "1 -2.0e+00\n0 8.0e+00\n");
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn savetxt<T: NpyDType>(path: impl AsRef<Path>, array: &Array<T>) -> SaveTxt<'_, T> {
    SaveTxt::new(Target::Path(path.as_ref().to_path_buf()), array)
}

/// [`savetxt`] to any writer (NumPy's `np.savetxt` of a file object).
///
/// ```
/// use kernels_std::{c128, io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let z = Array::from_vec(&Device::cpu(), &[2], vec![c128::new(1.0, 2.0), c128::new(-3.5, -0.5)])?;
/// let mut text = Vec::new();
/// io::savetxt_to(&mut text, &z).fmt("%.1f").run()?;
/// assert_eq!(String::from_utf8(text).unwrap(), " (1.0+2.0j)\n (-3.5-0.5j)\n");
/// # Ok(())
/// # }
/// ```
pub fn savetxt_to<'a, T: NpyDType>(
    writer: &'a mut dyn Write,
    array: &'a Array<T>,
) -> SaveTxt<'a, T> {
    SaveTxt::new(Target::Writer(writer), array)
}

impl<'a, T: NpyDType> SaveTxt<'a, T> {
    fn new(target: Target<'a>, array: &'a Array<T>) -> Self {
        SaveTxt {
            target,
            array,
            fmt: Fmt::One("%.18e".to_owned()),
            delimiter: " ".to_owned(),
            newline: "\n".to_owned(),
            header: String::new(),
            footer: String::new(),
            comments: "# ".to_owned(),
        }
    }

    /// One format string (NumPy's `fmt` as a `str`): with a single `%` it is used for every
    /// column; with more, it is the whole row and needs one conversion per column (two per
    /// column for complex arrays).
    pub fn fmt(mut self, fmt: &str) -> Self {
        self.fmt = Fmt::One(fmt.to_owned());
        self
    }

    /// One format per column (NumPy's `fmt` as a list), joined by the delimiter.
    pub fn fmt_columns<S: Into<String>>(mut self, fmts: impl IntoIterator<Item = S>) -> Self {
        self.fmt = Fmt::Columns(fmts.into_iter().map(Into::into).collect());
        self
    }

    /// The text between columns (default `" "`).
    pub fn delimiter(mut self, delimiter: &str) -> Self {
        self.delimiter = delimiter.to_owned();
        self
    }

    /// The text after each row, and after the header and footer (default `"\n"`).
    pub fn newline(mut self, newline: &str) -> Self {
        self.newline = newline.to_owned();
        self
    }

    /// Text written before the data, each of its lines after `comments`.
    pub fn header(mut self, header: &str) -> Self {
        self.header = header.to_owned();
        self
    }

    /// Text written after the data, each of its lines after `comments`.
    pub fn footer(mut self, footer: &str) -> Self {
        self.footer = footer.to_owned();
        self
    }

    /// What starts the header's and footer's lines (default `"# "`).
    pub fn comments(mut self, comments: &str) -> Self {
        self.comments = comments.to_owned();
        self
    }

    /// Writes the file (replacing any file at the path) or to the writer.
    pub fn run(self) -> Result<()> {
        let SaveTxt {
            target,
            array,
            fmt,
            delimiter,
            newline,
            header,
            footer,
            comments,
        } = self;
        let write = |out: &mut dyn Write| -> Result<()> {
            let opts = Options {
                fmt: &fmt,
                delimiter: &delimiter,
                newline: &newline,
                header: &header,
                footer: &footer,
                comments: &comments,
            };
            write_text(array, &opts, out)
        };
        match target {
            Target::Path(path) => crate::io::create_file(&path, |out| write(out)),
            Target::Writer(w) => {
                write(&mut *w)?;
                w.flush()?;
                Ok(())
            }
        }
    }
}

struct Options<'o> {
    fmt: &'o Fmt,
    delimiter: &'o str,
    newline: &'o str,
    header: &'o str,
    footer: &'o str,
    comments: &'o str,
}

/// Python's `str(list)` of format strings, as NumPy's message shows `fmt`.
fn list_repr(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| super::py_repr(s)).collect();
    format!("[{}]", inner.join(", "))
}

/// The format of one row (NumPy's `format`), after NumPy's checks of `fmt`.
fn row_format(fmt: &Fmt, ncol: usize, complex: bool, delimiter: &str) -> Result<String> {
    match fmt {
        Fmt::Columns(list) => {
            if list.len() != ncol {
                return Err(Error::invalid(format!(
                    "fmt has wrong shape.  {}",
                    list_repr(list)
                )));
            }
            Ok(list.join(delimiter))
        }
        Fmt::One(f) => {
            let n = percent_count(f);
            let wrong = || Error::invalid(format!("fmt has wrong number of % formats:  {f}"));
            if n == 1 {
                let one = if complex {
                    format!(" ({f}+{f}j)")
                } else {
                    f.clone()
                };
                Ok(vec![one; ncol].join(delimiter))
            } else if (complex && Some(n) != ncol.checked_mul(2)) || (!complex && n != ncol) {
                Err(wrong())
            } else {
                Ok(f.clone())
            }
        }
    }
}

fn write_text<T: NpyDType>(array: &Array<T>, o: &Options<'_>, out: &mut dyn Write) -> Result<()> {
    let (rows, ncol) = match *array.shape() {
        [n] => (n, 1),
        [r, c] => (r, c),
        _ => {
            return Err(Error::invalid(format!(
                "Expected 1D or 2D array, got {}D array instead",
                array.ndim()
            )))
        }
    };
    let complex = T::ID.is_complex();
    let format = row_format(o.fmt, ncol, complex, o.delimiter)?;
    let template = Template::parse(&format);
    let values = array.to_vec()?;
    let comment_block = |text: &str| {
        let body = text.replace('\n', &format!("\n{}", o.comments));
        format!("{}{body}{}", o.comments, o.newline)
    };
    if !o.header.is_empty() {
        out.write_all(comment_block(o.header).as_bytes())?;
    }
    let mut args = Vec::with_capacity(ncol * 2);
    let mut line = String::new();
    for r in 0..rows {
        args.clear();
        for &v in &values[r * ncol..(r + 1) * ncol] {
            Scalar::of(v).push_parts(&mut args);
        }
        line.clear();
        template
            .render(&args, Some(T::ID), &mut line)
            .map_err(|e| match e {
                FormatError::Mismatch(_) => Error::invalid(format!(
                    "Mismatch between array dtype ('{}') and format specifier ('{format}')",
                    numpy_name(T::ID)
                )),
                FormatError::Value(msg) => Error::invalid(msg),
            })?;
        line.push_str(o.newline);
        if complex {
            // NumPy's fix-up of `+-` in complex rows, applied to the whole line.
            line = line.replace("+-", "-");
        }
        out.write_all(line.as_bytes())?;
    }
    if !o.footer.is_empty() {
        out.write_all(comment_block(o.footer).as_bytes())?;
    }
    Ok(())
}
