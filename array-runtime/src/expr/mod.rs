//! Lazy array expressions: operators that read like NumPy and run as one fused kernel.
//!
//! The operators on arrays, views, scalars and expressions (`&a * &x + &b`, `-&a`, `&m & &k`,
//! ...) build an [`Expr`]: no kernel runs and nothing needs unwrapping. [`Expr::eval`] runs the
//! whole tree as one kernel: on CUDA the device functions of its kernels composed into one
//! module (compiled once per structure and dtypes, kept in the module caches); on the CPU one
//! pass over the output in chunks, each node computed into a buffer of one chunk that stays in
//! cache. Every `#[elementwise]` kernel joins in through `name::lazy(..)`, and every API that
//! takes an operand takes an expression (it is evaluated first).
//!
//! Errors (shapes that do not broadcast, operands on different devices) surface at evaluation
//! as [`Error::Expression`], with the expression in NumPy notation and the operands' shapes.
//!
//! ```
//! use array_runtime::{Array, Device};
//! let dev = Device::cpu();
//! let a = Array::from_vec(&dev, &[2, 2], vec![1.0f32, 2.0, 3.0, 4.0])?;
//! let x = Array::from_vec(&dev, &[2], vec![10.0f32, 20.0])?;
//! let y = (&a * &x + 1.0).eval()?; // one kernel; x broadcasts over the rows
//! assert_eq!(y.to_vec()?, vec![11.0, 41.0, 31.0, 81.0]);
//! let bad = Array::from_vec(&dev, &[3], vec![1.0f32, 2.0, 3.0])?;
//! let e = (&a + &bad).eval().unwrap_err();
//! assert!(e.to_string().contains("x0 + x1"));
//! # Ok::<(), array_runtime::Error>(())
//! ```

mod as_array;
mod assign;
mod block;
mod cache;
mod composite;
pub(crate) mod fused;
mod node;
mod operators;
pub(crate) mod program;
mod steps;

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::array::Array;
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::error::{Error, Result};
use crate::kernel::elementwise::{
    ElementwiseDef, ErasedOperand, Instance, IntoOperand, Operand, Plan,
};

pub use as_array::AsArray;
pub use assign::InPlace;
pub use node::{KernelNode, Notation, MAX_DEPTH};
pub use operators::Cmp;

use node::Node;
use program::Program;

/// A lazy elementwise expression whose elements have dtype `T`.
///
/// Built by the operators, by `name::lazy(..)` of any `#[elementwise]` kernel and by
/// [`IntoExpr`]; holds new handles on the arrays it reads (no copies). Cloning is cheap.
///
/// ```
/// use array_runtime::{Array, Device, expr::Expr};
/// let a = Array::from_vec(&Device::cpu(), &[3], vec![1i32, 2, 3])?;
/// let e: Expr<i32> = &a * 2 - 1;
/// assert_eq!(e.to_vec()?, vec![1, 3, 5]);
/// assert_eq!(e.to_string(), "x0 * 2 - 1");
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub struct Expr<T: DType> {
    pub(crate) node: Arc<Node>,
    _t: PhantomData<fn() -> T>,
}

impl<T: DType> Clone for Expr<T> {
    fn clone(&self) -> Self {
        Expr::from_node(self.node.clone())
    }
}

impl<T: DType> fmt::Debug for Expr<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Expr<{}>({self})", T::ID)
    }
}

impl<T: DType> fmt::Display for Expr<T> {
    /// The expression in NumPy notation, its arrays named `x0`, `x1`, ... in the order they
    /// are first read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match cache::program(&self.node) {
            Ok(p) => f.write_str(&p.text()),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

/// The definition the CPU plan of a fused expression reports in messages (its CUDA C is
/// written per structure, see `fused.rs`).
static CPU_DEF: ElementwiseDef = ElementwiseDef {
    name: "expression",
    device_source: "",
    param_names: &[],
    type_params: &[],
};

impl<T: DType> Expr<T> {
    pub(crate) fn from_node(node: Arc<Node>) -> Self {
        Expr {
            node,
            _t: PhantomData,
        }
    }

