//! Reads any SL source into the model, through `lang_sl`'s parser, so that a hand-written
//! program (a bug report, a corpus case) can be reduced like a generated one.
//!
//! The parser's tree is resolved (locals are numbered), and the model keeps names; the
//! conversion looks the numbers up in the function's table of locals. Parentheses are dropped,
//! since the printer puts back the ones precedence needs. The conversion recurses once per level
//! of nesting, which is fine for the programs one reduces; the parser's own limit on nesting
//! bounds it.

use lang_sl::parser::{self, ExprKind, LocalInfo, ParseError};

use super::model::{Expr, Function, Program, Stmt};

/// Parses `source` and converts it to the model.
pub fn parse(source: &str) -> Result<Program, ParseError> {
    parser::parse(source).map(|p| program(&p))
}

/// Converts a parsed program.
pub fn program(p: &parser::Program) -> Program {
    Program { functions: p.functions.iter().map(function).collect() }
}

fn function(f: &parser::Function) -> Function {
    let locals = &f.locals;
    Function {
        name: f.name.clone(),
        params: f.params.iter().map(|&id| local_name(locals, id)).collect(),
        body: block(locals, &f.body),
    }
}

fn local_name(locals: &[LocalInfo], id: parser::LocalId) -> String {
    // The parser numbers locals densely from its own table, so every id indexes it; a name that
    // is somehow missing still prints as a valid identifier rather than panicking.
    locals.get(id.0 as usize).map_or_else(|| format!("local{}", id.0), |l| l.name.clone())
}

fn block(locals: &[LocalInfo], b: &parser::Block) -> Vec<Stmt> {
    b.stmts.iter().map(|s| stmt(locals, s)).collect()
}

fn stmt(locals: &[LocalInfo], s: &parser::Stmt) -> Stmt {
    match s {
        parser::Stmt::Expr(e) => Stmt::Expr(expr(locals, e)),
        parser::Stmt::While { cond, body, .. } => Stmt::While { cond: expr(locals, cond), body: block(locals, body) },
        parser::Stmt::If { cond, then_block, else_block, .. } => Stmt::If {
            cond: expr(locals, cond),
            then: block(locals, then_block),
            els: else_block.as_ref().map(|b| block(locals, b)),
        },
        parser::Stmt::Break(_) => Stmt::Break,
        parser::Stmt::Continue(_) => Stmt::Continue,
        parser::Stmt::Return { value, .. } => Stmt::Return(value.as_ref().map(|v| expr(locals, v))),
        parser::Stmt::Debugger(_) => Stmt::Debugger,
    }
}

fn expr(locals: &[LocalInfo], e: &parser::Expr) -> Expr {
    let sub = |e: &parser::Expr| Box::new(expr(locals, e));
    match &e.kind {
        ExprKind::Binary { op, lhs, rhs } => Expr::Binary(*op, sub(lhs), sub(rhs)),
        ExprKind::And(l, r) => Expr::And(sub(l), sub(r)),
        ExprKind::Or(l, r) => Expr::Or(sub(l), sub(r)),
        ExprKind::Local(id) => Expr::Name(local_name(locals, *id)),
        ExprKind::Function(name) | ExprKind::Name(name) => Expr::Name(name.clone()),
        ExprKind::Str(text) => Expr::Str(text.clone()),
        ExprKind::Num(digits) => Expr::Num(digits.clone()),
        ExprKind::Paren(inner) => expr(locals, inner),
        ExprKind::Call { callee, args } => Expr::Call(sub(callee), args.iter().map(|a| expr(locals, a)).collect()),
        ExprKind::AssignLocal { local, value } => Expr::Assign(local_name(locals, *local), sub(value)),
        ExprKind::AssignName { name, value } => Expr::Assign(name.clone(), sub(value)),
        ExprKind::ReadProp { receiver, key } => Expr::Read(sub(receiver), sub(key)),
        ExprKind::WriteProp { receiver, key, value } => Expr::Write(sub(receiver), sub(key), sub(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sl::print;

    /// Parses `source`, prints the model, and compares with `expect`; the printed text must
    /// read back to the same model.
    fn check(source: &str, expect: &str) {
        let model = parse(source).expect("the test source parses");
        let text = print::program(&model);
        assert_eq!(text, expect);
        assert_eq!(parse(&text).expect("the printed text parses"), model);
    }

    #[test]
    fn locals_and_functions() {
        check(
            "function f(a, b) { if (a < b) { t = 1; } println(t); u = a; return (u + b) * 2; }",
            "function f(a, b) {\n  if (a < b) {\n    t = 1;\n  }\n  println(t);\n  u = a;\n  return (u + b) * 2;\n}\n",
        );
    }

    #[test]
    fn suffix_chains() {
        check(
            "function main() { o = new(); o.m = f; x = (g)(1); o[\"a b\"] = o.m(2).k; }",
            "function main() {\n  o = new();\n  o.m = f;\n  x = (g)(1);\n  o[\"a b\"] = o.m(2).k;\n}\n",
        );
    }

    #[test]
    fn loops_and_jumps() {
        check(
            "function main() { while (1 < 2) { if (a) { break; } else { continue; } debugger; } return; }",
            "function main() {\n  while (1 < 2) {\n    if (a) {\n      break;\n    } else {\n      continue;\n    }\n    debugger;\n  }\n  return;\n}\n",
        );
    }
}
