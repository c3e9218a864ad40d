// kxh: the CUDA subset of the generated modules, for the host target of array-runtime
// (array-runtime/src/cuda/host). g++ compiles a module's text, byte for byte what NVRTC gets,
// with this header -include'd first. It defines what NVRTC provides: the qualifiers,
// threadIdx/blockIdx/blockDim/gridDim/warpSize, vector types, barriers, warp shuffles and
// votes (32 lanes), atomics, the bit-cast and integer intrinsics, __ldg; `__shared__` is
// thread_local storage, one copy per running block (a block's threads are fibers on one OS
// thread). Barriers and warp collectives call back into the runtime, whose scheduler suspends
// the calling fiber until the collective is complete.
//
// The checker: modules are built with -fsanitize=kernel-address (outlined calls) and
// -fsanitize=undefined, and this header is their sanitizer runtime. Every load and store of
// the module calls kxh_access: device memory must lie in a buffer the launch was given, within
// the bytes that buffer holds; shared memory is race-checked between barriers (two threads of
// a block touching one byte, one of them writing, with no __syncthreads() between; within a
// warp, __syncwarp() orders too). Undefined behaviour is reported with its source line.
//
// __CUDACC__ and __CUDACC_RTC__ are defined, as under NVRTC, and __CUDA_ARCH__ is not (as in
// nvcc's host pass): code tells the host target by `#ifndef __CUDA_ARCH__`.
#ifndef KXH_CUDA_H
#define KXH_CUDA_H

// The C library's headers themselves: libstdc++'s <cmath> alone costs a third of a second of
// g++'s time per module.
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#include <link.h>

// As under NVRTC: the prelude then includes no standard header either.
#define __CUDACC__ 1
#define __CUDACC_RTC__ 1
#define KXH_HOST_TARGET 1

#define KXH_NOSAN __attribute__((no_sanitize_address, no_sanitize_undefined, noinline))
#define KXH_NOSAN_INLINE __attribute__((no_sanitize_address, no_sanitize_undefined)) inline

// ---- qualifiers ------------------------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __shared__ thread_local
#define __grid_constant__

// ---- vector types (CUDA's sizes and alignments) ----------------------------------------
#define KXH_VEC(T, N, A)                                                                  \
    struct __attribute__((aligned(A))) N##1 { T x; };                                     \
    struct __attribute__((aligned(A * 2))) N##2 { T x, y; };                              \
    struct N##3 { T x, y, z; };                                                           \
    struct __attribute__((aligned(A * 4 > 16 ? 16 : A * 4))) N##4 { T x, y, z, w; };      \
    inline N##1 make_##N##1(T x) { return N##1{x}; }                                      \
    inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }                              \
    inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }                      \
    inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
KXH_VEC(signed char, char, 1)
KXH_VEC(unsigned char, uchar, 1)
KXH_VEC(short, short, 2)
KXH_VEC(unsigned short, ushort, 2)
KXH_VEC(int, int, 4)
KXH_VEC(unsigned int, uint, 4)
KXH_VEC(long, long, 8)
KXH_VEC(unsigned long, ulong, 8)
KXH_VEC(long long, longlong, 8)
KXH_VEC(unsigned long long, ulonglong, 8)
KXH_VEC(float, float, 4)
KXH_VEC(double, double, 8)
#undef KXH_VEC

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};

