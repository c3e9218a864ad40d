KX_FN kx::Tuple7<signed char, signed char, signed char, signed char, unsigned long long, unsigned long long, signed char> kxf_int_semantics(signed char a, signed char b, unsigned long long c, unsigned int s) {
    return kx::Tuple7<signed char, signed char, signed char, signed char, unsigned long long, unsigned long long, signed char>{kx::add(a, b), kx::mul(a, b), kx::div(a, b), kx::rem(a, b), kx::shl(c, s), kx::sub(kx::shr(c, s), 1ull), kx::neg(a)};
}
