//! The lexer: source text to tokens, one at a time, on the parser's demand.
//!
//! JavaScript's lexical grammar depends on the parser's state in two places: a `/` starts a
//! regular expression where an operand is expected and is division elsewhere, and a `}` either
//! closes a block or resumes a template literal after a substitution. The parser therefore pulls
//! tokens one by one: it decides about regular expressions itself (EasyScript rejects them, so a
//! `/` in operand position is reported rather than re-lexed), and it calls
//! [`Lexer::template_continuation`] when a substitution's `}` is reached.
//!
//! Whitespace, line terminators and comments (including the HTML-like comments that node accepts
//! in CommonJS modules) are skipped before each token, and the token records whether a line
//! terminator was among them. Numbers and string escapes live in the `number` and `string`
//! submodules.

mod number;
mod string;

use crate::parser::error::{PResult, ParseError};
use crate::parser::token::{Kw, Tok, Token, TokenValue};

/// The message node uses for characters that cannot start a token.
pub(crate) const INVALID_TOKEN: &str = "Invalid or unexpected token";

/// A cursor over the source that produces tokens.
#[derive(Clone)]
pub(crate) struct Lexer<'s> {
    src: &'s str,
    bytes: &'s [u8],
    pos: usize,
}

/// Whether `c` is JavaScript white space other than a line terminator.
fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\u{b}' | '\u{c}' | ' ' | '\u{a0}' | '\u{feff}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// Whether `c` is a line terminator.
pub(crate) fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// Whether `c` can start an identifier. Rust has no `ID_Start` property, so non-ASCII
/// characters are classified with `Alphabetic` (which `ID_Start` is close to) plus the handful of
/// `Other_ID_Start` characters.
pub(crate) fn is_id_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_';
    }
    c.is_alphabetic()
        || matches!(
            c,
            '\u{1885}' | '\u{1886}' | '\u{2118}' | '\u{212e}' | '\u{309b}' | '\u{309c}'
        )
}

