KX_FN float kxf_saxpy(float v_a, float v_x, float v_y) {
    return (v_a * v_x) + v_y;
}
