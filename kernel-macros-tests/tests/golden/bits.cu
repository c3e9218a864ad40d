KX_FN kx::Tuple2<unsigned char, bool> kxf_bits(unsigned char v_a, unsigned char v_b, bool v_flag) {
    unsigned char v_mixed = kx::bit_or(kx::bit_and(kx::bit_xor(v_a, v_b), (unsigned char)15), kx::mul(v_a, (unsigned char)3));
    bool kx_t1 = v_flag && (v_mixed > ((unsigned char)7));
    if (!kx_t1) {
        bool kx_t0 = !v_flag;
        if (kx_t0) {
            unsigned char v_half = kx::div(v_b, (unsigned char)2);
            kx_t0 = kx::rem(v_half, (unsigned char)2) == ((unsigned char)1);
        }
        kx_t1 = kx_t0;
    }
    bool v_any = kx_t1;
    return kx::Tuple2<unsigned char, bool>{kx::sub(v_mixed, (unsigned char)1), v_any};
}
