KX_FN kx::Tuple4<unsigned char, signed char, double, int> kxf_casts(float x, long long n) {
    double wide = kx::cast<double>(n);
    return kx::Tuple4<unsigned char, signed char, double, int>{kx::cast<unsigned char>(x), kx::cast<signed char>(n), wide * 0.5, kx::cast<int>(x > 0.0f)};
}
