//! `.npz` archives: a zip with one `<name>.npy` entry per array, stored (`np.savez`) or
//! deflated (`np.savez_compressed`).

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::Path;
use std::sync::Mutex;

use array_runtime::{Array, Device, Error, Result};

use super::zip::{self, read::Member, write::ZipWriter};
use super::{create_file, npy, open_file, AnyArray, NpyDType};

/// The arrays of a `.npz` archive, by name, in archive order (what [`load_npz`] returns).
///
/// Names are the entry names without their `.npy` suffix, as NumPy's `NpzFile` keys them.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("npz_struct_doc_{}.npz", std::process::id()));
/// let x = Array::from_vec(&dev, &[2], vec![1.0f32, 2.0])?;
/// let n = Array::scalar(&dev, 7i64)?;
/// io::save_npz(&path, [("x", x.into()), ("n", n.into())])?;
/// let npz = io::load_npz(&path, &dev)?;
/// assert_eq!(npz.names().collect::<Vec<_>>(), ["x", "n"]);
/// assert_eq!(npz.array::<i64>("n")?.item()?, 7);
/// assert!(npz.get("missing").is_none());
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct Npz {
    source: String,
    entries: Vec<(String, AnyArray)>,
    /// Where each name is in `entries`: lookups in constant time, whatever the count.
    index: HashMap<String, usize>,
}

type EntryRef<'a> = (&'a str, &'a AnyArray);
type Iter<'a> = std::iter::Map<
    std::slice::Iter<'a, (String, AnyArray)>,
    fn(&'a (String, AnyArray)) -> EntryRef<'a>,
>;

fn entry_ref(entry: &(String, AnyArray)) -> EntryRef<'_> {
    (entry.0.as_str(), &entry.1)
}

impl Npz {
    /// The archive `source` holding `entries` (distinct names).
    fn new(source: String, entries: Vec<(String, AnyArray)>) -> Self {
        let index = entries
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (name.clone(), i))
            .collect();
        Npz {
            source,
            entries,
            index,
        }
    }

    /// The names of the arrays, in archive order.
    ///
    /// ```
    /// # use kernels_std::io;
    /// assert_eq!(io::Npz::default().names().count(), 0);
    /// ```
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.entries.iter().map(|(name, _)| name.as_str())
    }

    /// The array called `name`, whatever its dtype.
    ///
    /// ```
    /// # use kernels_std::io;
    /// assert!(io::Npz::default().get("a").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&AnyArray> {
        self.index.get(name).map(|&i| &self.entries[i].1)
    }

    /// The array called `name` as an `Array<T>` (a new handle, no copy); an error when the
    /// archive has no such array or when its dtype is not `T` (naming both dtypes).
    ///
    /// ```
    /// use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// let dev = Device::cpu();
    /// let path = std::env::temp_dir().join(format!("npz_array_doc_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::from_vec(&dev, &[2], vec![3u32, 4])?.into())])?;
    /// let npz = io::load_npz(&path, &dev)?;
    /// assert_eq!(npz.array::<u32>("a")?.to_vec()?, vec![3, 4]);
    /// assert!(npz.array::<u64>("a").unwrap_err().to_string().contains("u32"));
    /// assert!(npz.array::<u32>("b").unwrap_err().to_string().contains("no array 'b'"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn array<T: NpyDType>(&self, name: &str) -> Result<Array<T>> {
        let any = self.get(name).ok_or_else(|| {
            Error::invalid(format!(
                "{}: no array '{name}' (the archive holds {:?})",
                self.source,
                self.names().collect::<Vec<_>>()
            ))
        })?;
        any.clone()
            .downcast::<T>()
            .map_err(|e| Error::invalid(format!("{}: array '{name}': {e}", self.source)))
    }

    /// Number of arrays.
    ///
    /// ```
    /// # use kernels_std::io;
    /// assert_eq!(io::Npz::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the archive holds no array.
    ///
    /// ```
    /// # use kernels_std::io;
    /// assert!(io::Npz::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The `(name, array)` pairs, in archive order.
    ///
    /// ```
    /// # use kernels_std::io;
    /// for (name, array) in io::Npz::default().iter() {
    ///     println!("{name}: {:?} {}", array.shape(), array.dtype());
    /// }
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = EntryRef<'_>> + '_ {
        self.into_iter()
    }
}

