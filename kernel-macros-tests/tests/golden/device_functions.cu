#ifndef KXD_lerp_8b54e471bbab0cc2
#define KXD_lerp_8b54e471bbab0cc2
KX_FN float kxd_lerp(float v_a, float v_b, float v_t) {
    return v_a + ((v_b - v_a) * v_t);
}
#endif
#ifndef KXD_smooth_746b241f574be825
#define KXD_smooth_746b241f574be825
template <class t_T>
KX_FN t_T kxd_smooth(t_T v_x, t_T v_lo, t_T v_hi) {
    t_T v_t = kx::min(kx::max(kx::div(kx::sub(v_x, v_lo), kx::sub(v_hi, v_lo)), kx::sub(v_lo, v_lo)), kx::div(v_hi, v_hi));
    return kx::mul(kx::mul(v_t, v_t), kx::sub(kx::add(kx::add(kx::div(v_hi, v_hi), kx::div(v_hi, v_hi)), kx::div(v_hi, v_hi)), kx::add(v_t, v_t)));
}
#endif
#ifndef KXD_gcd_1c6c317965d03ea6
#define KXD_gcd_1c6c317965d03ea6
KX_FN_OUTLINED unsigned int kxd_gcd(unsigned int v_a, unsigned int v_b) {
    if (v_a == 0u) {
        return v_b;
    }
    while (v_b != 0u) {
        unsigned int v_t = v_b;
        v_b = kx::rem(v_a, v_b);
        v_a = v_t;
    }
    return v_a;
}
#endif
