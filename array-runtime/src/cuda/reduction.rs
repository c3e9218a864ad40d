//! Reductions on CUDA: choosing a strategy and launching it.
//!
//! The broadcast shape splits into kept axes (one result each) and reduced axes; each side's
//! dimensions are merged where every operand allows (the output joins the kept side), as the
//! CPU engine does. The module for the instance, the operand kinds, the two merged ranks,
//! whether rows are contiguous and the index width is compiled on first use (see
//! [`codegen_reduce`] for its entry points), and one of them is
//! launched:
//!
//! - **inner** (each result's reduced elements contiguous): a warp per result for rows of up to
//!   1024 elements, else a block per result; both read aligned 16-byte packs;
//! - **outer** (rows strided, the innermost kept axis contiguous, at least 32 results: a sum
//!   over axis 0): a thread per result looping over its rows, so a warp reads 32 neighbouring
//!   results at once (with fewer results the rows are nearly contiguous: general);
//! - **general** (rows strided, kept axis strided): a warp or a block per result, lanes over
//!   the flat reduced index (coalesced when the innermost reduced axis is contiguous);
//! - rows of at most 8 elements: a thread per result.
//!
//! When the results alone do not fill the GPU (a full reduction, few long rows, few columns),
//! the reduced range is split over `blockIdx.y` into chunks so that the grid is one wave of
//! resident blocks; the chunks' accumulators go to a temporary buffer from the device's pool,
//! and a second kernel (a thread or a block per result) combines them and writes `finish`.
//! An empty reduction writes `finish(identity())` to every result, or is an error without an
//! identity; an empty result is nothing to do.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::codegen::{sanitize, IndexWidth, OperandKind};
use super::codegen_reduce::{self, REDUCE_BLOCK};
use super::driver::{Driver, Function, LaunchDims};
use super::launch::{check_in_bounds, reach, slot_from_bytes, slot_of_i64s, Slot, MAX_NDIM};
use super::CudaDevice;
use crate::dtype::DTypeId;
use crate::error::{Error, Result};
use crate::kernel::def::raw::Dim3;
use crate::kernel::def::reduction::ReductionInstance;
use crate::kernel::operand::reduce_input::ReduceInput;
use crate::kernel::operand::{ErasedOperand, ErasedOutput, OperandData, OutputData};
use crate::shape::{self, Layout};

pub use super::codegen_reduce::{
    fused_reduction_module, reduction_module, Entry, FusedInput, Fusion, ReduceSpec,
};

/// Rows of at most this many elements get a thread per result.
const THREAD_ROWS: usize = 8;
/// Rows of at most this many elements get a warp per result (longer ones a block).
const WARP_ROWS: usize = 1024;

/// How a reduction is launched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The group entry point.
    pub entry: Entry,
    /// Threads per block.
    pub block: u32,
    /// Blocks along x (results, grid-strided when fewer than needed).
    pub grid_x: u32,
    /// Chunks of the reduced range (`blockIdx.y`); 1: results are written directly.
    pub ny: u32,
    /// Reduced elements per chunk.
    pub chunk: usize,
    /// With `ny > 1`: the entry combining the chunks and its grid.
    pub finish: Option<(Entry, u32)>,
}

