// The host target's cuda_fp16.h / cuda_bf16.h (array-runtime/src/cuda/host): the fp16 and bf16
// types of CUDA as 16-bit patterns, conversions rounding to nearest even, arithmetic computed
// in float and rounded once (what CUDA's correctly rounded __hadd & co. give: float holds the
// exact result of one f16/bf16 operation closely enough that the double rounding is
// innocuous). The fidelity tests of kernel-macros-tests include it too.
#ifndef KX_HALF_SHIM_H
#define KX_HALF_SHIM_H
// The C library's headers themselves (libstdc++'s wrappers pull in <cmath>, a third of a
// second of g++'s time per module).
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#include <math.h>
#include <string.h>
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS

// Round the double `v` to a binary float with `mbits` mantissa bits and `ebits` exponent bits;
// returns the bits (sign, exponent, mantissa). Ties to even; overflow to infinity.
inline unsigned short kx_shim_round(double v, int ebits, int mbits) {
    unsigned long long b;
    memcpy(&b, &v, 8);
    unsigned short sign = (unsigned short)((b >> 63) << (ebits + mbits));
    int bias = (1 << (ebits - 1)) - 1;
    unsigned short inf = (unsigned short)(((1u << ebits) - 1) << mbits);
    if (v != v) return (unsigned short)(sign | inf | (1u << (mbits - 1)));
    double a = v < 0 ? -v : v;
    if (a == 0) return sign;
    if (a > 1e300) return (unsigned short)(sign | inf);
    int e;
    double m = frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
    int exp = e - 1;               // a = (2m) * 2^exp
    int emin = 1 - bias;
    int shift = exp < emin ? emin - exp : 0;  // subnormal: fewer bits
    double scaled = ldexp(a, mbits - (exp < emin ? emin : exp));
    (void)m;
    (void)shift;
    double r = nearbyint(scaled);  // current rounding mode: to nearest even
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
    else if (e == 0) v = ldexp((double)m, 1 - bias - mbits);
    else v = ldexp((double)(m | (1u << mbits)), e - bias - mbits);
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

// ---- the intrinsics of cuda_fp16.h / cuda_bf16.h that kernels call ---------------------
#define KX_SHIM_INTRINSICS(H, P, TO_F, FROM_F)                                               \
    inline H P##add(H a, H b) { return a + b; }                                           \
    inline H P##sub(H a, H b) { return a - b; }                                           \
    inline H P##mul(H a, H b) { return a * b; }                                           \
    inline H P##div(H a, H b) { return a / b; }                                           \
    inline H P##neg(H a) { return -a; }                                                   \
    inline H P##abs(H a) { return H{(unsigned short)(a.x & 0x7fffu)}; }                    \
    inline H P##fma(H a, H b, H c) { return FROM_F(fmaf(TO_F(a), TO_F(b), TO_F(c))); } \
    inline bool P##eq(H a, H b) { return a == b; }                                        \
    inline bool P##ne(H a, H b) { return a != b; }                                        \
    inline bool P##lt(H a, H b) { return a < b; }                                         \
    inline bool P##le(H a, H b) { return a <= b; }                                        \
    inline bool P##gt(H a, H b) { return a > b; }                                         \
    inline bool P##ge(H a, H b) { return a >= b; }                                        \
    inline H P##max(H a, H b) { return FROM_F(fmaxf(TO_F(a), TO_F(b))); }            \
    inline H P##min(H a, H b) { return FROM_F(fminf(TO_F(a), TO_F(b))); }            \
    inline H& operator+=(H& a, H b) { a = a + b; return a; }                             \
    inline H& operator-=(H& a, H b) { a = a - b; return a; }                             \
    inline H& operator*=(H& a, H b) { a = a * b; return a; }                             \
    inline H& operator/=(H& a, H b) { a = a / b; return a; }
KX_SHIM_INTRINSICS(__half, __h, __half2float, __float2half_rn)
inline __half __float2half(float f) { return __float2half_rn(f); }
inline __half __int2half_rn(int i) { return __double2half((double)i); }
inline __half __uint2half_rn(unsigned int i) { return __double2half((double)i); }
inline int __half2int_rz(__half h) { return (int)__half2float(h); }
inline bool __hisnan(__half h) { float f = __half2float(h); return f != f; }
inline bool __hisinf(__half h) { return (h.x & 0x7fffu) == 0x7c00u; }
inline __half __short_as_half(short s) { return __half{(unsigned short)s}; }
inline short __half_as_short(__half h) { return (short)h.x; }
KX_SHIM_INTRINSICS(__nv_bfloat16, __h, __bfloat162float, __float2bfloat16_rn)
inline __nv_bfloat16 __float2bfloat16(float f) { return __float2bfloat16_rn(f); }
inline __nv_bfloat16 __int2bfloat16_rn(int i) { return __double2bfloat16((double)i); }
#undef KX_SHIM_INTRINSICS
typedef __half half;
typedef __nv_bfloat16 nv_bfloat16;
#define KX_HALF 1
#endif
