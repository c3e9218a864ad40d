KX_FN T kxf_add(T x, T y) {
    return kx::add(x, y);
}
