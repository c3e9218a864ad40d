//! A small writer for C text: lines at an indentation level (cxx's `gen/src/write.rs`).

#[derive(Default)]
pub(crate) struct Writer {
    out: String,
    indent: usize,
}

impl Writer {
    /// A writer whose lines start `indent` levels deep (for text placed inside a block later).
    pub fn at(indent: usize) -> Writer {
        Writer {
            out: String::new(),
            indent,
        }
    }

    pub fn indent(&self) -> usize {
        self.indent
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// `header {` (or `{` alone) and one level deeper.
    pub fn open(&mut self, header: &str) {
        if header.is_empty() {
            self.line("{");
        } else {
            self.line(&format!("{header} {{"));
        }
        self.indent += 1;
    }

    /// `}` + `trailer` one level up (`trailer` continues the line, as in `} else {`).
    pub fn close(&mut self, trailer: &str) {
        self.indent = self.indent.saturating_sub(1);
        self.line(&format!("}}{trailer}"));
    }

    /// Like [`Writer::close`] followed by [`Writer::open`]: `} else {`.
    pub fn reopen(&mut self, middle: &str) {
        self.indent = self.indent.saturating_sub(1);
        self.line(&format!("}} {middle} {{"));
        self.indent += 1;
    }

    /// Appends text written by a writer created with [`Writer::at`] this writer's indentation.
    pub fn append(&mut self, other: Writer) {
        self.out.push_str(&other.out);
    }

    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_blocks() {
        let mut w = Writer::default();
        w.open("if (c)");
        w.line("x = 1;");
        w.reopen("else");
        w.line("x = 2;");
        w.close("");
        assert_eq!(
            w.finish(),
            "if (c) {\n    x = 1;\n} else {\n    x = 2;\n}\n"
        );
    }
}
