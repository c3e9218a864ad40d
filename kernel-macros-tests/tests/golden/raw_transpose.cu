extern "C" __global__ void kxr_transpose(const float* __restrict__ src, unsigned long long src_len, float* dst, unsigned long long dst_len, unsigned int rows, unsigned int cols, unsigned int* kx_err) {
    __shared__ float tile[1056];
    kx::Tuple2<unsigned int, unsigned int> kx_t0 = kx::Tuple2<unsigned int, unsigned int>{threadIdx.x, threadIdx.y};
    unsigned int tx = kx_t0.f0;
    unsigned int ty = kx_t0.f1;
    kx::Tuple2<unsigned int, unsigned int> kx_t1 = kx::Tuple2<unsigned int, unsigned int>{kx::mul(blockIdx.x, 32u), kx::mul(blockIdx.y, 32u)};
    unsigned int bx = kx_t1.f0;
    unsigned int by = kx_t1.f1;
    unsigned int kx_t2 = 0u;
    unsigned int kx_t3 = 32u;
    unsigned long long kx_t4 = (unsigned long long)8;
    for (unsigned long long kx_t5 = 0, kx_t6 = kx::range_len(kx_t2, kx_t3, kx_t4, false); kx_t5 < kx_t6; ++kx_t5) {
        unsigned int k = kx::range_at(kx_t2, kx_t5, kx_t4);
        kx::Tuple2<unsigned int, unsigned int> kx_t7 = kx::Tuple2<unsigned int, unsigned int>{kx::add(kx::add(by, ty), k), kx::add(bx, tx)};
        unsigned int r = kx_t7.f0;
        unsigned int c = kx_t7.f1;
        if ((r < rows) && (c < cols)) {
            kxr::store(tile, 1056ull, kx::add(kx::mul(kx::add(ty, k), 33u), tx), kxr::load(src, src_len, kx::add(kx::mul(kx::cast<unsigned long long>(r), kx::cast<unsigned long long>(cols)), kx::cast<unsigned long long>(c)), 0u, kx_err), 0x80000000u, kx_err);
        }
    }
    __syncthreads();
    unsigned int kx_t8 = 0u;
    unsigned int kx_t9 = 32u;
    unsigned long long kx_t10 = (unsigned long long)8;
    for (unsigned long long kx_t11 = 0, kx_t12 = kx::range_len(kx_t8, kx_t9, kx_t10, false); kx_t11 < kx_t12; ++kx_t11) {
        unsigned int k_1 = kx::range_at(kx_t8, kx_t11, kx_t10);
        kx::Tuple2<unsigned int, unsigned int> kx_t13 = kx::Tuple2<unsigned int, unsigned int>{kx::add(kx::add(bx, ty), k_1), kx::add(by, tx)};
        unsigned int r_1 = kx_t13.f0;
        unsigned int c_1 = kx_t13.f1;
        if ((r_1 < cols) && (c_1 < rows)) {
            kxr::store(dst, dst_len, kx::add(kx::mul(kx::cast<unsigned long long>(r_1), kx::cast<unsigned long long>(rows)), kx::cast<unsigned long long>(c_1)), kxr::load(tile, 1056ull, kx::add(kx::add(kx::mul(tx, 33u), ty), k_1), 0x80000000u, kx_err), 1u, kx_err);
        }
    }
}
