//! `array.forEach(callback)` run by its call site: `Array.prototype.forEach`'s loop built by
//! the translator from ordinary nodes, over temporaries of the caller's frame, with the
//! callback called from a call site of its own.
//!
//! A builtin is a boundary: its loop, and every call of the callback it makes, stay host calls
//! that the compiler cannot see through, so a `forEach` over a few elements cost a boundary
//! crossing and a full call per element (a quarter of NBody's time). A site with one argument
//! instead runs the same steps in guest nodes while the callee is still the builtin, the
//! receiver an array and the argument a function (checked as `IntrinsicSite` checks any
//! intrinsic's arguments): the length read once, then for each index below it, in order, the
//! element if the array has it (a hole is looked up through the prototypes, as `HasProperty`
//! does), passed with its index and the array to the callback, whose `this` is `undefined`.
//! The callback's call learns its code, so the compiler may inline the callback into the
//! caller; each `forEach` site has its own, so callbacks of different sites never make one
//! polymorphic, as they do inside Graal.js's shared builtin until it is split.
//!
//! The array, the callback, the index and the length live in frame slots, written before the
//! loop by a child of the call of its own, so that a deoptimization inside the loop resumes at
//! the iteration it left (the frame state holds the slots, and the replay does not write them
//! again), and an on-stack-replaced loop reads them.

use porcini::control::{BlockNode, IfNode, WhileNode};
use porcini::node::CloneContext;
use porcini::{Frame, SlotId, Stage, Tag, Unwind, Value};

use super::element_access::{IndexSite, Slow, SlowCases};
use super::{Loc, Node, es_node};
use crate::Es;
use crate::runtime::{Key, UNDEFINED};

/// What a `forEach` call site needs to run the loop itself.
pub struct EachSite {
    array: SlotId,
    callback: SlotId,
    index: SlotId,
    length: SlotId,
    /// `while (index < length) { if (index in array) callback(array[index], index, array) }`,
    /// stepping `index` by one.
    body: Node,
}

/// The parts of the loop the translator builds from its own nodes: reads of the temporaries,
/// and the call of the callback.
pub struct EachParts {
    pub array: SlotId,
    pub callback: SlotId,
    pub index: SlotId,
    pub length: SlotId,
    /// `index < length`.
    pub test: Node,
    /// `callback(array[index], index, array)`.
    pub call: Node,
    /// `index = index + 1`.
    pub step: Node,
    /// Reads of `array` and `index`, for the presence test.
    pub read_array: Node,
    pub read_index: Node,
    pub loc: Loc,
}

impl EachSite {
    /// The site's loop, assembled from the translator's parts.
    pub fn new(p: EachParts) -> EachSite {
        let present: Node = Box::new(HasElementNode { array: p.read_array, index: p.read_index, loc: p.loc, met: SlowCases::default() });
        let visit = IfNode::new(present, BlockNode::new(vec![p.call]), None);
        let body = WhileNode::new(p.test, BlockNode::new(vec![Box::new(visit)])).with_step(p.step);
        EachSite { array: p.array, callback: p.callback, index: p.index, length: p.length, body: Box::new(body) }
    }

    /// Staged: runs the loop for `array` and `callback`, which the site has checked are an
    /// array and a function. `setup` and `body` are the call's child indices for writing the
    /// temporaries and for the loop.
    pub fn run<S: Stage<Es>>(&self, s: &mut S, setup: u32, body: u32, array: S::Val, callback: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        s.exec_inline(setup, |s| {
            s.write_slot(self.array, array);
            s.write_slot(self.callback, callback);
            let zero = s.konst(Value::from_i64(0));
            s.write_slot(self.index, zero);
            let elements = s.load_internal(array);
            let n = s.elements_len(elements);
            let n = s.box_i64(n);
            s.write_slot(self.length, n);
            Ok(s.konst(UNDEFINED))
        })?;
        s.exec(body, &*self.body)?;
        // The temporaries are dead once the loop ends; emptied, they keep neither the array nor
        // the callback alive, and a loop around the call does not carry them (see
        // `SequenceNode::releasing`).
        for slot in [self.array, self.callback, self.index, self.length] {
            let empty = s.konst(Value::EMPTY);
            s.write_slot(slot, empty);
        }
        Ok(s.konst(UNDEFINED))
    }

    /// The loop, for the call's list of children.
    pub fn node(&self) -> &dyn porcini::ExprNode<Es> {
        &*self.body
    }

    pub fn clone_uninitialized(&self, cx: &CloneContext) -> EachSite {
        EachSite { array: self.array, callback: self.callback, index: self.index, length: self.length, body: self.body.clone_uninitialized(cx) }
    }
}

/// `index in array` for the loop: an element of the dense elements is answered inline, a hole
/// or an index past the end (the callback may shorten the array) by the full lookup, which
/// searches the prototypes. As an array read does (see `element_access.rs`), the node
/// remembers which of the two it met: until it has, compiled code leaves for the interpreter
/// there rather than calling the lookup, so the loop keeps its values in registers.
struct HasElementNode {
    array: Node,
    index: Node,
    loc: Loc,
    /// The slow cases met.
    met: SlowCases,
}

impl HasElementNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let a = s.exec(0, &*self.array)?;
        let i = s.exec(1, &*self.index)?;
        // Only the site writes the temporaries, with an array and an integer, so the lookup is
        // taken for holes and indices past the end alone; the access's checks keep compiled
        // code safe whatever a slot holds (anything else counts as past the end).
        let lookup = |s: &mut S, case: Slow| match (self.met.has_met(case), case) {
            (true, _) => s.call_boundary("has_element", self, Self::has_element, &[a, i]),
            (false, Slow::Outside) => s.respecialize(self, Self::meet_outside, &[a, i]),
            (false, Slow::Hole) => s.respecialize(self, Self::meet_hole, &[a, i]),
        };
        IndexSite::access(
            s,
            a,
            i,
            |s, el| {
                let v = s.elements_get(el.elements, el.index);
                let hole = s.has_tag(v, Tag::Empty);
                s.if_else(hole, |s| lookup(s, Slow::Hole), |s| Ok(s.konst(Value::from_bool(true))))
            },
            |s| lookup(s, Slow::Outside),
            |s| lookup(s, Slow::Outside),
        )
    }
    #[cold]
    fn meet_outside(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.met.meet(Slow::Outside);
        self.has_element(f, v)
    }
    #[cold]
    fn meet_hole(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.met.meet(Slow::Hole);
        self.has_element(f, v)
    }

    /// `HasProperty(array, index)`, through the prototypes.
    fn has_element(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, i) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        let (Some(o), Some(k)) = (a.as_object(), i.as_i64().and_then(|k| u32::try_from(k).ok())) else {
            crate::runtime::state::note_site(f, &self.loc);
            return Err(porcini::GuestError::raise("internal error: a forEach loop without its array"));
        };
        Ok(Value::from_bool(crate::runtime::object::has_property(f, o, Key::Index(k))))
    }
}

es_node!(HasElementNode, "HasElement", children(t => vec![&*t.array, &*t.index]), clone(t, cx => HasElementNode { array: t.array.clone_uninitialized(cx), index: t.index.clone_uninitialized(cx), loc: t.loc.clone(), met: SlowCases::default() }));
