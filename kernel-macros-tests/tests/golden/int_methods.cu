KX_FN kx::Tuple6<int, int, unsigned int, unsigned char, bool, int> kxf_int_methods(int v_a, int v_b, unsigned char v_u) {
    int v_p = kx::bit_xor(kx::bit_xor(kx::bit_xor(kx::wrapping_sub(kx::wrapping_mul(kx::wrapping_add(v_a, v_b), 3), kx::wrapping_neg(v_a)), kx::saturating_add(v_a, v_b)), kx::saturating_sub(v_a, v_b)), kx::saturating_mul(v_a, v_b));
    int v_q = kx::add(kx::add(kx::add(kx::clamp(kx::max(kx::min(kx::abs(v_a), v_b), -100), -50, 50), kx::signum(v_a)), kx::pow(v_b, 3u)), kx::wrapping_pow(v_a, 5u));
    unsigned int v_bits = kx::add(kx::add(kx::add(kx::count_ones(v_a), kx::leading_zeros(v_b)), kx::trailing_zeros(v_a)), kx::count_zeros(v_u));
    unsigned char v_r = kx::bit_xor(kx::bit_xor(kx::bit_xor(kx::rotate_left(v_u, 3u), kx::rotate_right(v_u, 11u)), kx::wrapping_shl(v_u, 9u)), kx::saturating_pow(v_u, 2u));
    int v_s = kx::add(kx::add(kx::add(kx::wrapping_div(v_a, v_b), kx::wrapping_rem(v_a, v_b)), kx::wrapping_shr(v_a, 40u)), kx::saturating_pow(v_a, 3u));
    return kx::Tuple6<int, int, unsigned int, unsigned char, bool, int>{v_p, v_q, v_bits, v_r, kx::is_power_of_two(v_u) || kx::is_negative(v_a), v_s};
}
