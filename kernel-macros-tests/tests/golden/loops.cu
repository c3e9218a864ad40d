KX_FN kx::Tuple3<long long, int, unsigned int> kxf_loops(int v_n, unsigned char v_k) {
    long long v_sum = 0LL;
    int kx_t0 = 0;
    int kx_t1 = kx::clamp(v_n, 0, 40);
    for (unsigned long long kx_t2 = 0, kx_t3 = kx::range_len(kx_t0, kx_t1, 1ull, false); kx_t2 < kx_t3; ++kx_t2) {
        int v_i = kx::range_at(kx_t0, kx_t2, 1ull);
        v_sum = kx::add(v_sum, kx::cast<long long>(v_i));
    }
    long long kx_t4 = 1LL;
    long long kx_t5 = 10LL;
    unsigned long long kx_t6 = (unsigned long long)3;
    for (unsigned long long kx_t7 = 0, kx_t8 = kx::range_len(kx_t4, kx_t5, kx_t6, true); kx_t7 < kx_t8; ++kx_t7) {
        long long v_i_1 = kx::range_at(kx_t4, kx_t7, kx_t6);
        v_sum = kx::add(v_sum, v_i_1);
    }
    int v_j = 0;
    while ((v_j < 50) && (kx::mul(v_j, v_j) < v_n)) {
        v_j = kx::add(v_j, 1);
    }
    int kx_t9;
    while (true) {
        if (v_j > 100) {
            kx_t9 = -1;
            break;
        }
        if (kx::rem(v_j, 7) == 3) {
            kx_t9 = v_j;
            break;
        }
        v_j = kx::add(v_j, 1);
    }
    int v_found = kx_t9;
    unsigned int v_count = 0u;
    unsigned char kx_t10 = (unsigned char)0;
    unsigned char kx_t11 = v_k;
    for (unsigned long long kx_t12 = 0, kx_t13 = kx::range_len(kx_t10, kx_t11, 1ull, true); kx_t12 < kx_t13; ++kx_t12) {
        unsigned char v_a = kx::range_at(kx_t10, kx_t12, 1ull);
        {
            unsigned char kx_t14 = (unsigned char)0;
            unsigned char kx_t15 = (unsigned char)8;
            for (unsigned long long kx_t16 = 0, kx_t17 = kx::range_len(kx_t14, kx_t15, 1ull, false); kx_t16 < kx_t17; ++kx_t16) {
                unsigned char v_b = kx::range_at(kx_t14, kx_t16, 1ull);
                if (v_b > v_a) {
                    goto kx_continue_4;
                }
                if (v_a == ((unsigned char)200)) {
                    goto kx_break_4;
                }
                v_count = kx::add(v_count, 1u);
            }
        }
        kx_continue_4:;
    }
    kx_break_4:;
    unsigned char kx_t18 = (unsigned char)250;
    unsigned char kx_t19 = (unsigned char)255;
    for (unsigned long long kx_t20 = 0, kx_t21 = kx::range_len(kx_t18, kx_t19, 1ull, true); kx_t20 < kx_t21; ++kx_t20) {
        v_count = kx::add(v_count, 1u);
    }
    return kx::Tuple3<long long, int, unsigned int>{v_sum, v_found, v_count};
}
