//! Statements that are EasyScript's own: `throw`, the steps of `for-of`, `switch`, and
//! `return` in a derived class's constructor.

use std::cell::Cell;
use std::rc::Rc;

use porcini::control::BlockNode;
use porcini::{Cmp, Frame, SlotId, Stage, Tag, Unwind, Value};

use super::{Loc, Node, es_node};
use crate::Es;
use crate::runtime::error::{reference_error, type_error};
use crate::runtime::object::as_array;
use crate::runtime::state::note_site;
use crate::runtime::{UNDEFINED, as_str, new_str};

/// `throw value`.
pub struct ThrowNode {
    value: Node,
    loc: Loc,
}

impl ThrowNode {
    pub fn new(value: Node, loc: Loc) -> ThrowNode {
        ThrowNode { value, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        s.call_boundary("throw_site", self, Self::site, &[])?;
        Err(s.throw(v))
    }
    fn site(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        note_site(f, &self.loc);
        Ok(UNDEFINED)
    }
}

es_node!(ThrowNode, "Throw", children(t => vec![&*t.value]), clone(t, cx => ThrowNode::new(t.value.clone_uninitialized(cx), t.loc.clone())));

/// The first statement of a `catch` handler: the exception is caught, so the place it was
/// thrown from is no longer the one to report. An error raised later where no site is noted
/// (by a builtin, say) is then reported without a place, rather than at this one.
pub struct CaughtNode;

impl CaughtNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.call_boundary("caught", self, Self::forget, &[])
    }
    fn forget(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        *f.lang().throw_site.borrow_mut() = Default::default();
        Ok(UNDEFINED)
    }
}

es_node!(CaughtNode, "Caught", children(_t => vec![]), clone(_t, _cx => CaughtNode));

/// Checks that a `for-of` operand is iterable (an array or a string) and evaluates to it.
pub struct IterableNode {
    value: Node,
    text: Rc<str>,
    loc: Loc,
}

