KX_FN kx::Tuple2<float, int> kxf_statements(float v_x, int v_n) {
    float v_acc = v_x;
    v_acc = v_acc + 1.5f;
    v_acc = v_acc * 2.0f;
    int v_n_1 = kx::mul(v_n, 3);
    int v_m = v_n_1;
    v_m = kx::sub(v_m, 7);
    v_m = kx::shl(v_m, 2);
    v_m = kx::bit_xor(v_m, 85);
    float v_inner = v_acc - 1.0f;
    v_acc = v_inner / 4.0f;
    if (kx::is_nan(v_acc)) {
        return kx::Tuple2<float, int>{0.0f, v_m};
    }
    return kx::Tuple2<float, int>{v_acc, v_m};
}
