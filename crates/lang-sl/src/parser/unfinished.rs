//! Whether a source stops short: its text ends inside a construct that more input could close,
//! as a REPL needs to know before it runs an entry or reads another line.

use crate::parser::lexer::{Lexer, Tok};

/// Whether `source` ends with a parenthesis, brace or bracket still open, none closed that was
/// not open, and no lexical error: then more lines may complete it. A source that cannot be
/// lexed (an SL string cannot span lines) is never unfinished, so its error is shown at once.
pub fn is_unfinished(source: &str) -> bool {
    let mut lexer = Lexer::new(source);
    let mut open: usize = 0;
    loop {
        match lexer.next_token() {
            Err(_) => return false,
            Ok(t) => match t.kind {
                Tok::Eof => return open > 0,
                Tok::LParen | Tok::LBrace | Tok::LBracket => open += 1,
                Tok::RParen | Tok::RBrace | Tok::RBracket => match open.checked_sub(1) {
                    Some(n) => open = n,
                    None => return false,
                },
                _ => {}
            },
        }
    }
}

/// Whether the first token of `source` is `function`; `None` when it cannot be lexed.
pub fn first_token_is_function(source: &str) -> Option<bool> {
    Lexer::new(source).next_token().ok().map(|t| t.kind == Tok::Function)
}

#[cfg(test)]
mod tests {
    use super::is_unfinished;

    #[test]
    fn open_brackets_are_unfinished_and_errors_are_not() {
        assert!(is_unfinished("function f(a) {"));
        assert!(is_unfinished("println(1 +"));
        assert!(is_unfinished("while (i < 3) { i = i + 1;\n"));
        assert!(!is_unfinished("println(1);"));
        assert!(!is_unfinished("x = 1 }"));
        assert!(!is_unfinished("println(\"abc"));
        assert!(!is_unfinished(""));
    }
}