// ---- the interface with the runtime (array-runtime/src/cuda/host/launch.rs) ------------
extern "C" {
// Collective kinds of kxh_api::collective.
enum {
    KXH_SHFL = 0,        // arg: the source lane (every shuffle form resolves to one)
    KXH_VOTE_ALL = 1,
    KXH_VOTE_ANY = 2,
    KXH_BALLOT = 3,
    KXH_SYNCWARP = 4,
    KXH_BAR_SYNC = 5,
    KXH_BAR_COUNT = 6,
    KXH_BAR_AND = 7,
    KXH_BAR_OR = 8,
};
// Report kinds of kxh_api::report.
enum {
    KXH_REPORT_MEMORY = 0,   // device memory outside the launch's buffers
    KXH_REPORT_RACE = 1,     // shared memory touched by two threads between barriers
    KXH_REPORT_SHARED = 2,   // dynamic shared memory past the launch's size
    KXH_REPORT_UB = 3,       // undefined behaviour (UBSan)
    KXH_REPORT_UNINIT = 4,   // shared memory read before any thread of the block wrote it
};
struct kxh_api {
    unsigned int version;
    // A barrier or warp collective: `value` (16 bytes) in, the result (16 bytes) out. May
    // switch to another fiber before it returns.
    void (*collective)(int kind, const void* value, unsigned int size, unsigned int arg,
                       void* result);
    // __trap(): ends the thread (does not return).
    void (*trap)(const char* why);
    // A finding of the checker (the launch fails with it).
    void (*report)(int kind, const char* message);
};
struct kxh_range {
    uint64_t lo;      // the buffer's first byte
    uint64_t hi;      // one past the bytes it holds
    uint64_t end;     // one past its block (the pool's rounding)
    uint32_t param;   // the kernel parameter that points into it
    uint32_t pad;
};
struct kxh_launch {
    uint64_t id;                // unique per launch
    uint64_t region_lo, region_len;  // all device memory
    const kxh_range* ranges;
    uint32_t nranges;
    uint32_t dyn_bytes;         // dynamic shared memory of the launch
    uint32_t grid[3], block[3];
    uint32_t flags;             // KXH_CHECK_*
    uint32_t pad;
};
enum { KXH_CHECK_MEMORY = 1, KXH_CHECK_RACES = 2, KXH_CHECK_UNINIT = 4 };
}

namespace kxh {
// Shadow of one byte of shared memory: the block it was touched in, the last writer and the
// last reader(s) with their barrier/warp epochs.
struct Shadow {
    uint32_t gen;
    uint16_t writer, reader;  // thread + 1; 0: none; reader 0xffff: several
    uint32_t wstamp, rstamp;  // (barrier epoch << 16) | syncwarp epoch
};
constexpr uint16_t MANY = 0xffff;

// One OS thread's state: the running block and fiber.
struct State {
    uint3 thread_idx;
    uint3 block_idx;
    uint3 block_dim;
    uint3 grid_dim;
    uint32_t tid;          // linear thread index in the block
    uint32_t gen;          // blocks run by this OS thread
    const kxh_launch* launch;
    uint64_t launch_id;
    uint64_t block_linear;
    // This module's TLS block (static shared memory lives there) on this OS thread.
    uintptr_t tls_lo, tls_len;
    Shadow* shadow;
    // Dynamic shared memory arrays (extern __shared__): address and capacity.
    uintptr_t dyn_lo[4];
    int dyn_count;
    uint32_t reports;      // findings reported in this block
    uint32_t stamp[1024];  // per thread: (barriers passed << 16) | syncwarps passed
};
inline thread_local State st;
inline const kxh_api* api = nullptr;
}  // namespace kxh

#define threadIdx (kxh::st.thread_idx)
#define blockIdx (kxh::st.block_idx)
#define blockDim (kxh::st.block_dim)
#define gridDim (kxh::st.grid_dim)
constexpr int warpSize = 32;

// Defined by the module's trampolines (the runtime writes them after the module).
extern "C" int kxh_dyn_count();
extern "C" void* kxh_dyn_addr(int i);
#define KXH_DYN_CAPACITY (227u * 1024u)

