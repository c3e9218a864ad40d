// A host stand-in for cuda_fp16.h / cuda_bf16.h, enough for the prelude's KX_HALF part: the
// types as bits, conversions rounding to nearest even, and operators computed in float and
// rounded once (what CUDA's correctly rounded __hadd & co. give: float holds the exact
// result of one f16/bf16 operation closely enough that the double rounding is innocuous).
#ifndef KX_HALF_SHIM_H
#define KX_HALF_SHIM_H
#include <cmath>
#include <cstring>

// Round the double `v` to a binary float with `mbits` mantissa bits and `ebits` exponent bits;
// returns the bits (sign, exponent, mantissa). Ties to even; overflow to infinity.
inline unsigned short kx_shim_round(double v, int ebits, int mbits) {
    unsigned long long b;
    std::memcpy(&b, &v, 8);
    unsigned short sign = (unsigned short)((b >> 63) << (ebits + mbits));
    int bias = (1 << (ebits - 1)) - 1;
    unsigned short inf = (unsigned short)(((1u << ebits) - 1) << mbits);
    if (v != v) return (unsigned short)(sign | inf | (1u << (mbits - 1)));
    double a = v < 0 ? -v : v;
    if (a == 0) return sign;
    if (a > 1e300) return (unsigned short)(sign | inf);
    int e;
    double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
    int exp = e - 1;               // a = (2m) * 2^exp
    int emin = 1 - bias;
    int shift = exp < emin ? emin - exp : 0;  // subnormal: fewer bits
    double scaled = std::ldexp(a, mbits - (exp < emin ? emin : exp));
    (void)m;
    (void)shift;
    double r = std::nearbyint(scaled);  // current rounding mode: to nearest even
    unsigned long long q = (unsigned long long)r;
    int ex = exp < emin ? emin : exp;
    if (q >= (1ull << (mbits + 1))) {
        q >>= 1;
        ex += 1;
    }
    if (q < (1ull << mbits)) return (unsigned short)(sign | q);  // subnormal (or zero)
    if (ex > bias) return (unsigned short)(sign | inf);
    return (unsigned short)(sign | ((unsigned)(ex + bias) << mbits) | (q & ((1ull << mbits) - 1)));
}
inline double kx_shim_value(unsigned short h, int ebits, int mbits) {
    int bias = (1 << (ebits - 1)) - 1;
    bool neg = (h >> (ebits + mbits)) & 1;
    int e = (h >> mbits) & ((1 << ebits) - 1);
    unsigned m = h & ((1u << mbits) - 1);
    double v;
    if (e == (1 << ebits) - 1) v = m ? NAN : INFINITY;
    else if (e == 0) v = std::ldexp((double)m, 1 - bias - mbits);
    else v = std::ldexp((double)(m | (1u << mbits)), e - bias - mbits);
    return neg ? -v : v;
}

#define KX_SHIM_TYPE(H, E, M, TO_F, FROM_F, FROM_D, AS, TO_BITS)                         \
    struct H { unsigned short x; };                                                       \
    inline unsigned short TO_BITS(H h) { return h.x; }                                    \
    inline float TO_F(H h) { return (float)kx_shim_value(h.x, E, M); }                   \
    inline H FROM_F(float f) { return H{kx_shim_round((double)f, E, M)}; }               \
    inline H FROM_D(double d) { return H{kx_shim_round(d, E, M)}; }                      \
    inline H AS(unsigned short b) { return H{b}; }                                        \
    inline H operator+(H a, H b) { return FROM_F(TO_F(a) + TO_F(b)); }                   \
    inline H operator-(H a, H b) { return FROM_F(TO_F(a) - TO_F(b)); }                   \
    inline H operator*(H a, H b) { return FROM_F(TO_F(a) * TO_F(b)); }                   \
    inline H operator/(H a, H b) { return FROM_F(TO_F(a) / TO_F(b)); }                   \
    inline H operator-(H a) { return H{(unsigned short)(a.x ^ 0x8000u)}; }               \
    inline bool operator<(H a, H b) { return TO_F(a) < TO_F(b); }                        \
    inline bool operator>(H a, H b) { return TO_F(a) > TO_F(b); }                        \
    inline bool operator<=(H a, H b) { return TO_F(a) <= TO_F(b); }                      \
    inline bool operator>=(H a, H b) { return TO_F(a) >= TO_F(b); }                      \
    inline bool operator==(H a, H b) { return TO_F(a) == TO_F(b); }                      \
    inline bool operator!=(H a, H b) { return TO_F(a) != TO_F(b); }
KX_SHIM_TYPE(__half, 5, 10, __half2float, __float2half_rn, __double2half, __ushort_as_half,
             __half_as_ushort)
KX_SHIM_TYPE(__nv_bfloat16, 8, 7, __bfloat162float, __float2bfloat16_rn, __double2bfloat16,
             __ushort_as_bfloat16, __bfloat16_as_ushort)
#undef KX_SHIM_TYPE
#define KX_HALF 1
#endif
