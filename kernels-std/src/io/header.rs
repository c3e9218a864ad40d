//! The `.npy` header: a Python dict literal such as
//! `{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }`, parsed without Python and
//! written the way NumPy writes it.

use array_runtime::DTypeId;

/// What a header says about the array that follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    /// The element type.
    pub dtype: DTypeId,
    /// Whether the elements are stored big-endian (`'>'`).
    pub big_endian: bool,
    /// Whether the elements are stored in Fortran (column-major) order.
    pub fortran_order: bool,
    /// The array's shape.
    pub shape: Vec<usize>,
}

/// The subset of Python literals a header can hold.
#[derive(Clone, Debug, PartialEq)]
enum Literal {
    Str(String),
    Int(i128),
    Bool(bool),
    None,
    Tuple(Vec<Literal>),
    List(Vec<Literal>),
    Dict(Vec<(Literal, Literal)>),
}

impl Literal {
    fn kind(&self) -> &'static str {
        match self {
            Literal::Str(_) => "a string",
            Literal::Int(_) => "an int",
            Literal::Bool(_) => "a bool",
            Literal::None => "None",
            Literal::Tuple(_) => "a tuple",
            Literal::List(_) => "a list",
            Literal::Dict(_) => "a dict",
        }
    }
}

/// Parses the text of a header into a [`Header`]; the error says what is wrong, without the
/// file's name (the caller adds it).
pub(crate) fn parse(text: &str) -> Result<Header, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let value = p.value()?;
    p.skip_ws();
    if p.pos != p.s.len() {
        return Err(format!(
            "unexpected text after the header dict at byte {}",
            p.pos
        ));
    }
    let Literal::Dict(items) = value else {
        return Err(format!("the header is {}, not a dict", value.kind()));
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (key, value) in items {
        let Literal::Str(key) = key else {
            return Err(format!("a header key is {}, not a string", key.kind()));
        };
        let slot = match key.as_str() {
            "descr" => &mut descr,
            "fortran_order" => &mut fortran,
            "shape" => &mut shape,
            _ => return Err(format!("unexpected key '{key}' in the header")),
        };
        if slot.replace(value).is_some() {
            return Err(format!("key '{key}' appears twice in the header"));
        }
    }
    let missing = |k: &str| format!("the header has no '{k}' key");
    let descr = descr.ok_or_else(|| missing("descr"))?;
    let fortran = fortran.ok_or_else(|| missing("fortran_order"))?;
    let shape = shape.ok_or_else(|| missing("shape"))?;

    let (dtype, big_endian) = match &descr {
        Literal::Str(s) => parse_descr(s)?,
        Literal::List(_) => {
            return Err("structured dtypes (a list as 'descr') are not supported".into())
        }
        other => return Err(format!("'descr' is {}, not a string", other.kind())),
    };
    let Literal::Bool(fortran_order) = fortran else {
        return Err(format!("'fortran_order' is {}, not a bool", fortran.kind()));
    };
    let Literal::Tuple(dims) = shape else {
        return Err(format!("'shape' is {}, not a tuple", shape.kind()));
    };
    let shape = dims
        .iter()
        .map(|d| match d {
            Literal::Int(n) => {
                usize::try_from(*n).map_err(|_| format!("'shape' has the invalid extent {n}"))
            }
            other => Err(format!("'shape' holds {}, not an int", other.kind())),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Header {
        dtype,
        big_endian,
        fortran_order,
        shape,
    })
}

/// The dtypes we read, as NumPy spells them without the byte order.
pub(crate) const SUPPORTED: &str = "b1 (bool), i1, i2, i4, i8, u1, u2, u4, u8, f2, f4, f8, c8, c16";

/// Parses a NumPy type string (`'<f8'`, `'|b1'`, `'>i4'`) into our dtype and its byte order.
pub(crate) fn parse_descr(descr: &str) -> Result<(DTypeId, bool), String> {
    let unsupported =
        || format!("unsupported dtype '{descr}' (supported: {SUPPORTED}, little- or big-endian)");
    let (order, rest) = match descr.as_bytes().first() {
        Some(b'<' | b'|') => (false, &descr[1..]),
        Some(b'>') => (true, &descr[1..]),
        Some(b'=') => (cfg!(target_endian = "big"), &descr[1..]),
        _ => (false, descr),
    };
    if rest == "?" {
        return Ok((DTypeId::Bool, false));
    }
    let mut chars = rest.chars();
    let kind = chars.next().ok_or_else(unsupported)?;
    let size: usize = chars.as_str().parse().map_err(|_| unsupported())?;
    let id = match (kind, size) {
        ('b', 1) => DTypeId::Bool,
        ('i', 1) => DTypeId::I8,
        ('i', 2) => DTypeId::I16,
        ('i', 4) => DTypeId::I32,
        ('i', 8) => DTypeId::I64,
        ('u', 1) => DTypeId::U8,
        ('u', 2) => DTypeId::U16,
        ('u', 4) => DTypeId::U32,
        ('u', 8) => DTypeId::U64,
        ('f', 2) => DTypeId::F16,
        ('f', 4) => DTypeId::F32,
        ('f', 8) => DTypeId::F64,
        ('c', 8) => DTypeId::C64,
        ('c', 16) => DTypeId::C128,
        _ => return Err(unsupported()),
    };
    Ok((id, order))
}

/// NumPy's spelling of a dtype we can store (`'<f4'`, `'|b1'`); `None` for `bf16`.
pub(crate) fn descr_of(id: DTypeId) -> Option<&'static str> {
    Some(match id {
        DTypeId::Bool => "|b1",
        DTypeId::I8 => "|i1",
        DTypeId::I16 => "<i2",
        DTypeId::I32 => "<i4",
        DTypeId::I64 => "<i8",
        DTypeId::U8 => "|u1",
        DTypeId::U16 => "<u2",
        DTypeId::U32 => "<u4",
        DTypeId::U64 => "<u8",
        DTypeId::F16 => "<f2",
        DTypeId::F32 => "<f4",
        DTypeId::F64 => "<f8",
        DTypeId::C64 => "<c8",
        DTypeId::C128 => "<c16",
        _ => return None,
    })
}

