//! Writing a zip archive member by member, straight to its destination: each member's bytes
//! are checksummed (and deflated) as they are produced. A member whose stored bytes stay
//! under 64 KiB is held until it is complete and written after its finished local header; a
//! larger one is streamed after a local header of placeholders, completed by seeking back
//! once the data is done (as Python's `zipfile` does). Nothing is held in memory but the
//! central directory and 64 KiB windows.

use std::io::{self, Seek, SeekFrom, Write};

use array_runtime::{Error, Result};
use miniz_oxide::deflate::core::{
    compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};

use super::{Crc32, CENTRAL_SIG, DEFLATED, END_SIG, LOCAL_SIG, STORED};

/// Flag bit 11: the name is UTF-8.
const UTF8_NAME: u16 = 1 << 11;
/// MS-DOS date of 1980-01-01, the earliest a zip can hold.
const DOS_DATE_1980: u16 = (1 << 5) | 1;
/// The deflate level of `np.savez_compressed` (zlib's default).
const LEVEL: i32 = 6;
/// Compressed bytes produced by one deflate step at most.
const WINDOW: usize = 64 << 10;
/// The most members a zip without zip64 holds (0xFFFF in the count means "see zip64").
pub(crate) const MAX_MEMBERS: usize = u16::MAX as usize - 1;
/// A member whose stored bytes stay below this is written in one piece, without seeking.
const HELD: usize = 64 << 10;

fn too_big() -> Error {
    Error::invalid("the archive would exceed 4 GiB, which needs zip64 (not supported when writing)")
}

/// A size or offset as the 32-bit field of a zip without zip64.
fn fit(n: u64) -> Result<u32> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n != u32::MAX)
        .ok_or_else(too_big)
}

/// An archive being written to `out`; [`ZipWriter::finish`] writes its central directory.
pub(crate) struct ZipWriter<W: Write + Seek> {
    out: W,
    /// Bytes written so far: the offset of the next local header.
    pos: u64,
    central: Vec<u8>,
    count: u16,
    compress: bool,
}

/// The writer a member's bytes go to: checksummed, counted, and deflated or stored.
struct MemberSink<'w, W: Write> {
    out: &'w mut W,
    crc: Crc32,
    size: u64,
    packed: u64,
    deflate: Option<(Box<CompressorOxide>, Vec<u8>)>,
    /// The stored bytes while they are fewer than [`HELD`]; `None` once they were streamed
    /// to `out` after `placeholder`.
    held: Option<Vec<u8>>,
    /// The local header with zero CRC and sizes, written when the member is streamed.
    placeholder: &'w [u8],
}

fn deflate_failed(status: TDEFLStatus) -> io::Error {
    io::Error::other(format!("deflate failed ({status:?})"))
}

impl<W: Write> MemberSink<'_, W> {
    /// Deflates `input` with `flush`, writing what comes out; returns the bytes consumed and
    /// whether the stream is done.
    fn pump(&mut self, input: &[u8], flush: TDEFLFlush) -> io::Result<(usize, bool)> {
        let Some((c, window)) = &mut self.deflate else {
            return Ok((input.len(), true));
        };
        let (status, consumed, produced) = compress(c, input, window, flush);
        Self::store(
            self.out,
            &mut self.held,
            self.placeholder,
            &window[..produced],
        )?;
        self.packed += produced as u64;
        match status {
            TDEFLStatus::Done => Ok((consumed, true)),
            TDEFLStatus::Okay if consumed > 0 || produced > 0 => Ok((consumed, false)),
            other => Err(deflate_failed(other)),
        }
    }

    /// Adds `bytes` to the member's stored bytes: held while they are few, else streamed (the
    /// held ones first, after the placeholder header).
    fn store(
        out: &mut W,
        held: &mut Option<Vec<u8>>,
        placeholder: &[u8],
        bytes: &[u8],
    ) -> io::Result<()> {
        if let Some(h) = held {
            if h.len() + bytes.len() < HELD {
                h.extend_from_slice(bytes);
                return Ok(());
            }
            out.write_all(placeholder)?;
            out.write_all(h)?;
            *held = None;
        }
        out.write_all(bytes)
    }

    /// Ends the deflate stream (nothing to do for a stored member).
    fn finish(&mut self) -> io::Result<()> {
        if self.deflate.is_none() {
            return Ok(());
        }
        loop {
            let (_, done) = self.pump(&[], TDEFLFlush::Finish)?;
            if done {
                return Ok(());
            }
        }
    }
}

