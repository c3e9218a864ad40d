KX_FN t_T kxf_hypot_ish(t_T v_x, t_T v_y) {
    return kx::min(kx::max(kx::sqrt(kx::add(kx::mul(v_x, v_x), kx::mul(v_y, v_y))), kx::abs(v_x)), kx::powi(kx::mul_add(v_y, v_x, v_y), 2));
}
