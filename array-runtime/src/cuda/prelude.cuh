// kx: the helpers that generated kernels call, prepended by the runtime to every module.
//
// Written by the kernel macros' translator (kernel-macros/src/lower): a device function
// generated from Rust calls `kx::` wherever C's meaning differs from Rust's:
//   - integer + - * and unary - wrap (C: undefined for signed overflow, and narrow types are
//     promoted to int); / and % by zero give 0 (NumPy's choice) and MIN / -1 wraps; shifts
//     mask their amount like `wrapping_shl`;
//   - float % is fmod; `as` casts saturate from float to integer and map NaN to 0;
//   - min/max ignore NaN (fminf/fmaxf, like f32::min/max); powi multiplies like LLVM's powi;
//     atanh, signum, to_degrees... use std's own formulas;
//   - f16/bf16 math is computed in float and rounded back, as the `half` crate does;
//   - complex numbers follow num-complex's formulas (no fused multiply-add: NVRTC runs with
//     --fmad=false);
//   - an out-of-bounds index traps (Rust panics).
// It compiles with NVRTC (no C library there: CUDA's builtin math functions are used) and as
// host C++17 for the fidelity tests (KX_FN is then plain `inline`). fp16/bf16 parts need
// KX_HALF, which the runtime defines after including cuda_fp16.h and cuda_bf16.h (the host
// tests include a shim of those types instead).
#ifndef KX_PRELUDE_CUH
#define KX_PRELUDE_CUH

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define KX_FN __device__ __forceinline__
// A device function with a loop or a call of another device function: compiled once, called.
// Forced inlining of such functions into each call site and each of a module's entry points
// made NVRTC take minutes on one module (gammaincinv: 256 s; 9 s outlined).
#define KX_FN_OUTLINED __device__ __noinline__
#define KX_DEVICE 1
// A large constant array literal of a kernel: a file-scope table, initialised once.
#define KX_CONST __device__ const
#else
#define KX_FN inline
#define KX_FN_OUTLINED inline
#define KX_CONST static const
#endif

#ifndef __CUDACC_RTC__
#include <cmath>
#endif

