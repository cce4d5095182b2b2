//! Functions: declarations, expressions and methods, their parameter lists and bodies, the
//! directive prologue, and the inference of anonymous functions' names.
//!
//! A `'use strict'` directive makes the function strict only once its body is being parsed,
//! after the parameters and the name; the checks that strictness adds to those (reserved words,
//! duplicate parameters, a non-simple parameter list) are therefore made when the body ends.

use std::collections::HashSet;

use crate::parser::ast::{
    Expr, ExprKind, Function, FunctionBody, FunctionKind, FunctionName, Ident, Pattern, Stmt,
    StmtKind,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::span::Span;
use crate::parser::token::{Kw, Tok};

use super::pattern::bound_names;
use super::{FnCtx, Parser};

/// Gives an anonymous function or class expression (possibly parenthesized) the name its
/// context implies, as the specification's NamedEvaluation does.
pub(crate) fn infer_name(e: &mut Expr, name: FunctionName) {
    match &mut e.kind {
        ExprKind::Paren(inner) => infer_name(inner, name),
        ExprKind::Function(f) if f.name == FunctionName::Anonymous => f.name = name,
        ExprKind::Class(c) if c.name.is_none() && c.constructor.name == FunctionName::Anonymous => {
            c.constructor.name = name
        }
        _ => {}
    }
}

/// How a function's parameters and body are to be parsed.
pub(super) struct FunctionSpec {
    pub start: u32,
    pub kind: FunctionKind,
    pub name: FunctionName,
    pub self_name: Option<Ident>,
    /// A declared name to check again if a directive makes the function strict.
    pub recheck_name: Option<(String, u32)>,
    pub super_prop: bool,
    pub super_call: bool,
}

impl Parser<'_> {
    /// The module body, as the function node node wraps CommonJS modules in.
    pub(super) fn parse_module_function(&mut self) -> PResult<Function> {
        let id = self.new_func();
        let params_scope = self.new_scope();
        let body_scope = self.new_scope();
        let params = ["exports", "require", "module", "__filename", "__dirname"]
            .iter()
            .map(|name| {
                let id = Ident {
                    name: name.to_string(),
                    span: Span::default(),
                    rid: self.new_ref(),
                };
                Pattern::new(Span::default(), crate::parser::ast::PatternKind::Ident(id))
            })
            .collect();
        let (body, _) = self.parse_body_statements()?;
        if !self.at(Tok::Eof) {
            return Err(self.unexpected());
        }
        Ok(Function::new(
            id,
            Span::new(0, self.src.len() as u32),
            FunctionKind::Module,
            FunctionName::Anonymous,
            None,
            params,
            None,
            FunctionBody::Block(body),
            self.ctx.strict,
            params_scope,
            body_scope,
        ))
    }

    /// `function name(params) { body }` as a statement; returns the declared name too.
    pub(super) fn parse_function_declaration(&mut self) -> PResult<(Ident, Function)> {
        let start = self.tok.start;
        self.bump()?;
        if self.at(Tok::Star) {
            return Err(ParseError::unsupported("generators are", start));
        }
        let binding = self.parse_binding_ident(false)?;
        let spec = FunctionSpec {
            start,
            kind: FunctionKind::Declaration,
            name: FunctionName::Static(JsString::from(&binding.name)),
            self_name: None,
            recheck_name: Some((binding.name.clone(), binding.span.start)),
            super_prop: false,
            super_call: false,
        };
        let func = self.parse_function_rest(spec)?;
        Ok((binding, func))
    }

    /// `function name?(params) { body }` as an expression.
    pub(super) fn parse_function_expression(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        if self.at(Tok::Star) {
            return Err(ParseError::unsupported("generators are", start));
        }
        let self_name = if self.at(Tok::Ident) {
            Some(self.parse_binding_ident(false)?)
        } else {
            None
        };
        let spec = FunctionSpec {
            start,
            kind: FunctionKind::Expression,
            name: self_name.as_ref().map_or(FunctionName::Anonymous, |id| {
                FunctionName::Static(JsString::from(&id.name))
            }),
            recheck_name: self_name
                .as_ref()
                .map(|id| (id.name.clone(), id.span.start)),
            self_name,
            super_prop: false,
            super_call: false,
        };
        let func = self.parse_function_rest(spec)?;
        self.mk_expr(self.span_from(start), ExprKind::Function(Box::new(func)))
    }

    /// A method, accessor or constructor: parameters and body after the key.
    pub(super) fn parse_method(
        &mut self,
        start: u32,
        kind: FunctionKind,
        name: FunctionName,
        super_call: bool,
    ) -> PResult<Function> {
        let spec = FunctionSpec {
            start,
            kind,
            name,
            self_name: None,
            recheck_name: None,
            super_prop: true,
            super_call,
        };
        self.parse_function_rest(spec)
    }

    /// Parameters and body of a non-arrow function.
    pub(super) fn parse_function_rest(&mut self, spec: FunctionSpec) -> PResult<Function> {
        self.enter()?;
        let id = self.new_func();
        let params_scope = self.new_scope();
        let body_scope = self.new_scope();
        let inner = FnCtx::new(self.ctx.strict, spec.super_prop, spec.super_call);
        let outer = std::mem::replace(&mut self.ctx, inner);
        let outer_no_in = std::mem::replace(&mut self.no_in, false);

        let open = self.tok.start;
        let (params, rest) = self.parse_formal_params()?;
        match spec.kind {
            FunctionKind::Getter if !params.is_empty() || rest.is_some() => {
                return Err(self.error_at(open, "Getter must not have any formal parameters."));
            }
            FunctionKind::Setter if rest.is_some() => {
                return Err(self.error_at(
                    open,
                    "Setter function argument must not be a rest parameter",
                ));
            }
            FunctionKind::Setter if params.len() != 1 => {
                return Err(self.error_at(open, "Setter must have exactly one formal parameter."));
            }
            _ => {}
        }
        self.expect(Tok::LBrace)?;
        let (body, directive) = self.parse_body_statements()?;
        self.expect(Tok::RBrace)?;
        let unique = !matches!(
            spec.kind,
            FunctionKind::Declaration | FunctionKind::Expression
        );
        self.check_params(&params, rest.as_ref(), directive, unique)?;
        if let (Some(_), Some((name, pos))) = (directive, &spec.recheck_name) {
            self.check_binding_name(name, *pos, false)?;
        }
        let strict = self.ctx.strict;
        self.ctx = outer;
        self.no_in = outer_no_in;
        self.leave();
        Ok(Function::new(
            id,
            self.span_from(spec.start),
            spec.kind,
            spec.name,
            spec.self_name,
            params,
            rest,
            FunctionBody::Block(body),
            strict,
            params_scope,
            body_scope,
        ))
    }

    /// `( params )`: binding elements, then an optional rest parameter.
    fn parse_formal_params(&mut self) -> PResult<(Vec<Pattern>, Option<Pattern>)> {
        self.expect(Tok::LParen)?;
        let mut params = Vec::new();
        let mut rest = None;
        while !self.at(Tok::RParen) {
            if self.eat(Tok::Ellipsis)? {
                rest = Some(self.parse_binding_target(false)?);
                if self.at(Tok::Assign) {
                    return Err(self.error_at(
                        self.tok.start,
                        "Rest parameter may not have a default initializer",
                    ));
                }
                if !self.at(Tok::RParen) {
                    return Err(self.error_at(
                        self.tok.start,
                        "Rest parameter must be last formal parameter",
                    ));
                }
                break;
            }
            params.push(self.parse_binding_element(false)?);
            if !self.at(Tok::RParen) {
                self.expect(Tok::Comma)?;
            }
        }
        self.bump()?;
        Ok((params, rest))
    }

    /// The checks on a parameter list that depend on the whole function: duplicates (allowed
    /// only in sloppy functions with simple parameters), and the consequences of a
    /// `'use strict'` directive at `directive`.
    pub(super) fn check_params(
        &self,
        params: &[Pattern],
        rest: Option<&Pattern>,
        directive: Option<u32>,
        unique: bool,
    ) -> PResult<()> {
        let simple = rest.is_none() && params.iter().all(|p| p.as_ident().is_some());
        if let Some(pos) = directive
            && !simple
        {
            return Err(self.error_at(
                pos,
                "Illegal 'use strict' directive in function with non-simple parameter list",
            ));
        }
        let mut names = Vec::new();
        for p in params.iter().chain(rest) {
            bound_names(p, &mut names);
        }
        if directive.is_some() {
            for id in &names {
                self.check_binding_name(&id.name, id.span.start, false)?;
            }
        }
        if self.ctx.strict || unique || !simple {
            let mut seen = HashSet::new();
            for id in &names {
                if !seen.insert(id.name.as_str()) {
                    return Err(self.error_at(
                        id.span.start,
                        "Duplicate parameter name not allowed in this context",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Statements up to the closing `}` (or the end of input), starting with the directive
    /// prologue. Returns the statements and the position of a `'use strict'` directive, which
    /// has made the current context strict.
    pub(super) fn parse_body_statements(&mut self) -> PResult<(Vec<Stmt>, Option<u32>)> {
        let mut body = Vec::new();
        let mut directive = None;
        let mut octal: Option<ParseError> = None;
        let mut prologue = true;
        while !self.at(Tok::RBrace) && !self.at(Tok::Eof) {
            if prologue && self.at(Tok::String) {
                let tok = self.tok.clone();
                let stmt = self.parse_statement_list_item()?;
                let is_directive = matches!(
                    &stmt.kind,
                    StmtKind::Expr(e) if matches!(e.kind, ExprKind::String(_)) && e.span == Span::new(tok.start, tok.end)
                );
                if is_directive {
                    let raw = self.text(&tok);
                    if raw == "'use strict'" || raw == "\"use strict\"" {
                        directive.get_or_insert(tok.start);
                        self.ctx.strict = true;
                        if let Some(err) = octal.take() {
                            return Err(err);
                        }
                    } else if let Some((message, pos)) = tok.strict_error {
                        octal.get_or_insert(ParseError::new(message, pos));
                    }
                } else {
                    prologue = false;
                }
                body.push(stmt);
                continue;
            }
            prologue = false;
            body.push(self.parse_statement_list_item()?);
        }
        Ok((body, directive))
    }

    /// Whether the current token is `function` (used to reject it in single-statement
    /// positions).
    pub(super) fn at_function(&self) -> bool {
        self.at_kw(Kw::Function)
    }
}
