//! [`Generator`]: the seed, the stream position, and how each routine reads the stream.

use crate::prelude::*;

/// Blocks of 256 threads, at most 1024 blocks: the kernels loop over their elements with a
/// grid-sized stride, so any launch computes the same numbers (the tests vary it).
pub(crate) fn launch_for(items: u64) -> LaunchConfig {
    let items = usize::try_from(items.clamp(1, 256 * 1024)).unwrap_or(256 * 1024);
    LaunchConfig::for_elements(items, 256)
}

/// A random number generator in the style of NumPy's `numpy.random.Generator`, on
/// Philox4x32-10: the same seed gives the same numbers on the CPU and on a GPU, bit for bit,
/// whatever the launch shape or the number of threads.
///
/// # The stream
///
/// The seed is the Philox key: `key = (seed as u32, (seed >> 32) as u32)`. Block `b` of the
/// stream is `philox4x32_10(counter = (b as u32, (b >> 32) as u32, 0, 0), key)`, four 32-bit
/// words `x0..x3` read as two 64-bit words `x1 << 32 | x0` and `x3 << 32 | x2`
/// ([`philox_words`](super::philox::philox_words)). The generator keeps the index of the next
/// unused block ([`offset`](Generator::offset)).
///
/// A call that reads `n` words takes the next `ceil(n / 2)` blocks: its word `i` is word
/// `i % 2` of block `offset + i / 2`, and the offset then advances past those blocks (an odd
/// `n` leaves the last word unused). Successive calls thus give new numbers, and a call's
/// numbers depend only on the key and the offset. What each routine does with its words
/// (element `i` in C order reads word `i`, unless said otherwise):
///
/// - `random` (`f64`): `(w >> 11) * 2^-53`, 53 random bits in `[0, 1)`; `f32`:
///   `(w >> 40) * 2^-24`, 24 bits. `uniform(low, high)`: `low + (high - low) * random`.
/// - `standard_normal`: Box-Muller on the two words of a block: elements `2k` and `2k + 1` are
///   `r cos(t)` and `r sin(t)` with `r = sqrt(-2 ln(1 - u0))`, `t = 2 pi u1` (`u0`, `u1` the
///   53-bit uniforms of words 0 and 1), computed in `f64` with polynomial `ln`, `sin`, `cos`
///   made of exactly rounded operations ([`exact_math`](super::exact_math)), then rounded
///   to `f32` for `f32` results. `normal(mean, std)`: `mean + std * z`.
/// - `standard_exponential`: `-ln(1 - u)` (`u` the 53-bit uniform of the word, the same
///   polynomial `ln`); `exponential(scale)`: `scale` times it (`f32`: rounded, then scaled).
/// - `integers(low, high)`: Lemire's multiply-shift on the 64-bit word, `low + (w * range) >> 64`
///   with `range = high - low`, made exactly unbiased by rejection: a rejected element draws
///   again from block `(offset + i / 2)` with the third counter word set to 1, 2, ... (the
///   same word `i % 2`), which no other element reads.
/// - `random_raw`: the words themselves.
/// - `permutation(n)`, `permutation_of`, `shuffle`: `n` words as sort keys, sorted stably
///   ([`argsort`](crate::sort::argsort)); the permutation is the sorting order.
/// - `choice`: with replacement, `integers(0, n)` for each sample, or with probabilities `p`
///   the first index whose cumulative probability exceeds `random * sum(p)`; without
///   replacement, the first samples of `permutation(n)`, or with `p` the positions of the
///   smallest keys `-ln(1 - random) / p_i` (one word per element of the population).
/// - the distributions (`gamma` to `zipf`): element `i` owns the counters
///   `(offset + i / 2, j, sub, .)` of half `i % 2`: word `j` of part `sub` is
///   [`draw`](super::kernels::draw)`(k0, k1, offset + i / 2, i % 2, sub, j)`, draw `j` in the
///   counter's third word and part `sub` in its fourth (so its first word is the word
///   `random_raw` gives element `i`); a call takes `ceil(n / 2)` blocks, and each sampler
///   draws as many words as it needs ([`samplers`](super::samplers) and the kernels' device
///   functions say which). The row laws (`dirichlet`, `multinomial`,
///   `multivariate_hypergeometric`) are the same with one element per row, component `j`
///   drawing from its own parts. `multivariate_normal` reads `standard_normal` of shape
///   `size + [k]`; `permuted` reads the words of `x`'s shape (C order) as sort keys; `bytes`
///   the little-endian bytes of `random_raw`'s words. No routine reads a counter whose fourth
///   word is `2^32 - 1`: `spawn` derives the children's keys from those.
///
/// NumPy's generators (PCG64 behind `default_rng`, or `Philox`, which is Philox4x64) give
/// other numbers for the same seed: only the distributions agree.
///
/// ```
/// use kernels_std::random::Generator;
/// use kernels_std::prelude::*;
/// let dev = Device::cpu();
/// let mut rng = Generator::new(42);
/// let a = rng.random::<f64>(&dev, &[3])?;
/// assert_eq!(rng.offset(), 2); // 3 elements took 2 blocks
/// let b = rng.random::<f64>(&dev, &[3])?;
/// assert_ne!(a.to_vec()?, b.to_vec()?);
/// // The same seed replays the same stream.
/// assert_eq!(Generator::new(42).random::<f64>(&dev, &[3])?.to_vec()?, a.to_vec()?);
/// # Ok::<(), kernels_std::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generator {
    key: [u32; 2],
    offset: u64,
    /// How many children [`spawn`](Generator::spawn) has made.
    spawned: u64,
}