/// The strategy for `nk` results of `nr` elements each on a GPU of `sm_count` SMs, where
/// `resident(entry, block)` is how many blocks of that entry fit on one SM.
///
/// ```
/// use array_runtime::cuda::reduction::{choose, Entry};
/// // A full reduction of 2^26 elements on 132 SMs, 8 blocks each: one wave of 1056 blocks.
/// let c = choose(1, 1 << 26, true, false, 132, &|_, _| 8);
/// assert_eq!((c.entry, c.ny), (Entry::Block, 1056));
/// assert_eq!(c.finish.map(|f| f.0), Some(Entry::FinalBlock));
/// // A sum over axis 0 of 4096 x 4096: a thread per column, rows split in chunks.
/// let c = choose(4096, 4096, false, true, 132, &|_, _| 8);
/// assert_eq!(c.entry, Entry::Thread);
/// assert!(c.ny > 1);
/// ```
pub fn choose(
    nk: usize,
    nr: usize,
    contiguous_rows: bool,
    kept_contiguous: bool,
    sm_count: u32,
    resident: &dyn Fn(Entry, u32) -> u32,
) -> Choice {
    let entry = if nr <= THREAD_ROWS || (!contiguous_rows && kept_contiguous && nk >= 32) {
        Entry::Thread
    } else if nr <= WARP_ROWS {
        Entry::Warp
    } else {
        Entry::Block
    };
    let block = match entry {
        Entry::Thread => nk.next_multiple_of(32).min(REDUCE_BLOCK as usize) as u32,
        _ => REDUCE_BLOCK,
    };
    let groups = match entry {
        Entry::Thread => block as usize,
        Entry::Warp => (REDUCE_BLOCK / 32) as usize,
        _ => 1,
    };
    let min_chunk = match entry {
        Entry::Thread => 32,
        Entry::Warp => 512,
        _ => 4096,
    };
    let capacity = (sm_count.max(1) as usize) * (resident(entry, block).max(1) as usize);
    let needed = nk.div_ceil(groups);
    let mut ny = 1usize;
    if needed < capacity && nr >= 2 * min_chunk {
        ny = (capacity / needed).min(nr / min_chunk).clamp(1, 65535);
    }
    let mut chunk = nr;
    if ny > 1 {
        chunk = nr.div_ceil(ny).next_multiple_of(16);
        ny = nr.div_ceil(chunk);
    }
    let grid_x = needed.min(capacity * 16).clamp(1, i32::MAX as usize) as u32;
    let finish = (ny > 1).then(|| {
        if nk <= 4 * sm_count.max(1) as usize {
            (Entry::FinalBlock, nk.min(capacity * 16) as u32)
        } else {
            (
                Entry::FinalThread,
                nk.div_ceil(REDUCE_BLOCK as usize).min(capacity * 16) as u32,
            )
        }
    });
    Choice {
        entry,
        block,
        grid_x,
        ny: ny as u32,
        chunk,
        finish,
    }
}

/// What selects a module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ReduceKey {
    name: (usize, usize),
    source: (usize, usize),
    type_args: Vec<DTypeId>,
    params: Vec<DTypeId>,
    acc: Vec<DTypeId>,
    out: DTypeId,
    has_identity: bool,
    /// Where the inputs come from: expressions by their structure (see `Fusion`).
    fusion: Fusion,
    kinds: Vec<OperandKind>,
    spec: ReduceSpec,
}

/// The entry points of one reduction module, with their occupancy.
#[derive(Debug)]
pub(crate) struct ReduceEntries {
    functions: Vec<(Entry, Function)>,
    /// Blocks of 256 threads resident per SM, for the thread, warp and block entries.
    resident: [u32; 3],
}

impl ReduceEntries {
    fn function(&self, e: Entry) -> Result<&Function> {
        self.functions
            .iter()
            .find(|(x, _)| *x == e)
            .map(|(_, f)| f)
            .ok_or_else(|| Error::invalid(format!("reduction entry {e:?} missing")))
    }

    fn resident(&self, e: Entry, block: u32) -> u32 {
        let at256 = match e {
            Entry::Thread => self.resident[0],
            Entry::Warp => self.resident[1],
            _ => self.resident[2],
        };
        (at256 * REDUCE_BLOCK / block.max(1)).clamp(1, 32)
    }
}

/// The reduction entry points loaded on one device.
#[derive(Debug, Default)]
pub(crate) struct ReduceCache {
    map: Mutex<HashMap<ReduceKey, Arc<ReduceEntries>>>,
}

impl super::context::DeviceState for ReduceCache {
    const SLOT: usize = 1;
}

// Each per-device state has its own slot.
const _: () = assert!(
    <ReduceCache as super::context::DeviceState>::SLOT
        != <super::launch::KernelCache as super::context::DeviceState>::SLOT
        && <ReduceCache as super::context::DeviceState>::SLOT < super::context::STATE_SLOTS
        && <super::launch::KernelCache as super::context::DeviceState>::SLOT
            < super::context::STATE_SLOTS
);

