KX_FN kx::Tuple4<T, T, T, T> kxf_generic_int(T x, T y) {
    T acc = x;
    unsigned int steps = 0u;
    T kx_t0 = x;
    T kx_t1 = y;
    for (unsigned long long kx_t2 = 0, kx_t3 = kx::range_len(kx_t0, kx_t1, 1ull, false); kx_t2 < kx_t3; ++kx_t2) {
        T v = kx::range_at(kx_t0, kx_t2, 1ull);
        acc = kx::bit_xor(acc, v);
        steps = kx::add(steps, 1u);
        if ((acc == y) || (steps == 20u)) {
            break;
        }
    }
    return kx::Tuple4<T, T, T, T>{kx::sub(kx::add(kx::mul(x, y), x), y), kx::add(kx::div(x, y), kx::rem(x, y)), kx::bit_or(kx::shl(x, 3u), kx::shr(y, 1u)), kx::max(kx::min(acc, y), x)};
}