/// Consumes the archive into its `(name, array)` pairs.
impl IntoIterator for Npz {
    type Item = (String, AnyArray);
    type IntoIter = std::vec::IntoIter<(String, AnyArray)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

/// The `(name, array)` pairs, in archive order.
impl<'a> IntoIterator for &'a Npz {
    type Item = EntryRef<'a>;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(entry_ref)
    }
}

/// Writes the arrays to an uncompressed `.npz` archive at `path` (NumPy's `np.savez` with
/// keyword arguments): one stored entry `<name>.npy` per array, in the order given.
///
/// `arrays` yields `(name, array)` pairs: arrays of any dtypes, each made an [`AnyArray`] by
/// `.into()` (from `Array<T>` or `&Array<T>`, no copy). A loaded [`Npz`] can be written back
/// with `save_npz(path, npz)`. Names must be non-empty and distinct. The path is used as given.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("save_npz_doc_{}.npz", std::process::id()));
/// let a = Array::from_vec(&dev, &[2], vec![1i8, -1])?;
/// let b = Array::from_vec(&dev, &[1, 2], vec![true, false])?;
/// io::save_npz(&path, [("a", a.into()), ("b", b.into())])?;
/// assert_eq!(io::load_npz(&path, &dev)?.len(), 2);
/// let one = Array::scalar(&dev, 1u8)?;
/// assert!(io::save_npz(&path, [("a", one.clone().into()), ("a", one.into())]).is_err());
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn save_npz<P, I, S>(path: P, arrays: I) -> Result<()>
where
    P: AsRef<Path>,
    I: IntoIterator<Item = (S, AnyArray)>,
    S: AsRef<str>,
{
    write_archive(path.as_ref(), arrays, false)
}

/// Like [`save_npz`], with deflated entries (NumPy's `np.savez_compressed`).
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("save_npz_c_doc_{}.npz", std::process::id()));
/// let zeros = Array::<f64>::zeros(&dev, &[1000])?;
/// io::save_npz_compressed(&path, [("zeros", zeros.into())])?;
/// assert!(std::fs::metadata(&path)?.len() < 1000);
/// assert_eq!(io::load_npz(&path, &dev)?.array::<f64>("zeros")?.to_vec()?, vec![0.0; 1000]);
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn save_npz_compressed<P, I, S>(path: P, arrays: I) -> Result<()>
where
    P: AsRef<Path>,
    I: IntoIterator<Item = (S, AnyArray)>,
    S: AsRef<str>,
{
    write_archive(path.as_ref(), arrays, true)
}

fn write_archive<I, S>(path: &Path, arrays: I, compress: bool) -> Result<()>
where
    I: IntoIterator<Item = (S, AnyArray)>,
    S: AsRef<str>,
{
    let label = path.display();
    let arrays = arrays.into_iter();
    // Refused before the file is touched when the count is known to be too large.
    if arrays.size_hint().0 > zip::write::MAX_MEMBERS {
        return Err(Error::invalid(format!(
            "{label}: {} arrays do not fit in a zip archive without zip64 (at most {})",
            arrays.size_hint().0,
            zip::write::MAX_MEMBERS
        )));
    }
    let mut seen: HashSet<String> = HashSet::new();
    create_file(path, |out| {
        let mut zip = ZipWriter::new(out, compress);
        for (name, array) in arrays {
            let name = name.as_ref();
            if name.is_empty() {
                return Err(Error::invalid(format!("{label}: an array name is empty")));
            }
            if !seen.insert(name.to_owned()) {
                return Err(Error::invalid(format!(
                    "{label}: the name '{name}' is given twice"
                )));
            }
            zip.member(&format!("{name}.npy"), |w| array.write_npy(w))
                .map_err(|e| match e {
                    Error::Invalid { message } => Error::invalid(format!("{label}: {message}")),
                    other => other,
                })?;
        }
        zip.finish().map(|_| ())
    })
}

