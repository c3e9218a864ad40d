//! What an elementwise kernel is: its description ([`ElementwiseDef`], written by
//! `#[elementwise]`) and one instantiation with every dtype resolved ([`Instance`]).

use crate::dtype::DTypeId;

/// Static description of an `#[elementwise]` kernel (written by the macro).
#[derive(Clone, Copy, Debug)]
pub struct ElementwiseDef {
    /// The Rust function's name.
    pub name: &'static str,
    /// CUDA C: the `__device__` function `kxf_<name>` (and the device functions it calls),
    /// written in terms of the type parameters' names for a generic kernel.
    pub device_source: &'static str,
    /// Names of the parameters, in order.
    pub param_names: &'static [&'static str],
    /// The C names of the generic type parameters, which the module declares with `typedef`
    /// (`["t_T"]` for the macros' `T`: user names live in a namespace of their own in the
    /// generated C), empty for a concrete kernel.
    pub type_params: &'static [&'static str],
}

/// One instantiation of a kernel: its definition with every dtype resolved.
#[derive(Clone, Copy, Debug)]
pub struct Instance<'a> {
    /// The kernel.
    pub def: &'a ElementwiseDef,
    /// The dtype of each type parameter, in the order of `def.type_params`.
    pub type_args: &'a [DTypeId],
    /// The dtype of each parameter.
    pub params: &'a [DTypeId],
    /// The dtype of each result.
    pub results: &'a [DTypeId],
}

impl Instance<'_> {
    /// The name of this instantiation: the kernel's name, then its type arguments
    /// (`add__f32`).
    pub fn name(&self) -> String {
        let mut s = self.def.name.to_string();
        if !self.type_args.is_empty() {
            s.push('_');
            for t in self.type_args {
                s.push('_');
                s.push_str(t.name());
            }
        }
        s
    }
}
