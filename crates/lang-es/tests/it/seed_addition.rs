//! The specialization tutorial's addition (`../shared/seeds/specializations-tutorial.txt`), as
//! EasyScript's `+` implements it in the DSL: two int32s add as integers while the sum fits,
//! and the first overflow rewrites the node to doubles for good (`2147483647 + 1` is
//! `2147483648`, never a wrapped integer); doubles add as doubles; strings concatenate; anything
//! else takes the generic path. Each program runs in the interpreter, and the snapshot shows
//! what it printed and which specializations of the `+` in `add` are active afterwards.

use std::cell::RefCell;
use std::rc::Rc;

use lang_es::{EsEngine, Host};
use porcini::{EngineOptions, ExprNode};

/// A sink for the program's standard output that the test can read.
#[derive(Clone, Default)]
struct Out(Rc<RefCell<Vec<u8>>>);

impl std::io::Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Finds the first node of kind `kind` in a tree.
fn find<'a>(node: &'a dyn ExprNode<lang_es::Es>, kind: &str) -> Option<&'a dyn ExprNode<lang_es::Es>> {
    if node.kind_name() == kind {
        return Some(node);
    }
    node.children().into_iter().find_map(|c| find(c, kind))
}

/// Runs `calls` after the definition of `add`; what they printed, and the active
/// specializations of its `+`.
fn check(calls: &str) -> String {
    let source = format!("function add(a, b) {{ return a + b; }}\n{calls}\n");
    let out = Out::default();
    let options = EngineOptions { compilation: false, ..EngineOptions::default() };
    let engine = EsEngine::new(options, Host::new(Box::new(out.clone())));
    engine.run(&source, "seed.js").expect("the program runs");
    let rt = engine.runtime();
    let add = rt.call_targets().into_iter().find(|t| t.name() == "add").expect("add");
    let plus = add.root().tree().and_then(|t| find(t, "Add")).expect("the + node");
    let printed = String::from_utf8_lossy(&out.0.borrow()).trim_end().replace('\n', " ");
    format!("{calls:<70} | {printed:<28} | {:?}", plus.active_specializations())
}

#[test]
fn int32_addition_rewrites_to_doubles_on_overflow() {
    let cases = [
        "console.log(add(1, 2))",
        "console.log(add(1, 2), add(2147483647, 1))",
        "console.log(add(2147483647, 1), add(1, 2))",
        "console.log(add(-2147483648, -1))",
        "console.log(add(1, 2), add(0.5, 0.25))",
        "console.log(add(1, 2), add('a', 'b'))",
        "console.log(add(1, 2), add(2147483647, 1), add('a', 'b'), add(1, 'b'))",
    ];
    let table: Vec<String> = cases.iter().map(|c| check(c)).collect();
    insta::assert_snapshot!(table.join("\n"));
}
