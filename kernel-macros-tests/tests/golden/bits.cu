KX_FN kx::Tuple2<unsigned char, bool> kxf_bits(unsigned char a, unsigned char b, bool flag) {
    unsigned char mixed = kx::bit_or(kx::bit_and(kx::bit_xor(a, b), (unsigned char)15), kx::mul(a, (unsigned char)3));
    bool kx_t1 = flag && (mixed > ((unsigned char)7));
    if (!kx_t1) {
        bool kx_t0 = !flag;
        if (kx_t0) {
            unsigned char v_half = kx::div(b, (unsigned char)2);
            kx_t0 = kx::rem(v_half, (unsigned char)2) == ((unsigned char)1);
        }
        kx_t1 = kx_t0;
    }
    bool any = kx_t1;
    return kx::Tuple2<unsigned char, bool>{kx::sub(mixed, (unsigned char)1), any};
}
