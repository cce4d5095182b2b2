//! Spans: every node records the bytes it was parsed from, and the line index turns offsets
//! into node-like positions.

use lang_es::parser::ast::{ExprKind, FunctionBody, StmtKind};
use lang_es::parser::{LineIndex, Span, parse_module};

fn text(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

fn top_level(src: &str) -> Vec<String> {
    let m = parse_module(src, "t.js").expect("parses");
    match &m.function.body {
        FunctionBody::Block(stmts) => stmts
            .iter()
            .map(|s| text(src, s.span).to_string())
            .collect(),
        FunctionBody::Expr(_) => unreachable!(),
    }
}

#[test]
fn statements_span_their_source() {
    let src = "let a = 1;\nif (a) { b() } else c\nfunction f(x) { return x }\nclass K extends L { m() {} }\nl: for (;;) break l\nx = (1 + 2) * 3";
    assert_eq!(
        top_level(src),
        [
            "let a = 1;",
            "if (a) { b() } else c",
            "function f(x) { return x }",
            "class K extends L { m() {} }",
            "l: for (;;) break l",
            "x = (1 + 2) * 3",
        ]
    );
}

#[test]
fn expressions_span_their_source() {
    let src = "x = (a + b) * c?.d(e, ...f) ?? (g => g)";
    let m = parse_module(src, "t.js").expect("parses");
    let FunctionBody::Block(stmts) = &m.function.body else {
        unreachable!()
    };
    let StmtKind::Expr(e) = &stmts[0].kind else {
        panic!()
    };
    let ExprKind::Assign { target, value, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(text(src, target.span), "x");
    assert_eq!(text(src, value.span), "(a + b) * c?.d(e, ...f) ?? (g => g)");
    let ExprKind::Logical(_, left, right) = &value.kind else {
        panic!()
    };
    assert_eq!(text(src, left.span), "(a + b) * c?.d(e, ...f)");
    assert_eq!(text(src, right.span), "(g => g)");
    let ExprKind::Paren(arrow) = &right.kind else {
        panic!()
    };
    assert_eq!(text(src, arrow.span), "g => g");
    let ExprKind::Binary(_, product_left, call) = &left.kind else {
        panic!()
    };
    assert_eq!(text(src, product_left.span), "(a + b)");
    assert_eq!(text(src, call.span), "c?.d(e, ...f)");
}

#[test]
fn line_index_counts_like_node() {
    let index = LineIndex::new("ab\ncd\r\nef\rgh\u{2028}é𝑥z");
    assert_eq!(index.line_count(), 5);
    assert_eq!(index.line_col(0), (1, 1));
    assert_eq!(index.line_col(3), (2, 1));
    assert_eq!(index.line_col(7), (3, 1));
    assert_eq!(index.line_col(10), (4, 1));
    // Line 5 starts after the 3-byte U+2028; `é` is 2 bytes and 1 unit, `𝑥` 4 bytes and 2 units.
    let line5 = "ab\ncd\r\nef\rgh\u{2028}".len() as u32;
    assert_eq!(index.line_col(line5), (5, 1));
    assert_eq!(index.line_col(line5 + 2), (5, 2));
    assert_eq!(index.line_col(line5 + 6), (5, 4));
    assert_eq!(index.line_col(10_000), (5, 5));
}
