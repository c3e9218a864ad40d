extern "C" __global__ void kxr_warp_sum(const int* __restrict__ x, unsigned long long x_len, int* sums, unsigned long long sums_len, unsigned int* odd, unsigned long long odd_len, unsigned int* kx_err) {
    unsigned long long i = kx::cast<unsigned long long>(kx::add(kx::mul(blockIdx.x, blockDim.x), threadIdx.x));
    int v = (i < x_len) ? kxr::load(x, x_len, i, 0u, kx_err) : 0;
    unsigned int kx_t0 = __ballot_sync(0xffffffffu, kx::bit_and(v, 1) != 0);
    unsigned int ballot = kx_t0;
    unsigned int offset = 16u;
    while (offset > 0u) {
        int kx_t1 = __shfl_down_sync(0xffffffffu, v, offset);
        v = kx::add(v, kx_t1);
        offset = kx::div(offset, 2u);
    }
    if ((((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) & 31u) == 0u) {
        kxr::store(sums, sums_len, kx::div(i, 32ull), v, 1u, kx_err);
        kxr::store(odd, odd_len, kx::div(i, 32ull), ballot, 2u, kx_err);
    }
}
