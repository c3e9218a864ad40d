//! Distribution parameters as NumPy takes them: scalars or arrays, broadcast together and
//! with `size` ([`Param`], [`Size`]), and their preparation for the kernels (each a
//! C-contiguous array of one element or one per output element).

use crate::prelude::*;
use array_runtime::shape::broadcast_shapes;

/// A distribution parameter: a scalar, or an array broadcast against the other parameters and
/// the output shape (NumPy's `array_like` parameters).
///
/// Made by `From`: `2.0`, `&array` or `array` where a method takes `impl Into<Param<T>>`.
///
/// ```
/// use kernels_std::random::{Generator, Param};
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let scale = Array::from_vec(&dev, &[3], vec![1.0, 10.0, 100.0])?;
/// // One row per scale, broadcast against `size = (2, 3)`.
/// let x = Generator::new(1).gamma(&dev, 2.0, &scale, &[2, 3])?;
/// assert_eq!(x.shape(), &[2, 3]);
/// let p: Param<f64> = 0.5.into();
/// assert!(matches!(p, Param::Scalar(v) if v == 0.5));
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Param<T: DType> {
    /// One value for every element.
    Scalar(T),
    /// An array, broadcast to the output shape.
    Array(Array<T>),
}

impl<T: DType> From<T> for Param<T> {
    fn from(value: T) -> Self {
        Param::Scalar(value)
    }
}

impl<T: DType> From<&Array<T>> for Param<T> {
    fn from(value: &Array<T>) -> Self {
        Param::Array(value.clone())
    }
}

impl<T: DType> From<Array<T>> for Param<T> {
    fn from(value: Array<T>) -> Self {
        Param::Array(value)
    }
}

impl<T: DType> Param<T> {
    /// The parameter's shape (`[]` for a scalar).
    pub fn shape(&self) -> &[usize] {
        match self {
            Param::Scalar(_) => &[],
            Param::Array(a) => a.shape(),
        }
    }
}

/// The output shape of a sampling call, NumPy's `size`: a shape the parameters must broadcast
/// to, or `None` for the parameters' broadcast shape (a 0-d array when they are all scalars).
///
/// Made by `From`: `&[2, 3]`, `&vec`, `vec`, `shape.as_slice()`, or `None`.
///
/// ```
/// use kernels_std::random::Generator;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let lam = Array::from_vec(&dev, &[2, 1], vec![1.0, 100.0])?;
/// let mut rng = Generator::new(3);
/// assert_eq!(rng.poisson(&dev, &lam, None)?.shape(), &[2, 1]);
/// assert_eq!(rng.poisson(&dev, &lam, &[2, 4])?.shape(), &[2, 4]);
/// assert_eq!(rng.poisson(&dev, 3.0, None)?.shape(), &[] as &[usize]);
/// // The parameters must broadcast to `size`.
/// assert!(rng.poisson(&dev, &lam, &[4]).is_err());
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Size(Option<Vec<usize>>);

impl From<&[usize]> for Size {
    fn from(s: &[usize]) -> Self {
        Size(Some(s.to_vec()))
    }
}

impl<const N: usize> From<&[usize; N]> for Size {
    fn from(s: &[usize; N]) -> Self {
        Size(Some(s.to_vec()))
    }
}

impl From<&Vec<usize>> for Size {
    fn from(s: &Vec<usize>) -> Self {
        Size(Some(s.clone()))
    }
}

impl From<Vec<usize>> for Size {
    fn from(s: Vec<usize>) -> Self {
        Size(Some(s))
    }
}

impl From<Option<&[usize]>> for Size {
    fn from(s: Option<&[usize]>) -> Self {
        Size(s.map(<[usize]>::to_vec))
    }
}

impl Size {
    /// `None`: the parameters' broadcast shape.
    pub const BROADCAST: Size = Size(None);

    /// The shape asked for, if any.
    pub fn shape(&self) -> Option<&[usize]> {
        self.0.as_deref()
    }
}

/// The output shape of `method` with parameters of shapes `params` and `size` (NumPy's rule:
/// the parameters broadcast together, and to `size` when it is given).
pub(crate) fn output_shape(method: &str, params: &[&[usize]], size: &Size) -> Result<Vec<usize>> {
    let joint = broadcast_shapes(method, params)?;
    match size.shape() {
        None => Ok(joint),
        Some(size) => {
            let mut all = params.to_vec();
            all.push(size);
            match broadcast_shapes(method, &all) {
                Ok(shape) if shape == size => Ok(shape),
                _ => Err(Error::invalid(format!(
                    "{method}: output size {size:?} is not compatible with the broadcast \
                     dimensions of the inputs {joint:?}"
                ))),
            }
        }
    }
}

/// `p` ready for a kernel on `device`: a 1-element array for a scalar or a 1-element array,
/// else the array broadcast to `shape` and made C-contiguous (its elements in the output's C
/// order).
pub(crate) fn prepare<T: DType>(
    method: &str,
    name: &str,
    p: &Param<T>,
    shape: &[usize],
    device: &Device,
) -> Result<Array<T>> {
    match p {
        Param::Scalar(v) => Array::from_vec(device, &[1], vec![*v]),
        Param::Array(a) => {
            if !a.device().same(device) {
                return Err(Error::invalid(format!(
                    "{method}: {name} is on {} but the call is on {device}",
                    a.device()
                )));
            }
            if a.len() == 1 {
                a.as_standard_layout()?.reshape(&[1])
            } else {
                a.broadcast_to(shape)?.as_standard_layout()
            }
        }
    }
}

/// An array parameter on its own, C-contiguous and flat (the parameter checks of an empty
/// output read its values without broadcasting them).
pub(crate) fn flat<T: DType>(a: &Array<T>) -> Result<Array<T>> {
    let n = a.len();
    a.as_standard_layout()?.reshape(&[n])
}

/// A parameter prepared for a kernel by [`prepare_all`].
pub(crate) struct Prepared<T: DType> {
    /// One element, or one per output element in C order.
    pub array: Array<T>,
    /// The array the caller passed (`None` for a scalar), for the checks of an empty output.
    pub given: Option<Array<T>>,
    /// The output shape.
    pub shape: Vec<usize>,
    /// The number of output elements.
    pub len: usize,
}

/// The output shape of `params` and `size`, and each parameter prepared for it.
pub(crate) fn prepare_all<T: DType, const N: usize>(
    method: &str,
    params: [(&str, &Param<T>); N],
    size: &Size,
    device: &Device,
) -> Result<[Prepared<T>; N]> {
    let shapes: Vec<&[usize]> = params.iter().map(|(_, p)| p.shape()).collect();
    let shape = output_shape(method, &shapes, size)?;
    let len = shape.iter().product();
    let mut out = Vec::with_capacity(N);
    for (name, p) in params {
        out.push(Prepared {
            array: prepare(method, name, p, &shape, device)?,
            given: match p {
                Param::Array(a) => Some(a.clone()),
                Param::Scalar(_) => None,
            },
            shape: shape.clone(),
            len,
        });
    }
    out.try_into()
        .map_err(|_| Error::invalid(format!("{method}: internal parameter count")))
}
