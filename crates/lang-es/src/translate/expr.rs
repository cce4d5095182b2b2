//! Translating expressions. Operators map to their nodes one to one; what JavaScript defines
//! as a read, an operation and a write of the same reference (`x += v`, `o[k]++`, `a.b ??= v`)
//! evaluates the reference's object and key once into translator temporaries.

use std::rc::Rc;

use porcini::{Operand, Value};

use super::{FnCx, Translator};
use crate::nodes::leaf::EsLeaf;
use crate::nodes::{Child, Node};
use crate::nodes::arith::{AddNode, BitNode, NumNode, UnaryNum, UnaryNumNode, bit, num};
use crate::nodes::call::{ArgNode, CallNode, Callee, NewNode};
use crate::nodes::each::{EachParts, EachSite};
use crate::nodes::class::{ClassMember, ClassNode, DefineFieldNode, MemberKind, SuperGetNode, SuperSetNode};
use crate::nodes::super_call::SuperCallNode;
use crate::nodes::compare::{EqualsNode, RelNode, rel};
use crate::nodes::function::{ClosureNode, ReceiverNode};
use crate::nodes::literal::{ArrayNode, ConstNode, ElementNode, ObjectNode, PropDef, TemplateNode};
use crate::nodes::logic::{ChainNode, ConditionalNode, LogicalNode, LogicalOp, NullishBreakNode, RelationNode, SequenceNode, TruthyNode, TypeofNode, VoidNode};
use crate::nodes::property::{GetNode, PropKey, SetNode};
use crate::nodes::variable::{Place, ReadVarNode, TypeofGlobalNode, WriteMode, WriteVarNode};
use crate::parser::ast::{
    self, Arg, ArrayElem, AssignOp, BinaryOp, Class, ClassMemberKind, Expr, ExprKind, Ident, MethodKind, PatternKind, PropKind,
    SuperProp, UnaryOp, UpdateOp,
};
use crate::parser::{AssignMode, JsString, Location, RefId, Span, SyntaxError};
use crate::runtime::{Key, UNDEFINED, number};

/// A reference that is read and then written: a variable, or an object's property (whose
/// object and computed key were evaluated into temporaries).
enum Reference {
    Var { place: Place, name: Rc<str>, mode: WriteMode, tdz: bool, span: Span },
    Member { object: porcini::SlotId, key: RefKey, span: Span },
    Super { home: RefId, this: RefId, key: RefKey, span: Span },
}

/// A reference's key: a constant, or a temporary holding the evaluated key.
#[derive(Clone, Copy)]
enum RefKey {
    Static(Key),
    Temp(porcini::SlotId),
}

impl Reference {
    /// The temporaries the reference's prelude fills: its object's and its computed key's.
    fn temps(&self) -> Vec<porcini::SlotId> {
        let key = |k: &RefKey| match k {
            RefKey::Temp(slot) => Some(*slot),
            RefKey::Static(_) => None,
        };
        match self {
            Reference::Var { .. } => Vec::new(),
            Reference::Member { object, key: k, .. } => std::iter::once(*object).chain(key(k)).collect(),
            Reference::Super { key: k, .. } => key(k).into_iter().collect(),
        }
    }
}

