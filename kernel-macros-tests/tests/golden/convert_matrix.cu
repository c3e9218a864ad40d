KX_FN kx::Tuple8<__half, __nv_bfloat16, int, bool, kx::complex<double>, unsigned char, __nv_bfloat16, float> kxf_convert_matrix(double v_x, __half v_h, kx::complex<float> v_z, long long v_i) {
    return kx::Tuple8<__half, __nv_bfloat16, int, bool, kx::complex<double>, unsigned char, __nv_bfloat16, float>{kx::cast<__half>(v_x), kx::cast<__nv_bfloat16>(v_x), kx::cast<int>(v_h), kx::cast<bool>(v_z), kx::cast<kx::complex<double>>(v_x), kx::cast<unsigned char>(v_z), kx::cast<__nv_bfloat16>(v_i), kx::cast<float>(v_h) + kx::cast<float>(kx::cast<bool>(v_x))};
}
