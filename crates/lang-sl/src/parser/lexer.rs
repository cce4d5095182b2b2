//! The SL lexer (spec §2): longest match, keywords over identifiers, no escapes in strings.
//!
//! Hand-written over characters so that positions count characters (not bytes), as the spec asks
//! for sources with non-ASCII text. A character no token can start is an `Error` token carrying the
//! text ANTLR reports (`token recognition error at: '...'`); the parser reports it only when it
//! reaches that token, as ANTLR's lazily-filled token stream does.

use super::ast::Span;

/// Token kinds, numbered as in the reference grammar (used to order expected-token sets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tok {
    /// End of input.
    Eof = 0,
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
    Or = 22,
    And = 23,
    Compare = 24,
    AddOp = 25,
    MulOp = 26,
    Ident = 27,
    Str = 28,
    Num = 29,
    /// A lexical error.
    Error = 99,
}

impl Tok {
    /// The display name in ANTLR's expected-token sets.
    pub fn display(self) -> &'static str {
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
            Tok::Or => "'||'",
            Tok::And => "'&&'",
            Tok::Compare => "OP_COMPARE",
            Tok::AddOp => "OP_ADD",
            Tok::MulOp => "OP_MUL",
            Tok::Ident => "IDENTIFIER",
            Tok::Str => "STRING_LITERAL",
            Tok::Num => "NUMERIC_LITERAL",
            Tok::Error => "<error>",
        }
    }
}

/// A token with its text and position.
#[derive(Debug, Clone)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// Source text (for strings, including the quotes).
    pub text: String,
    /// Position.
    pub span: Span,
}

fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

/// Splits `src` into tokens, ending with `Eof`.
pub fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    let advance = |i: &mut usize, line: &mut u32, col: &mut u32, n: usize, chars: &[char]| {
        for _ in 0..n {
            if let Some(&c) = chars.get(*i) {
                if c == '\n' {
                    *line += 1;
                    *col = 1;
                } else {
                    *col += 1;
                }
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if matches!(c, ' ' | '\t' | '\r' | '\n' | '\u{c}') {
            advance(&mut i, &mut line, &mut col, 1, &chars);
            continue;
        }
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' && chars[i] != '\r' {
                advance(&mut i, &mut line, &mut col, 1, &chars);
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            if let Some(end) = (i + 2..chars.len().saturating_sub(1)).find(|&j| chars[j] == '*' && chars[j + 1] == '/') {
                let n = end + 2 - i;
                advance(&mut i, &mut line, &mut col, n, &chars);
                continue;
            }
        }
        let start = i as u32;
        let (sl, sc) = (line, col);
        let (kind, len) = if is_letter(c) {
            let mut j = i + 1;
            while j < chars.len() && (is_letter(chars[j]) || chars[j].is_ascii_digit()) {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            let k = match word.as_str() {
                "function" => Tok::Function,
                "break" => Tok::Break,
                "continue" => Tok::Continue,
                "debugger" => Tok::Debugger,
                "while" => Tok::While,
                "if" => Tok::If,
                "else" => Tok::Else,
                "return" => Tok::Return,
                _ => Tok::Ident,
            };
            (k, j - i)
        } else if c.is_ascii_digit() {
            if c == '0' {
                (Tok::Num, 1)
            } else {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                (Tok::Num, j - i)
            }
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && !matches!(chars[j], '"' | '\r' | '\n') {
                j += 1;
            }
            if chars.get(j) == Some(&'"') { (Tok::Str, j + 1 - i) } else { (Tok::Error, j - i) }
        } else {
            match (c, next) {
                ('|', Some('|')) => (Tok::Or, 2),
                ('&', Some('&')) => (Tok::And, 2),
                ('<' | '>' | '=' | '!', Some('=')) => (Tok::Compare, 2),
                ('<' | '>', _) => (Tok::Compare, 1),
                ('=', _) => (Tok::Assign, 1),
                ('+' | '-', _) => (Tok::AddOp, 1),
                ('*' | '/', _) => (Tok::MulOp, 1),
                ('(', _) => (Tok::LParen, 1),
                (')', _) => (Tok::RParen, 1),
                (',', _) => (Tok::Comma, 1),
                ('{', _) => (Tok::LBrace, 1),
                ('}', _) => (Tok::RBrace, 1),
                (';', _) => (Tok::Semi, 1),
                ('.', _) => (Tok::Dot, 1),
                ('[', _) => (Tok::LBracket, 1),
                (']', _) => (Tok::RBracket, 1),
                _ => (Tok::Error, 1),
            }
        };
        let text: String = chars[i..i + len].iter().collect();
        let n = len;
        advance(&mut i, &mut line, &mut col, n, &chars);
        toks.push(Token { kind, text, span: Span { start, end: i as u32, line: sl, col: sc } });
    }
    toks.push(Token {
        kind: Tok::Eof,
        text: "<EOF>".into(),
        span: Span { start: i as u32, end: i as u32, line, col },
    });
    toks
}
