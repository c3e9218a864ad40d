//! The contract between `#[reduction]` and the runtime.
//!
//! A reduction is what `cupy.ReductionKernel` expresses: a `map` of one or more inputs (and,
//! optionally, of the element's position along the reduced axes) to an accumulator, an
//! associative and commutative `combine`, an `identity` (optional: without one, reducing an
//! empty axis is an error, as NumPy's `max` of an empty array is), and a `finish` from the
//! accumulator to the result. The macro generates a type implementing [`ReduceKernel`]; the call
//! is a [`ReduceCall`] builder: `l2norm(&x).axis(1).keepdims(true).run()?`.

use std::marker::PhantomData;

use crate::array::{Array, ArrayViewMut};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::expr::program::Program;
use crate::expr::AnyExpr;
use crate::kernel::elementwise::{ErasedOperand, IntoOutput, Operand};
use crate::shape::{self, Layout};

pub use crate::kernel::def::reduction::{Inputs, ReduceKernel, ReductionDef, ReductionInstance};
pub(crate) use crate::kernel::operand::reduce_input::{ExprInput, ReduceInput};

/// An operand with its dtype erased, kept alive by the call that owns it.
pub trait Erase {
    /// The untyped view.
    fn erase(&self) -> ErasedOperand<'_>;
    /// Evaluates the operand if it is a lazy expression. A reduction no longer needs this: it
    /// fuses a lazy operand into its map (see [`Erase::expression`]).
    fn make_ready(&mut self) -> Result<()>;
    /// The operand's lazy expression, if it is one: the reduction computes its elements
    /// inside its own kernel instead of evaluating it first.
    fn expression(&self) -> Option<AnyExpr> {
        None
    }
}

impl<T: DType> Erase for Operand<'_, T> {
    fn erase(&self) -> ErasedOperand<'_> {
        Operand::erase(self)
    }
    fn make_ready(&mut self) -> Result<()> {
        Operand::make_ready(self)
    }
    fn expression(&self) -> Option<AnyExpr> {
        match self {
            Operand::Lazy(e) => Some(e.clone().erase()),
            _ => None,
        }
    }
}

/// The programs of the lazy operands (`None` for the others).
fn programs(operands: &[Box<dyn Erase + '_>]) -> Result<Vec<Option<Program>>> {
    operands
        .iter()
        .map(|o| o.expression().map(|e| e.program()).transpose())
        .collect()
}

/// The inputs of a call: operands as they are, lazy ones as their programs' leaves (their
/// shapes and devices checked, errors naming the expression).
fn reduce_inputs<'a>(
    operands: &'a [Box<dyn Erase + '_>],
    programs: &'a [Option<Program>],
) -> Result<Vec<ReduceInput<'a>>> {
    operands
        .iter()
        .zip(programs)
        .map(|(o, p)| match p {
            None => Ok(ReduceInput::Operand(o.erase())),
            Some(prog) => {
                let leaves = prog.operands();
                let shape = crate::expr::program_shape(prog, &leaves)?;
                Ok(ReduceInput::Expr(ExprInput {
                    prog,
                    leaves,
                    shape,
                }))
            }
        })
        .collect()
}

