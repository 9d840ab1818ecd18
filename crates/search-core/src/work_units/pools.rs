//! The process's pools of threads, one per number of threads, shared by every parallel search and
//! crew: a program that runs many searches starts its threads once.

use std::sync::{Arc, Mutex, PoisonError};

use rayon::{ThreadPool, ThreadPoolBuilder};

/// The process's pools, one per number of threads, made when first asked for and kept: a
/// program that runs many searches (a case each) starts its threads once, not per search.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The process's pool of `threads` threads (rayon's default number for 0).
pub(super) fn shared_pool(threads: usize) -> Arc<ThreadPool> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(size, _)| *size == threads) {
        return Arc::clone(pool);
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|index| format!("ida-star-{index}"))
        .build()
        .expect("the operating system starts the pool's threads");
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    pool
}
