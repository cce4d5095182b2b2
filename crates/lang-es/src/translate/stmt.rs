//! Translating statements: blocks and their scopes, declarations, the loops (`for` with its
//! per-iteration environments, `for-of`, `do-while` as a loop whose step tests), `switch`,
//! labels, `return`, `throw` and `try`.

use porcini::control::{BlockNode, BreakableNode, IfNode, JumpNode, ReturnNode, TryNode, WhileNode};
use porcini::instrument::StatementPosition;
use porcini::{Label, Value};

use super::{FnCx, Translator};
use crate::nodes::Node;
use crate::nodes::literal::ConstNode;
use crate::nodes::logic::{SequenceNode, TruthyNode};
use crate::nodes::statement::{CaughtNode, DerivedResultNode, ForOfNextNode, IterableNode, SwitchNode, ThrowNode};
use crate::nodes::variable::{CopyEnvNode, EnterEnvNode, Place, ReadVarNode, WriteMode, WriteVarNode};
use crate::parser::ast::{BinaryOp, Block, Expr, ExprKind, ForInit, ForOfLeft, Stmt, StmtKind, UnaryOp, VarDecl, VarKind};
use crate::parser::{PerIteration, ScopeId, SyntaxError};
use crate::runtime::UNDEFINED;

impl Translator<'_> {
    /// The nodes of a statement list (in the current scope).
    pub(crate) fn statements(&mut self, cx: &mut FnCx, stmts: &[Stmt]) -> Result<Vec<Node>, SyntaxError> {
        let mut out = Vec::with_capacity(stmts.len());
        for s in stmts {
            self.statement(cx, s, &mut out)?;
        }
        Ok(out)
    }

    /// A block: its scope entered, its statements, its scope left.
    pub(crate) fn block(&mut self, cx: &mut FnCx, b: &Block) -> Result<Vec<Node>, SyntaxError> {
        let mut out = Vec::new();
        self.enter_scope(cx, b.scope, &mut out)?;
        let body = self.statements(cx, &b.body);
        let exit = self.scope_exit(cx, b.scope);
        self.leave_scope(cx);
        out.extend(body?);
        out.extend(exit);
        Ok(out)
    }

    /// A statement used as a loop's body or an arm of an `if`, as a block.
    fn body(&mut self, cx: &mut FnCx, s: &Stmt) -> Result<BlockNode<crate::Es>, SyntaxError> {
        let mut out = Vec::new();
        self.statement(cx, s, &mut out)?;
        Ok(self.block_node(out))
    }

    /// Appends the nodes of statement `s` to `out` (a block's, inline), and records where they
    /// start for coverage (nodes of statements nested in a plain block keep their own).
    fn statement(&mut self, cx: &mut FnCx, s: &Stmt, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        let before = out.len();
        let r = self.statement_nodes(cx, s, out);
        let (line, column) = self.module.line_index.line_col(s.span.start);
        for n in out.iter().skip(before) {
            self.positions.entry(porcini::node::node_addr(&**n)).or_insert(StatementPosition { line, column });
        }
        r
    }

    fn statement_nodes(&mut self, cx: &mut FnCx, s: &Stmt, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        // The labels written before this statement: a loop answers to them, any other
        // statement is left by a `break` naming them.
        let mut labels = std::mem::take(&mut cx.pending_labels);
        let node: Node = match &s.kind {
            StmtKind::Expr(e) => self.effect(cx, e)?,
            StmtKind::Var(decl) => {
                // (Labels on a declaration have nothing a `break` could leave.)
                return self.declaration(cx, decl, out);
            }
            // Hoisted: created when the scope was entered.
            StmtKind::Function { .. } | StmtKind::Empty | StmtKind::Debugger => return Ok(()),
            StmtKind::Class { binding, class } => {
                let value = self.class(cx, class)?;
                let r = self.res().resolved(binding.rid);
                let place = self.place(cx, r.location, &binding.name, binding.span)?;
                self.init(cx, place, value, &binding.name, binding.span)
            }
            StmtKind::Block(b) => {
                let stmts = self.block(cx, b)?;
                if labels.is_empty() {
                    out.extend(stmts);
                    return Ok(());
                }
                Box::new(self.block_node(stmts))
            }
            StmtKind::If { test, then, other } => {
                let test = self.condition(cx, test)?;
                let then = self.body(cx, then)?;
                let other = match other {
                    Some(o) => Some(self.body(cx, o)?),
                    None => None,
                };
                Box::new(IfNode::new(test, then, other))
            }
            StmtKind::While { test, body } => {
                let test = self.condition(cx, test)?;
                let body = self.body(cx, body)?;
                out.push(Box::new(WhileNode::new(test, body).with_labels(labels)));
                return Ok(());
            }
            StmtKind::DoWhile { body, test } => {
                // A loop whose condition holds the first time: its step tests and breaks out.
                let body = self.body(cx, body)?;
                let stop = self.negated_condition(cx, test)?;
                let leave = IfNode::new(stop, self.block_node(vec![Box::new(JumpNode::break_())]), None);
                let always: Node = Box::new(ConstNode::new(Value::from_bool(true)));
                let node = WhileNode::new(always, body).with_step(Box::new(leave)).with_labels(labels);
                out.push(Box::new(node));
                return Ok(());
            }
            StmtKind::For { scope, init, test, update, body } => {
                let stmts = self.for_loop(cx, *scope, init.as_ref(), test.as_ref(), update.as_ref(), body, labels)?;
                out.push(Box::new(self.block_node(stmts)));
                return Ok(());
            }
            StmtKind::ForOf { scope, left, right, body } => {
                let stmts = self.for_of(cx, *scope, left, right, body, labels)?;
                out.push(Box::new(self.block_node(stmts)));
                return Ok(());
            }
            StmtKind::Switch { discriminant, scope, cases } => {
                // The discriminant is evaluated outside the case block's scope.
                let d = self.expr(cx, discriminant)?;
                let dslot = cx.temp("%switch");
                let mut stmts: Vec<Node> = vec![self.write_temp(dslot, d)];
                self.enter_scope(cx, *scope, &mut stmts)?;
                let switch = self.switch_cases(cx, dslot, cases);
                self.leave_scope(cx);
                stmts.push(switch?);
                Box::new(BreakableNode::switch(Box::new(self.block_node(stmts)), std::mem::take(&mut labels)))
            }
            StmtKind::Break(label) => Box::new(match label {
                Some(l) => JumpNode::break_to(self.label_of(cx, &l.name, l.span)?),
                None => JumpNode::break_(),
            }),
            StmtKind::Continue(label) => Box::new(match label {
                Some(l) => JumpNode::continue_to(self.label_of(cx, &l.name, l.span)?),
                None => JumpNode::continue_(),
            }),
            StmtKind::Labeled { label, body } => {
                let id = cx.label();
                cx.labels.push((label.name.clone(), id));
                labels.push(id);
                let is_loop = matches!(
                    body.kind,
                    StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } | StmtKind::ForOf { .. } | StmtKind::Labeled { .. }
                );
                let r = if is_loop {
                    cx.pending_labels = labels;
                    self.statement(cx, body, out)
                } else {
                    let mut inner = Vec::new();
                    let r = self.statement(cx, body, &mut inner);
                    out.push(Box::new(BreakableNode::labelled(Box::new(self.block_node(inner)), labels)));
                    r
                };
                cx.labels.pop();
                return r;
            }
            StmtKind::Return(value) => {
                let v = match value {
                    Some(e) => Some(self.expr(cx, e)?),
                    None => None,
                };
                if cx.derived_ctor {
                    let this = self.this_read(cx, s.span)?;
                    Box::new(ReturnNode::new(Some(Box::new(DerivedResultNode::new(v, this, self.loc(s.span))))))
                } else {
                    Box::new(ReturnNode::new(v))
                }
            }
            StmtKind::Throw(e) => {
                let v = self.expr(cx, e)?;
                Box::new(ThrowNode::new(v, self.loc(s.span)))
            }
            StmtKind::Try { block, catch, finally } => {
                let stmts = self.block(cx, block)?;
                let body = self.block_node(stmts);
                let handler = match catch {
                    Some(c) => {
                        let slot = cx.temp("%caught");
                        let mut stmts: Vec<Node> = vec![Box::new(CaughtNode)];
                        self.enter_scope(cx, c.scope, &mut stmts)?;
                        let r = (|| {
                            if let Some(p) = &c.param {
                                let caught = self.read_temp(slot);
                                stmts.push(self.bind_pattern(cx, p, caught, true)?);
                            }
                            stmts.extend(self.block(cx, &c.body)?);
                            Ok(())
                        })();
                        self.leave_scope(cx);
                        r?;
                        Some((slot, self.block_node(stmts)))
                    }
                    None => None,
                };
                let finalizer = match finally {
                    Some(f) => {
                        let stmts = self.block(cx, f)?;
                        Some(self.block_node(stmts))
                    }
                    None => None,
                };
                Box::new(TryNode::new(body, handler, finalizer))
            }
        };
        if labels.is_empty() {
            out.push(node);
        } else {
            out.push(Box::new(BreakableNode::labelled(node, labels)));
        }
        Ok(())
    }

    /// The label a `break` or `continue` names.
    fn label_of(&self, cx: &FnCx, name: &str, span: crate::parser::Span) -> Result<Label, SyntaxError> {
        cx.labels
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, l)| *l)
            .ok_or_else(|| self.error(span, format!("Undefined label '{name}'")))
    }

    /// An expression's truthiness, as the boolean the framework's `if` and loops test. A
    /// comparison or a `!` is a boolean already and is tested as it is: a truthiness node around
    /// it would change nothing but cost the interpreter a node per test (`while (i < n)`).
    pub(crate) fn condition(&mut self, cx: &mut FnCx, e: &crate::parser::ast::Expr) -> Result<Node, SyntaxError> {
        let node = self.expr(cx, e)?;
        if yields_boolean(e) {
            return Ok(node);
        }
        Ok(Box::new(TruthyNode::new(node, false)))
    }
    fn negated_condition(&mut self, cx: &mut FnCx, e: &crate::parser::ast::Expr) -> Result<Node, SyntaxError> {
        Ok(Box::new(TruthyNode::new(self.expr(cx, e)?, true)))
    }

    /// `var`, `let` or `const` declarations: each declarator with an initializer binds it; a
    /// `let` without one initializes its binding to `undefined` (ending its dead zone).
    fn declaration(&mut self, cx: &mut FnCx, decl: &VarDecl, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        for d in &decl.decls {
            match &d.init {
                Some(init) => {
                    let v = self.expr(cx, init)?;
                    out.push(self.bind_pattern(cx, &d.target, v, decl.kind != VarKind::Var)?);
                }
                None if decl.kind != VarKind::Var => {
                    let undefined: Node = Box::new(ConstNode::new(UNDEFINED));
                    out.push(self.bind_pattern(cx, &d.target, undefined, true)?);
                }
                None => {}
            }
        }
        Ok(())
    }

    /// `for (init; test; update) body`: the head's scope entered once; with per-iteration
    /// bindings its environment is copied before the first test and before every update.
    #[allow(clippy::too_many_arguments)]
    fn for_loop(
        &mut self,
        cx: &mut FnCx,
        scope: ScopeId,
        init: Option<&ForInit>,
        test: Option<&crate::parser::ast::Expr>,
        update: Option<&crate::parser::ast::Expr>,
        body: &Stmt,
        labels: Vec<Label>,
    ) -> Result<Vec<Node>, SyntaxError> {
        let mut out = Vec::new();
        self.enter_scope(cx, scope, &mut out)?;
        let r = (|| {
            match init {
                Some(ForInit::Var(decl)) => self.declaration(cx, decl, &mut out)?,
                Some(ForInit::Expr(e)) => out.push(self.effect(cx, e)?),
                None => {}
            }
            let copy = self.res().scope(scope).per_iteration == PerIteration::Copy;
            let env = cx.env_slots.get(&scope).copied();
            let copy_env = |out: &mut Vec<Node>| {
                if let (true, Some(slot)) = (copy, env) {
                    out.push(Box::new(CopyEnvNode::new(slot)));
                }
            };
            copy_env(&mut out);
            let test: Node = match test {
                Some(t) => self.condition(cx, t)?,
                None => Box::new(ConstNode::new(Value::from_bool(true))),
            };
            let body = self.body(cx, body)?;
            let mut step = Vec::new();
            copy_env(&mut step);
            if let Some(u) = update {
                step.push(self.effect(cx, u)?);
            }
            let mut node = WhileNode::new(test, body).with_labels(labels);
            if !step.is_empty() {
                node = node.with_step(Box::new(self.block_node(step)));
            }
            out.push(Box::new(node));
            Ok(())
        })();
        self.leave_scope(cx);
        r.map(|_| out)
    }

    /// `for (left of right) body`: the operand (an array, read live, or a string's code
    /// points) is evaluated in the head's scope; with per-iteration bindings each iteration
    /// enters a fresh environment before binding the next value.
    fn for_of(
        &mut self,
        cx: &mut FnCx,
        scope: ScopeId,
        left: &ForOfLeft,
        right: &crate::parser::ast::Expr,
        body: &Stmt,
        labels: Vec<Label>,
    ) -> Result<Vec<Node>, SyntaxError> {
        let (iterable, index, value) = (cx.temp("%iterable"), cx.temp("%index"), cx.temp("%value"));
        let mut out = Vec::new();
        let outer = self.current_env(cx);
        self.enter_scope(cx, scope, &mut out)?;
        let r = (|| {
            let operand = self.expr(cx, right)?;
            let text = self.text(right.span).into();
            out.push(self.write_temp(iterable, Box::new(IterableNode::new(operand, text, self.loc(right.span)))));
            out.push(self.write_temp(index, Box::new(ConstNode::new(Value::from_i64(0)))));
            let mut each: Vec<Node> = Vec::new();
            let info = self.res().scope(scope);
            if info.per_iteration == PerIteration::Fresh
                && let Some(&slot) = cx.env_slots.get(&scope)
            {
                each.push(Box::new(EnterEnvNode::new(slot, outer, info.env_size, Vec::new().into())));
            }
            let next = self.read_temp(value);
            each.push(match left {
                ForOfLeft::Var(kind, p) => self.bind_pattern(cx, p, next, *kind != VarKind::Var)?,
                ForOfLeft::Target(p) => self.bind_pattern(cx, p, next, false)?,
            });
            self.statement(cx, body, &mut each)?;
            let test: Node = Box::new(ForOfNextNode::new(iterable, index, value));
            out.push(Box::new(WhileNode::new(test, self.block_node(each)).with_labels(labels)));
            // The loop's temporaries are dead once it ends (see `SequenceNode::releasing`).
            out.push(Box::new(SequenceNode::new(Vec::new()).releasing(vec![iterable, index, value])));
            Ok(())
        })();
        self.leave_scope(cx);
        r.map(|_| out)
    }

    /// The cases of a `switch` whose discriminant is in frame slot `dslot`.
    fn switch_cases(&mut self, cx: &mut FnCx, dslot: porcini::SlotId, cases: &[crate::parser::ast::SwitchCase]) -> Result<Node, SyntaxError> {
        let mut tests = Vec::with_capacity(cases.len());
        let mut bodies = Vec::with_capacity(cases.len());
        for c in cases {
            // `discriminant === test`, as the `===` operator compares: strings of one unit and
            // literals by identity, numbers by value, in compiled code without a call.
            tests.push(match &c.test {
                Some(t) => {
                    let test = self.operand(cx, t)?;
                    Some(Box::new(crate::nodes::compare::EqualsNode::new(self.temp_operand(dslot), test, true, false)) as Node)
                }
                None => None,
            });
            let stmts = self.statements(cx, &c.body)?;
            bodies.push(self.block_node(stmts));
        }
        let start = cx.temp("%case");
        Ok(Box::new(SwitchNode::new(tests, bodies, start)))
    }

    /// Writes a translator temporary.
    pub(crate) fn write_temp(&self, slot: porcini::SlotId, value: Node) -> Node {
        let loc = crate::nodes::Loc { file: self.file.clone(), line: 0, col: 0 };
        Box::new(WriteVarNode::new(Place::Frame(slot), value, "%temp".into(), WriteMode::Init, false, true, loc))
    }
    /// Reads a translator temporary.
    pub(crate) fn read_temp(&self, slot: porcini::SlotId) -> Node {
        self.temp_operand(slot).into_node()
    }
    /// Reads a translator temporary, as a leaf an operator may hold inline.
    pub(crate) fn temp_operand(&self, slot: porcini::SlotId) -> crate::nodes::Child {
        let loc = crate::nodes::Loc { file: self.file.clone(), line: 0, col: 0 };
        super::expr::var_leaf(ReadVarNode::new(Place::Frame(slot), "%temp".into(), false, loc))
    }
}

/// Whether `e` always evaluates to a boolean: a comparison, `in`, `instanceof` or `!`.
fn yields_boolean(e: &Expr) -> bool {
    match &e.unparenthesized().kind {
        ExprKind::Binary(op, _, _) => matches!(
            op,
            BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::LtEq
                | BinaryOp::GtEq
                | BinaryOp::Eq
                | BinaryOp::NotEq
                | BinaryOp::StrictEq
                | BinaryOp::StrictNotEq
                | BinaryOp::In
                | BinaryOp::Instanceof
        ),
        ExprKind::Unary(UnaryOp::Not, _) => true,
        _ => false,
    }
}
