//! The parser: tokens to the syntax tree, by hand-written recursive descent.
//!
//! This module holds the parser's state and the helpers every grammar rule uses (token access,
//! error construction, id allocation, the nesting bound); the rules themselves are split by
//! topic into the submodules. Binary operators are parsed by precedence climbing
//! (`binary.rs`); everything else follows the grammar's productions.
//!
//! Three mechanisms deserve a word:
//!
//! * **Cover grammars.** `(a, b)` may turn out to be arrow parameters and `[a, b]` or `{a, b}`
//!   may turn out to be destructuring targets, which is only known at the `=>` or `=` after
//!   them. They are parsed as expressions and converted (`pattern.rs`). Errors that only apply
//!   if no conversion happens (`{a = 1}` outside a pattern) wait in `cover_error` until the
//!   enclosing assignment expression knows.
//! * **Bounded depth.** Every recursive rule calls [`Parser::enter`], which fails with "too
//!   deeply nested" beyond [`MAX_DEPTH`]; and every node is checked against [`MAX_HEIGHT`], which
//!   also bounds the trees built by loops (`a+b+c...`, `a.b.c...`). So neither the parser nor
//!   any later recursive walk can overflow the stack.
//! * **Function contexts.** What is allowed depends on the enclosing function (strictness,
//!   `super`, labels, loops); [`FnCtx`] holds that, saved and restored around nested functions.

mod arrow;
mod binary;
mod class;
mod expr;
mod function;
mod loops;
mod object;
mod pattern;
mod primary;
mod stmt;

use std::collections::HashMap;

pub(crate) use pattern::bound_names;

use crate::parser::ast::{Expr, ExprKind, Function, Ident, Pattern, Stmt};
use crate::parser::error::{PResult, ParseError};
use crate::parser::ids::{FuncId, RefId, ScopeId};
use crate::parser::lexer::Lexer;
use crate::parser::span::Span;
use crate::parser::token::{Kw, Tok, Token, TokenValue, is_strict_reserved};

/// The deepest recursion the parser allows. One level costs at most about 2.5 KiB of stack
/// when built as porcini builds its debug profile (`opt-level = 1`), so the parser stays well
/// within an ordinary 8 MiB main thread; unoptimized builds need several times more.
pub(crate) const MAX_DEPTH: u32 = 1000;
/// The highest tree the parser builds; the resolver's walk needs well under 1 KiB per level.
pub(crate) const MAX_HEIGHT: u32 = 1500;

/// The result of parsing: the module function and the number of ids handed out.
pub(crate) struct ParsedModule {
    pub function: Function,
    pub ref_count: usize,
    pub scope_count: usize,
    pub func_count: usize,
}

/// Parses a whole module.
pub(crate) fn parse(source: &str) -> PResult<ParsedModule> {
    if source.len() > (u32::MAX / 2) as usize {
        return Err(ParseError::new("source text too large", 0));
    }
    let mut parser = Parser::new(source)?;
    let function = parser.parse_module_function()?;
    Ok(ParsedModule {
        function,
        ref_count: parser.next_ref as usize,
        scope_count: parser.next_scope as usize,
        func_count: parser.next_func as usize,
    })
}

/// A label in scope, and whether it labels an iteration statement (so `continue` may use it).
struct LabelEntry {
    name: String,
    iteration: bool,
}

/// What the enclosing function allows.
pub(crate) struct FnCtx {
    strict: bool,
    /// Whether `super.x` is allowed (methods, accessors, constructors, field initializers, and
    /// arrows inside them).
    super_prop: bool,
    /// Whether `super(...)` is allowed (derived constructors and arrows inside them).
    super_call: bool,
    labels: Vec<LabelEntry>,
    /// Enclosing iteration statements, and iteration plus `switch` statements.
    loops: u32,
    breakables: u32,
}

impl FnCtx {
    fn new(strict: bool, super_prop: bool, super_call: bool) -> FnCtx {
        FnCtx {
            strict,
            super_prop,
            super_call,
            labels: Vec::new(),
            loops: 0,
            breakables: 0,
        }
    }
}

pub(crate) struct Parser<'s> {
    src: &'s str,
    lexer: Lexer<'s>,
    /// The current token.
    tok: Token,
    /// End of the previous token, where the node being finished ends.
    prev_end: u32,
    depth: u32,
    ctx: FnCtx,
    /// Whether `in` is excluded as an operator (the head of a `for` statement).
    no_in: bool,
    /// The first error that applies unless the expression containing it becomes a pattern.
    cover_error: Option<ParseError>,
    /// For array and object literals (by start offset) whose spread element is followed by a
    /// comma, the position of that `...`: as patterns they would have a rest that is not last.
    rest_not_last: HashMap<u32, u32>,
    next_ref: u32,
    next_scope: u32,
    next_func: u32,
}

