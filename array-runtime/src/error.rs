//! The one error type of the runtime. Every variant carries the context needed to act on it:
//! the shapes involved, the kernel's name, the NVRTC log.

use std::fmt;

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// An error of the runtime, with its context.
///
/// ```
/// use array_runtime::{Array, Device, Error};
/// let a = Array::<f32>::zeros(&Device::cpu(), &[2, 3]).unwrap();
/// let err = a.reshape(&[4, 2]).unwrap_err();
/// assert!(matches!(err, Error::Reshape { .. }));
/// assert!(err.to_string().contains("[2, 3]"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Shapes that cannot be broadcast together (NumPy's "operands could not be broadcast").
    Broadcast {
        /// What was being done (a kernel name, an operation).
        op: String,
        /// Every shape involved.
        shapes: Vec<Vec<usize>>,
    },
    /// Two shapes that must be equal are not.
    ShapeMismatch {
        /// What was being done.
        op: String,
        /// The shape that was expected.
        expected: Vec<usize>,
        /// The shape that was found.
        found: Vec<usize>,
    },
    /// A reshape to a shape of a different size.
    Reshape {
        /// The array's shape.
        from: Vec<usize>,
        /// The requested shape.
        to: Vec<usize>,
    },
    /// An axis out of range for the array's dimension.
    Axis {
        /// The axis as given (may be negative).
        axis: isize,
        /// The array's number of dimensions.
        ndim: usize,
    },
    /// A slice or index out of bounds, or a zero step.
    Index {
        /// What is wrong.
        message: String,
    },
    /// The data given does not fit the shape.
    DataLength {
        /// Number of elements the shape needs.
        expected: usize,
        /// Number of elements given.
        found: usize,
    },
    /// Operands live on different devices.
    DeviceMismatch {
        /// What was being done.
        op: String,
        /// The devices found.
        devices: Vec<String>,
    },
    /// An output that cannot be written: broadcast (zero strides) or overlapping.
    Output {
        /// What was being done.
        op: String,
        /// Why the output is rejected.
        message: String,
    },
    /// CUDA (driver or NVRTC) is not usable on this machine.
    CudaUnavailable {
        /// Why, with the places that were searched.
        reason: String,
    },
    /// NVRTC rejected a generated kernel.
    Compile {
        /// The kernel's name.
        kernel: String,
        /// The compile options.
        options: Vec<String>,
        /// NVRTC's log.
        log: String,
    },
    /// A CUDA driver call failed.
    Driver {
        /// What was being done.
        op: String,
        /// The driver's message.
        message: String,
    },
    /// Memory exhausted (host memory on the CPU backend, device memory on a GPU), after
    /// freeing the pool's cache and retrying; also a request larger than any allocation can be.
    OutOfMemory {
        /// Bytes asked for.
        requested: usize,
        /// Bytes held by live arrays of the pool.
        held: usize,
        /// Where: `"cpu"` (host memory) or `"cuda"` (device memory).
        device: &'static str,
    },
    /// A shape too big for any array, even an empty one (NumPy's "array is too big"): an
    /// extent above `isize::MAX`, or nonzero extents whose product times the element size
    /// exceeds `isize::MAX` bytes.
    TooBig {
        /// The shape asked for.
        shape: Vec<usize>,
        /// The element size in bytes.
        itemsize: usize,
    },
    /// A linear-algebra routine cannot give a result for these values (NumPy's
    /// `LinAlgError`): a singular matrix in `solve`/`inv`, a matrix that is not positive
    /// definite in `cholesky`, an iteration that did not converge.
    LinAlg {
        /// The routine.
        op: String,
        /// What went wrong, with the matrix's position in a stack when there is one.
        message: String,
    },
    /// An invalid argument with no more specific variant.
    Invalid {
        /// What is wrong.
        message: String,
    },
    /// A file-system error (kernel cache, `.npy` files).
    Io(std::io::Error),
    /// An error evaluating a lazy expression: the expression in NumPy notation (operands
    /// named `x0`, `x1`, ...), the operands' dtypes and shapes, and what went wrong.
    Expression {
        /// The expression, `x0 * x1 + 2.5`.
        expr: String,
        /// Each operand: `x0: f32 [2, 3], x1: f32 [4]`.
        operands: String,
        /// The error itself.
        source: Box<Error>,
    },
}

impl Error {
    /// Shorthand for [`Error::Invalid`].
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::Invalid {
            message: message.into(),
        }
    }

    /// Shorthand for [`Error::LinAlg`].
    pub fn linalg(op: impl Into<String>, message: impl Into<String>) -> Self {
        Error::LinAlg {
            op: op.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Broadcast { op, shapes } => {
                write!(
                    f,
                    "{op}: operands could not be broadcast together with shapes "
                )?;
                for (i, s) in shapes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{s:?}")?;
                }
                Ok(())
            }
            Error::ShapeMismatch {
                op,
                expected,
                found,
            } => write!(f, "{op}: expected shape {expected:?}, found {found:?}"),
            Error::Reshape { from, to } => {
                write!(
                    f,
                    "cannot reshape array of shape {from:?} into shape {to:?}"
                )
            }
            Error::Axis { axis, ndim } => write!(
                f,
                "axis {axis} is out of bounds for array of dimension {ndim}"
            ),
            Error::Index { message } => write!(f, "index error: {message}"),
            Error::DataLength { expected, found } => write!(
                f,
                "data has {found} elements but the shape needs {expected}"
            ),
            Error::DeviceMismatch { op, devices } => {
                write!(f, "{op}: operands are on different devices: {devices:?}")
            }
            Error::Output { op, message } => write!(f, "{op}: invalid output: {message}"),
            Error::CudaUnavailable { reason } => write!(f, "CUDA is not available: {reason}"),
            Error::Compile {
                kernel,
                options,
                log,
            } => write!(
                f,
                "NVRTC failed to compile kernel `{kernel}` (options {options:?}):\n{log}"
            ),
            Error::Driver { op, message } => write!(f, "CUDA driver error in {op}: {message}"),
            Error::OutOfMemory {
                requested,
                held,
                device,
            } => {
                let memory = if *device == "cpu" { "host" } else { "device" };
                write!(
                    f,
                    "out of {memory} memory ({device}): asked for {requested} bytes while \
                     {held} bytes are held"
                )
            }
            Error::TooBig { shape, itemsize } => write!(
                f,
                "shape {shape:?} has too many elements: with {itemsize}-byte elements its \
                 nonzero extents span more than isize::MAX bytes (the largest array possible)"
            ),
            Error::LinAlg { op, message } => write!(f, "{op}: linear algebra error: {message}"),
            Error::Invalid { message } => f.write_str(message),
            Error::Io(e) => write!(f, "i/o error: {e}"),
            Error::Expression {
                expr,
                operands,
                source,
            } => write!(f, "in the expression `{expr}` (where {operands}): {source}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            Error::Expression { source, .. } => Some(&**source),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}
