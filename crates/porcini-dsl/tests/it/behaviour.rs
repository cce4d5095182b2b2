//! Behaviour of generated nodes: specialization transitions, rewrites, `replaces`, the fallback,
//! cached instances up to their limit and the generic specialization after it, polymorphism
//! reports and cost classes — observed by running nodes of the Toy language in the interpreter,
//! and, for what a compiler would see, through the recording stage.

use std::cell::{Cell, OnceCell};

use porcini::spec::SpecState;
use porcini::{Cmp, Frame, GuestError, NodeCost, SpecFail, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use crate::toy::{Arg, Child, Harness, Toy, toy_node};

type SpecResult<V> = Result<V, SpecFail<V>>;

/// The message of a guest error.
fn error_text(r: Result<Value, Unwind<Value>>) -> String {
    match r {
        Err(u) => u.take_error().to_string(),
        Ok(v) => panic!("expected a guest error, got {v:?}"),
    }
}

/// Addition: exact on small integers until it overflows, then saturating for good; `or` on
/// booleans; a type error otherwise.
struct AddNode {
    left: Child,
    right: Child,
    spec: SpecState,
}

impl AddNode {
    fn new() -> AddNode {
        AddNode { left: Arg::child(0), right: Arg::child(1), spec: SpecState::default() }
    }
    fn both_ints<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        let x = s.has_tag(a, Tag::Int);
        let y = s.has_tag(b, Tag::Int);
        s.and(x, y)
    }
    fn saturating(&self, _f: &mut Frame<'_, Toy>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let int = |i: usize| v.get(i).and_then(|x| x.as_i64()).unwrap_or(0);
        Ok(Value::from_i64(int(0).saturating_add(int(1))))
    }
}

#[specializations(language = Toy, execute(left, right), report_polymorphism)]
impl AddNode {
    #[specialization]
    fn add_int<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let (r, overflow) = s.add_i64(a, b);
        let ok = s.not(overflow);
        if !s.speculate(ok, "overflow") {
            return Err(SpecFail::Rewrite);
        }
        Ok(s.box_i64(r))
    }
    #[specialization(guard = both_ints, replaces(add_int))]
    fn add_saturating<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("saturating", self, Self::saturating, &[a, b])?)
    }
    #[specialization]
    fn add_bools<S: Stage<Toy>>(&self, s: &mut S, a: S::Bool, b: S::Bool) -> SpecResult<S::Val> {
        let r = s.or(a, b);
        Ok(s.box_bool(r))
    }
    #[fallback]
    fn type_error<S: Stage<Toy>>(&self, _s: &mut S, _a: S::Val, _b: S::Val) -> SpecResult<S::Val> {
        Err(SpecFail::Unwind(GuestError::raise("type error")))
    }
}

toy_node!(AddNode);

#[test]
fn rewrite_replaces_and_fallback() {
    let h = Harness::new(AddNode::new());
    assert_eq!(h.node.spec_cost(), NodeCost::Uninitialized);
    assert_eq!(h.node.spec_active_names(), Vec::<&str>::new());

    assert_eq!(h.ints(&[1, 2]), 3);
    assert_eq!(h.node.spec_active_names(), ["add_int"]);
    assert_eq!(h.node.spec_cost(), NodeCost::Monomorphic);
    assert_eq!(h.reports(), 0, "the first specialization never reports");

    // Overflow: the body asks for a rewrite, `add_int` is excluded and the replacing
    // specialization computes the result from the same operands.
    assert_eq!(h.ints(&[i64::MAX, 1]), i64::MAX);
    assert_eq!(h.node.spec_active_names(), ["add_saturating"]);
    assert_eq!(h.reports(), 1, "a rewrite of a specialized node is a polymorphic specialization");

    // Monotone: small operands stay on the generic path.
    assert_eq!(h.ints(&[1, 2]), 3);
    assert_eq!(h.node.spec_active_names(), ["add_saturating"]);
    assert_eq!(h.reports(), 1);

    let r = h.call(&[Value::from_bool(true), Value::from_bool(false)]);
    assert!(r.ok().and_then(|v| v.as_bool()) == Some(true));
    assert_eq!(h.node.spec_active_names(), ["add_saturating", "add_bools"]);
    assert_eq!(h.node.spec_cost(), NodeCost::Polymorphic);
    assert_eq!(h.reports(), 2);

    assert_eq!(error_text(h.call(&[Value::from_bool(true), Value::from_i64(1)])), "type error");
    assert_eq!(h.node.spec_active_names(), ["add_saturating", "add_bools", "type_error"]);
    assert_eq!(h.reports(), 3);

    // The fallback's guard leaves integers and booleans to the other specializations.
    assert_eq!(h.ints(&[20, 22]), 42);
    assert!(h.call(&[Value::from_bool(false), Value::from_bool(false)]).ok().and_then(|v| v.as_bool()) == Some(false));
    assert_eq!(error_text(h.call(&[Value::NULL, Value::NULL])), "type error");
    assert_eq!(h.reports(), 3, "running active specializations changes nothing");
}

