KX_FN kx::Tuple7<signed char, signed char, signed char, signed char, unsigned long long, unsigned long long, signed char> kxf_int_semantics(signed char v_a, signed char v_b, unsigned long long v_c, unsigned int v_s) {
    return kx::Tuple7<signed char, signed char, signed char, signed char, unsigned long long, unsigned long long, signed char>{kx::add(v_a, v_b), kx::mul(v_a, v_b), kx::div(v_a, v_b), kx::rem(v_a, v_b), kx::shl(v_c, v_s), kx::sub(kx::shr(v_c, v_s), 1ull), kx::neg(v_a)};
}
