KX_FN kx::Tuple5<kx::complex<float>, kx::complex<float>, float, float, kx::complex<float>> kxf_complex_math(kx::complex<float> v_z, kx::complex<float> v_w, float v_r) {
    kx::complex<float> v_p = ((v_z * v_w) + (v_z / v_w)) - kx::complex<float>{v_r, 1.0f};
    kx::complex<float> v_q = kx::conj((v_z * v_r) - (v_r / v_w)) + kx::unscale(kx::scale(kx::inv(v_z), 2.0f), 4.0f);
    kx::complex<float> v_m = ((kx::exp(v_z) + kx::ln(v_w)) + kx::sqrt(v_z)) + kx::powf(v_w, 1.5f);
    v_m.re = v_m.re + 1.0f;
    v_m.im = v_m.im * v_z.re;
    return kx::Tuple5<kx::complex<float>, kx::complex<float>, float, float, kx::complex<float>>{v_p, v_q, (kx::norm(v_z) + kx::norm_sqr(v_w)) + kx::arg(v_z), v_z.im, v_m};
}
