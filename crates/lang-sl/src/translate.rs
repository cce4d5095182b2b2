//! Translation of the resolved AST into executable nodes, and registration of functions.
//!
//! Every function becomes a root node with a frame descriptor (one slot per local, parameters
//! first); each call of a function name becomes a constant of the canonical function object, so
//! redefinition is seen through the function's assumption rather than by re-translating.
//!
//! Translation recurses once per level of the AST, so every level first checks that the native
//! stack has room (see `load`); when it has not, translation gives up with [`StackShort`].

use std::rc::Rc;

use porcini::bigint::BigInt;
use porcini::call_target::{CallTarget, SourceSection};
use porcini::control::{BlockNode, BodyNode, IfNode, JumpNode, ReturnNode, WhileNode};
use porcini::instrument::StatementPosition;
use porcini::{FrameDescriptor, Operand, Runtime, SlotId, Value};

use crate::Sl;
use crate::load::{StackShort, stack_ok};
use crate::nodes::arith::{ArithNode, kind};
use crate::nodes::call::InvokeNode;
use crate::nodes::compare::{EqualNode, NotNode, OrderNode};
use crate::nodes::literal::{ConstNode, ReadArgNode};
use crate::nodes::local::{ReadLocalNode, WriteLocalNode};
use crate::nodes::logical::{LogicalNode, ToBooleanNode};
use crate::nodes::property::{Key, ReadPropertyNode, WritePropertyNode};
use crate::nodes::leaf::SlLeaf;
use crate::nodes::{Child, Loc, Node};
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
    /// Fails when the native stack has no room for another level.
    fn guard(&self) -> Result<(), StackShort> {
        if stack_ok(self.rt) { Ok(()) } else { Err(StackShort) }
    }
    fn block(&self, b: &Block) -> Result<BlockNode<Sl>, StackShort> {
        let stmts = b.stmts.iter().map(|s| self.stmt(s)).collect::<Result<_, _>>()?;
        Ok(BlockNode::with_positions(stmts, b.stmts.iter().map(|s| Some(position(s))).collect()))
    }
    fn stmt(&self, s: &Stmt) -> Result<Node, StackShort> {
        self.guard()?;
        Ok(match s {
            Stmt::Expr(e) => self.expr(e)?.into_node(),
            Stmt::While { cond, body, .. } => {
                Box::new(WhileNode::new(self.condition(cond)?, self.block(body)?))
            }
            Stmt::If { cond, then_block, else_block, .. } => {
                let else_block = match else_block {
                    Some(b) => Some(self.block(b)?),
                    None => None,
                };
                Box::new(IfNode::new(self.condition(cond)?, self.block(then_block)?, else_block))
            }
            Stmt::Break(_) => Box::new(JumpNode::break_()),
            Stmt::Continue(_) => Box::new(JumpNode::continue_()),
            Stmt::Return { value, .. } => Box::new(self.return_node(value.as_ref())?),
            Stmt::Debugger(_) => Box::new(BlockNode::<Sl>::new(Vec::new())),
        })
    }
    fn return_node(&self, value: Option<&Expr>) -> Result<ReturnNode<Sl>, StackShort> {
        self.guard()?;
        let value = match value {
            Some(e) => Some(self.expr(e)?.into_node()),
            None => None,
        };
        Ok(ReturnNode::new(value))
    }
    /// A condition: the expression, checked to be a boolean unless it cannot be anything else
    /// (comparisons and logical operators produce booleans or fail with their own errors).
    fn condition(&self, e: &Expr) -> Result<Node, StackShort> {
        Ok(if always_boolean(e) {
            self.expr(e)?.into_node()
        } else {
            Box::new(ToBooleanNode::new(self.expr(e)?, self.loc(e.span)))
        })
    }
    /// A leaf expression (one without subexpressions).
    #[inline(never)]
    fn leaf(&self, e: &Expr) -> Child {
        match &e.kind {
            ExprKind::Local(id) => {
                let name = self.names.get(id.0 as usize).cloned().unwrap_or_else(|| Rc::from(""));
                Operand::Leaf(SlLeaf::Local(ReadLocalNode::new(SlotId(id.0), name, self.loc(e.span))))
            }
            // Resolution leaves no unresolved names; should one survive, it means the function.
            ExprKind::Function(name) | ExprKind::Name(name) => {
                Operand::Leaf(SlLeaf::Const(ConstNode::new(Value::from_function(function_named(self.rt, name)))))
            }
            ExprKind::Str(s) => Operand::Leaf(SlLeaf::Const(ConstNode::new(self.rt.permanent_string(s.as_str())))),
            ExprKind::Num(digits) => Operand::Leaf(SlLeaf::Const(ConstNode::new(number_literal(self.rt, digits)))),
            _ => Operand::Leaf(SlLeaf::Const(ConstNode::new(Value::NULL))),
        }
    }
    /// A boxed node as a child.
    fn node(n: impl porcini::ExprNode<Sl>) -> Child {
        Operand::Node(Box::new(n))
    }
    fn key(&self, e: &Expr) -> Result<Key, StackShort> {
        Ok(match &e.kind {
            ExprKind::Str(s) => Key::Named(self.rt.interner.intern(s), s.as_str().into()),
            _ => Key::Computed(Box::new(self.expr(e)?)),
        })
    }
    /// Translates an expression. It recurses once per level of nesting, so it only dispatches:
    /// each kind of expression is built by a function of its own, and only the frames of the
    /// kinds actually nested take stack.
    fn expr(&self, e: &Expr) -> Result<Child, StackShort> {
        self.guard()?;
        match &e.kind {
            ExprKind::Binary { op, lhs, rhs } => self.binary(e, *op, lhs, rhs),
            ExprKind::And(l, r) => self.logical(e, true, l, r),
            ExprKind::Or(l, r) => self.logical(e, false, l, r),
            ExprKind::Local(_) | ExprKind::Function(_) | ExprKind::Name(_) | ExprKind::Str(_) | ExprKind::Num(_) => {
                Ok(self.leaf(e))
            }
            ExprKind::Paren(inner) | ExprKind::AssignName { value: inner, .. } => self.expr(inner),
            ExprKind::Call { callee, args } => self.call(callee, args),
            ExprKind::AssignLocal { local, value } => self.assign_local(SlotId(local.0), value),
            ExprKind::ReadProp { receiver, key } => self.read_prop(receiver, key),
            ExprKind::WriteProp { receiver, key, value } => self.write_prop(receiver, key, value),
        }
    }
    #[inline(never)]
    fn binary(&self, e: &Expr, op: BinOp, lhs: &Expr, rhs: &Expr) -> Result<Child, StackShort> {
        let (l, r) = (self.expr(lhs)?, self.expr(rhs)?);
        Ok(binary(op, l, r, self.loc(e.span)))
    }
    #[inline(never)]
    fn logical(&self, e: &Expr, and: bool, l: &Expr, r: &Expr) -> Result<Child, StackShort> {
        let (l, r) = (self.expr(l)?, self.expr(r)?);
        Ok(Self::node(LogicalNode::new(and, l, r, self.loc(e.span))))
    }
    #[inline(never)]
    fn call(&self, callee: &Expr, args: &[Expr]) -> Result<Child, StackShort> {
        let args = args.iter().map(|a| self.expr(a)).collect::<Result<_, _>>()?;
        Ok(match &callee.kind {
            ExprKind::Function(name) | ExprKind::Name(name) => {
                let f = Value::from_function(function_named(self.rt, name));
                Self::node(InvokeNode::with_function(Operand::Leaf(SlLeaf::Const(ConstNode::new(f))), f, args))
            }
            _ => Self::node(InvokeNode::new(self.expr(callee)?, args)),
        })
    }
    #[inline(never)]
    fn assign_local(&self, slot: SlotId, value: &Expr) -> Result<Child, StackShort> {
        Ok(Self::node(WriteLocalNode::new(slot, self.expr(value)?, self.descriptor.clone())))
    }
    #[inline(never)]
    fn read_prop(&self, receiver: &Expr, key: &Expr) -> Result<Child, StackShort> {
        Ok(Self::node(ReadPropertyNode::new(self.expr(receiver)?, self.key(key)?)))
    }
    #[inline(never)]
    fn write_prop(&self, receiver: &Expr, key: &Expr, value: &Expr) -> Result<Child, StackShort> {
        Ok(Self::node(WritePropertyNode::new(self.expr(receiver)?, self.key(key)?, self.expr(value)?)))
    }
}

