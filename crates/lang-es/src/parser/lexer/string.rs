//! String literals and template pieces, and the escape sequences they share.
//!
//! Both produce cooked values as UTF-16 code units. They differ in what they allow: a string
//! cannot span lines except through a line continuation, and may use legacy octal escapes and
//! `\8`/`\9` in sloppy code; a template may contain raw line breaks (CR and CR LF become LF) but
//! no octal escapes at all. Tagged templates, the only place invalid escapes are allowed, are
//! rejected by the parser, so every invalid escape is an error here.

use super::{INVALID_TOKEN, Lexer, is_line_terminator};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;

const OCTAL_ESCAPE_STRICT: &str = "Octal escape sequences are not allowed in strict mode.";
const EIGHT_NINE_STRICT: &str = "\\8 and \\9 are not allowed in strict mode.";

impl Lexer<'_> {
    /// Lexes a quoted string starting at the current position (the opening quote). Returns the
    /// cooked value and the error to raise if the literal turns out to be in strict code.
    pub(super) fn lex_string(&mut self) -> PResult<(JsString, Option<(&'static str, u32)>)> {
        let start = self.pos;
        let quote = self.bytes[start];
        self.pos += 1;
        let mut out = JsString::new();
        let mut strict_error = None;
        loop {
            let Some(c) = self.peek_char() else {
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            };
            match c {
                _ if c as u32 == quote as u32 => {
                    self.pos += 1;
                    return Ok((out, strict_error));
                }
                '\n' | '\r' => return Err(ParseError::new(INVALID_TOKEN, start as u32)),
                '\\' => {
                    let escape = self.pos;
                    self.pos += 1;
                    let next = self.peek_char().unwrap_or('\0');
                    if next.is_ascii_digit()
                        && (next != '0' || self.byte_at(self.pos + 1).is_ascii_digit())
                    {
                        if next >= '8' {
                            strict_error.get_or_insert((EIGHT_NINE_STRICT, escape as u32));
                            out.push_char(next);
                            self.pos += 1;
                        } else {
                            strict_error.get_or_insert((OCTAL_ESCAPE_STRICT, escape as u32 + 1));
                            out.push_unit(self.legacy_octal_escape());
                        }
                    } else {
                        self.escape(escape, &mut out)?;
                    }
                }
                _ => {
                    out.push_char(c);
                    self.pos += c.len_utf8();
                }
            }
        }
    }

    /// Lexes template characters after `` ` `` or a substitution's `}` up to and including the
    /// closing `` ` `` (then the piece is a tail) or `${`.
    pub(super) fn lex_template_chars(&mut self) -> PResult<(JsString, bool)> {
        let mut out = JsString::new();
        loop {
            let Some(c) = self.peek_char() else {
                return Err(ParseError::new("Unexpected end of input", self.pos as u32));
            };
            match c {
                '`' => {
                    self.pos += 1;
                    return Ok((out, true));
                }
                '$' if self.byte_at(self.pos + 1) == b'{' => {
                    self.pos += 2;
                    return Ok((out, false));
                }
                '\r' => {
                    // The cooked (and raw) value of a CR or CR LF in a template is a LF.
                    self.pos += 1;
                    if self.byte_at(self.pos) == b'\n' {
                        self.pos += 1;
                    }
                    out.push_unit(0x0a);
                }
                '\\' => {
                    let escape = self.pos;
                    self.pos += 1;
                    let next = self.peek_char().unwrap_or('\0');
                    if next.is_ascii_digit()
                        && (next != '0' || self.byte_at(self.pos + 1).is_ascii_digit())
                    {
                        let message = if next >= '8' {
                            "\\8 and \\9 are not allowed in template strings."
                        } else {
                            "Octal escape sequences are not allowed in template strings."
                        };
                        return Err(ParseError::new(message, escape as u32 + 1));
                    }
                    self.escape(escape, &mut out)?;
                }
                _ => {
                    out.push_char(c);
                    self.pos += c.len_utf8();
                }
            }
        }
    }

    /// A legacy octal escape after the backslash: up to three octal digits, the first of which
    /// must be 0–3 for three to be taken, so the value stays below 256.
    fn legacy_octal_escape(&mut self) -> u16 {
        let first = self.byte_at(self.pos);
        let max_len = if first <= b'3' { 3 } else { 2 };
        let mut value = 0u16;
        let mut len = 0;
        while len < max_len && matches!(self.byte_at(self.pos), b'0'..=b'7') {
            value = value * 8 + (self.byte_at(self.pos) - b'0') as u16;
            self.pos += 1;
            len += 1;
        }
        value
    }

    /// The escapes strings and templates share, after the backslash at `escape`.
    fn escape(&mut self, escape: usize, out: &mut JsString) -> PResult<()> {
        let Some(c) = self.peek_char() else {
            return Err(ParseError::new(INVALID_TOKEN, escape as u32));
        };
        self.pos += c.len_utf8();
        match c {
            'n' => out.push_unit(0x0a),
            't' => out.push_unit(0x09),
            'r' => out.push_unit(0x0d),
            'b' => out.push_unit(0x08),
            'f' => out.push_unit(0x0c),
            'v' => out.push_unit(0x0b),
            '0' => out.push_unit(0),
            'x' => {
                let hi = (self.byte_at(self.pos) as char).to_digit(16);
                let lo = (self.byte_at(self.pos + 1) as char).to_digit(16);
                match (hi, lo) {
                    (Some(hi), Some(lo)) => {
                        out.push_unit((hi * 16 + lo) as u16);
                        self.pos += 2;
                    }
                    _ => {
                        return Err(ParseError::new(
                            "Invalid hexadecimal escape sequence",
                            escape as u32,
                        ));
                    }
                }
            }
            'u' => {
                let cp = self.unicode_escape(escape)?;
                out.push_code_point(cp);
            }
            '\r' => {
                // A line continuation contributes nothing; CR LF counts as one terminator.
                if self.byte_at(self.pos) == b'\n' {
                    self.pos += 1;
                }
            }
            _ if is_line_terminator(c) => {}
            _ => out.push_char(c),
        }
        Ok(())
    }

    /// The code point of `\uXXXX` or `\u{X...}`, after the `u`.
    fn unicode_escape(&mut self, escape: usize) -> PResult<u32> {
        let invalid = || ParseError::new("Invalid Unicode escape sequence", escape as u32);
        if self.byte_at(self.pos) == b'{' {
            self.pos += 1;
            let mut value: u32 = 0;
            let mut any = false;
            while let Some(d) = (self.byte_at(self.pos) as char).to_digit(16) {
                value = value.saturating_mul(16).saturating_add(d);
                any = true;
                self.pos += 1;
            }
            if !any || self.byte_at(self.pos) != b'}' {
                return Err(invalid());
            }
            self.pos += 1;
            if value > 0x10ffff {
                return Err(ParseError::new(
                    "Undefined Unicode code-point",
                    escape as u32,
                ));
            }
            Ok(value)
        } else {
            let mut value = 0;
            for i in 0..4 {
                let d = (self.byte_at(self.pos + i) as char)
                    .to_digit(16)
                    .ok_or_else(invalid)?;
                value = value * 16 + d;
            }
            self.pos += 4;
            Ok(value)
        }
    }
}
