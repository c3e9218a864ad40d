//! `#[raw_kernel]` end to end on token streams: the CUDA C of accepted kernels, the messages
//! of rejected ones, and the expansion of generated kernels valid and invalid (it must never
//! panic, and what it emits must parse as Rust).

use std::panic::{catch_unwind, AssertUnwindSafe};

use quote::quote;

use crate::raw_kernel::{expand, translate};

fn ok(item: proc_macro2::TokenStream) -> String {
    translate(item).unwrap_or_else(|e| panic!("rejected: {e:?}"))
}

fn errors(item: proc_macro2::TokenStream) -> Vec<String> {
    match translate(item) {
        Ok(src) => panic!("accepted:\n{src}"),
        Err(e) => e,
    }
}

#[test]
fn slices_follow_the_parameter_contract() {
    let src = ok(quote! {
        fn scale(x: &[f32], y: &mut [f32], a: f32) {
            let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;
            if i < y.len() {
                y[i] = a * x[i];
            }
        }
    });
    assert!(
        src.contains(
            "extern \"C\" __global__ void kxr_scale(const float* __restrict__ v_x, unsigned long \
             long v_x_len, float* v_y, unsigned long long v_y_len, float v_a, unsigned int* kx_err)"
        ),
        "{src}"
    );
    assert!(src.contains("if (v_i < v_y_len)"), "{src}");
    assert!(
        src.contains(
            "kxr::store(v_y, v_y_len, v_i, v_a * kxr::load(v_x, v_x_len, v_i, 0u, kx_err), 1u, kx_err);"
        ),
        "{src}"
    );
}

#[test]
fn compound_assignment_reads_and_writes_once() {
    let src = ok(quote! {
        fn bump(y: &mut [i32], k: u32) {
            y[k * 2] += 1;
        }
    });
    assert!(
        src.contains("unsigned int kx_t0 = kx::mul(v_k, 2u);"),
        "{src}"
    );
    assert!(
        src.contains(
            "kxr::store(v_y, v_y_len, kx_t0, kx::add(kxr::load(v_y, v_y_len, kx_t0, 0u, kx_err), 1), 0u, kx_err);"
        ),
        "{src}"
    );
}

#[test]
fn shared_arrays_are_laid_out_in_order() {
    let item = quote! {
        fn k(x: &mut [f64]) {
            let a = shared_array::<u8, 3>();
            let b = shared_array::<f64, { 2 * 4 }>();
            let c = dyn_shared::<f32>();
            sync_threads();
            x[0] = b[a.len()] + c[0] as f64;
        }
    };
    let src = ok(item.clone());
    assert!(src.contains("__shared__ unsigned char v_a[3];"), "{src}");
    assert!(src.contains("__shared__ double v_b[8];"), "{src}");
    assert!(src.contains("float* v_c = (float*)kx_dyn_smem;"), "{src}");
    assert!(
        src.contains("kxr::load(v_b, 8ull, 3ull, 0x80000001u, kx_err)"),
        "{src}"
    );
    assert!(
        src.contains("kxr::load(v_c, v_c_len, 0, 0x80000002u, kx_err)"),
        "{src}"
    );
    let item: syn::ItemFn = syn::parse2(item).unwrap();
    let mut diag = crate::diag::Diagnostics::default();
    let kernel = crate::parse::raw_kernel(&item, &mut diag).kernel.unwrap();
    let info = crate::lower::raw::analyze(&kernel);
    assert_eq!(info.shared_offsets, vec![0, 8]);
    assert_eq!(info.static_shared_bytes, 72);
    assert!(info.uses_block_sync && !info.uses_warp_ops);
}

#[test]
fn collectives_are_evaluated_in_order() {
    let src = ok(quote! {
        fn k(x: &mut [u32]) {
            let v = x[0];
            x[1] = shfl_xor(v, 1) + shfl_down(v, 2);
            let n = atomic_add(&x, 2, 1);
        }
    });
    let a = src
        .find("__shfl_xor_sync(0xffffffffu, v_v, (int)(1u))")
        .unwrap();
    let b = src.find("__shfl_down_sync(0xffffffffu, v_v, 2u)").unwrap();
    assert!(a < b, "{src}");
    assert!(
        src.contains("kxa::add(kxr::at(v_x, v_x_len, 2, 0u, kx_err), 1u)"),
        "{src}"
    );
}

