//! Fixed-width bitsets over the points of a compact board (an [`Arena`](crate::arena::Arena)):
//! `W` words of 64 bits, so `64 * W` points at most. Everything the search does per node —
//! liberties, captures, formation checks — is a handful of word operations on these.

/// The most points a compact board may have: the widest bitsets used are four words.
pub(crate) const MAX_POINTS: usize = 256;

/// `Some(f::<W>(args…))` with the narrowest width `W` (1, 2 or 4 words) whose bitsets hold
/// `n` points, or `None` when `n` is past [`MAX_POINTS`]: the one place where a board's size
/// picks the monomorphized search (whole-game, local and survival games).
macro_rules! with_width {
    ($n:expr, $f:ident($($arg:expr),* $(,)?)) => {{
        let n: usize = $n;
        if n <= 64 {
            Some($f::<1>($($arg),*))
        } else if n <= 128 {
            Some($f::<2>($($arg),*))
        } else if n <= $crate::bits::MAX_POINTS {
            Some($f::<4>($($arg),*))
        } else {
            None
        }
    }};
}
pub(crate) use with_width;

/// A set of arena points, `64 * W` at most.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// The largest number of points.
    pub const CAPACITY: usize = 64 * W;

    #[inline]
    pub fn empty() -> Self {
        Bits([0; W])
    }

    #[inline]
    pub fn single(i: usize) -> Self {
        let mut b = Self::empty();
        b.set(i);
        b
    }

    /// The first `n` points.
    pub fn first(n: usize) -> Self {
        let mut b = Self::empty();
        for i in 0..n {
            b.set(i);
        }
        b
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// `min(self.count(), k)`, counting no further than `k` members. The default x86-64
    /// target has no population-count instruction, so `count` costs a dozen instructions
    /// per word; most callers only compare a few liberties with 1 or 2.
    #[inline]
    pub fn count_upto(&self, k: u32) -> u32 {
        let mut c = 0;
        for &w in &self.0 {
            let mut x = w;
            while x != 0 {
                if c == k {
                    return c;
                }
                c += 1;
                x &= x - 1;
            }
        }
        c
    }

    /// The exact count, one step per member: cheaper than [`Bits::count`] for the sets of a
    /// few members it is used on (captures, a point's neighbours).
    #[inline]
    pub fn count_few(&self) -> u32 {
        self.count_upto(u32::MAX)
    }

    /// Whether the set has at least `k` members ([`Bits::count_upto`]).
    #[inline]
    pub fn has_at_least(&self, k: u32) -> bool {
        self.count_upto(k) == k
    }

    #[inline]
    pub fn or(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }

    #[inline]
    pub fn and(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }

    #[inline]
    pub fn minus(self, o: Self) -> Self {
        let mut r = self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }

    #[inline]
    pub fn intersects(&self, o: &Self) -> bool {
        (0..W).any(|i| self.0[i] & o.0[i] != 0)
    }

    #[inline]
    pub fn is_subset(&self, o: &Self) -> bool {
        (0..W).all(|i| self.0[i] & !o.0[i] == 0)
    }

    /// The lowest point of the set.
    #[inline]
    pub fn first_one(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The points of the set, in increasing order.
    #[inline]
    pub fn iter(&self) -> Ones<W> {
        Ones {
            words: self.0,
            word: 0,
            cur: self.0[0],
        }
    }
}

/// Iterator over the points of a [`Bits`]. The word being read is kept apart (`cur`), so
/// that the common case — another bit in the same word — reads no array.
pub(crate) struct Ones<const W: usize> {
    words: [u64; W],
    word: usize,
    cur: u64,
}

impl<const W: usize> Iterator for Ones<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.cur != 0 {
                let t = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some(self.word * 64 + t);
            }
            if self.word + 1 >= W {
                return None;
            }
            self.word += 1;
            self.cur = self.words[self.word];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut a = Bits::<2>::empty();
        a.set(3);
        a.set(70);
        let b = Bits::<2>::single(70);
        assert_eq!(a.count(), 2);
        assert!(a.has(70) && !a.has(69));
        assert_eq!(a.and(b), b);
        assert_eq!(a.minus(b).iter().collect::<Vec<_>>(), vec![3]);
        assert!(b.is_subset(&a) && !a.is_subset(&b));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![3, 70]);
        assert_eq!(a.first_one(), Some(3));
        assert_eq!(Bits::<2>::first(65).count(), 65);
    }

    #[test]
    fn iteration_crosses_empty_words_and_ends_at_the_last() {
        let pts = [0, 63, 64, 200, 255];
        let mut a = Bits::<4>::empty();
        for p in pts {
            a.set(p);
        }
        assert_eq!(a.iter().collect::<Vec<_>>(), pts);
        let mut it = Bits::<4>::single(255).iter();
        assert_eq!((it.next(), it.next(), it.next()), (Some(255), None, None));
        assert_eq!(Bits::<4>::empty().iter().next(), None);
        assert_eq!(Bits::<1>::first(64).iter().count(), 64);
    }

    #[test]
    fn counting_up_to_k_is_the_count_capped_at_k() {
        for pts in [&[][..], &[5], &[0, 63, 64], &[1, 2, 3, 100, 130, 200, 255]] {
            let mut a = Bits::<4>::empty();
            for &p in pts {
                a.set(p);
            }
            for k in 0..10 {
                assert_eq!(a.count_upto(k), a.count().min(k), "{pts:?} {k}");
                assert_eq!(a.has_at_least(k), a.count() >= k, "{pts:?} {k}");
            }
            assert_eq!(a.count_few(), a.count());
        }
    }
}
