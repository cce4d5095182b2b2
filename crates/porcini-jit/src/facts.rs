//! What lowering knows about IR values on the path it is emitting: which tag a tag word holds
//! (or does not hold), and which shape an object has.
//!
//! A passed guard is knowledge for the rest of its path. Node code often tests the same value
//! twice: SL's property write checks its receiver after the value it stores has read the same
//! property of the same object, and a local read checks that its slot is assigned before its
//! parent checks the type. Lowering records what each condition tests; when a guard on it
//! passes, the facts it proves hold wherever the guard dominates, and a later test of the same
//! thing folds to a constant.
//!
//! Control flow reaches lowering structured, so dominance is a stack of scopes: facts learned in
//! an if-arm or a loop are dropped when it ends. Tag facts are about SSA values, which never
//! change. Shapes do change (adding a property is a boundary call), so shape facts are dropped at
//! every call out of compiled code and at every loop header, where a later iteration arrives
//! after whatever the body called.

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
    /// The negation of another condition.
    Not(ir::Value),
    /// Both conditions.
    And(ir::Value, ir::Value),
}

/// See the module documentation.
#[derive(Default)]
pub(crate) struct Facts {
    tests: HashMap<ir::Value, Test>,
    /// Tag words known to hold (`true`) or not to hold (`false`) a tag.
    tags: Vec<(ir::Value, Tag, bool)>,
    /// Objects (payload words) known to have a shape (a constant).
    shapes: Vec<(ir::Value, ir::Value)>,
    /// Conditions known to hold (`true`) or to fail.
    conds: Vec<(ir::Value, bool)>,
    /// Where each open scope's facts start (tags, shapes, conditions).
    scopes: Vec<(usize, usize, usize)>,
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
        self.tags.iter().rev().find_map(|&(v, k, holds)| match (v == t, holds) {
            (true, true) => Some(k == tag),
            (true, false) if k == tag => Some(false),
            _ => None,
        })
    }
    /// Whether the condition `c` holds, if known (a guard on it passed, or a branch on it was
    /// taken, on the path being emitted).
    pub(crate) fn cond_is(&self, c: ir::Value) -> Option<bool> {
        self.conds.iter().rev().find(|&&(k, _)| k == c).map(|&(_, holds)| holds)
    }
    /// The shape of the object `obj`, if known.
    pub(crate) fn shape_of(&self, obj: ir::Value) -> Option<ir::Value> {
        self.shapes.iter().rev().find(|&&(o, _)| o == obj).map(|&(_, s)| s)
    }
    /// Learns what `c` holding (a guard on it passed, or a branch on it was taken) or failing
    /// (`holds == false`) proves. Returns the tags it proves tag words hold, for the caller to
    /// propagate into slot variables.
    pub(crate) fn learn(&mut self, c: ir::Value, holds: bool) -> Vec<(ir::Value, Tag)> {
        let mut proved = Vec::new();
        let mut todo = vec![(c, holds)];
        while let Some((c, holds)) = todo.pop() {
            self.conds.push((c, holds));
            match (self.tested(c), holds) {
                (Some(Test::Tag(t, tag)), _) => {
                    self.tags.push((t, tag, holds));
                    if holds {
                        proved.push((t, tag));
                    }
                }
                (Some(Test::Shape(obj, shape)), true) => self.shapes.push((obj, shape)),
                (Some(Test::Not(inner)), _) => todo.push((inner, !holds)),
                (Some(Test::And(a, b)), true) => todo.extend([(a, true), (b, true)]),
                _ => {}
            }
        }
        proved
    }
    /// Opens a scope (an if-arm, a loop).
    pub(crate) fn push_scope(&mut self) {
        self.scopes.push((self.tags.len(), self.shapes.len(), self.conds.len()));
    }
    /// Drops the facts of the innermost scope, keeping it open (the then-arm ends, the
    /// else-arm starts).
    pub(crate) fn reset_scope(&mut self) {
        if let Some(&(tags, shapes, conds)) = self.scopes.last() {
            self.tags.truncate(tags);
            self.shapes.truncate(shapes);
            self.conds.truncate(conds);
        }
    }
    /// Closes the innermost scope and drops its facts.
    pub(crate) fn pop_scope(&mut self) {
        self.reset_scope();
        self.scopes.pop();
    }
    /// Forgets every shape: something may have changed one.
    pub(crate) fn forget_shapes(&mut self) {
        self.shapes.clear();
    }
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
