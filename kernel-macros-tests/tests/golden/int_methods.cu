KX_FN kx::Tuple6<int, int, unsigned int, unsigned char, bool, int> kxf_int_methods(int a, int b, unsigned char u) {
    int p = kx::bit_xor(kx::bit_xor(kx::bit_xor(kx::wrapping_sub(kx::wrapping_mul(kx::wrapping_add(a, b), 3), kx::wrapping_neg(a)), kx::saturating_add(a, b)), kx::saturating_sub(a, b)), kx::saturating_mul(a, b));
    int q = kx::add(kx::add(kx::add(kx::clamp(kx::max(kx::min(kx::abs(a), b), -100), -50, 50), kx::signum(a)), kx::pow(b, 3u)), kx::wrapping_pow(a, 5u));
    unsigned int bits = kx::add(kx::add(kx::add(kx::count_ones(a), kx::leading_zeros(b)), kx::trailing_zeros(a)), kx::count_zeros(u));
    unsigned char r = kx::bit_xor(kx::bit_xor(kx::bit_xor(kx::rotate_left(u, 3u), kx::rotate_right(u, 11u)), kx::wrapping_shl(u, 9u)), kx::saturating_pow(u, 2u));
    int s = kx::add(kx::add(kx::add(kx::wrapping_div(a, b), kx::wrapping_rem(a, b)), kx::wrapping_shr(a, 40u)), kx::saturating_pow(a, 3u));
    return kx::Tuple6<int, int, unsigned int, unsigned char, bool, int>{p, q, bits, r, kx::is_power_of_two(u) || kx::is_negative(a), s};
}
