//! Golden CUDA C: the device function of representative kernels, compared with
//! `tests/golden/<name>.cu`. `UPDATE_GOLDEN=1 cargo test --test golden` rewrites the files;
//! review the diff like any other change.

use std::path::PathBuf;

use kernel_macros_tests as k;

fn golden(name: &str, source: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.cu"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, source).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    assert_eq!(
        source, want,
        "CUDA C of `{name}` changed; run with UPDATE_GOLDEN=1 and review the diff"
    );
}

macro_rules! golden_tests {
    ($($kernel:ident),* $(,)?) => {$(
        #[test]
        fn $kernel() {
            golden(stringify!($kernel), k::$kernel::DEF.device_source);
        }
    )*};
}

/// One kernel per family of the language (`src/language.rs`).
macro_rules! language_golden_tests {
    ($($kernel:ident),* $(,)?) => {$(
        #[test]
        fn $kernel() {
            golden(stringify!($kernel), k::language::$kernel::DEF.device_source);
        }
    )*};
}

mod language {
    use super::*;

    language_golden_tests!(
        statements,
        loops,
        matching,
        aggregates,
        constants,
        float_methods,
        transcendental,
        transcendental_more,
        transcendental_f64,
        float_predicates,
        int_methods,
        int_semantics,
        cast_matrix,
        convert_matrix,
        float_bits,
        half_math,
        complex_math,
        complex_f64,
        calls,
        generic_int,
        generic_num,
    );

    #[test]
    fn device_functions() {
        let text = [
            k::language::lerp::KX_CUDA,
            k::language::smooth::KX_CUDA,
            k::language::gcd::KX_CUDA,
        ]
        .concat();
        golden("device_functions", &text);
    }
}

golden_tests!(
    saxpy,
    add,
    divmod,
    leaky_relu,
    casts,
    fma16,
    hypot_ish,
    smooth_step,
    bits,
    iabs_diff,
);

/// Raw kernels: the whole `cuda_source` of their `RawKernelDef` (helpers and entry point).
mod raw {
    use super::*;

    #[test]
    fn raw_transpose() {
        golden("raw_transpose", k::raw::transpose::DEF.cuda_source);
    }

    #[test]
    fn raw_warp_sum() {
        golden("raw_warp_sum", k::raw::warp_sum::DEF.cuda_source);
    }
}