impl IterableNode {
    pub fn new(value: Node, text: Rc<str>, loc: Loc) -> IterableNode {
        IterableNode { value, text, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        s.call_boundary("iterable", self, Self::check, &[v])
    }
    fn check(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let v = v.first().copied().unwrap_or(UNDEFINED);
        if as_array(v).is_some() || as_str(v).is_some() {
            return Ok(v);
        }
        note_site(f, &self.loc);
        Err(type_error(f, &format!("{} is not iterable", self.text)))
    }
}

es_node!(IterableNode, "Iterable", children(t => vec![&*t.value]), clone(t, cx => IterableNode::new(t.value.clone_uninitialized(cx), t.text.clone(), t.loc.clone())));

/// The test of a `for-of` loop: takes the next value of the iterable in frame slot
/// `iterable` at the position in slot `index` into slot `value`, and answers whether there
/// was one. An array is read live (elements pushed during the loop are visited); a string
/// yields its code points.
///
/// A loop that has only ever iterated arrays reads the next element in place (a bounds check
/// and a load in compiled code, as an indexed read is); any other iterable sends it to the
/// general step, a boundary call, for good.
pub struct ForOfNextNode {
    iterable: SlotId,
    index: SlotId,
    value: SlotId,
    /// What the loop has iterated: [`UNSEEN`], [`ARRAYS`] or [`OTHERS`].
    seen: Cell<u8>,
}

/// The loop has not run.
const UNSEEN: u8 = 0;
/// The loop has iterated arrays only.
const ARRAYS: u8 = 1;
/// The loop has iterated something else.
const OTHERS: u8 = 2;

impl ForOfNextNode {
    pub fn new(iterable: SlotId, index: SlotId, value: SlotId) -> ForOfNextNode {
        ForOfNextNode { iterable, index, value, seen: Cell::new(UNSEEN) }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let it = s.read_slot(self.iterable);
        let i = s.read_slot(self.index);
        if self.seen.get() == ARRAYS {
            return self.next_element(s, it, i);
        }
        // The step stores the element and the next index in the frame's slots.
        s.call_frame_boundary("for_of_next", self, Self::next, &[it, i])
    }
    /// The step over an array: the element at index `i` (a hole reads as undefined, as in the
    /// general step), or false past the end; anything else respecializes.
    fn next_element<S: Stage<Es>>(&self, s: &mut S, it: S::Val, i: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        let is_object = s.has_tag(it, Tag::Object);
        let is_int = s.has_tag(i, Tag::Int);
        let both = s.and(is_object, is_int);
        if !s.speculate(both, "for-of array") {
            return s.respecialize(self, Self::generalize, &[it, i]);
        }
        let e = s.load_internal(it);
        let is_elements = s.has_tag(e, Tag::Elements);
        if !s.speculate(is_elements, "for-of array") {
            return s.respecialize(self, Self::generalize, &[it, i]);
        }
        // The index starts at 0 and only this step advances it, so it is never negative.
        let at = s.unbox_i64(i);
        let len = s.elements_len(e);
        let more = s.cmp_i64(Cmp::Lt, at, len);
        s.if_else(
            more,
            |s| {
                let x = s.elements_get(e, at);
                let hole = s.has_tag(x, Tag::Empty);
                let item = s.if_else(hole, |s| Ok(s.konst(UNDEFINED)), |_| Ok(x))?;
                s.write_slot(self.value, item);
                let one = s.i64_const(1);
                // Elements number fewer than 2^32, so the step does not overflow.
                let (next, _) = s.add_i64(at, one);
                let next = s.box_i64(next);
                s.write_slot(self.index, next);
                Ok(s.konst(Value::from_bool(true)))
            },
            |s| Ok(s.konst(Value::from_bool(false))),
        )
    }
    /// The loop iterated something other than an array: it takes the general step, for good.
    #[cold]
    fn generalize(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.seen.set(OTHERS);
        porcini::spec::note_specialized();
        porcini::spec::report_polymorphic_specialize(f, self);
        self.next(f, v)
    }
    fn next(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let it = v.first().copied().unwrap_or(UNDEFINED);
        if self.seen.get() == UNSEEN {
            self.seen.set(if as_array(it).is_some() { ARRAYS } else { OTHERS });
            porcini::spec::note_specialized();
        }
        let i = v.get(1).and_then(|x| x.as_i64()).unwrap_or(0).max(0) as usize;
        let (item, next) = if let Some(arr) = as_array(it) {
            match arr.get(i) {
                Some(x) => (crate::runtime::convert::hole_to_undefined(x), i + 1),
                None => return Ok(Value::from_bool(false)),
            }
        } else if let Some(text) = as_str(it) {
            let Some(u) = text.at(i) else { return Ok(Value::from_bool(false)) };
            let pair = (0xd800..0xdc00).contains(&u) && text.at(i + 1).is_some_and(|l| (0xdc00..0xe000).contains(&l));
            let n = if pair { 2 } else { 1 };
            (new_str(f.runtime(), text.slice(i, i + n)), i + n)
        } else {
            return Ok(Value::from_bool(false));
        };
        f.set_slot(self.value, item);
        f.set_slot(self.index, Value::from_i64(next as i64));
        Ok(Value::from_bool(true))
    }
}

es_node!(ForOfNextNode, "ForOfNext", children(_t => Vec::new()), clone(t, _cx => ForOfNextNode::new(t.iterable, t.index, t.value)));

/// A `switch` statement's cases: the first case whose value is strictly equal to the
/// discriminant (each case's test is that comparison), or else `default`, starts, and
/// execution falls through the cases after it. The index of the starting case is kept in
/// frame slot `start`.
///
/// Choosing the case is a child ([`CaseChoiceNode`]), and so is every test and every body,
/// each deciding for itself whether it runs (by the start slot): every node executes its
/// children unconditionally and in order, so a deoptimization inside one resumes with those
/// before it recorded, and the choice is never made twice.
pub struct SwitchNode {
    choice: CaseChoiceNode,
    bodies: Vec<CaseBodyNode>,
}

impl SwitchNode {
    pub fn new(tests: Vec<Option<Node>>, bodies: Vec<BlockNode<Es>>, start: SlotId) -> SwitchNode {
        let cases = tests.len();
        let default = tests.iter().position(Option::is_none);
        let tests = tests
            .into_iter()
            .enumerate()
            .filter_map(|(i, t)| t.map(|test| CaseTestNode { test, index: i, start, cases }))
            .collect();
        let bodies = bodies.into_iter().enumerate().map(|(i, block)| CaseBodyNode { block, index: i, start }).collect();
        SwitchNode { choice: CaseChoiceNode { tests, default, start, cases }, bodies }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.exec(0, &self.choice)?;
        for (i, body) in self.bodies.iter().enumerate() {
            s.exec(1 + i as u32, body)?;
        }
        Ok(s.konst(UNDEFINED))
    }
    fn clone_switch(&self, cx: &porcini::node::CloneContext) -> SwitchNode {
        let c = &self.choice;
        SwitchNode {
            choice: CaseChoiceNode {
                tests: c.tests.iter().map(|t| CaseTestNode { test: t.test.clone_uninitialized(cx), ..*t }).collect(),
                ..*c
            },
            bodies: self.bodies.iter().map(|b| CaseBodyNode { block: b.block.clone_block(cx), index: b.index, start: b.start }).collect(),
        }
    }
}

es_node!(SwitchNode, "Switch", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&t.choice]; c.extend(t.bodies.iter().map(|b| b as &dyn porcini::ExprNode<Es>)); c }), clone(t, cx => t.clone_switch(cx)));

/// Chooses a `switch`'s starting case into frame slot `start`: the tests in turn, then the
/// `default` case if none matched (the number of cases if there is none).
pub struct CaseChoiceNode {
    tests: Vec<CaseTestNode>,
    default: Option<usize>,
    start: SlotId,
    cases: usize,
}

