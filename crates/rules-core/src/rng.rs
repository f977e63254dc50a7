//! One small deterministic random number generator for everything in gorules that chooses at
//! random (the weak GTP player's moves, the estimator's playouts): the same seed gives the same
//! numbers on every run and every machine.

use crate::zobrist::mix;

/// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit state, the same finaliser as the
/// Zobrist keys ([`mix`]), passes BigCrush.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let out = mix(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift: no modulo bias worth
    /// speaking of for the sizes used (points of a board, moves of a list).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64: the published sequence from seed 0.
    #[test]
    fn it_is_splitmix64() {
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_below_stays_below() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let x = a.below(5);
            assert_eq!(x, b.below(5));
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value of 0..5 comes up");
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }
}
