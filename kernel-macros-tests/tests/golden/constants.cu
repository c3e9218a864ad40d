KX_FN kx::Tuple4<float, double, short, bool> kxf_constants(float x, double y, short n) {
    float c = (x * 3.1415927f) + 1.1920929e-7f;
    double d = (kx::min(y, 1.7976931348623157e308) * 2.718281828459045) + 1.4142135623730951;
    short m = (n == ((short)-32768)) ? ((short)32767) : n;
    return kx::Tuple4<float, double, short, bool>{kx::max(c, kx::from_bits<float>(0xff800000ull)), d, m, kx::is_nan(x) || (y == kx::from_bits<double>(0x7ff0000000000000ull))};
}
