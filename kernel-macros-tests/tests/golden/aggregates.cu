KX_FN kx::Tuple2<double, double> kxf_aggregates(double v_a, double v_b, unsigned int v_i) {
    kx::Tuple2<double, double> v_pair = kx::Tuple2<double, double>{v_a + v_b, v_a - v_b};
    kx::Tuple2<double, double> kx_t0 = v_pair;
    double v_s = kx_t0.f0;
    double v_d = kx_t0.f1;
    kx::Tuple2<double, kx::Tuple2<int, bool>> v_t = kx::Tuple2<double, kx::Tuple2<int, bool>>{v_pair.f0 * v_pair.f1, kx::Tuple2<int, bool>{3, v_s > v_d}};
    kx::Array<double, 4> v_table = kx::splat<double, 4>(0.0);
    kx::at(v_table, 0) = v_s;
    kx::at(v_table, 1) = v_d;
    kx::at(v_table, 2) = v_t.f0;
    kx::at(v_table, 3) = v_t.f1.f1 ? 1.0 : (-1.0);
    kx::Array<double, 4> v_weights = kx::Array<double, 4>{{1.0, 0.5, 0.25, 0.125}};
    double v_dot = 0.0;
    int kx_t1 = 0;
    int kx_t2 = 4;
    for (unsigned long long kx_t3 = 0, kx_t4 = kx::range_len(kx_t1, kx_t2, 1ull, false); kx_t3 < kx_t4; ++kx_t3) {
        int v_k = kx::range_at(kx_t1, kx_t3, 1ull);
        v_dot = v_dot + (kx::at(v_table, v_k) * kx::at(v_weights, v_k));
    }
    return kx::Tuple2<double, double>{v_dot, kx::at(v_table, kx::rem(v_i, 4u))};
}
