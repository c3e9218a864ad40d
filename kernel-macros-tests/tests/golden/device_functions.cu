#ifndef KXD_lerp_6b0da571d1141cf7
#define KXD_lerp_6b0da571d1141cf7
KX_FN float kxd_lerp(float a, float b, float t) {
    return a + ((b - a) * t);
}
#endif
#ifndef KXD_smooth_6f46b0646f3908f2
#define KXD_smooth_6f46b0646f3908f2
template <class T>
KX_FN T kxd_smooth(T x, T lo, T hi) {
    T t = kx::min(kx::max(kx::div(kx::sub(x, lo), kx::sub(hi, lo)), kx::sub(lo, lo)), kx::div(hi, hi));
    return kx::mul(kx::mul(t, t), kx::sub(kx::add(kx::add(kx::div(hi, hi), kx::div(hi, hi)), kx::div(hi, hi)), kx::add(t, t)));
}
#endif
#ifndef KXD_gcd_486cfe9d918533bb
#define KXD_gcd_486cfe9d918533bb
KX_FN unsigned int kxd_gcd(unsigned int a, unsigned int b) {
    if (a == 0u) {
        return b;
    }
    while (b != 0u) {
        unsigned int t = b;
        b = kx::rem(a, b);
        a = t;
    }
    return a;
}
#endif
