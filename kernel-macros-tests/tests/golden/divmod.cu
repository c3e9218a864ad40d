KX_FN kx::Tuple2<int, int> kxf_divmod(int v_a, int v_b) {
    return kx::Tuple2<int, int>{kx::div(v_a, v_b), kx::rem(v_a, v_b)};
}