impl<'s> Parser<'s> {
    fn new(src: &'s str) -> PResult<Parser<'s>> {
        let mut lexer = Lexer::new(src);
        let tok = lexer.next_token()?;
        Ok(Parser {
            src,
            lexer,
            tok,
            prev_end: 0,
            depth: 0,
            ctx: FnCtx::new(false, false, false),
            no_in: false,
            cover_error: None,
            rest_not_last: HashMap::new(),
            next_ref: 0,
            next_scope: 0,
            next_func: 0,
        })
    }

    // ----- tokens -----

    /// Advances to the next token and returns the one that was current.
    fn bump(&mut self) -> PResult<Token> {
        let next = self.lexer.next_token()?;
        let tok = std::mem::replace(&mut self.tok, next);
        self.prev_end = tok.end;
        Ok(tok)
    }

    fn at(&self, kind: Tok) -> bool {
        self.tok.kind == kind
    }

    fn at_kw(&self, kw: Kw) -> bool {
        self.tok.kind == Tok::Kw(kw)
    }

    /// Whether the current token is the identifier (or contextual keyword) `name`.
    fn at_ident(&self, name: &str) -> bool {
        self.tok.kind == Tok::Ident && self.text(&self.tok) == name
    }

    fn eat(&mut self, kind: Tok) -> PResult<bool> {
        if self.at(kind) {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, kind: Tok) -> PResult<Token> {
        if self.at(kind) {
            self.bump()
        } else {
            Err(self.unexpected())
        }
    }

    /// The token after the current one, without consuming anything.
    fn peek(&self) -> PResult<Token> {
        self.lexer.clone().next_token()
    }

    fn text(&self, tok: &Token) -> &'s str {
        &self.src[tok.start as usize..tok.end as usize]
    }

    /// A span from `start` to the end of the last consumed token.
    fn span_from(&self, start: u32) -> Span {
        Span::new(start, self.prev_end.max(start))
    }

    /// Consumes the `;` ending a statement, or accepts its automatic insertion: before `}`, at the
    /// end of input, or when a line terminator precedes the current token.
    fn semicolon(&mut self) -> PResult<()> {
        if self.eat(Tok::Semi)? || self.at(Tok::RBrace) || self.at(Tok::Eof) || self.tok.nl_before {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    // ----- errors -----

    /// node's error for the current token appearing where it cannot.
    fn unexpected(&self) -> ParseError {
        self.unexpected_token(&self.tok)
    }

    fn unexpected_token(&self, tok: &Token) -> ParseError {
        let message = match tok.kind {
            Tok::Eof => "Unexpected end of input".to_string(),
            Tok::Ident => {
                let name = self.text(tok);
                if self.ctx.strict && is_strict_reserved(name) {
                    "Unexpected strict mode reserved word".to_string()
                } else {
                    format!("Unexpected identifier '{name}'")
                }
            }
            Tok::Kw(Kw::Enum) => "Unexpected reserved word".to_string(),
            Tok::Number => "Unexpected number".to_string(),
            Tok::String => "Unexpected string".to_string(),
            Tok::Template => "Unexpected template string".to_string(),
            Tok::PrivateName => {
                return ParseError::unsupported("private class members (#names) are", tok.start);
            }
            _ => format!("Unexpected token '{}'", self.text(tok)),
        };
        ParseError::new(message, tok.start)
    }

    fn error_at(&self, pos: u32, message: impl Into<String>) -> ParseError {
        ParseError::new(message, pos)
    }

    /// Raises the strict-mode error of a legacy literal token if the code is strict.
    fn check_strict_literal(&self, tok: &Token) -> PResult<()> {
        match tok.strict_error {
            Some((message, pos)) if self.ctx.strict => Err(ParseError::new(message, pos)),
            _ => Ok(()),
        }
    }

    // ----- nesting bound -----

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(self.tok.start, "too deeply nested"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// An expression node, refused if the tree would get too high.
    fn mk_expr(&self, span: Span, kind: ExprKind) -> PResult<Expr> {
        let e = Expr::new(span, kind);
        if e.height() > MAX_HEIGHT {
            return Err(self.error_at(span.start, "too deeply nested"));
        }
        Ok(e)
    }

    fn check_stmt(&self, stmt: Stmt) -> PResult<Stmt> {
        if stmt.height() > MAX_HEIGHT {
            return Err(self.error_at(stmt.span.start, "too deeply nested"));
        }
        Ok(stmt)
    }

    fn check_pattern(&self, p: Pattern) -> PResult<Pattern> {
        if p.height() > MAX_HEIGHT {
            return Err(self.error_at(p.span.start, "too deeply nested"));
        }
        Ok(p)
    }

    // ----- ids -----

    fn new_ref(&mut self) -> RefId {
        let id = RefId(self.next_ref);
        self.next_ref += 1;
        id
    }

    fn new_scope(&mut self) -> ScopeId {
        let id = ScopeId(self.next_scope);
        self.next_scope += 1;
        id
    }

    fn new_func(&mut self) -> FuncId {
        let id = FuncId(self.next_func);
        self.next_func += 1;
        id
    }

    /// An identifier occurrence for `tok` with a fresh reference id.
    fn ident_from(&mut self, tok: &Token) -> Ident {
        Ident {
            name: self.text(tok).to_string(),
            span: Span::new(tok.start, tok.end),
            rid: self.new_ref(),
        }
    }

    /// Runs `f` with `in` allowed as an operator (inside brackets, parentheses, braces...).
    fn with_in<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = std::mem::replace(&mut self.no_in, false);
        let result = f(self);
        self.no_in = saved;
        result
    }

    /// The number value of the current token (which the caller checked to be a number).
    fn number_value(tok: &Token) -> f64 {
        match tok.value {
            TokenValue::Number(n) => n,
            _ => f64::NAN,
        }
    }
}