/// Whether `c` can continue an identifier. Non-ASCII characters are classified like in
/// [`is_id_start`], plus numbers (without the superscripts, subscripts, fractions and circled
/// numbers of category `No`, which are no identifier characters), connector punctuation, the
/// `Other_ID_Continue` characters, and ZWNJ and ZWJ. Combining marks are covered as far as
/// Unicode counts them as `Alphabetic`.
pub(crate) fn is_id_continue(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '$' || c == '_';
    }
    let other_number = matches!(
        c,
        '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{bc}'..='\u{be}' | '\u{2070}'..='\u{209f}' | '\u{2150}'..='\u{215f}' | '\u{2189}'
            | '\u{2460}'..='\u{24ff}' | '\u{2776}'..='\u{2793}'
    );
    is_id_start(c)
        || (c.is_numeric() && !other_number)
        || matches!(
            c,
            '\u{200c}' | '\u{200d}' | '\u{b7}' | '\u{387}' | '\u{1369}'..='\u{1371}' | '\u{19da}' | '\u{203f}' | '\u{2040}'
                | '\u{2054}' | '\u{fe33}' | '\u{fe34}' | '\u{fe4d}'..='\u{fe4f}' | '\u{ff3f}'
        )
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`, past a `#!` line if there is one (node strips it).
    pub(crate) fn new(src: &'s str) -> Lexer<'s> {
        let mut lexer = Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
        };
        if src.starts_with("#!") {
            lexer.skip_line_comment();
        }
        lexer
    }

    fn peek_char(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn byte_at(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    fn skip_line_comment(&mut self) {
        while let Some(c) = self.peek_char() {
            if is_line_terminator(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// Skips white space and comments; returns whether a line terminator was skipped.
    fn skip_trivia(&mut self) -> PResult<bool> {
        let mut newline = false;
        // HTML close comments (`-->`) are only comments at the start of a line, where only
        // white space and comments precede them.
        let mut line_start = self.pos == 0;
        while self.pos < self.bytes.len() {
            let b = self.bytes[self.pos];
            match b {
                b' ' | b'\t' | 0x0b | 0x0c => self.pos += 1,
                b'\n' | b'\r' => {
                    self.pos += 1;
                    newline = true;
                    line_start = true;
                }
                b'/' if self.byte_at(self.pos + 1) == b'/' => self.skip_line_comment(),
                b'/' if self.byte_at(self.pos + 1) == b'*' => {
                    let start = self.pos;
                    let Some(len) = self.src[self.pos + 2..].find("*/") else {
                        return Err(ParseError::new(INVALID_TOKEN, start as u32));
                    };
                    let body = &self.src[self.pos + 2..self.pos + 2 + len];
                    if body.contains(is_line_terminator) {
                        newline = true;
                        line_start = true;
                    }
                    self.pos += len + 4;
                }
                b'<' if self.src[self.pos..].starts_with("<!--") => self.skip_line_comment(),
                b'-' if line_start && self.src[self.pos..].starts_with("-->") => {
                    self.skip_line_comment()
                }
                _ if b < 0x80 => break,
                _ => {
                    let c = self.peek_char().unwrap_or(' ');
                    if is_space(c) {
                        self.pos += c.len_utf8();
                    } else if is_line_terminator(c) {
                        self.pos += c.len_utf8();
                        newline = true;
                        line_start = true;
                    } else {
                        break;
                    }
                }
            }
        }
        Ok(newline)
    }

    /// Lexes the next token.
    pub(crate) fn next_token(&mut self) -> PResult<Token> {
        let nl_before = self.skip_trivia()?;
        let start = self.pos;
        let mut token = Token {
            kind: Tok::Eof,
            start: start as u32,
            end: start as u32,
            nl_before,
            value: TokenValue::None,
            strict_error: None,
        };
        let Some(c) = self.peek_char() else {
            return Ok(token);
        };
        token.kind = match c {
            '0'..='9' => {
                let (value, strict_error) = self.lex_number()?;
                token.value = TokenValue::Number(value);
                token.strict_error = strict_error;
                Tok::Number
            }
            '.' if self.byte_at(start + 1).is_ascii_digit() => {
                let (value, _) = self.lex_number()?;
                token.value = TokenValue::Number(value);
                Tok::Number
            }
            '\'' | '"' => {
                let (value, strict_error) = self.lex_string()?;
                token.value = TokenValue::String(value);
                token.strict_error = strict_error;
                Tok::String
            }
            '`' => {
                self.pos += 1;
                let (cooked, tail) = self.lex_template_chars()?;
                token.value = TokenValue::Template { cooked, tail };
                Tok::Template
            }
            '#' => {
                self.pos += 1;
                match self.peek_char() {
                    Some(c) if is_id_start(c) => {
                        self.lex_identifier_chars(start)?;
                        Tok::PrivateName
                    }
                    _ => return Err(ParseError::new(INVALID_TOKEN, start as u32)),
                }
            }
            '\\' => {
                if self.byte_at(start + 1) == b'u' {
                    return Err(ParseError::unsupported(
                        "unicode escapes in identifiers are",
                        start as u32,
                    ));
                }
                return Err(ParseError::new(INVALID_TOKEN, start as u32));
            }
            c if is_id_start(c) => {
                self.lex_identifier_chars(start)?;
                match Kw::from_str(&self.src[start..self.pos]) {
                    Some(kw) => Tok::Kw(kw),
                    None => Tok::Ident,
                }
            }
            _ => self.lex_punctuator(start)?,
        };
        token.end = self.pos as u32;
        Ok(token)
    }

    /// Lexes the rest of a template after the `}` that closes a substitution; the `}` is at
    /// `brace`, and the lexer is positioned just after it.
    pub(crate) fn template_continuation(&mut self, brace: u32, nl_before: bool) -> PResult<Token> {
        self.pos = brace as usize + 1;
        let (cooked, tail) = self.lex_template_chars()?;
        Ok(Token {
            kind: Tok::Template,
            start: brace,
            end: self.pos as u32,
            nl_before,
            value: TokenValue::Template { cooked, tail },
            strict_error: None,
        })
    }

    fn lex_identifier_chars(&mut self, start: usize) -> PResult<()> {
        while let Some(c) = self.peek_char() {
            if is_id_continue(c) {
                self.pos += c.len_utf8();
            } else if c == '\\' {
                return Err(ParseError::unsupported(
                    "unicode escapes in identifiers are",
                    start as u32,
                ));
            } else {
                break;
            }
        }
        Ok(())
    }

    fn lex_punctuator(&mut self, start: usize) -> PResult<Tok> {
        let rest = &self.bytes[start..];
        let at = |i: usize| rest.get(i).copied().unwrap_or(0);
        let (kind, len) = match at(0) {
            b'{' => (Tok::LBrace, 1),
            b'}' => (Tok::RBrace, 1),
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b'[' => (Tok::LBracket, 1),
            b']' => (Tok::RBracket, 1),
            b';' => (Tok::Semi, 1),
            b',' => (Tok::Comma, 1),
            b'~' => (Tok::Tilde, 1),
            b':' => (Tok::Colon, 1),
            b'.' if at(1) == b'.' && at(2) == b'.' => (Tok::Ellipsis, 3),
            b'.' => (Tok::Dot, 1),
            b'<' => match (at(1), at(2)) {
                (b'<', b'=') => (Tok::ShlAssign, 3),
                (b'<', _) => (Tok::Shl, 2),
                (b'=', _) => (Tok::LtEq, 2),
                _ => (Tok::Lt, 1),
            },
            b'>' => match (at(1), at(2), at(3)) {
                (b'>', b'>', b'=') => (Tok::UShrAssign, 4),
                (b'>', b'>', _) => (Tok::UShr, 3),
                (b'>', b'=', _) => (Tok::ShrAssign, 3),
                (b'>', _, _) => (Tok::Shr, 2),
                (b'=', _, _) => (Tok::GtEq, 2),
                _ => (Tok::Gt, 1),
            },
            b'=' => match (at(1), at(2)) {
                (b'=', b'=') => (Tok::EqEqEq, 3),
                (b'=', _) => (Tok::EqEq, 2),
                (b'>', _) => (Tok::Arrow, 2),
                _ => (Tok::Assign, 1),
            },
            b'!' => match (at(1), at(2)) {
                (b'=', b'=') => (Tok::NotEqEq, 3),
                (b'=', _) => (Tok::NotEq, 2),
                _ => (Tok::Bang, 1),
            },
            b'+' => match at(1) {
                b'+' => (Tok::PlusPlus, 2),
                b'=' => (Tok::PlusAssign, 2),
                _ => (Tok::Plus, 1),
            },
            b'-' => match at(1) {
                b'-' => (Tok::MinusMinus, 2),
                b'=' => (Tok::MinusAssign, 2),
                _ => (Tok::Minus, 1),
            },
            b'*' => match (at(1), at(2)) {
                (b'*', b'=') => (Tok::StarStarAssign, 3),
                (b'*', _) => (Tok::StarStar, 2),
                (b'=', _) => (Tok::StarAssign, 2),
                _ => (Tok::Star, 1),
            },
            b'/' => match at(1) {
                b'=' => (Tok::SlashAssign, 2),
                _ => (Tok::Slash, 1),
            },
            b'%' => match at(1) {
                b'=' => (Tok::PercentAssign, 2),
                _ => (Tok::Percent, 1),
            },
            b'&' => match (at(1), at(2)) {
                (b'&', b'=') => (Tok::AmpAmpAssign, 3),
                (b'&', _) => (Tok::AmpAmp, 2),
                (b'=', _) => (Tok::AmpAssign, 2),
                _ => (Tok::Amp, 1),
            },
            b'|' => match (at(1), at(2)) {
                (b'|', b'=') => (Tok::PipePipeAssign, 3),
                (b'|', _) => (Tok::PipePipe, 2),
                (b'=', _) => (Tok::PipeAssign, 2),
                _ => (Tok::Pipe, 1),
            },
            b'^' => match at(1) {
                b'=' => (Tok::CaretAssign, 2),
                _ => (Tok::Caret, 1),
            },
            b'?' => match (at(1), at(2)) {
                (b'?', b'=') => (Tok::QuestionQuestionAssign, 3),
                (b'?', _) => (Tok::QuestionQuestion, 2),
                // `a?.5:b` is a conditional, not optional chaining.
                (b'.', d) if !d.is_ascii_digit() => (Tok::QuestionDot, 2),
                _ => (Tok::Question, 1),
            },
            _ => return Err(ParseError::new(INVALID_TOKEN, start as u32)),
        };
        self.pos = start + len;
        Ok(kind)
    }
}