impl ReduceCache {
    fn get(
        &self,
        dev: &CudaDevice,
        inst: &ReductionInstance,
        has_identity: bool,
        fusion: &Fusion,
        kinds: &[OperandKind],
        spec: &ReduceSpec,
    ) -> Result<Arc<ReduceEntries>> {
        let addr = |s: &'static str| (s.as_ptr() as usize, s.len());
        let key = ReduceKey {
            name: addr(inst.def.name),
            source: addr(inst.def.device_source),
            type_args: inst.type_args.clone(),
            params: inst.params.clone(),
            acc: inst.acc.clone(),
            out: inst.out,
            has_identity,
            fusion: fusion.clone(),
            kinds: kinds.to_vec(),
            spec: *spec,
        };
        let lock = || {
            self.map
                .lock()
                .map_err(|_| Error::invalid("reduction kernel cache poisoned"))
        };
        if let Some(e) = lock()?.get(&key) {
            return Ok(e.clone());
        }
        let entries = Arc::new(load(dev, inst, has_identity, fusion, kinds, spec)?);
        Ok(lock()?.entry(key).or_insert(entries).clone())
    }
}

fn load(
    dev: &CudaDevice,
    inst: &ReductionInstance,
    has_identity: bool,
    fusion: &Fusion,
    kinds: &[OperandKind],
    spec: &ReduceSpec,
) -> Result<ReduceEntries> {
    let source = fused_reduction_module(inst, has_identity, fusion, kinds, spec);
    let name = format!("kxr_{}", sanitize(&inst.name()));
    let half = codegen_reduce::fused_needs_half_headers(inst, fusion);
    let module = dev.load_module(&source, &name, half)?;
    let mut functions = Vec::new();
    for e in codegen_reduce::entries(has_identity) {
        functions.push((e, module.function(&codegen_reduce::entry_name(inst, e))?));
    }
    let mut resident = [1u32; 3];
    for (slot, e) in resident
        .iter_mut()
        .zip([Entry::Thread, Entry::Warp, Entry::Block])
    {
        let f = &functions
            .iter()
            .find(|(x, _)| *x == e)
            .expect("group entry")
            .1;
        *slot = f.occupancy(dev.driver(), REDUCE_BLOCK, 0)?.max(1);
    }
    Ok(ReduceEntries {
        functions,
        resident,
    })
}

fn launch_one(
    driver: &Driver,
    func: &Function,
    grid: (u32, u32),
    block: u32,
    slots: &[Slot],
    what: &str,
) -> Result<()> {
    let dims = LaunchDims {
        grid: Dim3::new(grid.0.max(1), grid.1.max(1), 1),
        block: Dim3::new(block, 1, 1),
        shared_mem_bytes: 0,
    };
    // SAFETY: `func` is an entry point of the module `codegen_reduce::reduction_module` wrote
    // for this instance, these operand kinds and this spec, and `slots` holds its parameters in
    // the order of that module's docs, each slot at least as large as the parameter. Every
    // pointer is its buffer's base plus the view's offset, and every offset the kernel forms
    // from the merged kept and reduced strides lies inside the buffer (checked with
    // `check_in_bounds` on the broadcast layouts); packs are read only from addresses the
    // kernel checked to be aligned, and never past a row's end. `partial`, when not null,
    // holds `ny * nk` accumulators of the size the module's `static_assert` checks. The output
    // is exclusively borrowed and free of self-overlap, and each result is written by one
    // thread. Buffers stay valid for the queued kernels: a dropped buffer returns to the
    // device's pool, whose blocks are only reused by work queued later on this stream.
    unsafe { driver.launch(func, what, &dims, slots) }
}

fn slot_u(v: usize, index: IndexWidth) -> Slot {
    slot_of_i64s(std::iter::once(v as i64), index)
}

fn slot_dims(dims: &[usize], index: IndexWidth) -> Slot {
    slot_of_i64s(dims.iter().map(|&d| d as i64), index)
}

fn slot_strides(strides: &[isize], index: IndexWidth) -> Slot {
    slot_of_i64s(strides.iter().map(|&s| s as i64), index)
}

