//! Elements compiled: an object's internal value, the number of elements, and reading and
//! writing element `i`, the loads and stores compiled code does for `a[i]`.
//!
//! The function takes an object whose internal value is elements, and an index; it writes the
//! index's negation to element `i` when `i` is in bounds and answers what the element held,
//! or the length when `i` is out of bounds. Interpreted and compiled runs on the same inputs
//! must agree, and leave the elements the same.

use std::rc::Rc;

use porcini::elements::Elements;
use porcini::object::DynObject;
use porcini::{Cmp, EngineOptions, Runtime, Stage, Tag, Unwind, Value};
use porcini_jit::Jit;

use crate::mini::{Function, Mini, Node, mini_node};

/// `if (0 <= i < len) { old = e[i]; e[i] = -i; old } else { len }`.
struct Access;
impl Access {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (o, i) = (s.read_arg(0), s.read_arg(1));
        let e = s.load_internal(o);
        let is_elements = s.has_tag(e, Tag::Elements);
        s.speculate(is_elements, "elements");
        let len = s.elements_len(e);
        let i = s.unbox_i64(i);
        let zero = s.i64_const(0);
        let below = s.cmp_i64(Cmp::Lt, i, zero);
        let not_below = s.not(below);
        let under = s.cmp_i64(Cmp::Lt, i, len);
        let inside = s.and(not_below, under);
        s.if_else(
            inside,
            |s| {
                let old = s.elements_get(e, i);
                let z = s.i64_const(0);
                let (neg, _) = s.sub_i64(z, i);
                let neg = s.box_i64(neg);
                s.elements_set(e, i, neg);
                Ok(old)
            },
            |s| Ok(s.box_i64(len)),
        )
    }
}
mini_node!(Access, "Access", |_t| Vec::new());

/// The results and the elements afterwards, interpreted or compiled.
fn run(compile: bool, indices: &[i64]) -> (Vec<Value>, Vec<Value>) {
    let options = EngineOptions {
        compilation: compile,
        compile_immediately: true,
        background_compilation: false,
        verify_ir: true,
        ..EngineOptions::default()
    };
    let rt = Runtime::<Mini>::new(options, Default::default());
    if compile {
        rt.set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    let body: Vec<Node> = vec![Box::new(porcini::control::ReturnNode::new(Some(Box::new(Access))))];
    let target = rt.create_call_target(Box::new(Function::new("access", 2, 2, body)));
    let elements = rt.alloc(Elements::new((0..5).map(|i| Value::from_i64(i * 10)).collect()));
    let obj = rt.alloc(DynObject::with_shape(porcini::shape::ShapeId::ROOT, Value::from_elements(elements)));
    let results = indices
        .iter()
        .map(|&i| rt.call_entry(&target, &[Value::from_object(obj), Value::from_i64(i)]).unwrap_or_else(|u| panic!("{}", u.take_error())))
        .collect();
    (results, elements.to_vec())
}

#[test]
fn elements_are_read_and_written_alike() {
    let indices = [0, 4, 5, -1, 2, 4, 100];
    let (interpreted, compiled) = (run(false, &indices), run(true, &indices));
    assert_eq!(format!("{interpreted:?}"), format!("{compiled:?}"));
    let got: Vec<Option<i64>> = compiled.0.iter().map(|v| v.as_i64()).collect();
    assert_eq!(got, [Some(0), Some(40), Some(5), Some(5), Some(20), Some(-4), Some(5)]);
}
