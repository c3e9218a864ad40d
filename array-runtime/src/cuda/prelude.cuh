// kx: the helpers that generated kernels call, prepended by the runtime to every module.
//
// Written by the kernel macros' translator (kernel-macros/src/lower): a device function
// generated from Rust calls `kx::` wherever C's meaning differs from Rust's:
//   - integer + - * and unary - wrap (C: undefined for signed overflow, and narrow types are
//     promoted to int); / and % by zero give 0 (NumPy's choice) and MIN / -1 wraps;
//   - float % is fmod; `as` casts saturate from float to integer and map NaN to 0;
//   - min/max ignore NaN (fminf/fmaxf, like f32::min/max); powi multiplies like LLVM's powi;
//   - f16/bf16 math is computed in float and rounded back, as the `half` crate does.
// It compiles with NVRTC (no C library there: CUDA's builtin math functions are used) and as
// host C++17 for the fidelity tests (KX_FN is then plain `inline`). fp16/bf16 parts need
// KX_HALF, which the runtime defines after including cuda_fp16.h and cuda_bf16.h.
#ifndef KX_PRELUDE_CUH
#define KX_PRELUDE_CUH

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define KX_FN __device__ __forceinline__
#else
#define KX_FN inline
#endif

#ifndef __CUDACC_RTC__
#include <cmath>
#endif