impl Translator<'_> {
    /// Translates an expression whose value is used.
    pub(crate) fn expr(&mut self, cx: &mut FnCx, e: &Expr) -> Result<Node, SyntaxError> {
        Ok(match &e.kind {
            ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::String(_) => self.operand(cx, e)?.into_node(),
            ExprKind::Template(t) => {
                let quasis: Rc<[Rc<[u16]>]> = t.quasis.iter().map(|q| Rc::from(q.units())).collect();
                let exprs = t.exprs.iter().map(|x| self.expr(cx, x)).collect::<Result<Vec<_>, _>>()?;
                Box::new(TemplateNode::new(quasis, exprs))
            }
            ExprKind::Ident(id) => self.read_ident(cx, id)?.into_node(),
            ExprKind::This(rid) => self.read_special(cx, *rid, "this", e.span)?,
            ExprKind::Array(elems) => {
                let mut out = Vec::with_capacity(elems.len());
                for el in elems {
                    out.push(match el {
                        ArrayElem::Hole => ElementNode::Hole,
                        ArrayElem::Expr(x) => ElementNode::Value(ArgNode::Plain(self.expr(cx, x)?)),
                        ArrayElem::Spread(x) => ElementNode::Value(ArgNode::Spread(self.expr(cx, x)?)),
                    });
                }
                Box::new(ArrayNode::new(out, self.loc(e.span)))
            }
            ExprKind::Object(props) => self.object(cx, props)?,
            ExprKind::Function(f) => {
                let spec = self.function(f)?;
                let env = self.current_env(cx);
                Box::new(ClosureNode::new(spec, env))
            }
            ExprKind::Class(c) => self.class(cx, c)?,
            ExprKind::Unary(op, x) => match op {
                UnaryOp::Minus => Box::new(UnaryNumNode::new(UnaryNum::Neg, self.expr(cx, x)?)),
                UnaryOp::Plus => Box::new(UnaryNumNode::new(UnaryNum::Plus, self.expr(cx, x)?)),
                UnaryOp::BitNot => Box::new(UnaryNumNode::new(UnaryNum::BitNot, self.expr(cx, x)?)),
                UnaryOp::Not => Box::new(TruthyNode::new(self.expr(cx, x)?, true)),
                UnaryOp::Void => Box::new(VoidNode::new(self.expr(cx, x)?)),
                UnaryOp::Typeof => match &x.unparenthesized().kind {
                    ExprKind::Ident(id) if self.res().resolved(id.rid).location == Location::Global => {
                        // `typeof undeclared` is "undefined", not a ReferenceError.
                        self.place(cx, Location::Global, &id.name, id.span)?;
                        Box::new(TypeofGlobalNode::new(self.rt().interner.intern(&id.name)))
                    }
                    _ => Box::new(TypeofNode::new(self.expr(cx, x)?)),
                },
            },
            ExprKind::Update { op, prefix, target } => self.update(cx, *op, *prefix, target, true)?,
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.operand(cx, a)?, self.operand(cx, b)?);
                self.binary(*op, a, b, e.span)
            }
            ExprKind::Logical(op, a, b) => Box::new(LogicalNode::new(logical(*op), self.expr(cx, a)?, self.expr(cx, b)?)),
            ExprKind::Conditional { test, then, other } => {
                Box::new(ConditionalNode::new(self.expr(cx, test)?, self.expr(cx, then)?, self.expr(cx, other)?))
            }
            ExprKind::Assign { op, target, value } => self.assign(cx, *op, target, value, e.span)?,
            ExprKind::Sequence(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, x) in items.iter().enumerate() {
                    out.push(if i + 1 < items.len() { self.effect(cx, x)? } else { self.expr(cx, x)? });
                }
                Box::new(SequenceNode::new(out))
            }
            ExprKind::Member { object, property, optional } => {
                let o = self.object_of(cx, object, *optional)?;
                Box::new(GetNode::new(o, PropKey::Static(Key::named(self.rt(), property)), self.loc(e.span)))
            }
            ExprKind::Index { object, index, optional } => {
                let o = self.object_of(cx, object, *optional)?;
                let k = self.key_of(cx, index)?;
                Box::new(GetNode::new(o, k, self.loc(e.span)))
            }
            ExprKind::SuperMember { property, home, this } => {
                let key = match property {
                    SuperProp::Name(n) => PropKey::Static(Key::named(self.rt(), n)),
                    SuperProp::Computed(k) => PropKey::Computed(self.operand(cx, k)?),
                };
                let home = self.read_special(cx, *home, "%home", e.span)?;
                let this = self.read_special(cx, *this, "this", e.span)?;
                Box::new(SuperGetNode::new(home, this, key, self.loc(e.span)))
            }
            ExprKind::Call { callee, args, optional } => self.call(cx, callee, args, *optional, e.span)?,
            ExprKind::SuperCall { args, this, new_target, func } => {
                let func = self.read_special(cx, *func, "%fn", e.span)?;
                let nt = self.read_special(cx, *new_target, "%newtarget", e.span)?;
                let args = self.args(cx, args)?;
                let r = self.res().resolved(*this);
                let place = self.place(cx, r.location, "this", e.span)?;
                let this_read = Box::new(ReadVarNode::new(place.clone(), "this".into(), false, self.loc(e.span)));
                let this_write = WriteVarNode::new(place, konst(UNDEFINED), "this".into(), WriteMode::Init, false, true, self.loc(e.span));
                Box::new(SuperCallNode::new(func, nt, args, this_read, this_write, self.loc(e.span)))
            }
            ExprKind::New { callee, args } => {
                let c = self.expr(cx, callee)?;
                let args = self.args(cx, args)?;
                Box::new(NewNode::new(c, args, self.text(callee.span).into(), self.loc(e.span)))
            }
            ExprKind::OptionalChain(x) => {
                let label = cx.label();
                let outer = cx.chain.replace(label);
                let body = self.expr(cx, x);
                cx.chain = outer;
                let result = cx.temp("%chain");
                Box::new(ChainNode::new(body?, label, result))
            }
            ExprKind::Paren(x) => self.expr(cx, x)?,
        })
    }

    /// Translates an expression whose value is not used (a statement's, a `for` update's):
    /// `i++` is then `++i`, with no old value to keep.
    pub(crate) fn effect(&mut self, cx: &mut FnCx, e: &Expr) -> Result<Node, SyntaxError> {
        match &e.kind {
            ExprKind::Update { op, target, .. } => self.update(cx, *op, true, target, false),
            ExprKind::Paren(x) => self.effect(cx, x),
            _ => self.expr(cx, e),
        }
    }

    /// An operator's operand: a variable read or a constant kept inline in the operator (see
    /// [`crate::nodes::leaf`]), anything else as its own node.
    pub(crate) fn operand(&mut self, cx: &mut FnCx, e: &Expr) -> Result<Child, SyntaxError> {
        if let Some(v) = self.literal(e) {
            return Ok(const_leaf(v));
        }
        match &e.kind {
            ExprKind::Ident(id) => self.read_ident(cx, id),
            ExprKind::This(rid) => self.special_operand(cx, *rid, "this", e.span),
            ExprKind::Paren(x) => self.operand(cx, x),
            _ => Ok(Operand::Node(self.expr(cx, e)?)),
        }
    }

    /// The value of a `null`, boolean, number or string literal.
    fn literal(&self, e: &Expr) -> Option<Value> {
        Some(match &e.kind {
            ExprKind::Null => Value::NULL,
            ExprKind::Bool(b) => Value::from_bool(*b),
            ExprKind::Number(x) if written_as_fraction(self.text(e.span)) => Value::from_f64(*x),
            ExprKind::Number(x) => number(*x),
            ExprKind::String(s) => self.string(s.units()),
            _ => return None,
        })
    }

    /// Reads a name.
    fn read_ident(&mut self, cx: &mut FnCx, id: &Ident) -> Result<Child, SyntaxError> {
        let r = *self.res().resolved(id.rid);
        if r.location == Location::Global {
            // The global object's constants cannot be written or deleted.
            let constant = match id.name.as_str() {
                "undefined" => Some(UNDEFINED),
                "NaN" => Some(Value::from_f64(f64::NAN)),
                "Infinity" => Some(Value::from_f64(f64::INFINITY)),
                _ => None,
            };
            if let Some(v) = constant {
                return Ok(const_leaf(v));
            }
        }
        let place = self.place(cx, r.location, &id.name, id.span)?;
        Ok(var_leaf(ReadVarNode::new(place, id.name.as_str().into(), r.tdz, self.loc(id.span))))
    }

    /// Reads `this` or one of the other special bindings an occurrence refers to.
    fn read_special(&mut self, cx: &mut FnCx, rid: RefId, name: &str, span: Span) -> Result<Node, SyntaxError> {
        self.special_operand(cx, rid, name, span).map(Operand::into_node)
    }
    /// [`Self::read_special`] as an operand: a read of the binding is a leaf.
    fn special_operand(&mut self, cx: &mut FnCx, rid: RefId, name: &str, span: Span) -> Result<Child, SyntaxError> {
        let r = *self.res().resolved(rid);
        if r.binding.is_none() {
            return Ok(Operand::Node(Box::new(ReceiverNode::new(cx.strict))));
        }
        let place = self.place(cx, r.location, name, span)?;
        Ok(var_leaf(ReadVarNode::new(place, name.into(), r.tdz, self.loc(span))))
    }

    /// The object of a member expression; in an optional chain, `a?.b` ends the chain when
    /// `a` is nullish.
    fn object_of(&mut self, cx: &mut FnCx, object: &Expr, optional: bool) -> Result<Child, SyntaxError> {
        Ok(match (optional, cx.chain) {
            (true, Some(label)) => Operand::Node(Box::new(NullishBreakNode::new(self.expr(cx, object)?, label))),
            _ => self.operand(cx, object)?,
        })
    }

    /// The key of `o[index]`: a constant key when the index is a literal.
    fn key_of(&mut self, cx: &mut FnCx, index: &Expr) -> Result<PropKey, SyntaxError> {
        Ok(match &index.unparenthesized().kind {
            ExprKind::String(s) => PropKey::Static(self.static_key(s)),
            ExprKind::Number(x) => match Key::of_primitive(self.rt(), number(*x)) {
                Some(k) => PropKey::Static(k),
                None => PropKey::Computed(self.operand(cx, index)?),
            },
            _ => PropKey::Computed(self.operand(cx, index)?),
        })
    }

    /// The key a literal property name stands for.
    pub(crate) fn static_key(&self, s: &JsString) -> Key {
        let v = self.string(s.units());
        Key::of_primitive(self.rt(), v).expect("a string is a key")
    }

    /// A class or object member's key.
    fn member_key(&mut self, cx: &mut FnCx, key: &ast::PropKey) -> Result<PropKey, SyntaxError> {
        Ok(match key {
            ast::PropKey::Static(s) => PropKey::Static(self.static_key(s)),
            ast::PropKey::Computed(e) => PropKey::Computed(self.operand(cx, e)?),
        })
    }

    /// A binary operator's node.
    fn binary(&self, op: BinaryOp, a: Child, b: Child, span: Span) -> Node {
        match op {
            BinaryOp::Add => Box::new(AddNode::new(a, b)),
            BinaryOp::Sub => Box::new(NumNode::<num::Sub>::new(a, b)),
            BinaryOp::Mul => Box::new(NumNode::<num::Mul>::new(a, b)),
            BinaryOp::Div => Box::new(NumNode::<num::Div>::new(a, b)),
            BinaryOp::Rem => Box::new(NumNode::<num::Rem>::new(a, b)),
            BinaryOp::Exp => Box::new(NumNode::<num::Exp>::new(a, b)),
            BinaryOp::Shl => Box::new(BitNode::<bit::Shl>::new(a, b)),
            BinaryOp::Shr => Box::new(BitNode::<bit::Sar>::new(a, b)),
            BinaryOp::UShr => Box::new(BitNode::<bit::Shr>::new(a, b)),
            BinaryOp::BitAnd => Box::new(BitNode::<bit::And>::new(a, b)),
            BinaryOp::BitOr => Box::new(BitNode::<bit::Or>::new(a, b)),
            BinaryOp::BitXor => Box::new(BitNode::<bit::Xor>::new(a, b)),
            BinaryOp::Lt => Box::new(RelNode::<rel::Lt>::new(a, b)),
            BinaryOp::Gt => Box::new(RelNode::<rel::Gt>::new(a, b)),
            BinaryOp::LtEq => Box::new(RelNode::<rel::Le>::new(a, b)),
            BinaryOp::GtEq => Box::new(RelNode::<rel::Ge>::new(a, b)),
            BinaryOp::Eq => Box::new(EqualsNode::new(a, b, false, false)),
            BinaryOp::NotEq => Box::new(EqualsNode::new(a, b, false, true)),
            BinaryOp::StrictEq => Box::new(EqualsNode::new(a, b, true, false)),
            BinaryOp::StrictNotEq => Box::new(EqualsNode::new(a, b, true, true)),
            BinaryOp::In => Box::new(RelationNode::new(a.into_node(), b.into_node(), false, self.loc(span))),
            BinaryOp::Instanceof => Box::new(RelationNode::new(a.into_node(), b.into_node(), true, self.loc(span))),
        }
    }

    /// A call's arguments.
    fn args(&mut self, cx: &mut FnCx, args: &[Arg]) -> Result<Vec<ArgNode>, SyntaxError> {
        args.iter()
            .map(|a| {
                Ok(match a {
                    Arg::Expr(x) => ArgNode::Plain(self.expr(cx, x)?),
                    Arg::Spread(x) => ArgNode::Spread(self.expr(cx, x)?),
                })
            })
            .collect()
    }

    /// A call: of a method (the object is the receiver), of `super.name`, or of any value.
    fn call(&mut self, cx: &mut FnCx, callee: &Expr, args: &[Arg], optional: bool, span: Span) -> Result<Node, SyntaxError> {
        let c = match &callee.kind {
            ExprKind::Member { object, property, optional: o } => {
                let obj = self.object_of(cx, object, *o)?.into_node();
                Callee::Member(obj, PropKey::Static(Key::named(self.rt(), property)))
            }
            ExprKind::Index { object, index, optional: o } => {
                let obj = self.object_of(cx, object, *o)?.into_node();
                let k = self.key_of(cx, index)?;
                Callee::Member(obj, k)
            }
            ExprKind::SuperMember { property, home, this } => {
                let home = self.read_special(cx, *home, "%home", callee.span)?;
                let this = self.read_special(cx, *this, "this", callee.span)?;
                let key = match property {
                    SuperProp::Name(n) => PropKey::Static(Key::named(self.rt(), n)),
                    SuperProp::Computed(k) => PropKey::Computed(self.operand(cx, k)?),
                };
                Callee::Super { home, this, key }
            }
            _ => Callee::Value(self.expr(cx, callee)?),
        };
        let each = match (&callee.kind, args) {
            (ExprKind::Member { property, .. }, [Arg::Expr(_)]) if property == "forEach" => Some(self.each_site(cx, span)),
            _ => None,
        };
        let args = self.args(cx, args)?;
        let label = if optional { cx.chain } else { None };
        let call = CallNode::new(c, args, self.text(callee.span).into(), self.loc(span)).optional(label);
        Ok(Box::new(match each {
            Some(each) => call.with_each(each),
            None => call,
        }))
    }

    /// The loop a `receiver.forEach(callback)` site runs when it calls the builtin on an array
    /// (`crate::nodes::each`), over temporaries of its own.
    fn each_site(&mut self, cx: &mut FnCx, span: Span) -> EachSite {
        let (array, callback, index, length) = (cx.temp("%array"), cx.temp("%callback"), cx.temp("%index"), cx.temp("%length"));
        let loc = self.loc(span);
        let element = Box::new(GetNode::new(self.temp_operand(array), PropKey::Computed(self.temp_operand(index)), loc.clone()));
        let args = vec![ArgNode::Plain(element), ArgNode::Plain(self.read_temp(index)), ArgNode::Plain(self.read_temp(array))];
        EachSite::new(EachParts {
            array,
            callback,
            index,
            length,
            test: Box::new(RelNode::<rel::Lt>::new(self.temp_operand(index), self.temp_operand(length))),
            call: Box::new(CallNode::new(Callee::Value(self.read_temp(callback)), args, "callback".into(), loc.clone())),
            step: self.write_temp(index, Box::new(AddNode::new(self.temp_operand(index), const_leaf(Value::from_i64(1))))),
            read_array: self.read_temp(array),
            read_index: self.read_temp(index),
            loc,
        })
    }

    /// An object literal.
    fn object(&mut self, cx: &mut FnCx, props: &[ast::Prop]) -> Result<Node, SyntaxError> {
        let mut out = Vec::with_capacity(props.len());
        for p in props {
            out.push(match &p.kind {
                PropKind::Value { key, value, .. } => {
                    let k = self.member_key(cx, key)?;
                    PropDef::Value(k, self.expr(cx, value)?)
                }
                PropKind::Method { key, kind, func } => {
                    let k = self.member_key(cx, key)?;
                    let spec = self.function(func)?;
                    match kind {
                        MethodKind::Method => PropDef::Method(k, spec),
                        MethodKind::Get => PropDef::Getter(k, spec),
                        MethodKind::Set => PropDef::Setter(k, spec),
                    }
                }
                PropKind::Spread(x) => PropDef::Spread(self.expr(cx, x)?),
            });
        }
        let env = self.current_env(cx);
        Ok(Box::new(ObjectNode::new(out, env)))
    }

    /// A class definition: its scope (holding its inner name) entered around the heritage and
    /// the members.
    pub(crate) fn class(&mut self, cx: &mut FnCx, c: &Class) -> Result<Node, SyntaxError> {
        let mut pre = Vec::new();
        self.enter_scope(cx, c.scope, &mut pre)?;
        let r = self.class_in_scope(cx, c);
        self.leave_scope(cx);
        let class = r?;
        if pre.is_empty() {
            return Ok(class);
        }
        pre.push(class);
        Ok(Box::new(SequenceNode::new(pre)))
    }

    fn class_in_scope(&mut self, cx: &mut FnCx, c: &Class) -> Result<Node, SyntaxError> {
        let heritage = match &c.extends {
            Some(x) => Some(self.expr(cx, x)?),
            None => None,
        };
        if c.instance_fields.is_none() {
            self.fieldless.insert(c.constructor.id);
        }
        let ctor = self.function(&c.constructor)?;
        let mut members = Vec::new();
        for m in &c.members {
            let ClassMemberKind::Method { kind, func } = &m.kind else {
                if let ast::PropKey::Computed(_) = m.key {
                    return Err(self.error(m.span, "computed class field names are not supported in EasyScript".into()));
                }
                continue;
            };
            let key = self.member_key(cx, &m.key)?;
            let spec = self.function(func)?;
            let kind = match kind {
                MethodKind::Method => MemberKind::Method(spec),
                MethodKind::Get => MemberKind::Getter(spec),
                MethodKind::Set => MemberKind::Setter(spec),
            };
            members.push(ClassMember { is_static: m.is_static, key, kind });
        }
        let mut fields = [None, None];
        for (i, (init, is_static)) in [(c.instance_fields, false), (c.static_fields, true)].into_iter().enumerate() {
            let Some(init) = init else { continue };
            let spec = self.field_initializer(init.func, init.scope, c.span, &mut |t, fcx| {
                let mut out = Vec::new();
                for m in c.members.iter().filter(|m| m.is_static == is_static) {
                    let ClassMemberKind::Field { value } = &m.kind else { continue };
                    let ast::PropKey::Static(name) = &m.key else { continue };
                    let key = t.static_key(name);
                    let value = match value {
                        Some(v) => t.expr(fcx, v)?,
                        None => konst(UNDEFINED),
                    };
                    let this = t.this_read(fcx, m.span)?;
                    out.push(Box::new(DefineFieldNode::new(this, key, value, t.loc(m.span))) as Node);
                }
                Ok(out)
            })?;
            fields[i] = Some(spec);
        }
        let env = self.current_env(cx);
        let inner = match &c.name {
            Some(name) => {
                let r = *self.res().resolved(name.rid);
                let place = self.place(cx, r.location, &name.name, name.span)?;
                Some(WriteVarNode::new(place, konst(UNDEFINED), name.name.as_str().into(), WriteMode::Init, false, true, self.loc(name.span)))
            }
            None => None,
        };
        let [instance_fields, static_fields] = fields;
        Ok(Box::new(ClassNode::new(heritage, ctor, members, instance_fields, static_fields, env, inner, self.loc(c.span))))
    }

    /// `target op= value` and `target = value`.
    fn assign(&mut self, cx: &mut FnCx, op: AssignOp, target: &ast::Pattern, value: &Expr, span: Span) -> Result<Node, SyntaxError> {
        if op == AssignOp::Assign {
            return match &target.kind {
                PatternKind::Expr(x) if is_member(x) => {
                    let v = self.operand(cx, value)?;
                    self.assign_member(cx, x, v)
                }
                _ => {
                    let v = self.expr(cx, value)?;
                    self.bind_pattern(cx, target, v, false)
                }
            };
        }
        let (pre, reference) = self.reference(cx, target)?;
        let node = match op {
            AssignOp::Assign => {
                let v = self.expr(cx, value)?;
                self.write_ref(cx, &reference, v)?
            }
            AssignOp::Binary(b) => {
                // `k += i` reads `k` as an inline leaf, as `k + i` would.
                let old = self.read_ref(cx, &reference)?;
                let v = self.operand(cx, value)?;
                let new = self.binary(b, old, v, span);
                self.write_ref(cx, &reference, new)?
            }
            AssignOp::Logical(l) => {
                let old = self.read_ref(cx, &reference)?.into_node();
                let v = self.expr(cx, value)?;
                let write = self.write_ref(cx, &reference, v)?;
                Box::new(LogicalNode::new(logical(l), old, write))
            }
        };
        Ok(with_prelude(pre, node, reference.temps()))
    }

    /// `++x`, `x--` and the like; without `keep`, the value is not used.
    fn update(&mut self, cx: &mut FnCx, op: UpdateOp, prefix: bool, target: &Expr, keep: bool) -> Result<Node, SyntaxError> {
        let pattern = ast::Pattern::new(target.span, match &target.unparenthesized().kind {
            ExprKind::Ident(id) => PatternKind::Ident(id.clone()),
            _ => PatternKind::Expr(Box::new(target.clone())),
        });
        let (mut pre, reference) = self.reference(cx, &pattern)?;
        let mut temps = reference.temps();
        // `x - (-1)` is ToNumber(x) + 1 exactly, in one numeric node.
        let delta = konst(Value::from_i64(if op == UpdateOp::Inc { -1 } else { 1 }));
        let node = if prefix || !keep {
            let old = self.read_ref(cx, &reference)?.into_node();
            self.write_ref(cx, &reference, Box::new(NumNode::<num::Sub>::new(old, delta)))?
        } else {
            let kept = cx.temp("%old");
            temps.push(kept);
            let old = self.read_ref(cx, &reference)?.into_node();
            pre.push(self.write_temp(kept, Box::new(UnaryNumNode::new(UnaryNum::Plus, old))));
            let new = Box::new(NumNode::<num::Sub>::new(self.read_temp(kept), delta));
            pre.push(self.write_ref(cx, &reference, new)?);
            self.read_temp(kept)
        };
        Ok(with_prelude(pre, node, temps))
    }

    /// The reference an assignment or update target names, with the nodes that evaluate its
    /// object and key into temporaries.
    fn reference(&mut self, cx: &mut FnCx, target: &ast::Pattern) -> Result<(Vec<Node>, Reference), SyntaxError> {
        let x = match &target.kind {
            PatternKind::Ident(id) => return Ok((Vec::new(), self.var_reference(cx, id)?)),
            PatternKind::Expr(x) => x.unparenthesized(),
            _ => return Err(self.error(target.span, "Invalid left-hand side in assignment".into())),
        };
        let mut pre = Vec::new();
        let key_temp = |t: &mut Self, cx: &mut FnCx, k: &Expr, pre: &mut Vec<Node>| -> Result<RefKey, SyntaxError> {
            Ok(match t.key_of(cx, k)? {
                PropKey::Static(k) => RefKey::Static(k),
                PropKey::Computed(n) => {
                    let slot = cx.temp("%key");
                    pre.push(t.write_temp(slot, n.into_node()));
                    RefKey::Temp(slot)
                }
            })
        };
        let reference = match &x.kind {
            ExprKind::Ident(id) => self.var_reference(cx, id)?,
            ExprKind::Member { object, property, .. } => {
                let slot = cx.temp("%object");
                let o = self.expr(cx, object)?;
                pre.push(self.write_temp(slot, o));
                Reference::Member { object: slot, key: RefKey::Static(Key::named(self.rt(), property)), span: x.span }
            }
            ExprKind::Index { object, index, .. } => {
                let slot = cx.temp("%object");
                let o = self.expr(cx, object)?;
                pre.push(self.write_temp(slot, o));
                let key = key_temp(self, cx, index, &mut pre)?;
                Reference::Member { object: slot, key, span: x.span }
            }
            ExprKind::SuperMember { property, home, this } => {
                let key = match property {
                    SuperProp::Name(n) => RefKey::Static(Key::named(self.rt(), n)),
                    SuperProp::Computed(k) => key_temp(self, cx, k, &mut pre)?,
                };
                Reference::Super { home: *home, this: *this, key, span: x.span }
            }
            _ => return Err(self.error(target.span, "Invalid left-hand side in assignment".into())),
        };
        Ok((pre, reference))
    }

    fn var_reference(&mut self, cx: &mut FnCx, id: &Ident) -> Result<Reference, SyntaxError> {
        let r = *self.res().resolved(id.rid);
        let place = self.place(cx, r.location, &id.name, id.span)?;
        Ok(Reference::Var { place, name: id.name.as_str().into(), mode: write_mode(r.assign, false), tdz: r.tdz, span: id.span })
    }

    fn ref_key(&self, key: RefKey) -> PropKey {
        match key {
            RefKey::Static(k) => PropKey::Static(k),
            RefKey::Temp(slot) => PropKey::Computed(self.temp_operand(slot)),
        }
    }

    /// Reads a reference's current value; a variable's read is a leaf.
    fn read_ref(&mut self, cx: &mut FnCx, r: &Reference) -> Result<Child, SyntaxError> {
        Ok(match r {
            Reference::Var { place, name, tdz, span, .. } => {
                var_leaf(ReadVarNode::new(place.clone(), name.clone(), *tdz, self.loc(*span)))
            }
            Reference::Member { object, key, span } => {
                Operand::Node(Box::new(GetNode::new(self.read_temp(*object), self.ref_key(*key), self.loc(*span))))
            }
            Reference::Super { home, this, key, span } => {
                let h = self.read_special(cx, *home, "%home", *span)?;
                let t = self.read_special(cx, *this, "this", *span)?;
                Operand::Node(Box::new(SuperGetNode::new(h, t, self.ref_key(*key), self.loc(*span))))
            }
        })
    }

    fn write_ref(&mut self, cx: &mut FnCx, r: &Reference, value: Node) -> Result<Node, SyntaxError> {
        Ok(match r {
            Reference::Var { place, name, mode, tdz, span } => {
                Box::new(WriteVarNode::new(place.clone(), value, name.clone(), *mode, *tdz, cx.strict, self.loc(*span)))
            }
            Reference::Member { object, key, span } => {
                Box::new(SetNode::new(self.read_temp(*object), self.ref_key(*key), value, cx.strict, self.loc(*span)))
            }
            Reference::Super { home, this, key, span } => {
                let h = self.read_special(cx, *home, "%home", *span)?;
                let t = self.read_special(cx, *this, "this", *span)?;
                Box::new(SuperSetNode::new(h, t, self.ref_key(*key), value, self.loc(*span)))
            }
        })
    }

    /// Assigns `value` to a member expression target (`o.k = v`, `o[k] = v`, `super.k = v`).
    pub(crate) fn assign_member(&mut self, cx: &mut FnCx, target: &Expr, value: Child) -> Result<Node, SyntaxError> {
        let loc = self.loc(target.span);
        Ok(match &target.unparenthesized().kind {
            ExprKind::Member { object, property, .. } => {
                let o = self.operand(cx, object)?;
                Box::new(SetNode::new(o, PropKey::Static(Key::named(self.rt(), property)), value, cx.strict, loc))
            }
            ExprKind::Index { object, index, .. } => {
                let o = self.operand(cx, object)?;
                let k = self.key_of(cx, index)?;
                Box::new(SetNode::new(o, k, value, cx.strict, loc))
            }
            ExprKind::SuperMember { property, home, this } => {
                let key = match property {
                    SuperProp::Name(n) => PropKey::Static(Key::named(self.rt(), n)),
                    SuperProp::Computed(k) => PropKey::Computed(self.operand(cx, k)?),
                };
                let h = self.read_special(cx, *home, "%home", target.span)?;
                let t = self.read_special(cx, *this, "this", target.span)?;
                Box::new(SuperSetNode::new(h, t, key, value.into_node(), loc))
            }
            _ => return Err(self.error(target.span, "Invalid left-hand side in assignment".into())),
        })
    }
}

