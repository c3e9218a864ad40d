//! NumPy's text files: `savetxt`, `loadtxt`, `genfromtxt`, `fromregex` (and the text modes
//! of `fromstring`, `fromfile` and `tofile`, in `io::binary`).
//!
//! Each reader parses values with the rules of its NumPy counterpart, which differ: `loadtxt`
//! is NumPy's C reader (an integer field must be plain digits in range, else an error naming
//! the row and column), `genfromtxt` and `fromregex` use Python's `int`/`float`/`complex`,
//! `fromstring`/`fromfile` C's `strtod`/`strtoll`. Files are read line by line (`\n`, `\r\n`
//! and `\r` end a line, as Python's universal newlines), as UTF-8.

pub(crate) mod number;
pub(crate) mod printf;

mod fromregex;
mod genfromtxt;
mod loadtxt;
mod savetxt;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use array_runtime::cpu::host_vec;
use array_runtime::{Error, Result};

pub use fromregex::{fromregex, fromregex_from};
pub use genfromtxt::{genfromtxt, genfromtxt_from, GenFromTxt};
pub use loadtxt::{loadtxt, loadtxt_from, LoadTxt};
pub use savetxt::{savetxt, savetxt_to, SaveTxt};

/// Where a reader's text comes from: a file, or any reader.
pub(crate) enum TextSource<'a> {
    Path(PathBuf),
    Reader(Box<dyn BufRead + 'a>),
}

impl std::fmt::Debug for TextSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextSource::Path(path) => write!(f, "{}", path.display()),
            TextSource::Reader(_) => f.write_str("<reader>"),
        }
    }
}

impl<'a> TextSource<'a> {
    /// The open stream and the name errors give it (the path, or `<reader>`).
    pub(crate) fn open(self) -> Result<(Box<dyn BufRead + 'a>, String)> {
        match self {
            TextSource::Path(path) => {
                let file = File::open(&path).map_err(|e| super::io_error(&path, e))?;
                Ok((
                    Box::new(BufReader::with_capacity(1 << 16, file)),
                    path.display().to_string(),
                ))
            }
            TextSource::Reader(reader) => Ok((reader, "<reader>".to_owned())),
        }
    }
}

/// A stream cut into lines at `\n`, `\r\n` or `\r` (Python's universal newlines), the line
/// ends removed.
pub(crate) struct Lines<'a> {
    reader: Box<dyn BufRead + 'a>,
    pub(crate) label: String,
    /// The number of lines read so far (the 1-based number of the last one).
    pub(crate) number: usize,
    /// Whether the last line read ended with a line end (the file's last line may not).
    pub(crate) terminated: bool,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same line end.
    after_cr: bool,
    bytes: Vec<u8>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(reader: Box<dyn BufRead + 'a>, label: String) -> Self {
        Lines {
            reader,
            label,
            number: 0,
            terminated: false,
            after_cr: false,
            bytes: Vec::new(),
        }
    }

    /// An error about the current line, naming the file and line number.
    pub(crate) fn bad(&self, msg: impl std::fmt::Display) -> Error {
        Error::invalid(format!("{}, line {}: {msg}", self.label, self.number))
    }

    fn io(&self, e: std::io::Error) -> Error {
        Error::Io(std::io::Error::new(
            e.kind(),
            format!("{}: {e}", self.label),
        ))
    }

    /// Reads the next line into `line` (replacing its contents); `false` at the end.
    pub(crate) fn next_line(&mut self, line: &mut String) -> Result<bool> {
        self.bytes.clear();
        let mut any = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io(e)),
            };
            if buf.is_empty() {
                break;
            }
            let mut start = 0;
            if self.after_cr {
                self.after_cr = false;
                if buf[0] == b'\n' {
                    start = 1;
                }
            }
            any = true;
            let rest = &buf[start..];
            match rest.iter().position(|&c| c == b'\n' || c == b'\r') {
                Some(k) => {
                    let end = rest[k];
                    grow(&mut self.bytes, k)?;
                    self.bytes.extend_from_slice(&rest[..k]);
                    self.reader.consume(start + k + 1);
                    self.after_cr = end == b'\r';
                    return self.finish(line, true);
                }
                None => {
                    let n = rest.len();
                    grow(&mut self.bytes, n)?;
                    self.bytes.extend_from_slice(rest);
                    self.reader.consume(start + n);
                }
            }
        }
        if any && !self.bytes.is_empty() {
            return self.finish(line, false);
        }
        // A `\n` consumed after a final `\r` is not a line of its own.
        Ok(false)
    }

    /// Hands out the line gathered in `bytes`; `terminated` says whether a line end closed it.
    fn finish(&mut self, line: &mut String, terminated: bool) -> Result<bool> {
        self.number += 1;
        self.terminated = terminated;
        let text = std::str::from_utf8(&self.bytes)
            .map_err(|e| self.bad(format!("the text is not valid UTF-8 ({e})")))?;
        set_string(line, text)?;
        Ok(true)
    }
}

/// Replaces `s` by `text`, allocating fallibly when `s` has to grow.
pub(crate) fn set_string(s: &mut String, text: &str) -> Result<()> {
    s.clear();
    if s.capacity() < text.len() {
        let mut bytes = host_vec::with_capacity::<u8>(text.len())?;
        bytes.extend_from_slice(text.as_bytes());
        *s = String::from_utf8(bytes).unwrap_or_default();
    } else {
        s.push_str(text);
    }
    Ok(())
}

/// Makes room for `additional` more elements, doubling the capacity (so that a vector grown
/// one row at a time is copied O(log n) times), fallibly.
pub(crate) fn grow<T>(v: &mut Vec<T>, additional: usize) -> Result<()> {
    if v.capacity() - v.len() < additional {
        host_vec::reserve(v, additional.max(v.len()).max(64))?;
    }
    Ok(())
}

/// Python's `repr` of a string, as NumPy's messages quote values: single quotes, or double
/// quotes when the text holds a single quote and no double quote.
pub(crate) fn py_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// NumPy's `_ensure_ndmin_ndarray` on the shape of a `(rows, cols)` result: squeezed when it
/// has more dimensions than `ndmin`, then at least `ndmin` dimensions (a 1-d result becomes
/// a column for `ndmin = 2`).
pub(crate) fn ndmin_shape(rows: usize, cols: usize, ndmin: usize) -> Vec<usize> {
    let mut shape = vec![rows, cols];
    if shape.len() > ndmin {
        shape.retain(|&d| d != 1);
    }
    match (ndmin, shape.len()) {
        (1, 0) => vec![1],
        (2, 0) => vec![1, 1],
        (2, 1) => vec![shape[0], 1],
        _ => shape,
    }
}

/// Checks `ndmin` as NumPy does.
pub(crate) fn check_ndmin(ndmin: usize) -> Result<()> {
    if ndmin > 2 {
        return Err(Error::invalid(format!(
            "Illegal value of ndmin keyword: {ndmin}"
        )));
    }
    Ok(())
}

/// A path as the reader's source.
pub(crate) fn path_source<'a>(path: &Path) -> TextSource<'a> {
    TextSource::Path(path.to_path_buf())
}