impl CaseChoiceNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let none = s.konst(Value::from_i64(self.cases as i64));
        s.write_slot(self.start, none);
        for (i, test) in self.tests.iter().enumerate() {
            s.exec(i as u32, test)?;
        }
        if let Some(default) = self.default {
            let cur = s.read_slot(self.start);
            let cur = s.unbox_i64(cur);
            let limit = s.i64_const(self.cases as i64);
            let unmatched = s.cmp_i64(Cmp::Eq, cur, limit);
            s.if_else(
                unmatched,
                |s| {
                    let d = s.konst(Value::from_i64(default as i64));
                    s.write_slot(self.start, d);
                    Ok(d)
                },
                |s| Ok(s.konst(UNDEFINED)),
            )?;
        }
        Ok(s.konst(UNDEFINED))
    }
}

es_node!(CaseChoiceNode, "CaseChoice", children(t => t.tests.iter().map(|x| x as &dyn porcini::ExprNode<Es>).collect()), clone(t, cx => CaseChoiceNode { tests: t.tests.iter().map(|x| CaseTestNode { test: x.test.clone_uninitialized(cx), ..*x }).collect(), ..*t }));

/// One `case value:` of a `switch`: while no case has started, evaluates its value and starts
/// its case if it is strictly equal to the discriminant.
pub struct CaseTestNode {
    /// `discriminant === value`, a boolean.
    test: Node,
    index: usize,
    start: SlotId,
    cases: usize,
}

impl CaseTestNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let cur = s.read_slot(self.start);
        let cur = s.unbox_i64(cur);
        let limit = s.i64_const(self.cases as i64);
        let searching = s.cmp_i64(Cmp::Eq, cur, limit);
        s.if_else(
            searching,
            |s| {
                let eq = s.exec(0, &*self.test)?;
                let eq = s.unbox_bool(eq);
                s.if_else(
                    eq,
                    |s| {
                        let here = s.konst(Value::from_i64(self.index as i64));
                        s.write_slot(self.start, here);
                        Ok(here)
                    },
                    |s| Ok(s.konst(UNDEFINED)),
                )
            },
            |s| Ok(s.konst(UNDEFINED)),
        )?;
        Ok(s.konst(UNDEFINED))
    }
}

es_node!(CaseTestNode, "CaseTest", children(t => vec![&*t.test]), clone(t, cx => CaseTestNode { test: t.test.clone_uninitialized(cx), ..*t }));

/// The statements of one case of a `switch`: they run when that case or an earlier one
/// started.
pub struct CaseBodyNode {
    block: BlockNode<Es>,
    index: usize,
    start: SlotId,
}

impl CaseBodyNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let cur = s.read_slot(self.start);
        let cur = s.unbox_i64(cur);
        let here = s.i64_const(self.index as i64);
        let go = s.cmp_i64(Cmp::Le, cur, here);
        s.if_else(go, |s| s.exec_inline(0, |s| self.block.eval(s)), |s| Ok(s.konst(UNDEFINED)))
    }
}

es_node!(CaseBodyNode, "CaseBody", children(t => vec![&t.block as &dyn porcini::ExprNode<Es>]), clone(t, cx => CaseBodyNode { block: t.block.clone_block(cx), index: t.index, start: t.start }));

/// The value a derived class's constructor returns: an object it returns, or else `this`
/// (which `super()` must have bound).
pub struct DerivedResultNode {
    value: Option<Node>,
    this: Node,
    loc: Loc,
}

impl DerivedResultNode {
    pub fn new(value: Option<Node>, this: Node, loc: Loc) -> DerivedResultNode {
        DerivedResultNode { value, this, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = match &self.value {
            Some(n) => s.exec(0, &**n)?,
            None => s.konst(UNDEFINED),
        };
        let is_object = s.has_tag(v, Tag::Object);
        s.if_else(
            is_object,
            |_| Ok(v),
            |s| {
                let this = s.exec(1, &*self.this)?;
                s.call_boundary("derived_result", self, Self::check, &[v, this])
            },
        )
    }
    fn check(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (value, this) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(Value::EMPTY));
        if !crate::runtime::is_undefined(value) {
            note_site(f, &self.loc);
            return Err(type_error(f, "Derived constructors may only return object or undefined"));
        }
        if this.is_empty() {
            note_site(f, &self.loc);
            return Err(reference_error(
                f,
                "Must call super constructor in derived class before accessing 'this' or returning from derived constructor",
            ));
        }
        Ok(this)
    }
}

es_node!(DerivedResultNode, "DerivedResult", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = t.value.iter().map(|n| &**n).collect(); c.push(&*t.this); c }), clone(t, cx => DerivedResultNode::new(t.value.as_ref().map(|n| n.clone_uninitialized(cx)), t.this.clone_uninitialized(cx), t.loc.clone())));