namespace kxh {

KXH_NOSAN void report(int kind, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
KXH_NOSAN void report(int kind, const char* fmt, ...) {
    if (st.reports++ > 0 || !api) return;  // the first finding of a block says enough
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    api->report(kind, buf);
}

struct PhdrQuery {
    uintptr_t code;
    uintptr_t tls_len;
    uintptr_t tls_lo;
};

KXH_NOSAN int find_tls(struct dl_phdr_info* info, size_t, void* data) {
    PhdrQuery* q = static_cast<PhdrQuery*>(data);
    bool mine = false;
    uintptr_t tls = 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& p = info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + p.p_vaddr;
        if (p.p_type == PT_LOAD && q->code >= lo && q->code < lo + p.p_memsz) mine = true;
        if (p.p_type == PT_TLS) tls = p.p_memsz;
    }
    if (!mine) return 0;
    q->tls_len = tls;
    q->tls_lo = (uintptr_t)info->dlpi_tls_data;
    return 1;
}

// A new block on this OS thread: a new generation of shadow, every thread at epoch 0.
KXH_NOSAN void begin_block(const kxh_launch* L, uint64_t linear) {
    st.launch = L;
    st.launch_id = L->id;
    st.block_linear = linear;
    st.gen += 1;
    st.reports = 0;
    uint32_t n = L->block[0] * L->block[1] * L->block[2];
    if (n > 1024) n = 1024;
    memset(st.stamp, 0, n * sizeof(uint32_t));
    if (st.tls_len == 0 && st.tls_lo == 0) {
        PhdrQuery q = {(uintptr_t)(void*)&begin_block, 0, 0};
        dl_iterate_phdr(find_tls, &q);
        st.tls_lo = q.tls_lo;
        st.tls_len = q.tls_len;
        if (st.tls_len > 0 && (L->flags & (KXH_CHECK_RACES | KXH_CHECK_UNINIT))) {
            st.shadow = static_cast<Shadow*>(calloc(st.tls_len, sizeof(Shadow)));
        }
        st.dyn_count = kxh_dyn_count();
        if (st.dyn_count > 4) st.dyn_count = 4;
        for (int i = 0; i < st.dyn_count; ++i) st.dyn_lo[i] = (uintptr_t)kxh_dyn_addr(i);
    }
}

KXH_NOSAN_INLINE bool ordered(uint16_t other, uint32_t ostamp, uint32_t t, uint32_t stamp) {
    if (other == t + 1) return true;
    if ((ostamp >> 16) != (stamp >> 16)) return true;  // a barrier between
    // Lanes of one warp: a __syncwarp() between.
    return other != MANY && (uint32_t)(other - 1) / 32 == t / 32 && ostamp != stamp;
}

KXH_NOSAN const char* where(uintptr_t a, uint64_t* offset) {
    for (int i = 0; i < st.dyn_count; ++i) {
        if (a >= st.dyn_lo[i] && a < st.dyn_lo[i] + KXH_DYN_CAPACITY) {
            *offset = a - st.dyn_lo[i];
            return "dynamic shared memory";
        }
    }
    *offset = a - st.tls_lo;
    return "static shared memory";
}

KXH_NOSAN void shared_access(uintptr_t a, size_t n, bool write, bool atomic) {
    const kxh_launch* L = st.launch;
    for (int i = 0; i < st.dyn_count; ++i) {
        uintptr_t lo = st.dyn_lo[i];
        if (a >= lo && a < lo + KXH_DYN_CAPACITY && a + n > lo + L->dyn_bytes) {
            report(KXH_REPORT_SHARED,
                   "a %s of %zu bytes at byte %llu of dynamic shared memory, past the %u "
                   "bytes the launch gave",
                   write ? "write" : "read", n, (unsigned long long)(a - lo), L->dyn_bytes);
            return;
        }
    }
    // Atomics never race with one another (and are not tracked against plain accesses).
    if (!st.shadow || atomic) return;
    const uint32_t t = st.tid, stamp = st.stamp[t < 1024 ? t : 1023];
    Shadow* s = st.shadow + (a - st.tls_lo);
    for (size_t k = 0; k < n; ++k, ++s) {
        if (s->gen != st.gen) {
            if (!write && (L->flags & KXH_CHECK_UNINIT)) {
                uint64_t off;
                const char* what = where(a + k, &off);
                report(KXH_REPORT_UNINIT,
                       "thread %u read byte %llu of %s, which no thread of the block has "
                       "written",
                       t, (unsigned long long)off, what);
            }
            *s = Shadow{st.gen, 0, 0, 0, 0};
        }
        const char* conflict = nullptr;
        uint16_t other = 0;
        if (s->writer && !ordered(s->writer, s->wstamp, t, stamp)) {
            conflict = write ? "wrote" : "wrote";
            other = s->writer;
        } else if (write && s->reader == MANY && (s->rstamp >> 16) == (stamp >> 16)) {
            conflict = "read";
            other = MANY;
        } else if (write && s->reader && s->reader != MANY &&
                   !ordered(s->reader, s->rstamp, t, stamp)) {
            conflict = "read";
            other = s->reader;
        }
        if (conflict) {
            uint64_t off;
            const char* what = where(a + k, &off);
            if (other == MANY) {
                report(KXH_REPORT_RACE,
                       "a shared-memory race on byte %llu of %s: thread %u %s it after "
                       "several threads %s it, with no __syncthreads() between",
                       (unsigned long long)off, what, t, write ? "wrote" : "read", conflict);
            } else {
                report(KXH_REPORT_RACE,
                       "a shared-memory race on byte %llu of %s: thread %u %s it after "
                       "thread %u %s it, with no __syncthreads() between",
                       (unsigned long long)off, what, t, write ? "wrote" : "read",
                       (unsigned)(other - 1), conflict);
            }
            return;
        }
        if (write) {
            s->writer = (uint16_t)(t + 1);
            s->wstamp = stamp;
            s->reader = 0;
        } else if (s->reader == 0 || s->reader == t + 1 || (s->rstamp >> 16) != (stamp >> 16)) {
            s->reader = (uint16_t)(t + 1);
            s->rstamp = stamp;
        } else {
            s->reader = MANY;
            s->rstamp = stamp;
        }
    }
}

KXH_NOSAN void device_access(uintptr_t a, size_t n, bool write) {
    const kxh_launch* L = st.launch;
    const kxh_range* hit = nullptr;
    for (uint32_t i = 0; i < L->nranges; ++i) {
        const kxh_range& r = L->ranges[i];
        if (a >= r.lo && a + n <= r.hi) return;
        if (a >= r.lo && a < r.end) hit = &r;
    }
    if (hit) {
        report(KXH_REPORT_MEMORY,
               "a %s of %zu bytes at byte %llu of the buffer of parameter %u, which holds "
               "%llu bytes (the rest of its %llu-byte block is the pool's rounding)",
               write ? "write" : "read", n, (unsigned long long)(a - hit->lo), hit->param,
               (unsigned long long)(hit->hi - hit->lo), (unsigned long long)(hit->end - hit->lo));
    } else {
        report(KXH_REPORT_MEMORY,
               "a %s of %zu bytes at device address 0x%llx, in none of the buffers the "
               "launch was given",
               write ? "write" : "read", n, (unsigned long long)a);
    }
}

// Every load and store of the module comes here (atomics too, marked).
KXH_NOSAN_INLINE void access(uintptr_t a, size_t n, bool write, bool atomic = false) {
    const kxh_launch* L = st.launch;
    if (!L) return;
    if (a - L->region_lo < L->region_len) {
        if (L->flags & KXH_CHECK_MEMORY) device_access(a, n, write);
    } else if (a - st.tls_lo < st.tls_len && a - (uintptr_t)&st >= sizeof(State)) {
        shared_access(a, n, write, atomic);
    }
}

// ---- collectives ---------------------------------------------------------------------
KXH_NOSAN_INLINE unsigned int lane() { return st.tid % 32u; }

// Calls the runtime's collective, then restores what other fibers changed meanwhile.
KXH_NOSAN void collective(int kind, const void* value, unsigned int size, unsigned int arg,
                          void* result) {
    const uint3 t = st.thread_idx;
    const uint32_t tid = st.tid;
    api->collective(kind, value, size, arg, result);
    st.thread_idx = t;
    st.tid = tid;
    uint32_t& stamp = st.stamp[tid < 1024 ? tid : 1023];
    if (kind >= KXH_BAR_SYNC) stamp = ((stamp >> 16) + 1) << 16;
    else if (kind == KXH_SYNCWARP) stamp = (stamp & 0xffff0000u) | ((stamp + 1) & 0xffffu);
}

KXH_NOSAN int barrier(int kind, int pred) {
    unsigned char v[16] = {0}, r[16] = {0};
    v[0] = pred != 0;
    collective(kind, v, 1, 0, r);
    int out;
    memcpy(&out, r, 4);
    return kind == KXH_BAR_COUNT ? out : r[0];
}

template <class T> KXH_NOSAN_INLINE T shfl_from(T var, unsigned int src) {
    static_assert(sizeof(T) <= 16, "shuffled values are at most 16 bytes");
    unsigned char v[16] = {0}, r[16] = {0};
    memcpy(v, &var, sizeof(T));
    collective(KXH_SHFL, v, sizeof(T), src, r);
    T out;
    memcpy(&out, r, sizeof(T));
    return out;
}

KXH_NOSAN_INLINE unsigned int vote(int kind, int pred) {
    unsigned char v[16] = {0}, r[16] = {0};
    v[0] = pred != 0;
    collective(kind, v, 1, 0, r);
    unsigned int out;
    memcpy(&out, r, 4);
    return kind == KXH_BALLOT ? out : r[0];
}

// The lane a shuffle reads, or the caller's own lane when the source is outside its section
// of `width` lanes (CUDA then returns the caller's own value).
KXH_NOSAN_INLINE unsigned int seg(int width) { return width <= 0 || width > 32 ? 32u : (unsigned)width; }

}  // namespace kxh

