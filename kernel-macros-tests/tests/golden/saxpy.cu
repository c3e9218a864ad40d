KX_FN float kxf_saxpy(float a, float x, float y) {
    return (a * x) + y;
}
