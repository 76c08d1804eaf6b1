//! A hint to the processor to start loading a cache line now. The table sweeps use it, whose
//! reads of the successors' bounds land at random in a table's worth of memory: asked for a
//! few boards ahead, the loads overlap instead of waiting one after another. The search's
//! transposition table (kraal-ai) uses it for the entry of a position it is about to enter.

/// Asks the processor to bring the cache line holding `items[at]` closer; nothing if `at` is
/// out of range or the processor has no such hint. Never changes what a program computes.
#[inline(always)]
pub fn prefetch<T>(items: &[T], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = items.get(at) {
        // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has; a prefetch
        // reads nothing into the program and cannot fault, and the address is of a live
        // item anyway. This and `file::map` are the workspace's only `unsafe` blocks.
        #[allow(unsafe_code)]
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, at);
}