namespace kx {

// ---- tuples (results of kernels with several outputs, local tuples) --------------------
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

// ---- a Rust panic: the kernel stops with an error ------------------------------------
KX_FN void trap() {
#ifdef KX_DEVICE
    __trap();
#else
    __builtin_trap();
#endif
}

// ---- fixed-size local arrays: values, like Rust's arrays; indexing is checked ---------
template <class T, int N> struct Array { T v[N]; };
template <class T, int N, class I> KX_FN T& at(Array<T, N>& a, I i) {
    if ((unsigned long long)i >= (unsigned long long)N) trap();
    return a.v[(unsigned long long)i];
}
template <class T, int N, class I> KX_FN const T& at(const Array<T, N>& a, I i) {
    if ((unsigned long long)i >= (unsigned long long)N) trap();
    return a.v[(unsigned long long)i];
}
// A copy of a constant table (a mutable binding of it): a loop, which NVRTC compiles in
// seconds where an aggregate copy of 10,000 elements took it minutes.
template <class T, int N> KX_FN Array<T, N> copy_of(const Array<T, N>& a) {
    Array<T, N> r;
#ifdef KX_DEVICE
#pragma unroll 1
#endif
    for (int i = 0; i < N; ++i) r.v[i] = a.v[i];
    return r;
}
template <class T, int N> KX_FN Array<T, N> splat(T x) {
    Array<T, N> a;
    for (int i = 0; i < N; ++i) a.v[i] = x;
    return a;
}

// ---- bits of floats --------------------------------------------------------------------
template <class T> struct bits_of;
template <> struct bits_of<float> {
    static KX_FN float from(unsigned long long b) {
#ifdef KX_DEVICE
        return __uint_as_float((unsigned int)b);
#else
        return __builtin_bit_cast(float, (unsigned int)b);
#endif
    }
    static KX_FN unsigned long long to(float x) {
#ifdef KX_DEVICE
        return __float_as_uint(x);
#else
        return __builtin_bit_cast(unsigned int, x);
#endif
    }
};
template <> struct bits_of<double> {
    static KX_FN double from(unsigned long long b) {
#ifdef KX_DEVICE
        return __longlong_as_double((long long)b);
#else
        return __builtin_bit_cast(double, b);
#endif
    }
    static KX_FN unsigned long long to(double x) {
#ifdef KX_DEVICE
        return (unsigned long long)__double_as_longlong(x);
#else
        return __builtin_bit_cast(unsigned long long, x);
#endif
    }
};
/// `x.to_bits()`: the float's bits as the unsigned integer of its width.
KX_FN unsigned int to_bits(float x) { return (unsigned int)bits_of<float>::to(x); }
KX_FN unsigned long long to_bits(double x) { return bits_of<double>::to(x); }
/// The float of type T with these bits (constants such as NAN and INFINITY).
template <class T> KX_FN T from_bits(unsigned long long b) { return bits_of<T>::from(b); }

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

// ---- bit counting ----------------------------------------------------------------------
KX_FN unsigned int popcount64(unsigned long long x) {
#ifdef KX_DEVICE
    return (unsigned int)__popcll(x);
#else
    return (unsigned int)__builtin_popcountll(x);
#endif
}
KX_FN unsigned int clz64(unsigned long long x) {
    if (x == 0) return 64;
#ifdef KX_DEVICE
    return (unsigned int)__clzll((long long)x);
#else
    return (unsigned int)__builtin_clzll(x);
#endif
}
KX_FN unsigned int ctz64(unsigned long long x) {
    if (x == 0) return 64;
#ifdef KX_DEVICE
    return (unsigned int)(__ffsll((long long)x) - 1);
#else
    return (unsigned int)__builtin_ctzll(x);
#endif
}

// ---- integers with Rust's meaning -------------------------------------------------------
// T: the type; U: the unsigned type of the same width; W: the unsigned type of at least int's
// width in which + - * cannot overflow in C (modular), then converted back; B: bits.
#define KX_INT_COMMON(T, U, W, B)                                                         \
    KX_FN T add(T a, T b) { return (T)((W)a + (W)b); }                                    \
    KX_FN T sub(T a, T b) { return (T)((W)a - (W)b); }                                    \
    KX_FN T mul(T a, T b) { return (T)((W)a * (W)b); }                                    \
    KX_FN T neg(T a) { return (T)((W)0 - (W)a); }                                         \
    KX_FN T bit_and(T a, T b) { return (T)(a & b); }                                      \
    KX_FN T bit_or(T a, T b) { return (T)(a | b); }                                       \
    KX_FN T bit_xor(T a, T b) { return (T)(a ^ b); }                                      \
    KX_FN T bit_not(T a) { return (T)~a; }                                                \
    KX_FN T min(T a, T b) { return b < a ? b : a; }                                       \
    KX_FN T max(T a, T b) { return a < b ? b : a; }                                       \
    template <class S> KX_FN T shl(T a, S n) {                                            \
        return (T)(U)((W)(U)a << ((unsigned int)n & (B - 1)));                            \
    }                                                                                     \
    KX_FN T wrapping_shl(T a, unsigned int n) { return shl(a, n); }                       \
    KX_FN T wrapping_add(T a, T b) { return add(a, b); }                                  \
    KX_FN T wrapping_sub(T a, T b) { return sub(a, b); }                                  \
    KX_FN T wrapping_mul(T a, T b) { return mul(a, b); }                                  \
    KX_FN T wrapping_neg(T a) { return neg(a); }                                          \
    KX_FN T pow(T a, unsigned int e) {                                                    \
        T r = (T)1;                                                                       \
        while (e) {                                                                       \
            if (e & 1u) r = mul(r, a);                                                    \
            e >>= 1;                                                                      \
            if (e) a = mul(a, a);                                                         \
        }                                                                                 \
        return r;                                                                         \
    }                                                                                     \
    KX_FN T wrapping_pow(T a, unsigned int e) { return pow(a, e); }                       \
    KX_FN unsigned int count_ones(T a) { return popcount64((unsigned long long)(U)a); }   \
    KX_FN unsigned int count_zeros(T a) { return B - count_ones(a); }                     \
    KX_FN unsigned int leading_zeros(T a) {                                               \
        return clz64((unsigned long long)(U)a) - (64 - B);                                \
    }                                                                                     \
    KX_FN unsigned int trailing_zeros(T a) {                                              \
        U x = (U)a;                                                                       \
        return x == 0 ? B : ctz64((unsigned long long)x);                                 \
    }                                                                                     \
    KX_FN T rotate_left(T a, unsigned int n) {                                            \
        n &= (B - 1);                                                                     \
        U x = (U)a;                                                                       \
        return n == 0 ? a : (T)(U)(((W)x << n) | ((W)x >> (B - n)));                      \
    }                                                                                     \
    KX_FN T rotate_right(T a, unsigned int n) {                                           \
        n &= (B - 1);                                                                     \
        U x = (U)a;                                                                       \
        return n == 0 ? a : (T)(U)(((W)x >> n) | ((W)x << (B - n)));                      \
    }
#define KX_INT_TAIL(T)                                                                    \
    KX_FN T wrapping_shr(T a, unsigned int n) { return shr(a, n); }                       \
    KX_FN T wrapping_div(T a, T b) { return div(a, b); }                                  \
    KX_FN T wrapping_rem(T a, T b) { return rem(a, b); }
#define KX_SIGNED(T, U, W, B)                                                             \
    KX_INT_COMMON(T, U, W, B)                                                             \
    KX_FN T div(T a, T b) {                                                               \
        if (b == 0) return 0;                                                             \
        if (b == -1) return neg(a);                                                       \
        return (T)(a / b);                                                                \
    }                                                                                     \
    KX_FN T rem(T a, T b) {                                                               \
        if (b == 0 || b == -1) return 0;                                                  \
        return (T)(a % b);                                                                \
    }                                                                                     \
    template <class S> KX_FN T shr(T a, S n) { return (T)(a >> ((unsigned int)n & (B - 1))); } \
    KX_INT_TAIL(T)                                                                        \
    KX_FN T abs(T a) { return a < 0 ? neg(a) : a; }                                       \
    KX_FN T wrapping_abs(T a) { return abs(a); }                                          \
    KX_FN T signum(T a) { return (T)((a > 0) - (a < 0)); }                                \
    KX_FN bool is_positive(T a) { return a > 0; }                                         \
    KX_FN bool is_negative(T a) { return a < 0; }                                         \
    KX_FN T saturating_add(T a, T b) {                                                    \
        T r = add(a, b);                                                                  \
        if (((a ^ r) & (b ^ r)) < 0) return a < 0 ? limits<T>::min() : limits<T>::max();  \
        return r;                                                                         \
    }                                                                                     \
    KX_FN T saturating_sub(T a, T b) {                                                    \
        T r = sub(a, b);                                                                  \
        if (((a ^ b) & (a ^ r)) < 0) return a < 0 ? limits<T>::min() : limits<T>::max();  \
        return r;                                                                         \
    }                                                                                     \
    /* The product and whether it overflowed. */                                          \
    KX_FN T checked_mul(T a, T b, bool& overflow) {                                       \
        T r = mul(a, b);                                                                  \
        if (a == -1) overflow = overflow || b == limits<T>::min();                        \
        else if (b == -1) overflow = overflow || a == limits<T>::min();                   \
        else if (a != 0 && (T)(r / a) != b) overflow = true;                              \
        return r;                                                                         \
    }                                                                                     \
    KX_FN T saturating_mul(T a, T b) {                                                    \
        bool o = false;                                                                   \
        T r = checked_mul(a, b, o);                                                       \
        if (o) return ((a < 0) != (b < 0)) ? limits<T>::min() : limits<T>::max();         \
        return r;                                                                         \
    }                                                                                     \
    KX_FN T saturating_pow(T a, unsigned int e) {                                         \
        bool o = false;                                                                   \
        bool odd = (e & 1u) != 0;                                                         \
        T base = a, r = (T)1;                                                             \
        while (e) {                                                                       \
            if (e & 1u) r = checked_mul(r, base, o);                                      \
            e >>= 1;                                                                      \
            if (e) base = checked_mul(base, base, o);                                     \
        }                                                                                 \
        if (o) return (a < 0 && odd) ? limits<T>::min() : limits<T>::max();               \
        return r;                                                                         \
    }
#define KX_UNSIGNED(T, U, W, B)                                                           \
    KX_INT_COMMON(T, U, W, B)                                                             \
    KX_FN T div(T a, T b) { return b == 0 ? (T)0 : (T)(a / b); }                          \
    KX_FN T rem(T a, T b) { return b == 0 ? (T)0 : (T)(a % b); }                          \
    template <class S> KX_FN T shr(T a, S n) { return (T)(a >> ((unsigned int)n & (B - 1))); } \
    KX_INT_TAIL(T)                                                                        \
    KX_FN bool is_power_of_two(T a) { return a != 0 && (T)(a & (T)(a - 1)) == 0; }        \
    KX_FN T saturating_add(T a, T b) {                                                    \
        T r = add(a, b);                                                                  \
        return r < a ? limits<T>::max() : r;                                              \
    }                                                                                     \
    KX_FN T saturating_sub(T a, T b) { return a < b ? (T)0 : (T)(a - b); }                \
    KX_FN T checked_mul(T a, T b, bool& overflow) {                                       \
        T r = mul(a, b);                                                                  \
        if (a != 0 && (T)(r / a) != b) overflow = true;                                   \
        return r;                                                                         \
    }                                                                                     \
    KX_FN T saturating_mul(T a, T b) {                                                    \
        bool o = false;                                                                   \
        T r = checked_mul(a, b, o);                                                       \
        return o ? limits<T>::max() : r;                                                  \
    }                                                                                     \
    KX_FN T saturating_pow(T a, unsigned int e) {                                         \
        bool o = false;                                                                   \
        T base = a, r = (T)1;                                                             \
        while (e) {                                                                       \
            if (e & 1u) r = checked_mul(r, base, o);                                      \
            e >>= 1;                                                                      \
            if (e) base = checked_mul(base, base, o);                                     \
        }                                                                                 \
        return o ? limits<T>::max() : r;                                                  \
    }
KX_SIGNED(signed char, unsigned char, unsigned int, 8)
KX_SIGNED(short, unsigned short, unsigned int, 16)
KX_SIGNED(int, unsigned int, unsigned int, 32)
KX_SIGNED(long long, unsigned long long, unsigned long long, 64)
KX_UNSIGNED(unsigned char, unsigned char, unsigned int, 8)
KX_UNSIGNED(unsigned short, unsigned short, unsigned int, 16)
KX_UNSIGNED(unsigned int, unsigned int, unsigned int, 32)
KX_UNSIGNED(unsigned long long, unsigned long long, unsigned long long, 64)
#undef KX_SIGNED
#undef KX_UNSIGNED
#undef KX_INT_COMMON
#undef KX_INT_TAIL

KX_FN bool bit_and(bool a, bool b) { return a && b; }
KX_FN bool bit_or(bool a, bool b) { return a || b; }
KX_FN bool bit_xor(bool a, bool b) { return a != b; }
KX_FN bool bit_not(bool a) { return !a; }

/// Rust's `clamp` without its assertion: `if x < lo { lo }; if x > hi { hi }`.
template <class T> KX_FN T clamp(T x, T lo, T hi) {
    if (x < lo) x = lo;
    if (x > hi) x = hi;
    return x;
}

// ---- `for i in a..b` / `a..=b` / `.step_by(s)`: the count, computed once -----------------
template <class T>
KX_FN unsigned long long range_len(T a, T b, unsigned long long s, bool inclusive) {
    if (s == 0) s = 1;  // Rust panics on step_by(0); a kernel steps by 1
    if (inclusive ? !(a <= b) : !(a < b)) return 0;
    unsigned long long d = (unsigned long long)b - (unsigned long long)a;
    if (!inclusive) d -= 1;
    return d / s + 1;
}
template <class T> KX_FN T range_at(T a, unsigned long long k, unsigned long long s) {
    if (s == 0) s = 1;
    return (T)((unsigned long long)a + k * s);
}

// ---- floats: arithmetic for generic kernels, and the float methods of std ---------------
// S: the suffix of the C math functions (`f` for float, nothing for double).
#define KX_FLOAT(T, S, TO_DEG, TO_RAD)                                                    \
    KX_FN T add(T a, T b) { return a + b; }                                               \
    KX_FN T sub(T a, T b) { return a - b; }                                               \
    KX_FN T mul(T a, T b) { return a * b; }                                               \
    KX_FN T div(T a, T b) { return a / b; }                                               \
    KX_FN T rem(T a, T b) { return ::fmod##S(a, b); }                                     \
    KX_FN T neg(T a) { return -a; }                                                       \
    KX_FN T sin(T x) { return ::sin##S(x); }                                              \
    KX_FN T cos(T x) { return ::cos##S(x); }                                              \
    KX_FN T tan(T x) { return ::tan##S(x); }                                              \
    KX_FN T asin(T x) { return ::asin##S(x); }                                            \
    KX_FN T acos(T x) { return ::acos##S(x); }                                            \
    KX_FN T atan(T x) { return ::atan##S(x); }                                            \
    KX_FN T sinh(T x) { return ::sinh##S(x); }                                            \
    KX_FN T cosh(T x) { return ::cosh##S(x); }                                            \
    KX_FN T tanh(T x) { return ::tanh##S(x); }                                            \
    /* CUDA's (the C library's on the host target), as the rest; the native twin's */     \
    /* are the runtime's (`KernelMath`), within 1 ULP of the correctly rounded one  */    \
    KX_FN T asinh(T x) { return ::asinh##S(x); }                                          \
    KX_FN T acosh(T x) { return ::acosh##S(x); }                                          \
    KX_FN T atanh(T x) { return ::atanh##S(x); }                                          \
    KX_FN T exp(T x) { return ::exp##S(x); }                                              \
    KX_FN T exp2(T x) { return ::exp2##S(x); }                                            \
    KX_FN T exp_m1(T x) { return ::expm1##S(x); }                                         \
    KX_FN T ln(T x) { return ::log##S(x); }                                               \
    KX_FN T log2(T x) { return ::log2##S(x); }                                            \
    KX_FN T log10(T x) { return ::log10##S(x); }                                          \
    KX_FN T ln_1p(T x) { return ::log1p##S(x); }                                          \
    KX_FN T sqrt(T x) { return ::sqrt##S(x); }                                            \
    KX_FN T cbrt(T x) { return ::cbrt##S(x); }                                            \
    KX_FN T abs(T x) { return ::fabs##S(x); }                                             \
    KX_FN T floor(T x) { return ::floor##S(x); }                                          \
    KX_FN T ceil(T x) { return ::ceil##S(x); }                                            \
    KX_FN T round(T x) { return ::round##S(x); }                                          \
    KX_FN T trunc(T x) { return ::trunc##S(x); }                                          \
    KX_FN T fract(T x) { return x - ::trunc##S(x); }                                      \
    KX_FN T powf(T x, T y) { return ::pow##S(x, y); }                                     \
    KX_FN T hypot(T x, T y) { return ::hypot##S(x, y); }                                  \
    KX_FN T atan2(T y, T x) { return ::atan2##S(y, x); }                                  \
    KX_FN T copysign(T x, T y) { return ::copysign##S(x, y); }                            \
    /* NaN-ignoring like f32::min/max, signaling NaNs included (C's fmin may not). */    \
    KX_FN T min(T x, T y) { return x != x ? y : (y != y ? x : ::fmin##S(x, y)); }         \
    KX_FN T max(T x, T y) { return x != x ? y : (y != y ? x : ::fmax##S(x, y)); }         \
    KX_FN T mul_add(T x, T a, T b) { return ::fma##S(x, a, b); }                          \
    KX_FN T log(T x, T base) { return ::log##S(x) / ::log##S(base); }                     \
    KX_FN T recip(T x) { return (T)1 / x; }                                               \
    KX_FN T to_degrees(T x) { return x * TO_DEG; }                                        \
    KX_FN T to_radians(T x) { return x * TO_RAD; }                                        \
    KX_FN bool is_nan(T x) { return !(x == x); }                                          \
    KX_FN bool is_infinite(T x) { return ::fabs##S(x) == from_bits<T>(INF_BITS_##S); }    \
    KX_FN bool is_finite(T x) { return ::fabs##S(x) < from_bits<T>(INF_BITS_##S); }       \
    KX_FN bool is_sign_negative(T x) { return (bits_of<T>::to(x) >> SIGN_SHIFT_##S) != 0; } \
    KX_FN bool is_sign_positive(T x) { return !is_sign_negative(x); }                    \
    KX_FN T signum(T x) { return is_nan(x) ? x : ::copysign##S((T)1, x); }                \
    /* LLVM's powi (compiler-rt's __powisf2): square-and-multiply, reciprocal for n < 0. */ \
    KX_FN T powi(T x, int n) {                                                            \
        bool recip = n < 0;                                                               \
        T r = (T)1;                                                                       \
        while (true) {                                                                    \
            if (n & 1) r *= x;                                                            \
            n /= 2;                                                                       \
            if (n == 0) break;                                                            \
            x *= x;                                                                       \
        }                                                                                 \
        return recip ? (T)1 / r : r;                                                      \
    }
#define NAN_BITS_f 0x7fc00000ull
#define NAN_BITS_ 0x7ff8000000000000ull
#define INF_BITS_f 0x7f800000ull
#define INF_BITS_ 0x7ff0000000000000ull
#define SIGN_SHIFT_f 31
#define SIGN_SHIFT_ 63
// to_degrees/to_radians: std's constants (f32: the literal 57.29578; f64: 180/PI and PI/180).
KX_FLOAT(float, f, 57.2957795130823208767981548141051703f, (3.14159265358979323846f / 180.0f))
KX_FLOAT(double, , (180.0 / 3.14159265358979323846), (3.14159265358979323846 / 180.0))
#undef KX_FLOAT
#undef INF_BITS_f
#undef INF_BITS_
#undef NAN_BITS_f
#undef NAN_BITS_
#undef SIGN_SHIFT_f
#undef SIGN_SHIFT_

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

template <class T> struct complex;

// `as` casts and `x.cast::<U>()` (array_runtime::cast): complex -> real keeps the real part,
// anything -> bool is `!= 0`, real -> complex has a zero imaginary part.
template <class To> struct caster {
    static KX_FN To from(bool x) { return from_int<To>::run(x ? 1 : 0); }
    template <class P> static KX_FN To from(complex<P> z) { return from(z.re); }
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
    // Not an `as` cast Rust has (it has only `bool as bool`): `x.cast::<bool>()`.
    template <class F> static KX_FN bool from(F x) { return x != (F)0; }
    template <class P> static KX_FN bool from(complex<P> z) {
        return z.re != (P)0 || z.im != (P)0;
    }
#ifdef KX_HALF
    static KX_FN bool from(__half x) { return __half2float(x) != 0.0f; }
    static KX_FN bool from(__nv_bfloat16 x) { return __bfloat162float(x) != 0.0f; }
#endif
};
template <class T> struct caster<complex<T>> {
    template <class F> static KX_FN complex<T> from(F x) {
        return complex<T>{caster<T>::from(x), (T)0};
    }
    template <class P> static KX_FN complex<T> from(complex<P> z) {
        return complex<T>{caster<T>::from(z.re), caster<T>::from(z.im)};
    }
};

/// `x as To`.
template <class To, class From> KX_FN To cast(From x) { return caster<To>::from(x); }

// ---- complex numbers: num-complex's formulas --------------------------------------------
template <class T> struct complex { T re; T im; };
template <class T> KX_FN complex<T> operator+(complex<T> a, complex<T> b) {
    return complex<T>{a.re + b.re, a.im + b.im};
}
template <class T> KX_FN complex<T> operator-(complex<T> a, complex<T> b) {
    return complex<T>{a.re - b.re, a.im - b.im};
}
template <class T> KX_FN complex<T> operator*(complex<T> a, complex<T> b) {
    return complex<T>{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class T> KX_FN complex<T> operator/(complex<T> a, complex<T> b) {
    T n = b.re * b.re + b.im * b.im;
    T re = a.re * b.re + a.im * b.im;
    T im = a.im * b.re - a.re * b.im;
    return complex<T>{re / n, im / n};
}
template <class T> KX_FN complex<T> operator-(complex<T> a) { return complex<T>{-a.re, -a.im}; }
template <class T> KX_FN bool operator==(complex<T> a, complex<T> b) {
    return a.re == b.re && a.im == b.im;
}
template <class T> KX_FN bool operator!=(complex<T> a, complex<T> b) { return !(a == b); }
#define KX_COMPLEX_REAL(T)                                                                \
    KX_FN complex<T> operator+(complex<T> a, T b) { return complex<T>{a.re + b, a.im}; }  \
    KX_FN complex<T> operator-(complex<T> a, T b) { return complex<T>{a.re - b, a.im}; }  \
    KX_FN complex<T> operator*(complex<T> a, T b) { return complex<T>{a.re * b, a.im * b}; } \
    KX_FN complex<T> operator/(complex<T> a, T b) { return complex<T>{a.re / b, a.im / b}; } \
    KX_FN complex<T> operator+(T a, complex<T> b) { return complex<T>{a + b.re, b.im}; }  \
    KX_FN complex<T> operator-(T a, complex<T> b) { return complex<T>{a - b.re, (T)0 - b.im}; } \
    KX_FN complex<T> operator*(T a, complex<T> b) { return complex<T>{a * b.re, a * b.im}; } \
    KX_FN complex<T> operator/(T a, complex<T> b) {                                       \
        T n = b.re * b.re + b.im * b.im;                                                  \
        return complex<T>{a * b.re / n, (T)0 - a * b.im / n};                             \
    }                                                                                     \
    KX_FN T norm_sqr(complex<T> z) { return z.re * z.re + z.im * z.im; }                  \
    KX_FN T norm(complex<T> z) { return hypot(z.re, z.im); }                              \
    KX_FN T arg(complex<T> z) { return atan2(z.im, z.re); }                               \
    KX_FN complex<T> conj(complex<T> z) { return complex<T>{z.re, -z.im}; }               \
    KX_FN complex<T> inv(complex<T> z) {                                                  \
        T n = norm_sqr(z);                                                                \
        return complex<T>{z.re / n, -z.im / n};                                           \
    }                                                                                     \
    KX_FN complex<T> scale(complex<T> z, T t) { return complex<T>{z.re * t, z.im * t}; }  \
    KX_FN complex<T> unscale(complex<T> z, T t) { return complex<T>{z.re / t, z.im / t}; } \
    KX_FN complex<T> from_polar(T r, T theta) {                                           \
        return complex<T>{r * cos(theta), r * sin(theta)};                                \
    }                                                                                     \
    KX_FN complex<T> exp(complex<T> z) {                                                  \
        T re = z.re, im = z.im;                                                           \
        if (is_infinite(re)) {                                                            \
            if (re < (T)0) {                                                              \
                if (!is_finite(im)) return complex<T>{(T)0, (T)0};                        \
            } else if (im == (T)0 || !is_finite(im)) {                                    \
                if (is_infinite(im)) im = from_bits<T>(NAN_BITS_##T);                     \
                return complex<T>{re, im};                                                \
            }                                                                             \
        } else if (is_nan(re) && im == (T)0) {                                            \
            return z;                                                                     \
        }                                                                                 \
        return from_polar(exp(re), im);                                                   \
    }                                                                                     \
    KX_FN complex<T> ln(complex<T> z) { return complex<T>{ln(norm(z)), arg(z)}; }         \
    KX_FN complex<T> sqrt(complex<T> z) {                                                 \
        if (z.im == (T)0) {                                                               \
            if (is_sign_positive(z.re)) return complex<T>{sqrt(z.re), z.im};              \
            T im = sqrt(-z.re);                                                           \
            return is_sign_positive(z.im) ? complex<T>{(T)0, im} : complex<T>{(T)0, -im}; \
        }                                                                                 \
        if (z.re == (T)0) {                                                               \
            T x = sqrt(abs(z.im) / (T)2);                                                 \
            return is_sign_positive(z.im) ? complex<T>{x, x} : complex<T>{x, -x};         \
        }                                                                                 \
        return from_polar(sqrt(norm(z)), arg(z) / (T)2);                                  \
    }                                                                                     \
    KX_FN complex<T> powf(complex<T> z, T e) {                                            \
        if (e == (T)0) return complex<T>{(T)1, (T)0};                                     \
        return from_polar(powf(norm(z), e), arg(z) * e);                                  \
    }                                                                                     \
    KX_FN bool is_nan(complex<T> z) { return is_nan(z.re) || is_nan(z.im); }              \
    KX_FN bool is_infinite(complex<T> z) {                                                \
        return !is_nan(z) && (is_infinite(z.re) || is_infinite(z.im));                    \
    }                                                                                     \
    KX_FN bool is_finite(complex<T> z) { return is_finite(z.re) && is_finite(z.im); }
#define NAN_BITS_float 0x7fc00000ull
#define NAN_BITS_double 0x7ff8000000000000ull
KX_COMPLEX_REAL(float)
KX_COMPLEX_REAL(double)
#undef KX_COMPLEX_REAL
#undef NAN_BITS_float
#undef NAN_BITS_double

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
KX_FN unsigned short to_bits(__half x) { return __half_as_ushort(x); }
KX_FN unsigned short to_bits(__nv_bfloat16 x) { return __bfloat16_as_ushort(x); }
template <> struct bits_of<__half> {
    static KX_FN __half from(unsigned long long b) { return __ushort_as_half((unsigned short)b); }
};
template <> struct bits_of<__nv_bfloat16> {
    static KX_FN __nv_bfloat16 from(unsigned long long b) {
        return __ushort_as_bfloat16((unsigned short)b);
    }
};

#define KX_HALF_1(H, TO_F, FROM_F, NAME) KX_FN H NAME(H x) { return FROM_F(kx::NAME(TO_F(x))); }
#define KX_HALF_2(H, TO_F, FROM_F, NAME)                                                  \
    KX_FN H NAME(H x, H y) { return FROM_F(kx::NAME(TO_F(x), TO_F(y))); }
#define KX_HALF_P(H, TO_F, NAME) KX_FN bool NAME(H x) { return kx::NAME(TO_F(x)); }
#define KX_HALF_OPS(H, TO_F, FROM_F)                                                      \
    KX_FN H add(H a, H b) { return a + b; }                                               \
    KX_FN H sub(H a, H b) { return a - b; }                                               \
    KX_FN H mul(H a, H b) { return a * b; }                                               \
    KX_FN H div(H a, H b) { return a / b; }                                               \
    KX_FN H neg(H a) { return -a; }                                                       \
    KX_FN H rem(H a, H b) { return FROM_F(::fmodf(TO_F(a), TO_F(b))); }                   \
    KX_HALF_1(H, TO_F, FROM_F, sin) KX_HALF_1(H, TO_F, FROM_F, cos)                       \
    KX_HALF_1(H, TO_F, FROM_F, tan) KX_HALF_1(H, TO_F, FROM_F, asin)                      \
    KX_HALF_1(H, TO_F, FROM_F, acos) KX_HALF_1(H, TO_F, FROM_F, atan)                     \
    KX_HALF_1(H, TO_F, FROM_F, sinh) KX_HALF_1(H, TO_F, FROM_F, cosh)                     \
    KX_HALF_1(H, TO_F, FROM_F, tanh) KX_HALF_1(H, TO_F, FROM_F, asinh)                    \
    KX_HALF_1(H, TO_F, FROM_F, acosh) KX_HALF_1(H, TO_F, FROM_F, atanh)                   \
    KX_HALF_1(H, TO_F, FROM_F, exp) KX_HALF_1(H, TO_F, FROM_F, exp2)                      \
    KX_HALF_1(H, TO_F, FROM_F, exp_m1) KX_HALF_1(H, TO_F, FROM_F, ln)                     \
    KX_HALF_1(H, TO_F, FROM_F, log2) KX_HALF_1(H, TO_F, FROM_F, log10)                    \
    KX_HALF_1(H, TO_F, FROM_F, ln_1p) KX_HALF_1(H, TO_F, FROM_F, sqrt)                    \
    KX_HALF_1(H, TO_F, FROM_F, cbrt) KX_HALF_1(H, TO_F, FROM_F, abs)                      \
    KX_HALF_1(H, TO_F, FROM_F, floor) KX_HALF_1(H, TO_F, FROM_F, ceil)                    \
    KX_HALF_1(H, TO_F, FROM_F, round) KX_HALF_1(H, TO_F, FROM_F, trunc)                   \
    KX_HALF_1(H, TO_F, FROM_F, fract) KX_HALF_1(H, TO_F, FROM_F, recip)                   \
    KX_HALF_1(H, TO_F, FROM_F, to_degrees) KX_HALF_1(H, TO_F, FROM_F, to_radians)         \
    KX_HALF_1(H, TO_F, FROM_F, signum)                                                    \
    KX_HALF_2(H, TO_F, FROM_F, powf) KX_HALF_2(H, TO_F, FROM_F, hypot)                    \
    KX_HALF_2(H, TO_F, FROM_F, atan2) KX_HALF_2(H, TO_F, FROM_F, copysign)                \
    KX_HALF_2(H, TO_F, FROM_F, min) KX_HALF_2(H, TO_F, FROM_F, max)                       \
    KX_HALF_2(H, TO_F, FROM_F, log)                                                       \
    KX_HALF_P(H, TO_F, is_nan) KX_HALF_P(H, TO_F, is_finite)                              \
    KX_HALF_P(H, TO_F, is_infinite) KX_HALF_P(H, TO_F, is_sign_negative)                  \
    KX_HALF_P(H, TO_F, is_sign_positive)                                                  \
    KX_FN H powi(H x, int n) { return FROM_F(kx::powi(TO_F(x), n)); }                     \
    KX_FN H mul_add(H x, H a, H b) { return FROM_F(::fmaf(TO_F(x), TO_F(a), TO_F(b))); }
KX_HALF_OPS(__half, __half2float, __float2half_rn)
KX_HALF_OPS(__nv_bfloat16, __bfloat162float, __float2bfloat16_rn)
#undef KX_HALF_OPS
#undef KX_HALF_1
#undef KX_HALF_2
#undef KX_HALF_P
#endif // KX_HALF

// ---- the math library's special functions, for `#[device_fn(cuda = "name")]` ----------
// A device function so marked calls `kx::libm::name` where `KX_LIBM_name` is defined: every
// one of these on a GPU (CUDA's math library), those of the C library on the host (the
// fidelity tests); elsewhere its translated Rust body runs instead.
namespace libm {
#define KX_LIBM_1(NAME)                                                                   \
    KX_FN float NAME(float x) { return ::NAME##f(x); }                                    \
    KX_FN double NAME(double x) { return ::NAME(x); }
#define KX_LIBM_N(NAME)                                                                   \
    KX_FN float NAME(int n, float x) { return ::NAME##f(n, x); }                          \
    KX_FN double NAME(int n, double x) { return ::NAME(n, x); }
KX_LIBM_1(erf) KX_LIBM_1(erfc) KX_LIBM_1(lgamma) KX_LIBM_1(tgamma)
KX_LIBM_1(j0) KX_LIBM_1(j1) KX_LIBM_1(y0) KX_LIBM_1(y1) KX_LIBM_N(jn) KX_LIBM_N(yn)
#define KX_LIBM_erf 1
#define KX_LIBM_erfc 1
#define KX_LIBM_lgamma 1
#define KX_LIBM_tgamma 1
#define KX_LIBM_j0 1
#define KX_LIBM_j1 1
#define KX_LIBM_y0 1
#define KX_LIBM_y1 1
#define KX_LIBM_jn 1
#define KX_LIBM_yn 1
// CUDA's own (not the C library's): on a GPU only, not on the CUDA host target (whose g++ has
// only the C library), where the translated bodies run.
#if defined(KX_DEVICE) && !defined(KXH_HOST_TARGET)
KX_LIBM_1(erfinv) KX_LIBM_1(erfcinv) KX_LIBM_1(erfcx) KX_LIBM_1(normcdf)
KX_LIBM_1(normcdfinv) KX_LIBM_1(cyl_bessel_i0) KX_LIBM_1(cyl_bessel_i1)
#define KX_LIBM_erfinv 1
#define KX_LIBM_erfcinv 1
#define KX_LIBM_erfcx 1
#define KX_LIBM_normcdf 1
#define KX_LIBM_normcdfinv 1
#define KX_LIBM_cyl_bessel_i0 1
#define KX_LIBM_cyl_bessel_i1 1
#endif
#undef KX_LIBM_1
#undef KX_LIBM_N
} // namespace libm

} // namespace kx

#endif // KX_PRELUDE_CUH