/// A reduction call being set up: which axes, whether to keep them, where to write.
///
/// ```
/// use array_runtime::{Array, Device};
/// use array_runtime::kernel::elementwise::Operand;
/// use array_runtime::kernel::reduction::{ReduceCall, ReduceKernel, ReductionDef, Inputs};
///
/// // What `#[reduction]` generates for a sum of f64 (written by hand here).
/// struct Sum;
/// static DEF: ReductionDef = ReductionDef {
///     name: "sum", device_source: "", param_names: &["x"], type_params: &[], takes_index: false,
/// };
/// impl ReduceKernel for Sum {
///     type Acc = f64;
///     type Out = f64;
///     type Slices<'a> = &'a [f64];
///     fn def() -> &'static ReductionDef { &DEF }
///     fn type_args() -> Vec<array_runtime::DTypeId> { vec![] }
///     fn params() -> Vec<array_runtime::DTypeId> { vec![array_runtime::DTypeId::F64] }
///     fn acc_dtypes() -> Vec<array_runtime::DTypeId> { vec![array_runtime::DTypeId::F64] }
///     fn slices<'a>(inputs: &Inputs<'a>) -> &'a [f64] { inputs.input::<f64>(0) }
///     fn len(s: &&[f64]) -> usize { s.len() }
///     fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> { &s[lo..hi] }
///     fn map(s: &&[f64], i: usize, _index: i64) -> f64 { s[i] }
///     fn identity() -> Option<f64> { Some(0.0) }
///     fn combine(a: f64, b: f64) -> f64 { a + b }
///     fn finish(acc: f64) -> f64 { acc }
/// }
///
/// let x = Array::from_vec(&Device::cpu(), &[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
/// let rows = ReduceCall::<Sum>::new(vec![Box::new(Operand::Borrowed(&x))]).axis(1).run()?;
/// assert_eq!(rows.to_vec()?, vec![6.0, 15.0]);
/// let all = ReduceCall::<Sum>::new(vec![Box::new(Operand::Borrowed(&x))]).keepdims(true).run()?;
/// assert_eq!((all.shape(), all.item()?), (&[1usize, 1][..], 21.0));
/// # Ok::<(), array_runtime::Error>(())
/// ```
#[must_use = "a reduction builder does nothing until `.run()` is called"]
pub struct ReduceCall<'a, K: ReduceKernel> {
    operands: Vec<Box<dyn Erase + 'a>>,
    axes: Option<Vec<isize>>,
    keepdims: bool,
    _kernel: PhantomData<K>,
}

impl<K: ReduceKernel> std::fmt::Debug for ReduceCall<'_, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReduceCall")
            .field("kernel", &K::def().name)
            .field("operands", &self.operands.len())
            .field("axes", &self.axes)
            .field("keepdims", &self.keepdims)
            .finish()
    }
}

impl<'a, K: ReduceKernel> ReduceCall<'a, K> {
    /// A call over every axis (NumPy's `axis=None`), without kept dimensions.
    pub fn new(operands: Vec<Box<dyn Erase + 'a>>) -> Self {
        ReduceCall {
            operands,
            axes: None,
            keepdims: false,
            _kernel: PhantomData,
        }
    }

    /// Adds `axis` (negative counts from the end) to the reduced axes.
    pub fn axis(mut self, axis: isize) -> Self {
        self.axes.get_or_insert_with(Vec::new).push(axis);
        self
    }

    /// Reduces exactly these axes (an empty list reduces none, as NumPy's `axis=()`).
    pub fn axes(mut self, axes: &[isize]) -> Self {
        self.axes = Some(axes.to_vec());
        self
    }

    /// Keeps the reduced axes with extent 1 (NumPy's `keepdims=True`).
    pub fn keepdims(mut self, keep: bool) -> Self {
        self.keepdims = keep;
        self
    }

