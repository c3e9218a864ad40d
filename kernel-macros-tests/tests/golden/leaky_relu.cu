KX_FN float kxf_leaky_relu(float x) {
    return (x > 0.0f) ? x : (0.1f * x);
}
