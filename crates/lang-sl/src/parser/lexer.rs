//! The SL lexer: turns source text into tokens one at a time, exactly as the reference's
//! generated lexer does (spec §2).
//!
//! Tokens are produced lazily because the reference only lexes a token when the parser first
//! asks for it, so a lexical error is reported only if the parser gets that far (spec §9.2).
//! Matching is longest-match with keywords winning ties. When no token can start at a position,
//! the error text is everything the reference's automaton consumed before it got stuck, plus the
//! character it got stuck on: `!x` for `!x`, the whole rest of the line for an unterminated
//! string.

use super::error::ParseError;

/// Token types, numbered as the reference grammar numbers them. The numbers matter: expected
/// token sets are printed sorted by them (spec §9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(i8)]
pub(crate) enum Tok {
    Eof = -1,
    Function = 1,
    LParen = 2,
    Comma = 3,
    RParen = 4,
    LBrace = 5,
    RBrace = 6,
    Break = 7,
    Semi = 8,
    Continue = 9,
    Debugger = 10,
    While = 11,
    If = 12,
    Else = 13,
    Return = 14,
    Assign = 15,
    Dot = 16,
    LBracket = 17,
    RBracket = 18,
    OpOr = 22,
    OpAnd = 23,
    OpCompare = 24,
    OpAdd = 25,
    OpMul = 26,
    Ident = 27,
    Str = 28,
    Num = 29,
}

impl Tok {
    /// Every token type, in numeric order.
    pub(crate) const ALL: [Tok; 27] = [
        Tok::Eof,
        Tok::Function,
        Tok::LParen,
        Tok::Comma,
        Tok::RParen,
        Tok::LBrace,
        Tok::RBrace,
        Tok::Break,
        Tok::Semi,
        Tok::Continue,
        Tok::Debugger,
        Tok::While,
        Tok::If,
        Tok::Else,
        Tok::Return,
        Tok::Assign,
        Tok::Dot,
        Tok::LBracket,
        Tok::RBracket,
        Tok::OpOr,
        Tok::OpAnd,
        Tok::OpCompare,
        Tok::OpAdd,
        Tok::OpMul,
        Tok::Ident,
        Tok::Str,
        Tok::Num,
    ];

    /// The reference's numeric token type.
    pub(crate) fn number(self) -> i32 {
        self as i8 as i32
    }

    /// The name used in expected-token sets: the literal for fixed tokens, the symbolic name for
    /// the others.
    pub(crate) fn display_name(self) -> &'static str {
        match self {
            Tok::Eof => "<EOF>",
            Tok::Function => "'function'",
            Tok::LParen => "'('",
            Tok::Comma => "','",
            Tok::RParen => "')'",
            Tok::LBrace => "'{'",
            Tok::RBrace => "'}'",
            Tok::Break => "'break'",
            Tok::Semi => "';'",
            Tok::Continue => "'continue'",
            Tok::Debugger => "'debugger'",
            Tok::While => "'while'",
            Tok::If => "'if'",
            Tok::Else => "'else'",
            Tok::Return => "'return'",
            Tok::Assign => "'='",
            Tok::Dot => "'.'",
            Tok::LBracket => "'['",
            Tok::RBracket => "']'",
            Tok::OpOr => "'||'",
            Tok::OpAnd => "'&&'",
            Tok::OpCompare => "OP_COMPARE",
            Tok::OpAdd => "OP_ADD",
            Tok::OpMul => "OP_MUL",
            Tok::Ident => "IDENTIFIER",
            Tok::Str => "STRING_LITERAL",
            Tok::Num => "NUMERIC_LITERAL",
        }
    }
}

/// One token. Offsets are kept both in bytes (to slice the source) and in characters (for
/// spans, which count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    /// Byte offset of the first character.
    pub(crate) start: u32,
    /// Byte offset just past the last character.
    pub(crate) end: u32,
    /// Character offset of the first character.
    pub(crate) char_start: u32,
    /// Character offset just past the last character.
    pub(crate) char_end: u32,
    /// 1-based line of the first character.
    pub(crate) line: u32,
    /// 1-based column of the first character.
    pub(crate) col: u32,
}

/// Replaces line breaks and tabs by escapes, as the reference does in every quoted input.
pub(crate) fn escape_ws(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out
}

/// The lexer state: a cursor over the source with its line and column.
pub(crate) struct Lexer<'s> {
    src: &'s str,
    /// Byte position of the cursor.
    pos: usize,
    /// Character position of the cursor.
    chars: u32,
    line: u32,
    col: u32,
}

fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

