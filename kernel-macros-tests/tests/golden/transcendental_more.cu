KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_transcendental_more(float v_x, float v_y) {
    return kx::Tuple8<float, float, float, float, float, float, float, float>{kx::exp_m1(v_x), kx::ln(v_x), kx::log2(v_x), kx::log10(v_x), kx::ln_1p(v_x), kx::log(v_x, v_y), kx::powf(v_x, v_y), kx::cbrt(v_x)};
}
