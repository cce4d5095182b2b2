//! DOT output, checked against complete expected graphs.

use super::*;

/// Builds a graph with `build` and compares its text with `expect`.
fn check(build: impl FnOnce(&mut Digraph), expect: &str) {
    let mut graph = Digraph::new("G");
    build(&mut graph);
    assert_eq!(graph.render(), expect);
}

#[test]
fn empty_graph() {
    check(|_| {}, "digraph G {\n}");
    assert_eq!(
        Digraph::new("call tree").render(),
        "digraph \"call tree\" {\n}"
    );
    assert_eq!(Digraph::new("9lives").render(), "digraph \"9lives\" {\n}");
    assert_eq!(Digraph::new("").render(), "digraph \"\" {\n}");
    assert_eq!(Digraph::new("node").render(), "digraph \"node\" {\n}");
    assert_eq!(Digraph::new("ast_2").render(), "digraph ast_2 {\n}");
}

#[test]
fn nodes_and_attributes() {
    check(
        |g| {
            g.node(1).label("root").shape("box");
            g.node(7);
            g.node(3).color("red").label("x").shape("ellipse");
        },
        "digraph G {\n  n1 [label=\"root\", shape=\"box\"];\n  n7;\n  n3 [label=\"x\", shape=\"ellipse\", color=\"red\"];\n}",
    );
    // Asking for an existing node edits it in place, at its original position.
    check(
        |g| {
            g.node(1).label("first");
            g.node(2);
            g.node(1).label("second").color("blue");
        },
        "digraph G {\n  n1 [label=\"second\", color=\"blue\"];\n  n2;\n}",
    );
}

#[test]
fn edges() {
    check(
        |g| {
            g.node(1).label("caller");
            g.edge(1, 2).label("call").style("dashed");
            g.edge(1, 2).color("#00ff00");
            g.edge(2, 1);
        },
        "digraph G {\n  n1 [label=\"caller\"];\n  n1 -> n2 [label=\"call\", style=\"dashed\"];\n  \
         n1 -> n2 [color=\"#00ff00\"];\n  n2 -> n1;\n}",
    );
}

#[test]
fn escaping() {
    check(
        |g| {
            g.node(0).label("say \"hi\"\\n\r\nnext line {}<>|;");
            g.edge(0, 0).label("a\\lb");
        },
        "digraph G {\n  n0 [label=\"say \\\"hi\\\"\\\\n\\nnext line {}<>|;\"];\n  n0 -> n0 [label=\"a\\\\lb\"];\n}",
    );
}

#[test]
fn graph_attributes() {
    check(
        |g| {
            g.attribute("rankdir", "LR")
                .attribute("label", "Splits")
                .attribute("rankdir", "TB");
            g.node(1);
        },
        "digraph G {\n  rankdir=\"TB\";\n  label=\"Splits\";\n  n1;\n}",
    );
    assert_eq!(Digraph::new("G").to_string(), Digraph::new("G").render());
}