inline void __syncthreads() { kxh::barrier(KXH_BAR_SYNC, 0); }
inline int __syncthreads_count(int p) { return kxh::barrier(KXH_BAR_COUNT, p); }
inline int __syncthreads_and(int p) { return kxh::barrier(KXH_BAR_AND, p); }
inline int __syncthreads_or(int p) { return kxh::barrier(KXH_BAR_OR, p); }
inline void __syncwarp(unsigned int = 0xffffffffu) {
    unsigned char v[16] = {0}, r[16];
    kxh::collective(KXH_SYNCWARP, v, 1, 0, r);
}
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

template <class T> inline T __shfl_sync(unsigned int, T var, int src, int width = 32) {
    const unsigned int w = kxh::seg(width), l = kxh::lane();
    return kxh::shfl_from(var, (l / w) * w + ((unsigned)src % w));
}
template <class T> inline T __shfl_up_sync(unsigned int, T var, unsigned int d, int width = 32) {
    const unsigned int w = kxh::seg(width), l = kxh::lane();
    return kxh::shfl_from(var, (l % w) >= d ? l - d : l);
}
template <class T> inline T __shfl_down_sync(unsigned int, T var, unsigned int d, int width = 32) {
    const unsigned int w = kxh::seg(width), l = kxh::lane();
    return kxh::shfl_from(var, (l % w) + d < w ? l + d : l);
}
template <class T> inline T __shfl_xor_sync(unsigned int, T var, int mask, int width = 32) {
    const unsigned int w = kxh::seg(width), l = kxh::lane();
    const unsigned int s = l ^ (unsigned)mask;
    return kxh::shfl_from(var, s / w <= l / w && s < 32 ? s : l);
}
inline int __all_sync(unsigned int, int p) { return (int)kxh::vote(KXH_VOTE_ALL, p); }
inline int __any_sync(unsigned int, int p) { return (int)kxh::vote(KXH_VOTE_ANY, p); }
inline unsigned int __ballot_sync(unsigned int, int p) { return kxh::vote(KXH_BALLOT, p); }
inline unsigned int __activemask() { return kxh::vote(KXH_BALLOT, 1); }