/// An entry of an archive written by [`write_entries`]: an array, or a 0-d byte string
/// (NumPy's `np.array(b"...")`, dtype `|S<n>`, which SciPy's `save_npz` stores as `format`).
pub(crate) enum Entry {
    Array(AnyArray),
    Bytes(Vec<u8>),
}

/// Writes an archive of arrays and byte strings (in the given order), as `np.savez` (or
/// `np.savez_compressed`) writes it; names are the caller's (distinct, not empty).
pub(crate) fn write_entries(
    path: &Path,
    entries: Vec<(&str, Entry)>,
    compress: bool,
) -> Result<()> {
    let label = path.display();
    create_file(path, |out| {
        let mut zip = ZipWriter::new(out, compress);
        for (name, entry) in &entries {
            zip.member(&format!("{name}.npy"), |w| match entry {
                Entry::Array(a) => a.write_npy(w),
                Entry::Bytes(b) => {
                    let head = npy::header_bytes(&format!("|S{}", b.len().max(1)), &[])?;
                    w.write_all(&head)
                        .and_then(|_| w.write_all(if b.is_empty() { &[0] } else { b }))
                        .map_err(Error::Io)
                }
            })
            .map_err(|e| match e {
                Error::Invalid { message } => Error::invalid(format!("{label}: {message}")),
                other => other,
            })?;
        }
        zip.finish().map(|_| ())
    })
}

/// Reads every array of a `.npz` archive onto `device` (NumPy's `np.load` of a `.npz`, read
/// eagerly; [`NpzFile`] reads one array at a time). Stored and deflated entries are read,
/// zip64 included; each entry's CRC-32 is checked.
///
/// The archive's directory is checked before anything is read (see [`NpzFile::open`]), so a
/// file cannot make this allocate more than its entries' sizes, which deflate bounds to 1032
/// times the file's size; entries are then read one at a time, each decompressed straight
/// into its array's memory.
///
/// ```
/// use kernels_std::{io, io::AnyArray, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("load_npz_doc_{}.npz", std::process::id()));
/// io::save_npz(&path, [("w", Array::from_vec(&dev, &[2, 1], vec![0.5f32, 1.0])?.into())])?;
/// let npz = io::load_npz(&path, &dev)?;
/// for (name, array) in &npz {
///     assert_eq!((name, array.shape()), ("w", &[2, 1][..]));
///     assert!(matches!(array, AnyArray::F32(_)));
/// }
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub fn load_npz(path: impl AsRef<Path>, device: &Device) -> Result<Npz> {
    NpzFile::open(path, device)?.load_all()
}

/// One array of an archive: its name and the zip member that holds it.
#[derive(Debug)]
struct Slot {
    name: String,
    member: Member,
}

