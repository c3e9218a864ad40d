//! The rejection and compound samplers, as device functions of one element's words (see
//! [`draw`](super::kernels::draw)): each takes the Philox key `(k0, k1)`, the element's block and
//! half, and the part `sub` of its counters it draws from (compound samplers use `sub`,
//! `sub + 1`, ... for their components), and loops over draws `j = 0, 1, ...` of that part.
//!
//! | file | samplers |
//! | --- | --- |
//! | `gamma.rs` | `standard_gamma` (Marsaglia and Tsang; below shape 1 with Stuart's `U^(1/a)` boost), `beta_at` (Johnk below 1, else a ratio of gammas), `johnk_beta_at` |
//! | `poisson.rs` | `poisson`: multiplication below 10, Hörmann's PTRS above |
//! | `binomial.rs` | `binomial`: inversion for `n min(p, 1-p) <= 30`, Kachitvichyanukul and Schmeiser's BTPE above |
//! | `hypergeometric.rs` | `hypergeometric`: draws without replacement for small samples, Stadlober's HRUA ratio of uniforms otherwise |
//! | `vonmises.rs` | `vonmises`: Best and Fisher's wrapped Cauchy envelope; a wrapped normal for very large `kappa` |

pub mod binomial;
pub mod gamma;
pub mod hypergeometric;
pub mod poisson;
pub mod vonmises;