/// Scales an integer by ten: up to two cached operands (the result is then a constant), then the
/// general multiplication, which replaces the cache; anything else is null.
struct ScaleNode {
    value: Child,
    spec: SpecState,
    seen: [OnceCell<i64>; 2],
    keys_computed: Cell<u32>,
}

impl ScaleNode {
    fn new() -> ScaleNode {
        ScaleNode {
            value: Arg::child(0),
            spec: SpecState::default(),
            seen: Default::default(),
            keys_computed: Cell::new(0),
        }
    }
    fn int_of(&self, _f: &mut Frame<'_, Toy>, v: Value) -> i64 {
        self.keys_computed.set(self.keys_computed.get() + 1);
        v.as_i64().unwrap_or(0)
    }
    fn same_int<S: Stage<Toy>>(&self, s: &mut S, v: S::Val, cached: &i64) -> S::Bool {
        let x = s.unbox_i64(v);
        let c = s.i64_const(*cached);
        s.cmp_i64(Cmp::Eq, x, c)
    }
    fn is_int<S: Stage<Toy>>(&self, s: &mut S, v: S::Val) -> S::Bool {
        s.has_tag(v, Tag::Int)
    }
}

#[specializations(language = Toy, execute(value), report_polymorphism)]
impl ScaleNode {
    #[specialization(cached(key = int_of, guard = same_int, cache = seen), limit = 2)]
    fn cached<S: Stage<Toy>>(&self, s: &mut S, #[cached] k: i64, _v: S::I64) -> SpecResult<S::Val> {
        let r = s.i64_const(k * 10);
        Ok(s.box_i64(r))
    }
    #[specialization(guard = is_int, replaces(cached))]
    fn generic<S: Stage<Toy>>(&self, s: &mut S, v: S::I64) -> SpecResult<S::Val> {
        let ten = s.i64_const(10);
        let (r, _) = s.mul_i64(v, ten);
        Ok(s.box_i64(r))
    }
    #[fallback]
    fn other<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> SpecResult<S::Val> {
        Ok(s.konst(Value::NULL))
    }
}

toy_node!(ScaleNode);

#[test]
fn cached_instances_up_to_the_limit_then_generic() {
    let h = Harness::new(ScaleNode::new());
    assert_eq!(h.ints(&[1]), 10);
    assert_eq!(h.node.spec_active_names(), ["cached"]);
    assert_eq!((h.node.spec_instances(), h.node.spec_cost(), h.reports()), (1, NodeCost::Monomorphic, 0));
    assert_eq!(h.node.keys_computed.get(), 1);

    // A hit runs the instance without computing a key.
    assert_eq!(h.ints(&[1]), 10);
    assert_eq!(h.node.keys_computed.get(), 1);

    // A second instance makes the node polymorphic, and is reported.
    assert_eq!(h.ints(&[2]), 20);
    assert_eq!((h.node.spec_instances(), h.node.spec_cost(), h.reports()), (2, NodeCost::Polymorphic, 1));
    assert_eq!((h.ints(&[1]), h.ints(&[2])), (10, 20));
    assert_eq!(h.node.keys_computed.get(), 2);

    // The limit is reached: the generic specialization takes the operand and replaces the cache.
    assert_eq!(h.ints(&[3]), 30);
    assert_eq!(h.node.spec_active_names(), ["generic"]);
    assert_eq!((h.node.spec_instances(), h.node.spec_cost(), h.reports()), (1, NodeCost::Monomorphic, 2));
    assert_eq!(h.node.keys_computed.get(), 2, "a full cache computes no key");

    // The cache never comes back, not even for an operand it held.
    assert_eq!(h.ints(&[1]), 10);
    assert_eq!(h.node.spec_active_names(), ["generic"]);

    assert!(matches!(h.call(&[Value::NULL]), Ok(v) if v.tag() == Tag::Null));
    assert_eq!(h.node.spec_active_names(), ["generic", "other"]);
    assert_eq!(h.reports(), 3);
}

