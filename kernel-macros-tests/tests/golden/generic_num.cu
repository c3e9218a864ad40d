KX_FN kx::Tuple3<t_T, t_T, bool> kxf_generic_num(t_T v_x, t_T v_y) {
    return kx::Tuple3<t_T, t_T, bool>{kx::sub(kx::mul(v_x, v_y), v_x), kx::add(kx::div(v_x, v_y), kx::rem(v_x, v_y)), v_x < v_y};
}