namespace kx {

// ---- results of kernels with several outputs ------------------------------------------
template <class A, class B> struct Tuple2 { A f0; B f1; };
template <class A, class B, class C> struct Tuple3 { A f0; B f1; C f2; };
template <class A, class B, class C, class D> struct Tuple4 { A f0; B f1; C f2; D f3; };
template <class A, class B, class C, class D, class E> struct Tuple5 {
    A f0; B f1; C f2; D f3; E f4;
};
template <class A, class B, class C, class D, class E, class F> struct Tuple6 {
    A f0; B f1; C f2; D f3; E f4; F f5;
};
template <class A, class B, class C, class D, class E, class F, class G> struct Tuple7 {
    A f0; B f1; C f2; D f3; E f4; F f5; G f6;
};
template <class A, class B, class C, class D, class E, class F, class G, class H>
struct Tuple8 {
    A f0; B f1; C f2; D f3; E f4; F f5; G f6; H f7;
};

// ---- integer limits (no <limits> under NVRTC) -----------------------------------------
template <class T> struct limits;
#define KX_LIMITS(T, LO, HI)                                                              \
    template <> struct limits<T> {                                                        \
        static KX_FN T min() { return LO; }                                               \
        static KX_FN T max() { return HI; }                                               \
    };
KX_LIMITS(signed char, -128, 127)
KX_LIMITS(short, -32768, 32767)
KX_LIMITS(int, -2147483647 - 1, 2147483647)
KX_LIMITS(long long, -9223372036854775807LL - 1, 9223372036854775807LL)
KX_LIMITS(unsigned char, 0, 255)
KX_LIMITS(unsigned short, 0, 65535)
KX_LIMITS(unsigned int, 0u, 4294967295u)
KX_LIMITS(unsigned long long, 0ull, 18446744073709551615ull)
#undef KX_LIMITS

// ---- arithmetic with Rust's meaning ---------------------------------------------------
// Integers: computed in the unsigned type of at least int's width (W), so nothing
// overflows in C, then converted back (modular).
#define KX_INT_COMMON(T, W)                                                               \
    KX_FN T add(T a, T b) { return (T)((W)a + (W)b); }                                    \
    KX_FN T sub(T a, T b) { return (T)((W)a - (W)b); }                                    \
    KX_FN T mul(T a, T b) { return (T)((W)a * (W)b); }                                    \
    KX_FN T neg(T a) { return (T)((W)0 - (W)a); }                                         \
    KX_FN T bit_and(T a, T b) { return (T)(a & b); }                                      \
    KX_FN T bit_or(T a, T b) { return (T)(a | b); }                                       \
    KX_FN T bit_xor(T a, T b) { return (T)(a ^ b); }                                      \
    KX_FN T bit_not(T a) { return (T)~a; }                                                \
    KX_FN T min(T a, T b) { return b < a ? b : a; }                                       \
    KX_FN T max(T a, T b) { return a < b ? b : a; }
#define KX_SIGNED(T, W)                                                                   \
    KX_INT_COMMON(T, W)                                                                   \
    KX_FN T div(T a, T b) {                                                               \
        if (b == 0) return 0;                                                             \
        if (b == -1) return neg(a);                                                       \
        return (T)(a / b);                                                                \
    }                                                                                     \
    KX_FN T rem(T a, T b) {                                                               \
        if (b == 0 || b == -1) return 0;                                                  \
        return (T)(a % b);                                                                \
    }                                                                                     \
    KX_FN T abs(T a) { return a < 0 ? neg(a) : a; }
#define KX_UNSIGNED(T, W)                                                                 \
    KX_INT_COMMON(T, W)                                                                   \
    KX_FN T div(T a, T b) { return b == 0 ? (T)0 : (T)(a / b); }                          \
    KX_FN T rem(T a, T b) { return b == 0 ? (T)0 : (T)(a % b); }
KX_SIGNED(signed char, unsigned int)
KX_SIGNED(short, unsigned int)
KX_SIGNED(int, unsigned int)
KX_SIGNED(long long, unsigned long long)
KX_UNSIGNED(unsigned char, unsigned int)
KX_UNSIGNED(unsigned short, unsigned int)
KX_UNSIGNED(unsigned int, unsigned int)
KX_UNSIGNED(unsigned long long, unsigned long long)
#undef KX_SIGNED
#undef KX_UNSIGNED
#undef KX_INT_COMMON

KX_FN bool bit_and(bool a, bool b) { return a && b; }
KX_FN bool bit_or(bool a, bool b) { return a || b; }
KX_FN bool bit_xor(bool a, bool b) { return a != b; }
KX_FN bool bit_not(bool a) { return !a; }

// Floats: C's operators already round like Rust's; the helpers serve generic kernels.
#define KX_FLOAT_ARITH(T, FMOD)                                                           \
    KX_FN T add(T a, T b) { return a + b; }                                               \
    KX_FN T sub(T a, T b) { return a - b; }                                               \
    KX_FN T mul(T a, T b) { return a * b; }                                               \
    KX_FN T div(T a, T b) { return a / b; }                                               \
    KX_FN T rem(T a, T b) { return FMOD(a, b); }                                          \
    KX_FN T neg(T a) { return -a; }
KX_FLOAT_ARITH(float, ::fmodf)
KX_FLOAT_ARITH(double, ::fmod)
#undef KX_FLOAT_ARITH

// ---- float methods of std -------------------------------------------------------------
#define KX_MATH(T, SQRT, EXP, LOG, SIN, COS, TANH, FABS, POW, FMIN, FMAX, FMA, FLOOR, CEIL)  \
    KX_FN T sqrt(T x) { return SQRT(x); }                                                 \
    KX_FN T exp(T x) { return EXP(x); }                                                   \
    KX_FN T ln(T x) { return LOG(x); }                                                    \
    KX_FN T sin(T x) { return SIN(x); }                                                   \
    KX_FN T cos(T x) { return COS(x); }                                                   \
    KX_FN T tanh(T x) { return TANH(x); }                                                 \
    KX_FN T abs(T x) { return FABS(x); }                                                  \
    KX_FN T powf(T x, T y) { return POW(x, y); }                                          \
    KX_FN T min(T x, T y) { return FMIN(x, y); }                                          \
    KX_FN T max(T x, T y) { return FMAX(x, y); }                                          \
    KX_FN T mul_add(T x, T a, T b) { return FMA(x, a, b); }                               \
    KX_FN T floor(T x) { return FLOOR(x); }                                               \
    KX_FN T ceil(T x) { return CEIL(x); }                                                 \
    /* LLVM's powi: square-and-multiply from the low bit, reciprocal for n < 0. */        \
    KX_FN T powi(T x, int n) {                                                            \
        unsigned int m = n < 0 ? 0u - (unsigned int)n : (unsigned int)n;                  \
        T r = (T)1;                                                                       \
        bool first = true;                                                                \
        while (m) {                                                                       \
            if (m & 1u) {                                                                 \
                r = first ? x : r * x;                                                    \
                first = false;                                                            \
            }                                                                             \
            m >>= 1;                                                                      \
            if (m) x = x * x;                                                             \
        }                                                                                 \
        return n < 0 ? (T)1 / r : r;                                                      \
    }
KX_MATH(float, ::sqrtf, ::expf, ::logf, ::sinf, ::cosf, ::tanhf, ::fabsf, ::powf, ::fminf,
        ::fmaxf, ::fmaf, ::floorf, ::ceilf)
KX_MATH(double, ::sqrt, ::exp, ::log, ::sin, ::cos, ::tanh, ::fabs, ::pow, ::fmin, ::fmax,
        ::fma, ::floor, ::ceil)
#undef KX_MATH

// ---- `as` casts -----------------------------------------------------------------------
// Float to integer saturates and maps NaN to 0; integer to integer wraps (C's conversion to
// unsigned is modular; to signed it is modular on every CUDA and host compiler); integer to
// float rounds to nearest; bool converts to 0/1.
template <class To, class F> KX_FN To saturate(F x) {
    if (!(x == x)) return (To)0;
    if (x <= (F)limits<To>::min()) return limits<To>::min();
    if (x >= (F)limits<To>::max()) return limits<To>::max();
    return (To)x;
}

template <class To> struct from_float {
    template <class F> static KX_FN To run(F x) { return (To)x; }
};
#define KX_SATURATING(T)                                                                  \
    template <> struct from_float<T> {                                                    \
        template <class F> static KX_FN T run(F x) { return saturate<T>(x); }             \
    };
KX_SATURATING(signed char)
KX_SATURATING(short)
KX_SATURATING(int)
KX_SATURATING(long long)
KX_SATURATING(unsigned char)
KX_SATURATING(unsigned short)
KX_SATURATING(unsigned int)
KX_SATURATING(unsigned long long)
#undef KX_SATURATING

template <class To> struct from_int {
    template <class I> static KX_FN To run(I x) { return (To)x; }
};

template <class To> struct caster {
    static KX_FN To from(bool x) { return from_int<To>::run(x ? 1 : 0); }
    static KX_FN To from(signed char x) { return from_int<To>::run(x); }
    static KX_FN To from(short x) { return from_int<To>::run(x); }
    static KX_FN To from(int x) { return from_int<To>::run(x); }
    static KX_FN To from(long long x) { return from_int<To>::run(x); }
    static KX_FN To from(unsigned char x) { return from_int<To>::run(x); }
    static KX_FN To from(unsigned short x) { return from_int<To>::run(x); }
    static KX_FN To from(unsigned int x) { return from_int<To>::run(x); }
    static KX_FN To from(unsigned long long x) { return from_int<To>::run(x); }
    static KX_FN To from(float x) { return from_float<To>::run(x); }
    static KX_FN To from(double x) { return from_float<To>::run(x); }
#ifdef KX_HALF
    static KX_FN To from(__half x) { return from_float<To>::run(__half2float(x)); }
    static KX_FN To from(__nv_bfloat16 x) { return from_float<To>::run(__bfloat162float(x)); }
#endif
};
template <> struct caster<bool> {
    // Not an `as` cast Rust has (it has only `bool as bool`); kept total for the runtime.
    template <class F> static KX_FN bool from(F x) { return x != (F)0; }
};

/// `x as To`.
template <class To, class From> KX_FN To cast(From x) { return caster<To>::from(x); }

#ifdef KX_HALF
// ---- f16 and bf16: like the `half` crate, math in float and one rounding back ---------
template <> struct from_float<__half> {
    static KX_FN __half run(float x) { return __float2half_rn(x); }
    static KX_FN __half run(double x) { return __double2half(x); }
};
template <> struct from_float<__nv_bfloat16> {
    static KX_FN __nv_bfloat16 run(float x) { return __float2bfloat16_rn(x); }
    static KX_FN __nv_bfloat16 run(double x) { return __double2bfloat16(x); }
};
// Integers reach half precision through double: exact for up to 53 bits, one rounding.
template <> struct from_int<__half> {
    template <class I> static KX_FN __half run(I x) { return __double2half((double)x); }
};
template <> struct from_int<__nv_bfloat16> {
    template <class I> static KX_FN __nv_bfloat16 run(I x) {
        return __double2bfloat16((double)x);
    }
};

#define KX_HALF_OPS(H, TO_F, FROM_F)                                                      \
    KX_FN H add(H a, H b) { return a + b; }                                               \
    KX_FN H sub(H a, H b) { return a - b; }                                               \
    KX_FN H mul(H a, H b) { return a * b; }                                               \
    KX_FN H div(H a, H b) { return a / b; }                                               \
    KX_FN H neg(H a) { return -a; }                                                       \
    KX_FN H rem(H a, H b) { return FROM_F(::fmodf(TO_F(a), TO_F(b))); }                   \
    KX_FN H sqrt(H x) { return FROM_F(::sqrtf(TO_F(x))); }                                \
    KX_FN H exp(H x) { return FROM_F(::expf(TO_F(x))); }                                  \
    KX_FN H ln(H x) { return FROM_F(::logf(TO_F(x))); }                                   \
    KX_FN H sin(H x) { return FROM_F(::sinf(TO_F(x))); }                                  \
    KX_FN H cos(H x) { return FROM_F(::cosf(TO_F(x))); }                                  \
    KX_FN H tanh(H x) { return FROM_F(::tanhf(TO_F(x))); }                                \
    KX_FN H abs(H x) { return FROM_F(::fabsf(TO_F(x))); }                                 \
    KX_FN H powf(H x, H y) { return FROM_F(::powf(TO_F(x), TO_F(y))); }                   \
    KX_FN H powi(H x, int n) { return FROM_F(kx::powi(TO_F(x), n)); }                     \
    KX_FN H min(H x, H y) { return FROM_F(::fminf(TO_F(x), TO_F(y))); }                   \
    KX_FN H max(H x, H y) { return FROM_F(::fmaxf(TO_F(x), TO_F(y))); }                   \
    KX_FN H mul_add(H x, H a, H b) { return FROM_F(::fmaf(TO_F(x), TO_F(a), TO_F(b))); }  \
    KX_FN H floor(H x) { return FROM_F(::floorf(TO_F(x))); }                              \
    KX_FN H ceil(H x) { return FROM_F(::ceilf(TO_F(x))); }
KX_HALF_OPS(__half, __half2float, __float2half_rn)
KX_HALF_OPS(__nv_bfloat16, __bfloat162float, __float2bfloat16_rn)
#undef KX_HALF_OPS
#endif // KX_HALF

} // namespace kx

#endif // KX_PRELUDE_CUH
