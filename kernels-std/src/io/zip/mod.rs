//! A minimal zip archive reader and writer: what `.npz` files need, nothing more.
//!
//! - [`read`]: the central directory, checked before any member is read (every member's
//!   data within the file and apart from every other member's, declared sizes that its
//!   compressed bytes can hold), then one member at a time as a stream, CRC-checked at its
//!   end. Stored and deflated members, zip64 sizes and offsets.
//! - [`inflate`]: a deflate stream as a reader, decompressing in bounded steps.
//! - [`write`]: members streamed to the file one after another (deflated or stored), each
//!   local header completed once its data is written; archives over 4 GiB are refused (no
//!   zip64 writing). A fixed timestamp (1980-01-01), so the same arrays give the same bytes.

pub(crate) mod inflate;
pub(crate) mod read;
pub(crate) mod write;

use std::io::{self, Read};

pub(crate) const LOCAL_SIG: &[u8; 4] = b"PK\x03\x04";
pub(crate) const CENTRAL_SIG: &[u8; 4] = b"PK\x01\x02";
pub(crate) const END_SIG: &[u8; 4] = b"PK\x05\x06";
pub(crate) const END64_SIG: &[u8; 4] = b"PK\x06\x06";
pub(crate) const END64_LOCATOR_SIG: &[u8; 4] = b"PK\x06\x07";
pub(crate) const STORED: u16 = 0;
pub(crate) const DEFLATED: u16 = 8;
/// Size of a local file header before its name and extra field.
pub(crate) const LOCAL_LEN: u64 = 30;

/// CRC-32 tables (IEEE, reflected, as zip and PNG use it) for eight bytes at a time:
/// `TABLES[0]` is the classic byte table; `TABLES[k][b]` is the CRC of byte `b` followed by
/// `k` zero bytes, so eight table lookups advance the CRC over eight bytes at once.
const TABLES: [[u32; 256]; 8] = {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[k - 1][i];
            t[k][i] = (prev >> 8) ^ t[0][(prev & 0xFF) as usize];
            i += 1;
        }
        k += 1;
    }
    t
};

/// A running CRC-32.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Crc32(u32);

impl Crc32 {
    pub(crate) fn new() -> Self {
        Crc32(!0)
    }

    pub(crate) fn update(&mut self, data: &[u8]) {
        let t = &TABLES;
        let mut c = self.0;
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            let lo = c ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            c = t[7][(lo & 0xFF) as usize]
                ^ t[6][((lo >> 8) & 0xFF) as usize]
                ^ t[5][((lo >> 16) & 0xFF) as usize]
                ^ t[4][(lo >> 24) as usize]
                ^ t[3][usize::from(w[4])]
                ^ t[2][usize::from(w[5])]
                ^ t[1][usize::from(w[6])]
                ^ t[0][usize::from(w[7])];
        }
        for &b in words.remainder() {
            c = t[0][((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
        }
        self.0 = c;
    }

    pub(crate) fn value(self) -> u32 {
        !self.0
    }
}

/// CRC-32 of `data`.
#[cfg(test)]
pub(crate) fn crc32(data: &[u8]) -> u32 {
    let mut c = Crc32::new();
    c.update(data);
    c.value()
}

/// A reader that counts and checksums what passes through it.
pub(crate) struct Checked<R> {
    pub(crate) inner: R,
    pub(crate) crc: Crc32,
    pub(crate) count: u64,
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        self.count += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_known_values() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
        let mut c = Crc32::new();
        c.update(b"12345");
        c.update(b"6789");
        assert_eq!(c.value(), 0xCBF4_3926);
        // Eight bytes at a time agree with one at a time, at every alignment and length.
        let data: Vec<u8> = (0..300u32).map(|i| (i * 31 % 251) as u8).collect();
        for len in 0..data.len() {
            let bytewise = data[..len].iter().fold(!0u32, |c, &b| {
                TABLES[0][((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
            });
            assert_eq!(crc32(&data[..len]), !bytewise, "length {len}");
        }
    }
}
