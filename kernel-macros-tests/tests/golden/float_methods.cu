KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_float_methods(float v_x, float v_y) {
    float v_a = (((kx::sqrt(kx::abs(v_x)) + kx::floor(v_x)) - kx::ceil(v_x)) + (kx::round(v_x) * kx::trunc(v_x))) + kx::fract(v_x);
    float v_b = ((((kx::signum(v_x) * kx::copysign(v_x, v_y)) + kx::min(v_x, v_y)) - kx::max(v_x, v_y)) + kx::clamp(v_x, -1.0f, 1.0f)) + kx::recip(v_x);
    float v_c = (((kx::to_degrees(v_x) + kx::to_radians(v_y)) + kx::mul_add(v_x, v_y, 1.0f)) + kx::powi(v_x, 3)) + kx::powi(v_x, -2);
    return kx::Tuple8<float, float, float, float, float, float, float, float>{v_a, v_b, v_c, kx::min(v_x, v_y), kx::max(v_x, v_y), kx::mul_add(v_x, v_y, v_y), kx::rem(v_x, v_y), kx::hypot(v_x, v_y)};
}
