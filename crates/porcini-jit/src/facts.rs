//! What lowering knows about IR values on the path it is emitting: which tag a tag word holds
//! (or does not hold), which shape an object has, and the bounds comparisons put on integers
//! (`n < 2` failing: `n` is at least 2, so `n - 1` cannot overflow).
//!
//! A passed guard is knowledge for the rest of its path. Node code often tests the same value
//! twice: SL's property write checks its receiver after the value it stores has read the same
//! property of the same object, and a local read checks that its slot is assigned before its
//! parent checks the type. Lowering records what each condition tests; when a guard on it
//! passes, the facts it proves hold wherever the guard dominates, and a later test of the same
//! thing folds to a constant.
//!
//! Control flow reaches lowering structured, so dominance is a stack of scopes: facts learned in
//! an if-arm or a loop are dropped when it ends (lowering learns an if's condition again after
//! it when only one arm reaches its end). Tag facts are about SSA values, which never
//! change. Shapes do change (adding a property is a boundary call), so shape facts are dropped at
//! every call out of compiled code and at every loop header, where a later iteration arrives
//! after whatever the body called.
//!
//! The facts also say which words the activation's slot cells hold: what the entry loaded, what
//! a write-back before a call stored, what a read-back after one loaded. A write-back skips a
//! cell that already holds its slot's words. Unlike the other facts, these describe memory, so an
//! arm that stores into a cell makes it unknown after the arm (and for its sibling arm), and a
//! loop header knows no cell, since the body may store into any before the next iteration.
//!
//! Last, the words of property slots that the path loaded or stored. A tag word known for an
//! inline slot means storing a value of the tag the slot already holds (an integer property
//! incremented) stores only the payload. Both words, known on the current straight path (no
//! join since they were loaded or stored: there they dominate), mean a read of the slot is no
//! load at all: `body.mass` read three times in one expression is loaded and checked once, and
//! a property read after it was stored is the stored value, whose tag is then often a constant.
//! These are kept only between control-flow joins and calls: every scope boundary and every
//! call forgets them, and a store forgets every slot of its index, whichever the object (it
//! may be the same object). Nothing else writes an object's property slots: elements and
//! records live in objects of their own, and stores at a computed slot forget them all. The
//! address of an object's slots past its inline ones is kept the same way, per straight path:
//! only adding a property moves it, and that forgets every shape and every slot.

use std::collections::HashMap;

use cranelift_codegen::ir;
use porcini::Tag;

/// What a condition tests.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Test {
    /// The tag word holds the tag.
    Tag(ir::Value, Tag),
    /// The object (its payload word) has the shape (a constant).
    Shape(ir::Value, ir::Value),
    /// The first integer is less than the second.
    Less(ir::Value, ir::Value),
    /// The first integer is less than or equal to the second.
    LessEq(ir::Value, ir::Value),
    /// The integer is at most the constant (a comparison with a constant: `x < 2` is
    /// `AtMost(x, 1)`); failing, it is at least the constant plus one.
    AtMost(ir::Value, i64),
    /// The integer is at least the constant; failing, it is at most the constant less one.
    AtLeast(ir::Value, i64),
    /// The negation of another condition.
    Not(ir::Value),
    /// Both conditions.
    And(ir::Value, ir::Value),
}

/// A bound on an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    AtMost(i64),
    AtLeast(i64),
}

/// The words (tag, payload) of a value.
type Words = (ir::Value, ir::Value);

/// What the path knows a property slot (object payload word, slot index) holds: its tag word,
/// and its payload word while the path is the straight one (a number of [`Facts::prop_words`]'s
/// caller) it was learned on.
#[derive(Clone, Copy, Debug)]
struct Prop {
    object: ir::Value,
    index: u32,
    tag: ir::Value,
    payload: Option<(ir::Value, u32)>,
}

/// One change to the facts, recorded so that leaving a scope can take it back.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A fact about a tag word was added (the last of its list).
    Tag(ir::Value),
    /// A condition became known, replacing what was known of it.
    Cond(ir::Value, Option<bool>),
    /// A bound on an integer was added (the last of its list).
    Bound(ir::Value),
    /// An object's shape became known, replacing what was known of it (with its generation).
    Shape(ir::Value, Option<(u32, ir::Value)>),
    /// A slot cell's contents changed from what is recorded here.
    Cell(usize, Option<Words>),
}

