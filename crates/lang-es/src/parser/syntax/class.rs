//! Classes: declarations and expressions, with constructors, methods, accessors, static
//! members and fields.
//!
//! All of a class is strict code. Field initializers are parsed in the context of the class's
//! synthetic field-initializer function (`this` and `super.x` allowed, `super()` not), whose id
//! is allocated when the first field of its kind (instance or static) appears. A class without
//! a constructor gets a synthetic one, so every class has a constructor node to resolve.

use crate::parser::ast::{
    Class, ClassMember, ClassMemberKind, Expr, ExprKind, FieldInit, Function, FunctionBody,
    FunctionKind, FunctionName, Ident, MethodKind, PropKey,
};
use crate::parser::error::{PResult, ParseError};
use crate::parser::js_string::JsString;
use crate::parser::token::{Kw, Tok};

use super::function::infer_name;
use super::object::method_name;
use super::{FnCtx, Parser};

impl Parser<'_> {
    /// `class Name ... { ... }` as a statement; returns the outer binding too.
    pub(super) fn parse_class_declaration(&mut self) -> PResult<(Ident, Class)> {
        let start = self.tok.start;
        self.bump()?;
        let outer_strict = std::mem::replace(&mut self.ctx.strict, true);
        let binding = self.parse_binding_ident(true)?;
        let inner = Ident {
            rid: self.new_ref(),
            ..binding.clone()
        };
        let class = self.parse_class_tail(start, Some(inner))?;
        self.ctx.strict = outer_strict;
        Ok((binding, class))
    }

    /// `class Name? ... { ... }` as an expression.
    pub(super) fn parse_class_expression(&mut self) -> PResult<Expr> {
        let start = self.tok.start;
        self.bump()?;
        let outer_strict = std::mem::replace(&mut self.ctx.strict, true);
        let name = if self.at(Tok::Ident) {
            Some(self.parse_binding_ident(true)?)
        } else {
            None
        };
        let class = self.parse_class_tail(start, name)?;
        self.ctx.strict = outer_strict;
        self.mk_expr(self.span_from(start), ExprKind::Class(Box::new(class)))
    }

    /// The heritage and body of a class.
    fn parse_class_tail(&mut self, start: u32, name: Option<Ident>) -> PResult<Class> {
        self.enter()?;
        let scope = self.new_scope();
        let extends = if self.eat(Tok::Kw(Kw::Extends))? {
            self.enter()?;
            let e = self.parse_call_member(None)?;
            self.leave();
            Some(Box::new(e))
        } else {
            None
        };
        let derived = extends.is_some();
        let class_name = name.as_ref().map_or(FunctionName::Anonymous, |id| {
            FunctionName::Static(JsString::from(&id.name))
        });
        self.expect(Tok::LBrace)?;
        let mut body = ClassBody {
            constructor: None,
            members: Vec::new(),
            instance_fields: None,
            static_fields: None,
        };
        while !self.at(Tok::RBrace) {
            if self.eat(Tok::Semi)? {
                continue;
            }
            self.parse_class_member(&mut body, derived, &class_name)?;
        }
        self.bump()?;
        let span = self.span_from(start);
        let constructor = match body.constructor {
            Some(c) => c,
            None => {
                let id = self.new_func();
                let params_scope = self.new_scope();
                let body_scope = self.new_scope();
                Function::new(
                    id,
                    span,
                    FunctionKind::Constructor {
                        derived,
                        synthetic: true,
                    },
                    class_name,
                    None,
                    Vec::new(),
                    None,
                    FunctionBody::Block(Vec::new()),
                    true,
                    params_scope,
                    body_scope,
                )
            }
        };
        self.leave();
        Ok(Class::new(
            span,
            name,
            extends,
            Box::new(constructor),
            body.members,
            scope,
            body.instance_fields,
            body.static_fields,
        ))
    }

    fn parse_class_member(
        &mut self,
        body: &mut ClassBody,
        derived: bool,
        class_name: &FunctionName,
    ) -> PResult<()> {
        let start = self.tok.start;
        let mut is_static = false;
        if self.at_ident("static") {
            let next = self.peek()?;
            if next.kind == Tok::LBrace {
                return Err(ParseError::unsupported("class static blocks are", start));
            }
            if self.next_is_property_name(false)? {
                self.bump()?;
                is_static = true;
            }
        }
        if self.at(Tok::Star) {
            return Err(ParseError::unsupported("generators are", self.tok.start));
        }
        if self.at_ident("async") && self.next_is_property_name(true)? {
            return Err(ParseError::unsupported(
                "async functions are",
                self.tok.start,
            ));
        }
        let mut accessor = None;
        if (self.at_ident("get") || self.at_ident("set")) && self.next_is_property_name(false)? {
            accessor = Some(if self.at_ident("get") {
                MethodKind::Get
            } else {
                MethodKind::Set
            });
            self.bump()?;
            if self.at(Tok::Star) {
                return Err(self.unexpected());
            }
        }
        let key_tok = self.tok.clone();
        let key = self.parse_property_key()?;
        let computed = matches!(key, PropKey::Computed(_));
        let named = |name: &str| !computed && key.is_static(name);
        if is_static && named("prototype") {
            return Err(self.error_at(
                key_tok.start,
                "Classes may not have a static property named 'prototype'",
            ));
        }
        if self.at(Tok::LParen) {
            if !is_static && named("constructor") {
                if accessor.is_some() {
                    return Err(
                        self.error_at(key_tok.start, "Class constructor may not be an accessor")
                    );
                }
                if body.constructor.is_some() {
                    return Err(
                        self.error_at(key_tok.start, "A class may only have one constructor")
                    );
                }
                let kind = FunctionKind::Constructor {
                    derived,
                    synthetic: false,
                };
                body.constructor =
                    Some(self.parse_method(start, kind, class_name.clone(), derived)?);
                return Ok(());
            }
            let (kind, fkind, prefix) = match accessor {
                None => (MethodKind::Method, FunctionKind::Method, ""),
                Some(MethodKind::Get) => (MethodKind::Get, FunctionKind::Getter, "get "),
                Some(_) => (MethodKind::Set, FunctionKind::Setter, "set "),
            };
            let func = self.parse_method(start, fkind, method_name(&key, prefix), false)?;
            body.members.push(ClassMember {
                span: self.span_from(start),
                is_static,
                key,
                kind: ClassMemberKind::Method {
                    kind,
                    func: Box::new(func),
                },
            });
            return Ok(());
        }
        if accessor.is_some() {
            return Err(self.unexpected());
        }
        if named("constructor") {
            return Err(self.error_at(
                key_tok.start,
                "Classes may not have a field named 'constructor'",
            ));
        }
        let slot = if is_static {
            &mut body.static_fields
        } else {
            &mut body.instance_fields
        };
        if slot.is_none() {
            *slot = Some(FieldInit {
                func: self.new_func(),
                scope: self.new_scope(),
            });
        }
        let value = if self.eat(Tok::Assign)? {
            let outer = std::mem::replace(&mut self.ctx, FnCtx::new(true, true, false));
            let mut value = self.with_in(|p| p.parse_assignment())?;
            self.ctx = outer;
            infer_name(&mut value, method_name(&key, ""));
            Some(value)
        } else {
            None
        };
        self.semicolon()?;
        body.members.push(ClassMember {
            span: self.span_from(start),
            is_static,
            key,
            kind: ClassMemberKind::Field { value },
        });
        Ok(())
    }
}

/// The parts of a class body collected while parsing it.
struct ClassBody {
    constructor: Option<Function>,
    members: Vec<ClassMember>,
    instance_fields: Option<FieldInit>,
    static_fields: Option<FieldInit>,
}
