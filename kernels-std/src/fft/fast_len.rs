//! SciPy's `next_fast_len` and `prev_fast_len`: the lengths the transforms are fastest at.
//!
//! As SciPy's (pocketfft's `good_size`): for complex transforms the products of powers of 2,
//! 3, 5, 7 and 11; for real transforms (`real = true`) of 2, 3 and 5. rustfft and cuFFT are
//! fast at these too (they have dedicated kernels for those radices).

use crate::prelude::*;

fn factors(real: bool) -> &'static [u64] {
    if real {
        &[2, 3, 5]
    } else {
        &[2, 3, 5, 7, 11]
    }
}

/// Every product of powers of `primes` up to `limit`, visiting each once.
fn smooth_numbers(primes: &[u64], limit: u64, visit: &mut impl FnMut(u64)) {
    fn go(primes: &[u64], value: u64, limit: u64, visit: &mut impl FnMut(u64)) {
        match primes.split_first() {
            None => visit(value),
            Some((&p, rest)) => {
                let mut v = value;
                loop {
                    go(rest, v, limit, visit);
                    match v.checked_mul(p) {
                        Some(next) if next <= limit => v = next,
                        _ => break,
                    }
                }
            }
        }
    }
    go(primes, 1, limit, visit);
}

/// SciPy's `next_fast_len(target, real)`: the smallest fast length `>= target` (`0` for `0`,
/// as SciPy). An error when none fits `u64`.
///
/// ```
/// use kernels_std::fft::next_fast_len;
/// assert_eq!(next_fast_len(97, false)?, 98);
/// assert_eq!(next_fast_len(97, true)?, 100);
/// assert_eq!(next_fast_len(1024, true)?, 1024);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn next_fast_len(target: u64, real: bool) -> Result<u64> {
    if target <= 1 {
        return Ok(target);
    }
    // A power of two not below the target is a fast length: the answer is at most that.
    let limit = target
        .checked_next_power_of_two()
        .ok_or_else(|| Error::invalid(format!("next_fast_len: {target} is too large")))?;
    let mut best = limit;
    smooth_numbers(factors(real), limit, &mut |v| {
        if v >= target && v < best {
            best = v;
        }
    });
    Ok(best)
}

/// SciPy's `prev_fast_len(target, real)`: the largest fast length `<= target` (`0` for `0`).
///
/// ```
/// use kernels_std::fft::prev_fast_len;
/// assert_eq!(prev_fast_len(97, false)?, 96);
/// assert_eq!(prev_fast_len(10007, true)?, 10000);
/// # Ok::<(), kernels_std::Error>(())
/// ```
pub fn prev_fast_len(target: u64, real: bool) -> Result<u64> {
    if target <= 1 {
        return Ok(target);
    }
    let mut best = 1;
    smooth_numbers(factors(real), target, &mut |v| {
        if v > best {
            best = v;
        }
    });
    Ok(best)
}