#[test]
fn a_full_cache_leaves_only_the_rest_to_the_fallback() {
    // With the cache full and the fallback active, the instances still take their operands and
    // the fallback the others, without computing a key.
    let h = Harness::new(ScaleNode::new());
    assert_eq!((h.ints(&[4]), h.ints(&[5])), (40, 50));
    assert!(matches!(h.call(&[Value::from_bool(true)]), Ok(v) if v.tag() == Tag::Null));
    assert_eq!(h.node.spec_active_names(), ["cached", "other"]);
    assert_eq!((h.ints(&[4]), h.ints(&[5])), (40, 50));
    assert_eq!(h.node.spec_instances(), 3);
    assert_eq!(h.node.keys_computed.get(), 2);
}

/// What the recording stage sees of a cached node: each instance's value is a constant of the
/// emitted code, and the instances are tested in creation order.
#[test]
fn cached_values_are_constants_for_a_compiler() {
    let h = Harness::new(ScaleNode::new());
    assert_eq!(h.ints(&[7]), 70);
    insta::assert_snapshot!("scale_monomorphic_record", h.record());
    assert_eq!(h.ints(&[8]), 80);
    insta::assert_snapshot!("scale_polymorphic_record", h.record());
}

/// Remembers the tags of up to two operands and answers whether it saw the operand's tag first;
/// any other tag goes to the fallback, and the full cache stays.
struct TagNode {
    value: Child,
    spec: SpecState,
    tags: [OnceCell<Tag>; 2],
}

impl TagNode {
    fn new() -> TagNode {
        TagNode { value: Arg::child(0), spec: SpecState::default(), tags: Default::default() }
    }
    fn tag_of(&self, _f: &mut Frame<'_, Toy>, v: Value) -> Tag {
        v.tag()
    }
    fn has<S: Stage<Toy>>(&self, s: &mut S, v: S::Val, tag: &Tag) -> S::Bool {
        s.has_tag(v, *tag)
    }
}

#[specializations(language = Toy, execute(value))]
impl TagNode {
    #[specialization(cached(key = tag_of, guard = has, cache = tags), limit = 2)]
    fn seen<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val, #[cached] tag: &Tag) -> SpecResult<S::Val> {
        let first = *tag == Tag::Int;
        let b = s.bool_const(first);
        Ok(s.box_bool(b))
    }
    #[fallback]
    fn unseen<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> SpecResult<S::Val> {
        Ok(s.konst(Value::NULL))
    }
}

toy_node!(TagNode);

#[test]
fn a_full_cache_without_a_replacement_shares_the_node_with_the_fallback() {
    let h = Harness::new(TagNode::new());
    let tag = |v: Value| h.call(&[v]).map(|r| r.tag()).ok();
    assert_eq!(tag(Value::from_i64(1)), Some(Tag::Bool));
    assert_eq!(tag(Value::from_bool(true)), Some(Tag::Bool));
    assert_eq!(tag(Value::NULL), Some(Tag::Null));
    assert_eq!(h.node.spec_active_names(), ["seen", "unseen"]);
    assert_eq!(h.node.spec_instances(), 3);
    // The recording shows the fallback taken without a deoptimization: its guard is exact.
    insta::assert_snapshot!("tag_full_cache_and_fallback_record", h.record());
    assert_eq!(h.reports(), 0, "the node does not report polymorphism");
}

/// Classifies a value; the boolean specialization is excluded from reports, the generic one is
/// megamorphic.
struct KindNode {
    value: Child,
    spec: SpecState,
}

impl KindNode {
    fn new() -> KindNode {
        KindNode { value: Arg::child(0), spec: SpecState::default() }
    }
    fn anything<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> S::Bool {
        s.bool_const(true)
    }
}

#[specializations(language = Toy, execute(value), report_polymorphism)]
impl KindNode {
    #[specialization]
    fn int<S: Stage<Toy>>(&self, s: &mut S, _v: S::I64) -> SpecResult<S::Val> {
        let k = s.i64_const(1);
        Ok(s.box_i64(k))
    }
    #[specialization(exclude)]
    fn boolean<S: Stage<Toy>>(&self, s: &mut S, _v: S::Bool) -> SpecResult<S::Val> {
        let k = s.i64_const(2);
        Ok(s.box_i64(k))
    }
    #[specialization(guard = anything, megamorphic)]
    fn other<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> SpecResult<S::Val> {
        let k = s.i64_const(3);
        Ok(s.box_i64(k))
    }
}

