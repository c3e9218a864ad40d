//! Kernels shared by the macro tests.
