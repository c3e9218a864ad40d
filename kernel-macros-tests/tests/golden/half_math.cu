KX_FN kx::Tuple4<__half, __half, __nv_bfloat16, bool> kxf_half_math(__half v_a, __half v_b, __nv_bfloat16 v_c) {
    __half v_s = (((v_a * v_b) + v_a) / v_b) - kx::rem(v_a, v_b);
    __half v_m = (kx::min(kx::max(kx::sqrt(v_a), kx::abs(v_b)), kx::from_bits<__half>(0x7bffull)) + kx::powi(v_a, 2)) + kx::floor(v_b);
    __nv_bfloat16 v_t = (kx::exp(v_c) * v_c) + kx::mul_add(v_c, v_c, v_c);
    return kx::Tuple4<__half, __half, __nv_bfloat16, bool>{v_s, v_m, v_t, kx::is_nan(v_a) || kx::is_infinite(v_c)};
}
