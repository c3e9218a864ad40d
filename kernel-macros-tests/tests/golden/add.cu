KX_FN t_T kxf_add(t_T v_x, t_T v_y) {
    return kx::add(v_x, v_y);
}