/// The module's operands of a call (an input's, or each leaf of an expression input) and how
/// the reduction's inputs come from them.
pub(crate) fn fuse<'i, 'a>(
    inst: &ReductionInstance,
    inputs: &'i [ReduceInput<'a>],
) -> Result<(Fusion, Vec<&'i ErasedOperand<'a>>)> {
    let mut fusion = Fusion {
        operands: Vec::new(),
        inputs: Vec::with_capacity(inputs.len()),
    };
    let mut operands = Vec::new();
    for input in inputs {
        match input {
            ReduceInput::Operand(o) => {
                fusion.inputs.push(FusedInput::Operand(operands.len()));
                fusion.operands.push(o.dtype);
                operands.push(o);
            }
            ReduceInput::Expr(e) => {
                let (def, half) = e.prog.cuda_def()?;
                fusion.inputs.push(FusedInput::Expr {
                    name: def.name,
                    source: def.device_source,
                    first: operands.len(),
                    count: e.leaves.len(),
                    half,
                });
                for l in &e.leaves {
                    fusion.operands.push(l.dtype);
                    operands.push(l);
                }
            }
        }
    }
    if fusion.inputs.len() != inst.params.len() {
        return Err(Error::invalid(format!(
            "{}: {} arguments given, {} expected",
            inst.name(),
            fusion.inputs.len(),
            inst.params.len()
        )));
    }
    Ok((fusion, operands))
}

