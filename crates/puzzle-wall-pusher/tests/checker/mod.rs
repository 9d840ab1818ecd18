//! An independent legality checker: the rules written again, the way the judge states them.

/// The rules again, written independently of the crate, the way the judge states them: a grid of
/// per-cell masks (1 = west, 2 = north, 4 = east, 8 = south), both sides of a wall kept in step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub masks: [u8; 24],
    pub row: i32,
    pub column: i32,
}

const DIRS: [(char, i32, i32); 4] = [('W', 0, -1), ('N', -1, 0), ('E', 0, 1), ('S', 1, 0)];

fn inside(row: i32, column: i32) -> bool {
    (0..4).contains(&row) && (0..6).contains(&column)
}

fn index(row: i32, column: i32) -> usize {
    usize::try_from(row * 6 + column).unwrap()
}

impl Board {
    /// The cases of a judge input, read with the plainest possible code.
    pub fn parse_all(input: &str) -> Vec<Board> {
        let numbers: Vec<i64> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let mut boards = Vec::new();
        let mut at = 0;
        while at + 1 < numbers.len() && (numbers[at], numbers[at + 1]) != (0, 0) {
            let masks = std::array::from_fn(|i| u8::try_from(numbers[at + 2 + i]).unwrap());
            let (column, row) = (numbers[at], numbers[at + 1]);
            boards.push(Board {
                masks,
                row: i32::try_from(row - 1).unwrap(),
                column: i32::try_from(column - 1).unwrap(),
            });
            at += 26;
        }
        boards
    }

    /// Plays the move `letter`: `Ok(true)` if it left the maze, `Ok(false)` if it stayed inside,
    /// `Err` if it is impossible.
    pub fn play(&mut self, letter: char) -> Result<bool, String> {
        let k = DIRS.iter().position(|d| d.0 == letter).ok_or(format!("bad letter {letter}"))?;
        let (_, dr, dc) = DIRS[k];
        let back = (k + 2) % 4;
        let (r1, c1) = (self.row + dr, self.column + dc);
        let here = index(self.row, self.column);
        let wall = self.masks[here] >> k & 1 == 1;
        if !inside(r1, c1) {
            if wall {
                return Err(format!("{letter}: a border wall"));
            }
            return Ok(true);
        }
        let next = index(r1, c1);
        if wall {
            if self.masks[next] >> k & 1 == 1 {
                return Err(format!("{letter}: two walls in a row"));
            }
            self.masks[here] &= !(1 << k);
            self.masks[next] &= !(1 << back);
            self.masks[next] |= 1 << k;
            let (r2, c2) = (r1 + dr, c1 + dc);
            if inside(r2, c2) {
                self.masks[index(r2, c2)] |= 1 << back;
            }
        }
        (self.row, self.column) = (r1, c1);
        Ok(false)
    }

    /// Checks that `moves` are legal from this board and leave the maze on the last move only.
    pub fn check(&self, moves: &str) -> Result<(), String> {
        let mut board = self.clone();
        let count = moves.chars().count();
        for (i, letter) in moves.chars().enumerate() {
            let left = board.play(letter).map_err(|e| format!("move {}: {e}", i + 1))?;
            if left != (i + 1 == count) {
                return Err(format!("move {}: left {left}, but the answer has {count}", i + 1));
            }
        }
        if count == 0 {
            return Err("no moves".to_owned());
        }
        Ok(())
    }
}
