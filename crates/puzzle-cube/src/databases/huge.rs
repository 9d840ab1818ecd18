//! [`HugeBytes`]: a large table's bytes, in memory the system is asked to back with huge pages.
//!
//! The search reads the databases and move tables at random: with the usual 4 KiB pages nearly
//! every read of a table of gigabytes also misses the processor's cache of address translations
//! and walks the page tables. Backed by 2 MiB pages (Linux's transparent huge pages, asked for
//! with `madvise(MADV_HUGEPAGE)`, which a system set to `madvise` grants only when asked) the
//! same reads take about two thirds of the time (`docs/performance.md`). Elsewhere, or if the
//! system refuses, the bytes are ordinary memory and nothing else changes.

use std::fmt;
use std::ops::{Deref, DerefMut};

use memmap2::MmapMut;

/// Below this many bytes a table is an ordinary vector: huge pages are 2 MiB.
const SMALL: usize = 4 << 20;

/// Zeroed bytes of a fixed length, in huge pages where the system grants them.
pub struct HugeBytes {
    storage: Storage,
}

/// Where the bytes are.
enum Storage {
    /// An anonymous mapping advised to use huge pages.
    Mapped(MmapMut),
    /// Ordinary memory: small tables, or a mapping refused.
    Vector(Vec<u8>),
}

impl HugeBytes {
    /// `len` zero bytes.
    #[must_use]
    pub fn zeroed(len: usize) -> HugeBytes {
        if len >= SMALL
            && let Ok(map) = MmapMut::map_anon(len)
        {
            // Asked before any page is touched: each is then made huge as it is first
            // written. A refusal leaves ordinary pages, which work the same.
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            return HugeBytes { storage: Storage::Mapped(map) };
        }
        HugeBytes { storage: Storage::Vector(vec![0; len]) }
    }

    /// `bytes`, kept as they are if small, else copied into huge pages.
    #[must_use]
    pub fn from_vec(bytes: Vec<u8>) -> HugeBytes {
        if bytes.len() < SMALL {
            HugeBytes { storage: Storage::Vector(bytes) }
        } else {
            HugeBytes::copied(&bytes)
        }
    }

    /// A copy of `bytes`.
    #[must_use]
    pub fn copied(bytes: &[u8]) -> HugeBytes {
        let mut copy = HugeBytes::zeroed(bytes.len());
        copy.copy_from_slice(bytes);
        copy
    }

    /// Asks the processor to start loading the byte at `offset` (a hint:
    /// [`search_core::prefetch`]).
    #[expect(clippy::inline_always, reason = "one instruction, in the search's loop")]
    #[inline(always)]
    pub fn prefetch(&self, offset: usize) {
        search_core::prefetch(self, offset);
    }
}

impl Deref for HugeBytes {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match &self.storage {
            Storage::Mapped(map) => map,
            Storage::Vector(vector) => vector,
        }
    }
}

impl DerefMut for HugeBytes {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        match &mut self.storage {
            Storage::Mapped(map) => map,
            Storage::Vector(vector) => vector,
        }
    }
}

impl Clone for HugeBytes {
    fn clone(&self) -> HugeBytes {
        HugeBytes::copied(self)
    }
}

impl PartialEq for HugeBytes {
    fn eq(&self, other: &HugeBytes) -> bool {
        **self == **other
    }
}

impl Eq for HugeBytes {}

impl fmt::Debug for HugeBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HugeBytes({} bytes)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_tables_hold_what_is_written() {
        for len in [0, 10, SMALL, SMALL + 3] {
            let mut bytes = HugeBytes::zeroed(len);
            assert_eq!(bytes.len(), len);
            assert!(bytes.iter().all(|&byte| byte == 0));
            for (index, byte) in bytes.iter_mut().enumerate() {
                *byte = u8::try_from(index % 251).unwrap();
            }
            let copy = bytes.clone();
            assert_eq!(copy, bytes);
            let last = len.checked_sub(1).map(|last| u8::try_from(last % 251).unwrap());
            assert_eq!(copy.last(), last.as_ref());
            assert_eq!(HugeBytes::from_vec(bytes.to_vec()), bytes);
        }
    }
}