/// See the module documentation.
///
/// Facts are kept in maps, so that a query costs the same however many facts the path has
/// gathered (a function of thousands of guards asks as many questions), and every change is
/// logged, so that leaving a scope undoes exactly the changes made in it, however many facts
/// the enclosing scopes hold.
#[derive(Default)]
pub(crate) struct Facts {
    tests: HashMap<ir::Value, Test>,
    /// Tag words known to hold (`true`) or not to hold (`false`) tags, in the order learned.
    tags: HashMap<ir::Value, Vec<(Tag, bool)>>,
    /// Objects (payload words) known to have a shape (a constant), with the generation of the
    /// shape facts they were learned in: forgetting every shape starts a new generation.
    shapes: HashMap<ir::Value, (u32, ir::Value)>,
    shape_generation: u32,
    /// Conditions known to hold (`true`) or to fail.
    conds: HashMap<ir::Value, bool>,
    /// Integers known to be at most or at least a constant: from a comparison with one, or
    /// from being less than another integer (so below `i64::MAX`) or greater (above
    /// `i64::MIN`). Adding a constant within the bound cannot overflow.
    bounds: HashMap<ir::Value, Vec<Bound>>,
    /// The changes made, in order; each open scope starts at a position of it.
    log: Vec<Undo>,
    scopes: Vec<usize>,
    /// The words (tag, payload) each slot cell of the activation is known to hold.
    cells: Vec<Option<Words>>,
    /// Property slots known on the path: what they hold, by object and index.
    props: Vec<Prop>,
    /// The addresses of objects' slots past the inline ones (object payload word, address, the
    /// straight path it was loaded on). Only adding a property moves them, and that forgets
    /// every shape, so they are kept and dropped with the property slots.
    extra_bases: Vec<(ir::Value, ir::Value, u32)>,
}

