//! [`Nibbles`]: a pattern database in half a byte per entry.

use search_core::pattern_database::PatternDatabase;

use super::huge::HugeBytes;

/// A pattern database's distances, two to a byte: the low four bits hold an even rank's, the
/// high four an odd rank's. Every cube database's distances are below 16 (the corners' reach 11,
/// six edges' 10), so nothing is lost, and the table takes half the memory of the built one.
/// The bytes are [`HugeBytes`]: in huge pages where the system grants them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nibbles {
    bytes: HugeBytes,
    len: usize,
}

impl Nibbles {
    /// The distances of `database`, packed.
    ///
    /// # Panics
    ///
    /// If a distance is 16 or more (an unreachable rank included).
    #[must_use]
    pub fn pack(database: &PatternDatabase) -> Nibbles {
        let distances = database.distances();
        assert!(database.max_distance() < 16, "a distance of 16 or more does not fit in 4 bits");
        assert!(
            !distances.contains(&PatternDatabase::UNREACHABLE),
            "an unreachable rank has no distance to keep"
        );
        let mut bytes = HugeBytes::zeroed(distances.len().div_ceil(2));
        for (byte, pair) in bytes.iter_mut().zip(distances.chunks(2)) {
            *byte = pair[0] | pair.get(1).map_or(0, |d| d << 4);
        }
        Nibbles { bytes, len: distances.len() }
    }

    /// The table from its packed bytes, as [`bytes`](Nibbles::bytes) gave them, for `len`
    /// ranks; `None` if the bytes are not as many as that takes.
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>, len: usize) -> Option<Nibbles> {
        (bytes.len() == len.div_ceil(2)).then(|| Nibbles { bytes: HugeBytes::from_vec(bytes), len })
    }

    /// As [`from_bytes`](Nibbles::from_bytes), the bytes read straight into huge pages.
    pub(crate) fn from_huge(bytes: HugeBytes, len: usize) -> Option<Nibbles> {
        (bytes.len() == len.div_ceil(2)).then_some(Nibbles { bytes, len })
    }

    /// The distance at `rank`.
    ///
    /// # Panics
    ///
    /// If `rank` is not below [`len`](Nibbles::len).
    #[must_use]
    #[inline]
    pub fn distance(&self, rank: usize) -> u8 {
        (self.bytes[rank / 2] >> ((rank & 1) * 4)) & 15
    }

    /// Starts loading the byte that holds the distance at `rank` (see [`HugeBytes::prefetch`]).
    #[expect(clippy::inline_always, reason = "one instruction, in the search's loop")]
    #[inline(always)]
    pub fn prefetch(&self, rank: usize) {
        self.bytes.prefetch(rank / 2);
    }

    /// The number of ranks.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no ranks.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed bytes: the memory the table takes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// How many ranks are at each distance, from 0 to the greatest.
    #[must_use]
    pub fn distribution(&self) -> Vec<u64> {
        let mut counts = vec![0_u64; 16];
        for rank in 0..self.len {
            counts[usize::from(self.distance(rank))] += 1;
        }
        while counts.len() > 1 && counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_distances_read_back() {
        let database = PatternDatabase::from_distances(vec![0, 1, 15, 7, 3]);
        let packed = Nibbles::pack(&database);
        assert_eq!(packed.bytes(), [0x10, 0x7f, 0x03]);
        let read: Vec<u8> = (0..5).map(|rank| packed.distance(rank)).collect();
        assert_eq!(read, database.distances());
        assert_eq!(packed.distribution(), [1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(Nibbles::from_bytes(packed.bytes().to_vec(), 5), Some(packed));
        assert_eq!(Nibbles::from_bytes(vec![0; 2], 5), None);
    }

    #[test]
    #[should_panic(expected = "unreachable")]
    fn unreachable_ranks_are_refused() {
        let _ = Nibbles::pack(&PatternDatabase::from_distances(vec![0, 255]));
    }
}
