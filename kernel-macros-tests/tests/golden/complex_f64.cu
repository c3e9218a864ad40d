KX_FN kx::Tuple3<kx::complex<double>, bool, bool> kxf_complex_f64(kx::complex<double> v_z, kx::complex<double> v_w) {
    kx::complex<double> v_v = ((-v_z) + v_w) - 2.0;
    return kx::Tuple3<kx::complex<double>, bool, bool>{v_v, (v_z == v_w) || (v_z != v_v), kx::is_nan(v_z) || kx::is_finite(v_w)};
}
