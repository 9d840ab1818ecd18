//! Pieces of bytes as pieces of text ([`Decoded`]).

/// Pieces of bytes cut anywhere (a program's reads of a file or a pipe) as pieces of text, for
/// [`Tokens::joined`](crate::Tokens::joined): each piece decoded, bytes that are not UTF-8 made
/// U+FFFD as [`String::from_utf8_lossy`] makes them, wherever the pieces are cut. A character cut
/// between two pieces is whole again: its first bytes (at most 3) are held until the next piece.
///
/// ```
/// use judge_input::Decoded;
///
/// let pieces: [&[u8]; 3] = [b"1 \xc3", b"\xa9 \xff", b"2"];
/// let text: String = Decoded::new(pieces.into_iter()).collect();
/// assert_eq!(text, "1 é \u{fffd}2");
/// ```
#[derive(Clone, Debug)]
pub struct Decoded<I> {
    pieces: I,
    held: Vec<u8>,
    ended: bool,
}

impl<I> Decoded<I> {
    /// The pieces of text of `pieces`.
    pub fn new(pieces: I) -> Self {
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
