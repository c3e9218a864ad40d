//! The contract between `#[elementwise]` and the runtime.
//!
//! For each kernel the macro generates an [`ElementwiseDef`] (its name, its CUDA C device
//! function, its parameter names), a CPU chunk function that runs the native Rust body over
//! slices, and a typed call that turns its arguments into [`Operand`]s, builds a [`Plan`]
//! (device, broadcast shape), allocates the outputs and runs the plan. The plan runs the CUDA
//! kernel on a GPU and the chunk function, in parallel, on the CPU.

use crate::array::Array;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::raw;
use crate::shape::{self, Layout};

pub use crate::cpu::elementwise::Chunk;
pub use crate::cpu::isa::{
    run_chunk_loop, run_chunk_loop_on, run_compute, run_compute_loop, run_compute_on, ChunkLoop,
    Isa,
};

pub use crate::kernel::def::elementwise::{ElementwiseDef, Instance};
pub use crate::kernel::operand::ErasedOperand;
pub(crate) use crate::kernel::operand::{erase_array, OperandData, OutputData};
pub use crate::kernel::operand::{ErasedOutput, IntoOutput};

/// One argument of a kernel call: an array (any view), a scalar or a lazy expression.
#[derive(Debug)]
pub enum Operand<'a, T: DType> {
    /// A borrowed array.
    Borrowed(&'a Array<T>),
    /// An owned array.
    Owned(Array<T>),
    /// A scalar, broadcast to every element.
    Scalar(T),
    /// A lazy expression, evaluated (one fused kernel) by [`Operand::ready`] before the
    /// kernel that takes it runs; a reduction instead computes it inside its own kernel
    /// (see [`crate::kernel::reduction::Erase::expression`]).
    Lazy(crate::expr::Expr<T>),
}

impl<'a, T: DType> Operand<'a, T> {
    fn array(&self) -> Option<&Array<T>> {
        match self {
            Operand::Borrowed(a) => Some(a),
            Operand::Owned(a) => Some(a),
            Operand::Scalar(_) | Operand::Lazy(_) => None,
        }
    }

    /// The operand with a lazy expression evaluated; arrays and scalars as they are. Every
    /// kernel call does this before it runs.
    ///
    /// ```
    /// use array_runtime::{Array, Device, IntoOperand};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
    /// let op = (&a * 2.0).into_operand().ready()?;
    /// assert!(matches!(op, array_runtime::kernel::elementwise::Operand::Owned(_)));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn ready(self) -> Result<Operand<'a, T>> {
        match self {
            Operand::Lazy(e) => Ok(Operand::Owned(e.eval()?)),
            other => Ok(other),
        }
    }

    /// Evaluates a lazy operand in place (see [`Operand::ready`]).
    pub(crate) fn make_ready(&mut self) -> Result<()> {
        if let Operand::Lazy(e) = self {
            *self = Operand::Owned(e.eval()?);
        }
        Ok(())
    }

    /// The untyped view the plan works with. A lazy operand that was not made
    /// [`ready`](Self::ready) gives a view that every plan refuses with an error.
    pub fn erase(&self) -> ErasedOperand<'_> {
        let data = match self {
            Operand::Scalar(v) => {
                let mut bytes = [0u8; 16];
                let b = raw::value_bytes(v);
                bytes[..b.len()].copy_from_slice(b);
                OperandData::Scalar(bytes)
            }
            Operand::Lazy(_) => OperandData::Unevaluated,
            Operand::Borrowed(_) | Operand::Owned(_) => {
                let Some(a) = self.array() else {
                    return ErasedOperand {
                        dtype: T::ID,
                        data: OperandData::Unevaluated,
                    };
                };
                erase_array(a)
            }
        };
        ErasedOperand { dtype: T::ID, data }
    }
}

/// Anything that can be passed as a kernel argument of dtype `T`: `&Array<T>`, `Array<T>`,
/// or a scalar `T`.
///
/// ```
/// use array_runtime::{Array, Device, IntoOperand};
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
/// let _op = (&a).into_operand();
/// let _s = IntoOperand::<f32>::into_operand(3.0f32);
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an array operand of dtype `{T}`",
    label = "expected an array, a view or a scalar",
    note = "if it is a reduction builder, call `.run()?` first"
)]
pub trait IntoOperand<'a, T: DType> {
    /// The operand.
    fn into_operand(self) -> Operand<'a, T>;
}

impl<'a, T: DType> IntoOperand<'a, T> for &'a Array<T> {
    fn into_operand(self) -> Operand<'a, T> {
        Operand::Borrowed(self)
    }
}

impl<'a, T: DType> IntoOperand<'a, T> for Array<T> {
    fn into_operand(self) -> Operand<'a, T> {
        Operand::Owned(self)
    }
}

