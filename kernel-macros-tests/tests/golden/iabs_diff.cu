KX_FN T kxf_iabs_diff(T x, T y) {
    return kx::min(kx::max(kx::sub(x, y), kx::sub(y, x)), kx::neg(x));
}
