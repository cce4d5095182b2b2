//! Shrinks a program while a predicate holds (for the tool: "still disagrees the same way").
//!
//! The reducer is greedy and repeats its passes until none makes progress. Each pass numbers the
//! places an edit of its kind applies to, in a fixed order over the program, and tries them one
//! by one on a copy; an edit that keeps the predicate true is kept, and the pass goes on from the
//! same number (the program changed under it). The passes, coarse to fine: drop functions other
//! than `main`; drop runs of statements, then single statements; replace an `if` or `while` by
//! its body, or drop an `else`; replace an expression by one of its sub-expressions or by `0`,
//! `1` or `""`; drop call arguments; shorten numbers and strings.
//!
//! Every accepted edit makes the program strictly smaller, by node count first and text length
//! second, so reduction ends. Candidates whose text does not parse (a `break` taken out of its
//! loop, a callee that is no longer a name) are dropped without asking the predicate, which is
//! where the time goes: it runs processes.

use super::model::{Expr, Program, Stmt};
use super::print;

/// Reduces `program` while `interesting` holds, reporting each accepted step to `progress`.
/// `interesting` is assumed to hold for `program` itself.
pub fn reduce(
    mut program: Program,
    interesting: &mut dyn FnMut(&Program) -> bool,
    progress: &mut dyn FnMut(&Program),
) -> Program {
    loop {
        let before = measure(&program);
        for pass in PASSES {
            program = run_pass(program, *pass, interesting, progress);
        }
        if measure(&program) == before {
            return program;
        }
    }
}

/// The order of passes, coarse to fine.
const PASSES: &[Pass] = &[
    Pass::DropFunction,
    Pass::DropStatements(8),
    Pass::DropStatements(2),
    Pass::DropStatements(1),
    Pass::Unwrap,
    Pass::Simplify,
    Pass::DropArgument,
    Pass::Shorten,
];

/// A kind of edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Drop a function other than main.
    DropFunction,
    /// Drop this many consecutive statements of a block.
    DropStatements(usize),
    /// Replace an `if`/`while` by a branch or body, or drop an `else`.
    Unwrap,
    /// Replace an expression by a sub-expression or a small constant.
    Simplify,
    /// Drop an argument of a call.
    DropArgument,
    /// Shorten a numeric or string literal.
    Shorten,
}

/// The reducer's measure: node count, then text length.
fn measure(p: &Program) -> (usize, usize) {
    (p.size(), print::program(p).len())
}

fn run_pass(
    mut program: Program,
    pass: Pass,
    interesting: &mut dyn FnMut(&Program) -> bool,
    progress: &mut dyn FnMut(&Program),
) -> Program {
    let mut k = 0;
    loop {
        let mut candidate = program.clone();
        if !apply(&mut candidate, pass, k) {
            return program;
        }
        let smaller = measure(&candidate) < measure(&program);
        if smaller && parses(&candidate) && interesting(&candidate) {
            program = candidate;
            progress(&program);
        } else {
            k += 1;
        }
    }
}

/// Whether the program's text is valid SL.
fn parses(p: &Program) -> bool {
    lang_sl::parser::parse(&print::program(p)).is_ok()
}

/// Applies edit number `k` of `pass`; false if there are not that many.
fn apply(p: &mut Program, pass: Pass, k: usize) -> bool {
    let mut site = Site { target: k, seen: 0 };
    match pass {
        Pass::DropFunction => {
            let others: Vec<usize> = (0..p.functions.len()).filter(|&i| p.functions[i].name != "main").collect();
            match others.get(k) {
                Some(&i) => {
                    p.functions.remove(i);
                    true
                }
                None => false,
            }
        }
        Pass::DropStatements(n) => blocks(p, &mut |b| {
            let starts = if b.len() >= n { b.len() - n + 1 } else { 0 };
            if let Some(j) = site.take(starts) {
                b.drain(j..j + n);
                return true;
            }
            false
        }),
        Pass::Unwrap => blocks(p, &mut |b| {
            for j in 0..b.len() {
                let options = unwrap_options(&b[j]);
                if let Some(o) = site.take(options.len()) {
                    let replacement = options.into_iter().nth(o).unwrap_or_default();
                    b.splice(j..=j, replacement);
                    return true;
                }
            }
            false
        }),
        Pass::Simplify | Pass::DropArgument | Pass::Shorten => exprs(p, &mut |e| {
            let options = match pass {
                Pass::Simplify => simpler(e),
                Pass::DropArgument => without_an_argument(e),
                _ => shorter_literal(e),
            };
            match site.take(options.len()).and_then(|o| options.into_iter().nth(o)) {
                Some(replacement) => {
                    *e = replacement;
                    true
                }
                None => false,
            }
        }),
    }
}

/// Counts edit places until the `target`-th.
struct Site {
    target: usize,
    seen: usize,
}

impl Site {
    /// Of `count` places here, the one to edit, if the target is among them.
    fn take(&mut self, count: usize) -> Option<usize> {
        if self.target < self.seen + count {
            Some(self.target - self.seen)
        } else {
            self.seen += count;
            None
        }
    }
}

