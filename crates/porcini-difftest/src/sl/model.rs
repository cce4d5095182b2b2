//! A model of SL programs that is closer to the source text than to a tree of nodes.
//!
//! Names are kept as written and not resolved: whether `x` is a local or a function value
//! depends only on the assignments around it (spec §4), so printing the model and parsing it
//! again gives back the same meaning. Parentheses are not modelled; the printer adds them where
//! precedence needs them. A property access keeps its key as an expression, and `o.name` is the
//! key `"name"` (spec §7.9: both spell the same property).
//!
//! The model can hold programs that have no text, such as a call whose callee is a number
//! (SL only calls names and suffix chains). The printer writes them in parentheses, which the
//! parser rejects; the reducer, which is the one to build such programs, drops them.

pub use lang_sl::parser::BinOp;

/// A whole program: function definitions in source order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// The functions; the last definition of a name wins when the program is registered.
    pub functions: Vec<Function>,
}

/// `function name(params) { body }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// The function's name.
    pub name: String,
    /// The parameter names.
    pub params: Vec<String>,
    /// The statements of the body.
    pub body: Vec<Stmt>,
}

/// A statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    /// `expr;`
    Expr(Expr),
    /// `if (cond) { then } [else { els }]`
    If { cond: Expr, then: Vec<Stmt>, els: Option<Vec<Stmt>> },
    /// `while (cond) { body }`
    While { cond: Expr, body: Vec<Stmt> },
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `return [value];`
    Return(Option<Expr>),
    /// `debugger;`
    Debugger,
}

/// An expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A numeric literal's decimal digits (any length; no sign).
    Num(String),
    /// A string literal's contents (no `"`, no line breaks).
    Str(String),
    /// A name: a local variable if one is in scope, else the function value of that name.
    Name(String),
    /// `lhs op rhs`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `lhs && rhs`
    And(Box<Expr>, Box<Expr>),
    /// `lhs || rhs`
    Or(Box<Expr>, Box<Expr>),
    /// `name = value`
    Assign(String, Box<Expr>),
    /// `callee(args)`
    Call(Box<Expr>, Vec<Expr>),
    /// `receiver[key]`, or `receiver.key` when the key is a string that is an identifier.
    Read(Box<Expr>, Box<Expr>),
    /// `receiver[key] = value` (or `receiver.key = value`).
    Write(Box<Expr>, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// A numeric literal.
    pub fn num(value: impl ToString) -> Expr {
        Expr::Num(value.to_string())
    }

    /// A string literal.
    pub fn str(text: impl Into<String>) -> Expr {
        Expr::Str(text.into())
    }

    /// A name.
    pub fn name(name: impl Into<String>) -> Expr {
        Expr::Name(name.into())
    }

    /// `lhs op rhs`.
    pub fn binary(op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
        Expr::Binary(op, Box::new(lhs), Box::new(rhs))
    }

    /// `name = value`.
    pub fn assign(name: impl Into<String>, value: Expr) -> Expr {
        Expr::Assign(name.into(), Box::new(value))
    }

    /// `callee(args)`.
    pub fn call(callee: Expr, args: Vec<Expr>) -> Expr {
        Expr::Call(Box::new(callee), args)
    }

    /// A call of the function (or local) `name`.
    pub fn call_named(name: &str, args: Vec<Expr>) -> Expr {
        Expr::call(Expr::name(name), args)
    }

    /// `receiver[key]`.
    pub fn read(receiver: Expr, key: Expr) -> Expr {
        Expr::Read(Box::new(receiver), Box::new(key))
    }

    /// `receiver[key] = value`.
    pub fn write(receiver: Expr, key: Expr, value: Expr) -> Expr {
        Expr::Write(Box::new(receiver), Box::new(key), Box::new(value))
    }

    /// The direct sub-expressions, in evaluation order.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Num(_) | Expr::Str(_) | Expr::Name(_) => Vec::new(),
            Expr::Binary(_, l, r) | Expr::And(l, r) | Expr::Or(l, r) | Expr::Read(l, r) => vec![l, r],
            Expr::Assign(_, v) => vec![v],
            Expr::Call(callee, args) => std::iter::once(&**callee).chain(args).collect(),
            Expr::Write(r, k, v) => vec![r, k, v],
        }
    }

    /// The number of expression nodes in this tree.
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }
}

impl Stmt {
    /// The number of statements and expression nodes in this statement.
    pub fn size(&self) -> usize {
        1 + match self {
            Stmt::Expr(e) | Stmt::Return(Some(e)) => e.size(),
            Stmt::If { cond, then, els } => cond.size() + block_size(then) + els.as_deref().map_or(0, block_size),
            Stmt::While { cond, body } => cond.size() + block_size(body),
            Stmt::Break | Stmt::Continue | Stmt::Return(None) | Stmt::Debugger => 0,
        }
    }
}

/// The size of a block: the sum of its statements' sizes.
pub fn block_size(stmts: &[Stmt]) -> usize {
    stmts.iter().map(Stmt::size).sum()
}

impl Program {
    /// The number of functions, statements and expression nodes: the reducer's measure.
    pub fn size(&self) -> usize {
        self.functions.iter().map(|f| 1 + f.params.len() + block_size(&f.body)).sum()
    }

    /// The number of statements, counting nested ones, for progress reports.
    pub fn statement_count(&self) -> usize {
        fn count(stmts: &[Stmt]) -> usize {
            stmts
                .iter()
                .map(|s| {
                    1 + match s {
                        Stmt::If { then, els, .. } => count(then) + els.as_deref().map_or(0, count),
                        Stmt::While { body, .. } => count(body),
                        _ => 0,
                    }
                })
                .sum()
        }
        self.functions.iter().map(|f| count(&f.body)).sum()
    }
}
