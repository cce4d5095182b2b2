//! The resolved SL syntax tree produced by [`super::parse`].
//!
//! Names are resolved: a read is `Local` or `Function`, an assignment `AssignLocal`. The `Name`
//! and `AssignName` variants exist only between parsing and scope resolution and never appear in
//! a tree returned by `parse`.
//!
//! Trees can be very deep (a chain of ten thousand `+` is ten thousand nested nodes, and nested
//! parentheses and blocks go as deep as the nesting limit), so `Expr` and `Block` drop their
//! children with an explicit work list instead of recursively. The derived `Clone`, `PartialEq`
//! and `Debug` implementations do recurse; use them on deep trees only with a large stack.

/// A source range with the position of its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Start, in characters from the beginning of the source.
    pub start: u32,
    /// End (exclusive), in characters.
    pub end: u32,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column of `start` (characters since the last LF, plus one).
    pub col: u32,
}

/// A parsed source: its functions in source order.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// The functions; duplicates are kept (registration makes the last definition win).
    pub functions: Vec<Function>,
}

/// A typed index into [`Function::locals`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// A local variable of a function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalInfo {
    /// Its name.
    pub name: String,
}

/// A function definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The name.
    pub name: String,
    /// From the `function` keyword to the closing brace.
    pub span: Span,
    /// The local each argument is stored in, by position. A repeated parameter name maps every
    /// occurrence to the last parameter's local (spec §3).
    pub params: Vec<LocalId>,
    /// All locals: parameters first, then block locals in declaration order (block by block in
    /// textual pre-order, within a block by first textual appearance).
    pub locals: Vec<LocalInfo>,
    /// The body.
    pub body: Block,
}

/// A braced block.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The statements.
    pub stmts: Vec<Stmt>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// An expression statement.
    Expr(Expr),
    /// `while (cond) body`; the span runs from `while` to the end of the body.
    While { cond: Expr, body: Block, span: Span },
    /// `if (cond) then [else els]`; the span runs from `if` to the end of the last block.
    If { cond: Expr, then_block: Block, else_block: Option<Block>, span: Span },
    /// `break;` (the span is the keyword).
    Break(Span),
    /// `continue;` (the span is the keyword).
    Continue(Span),
    /// `return [value];`; the span runs from `return` to the end of the value.
    Return { value: Option<Expr>, span: Span },
    /// `debugger;` (the span is the keyword).
    Debugger(Span),
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

/// An expression and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Its span; `start` is where errors about it are reported (spec §9.1): a binary operator
    /// starts at its left operand, a parenthesised expression at `(`.
    pub span: Span,
}

/// Expression kinds.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A binary operator.
    Binary { op: BinOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `&&`
    And(Box<Expr>, Box<Expr>),
    /// `||`
    Or(Box<Expr>, Box<Expr>),
    /// A read of a local in scope.
    Local(LocalId),
    /// A name that is not a local in scope: the global function value of that name.
    Function(String),
    /// A string literal's contents (between the quotes, no escapes).
    Str(String),
    /// A numeric literal's decimal digits as written (may exceed 64 bits).
    Num(String),
    /// `( e )`
    Paren(Box<Expr>),
    /// `callee(args)`
    Call { callee: Box<Expr>, args: Vec<Expr> },
    /// `local = value`
    AssignLocal { local: LocalId, value: Box<Expr> },
    /// `receiver.name` (key `Str(name)`) or `receiver[key]`
    ReadProp { receiver: Box<Expr>, key: Box<Expr> },
    /// `receiver.name = value` or `receiver[key] = value`
    WriteProp { receiver: Box<Expr>, key: Box<Expr>, value: Box<Expr> },
    /// An unresolved name (only before resolution).
    Name(String),
    /// An unresolved assignment (only before resolution).
    AssignName { name: String, value: Box<Expr> },
}

impl ExprKind {
    /// A leaf that owns nothing, left behind when a kind is taken out of a node.
    fn placeholder() -> ExprKind {
        ExprKind::Num(String::new())
    }

    fn has_children(&self) -> bool {
        !matches!(
            self,
            ExprKind::Local(_) | ExprKind::Function(_) | ExprKind::Str(_) | ExprKind::Num(_) | ExprKind::Name(_)
        )
    }
}

impl Expr {
    /// Takes the kind out of this node, leaving an empty numeric literal. Because `Expr`
    /// implements `Drop`, this is the way to take a node apart by value.
    pub fn take_kind(&mut self) -> ExprKind {
        std::mem::replace(&mut self.kind, ExprKind::placeholder())
    }
}

impl Drop for Expr {
    fn drop(&mut self) {
        if !self.kind.has_children() {
            return;
        }
        // Children are emptied into a work list before they are dropped, so each drop below
        // sees a leaf and the stack depth stays constant however deep the tree is.
        let mut pending = vec![self.take_kind()];
        while let Some(kind) = pending.pop() {
            match kind {
                ExprKind::Binary { mut lhs, mut rhs, .. }
                | ExprKind::And(mut lhs, mut rhs)
                | ExprKind::Or(mut lhs, mut rhs) => {
                    pending.push(lhs.take_kind());
                    pending.push(rhs.take_kind());
                }
                ExprKind::Paren(mut e) => pending.push(e.take_kind()),
                ExprKind::Call { mut callee, mut args } => {
                    pending.push(callee.take_kind());
                    pending.extend(args.iter_mut().map(Expr::take_kind));
                }
                ExprKind::AssignLocal { mut value, .. } | ExprKind::AssignName { mut value, .. } => {
                    pending.push(value.take_kind());
                }
                ExprKind::ReadProp { mut receiver, mut key } => {
                    pending.push(receiver.take_kind());
                    pending.push(key.take_kind());
                }
                ExprKind::WriteProp { mut receiver, mut key, mut value } => {
                    pending.push(receiver.take_kind());
                    pending.push(key.take_kind());
                    pending.push(value.take_kind());
                }
                ExprKind::Local(_)
                | ExprKind::Function(_)
                | ExprKind::Str(_)
                | ExprKind::Num(_)
                | ExprKind::Name(_) => {}
            }
        }
    }
}

impl Block {
    /// Takes the statements out of this block. Because `Block` implements `Drop`, this is the
    /// way to take a block apart by value.
    pub fn take_stmts(&mut self) -> Vec<Stmt> {
        std::mem::take(&mut self.stmts)
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        // Nested blocks are emptied into a work list, like expression children.
        let mut pending = vec![self.take_stmts()];
        while let Some(stmts) = pending.pop() {
            for stmt in stmts {
                match stmt {
                    Stmt::While { mut body, .. } => pending.push(body.take_stmts()),
                    Stmt::If { mut then_block, else_block, .. } => {
                        pending.push(then_block.take_stmts());
                        if let Some(mut b) = else_block {
                            pending.push(b.take_stmts());
                        }
                    }
                    Stmt::Expr(_) | Stmt::Break(_) | Stmt::Continue(_) | Stmt::Return { .. } | Stmt::Debugger(_) => {}
                }
            }
        }
    }
}
