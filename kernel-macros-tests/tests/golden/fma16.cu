KX_FN __half kxf_fma16(__half v_a, __half v_b, __half v_c) {
    __half v_p = (v_a * v_b) + v_c;
    return (v_p < v_c) ? (-v_p) : v_p;
}
