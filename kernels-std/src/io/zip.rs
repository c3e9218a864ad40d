//! A minimal zip archive reader and writer: what `.npz` files need, nothing more.
//!
//! Reading goes through the central directory (so local headers with zip64 extras or data
//! descriptors, which Python's `zipfile` writes, need no special care), accepts stored and
//! deflated entries, checks every CRC-32, and understands zip64 sizes and offsets. Writing
//! produces one stored or deflated entry per file, with a fixed timestamp (1980-01-01) so
//! the same arrays always give the same bytes; archives over 4 GiB are refused (no zip64
//! writing).

use array_runtime::{Error, Result};

/// One file of an archive.
#[derive(Debug)]
pub(crate) struct Entry {
    pub name: String,
    pub data: Vec<u8>,
}

const LOCAL_SIG: &[u8; 4] = b"PK\x03\x04";
const CENTRAL_SIG: &[u8; 4] = b"PK\x01\x02";
const END_SIG: &[u8; 4] = b"PK\x05\x06";
const END64_SIG: &[u8; 4] = b"PK\x06\x06";
const END64_LOCATOR_SIG: &[u8; 4] = b"PK\x06\x07";
const STORED: u16 = 0;
const DEFLATED: u16 = 8;
/// Flag bit 11: the name is UTF-8.
const UTF8_NAME: u16 = 1 << 11;
/// MS-DOS date of 1980-01-01, the earliest a zip can hold.
const DOS_DATE_1980: u16 = (1 << 5) | 1;

/// CRC-32 (IEEE, reflected, as zip and PNG use it), a byte at a time from a table.
pub(crate) fn crc32(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
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
            table[i] = c;
            i += 1;
        }
        table
    };
    !data.iter().fold(!0u32, |c, &b| {
        TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8)
    })
}

/// Little-endian reads that return `None` past the end.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn slice(&self, pos: usize, len: usize) -> Option<&[u8]> {
        self.0.get(pos..pos.checked_add(len)?)
    }
    fn u16(&self, pos: usize) -> Option<u16> {
        Some(u16::from_le_bytes(self.slice(pos, 2)?.try_into().ok()?))
    }
    fn u32(&self, pos: usize) -> Option<u32> {
        Some(u32::from_le_bytes(self.slice(pos, 4)?.try_into().ok()?))
    }
    fn u64(&self, pos: usize) -> Option<u64> {
        Some(u64::from_le_bytes(self.slice(pos, 8)?.try_into().ok()?))
    }
    fn sig(&self, pos: usize, sig: &[u8; 4]) -> bool {
        self.slice(pos, 4) == Some(&sig[..])
    }
}

/// Where the central directory is and how many entries it has.
struct Directory {
    entries: u64,
    offset: u64,
}

fn find_directory(b: &Bytes<'_>, bad: &dyn Fn(&str) -> Error) -> Result<Directory> {
    // The end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
    const END_LEN: usize = 22;
    let len = b.0.len();
    if len < END_LEN {
        return Err(bad("not a zip archive: too short to hold an end record"));
    }
    let lowest = (len - END_LEN).saturating_sub(usize::from(u16::MAX));
    let end = (lowest..=len - END_LEN)
        .rev()
        .find(|&p| b.sig(p, END_SIG))
        .ok_or_else(|| {
            bad("not a zip archive (or truncated): no end of central directory record")
        })?;
    let field = |off| b.u16(end + off).unwrap_or(0);
    if field(4) != 0 || field(6) != 0 {
        return Err(bad("multi-disk zip archives are not supported"));
    }
    let entries = field(10);
    let (size, offset) = (b.u32(end + 12).unwrap_or(0), b.u32(end + 16).unwrap_or(0));
    if entries != u16::MAX && size != u32::MAX && offset != u32::MAX {
        return Ok(Directory {
            entries: entries.into(),
            offset: offset.into(),
        });
    }
    // zip64: a locator just before the end record points to the zip64 end record.
    let locator = end.checked_sub(20).filter(|&p| b.sig(p, END64_LOCATOR_SIG));
    let end64 = locator
        .and_then(|p| b.u64(p + 8))
        .and_then(|p| usize::try_from(p).ok())
        .filter(|&p| b.sig(p, END64_SIG))
        .ok_or_else(|| bad("the zip64 end of central directory record is missing"))?;
    match (b.u64(end64 + 32), b.u64(end64 + 48)) {
        (Some(entries), Some(offset)) => Ok(Directory { entries, offset }),
        _ => Err(bad("truncated zip64 end of central directory record")),
    }
}

