//! Prints the model as SL source text: two-space indentation, one statement per line.
//!
//! Parentheses are added conservatively: every operand of an operator that is not a literal, a
//! name or a suffix chain (call, property read) is parenthesized, so precedence and the ban on
//! chained comparisons (spec §3) never come into play. The one subtle case is a suffix applied
//! to an assignment's value (`x = (g)(1)` calls what was assigned, spec §3): the assigned value
//! is printed in parentheses, which ends the right-hand side so the suffix applies to the
//! assignment, as it does in the model.

use super::model::{BinOp, Expr, Function, Program, Stmt};

/// The program's text, functions separated by blank lines.
pub fn program(p: &Program) -> String {
    let mut out = String::new();
    for (i, f) in p.functions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        function(&mut out, f);
    }
    out
}

/// One function definition, ending with a line break.
pub fn function(out: &mut String, f: &Function) {
    out.push_str(&format!("function {}({}) {{\n", f.name, f.params.join(", ")));
    block(out, &f.body, 1);
    out.push_str("}\n");
}

/// An expression as it would stand alone, for example as a statement or an argument.
pub fn expr(e: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, e);
    out
}

/// The text of an operator.
pub fn op_symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
    }
}

/// Whether `name` can be written as an identifier (and so as `.name`): a letter, `_` or `$`,
/// then letters, digits, `_` or `$`, and not a keyword.
pub fn is_identifier(name: &str) -> bool {
    const KEYWORDS: &[&str] = &["function", "break", "continue", "debugger", "while", "if", "else", "return"];
    let mut chars = name.chars();
    let starts_well = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$');
    starts_well && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') && !KEYWORDS.contains(&name)
}

fn block(out: &mut String, stmts: &[Stmt], depth: usize) {
    for s in stmts {
        stmt(out, s, depth);
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    indent(out, depth);
    match s {
        Stmt::Expr(e) => {
            write_expr(out, e);
            out.push_str(";\n");
        }
        Stmt::If { cond, then, els } => {
            out.push_str("if (");
            write_expr(out, cond);
            out.push_str(") {\n");
            block(out, then, depth + 1);
            indent(out, depth);
            out.push('}');
            if let Some(els) = els {
                out.push_str(" else {\n");
                block(out, els, depth + 1);
                indent(out, depth);
                out.push('}');
            }
            out.push('\n');
        }
        Stmt::While { cond, body } => {
            out.push_str("while (");
            write_expr(out, cond);
            out.push_str(") {\n");
            block(out, body, depth + 1);
            indent(out, depth);
            out.push_str("}\n");
        }
        Stmt::Break => out.push_str("break;\n"),
        Stmt::Continue => out.push_str("continue;\n"),
        Stmt::Return(None) => out.push_str("return;\n"),
        Stmt::Return(Some(e)) => {
            out.push_str("return ");
            write_expr(out, e);
            out.push_str(";\n");
        }
        Stmt::Debugger => out.push_str("debugger;\n"),
    }
}

fn write_expr(out: &mut String, e: &Expr) {
    match e {
        Expr::Num(digits) => out.push_str(digits),
        Expr::Str(text) => {
            out.push('"');
            out.push_str(text);
            out.push('"');
        }
        Expr::Name(name) => out.push_str(name),
        Expr::Binary(op, l, r) => {
            operand(out, l);
            out.push(' ');
            out.push_str(op_symbol(*op));
            out.push(' ');
            operand(out, r);
        }
        Expr::And(l, r) | Expr::Or(l, r) => {
            operand(out, l);
            out.push_str(if matches!(e, Expr::And(..)) { " && " } else { " || " });
            operand(out, r);
        }
        Expr::Assign(name, value) => {
            out.push_str(name);
            out.push_str(" = ");
            write_expr(out, value);
        }
        Expr::Call(callee, args) => {
            chain_base(out, callee);
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_expr(out, a);
            }
            out.push(')');
        }
        Expr::Read(receiver, key) => {
            chain_base(out, receiver);
            property_key(out, key);
        }
        Expr::Write(receiver, key, value) => {
            chain_base(out, receiver);
            property_key(out, key);
            out.push_str(" = ");
            write_expr(out, value);
        }
    }
}

