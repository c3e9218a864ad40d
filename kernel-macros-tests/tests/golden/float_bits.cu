KX_FN kx::Tuple5<unsigned int, double, unsigned short, __nv_bfloat16, float> kxf_float_bits(float x, double y, __half h, __nv_bfloat16 b) {
    unsigned int u = kx::to_bits(x);
    unsigned int key = (kx::shr(u, 31) == 1u) ? kx::bit_not(u) : kx::bit_or(u, 2147483648u);
    double flipped = kx::from_bits<double>(kx::bit_xor(kx::to_bits(y), kx::shl(1ull, 63)));
    unsigned short hb = kx::to_bits(h);
    __nv_bfloat16 next = kx::from_bits<__nv_bfloat16>(kx::wrapping_add(kx::to_bits(b), (unsigned short)1));
    return kx::Tuple5<unsigned int, double, unsigned short, __nv_bfloat16, float>{key, flipped, hb, next, kx::from_bits<float>(key)};
}