impl Facts {
    /// Remembers what condition `c` tests.
    pub(crate) fn test(&mut self, c: ir::Value, t: Test) {
        self.tests.insert(c, t);
    }
    /// What condition `c` tests, if lowering made it from something it knows.
    pub(crate) fn tested(&self, c: ir::Value) -> Option<Test> {
        self.tests.get(&c).copied()
    }
    /// Whether the tag word `t` holds `tag`, if known.
    pub(crate) fn tag_is(&self, t: ir::Value, tag: Tag) -> Option<bool> {
        self.tags.get(&t)?.iter().rev().find_map(|&(k, holds)| match holds {
            true => Some(k == tag),
            false if k == tag => Some(false),
            false => None,
        })
    }
    /// The tag (its number) the tag word `t` is known to hold, if a passed guard proved one.
    pub(crate) fn proved_tag(&self, t: ir::Value) -> Option<usize> {
        self.tags.get(&t)?.iter().rev().find(|&&(_, holds)| holds).map(|&(tag, _)| tag as usize)
    }
    /// Whether the condition `c` holds, if known (a guard on it passed, or a branch on it was
    /// taken, on the path being emitted).
    pub(crate) fn cond_is(&self, c: ir::Value) -> Option<bool> {
        self.conds.get(&c).copied()
    }
    /// Whether adding `c` to the integer `x` is known not to overflow.
    pub(crate) fn adds_safely(&self, x: ir::Value, c: i64) -> bool {
        self.bounds.get(&x).is_some_and(|bounds| {
            bounds.iter().any(|&bound| match bound {
                Bound::AtMost(hi) => c >= 0 && hi.checked_add(c).is_some(),
                Bound::AtLeast(lo) => c <= 0 && lo.checked_add(c).is_some(),
            })
        })
    }
    /// The shape of the object `obj`, if known.
    pub(crate) fn shape_of(&self, obj: ir::Value) -> Option<ir::Value> {
        self.shapes.get(&obj).filter(|&&(g, _)| g == self.shape_generation).map(|&(_, s)| s)
    }
    /// Learns what `c` holding (a guard on it passed, or a branch on it was taken) or failing
    /// (`holds == false`) proves. Returns the tags it proves tag words hold, for the caller to
    /// propagate into slot variables.
    pub(crate) fn learn(&mut self, c: ir::Value, holds: bool) -> Vec<(ir::Value, Tag)> {
        let mut proved = Vec::new();
        let mut todo = vec![(c, holds)];
        while let Some((c, holds)) = todo.pop() {
            let before = self.conds.insert(c, holds);
            self.log.push(Undo::Cond(c, before));
            match (self.tested(c), holds) {
                (Some(Test::Tag(t, tag)), _) => {
                    self.tags.entry(t).or_default().push((tag, holds));
                    self.log.push(Undo::Tag(t));
                    if holds {
                        proved.push((t, tag));
                    }
                }
                (Some(Test::Shape(obj, shape)), true) => {
                    let before = self.shapes.insert(obj, (self.shape_generation, shape));
                    self.log.push(Undo::Shape(obj, before));
                }
                // a < b: a is not the largest integer, b not the smallest.
                (Some(Test::Less(a, b)), true) => below(a, b).into_iter().for_each(|(x, b)| self.bound(x, b)),
                // not (a <= b): b < a.
                (Some(Test::LessEq(a, b)), false) => below(b, a).into_iter().for_each(|(x, b)| self.bound(x, b)),
                (Some(Test::AtMost(x, c)), true) => self.bound(x, Bound::AtMost(c)),
                (Some(Test::AtLeast(x, c)), true) => self.bound(x, Bound::AtLeast(c)),
                (Some(Test::AtMost(x, c)), false) => {
                    if let Some(c) = c.checked_add(1) {
                        self.bound(x, Bound::AtLeast(c));
                    }
                }
                (Some(Test::AtLeast(x, c)), false) => {
                    if let Some(c) = c.checked_sub(1) {
                        self.bound(x, Bound::AtMost(c));
                    }
                }
                (Some(Test::Not(inner)), _) => todo.push((inner, !holds)),
                (Some(Test::And(a, b)), true) => todo.extend([(a, true), (b, true)]),
                _ => {}
            }
        }
        proved
    }
    fn bound(&mut self, x: ir::Value, b: Bound) {
        self.bounds.entry(x).or_default().push(b);
        self.log.push(Undo::Bound(x));
    }
    /// Opens a scope (an if-arm, a loop).
    pub(crate) fn push_scope(&mut self) {
        self.forget_props();
        self.scopes.push(self.log.len());
    }
    /// Drops the facts of the innermost scope, keeping it open (the then-arm ends, the
    /// else-arm starts). A cell the arm stored into is unknown from here on in the scope.
    pub(crate) fn reset_scope(&mut self) {
        self.forget_props();
        let Some(&mark) = self.scopes.last() else { return };
        // The cells as the arm leaves them, for those it changed.
        let mut left: Vec<(usize, Option<Words>)> = Vec::new();
        while self.log.len() > mark {
            let Some(undo) = self.log.pop() else { break };
            match undo {
                Undo::Tag(t) => {
                    if let Some(list) = self.tags.get_mut(&t) {
                        list.pop();
                    }
                }
                Undo::Cond(c, before) => match before {
                    Some(b) => {
                        self.conds.insert(c, b);
                    }
                    None => {
                        self.conds.remove(&c);
                    }
                },
                Undo::Bound(x) => {
                    if let Some(list) = self.bounds.get_mut(&x) {
                        list.pop();
                    }
                }
                Undo::Shape(obj, before) => match before {
                    Some(b) => {
                        self.shapes.insert(obj, b);
                    }
                    None => {
                        self.shapes.remove(&obj);
                    }
                },
                Undo::Cell(i, before) => {
                    if let Some(c) = self.cells.get_mut(i) {
                        left.push((i, *c));
                        *c = before;
                    }
                }
            }
        }
        // Undone newest first, so the first record of a cell holds what the arm left in it.
        // A cell the arm left holding something else than at the scope's start is unknown:
        // after the scope it may hold either. Forgetting it belongs to the enclosing scope.
        let mut seen = std::collections::HashSet::new();
        for (i, arm) in left {
            if seen.insert(i) && self.cells.get(i).copied().flatten() != arm {
                self.set_cell(i, None);
            }
        }
    }
    /// Closes the innermost scope and drops its facts.
    pub(crate) fn pop_scope(&mut self) {
        self.reset_scope();
        self.scopes.pop();
    }
    /// Forgets every shape, and every property's tag: a call may have changed them.
    pub(crate) fn forget_shapes(&mut self) {
        self.shape_generation += 1;
        self.forget_props();
    }
    /// Forgets every property's tag (a loop header: the body may store any property).
    pub(crate) fn forget_props(&mut self) {
        self.props.clear();
        self.extra_bases.clear();
    }
    /// The address of the slots past the inline ones of the object `obj`, if it was loaded on
    /// the straight path numbered `path` (so that it dominates the point asking).
    pub(crate) fn extra_base(&self, obj: ir::Value, path: u32) -> Option<ir::Value> {
        self.extra_bases.iter().find(|&&(o, _, on)| o == obj && on == path).map(|&(_, base, _)| base)
    }
    /// The address of the slots past the inline ones of `obj` was loaded as `base` on the
    /// straight path `path`.
    pub(crate) fn loaded_extra_base(&mut self, obj: ir::Value, base: ir::Value, path: u32) {
        self.extra_bases.retain(|&(o, _, _)| o != obj);
        self.extra_bases.push((obj, base, path));
    }
    /// The tag word property slot `index` of the object `obj` holds, if known.
    pub(crate) fn prop_tag(&self, obj: ir::Value, index: u32) -> Option<ir::Value> {
        self.prop(obj, index).map(|p| p.tag)
    }
    /// The words property slot `index` of the object `obj` holds, if they were loaded or stored
    /// on the straight path numbered `path` (so that they dominate the point asking).
    pub(crate) fn prop_words(&self, obj: ir::Value, index: u32, path: u32) -> Option<Words> {
        let p = self.prop(obj, index)?;
        p.payload.filter(|&(_, on)| on == path).map(|(payload, _)| (p.tag, payload))
    }
    fn prop(&self, obj: ir::Value, index: u32) -> Option<&Prop> {
        self.props.iter().find(|p| p.object == obj && p.index == index)
    }
    /// Property slot `index` of `obj` was loaded with tag word `tag`, and with `payload` on the
    /// straight path it names.
    pub(crate) fn loaded_prop(&mut self, obj: ir::Value, index: u32, tag: ir::Value, payload: Option<(ir::Value, u32)>) {
        self.props.retain(|p| !(p.object == obj && p.index == index));
        self.props.push(Prop { object: obj, index, tag, payload });
    }
    /// Property slot `index` of `obj` was stored with tag word `tag` (and `payload`, on the
    /// straight path it names): the same slot of any other object may be this one.
    pub(crate) fn stored_prop(&mut self, obj: ir::Value, index: u32, tag: ir::Value, payload: Option<(ir::Value, u32)>) {
        self.props.retain(|p| p.index != index);
        self.props.push(Prop { object: obj, index, tag, payload });
    }
    /// Starts knowing what the slot cells hold, `cells[i]` for cell `i` (at the function's entry).
    pub(crate) fn know_cells(&mut self, cells: Vec<Option<Words>>) {
        self.cells = cells;
    }
    /// Whether slot cell `i` is known to hold `words`.
    pub(crate) fn cell_holds(&self, i: usize, words: Words) -> bool {
        self.cells.get(i).is_some_and(|&c| c == Some(words))
    }
    /// Slot cell `i` holds `words` from here on the path.
    pub(crate) fn store_cell(&mut self, i: usize, words: Words) {
        self.set_cell(i, Some(words));
    }
    fn set_cell(&mut self, i: usize, now: Option<Words>) {
        if let Some(c) = self.cells.get_mut(i)
            && *c != now
        {
            self.log.push(Undo::Cell(i, *c));
            *c = now;
        }
    }
    /// Forgets what every slot cell holds (at a loop header).
    pub(crate) fn forget_cells(&mut self) {
        for i in 0..self.cells.len() {
            self.set_cell(i, None);
        }
    }
}

