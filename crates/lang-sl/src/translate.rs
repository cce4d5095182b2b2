//! Translation of the resolved AST into executable nodes, and registration of functions.
//!
//! Every function becomes a root node with a frame descriptor (one slot per local, parameters
//! first); each call of a function name becomes a constant of the canonical function object, so
//! redefinition is seen through the function's assumption rather than by re-translating.

use std::rc::Rc;

use porcini::bigint::BigInt;
use porcini::call_target::CallTarget;
use porcini::control::{BlockNode, IfNode, JumpNode, ReturnNode, WhileNode};
use porcini::{FrameDescriptor, Runtime, SlotId, Value};

use crate::Sl;
use crate::nodes::arith::{ArithNode, ArithOp};
use crate::nodes::call::InvokeNode;
use crate::nodes::compare::{EqualNode, NotNode, OrderNode};
use crate::nodes::literal::{ConstNode, ReadArgNode};
use crate::nodes::local::{ReadLocalNode, WriteLocalNode};
use crate::nodes::logical::{LogicalNode, ToBooleanNode};
use crate::nodes::property::{Key, ReadPropertyNode, WritePropertyNode};
use crate::nodes::root::FunctionRoot;
use crate::nodes::{Child, Loc};
use crate::parser::{BinOp, Block, Expr, ExprKind, Function, Program, Span, Stmt};
use crate::runtime::state::function_named;

struct Translator<'a> {
    rt: &'a Runtime<Sl>,
    file: Rc<str>,
    descriptor: Rc<FrameDescriptor>,
    names: Vec<Rc<str>>,
}

impl Translator<'_> {
    fn loc(&self, span: Span) -> Loc {
        Loc { file: self.file.clone(), line: span.line, col: span.col }
    }
    fn block(&self, b: &Block) -> BlockNode<Sl> {
        BlockNode::new(b.stmts.iter().map(|s| self.stmt(s)).collect())
    }
    fn stmt(&self, s: &Stmt) -> Child {
        match s {
            Stmt::Expr(e) => self.expr(e),
            Stmt::While { cond, body, .. } => Box::new(WhileNode::new(self.condition(cond), Box::new(self.block(body)))),
            Stmt::If { cond, then_block, else_block, .. } => Box::new(IfNode::new(
                self.condition(cond),
                Box::new(self.block(then_block)),
                else_block.as_ref().map(|b| Box::new(self.block(b)) as Child),
            )),
            Stmt::Break(_) => Box::new(JumpNode::break_()),
            Stmt::Continue(_) => Box::new(JumpNode::continue_()),
            Stmt::Return { value, .. } => Box::new(ReturnNode::new(value.as_ref().map(|e| self.expr(e)))),
            Stmt::Debugger(_) => Box::new(BlockNode::<Sl>::new(Vec::new())),
        }
    }
    fn condition(&self, e: &Expr) -> Child {
        Box::new(ToBooleanNode::new(self.expr(e), self.loc(e.span)))
    }
    fn key(&self, e: &Expr) -> Key {
        match &e.kind {
            ExprKind::Str(s) => Key::Named(self.rt.interner.intern(s), s.as_str().into()),
            _ => Key::Computed(self.expr(e)),
        }
    }
    fn expr(&self, e: &Expr) -> Child {
        match &e.kind {
            ExprKind::Binary { op, lhs, rhs } => {
                let (l, r, loc) = (self.expr(lhs), self.expr(rhs), self.loc(e.span));
                match op {
                    BinOp::Add => Box::new(ArithNode::new(ArithOp::Add, l, r, loc)),
                    BinOp::Sub => Box::new(ArithNode::new(ArithOp::Sub, l, r, loc)),
                    BinOp::Mul => Box::new(ArithNode::new(ArithOp::Mul, l, r, loc)),
                    BinOp::Div => Box::new(ArithNode::new(ArithOp::Div, l, r, loc)),
                    BinOp::Lt => Box::new(OrderNode::new(true, l, r, loc)),
                    BinOp::Le => Box::new(OrderNode::new(false, l, r, loc)),
                    BinOp::Gt => Box::new(NotNode::new(Box::new(OrderNode::new(false, l, r, loc)))),
                    BinOp::Ge => Box::new(NotNode::new(Box::new(OrderNode::new(true, l, r, loc)))),
                    BinOp::Eq => Box::new(EqualNode::new(l, r)),
                    BinOp::Ne => Box::new(NotNode::new(Box::new(EqualNode::new(l, r)))),
                }
            }
            ExprKind::And(l, r) => Box::new(LogicalNode::new(true, self.expr(l), self.expr(r), self.loc(e.span))),
            ExprKind::Or(l, r) => Box::new(LogicalNode::new(false, self.expr(l), self.expr(r), self.loc(e.span))),
            ExprKind::Local(id) => {
                let name = self.names.get(id.0 as usize).cloned().unwrap_or_else(|| Rc::from(""));
                Box::new(ReadLocalNode::new(SlotId(id.0), name, self.loc(e.span)))
            }
            // Resolution leaves no unresolved names; should one survive, it means the function.
            ExprKind::Function(name) | ExprKind::Name(name) => Box::new(ConstNode::new(Value::from_function(function_named(self.rt, name)))),
            ExprKind::Str(s) => Box::new(ConstNode::new(self.rt.permanent_string(s.as_str()))),
            ExprKind::Num(digits) => Box::new(ConstNode::new(number_literal(self.rt, digits))),
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Call { callee, args } => {
                Box::new(InvokeNode::new(self.expr(callee), args.iter().map(|a| self.expr(a)).collect()))
            }
            ExprKind::AssignLocal { local, value } => {
                Box::new(WriteLocalNode::new(SlotId(local.0), self.expr(value), self.descriptor.clone()))
            }
            ExprKind::AssignName { value, .. } => self.expr(value),
            ExprKind::ReadProp { receiver, key } => Box::new(ReadPropertyNode::new(self.expr(receiver), self.key(key))),
            ExprKind::WriteProp { receiver, key, value } => {
                Box::new(WritePropertyNode::new(self.expr(receiver), self.key(key), self.expr(value)))
            }
        }
    }
}