toy_node!(KindNode);

#[test]
fn exclude_and_megamorphic_reports() {
    let h = Harness::new(KindNode::new());
    assert_eq!(h.ints(&[5]), 1);
    assert_eq!(h.call(&[Value::from_bool(true)]).ok().and_then(|v| v.as_i64()), Some(2));
    assert_eq!(h.node.spec_active_names(), ["int", "boolean"]);
    assert_eq!(h.reports(), 0, "an excluded specialization does not count");
    assert_eq!(h.node.spec_cost(), NodeCost::Polymorphic);
    assert_eq!(h.call(&[Value::NULL]).ok().and_then(|v| v.as_i64()), Some(3));
    assert_eq!(h.reports(), 1, "one report, though the activation is both polymorphic and megamorphic");
    assert_eq!(h.node.spec_cost(), NodeCost::Megamorphic);
}

/// The same classification without `report_polymorphism`: only the megamorphic specialization
/// reports.
struct MegaNode {
    value: Child,
    spec: SpecState,
}

impl MegaNode {
    fn new() -> MegaNode {
        MegaNode { value: Arg::child(0), spec: SpecState::default() }
    }
    fn anything<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> S::Bool {
        s.bool_const(true)
    }
}

#[specializations(language = Toy, execute(value))]
impl MegaNode {
    #[specialization]
    fn int<S: Stage<Toy>>(&self, s: &mut S, _v: S::I64) -> SpecResult<S::Val> {
        let k = s.i64_const(1);
        Ok(s.box_i64(k))
    }
    #[specialization]
    fn boolean<S: Stage<Toy>>(&self, s: &mut S, _v: S::Bool) -> SpecResult<S::Val> {
        let k = s.i64_const(2);
        Ok(s.box_i64(k))
    }
    #[specialization(guard = anything, megamorphic)]
    fn other<S: Stage<Toy>>(&self, s: &mut S, _v: S::Val) -> SpecResult<S::Val> {
        let k = s.i64_const(3);
        Ok(s.box_i64(k))
    }
}

toy_node!(MegaNode);

#[test]
fn megamorphic_reports_without_report_polymorphism() {
    let h = Harness::new(MegaNode::new());
    assert_eq!(h.ints(&[5]), 1);
    assert_eq!(h.call(&[Value::from_bool(true)]).ok().and_then(|v| v.as_i64()), Some(2));
    assert_eq!(h.reports(), 0);
    assert_eq!(h.call(&[Value::NULL]).ok().and_then(|v| v.as_i64()), Some(3));
    assert_eq!(h.reports(), 1);

    // A megamorphic specialization reports as soon as it is active, even as the node's first.
    let fresh = Harness::new(MegaNode::new());
    assert_eq!(fresh.call(&[Value::NULL]).ok().and_then(|v| v.as_i64()), Some(3));
    assert_eq!(fresh.reports(), 1);
}

#[test]
fn the_monomorphic_add_speculates_and_the_polymorphic_one_branches() {
    let h = Harness::new(AddNode::new());
    assert_eq!(h.ints(&[1, 2]), 3);
    insta::assert_snapshot!("add_monomorphic_record", h.record());
    assert!(h.call(&[Value::from_bool(true), Value::from_bool(true)]).is_ok());
    insta::assert_snapshot!("add_polymorphic_record", h.record());
}

/// Divides 100 by the operand: cached divisors while they divide, then a general division that
/// answers null for zero. A division failing in an instance rewrites the whole cached
/// specialization away.
struct InverseNode {
    value: Child,
    spec: SpecState,
    divisors: [OnceCell<i64>; 3],
}

impl InverseNode {
    fn new() -> InverseNode {
        InverseNode { value: Arg::child(0), spec: SpecState::default(), divisors: Default::default() }
    }
    fn divisor(&self, _f: &mut Frame<'_, Toy>, v: Value) -> i64 {
        v.as_i64().unwrap_or(0)
    }
    fn same<S: Stage<Toy>>(&self, s: &mut S, v: S::Val, cached: &i64) -> S::Bool {
        let x = s.unbox_i64(v);
        let c = s.i64_const(*cached);
        s.cmp_i64(Cmp::Eq, x, c)
    }
    fn divide(&self, _f: &mut Frame<'_, Toy>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let d = v.first().and_then(|x| x.as_i64()).unwrap_or(0);
        Ok(100i64.checked_div(d).map_or(Value::NULL, Value::from_i64))
    }
}

