KX_FN T kxf_hypot_ish(T x, T y) {
    return kx::min(kx::max(kx::sqrt(kx::add(kx::mul(x, x), kx::mul(y, y))), kx::abs(x)), kx::powi(kx::mul_add(y, x, y), 2));
}
