//! Object literals and property keys.
//!
//! An object literal may turn out to be an object pattern (`({a, b = 1} = o)`), so its values
//! are parsed as covers, and two constructs that are only errors in a literal are reported
//! through `cover_error`: the shorthand with initializer `{a = 1}`, and `__proto__: value`
//! (which would set the prototype, a feature EasyScript does not support; in a pattern it is an
//! ordinary property name).

use crate::parser::ast::{
    AssignOp, Expr, ExprKind, FunctionKind, FunctionName, MethodKind, Pattern, PatternKind, Prop,
    PropKey, PropKind,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::numeric::number_to_js_string;
use crate::parser::token::{Tok, TokenValue};

use super::Parser;
use super::function::infer_name;

impl Parser<'_> {
    /// `{ properties }`.
    pub(super) fn parse_object_literal(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        let props = self.with_in(|p| {
            let mut props = Vec::new();
            while !p.at(Tok::RBrace) {
                props.push(p.parse_object_property(start)?);
                if !p.at(Tok::RBrace) {
                    p.expect(Tok::Comma)?;
                }
            }
            p.bump()?;
            Ok(props)
        })?;
        self.mk_expr(self.span_from(start), ExprKind::Object(props))
    }

    /// Whether the token after the current one can start a property name, on the same line if
    /// `same_line` is required.
    pub(super) fn next_is_property_name(&self, same_line: bool) -> PResult<bool> {
        let next = self.peek()?;
        let starts = matches!(
            next.kind,
            Tok::Ident
                | Tok::Kw(_)
                | Tok::String
                | Tok::Number
                | Tok::LBracket
                | Tok::PrivateName
                | Tok::Star
        );
        Ok(starts && !(same_line && next.nl_before))
    }

    fn parse_object_property(&mut self, object_start: u32) -> PResult<Prop> {
        let start = self.tok.start;
        if self.at(Tok::Ellipsis) {
            self.bump()?;
            let e = self.parse_assignment_cover()?;
            if self.at(Tok::Comma) {
                self.rest_not_last.entry(object_start).or_insert(start);
            }
            return Ok(Prop {
                span: self.span_from(start),
                kind: PropKind::Spread(e),
            });
        }
        if self.at(Tok::Star) {
            return Err(ParseError::unsupported("generators are", start));
        }
        if self.at_ident("async") && self.next_is_property_name(true)? {
            return Err(ParseError::unsupported("async functions are", start));
        }
        if (self.at_ident("get") || self.at_ident("set")) && self.next_is_property_name(false)? {
            let (kind, prefix, fkind) = if self.at_ident("get") {
                (MethodKind::Get, "get ", FunctionKind::Getter)
            } else {
                (MethodKind::Set, "set ", FunctionKind::Setter)
            };
            self.bump()?;
            if self.at(Tok::Star) {
                return Err(self.unexpected());
            }
            let key = self.parse_property_key()?;
            let name = method_name(&key, prefix);
            let func = self.parse_method(start, fkind, name, false)?;
            return Ok(Prop {
                span: self.span_from(start),
                kind: PropKind::Method {
                    key,
                    kind,
                    func: Box::new(func),
                },
            });
        }
        let key_tok = self.tok.clone();
        let key = self.parse_property_key()?;
        match self.tok.kind {
            Tok::LParen => {
                let name = method_name(&key, "");
                let func = self.parse_method(start, FunctionKind::Method, name, false)?;
                Ok(Prop {
                    span: self.span_from(start),
                    kind: PropKind::Method {
                        key,
                        kind: MethodKind::Method,
                        func: Box::new(func),
                    },
                })
            }
            Tok::Colon => {
                self.bump()?;
                let mut value = self.parse_assignment_cover()?;
                if key.is_static("__proto__") && self.cover_error.is_none() {
                    self.cover_error = Some(ParseError::unsupported(
                        "'__proto__: value' in object literals is",
                        start,
                    ));
                }
                infer_name(&mut value, method_name(&key, ""));
                Ok(Prop {
                    span: self.span_from(start),
                    kind: PropKind::Value {
                        key,
                        value,
                        shorthand: false,
                    },
                })
            }
            _ => {
                // A shorthand property: the key must have been an identifier reference.
                if key_tok.kind != Tok::Ident {
                    return Err(self.unexpected_token(&key_tok));
                }
                let name = self.text(&key_tok);
                self.check_identifier(name, key_tok.start)?;
                let id = self.ident_from(&key_tok);
                let id_expr = self.mk_expr(id.span, ExprKind::Ident(id.clone()))?;
                let value = if self.at(Tok::Assign) {
                    // `{a = 1}` is only valid if the literal becomes a pattern.
                    if self.cover_error.is_none() {
                        self.cover_error =
                            Some(self.error_at(start, "Invalid shorthand property initializer"));
                    }
                    self.bump()?;
                    let mut default = self.parse_assignment()?;
                    infer_name(&mut default, FunctionName::Static(JsString::from(&id.name)));
                    let target = Pattern::new(id.span, PatternKind::Ident(id));
                    self.mk_expr(
                        self.span_from(start),
                        ExprKind::Assign {
                            op: AssignOp::Assign,
                            target: Box::new(target),
                            value: Box::new(default),
                        },
                    )?
                } else {
                    id_expr
                };
                Ok(Prop {
                    span: self.span_from(start),
                    kind: PropKind::Value {
                        key,
                        value,
                        shorthand: true,
                    },
                })
            }
        }
    }

    /// A property name: an identifier name, a string, a number or `[expression]`.
    pub(super) fn parse_property_key(&mut self) -> PResult<PropKey> {
        match self.tok.kind {
            Tok::Ident | Tok::Kw(_) => {
                let tok = self.bump()?;
                Ok(PropKey::Static(JsString::from(self.text(&tok))))
            }
            Tok::String => {
                let tok = self.bump()?;
                self.check_strict_literal(&tok)?;
                match tok.value {
                    TokenValue::String(s) => Ok(PropKey::Static(s)),
                    _ => Err(self.unexpected_token(&tok)),
                }
            }
            Tok::Number => {
                let tok = self.bump()?;
                self.check_strict_literal(&tok)?;
                Ok(PropKey::Static(JsString::from(&number_to_js_string(
                    Self::number_value(&tok),
                ))))
            }
            Tok::LBracket => {
                self.bump()?;
                let e = self.with_in(|p| p.parse_assignment())?;
                self.expect(Tok::RBracket)?;
                Ok(PropKey::Computed(Box::new(e)))
            }
            Tok::PrivateName => Err(ParseError::unsupported(
                "private class members (#names) are",
                self.tok.start,
            )),
            _ => Err(self.unexpected()),
        }
    }
}

/// The `name` of a method or accessor with the given key.
pub(super) fn method_name(key: &PropKey, prefix: &'static str) -> FunctionName {
    match key {
        PropKey::Static(s) => {
            let mut name = JsString::from(prefix);
            for &u in s.units() {
                name.push_unit(u);
            }
            FunctionName::Static(name)
        }
        PropKey::Computed(_) => FunctionName::Computed { prefix },
    }
}
