KX_FN kx::Tuple8<unsigned char, short, unsigned int, long long, float, double, unsigned long long, signed char> kxf_cast_matrix(double x, long long i, bool b) {
    return kx::Tuple8<unsigned char, short, unsigned int, long long, float, double, unsigned long long, signed char>{kx::cast<unsigned char>(x), kx::cast<short>(x), kx::cast<unsigned int>(x), kx::cast<long long>(x), kx::cast<float>(i), kx::cast<double>(i) + kx::cast<double>(kx::cast<int>(b)), kx::cast<unsigned long long>(i), kx::cast<signed char>(kx::cast<unsigned short>(i))};
}
