//! C names for Rust bindings: unique per function (Rust shadows, C may not redeclare) and
//! never a C keyword, a reserved spelling or something that looks like a macro.

use std::collections::HashSet;

use crate::cnames;

pub(crate) struct Names {
    used: HashSet<String>,
    temps: usize,
}

impl Names {
    /// `taken`: names already spoken for (the type parameters).
    pub fn new(taken: impl IntoIterator<Item = String>) -> Names {
        Names {
            used: taken.into_iter().collect(),
            temps: 0,
        }
    }

    /// A C name for a Rust binding named `rust`.
    pub fn binding(&mut self, rust: &str) -> String {
        let mut base = rust.to_string();
        if cnames::is_reserved(&base) || cnames::looks_like_macro(&base) || base.contains("__") {
            let mut collapsed = String::from("v");
            for part in base.split('_').filter(|p| !p.is_empty()) {
                collapsed.push('_');
                collapsed.push_str(part);
            }
            base = collapsed.to_lowercase();
        }
        let mut name = base.clone();
        let mut n = 1;
        while self.used.contains(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.used.insert(name.clone());
        name
    }

    /// A fresh temporary (`kx_t0`); user names never start with `kx`.
    pub fn temp(&mut self) -> String {
        let t = format!("kx_t{}", self.temps);
        self.temps += 1;
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_shadowed_and_reserved() {
        let mut n = Names::new(["T".to_string()]);
        assert_eq!(n.binding("x"), "x");
        assert_eq!(n.binding("x"), "x_1");
        assert_eq!(n.binding("x_1"), "x_1_1");
        assert_eq!(n.binding("float"), "v_float");
        assert_eq!(n.binding("T"), "v_t");
        assert_eq!(n.binding("__y"), "v_y");
        assert_eq!(n.binding("kx_t0"), "v_kx_t0");
        assert_eq!(n.binding("NAN"), "v_nan");
        assert_eq!(n.binding("_x"), "_x");
        assert_eq!(n.temp(), "kx_t0");
    }
}
