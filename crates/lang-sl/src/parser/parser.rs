//! Recursive-descent parser for the grammar of spec §3, with ANTLR-style first-error messages.
//!
//! Each rule is a function named after the grammar rule. At the decision points where ANTLR's
//! default strategy reports errors (entering a repeated or optional sub-rule, matching a required
//! token) the parser computes the same expected-token set and message shape: `extraneous input`
//! when deleting the current token would let parsing continue, `missing` when inserting the
//! expected token would, otherwise `mismatched input`. Semantic errors (invalid assignment target,
//! break/continue outside a loop) are collected and reported only if the syntax is valid.

use super::ast::*;
use super::error::ParseError;
use super::lexer::{Tok, Token};

/// Nesting beyond this many levels (expressions and blocks together) is rejected.
pub const MAX_NESTING: u32 = 100_000;

const STMT_FIRST: &[Tok] = &[
    Tok::LParen,
    Tok::RBrace,
    Tok::Break,
    Tok::Continue,
    Tok::Debugger,
    Tok::While,
    Tok::If,
    Tok::Return,
    Tok::Ident,
    Tok::Str,
    Tok::Num,
];
const FACTOR_FIRST: &[Tok] = &[Tok::LParen, Tok::Ident, Tok::Str, Tok::Num];
const RETURN_FIRST: &[Tok] = &[Tok::LParen, Tok::Semi, Tok::Ident, Tok::Str, Tok::Num];

pub(super) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: u32,
    loops: u32,
    semantic: Vec<(u32, ParseError)>,
}

fn quote(t: &Token) -> String {
    if t.kind == Tok::Eof {
        return "'<EOF>'".into();
    }
    let escaped = t.text.replace('\n', "\\n").replace('\r', "\\r").replace('\t', "\\t");
    format!("'{escaped}'")
}

fn set_text(set: &[Tok]) -> String {
    let mut s: Vec<Tok> = set.to_vec();
    s.sort();
    s.dedup();
    if s.len() == 1 {
        return s[0].display().to_string();
    }
    format!("{{{}}}", s.iter().map(|t| t.display()).collect::<Vec<_>>().join(", "))
}

type PResult<T> = Result<T, ParseError>;