#[test]
fn rejected_constructs() {
    let e = errors(quote! { fn k(x: &[f32]) -> f32 { x[0] } });
    assert!(e[0].contains("returns nothing"), "{e:?}");
    let e = errors(quote! { fn k(x: &[f32]) { x[0] = 1.0; } });
    assert!(e[0].contains("`&[T]` slice"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { let y = x; } });
    assert!(e[0].contains("bound to another name"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { x = x; } });
    assert!(e[0].contains("slices cannot be assigned"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32], n: u32) { let t = shared_array::<f32, n>(); } });
    assert!(e[0].contains("must be a constant"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { atomicAdd(&x, 0, 1.0); } });
    assert!(e[0].contains("atomic_add"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { return 1.0; } });
    assert!(e[0].contains("returns nothing"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { let d = thread_idx(); x[0] = d.w; } });
    assert!(e[0].contains("no field `w`"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { let n = x.len() + 1.0; } });
    assert!(e[0].contains("mismatched types"), "{e:?}");
    let e = errors(quote! { fn k(x: &mut [f32]) { let n = (if true { x } else { x })[0]; } });
    assert!(e.iter().any(|m| m.contains("cannot be chosen")), "{e:?}");
}

#[test]
fn accepted_programs_keep_their_intrinsics_out_of_device_functions() {
    // A device-function call stays one, beside the intrinsics.
    let src = ok(quote! {
        fn k(x: &mut [f32]) {
            let i = lane_id();
            x[i] = helper(x[i]);
        }
    });
    assert!(src.contains("kxd_helper("), "{src}");
}

/// A small deterministic generator (no extra crates).
struct Gen(u64);

impl Gen {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const PARAMS: &[&str] = &[
    "x: &[f32]",
    "y: &mut [f32]",
    "h: &mut [u32]",
    "n: u32",
    "a: f32",
    "t: &mut [T]",
    "s: &[T]",
    "v: T",
    "m: &mut f32",
    "b: [f32; 2]",
    "p: &[Point]",
    "q: &'a [f32]",
    "mut w: &mut [i64]",
];
const STMTS: &[&str] = &[
    "let i = (block_idx().x * block_dim().x + thread_idx().x) as usize;",
    "if i < y.len() { y[i] = x[i] * 2.0; }",
    "let tile = shared_array::<f32, 64>();",
    "let tile = shared_array::<f32, { 8 * 8 }>();",
    "let tile = shared_array::<f32, N>();",
    "let d = dyn_shared::<T>();",
    "tile[thread_idx().x] = 1.0;",
    "sync_threads();",
    "atomic_add(&h, 0, 1);",
    "atomic_add(&x, 0, 1.0);",
    "atomic_cas(&w, 1, 2, 3);",
    "let v = shfl_down(1.0f32, 16);",
    "let b = vote_ballot(lane_id() == 0);",
    "y[0] += shfl_xor(y[1], 1);",
    "t[0] = s[0];",
    "return;",
    "return 1;",
    "let z = x;",
    "for k in 0..n { y[k] = 0.0; }",
    "while i < 4 { i += 1; }",
    "let q = thread_idx().w;",
    "x.len();",
    "__syncthreads();",
    "atomic_inc(&h, 0, 1);",
    "let c = &h;",
    "unknown_fn(x);",
    "y[i] = sync_threads_count(true) as f32;",
];
const GENERICS: &[&str] = &["", "", "<T: Float>", "<T>", "<'a>", "<T: Num>"];
const RESULTS: &[&str] = &["", "", "", " -> f32"];

#[test]
fn never_panics_and_emits_rust() {
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    for case in 0..600 {
        let params: Vec<&str> = (0..1 + g.below(4)).map(|_| g.pick(PARAMS)).collect();
        let body: Vec<&str> = (0..g.below(7)).map(|_| g.pick(STMTS)).collect();
        let text = format!(
            "fn k{}({}){} {{ {} }}",
            g.pick(GENERICS),
            params.join(", "),
            g.pick(RESULTS),
            body.join(" ")
        );
        let Ok(item) = text.parse::<proc_macro2::TokenStream>() else {
            continue;
        };
        let out = catch_unwind(AssertUnwindSafe(|| expand(quote!(), item.clone())))
            .unwrap_or_else(|_| panic!("case {case} panicked on: {text}"));
        if let Err(e) = syn::parse2::<syn::File>(out.clone()) {
            panic!("case {case}: the expansion of `{text}` is not Rust ({e}):\n{out}");
        }
        let _ = catch_unwind(AssertUnwindSafe(|| translate(item)))
            .unwrap_or_else(|_| panic!("case {case} panicked in translate on: {text}"));
    }
    // Token soup and other items.
    for text in [
        "struct S;",
        "fn",
        "fn k(",
        "mod m {}",
        "fn k() { shared_array::<>() }",
    ] {
        if let Ok(item) = text.parse::<proc_macro2::TokenStream>() {
            let _ = catch_unwind(AssertUnwindSafe(|| expand(quote!(), item)))
                .unwrap_or_else(|_| panic!("panicked on: {text}"));
        }
    }
}