inline void __trap() { kxh::api->trap("__trap() (a Rust panic in the kernel: an index out of bounds, ...)"); __builtin_unreachable(); }
inline void __brkpt() { kxh::api->trap("__brkpt()"); __builtin_unreachable(); }

// ---- atomics: real atomics on host memory; checked as accesses, never as races --------
#define KXH_ATOMIC_ACCESS(p, T) kxh::access((uintptr_t)(p), sizeof(T), true, true)
#define KXH_ATOMIC_FETCH(NAME, BUILTIN, T)                                                \
    KXH_NOSAN_INLINE T NAME(T* p, T v) {                                                  \
        KXH_ATOMIC_ACCESS(p, T);                                                          \
        return BUILTIN(p, v, __ATOMIC_RELAXED);                                           \
    }
#define KXH_ATOMIC_INTS(NAME, BUILTIN)                                                    \
    KXH_ATOMIC_FETCH(NAME, BUILTIN, int)                                                  \
    KXH_ATOMIC_FETCH(NAME, BUILTIN, unsigned int)                                         \
    KXH_ATOMIC_FETCH(NAME, BUILTIN, unsigned long long)
KXH_ATOMIC_INTS(atomicAdd, __atomic_fetch_add)
KXH_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, int)
KXH_ATOMIC_FETCH(atomicSub, __atomic_fetch_sub, unsigned int)
KXH_ATOMIC_INTS(atomicAnd, __atomic_fetch_and)
KXH_ATOMIC_INTS(atomicOr, __atomic_fetch_or)
KXH_ATOMIC_INTS(atomicXor, __atomic_fetch_xor)
KXH_ATOMIC_FETCH(atomicAnd, __atomic_fetch_and, long long)
KXH_ATOMIC_FETCH(atomicOr, __atomic_fetch_or, long long)
KXH_ATOMIC_FETCH(atomicXor, __atomic_fetch_xor, long long)
#undef KXH_ATOMIC_INTS
#undef KXH_ATOMIC_FETCH

