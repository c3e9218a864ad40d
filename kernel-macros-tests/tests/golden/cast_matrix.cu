KX_FN kx::Tuple8<unsigned char, short, unsigned int, long long, float, double, unsigned long long, signed char> kxf_cast_matrix(double v_x, long long v_i, bool v_b) {
    return kx::Tuple8<unsigned char, short, unsigned int, long long, float, double, unsigned long long, signed char>{kx::cast<unsigned char>(v_x), kx::cast<short>(v_x), kx::cast<unsigned int>(v_x), kx::cast<long long>(v_x), kx::cast<float>(v_i), kx::cast<double>(v_i) + kx::cast<double>(kx::cast<int>(v_b)), kx::cast<unsigned long long>(v_i), kx::cast<signed char>(kx::cast<unsigned short>(v_i))};
}
