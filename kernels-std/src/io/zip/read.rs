//! Reading a zip archive through its central directory (so local headers with zip64 extras or
//! data descriptors, which Python's `zipfile` writes, need no special care).
//!
//! [`directory`] reads and checks every record before any member is read, so a hostile
//! archive is refused before it costs memory: each member's local header and data must lie
//! between the start of the file and the directory, apart from every other member's (an
//! archive whose records all point at one member, a "zip bomb", is refused); a stored
//! member's size must equal its compressed size, and a deflated one's must be no more than
//! deflate can expand its compressed bytes to (1032 to 1). The total a reader can be made to
//! inflate is therefore at most 1032 times the file's size, and each member is read only
//! when asked for ([`open_member`]), as a stream checked by CRC-32 at its end.

use std::io::{self, Read, Seek, SeekFrom, Take};

use array_runtime::{cpu::host_vec, Error, Result};

use super::inflate::Inflater;
use super::{
    Checked, Crc32, CENTRAL_SIG, DEFLATED, END64_LOCATOR_SIG, END64_SIG, END_SIG, LOCAL_LEN,
    LOCAL_SIG, STORED,
};

/// The most deflate expands its input: two bits (a length code of 258 and a distance code)
/// per 258 bytes.
const MAX_DEFLATE_RATIO: u64 = 1032;
/// Size of a central directory record before its name, extra field and comment.
const CENTRAL_LEN: usize = 46;
/// Size of the end of central directory record before its comment.
const END_LEN: usize = 22;

/// One file of an archive, as its central directory record describes it.
#[derive(Clone, Debug)]
pub(crate) struct Member {
    /// The name, as stored (UTF-8; other bytes replaced by U+FFFD).
    pub name: String,
    /// Bytes of the member once decompressed.
    pub size: u64,
    method: u16,
    crc: u32,
    packed: u64,
    local: u64,
    /// Where the space this member may occupy ends: the next member's local header, or the
    /// central directory.
    limit: u64,
}

/// An [`Error::Invalid`] naming the archive.
fn bad(label: &str, msg: &str) -> Error {
    Error::invalid(format!("{label}: {msg}"))
}

/// An error of the source while reading the archive, naming it.
pub(crate) fn io_error(label: &str, e: io::Error) -> Error {
    match e.kind() {
        io::ErrorKind::UnexpectedEof => bad(label, "truncated: the archive ends early"),
        io::ErrorKind::InvalidData => bad(label, &e.to_string()),
        _ => Error::Io(io::Error::new(e.kind(), format!("{label}: {e}"))),
    }
}

/// Little-endian reads from a byte slice that return `None` past its end.
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

/// `len` bytes of the source from `pos`, in a buffer allocated fallibly.
fn read_at<R: Read + Seek>(r: &mut R, pos: u64, len: usize, label: &str) -> Result<Vec<u8>> {
    let mut buf = host_vec::filled(len, 0u8)?;
    r.seek(SeekFrom::Start(pos))
        .and_then(|_| r.read_exact(&mut buf))
        .map_err(|e| io_error(label, e))?;
    Ok(buf)
}

/// Where the central directory is: its offset, its end (the zip64 or plain end record), and
/// how many records it holds.
struct Directory {
    offset: u64,
    end: u64,
    entries: u64,
}

fn find_directory<R: Read + Seek>(r: &mut R, len: u64, label: &str) -> Result<Directory> {
    if len < END_LEN as u64 {
        return Err(bad(
            label,
            "not a zip archive: too short to hold an end record",
        ));
    }
    // The end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
    let tail_len = len.min((END_LEN + usize::from(u16::MAX)) as u64);
    let tail_start = len - tail_len;
    let tail = read_at(r, tail_start, tail_len as usize, label)?;
    let t = Bytes(&tail);
    let end = (0..=tail.len() - END_LEN)
        .rev()
        .find(|&p| t.sig(p, END_SIG))
        .ok_or_else(|| {
            bad(
                label,
                "not a zip archive (or truncated): no end of central directory record",
            )
        })?;
    let field = |off| t.u16(end + off).unwrap_or(0);
    if field(4) != 0 || field(6) != 0 {
        return Err(bad(label, "multi-disk zip archives are not supported"));
    }
    let entries = field(10);
    let offset = t.u32(end + 16).unwrap_or(0);
    let size = t.u32(end + 12).unwrap_or(0);
    let end_pos = tail_start + end as u64;
    if entries != u16::MAX && size != u32::MAX && offset != u32::MAX {
        return Ok(Directory {
            offset: offset.into(),
            end: end_pos,
            entries: entries.into(),
        });
    }
    // zip64: a locator just before the end record points to the zip64 end record.
    let missing = || {
        bad(
            label,
            "the zip64 end of central directory record is missing",
        )
    };
    let locator = end
        .checked_sub(20)
        .filter(|&p| t.sig(p, END64_LOCATOR_SIG))
        .ok_or_else(missing)?;
    let end64 = t
        .u64(locator + 8)
        .filter(|&p| p.checked_add(56).is_some_and(|e| e <= end_pos))
        .ok_or_else(missing)?;
    let rec = read_at(r, end64, 56, label)?;
    let rec = Bytes(&rec);
    if !rec.sig(0, END64_SIG) {
        return Err(missing());
    }
    match (rec.u64(32), rec.u64(48)) {
        (Some(entries), Some(offset)) => Ok(Directory {
            offset,
            end: end64,
            entries,
        }),
        _ => Err(bad(
            label,
            "truncated zip64 end of central directory record",
        )),
    }
}