template <class T> KXH_NOSAN_INLINE T kxh_atomic_exch(T* p, T v) {
    KXH_ATOMIC_ACCESS(p, T);
    return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}
KXH_NOSAN_INLINE int atomicExch(int* p, int v) { return kxh_atomic_exch(p, v); }
KXH_NOSAN_INLINE unsigned int atomicExch(unsigned int* p, unsigned int v) { return kxh_atomic_exch(p, v); }
KXH_NOSAN_INLINE unsigned long long atomicExch(unsigned long long* p, unsigned long long v) {
    return kxh_atomic_exch(p, v);
}
KXH_NOSAN_INLINE float atomicExch(float* p, float v) {
    unsigned int b;
    memcpy(&b, &v, 4);
    b = kxh_atomic_exch(reinterpret_cast<unsigned int*>(p), b);
    memcpy(&v, &b, 4);
    return v;
}

template <class T> KXH_NOSAN_INLINE T kxh_atomic_cas(T* p, T compare, T v) {
    KXH_ATOMIC_ACCESS(p, T);
    __atomic_compare_exchange_n(p, &compare, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return compare;
}
KXH_NOSAN_INLINE int atomicCAS(int* p, int c, int v) { return kxh_atomic_cas(p, c, v); }
KXH_NOSAN_INLINE unsigned int atomicCAS(unsigned int* p, unsigned int c, unsigned int v) {
    return kxh_atomic_cas(p, c, v);
}
KXH_NOSAN_INLINE unsigned long long atomicCAS(unsigned long long* p, unsigned long long c,
                                              unsigned long long v) {
    return kxh_atomic_cas(p, c, v);
}
KXH_NOSAN_INLINE unsigned short atomicCAS(unsigned short* p, unsigned short c, unsigned short v) {
    return kxh_atomic_cas(p, c, v);
}

// Read-modify-write through compare-and-swap on the bits (floats, min/max).
template <class T, class B, class F> KXH_NOSAN_INLINE T kxh_atomic_rmw(T* p, F f) {
    static_assert(sizeof(T) == sizeof(B), "same width");
    KXH_ATOMIC_ACCESS(p, T);
    B* q = reinterpret_cast<B*>(p);
    B old = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (true) {
        T a;
        memcpy(&a, &old, sizeof(T));
        T n = f(a);
        B nb;
        memcpy(&nb, &n, sizeof(T));
        if (__atomic_compare_exchange_n(q, &old, nb, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            return a;
        }
    }
}
KXH_NOSAN_INLINE float atomicAdd(float* p, float v) {
    return kxh_atomic_rmw<float, unsigned int>(p, [v](float a) { return a + v; });
}
KXH_NOSAN_INLINE double atomicAdd(double* p, double v) {
    return kxh_atomic_rmw<double, unsigned long long>(p, [v](double a) { return a + v; });
}
#define KXH_ATOMIC_MINMAX(T, B)                                                           \
    KXH_NOSAN_INLINE T atomicMin(T* p, T v) {                                             \
        return kxh_atomic_rmw<T, B>(p, [v](T a) { return v < a ? v : a; });               \
    }                                                                                     \
    KXH_NOSAN_INLINE T atomicMax(T* p, T v) {                                             \
        return kxh_atomic_rmw<T, B>(p, [v](T a) { return a < v ? v : a; });               \
    }
KXH_ATOMIC_MINMAX(int, unsigned int)
KXH_ATOMIC_MINMAX(unsigned int, unsigned int)
KXH_ATOMIC_MINMAX(long long, unsigned long long)
KXH_ATOMIC_MINMAX(unsigned long long, unsigned long long)
#undef KXH_ATOMIC_MINMAX
KXH_NOSAN_INLINE unsigned int atomicInc(unsigned int* p, unsigned int m) {
    return kxh_atomic_rmw<unsigned int, unsigned int>(
        p, [m](unsigned int a) { return a >= m ? 0u : a + 1u; });
}
KXH_NOSAN_INLINE unsigned int atomicDec(unsigned int* p, unsigned int m) {
    return kxh_atomic_rmw<unsigned int, unsigned int>(
        p, [m](unsigned int a) { return (a == 0u || a > m) ? m : a - 1u; });
}
#undef KXH_ATOMIC_ACCESS

// ---- loads through the read-only cache, and other memory intrinsics -------------------
template <class T> inline T __ldg(const T* p) { return *p; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline T __ldca(const T* p) { return *p; }
template <class T> inline T __ldcs(const T* p) { return *p; }
template <class T> inline void __stcg(T* p, T v) { *p = v; }
template <class T> inline void __stcs(T* p, T v) { *p = v; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }

// ---- bits of floats ------------------------------------------------------------------
inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
inline float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
inline unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
inline double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
inline long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
inline double __hiloint2double(int hi, int lo) {
    return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

// ---- integer intrinsics -------------------------------------------------------------
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
    return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
inline unsigned int __umulhi(unsigned int a, unsigned int b) {
    return (unsigned int)(((unsigned long long)a * b) >> 32);
}
inline long long __mul64hi(long long a, long long b) {
    return (long long)(((__int128)a * b) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
    return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
    s &= 31u;
    return s == 0 ? hi : (hi << s) | (lo >> (32 - s));
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
    s &= 31u;
    return s == 0 ? lo : (lo >> s) | (hi << (32 - s));
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) r |= (unsigned int)((v >> (((s >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
    return r;
}
#if defined(__x86_64__)
inline long long clock64() { return (long long)__builtin_ia32_rdtsc(); }
#else
inline long long clock64() { return 0; }
#endif

// ---- float intrinsics (the host computes them exactly: CUDA's fast forms are approximate)
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return ::expf(x); }
inline float __logf(float x) { return ::logf(x); }
inline float __sinf(float x) { return ::sinf(x); }
inline float __cosf(float x) { return ::cosf(x); }
inline float __powf(float a, float b) { return ::powf(a, b); }
inline float __saturatef(float x) { return x != x ? 0.0f : (x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x)); }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __fmaf_rn(float a, float b, float c) { return ::fmaf(a, b, c); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __fma_rn(double a, double b, double c) { return ::fma(a, b, c); }
inline float rsqrtf(float x) { return 1.0f / ::sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / ::sqrt(x); }
inline float __int2float_rn(int x) { return (float)x; }
inline float __uint2float_rn(unsigned int x) { return (float)x; }
inline double __int2double_rn(int x) { return (double)x; }
inline int __float2int_rz(float x) { return (int)x; }
inline unsigned int __float2uint_rz(float x) { return (unsigned int)x; }

// ---- the runtime's hooks of the generated code -----------------------------------------
// Dynamic shared memory of the running launch, in bytes (the raw kernels' `dyn_shared`).
inline unsigned int kxh_dynamic_smem_size() { return kxh::st.launch ? kxh::st.launch->dyn_bytes : 0u; }

extern "C" {
__attribute__((visibility("default"))) KXH_NOSAN void kxh_init(const kxh_api* a) { kxh::api = a; }

// Runs one thread of a block: the entry point's trampoline with the parameters.
__attribute__((visibility("default"))) KXH_NOSAN void kxh_run(const kxh_launch* L,
                                                              void (*tramp)(void**),
                                                              void** params,
                                                              const unsigned int* idx) {
    kxh::State& s = kxh::st;
    const uint64_t linear =
        ((uint64_t)idx[5] * L->grid[1] + idx[4]) * L->grid[0] + idx[3];
    if (s.launch != L || s.launch_id != L->id || s.block_linear != linear) {
        kxh::begin_block(L, linear);
    }
    s.thread_idx = uint3{idx[0], idx[1], idx[2]};
    s.block_idx = uint3{idx[3], idx[4], idx[5]};
    s.block_dim = uint3{L->block[0], L->block[1], L->block[2]};
    s.grid_dim = uint3{L->grid[0], L->grid[1], L->grid[2]};
    s.tid = (idx[2] * L->block[1] + idx[1]) * L->block[0] + idx[0];
    tramp(params);
}

// Forgets the running launch on this OS thread (its descriptor is freed after it).
__attribute__((visibility("default"))) KXH_NOSAN void kxh_end() { kxh::st.launch = nullptr; }

// ---- the sanitizer runtime: -fsanitize=kernel-address with outlined checks -------------
#define KXH_ASAN(N)                                                                       \
    KXH_NOSAN void __asan_load##N##_noabort(uintptr_t a) { kxh::access(a, N, false); }    \
    KXH_NOSAN void __asan_store##N##_noabort(uintptr_t a) { kxh::access(a, N, true); }     \
    KXH_NOSAN void __asan_load##N(uintptr_t a) { kxh::access(a, N, false); }              \
    KXH_NOSAN void __asan_store##N(uintptr_t a) { kxh::access(a, N, true); }
KXH_ASAN(1)
KXH_ASAN(2)
KXH_ASAN(4)
KXH_ASAN(8)
KXH_ASAN(16)
#undef KXH_ASAN
KXH_NOSAN void __asan_loadN_noabort(uintptr_t a, size_t n) { kxh::access(a, n, false); }
KXH_NOSAN void __asan_storeN_noabort(uintptr_t a, size_t n) { kxh::access(a, n, true); }
KXH_NOSAN void __asan_loadN(uintptr_t a, size_t n) { kxh::access(a, n, false); }
KXH_NOSAN void __asan_storeN(uintptr_t a, size_t n) { kxh::access(a, n, true); }
KXH_NOSAN void __asan_handle_no_return() {}
KXH_NOSAN void* __asan_memcpy(void* d, const void* s, size_t n) {
    kxh::access((uintptr_t)s, n, false);
    kxh::access((uintptr_t)d, n, true);
    return memcpy(d, s, n);
}
KXH_NOSAN void* __asan_memmove(void* d, const void* s, size_t n) {
    kxh::access((uintptr_t)s, n, false);
    kxh::access((uintptr_t)d, n, true);
    return memmove(d, s, n);
}
KXH_NOSAN void* __asan_memset(void* d, int c, size_t n) {
    kxh::access((uintptr_t)d, n, true);
    return memset(d, c, n);
}

// ---- the UBSan runtime: every handler's data starts with its source location ------------
struct kxh_source_location {
    const char* file;
    uint32_t line;
    uint32_t column;
};
KXH_NOSAN void kxh_ub(const char* what, void* data, bool fatal) {
    const kxh_source_location* loc = static_cast<const kxh_source_location*>(data);
    const char* file = loc && loc->file ? loc->file : "?";
    const char* base = strrchr(file, '/');
    kxh::report(KXH_REPORT_UB, "undefined behaviour (%s) at %s:%u:%u in thread %u", what,
                base ? base + 1 : file, loc ? loc->line : 0, loc ? loc->column : 0, kxh::st.tid);
    if (fatal && kxh::api) kxh::api->trap("undefined behaviour that cannot continue");
}
#define KXH_UB(NAME, WHAT, FATAL)                                                         \
    KXH_NOSAN void __ubsan_handle_##NAME(void* d, ...) { kxh_ub(WHAT, d, FATAL); }         \
    KXH_NOSAN void __ubsan_handle_##NAME##_abort(void* d, ...) { kxh_ub(WHAT, d, true); }
KXH_UB(add_overflow, "signed integer overflow in +", false)
KXH_UB(sub_overflow, "signed integer overflow in -", false)
KXH_UB(mul_overflow, "signed integer overflow in *", false)
KXH_UB(negate_overflow, "signed integer overflow in unary -", false)
KXH_UB(divrem_overflow, "division overflow or by zero", false)
KXH_UB(shift_out_of_bounds, "shift out of bounds", false)
KXH_UB(out_of_bounds, "array index out of bounds", false)
KXH_UB(type_mismatch_v1, "misaligned or null pointer use", false)
KXH_UB(vla_bound_not_positive, "variable-length array bound not positive", false)
KXH_UB(load_invalid_value, "load of a value invalid for its type", false)
KXH_UB(float_cast_overflow, "float-to-integer conversion out of range", false)
KXH_UB(pointer_overflow, "pointer arithmetic overflow", false)
KXH_UB(invalid_builtin, "invalid builtin argument", false)
KXH_UB(nonnull_arg, "null passed as a non-null argument", false)
KXH_UB(nonnull_return_v1, "null returned from a non-null function", false)
KXH_UB(alignment_assumption, "alignment assumption violated", false)
KXH_UB(implicit_conversion, "implicit conversion", false)
#undef KXH_UB
KXH_NOSAN void __ubsan_handle_builtin_unreachable(void* d) { kxh_ub("unreachable code reached", d, true); }
KXH_NOSAN void __ubsan_handle_missing_return(void* d) { kxh_ub("missing return", d, true); }
}

#endif  // KXH_CUDA_H
