KX_FN kx::Tuple2<float, int> kxf_statements(float x, int n) {
    float acc = x;
    acc = acc + 1.5f;
    acc = acc * 2.0f;
    int n_1 = kx::mul(n, 3);
    int m = n_1;
    m = kx::sub(m, 7);
    m = kx::shl(m, 2);
    m = kx::bit_xor(m, 85);
    float inner = acc - 1.0f;
    acc = inner / 4.0f;
    if (kx::is_nan(acc)) {
        return kx::Tuple2<float, int>{0.0f, m};
    }
    return kx::Tuple2<float, int>{acc, m};
}
