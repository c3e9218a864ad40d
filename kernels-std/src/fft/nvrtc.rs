//! Every kernel of `fft` compiled by NVRTC for each instantiation it is used with (skipped
//! when NVRTC is missing, a failure under CI): the kernels around the transforms and the
//! direct convolutions. (The conversions that lay lines out for cuFFT are the runtime's
//! `astype` kernels, every pair of which `tests/astype.rs` compiles.)

use array_runtime::DTypeId::*;

use super::kernels as k;
use crate::scan::nvrtc::{available, elementwise, raw};

#[test]
fn fft_kernels_compile() {
    if !available("fft kernels") {
        return;
    }
    elementwise(&k::scale_c64::DEF, &[], &[C64, F32], &[C64]);
    elementwise(&k::scale_c128::DEF, &[], &[C128, F64], &[C128]);
    elementwise(&k::conj_scale_c64::DEF, &[], &[C64, F32], &[C64]);
    elementwise(&k::conj_scale_c128::DEF, &[], &[C128, F64], &[C128]);
    elementwise(&k::drop_imag_c64::DEF, &[], &[C64], &[C64]);
    elementwise(&k::drop_imag_c128::DEF, &[], &[C128], &[C128]);
    elementwise(&k::mul_c64::DEF, &[], &[C64, C64], &[C64]);
    elementwise(&k::mul_c128::DEF, &[], &[C128, C128], &[C128]);
    for t in [F32, F64] {
        elementwise(&k::scale_real::DEF, &[t], &[t, t], &[t]);
    }
    elementwise(&k::fftfreq_at::DEF, &[], &[I64, I64, F64], &[F64]);
    elementwise(&k::rfftfreq_at::DEF, &[], &[I64, F64], &[F64]);
    for (c, r) in [(C64, F32), (C128, F64)] {
        let single = c == C64;
        let pick = |a, b| if single { a } else { b };
        elementwise(
            pick(&k::post_re_c64::DEF, &k::post_re_c128::DEF),
            &[],
            &[c, c, r],
            &[r],
        );
        elementwise(
            pick(&k::post_neg_im_c64::DEF, &k::post_neg_im_c128::DEF),
            &[],
            &[c, c, r],
            &[r],
        );
        elementwise(
            pick(&k::dct3_pre_c64::DEF, &k::dct3_pre_c128::DEF),
            &[],
            &[r, r, c, r],
            &[c],
        );
        elementwise(
            pick(&k::mul_rc_c64::DEF, &k::mul_rc_c128::DEF),
            &[],
            &[r, c],
            &[c],
        );
        elementwise(
            pick(&k::re_part_c64::DEF, &k::re_part_c128::DEF),
            &[],
            &[c, r],
            &[r],
        );
        elementwise(
            pick(&k::neg_im_part_c64::DEF, &k::neg_im_part_c128::DEF),
            &[],
            &[c, r],
            &[r],
        );
        elementwise(
            pick(&k::real_to_complex_c64::DEF, &k::real_to_complex_c128::DEF),
            &[],
            &[r, r],
            &[c],
        );
    }
    for def in [
        &k::direct_i32::DEF,
        &k::direct_i64::DEF,
        &k::direct_f32::DEF,
        &k::direct_f64::DEF,
        &k::direct_c64::DEF,
        &k::direct_c128::DEF,
    ] {
        raw(def, &[]);
    }
}