#[specializations(language = Toy, execute(value))]
impl InverseNode {
    #[specialization(cached(key = divisor, guard = same, cache = divisors))]
    fn cached<S: Stage<Toy>>(&self, s: &mut S, _v: S::I64, #[cached] d: &i64) -> SpecResult<S::Val> {
        let hundred = s.i64_const(100);
        let d = s.i64_const(*d);
        let (q, failed) = s.div_i64(hundred, d);
        let ok = s.not(failed);
        if !s.speculate(ok, "division") {
            return Err(SpecFail::Rewrite);
        }
        Ok(s.box_i64(q))
    }
    #[fallback]
    fn general<S: Stage<Toy>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("divide", self, Self::divide, &[v])?)
    }
}

toy_node!(InverseNode);

#[test]
fn a_rewrite_in_an_instance_excludes_every_instance() {
    let h = Harness::new(InverseNode::new());
    assert_eq!((h.ints(&[5]), h.ints(&[4])), (20, 25));
    assert_eq!(h.node.spec_instances(), 2);
    assert!(matches!(h.call(&[Value::from_i64(0)]), Ok(v) if v.tag() == Tag::Null));
    assert_eq!(h.node.spec_active_names(), ["general"]);
    assert_eq!(h.node.spec_instances(), 1);
    // The instances for 5 and 4 went with their specialization.
    assert_eq!(h.ints(&[5]), 20);
    assert_eq!(h.node.spec_active_names(), ["general"]);
}

/// The specialization tutorial's addition: 32-bit integers that rewrite to doubles when the sum
/// leaves the range, and doubles, which take integers too (widened), so `2147483647 + 1` is the
/// double `2147483648` and the node stays on doubles for good.
struct NumberAddNode {
    left: Child,
    right: Child,
    spec: SpecState,
}

impl NumberAddNode {
    fn new() -> NumberAddNode {
        NumberAddNode { left: Arg::child(0), right: Arg::child(1), spec: SpecState::default() }
    }
}

#[specializations(language = Toy, execute(left, right))]
impl NumberAddNode {
    #[specialization]
    fn add_int32<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        // Two 32-bit operands cannot overflow 64 bits; the sum must fit 32.
        let (r, _) = s.add_i64(a, b);
        let fits = s.wrap_i32(r, true);
        let ok = s.cmp_i64(Cmp::Eq, fits, r);
        if !s.speculate(ok, "int32 overflow") {
            return Err(SpecFail::Rewrite);
        }
        Ok(s.box_i64(r))
    }
    #[specialization(replaces(add_int32))]
    fn add_double<S: Stage<Toy>>(&self, s: &mut S, a: S::F64, b: S::F64) -> SpecResult<S::F64> {
        Ok(s.float_arith(porcini::FloatOp::Add, a, b))
    }
}

toy_node!(NumberAddNode);

#[test]
fn int32_overflow_rewrites_to_doubles_which_take_integers_too() {
    let h = Harness::new(NumberAddNode::new());
    let add = |a: Value, b: Value| h.call(&[a, b]).ok().expect("a number");
    let (int, double) = (Value::from_i64, Value::from_f64);
    assert_eq!(add(int(1), int(2)).as_i64(), Some(3));
    assert_eq!(h.node.spec_active_names(), ["add_int32"]);
    insta::assert_snapshot!("number_add_int32_record", h.record());
    // The seed's example: the exact sum is a double, and the node is on doubles from now on.
    let big = add(int(2147483647), int(1));
    assert_eq!((big.tag(), big.as_f64()), (Tag::Double, Some(2147483648.0)));
    assert_eq!(h.node.spec_active_names(), ["add_double"]);
    let small = add(int(1), int(2));
    assert_eq!((small.tag(), small.as_f64()), (Tag::Double, Some(3.0)));
    assert_eq!(add(double(0.5), int(2)).as_f64(), Some(2.5));
    // What a compiler sees: both operands checked to be numbers and widened where they are
    // integers, one float addition, the result boxed.
    insta::assert_snapshot!("number_add_double_record", h.record());
    assert_eq!(h.node.spec_active_names(), ["add_double"]);
}
