//! C names for Rust bindings: in the namespace of user names (`cnames`), unique per function
//! (Rust shadows, C may not redeclare).

use std::collections::HashSet;

use syn::ext::IdentExt;

use crate::cnames;
use crate::parse::ast::Signature;

#[derive(Default)]
pub(crate) struct Names {
    used: HashSet<String>,
    temps: usize,
}

impl Names {
    pub fn new() -> Names {
        Names::default()
    }

    /// A C name for a value the user named `rust` (a parameter, a local, shared memory):
    /// `v_x`, then `v_x_1`, `v_x_2` for the names that shadow it.
    pub fn binding(&mut self, rust: &str) -> String {
        let base = format!("v_{}", cnames::readable(rust));
        let mut name = base.clone();
        let mut n = 1;
        while self.used.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.used.insert(name.clone());
        name
    }

    /// A fresh temporary (`kx_t0`): the translator's own namespace.
    pub fn temp(&mut self) -> String {
        let t = format!("kx_t{}", self.temps);
        self.temps += 1;
        t
    }
}

/// The C names of a function's type parameters, in order: `t_T`, distinct even where two Rust
/// names have the same readable form. The runtime writes `typedef <dtype> t_T;` for each (they
/// are `DEF.type_params`); a device function declares them as its template's parameters.
pub(crate) fn type_params(sig: &Signature) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for g in &sig.generics {
        let base = format!("t_{}", cnames::readable(&g.name.unraw().to_string()));
        let mut name = base.clone();
        let mut n = 1;
        while out.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_shadowed_and_foreign_names() {
        let mut n = Names::new();
        assert_eq!(n.binding("x"), "v_x");
        assert_eq!(n.binding("x"), "v_x_1");
        assert_eq!(n.binding("x_1"), "v_x_1_1");
        assert_eq!(n.binding("float"), "v_float");
        assert_eq!(n.binding("KX_FN"), "v_KX_FN");
        assert_eq!(n.binding("__y"), "v_y");
        assert_eq!(n.binding("kx_t0"), "v_kx_t0");
        assert_eq!(n.binding("π"), "v_u3c0");
        assert_eq!(n.binding("_"), "v_x_2");
        assert_eq!(n.temp(), "kx_t0");
    }
}
