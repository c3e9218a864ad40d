KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_transcendental_more(float x, float y) {
    return kx::Tuple8<float, float, float, float, float, float, float, float>{kx::exp_m1(x), kx::ln(x), kx::log2(x), kx::log10(x), kx::ln_1p(x), kx::log(x, y), kx::powf(x, y), kx::cbrt(x)};
}