/// The node of a binary operator applied to `l` and `r`.
#[inline(never)]
fn binary(op: BinOp, l: Child, r: Child, loc: Loc) -> Child {
    use Translator as T;
    match op {
        BinOp::Add => T::node(ArithNode::<kind::Add>::new(l, r, loc)),
        BinOp::Sub => T::node(ArithNode::<kind::Sub>::new(l, r, loc)),
        BinOp::Mul => T::node(ArithNode::<kind::Mul>::new(l, r, loc)),
        BinOp::Div => T::node(ArithNode::<kind::Div>::new(l, r, loc)),
        BinOp::Lt => T::node(OrderNode::<true>::new(l, r, loc)),
        BinOp::Le => T::node(OrderNode::<false>::new(l, r, loc)),
        BinOp::Gt => T::node(NotNode::new(T::node(OrderNode::<false>::new(l, r, loc)))),
        BinOp::Ge => T::node(NotNode::new(T::node(OrderNode::<true>::new(l, r, loc)))),
        BinOp::Eq => T::node(EqualNode::new(l, r)),
        BinOp::Ne => T::node(NotNode::new(T::node(EqualNode::new(l, r)))),
    }
}

/// True when `e` evaluates to a boolean whenever it completes normally.
fn always_boolean(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary { op, .. } => {
            matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne)
        }
        ExprKind::And(..) | ExprKind::Or(..) => true,
        ExprKind::Paren(inner) => always_boolean(inner),
        _ => false,
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
pub fn function_target(
    rt: &Runtime<Sl>,
    f: &Function,
    file: &Rc<str>,
    lines: &LineIndex,
) -> Result<Rc<CallTarget<Sl>>, StackShort> {
    let names: Vec<Rc<str>> = f.locals.iter().map(|l| Rc::from(l.name.as_str())).collect();
    // Parameters are the first locals (one per parameter, even for a repeated name, which
    // resolves to its last occurrence), so the call binds them in place: local `i` is argument `i`.
    let params = f.params.len();
    let in_place = f.params.iter().all(|p| (p.0 as usize) < params);
    let slot_names = f.locals.iter().map(|l| l.name.as_str().into()).collect();
    let descriptor = Rc::new(if in_place {
        FrameDescriptor::with_params(slot_names, params)
    } else {
        FrameDescriptor::new(slot_names)
    });
    let t = Translator { rt, file: file.clone(), descriptor: descriptor.clone(), names };
    // Should the resolver ever place parameters elsewhere, copy the arguments in instead.
    let copied = if in_place { &[][..] } else { &f.params[..] };
    let mut stmts: Vec<Node> = copied
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            let arg = Operand::Leaf(SlLeaf::Arg(ReadArgNode::new(i as u32)));
            Box::new(WriteLocalNode::new(SlotId(slot.0), arg, descriptor.clone())) as Node
        })
        .collect();
    // A final `return` becomes the body's tail return, which the root evaluates without an unwind.
    let (tail, leading) = match f.body.stmts.split_last() {
        Some((Stmt::Return { value, .. }, leading)) => (Some(value.as_ref()), leading),
        _ => (None, &f.body.stmts[..]),
    };
    // Copied parameters are the translator's, not statements of the source.
    let mut positions: Vec<Option<StatementPosition>> = vec![None; stmts.len()];
    for s in leading {
        stmts.push(t.stmt(s)?);
        positions.push(Some(position(s)));
    }
    let tail = match tail {
        Some(value) => Some(t.return_node(value)?),
        None => None,
    };
    if let Some(last) = f.body.stmts.last().filter(|_| tail.is_some()) {
        positions.push(Some(position(last)));
    }
    let body = BodyNode::new(stmts, tail).with_positions(positions);
    let section = SourceSection {
        name: file.clone(),
        start_line: f.span.line,
        end_line: lines.line_of(f.span.end.saturating_sub(1)).max(f.span.line),
        char_index: f.span.start,
        char_length: f.span.end.saturating_sub(f.span.start),
    };
    let root = porcini::control::FunctionRoot::new(f.name.as_str().into(), descriptor, body, Some(section));
    Ok(rt.create_call_target(Box::new(root)))
}

