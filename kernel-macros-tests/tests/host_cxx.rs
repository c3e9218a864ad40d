//! The prelude (`array-runtime/src/cuda/prelude.cuh`) and the golden device functions compiled
//! as host C++17 with g++, the way the fidelity tests compile them. Skipped, with a message,
//! when g++ is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn gxx() -> Option<&'static str> {
    let ok = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("g++ not found: host C++ checks skipped");
    }
    ok.then_some("g++")
}

fn compile(dir: &Path, name: &str, text: &str, args: &[&str]) -> std::process::Output {
    let file = dir.join(format!("{name}.cpp"));
    std::fs::write(&file, text).expect("write C++ file");
    Command::new("g++")
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror"])
        .args(args)
        .arg(&file)
        .output()
        .expect("run g++")
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kx-host-cxx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn prelude() -> String {
    let path = root().join("../array-runtime/src/cuda/prelude.cuh");
    format!("#include \"{}\"\n", path.display())
}

#[test]
fn golden_functions_compile_as_host_cxx() {
    if gxx().is_none() {
        return;
    }
    let dir = scratch();
    let mut checked = 0;
    for entry in std::fs::read_dir(root().join("tests/golden")).expect("golden dir") {
        let path = entry.expect("entry").path();
        let body = std::fs::read_to_string(&path).expect("read golden");
        if body.contains("__half") || body.contains("__nv_bfloat16") {
            continue; // fp16/bf16 need CUDA's headers (KX_HALF)
        }
        if body.contains("__global__") {
            continue; // raw kernels: whole CUDA entry points, compiled by NVRTC in tests/raw_kernel.rs
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        // Generic kernels: instantiate for a float and an integer type; each must compile
        // with at least one (float-only and integer-only kernels exist).
        let mut errors = Vec::new();
        for t in ["float", "int"] {
            // `t_T`: the C name the macro gives a type parameter `T`.
            let text = format!("{}typedef {t} t_T;\n{body}", prelude());
            let out = compile(
                &dir,
                &name,
                &text,
                &["-fsyntax-only", "-Wno-unused-function"],
            );
            if !out.status.success() {
                errors.push(format!(
                    "T = {t}:\n{}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
        assert!(errors.len() < 2, "{name}:\n{}", errors.join("\n"));
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn prelude_keeps_rust_semantics_on_the_host() {
    if gxx().is_none() {
        return;
    }
    let dir = scratch();
    let program = format!(
        "{}#include <cstdio>\n#include <cmath>\nint main() {{\n{}\n}}\n",
        prelude(),
        r#"
        std::printf("%d %d %d %d\n", kx::cast<int>(NAN), (int)kx::cast<unsigned char>(300.0f),
                    kx::cast<int>(-1e20), (int)kx::cast<signed char>(200));
        std::printf("%d %d %d %d\n", (int)kx::add((signed char)127, (signed char)1),
                    kx::div(5, 0), kx::div(-2147483647 - 1, -1), kx::rem(-7, 2));
        std::printf("%d %lld %d\n", (int)kx::mul((unsigned short)65535, (unsigned short)65535),
                    kx::cast<long long>(9.3e18f), kx::cast<int>(true));
        std::printf("%g %g %g %g\n", kx::max(NAN, 1.0f), kx::powi(2.0f, -3), kx::powi(3.0, 5),
                    kx::rem(-7.5f, 2.0f));
        "#
    );
    let exe = dir.join("semantics");
    let out = compile(&dir, "semantics", &program, &["-o", exe.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run");
    let got = String::from_utf8_lossy(&run.stdout).to_string();
    let want = format!(
        "{} {} {} {}\n{} {} {} {}\n{} {} {}\n{} {} {} {}\n",
        std::hint::black_box(f32::NAN) as i32,
        300.0f32 as u8,
        -1e20f64 as i32,
        200i32 as i8,
        127i8.wrapping_add(1),
        0,
        i32::MIN.wrapping_div(-1),
        -7 % 2,
        65535u16.wrapping_mul(65535),
        9.3e18f32 as i64,
        true as i32,
        f32::NAN.max(1.0),
        2.0f32.powi(-3),
        3.0f64.powi(5),
        -7.5f32 % 2.0,
    );
    assert_eq!(got, want);
}
