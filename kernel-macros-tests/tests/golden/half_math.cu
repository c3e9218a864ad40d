KX_FN kx::Tuple4<__half, __half, __nv_bfloat16, bool> kxf_half_math(__half a, __half b, __nv_bfloat16 c) {
    __half s = (((a * b) + a) / b) - kx::rem(a, b);
    __half m = (kx::min(kx::max(kx::sqrt(a), kx::abs(b)), kx::from_bits<__half>(0x7bffull)) + kx::powi(a, 2)) + kx::floor(b);
    __nv_bfloat16 t = (kx::exp(c) * c) + kx::mul_add(c, c, c);
    return kx::Tuple4<__half, __half, __nv_bfloat16, bool>{s, m, t, kx::is_nan(a) || kx::is_infinite(c)};
}
