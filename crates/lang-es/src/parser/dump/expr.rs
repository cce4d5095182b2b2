//! Printing of expressions, patterns, functions and classes (see the parent module).

use std::fmt::Write;

use super::{Printer, method_name};
use crate::parser::ast::{
    Arg, ArrayElem, Class, ClassMemberKind, Expr, ExprKind, Function, FunctionBody, FunctionKind,
    MethodKind, Pattern, PatternKind, PropKey, PropKind, SuperProp,
};
use crate::parser::js_string::JsString;
use crate::parser::numeric::number_to_js_string;

impl Printer<'_> {
    pub(super) fn pattern(&mut self, p: &Pattern, write: bool) {
        match &p.kind {
            PatternKind::Ident(id) => self.name(&id.name, id.rid, write),
            PatternKind::Expr(e) => self.expr(e),
            PatternKind::Array { elems, rest } => {
                self.w("[");
                let mut first = true;
                for e in elems {
                    if !std::mem::take(&mut first) {
                        self.w(" ");
                    }
                    match e {
                        Some(e) => self.pattern(e, write),
                        None => self.w("<hole>"),
                    }
                }
                if let Some(r) = rest {
                    if !first {
                        self.w(" ");
                    }
                    self.w("...");
                    self.pattern(r, write);
                }
                self.w("]");
            }
            PatternKind::Object { props, rest } => {
                self.w("{");
                let mut first = true;
                for prop in props {
                    if !std::mem::take(&mut first) {
                        self.w(" ");
                    }
                    if !prop.shorthand {
                        self.key(&prop.key);
                        self.w(":");
                    }
                    self.pattern(&prop.value, write);
                }
                if let Some(r) = rest {
                    if !first {
                        self.w(" ");
                    }
                    self.w("...");
                    self.pattern(r, write);
                }
                self.w("}");
            }
            PatternKind::Default { target, default } => {
                self.w("(= ");
                self.pattern(target, write);
                self.w(" ");
                self.expr(default);
                self.w(")");
            }
        }
    }

    fn key(&mut self, key: &PropKey) {
        match key {
            PropKey::Static(s) => self.string_key(s),
            PropKey::Computed(e) => {
                self.w("[");
                self.expr(e);
                self.w("]");
            }
        }
    }

    /// A static key: bare if it looks like an identifier or a number, quoted otherwise.
    fn string_key(&mut self, s: &JsString) {
        match s.to_utf8() {
            Some(text)
                if !text.is_empty()
                    && text.chars().all(|c| {
                        c.is_alphanumeric()
                            || c == '_'
                            || c == '$'
                            || c == '.'
                            || c == '+'
                            || c == '-'
                    }) =>
            {
                self.w(&text)
            }
            _ => {
                s.write_quoted(&mut self.out).ok();
            }
        }
    }

    fn args(&mut self, args: &[Arg]) {
        for a in args {
            self.w(" ");
            match a {
                Arg::Expr(e) => self.expr(e),
                Arg::Spread(e) => {
                    self.w("...");
                    self.expr(e);
                }
            }
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Null => self.w("null"),
            ExprKind::Bool(b) => self.w(if *b { "true" } else { "false" }),
            ExprKind::Number(n) => self.w(&number_to_js_string(*n)),
            ExprKind::String(s) => {
                s.write_quoted(&mut self.out).ok();
            }
            ExprKind::Template(t) => {
                self.w("(template");
                for (i, q) in t.quasis.iter().enumerate() {
                    self.w(" ");
                    q.write_quoted(&mut self.out).ok();
                    if let Some(x) = t.exprs.get(i) {
                        self.w(" ");
                        self.expr(x);
                    }
                }
                self.w(")");
            }
            ExprKind::Ident(id) => self.name(&id.name, id.rid, false),
            ExprKind::This(rid) => self.name("this", *rid, false),
            ExprKind::Array(elems) => {
                self.w("[");
                for (i, el) in elems.iter().enumerate() {
                    if i > 0 {
                        self.w(" ");
                    }
                    match el {
                        ArrayElem::Hole => self.w("<hole>"),
                        ArrayElem::Expr(x) => self.expr(x),
                        ArrayElem::Spread(x) => {
                            self.w("...");
                            self.expr(x);
                        }
                    }
                }
                self.w("]");
            }
            ExprKind::Object(props) => {
                self.w("{");
                for (i, prop) in props.iter().enumerate() {
                    if i > 0 {
                        self.w(" ");
                    }
                    match &prop.kind {
                        PropKind::Value {
                            key,
                            value,
                            shorthand: true,
                        } if matches!(value.kind, ExprKind::Ident(_)) => {
                            let _ = key;
                            self.expr(value);
                        }
                        PropKind::Value { key, value, .. } => {
                            self.key(key);
                            self.w(":");
                            self.expr(value);
                        }
                        PropKind::Method { key, kind, func } => {
                            self.w(match kind {
                                MethodKind::Method => "(method ",
                                MethodKind::Get => "(get ",
                                MethodKind::Set => "(set ",
                            });
                            self.key(key);
                            self.function_rest(func, method_name(key, *kind));
                        }
                        PropKind::Spread(x) => {
                            self.w("...");
                            self.expr(x);
                        }
                    }
                }
                self.w("}");
            }
            ExprKind::Function(f) => {
                self.w(if f.kind == FunctionKind::Arrow {
                    "(arrow"
                } else {
                    "(function"
                });
                if let Some(id) = &f.self_name {
                    self.w(" ");
                    self.name(&id.name, id.rid, true);
                }
                self.function_rest(f, None);
            }
            ExprKind::Class(c) => {
                self.w("(class");
                if let Some(id) = &c.name {
                    self.w(" ");
                    self.name(&id.name, id.rid, true);
                }
                self.class_rest(c);
            }
            ExprKind::Unary(op, x) => {
                write!(self.out, "({} ", op.as_str()).ok();
                self.expr(x);
                self.w(")");
            }
            ExprKind::Update { op, prefix, target } => {
                write!(
                    self.out,
                    "({}{} ",
                    if *prefix { "pre" } else { "post" },
                    op.as_str()
                )
                .ok();
                match &target.kind {
                    ExprKind::Ident(id) => self.name(&id.name, id.rid, true),
                    _ => self.expr(target),
                }
                self.w(")");
            }
            ExprKind::Binary(op, a, b) => self.op2(op.as_str(), a, b),
            ExprKind::Logical(op, a, b) => self.op2(op.as_str(), a, b),
            ExprKind::Conditional { test, then, other } => {
                self.w("(? ");
                self.expr(test);
                self.w(" ");
                self.expr(then);
                self.w(" ");
                self.expr(other);
                self.w(")");
            }
            ExprKind::Assign { op, target, value } => {
                write!(self.out, "({} ", op.as_str()).ok();
                self.pattern(target, true);
                self.w(" ");
                self.expr(value);
                self.w(")");
            }
            ExprKind::Sequence(items) => {
                self.w("(,");
                for x in items {
                    self.w(" ");
                    self.expr(x);
                }
                self.w(")");
            }
            ExprKind::Member {
                object,
                property,
                optional,
            } => {
                self.w(if *optional { "(?. " } else { "(. " });
                self.expr(object);
                write!(self.out, " {property})").ok();
            }
            ExprKind::Index {
                object,
                index,
                optional,
            } => {
                self.w(if *optional { "(?.[] " } else { "([] " });
                self.expr(object);
                self.w(" ");
                self.expr(index);
                self.w(")");
            }
            ExprKind::SuperMember {
                property,
                home,
                this,
            } => {
                self.w("(super ");
                match property {
                    SuperProp::Name(n) => self.w(n),
                    SuperProp::Computed(x) => {
                        self.w("[");
                        self.expr(x);
                        self.w("]");
                    }
                }
                if self.res.is_some() {
                    self.w(" home");
                    self.annotate(*home, false);
                    self.w(" this");
                    self.annotate(*this, false);
                }
                self.w(")");
            }
            ExprKind::Call {
                callee,
                args,
                optional,
            } => {
                self.w(if *optional { "(?.call " } else { "(call " });
                self.expr(callee);
                self.args(args);
                self.w(")");
            }
            ExprKind::SuperCall {
                args,
                this,
                new_target,
                func,
            } => {
                self.w("(super-call");
                if self.res.is_some() {
                    self.w(" this");
                    self.annotate(*this, false);
                    self.w(" new.target");
                    self.annotate(*new_target, false);
                    self.w(" fn");
                    self.annotate(*func, false);
                    self.w(" :");
                }
                self.args(args);
                self.w(")");
            }
            ExprKind::New { callee, args } => {
                self.w("(new ");
                self.expr(callee);
                self.args(args);
                self.w(")");
            }
            ExprKind::OptionalChain(x) => {
                self.w("(chain ");
                self.expr(x);
                self.w(")");
            }
            ExprKind::Paren(x) => {
                self.w("(paren ");
                self.expr(x);
                self.w(")");
            }
        }
    }

    fn op2(&mut self, op: &str, a: &Expr, b: &Expr) {
        write!(self.out, "({op} ").ok();
        self.expr(a);
        self.w(" ");
        self.expr(b);
        self.w(")");
    }

    /// A function after its keyword and name: its `name` unless it is the `implied` one (the
    /// declared name or the method key), parameters and body, and the closing parenthesis.
    pub(super) fn function_rest(&mut self, f: &Function, implied: Option<String>) {
        let implied = implied.or_else(|| f.self_name.as_ref().map(|s| s.name.clone()));
        match &f.name {
            crate::parser::ast::FunctionName::Static(n)
                if implied.is_none_or(|i| n.to_utf8().as_deref() != Some(i.as_str())) =>
            {
                self.w(" #");
                n.write_quoted(&mut self.out).ok();
            }
            crate::parser::ast::FunctionName::Computed { prefix } => {
                write!(self.out, " #[{prefix}computed]").ok();
            }
            _ => {}
        }
        self.w(" (");
        for (i, p) in f.params.iter().enumerate() {
            if i > 0 {
                self.w(" ");
            }
            self.pattern(p, true);
        }
        if let Some(r) = &f.rest {
            if !f.params.is_empty() {
                self.w(" ");
            }
            self.w("...");
            self.pattern(r, true);
        }
        self.w(")");
        match &f.body {
            FunctionBody::Block(stmts) => self.stmts(stmts),
            FunctionBody::Expr(e) => {
                self.w(" ");
                self.expr(e);
            }
        }
        self.w(")");
    }

    pub(super) fn class_rest(&mut self, c: &Class) {
        if c.name.is_none()
            && let crate::parser::ast::FunctionName::Static(n) = &c.constructor.name
        {
            self.w(" #");
            n.write_quoted(&mut self.out).ok();
        }
        if let Some(x) = &c.extends {
            self.w(" (extends ");
            self.expr(x);
            self.w(")");
        }
        self.indent += 1;
        if !matches!(
            c.constructor.kind,
            FunctionKind::Constructor {
                synthetic: true,
                ..
            }
        ) {
            self.newline();
            self.w("(constructor");
            // The constructor's name is the class's, shown on the class already.
            let class_name = match &c.constructor.name {
                crate::parser::ast::FunctionName::Static(n) => n.to_utf8(),
                _ => None,
            };
            self.function_rest(&c.constructor, class_name);
        }
        for m in &c.members {
            self.newline();
            self.w("(");
            if m.is_static {
                self.w("static ");
            }
            match &m.kind {
                ClassMemberKind::Method { kind, func } => {
                    self.w(match kind {
                        MethodKind::Method => "method ",
                        MethodKind::Get => "get ",
                        MethodKind::Set => "set ",
                    });
                    self.key(&m.key);
                    self.function_rest(func, method_name(&m.key, *kind));
                }
                ClassMemberKind::Field { value } => {
                    self.w("field ");
                    self.key(&m.key);
                    if let Some(v) = value {
                        self.w(" ");
                        self.expr(v);
                    }
                    self.w(")");
                }
            }
        }
        self.indent -= 1;
        self.w(")");
    }
}
