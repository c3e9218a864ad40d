KX_FN kx::Tuple8<float, float, float, float, float, float, float, float> kxf_float_methods(float x, float y) {
    float a = (((kx::sqrt(kx::abs(x)) + kx::floor(x)) - kx::ceil(x)) + (kx::round(x) * kx::trunc(x))) + kx::fract(x);
    float b = ((((kx::signum(x) * kx::copysign(x, y)) + kx::min(x, y)) - kx::max(x, y)) + kx::clamp(x, -1.0f, 1.0f)) + kx::recip(x);
    float c = (((kx::to_degrees(x) + kx::to_radians(y)) + kx::mul_add(x, y, 1.0f)) + kx::powi(x, 3)) + kx::powi(x, -2);
    return kx::Tuple8<float, float, float, float, float, float, float, float>{a, b, c, kx::min(x, y), kx::max(x, y), kx::mul_add(x, y, y), kx::rem(x, y), kx::hypot(x, y)};
}
