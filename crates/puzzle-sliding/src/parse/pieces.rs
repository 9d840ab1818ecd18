//! The pieces of text the parser reads from an input given as lines: the line ends put back.
//! (An input given as bytes is decoded by `judge_input::Decoded`.)

/// The lines of [`cases_from`](super::cases_from) as pieces of text: each line, then its line
/// end.
#[derive(Clone, Debug)]
pub struct LineEnds<I> {
    lines: I,
    /// Whether the next piece is a line end.
    end: bool,
}

impl<I> LineEnds<I> {
    pub(super) fn new(lines: I) -> Self {
        LineEnds { lines, end: false }
    }
}

/// A piece of [`LineEnds`]: a line, or a line end.
#[derive(Clone, Debug)]
pub enum LinePiece<T> {
    /// A line, without its line end.
    Line(T),
    /// A line end.
    End,
}

impl<T: AsRef<str>> AsRef<str> for LinePiece<T> {
    fn as_ref(&self) -> &str {
        match self {
            LinePiece::Line(line) => line.as_ref(),
            LinePiece::End => "\n",
        }
    }
}

impl<I: Iterator<Item: AsRef<str>>> Iterator for LineEnds<I> {
    type Item = LinePiece<I::Item>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.end {
            self.end = false;
            return Some(LinePiece::End);
        }
        let line = self.lines.next()?;
        self.end = true;
        Some(LinePiece::Line(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_followed_by_its_end() {
        let pieces: Vec<String> = LineEnds::new(["a b", "", "c"].into_iter())
            .map(|piece| piece.as_ref().to_owned())
            .collect();
        assert_eq!(pieces, ["a b", "\n", "", "\n", "c", "\n"]);
    }
}
