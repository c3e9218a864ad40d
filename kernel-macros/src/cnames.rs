//! C names for the user's identifiers: every one lives in a namespace of its own in the
//! generated C, so that no Rust name can clash with a C or C++ keyword, a CUDA type
//! (`uint3`, `dim3`, `float2`), a macro of a header or of the runtime's prelude (`KX_FN`,
//! `NAN`), or a name the translator itself writes (`kx_t0`, `kx_err`).
//!
//! | Rust | C |
//! | --- | --- |
//! | a parameter or local `x` | `v_x` (`v_x_1`, `v_x_2` for the shadowed ones) |
//! | a type parameter `T` | `t_T` |
//! | an `#[elementwise]` kernel `f` | `kxf_f` |
//! | a `#[device_fn]` `f` | `kxd_f` |
//! | a piece of the `#[reduction]` `r` | `kxr_r_map`, `kxr_r_combine`, .. |
//! | a `#[raw_kernel]` `k` | `kxr_k` |
//!
//! Nothing the prelude, the runtime or CUDA defines starts with `v_` or `t_`, and the rest
//! is the `kx` namespace, which the prelude reserves for itself.
//!
//! Rust identifiers may hold any Unicode letter (`π`, `café`) where C takes ASCII. Locals,
//! parameters and type parameters are named by [`readable`]: their names only need to be
//! distinct within one function, which the caller ensures. Functions are named by [`exact`],
//! which is one-to-one: a kernel's module holds functions from many macro expansions, and
//! each must find its callees by name. The runtime spells kernel names with the same
//! function (`array_runtime::cuda::codegen::c_ident`).

use std::fmt::Write as _;

/// A C spelling of `rust` (an identifier without `r#`) that keeps it readable: ASCII letters,
/// digits and single underscores as written, every other character as `u` and its code point
/// in hex (`π` is `u3c0`), runs of underscores made one and the ends trimmed (C reserves
/// names with `__`). Never empty. Not one-to-one (`a_b` and `a__b` meet); callers
/// deduplicate.
pub(crate) fn readable(rust: &str) -> String {
    let mut out = String::with_capacity(rust.len());
    for c in rust.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if c == '_' {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
        } else {
            let _ = write!(out, "u{:x}", u32::from(c));
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// Whether `rust` is its own C spelling under [`exact`]: ASCII letters, digits and
/// underscores, with no `__` and no `_` at either end.
fn is_plain(rust: &str) -> bool {
    !rust.is_empty()
        && rust.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !rust.contains("__")
        && !rust.starts_with('_')
        && !rust.ends_with('_')
}

/// A one-to-one C spelling of `rust`: the name itself when it is plain ASCII (`saxpy`), else
/// its [`readable`] form, `__` and the hex of its UTF-8 bytes (`café` is
/// `cafue9__636166c3a9`). Plain names never contain `__`, so the two kinds never meet.
pub(crate) fn exact(rust: &str) -> String {
    if is_plain(rust) {
        return rust.to_string();
    }
    let mut out = readable(rust);
    out.push_str("__");
    for b in rust.bytes() {
        let _ = write!(out, "{b:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readable_names_are_c_identifiers() {
        assert_eq!(readable("x"), "x");
        assert_eq!(readable("my_var2"), "my_var2");
        assert_eq!(readable("π"), "u3c0");
        assert_eq!(readable("café"), "cafue9");
        assert_eq!(readable("_x"), "x");
        assert_eq!(readable("a__b_"), "a_b");
        assert_eq!(readable("_"), "x");
        assert_eq!(readable("__"), "x");
    }

    #[test]
    fn exact_names_are_one_to_one() {
        assert_eq!(exact("saxpy"), "saxpy");
        assert_eq!(exact("KX_FN"), "KX_FN");
        assert_eq!(exact("café"), "cafue9__636166c3a9");
        assert_eq!(exact("cafue9"), "cafue9");
        assert_eq!(exact("a__b"), "a_b__615f5f62");
        assert_eq!(exact("_a"), "a__5f61");
        let names = [
            "a_b", "a__b", "_a_b", "a_b_", "ab", "π", "u3c0", "ü", "u_fc",
        ];
        let mut seen: Vec<String> = names.iter().map(|n| exact(n)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), names.len());
        for n in &seen {
            assert!(
                n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{n}"
            );
        }
    }
}
