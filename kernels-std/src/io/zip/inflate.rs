//! A raw deflate stream as a reader: compressed bytes are read from the source 32 KiB at a
//! time and decompressed into the caller's buffer, so decompressing a member never holds more
//! than the caller's buffer and two fixed windows, whatever the member's size.

use std::io::{self, Read};

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZError, MZFlush, MZStatus};

/// Compressed bytes read from the source at a time.
const INPUT: usize = 32 << 10;

/// Decompresses the raw deflate stream of `src`. `read` returns `Ok(0)` only once the stream's
/// final block has ended; a stream that breaks off or is corrupt is an `InvalidData` error.
pub(crate) struct Inflater<R> {
    src: R,
    state: Box<InflateState>,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    src_done: bool,
    done: bool,
}

impl<R: Read> Inflater<R> {
    pub(crate) fn new(src: R) -> Self {
        Inflater {
            src,
            state: InflateState::new_boxed(DataFormat::Raw),
            buf: vec![0; INPUT],
            pos: 0,
            end: 0,
            src_done: false,
            done: false,
        }
    }

    /// Whether the stream's final block has been decoded and all its bytes handed out.
    #[cfg(test)]
    pub(crate) fn finished(&self) -> bool {
        self.done
    }

    fn invalid(message: &str) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, message.to_owned())
    }
}

impl<R: Read> Read for Inflater<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() || self.done {
            return Ok(0);
        }
        loop {
            if self.pos == self.end && !self.src_done {
                self.end = self.src.read(&mut self.buf)?;
                self.pos = 0;
                self.src_done = self.end == 0;
            }
            let r = inflate(
                &mut self.state,
                &self.buf[self.pos..self.end],
                out,
                MZFlush::None,
            );
            self.pos += r.bytes_consumed;
            let progress = r.bytes_consumed > 0 || r.bytes_written > 0;
            match r.status {
                Ok(MZStatus::StreamEnd) => {
                    self.done = true;
                    return Ok(r.bytes_written);
                }
                Ok(_) | Err(MZError::Buf) if r.bytes_written > 0 => return Ok(r.bytes_written),
                Ok(_) | Err(MZError::Buf) => {
                    if progress || (self.pos == self.end && !self.src_done) {
                        continue;
                    }
                    return Err(Self::invalid(if self.pos == self.end {
                        "the deflate stream ends before its final block"
                    } else {
                        "corrupt deflate data (no progress)"
                    }));
                }
                Err(e) => return Err(Self::invalid(&format!("corrupt deflate data ({e:?})"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate_all(packed: &[u8], step: usize) -> io::Result<Vec<u8>> {
        let mut r = Inflater::new(packed);
        let mut out = Vec::new();
        let mut buf = vec![0; step];
        loop {
            let n = r.read(&mut buf)?;
            if n == 0 {
                assert!(r.finished());
                return Ok(out);
            }
            out.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn streams_what_deflate_wrote_in_any_steps() {
        let data: Vec<u8> = (0..100_000u64).map(|i| (i * i % 251) as u8).collect();
        let packed = miniz_oxide::deflate::compress_to_vec(&data, 6);
        for step in [7, 4096, 1 << 20] {
            assert_eq!(inflate_all(&packed, step).unwrap(), data, "step {step}");
        }
        assert_eq!(
            inflate_all(&miniz_oxide::deflate::compress_to_vec(b"", 6), 8).unwrap(),
            b""
        );
    }

    #[test]
    fn broken_streams_are_errors() {
        let data = vec![7u8; 100_000];
        let packed = miniz_oxide::deflate::compress_to_vec(&data, 6);
        for cut in [0, 1, packed.len() / 2, packed.len() - 1] {
            let e = inflate_all(&packed[..cut], 4096).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidData, "cut {cut}: {e}");
        }
        let garbage = [0xFFu8; 64];
        assert!(inflate_all(&garbage, 4096).is_err());
    }
}
