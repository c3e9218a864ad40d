KX_FN kx::Tuple4<unsigned char, signed char, double, int> kxf_casts(float v_x, long long v_n) {
    double v_wide = kx::cast<double>(v_n);
    return kx::Tuple4<unsigned char, signed char, double, int>{kx::cast<unsigned char>(v_x), kx::cast<signed char>(v_n), v_wide * 0.5, kx::cast<int>(v_x > 0.0f)};
}
