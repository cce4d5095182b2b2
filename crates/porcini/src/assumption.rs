//! Assumptions: global speculations that code can depend on and that are invalidated at most once.
//!
//! An assumption starts valid and can only become invalid. Nodes check it (a load and a branch in the
//! interpreter); compiled code will register itself as a dependent and be discarded when the
//! assumption is invalidated. A `CyclicAssumption` hands out a fresh assumption after each
//! invalidation, which is how "function `f` was not redefined" is expressed.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A shared, invalidate-once flag with a name (for traces).
#[derive(Clone)]
pub struct Assumption(Rc<AssumptionData>);

/// A callback run once when an assumption is invalidated, with the assumption's name.
type Dependent = Box<dyn FnOnce(&str)>;

struct AssumptionData {
    name: Box<str>,
    valid: Cell<bool>,
    /// Callbacks run once on invalidation (compiled code registers here).
    dependents: RefCell<Vec<Dependent>>,
}

impl Assumption {
    /// A new valid assumption.
    pub fn new(name: impl Into<Box<str>>) -> Assumption {
        Assumption(Rc::new(AssumptionData {
            name: name.into(),
            valid: Cell::new(true),
            dependents: RefCell::new(Vec::new()),
        }))
    }
    /// True until invalidated.
    #[inline(always)]
    pub fn is_valid(&self) -> bool {
        self.0.valid.get()
    }
    /// The name.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// Invalidates the assumption and notifies its dependents once.
    pub fn invalidate(&self, reason: &str) {
        if !self.0.valid.replace(false) {
            return;
        }
        let deps = std::mem::take(&mut *self.0.dependents.borrow_mut());
        for d in deps {
            d(reason);
        }
    }
    /// Registers a callback to run when the assumption is invalidated (immediately if it already is).
    pub fn on_invalidate(&self, f: Box<dyn FnOnce(&str)>) {
        if self.is_valid() {
            self.0.dependents.borrow_mut().push(f);
        } else {
            f(&self.0.name);
        }
    }
    /// Identity.
    pub fn ptr_eq(a: &Assumption, b: &Assumption) -> bool {
        Rc::ptr_eq(&a.0, &b.0)
    }
}

/// An assumption that is replaced by a fresh one each time it is invalidated.
pub struct CyclicAssumption {
    name: Box<str>,
    current: RefCell<Assumption>,
}

impl CyclicAssumption {
    /// A new cyclic assumption.
    pub fn new(name: impl Into<Box<str>>) -> CyclicAssumption {
        let name = name.into();
        CyclicAssumption { current: RefCell::new(Assumption::new(name.clone())), name }
    }
    /// The current assumption.
    pub fn get(&self) -> Assumption {
        self.current.borrow().clone()
    }
    /// Invalidates the current assumption and installs a fresh one.
    pub fn invalidate(&self, reason: &str) {
        let old = self.current.replace(Assumption::new(self.name.clone()));
        old.invalidate(reason);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalidation_runs_dependents_once_and_cycles() {
        let count = Rc::new(Cell::new(0));
        let c = CyclicAssumption::new("f not redefined");
        let a = c.get();
        let k = count.clone();
        a.on_invalidate(Box::new(move |_| k.set(k.get() + 1)));
        c.invalidate("redefined");
        a.invalidate("again");
        assert!(!a.is_valid());
        assert!(c.get().is_valid());
        assert_eq!(count.get(), 1);
    }
}