/// A `.npz` archive opened for reading one array at a time (NumPy's lazy `NpzFile`, what
/// `np.load` returns for a `.npz`): [`NpzFile::get`] reads and decompresses only the array
/// asked for.
///
/// Opening reads the zip directory and checks it before any array is read: every entry's
/// data lies inside the file and apart from every other entry's (archives whose entries
/// share data are refused), and no entry declares more bytes than its compressed data can
/// hold. Reading an entry then checks its `.npy` header against the size the directory
/// declares before allocating, decompresses straight into the array's memory, and checks the
/// CRC-32 at the end.
///
/// ```
/// use kernels_std::{io, Array, Device};
/// # fn main() -> kernels_std::Result<()> {
/// let dev = Device::cpu();
/// let path = std::env::temp_dir().join(format!("npzfile_doc_{}.npz", std::process::id()));
/// let x = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
/// io::save_npz_compressed(&path, [("x", x.into()), ("n", Array::scalar(&dev, 4u8)?.into())])?;
/// let npz = io::NpzFile::open(&path, &dev)?;
/// assert_eq!(npz.names().collect::<Vec<_>>(), ["x", "n"]);
/// assert_eq!(npz.array::<f64>("x")?.to_vec()?, vec![1.0, 2.0, 3.0]);   // reads only `x`
/// assert_eq!(npz.get("n")?.dtype(), kernels_std::DTypeId::U8);
/// assert!(npz.get("y").unwrap_err().to_string().contains("no array 'y'"));
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct NpzFile<R = BufReader<File>> {
    source: String,
    device: Device,
    reader: Mutex<R>,
    slots: Vec<Slot>,
    index: HashMap<String, usize>,
}

impl NpzFile<BufReader<File>> {
    /// Opens the archive at `path`, whose arrays [`NpzFile::get`] reads onto `device`.
    ///
    /// ```
    /// use kernels_std::{io, Device};
    /// let missing = io::NpzFile::open("/no/such/file.npz", &Device::cpu());
    /// assert!(missing.unwrap_err().to_string().contains("/no/such/file.npz"));
    /// ```
    pub fn open(path: impl AsRef<Path>, device: &Device) -> Result<Self> {
        let path = path.as_ref();
        let (file, _) = open_file(path)?;
        Self::with_label(BufReader::new(file), path.display().to_string(), device)
    }
}

impl<R: Read + Seek> NpzFile<R> {
    /// Opens the archive that `reader` holds (NumPy's `np.load` of a file object); errors
    /// name it `<reader>`.
    ///
    /// ```
    /// use std::io::Cursor;
    /// use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// let dev = Device::cpu();
    /// let path = std::env::temp_dir().join(format!("npz_reader_doc_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::from_vec(&dev, &[2], vec![1i32, 2])?.into())])?;
    /// let bytes = std::fs::read(&path)?;
    /// let npz = io::NpzFile::from_reader(Cursor::new(bytes), &dev)?;
    /// assert_eq!(npz.array::<i32>("a")?.to_vec()?, vec![1, 2]);
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn from_reader(reader: R, device: &Device) -> Result<Self> {
        Self::with_label(reader, "<reader>".to_owned(), device)
    }

    fn with_label(mut reader: R, source: String, device: &Device) -> Result<Self> {
        let mut magic = [0u8; 6];
        let is_npy = reader
            .read_exact(&mut magic)
            .is_ok_and(|()| &magic == npy::MAGIC);
        if is_npy {
            return Err(Error::invalid(format!(
                "{source}: is a .npy file, not a .npz archive; read it with `load` or `load_any`"
            )));
        }
        let members = zip::read::directory(&mut reader, &source)?;
        let mut slots = Vec::with_capacity(members.len());
        let mut index = HashMap::with_capacity(members.len());
        for member in members {
            let name = member
                .name
                .strip_suffix(".npy")
                .unwrap_or(&member.name)
                .to_owned();
            if index.insert(name.clone(), slots.len()).is_some() {
                return Err(Error::invalid(format!(
                    "{source}: entry '{}': duplicate array name '{name}'",
                    member.name
                )));
            }
            slots.push(Slot { name, member });
        }
        Ok(NpzFile {
            source,
            device: device.clone(),
            reader: Mutex::new(reader),
            slots,
            index,
        })
    }