    /// A call of `kernel` on `args` (written by `#[elementwise]`'s `name::lazy`); `T` must be
    /// the kernel's result dtype and each argument's dtype its parameter's (checked at
    /// evaluation).
    ///
    /// ```
    /// use array_runtime::expr::{AnyExpr, Expr, IntoExpr, Notation};
    /// use array_runtime::ops::kernels::add;
    /// let x = 2.0f64.into_expr();
    /// let e = Expr::<f64>::call(add::node::<f64>(), vec![x.clone().into(), x.into()],
    ///     Notation::Binary("+", 5));
    /// assert_eq!(e.to_vec()?, vec![4.0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn call(kernel: KernelNode, args: Vec<AnyExpr>, notation: Notation) -> Self {
        let args = args.into_iter().map(|a| a.0).collect();
        Expr::from_node(Arc::new(Node::call(kernel, notation, args)))
    }

    /// The expression with its dtype erased (an argument of [`Expr::call`]).
    ///
    /// ```
    /// use array_runtime::expr::IntoExpr;
    /// assert_eq!(1u8.into_expr().erase().dtype(), Some(array_runtime::DTypeId::U8));
    /// ```
    pub fn erase(self) -> AnyExpr {
        AnyExpr(self.node)
    }

    /// Evaluates the expression into a new C-contiguous array, running one kernel.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![3u8, 4])?;
    /// assert_eq!((&a * &a + 1).eval()?.to_vec()?, vec![10, 17]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn eval(&self) -> Result<Array<T>> {
        let prog = cache::program(&self.node)?;
        check_result::<T>(&prog, "was expected")?;
        prog.with_operands(|operands| {
            let result = [T::ID];
            let cuda = matches!(leaf_device(&prog), Some(Device::Cuda(_)));
            let (def, type_args) = definition(&prog, cuda)?;
            let inst = Instance {
                def,
                type_args,
                params: prog.params(),
                results: &result,
            };
            let plan = Plan::new(&inst, operands).map_err(|e| prog.context(e))?;
            let mut out = plan.alloc::<T>().map_err(|e| prog.context(e))?;
            // The fresh output is written through a view that borrows its layout for the
            // call (a view of its own would copy the layout's vectors).
            let layout = std::mem::replace(
                &mut out.layout,
                crate::shape::Layout {
                    shape: Vec::new(),
                    strides: Vec::new(),
                    offset: 0,
                },
            );
            let view = crate::array::ArrayViewMut {
                storage: &mut out.storage,
                layout,
            };
            let mut outputs = [view.erase()];
            let ran = run_program(&prog, &plan, &mut outputs, false);
            let [written] = outputs;
            out.layout = written.layout;
            ran?;
            Ok(out)
        })
    }

    /// The CUDA C module a CUDA evaluation of this expression compiles (every operand an
    /// array, the strided entry points for `ndim` dimensions). Pure text: no GPU needed.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.0f32, 2.0])?;
    /// let src = (&a * 2.0 + &a).cuda_source(1)?;
    /// assert!(src.contains("kxe_0::kxf_multiply"));
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn cuda_source(&self, ndim: usize) -> Result<String> {
        self.with_cuda_instance(|prog, inst| {
            let kinds: Vec<_> = prog
                .leaves
                .iter()
                .map(|l| match l {
                    program::LeafSource::Array(_) => crate::cuda::codegen::OperandKind::Array,
                    program::LeafSource::Scalar { .. } => crate::cuda::codegen::OperandKind::Scalar,
                })
                .collect();
            Ok(crate::cuda::codegen::elementwise_module(inst, &kinds, ndim))
        })
    }

    /// Calls `f` with the program of this expression and the instance of its fused CUDA
    /// kernel.
    pub(crate) fn with_cuda_instance<R>(
        &self,
        f: impl FnOnce(&Program, &Instance<'_>) -> Result<R>,
    ) -> Result<R> {
        let prog = cache::program(&self.node)?;
        let (def, type_args) = definition(&prog, true)?;
        let params = prog.params();
        let inst = Instance {
            def,
            type_args,
            params,
            results: &[T::ID],
        };
        f(&prog, &inst)
    }

    /// The elements in C order (evaluates first).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1i64, 2])?;
    /// assert_eq!((-&a).to_vec()?, vec![-1, -2]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn to_vec(&self) -> Result<Vec<T>> {
        self.eval()?.to_vec()
    }

    /// The only element of a one-element expression (evaluates first).
    ///
    /// ```
    /// use array_runtime::expr::IntoExpr;
    /// assert_eq!((2.0f32.into_expr() * 3.0).item()?, 6.0);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn item(&self) -> Result<T> {
        self.eval()?.item()
    }

    /// The shape the expression evaluates to (its operands broadcast together).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 1])?;
    /// let b = Array::<f32>::zeros(&Device::cpu(), &[3])?;
    /// assert_eq!((&a + &b).shape()?, vec![2, 3]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn shape(&self) -> Result<Vec<usize>> {
        let prog = cache::program(&self.node)?;
        program_shape(&prog, &prog.operands())
    }

    /// This expression converted to dtype `U` with NumPy's `astype` rules, lazily.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let a = Array::from_vec(&Device::cpu(), &[2], vec![1.5f64, -2.5])?;
    /// assert_eq!((&a * 2.0).astype::<i32>().to_vec()?, vec![3, -5]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn astype<U: DType>(self) -> Expr<U> {
        if T::ID == U::ID {
            return Expr::from_node(self.node);
        }
        Expr::call(
            crate::astype::astype_kernel::node::<T, U>(),
            vec![self.erase()],
            Notation::Call(U::ID.name()),
        )
    }
}

