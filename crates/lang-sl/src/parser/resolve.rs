//! Scope resolution (spec §4.1): turns the parser's unresolved names into locals or global
//! function references and numbers the locals of each function.
//!
//! A block's locals are the names assigned (as `name = ...`) directly in it, minus those already
//! visible from an enclosing block or the parameters; their scope is the whole block, including
//! text before the first assignment and nested blocks. Locals are numbered parameters first,
//! then block by block in textual pre-order, within a block by first appearance, which is the
//! order the reference allocates frame slots in. The walk uses an explicit work list because
//! expression trees can be arbitrarily deep.

use rustc_hash::FxHashMap;

use super::ast::{Block, Expr, ExprKind, Function, LocalId, LocalInfo, Span, Stmt};

/// A function as parsed, before resolution.
pub(crate) struct ParsedFunction {
    pub(crate) name: String,
    pub(crate) span: Span,
    /// Parameter names in order (repeats allowed).
    pub(crate) params: Vec<String>,
    pub(crate) body: Block,
    /// For each block of the function, in the order blocks open (textual pre-order), the names
    /// assigned directly in it, in order of appearance (repeats allowed).
    pub(crate) decls: Vec<Vec<String>>,
}

/// A pending step of the walk.
enum Work<'a> {
    Block(&'a mut Block),
    /// Leave a block: these names go out of scope.
    Exit(Vec<String>),
    Stmt(&'a mut Stmt),
    Expr(&'a mut Expr),
}

/// The locals being allocated and the names visible at the current point.
struct Scopes {
    locals: Vec<LocalInfo>,
    /// For each name, the locals it denotes, innermost last.
    visible: FxHashMap<String, Vec<LocalId>>,
}

impl Scopes {
    fn lookup(&self, name: &str) -> Option<LocalId> {
        self.visible.get(name).and_then(|v| v.last()).copied()
    }

    fn declare(&mut self, name: &str) -> LocalId {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(LocalInfo { name: name.to_string() });
        self.visible.entry(name.to_string()).or_default().push(id);
        id
    }
}

/// Resolves all names of a parsed function.
pub(crate) fn resolve_function(f: ParsedFunction) -> Function {
    let ParsedFunction { name, span, params, mut body, decls } = f;
    let mut scopes = Scopes { locals: Vec::new(), visible: FxHashMap::default() };
    // Parameters share one scope: a repeated name denotes the last parameter with that name,
    // but every parameter still gets its own local.
    for p in &params {
        let id = LocalId(scopes.locals.len() as u32);
        scopes.locals.push(LocalInfo { name: p.clone() });
        scopes.visible.insert(p.clone(), vec![id]);
    }
    let param_ids: Vec<LocalId> = params.iter().filter_map(|p| scopes.lookup(p)).collect();

    let mut decls = decls.into_iter();
    let mut work = vec![Work::Block(&mut body)];
    while let Some(item) = work.pop() {
        match item {
            Work::Block(b) => {
                let mut declared = Vec::new();
                for n in decls.next().unwrap_or_default() {
                    if scopes.lookup(&n).is_none() {
                        scopes.declare(&n);
                        declared.push(n);
                    }
                }
                work.push(Work::Exit(declared));
                work.extend(b.stmts.iter_mut().rev().map(Work::Stmt));
            }
            Work::Exit(names) => {
                for n in names {
                    if let Some(v) = scopes.visible.get_mut(&n) {
                        v.pop();
                    }
                }
            }
            Work::Stmt(s) => match s {
                Stmt::Expr(e) => work.push(Work::Expr(e)),
                Stmt::While { cond, body, .. } => {
                    work.push(Work::Block(body));
                    work.push(Work::Expr(cond));
                }
                Stmt::If { cond, then_block, else_block, .. } => {
                    if let Some(b) = else_block {
                        work.push(Work::Block(b));
                    }
                    work.push(Work::Block(then_block));
                    work.push(Work::Expr(cond));
                }
                Stmt::Return { value: Some(e), .. } => work.push(Work::Expr(e)),
                Stmt::Return { value: None, .. } | Stmt::Break(_) | Stmt::Continue(_) | Stmt::Debugger(_) => {}
            },
            Work::Expr(e) => resolve_expr(e, &mut scopes, &mut work),
        }
    }
    Function { name, span, params: param_ids, locals: scopes.locals, body }
}

/// Resolves the names at the root of `e` and queues its children.
fn resolve_expr<'a>(e: &'a mut Expr, scopes: &mut Scopes, work: &mut Vec<Work<'a>>) {
    match &e.kind {
        ExprKind::Name(n) => {
            let resolved = match scopes.lookup(n) {
                Some(id) => ExprKind::Local(id),
                None => ExprKind::Function(n.clone()),
            };
            e.kind = resolved;
            return;
        }
        ExprKind::AssignName { .. } => {
            if let ExprKind::AssignName { name, value } = e.take_kind() {
                // The parser declared the name in the innermost block, so it is visible; the
                // fallback only keeps a malformed tree from panicking.
                let local = scopes.lookup(&name).unwrap_or_else(|| scopes.declare(&name));
                e.kind = ExprKind::AssignLocal { local, value };
            }
        }
        _ => {}
    }
    match &mut e.kind {
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::And(lhs, rhs) | ExprKind::Or(lhs, rhs) => {
            work.push(Work::Expr(rhs));
            work.push(Work::Expr(lhs));
        }
        ExprKind::Paren(inner) => work.push(Work::Expr(inner)),
        ExprKind::Call { callee, args } => {
            work.extend(args.iter_mut().rev().map(Work::Expr));
            work.push(Work::Expr(callee));
        }
        ExprKind::AssignLocal { value, .. } | ExprKind::AssignName { value, .. } => work.push(Work::Expr(value)),
        ExprKind::ReadProp { receiver, key } => {
            work.push(Work::Expr(key));
            work.push(Work::Expr(receiver));
        }
        ExprKind::WriteProp { receiver, key, value } => {
            work.push(Work::Expr(value));
            work.push(Work::Expr(key));
            work.push(Work::Expr(receiver));
        }
        ExprKind::Local(_) | ExprKind::Function(_) | ExprKind::Str(_) | ExprKind::Num(_) | ExprKind::Name(_) => {}
    }
}
