//! Rejected kernels: one file per construct, each with the error rustc shows
//! (`tests/ui/<category>/<case>.stderr`). `TRYBUILD=overwrite` rewrites them; review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