/// Every file of the archive in `r` (directories left out), in directory order, after the
/// checks of the [module documentation](self). `label` names the archive in errors.
pub(crate) fn directory<R: Read + Seek>(r: &mut R, label: &str) -> Result<Vec<Member>> {
    let len = r.seek(SeekFrom::End(0)).map_err(|e| io_error(label, e))?;
    let dir = find_directory(r, len, label)?;
    if dir.offset > dir.end {
        return Err(bad(label, "corrupt or truncated central directory"));
    }
    let cd = read_at(r, dir.offset, (dir.end - dir.offset) as usize, label)?;
    // Each record takes at least 46 bytes: a count beyond that is a lie, refused before any
    // allocation is sized by it.
    if dir.entries > (cd.len() / CENTRAL_LEN) as u64 {
        return Err(bad(
            label,
            &format!(
                "the end record announces {} entries, the central directory has room for {}",
                dir.entries,
                cd.len() / CENTRAL_LEN
            ),
        ));
    }
    let b = Bytes(&cd);
    let mut pos = 0usize;
    let mut all = Vec::with_capacity(dir.entries as usize);
    let mut keep = Vec::with_capacity(dir.entries as usize);
    for _ in 0..dir.entries {
        if !b.sig(pos, CENTRAL_SIG) {
            return Err(bad(label, "corrupt or truncated central directory"));
        }
        let truncated = || bad(label, "truncated central directory entry");
        let flags = b.u16(pos + 8).ok_or_else(truncated)?;
        let method = b.u16(pos + 10).ok_or_else(truncated)?;
        let crc = b.u32(pos + 16).ok_or_else(truncated)?;
        let mut packed = u64::from(b.u32(pos + 20).ok_or_else(truncated)?);
        let mut size = u64::from(b.u32(pos + 24).ok_or_else(truncated)?);
        let name_len = usize::from(b.u16(pos + 28).ok_or_else(truncated)?);
        let extra_len = usize::from(b.u16(pos + 30).ok_or_else(truncated)?);
        let comment_len = usize::from(b.u16(pos + 32).ok_or_else(truncated)?);
        let mut local = u64::from(b.u32(pos + 42).ok_or_else(truncated)?);
        let raw_name = b.slice(pos + CENTRAL_LEN, name_len).ok_or_else(truncated)?;
        let extra = b
            .slice(pos + CENTRAL_LEN + name_len, extra_len)
            .ok_or_else(truncated)?;
        pos += CENTRAL_LEN + name_len + extra_len + comment_len;

        let name = String::from_utf8_lossy(raw_name).into_owned();
        let bad_entry = |msg: &str| bad(label, &format!("entry '{name}': {msg}"));
        // The zip64 extra field holds, in this order, those of the three values that are
        // 0xFFFFFFFF in the fixed fields.
        let mut e = 0;
        while e + 4 <= extra.len() {
            let id = u16::from_le_bytes([extra[e], extra[e + 1]]);
            let len = usize::from(u16::from_le_bytes([extra[e + 2], extra[e + 3]]));
            let body = Bytes(extra.get(e + 4..e + 4 + len).unwrap_or(&[]));
            if id == 1 {
                let mut at = 0;
                for value in [&mut size, &mut packed, &mut local] {
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
        // Every record's space counts for the overlap check, directories' included.
        let span_end = local
            .checked_add(LOCAL_LEN)
            .and_then(|p| p.checked_add(packed))
            .filter(|&p| p <= dir.offset)
            .ok_or_else(|| {
                bad_entry(&format!(
                    "its {packed} bytes of data at offset {local} do not lie before the central \
                     directory (at {})",
                    dir.offset
                ))
            })?;
        if name.ends_with('/') {
            all.push((local, span_end, usize::MAX));
            continue;
        }
        all.push((local, span_end, keep.len()));
        if flags & 1 != 0 {
            return Err(bad_entry("encrypted entries are not supported"));
        }
        match method {
            STORED if packed != size => {
                return Err(bad_entry(&format!(
                    "stored entry with differing sizes ({packed} stored, {size} declared)"
                )))
            }
            DEFLATED if size > packed.saturating_mul(MAX_DEFLATE_RATIO) => {
                return Err(bad_entry(&format!(
                    "declares {size} bytes, more than deflate can expand its {packed} \
                     compressed bytes to"
                )))
            }
            STORED | DEFLATED => {}
            m => {
                return Err(bad_entry(&format!(
                    "compression method {m} is not supported (stored and deflate only)"
                )))
            }
        }
        keep.push(Member {
            name,
            size,
            method,
            crc,
            packed,
            local,
            limit: dir.offset,
        });
    }
    // No two members share bytes: sorted by offset, each ends where the next begins, or before.
    all.sort_unstable();
    for i in 0..all.len() {
        let next = all.get(i + 1).map_or(dir.offset, |a| a.0);
        let (local, span_end, k) = all[i];
        if span_end > next {
            let which = |k: usize| keep.get(k).map_or("a directory", |m| m.name.as_str());
            return Err(bad(
                label,
                &format!(
                    "entry '{}' at offset {local} overlaps the next entry at offset {next}: \
                     entries that share data are refused",
                    which(k)
                ),
            ));
        }
        if let Some(m) = keep.get_mut(k) {
            m.limit = next;
        }
    }
    Ok(keep)
}

/// The decompressed bytes of one member as they are read (stored or inflated), counted and
/// checksummed; [`MemberReader::finish`] checks that the data ended where the directory said.
pub(crate) struct MemberReader<'r, R: Read> {
    data: Checked<Data<'r, R>>,
    member: &'r Member,
    label: &'r str,
}

enum Data<'r, R: Read> {
    Stored(Take<&'r mut R>),
    Deflated(Inflater<Take<&'r mut R>>),
}

impl<R: Read> Read for Data<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Data::Stored(r) => r.read(buf),
            Data::Deflated(r) => r.read(buf),
        }
    }
}

