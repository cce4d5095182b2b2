//! Patterns: binding patterns parsed directly (declarations, parameters, catch), and the
//! conversion of expressions into patterns when a cover turns out to be a target
//! (`[a, b] = [b, a]`, `({a, b} = o)`, arrow parameters, `for (x of xs)`).
//!
//! The conversion follows the specification's refinement of `AssignmentPattern` and
//! `ArrowFormalParameters`: literals become patterns element by element, `x = d` elements become
//! defaults, and anything else is an invalid target.

use crate::parser::ast::{
    ArrayElem, AssignOp, Expr, ExprKind, FunctionName, Ident, Pattern, PatternKind, PatternProp,
    PropKey, PropKind,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::token::Tok;

use super::Parser;
use super::function::infer_name;

const INVALID_TARGET: &str = "Invalid destructuring assignment target";

impl Parser<'_> {
    /// A binding identifier; `lexical` for `let`, `const` and class names.
    pub(super) fn parse_binding_ident(&mut self, lexical: bool) -> PResult<Ident> {
        if !self.at(Tok::Ident) {
            return Err(self.unexpected());
        }
        self.check_binding_name(self.text(&self.tok), self.tok.start, lexical)?;
        let tok = self.bump()?;
        Ok(self.ident_from(&tok))
    }

    /// Whether `name` may be declared here.
    pub(super) fn check_binding_name(&self, name: &str, pos: u32, lexical: bool) -> PResult<()> {
        self.check_identifier(name, pos)?;
        if lexical && name == "let" {
            return Err(self.error_at(pos, "let is disallowed as a lexically bound name"));
        }
        if self.ctx.strict && name == "eval" {
            return Err(self.error_at(pos, "Unexpected eval or arguments in strict mode"));
        }
        Ok(())
    }

    /// Whether `name` may be assigned to.
    fn check_assign_name(&self, id: &Ident) -> PResult<()> {
        if self.ctx.strict && id.name == "eval" {
            return Err(self.error_at(id.span.start, "Unexpected eval or arguments in strict mode"));
        }
        Ok(())
    }

    /// A binding identifier or an array or object binding pattern, without default.
    pub(super) fn parse_binding_target(&mut self, lexical: bool) -> PResult<Pattern> {
        self.enter()?;
        let start = self.tok.start;
        let kind = match self.tok.kind {
            Tok::LBracket => self.parse_array_binding(lexical)?,
            Tok::LBrace => self.parse_object_binding(lexical)?,
            _ => PatternKind::Ident(self.parse_binding_ident(lexical)?),
        };
        self.leave();
        self.check_pattern(Pattern::new(self.span_from(start), kind))
    }

    /// A binding target with an optional `= default`.
    pub(super) fn parse_binding_element(&mut self, lexical: bool) -> PResult<Pattern> {
        let start = self.tok.start;
        let target = self.parse_binding_target(lexical)?;
        if !self.at(Tok::Assign) {
            return Ok(target);
        }
        self.bump()?;
        let mut default = self.with_in(|p| p.parse_assignment())?;
        if let Some(id) = target.as_ident() {
            infer_name(&mut default, FunctionName::Static(JsString::from(&id.name)));
        }
        let kind = PatternKind::Default {
            target: Box::new(target),
            default: Box::new(default),
        };
        self.check_pattern(Pattern::new(self.span_from(start), kind))
    }

    fn parse_array_binding(&mut self, lexical: bool) -> PResult<PatternKind> {
        self.bump()?;
        let mut elems = Vec::new();
        let mut rest = None;
        loop {
            match self.tok.kind {
                Tok::RBracket => break,
                Tok::Comma => {
                    self.bump()?;
                    elems.push(None);
                    continue;
                }
                Tok::Ellipsis => {
                    self.bump()?;
                    rest = Some(Box::new(self.parse_binding_target(lexical)?));
                    if self.at(Tok::Comma) {
                        return Err(
                            self.error_at(self.tok.start, "Rest element must be last element")
                        );
                    }
                    break;
                }
                _ => elems.push(Some(self.parse_binding_element(lexical)?)),
            }
            if !self.at(Tok::RBracket) {
                self.expect(Tok::Comma)?;
            }
        }
        self.expect(Tok::RBracket)?;
        Ok(PatternKind::Array { elems, rest })
    }

    fn parse_object_binding(&mut self, lexical: bool) -> PResult<PatternKind> {
        self.bump()?;
        let mut props = Vec::new();
        let mut rest = None;
        while !self.at(Tok::RBrace) {
            let start = self.tok.start;
            if self.eat(Tok::Ellipsis)? {
                if !self.at(Tok::Ident) {
                    return Err(self.error_at(
                        self.tok.start,
                        "`...` must be followed by an identifier in declaration contexts",
                    ));
                }
                let id = self.parse_binding_ident(lexical)?;
                rest = Some(Box::new(Pattern::new(id.span, PatternKind::Ident(id))));
                if self.at(Tok::Comma) {
                    return Err(self.error_at(self.tok.start, "Rest element must be last element"));
                }
                break;
            }
            let shorthand = self.at(Tok::Ident) && self.peek()?.kind != Tok::Colon;
            let prop = if shorthand {
                let value = self.parse_binding_element(lexical)?;
                let name = match &value.kind {
                    PatternKind::Default { target, .. } => {
                        target.as_ident().map(|id| id.name.clone())
                    }
                    _ => value.as_ident().map(|id| id.name.clone()),
                }
                .unwrap_or_default();
                PatternProp {
                    span: self.span_from(start),
                    key: PropKey::Static(JsString::from(&name)),
                    value,
                    shorthand,
                }
            } else {
                let key_tok = self.tok.clone();
                let key = self.parse_property_key()?;
                if !self.at(Tok::Colon) {
                    // `{if}` or `{1}`: only identifiers may be shorthand.
                    return Err(if key_tok.kind == Tok::LBracket {
                        self.unexpected()
                    } else {
                        self.unexpected_token(&key_tok)
                    });
                }
                self.bump()?;
                let value = self.parse_binding_element(lexical)?;
                PatternProp {
                    span: self.span_from(start),
                    key,
                    value,
                    shorthand,
                }
            };
            props.push(prop);
            if !self.at(Tok::RBrace) {
                self.expect(Tok::Comma)?;
            }
        }
        self.bump()?;
        Ok(PatternKind::Object { props, rest })
    }

    // ----- conversions -----

    /// The target of `=`: a simple target, or an array or object literal as a pattern.
    pub(super) fn expr_to_assign_target(&mut self, e: Expr) -> PResult<Pattern> {
        match e.kind {
            ExprKind::Array(_) | ExprKind::Object(_) => self.expr_to_pattern(e, false),
            _ => self.expr_to_simple_target(e, "Invalid left-hand side in assignment"),
        }
    }

    /// An identifier or member target, possibly parenthesized; `message` is the error otherwise.
    /// The pattern keeps the span of the parenthesized expression, so that a parenthesized
    /// identifier can be told apart (it is no valid parameter).
    pub(super) fn expr_to_simple_target(&mut self, e: Expr, message: &str) -> PResult<Pattern> {
        let span = e.span;
        let inner = strip_parens(e);
        match inner.kind {
            ExprKind::Ident(id) => {
                self.check_assign_name(&id)?;
                Ok(Pattern::new(span, PatternKind::Ident(id)))
            }
            ExprKind::Member { .. } | ExprKind::Index { .. } | ExprKind::SuperMember { .. } => {
                Ok(Pattern::new(span, PatternKind::Expr(Box::new(inner))))
            }
            ExprKind::Call { .. } => Err(ParseError::unsupported(
                "assignment to a call result is",
                span.start,
            )),
            _ => Err(self.error_at(span.start, message)),
        }
    }

    /// The operand of `++`/`--`: an identifier or member, without its parentheses.
    pub(super) fn expr_to_update_target(&mut self, e: Expr, message: &str) -> PResult<Expr> {
        let start = e.span.start;
        let inner = strip_parens(e);
        match &inner.kind {
            ExprKind::Ident(id) => {
                self.check_assign_name(id)?;
                Ok(inner)
            }
            ExprKind::Member { .. } | ExprKind::Index { .. } | ExprKind::SuperMember { .. } => {
                Ok(inner)
            }
            ExprKind::Call { .. } => Err(ParseError::unsupported(
                "assignment to a call result is",
                start,
            )),
            _ => Err(self.error_at(start, message)),
        }
    }

    /// An expression as a destructuring pattern; `binding` for arrow parameters, where only
    /// identifiers may be bound.
    pub(super) fn expr_to_pattern(&mut self, e: Expr, binding: bool) -> PResult<Pattern> {
        self.enter()?;
        let span = e.span;
        let kind = match e.kind {
            ExprKind::Ident(id) => {
                if binding {
                    self.check_binding_name(&id.name, id.span.start, false)?;
                } else {
                    self.check_assign_name(&id)?;
                }
                PatternKind::Ident(id)
            }
            ExprKind::Array(elems) => {
                if let Some(&pos) = self.rest_not_last.get(&span.start) {
                    return Err(self.error_at(pos, "Rest element must be last element"));
                }
                let mut out = Vec::with_capacity(elems.len());
                let mut rest = None;
                for elem in elems {
                    match elem {
                        ArrayElem::Hole => out.push(None),
                        ArrayElem::Expr(x) => out.push(Some(self.expr_to_element(x, binding)?)),
                        ArrayElem::Spread(x) => {
                            rest = Some(Box::new(self.expr_to_pattern(x, binding)?))
                        }
                    }
                }
                PatternKind::Array { elems: out, rest }
            }
            ExprKind::Object(props) => {
                if let Some(&pos) = self.rest_not_last.get(&span.start) {
                    return Err(self.error_at(pos, "Rest element must be last element"));
                }
                let mut out = Vec::with_capacity(props.len());
                let mut rest = None;
                for prop in props {
                    match prop.kind {
                        PropKind::Value {
                            key,
                            value,
                            shorthand,
                        } => {
                            let value = self.expr_to_element(value, binding)?;
                            out.push(PatternProp {
                                span: prop.span,
                                key,
                                value,
                                shorthand,
                            });
                        }
                        PropKind::Method { .. } => {
                            return Err(self.error_at(prop.span.start, INVALID_TARGET));
                        }
                        PropKind::Spread(x) => {
                            let start = x.span.start;
                            let target = if binding {
                                match x.kind {
                                    ExprKind::Ident(_) => self.expr_to_pattern(x, true)?,
                                    _ => {
                                        return Err(self.error_at(
                                            start,
                                            "`...` must be followed by an identifier in declaration contexts",
                                        ));
                                    }
                                }
                            } else {
                                self.expr_to_simple_target(
                                    x,
                                    "`...` must be followed by an assignable reference in assignment contexts",
                                )?
                            };
                            rest = Some(Box::new(target));
                        }
                    }
                }
                PatternKind::Object { props: out, rest }
            }
            ExprKind::Member { .. } | ExprKind::Index { .. } | ExprKind::SuperMember { .. }
                if !binding =>
            {
                PatternKind::Expr(Box::new(Expr::new(span, e.kind)))
            }
            ExprKind::Paren(_) if !binding => {
                let inner = strip_parens(Expr::new(span, e.kind));
                match inner.kind {
                    ExprKind::Ident(_)
                    | ExprKind::Member { .. }
                    | ExprKind::Index { .. }
                    | ExprKind::SuperMember { .. } => {
                        self.leave();
                        return self
                            .expr_to_simple_target(inner, INVALID_TARGET)
                            .map(|p| Pattern::new(span, p.kind));
                    }
                    _ => return Err(self.error_at(span.start, INVALID_TARGET)),
                }
            }
            _ => return Err(self.error_at(span.start, INVALID_TARGET)),
        };
        self.leave();
        self.check_pattern(Pattern::new(span, kind))
    }

    /// An element of an array or object literal (or an arrow parameter) as a pattern element:
    /// `target = default` becomes a default.
    pub(super) fn expr_to_element(&mut self, e: Expr, binding: bool) -> PResult<Pattern> {
        match e.kind {
            ExprKind::Assign {
                op: AssignOp::Assign,
                target,
                value,
            } => {
                let target = if binding {
                    self.pattern_to_binding(*target)?
                } else {
                    *target
                };
                let kind = PatternKind::Default {
                    target: Box::new(target),
                    default: value,
                };
                self.check_pattern(Pattern::new(e.span, kind))
            }
            _ => self.expr_to_pattern(e, binding),
        }
    }

    /// Checks that an assignment pattern (built before it was known to be a parameter) is a
    /// valid binding pattern.
    pub(super) fn pattern_to_binding(&mut self, p: Pattern) -> PResult<Pattern> {
        self.enter()?;
        let span = p.span;
        let kind = match p.kind {
            PatternKind::Ident(id) => {
                if id.span != span {
                    return Err(self.error_at(span.start, INVALID_TARGET));
                }
                self.check_binding_name(&id.name, id.span.start, false)?;
                PatternKind::Ident(id)
            }
            PatternKind::Expr(e) => return Err(self.error_at(e.span.start, INVALID_TARGET)),
            PatternKind::Array { elems, rest } => {
                let mut out = Vec::with_capacity(elems.len());
                for elem in elems {
                    out.push(match elem {
                        Some(p) => Some(self.pattern_to_binding(p)?),
                        None => None,
                    });
                }
                let rest = match rest {
                    Some(r) => Some(Box::new(self.pattern_to_binding(*r)?)),
                    None => None,
                };
                PatternKind::Array { elems: out, rest }
            }
            PatternKind::Object { props, rest } => {
                let mut out = Vec::with_capacity(props.len());
                for prop in props {
                    let value = self.pattern_to_binding(prop.value)?;
                    out.push(PatternProp { value, ..prop });
                }
                let rest = match rest {
                    Some(r) if r.as_ident().is_some() => {
                        Some(Box::new(self.pattern_to_binding(*r)?))
                    }
                    Some(r) => {
                        return Err(self.error_at(
                            r.span.start,
                            "`...` must be followed by an identifier in declaration contexts",
                        ));
                    }
                    None => None,
                };
                PatternKind::Object { props: out, rest }
            }
            PatternKind::Default { target, default } => PatternKind::Default {
                target: Box::new(self.pattern_to_binding(*target)?),
                default,
            },
        };
        self.leave();
        Ok(Pattern::new(span, kind))
    }
}

/// The expression inside any parentheses.
fn strip_parens(mut e: Expr) -> Expr {
    while let ExprKind::Paren(inner) = e.kind {
        e = *inner;
    }
    e
}

/// The identifiers a pattern binds, in source order.
pub(crate) fn bound_names<'p>(p: &'p Pattern, out: &mut Vec<&'p Ident>) {
    match &p.kind {
        PatternKind::Ident(id) => out.push(id),
        PatternKind::Expr(_) => {}
        PatternKind::Array { elems, rest } => {
            for e in elems.iter().flatten() {
                bound_names(e, out);
            }
            if let Some(r) = rest {
                bound_names(r, out);
            }
        }
        PatternKind::Object { props, rest } => {
            for prop in props {
                bound_names(&prop.value, out);
            }
            if let Some(r) = rest {
                bound_names(r, out);
            }
        }
        PatternKind::Default { target, .. } => bound_names(target, out),
    }
}
