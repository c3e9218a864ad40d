//! Chebyshev series fitted to mpmath's values by `scripts/special/gen_fits.py`, one file per
//! family; each `<name>(t)` has a `<name>_t(v)` that maps its variable to `[-1, 1]`.

pub(crate) mod bessel;
pub(crate) mod erf;
pub(crate) mod gamma;
