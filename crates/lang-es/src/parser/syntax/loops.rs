//! Iteration statements: `while`, `do-while`, `for (;;)` and `for-of` (`for-in` is rejected).
//!
//! The head of a `for` statement is ambiguous until the token after its first part: `for (x of
//! xs)` and `for (x; ...)` start alike. The first part is parsed with `in` excluded as an
//! operator (so `for (a in b)` stops at `in`, to be rejected), and then either converted to a
//! `for-of` target or kept as the initializer.

use crate::parser::ast::{ForInit, ForOfLeft, StmtKind, VarKind};
use crate::parser::error::{PResult, ParseError};
use crate::parser::token::{Kw, Tok};

use super::Parser;
use super::stmt::check_initializer;

impl Parser<'_> {
    /// Parses a loop body with the loop counted as enclosing it.
    fn parse_loop_body(&mut self) -> PResult<crate::parser::ast::Stmt> {
        self.ctx.loops += 1;
        self.ctx.breakables += 1;
        let body = self.parse_substatement()?;
        self.ctx.loops -= 1;
        self.ctx.breakables -= 1;
        Ok(body)
    }

    pub(super) fn parse_while(&mut self, labels: usize) -> PResult<StmtKind> {
        self.mark_iteration_labels(labels);
        self.bump()?;
        self.expect(Tok::LParen)?;
        let test = self.parse_expression()?;
        self.expect(Tok::RParen)?;
        let body = Box::new(self.parse_loop_body()?);
        Ok(StmtKind::While { test, body })
    }

    pub(super) fn parse_do_while(&mut self, labels: usize) -> PResult<StmtKind> {
        self.mark_iteration_labels(labels);
        self.bump()?;
        let body = Box::new(self.parse_loop_body()?);
        self.expect(Tok::Kw(Kw::While))?;
        self.expect(Tok::LParen)?;
        let test = self.parse_expression()?;
        self.expect(Tok::RParen)?;
        // The `;` after `do ... while (...)` may always be omitted.
        self.eat(Tok::Semi)?;
        Ok(StmtKind::DoWhile { body, test })
    }

    pub(super) fn parse_for(&mut self, labels: usize) -> PResult<StmtKind> {
        self.mark_iteration_labels(labels);
        let start = self.bump()?.start;
        if self.at_ident("await") {
            return Err(ParseError::unsupported(
                "async functions (for await) are",
                self.tok.start,
            ));
        }
        self.expect(Tok::LParen)?;
        let scope = self.new_scope();
        let saved_no_in = std::mem::replace(&mut self.no_in, true);
        let declaration = match self.tok.kind {
            Tok::Kw(Kw::Var) => Some(VarKind::Var),
            Tok::Kw(Kw::Const) => Some(VarKind::Const),
            Tok::Ident if self.at_ident("let") && self.is_let_declaration()? => Some(VarKind::Let),
            _ => None,
        };
        let init = if self.at(Tok::Semi) {
            None
        } else if let Some(kind) = declaration {
            let decl = self.parse_var_decl(kind, true)?;
            if self.at_ident("of") {
                self.no_in = saved_no_in;
                if decl.decls.len() > 1 {
                    return Err(self.error_at(
                        decl.decls[0].span.start,
                        "Invalid left-hand side in for-of loop: Must have a single binding.",
                    ));
                }
                let mut decls = decl.decls;
                let Some(d) = decls.pop() else {
                    return Err(self.unexpected());
                };
                if d.init.is_some() {
                    return Err(self.error_at(
                        d.span.start,
                        "for-of loop variable declaration may not have an initializer.",
                    ));
                }
                return self.parse_for_of_rest(scope, ForOfLeft::Var(kind, d.target));
            }
            if self.at_kw(Kw::In) {
                return Err(ParseError::unsupported("for-in loops are", start));
            }
            for d in &decl.decls {
                if d.init.is_none() {
                    check_initializer(
                        self,
                        kind,
                        &d.target.span.start,
                        d.target.as_ident().is_some(),
                    )?;
                }
            }
            Some(ForInit::Var(decl))
        } else {
            let outer = self.cover_error.take();
            let e = self.parse_assignment_cover()?;
            if self.at_ident("of")
                && !matches!(e.kind, crate::parser::ast::ExprKind::Ident(ref id) if id.name == "async")
            {
                self.no_in = saved_no_in;
                let target = match e.kind {
                    crate::parser::ast::ExprKind::Array(_) | crate::parser::ast::ExprKind::Object(_) => {
                        self.expr_to_pattern(e, false)?
                    }
                    _ => self.expr_to_simple_target(e, "Invalid left-hand side in for-loop")?,
                };
                self.cover_error = outer;
                return self.parse_for_of_rest(scope, ForOfLeft::Target(target));
            }
            if self.at_kw(Kw::In) {
                return Err(ParseError::unsupported("for-in loops are", start));
            }
            if let Some(err) = self.cover_error.take() {
                return Err(err);
            }
            self.cover_error = outer;
            let e = if self.at(Tok::Comma) {
                self.continue_sequence(e)?
            } else {
                e
            };
            Some(ForInit::Expr(e))
        };
        self.no_in = saved_no_in;
        self.expect(Tok::Semi)?;
        let test = if self.at(Tok::Semi) {
            None
        } else {
            Some(self.parse_expression()?)
        };
        self.expect(Tok::Semi)?;
        let update = if self.at(Tok::RParen) {
            None
        } else {
            Some(self.parse_expression()?)
        };
        self.expect(Tok::RParen)?;
        let body = Box::new(self.parse_loop_body()?);
        Ok(StmtKind::For {
            scope,
            init,
            test,
            update,
            body,
        })
    }

    /// `of expression) body`, after the left side.
    fn parse_for_of_rest(
        &mut self,
        scope: crate::parser::ids::ScopeId,
        left: ForOfLeft,
    ) -> PResult<StmtKind> {
        self.bump()?;
        let right = self.with_in(|p| p.parse_assignment())?;
        self.expect(Tok::RParen)?;
        let body = Box::new(self.parse_loop_body()?);
        Ok(StmtKind::ForOf {
            scope,
            left,
            right,
            body,
        })
    }

    /// The rest of a comma expression whose first item is `first`.
    fn continue_sequence(&mut self, first: crate::parser::ast::Expr) -> PResult<crate::parser::ast::Expr> {
        let start = first.span.start;
        let mut items = vec![first];
        while self.eat(Tok::Comma)? {
            items.push(self.parse_assignment()?);
        }
        self.mk_expr(self.span_from(start), crate::parser::ast::ExprKind::Sequence(items))
    }
}