    /// The CUDA C modules this call can compile on a GPU (contiguous rows with 32-bit
    /// indices, strided rows, a general layout of 2 kept and 2 reduced dimensions with 64-bit
    /// indices), each lazy operand fused into the map, and whether they need the half
    /// headers. Pure text: no GPU needed.
    ///
    /// ```
    /// use array_runtime::{Array, Device, IntoOperand};
    /// use array_runtime::kernel::reduction::ReduceCall;
    /// # use array_runtime::kernel::reduction::{ReduceKernel, ReductionDef, Inputs};
    /// # struct Sum;
    /// # static DEF: ReductionDef = ReductionDef {
    /// #     name: "sum", device_source: "", param_names: &["x"], type_params: &[], takes_index: false,
    /// # };
    /// # impl ReduceKernel for Sum {
    /// #     type Acc = f32;
    /// #     type Out = f32;
    /// #     type Slices<'a> = &'a [f32];
    /// #     fn def() -> &'static ReductionDef { &DEF }
    /// #     fn type_args() -> Vec<array_runtime::DTypeId> { vec![] }
    /// #     fn params() -> Vec<array_runtime::DTypeId> { vec![array_runtime::DTypeId::F32] }
    /// #     fn acc_dtypes() -> Vec<array_runtime::DTypeId> { vec![array_runtime::DTypeId::F32] }
    /// #     fn slices<'a>(inputs: &Inputs<'a>) -> &'a [f32] { inputs.input::<f32>(0) }
    /// #     fn len(s: &&[f32]) -> usize { s.len() }
    /// #     fn sub<'a>(s: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a> { &s[lo..hi] }
    /// #     fn map(s: &&[f32], i: usize, _index: i64) -> f32 { s[i] }
    /// #     fn identity() -> Option<f32> { Some(0.0) }
    /// #     fn combine(a: f32, b: f32) -> f32 { a + b }
    /// #     fn finish(acc: f32) -> f32 { acc }
    /// # }
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
    /// // `Sum` is a `#[reduction]`'s kernel (written by hand in the example of `ReduceCall`).
    /// let call = ReduceCall::<Sum>::new(vec![Box::new((&a * &a).into_operand())]);
    /// let (sources, _half) = call.cuda_sources()?;
    /// assert!(sources[0].contains("kxr_sum_map(kxq_0::kxf_expr_"));
    /// assert_eq!(call.run()?.item()?, 5.0); // one kernel: the product is computed in the map
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn cuda_sources(&self) -> Result<(Vec<String>, bool)> {
        use crate::cuda::codegen::{IndexWidth, OperandKind};
        use crate::cuda::codegen_reduce::{fused_needs_half_headers, fused_reduction_module};
        let programs = programs(&self.operands)?;
        let inputs = reduce_inputs(&self.operands, &programs)?;
        let inst = ReductionInstance::of::<K>();
        let (fusion, operands) = crate::cuda::reduction::fuse(&inst, &inputs)?;
        let kinds: Vec<OperandKind> = operands
            .iter()
            .map(|o| match o.layout() {
                Some(_) => OperandKind::Array,
                None => OperandKind::Scalar,
            })
            .collect();
        let has_identity = K::identity().is_some();
        let specs = [
            (1, 1, true, IndexWidth::I32),
            (1, 1, false, IndexWidth::I32),
            (2, 2, false, IndexWidth::I64),
        ];
        let sources = specs
            .iter()
            .map(|&(kept_ndim, reduced_ndim, contiguous_rows, index)| {
                let spec = crate::cuda::codegen_reduce::ReduceSpec {
                    kept_ndim,
                    reduced_ndim,
                    contiguous_rows,
                    index,
                };
                fused_reduction_module(&inst, has_identity, &fusion, &kinds, &spec)
            })
            .collect();
        Ok((sources, fused_needs_half_headers(&inst, &fusion)))
    }

    /// Runs the reduction into a new array.
    pub fn run(self) -> Result<Array<K::Out>> {
        let programs = programs(&self.operands)?;
        let erased = reduce_inputs(&self.operands, &programs)?;
        let plan = ReducePlan::new::<K>(&erased, self.axes.as_deref(), self.keepdims, None)?;
        let mut out = Array::<K::Out>::for_overwrite(&plan.device, &plan.out_shape)?;
        plan.run::<K>(&erased, out.view_mut()?)?;
        Ok(out)
    }

    /// Runs the reduction into an existing array or view, whose shape must be the result's.
    pub fn into<'o, O: IntoOutput<'o, K::Out>>(self, out: O) -> Result<()> {
        let programs = programs(&self.operands)?;
        let view = out.into_output()?;
        let erased = reduce_inputs(&self.operands, &programs)?;
        let plan = ReducePlan::new::<K>(
            &erased,
            self.axes.as_deref(),
            self.keepdims,
            Some(view.device()),
        )?;
        if view.shape() != plan.out_shape.as_slice() {
            return Err(Error::ShapeMismatch {
                op: ReductionInstance::of::<K>().name(),
                expected: plan.out_shape.clone(),
                found: view.shape().to_vec(),
            });
        }
        if view.layout().may_self_overlap() {
            return Err(Error::Output {
                op: ReductionInstance::of::<K>().name(),
                message: "the output's elements overlap (a broadcast view cannot be written)"
                    .into(),
            });
        }
        plan.run::<K>(&erased, view)
    }
}

