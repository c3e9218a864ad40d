//! Writing an expression into existing elements: NumPy's `a[...] = expr`, `a[idx] = expr`,
//! `a.fill(v)`, and in-place arithmetic (`a += b` as `a.add_assign(&b)?`).
//!
//! The result is as if the right side were computed first. An expression that does not read
//! the written array runs as one kernel into it. One that reads it only element for element
//! (every read of its storage has exactly the written layout: `a.assign(&a * 2.0 + &b)`) runs
//! as one kernel in place on the CPU, each chunk reading the elements it then overwrites; the
//! expression's own handles on the storage are released first, so nothing copies the
//! storage. Any other overlap (a stencil reading the neighbours of what it writes), and every
//! self-read on CUDA, goes through a temporary of the written region.

use std::collections::HashSet;

use crate::array::{Array, ArrayViewMut, Storage};
use crate::dtype::DType;
use crate::error::Result;
use crate::expr::node::{storage_id, Node};
use crate::expr::program::Program;
use crate::expr::{check_result, definition, Expr, IntoExpr};
use crate::kernel::elementwise::{Instance, Plan};
use crate::ops::{Arithmetic, Numeric};
use crate::shape::Layout;
use crate::slice::SliceItem;

/// How an expression reads the storage it is written into.
#[derive(Debug, PartialEq, Eq)]
enum Reads {
    /// Not at all.
    None,
    /// Only with the written layout: element for element.
    Aligned,
    /// Some other way.
    Overlapping,
}

fn reads(node: &std::sync::Arc<Node>, id: usize, layout: &Layout) -> Reads {
    let mut seen = HashSet::new();
    let mut found = Reads::None;
    let mut stack = vec![node.clone()];
    while let Some(n) = stack.pop() {
        if !seen.insert(std::sync::Arc::as_ptr(&n)) {
            continue;
        }
        match &*n {
            Node::Array(a) if a.storage_id() == id => {
                if a.layout() == layout {
                    if found == Reads::None {
                        found = Reads::Aligned;
                    }
                } else {
                    return Reads::Overlapping;
                }
            }
            Node::Call { args, .. } => stack.extend(args.iter().cloned()),
            _ => {}
        }
    }
    found
}

/// Writes `e` into the elements `layout` of `storage`.
fn assign_into<T: DType>(storage: &mut Storage<T>, layout: Layout, e: Expr<T>) -> Result<()> {
    let id = storage_id(storage);
    let host = matches!(storage, Storage::Host(_));
    match reads(&e.node, id, &layout) {
        Reads::None => {
            storage.make_unique()?;
            run_into(&e, ArrayViewMut { storage, layout })
        }
        Reads::Aligned if host => {
            let is_out = |n: &Node| matches!(n, Node::Array(a) if a.storage_id() == id);
            let mut prog = Program::build_uncached(&e.node, Some(&is_out))?;
            prog.detach();
            // The program holds handles on the other arrays only: with the expression gone,
            // the written storage is shared no more (unless the caller holds another handle,
            // and then the copy made here is what is written, with the same elements read).
            drop(e);
            storage.make_unique()?;
            run_program_into(&prog, ArrayViewMut { storage, layout }, true)
        }
        Reads::Aligned | Reads::Overlapping => {
            let tmp = e.eval()?;
            drop(e);
            storage.make_unique()?;
            run_into(&tmp.into_expr(), ArrayViewMut { storage, layout })
        }
    }
}

/// Runs `e` into `out` (which it does not read).
fn run_into<T: DType>(e: &Expr<T>, out: ArrayViewMut<'_, T>) -> Result<()> {
    let prog = crate::expr::cache::program(&e.node)?;
    run_program_into(&prog, out, false)
}

fn run_program_into<T: DType>(
    prog: &Program,
    out: ArrayViewMut<'_, T>,
    in_place: bool,
) -> Result<()> {
    check_result::<T>(prog, "is written")?;
    let operands = prog.operands();
    let params = prog.params();
    let result = [T::ID];
    let device = out.device();
    let layout = out.layout().clone();
    let (def, type_args) = definition(prog, matches!(device, crate::device::Device::Cuda(_)))?;
    let inst = Instance {
        def,
        type_args,
        params,
        results: &result,
    };
    let plan = Plan::for_outputs(&inst, &operands, &[&layout], std::slice::from_ref(&device))
        .map_err(|e| prog.context(e))?;
    crate::expr::run_program(prog, &plan, &mut [out.erase()], in_place)
}

impl<T: DType> Array<T> {
    /// This array as an expression operand.
    fn operand(&self) -> crate::expr::AnyExpr {
        self.into_expr().erase()
    }