/// Every file of the archive in `bytes`, decompressed and CRC-checked. `label` names the archive
/// in errors. Directories are skipped.
pub(crate) fn read(bytes: &[u8], label: &str) -> Result<Vec<Entry>> {
    let bad = |msg: &str| Error::invalid(format!("{label}: {msg}"));
    let b = Bytes(bytes);
    let dir = find_directory(&b, &bad)?;
    let mut pos = usize::try_from(dir.offset).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    for _ in 0..dir.entries {
        if !b.sig(pos, CENTRAL_SIG) {
            return Err(bad("corrupt or truncated central directory"));
        }
        let truncated = || bad("truncated central directory entry");
        let flags = b.u16(pos + 8).ok_or_else(truncated)?;
        let method = b.u16(pos + 10).ok_or_else(truncated)?;
        let crc = b.u32(pos + 16).ok_or_else(truncated)?;
        let mut packed_size = u64::from(b.u32(pos + 20).ok_or_else(truncated)?);
        let mut size = u64::from(b.u32(pos + 24).ok_or_else(truncated)?);
        let name_len = usize::from(b.u16(pos + 28).ok_or_else(truncated)?);
        let extra_len = usize::from(b.u16(pos + 30).ok_or_else(truncated)?);
        let comment_len = usize::from(b.u16(pos + 32).ok_or_else(truncated)?);
        let mut local = u64::from(b.u32(pos + 42).ok_or_else(truncated)?);
        let raw_name = b.slice(pos + 46, name_len).ok_or_else(truncated)?;
        let extra = b
            .slice(pos + 46 + name_len, extra_len)
            .ok_or_else(truncated)?;
        pos += 46 + name_len + extra_len + comment_len;

        let name = String::from_utf8_lossy(raw_name).into_owned();
        let bad_entry = |msg: &str| Error::invalid(format!("{label}: entry '{name}': {msg}"));
        // The zip64 extra field holds, in this order, those of the three values that are
        // 0xFFFFFFFF in the fixed fields.
        let mut e = 0;
        while e + 4 <= extra.len() {
            let id = u16::from_le_bytes([extra[e], extra[e + 1]]);
            let len = usize::from(u16::from_le_bytes([extra[e + 2], extra[e + 3]]));
            let body = Bytes(extra.get(e + 4..e + 4 + len).unwrap_or(&[]));
            if id == 1 {
                let mut at = 0;
                for value in [&mut size, &mut packed_size, &mut local] {
                    if *value == u64::from(u32::MAX) {
                        *value = body
                            .u64(at)
                            .ok_or_else(|| bad_entry("truncated zip64 extra field"))?;
                        at += 8;
                    }
                }
            }
            e += 4 + len;
        }
        if name.ends_with('/') {
            continue;
        }
        if flags & 1 != 0 {
            return Err(bad_entry("encrypted entries are not supported"));
        }
        let local = usize::try_from(local).unwrap_or(usize::MAX);
        if !b.sig(local, LOCAL_SIG) {
            return Err(bad_entry("missing local file header"));
        }
        let start = match (b.u16(local + 26), b.u16(local + 28)) {
            (Some(n), Some(x)) => local + 30 + usize::from(n) + usize::from(x),
            _ => return Err(bad_entry("truncated local file header")),
        };
        let too_big = || bad_entry("entry too large for this machine");
        let packed_size = usize::try_from(packed_size).map_err(|_| too_big())?;
        let size = usize::try_from(size).map_err(|_| too_big())?;
        let packed = b
            .slice(start, packed_size)
            .ok_or_else(|| bad_entry("truncated: the archive ends inside the entry's data"))?;
        let data = match method {
            STORED if packed_size == size => packed.to_vec(),
            STORED => return Err(bad_entry("stored entry with differing sizes")),
            DEFLATED => miniz_oxide::inflate::decompress_to_vec_with_limit(packed, size)
                .map_err(|e| bad_entry(&format!("corrupt deflate data ({:?})", e.status)))?,
            m => {
                return Err(bad_entry(&format!(
                    "compression method {m} is not supported (stored and deflate only)"
                )))
            }
        };
        if data.len() != size {
            return Err(bad_entry(&format!(
                "decompressed to {} bytes, the directory says {size}",
                data.len()
            )));
        }
        if crc32(&data) != crc {
            return Err(bad_entry("CRC-32 mismatch: the data is corrupt"));
        }
        out.push(Entry { name, data });
    }
    Ok(out)
}