/// A reduction resolved: device, broadcast shape, reduced axes, result shape.
struct ReducePlan {
    device: Device,
    shape: Vec<usize>,
    axes: Vec<usize>,
    out_shape: Vec<usize>,
    keepdims: bool,
}

impl ReducePlan {
    fn new<K: ReduceKernel>(
        inputs: &[ReduceInput<'_>],
        axes: Option<&[isize]>,
        keepdims: bool,
        out_device: Option<Device>,
    ) -> Result<Self> {
        let name = ReductionInstance::of::<K>().name();
        let params = K::params();
        if inputs.len() != params.len() {
            return Err(Error::invalid(format!(
                "{name}: {} arguments given, {} expected",
                inputs.len(),
                params.len()
            )));
        }
        for (i, (op, want)) in inputs.iter().zip(&params).enumerate() {
            if op.dtype() != *want {
                return Err(Error::invalid(format!(
                    "{name}: argument `{}` has dtype {} but the reduction takes {want}",
                    K::def().param_names.get(i).copied().unwrap_or("?"),
                    op.dtype()
                )));
            }
        }
        let shapes: Vec<&[usize]> = inputs.iter().filter_map(ReduceInput::shape).collect();
        let shape = shape::broadcast_shapes(&name, &shapes)?;
        let nd = shape.len();
        let mut reduced = Vec::new();
        match axes {
            None => reduced.extend(0..nd),
            Some(list) => {
                for &a in list {
                    // A 0-d array accepts axis 0 / -1, as NumPy's sum and max do.
                    if nd == 0 && (a == 0 || a == -1) {
                        continue;
                    }
                    let a = shape::normalize_axis(a, nd)?;
                    if reduced.contains(&a) {
                        return Err(Error::invalid(format!(
                            "{name}: duplicate value in axes {list:?}"
                        )));
                    }
                    reduced.push(a);
                }
            }
        }
        reduced.sort_unstable();
        let out_shape: Vec<usize> = (0..nd)
            .filter_map(|d| {
                if reduced.contains(&d) {
                    keepdims.then_some(1)
                } else {
                    Some(shape[d])
                }
            })
            .collect();
        let mut devices: Vec<Device> = inputs.iter().filter_map(ReduceInput::device).collect();
        devices.extend(out_device);
        let device = devices.first().cloned().unwrap_or(Device::Cpu);
        if devices.iter().any(|d| !d.same(&device)) {
            return Err(Error::DeviceMismatch {
                op: name,
                devices: devices.iter().map(|d| d.to_string()).collect(),
            });
        }
        Ok(ReducePlan {
            device,
            shape,
            axes: reduced,
            out_shape,
            keepdims,
        })
    }

    fn run<K: ReduceKernel>(
        &self,
        inputs: &[ReduceInput<'_>],
        out: ArrayViewMut<'_, K::Out>,
    ) -> Result<()> {
        crate::kernel::count_launch();
        // The engines see the result without the kept unit axes: one element per kept index.
        let mut layout: Layout = out.layout().clone();
        if self.keepdims {
            let keep: Vec<usize> = (0..self.shape.len())
                .filter(|d| !self.axes.contains(d))
                .collect();
            layout = Layout {
                shape: keep.iter().map(|&d| layout.shape[d]).collect(),
                strides: keep.iter().map(|&d| layout.strides[d]).collect(),
                offset: layout.offset,
            };
        }
        let mut erased_out = out.erase();
        erased_out.layout = layout;
        match &self.device {
            Device::Cpu => {
                crate::cpu::reduction::run::<K>(&self.shape, &self.axes, inputs, &mut erased_out)
            }
            Device::Cuda(dev) => crate::cuda::reduction::launch(
                dev,
                &ReductionInstance::of::<K>(),
                K::identity().is_some(),
                &self.shape,
                &self.axes,
                inputs,
                &mut erased_out,
            ),
        }
    }
}
