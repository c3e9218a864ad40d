KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_transcendental(float x, float y) {
    return kx::Tuple8<float, float, float, float, float, float, float, float>{kx::sin(x), kx::cos(x), kx::tan(x), kx::atan(x), kx::atan2(y, x), kx::tanh(x), kx::exp(x), kx::exp2(x)};
}
