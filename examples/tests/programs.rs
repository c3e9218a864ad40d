//! Every example program runs to success on the default device (the CPU here), with sizes
//! small enough for a test; each program checks its own results against a plain loop and
//! exits with an error when they differ.

use std::process::Command;

fn run(bin: &str, path: &str, env: &[(&str, &str)]) {
    let out = Command::new(path)
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("{bin}: cannot start: {e}"));
    assert!(
        out.status.success(),
        "{bin} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn quickstart() {
    run("quickstart", env!("CARGO_BIN_EXE_quickstart"), &[]);
}

#[test]
fn reductions() {
    run("reductions", env!("CARGO_BIN_EXE_reductions"), &[]);
}

#[test]
fn raw_kernels() {
    run("raw_kernels", env!("CARGO_BIN_EXE_raw_kernels"), &[]);
}

#[test]
fn matmul() {
    run(
        "matmul",
        env!("CARGO_BIN_EXE_matmul"),
        &[("MATMUL_N", "96"), ("MATMUL_REPS", "1")],
    );
}

#[test]
fn normalize_rows() {
    run(
        "normalize_rows",
        env!("CARGO_BIN_EXE_normalize_rows"),
        &[("ROWS", "2003"), ("CHUNK", "500")],
    );
}

#[test]
fn numpy_basics() {
    run("numpy_basics", env!("CARGO_BIN_EXE_numpy_basics"), &[]);
}
