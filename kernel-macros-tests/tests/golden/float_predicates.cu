KX_FN kx::Tuple5<bool, bool, bool, bool, double> kxf_float_predicates(double x) {
    return kx::Tuple5<bool, bool, bool, bool, double>{kx::is_nan(x), kx::is_finite(x), kx::is_infinite(x), kx::is_sign_negative(x) && (!kx::is_sign_positive(x)), kx::max(kx::ln(kx::exp(kx::sqrt(kx::abs(x)))), kx::sin(x))};
}