/// The header dict as NumPy writes it, for a C-order little-endian array: sorted keys, a
/// trailing `, ` and spare spaces so the first extent can grow in place (NumPy leaves room for
/// 21 digits). Padding and the final newline are added by the caller.
pub(crate) fn format(descr: &str, shape: &[usize]) -> String {
    let mut dims = shape
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if shape.len() == 1 {
        dims.push(',');
    }
    let mut text = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': ({dims}), }}");
    if let Some(first) = shape.first() {
        const GROWTH_DIGITS: usize = 21;
        let digits = first.to_string().len();
        text.push_str(&" ".repeat(GROWTH_DIGITS.saturating_sub(digits)));
    }
    text
}

/// A recursive-descent parser of Python literals, enough for `ast.literal_eval` on headers.
struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    /// Nesting limit: a header never nests deeper than a structured dtype's fields.
    const MAX_DEPTH: usize = 32;

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn expected(&self, what: &str) -> String {
        match self.s.get(self.pos) {
            Some(&c) => format!(
                "expected {what} at byte {}, found '{}'",
                self.pos,
                char::from(c)
            ),
            None => format!("expected {what}, found the end of the header"),
        }
    }

    fn value(&mut self) -> Result<Literal, String> {
        match self.peek() {
            Some(open @ (b'{' | b'(' | b'[')) => {
                self.depth += 1;
                if self.depth > Self::MAX_DEPTH {
                    return Err("the header nests too deeply".into());
                }
                self.pos += 1;
                let v = self.sequence(open)?;
                self.depth -= 1;
                Ok(v)
            }
            Some(b'\'' | b'"') => self.string().map(Literal::Str),
            Some(b'u' | b'b') if matches!(self.s.get(self.pos + 1), Some(b'\'' | b'"')) => {
                self.pos += 1;
                self.string().map(Literal::Str)
            }
            Some(c) if c.is_ascii_digit() || c == b'-' || c == b'+' => self.int(),
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.pos;
                while self.pos < self.s.len() && self.s[self.pos].is_ascii_alphanumeric() {
                    self.pos += 1;
                }
                match &self.s[start..self.pos] {
                    b"True" => Ok(Literal::Bool(true)),
                    b"False" => Ok(Literal::Bool(false)),
                    b"None" => Ok(Literal::None),
                    word => Err(format!(
                        "unexpected name '{}' at byte {start}",
                        String::from_utf8_lossy(word)
                    )),
                }
            }
            _ => Err(self.expected("a value")),
        }
    }

    /// The items of a dict, tuple or list, after its opening bracket.
    fn sequence(&mut self, open: u8) -> Result<Literal, String> {
        let close = match open {
            b'{' => b'}',
            b'(' => b')',
            _ => b']',
        };
        let mut items = Vec::new();
        let mut pairs = Vec::new();
        let mut trailing_comma = false;
        loop {
            if self.peek() == Some(close) {
                self.pos += 1;
                break;
            }
            let item = self.value()?;
            if open == b'{' {
                if self.peek() != Some(b':') {
                    return Err(self.expected("':'"));
                }
                self.pos += 1;
                pairs.push((item, self.value()?));
            } else {
                items.push(item);
            }
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    trailing_comma = true;
                }
                Some(c) if c == close => {
                    self.pos += 1;
                    trailing_comma = false;
                    break;
                }
                _ => return Err(self.expected(&format!("',' or '{}'", char::from(close)))),
            }
        }
        Ok(match open {
            b'{' => Literal::Dict(pairs),
            b'[' => Literal::List(items),
            // `(x)` is x itself; `(x,)` is a one-element tuple.
            _ if items.len() == 1 && !trailing_comma => items.pop().unwrap_or(Literal::None),
            _ => Literal::Tuple(items),
        })
    }

    fn string(&mut self) -> Result<String, String> {
        let quote = self.s[self.pos];
        let start = self.pos;
        self.pos += 1;
        let mut out = Vec::new();
        while let Some(&c) = self.s.get(self.pos) {
            self.pos += 1;
            match c {
                _ if c == quote => {
                    return String::from_utf8(out)
                        .map_err(|_| format!("invalid UTF-8 in the string at byte {start}"));
                }
                b'\\' => {
                    let Some(&e) = self.s.get(self.pos) else {
                        break;
                    };
                    self.pos += 1;
                    out.push(match e {
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'r' => b'\r',
                        b'0' => 0,
                        other => other,
                    });
                }
                b'\n' => break,
                _ => out.push(c),
            }
        }
        Err(format!("unterminated string at byte {start}"))
    }

    fn int(&mut self) -> Result<Literal, String> {
        let start = self.pos;
        if matches!(self.s[self.pos], b'-' | b'+') {
            self.pos += 1;
        }
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or_default();
        // Python 2 wrote longs as `3L`.
        if matches!(self.s.get(self.pos), Some(b'L' | b'l')) {
            self.pos += 1;
        }
        digits
            .parse::<i128>()
            .map(Literal::Int)
            .map_err(|_| format!("invalid integer '{digits}' at byte {start}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numpy_headers() {
        let h = parse("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }   \n").unwrap();
        assert_eq!(
            h,
            Header {
                dtype: DTypeId::F64,
                big_endian: false,
                fortran_order: false,
                shape: vec![2, 3]
            }
        );
        let h = parse("{\"shape\": (4L,), \"fortran_order\": True, \"descr\": \">i2\"}").unwrap();
        assert_eq!(
            (h.dtype, h.big_endian, h.fortran_order),
            (DTypeId::I16, true, true)
        );
        assert_eq!(h.shape, vec![4]);
        assert_eq!(
            parse("{'descr': '|b1', 'fortran_order': False, 'shape': ()}")
                .unwrap()
                .shape,
            Vec::<usize>::new()
        );
    }

    #[test]
    fn rejects_bad_headers() {
        for (text, needle) in [
            (
                "{'descr': '<U5', 'fortran_order': False, 'shape': ()}",
                "'<U5'",
            ),
            (
                "{'descr': '|O', 'fortran_order': False, 'shape': ()}",
                "'|O'",
            ),
            (
                "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': ()}",
                "structured",
            ),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (3)}",
                "not a tuple",
            ),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}",
                "-1",
            ),
            (
                "{'descr': '<f4', 'fortran_order': 0, 'shape': ()}",
                "not a bool",
            ),
            ("{'descr': '<f4', 'shape': ()}", "'fortran_order'"),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}",
                "'x'",
            ),
            (
                "{'descr': '<f4', 'fortran_order': False, 'shape': (1,2",
                "end of the header",
            ),
            ("['descr']", "not a dict"),
            ("{'descr: 1}", "unterminated"),
            ("", "end of the header"),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
        let deep = "(".repeat(100);
        assert!(parse(&deep).unwrap_err().contains("deeply"));
    }

    #[test]
    fn formats_like_numpy() {
        assert_eq!(
            format("<f8", &[2, 3]),
            format!(
                "{{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }}{}",
                " ".repeat(20)
            )
        );
        assert_eq!(
            format("|b1", &[]),
            "{'descr': '|b1', 'fortran_order': False, 'shape': (), }"
        );
        assert!(format("<i4", &[12]).contains("(12,)"));
    }
}
