//! The resolved SL syntax tree produced by [`super::parse`].
//!
//! Names are resolved: a read is `Local` or `Function`, an assignment `AssignLocal`. The `Name` and
//! `AssignName` variants exist only between parsing and scope resolution.

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
#[derive(Debug)]
pub struct Program {
    /// The functions; a later definition of a name replaces an earlier one when registered.
    pub functions: Vec<Function>,
}

/// A typed index into [`Function::locals`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// A local variable of a function.
#[derive(Debug, Clone)]
pub struct LocalInfo {
    /// Its name.
    pub name: String,
}

/// A function definition.
#[derive(Debug)]
pub struct Function {
    /// The name.
    pub name: String,
    /// From `function` to the closing brace.
    pub span: Span,
    /// The local each argument is stored in, by position.
    pub params: Vec<LocalId>,
    /// Parameters first, then locals in declaration order.
    pub locals: Vec<LocalInfo>,
    /// The body.
    pub body: Block,
}

/// A braced block.
#[derive(Debug)]
pub struct Block {
    /// The statements.
    pub stmts: Vec<Stmt>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A statement.
#[derive(Debug)]
pub enum Stmt {
    /// An expression statement.
    Expr(Expr),
    /// `while (cond) body`.
    While { cond: Expr, body: Block, span: Span },
    /// `if (cond) then [else els]`.
    If { cond: Expr, then_block: Block, else_block: Option<Block>, span: Span },
    /// `break;`
    Break(Span),
    /// `continue;`
    Continue(Span),
    /// `return [value];`
    Return { value: Option<Expr>, span: Span },
    /// `debugger;`
    Debugger(Span),
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// An expression and where it starts.
#[derive(Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Its span; `start` is where errors about it are reported.
    pub span: Span,
}

/// Expression kinds.
#[derive(Debug)]
pub enum ExprKind {
    /// A binary operator.
    Binary { op: BinOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `&&`
    And(Box<Expr>, Box<Expr>),
    /// `||`
    Or(Box<Expr>, Box<Expr>),
    /// A read of a local in scope.
    Local(LocalId),
    /// The global function of that name.
    Function(String),
    /// A string literal's contents.
    Str(String),
    /// A numeric literal's digits.
    Num(String),
    /// `( e )`
    Paren(Box<Expr>),
    /// `callee(args)`
    Call { callee: Box<Expr>, args: Vec<Expr> },
    /// `local = value`
    AssignLocal { local: LocalId, value: Box<Expr> },
    /// `receiver.name` or `receiver[key]`
    ReadProp { receiver: Box<Expr>, key: Box<Expr> },
    /// `receiver.name = value` or `receiver[key] = value`
    WriteProp { receiver: Box<Expr>, key: Box<Expr>, value: Box<Expr> },
    /// An unresolved name (only before resolution).
    Name(String),
    /// An unresolved assignment (only before resolution).
    AssignName { name: String, value: Box<Expr> },
}
