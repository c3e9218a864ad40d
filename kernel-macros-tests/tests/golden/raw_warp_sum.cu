extern "C" __global__ void kxr_warp_sum(const int* __restrict__ v_x, unsigned long long v_x_len, int* v_sums, unsigned long long v_sums_len, unsigned int* v_odd, unsigned long long v_odd_len, unsigned int* kx_err) {
    unsigned long long v_i = kx::cast<unsigned long long>(kx::add(kx::mul(blockIdx.x, blockDim.x), threadIdx.x));
    int v_v = (v_i < v_x_len) ? kxr::load(v_x, v_x_len, v_i, 0u, kx_err) : 0;
    unsigned int kx_t0 = __ballot_sync(0xffffffffu, kx::bit_and(v_v, 1) != 0);
    unsigned int v_ballot = kx_t0;
    unsigned int v_offset = 16u;
    while (v_offset > 0u) {
        int kx_t1 = __shfl_down_sync(0xffffffffu, v_v, v_offset);
        v_v = kx::add(v_v, kx_t1);
        v_offset = kx::div(v_offset, 2u);
    }
    if ((((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) & 31u) == 0u) {
        kxr::store(v_sums, v_sums_len, kx::div(v_i, 32ull), v_v, 1u, kx_err);
        kxr::store(v_odd, v_odd_len, kx::div(v_i, 32ull), v_ballot, 2u, kx_err);
    }
}
