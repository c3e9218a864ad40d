//! Launch of elementwise kernels on a CUDA device.
//!
//! A call is prepared in four steps: every array operand is seen through broadcasting to the
//! call's shape; adjacent dimensions that every operand steps through as one are merged
//! ([`shape::merge_dims`]); the contiguous entry point is taken when every array operand then
//! is one dimension of stride 1, else the strided entry point for the merged number of
//! dimensions; 32-bit indexing is taken when the size and every reachable offset fit in `i32`.
//! The entry points come from the device's [`KernelCache`] (compiled by NVRTC on first use, for
//! the device's own `sm_XY`) and run on the device's stream, 256 threads a block, a grid-stride
//! loop over at most 32 blocks per SM.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::codegen::{self, IndexWidth, OperandKind, Path, BLOCK_SIZE};
use super::driver::{Function, LaunchDims};
use super::CudaDevice;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::elementwise::{ErasedOperand, ErasedOutput, Instance, OperandData, OutputData};
use crate::kernel::raw::Dim3;
use crate::shape::{self, Layout};

/// Most merged dimensions a strided launch takes (the size of a parameter slot).
pub const MAX_NDIM: usize = 32;

/// Blocks per SM at most in a grid; the grid-stride loop covers the rest.
const BLOCKS_PER_SM: u32 = 32;

/// One kernel parameter: the bytes of a pointer, a scalar, or a shape/strides struct. The
/// driver reads as many bytes as the entry point's parameter has.
pub(crate) type Slot = [u64; MAX_NDIM];

/// The entry points of one module.
#[derive(Debug)]
pub(crate) struct EntryPoints {
    contig: [Function; 2],
    /// The pack width and its entry points, when the dtypes allow packs.
    vector: Option<(usize, [Function; 2])>,
    strided: Option<[Function; 2]>,
}

/// What selects a module: the instance (its `'static` strings by address, its dtypes), the
/// operand kinds and the strided rank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LaunchKey {
    name: (usize, usize),
    source: (usize, usize),
    type_args: Vec<DTypeId>,
    params: Vec<DTypeId>,
    results: Vec<DTypeId>,
    kinds: Vec<OperandKind>,
    ndim: usize,
}

impl LaunchKey {
    fn new(inst: &Instance<'_>, kinds: &[OperandKind], ndim: usize) -> Self {
        // The def's strings are `&'static str`: never freed nor changed, so an address and a
        // length name one text for the whole run.
        let addr = |s: &'static str| (s.as_ptr() as usize, s.len());
        LaunchKey {
            name: addr(inst.def.name),
            source: addr(inst.def.device_source),
            type_args: inst.type_args.to_vec(),
            params: inst.params.to_vec(),
            results: inst.results.to_vec(),
            kinds: kinds.to_vec(),
            ndim,
        }
    }
}

/// The elementwise entry points loaded on one device.
#[derive(Debug, Default)]
pub(crate) struct KernelCache {
    map: Mutex<HashMap<LaunchKey, Arc<EntryPoints>>>,
}

impl super::context::DeviceState for KernelCache {
    const SLOT: usize = 0;
}

impl KernelCache {
    fn get(
        &self,
        dev: &CudaDevice,
        inst: &Instance<'_>,
        kinds: &[OperandKind],
        ndim: usize,
    ) -> Result<Arc<EntryPoints>> {
        let key = LaunchKey::new(inst, kinds, ndim);
        let lock = || {
            self.map
                .lock()
                .map_err(|_| Error::invalid("kernel cache poisoned"))
        };
        if let Some(e) = lock()?.get(&key) {
            return Ok(e.clone());
        }
        let entries = Arc::new(load_entry_points(dev, inst, kinds, ndim)?);
        Ok(lock()?.entry(key).or_insert(entries).clone())
    }
}

