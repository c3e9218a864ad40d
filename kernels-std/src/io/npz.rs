//! `.npz` archives: a zip with one `<name>.npy` entry per array, stored (`np.savez`) or
//! deflated (`np.savez_compressed`).

use std::path::Path;

use array_runtime::{Array, Device, Error, Result};

use super::zip::{self, Entry};
use super::{npy, read_file, write_file, AnyArray, NpyDType};

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
        self.entries.iter().find(|(n, _)| n == name).map(|(_, a)| a)
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
    let mut entries: Vec<Entry> = Vec::new();
    for (name, array) in arrays {
        let name = name.as_ref();
        if name.is_empty() {
            return Err(Error::invalid(format!("{label}: an array name is empty")));
        }
        let file = format!("{name}.npy");
        if entries.iter().any(|e| e.name == file) {
            return Err(Error::invalid(format!(
                "{label}: the name '{name}' is given twice"
            )));
        }
        entries.push(Entry {
            name: file,
            data: array.to_npy_bytes()?,
        });
    }
    let bytes =
        zip::write(&entries, compress).map_err(|e| Error::invalid(format!("{label}: {e}")))?;
    write_file(path, &bytes)
}

/// Reads every array of a `.npz` archive onto `device` (NumPy's `np.load` of a `.npz`, read
/// eagerly). Stored and deflated entries are read, zip64 included; each entry's CRC-32 is
/// checked.
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
    let path = path.as_ref();
    let source = path.display().to_string();
    let bytes = read_file(path)?;
    if bytes.starts_with(npy::MAGIC) {
        return Err(Error::invalid(format!(
            "{source}: is a .npy file, not a .npz archive; read it with `load` or `load_any`"
        )));
    }
    let mut entries: Vec<(String, AnyArray)> = Vec::new();
    for entry in zip::read(&bytes, &source)? {
        let label = format!("{source}: entry '{}'", entry.name);
        if !entry.data.starts_with(npy::MAGIC) {
            return Err(Error::invalid(format!("{label}: not .npy data")));
        }
        let name = entry
            .name
            .strip_suffix(".npy")
            .unwrap_or(&entry.name)
            .to_owned();
        if entries.iter().any(|(n, _)| *n == name) {
            return Err(Error::invalid(format!(
                "{label}: duplicate array name '{name}'"
            )));
        }
        let array = npy::decode_any(&entry.data, &label, device)?;
        entries.push((name, array));
    }
    Ok(Npz { source, entries })
}