/// NumPy's `default_rng(seed)`: a [`Generator`] seeded with `seed`.
///
/// ```
/// use kernels_std::random::{default_rng, Generator};
/// assert_eq!(default_rng(7), Generator::new(7));
/// ```
pub fn default_rng(seed: u64) -> Generator {
    Generator::new(seed)
}

impl Generator {
    /// A generator whose Philox key is the seed's two 32-bit halves (low half first), at the
    /// start of its stream.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// let rng = Generator::new(0x0000_0001_0000_0002);
    /// assert_eq!(rng.key(), [2, 1]);
    /// assert_eq!(rng.offset(), 0);
    /// ```
    pub fn new(seed: u64) -> Self {
        Generator::from_key([seed as u32, (seed >> 32) as u32], 0)
    }

    /// A generator with Philox key `key`, positioned at block `offset` of its stream.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// let rng = Generator::from_key([1, 2], 10);
    /// assert_eq!((rng.key(), rng.offset()), ([1, 2], 10));
    /// ```
    pub fn from_key(key: [u32; 2], offset: u64) -> Self {
        Generator {
            key,
            offset,
            spawned: 0,
        }
    }

    /// The Philox key.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// assert_eq!(Generator::new(5).key(), [5, 0]);
    /// ```
    pub fn key(&self) -> [u32; 2] {
        self.key
    }

    /// The index of the next unused block of the stream.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// assert_eq!(Generator::new(5).offset(), 0);
    /// ```
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Skips `blocks` blocks of the stream (each two 64-bit words), as NumPy's
    /// `BitGenerator.advance`.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// let mut rng = Generator::new(5);
    /// rng.advance(100)?;
    /// assert_eq!(rng.offset(), 100);
    /// assert!(rng.advance(u64::MAX).is_err());
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn advance(&mut self, blocks: u64) -> Result<()> {
        self.offset = self.offset.checked_add(blocks).ok_or_else(|| {
            Error::invalid(format!(
                "random: advancing the stream by {blocks} blocks from block {} passes the \
                 end of the 64-bit block counter",
                self.offset
            ))
        })?;
        Ok(())
    }

    /// NumPy's `Generator.spawn(n_children)`: `n` new generators with streams independent of
    /// this one's and of each other's (NumPy derives them from its `SeedSequence`). Child
    /// `c` (counting every child this generator has spawned) has the key made of the first
    /// two words of `philox4x32_10((c lo, c hi, 0, 2^32 - 1), key)`: a counter whose fourth word
    /// no sampler uses, so the keys are outputs of the parent's bijection on inputs its
    /// streams never read. The parent's stream position does not change (as in NumPy).
    ///
    /// Children of different parents share a key with probability about `2^-64` per pair.
    ///
    /// ```
    /// use kernels_std::random::Generator;
    /// use kernels_std::prelude::*;
    /// let dev = Device::cpu();
    /// let mut parent = Generator::new(7);
    /// let kids = parent.spawn(2)?;
    /// assert_eq!(kids.len(), 2);
    /// assert_ne!(kids[0].key(), kids[1].key());
    /// assert_eq!(parent.offset(), 0);
    /// // The next spawn gives new children; a copy of the parent replays them.
    /// let more = parent.spawn(1)?;
    /// assert_ne!(more[0].key(), kids[0].key());
    /// let a = kids[0].clone().random::<f64>(&dev, &[3])?.to_vec()?;
    /// let b = Generator::new(7).spawn(1)?[0].random::<f64>(&dev, &[3])?.to_vec()?;
    /// assert_eq!(a, b);
    /// # Ok::<(), kernels_std::Error>(())
    /// ```
    pub fn spawn(&mut self, n: usize) -> Result<Vec<Generator>> {
        let first = self.spawned;
        self.spawned = first.checked_add(n as u64).ok_or_else(|| {
            Error::invalid(format!(
                "random: spawning {n} more children after {first} passes the 64-bit counter"
            ))
        })?;
        Ok((first..self.spawned)
            .map(|c| {
                let (x0, x1, _, _) = super::philox::philox4x32_10(
                    c as u32,
                    (c >> 32) as u32,
                    0,
                    u32::MAX,
                    self.key[0],
                    self.key[1],
                );
                Generator::from_key([x0, x1], 0)
            })
            .collect())
    }

    /// Reserves the blocks of a call producing `elements` elements (one word each): returns
    /// the first block and advances past them.
    pub(crate) fn take(&mut self, elements: usize) -> Result<u64> {
        let start = self.offset;
        self.advance((elements as u64).div_ceil(2))?;
        Ok(start)
    }
}
