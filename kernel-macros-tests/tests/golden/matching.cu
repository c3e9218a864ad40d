KX_FN kx::Tuple2<int, float> kxf_matching(int v_code, bool v_flag) {
    int kx_t0;
    if (v_code == 0) {
        kx_t0 = 10;
    } else if ((v_code == 1) || (v_code == 2) || (v_code == 3)) {
        kx_t0 = 20;
    } else if (v_code >= 4 && v_code <= 9) {
        kx_t0 = 30;
    } else if (v_code >= (-5) && v_code < 0) {
        kx_t0 = 40;
    } else if (v_code >= ((-2147483647 - 1)) && v_code <= (-6)) {
        kx_t0 = 50;
    } else if (kx::rem(v_code, 2) == 0) {
        kx_t0 = 60;
    } else {
        kx_t0 = 70;
    }
    int v_kind = kx_t0;
    float kx_t1;
    if (v_flag == true) {
        kx_t1 = 0.5f;
    } else {
        kx_t1 = 2.0f;
    }
    float v_scale = kx_t1;
    int v_extra = 0;
    if (v_kind == 10) {
        v_extra = kx::add(v_extra, 1);
    } else if ((v_kind == 20) || (v_kind == 30)) {
        v_extra = kx::div(v_kind, 10);
    } else {
    }
    return kx::Tuple2<int, float>{kx::add(v_kind, v_extra), v_scale * kx::cast<float>(v_kind)};
}
