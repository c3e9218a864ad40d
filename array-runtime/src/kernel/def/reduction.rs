//! What a reduction is: its description ([`ReductionDef`], written by `#[reduction]`), the
//! CPU form the macro generates ([`ReduceKernel`], reading [`Inputs`]) and one instantiation
//! with every dtype resolved ([`ReductionInstance`]).

use crate::dtype::{DType, DTypeId};
use crate::raw;

/// Static description of a `#[reduction]` (written by the macro).
#[derive(Clone, Copy, Debug)]
pub struct ReductionDef {
    /// The reduction's name.
    pub name: &'static str,
    /// CUDA C: the device functions `kxr_<name>_map`, `_combine`, `_identity` (when there is
    /// one) and `_finish`, written in terms of the type parameters' names.
    pub device_source: &'static str,
    /// Names of the inputs of `map`, in order.
    pub param_names: &'static [&'static str],
    /// The C names of the generic type parameters, which the module declares with `typedef`
    /// (`["t_T"]` for the macros' `T`: user names live in a namespace of their own in the
    /// generated C), empty for a concrete kernel.
    pub type_params: &'static [&'static str],
    /// Whether `map` takes the element's position along the reduced axes.
    pub takes_index: bool,
}

/// A reduction, as the CPU backend runs it (implemented by the code `#[reduction]` generates).
///
/// `combine` must be associative and commutative: the CPU backend folds with 8 interleaved
/// accumulators and pairwise trees (NumPy's summation), the GPU with warp shuffles; neither
/// keeps the elements' order.
pub trait ReduceKernel: Sized + Sync + 'static {
    /// The accumulator.
    type Acc: Copy + Send + Sync;
    /// The result's dtype.
    type Out: DType;
    /// The inputs of one run of elements, as typed slices.
    type Slices<'a>;
    /// The reduction's description.
    fn def() -> &'static ReductionDef;
    /// Dtypes of the type parameters (in `def().type_params` order).
    fn type_args() -> Vec<DTypeId>;
    /// Dtypes of the inputs.
    fn params() -> Vec<DTypeId>;
    /// Dtype of the accumulator's components (what a GPU block keeps in shared memory).
    fn acc_dtypes() -> Vec<DTypeId>;
    /// Typed slices of a run of elements.
    fn slices<'a>(inputs: &Inputs<'a>) -> Self::Slices<'a>;
    /// The length of a run: the shortest of its slices.
    fn len(slices: &Self::Slices<'_>) -> usize;
    /// Elements `lo..hi` of a run. The engine folds runs of 8 through this, so the element
    /// accesses of `map` are checked against a length the compiler knows, and vectorize.
    fn sub<'a>(slices: &Self::Slices<'a>, lo: usize, hi: usize) -> Self::Slices<'a>;
    /// The accumulator of element `i` of the run, at position `index` along the reduced axes.
    fn map(slices: &Self::Slices<'_>, i: usize, index: i64) -> Self::Acc;
    /// The identity of `combine`, if there is one.
    fn identity() -> Option<Self::Acc>;
    /// Combines two accumulators.
    fn combine(a: Self::Acc, b: Self::Acc) -> Self::Acc;
    /// The result of an accumulator.
    fn finish(acc: Self::Acc) -> Self::Out;
}

/// The inputs of one run of elements, handed to [`ReduceKernel::slices`].
#[derive(Debug)]
pub struct Inputs<'a> {
    pub(crate) parts: Vec<(&'a [u8], DTypeId)>,
}

impl<'a> Inputs<'a> {
    /// Input `i`'s elements for this run.
    ///
    /// Panics if `T` is not the input's dtype (generated code never does this).
    pub fn input<T: DType>(&self, i: usize) -> &'a [T] {
        let (bytes, id) = self.parts[i];
        assert_eq!(id, T::ID, "reduction input {i} has dtype {id}");
        raw::cast_slice(bytes)
    }
}

/// One instantiation of a reduction, as the CUDA backend needs it.
#[derive(Clone, Debug)]
pub struct ReductionInstance {
    /// The reduction.
    pub def: &'static ReductionDef,
    /// The dtype of each type parameter.
    pub type_args: Vec<DTypeId>,
    /// The dtype of each input.
    pub params: Vec<DTypeId>,
    /// The dtypes of the accumulator's components.
    pub acc: Vec<DTypeId>,
    /// The result's dtype.
    pub out: DTypeId,
}

impl ReductionInstance {
    /// The instance of kernel `K`.
    pub fn of<K: ReduceKernel>() -> Self {
        ReductionInstance {
            def: K::def(),
            type_args: K::type_args(),
            params: K::params(),
            acc: K::acc_dtypes(),
            out: K::Out::ID,
        }
    }

    /// The kernel's name followed by its type arguments (`sum__f32`).
    pub fn name(&self) -> String {
        let mut s = self.def.name.to_string();
        if !self.type_args.is_empty() {
            s.push('_');
            for t in &self.type_args {
                s.push('_');
                s.push_str(t.name());
            }
        }
        s
    }
}