/// Registers every function of `program` (the textually last definition of a name wins) and
/// returns the target of its `main`, if it defines one. Should the native stack run short, no
/// function is registered.
pub fn register(
    rt: &Runtime<Sl>,
    program: &Program,
    file: &str,
    source: &str,
) -> Result<Option<Rc<CallTarget<Sl>>>, StackShort> {
    let file: Rc<str> = Rc::from(file);
    let lines = LineIndex::new(source);
    let targets =
        program.functions.iter().map(|f| function_target(rt, f, &file, &lines)).collect::<Result<Vec<_>, _>>()?;
    let mut main = None;
    for (f, target) in program.functions.iter().zip(targets) {
        function_named(rt, &f.name).set_target(target.id());
        if f.name == "main" {
            main = Some(target);
        }
    }
    Ok(main)
}

/// The lines of a source by character offset (spans count characters), for the last line of a
/// function's source section.
pub struct LineIndex {
    /// Character offsets of the line feeds, in order.
    feeds: Vec<u32>,
}

impl LineIndex {
    /// Indexes `source`.
    pub fn new(source: &str) -> LineIndex {
        let feeds = source.chars().enumerate().filter(|&(_, c)| c == '\n').map(|(i, _)| i as u32).collect();
        LineIndex { feeds }
    }
    /// The 1-based line of the character at offset `at`.
    pub fn line_of(&self, at: u32) -> u32 {
        self.feeds.partition_point(|&f| f < at) as u32 + 1
    }
}

/// Where statement `s` starts, for coverage.
fn position(s: &Stmt) -> StatementPosition {
    let span = match s {
        Stmt::Expr(e) => e.span,
        Stmt::While { span, .. } | Stmt::If { span, .. } | Stmt::Return { span, .. } => *span,
        Stmt::Break(span) | Stmt::Continue(span) | Stmt::Debugger(span) => *span,
    };
    StatementPosition { line: span.line, column: span.col }
}
