KX_FN kx::Tuple8<double, double, double, double, double, double, double, double> kxf_transcendental_f64(double v_x) {
    return kx::Tuple8<double, double, double, double, double, double, double, double>{kx::asin(v_x), kx::acos(v_x), kx::sinh(v_x), kx::cosh(v_x), kx::asinh(v_x), kx::acosh(v_x), kx::atanh(v_x), kx::exp(kx::sin(v_x))};
}
