KX_FN kx::Tuple8<__half, __nv_bfloat16, int, bool, kx::complex<double>, unsigned char, __nv_bfloat16, float> kxf_convert_matrix(double x, __half h, kx::complex<float> z, long long i) {
    return kx::Tuple8<__half, __nv_bfloat16, int, bool, kx::complex<double>, unsigned char, __nv_bfloat16, float>{kx::cast<__half>(x), kx::cast<__nv_bfloat16>(x), kx::cast<int>(h), kx::cast<bool>(z), kx::cast<kx::complex<double>>(x), kx::cast<unsigned char>(z), kx::cast<__nv_bfloat16>(i), kx::cast<float>(h) + kx::cast<float>(kx::cast<bool>(x))};
}
