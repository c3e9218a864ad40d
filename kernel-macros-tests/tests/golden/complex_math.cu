KX_FN kx::Tuple5<kx::complex<float>, kx::complex<float>, float, float, kx::complex<float>> kxf_complex_math(kx::complex<float> z, kx::complex<float> w, float r) {
    kx::complex<float> p = ((z * w) + (z / w)) - kx::complex<float>{r, 1.0f};
    kx::complex<float> q = kx::conj((z * r) - (r / w)) + kx::unscale(kx::scale(kx::inv(z), 2.0f), 4.0f);
    kx::complex<float> m = ((kx::exp(z) + kx::ln(w)) + kx::sqrt(z)) + kx::powf(w, 1.5f);
    m.re = m.re + 1.0f;
    m.im = m.im * z.re;
    return kx::Tuple5<kx::complex<float>, kx::complex<float>, float, float, kx::complex<float>>{p, q, (kx::norm(z) + kx::norm_sqr(w)) + kx::arg(z), z.im, m};
}
