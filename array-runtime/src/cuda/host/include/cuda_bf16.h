// The host target's cuda_bf16.h: the bf16 type lives beside fp16 in cuda_fp16.h.
#include "cuda_fp16.h"