impl Parser {
    pub(super) fn new(toks: Vec<Token>) -> Parser {
        Parser { toks, pos: 0, depth: 0, loops: 0, semantic: Vec::new() }
    }
    fn cur(&self) -> &Token {
        let i = self.pos.min(self.toks.len() - 1);
        &self.toks[i]
    }
    fn la(&self, n: usize) -> &Token {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i]
    }
    fn bump(&mut self) -> Token {
        let t = self.cur().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    fn error_at(&self, t: &Token, message: String) -> ParseError {
        ParseError { line: t.span.line, col: t.span.col, message }
    }
    /// Reports a lexical error token as ANTLR's lexer does, or `None` if the token is fine.
    fn lex_error(&self, t: &Token) -> Option<ParseError> {
        (t.kind == Tok::Error).then(|| self.error_at(t, format!("token recognition error at: {}", quote(t))))
    }
    /// The error for the current token not being in `set`.
    fn unexpected(&self, set: &[Tok]) -> ParseError {
        let t = self.cur();
        if let Some(e) = self.lex_error(t) {
            return e;
        }
        let next = self.la(1);
        if set.contains(&next.kind) && next.kind != Tok::Error {
            return self.error_at(t, format!("extraneous input {} expecting {}", quote(t), set_text(set)));
        }
        self.error_at(t, format!("mismatched input {} expecting {}", quote(t), set_text(set)))
    }
    /// Matches a required token.
    fn expect(&mut self, kind: Tok, follow: &[Tok]) -> PResult<Token> {
        if self.cur().kind == kind {
            return Ok(self.bump());
        }
        let t = self.cur().clone();
        if let Some(e) = self.lex_error(&t) {
            return Err(e);
        }
        if self.la(1).kind == kind {
            return Err(self.error_at(&t, format!("extraneous input {} expecting {}", quote(&t), kind.display())));
        }
        if follow.contains(&t.kind) {
            return Err(self.error_at(&t, format!("missing {} at {}", kind.display(), quote(&t))));
        }
        Err(self.error_at(&t, format!("mismatched input {} expecting {}", quote(&t), kind.display())))
    }
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let t = self.cur().clone();
            return Err(self.error_at(&t, "too deeply nested".into()));
        }
        Ok(())
    }
    fn semantic_error(&mut self, t: &Token, message: &str) {
        let e = self.error_at(t, message.into());
        self.semantic.push((t.span.start, e));
    }
    /// The first semantic error in source order.
    pub(super) fn first_semantic_error(&mut self) -> Option<ParseError> {
        self.semantic.sort_by_key(|(p, _)| *p);
        self.semantic.first().map(|(_, e)| e.clone())
    }
    fn span_from(&self, start: Span) -> Span {
        let end = self.toks.get(self.pos.saturating_sub(1)).map(|t| t.span.end).unwrap_or(start.end);
        Span { end: end.max(start.start), ..start }
    }

    pub(super) fn program(&mut self) -> PResult<Vec<(Function, Vec<String>)>> {
        let mut functions = Vec::new();
        loop {
            if functions.is_empty() || self.cur().kind != Tok::Eof {
                if self.cur().kind != Tok::Function {
                    let set: &[Tok] = if functions.is_empty() { &[Tok::Function] } else { &[Tok::Eof, Tok::Function] };
                    return Err(self.unexpected(set));
                }
                functions.push(self.function()?);
            } else {
                return Ok(functions);
            }
        }
    }

    fn function(&mut self) -> PResult<(Function, Vec<String>)> {
        let start = self.expect(Tok::Function, &[])?.span;
        let name = self.expect(Tok::Ident, &[Tok::LParen])?.text;
        self.expect(Tok::LParen, &[Tok::RParen, Tok::Ident])?;
        let mut params = Vec::new();
        if self.cur().kind == Tok::Ident {
            params.push(self.bump().text);
            while self.cur().kind == Tok::Comma {
                self.bump();
                params.push(self.expect(Tok::Ident, &[Tok::Comma, Tok::RParen])?.text);
            }
        } else if self.cur().kind != Tok::RParen {
            return Err(self.unexpected(&[Tok::RParen, Tok::Ident]));
        }
        self.expect(Tok::RParen, &[Tok::LBrace])?;
        let body = self.block()?;
        let span = self.span_from(start);
        Ok((Function { name, span, params: Vec::new(), locals: Vec::new(), body }, params))
    }

    fn block(&mut self) -> PResult<Block> {
        self.enter()?;
        let start = self.expect(Tok::LBrace, STMT_FIRST)?.span;
        let mut stmts = Vec::new();
        loop {
            let k = self.cur().kind;
            if k == Tok::RBrace {
                break;
            }
            if !STMT_FIRST.contains(&k) {
                return Err(self.unexpected(STMT_FIRST));
            }
            stmts.push(self.statement()?);
        }
        self.bump();
        self.depth -= 1;
        Ok(Block { stmts, span: self.span_from(start) })
    }

    fn statement(&mut self) -> PResult<Stmt> {
        let t = self.cur().clone();
        match t.kind {
            Tok::While => {
                self.bump();
                self.expect(Tok::LParen, FACTOR_FIRST)?;
                let cond = self.expression()?;
                self.expect(Tok::RParen, &[Tok::LBrace])?;
                self.loops += 1;
                let body = self.block();
                self.loops -= 1;
                Ok(Stmt::While { cond, body: body?, span: self.span_from(t.span) })
            }
            Tok::If => {
                self.bump();
                self.expect(Tok::LParen, FACTOR_FIRST)?;
                let cond = self.expression()?;
                self.expect(Tok::RParen, &[Tok::LBrace])?;
                let then_block = self.block()?;
                let else_block = if self.cur().kind == Tok::Else {
                    self.bump();
                    Some(self.block()?)
                } else {
                    None
                };
                Ok(Stmt::If { cond, then_block, else_block, span: self.span_from(t.span) })
            }
            Tok::Break | Tok::Continue => {
                self.bump();
                if self.loops == 0 {
                    let msg = if t.kind == Tok::Break { "break used outside of loop" } else { "continue used outside of loop" };
                    self.semantic_error(&t, msg);
                }
                self.expect(Tok::Semi, STMT_FIRST)?;
                Ok(if t.kind == Tok::Break { Stmt::Break(t.span) } else { Stmt::Continue(t.span) })
            }
            Tok::Debugger => {
                self.bump();
                self.expect(Tok::Semi, STMT_FIRST)?;
                Ok(Stmt::Debugger(t.span))
            }
            Tok::Return => {
                self.bump();
                let k = self.cur().kind;
                if !RETURN_FIRST.contains(&k) {
                    return Err(self.unexpected(RETURN_FIRST));
                }
                let value = if k == Tok::Semi { None } else { Some(self.expression()?) };
                self.expect(Tok::Semi, STMT_FIRST)?;
                Ok(Stmt::Return { value, span: self.span_from(t.span) })
            }
            _ => {
                let e = self.expression()?;
                self.expect(Tok::Semi, STMT_FIRST)?;
                Ok(Stmt::Expr(e))
            }
        }
    }

    fn binary(&self, op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
        let span = Span { end: rhs.span.end, ..lhs.span };
        let kind = match op {
            _ => ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) },
        };
        Expr { kind, span }
    }

    fn expression(&mut self) -> PResult<Expr> {
        self.enter()?;
        let mut e = self.logic_term()?;
        while self.cur().kind == Tok::Or {
            self.bump();
            let r = self.logic_term()?;
            let span = Span { end: r.span.end, ..e.span };
            e = Expr { kind: ExprKind::Or(Box::new(e), Box::new(r)), span };
        }
        self.depth -= 1;
        Ok(e)
    }
    fn logic_term(&mut self) -> PResult<Expr> {
        let mut e = self.logic_factor()?;
        while self.cur().kind == Tok::And {
            self.bump();
            let r = self.logic_factor()?;
            let span = Span { end: r.span.end, ..e.span };
            e = Expr { kind: ExprKind::And(Box::new(e), Box::new(r)), span };
        }
        Ok(e)
    }
    fn logic_factor(&mut self) -> PResult<Expr> {
        let e = self.arithmetic()?;
        if self.cur().kind == Tok::Compare {
            let op = match self.bump().text.as_str() {
                "<" => BinOp::Lt,
                "<=" => BinOp::Le,
                ">" => BinOp::Gt,
                ">=" => BinOp::Ge,
                "==" => BinOp::Eq,
                _ => BinOp::Ne,
            };
            let r = self.arithmetic()?;
            return Ok(self.binary(op, e, r));
        }
        Ok(e)
    }
    fn arithmetic(&mut self) -> PResult<Expr> {
        let mut e = self.term()?;
        while self.cur().kind == Tok::AddOp {
            let op = if self.bump().text == "+" { BinOp::Add } else { BinOp::Sub };
            let r = self.term()?;
            e = self.binary(op, e, r);
        }
        Ok(e)
    }
    fn term(&mut self) -> PResult<Expr> {
        let mut e = self.factor()?;
        while self.cur().kind == Tok::MulOp {
            let op = if self.bump().text == "*" { BinOp::Mul } else { BinOp::Div };
            let r = self.factor()?;
            e = self.binary(op, e, r);
        }
        Ok(e)
    }
    fn factor(&mut self) -> PResult<Expr> {
        let t = self.cur().clone();
        match t.kind {
            Tok::Str => {
                self.bump();
                let text = t.text.get(1..t.text.len() - 1).unwrap_or("").to_string();
                Ok(Expr { kind: ExprKind::Str(text), span: t.span })
            }
            Tok::Num => {
                self.bump();
                Ok(Expr { kind: ExprKind::Num(t.text.clone()), span: t.span })
            }
            Tok::LParen => {
                self.bump();
                let inner = self.expression()?;
                self.expect(Tok::RParen, &[])?;
                Ok(Expr { kind: ExprKind::Paren(Box::new(inner)), span: self.span_from(t.span) })
            }
            Tok::Ident => {
                self.bump();
                self.suffixes(t)
            }
            _ => Err(self.unexpected(FACTOR_FIRST)),
        }
    }
    /// `IDENTIFIER { suffix }`, checking assignment targets as §3 requires.
    fn suffixes(&mut self, ident: Token) -> PResult<Expr> {
        #[derive(PartialEq)]
        enum Prev {
            Ident,
            Member,
            Other,
        }
        let start = ident.span;
        let mut e = Expr { kind: ExprKind::Name(ident.text.clone()), span: start };
        let mut prev = Prev::Ident;
        loop {
            match self.cur().kind {
                Tok::LParen => {
                    self.bump();
                    let mut args = Vec::new();
                    if self.cur().kind != Tok::RParen {
                        args.push(self.expression()?);
                        while self.cur().kind == Tok::Comma {
                            self.bump();
                            args.push(self.expression()?);
                        }
                    }
                    self.expect(Tok::RParen, &[])?;
                    e = Expr { kind: ExprKind::Call { callee: Box::new(e), args }, span: self.span_from(start) };
                    prev = Prev::Other;
                }
                Tok::Assign => {
                    self.bump();
                    let rhs_tok = self.cur().clone();
                    let value = Box::new(self.expression()?);
                    let span = self.span_from(start);
                    e = match (prev, e.kind) {
                        (Prev::Ident, ExprKind::Name(name)) => Expr { kind: ExprKind::AssignName { name, value }, span },
                        (Prev::Member, ExprKind::ReadProp { receiver, key }) => {
                            Expr { kind: ExprKind::WriteProp { receiver, key, value }, span }
                        }
                        (_, kind) => {
                            self.semantic_error(&rhs_tok, "invalid assignment target");
                            let _ = kind;
                            *value
                        }
                    };
                    prev = Prev::Other;
                }
                Tok::Dot => {
                    self.bump();
                    let name = self.expect(Tok::Ident, &[])?;
                    let key = Box::new(Expr { kind: ExprKind::Str(name.text), span: name.span });
                    e = Expr { kind: ExprKind::ReadProp { receiver: Box::new(e), key }, span: self.span_from(start) };
                    prev = Prev::Member;
                }
                Tok::LBracket => {
                    self.bump();
                    let key = Box::new(self.expression()?);
                    self.expect(Tok::RBracket, &[])?;
                    e = Expr { kind: ExprKind::ReadProp { receiver: Box::new(e), key }, span: self.span_from(start) };
                    prev = Prev::Member;
                }
                _ => return Ok(e),
            }
        }
    }
}
