KX_FN kx::Tuple4<float, double, short, bool> kxf_constants(float v_x, double v_y, short v_n) {
    float v_c = (v_x * 3.1415927f) + 1.1920929e-7f;
    double v_d = (kx::min(v_y, 1.7976931348623157e308) * 2.718281828459045) + 1.4142135623730951;
    short v_m = (v_n == ((short)-32768)) ? ((short)32767) : v_n;
    return kx::Tuple4<float, double, short, bool>{kx::max(v_c, kx::from_bits<float>(0xff800000ull)), v_d, v_m, kx::is_nan(v_x) || (v_y == kx::from_bits<double>(0x7ff0000000000000ull))};
}
