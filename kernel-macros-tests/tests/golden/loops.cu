KX_FN kx::Tuple3<long long, int, unsigned int> kxf_loops(int n, unsigned char k) {
    long long sum = 0LL;
    int kx_t0 = 0;
    int kx_t1 = kx::clamp(n, 0, 40);
    for (unsigned long long kx_t2 = 0, kx_t3 = kx::range_len(kx_t0, kx_t1, 1ull, false); kx_t2 < kx_t3; ++kx_t2) {
        int i = kx::range_at(kx_t0, kx_t2, 1ull);
        sum = kx::add(sum, kx::cast<long long>(i));
    }
    long long kx_t4 = 1LL;
    long long kx_t5 = 10LL;
    unsigned long long kx_t6 = (unsigned long long)3;
    for (unsigned long long kx_t7 = 0, kx_t8 = kx::range_len(kx_t4, kx_t5, kx_t6, true); kx_t7 < kx_t8; ++kx_t7) {
        long long i_1 = kx::range_at(kx_t4, kx_t7, kx_t6);
        sum = kx::add(sum, i_1);
    }
    int j = 0;
    while ((j < 50) && (kx::mul(j, j) < n)) {
        j = kx::add(j, 1);
    }
    int kx_t9;
    while (true) {
        if (j > 100) {
            kx_t9 = -1;
            break;
        }
        if (kx::rem(j, 7) == 3) {
            kx_t9 = j;
            break;
        }
        j = kx::add(j, 1);
    }
    int found = kx_t9;
    unsigned int count = 0u;
    unsigned char kx_t10 = (unsigned char)0;
    unsigned char kx_t11 = k;
    for (unsigned long long kx_t12 = 0, kx_t13 = kx::range_len(kx_t10, kx_t11, 1ull, true); kx_t12 < kx_t13; ++kx_t12) {
        unsigned char a = kx::range_at(kx_t10, kx_t12, 1ull);
        {
            unsigned char kx_t14 = (unsigned char)0;
            unsigned char kx_t15 = (unsigned char)8;
            for (unsigned long long kx_t16 = 0, kx_t17 = kx::range_len(kx_t14, kx_t15, 1ull, false); kx_t16 < kx_t17; ++kx_t16) {
                unsigned char b = kx::range_at(kx_t14, kx_t16, 1ull);
                if (b > a) {
                    goto kx_continue_4;
                }
                if (a == ((unsigned char)200)) {
                    goto kx_break_4;
                }
                count = kx::add(count, 1u);
            }
        }
        kx_continue_4:;
    }
    kx_break_4:;
    unsigned char kx_t18 = (unsigned char)250;
    unsigned char kx_t19 = (unsigned char)255;
    for (unsigned long long kx_t20 = 0, kx_t21 = kx::range_len(kx_t18, kx_t19, 1ull, true); kx_t20 < kx_t21; ++kx_t20) {
        count = kx::add(count, 1u);
    }
    return kx::Tuple3<long long, int, unsigned int>{sum, found, count};
}
