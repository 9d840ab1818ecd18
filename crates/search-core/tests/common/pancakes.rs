//! The pancake problem: flip the top `k` pancakes until the stack is sorted.

use search_core::{Heuristic, MoveVec, Problem};

/// A stack of `n` pancakes, `0` on top to `n - 1` at the bottom when sorted. Moves are the
/// number of pancakes to flip, tried from 2 up to `n`; every flip is its own inverse.
pub struct Pancakes;

impl Problem for Pancakes {
    type State = Vec<u8>;
    type Move = u8;
    type Cost = u16;

    type Moves<'a> = MoveVec<u8>;

    fn moves(&self, stack: &Vec<u8>) -> MoveVec<u8> {
        (2..=u8::try_from(stack.len()).unwrap()).collect()
    }

    fn apply(&self, stack: &mut Vec<u8>, flip: u8) {
        stack[..usize::from(flip)].reverse();
    }

    fn undo(&self, stack: &mut Vec<u8>, flip: u8) {
        stack[..usize::from(flip)].reverse();
    }

    fn inverse(&self, flip: u8) -> Option<u8> {
        Some(flip)
    }

    fn is_goal(&self, stack: &Vec<u8>) -> bool {
        stack.is_sorted()
    }
}

/// Helmert's gap heuristic: the number of neighbours (the plate below the stack included) whose
/// sizes differ by more than one. A flip changes one adjacency, so it closes at most one gap.
pub struct Gaps;

impl Heuristic<Pancakes> for Gaps {
    fn estimate(&self, _: &Pancakes, stack: &Vec<u8>) -> u16 {
        let plate = u8::try_from(stack.len()).unwrap();
        let below = stack.iter().skip(1).copied().chain([plate]);
        let gaps = stack.iter().zip(below).filter(|&(&a, b)| a.abs_diff(b) > 1).count();
        u16::try_from(gaps).unwrap()
    }
}

/// A random stack of `n` pancakes.
pub fn random_stack(rng: &mut super::Rng, n: usize) -> Vec<u8> {
    let mut stack: Vec<u8> = (0..u8::try_from(n).unwrap()).collect();
    for i in (1..n).rev() {
        stack.swap(i, rng.below(i + 1));
    }
    stack
}