fn number_literal(rt: &Runtime<Sl>, digits: &str) -> Value {
    if let Ok(i) = digits.parse::<i64>() {
        return Value::from_i64(i);
    }
    match BigInt::parse_decimal(digits) {
        Some(b) => Value::from_bigint(rt.heap.alloc_permanent(b)),
        None => Value::NULL,
    }
}

/// Builds the call target of one parsed function.
pub fn function_target(rt: &Runtime<Sl>, f: &Function, file: &Rc<str>) -> Rc<CallTarget<Sl>> {
    let names: Vec<Rc<str>> = f.locals.iter().map(|l| Rc::from(l.name.as_str())).collect();
    let descriptor = Rc::new(FrameDescriptor::new(f.locals.iter().map(|l| l.name.as_str().into()).collect()));
    let t = Translator { rt, file: file.clone(), descriptor: descriptor.clone(), names };
    let mut stmts: Vec<Child> = f
        .params
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            Box::new(WriteLocalNode::new(SlotId(slot.0), Box::new(ReadArgNode::new(i as u32)), descriptor.clone()))
                as Child
        })
        .collect();
    stmts.extend(f.body.stmts.iter().map(|s| t.stmt(s)));
    let root = FunctionRoot::new(&f.name, descriptor, BlockNode::new(stmts), format!("{}:{}", file, f.span.line));
    rt.create_call_target(Box::new(root))
}

/// Registers every function of `program` (the textually last definition of a name wins) and
/// returns the target of its `main`, if it defines one.
pub fn register(rt: &Runtime<Sl>, program: &Program, file: &str) -> Option<Rc<CallTarget<Sl>>> {
    let file: Rc<str> = Rc::from(file);
    let mut main = None;
    for f in &program.functions {
        let target = function_target(rt, f, &file);
        function_named(rt, &f.name).set_target(target.id());
        if f.name == "main" {
            main = Some(target);
        }
    }
    main
}
