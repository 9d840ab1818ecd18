//! The pieces of text the parser reads, from an input given as lines or as bytes: the line ends
//! put back, and the bytes decoded as `String::from_utf8_lossy` decodes them, wherever the
//! pieces are cut.

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

/// The pieces of bytes of [`cases_from_bytes`](super::cases_from_bytes) as text: each piece
/// decoded, but for the first bytes of a character it ends inside, held until the next piece
/// (at most 3 bytes).
#[derive(Clone, Debug)]
pub struct Decoded<I> {
    pieces: I,
    held: Vec<u8>,
    ended: bool,
}

impl<I> Decoded<I> {
    pub(super) fn new(pieces: I) -> Self {
        Decoded { pieces, held: Vec::new(), ended: false }
    }
}

impl<I: Iterator<Item: AsRef<[u8]>>> Iterator for Decoded<I> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if self.ended {
            return None;
        }
        let Some(piece) = self.pieces.next() else {
            self.ended = true;
            // A character cut by the end of the input, as `from_utf8_lossy` reads it.
            return (!self.held.is_empty()).then(|| char::REPLACEMENT_CHARACTER.to_string());
        };
        let mut bytes = std::mem::take(&mut self.held);
        bytes.extend_from_slice(piece.as_ref());
        let mut text = String::with_capacity(bytes.len());
        let mut rest = &bytes[..];
        loop {
            match std::str::from_utf8(rest) {
                Ok(valid) => {
                    text.push_str(valid);
                    break;
                }
                Err(error) => {
                    let (valid, after) = rest.split_at(error.valid_up_to());
                    text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                    if let Some(length) = error.error_len() {
                        text.push(char::REPLACEMENT_CHARACTER);
                        rest = &after[length..];
                    } else {
                        // A character the next piece may complete.
                        self.held = after.to_vec();
                        break;
                    }
                }
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_cut_anywhere_decode_as_a_whole() {
        let bytes: &[u8] = b"1 \xc3\xa9 \xff\xe2\x82 \xf0\x9f\x98\x80\xe2\n2";
        let whole = String::from_utf8_lossy(bytes);
        for size in 1..bytes.len() {
            let decoded: String = Decoded::new(bytes.chunks(size)).collect();
            assert_eq!(decoded, whole, "pieces of {size}");
        }
    }
}
