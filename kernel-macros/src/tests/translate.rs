//! The translator end to end on token streams: CUDA C for accepted kernels, messages for
//! rejected ones.

use quote::quote;

use crate::elementwise::translate;

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
fn literals_take_their_type_from_context() {
    let src = ok(quote! {
        fn f(x: f32, n: u64) -> (f32, u64, f64) {
            let two = 2.0;
            (x * two + 1.0, n + 1, 0.5)
        }
    });
    assert!(src.contains("float v_two = 2.0f;"), "{src}");
    assert!(src.contains("kx::add(v_n, 1ull)"), "{src}");
    assert!(src.contains("(v_x * v_two) + 1.0f"), "{src}");
    assert!(src.contains(", 0.5}"), "{src}");
}

#[test]
fn unconstrained_literals_default_like_rust() {
    let src = ok(quote! {
        fn f(x: f64) -> f64 {
            let i = 3;
            x + (i as f64)
        }
    });
    assert!(src.contains("int v_i = 3;"), "{src}");
}

#[test]
fn cast_types_its_literal_operand() {
    let src = ok(quote!(
        fn f(x: f32) -> u8 {
            (x as u8) ^ (255 as u8)
        }
    ));
    assert!(
        src.contains("kx::cast<unsigned char>((unsigned char)255)"),
        "{src}"
    );
    let e = errors(quote!(
        fn f(x: f32) -> u8 {
            300 as u8
        }
    ));
    assert_eq!(e, ["literal out of range for `u8`"]);
}

#[test]
fn negated_minimum_literals() {
    let src = ok(quote!(
        fn f(x: i32) -> (i32, i8) {
            (x.max(-2147483648), -128i8)
        }
    ));
    assert!(src.contains("(-2147483647 - 1)"), "{src}");
    assert!(src.contains("(signed char)-128"), "{src}");
}

#[test]
fn shadowing_and_reserved_names_are_renamed() {
    let src = ok(quote! {
        fn f(float: f32, int: f32) -> f32 {
            let float = float * 2.0;
            let float = float + int;
            float
        }
    });
    assert!(
        src.contains("KX_FN float kxf_f(float v_float, float v_int)"),
        "{src}"
    );
    assert!(src.contains("float v_float_1 = v_float * 2.0f;"), "{src}");
    assert!(
        src.contains("float v_float_2 = v_float_1 + v_int;"),
        "{src}"
    );
}

#[test]
fn if_statements_and_else_if_chains() {
    let src = ok(quote! {
        fn sign(x: f32) -> f32 {
            if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { 0.0 }
        }
    });
    // An `else if` chain stays flat in C (no nested `?:`, however long the chain).
    assert!(
        src.contains("    } else if (v_x < 0.0f) {\n        kx_t0 = -1.0f;\n    } else {"),
        "{src}"
    );
    let src = ok(quote! {
        fn g(x: f32) -> f32 {
            if x > 0.0 { let y = x * 2.0; y } else if x < -1.0 { let z = x; z } else { x }
        }
    });
    assert!(src.contains("} else if (v_x < (-1.0f)) {"), "{src}");
    assert!(src.contains("float v_z = v_x;"), "{src}");
    // A condition that needs statements nests in the `else`, where it runs.
    let src = ok(quote! {
        fn h(x: f32) -> f32 {
            if x > 0.0 { 1.0 } else if { let t = x * 2.0; t < -1.0 } { 2.0 } else { 3.0 }
        }
    });
    assert!(
        src.contains("} else {\n        float v_t = v_x * 2.0f;\n        if (v_t < (-1.0f)) {"),
        "{src}"
    );
}

#[test]
fn generics_use_helpers() {
    let src = ok(quote!(
        fn f<T: Num>(x: T, y: T) -> bool {
            x * y < y
        }
    ));
    assert!(src.contains("KX_FN bool kxf_f(t_T v_x, t_T v_y)"), "{src}");
    assert!(src.contains("kx::mul(v_x, v_y) < v_y"), "{src}");
    let src = ok(quote!(
        fn f<T>(x: T) -> T
        where
            T: Float,
        {
            -x.sqrt()
        }
    ));
    assert!(src.contains("kx::neg(kx::sqrt(v_x))"), "{src}");
}

#[test]
fn type_errors_are_collected() {
    let e = errors(quote! {
        fn f(x: f32, y: f64, n: u32) -> f32 {
            let a = x + y;
            let b = -n;
            let c = n.sqrt();
            let d = 2.0.sqrt();
            x * w
        }
    });
    assert_eq!(e.len(), 5, "{e:?}");
    assert!(e[0].contains("cannot apply `+` to `f32` and `f64`"));
    assert!(e[1].contains("cannot negate a value of type `u32`"));
    assert!(e[2].contains("method `sqrt` is not available on `u32`"));
    assert!(e[3].contains("ambiguous float literal"));
    assert!(e[4].contains("cannot find value `w`"));
}