    /// The names of the arrays, in archive order (entry names without `.npy`).
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_names_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("b", Array::scalar(&dev, 1u8)?.into()), ("a", Array::scalar(&dev, 2u8)?.into())])?;
    /// assert_eq!(io::NpzFile::open(&path, &dev)?.names().collect::<Vec<_>>(), ["b", "a"]);
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.slots.iter().map(|s| s.name.as_str())
    }

    /// Number of arrays.
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_len_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::scalar(&dev, 1u8)?.into())])?;
    /// assert_eq!(io::NpzFile::open(&path, &dev)?.len(), 1);
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the archive holds no array.
    ///
    /// ```
    /// # use kernels_std::{io, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let path = std::env::temp_dir().join(format!("npzfile_empty_{}.npz", std::process::id()));
    /// io::save_npz(&path, Vec::<(&str, io::AnyArray)>::new())?;
    /// assert!(io::NpzFile::open(&path, &Device::cpu())?.is_empty());
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Whether the archive holds an array called `name`.
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_contains_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::scalar(&dev, 1u8)?.into())])?;
    /// let npz = io::NpzFile::open(&path, &dev)?;
    /// assert!(npz.contains("a") && !npz.contains("a.npy"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn contains(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    fn no_such(&self, name: &str) -> Error {
        const SHOWN: usize = 8;
        let mut names: Vec<&str> = self.names().take(SHOWN).collect();
        if self.len() > SHOWN {
            names.push("...");
        }
        Error::invalid(format!(
            "{}: no array '{name}' (the archive holds {} arrays: {names:?})",
            self.source,
            self.len()
        ))
    }

    /// Reads the array called `name`, whatever its dtype (NumPy's `npz[name]`); an error
    /// when the archive has no such array or its entry is not valid `.npy` data.
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_get_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::from_vec(&dev, &[2], vec![1u16, 2])?.into())])?;
    /// let npz = io::NpzFile::open(&path, &dev)?;
    /// assert_eq!(npz.get("a")?.shape(), &[2]);
    /// assert!(npz.get("b").is_err());
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn get(&self, name: &str) -> Result<AnyArray> {
        let &i = self.index.get(name).ok_or_else(|| self.no_such(name))?;
        self.read_slot(&self.slots[i])
    }

    /// Reads the array called `name` as an `Array<T>`; an error when the archive has no such
    /// array or its dtype is not `T` (naming both dtypes, and reading no data).
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_array_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::from_vec(&dev, &[2], vec![3u32, 4])?.into())])?;
    /// let npz = io::NpzFile::open(&path, &dev)?;
    /// assert_eq!(npz.array::<u32>("a")?.to_vec()?, vec![3, 4]);
    /// assert!(npz.array::<u64>("a").unwrap_err().to_string().contains("u32"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn array<T: NpyDType>(&self, name: &str) -> Result<Array<T>> {
        let &i = self.index.get(name).ok_or_else(|| self.no_such(name))?;
        let slot = &self.slots[i];
        self.with_member(slot, |src| src.read_typed::<T>(&self.device))
    }

    /// Reads every array, one at a time, into an [`Npz`].
    ///
    /// ```
    /// # use kernels_std::{io, Array, Device};
    /// # fn main() -> kernels_std::Result<()> {
    /// # let dev = Device::cpu();
    /// # let path = std::env::temp_dir().join(format!("npzfile_all_{}.npz", std::process::id()));
    /// io::save_npz(&path, [("a", Array::scalar(&dev, 1i8)?.into())])?;
    /// let all = io::NpzFile::open(&path, &dev)?.load_all()?;
    /// assert_eq!(all.array::<i8>("a")?.item()?, 1);
    /// # std::fs::remove_file(&path)?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn load_all(&self) -> Result<Npz> {
        let mut entries = Vec::with_capacity(self.slots.len());
        for slot in &self.slots {
            entries.push((slot.name.clone(), self.read_slot(slot)?));
        }
        Ok(Npz::new(self.source.clone(), entries))
    }

    /// Reads the entry `name` as a 0-d string (`|S<n>` bytes or `<U<n>` UTF-32, NumPy's
    /// `np.array(b"csr")` or `np.array("csr")`), its trailing NULs dropped; an error for any
    /// other entry (or one over 4 KiB).
    pub(crate) fn text_scalar(&self, name: &str) -> Result<String> {
        let &i = self.index.get(name).ok_or_else(|| self.no_such(name))?;
        let slot = &self.slots[i];
        let label = format!("{}: entry '{}'", self.source, slot.member.name);
        let bad = |msg: &str| Error::invalid(format!("{label}: {msg}"));
        if slot.member.size > 4096 {
            return Err(bad("expected a short 0-d string, the entry is over 4 KiB"));
        }
        let raw = self.with_member(slot, |src| {
            let mut raw = Vec::new();
            (&mut *src.reader)
                .take(4097)
                .read_to_end(&mut raw)
                .map_err(Error::Io)?;
            Ok(raw)
        })?;
        if raw.len() < 10 || &raw[..6] != b"\x93NUMPY" {
            return Err(bad("not a .npy entry"));
        }
        let len_size = match (raw[6], raw[7]) {
            (1, 0) => 2,
            (2, 0) | (3, 0) => 4,
            _ => return Err(bad("unsupported .npy format version")),
        };
        let start = 8 + len_size;
        let header_len = raw
            .get(8..start)
            .ok_or_else(|| bad("truncated header"))?
            .iter()
            .rev()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        let end = start
            .checked_add(header_len)
            .filter(|&e| e <= raw.len())
            .ok_or_else(|| bad("truncated header"))?;
        let text: String = raw[start..end].iter().map(|&b| char::from(b)).collect();
        let descr = text
            .split("'descr':")
            .nth(1)
            .and_then(|r| r.trim_start().strip_prefix('\''))
            .and_then(|r| r.split('\'').next())
            .ok_or_else(|| bad("no 'descr' in the header"))?;
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if !compact.contains("'shape':()") {
            return Err(bad(&format!(
                "expected a 0-d string, the header is {:?}",
                text.trim_end()
            )));
        }
        let payload = &raw[end..];
        let parse_n = |digits: &str| digits.parse::<usize>().map_err(|_| bad("bad string dtype"));
        let value = if let Some(n) = descr.strip_prefix("|S") {
            let n = parse_n(n)?;
            let bytes = payload.get(..n).ok_or_else(|| bad("truncated string"))?;
            let bytes = &bytes[..bytes.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1)];
            String::from_utf8(bytes.to_vec()).map_err(|_| bad("the string is not ASCII"))?
        } else if let Some(n) = descr.strip_prefix("<U") {
            let n = parse_n(n)?;
            let bytes = payload
                .get(..n.checked_mul(4).ok_or_else(|| bad("bad string dtype"))?)
                .ok_or_else(|| bad("truncated string"))?;
            let mut out = String::new();
            for c in bytes.chunks_exact(4) {
                let u = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                if u == 0 {
                    break;
                }
                out.push(char::from_u32(u).ok_or_else(|| bad("invalid UTF-32"))?);
            }
            out
        } else {
            return Err(bad(&format!(
                "expected a string dtype (|S or <U), found {descr:?}"
            )));
        };
        Ok(value)
    }

    fn read_slot(&self, slot: &Slot) -> Result<AnyArray> {
        self.with_member(slot, |src| src.read_any(&self.device))
    }

    /// Runs `read` on the `.npy` stream of `slot`'s member, then checks the member's end and
    /// CRC-32. The reader is held for the whole member.
    fn with_member<T>(
        &self,
        slot: &Slot,
        read: impl FnOnce(&mut npy::Source<'_>) -> Result<T>,
    ) -> Result<T> {
        let label = format!("{}: entry '{}'", self.source, slot.member.name);
        let mut guard = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        let mut member = zip::read::open_member(&mut *guard, &slot.member, &self.source)?;
        let value = read(&mut npy::Source {
            reader: &mut member,
            len: Some(slot.member.size),
            declared: true,
            label: &label,
        })?;
        member.finish()?;
        Ok(value)
    }
}