impl<W: Write> Write for MemberSink<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.crc.update(buf);
        self.size += buf.len() as u64;
        if self.deflate.is_none() {
            Self::store(self.out, &mut self.held, self.placeholder, buf)?;
            self.packed += buf.len() as u64;
            return Ok(buf.len());
        }
        let mut rest = buf;
        while !rest.is_empty() {
            let (consumed, _) = self.pump(rest, TDEFLFlush::None)?;
            rest = &rest[consumed..];
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<W: Write + Seek> ZipWriter<W> {
    /// An archive written to `out` from its current position 0, deflated when `compress`.
    pub(crate) fn new(out: W, compress: bool) -> Self {
        ZipWriter {
            out,
            pos: 0,
            central: Vec::new(),
            count: 0,
            compress,
        }
    }

    /// Adds a member called `name` whose bytes `body` writes. An error of `body` is returned
    /// as it is; errors of the destination are `io::Error`s for the caller to name.
    pub(crate) fn member(
        &mut self,
        name: &str,
        body: impl FnOnce(&mut dyn Write) -> Result<()>,
    ) -> Result<()> {
        if usize::from(self.count) == MAX_MEMBERS {
            return Err(Error::invalid(format!(
                "too many entries for a zip archive without zip64 (at most {MAX_MEMBERS})"
            )));
        }
        let name_bytes = name.as_bytes();
        let name_len = u16::try_from(name_bytes.len())
            .map_err(|_| Error::invalid(format!("entry name '{name}' is too long")))?;
        let offset = fit(self.pos)?;
        let flags = if name.is_ascii() { 0 } else { UTF8_NAME };
        let method = if self.compress { DEFLATED } else { STORED };
        // The fields common to the local header and the central directory entry; CRC and
        // sizes (bytes 10..22) are filled in once the data is written.
        let mut common = [0u8; 26];
        common[0..2].copy_from_slice(&20u16.to_le_bytes()); // version needed: 2.0
        common[2..4].copy_from_slice(&flags.to_le_bytes());
        common[4..6].copy_from_slice(&method.to_le_bytes());
        // time 00:00 (bytes 6..8), date 1980-01-01
        common[8..10].copy_from_slice(&DOS_DATE_1980.to_le_bytes());
        common[22..24].copy_from_slice(&name_len.to_le_bytes());
        // extra length 0 (bytes 24..26)

        let local_header = |common: &[u8]| [LOCAL_SIG, common, name_bytes].concat();
        let placeholder = local_header(&common);
        let mut sink = MemberSink {
            out: &mut self.out,
            crc: Crc32::new(),
            size: 0,
            packed: 0,
            deflate: self.compress.then(|| {
                let flags = create_comp_flags_from_zip_params(LEVEL, 0, 0);
                (Box::new(CompressorOxide::new(flags)), vec![0u8; WINDOW])
            }),
            held: Some(Vec::new()),
            placeholder: &placeholder,
        };
        body(&mut sink)?;
        sink.finish()?;
        let (crc, size, packed, held) = (sink.crc.value(), sink.size, sink.packed, sink.held);
        common[10..14].copy_from_slice(&crc.to_le_bytes());
        common[14..18].copy_from_slice(&fit(packed)?.to_le_bytes());
        common[18..22].copy_from_slice(&fit(size)?.to_le_bytes());
        self.pos += placeholder.len() as u64 + packed;
        fit(self.pos)?;
        match held {
            Some(bytes) => {
                self.out.write_all(&local_header(&common))?;
                self.out.write_all(&bytes)?;
            }
            None => {
                self.out.seek(SeekFrom::Start(u64::from(offset) + 4))?;
                self.out.write_all(&common)?;
                self.out.seek(SeekFrom::Start(self.pos))?;
            }
        }

        self.central.extend_from_slice(CENTRAL_SIG);
        self.central.extend(20u16.to_le_bytes()); // made by: MS-DOS, 2.0
        self.central.extend_from_slice(&common);
        self.central.extend([0u8; 10]); // comment length, disk, internal and external attributes
        self.central.extend(offset.to_le_bytes());
        self.central.extend_from_slice(name_bytes);
        self.count += 1;
        Ok(())
    }

    /// Writes the central directory and the end record; returns the destination, flushed.
    pub(crate) fn finish(mut self) -> Result<W> {
        let directory_offset = fit(self.pos)?;
        let directory_size = fit(self.central.len() as u64)?;
        fit(self.pos + self.central.len() as u64 + 22)?;
        self.out.write_all(&self.central)?;
        self.out.write_all(END_SIG)?;
        self.out.write_all(&[0u8; 4])?; // disk numbers
        self.out.write_all(&self.count.to_le_bytes())?;
        self.out.write_all(&self.count.to_le_bytes())?;
        self.out.write_all(&directory_size.to_le_bytes())?;
        self.out.write_all(&directory_offset.to_le_bytes())?;
        self.out.write_all(&0u16.to_le_bytes())?; // comment length
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::super::read::{directory, open_member};
    use super::*;
    use std::io::Read;

    #[test]
    fn round_trip_stored_and_deflated() {
        let entries: [(&str, Vec<u8>); 3] = [
            ("a.npy", b"hello hello hello hello".to_vec()),
            ("é.npy", Vec::new()),
            ("big.npy", (0..100_000u32).map(|i| (i % 7) as u8).collect()),
        ];
        for compress in [false, true] {
            let mut w = ZipWriter::new(Cursor::new(Vec::new()), compress);
            for (name, data) in &entries {
                w.member(name, |out| Ok(out.write_all(data)?)).unwrap();
            }
            let bytes = w.finish().unwrap().into_inner();
            let mut r = Cursor::new(&bytes[..]);
            let members = directory(&mut r, "t.zip").unwrap();
            assert_eq!(members.len(), 3);
            for ((name, data), m) in entries.iter().zip(&members) {
                assert_eq!(&m.name, name);
                let mut back = Vec::new();
                let mut reader = open_member(&mut r, m, "t.zip").unwrap();
                reader.read_to_end(&mut back).unwrap();
                reader.finish().unwrap();
                assert_eq!(&back, data);
            }
            // Every truncation is an error, never a panic.
            for n in (0..bytes.len()).step_by(bytes.len() / 200 + 1) {
                let cut = &bytes[..n];
                let ok = directory(&mut Cursor::new(cut), "t.zip").is_ok_and(|ms| {
                    ms.iter().all(|m| {
                        let mut c = Cursor::new(cut);
                        open_member(&mut c, m, "t.zip").is_ok_and(|mut rd| {
                            let mut v = Vec::new();
                            rd.read_to_end(&mut v).is_ok() && rd.finish().is_ok()
                        })
                    })
                });
                assert!(!ok, "prefix of {n} bytes read back whole");
            }
        }
    }
}
