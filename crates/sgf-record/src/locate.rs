//! Places of errors, found in one forward pass over the file.
//!
//! `read_sgf` asks for the places of its errors in file order; a [`Locator`] carries its
//! line, column and (for a transcoded file) decoding position from one question to the next,
//! so a file with 100,000 broken games is located in time linear in its size. (Counting lines
//! from the start for each error, and decoding a prefix of the bytes for each, was
//! quadratic: such a file of a few megabytes took minutes.)

use crate::charset::Decoded;
use crate::error::Place;
use encoding_rs::{Decoder, Encoding};

/// Turns byte offsets in the decoded text into [`Place`]s; fastest when asked in
/// increasing order (an earlier offset starts again from the beginning of the file).
pub(crate) struct Locator<'a> {
    text: &'a [u8],
    /// The file's bytes after the byte-order mark.
    body: &'a [u8],
    bom_len: usize,
    /// The charset, when the text is a transcoding (offsets differ from the file's).
    encoding: Option<&'static Encoding>,
    /// Line and column at `pos` in the text.
    pos: usize,
    line: u32,
    column: u32,
    /// `read` bytes of the body decoded give `written` bytes of text (`before` before the
    /// last byte read).
    decoder: Option<Decoder>,
    read: usize,
    written: usize,
    before: usize,
    scratch: String,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(bytes: &'a [u8], decoded: &'a Decoded<'a>) -> Locator<'a> {
        Locator {
            text: decoded.text.as_bytes(),
            body: &bytes[decoded.bom_len.min(bytes.len())..],
            bom_len: decoded.bom_len,
            encoding: decoded.transcoded.then_some(decoded.encoding),
            pos: 0,
            line: 1,
            column: 1,
            decoder: None,
            read: 0,
            written: 0,
            before: 0,
            scratch: String::new(),
        }
    }

    /// The place of byte `offset` of the decoded text.
    pub(crate) fn place(&mut self, offset: usize) -> Place {
        let offset = offset.min(self.text.len());
        let (line, column) = self.line_column(offset);
        Place {
            line,
            column,
            offset: self.original_offset(offset),
        }
    }

    /// 1-based line and column (in characters), as [`crate::error::line_column`] counts
    /// them: lines end at `\n`, `\r\n` or a lone `\r`.
    fn line_column(&mut self, offset: usize) -> (u32, u32) {
        if offset < self.pos {
            (self.pos, self.line, self.column) = (0, 1, 1);
        }
        for i in self.pos..offset {
            match self.text[i] {
                b'\n' => (self.line, self.column) = (self.line + 1, 1),
                b'\r' if self.text.get(i + 1) != Some(&b'\n') => {
                    (self.line, self.column) = (self.line + 1, 1);
                }
                b if (b as i8) >= -0x40 => self.column += 1,
                _ => {}
            }
        }
        self.pos = offset;
        (self.line, self.column)
    }

    /// The offset in the file: the BOM plus `offset` for UTF-8 read as it is; for a
    /// transcoded file, the shortest prefix of the bytes whose decoding reaches `offset`.
    fn original_offset(&mut self, offset: usize) -> usize {
        let Some(encoding) = self.encoding else {
            return self.bom_len + offset;
        };
        if offset <= self.written && offset > self.before {
            return self.bom_len + self.last_step(offset);
        }
        if offset < self.written || self.decoder.is_none() {
            self.decoder = Some(encoding.new_decoder_without_bom_handling());
            (self.read, self.written, self.before) = (0, 0, 0);
        }
        let decoder = self.decoder.as_mut().expect("made above");
        while self.written < offset && self.read < self.body.len() {
            self.scratch.clear();
            let room = decoder.max_utf8_buffer_length(1).unwrap_or(16);
            self.scratch.reserve(room);
            let one = &self.body[self.read..=self.read];
            let _ = decoder.decode_to_string(one, &mut self.scratch, false);
            self.read += 1;
            self.before = self.written;
            self.written += self.scratch.len();
        }
        self.bom_len + self.last_step(offset)
    }

    /// Where `offset` is once decoding has reached it: after the last byte read, or before
    /// it when that byte also produced the text at `offset` (a malformed sequence's U+FFFD
    /// comes out only with the next character).
    fn last_step(&self, offset: usize) -> usize {
        if offset < self.written {
            self.read - 1
        } else {
            self.read
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset::decode;
    use crate::error::line_column;

    /// The locator agrees with `line_column`, and the bytes up to its offset decode to the
    /// text up to the place, in order and out of order.
    fn agrees(bytes: &[u8]) {
        let d = decode(bytes);
        let mut loc = Locator::new(bytes, &d);
        let text = d.text.as_bytes();
        let offsets: Vec<usize> = (0..=text.len())
            .filter(|&o| o == text.len() || (text[o] as i8) >= -0x40)
            .collect();
        let mut order = offsets.clone();
        order.extend(offsets.iter().rev().step_by(3));
        for &o in &order {
            let p = loc.place(o);
            assert_eq!(
                (p.line, p.column),
                line_column(&d.text, o),
                "{o} in {bytes:?}"
            );
            let body = &bytes[d.bom_len..];
            let (prefix, _) = d
                .encoding
                .decode_without_bom_handling(&body[..p.offset - d.bom_len]);
            assert_eq!(
                prefix.as_bytes(),
                &text[..o],
                "{o} → {} in {bytes:?}",
                p.offset
            );
        }
    }

    #[test]
    fn agrees_with_the_one_off_functions() {
        agrees(b"(;B[aa]\r\n;W[bb]\r;B[cc]\n)");
        agrees("(;PB[李]C[é\r\nx]\n;B[aa])".as_bytes());
        agrees(b"\xef\xbb\xbf(;GM[1]\n)");
        agrees(b"(;CA[gb2312]PB[\xc0\xee]\n;B[aa]X)");
        agrees(b"(;CA[Shift_JIS]PW[\x95\x5c]\r\n;W[bb])");
        // Mostly UTF-8 with bad bytes (they become U+FFFD: the offsets move).
        agrees("(;PB[\u{00e9}\u{00e9}\u{00e9}\u{00e9}]C[\x7f".as_bytes());
        let mut bad = "(;PB[李李李李]PW[".as_bytes().to_vec();
        bad.extend_from_slice(b"\xff\xfe]\n;B[aa](");
        agrees(&bad);
        // A character cut short before a ']'.
        agrees(b"(;PB[\xe6\x9d]C[\xe6\x9d\xe6\x9d\xe6\x9d\xe6\x9d\xe6\x9d]\n;B[aa])");
        // UTF-16 with a BOM.
        let mut u16 = vec![0xff, 0xfe];
        for c in "(;B[aa]\n;W[bb]".encode_utf16() {
            u16.extend_from_slice(&c.to_le_bytes());
        }
        agrees(&u16);
    }
}
