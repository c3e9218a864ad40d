KX_FN t_T kxf_iabs_diff(t_T v_x, t_T v_y) {
    return kx::min(kx::max(kx::sub(v_x, v_y), kx::sub(v_y, v_x)), kx::neg(v_x));
}
