//! The nodes of an expression tree: arrays, scalars and calls of elementwise kernels.

use std::fmt;
use std::sync::Arc;

use crate::array::{Array, Storage};
use crate::device::Device;
use crate::dtype::{DType, DTypeId};
use crate::kernel::elementwise::{erase_array, Chunk, ElementwiseDef, ErasedOperand};
use crate::shape::Layout;

/// Expressions deeper than this are refused at evaluation (the tree is walked recursively,
/// and a chain of nested nodes is dropped recursively): evaluate part of it first.
pub const MAX_DEPTH: usize = 256;

/// One `#[elementwise]` kernel instantiated for its dtypes, as a node of an expression:
/// what the macro's `name::node()` returns, and what `name::lazy(..)` calls.
///
/// ```
/// use array_runtime::expr::KernelNode;
/// use array_runtime::ops::kernels::add;
/// let k: KernelNode = add::node::<f32>();
/// assert_eq!(k.name(), "add__f32");
/// ```
///
/// Every part is `'static` (the macro writes the dtype lists as constants), so a node is
/// copied, never allocated: building an expression allocates only its tree.
#[derive(Clone, Copy)]
pub struct KernelNode {
    pub(crate) def: &'static ElementwiseDef,
    pub(crate) cpu: fn(&mut Chunk<'_>),
    pub(crate) type_args: &'static [DTypeId],
    pub(crate) params: &'static [DTypeId],
    pub(crate) result: DTypeId,
}

impl KernelNode {
    /// A kernel with its CPU chunk function and dtypes (written by `#[elementwise]`).
    ///
    /// ```
    /// use array_runtime::expr::KernelNode;
    /// use array_runtime::ops::kernels::multiply;
    /// use array_runtime::DTypeId;
    /// let k = KernelNode::new(&multiply::DEF, multiply::cpu_chunk::<f64>, &[DTypeId::F64],
    ///     &[DTypeId::F64, DTypeId::F64], DTypeId::F64);
    /// assert_eq!(k.result(), DTypeId::F64);
    /// ```
    pub fn new(
        def: &'static ElementwiseDef,
        cpu: fn(&mut Chunk<'_>),
        type_args: &'static [DTypeId],
        params: &'static [DTypeId],
        result: DTypeId,
    ) -> Self {
        KernelNode {
            def,
            cpu,
            type_args,
            params,
            result,
        }
    }

    /// The instantiation's name (`add__f32`).
    ///
    /// ```
    /// use array_runtime::ops::kernels::subtract;
    /// assert_eq!(subtract::node::<i8>().name(), "subtract__i8");
    /// ```
    pub fn name(&self) -> String {
        crate::kernel::elementwise::Instance {
            def: self.def,
            type_args: self.type_args,
            params: self.params,
            results: std::slice::from_ref(&self.result),
        }
        .name()
    }

    /// The dtype of the kernel's result.
    ///
    /// ```
    /// use array_runtime::ops::kernels::less;
    /// assert_eq!(less::node::<f32>().result(), array_runtime::DTypeId::Bool);
    /// ```
    pub fn result(&self) -> DTypeId {
        self.result
    }
}

impl fmt::Debug for KernelNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KernelNode({})", self.name())
    }
}