impl<R: Read> Read for MemberReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.data.read(buf)
    }
}

/// A reader of `member`'s decompressed bytes, from its local header in `r`.
pub(crate) fn open_member<'r, R: Read + Seek>(
    r: &'r mut R,
    member: &'r Member,
    label: &'r str,
) -> Result<MemberReader<'r, R>> {
    let bad_entry = |msg: &str| bad(label, &format!("entry '{}': {msg}", member.name));
    let head = read_at(r, member.local, LOCAL_LEN as usize, label)
        .map_err(|_| bad_entry("truncated local file header"))?;
    let h = Bytes(&head);
    if !h.sig(0, LOCAL_SIG) {
        return Err(bad_entry("missing local file header"));
    }
    let (n, x) = match (h.u16(26), h.u16(28)) {
        (Some(n), Some(x)) => (u64::from(n), u64::from(x)),
        _ => return Err(bad_entry("truncated local file header")),
    };
    let start = member.local + LOCAL_LEN + n + x;
    if start.saturating_add(member.packed) > member.limit {
        return Err(bad_entry(&format!(
            "its data ({} bytes from offset {start}) runs into the next entry or the central \
             directory (at {})",
            member.packed, member.limit
        )));
    }
    // Skipped by reading rather than seeking, which would drop a buffered reader's buffer.
    let skipped =
        io::copy(&mut r.by_ref().take(n + x), &mut io::sink()).map_err(|e| io_error(label, e))?;
    if skipped != n + x {
        return Err(bad_entry("truncated local file header"));
    }
    let raw = r.take(member.packed);
    let data = match member.method {
        DEFLATED => Data::Deflated(Inflater::new(raw)),
        _ => Data::Stored(raw),
    };
    Ok(MemberReader {
        data: Checked {
            inner: data,
            crc: Crc32::new(),
            count: 0,
        },
        member,
        label,
    })
}

impl<R: Read> MemberReader<'_, R> {
    /// Checks, once the caller has read the bytes it expected, that the member holds no more
    /// than that, as many as the directory declares, and that their CRC-32 is the directory's.
    pub(crate) fn finish(mut self) -> Result<()> {
        let name = &self.member.name;
        let bad_entry = |msg: String| bad(self.label, &format!("entry '{name}': {msg}"));
        let mut one = [0u8; 1];
        let more = self
            .data
            .read(&mut one)
            .map_err(|e| bad_entry(e.to_string()))?;
        let (count, size) = (self.data.count, self.member.size);
        if more > 0 {
            return Err(bad_entry(format!(
                "its data continues past the {size} bytes the directory declares"
            )));
        }
        if count != size {
            return Err(bad_entry(format!(
                "holds {count} bytes, the directory declares {size}"
            )));
        }
        if self.data.crc.value() != self.member.crc {
            return Err(bad_entry("CRC-32 mismatch: the data is corrupt".to_owned()));
        }
        Ok(())
    }
}
