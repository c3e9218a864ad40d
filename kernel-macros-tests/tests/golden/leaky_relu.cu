KX_FN float kxf_leaky_relu(float v_x) {
    return (v_x > 0.0f) ? v_x : (0.1f * v_x);
}
