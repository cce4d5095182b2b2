//! Arrow functions: `x => body` and `(params) => body`, the latter converted from the
//! parenthesized cover once the `=>` is seen.
//!
//! An arrow has no `this`, `super` or labels of its own: it inherits the enclosing function's
//! permissions for `super`, and the resolver later links its uses of `this` to the enclosing
//! function's binding.

use crate::parser::ast::{
    Expr, ExprKind, Function, FunctionBody, FunctionKind, FunctionName, Pattern, PatternKind,
};
use crate::parser::error::PResult;
use crate::parser::token::Tok;

use super::primary::ParenCover;
use super::{FnCtx, Parser};

impl Parser<'_> {
    /// `x => body`; the current token is the parameter.
    pub(super) fn parse_single_param_arrow(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        let id = self.parse_binding_ident(false)?;
        let param = Pattern::new(id.span, PatternKind::Ident(id));
        self.parse_arrow_body(start, vec![param], None)
    }

    /// `(params) => body`; the cover has been parsed and the current token is `=>`.
    pub(super) fn parse_arrow_from_cover(&mut self, cover: ParenCover) -> PResult<Expr> {
        let mut params = Vec::with_capacity(cover.items.len());
        for item in cover.items {
            params.push(self.expr_to_element(item, true)?);
        }
        let rest = match cover.rest {
            Some((p, _)) => Some(self.pattern_to_binding(p)?),
            None => None,
        };
        // The cover became parameters: errors that only applied to it as an expression lapse.
        self.cover_error = None;
        self.parse_arrow_body(cover.start, params, rest)
    }

    /// `=> body` after the parameters.
    fn parse_arrow_body(
        &mut self,
        start: u32,
        params: Vec<Pattern>,
        rest: Option<Pattern>,
    ) -> PResult<Expr> {
        self.expect(Tok::Arrow)?;
        self.enter()?;
        let id = self.new_func();
        let params_scope = self.new_scope();
        let body_scope = self.new_scope();
        let inner = FnCtx::new(self.ctx.strict, self.ctx.super_prop, self.ctx.super_call);
        let outer = std::mem::replace(&mut self.ctx, inner);
        let (body, directive) = if self.at(Tok::LBrace) {
            self.bump()?;
            let outer_no_in = std::mem::replace(&mut self.no_in, false);
            let (body, directive) = self.parse_body_statements()?;
            self.expect(Tok::RBrace)?;
            self.no_in = outer_no_in;
            (FunctionBody::Block(body), directive)
        } else {
            (FunctionBody::Expr(Box::new(self.parse_assignment()?)), None)
        };
        self.check_params(&params, rest.as_ref(), directive, true)?;
        let strict = self.ctx.strict;
        self.ctx = outer;
        self.leave();
        let func = Function::new(
            id,
            self.span_from(start),
            FunctionKind::Arrow,
            FunctionName::Anonymous,
            None,
            params,
            rest,
            body,
            strict,
            params_scope,
            body_scope,
        );
        self.mk_expr(self.span_from(start), ExprKind::Function(Box::new(func)))
    }
}
