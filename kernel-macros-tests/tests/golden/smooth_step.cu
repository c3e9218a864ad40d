KX_FN double kxf_smooth_step(double v_e0, double v_e1, double v_x) {
    double v_t = (v_x - v_e0) / (v_e1 - v_e0);
    double kx_t0;
    if (v_t < 0.0) {
        kx_t0 = 0.0;
    } else {
        double v_clamped = kx::min(v_t, 1.0);
        kx_t0 = kx::max(v_clamped, 0.0);
    }
    double v_t_1 = kx_t0;
    return (v_t_1 * v_t_1) * (3.0 - (2.0 * v_t_1));
}
