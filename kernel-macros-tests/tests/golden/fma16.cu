KX_FN __half kxf_fma16(__half a, __half b, __half c) {
    __half p = (a * b) + c;
    return (p < c) ? (-p) : p;
}
