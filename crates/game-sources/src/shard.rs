//! `--shard K/N`: a deterministic split of the inputs among N jobs, by name.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based): an item belongs to it when the FNV-1a hash of its
/// name, modulo `count`, is `index - 1`. The split depends only on names, so N jobs running
/// the same command with `--shard 1/N` … `--shard N/N` read every item exactly once between
/// them, whatever the machine or the thread count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// A malformed `K/N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a shard: write K/N with 1 <= K <= N (e.g. 2/8)")]
pub struct ShardError(String);

impl Shard {
    /// Shard `index` of `count`, 1-based.
    ///
    /// # Errors
    /// When `index` is 0 or greater than `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if index == 0 || index > count {
            return Err(ShardError(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// K, 1-based.
    #[must_use]
    pub fn index(self) -> u32 {
        self.index
    }

    /// N.
    #[must_use]
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether the item called `name` belongs to this shard.
    #[must_use]
    pub fn contains(self, name: &str) -> bool {
        (fnv1a(name.as_bytes()) % u64::from(self.count)) as u32 == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(s.to_owned());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n).map_err(|_| bad())
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// 64-bit FNV-1a: fixed forever, so shards stay the same across versions and platforms
/// (and names derived from it, such as `check --pictures` file names).
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!("2/8".parse::<Shard>().unwrap(), Shard::new(2, 8).unwrap());
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let shard = Shard::new(3, 5).unwrap();
        assert_eq!(shard.to_string(), "3/5");
        assert_eq!((shard.index(), shard.count()), (3, 5));
    }

    #[test]
    fn every_name_is_in_exactly_one_shard() {
        let names: Vec<String> = (0..1000).map(|i| format!("games/{i}.sgf")).collect();
        for n in 1..=7 {
            let shards: Vec<Shard> = (1..=n).map(|k| Shard::new(k, n).unwrap()).collect();
            let mut sizes = vec![0; n as usize];
            for name in &names {
                let owners: Vec<usize> = (0..shards.len())
                    .filter(|&i| shards[i].contains(name))
                    .collect();
                assert_eq!(owners.len(), 1, "{name} in {owners:?} of {n}");
                sizes[owners[0]] += 1;
            }
            // Roughly even: no shard gets less than half its share.
            assert!(
                sizes.iter().all(|&s| s * 2 * n as usize >= 1000),
                "{sizes:?}"
            );
        }
    }

    #[test]
    fn the_hash_is_fixed() {
        // FNV-1a test vectors: a change here would move every item to another shard.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
