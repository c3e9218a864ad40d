KX_FN kx::Tuple2<double, double> kxf_aggregates(double a, double b, unsigned int i) {
    kx::Tuple2<double, double> pair = kx::Tuple2<double, double>{a + b, a - b};
    kx::Tuple2<double, double> kx_t0 = pair;
    double s = kx_t0.f0;
    double d = kx_t0.f1;
    kx::Tuple2<double, kx::Tuple2<int, bool>> t = kx::Tuple2<double, kx::Tuple2<int, bool>>{pair.f0 * pair.f1, kx::Tuple2<int, bool>{3, s > d}};
    kx::Array<double, 4> table = kx::splat<double, 4>(0.0);
    kx::at(table, 0) = s;
    kx::at(table, 1) = d;
    kx::at(table, 2) = t.f0;
    kx::at(table, 3) = t.f1.f1 ? 1.0 : (-1.0);
    kx::Array<double, 4> weights = kx::Array<double, 4>{{1.0, 0.5, 0.25, 0.125}};
    double dot = 0.0;
    int kx_t1 = 0;
    int kx_t2 = 4;
    for (unsigned long long kx_t3 = 0, kx_t4 = kx::range_len(kx_t1, kx_t2, 1ull, false); kx_t3 < kx_t4; ++kx_t3) {
        int k = kx::range_at(kx_t1, kx_t3, 1ull);
        dot = dot + (kx::at(table, k) * kx::at(weights, k));
    }
    return kx::Tuple2<double, double>{dot, kx::at(table, kx::rem(i, 4u))};
}
