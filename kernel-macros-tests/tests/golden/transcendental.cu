KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_transcendental(float v_x, float v_y) {
    return kx::Tuple8<float, float, float, float, float, float, float, float>{kx::sin(v_x), kx::cos(v_x), kx::tan(v_x), kx::atan(v_x), kx::atan2(v_y, v_x), kx::tanh(v_x), kx::exp(v_x), kx::exp2(v_x)};
}