#[test]
fn generic_rules_follow_the_bounds() {
    let e = errors(quote!(
        fn f<T: Num>(x: T) -> T {
            x.sqrt() + 1.0
        }
    ));
    assert!(e[0].contains("needs the bound `Float`"), "{e:?}");
    let e = errors(quote!(
        fn f<T: Float>(x: T) -> T {
            x * 2.0
        }
    ));
    assert!(e[0].contains("cannot have the generic type `T`"), "{e:?}");
    let e = errors(quote!(
        fn f<T: DType>(x: T) -> T {
            x + x
        }
    ));
    assert!(e[0].contains("bound `T` by `Num`"), "{e:?}");
    let e = errors(quote!(
        fn f<T: Num>(x: T) -> f32 {
            x as f32
        }
    ));
    assert!(e[0].contains("type parameter `T` with `as`"), "{e:?}");
}

#[test]
fn half_types_have_no_literals_or_casts() {
    let e = errors(quote!(
        fn f(x: f16) -> f16 {
            x * 2.0
        }
    ));
    assert!(e[0].contains("cannot have type `f16`"), "{e:?}");
    let e = errors(quote!(
        fn f(x: f16) -> f32 {
            x as f32
        }
    ));
    assert!(e[0].contains("no `as` casts"), "{e:?}");
    let src = ok(quote!(
        fn f(x: half::bf16, y: bf16) -> bf16 {
            x.max(y) % y
        }
    ));
    assert!(
        src.contains("__nv_bfloat16 kxf_f(__nv_bfloat16 v_x, __nv_bfloat16 v_y)"),
        "{src}"
    );
    assert!(src.contains("kx::rem(kx::max(v_x, v_y), v_y)"), "{src}");
}

#[test]
fn results_and_returns() {
    let src = ok(quote!(
        fn f(x: f32) -> f32 {
            let y = x;
            return y * y;
        }
    ));
    assert!(src.contains("return v_y * v_y;"), "{src}");
    let src = ok(quote!(
        fn f(x: f32) -> f32 {
            if x > 0.0 {
                return x;
            }
            x
        }
    ));
    assert!(
        src.contains("if (v_x > 0.0f) {\n        return v_x;\n    }"),
        "{src}"
    );
    let e = errors(quote!(
        fn f(x: f32) -> (f32, i32) {
            (x, x)
        }
    ));
    assert!(
        e[0].contains("returns `(f32, i32)`, found `(f32, f32)`"),
        "{e:?}"
    );
    let e = errors(quote!(
        fn f(x: f32) -> f32 {
            let y = x;
        }
    ));
    assert!(e[0].contains("must end with its result"), "{e:?}");
    let e = errors(quote!(
        fn f(x: f32) -> f32 {
            if x > 0.0 {
                x
            }
        }
    ));
    assert!(e[0].contains("without `else`"), "{e:?}");
}

#[test]
fn logic_with_statements_keeps_short_circuit() {
    let src = ok(quote! {
        fn f(a: bool, x: i32) -> bool { a || { let h = x / 2; h > 1 } }
    });
    assert!(
        src.contains("bool kx_t0 = v_a;\n    if (!kx_t0) {\n        int v_h = kx::div(v_x, 2);"),
        "{src}"
    );
}

#[test]
fn device_functions_are_guarded_templates() {
    let src = crate::device_fn::translate(quote! {
        fn lerp<T: Float>(a: T, b: T, t: T) -> T { a + (b - a) * t }
    })
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(src.starts_with("#ifndef KXD_lerp_"), "{src}");
    assert!(
        src.contains("template <class t_T>\nKX_FN t_T kxd_lerp(t_T v_a, t_T v_b, t_T v_t)"),
        "{src}"
    );
    let e = crate::device_fn::translate(quote! {
        fn f(n: u32) -> u32 { if n == 0 { 1 } else { f(n - 1) } }
    })
    .unwrap_err();
    assert!(e[0].contains("recursion"), "{e:?}");
}

#[test]
fn loops_jumps_and_match() {
    let src = ok(quote! {
        fn f(n: i32) -> i32 {
            let mut s = 0;
            'o: for i in 0..n {
                let mut j = 0;
                loop {
                    j += 1;
                    if j > i { continue 'o; }
                    if j == 7 { break 'o; }
                    s += match j { 1 | 2 => 1, 3..=5 => 2, _ => 3 };
                }
            }
            s
        }
    });
    assert!(src.contains("goto kx_continue_0;"), "{src}");
    assert!(src.contains("goto kx_break_0;"), "{src}");
    assert!(src.contains("kx_continue_0:;"), "{src}");
    assert!(src.contains("kx::range_len("), "{src}");
    assert!(src.contains("} else {"), "{src}");
}