/// How a call is written in NumPy notation, for messages.
///
/// ```
/// use array_runtime::expr::Notation;
/// let n = Notation::Binary("+", 5);
/// assert!(matches!(n, Notation::Binary("+", _)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// An infix operator with Python's precedence (higher binds tighter: `|` 1, `^` 2, `&` 3,
    /// shifts 4, `+ -` 5, `* / // %` 6; comparisons 0).
    Binary(&'static str, u8),
    /// A prefix operator (`-`, `~`).
    Unary(&'static str),
    /// A function call (`exp(x)`, `saxpy(a, x, y)`).
    Call(&'static str),
}

/// An array leaf, its dtype erased.
pub(crate) trait Leaf: Send + Sync + fmt::Debug {
    fn dtype(&self) -> DTypeId;
    fn layout(&self) -> &Layout;
    fn device(&self) -> Device;
    fn operand(&self) -> ErasedOperand<'_>;
    /// The address of the shared storage: equal for arrays that are views of one buffer.
    fn storage_id(&self) -> usize;
}

impl<T: DType> Leaf for Array<T> {
    fn dtype(&self) -> DTypeId {
        T::ID
    }
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn device(&self) -> Device {
        Array::device(self)
    }
    fn operand(&self) -> ErasedOperand<'_> {
        ErasedOperand {
            dtype: T::ID,
            data: erase_array(self),
        }
    }
    fn storage_id(&self) -> usize {
        storage_id(&self.storage)
    }
}

/// The address of a storage's shared buffer.
pub(crate) fn storage_id<T: DType>(s: &Storage<T>) -> usize {
    match s {
        Storage::Host(v) => Arc::as_ptr(v) as *const () as usize,
        Storage::Cuda(b, _) => Arc::as_ptr(b) as *const () as usize,
    }
}

/// Declares [`AnyArray`] over the dtypes, with its methods dispatched to the array's.
macro_rules! any_array {
    ($($v:ident: $t:ty),* $(,)?) => {
        /// An array leaf of any dtype, held in the node itself (a box of its own would be one
        /// more allocation per leaf of every expression built).
        #[derive(Debug)]
        pub(crate) enum AnyArray {
            $($v(Array<$t>),)*
            /// A dtype not listed above (none today: the set of dtypes is closed).
            Other(Box<dyn Leaf>),
        }

        impl AnyArray {
            pub(crate) fn new<T: DType>(a: Array<T>) -> Self {
                let mut slot = Some(a);
                let any: &mut dyn std::any::Any = &mut slot;
                $(
                    if let Some(x) = any.downcast_mut::<Option<Array<$t>>>() {
                        if let Some(x) = x.take() {
                            return AnyArray::$v(x);
                        }
                    }
                )*
                match slot {
                    Some(a) => AnyArray::Other(Box::new(a)),
                    None => unreachable!("the array was taken only when returned"),
                }
            }

            fn leaf(&self) -> &dyn Leaf {
                match self {
                    $(AnyArray::$v(a) => a,)*
                    AnyArray::Other(a) => &**a,
                }
            }
        }
    };
}

any_array!(
    Bool: bool,
    I8: i8,
    I16: i16,
    I32: i32,
    I64: i64,
    U8: u8,
    U16: u16,
    U32: u32,
    U64: u64,
    F16: crate::f16,
    Bf16: crate::bf16,
    F32: f32,
    F64: f64,
    C64: crate::c64,
    C128: crate::c128,
);

impl AnyArray {
    pub(crate) fn dtype(&self) -> DTypeId {
        self.leaf().dtype()
    }
    pub(crate) fn layout(&self) -> &Layout {
        self.leaf().layout()
    }
    pub(crate) fn device(&self) -> Device {
        self.leaf().device()
    }
    pub(crate) fn operand(&self) -> ErasedOperand<'_> {
        self.leaf().operand()
    }
    /// The address of the shared storage: equal for arrays that are views of one buffer.
    pub(crate) fn storage_id(&self) -> usize {
        self.leaf().storage_id()
    }
}

/// A node of an expression tree.
#[derive(Debug)]
pub(crate) enum Node {
    /// An array (any view), held by a new handle on its storage.
    Array(AnyArray),
    /// A scalar of a dtype: its bytes, and how to write its value in messages (formatting
    /// only when a message is written keeps building an expression cheap).
    Scalar {
        dtype: DTypeId,
        bytes: [u8; 16],
        text: fn(&[u8; 16]) -> String,
    },
    /// A kernel applied to the values of other nodes.
    Call {
        kernel: KernelNode,
        notation: Notation,
        args: Vec<Arc<Node>>,
        depth: usize,
    },
    /// A call that would have been deeper than [`MAX_DEPTH`]: its arguments were dropped, and
    /// evaluating it is an error.
    TooDeep { name: String },
}

impl Node {
    pub(crate) fn dtype(&self) -> Option<DTypeId> {
        match self {
            Node::Array(a) => Some(a.dtype()),
            Node::Scalar { dtype, .. } => Some(*dtype),
            Node::Call { kernel, .. } => Some(kernel.result),
            Node::TooDeep { .. } => None,
        }
    }

    pub(crate) fn depth(&self) -> usize {
        match self {
            Node::Call { depth, .. } => *depth,
            _ => 1,
        }
    }

    /// A call node, or [`Node::TooDeep`] past the bound.
    pub(crate) fn call(kernel: KernelNode, notation: Notation, args: Vec<Arc<Node>>) -> Node {
        let depth = 1 + args.iter().map(|a| a.depth()).max().unwrap_or(0);
        let deep = args.iter().any(|a| matches!(**a, Node::TooDeep { .. }));
        if depth > MAX_DEPTH || deep {
            return Node::TooDeep {
                name: kernel.name(),
            };
        }
        Node::Call {
            kernel,
            notation,
            args,
            depth,
        }
    }
}
