KX_FN kx::Tuple3<kx::complex<double>, bool, bool> kxf_complex_f64(kx::complex<double> z, kx::complex<double> w) {
    kx::complex<double> v = ((-z) + w) - 2.0;
    return kx::Tuple3<kx::complex<double>, bool, bool>{v, (z == w) || (z != v), kx::is_nan(z) || kx::is_finite(w)};
}