/// An operand as it is: lets generic code pass a scalar of a type parameter
/// (`Operand::Scalar(x)`), which has no `IntoOperand` impl of its own.
impl<'a, T: DType> IntoOperand<'a, T> for Operand<'a, T> {
    fn into_operand(self) -> Operand<'a, T> {
        self
    }
}

macro_rules! scalar_operand {
    ($($t:ty),*) => {$(
        impl<'a> IntoOperand<'a, $t> for $t {
            fn into_operand(self) -> Operand<'a, $t> {
                Operand::Scalar(self)
            }
        }
    )*};
}
scalar_operand!(
    bool,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    crate::f16,
    crate::bf16,
    f32,
    f64,
    crate::c64,
    crate::c128
);

/// Whether `from` broadcasts to `to` (NumPy's rules), without allocating.
fn broadcasts(from: &[usize], to: &[usize]) -> bool {
    from.len() <= to.len()
        && from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&f, &t)| f == t || f == 1)
}

/// Shapes of up to this many dimensions are kept inline in a [`Plan`].
const INLINE_DIMS: usize = 6;

/// A shape kept inline when short (a plan is made on every call; most arrays have few
/// dimensions).
#[derive(Clone)]
struct ShapeBuf {
    len: usize,
    inline: [usize; INLINE_DIMS],
    heap: Vec<usize>,
}

impl ShapeBuf {
    fn from_slice(s: &[usize]) -> Self {
        let mut b = ShapeBuf::ones(s.len());
        b.as_mut().copy_from_slice(s);
        b
    }

    fn ones(len: usize) -> Self {
        ShapeBuf {
            len,
            inline: [1; INLINE_DIMS],
            heap: if len > INLINE_DIMS {
                vec![1; len]
            } else {
                Vec::new()
            },
        }
    }

    fn as_mut(&mut self) -> &mut [usize] {
        if self.len <= INLINE_DIMS {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl std::fmt::Debug for ShapeBuf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self[..], f)
    }
}

impl std::ops::Deref for ShapeBuf {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        if self.len <= INLINE_DIMS {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

/// A kernel call resolved: the device it runs on and the shape it covers.
///
/// Made on every call, so the path without errors allocates nothing (for up to six
/// dimensions); error messages are built only when there is an error.
#[derive(Debug)]
pub struct Plan<'p> {
    inst: &'p Instance<'p>,
    inputs: &'p [ErasedOperand<'p>],
    device: Device,
    shape: ShapeBuf,
}