/// The bounds `a < b` proves.
fn below(a: ir::Value, b: ir::Value) -> [(ir::Value, Bound); 2] {
    [(a, Bound::AtMost(i64::MAX - 1)), (b, Bound::AtLeast(i64::MIN + 1))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_codegen::entity::EntityRef;

    fn v(n: usize) -> ir::Value {
        ir::Value::new(n)
    }

    #[test]
    fn a_passed_guard_proves_its_tests_for_its_scope() {
        let mut f = Facts::default();
        f.test(v(10), Test::Tag(v(1), Tag::Int));
        f.test(v(11), Test::Not(v(12)));
        f.test(v(12), Test::Tag(v(2), Tag::Empty));
        f.test(v(13), Test::And(v(10), v(11)));
        f.push_scope();
        assert_eq!(f.learn(v(13), true), vec![(v(1), Tag::Int)]);
        assert_eq!(f.tag_is(v(1), Tag::Int), Some(true));
        assert_eq!(f.tag_is(v(1), Tag::String), Some(false));
        assert_eq!(f.tag_is(v(2), Tag::Empty), Some(false));
        assert_eq!(f.tag_is(v(2), Tag::Int), None);
        f.pop_scope();
        assert_eq!(f.tag_is(v(1), Tag::Int), None);
    }

    #[test]
    fn shapes_are_forgotten_but_tags_are_not() {
        let mut f = Facts::default();
        f.test(v(10), Test::Shape(v(1), v(5)));
        f.test(v(11), Test::Tag(v(2), Tag::Object));
        f.learn(v(10), true);
        f.learn(v(11), true);
        assert_eq!(f.shape_of(v(1)), Some(v(5)));
        f.forget_shapes();
        assert_eq!(f.shape_of(v(1)), None);
        assert_eq!(f.tag_is(v(2), Tag::Object), Some(true));
    }

    #[test]
    fn a_condition_is_known_on_its_path_with_what_its_negations_say() {
        let mut f = Facts::default();
        f.test(v(11), Test::Not(v(10)));
        f.push_scope();
        f.learn(v(11), true);
        assert_eq!(f.cond_is(v(11)), Some(true));
        assert_eq!(f.cond_is(v(10)), Some(false));
        f.reset_scope();
        assert_eq!(f.cond_is(v(10)), None);
        f.learn(v(11), false);
        assert_eq!(f.cond_is(v(10)), Some(true));
        f.pop_scope();
        assert_eq!(f.cond_is(v(10)), None);
    }

    #[test]
    fn a_cell_an_arm_stored_into_is_unknown_after_the_arm() {
        let mut f = Facts::default();
        f.know_cells(vec![Some((v(1), v(2))), Some((v(3), v(4)))]);
        f.push_scope();
        f.store_cell(0, (v(5), v(6)));
        assert!(f.cell_holds(0, (v(5), v(6))));
        // The else-arm starts from before the if, without the cell the then-arm stored into.
        f.reset_scope();
        assert!(!f.cell_holds(0, (v(1), v(2))));
        assert!(f.cell_holds(1, (v(3), v(4))));
        // An arm that stores back what the cell held leaves it known.
        f.store_cell(1, (v(7), v(8)));
        f.store_cell(1, (v(3), v(4)));
        f.pop_scope();
        assert!(f.cell_holds(1, (v(3), v(4))));
        assert!(!f.cell_holds(0, (v(1), v(2))));
        f.forget_cells();
        assert!(!f.cell_holds(1, (v(3), v(4))));
    }

    #[test]
    fn an_arm_compares_its_cells_with_its_own_scope_after_an_inner_scope_closed() {
        let mut f = Facts::default();
        f.know_cells(vec![Some((v(1), v(2)))]);
        // The then-arm of an outer if stores into the cell, then an inner if opens and closes.
        f.push_scope();
        f.store_cell(0, (v(3), v(4)));
        f.push_scope();
        f.pop_scope();
        assert!(f.cell_holds(0, (v(3), v(4))));
        // The else-arm starts from the outer if's cells: the then-arm's store is not there.
        f.reset_scope();
        assert!(!f.cell_holds(0, (v(3), v(4))));
        assert!(!f.cell_holds(0, (v(1), v(2))));
        f.pop_scope();
        assert!(!f.cell_holds(0, (v(3), v(4))));
    }

    #[test]
    fn facts_learned_in_a_scope_are_gone_after_it_even_after_forgetting_shapes() {
        let mut f = Facts::default();
        f.test(v(10), Test::Shape(v(1), v(5)));
        f.test(v(11), Test::Shape(v(2), v(6)));
        f.learn(v(10), true);
        f.push_scope();
        f.forget_shapes();
        f.learn(v(11), true);
        assert_eq!(f.shape_of(v(2)), Some(v(6)));
        f.pop_scope();
        // Learned inside the scope: gone; forgotten inside it: forgotten for good.
        assert_eq!(f.shape_of(v(2)), None);
        assert_eq!(f.shape_of(v(1)), None);
    }

    #[test]
    fn a_property_store_forgets_the_slot_of_every_object() {
        let mut f = Facts::default();
        f.loaded_prop(v(1), 0, v(10), Some((v(20), 1)));
        f.loaded_prop(v(2), 0, v(11), Some((v(21), 1)));
        f.loaded_prop(v(2), 1, v(12), Some((v(22), 1)));
        assert_eq!(f.prop_tag(v(2), 0), Some(v(11)));
        assert_eq!(f.prop_words(v(2), 0, 1), Some((v(11), v(21))));
        f.stored_prop(v(1), 0, v(13), Some((v(23), 1)));
        assert_eq!(f.prop_tag(v(1), 0), Some(v(13)));
        assert_eq!(f.prop_words(v(1), 0, 1), Some((v(13), v(23))));
        assert_eq!(f.prop_tag(v(2), 0), None);
        assert_eq!(f.prop_words(v(2), 0, 1), None);
        assert_eq!(f.prop_tag(v(2), 1), Some(v(12)));
        assert_eq!(f.prop_words(v(2), 1, 1), Some((v(12), v(22))));
        f.push_scope();
        assert_eq!(f.prop_tag(v(2), 1), None);
    }

    #[test]
    fn a_property_payload_is_known_only_on_the_straight_path_it_was_learned_on() {
        let mut f = Facts::default();
        f.loaded_prop(v(1), 0, v(10), Some((v(20), 1)));
        f.loaded_prop(v(1), 1, v(11), None);
        // Past a join the payload may not dominate; the tag is still known for stores.
        assert_eq!(f.prop_words(v(1), 0, 2), None);
        assert_eq!(f.prop_tag(v(1), 0), Some(v(10)));
        assert_eq!(f.prop_words(v(1), 1, 1), None);
        assert_eq!(f.prop_tag(v(1), 1), Some(v(11)));
    }

    #[test]
    fn a_comparison_bounds_its_operands_on_its_path() {
        let mut f = Facts::default();
        f.test(v(10), Test::Less(v(1), v(2)));
        f.test(v(11), Test::LessEq(v(3), v(4)));
        f.push_scope();
        f.learn(v(10), true);
        assert!(f.adds_safely(v(1), 1) && f.adds_safely(v(2), -1));
        assert!(!f.adds_safely(v(1), 2) && !f.adds_safely(v(1), -1) && !f.adds_safely(v(2), 1));
        // `a <= b` holding says nothing; failing, it says b < a.
        f.learn(v(11), true);
        assert!(!f.adds_safely(v(3), 1) && !f.adds_safely(v(4), 1));
        f.reset_scope();
        assert!(!f.adds_safely(v(1), 1));
        f.learn(v(10), false);
        assert!(!f.adds_safely(v(1), 1) && !f.adds_safely(v(2), -1));
        f.learn(v(11), false);
        assert!(f.adds_safely(v(4), 1) && f.adds_safely(v(3), -1));
        f.pop_scope();
        assert!(!f.adds_safely(v(4), 1));
    }

    #[test]
    fn a_comparison_with_a_constant_bounds_by_the_constant() {
        let mut f = Facts::default();
        // n < 2, as `AtMost(n, 1)`, failing: n >= 2, so subtracting anything from n cannot
        // overflow (n - 1, n - 2, even n + i64::MIN); adding may.
        f.test(v(10), Test::AtMost(v(1), 1));
        f.learn(v(10), false);
        assert!(f.adds_safely(v(1), -1) && f.adds_safely(v(1), -2) && f.adds_safely(v(1), i64::MIN));
        assert!(!f.adds_safely(v(1), 1));
        // x >= -5 holding, then x <= 10 holding: both ends bounded.
        f.test(v(11), Test::AtLeast(v(2), -5));
        f.test(v(12), Test::AtMost(v(2), 10));
        f.learn(v(11), true);
        f.learn(v(12), true);
        assert!(f.adds_safely(v(2), i64::MAX - 10) && !f.adds_safely(v(2), i64::MAX - 9));
        assert!(f.adds_safely(v(2), i64::MIN + 5) && !f.adds_safely(v(2), i64::MIN + 4));
        // Failing at the end of the range proves nothing (there is no integer beyond it).
        f.test(v(13), Test::AtMost(v(3), i64::MAX));
        f.learn(v(13), false);
        assert!(!f.adds_safely(v(3), -1));
    }

    #[test]
    fn a_failed_negation_proves_nothing_about_a_conjunction() {
        let mut f = Facts::default();
        f.test(v(10), Test::And(v(11), v(12)));
        f.test(v(11), Test::Tag(v(1), Tag::Int));
        f.test(v(13), Test::Not(v(10)));
        // `not (a and b)` passing says only that one of them fails.
        assert!(f.learn(v(13), true).is_empty());
        assert_eq!(f.tag_is(v(1), Tag::Int), None);
    }
}
