//! Conversion of byte offsets to the line and column numbers people and engines use.
//!
//! JavaScript ends lines at LF, CR, CR LF, U+2028 and U+2029, and node counts columns in UTF-16
//! code units. The index records where every line starts, plus whether the line is pure ASCII so
//! that the common case needs no scan: for an ASCII line the column is a byte difference. For
//! other lines the characters between the line start and the offset are counted, which is
//! bounded by the length of one line.

/// Line starts of one source text, for turning byte offsets into positions.
#[derive(Debug, Clone)]
pub struct LineIndex {
    text: Box<str>,
    /// Byte offset of the first character of every line; `line_starts[0]` is 0.
    line_starts: Vec<u32>,
    /// For every line, whether it contains only ASCII characters.
    ascii: Vec<bool>,
}

impl LineIndex {
    /// Indexes `text`. Offsets beyond `u32::MAX` are not representable; the parser refuses such
    /// sources before indexing them.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0u32];
        let mut ascii = vec![true];
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let next = if b == b'\n' {
                Some(i + 1)
            } else if b == b'\r' {
                if bytes.get(i + 1) == Some(&b'\n') {
                    Some(i + 2)
                } else {
                    Some(i + 1)
                }
            } else if b == 0xE2
                && bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9))
            {
                // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR end lines too.
                if let Some(last) = ascii.last_mut() {
                    *last = false;
                }
                Some(i + 3)
            } else {
                if b >= 0x80
                    && let Some(last) = ascii.last_mut()
                {
                    *last = false;
                }
                None
            };
            match next {
                Some(n) => {
                    line_starts.push(n as u32);
                    ascii.push(true);
                    i = n;
                }
                None => i += 1,
            }
        }
        LineIndex {
            text: text.into(),
            line_starts,
            ascii,
        }
    }

    /// The 1-based line and 1-based UTF-16 column of byte `offset`. Offsets past the end map to
    /// the end of the text.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.text.len() as u32);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.line_starts[line];
        let col = if self.ascii[line] {
            offset - start
        } else {
            let mut units = 0u32;
            let mut pos = start as usize;
            for ch in self.text[start as usize..].chars() {
                if pos >= offset as usize {
                    break;
                }
                units += ch.len_utf16() as u32;
                pos += ch.len_utf8();
            }
            units
        };
        (line as u32 + 1, col + 1)
    }

    /// The number of lines (a text without line terminators has one).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The indexed text.
    pub fn text(&self) -> &str {
        &self.text
    }
}