fn keyword(word: &str) -> Option<Tok> {
    Some(match word {
        "function" => Tok::Function,
        "break" => Tok::Break,
        "continue" => Tok::Continue,
        "debugger" => Tok::Debugger,
        "while" => Tok::While,
        "if" => Tok::If,
        "else" => Tok::Else,
        "return" => Tok::Return,
        _ => return None,
    })
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`. The caller guarantees that offsets fit in `u32`.
    pub(crate) fn new(src: &'s str) -> Lexer<'s> {
        Lexer { src, pos: 0, chars: 0, line: 1, col: 1 }
    }

    /// The source this lexer reads.
    pub(crate) fn source(&self) -> &'s str {
        self.src
    }

    fn peek(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn peek2(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().nth(1))
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
            self.chars = self.chars.saturating_add(1);
            if c == '\n' {
                self.line = self.line.saturating_add(1);
                self.col = 1;
            } else {
                self.col = self.col.saturating_add(1);
            }
        }
    }

    /// Skips whitespace and comments. An unterminated `/*` is not a comment: the reference then
    /// falls back to the shorter match, the operator `/`.
    fn skip_trivia(&mut self) {
        loop {
            match self.peek() {
                Some(' ' | '\t' | '\r' | '\n' | '\u{000C}') => self.bump(),
                Some('/') => match self.peek2() {
                    Some('/') => {
                        while !matches!(self.peek(), None | Some('\r' | '\n')) {
                            self.bump();
                        }
                    }
                    Some('*') => {
                        let rest = self.src.get(self.pos + 2..).unwrap_or("");
                        let Some(close) = rest.find("*/") else { return };
                        let stop = self.pos + 2 + close + 2;
                        while self.pos < stop {
                            self.bump();
                        }
                    }
                    _ => return,
                },
                _ => return,
            }
        }
    }

    /// Produces the next token, or the lexical error the reference reports at this point.
    pub(crate) fn next_token(&mut self) -> Result<Token, ParseError> {
        self.skip_trivia();
        let (start, char_start, line, col) = (self.pos, self.chars, self.line, self.col);
        let Some(c) = self.peek() else {
            return Ok(self.token(Tok::Eof, start, char_start, line, col));
        };
        self.bump();
        let kind = match c {
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            ',' => Tok::Comma,
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            ';' => Tok::Semi,
            '.' => Tok::Dot,
            '[' => Tok::LBracket,
            ']' => Tok::RBracket,
            '+' | '-' => Tok::OpAdd,
            '*' | '/' => Tok::OpMul,
            '=' | '<' | '>' => {
                if self.peek() == Some('=') {
                    self.bump();
                    Tok::OpCompare
                } else if c == '=' {
                    Tok::Assign
                } else {
                    Tok::OpCompare
                }
            }
            '!' | '|' | '&' => {
                let second = if c == '!' { '=' } else { c };
                // The automaton consumes the first character in any case, so on failure the
                // reported text includes the character that did not fit.
                if self.peek() == Some(second) {
                    self.bump();
                    match c {
                        '!' => Tok::OpCompare,
                        '|' => Tok::OpOr,
                        _ => Tok::OpAnd,
                    }
                } else {
                    return Err(self.error_through_next(start, line, col));
                }
            }
            '"' => loop {
                match self.peek() {
                    Some('"') => {
                        self.bump();
                        break Tok::Str;
                    }
                    Some('\r' | '\n') | None => return Err(self.error_through_next(start, line, col)),
                    Some(_) => self.bump(),
                }
            },
            '0' => Tok::Num,
            '1'..='9' => {
                while matches!(self.peek(), Some('0'..='9')) {
                    self.bump();
                }
                Tok::Num
            }
            c if is_letter(c) => {
                while matches!(self.peek(), Some(c) if is_letter(c) || c.is_ascii_digit()) {
                    self.bump();
                }
                keyword(self.src.get(start..self.pos).unwrap_or("")).unwrap_or(Tok::Ident)
            }
            _ => return Err(self.error_text(start, self.pos, line, col)),
        };
        Ok(self.token(kind, start, char_start, line, col))
    }

    fn token(&self, kind: Tok, start: usize, char_start: u32, line: u32, col: u32) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32, char_start, char_end: self.chars, line, col }
    }

    /// The error for a token attempt that consumed `start..pos` and then got stuck on the next
    /// character (which is part of the reported text unless the input ended).
    fn error_through_next(&self, start: usize, line: u32, col: u32) -> ParseError {
        let end = match self.peek() {
            Some(c) => self.pos + c.len_utf8(),
            None => self.pos,
        };
        self.error_text(start, end, line, col)
    }

    fn error_text(&self, start: usize, end: usize, line: u32, col: u32) -> ParseError {
        let text = self.src.get(start..end).unwrap_or("");
        ParseError::new(line, col, format!("token recognition error at: '{}'", escape_ws(text)))
    }
}
