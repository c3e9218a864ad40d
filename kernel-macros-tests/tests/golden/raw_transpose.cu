extern "C" __global__ void kxr_transpose(const float* __restrict__ v_src, unsigned long long v_src_len, float* v_dst, unsigned long long v_dst_len, unsigned int v_rows, unsigned int v_cols, unsigned int* kx_err) {
    __shared__ float v_tile[1056];
    kx::Tuple2<unsigned int, unsigned int> kx_t0 = kx::Tuple2<unsigned int, unsigned int>{threadIdx.x, threadIdx.y};
    unsigned int v_tx = kx_t0.f0;
    unsigned int v_ty = kx_t0.f1;
    kx::Tuple2<unsigned int, unsigned int> kx_t1 = kx::Tuple2<unsigned int, unsigned int>{kx::mul(blockIdx.x, 32u), kx::mul(blockIdx.y, 32u)};
    unsigned int v_bx = kx_t1.f0;
    unsigned int v_by = kx_t1.f1;
    unsigned int kx_t2 = 0u;
    unsigned int kx_t3 = 32u;
    unsigned long long kx_t4 = (unsigned long long)8;
    for (unsigned long long kx_t5 = 0, kx_t6 = kx::range_len(kx_t2, kx_t3, kx_t4, false); kx_t5 < kx_t6; ++kx_t5) {
        unsigned int v_k = kx::range_at(kx_t2, kx_t5, kx_t4);
        kx::Tuple2<unsigned int, unsigned int> kx_t7 = kx::Tuple2<unsigned int, unsigned int>{kx::add(kx::add(v_by, v_ty), v_k), kx::add(v_bx, v_tx)};
        unsigned int v_r = kx_t7.f0;
        unsigned int v_c = kx_t7.f1;
        if ((v_r < v_rows) && (v_c < v_cols)) {
            kxr::store(v_tile, 1056ull, kx::add(kx::mul(kx::add(v_ty, v_k), 33u), v_tx), kxr::load(v_src, v_src_len, kx::add(kx::mul(kx::cast<unsigned long long>(v_r), kx::cast<unsigned long long>(v_cols)), kx::cast<unsigned long long>(v_c)), 0u, kx_err), 0x80000000u, kx_err);
        }
    }
    __syncthreads();
    unsigned int kx_t8 = 0u;
    unsigned int kx_t9 = 32u;
    unsigned long long kx_t10 = (unsigned long long)8;
    for (unsigned long long kx_t11 = 0, kx_t12 = kx::range_len(kx_t8, kx_t9, kx_t10, false); kx_t11 < kx_t12; ++kx_t11) {
        unsigned int v_k_1 = kx::range_at(kx_t8, kx_t11, kx_t10);
        kx::Tuple2<unsigned int, unsigned int> kx_t13 = kx::Tuple2<unsigned int, unsigned int>{kx::add(kx::add(v_bx, v_ty), v_k_1), kx::add(v_by, v_tx)};
        unsigned int v_r_1 = kx_t13.f0;
        unsigned int v_c_1 = kx_t13.f1;
        if ((v_r_1 < v_cols) && (v_c_1 < v_rows)) {
            kxr::store(v_dst, v_dst_len, kx::add(kx::mul(kx::cast<unsigned long long>(v_r_1), kx::cast<unsigned long long>(v_rows)), kx::cast<unsigned long long>(v_c_1)), kxr::load(v_tile, 1056ull, kx::add(kx::add(kx::mul(v_tx, 33u), v_ty), v_k_1), 0x80000000u, kx_err), 1u, kx_err);
        }
    }
}
