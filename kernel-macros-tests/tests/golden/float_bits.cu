KX_FN kx::Tuple5<unsigned int, double, unsigned short, __nv_bfloat16, float> kxf_float_bits(float v_x, double v_y, __half v_h, __nv_bfloat16 v_b) {
    unsigned int v_u = kx::to_bits(v_x);
    unsigned int v_key = (kx::shr(v_u, 31) == 1u) ? kx::bit_not(v_u) : kx::bit_or(v_u, 2147483648u);
    double v_flipped = kx::from_bits<double>(kx::bit_xor(kx::to_bits(v_y), kx::shl(1ull, 63)));
    unsigned short v_hb = kx::to_bits(v_h);
    __nv_bfloat16 v_next = kx::from_bits<__nv_bfloat16>(kx::wrapping_add(kx::to_bits(v_b), (unsigned short)1));
    return kx::Tuple5<unsigned int, double, unsigned short, __nv_bfloat16, float>{v_key, v_flipped, v_hb, v_next, kx::from_bits<float>(v_key)};
}
