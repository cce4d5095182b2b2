//! The token buffer between lexer and parser.
//!
//! Like the reference's buffered token stream it lexes on demand and keeps every token: the
//! parser reads the current token, sometimes the one after it, and prediction may look further
//! ahead and come back. A lexical error surfaces the first time anyone asks for the token it
//! would have produced, which is what decides whether a lexical or a syntax error wins.

use super::error::ParseError;
use super::lexer::{Lexer, Tok, Token, escape_ws};

/// The position of a token in the stream (0 for the first token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct TokenIndex(usize);

impl TokenIndex {
    /// The position after this one.
    pub(crate) fn next(self) -> TokenIndex {
        TokenIndex(self.0.saturating_add(1))
    }
}

/// Lazily filled token buffer with a cursor (the parser's current token).
pub(crate) struct TokenStream<'s> {
    lexer: Lexer<'s>,
    tokens: Vec<Token>,
    /// Whether the end-of-input token has been produced (it is always the last in `tokens`).
    done: bool,
    /// Index of the current token.
    pos: usize,
    /// The lexical error that stopped the lexer, if any; asking for tokens past it repeats it.
    error: Option<ParseError>,
}

impl<'s> TokenStream<'s> {
    /// A stream over `src` positioned at its first token, which is lexed right away (the
    /// reference asks for it when it enters the start rule).
    pub(crate) fn new(src: &'s str) -> Result<TokenStream<'s>, ParseError> {
        let mut ts = TokenStream { lexer: Lexer::new(src), tokens: Vec::new(), done: false, pos: 0, error: None };
        ts.get(TokenIndex(0))?;
        Ok(ts)
    }

    /// Position of the current token.
    pub(crate) fn index(&self) -> TokenIndex {
        TokenIndex(self.pos)
    }

    /// The token at absolute index `i`, lexing up to it if needed. Past the end it is the
    /// end-of-input token.
    pub(crate) fn get(&mut self, i: TokenIndex) -> Result<Token, ParseError> {
        let i = i.0;
        while self.tokens.len() <= i && !self.done {
            if let Some(e) = &self.error {
                return Err(e.clone());
            }
            let t = match self.lexer.next_token() {
                Ok(t) => t,
                Err(e) => {
                    self.error = Some(e.clone());
                    return Err(e);
                }
            };
            self.done = t.kind == Tok::Eof;
            self.tokens.push(t);
        }
        match self.tokens.get(i).or_else(|| self.tokens.last()) {
            Some(t) => Ok(*t),
            // Unreachable: the constructor lexed token 0 or failed. Report at the start rather
            // than panic.
            None => Err(ParseError::new(1, 1, "internal error: empty token stream")),
        }
    }

    /// How many tokens have been lexed so far.
    pub(crate) fn lexed(&self) -> usize {
        self.tokens.len()
    }

    /// The current token (always already lexed).
    pub(crate) fn current(&self) -> Token {
        match self.tokens.get(self.pos).or_else(|| self.tokens.last()) {
            Some(t) => *t,
            None => Token { kind: Tok::Eof, start: 0, end: 0, char_start: 0, char_end: 0, line: 1, col: 1 },
        }
    }

    /// The type of the `k`-th token from the cursor (`k` = 1 is the current one).
    pub(crate) fn la(&mut self, k: usize) -> Result<Tok, ParseError> {
        Ok(self.get(TokenIndex(self.pos + k.saturating_sub(1)))?.kind)
    }

    /// Moves past the current token and lexes the new current one, as the reference does.
    /// The end-of-input token is never consumed.
    pub(crate) fn consume(&mut self) -> Result<(), ParseError> {
        if self.current().kind != Tok::Eof {
            self.pos += 1;
            self.get(TokenIndex(self.pos))?;
        }
        Ok(())
    }

    /// The source text of a token (`<EOF>` for the end of input).
    pub(crate) fn text(&self, t: &Token) -> &'s str {
        if t.kind == Tok::Eof {
            return "<EOF>";
        }
        self.lexer.source().get(t.start as usize..t.end as usize).unwrap_or("")
    }

    /// A token as the reference quotes it in messages: its text, escaped, in single quotes.
    pub(crate) fn display(&self, t: &Token) -> String {
        format!("'{}'", escape_ws(self.text(t)))
    }

    /// The concatenated text of the already lexed tokens `from..=to`, stopping at the end of
    /// input (the "input" of a no-viable-alternative message).
    pub(crate) fn text_between(&self, from: TokenIndex, to: TokenIndex) -> String {
        let mut out = String::new();
        for t in self.tokens.iter().take(to.0.saturating_add(1)).skip(from.0) {
            if t.kind == Tok::Eof {
                break;
            }
            out.push_str(self.text(t));
        }
        out
    }
}