/// How a write through an occurrence treats its binding.
pub(crate) fn write_mode(assign: AssignMode, init: bool) -> WriteMode {
    if init {
        return WriteMode::Init;
    }
    match assign {
        AssignMode::Mutable => WriteMode::Assign,
        AssignMode::ConstError => WriteMode::Const,
        AssignMode::Ignore => WriteMode::Ignore,
    }
}

fn logical(op: ast::LogicalOp) -> LogicalOp {
    match op {
        ast::LogicalOp::And => LogicalOp::And,
        ast::LogicalOp::Or => LogicalOp::Or,
        ast::LogicalOp::Coalesce => LogicalOp::Coalesce,
    }
}

/// Whether an assignment target is a property reference.
pub(crate) fn is_member(x: &Expr) -> bool {
    matches!(x.unparenthesized().kind, ExprKind::Member { .. } | ExprKind::Index { .. } | ExprKind::SuperMember { .. })
}

pub(crate) fn konst(v: Value) -> Node {
    Box::new(ConstNode::new(v))
}

/// A constant as an inline operand.
fn const_leaf(v: Value) -> Child {
    Operand::Leaf(EsLeaf::Const(ConstNode::new(v)))
}

/// Whether a number literal is written with a fraction or an exponent (`0.0`, `1e3`): its value
/// is then a double even when it is an integer. JavaScript has one number type, so nothing a
/// program can observe changes; but a program that writes `0.0` computes with fractions, and an
/// integral start (a body at rest at `0.0`, an accumulator) would otherwise make every operator
/// it meets specialize on integers and doubles both, converting and selecting on every use.
fn written_as_fraction(text: &str) -> bool {
    let radix = text.len() > 1 && text.starts_with('0') && text[1..].starts_with(|c: char| c.is_ascii_alphabetic());
    !radix && text.contains(['.', 'e', 'E'])
}

/// A variable read as an inline operand.
pub(crate) fn var_leaf(read: ReadVarNode) -> Child {
    Operand::Leaf(EsLeaf::Var(read))
}

/// `node` after the nodes that evaluate its reference's parts, then the temporaries those
/// filled released (see [`SequenceNode::releasing`]).
fn with_prelude(mut pre: Vec<Node>, node: Node, temps: Vec<porcini::SlotId>) -> Node {
    if pre.is_empty() && temps.is_empty() {
        return node;
    }
    pre.push(node);
    Box::new(SequenceNode::new(pre).releasing(temps))
}