/// The type argument of a fused definition that needs the fp16/bf16 headers (see
/// `fused.rs`).
static HALF: [DTypeId; 1] = [DTypeId::F16];

/// The definition a program runs under, and its type arguments: its fused CUDA definition, or
/// the CPU's (which runs the program's steps, see `program.rs`).
pub(crate) fn definition(
    prog: &Program,
    cuda: bool,
) -> Result<(&'static ElementwiseDef, &'static [DTypeId])> {
    if cuda {
        let (def, half) = fused::fused_def(prog)?;
        Ok((def, if half { &HALF } else { &[] }))
    } else {
        Ok((&CPU_DEF, &[]))
    }
}

/// An error unless the program computes `T` (`what`: "was expected", "is written").
pub(crate) fn check_result<T: DType>(prog: &Program, what: &str) -> Result<()> {
    if prog.result() == T::ID {
        return Ok(());
    }
    Err(Error::invalid(format!(
        "expression `{}` computes {} where {} {what}",
        prog.text(),
        prog.result(),
        T::ID
    )))
}

/// The shape `prog` evaluates to over its `operands` (broadcast together, on one device),
/// errors naming the expression.
pub(crate) fn program_shape(prog: &Program, operands: &[ErasedOperand<'_>]) -> Result<Vec<usize>> {
    let params = prog.params();
    let result = [prog.result()];
    let inst = Instance {
        def: &CPU_DEF,
        type_args: &[],
        params,
        results: &result,
    };
    let plan = Plan::new(&inst, operands).map_err(|e| prog.context(e))?;
    Ok(plan.shape().to_vec())
}

/// The device of the program's first array operand.
fn leaf_device(prog: &Program) -> Option<Device> {
    prog.leaves.iter().find_map(|l| match l {
        program::LeafSource::Array(n) => match &**n {
            Node::Array(a) => Some(a.device()),
            _ => None,
        },
        _ => None,
    })
}

/// Runs the fused kernel of `prog` into `outputs` (one), reporting errors with the
/// expression.
pub(crate) fn run_program(
    prog: &Program,
    plan: &Plan<'_>,
    outputs: &mut [crate::kernel::elementwise::ErasedOutput<'_>],
    in_place: bool,
) -> Result<()> {
    let failed = std::sync::Mutex::new(None::<Error>);
    let cpu = |chunk: &mut crate::kernel::elementwise::Chunk<'_>| {
        if let Err(e) = prog.run_chunk(chunk)
            && let Ok(mut f) = failed.lock()
        {
            f.get_or_insert(e);
        }
    };
    // On the CPU, the program picks the chunk length (`Program::chunk_len`).
    let r = if in_place || matches!(plan.device(), Device::Cpu) {
        let how = crate::cpu::elementwise::Chunking {
            len: prog.chunk_len(crate::shape::size(plan.shape())),
            gather_outputs: in_place,
        };
        plan.run_cpu(outputs, &cpu, how)
    } else {
        plan.run(outputs, &cpu)
    };
    r.map_err(|e| prog.context(e))?;
    match failed.into_inner() {
        Ok(Some(e)) => Err(prog.context(e)),
        Ok(None) => Ok(()),
        Err(_) => Err(Error::invalid("a fused expression's chunk panicked")),
    }
}

/// An expression with its dtype erased: an argument of [`Expr::call`].
///
/// ```
/// use array_runtime::expr::{AnyExpr, IntoExpr};
/// let e: AnyExpr = 1.5f32.into_expr().into();
/// assert_eq!(e.dtype(), Some(array_runtime::DTypeId::F32));
/// ```
#[derive(Clone, Debug)]
pub struct AnyExpr(Arc<Node>);

impl AnyExpr {
    /// The dtype of its elements (`None` for an expression refused as too deep).
    ///
    /// ```
    /// use array_runtime::expr::IntoExpr;
    /// assert_eq!(true.into_expr().erase().dtype(), Some(array_runtime::DTypeId::Bool));
    /// ```
    pub fn dtype(&self) -> Option<DTypeId> {
        self.0.dtype()
    }

    /// The expression flattened into its program (how a reduction fuses it into its map).
    pub(crate) fn program(&self) -> Result<Program> {
        cache::program(&self.0)
    }
}

impl<T: DType> From<Expr<T>> for AnyExpr {
    fn from(e: Expr<T>) -> Self {
        e.erase()
    }
}

/// Anything that can be an operand of an expression of dtype `T`: arrays (borrowed or owned,
/// any view), expressions, and scalars of `T`.
///
/// ```
/// use array_runtime::{Array, Device, expr::IntoExpr};
/// let a = Array::from_vec(&Device::cpu(), &[2], vec![1u16, 2])?;
/// let e = (&a).into_expr();
/// assert_eq!(e.to_vec()?, vec![1, 2]);
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait IntoExpr<T: DType> {
    /// The expression.
    fn into_expr(self) -> Expr<T>;
}

impl<T: DType> IntoExpr<T> for Expr<T> {
    fn into_expr(self) -> Expr<T> {
        self
    }
}

impl<T: DType> IntoExpr<T> for &Expr<T> {
    fn into_expr(self) -> Expr<T> {
        self.clone()
    }
}

impl<T: DType> IntoExpr<T> for &Array<T> {
    fn into_expr(self) -> Expr<T> {
        Expr::from_node(Arc::new(Node::Array(node::AnyArray::new(self.clone()))))
    }
}

impl<T: DType> IntoExpr<T> for Array<T> {
    fn into_expr(self) -> Expr<T> {
        Expr::from_node(Arc::new(Node::Array(node::AnyArray::new(self))))
    }
}

/// A scalar as an expression node.
pub(crate) fn scalar_node<T: DType>(v: T) -> Expr<T> {
    let mut bytes = [0u8; 16];
    let b = crate::raw::value_bytes(&v);
    bytes[..b.len()].copy_from_slice(b);
    Expr::from_node(Arc::new(Node::Scalar {
        dtype: T::ID,
        bytes,
        text: scalar_text::<T>,
    }))
}

/// A scalar's bytes (see [`scalar_node`]) as NumPy prints the value in an expression.
fn scalar_text<T: DType>(bytes: &[u8; 16]) -> String {
    let mut v = [T::default()];
    let n = T::ID.size();
    crate::raw::as_bytes_mut(&mut v).copy_from_slice(&bytes[..n]);
    let s = format!("{:?}", v[0]);
    match T::ID {
        DTypeId::Bool => {
            if s == "true" {
                "True".into()
            } else {
                "False".into()
            }
        }
        _ => s,
    }
}

macro_rules! scalar_expr {
    ($($t:ty),*) => {$(
        impl IntoExpr<$t> for $t {
            fn into_expr(self) -> Expr<$t> {
                scalar_node(self)
            }
        }
    )*};
}
scalar_expr!(
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

/// An expression passed where a kernel takes an operand: evaluated (one fused kernel) before
/// the kernel runs.
impl<'a, T: DType> IntoOperand<'a, T> for Expr<T> {
    fn into_operand(self) -> Operand<'a, T> {
        Operand::Lazy(self)
    }
}

impl<'a, T: DType> IntoOperand<'a, T> for &Expr<T> {
    fn into_operand(self) -> Operand<'a, T> {
        Operand::Lazy(self.clone())
    }
}
