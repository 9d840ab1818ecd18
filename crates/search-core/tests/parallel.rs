//! The parallel IDA* driver against the sequential one.

mod common;

use common::korf::EASIEST_17;
use common::sliding::{Manhattan, Sliding};
use search_core::IdaStar;

#[test]
fn korf_smoke() {
    let puzzle = Sliding::new(4, 4);
    for (id, length, nodes, cells) in EASIEST_17 {
        let start = puzzle.board(&cells);
        let seq = IdaStar::new(&puzzle, &Manhattan).run(&start);
        for threads in [2, 3, 8] {
            let par = IdaStar::new(&puzzle, &Manhattan).threads(threads).run(&start);
            assert_eq!(par.outcome, seq.outcome, "{id}");
            assert_eq!(par.stats.generated, nodes, "{id} {threads}");
            let its: Vec<_> =
                par.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect();
            let sits: Vec<_> =
                seq.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect();
            assert_eq!(its, sits);
            eprintln!("{id} {length} {threads}: spec {}", par.stats.speculative);
        }
    }
}
