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
    let elements = Elements::new_in(&rt, &(0..5).map(|i| Value::from_i64(i * 10)).collect::<Vec<_>>());
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

/// An object whose internal value is `i`, so that reading it back shows the object survived.
fn numbered(rt: &Runtime<Mini>, i: i64) -> Value {
    Value::from_object(rt.alloc(DynObject::with_shape(porcini::shape::ShapeId::ROOT, Value::from_i64(i))))
}

/// The number an element made by `numbered` holds.
fn number_of(v: Option<Value>) -> Option<i64> {
    v?.as_object()?.internal().as_i64()
}

/// Elements grow through every buffer capacity (and past the largest, into a host allocation),
/// by appending, by writing past the end and by setting the length, and keep the objects they
/// hold alive across collections, with the heap collecting at every allocation. A truncation
/// lets go of the values it removes, and extending again brings back holes, not them.
#[test]
fn elements_keep_their_values_through_growth_and_collections() {
    let rt = Runtime::<Mini>::new(EngineOptions { gc_stress: true, ..EngineOptions::default() }, Default::default());
    let e = Elements::new_in(&rt, &[]);
    let _held = rt.keep_alive(Value::from_elements(e));
    for i in 0..600 {
        let v = numbered(&rt, i);
        e.push(&rt, v);
    }
    let v = numbered(&rt, 1000);
    e.set(&rt, 1000, v);
    rt.collect_garbage();
    assert_eq!(e.len(), 1001);
    assert!((0..600).all(|i| number_of(e.get(i)) == Some(i as i64)));
    assert!(e.get(600).is_some_and(Value::is_empty) && e.get(999).is_some_and(Value::is_empty));
    assert_eq!(number_of(e.get(1000)), Some(1000));
    assert!(e.get(1001).is_none());

    let before = rt.heap.stats().live_objects;
    e.set_len(&rt, 10);
    rt.collect_garbage();
    let after = rt.heap.stats().live_objects;
    // 591 values were removed. The conservative stack scan may still find a few of them in
    // stale stack slots or registers (the last one made is a local above), so a handful may stay.
    assert!(before - after >= 585, "a truncation keeps what it removed alive: {before} -> {after} objects");
    e.set_len(&rt, 20);
    assert!((10..20).all(|i| e.get(i).is_some_and(Value::is_empty)));
    assert!(e.pop().is_some_and(Value::is_empty));

    e.modify(&rt, |v| {
        v.truncate(10);
        v.reverse()
    });
    rt.collect_garbage();
    assert_eq!((0..10).map(|i| number_of(e.get(i)).unwrap_or(-1)).collect::<Vec<_>>(), [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    assert!(!e.replace(10, Value::from_i64(1)) && e.replace(9, Value::from_i64(1)));
    assert_eq!(e.read(|s| s.len()), 10);
}

/// Elements made with holes have them, at every capacity.
#[test]
fn new_elements_of_any_length_are_holes() {
    let rt = Runtime::<Mini>::new(EngineOptions::default(), Default::default());
    for n in [0, 1, 3, 4, 7, 8, 100, 255, 256, 5000] {
        let e = Elements::with_holes(&rt, n);
        assert_eq!(e.len(), n);
        assert!(e.read(|s| s.iter().all(|v| v.is_empty())));
    }
}

/// The buffer compiled code makes in place for `n` values is the one the runtime makes: the
/// smallest slab of the listed ones with room, none of which is past the in-place limit.
#[test]
fn buffers_made_in_place_are_the_runtimes_buffers() {
    use porcini::buffer::{IN_PLACE_MAX, ValueBuffer, in_place_slabs};
    let rt = Runtime::<Mini>::new(EngineOptions::default(), Default::default());
    let slabs = in_place_slabs(&rt).expect("the heap has fast paths");
    assert!(slabs.windows(2).all(|w| w[0].capacity < w[1].capacity));
    assert_eq!(slabs.last().map(|s| s.capacity), Some(IN_PLACE_MAX));
    for n in 1..=IN_PLACE_MAX {
        let made = ValueBuffer::with_room(&rt, n).capacity();
        let in_place = slabs.iter().find(|s| s.capacity >= n).map(|s| s.capacity);
        assert_eq!(Some(made), in_place, "room for {n}");
    }
    let stressed = Runtime::<Mini>::new(EngineOptions { gc_stress: true, ..EngineOptions::default() }, Default::default());
    assert!(in_place_slabs(&stressed).is_none());
}
