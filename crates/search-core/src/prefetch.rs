//! [`prefetch`]: asking the processor to start loading a table's entry before it is read, for
//! [`Heuristic::prefetch_children`](crate::Heuristic::prefetch_children).
//!
//! The one `unsafe` block of the workspace is here, with the proof that it is sound; the
//! benchmark that shows it pays is in `docs/performance.md` ("Prefetching the children's
//! entries"): the Rubik's Cube's eight-edge bound, whose tables take gigabytes, searches the
//! superflip's iterations in 0.59 of the time on two threads, and Korf's bound in 0.62.

/// Asks the processor to start loading the cache line that holds `items[index]`, so that a read
/// of it soon after finds it loaded. A hint: it reads nothing the program can see, changes
/// nothing, and cannot fail; an `index` past the end is harmless and useless. On processors
/// other than x86-64 it does nothing.
///
/// ```
/// let table = vec![7_u8; 1 << 20];
/// search_core::prefetch(&table, 123_456);
/// assert_eq!(table[123_456], 7); // the same value, perhaps sooner
/// ```
#[inline(always)]
pub fn prefetch<T>(items: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let address = items.as_ptr().wrapping_add(index).cast::<i8>();
        // SAFETY: `_mm_prefetch` is unsafe for one reason, that it needs the processor's SSE
        // instructions, and every x86-64 processor has them (SSE and SSE2 are part of the
        // x86-64 architecture, and rustc's x86-64 targets enable them). The instruction,
        // `prefetcht0`, does not read memory as the program sees it and never faults, whatever
        // the address (Intel's and AMD's manuals: a prefetch of an address that is not mapped
        // is dropped), so no value of `address` can make it misbehave; `wrapping_add` makes
        // the address without the in-bounds promise of `add`.
        #[expect(unsafe_code, reason = "a prefetch: sound as proved above, measured to pay")]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(address);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, index);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefetching_changes_nothing_even_past_the_end() {
        let table: Vec<u32> = (0..1000).collect();
        for index in [0, 1, 999, 1000, usize::MAX / 8] {
            prefetch(&table, index);
        }
        prefetch::<u8>(&[], 0);
        assert!(table.iter().enumerate().all(|(i, &v)| v as usize == i));
    }
}
