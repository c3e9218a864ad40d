KX_FN kx::Tuple2<int, int> kxf_divmod(int a, int b) {
    return kx::Tuple2<int, int>{kx::div(a, b), kx::rem(a, b)};
}