/// Compiles (or finds) the module of `inst` for `kinds`/`ndim` and loads its entry points.
fn load_entry_points(
    dev: &CudaDevice,
    inst: &Instance<'_>,
    kinds: &[OperandKind],
    ndim: usize,
) -> Result<EntryPoints> {
    let source = codegen::elementwise_module(inst, kinds, ndim);
    let name = codegen::sanitize(&inst.name());
    let module = dev.load_module(&source, &name, codegen::needs_half_headers(inst))?;
    let function =
        |path: Path, index: IndexWidth| module.function(&codegen::entry_name(inst, path, index));
    let pair = |path: Path| -> Result<[Function; 2]> {
        Ok([
            function(path, IndexWidth::I32)?,
            function(path, IndexWidth::I64)?,
        ])
    };
    let width = codegen::vector_width(inst, kinds);
    Ok(EntryPoints {
        contig: pair(Path::Contiguous)?,
        vector: if width > 1 {
            Some((width, pair(Path::Vectorized(width))?))
        } else {
            None
        },
        strided: if ndim > 0 {
            Some(pair(Path::Strided(ndim))?)
        } else {
            None
        },
    })
}

/// The lowest and highest element offsets (relative to the operand's first element) that
/// `shape`/`strides` reach; `(0, 0)` when empty.
pub(crate) fn reach(shape: &[usize], strides: &[isize]) -> (i128, i128) {
    let (mut lo, mut hi) = (0i128, 0i128);
    for (&d, &s) in shape.iter().zip(strides) {
        let span = (d.saturating_sub(1) as i128) * s as i128;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    (lo, hi)
}

pub(crate) fn slot_from_bytes(bytes: &[u8]) -> Slot {
    let mut raw = [0u8; MAX_NDIM * 8];
    raw[..bytes.len()].copy_from_slice(bytes);
    let mut slot = [0u64; MAX_NDIM];
    for (s, chunk) in slot.iter_mut().zip(raw.chunks_exact(8)) {
        *s = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
    }
    slot
}

pub(crate) fn slot_of_i64s(values: impl Iterator<Item = i64>, index: IndexWidth) -> Slot {
    let mut bytes = Vec::with_capacity(MAX_NDIM * 8);
    for v in values {
        match index {
            IndexWidth::I32 => bytes.extend_from_slice(&(v as i32).to_le_bytes()),
            IndexWidth::I64 => bytes.extend_from_slice(&v.to_le_bytes()),
        }
    }
    slot_from_bytes(&bytes)
}

/// Checks that `layout` stays inside a buffer of `buffer_bytes` bytes of `elem`-byte elements.
pub(crate) fn check_in_bounds(
    op: &str,
    layout: &Layout,
    elem: usize,
    buffer_bytes: usize,
) -> Result<()> {
    if let Some((_, hi)) = layout.offset_bounds() {
        let end = hi
            .checked_add(1)
            .and_then(|e| e.checked_mul(elem))
            .unwrap_or(usize::MAX);
        if end > buffer_bytes {
            return Err(Error::invalid(format!(
                "{op}: a view with shape {:?}, strides {:?} and offset {} reaches past its \
                 buffer of {buffer_bytes} bytes",
                layout.shape, layout.strides, layout.offset
            )));
        }
    }
    Ok(())
}

/// Launches an elementwise kernel: `inputs` broadcast to `shape`, `outputs` of shape `shape`,
/// all on `dev` (checked by the plan).
pub(crate) fn elementwise(
    dev: &Arc<CudaDevice>,
    inst: &Instance<'_>,
    shape: &[usize],
    inputs: &[ErasedOperand<'_>],
    outputs: &mut [ErasedOutput<'_>],
) -> Result<()> {
    let n = shape::size(shape);
    if n == 0 {
        return Ok(());
    }
    let driver = dev.driver();

    // Operand kinds and the layouts of the array operands (inputs, then outputs).
    let mut kinds = Vec::with_capacity(inputs.len());
    let mut layouts: Vec<Layout> = Vec::with_capacity(inputs.len() + outputs.len());
    for op in inputs {
        match &op.data {
            OperandData::Scalar(_) => kinds.push(OperandKind::Scalar),
            OperandData::Cuda { bytes, layout, .. } => {
                let l = layout.broadcast_to(shape).ok_or_else(|| Error::Broadcast {
                    op: inst.name(),
                    shapes: vec![layout.shape.clone(), shape.to_vec()],
                })?;
                check_in_bounds(&inst.name(), &l, op.dtype.size(), bytes.len())?;
                kinds.push(OperandKind::Array);
                layouts.push(l);
            }
            OperandData::Host { .. } => {
                return Err(Error::invalid(format!(
                    "{}: a host array was given to a kernel running on CUDA",
                    inst.name()
                )))
            }
            OperandData::Unevaluated => {
                return Err(Error::invalid(format!(
                    "{}: a lazy expression operand was not evaluated",
                    inst.name()
                )))
            }
        }
    }
    for out in outputs.iter() {
        match &out.data {
            OutputData::Cuda { bytes, device } => {
                if !device.same(dev) {
                    return Err(Error::DeviceMismatch {
                        op: inst.name(),
                        devices: vec![dev.label(), device.label()],
                    });
                }
                check_in_bounds(&inst.name(), &out.layout, out.dtype.size(), bytes.len())?;
                layouts.push(out.layout.clone());
            }
            OutputData::Host(_) => {
                return Err(Error::invalid(format!(
                    "{}: a host output was given to a kernel running on CUDA",
                    inst.name()
                )))
            }
        }
    }

    // Merge dimensions, choose the path and the index width.
    let strides: Vec<Vec<isize>> = layouts.iter().map(|l| l.strides.clone()).collect();
    let (mshape, mstrides) = shape::merge_dims(shape, &strides);
    let contiguous = mshape.len() <= 1 && mstrides.iter().all(|s| s.iter().all(|&x| x == 1));
    let ndim = if contiguous { 0 } else { mshape.len() };
    if ndim > MAX_NDIM {
        return Err(Error::invalid(format!(
            "{}: {ndim} dimensions remain after merging; at most {MAX_NDIM} are supported",
            inst.name()
        )));
    }
    let fits_i32 = |v: i128| v >= i32::MIN as i128 && v <= i32::MAX as i128;
    let narrow = n <= i32::MAX as usize
        && mstrides.iter().all(|s| {
            let (lo, hi) = reach(&mshape, s);
            fits_i32(lo) && fits_i32(hi)
        });
    let index = if narrow {
        IndexWidth::I32
    } else {
        IndexWidth::I64
    };

    // Pointers of the array operands (inputs, then outputs): base plus the view's offset.
    let mut pointers: Vec<(u64, usize)> = Vec::with_capacity(layouts.len());
    for op in inputs {
        if let OperandData::Cuda { bytes, .. } = &op.data {
            let ptr = driver.ptr(bytes);
            let elem = op.dtype.size();
            pointers.push((ptr + (layouts[pointers.len()].offset * elem) as u64, elem));
        }
    }
    let n_outputs = outputs.len();
    for out in outputs.iter_mut() {
        let elem = out.dtype.size();
        let offset = (out.layout.offset * elem) as u64;
        let OutputData::Cuda { bytes, .. } = &mut out.data else {
            unreachable!("host outputs were rejected above")
        };
        pointers.push((driver.ptr(bytes) + offset, elem));
    }

    // The entry point: contiguous calls share the module of rank 1; they take packs of
    // `width` elements when there are enough and every pointer is aligned to its pack.
    let entries = dev
        .state::<KernelCache>()?
        .get(dev, inst, &kinds, ndim.max(1))?;
    let width = entries.vector.as_ref().map_or(1, |(w, _)| *w);
    let path = if !contiguous {
        Path::Strided(ndim)
    } else if width > 1
        && n >= width
        && pointers
            .iter()
            .all(|&(p, elem)| p % (width * elem) as u64 == 0)
    {
        Path::Vectorized(width)
    } else {
        Path::Contiguous
    };
    let pick = |pair: &[Function; 2]| -> Function {
        match index {
            IndexWidth::I32 => pair[0].clone(),
            IndexWidth::I64 => pair[1].clone(),
        }
    };
    let func = match path {
        Path::Contiguous => pick(&entries.contig),
        Path::Vectorized(_) => pick(&entries.vector.as_ref().expect("width > 1").1),
        Path::Strided(_) => pick(
            entries
                .strided
                .as_ref()
                .expect("a module of rank > 0 has strided entry points"),
        ),
    };

    // Arguments, in the order of `codegen::write_entry`.
    let mut slots: Vec<Slot> = Vec::with_capacity(2 * (inputs.len() + n_outputs) + 2);
    let mut array = 0usize;
    let push_array = |slots: &mut Vec<Slot>, array: &mut usize| {
        slots.push(slot_from_bytes(&pointers[*array].0.to_le_bytes()));
        if !contiguous {
            slots.push(slot_of_i64s(
                mstrides[*array].iter().map(|&s| s as i64),
                index,
            ));
        }
        *array += 1;
    };
    for op in inputs {
        match &op.data {
            OperandData::Scalar(bytes) => slots.push(slot_from_bytes(&bytes[..op.dtype.size()])),
            _ => push_array(&mut slots, &mut array),
        }
    }
    for _ in 0..n_outputs {
        push_array(&mut slots, &mut array);
    }
    if !contiguous {
        slots.push(slot_of_i64s(mshape.iter().map(|&d| d as i64), index));
    }
    slots.push(slot_from_bytes(&(n as u64).to_le_bytes()));

    let per_thread = match path {
        Path::Vectorized(w) => w,
        _ => 1,
    };
    let blocks = n
        .div_ceil(per_thread * BLOCK_SIZE as usize)
        .min((dev.sm_count().max(1) * BLOCKS_PER_SM) as usize)
        .max(1) as u32;
    let dims = LaunchDims {
        grid: Dim3::new(blocks, 1, 1),
        block: Dim3::new(BLOCK_SIZE, 1, 1),
        shared_mem_bytes: 0,
    };
    // SAFETY: `func` is the entry point generated by `codegen::elementwise_module` for this
    // instance, these operand kinds and this rank, and `slots` holds its parameters in its
    // order (codegen's module docs), each slot at least as large as the parameter. Every
    // pointer is its buffer's base plus the view's offset, and every offset the kernel forms
    // from the merged strides lies inside the buffer (checked by `check_in_bounds` above on
    // the same layouts); the packed path is taken only with every pointer aligned to its pack
    // and reads no element past `n`. Outputs are exclusively borrowed and free of
    // self-overlap (checked by `Plan`), so no two threads write one element and no input
    // aliases an output. Buffers stay valid for the queued kernel: a dropped buffer returns to
    // the device's pool, whose blocks are only reused by work queued later on this stream.
    unsafe {
        driver.launch(
            &func,
            &codegen::entry_name(inst, path, index),
            &dims,
            &slots,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_of_negative_strides() {
        assert_eq!(reach(&[3, 4], &[-4, 1]), (-8, 3));
        assert_eq!(reach(&[], &[]), (0, 0));
    }

    #[test]
    fn slots_pack_little_endian() {
        let s = slot_of_i64s([1i64, -1, 3].into_iter(), IndexWidth::I32);
        assert_eq!(s[0], 0xffff_ffff_0000_0001);
        assert_eq!(s[1], 3);
        let s = slot_of_i64s([2i64].into_iter(), IndexWidth::I64);
        assert_eq!(s[0], 2);
    }
}
