KX_FN double kxf_smooth_step(double e0, double e1, double x) {
    double t = (x - e0) / (e1 - e0);
    double kx_t0;
    if (t < 0.0) {
        kx_t0 = 0.0;
    } else {
        double clamped = kx::min(t, 1.0);
        kx_t0 = kx::max(clamped, 0.0);
    }
    double t_1 = kx_t0;
    return (t_1 * t_1) * (3.0 - (2.0 * t_1));
}