    /// Writes `src` (an array, a scalar or an expression, broadcast to this array's shape)
    /// into every element, on the array's device: NumPy's `a[...] = src`. The right side is
    /// computed as if first, so it may read this array; see the module
    /// [`expr::assign`](crate::expr) notes for when that runs in place.
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let dev = Device::cpu();
    /// let mut a = Array::from_vec(&dev, &[3], vec![1.0f64, 2.0, 3.0])?;
    /// let b = Array::from_vec(&dev, &[3], vec![10.0f64, 20.0, 30.0])?;
    /// a.assign(&a * 2.0 + &b)?; // one kernel, in place
    /// assert_eq!(a.to_vec()?, vec![12.0, 24.0, 36.0]);
    /// a.assign(&b)?;
    /// assert_eq!(a.to_vec()?, vec![10.0, 20.0, 30.0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn assign(&mut self, src: impl IntoExpr<T>) -> Result<()> {
        let layout = self.layout.clone();
        assign_into(&mut self.storage, layout, src.into_expr())
    }

    /// Writes `src` into the elements selected by a NumPy-style index (`a[1:-1, 1:-1] = expr`),
    /// as [`Array::assign`] does: the right side may read any part of this array, including
    /// the neighbours of the region written.
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let dev = Device::cpu();
    /// let mut u = Array::from_vec(&dev, &[5], vec![0.0f32, 1.0, 4.0, 9.0, 16.0])?;
    /// // u[1:-1] = (u[:-2] + u[2:]) / 2, every read before any write.
    /// let (left, right) = (u.slice(s![..-2])?, u.slice(s![2..])?);
    /// u.assign_at(s![1..-1], (&left + &right) / 2.0)?;
    /// assert_eq!(u.to_vec()?, vec![0.0, 2.0, 5.0, 10.0, 16.0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn assign_at(
        &mut self,
        index: impl AsRef<[SliceItem]>,
        src: impl IntoExpr<T>,
    ) -> Result<()> {
        let layout = crate::slice::slice_layout(&self.layout, index.as_ref())?;
        assign_into(&mut self.storage, layout, src.into_expr())
    }

    /// Sets every element to `value` (NumPy's `a.fill(value)`).
    ///
    /// ```
    /// use array_runtime::{Array, Device};
    /// let mut a = Array::<i16>::zeros(&Device::cpu(), &[2, 2])?;
    /// a.fill(7)?;
    /// assert_eq!(a.to_vec()?, vec![7; 4]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn fill(&mut self, value: T) -> Result<()> {
        let layout = self.layout.clone();
        assign_into(&mut self.storage, layout, crate::expr::scalar_node(value))
    }
}

/// In-place arithmetic, NumPy's `a += b` and friends: each is one kernel in place, and an
/// error is a value (Rust's `+=` could only panic).
///
/// ```
/// use array_runtime::{expr::InPlace, Array, Device};
/// let dev = Device::cpu();
/// let mut a = Array::from_vec(&dev, &[3], vec![1i32, 2, 3])?;
/// a.add_assign(10)?;
/// a.mul_assign(&a.copy()?)?;
/// a.rem_assign(7)?;
/// assert_eq!(a.to_vec()?, vec![2, 4, 1]);
/// assert!(a.sub_assign(&Array::<i32>::zeros(&dev, &[2])?).is_err()); // shapes
/// # Ok::<(), array_runtime::Error>(())
/// ```
pub trait InPlace<T: DType> {
    /// `self += rhs`
    fn add_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>;
    /// `self -= rhs`
    fn sub_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>;
    /// `self *= rhs`
    fn mul_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>;
    /// `self /= rhs` (floats and complex: the quotient keeps the dtype)
    fn div_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>
    where
        T: Numeric<Quotient = T>;
    /// `self %= rhs` (NumPy's remainder)
    fn rem_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>
    where
        T: Arithmetic;
}

impl<T: Numeric> InPlace<T> for Array<T> {
    fn add_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()> {
        let e = T::add_lazy(self.operand(), rhs.into_expr().erase());
        self.assign(e)
    }
    fn sub_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()> {
        let e = T::subtract_lazy(self.operand(), rhs.into_expr().erase());
        self.assign(e)
    }
    fn mul_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()> {
        let e = T::multiply_lazy(self.operand(), rhs.into_expr().erase());
        self.assign(e)
    }
    fn div_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>
    where
        T: Numeric<Quotient = T>,
    {
        let e =
            Expr::<T>::from_node(T::true_divide_lazy(self.operand(), rhs.into_expr().erase()).node);
        self.assign(e)
    }
    fn rem_assign(&mut self, rhs: impl IntoExpr<T>) -> Result<()>
    where
        T: Arithmetic,
    {
        let e = T::remainder_lazy(self.operand(), rhs.into_expr().erase());
        self.assign(e)
    }
}

impl<T: DType> ArrayViewMut<'_, T> {
    /// Writes `src` (an array, a scalar or an expression, broadcast to this view's shape) into
    /// the viewed elements, on their device (NumPy's `view[...] = src`).
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let dev = Device::cpu();
    /// let mut a = Array::<u8>::zeros(&dev, &[2, 4])?;
    /// let ones = Array::full(&dev, &[2], 1u8)?;
    /// a.slice_mut(s![.., 1..3])?.assign(&ones * 3)?;
    /// assert_eq!(a.to_vec()?, vec![0, 3, 3, 0, 0, 3, 3, 0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn assign(&mut self, src: impl IntoExpr<T>) -> Result<()> {
        run_into(&src.into_expr(), self.reborrow())
    }

    /// Sets every viewed element to `value`.
    ///
    /// ```
    /// use array_runtime::{s, Array, Device};
    /// let mut a = Array::<f32>::zeros(&Device::cpu(), &[4])?;
    /// a.slice_mut(s![..;2])?.fill(1.5)?;
    /// assert_eq!(a.to_vec()?, vec![1.5, 0.0, 1.5, 0.0]);
    /// # Ok::<(), array_runtime::Error>(())
    /// ```
    pub fn fill(&mut self, value: T) -> Result<()> {
        run_into(&crate::expr::scalar_node(value), self.reborrow())
    }
}