/// Launches a reduction of `inputs` (broadcast to `shape`) over `axes` (sorted, unique) into
/// `out`, whose layout has the kept axes only.
pub(crate) fn launch(
    dev: &Arc<CudaDevice>,
    inst: &ReductionInstance,
    has_identity: bool,
    shape: &[usize],
    axes: &[usize],
    inputs: &[ReduceInput<'_>],
    out: &mut ErasedOutput<'_>,
) -> Result<()> {
    let name = inst.name();
    // The module's operands: each input's, or an expression's leaves (see `Fusion`).
    let (fusion, inputs) = fuse(inst, inputs)?;
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
    let kshape: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
    let rshape: Vec<usize> = axes.iter().map(|&d| shape[d]).collect();
    let (nk, nr) = (shape::size(&kshape), shape::size(&rshape));
    if out.layout.shape != kshape {
        return Err(Error::ShapeMismatch {
            op: name,
            expected: kshape,
            found: out.layout.shape.clone(),
        });
    }
    if out.dtype != inst.out {
        return Err(Error::invalid(format!(
            "{name}: the output has dtype {} but the reduction gives {}",
            out.dtype, inst.out
        )));
    }
    if nk == 0 {
        return Ok(());
    }
    if nr == 0 && !has_identity {
        return Err(Error::invalid(format!(
            "{name}: zero-size reduction over axes {axes:?} of shape {shape:?}: the reduction has \
             no identity"
        )));
    }
    let driver = dev.driver();
    let out_layout = out.layout.clone();
    let out_elem = out.dtype.size();
    let (out_bytes, out_device) = match &mut out.data {
        OutputData::Cuda { bytes, device } => (bytes, device.clone()),
        OutputData::Host(_) => {
            return Err(Error::invalid(format!(
                "{name}: a host output was given to a reduction running on CUDA"
            )))
        }
    };
    if !out_device.same(dev) {
        return Err(Error::DeviceMismatch {
            op: name,
            devices: vec![dev.label(), out_device.label()],
        });
    }
    check_in_bounds(&name, &out_layout, out_elem, out_bytes.len())?;

    // Operand kinds and the broadcast layouts of the array inputs.
    let mut kinds = Vec::with_capacity(inputs.len());
    let mut layouts: Vec<Layout> = Vec::new();
    if nr > 0 {
        for op in &inputs {
            match &op.data {
                OperandData::Scalar(_) => kinds.push(OperandKind::Scalar),
                OperandData::Cuda {
                    bytes,
                    layout,
                    device,
                } => {
                    if !device.same(dev) {
                        return Err(Error::DeviceMismatch {
                            op: name,
                            devices: vec![dev.label(), device.label()],
                        });
                    }
                    let l = layout.broadcast_to(shape).ok_or_else(|| Error::Broadcast {
                        op: name.clone(),
                        shapes: vec![layout.shape.clone(), shape.to_vec()],
                    })?;
                    check_in_bounds(&name, &l, op.dtype.size(), bytes.len())?;
                    kinds.push(OperandKind::Array);
                    layouts.push(l);
                }
                OperandData::Host { .. } => {
                    return Err(Error::invalid(format!(
                        "{name}: a host array was given to a reduction running on CUDA"
                    )))
                }
                OperandData::Unevaluated => {
                    return Err(Error::invalid(
                        "a lazy expression operand was not evaluated (call `.ready()?` first)",
                    ))
                }
            }
        }
    } else {
        kinds = inputs.iter().map(|_| OperandKind::Scalar).collect();
    }

    // Merge the kept dimensions (inputs and output) and the reduced ones (inputs).
    let mut ksets: Vec<Vec<isize>> = layouts
        .iter()
        .map(|l| kept.iter().map(|&d| l.strides[d]).collect())
        .collect();
    ksets.push(out_layout.strides.clone());
    let rsets: Vec<Vec<isize>> = layouts
        .iter()
        .map(|l| axes.iter().map(|&d| l.strides[d]).collect())
        .collect();
    let (mut kdims, mut kstr) = shape::merge_dims(&kshape, &ksets);
    if kdims.is_empty() {
        kdims = vec![1];
        kstr = vec![vec![0]; ksets.len()];
    }
    let (mut rdims, mut rstr) = if nr > 0 {
        shape::merge_dims(&rshape, &rsets)
    } else {
        (vec![1], vec![vec![0]; rsets.len()])
    };
    if rdims.is_empty() {
        rdims = vec![1];
        rstr = vec![vec![0]; rsets.len()];
    }
    if kdims.len() > MAX_NDIM || rdims.len() > MAX_NDIM {
        return Err(Error::invalid(format!(
            "{name}: {} kept and {} reduced dimensions remain after merging; at most \
             {MAX_NDIM} each are supported",
            kdims.len(),
            rdims.len()
        )));
    }
    let na = layouts.len();
    let contiguous_rows = na > 0 && rdims.len() == 1 && rstr.iter().all(|s| s[0] == 1);
    let kept_contiguous = na > 0
        && !kdims.is_empty()
        && kstr[..na].iter().all(|s| matches!(s[s.len() - 1], 0 | 1))
        && kstr[..na].iter().any(|s| s[s.len() - 1] == 1);
    let fits = |v: i128| v >= i32::MIN as i128 && v <= i32::MAX as i128;
    let mut narrow = nk <= i32::MAX as usize && nr <= i32::MAX as usize;
    for i in 0..na {
        let (klo, khi) = reach(&kdims, &kstr[i]);
        let (rlo, rhi) = reach(&rdims, &rstr[i]);
        narrow &= fits(klo + rlo) && fits(khi + rhi);
    }
    let (olo, ohi) = reach(&kdims, &kstr[na]);
    narrow &= fits(olo) && fits(ohi);
    let index = if narrow {
        IndexWidth::I32
    } else {
        IndexWidth::I64
    };
    let spec = ReduceSpec {
        kept_ndim: kdims.len(),
        reduced_ndim: rdims.len(),
        contiguous_rows: contiguous_rows && nr > 0,
        index,
    };
    let entries =
        dev.state::<ReduceCache>()?
            .get(dev, inst, has_identity, &fusion, &kinds, &spec)?;

    // The output pointer, strides and the kept shape (every entry takes them).
    let out_ptr = driver.ptr(out_bytes) + (out_layout.offset * out_elem) as u64;
    let out_slots = [
        slot_from_bytes(&out_ptr.to_le_bytes()),
        slot_strides(&kstr[na], index),
        slot_dims(&kdims, index),
    ];
    let sms = dev.sm_count();

    if nr == 0 {
        let func = entries.function(Entry::Fill)?;
        let mut slots = out_slots.to_vec();
        slots.push(slot_u(nk, index));
        let resident = entries.resident(Entry::Fill, REDUCE_BLOCK) as usize;
        let grid = nk
            .div_ceil(REDUCE_BLOCK as usize)
            .min(sms as usize * resident * 16)
            .max(1) as u32;
        return launch_one(
            driver,
            func,
            (grid, 1),
            REDUCE_BLOCK,
            &slots,
            &codegen_reduce::entry_name(inst, Entry::Fill),
        );
    }

    let choice = choose(
        nk,
        nr,
        spec.contiguous_rows,
        kept_contiguous,
        sms,
        &|e, b| entries.resident(e, b),
    );

    // Temporary accumulators when the reduced range is split.
    let (acc_size, _) = codegen_reduce::acc_layout(inst);
    let partial = if choice.ny > 1 {
        Some(dev.alloc::<u8>(choice.ny as usize * nk * acc_size)?)
    } else {
        None
    };
    let partial_ptr = partial.as_ref().map_or(0u64, |p| dev.device_ptr(p));

    let mut slots: Vec<Slot> = Vec::with_capacity(3 * inputs.len() + 10);
    let mut array = 0usize;
    for op in &inputs {
        match &op.data {
            OperandData::Scalar(bytes) => slots.push(slot_from_bytes(&bytes[..op.dtype.size()])),
            OperandData::Cuda { bytes, .. } => {
                let ptr = driver.ptr(bytes) + (layouts[array].offset * op.dtype.size()) as u64;
                slots.push(slot_from_bytes(&ptr.to_le_bytes()));
                slots.push(slot_strides(&kstr[array], index));
                slots.push(slot_strides(&rstr[array], index));
                array += 1;
            }
            OperandData::Host { .. } | OperandData::Unevaluated => {
                unreachable!("host and unevaluated inputs were rejected above")
            }
        }
    }
    slots.extend_from_slice(&out_slots);
    slots.push(slot_dims(&rdims, index));
    slots.push(slot_from_bytes(&partial_ptr.to_le_bytes()));
    slots.push(slot_u(nk, index));
    slots.push(slot_u(nr, index));
    slots.push(slot_u(choice.chunk, index));
    launch_one(
        driver,
        entries.function(choice.entry)?,
        (choice.grid_x, choice.ny),
        choice.block,
        &slots,
        &codegen_reduce::entry_name(inst, choice.entry),
    )?;
    if let Some((fin, grid)) = choice.finish {
        let mut slots = vec![slot_from_bytes(&partial_ptr.to_le_bytes())];
        slots.extend_from_slice(&out_slots);
        slots.push(slot_u(nk, index));
        slots.push(slot_u(choice.ny as usize, index));
        launch_one(
            driver,
            entries.function(fin)?,
            (grid, 1),
            REDUCE_BLOCK,
            &slots,
            &codegen_reduce::entry_name(inst, fin),
        )?;
    }
    // The partials go back to the pool: its blocks are reused only by work queued later.
    drop(partial);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight(_: Entry, _: u32) -> u32 {
        8
    }

    #[test]
    fn strategies() {
        // Many short contiguous rows: a warp each, no split.
        let c = choose(100_000, 100, true, false, 132, &eight);
        assert_eq!((c.entry, c.ny, c.finish), (Entry::Warp, 1, None));
        // Few long rows: blocks, split.
        let c = choose(4, 1 << 22, true, false, 132, &eight);
        assert_eq!(c.entry, Entry::Block);
        assert!(c.ny > 100);
        assert_eq!(c.finish.unwrap().0, Entry::FinalBlock);
        assert!(c.chunk * c.ny as usize >= 1 << 22);
        assert!(c.chunk * (c.ny as usize - 1) < 1 << 22);
        // Tiny rows: a thread each.
        let c = choose(1 << 20, 3, true, false, 132, &eight);
        assert_eq!(c.entry, Entry::Thread);
        // Small full reduction: one block, one launch.
        let c = choose(1, 5000, true, false, 132, &eight);
        assert_eq!((c.entry, c.ny), (Entry::Block, 1));
        // Outer with few columns: lanes over the (nearly contiguous) rows instead.
        let c = choose(2, 1 << 20, false, true, 132, &eight);
        assert_eq!(c.entry, Entry::Block);
        // Outer with many columns: threads, no split needed.
        let c = choose(1 << 20, 64, false, true, 132, &eight);
        assert_eq!((c.entry, c.ny), (Entry::Thread, 1));
    }
}
