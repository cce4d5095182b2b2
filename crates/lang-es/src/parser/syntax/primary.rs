//! Primary expressions: literals, names, `this`, `super`, array literals, parenthesized
//! expressions (as a cover for arrow parameters), and the function and class expressions that
//! other modules parse; plus the rules for which identifiers may be used as references.

use crate::parser::ast::{ArrayElem, Expr, ExprKind, Ident, Pattern, SuperProp};
use crate::parser::error::{PResult, ParseError};
use crate::parser::span::Span;
use crate::parser::token::{Kw, Tok, TokenValue, is_strict_reserved};

use super::Parser;

/// A parenthesized list that may still become arrow parameters: `(a, b = 1, ...rest)`.
pub(super) struct ParenCover {
    pub start: u32,
    pub items: Vec<Expr>,
    /// A rest element and the position of its `...`; only valid for arrow parameters.
    pub rest: Option<(Pattern, u32)>,
    /// The position of the `)` after a trailing comma; only valid for arrow parameters.
    pub trailing_comma: Option<u32>,
    /// The position of the closing `)`.
    pub close: u32,
}

impl Parser<'_> {
    /// A primary expression.
    pub(super) fn parse_primary(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        let kind = match self.tok.kind {
            Tok::Ident => {
                let id = self.parse_ident_reference()?;
                ExprKind::Ident(id)
            }
            Tok::Kw(Kw::This) => {
                self.bump()?;
                ExprKind::This(self.new_ref())
            }
            Tok::Kw(Kw::Null) => {
                self.bump()?;
                ExprKind::Null
            }
            Tok::Kw(Kw::True) | Tok::Kw(Kw::False) => {
                let tok = self.bump()?;
                ExprKind::Bool(tok.kind == Tok::Kw(Kw::True))
            }
            Tok::Number => {
                let tok = self.bump()?;
                self.check_strict_literal(&tok)?;
                ExprKind::Number(Self::number_value(&tok))
            }
            Tok::String => {
                let tok = self.bump()?;
                self.check_strict_literal(&tok)?;
                match tok.value {
                    TokenValue::String(s) => ExprKind::String(s),
                    _ => return Err(self.unexpected_token(&tok)),
                }
            }
            Tok::Template => return self.parse_template(),
            Tok::LBracket => return self.parse_array_literal(),
            Tok::LBrace => return self.parse_object_literal(),
            Tok::LParen => {
                let cover = self.parse_paren_cover()?;
                return self.paren_cover_into_expr(cover);
            }
            Tok::Kw(Kw::Function) => return self.parse_function_expression(),
            Tok::Kw(Kw::Class) => return self.parse_class_expression(),
            Tok::Kw(Kw::Super) => return self.parse_super(),
            Tok::Kw(Kw::New) => return self.parse_call_member(None),
            Tok::Kw(Kw::Import) | Tok::Kw(Kw::Export) => {
                return Err(ParseError::unsupported(
                    "modules (import and export) are",
                    start,
                ));
            }
            Tok::Slash | Tok::SlashAssign => {
                return Err(ParseError::unsupported("regular expressions are", start));
            }
            _ => return Err(self.unexpected()),
        };
        self.mk_expr(self.span_from(start), kind)
    }

    /// An identifier used as a reference; the current token is an identifier.
    pub(super) fn parse_ident_reference(&mut self) -> PResult<Ident> {
        let name = self.text(&self.tok);
        if name == "async" {
            let next = self.peek()?;
            if next.kind == Tok::Kw(Kw::Function) && !next.nl_before {
                return Err(ParseError::unsupported(
                    "async functions are",
                    self.tok.start,
                ));
            }
        }
        self.check_identifier(name, self.tok.start)?;
        let tok = self.bump()?;
        Ok(self.ident_from(&tok))
    }

    /// The checks every identifier reference and binding passes: the names of unsupported
    /// features are rejected, and strict mode reserves some more words.
    pub(super) fn check_identifier(&self, name: &str, pos: u32) -> PResult<()> {
        match name {
            "yield" => Err(ParseError::unsupported("generators (yield) are", pos)),
            "await" => Err(ParseError::unsupported("async functions (await) are", pos)),
            "arguments" => Err(ParseError::unsupported("the arguments object is", pos)),
            _ if self.ctx.strict && is_strict_reserved(name) => {
                Err(self.error_at(pos, "Unexpected strict mode reserved word"))
            }
            _ => Ok(()),
        }
    }

    /// An `IdentifierName` (reserved words included), as after `.`.
    pub(super) fn parse_identifier_name(&mut self) -> PResult<(String, Span)> {
        match self.tok.kind {
            Tok::Ident | Tok::Kw(_) => {
                let tok = self.bump()?;
                Ok((self.text(&tok).to_string(), Span::new(tok.start, tok.end)))
            }
            Tok::PrivateName => Err(ParseError::unsupported(
                "private class members (#names) are",
                self.tok.start,
            )),
            _ => Err(self.unexpected()),
        }
    }

    /// `super.x`, `super[x]` or `super(...)`, where the enclosing function allows them.
    fn parse_super(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        let misplaced = || ParseError::new("'super' keyword unexpected here", start);
        let kind = match self.tok.kind {
            Tok::Dot if self.ctx.super_prop => {
                self.bump()?;
                let (name, _) = self.parse_identifier_name()?;
                ExprKind::SuperMember {
                    property: SuperProp::Name(name),
                    home: self.new_ref(),
                    this: self.new_ref(),
                }
            }
            Tok::LBracket if self.ctx.super_prop => {
                self.bump()?;
                let index = self.with_in(|p| p.parse_expression())?;
                self.expect(Tok::RBracket)?;
                ExprKind::SuperMember {
                    property: SuperProp::Computed(Box::new(index)),
                    home: self.new_ref(),
                    this: self.new_ref(),
                }
            }
            Tok::LParen if self.ctx.super_call => {
                let args = self.parse_arguments()?;
                ExprKind::SuperCall {
                    args,
                    this: self.new_ref(),
                    new_target: self.new_ref(),
                    func: self.new_ref(),
                }
            }
            _ => return Err(misplaced()),
        };
        self.mk_expr(self.span_from(start), kind)
    }

    /// `[a, , ...b]`; elements are parsed as covers, since the literal may become a pattern.
    fn parse_array_literal(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        let elems = self.with_in(|p| {
            let mut elems = Vec::new();
            loop {
                match p.tok.kind {
                    Tok::RBracket => break,
                    Tok::Comma => {
                        p.bump()?;
                        elems.push(ArrayElem::Hole);
                        continue;
                    }
                    Tok::Ellipsis => {
                        let dots = p.bump()?;
                        elems.push(ArrayElem::Spread(p.parse_assignment_cover()?));
                        if p.at(Tok::Comma) {
                            p.rest_not_last.entry(start).or_insert(dots.start);
                        }
                    }
                    _ => elems.push(ArrayElem::Expr(p.parse_assignment_cover()?)),
                }
                if !p.at(Tok::RBracket) {
                    p.expect(Tok::Comma)?;
                }
            }
            p.bump()?;
            Ok(elems)
        })?;
        self.mk_expr(self.span_from(start), ExprKind::Array(elems))
    }

    /// A parenthesized list, parsed loosely enough to serve as arrow parameters.
    pub(super) fn parse_paren_cover(&mut self) -> PResult<ParenCover> {
        let start = self.expect(Tok::LParen)?.start;
        let (items, rest, trailing_comma) = self.with_in(|p| {
            let mut items = Vec::new();
            let mut rest = None;
            let mut trailing_comma = None;
            while !p.at(Tok::RParen) {
                if p.at(Tok::Ellipsis) {
                    let dots = p.bump()?.start;
                    let target = p.parse_binding_target(false)?;
                    if p.at(Tok::Assign) {
                        return Err(p.error_at(
                            p.tok.start,
                            "Rest parameter may not have a default initializer",
                        ));
                    }
                    if p.at(Tok::Comma) {
                        return Err(p.error_at(
                            p.tok.start,
                            "Rest parameter must be last formal parameter",
                        ));
                    }
                    rest = Some((target, dots));
                    break;
                }
                items.push(p.parse_assignment_cover()?);
                if !p.at(Tok::Comma) {
                    break;
                }
                p.bump()?;
                if p.at(Tok::RParen) {
                    trailing_comma = Some(p.tok.start);
                }
            }
            Ok((items, rest, trailing_comma))
        })?;
        let close = self.expect(Tok::RParen)?.start;
        Ok(ParenCover {
            start,
            items,
            rest,
            trailing_comma,
            close,
        })
    }

    /// The parenthesized expression a cover stands for when no `=>` follows it.
    pub(super) fn paren_cover_into_expr(&mut self, cover: ParenCover) -> PResult<Expr> {
        if let Some((_, dots)) = cover.rest {
            return Err(self.error_at(dots, "Unexpected token '...'"));
        }
        if cover.items.is_empty() || cover.trailing_comma.is_some() {
            return Err(self.error_at(cover.close, "Unexpected token ')'"));
        }
        let mut items = cover.items;
        let inner = if items.len() == 1 {
            items
                .pop()
                .unwrap_or_else(|| Expr::new(Span::default(), ExprKind::Null))
        } else {
            let span = Span::new(items[0].span.start, items[items.len() - 1].span.end);
            self.mk_expr(span, ExprKind::Sequence(items))?
        };
        self.mk_expr(
            Span::new(cover.start, cover.close + 1),
            ExprKind::Paren(Box::new(inner)),
        )
    }
}
