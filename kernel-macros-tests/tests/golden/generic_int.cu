KX_FN kx::Tuple4<t_T, t_T, t_T, t_T> kxf_generic_int(t_T v_x, t_T v_y) {
    t_T v_acc = v_x;
    unsigned int v_steps = 0u;
    t_T kx_t0 = v_x;
    t_T kx_t1 = v_y;
    for (unsigned long long kx_t2 = 0, kx_t3 = kx::range_len(kx_t0, kx_t1, 1ull, false); kx_t2 < kx_t3; ++kx_t2) {
        t_T v_v = kx::range_at(kx_t0, kx_t2, 1ull);
        v_acc = kx::bit_xor(v_acc, v_v);
        v_steps = kx::add(v_steps, 1u);
        if ((v_acc == v_y) || (v_steps == 20u)) {
            break;
        }
    }
    return kx::Tuple4<t_T, t_T, t_T, t_T>{kx::sub(kx::add(kx::mul(v_x, v_y), v_x), v_y), kx::add(kx::div(v_x, v_y), kx::rem(v_x, v_y)), kx::bit_or(kx::shl(v_x, 3u), kx::shr(v_y, 1u)), kx::max(kx::min(v_acc, v_y), v_x)};
}