/// The bytes of a zip archive holding `entries`, deflated when `compress` is set.
pub(crate) fn write(entries: &[Entry], compress: bool) -> Result<Vec<u8>> {
    let too_big = || {
        Error::invalid(
            "the archive would exceed 4 GiB, which needs zip64 (not supported when writing)",
        )
    };
    let fit = |n: usize| {
        u32::try_from(n)
            .ok()
            .filter(|&n| n != u32::MAX)
            .ok_or_else(too_big)
    };
    let count = u16::try_from(entries.len())
        .ok()
        .filter(|&n| n != u16::MAX)
        .ok_or_else(|| Error::invalid("too many entries for a zip archive without zip64"))?;
    let mut out = Vec::new();
    let mut central = Vec::new();
    for entry in entries {
        let crc = crc32(&entry.data);
        let packed;
        let (method, payload) = if compress {
            packed = miniz_oxide::deflate::compress_to_vec(&entry.data, 6);
            (DEFLATED, &packed[..])
        } else {
            (STORED, &entry.data[..])
        };
        let name = entry.name.as_bytes();
        let name_len = u16::try_from(name.len())
            .map_err(|_| Error::invalid(format!("entry name '{}' is too long", entry.name)))?;
        let flags = if entry.name.is_ascii() { 0 } else { UTF8_NAME };
        let offset = fit(out.len())?;
        // The fields common to the local header and the central directory entry.
        let mut common = Vec::with_capacity(26);
        common.extend(20u16.to_le_bytes()); // version needed: 2.0
        common.extend(flags.to_le_bytes());
        common.extend(method.to_le_bytes());
        common.extend(0u16.to_le_bytes()); // time 00:00
        common.extend(DOS_DATE_1980.to_le_bytes());
        common.extend(crc.to_le_bytes());
        common.extend(fit(payload.len())?.to_le_bytes());
        common.extend(fit(entry.data.len())?.to_le_bytes());
        common.extend(name_len.to_le_bytes());
        common.extend(0u16.to_le_bytes()); // extra length

        out.extend_from_slice(LOCAL_SIG);
        out.extend_from_slice(&common);
        out.extend_from_slice(name);
        out.extend_from_slice(payload);

        central.extend_from_slice(CENTRAL_SIG);
        central.extend(20u16.to_le_bytes()); // made by: MS-DOS, 2.0
        central.extend_from_slice(&common);
        central.extend([0u8; 10]); // comment length, disk, internal and external attributes
        central.extend(offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let directory_offset = fit(out.len())?;
    let directory_size = fit(central.len())?;
    out.extend_from_slice(&central);
    fit(out.len() + 22)?;
    out.extend_from_slice(END_SIG);
    out.extend([0u8; 4]); // disk numbers
    out.extend(count.to_le_bytes());
    out.extend(count.to_le_bytes());
    out.extend(directory_size.to_le_bytes());
    out.extend(directory_offset.to_le_bytes());
    out.extend(0u16.to_le_bytes()); // comment length
    Ok(out)
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
    }

    #[test]
    fn round_trip_stored_and_deflated() {
        let entries = vec![
            Entry {
                name: "a.npy".into(),
                data: b"hello hello hello hello".to_vec(),
            },
            Entry {
                name: "é.npy".into(),
                data: Vec::new(),
            },
        ];
        for compress in [false, true] {
            let bytes = write(&entries, compress).unwrap();
            let back = read(&bytes, "t.zip").unwrap();
            assert_eq!(back.len(), 2);
            for (a, b) in entries.iter().zip(&back) {
                assert_eq!((&a.name, &a.data), (&b.name, &b.data));
            }
            // Every truncation is an error, never a panic.
            for n in 0..bytes.len() {
                assert!(read(&bytes[..n], "t.zip").is_err(), "prefix of {n} bytes");
            }
        }
    }
}
