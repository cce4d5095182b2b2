//! Properties every generated program must have, checked on many seeds without running them:
//! the generator is deterministic, its programs parse (and so does the code they hand to
//! `defineFunction` and `eval`), stay short, and print back to the same model.

use crate::entropy::ByteReader;
use crate::sl::model::{Expr, Program, Stmt};
use crate::sl::{from_ast, print, reduce};

use super::{for_seed, program};

const SEEDS: std::ops::Range<u64> = 0..500;

/// Parses `text`, failing the test with the text and the error if it does not.
fn check_parses(what: &str, text: &str) -> Program {
    match from_ast::parse(text) {
        Ok(p) => p,
        Err(e) => panic!("{what} does not parse: {e:?}\n{text}"),
    }
}

/// Every string literal handed to `defineFunction` or as `eval`'s code.
fn loaded_code(p: &Program) -> Vec<String> {
    fn in_expr(e: &Expr, out: &mut Vec<String>) {
        if let Expr::Call(callee, args) = e {
            let code = match (&**callee, args.as_slice()) {
                (Expr::Name(n), [Expr::Str(code)]) if n == "defineFunction" => Some(code),
                (Expr::Name(n), [_, Expr::Str(code)]) if n == "eval" => Some(code),
                _ => None,
            };
            out.extend(code.cloned());
        }
        for c in e.children() {
            in_expr(c, out);
        }
    }
    fn in_block(b: &[Stmt], out: &mut Vec<String>) {
        for s in b {
            match s {
                Stmt::Expr(e) | Stmt::Return(Some(e)) => in_expr(e, out),
                Stmt::If { cond, then, els } => {
                    in_expr(cond, out);
                    in_block(then, out);
                    in_block(els.as_deref().unwrap_or_default(), out);
                }
                Stmt::While { cond, body } => {
                    in_expr(cond, out);
                    in_block(body, out);
                }
                Stmt::Break | Stmt::Continue | Stmt::Return(None) | Stmt::Debugger => {}
            }
        }
    }
    let mut out = Vec::new();
    for f in &p.functions {
        in_block(&f.body, &mut out);
    }
    out
}

#[test]
fn deterministic_per_seed() {
    for seed in 0..50 {
        assert_eq!(for_seed(seed), for_seed(seed), "seed {seed}");
    }
    assert_ne!(for_seed(1), for_seed(2));
}

#[test]
fn programs_parse_and_round_trip() {
    for seed in SEEDS {
        let p = for_seed(seed);
        let text = print::program(&p);
        let back = check_parses(&format!("seed {seed}"), &text);
        assert_eq!(back, p, "seed {seed} does not print back to its model:\n{text}");
        for code in loaded_code(&p) {
            check_parses(&format!("code loaded by seed {seed}"), &code);
        }
    }
}

#[test]
fn programs_stay_small() {
    let mut longest = 0;
    let mut total = 0;
    for seed in SEEDS {
        let p = for_seed(seed);
        let lines = print::program(&p).lines().count();
        assert!(lines <= 350, "seed {seed} has {lines} lines");
        assert!(p.functions.len() <= 20, "seed {seed} has {} functions", p.functions.len());
        assert_eq!(p.functions.last().map(|f| f.name.as_str()), Some("main"));
        longest = longest.max(lines);
        total += lines;
    }
    // The mix of shapes gives an average well below the limit.
    assert!(total / SEEDS.count() < 200, "average {} lines, longest {longest}", total / SEEDS.count());
}

#[test]
fn byte_input_drives_the_generator() {
    // An exhausted reader makes every choice the first: the smallest program there is.
    let empty = program(ByteReader::new(&[]));
    let text = print::program(&empty);
    check_parses("the program of no bytes", &text);
    assert!(text.lines().count() < 40, "{text}");
    // Arbitrary bytes give valid programs too.
    let mut state = 0x1234_5678_u32;
    for len in [1usize, 7, 64, 300, 2000] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect();
        let p = program(ByteReader::new(&bytes));
        check_parses(&format!("the program of {len} bytes"), &print::program(&p));
    }
}

#[test]
fn reducer_shrinks_a_generated_program() {
    let mut p = for_seed(7);
    let needle = Stmt::Expr(Expr::call_named("println", vec![Expr::num(7)]));
    let main = p.functions.last_mut().expect("main");
    // Bury the statement inside the last loop of main, if there is one.
    match main.body.iter_mut().rev().find_map(|s| if let Stmt::While { body, .. } = s { Some(body) } else { None }) {
        Some(body) => body.push(needle),
        None => main.body.push(needle),
    }
    let mut interesting = |q: &Program| print::program(q).contains("println(7)");
    let reduced = reduce::reduce(p, &mut interesting, &mut |_| {});
    assert_eq!(print::program(&reduced), "function main() {\n  println(7);\n}\n");
}