/// What a statement could become instead of itself: an `if`'s branches, a loop's body, the
/// `if` without its `else`.
fn unwrap_options(s: &Stmt) -> Vec<Vec<Stmt>> {
    match s {
        Stmt::If { cond, then, els } => {
            let mut options = vec![then.clone()];
            if let Some(els) = els {
                options.push(els.clone());
                options.push(vec![Stmt::If { cond: cond.clone(), then: then.clone(), els: None }]);
            }
            options
        }
        Stmt::While { body, .. } => vec![body.clone()],
        _ => Vec::new(),
    }
}

/// Smaller expressions to try in place of `e`: its sub-expressions, then constants.
fn simpler(e: &Expr) -> Vec<Expr> {
    let mut options: Vec<Expr> = e.children().into_iter().cloned().collect();
    if e.size() > 1 {
        options.extend([Expr::num(0), Expr::num(1), Expr::str("")]);
    }
    options
}

/// The call `e` without one of its arguments.
fn without_an_argument(e: &Expr) -> Vec<Expr> {
    let Expr::Call(callee, args) = e else { return Vec::new() };
    (0..args.len())
        .map(|i| {
            let mut args = args.clone();
            args.remove(i);
            Expr::Call(callee.clone(), args)
        })
        .collect()
}

/// Shorter literals: `0`, `1`, a number with fewer digits, an empty or halved string.
fn shorter_literal(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Num(d) if d.len() > 1 => {
            vec![Expr::num(0), Expr::num(1), Expr::num(&d[..d.len() / 2]), Expr::num(&d[..d.len() - 1])]
        }
        Expr::Num(d) if d != "0" => vec![Expr::num(0)],
        Expr::Str(s) if !s.is_empty() => {
            let half: String = s.chars().take(s.chars().count() / 2).collect();
            vec![Expr::str(""), Expr::str(half)]
        }
        _ => Vec::new(),
    }
}

/// Calls `f` on every block in pre-order (function bodies, then nested blocks) until it returns
/// true; returns whether it did.
fn blocks(p: &mut Program, f: &mut dyn FnMut(&mut Vec<Stmt>) -> bool) -> bool {
    fn walk(b: &mut Vec<Stmt>, f: &mut dyn FnMut(&mut Vec<Stmt>) -> bool) -> bool {
        if f(b) {
            return true;
        }
        for s in b.iter_mut() {
            let found = match s {
                Stmt::If { then, els, .. } => walk(then, f) || els.as_mut().is_some_and(|e| walk(e, f)),
                Stmt::While { body, .. } => walk(body, f),
                _ => false,
            };
            if found {
                return true;
            }
        }
        false
    }
    p.functions.iter_mut().any(|func| walk(&mut func.body, f))
}

/// Calls `f` on every expression in pre-order until it returns true; returns whether it did.
fn exprs(p: &mut Program, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
    fn walk_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        if f(e) {
            return true;
        }
        match e {
            Expr::Num(_) | Expr::Str(_) | Expr::Name(_) => false,
            Expr::Binary(_, l, r) | Expr::And(l, r) | Expr::Or(l, r) | Expr::Read(l, r) => {
                walk_expr(l, f) || walk_expr(r, f)
            }
            Expr::Assign(_, v) => walk_expr(v, f),
            Expr::Call(callee, args) => walk_expr(callee, f) || args.iter_mut().any(|a| walk_expr(a, f)),
            Expr::Write(r, k, v) => walk_expr(r, f) || walk_expr(k, f) || walk_expr(v, f),
        }
    }
    fn walk_block(b: &mut [Stmt], f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        b.iter_mut().any(|s| match s {
            Stmt::Expr(e) | Stmt::Return(Some(e)) => walk_expr(e, f),
            Stmt::If { cond, then, els } => {
                walk_expr(cond, f) || walk_block(then, f) || els.as_mut().is_some_and(|e| walk_block(e, f))
            }
            Stmt::While { cond, body } => walk_expr(cond, f) || walk_block(body, f),
            Stmt::Break | Stmt::Continue | Stmt::Return(None) | Stmt::Debugger => false,
        })
    }
    p.functions.iter_mut().any(|func| walk_block(&mut func.body, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sl::from_ast;

    /// Reduces `source` while its text contains `needle`, and compares the result's text.
    fn check(source: &str, needle: &str, expect: &str) {
        let program = from_ast::parse(source).expect("the test source parses");
        let mut interesting = |p: &Program| print::program(p).contains(needle);
        let reduced = reduce(program, &mut interesting, &mut |_| {});
        assert_eq!(print::program(&reduced), expect);
    }

    #[test]
    fn keeps_only_what_the_predicate_needs() {
        check(
            "function f(a) { return a + 1; }
             function main() {
               i = 0;
               while (i < 100) { i = i + 1; if (i == 50) { println(7); } else { println(f(i)); } }
               x = \"long string\" + f(2);
               println(x);
             }",
            "println(7)",
            "function main() {\n  println(7);\n}\n",
        );
    }

    #[test]
    fn shortens_literals_and_arguments() {
        check("function main() { g(123456789, \"abcdef\", h(9)); }", "g(1", "function main() {\n  g(1);\n}\n");
    }

    #[test]
    fn needs_no_parse_breaking_edits() {
        // Dropping the loop around `break` would not parse; the reducer keeps it.
        check(
            "function main() { while (1 < 2) { foo(); break; } }",
            "break",
            "function main() {\n  while (1) {\n    break;\n  }\n}\n",
        );
    }
}
