KX_FN kx::Tuple5<bool, bool, bool, bool, double> kxf_float_predicates(double v_x) {
    return kx::Tuple5<bool, bool, bool, bool, double>{kx::is_nan(v_x), kx::is_finite(v_x), kx::is_infinite(v_x), kx::is_sign_negative(v_x) && (!kx::is_sign_positive(v_x)), kx::max(kx::ln(kx::exp(kx::sqrt(kx::abs(v_x)))), kx::sin(v_x))};
}
