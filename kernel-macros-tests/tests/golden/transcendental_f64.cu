KX_FN kx::Tuple8<double, double, double, double, double, double, double, double> kxf_transcendental_f64(double x) {
    return kx::Tuple8<double, double, double, double, double, double, double, double>{kx::asin(x), kx::acos(x), kx::sinh(x), kx::cosh(x), kx::asinh(x), kx::acosh(x), kx::atanh(x), kx::exp(kx::sin(x))};
}