/// An operand of `+`, `<`, `&&` and the like: literals, names and suffix chains stand alone,
/// anything else is parenthesized.
fn operand(out: &mut String, e: &Expr) {
    match e {
        Expr::Num(_) | Expr::Str(_) | Expr::Name(_) | Expr::Call(..) | Expr::Read(..) => write_expr(out, e),
        _ => parenthesized(out, e),
    }
}

/// What a suffix (`(args)`, `.name`, `[key]`) follows: a name, another suffix, or an assignment
/// whose value is parenthesized so that the suffix applies to the assignment.
fn chain_base(out: &mut String, e: &Expr) {
    match e {
        Expr::Name(_) | Expr::Call(..) | Expr::Read(..) => write_expr(out, e),
        Expr::Assign(name, value) => {
            out.push_str(name);
            out.push_str(" = ");
            parenthesized(out, value);
        }
        Expr::Write(receiver, key, value) => {
            chain_base(out, receiver);
            property_key(out, key);
            out.push_str(" = ");
            parenthesized(out, value);
        }
        // No SL text calls or indexes anything else; this one will not parse.
        _ => parenthesized(out, e),
    }
}

fn property_key(out: &mut String, key: &Expr) {
    match key {
        Expr::Str(name) if is_identifier(name) => {
            out.push('.');
            out.push_str(name);
        }
        _ => {
            out.push('[');
            write_expr(out, key);
            out.push(']');
        }
    }
}

fn parenthesized(out: &mut String, e: &Expr) {
    out.push('(');
    write_expr(out, e);
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(e: Expr, expect: &str) {
        assert_eq!(expr(&e), expect);
    }

    #[test]
    fn operands_are_parenthesized() {
        let sum = Expr::binary(BinOp::Add, Expr::name("a"), Expr::num(1));
        check(Expr::binary(BinOp::Mul, sum.clone(), Expr::num(2)), "(a + 1) * 2");
        check(Expr::binary(BinOp::Lt, sum.clone(), Expr::call_named("f", vec![])), "(a + 1) < f()");
        check(Expr::And(Box::new(Expr::assign("x", sum)), Box::new(Expr::name("b"))), "(x = a + 1) && b");
    }

    #[test]
    fn property_keys() {
        let o = Expr::name("o");
        check(Expr::read(o.clone(), Expr::str("x")), "o.x");
        check(Expr::read(o.clone(), Expr::str("while")), "o[\"while\"]");
        check(Expr::read(o.clone(), Expr::str("a b")), "o[\"a b\"]");
        check(Expr::write(o.clone(), Expr::num(1), Expr::str("v")), "o[1] = \"v\"");
        check(Expr::call(Expr::read(o, Expr::str("m")), vec![Expr::num(2)]), "o.m(2)");
    }

    #[test]
    fn suffix_after_assignment() {
        let assign = Expr::assign("x", Expr::name("g"));
        check(Expr::call(assign, vec![Expr::num(1)]), "x = (g)(1)");
        check(Expr::call(Expr::num(1), vec![]), "(1)()");
    }

    #[test]
    fn statements() {
        let f = Function {
            name: "main".into(),
            params: vec!["a".into(), "b".into()],
            body: vec![
                Stmt::While {
                    cond: Expr::binary(BinOp::Lt, Expr::name("a"), Expr::num(3)),
                    body: vec![Stmt::If { cond: Expr::name("b"), then: vec![Stmt::Break], els: Some(vec![]) }],
                },
                Stmt::Return(None),
            ],
        };
        let text = program(&Program { functions: vec![f] });
        assert_eq!(
            text,
            "function main(a, b) {\n  while (a < 3) {\n    if (b) {\n      break;\n    } else {\n    }\n  }\n  return;\n}\n"
        );
    }
}
