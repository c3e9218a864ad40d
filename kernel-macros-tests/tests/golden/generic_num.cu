KX_FN kx::Tuple3<T, T, bool> kxf_generic_num(T x, T y) {
    return kx::Tuple3<T, T, bool>{kx::sub(kx::mul(x, y), x), kx::add(kx::div(x, y), kx::rem(x, y)), x < y};
}