impl<'p> Plan<'p> {
    /// Checks the operands (dtypes, devices) and broadcasts their shapes.
    pub fn new(inst: &'p Instance<'p>, inputs: &'p [ErasedOperand<'p>]) -> Result<Self> {
        let shapes = || {
            inputs
                .iter()
                .filter_map(|o| o.layout().map(|l| &l.shape[..]))
        };
        let ndim = shapes().map(<[usize]>::len).max().unwrap_or(0);
        let mut shape = ShapeBuf::ones(ndim);
        let out = shape.as_mut();
        for s in shapes() {
            for (o, &d) in out[ndim - s.len()..].iter_mut().zip(s) {
                if *o == 1 {
                    *o = d;
                } else if d != 1 && d != *o {
                    return Err(Error::Broadcast {
                        op: inst.name(),
                        shapes: shapes().map(<[usize]>::to_vec).collect(),
                    });
                }
            }
        }
        Self::with_shape(inst, inputs, shape, None)
    }

    /// Like [`Plan::new`], with the shape given by the outputs written (NumPy's `out=`): every
    /// input must broadcast to it.
    pub fn for_outputs(
        inst: &'p Instance<'p>,
        inputs: &'p [ErasedOperand<'p>],
        outputs: &[&Layout],
        output_devices: &[Device],
    ) -> Result<Self> {
        let shape = &outputs
            .first()
            .ok_or_else(|| Error::invalid("no output given"))?
            .shape[..];
        for l in outputs {
            if l.shape != shape {
                return Err(Error::ShapeMismatch {
                    op: inst.name(),
                    expected: shape.to_vec(),
                    found: l.shape.clone(),
                });
            }
            // A contiguous layout cannot overlap itself (and needs no allocation to tell).
            if !l.is_c_contiguous() && l.may_self_overlap() {
                return Err(Error::Output {
                    op: inst.name(),
                    message: format!(
                        "an output with shape {:?} and strides {:?} has elements that overlap \
                         (a broadcast view cannot be written)",
                        l.shape, l.strides
                    ),
                });
            }
        }
        for i in inputs {
            if let Some(l) = i.layout()
                && !broadcasts(&l.shape, shape)
            {
                let mut shapes: Vec<Vec<usize>> = inputs
                    .iter()
                    .filter_map(|o| o.layout().map(|l| l.shape.clone()))
                    .collect();
                shapes.push(shape.to_vec());
                return Err(Error::Broadcast {
                    op: inst.name(),
                    shapes,
                });
            }
        }
        Self::with_shape(
            inst,
            inputs,
            ShapeBuf::from_slice(shape),
            Some(output_devices),
        )
    }

    fn with_shape(
        inst: &'p Instance<'p>,
        inputs: &'p [ErasedOperand<'p>],
        shape: ShapeBuf,
        output_devices: Option<&[Device]>,
    ) -> Result<Self> {
        if inputs.len() != inst.params.len() {
            return Err(Error::invalid(format!(
                "{}: {} arguments given, {} expected",
                inst.name(),
                inputs.len(),
                inst.params.len()
            )));
        }
        for (i, (op, &want)) in inputs.iter().zip(inst.params).enumerate() {
            if matches!(op.data, OperandData::Unevaluated) {
                return Err(Error::invalid(format!(
                    "{}: argument `{}` is a lazy expression that was not evaluated (call \
                     `.ready()?` on the operand first)",
                    inst.name(),
                    inst.def.param_names.get(i).copied().unwrap_or("?"),
                )));
            }
            if op.dtype != want {
                return Err(Error::invalid(format!(
                    "{}: argument `{}` has dtype {} but the kernel takes {}",
                    inst.name(),
                    inst.def.param_names.get(i).copied().unwrap_or("?"),
                    op.dtype,
                    want
                )));
            }
        }
        // Every array's device, inputs then outputs: all must be the same.
        let devices = || {
            inputs
                .iter()
                .filter_map(ErasedOperand::device)
                .chain(output_devices.into_iter().flatten().cloned())
        };
        let device = devices().next().unwrap_or(Device::Cpu);
        if devices().any(|d| !d.same(&device)) {
            return Err(Error::DeviceMismatch {
                op: inst.name(),
                devices: devices().map(|d| d.to_string()).collect(),
            });
        }
        Ok(Plan {
            inst,
            inputs,
            device,
            shape,
        })
    }

    /// The device the kernel runs on.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// The broadcast shape of the call.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// A fresh C-contiguous output of the plan's shape on its device.
    pub fn alloc<R: DType>(&self) -> Result<Array<R>> {
        Array::for_overwrite(&self.device, &self.shape)
    }

    /// Like [`Plan::run`] on the CPU, cutting the elements as `how` says: chunks of
    /// `how.len` elements, with the outputs' current elements in each chunk's output slices
    /// when `how.gather_outputs` (an expression assigned in place reads them).
    pub(crate) fn run_cpu(
        &self,
        outputs: &mut [ErasedOutput<'_>],
        cpu: &(dyn Fn(&mut Chunk<'_>) + Sync),
        how: crate::cpu::elementwise::Chunking,
    ) -> Result<()> {
        if !matches!(self.device, Device::Cpu) {
            return Err(Error::invalid(
                "an in-place expression runs on the CPU only (CUDA goes through a temporary)",
            ));
        }
        self.check_outputs(outputs)?;
        if shape::size(&self.shape) == 0 {
            return Ok(());
        }
        crate::kernel::count_launch();
        // A small contiguous call's chunk is the output itself, with its current elements.
        if let Some(r) = crate::cpu::small::run(&self.shape, self.inputs, outputs, cpu) {
            return r;
        }
        crate::cpu::elementwise::run_with(&self.shape, self.inputs, outputs, cpu, how)
    }

    /// Runs the kernel: the CUDA kernel on a GPU, `cpu` over chunks of elements on the CPU.
    pub fn run(
        &self,
        outputs: &mut [ErasedOutput<'_>],
        cpu: &(dyn Fn(&mut Chunk<'_>) + Sync),
    ) -> Result<()> {
        self.check_outputs(outputs)?;
        if shape::size(&self.shape) == 0 {
            return Ok(());
        }
        crate::kernel::count_launch();
        match &self.device {
            Device::Cpu => crate::cpu::small::run(&self.shape, self.inputs, outputs, cpu)
                .unwrap_or_else(|| {
                    crate::cpu::elementwise::run(&self.shape, self.inputs, outputs, cpu)
                }),
            Device::Cuda(dev) => {
                crate::cuda::launch::elementwise(dev, self.inst, &self.shape, self.inputs, outputs)
            }
        }
    }

    fn check_outputs(&self, outputs: &[ErasedOutput<'_>]) -> Result<()> {
        if outputs.len() != self.inst.results.len() {
            return Err(Error::invalid(format!(
                "{}: {} outputs given, {} expected",
                self.inst.name(),
                outputs.len(),
                self.inst.results.len()
            )));
        }
        for (o, &want) in outputs.iter().zip(self.inst.results) {
            if o.dtype != want || o.layout.shape[..] != self.shape[..] {
                return Err(Error::invalid(format!(
                    "{}: output of dtype {} and shape {:?} given where {} of shape {:?} is written",
                    self.inst.name(),
                    o.dtype,
                    o.layout.shape,
                    want,
                    &self.shape[..]
                )));
            }
        }
        Ok(())
    }
}
