//! Expressions above the binary operators (comma, assignment, conditional) and below them
//! (unary, update, member and call chains, `new`, arguments, templates).
//!
//! Arrow functions start like parenthesized expressions, so [`Parser::parse_assignment_cover`]
//! parses a leading `( ... )` itself: if `=>` follows, it becomes an arrow; otherwise the
//! parenthesized expression is handed down as a *seed*, the already-parsed leftmost primary
//! expression, through the conditional, binary, unary and call-chain rules, which continue from
//! it as if they had parsed it themselves.

use crate::parser::ast::{
    Arg, AssignOp, BinaryOp, Expr, ExprKind, FunctionName, LogicalOp, Template, UnaryOp, UpdateOp,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::token::{Kw, Tok, TokenValue};

use super::Parser;

impl Parser<'_> {
    /// `Expression`: assignment expressions separated by commas.
    pub(super) fn parse_expression(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        let first = self.parse_assignment()?;
        if !self.at(Tok::Comma) {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(Tok::Comma)? {
            items.push(self.parse_assignment()?);
        }
        self.mk_expr(self.span_from(start), ExprKind::Sequence(items))
    }

    /// `AssignmentExpression`, raising any cover error found inside it.
    pub(super) fn parse_assignment(&mut self) -> PResult<Expr> {
        let outer = self.cover_error.take();
        let e = self.parse_assignment_cover()?;
        if let Some(err) = self.cover_error.take() {
            return Err(err);
        }
        self.cover_error = outer;
        Ok(e)
    }

    /// `AssignmentExpression`, leaving errors that a later conversion to a pattern would cancel
    /// in `cover_error` (used for elements of array and object literals and parenthesized items).
    pub(super) fn parse_assignment_cover(&mut self) -> PResult<Expr> {
        self.enter()?;
        // Errors already pending belong to earlier siblings; only those arising inside this
        // expression may be cancelled by converting it, so keep them apart and merge after.
        let before = self.cover_error.take();
        let e = self.parse_assignment_inner();
        let inside = self.cover_error.take();
        self.cover_error = before.or(inside);
        self.leave();
        e
    }

    fn parse_assignment_inner(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        let mut seed = None;
        if self.at(Tok::Ident) {
            let next = self.peek()?;
            if next.kind == Tok::Arrow && !next.nl_before {
                return self.parse_single_param_arrow();
            }
            if self.at_ident("async")
                && !next.nl_before
                && matches!(next.kind, Tok::Ident | Tok::Kw(Kw::Function))
            {
                return Err(ParseError::unsupported("async functions are", start));
            }
        } else if self.at(Tok::LParen) {
            let cover = self.parse_paren_cover()?;
            if self.at(Tok::Arrow) {
                if self.tok.nl_before {
                    return Err(self.unexpected());
                }
                return self.parse_arrow_from_cover(cover);
            }
            seed = Some(self.paren_cover_into_expr(cover)?);
        }
        let lhs = self.parse_conditional(seed)?;
        let op = match assign_op(self.tok.kind) {
            Some(op) => op,
            None => {
                if self.at(Tok::Arrow) {
                    if let ExprKind::Call { callee, .. } = &lhs.kind
                        && matches!(&callee.kind, ExprKind::Ident(id) if id.name == "async")
                    {
                        return Err(ParseError::unsupported("async functions are", start));
                    }
                    if !self.tok.nl_before {
                        return Err(self.error_at(start, "Malformed arrow function parameter list"));
                    }
                }
                return Ok(lhs);
            }
        };
        let target = if op == AssignOp::Assign {
            self.expr_to_assign_target(lhs)?
        } else {
            self.expr_to_simple_target(lhs, "Invalid left-hand side in assignment")?
        };
        // The left side became a pattern: errors that only applied to it as an expression lapse.
        self.cover_error = None;
        self.bump()?;
        let mut value = self.parse_assignment()?;
        if let (Some(id), AssignOp::Assign | AssignOp::Logical(_)) = (target.as_ident(), op) {
            super::function::infer_name(&mut value, FunctionName::Static(JsString::from(&id.name)));
        }
        self.mk_expr(
            self.span_from(start),
            ExprKind::Assign {
                op,
                target: Box::new(target),
                value: Box::new(value),
            },
        )
    }

    /// `ConditionalExpression`, continuing from `seed` if given.
    pub(super) fn parse_conditional(&mut self, seed: Option<Expr>) -> PResult<Expr> {
        let start = seed.as_ref().map_or(self.tok.start, |s| s.span.start);
        let test = self.parse_binary(0, seed)?;
        if !self.at(Tok::Question) {
            return Ok(test);
        }
        self.bump()?;
        let then = self.with_in(|p| p.parse_assignment())?;
        self.expect(Tok::Colon)?;
        let other = self.parse_assignment()?;
        self.mk_expr(
            self.span_from(start),
            ExprKind::Conditional {
                test: Box::new(test),
                then: Box::new(then),
                other: Box::new(other),
            },
        )
    }

    /// `UnaryExpression` (which includes update expressions), continuing from `seed` if given.
    pub(super) fn parse_unary(&mut self, seed: Option<Expr>) -> PResult<Expr> {
        if seed.is_some() {
            return self.parse_postfix(seed);
        }
        let start = self.tok.start;
        let op = match self.tok.kind {
            Tok::Bang => UnaryOp::Not,
            Tok::Tilde => UnaryOp::BitNot,
            Tok::Plus => UnaryOp::Plus,
            Tok::Minus => UnaryOp::Minus,
            Tok::Kw(Kw::Typeof) => UnaryOp::Typeof,
            Tok::Kw(Kw::Void) => UnaryOp::Void,
            Tok::Kw(Kw::Delete) => {
                return Err(ParseError::unsupported("the delete operator is", start));
            }
            Tok::PlusPlus | Tok::MinusMinus => {
                let op = if self.at(Tok::PlusPlus) {
                    UpdateOp::Inc
                } else {
                    UpdateOp::Dec
                };
                self.bump()?;
                self.enter()?;
                let operand = self.parse_unary(None)?;
                self.leave();
                let target = self.expr_to_update_target(
                    operand,
                    "Invalid left-hand side expression in prefix operation",
                )?;
                return self.mk_expr(
                    self.span_from(start),
                    ExprKind::Update {
                        op,
                        prefix: true,
                        target: Box::new(target),
                    },
                );
            }
            Tok::Ident if self.at_ident("await") => {
                return Err(ParseError::unsupported(
                    "async functions (await) are",
                    start,
                ));
            }
            _ => return self.parse_postfix(None),
        };
        self.bump()?;
        self.enter()?;
        let operand = self.parse_unary(None)?;
        self.leave();
        self.mk_expr(
            self.span_from(start),
            ExprKind::Unary(op, Box::new(operand)),
        )
    }

    /// A left-hand-side expression followed by an optional postfix `++`/`--` (which must be on
    /// the same line).
    fn parse_postfix(&mut self, seed: Option<Expr>) -> PResult<Expr> {
        let e = self.parse_call_member(seed)?;
        if (self.at(Tok::PlusPlus) || self.at(Tok::MinusMinus)) && !self.tok.nl_before {
            let op = if self.at(Tok::PlusPlus) {
                UpdateOp::Inc
            } else {
                UpdateOp::Dec
            };
            let start = e.span.start;
            let target = self.expr_to_update_target(
                e,
                "Invalid left-hand side expression in postfix operation",
            )?;
            self.bump()?;
            return self.mk_expr(
                self.span_from(start),
                ExprKind::Update {
                    op,
                    prefix: false,
                    target: Box::new(target),
                },
            );
        }
        Ok(e)
    }

    /// `LeftHandSideExpression`: a primary or `new` expression followed by any number of
    /// member accesses, calls and optional-chain links.
    pub(super) fn parse_call_member(&mut self, seed: Option<Expr>) -> PResult<Expr> {
        let mut e = match seed {
            Some(e) => e,
            None if self.at_kw(Kw::New) => self.parse_new()?,
            None => self.parse_primary()?,
        };
        let start = e.span.start;
        let mut in_chain = false;
        loop {
            e = match self.tok.kind {
                Tok::Dot => {
                    self.bump()?;
                    let (property, _) = self.parse_identifier_name()?;
                    self.mk_expr(
                        self.span_from(start),
                        ExprKind::Member {
                            object: Box::new(e),
                            property,
                            optional: false,
                        },
                    )?
                }
                Tok::QuestionDot => {
                    self.bump()?;
                    in_chain = true;
                    match self.tok.kind {
                        Tok::LParen => self.parse_call_rest(e, start, true)?,
                        Tok::LBracket => self.parse_index_rest(e, start, true)?,
                        Tok::Template => {
                            return Err(self.error_at(
                                self.tok.start,
                                "Invalid tagged template on optional chain",
                            ));
                        }
                        _ => {
                            let (property, _) = self.parse_identifier_name()?;
                            self.mk_expr(
                                self.span_from(start),
                                ExprKind::Member {
                                    object: Box::new(e),
                                    property,
                                    optional: true,
                                },
                            )?
                        }
                    }
                }
                Tok::LBracket => self.parse_index_rest(e, start, false)?,
                Tok::LParen => self.parse_call_rest(e, start, false)?,
                Tok::Template if in_chain => {
                    return Err(
                        self.error_at(self.tok.start, "Invalid tagged template on optional chain")
                    );
                }
                Tok::Template => {
                    return Err(ParseError::unsupported(
                        "tagged templates are",
                        self.tok.start,
                    ));
                }
                _ => break,
            };
        }
        if in_chain {
            e = self.mk_expr(self.span_from(start), ExprKind::OptionalChain(Box::new(e)))?;
        }
        Ok(e)
    }

    fn parse_index_rest(&mut self, object: Expr, start: u32, optional: bool) -> PResult<Expr> {
        self.expect(Tok::LBracket)?;
        let index = self.with_in(|p| p.parse_expression())?;
        self.expect(Tok::RBracket)?;
        self.mk_expr(
            self.span_from(start),
            ExprKind::Index {
                object: Box::new(object),
                index: Box::new(index),
                optional,
            },
        )
    }

    fn parse_call_rest(&mut self, callee: Expr, start: u32, optional: bool) -> PResult<Expr> {
        if let ExprKind::Ident(id) = &callee.unparenthesized().kind
            && id.name == "eval"
        {
            return Err(ParseError::unsupported("eval calls are", callee.span.start));
        }
        // `async (...) =>` starts like a call of `async`; its arguments may be arrow
        // parameters, so they are parsed as covers until the token after `)` tells.
        let maybe_async_arrow = matches!(&callee.kind, ExprKind::Ident(id) if id.name == "async")
            && !self.tok.nl_before;
        let args = if maybe_async_arrow {
            let outer = self.cover_error.take();
            let args = self.parse_arguments_with(Self::parse_assignment_cover)?;
            if self.at(Tok::Arrow) && !self.tok.nl_before {
                return Err(ParseError::unsupported("async functions are", start));
            }
            if let Some(err) = self.cover_error.take() {
                return Err(err);
            }
            self.cover_error = outer;
            args
        } else {
            self.parse_arguments()?
        };
        self.mk_expr(
            self.span_from(start),
            ExprKind::Call {
                callee: Box::new(callee),
                args,
                optional,
            },
        )
    }

    /// `new MemberExpression Arguments?`; the callee takes no calls (they belong to `new`).
    fn parse_new(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        if self.at(Tok::Dot) {
            return Err(ParseError::unsupported("new.target is", start));
        }
        if self.at_kw(Kw::Super) && self.peek()?.kind == Tok::LParen {
            return Err(self.error_at(self.tok.start, "'super' keyword unexpected here"));
        }
        self.enter()?;
        let mut callee = if self.at_kw(Kw::New) {
            self.parse_new()?
        } else {
            self.parse_primary()?
        };
        self.leave();
        let callee_start = callee.span.start;
        loop {
            callee = match self.tok.kind {
                Tok::Dot => {
                    self.bump()?;
                    let (property, _) = self.parse_identifier_name()?;
                    self.mk_expr(
                        self.span_from(callee_start),
                        ExprKind::Member {
                            object: Box::new(callee),
                            property,
                            optional: false,
                        },
                    )?
                }
                Tok::LBracket => self.parse_index_rest(callee, callee_start, false)?,
                Tok::QuestionDot => {
                    return Err(
                        self.error_at(self.tok.start, "Invalid optional chain from new expression")
                    );
                }
                Tok::Template => {
                    return Err(ParseError::unsupported(
                        "tagged templates are",
                        self.tok.start,
                    ));
                }
                _ => break,
            };
        }
        let args = if self.at(Tok::LParen) {
            self.parse_arguments()?
        } else {
            Vec::new()
        };
        self.mk_expr(
            self.span_from(start),
            ExprKind::New {
                callee: Box::new(callee),
                args,
            },
        )
    }

    /// `( args )` with spread elements and an optional trailing comma.
    pub(super) fn parse_arguments(&mut self) -> PResult<Vec<Arg>> {
        self.parse_arguments_with(Self::parse_assignment)
    }

    /// `( args )`, each argument parsed by `item`.
    fn parse_arguments_with(&mut self, item: fn(&mut Self) -> PResult<Expr>) -> PResult<Vec<Arg>> {
        self.expect(Tok::LParen)?;
        self.with_in(|p| {
            let mut args = Vec::new();
            while !p.at(Tok::RParen) {
                if p.eat(Tok::Ellipsis)? {
                    args.push(Arg::Spread(item(p)?));
                } else {
                    args.push(Arg::Expr(item(p)?));
                }
                if !p.at(Tok::RParen) {
                    if !p.at(Tok::Comma) {
                        return Err(p.error_at(p.tok.start, "missing ) after argument list"));
                    }
                    p.bump()?;
                }
            }
            p.bump()?;
            Ok(args)
        })
    }

    /// A template literal; the current token is its first piece.
    pub(super) fn parse_template(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        let mut quasis = Vec::new();
        let mut exprs = Vec::new();
        loop {
            let (cooked, tail) = match &self.tok.value {
                TokenValue::Template { cooked, tail } => (cooked.clone(), *tail),
                _ => return Err(self.unexpected()),
            };
            quasis.push(cooked);
            if tail {
                self.bump()?;
                break;
            }
            self.bump()?;
            exprs.push(self.with_in(|p| p.parse_expression())?);
            if !self.at(Tok::RBrace) {
                return Err(self.unexpected());
            }
            // The `}` resumes the template: lex the next piece from just after it.
            self.tok = self
                .lexer
                .template_continuation(self.tok.start, self.tok.nl_before)?;
        }
        self.mk_expr(
            self.span_from(start),
            ExprKind::Template(Template { quasis, exprs }),
        )
    }
}

/// The assignment operator a token stands for.
pub(super) fn assign_op(kind: Tok) -> Option<AssignOp> {
    Some(match kind {
        Tok::Assign => AssignOp::Assign,
        Tok::PlusAssign => AssignOp::Binary(BinaryOp::Add),
        Tok::MinusAssign => AssignOp::Binary(BinaryOp::Sub),
        Tok::StarAssign => AssignOp::Binary(BinaryOp::Mul),
        Tok::SlashAssign => AssignOp::Binary(BinaryOp::Div),
        Tok::PercentAssign => AssignOp::Binary(BinaryOp::Rem),
        Tok::StarStarAssign => AssignOp::Binary(BinaryOp::Exp),
        Tok::ShlAssign => AssignOp::Binary(BinaryOp::Shl),
        Tok::ShrAssign => AssignOp::Binary(BinaryOp::Shr),
        Tok::UShrAssign => AssignOp::Binary(BinaryOp::UShr),
        Tok::AmpAssign => AssignOp::Binary(BinaryOp::BitAnd),
        Tok::PipeAssign => AssignOp::Binary(BinaryOp::BitOr),
        Tok::CaretAssign => AssignOp::Binary(BinaryOp::BitXor),
        Tok::AmpAmpAssign => AssignOp::Logical(LogicalOp::And),
        Tok::PipePipeAssign => AssignOp::Logical(LogicalOp::Or),
        Tok::QuestionQuestionAssign => AssignOp::Logical(LogicalOp::Coalesce),
        _ => return None,
    })
}
