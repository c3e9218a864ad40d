KX_FN kx::Tuple2<int, float> kxf_matching(int code, bool flag) {
    int kx_t0;
    if (code == 0) {
        kx_t0 = 10;
    } else if ((code == 1) || (code == 2) || (code == 3)) {
        kx_t0 = 20;
    } else if (code >= 4 && code <= 9) {
        kx_t0 = 30;
    } else if (code >= (-5) && code < 0) {
        kx_t0 = 40;
    } else if (code >= ((-2147483647 - 1)) && code <= (-6)) {
        kx_t0 = 50;
    } else if (kx::rem(code, 2) == 0) {
        kx_t0 = 60;
    } else {
        kx_t0 = 70;
    }
    int kind = kx_t0;
    float kx_t1;
    if (flag == true) {
        kx_t1 = 0.5f;
    } else {
        kx_t1 = 2.0f;
    }
    float scale = kx_t1;
    int extra = 0;
    if (kind == 10) {
        extra = kx::add(extra, 1);
    } else if ((kind == 20) || (kind == 30)) {
        extra = kx::div(kind, 10);
    } else {
    }
    return kx::Tuple2<int, float>{kx::add(kind, extra), scale * kx::cast<float>(kind)};
}
