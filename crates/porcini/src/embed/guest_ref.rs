//! Handles on guest values held by the host, and the table that keeps those values alive.
//!
//! The collector finds guest values on the native stack and in what the runtime and the
//! language trace, but not in the host's own data structures, where a [`HostValue`] may sit for
//! as long as the embedder likes. So a value handed to the host is entered in its runtime's
//! [`HandleTable`], which the runtime traces as a root, and the [`GuestRef`] holds only the
//! entry's index; dropping the handle frees the entry.
//!
//! [`HostValue`]: crate::embed::HostValue

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use porcini_gc::{Trace, Tracer};

use crate::value::Value;

/// The guest values host handles refer to, by index; a freed entry is `None` until reused.
#[derive(Default)]
pub(crate) struct HandleTable {
    slots: RefCell<Vec<Option<Value>>>,
    free: RefCell<Vec<usize>>,
}

impl HandleTable {
    /// A new handle on `v`, keeping it alive until the handle is dropped.
    pub(crate) fn hold(self: &Rc<Self>, v: Value) -> GuestRef {
        let mut slots = self.slots.borrow_mut();
        let index = match self.free.borrow_mut().pop() {
            Some(i) => {
                slots[i] = Some(v);
                i
            }
            None => {
                slots.push(Some(v));
                slots.len() - 1
            }
        };
        GuestRef { table: self.clone(), index }
    }
    /// The value `r` refers to, if `r` is a handle of this table.
    pub(crate) fn get(self: &Rc<Self>, r: &GuestRef) -> Option<Value> {
        if !Rc::ptr_eq(self, &r.table) {
            return None;
        }
        r.value()
    }
    /// Visits every value a handle holds.
    pub(crate) fn trace(&self, tracer: &mut Tracer) {
        for v in self.slots.borrow().iter().flatten() {
            v.trace(tracer);
        }
    }
}

/// A handle on a guest value that is not a primitive (an object, an array, a function, an SL
/// big integer): the value stays alive while the handle does. Cloning makes another handle on
/// the same value; two handles are equal when they refer to the same value of the same engine.
///
/// Pass it back to the engine that made it, as an argument ([`HostValue::Guest`]), to
/// [`Engine::call`](crate::Engine::call) or [`Engine::display`](crate::Engine::display);
/// another engine rejects it.
///
/// ```
/// use porcini::{Engine, Launch, RunError};
/// use porcini::embed::HostValue;
///
/// // An object made by one source, kept by the host and given to a function of another.
/// fn keep_and_pass<L: Launch>(engine: &Engine<L>) -> Result<HostValue, RunError> {
///     let kept = engine.eval("({ n: 1 })", "make")?;
///     assert!(matches!(kept, HostValue::Guest(_)));
///     let read = engine.eval("(o) => o.n", "read")?;
///     engine.call(&read, &[kept])
/// }
/// ```
///
/// [`HostValue::Guest`]: crate::embed::HostValue::Guest
pub struct GuestRef {
    table: Rc<HandleTable>,
    index: usize,
}

impl GuestRef {
    fn value(&self) -> Option<Value> {
        self.table.slots.borrow().get(self.index).copied().flatten()
    }
}

impl Clone for GuestRef {
    fn clone(&self) -> GuestRef {
        match self.value() {
            Some(v) => self.table.hold(v),
            // Unreachable while this handle lives; an empty handle is still a valid answer.
            None => self.table.hold(Value::NULL),
        }
    }
}

impl Drop for GuestRef {
    fn drop(&mut self) {
        // The table may be borrowed if a handle is dropped while it is being read (it never is
        // today); leaving the entry in place then only keeps a value alive a little longer.
        if let (Ok(mut slots), Ok(mut free)) = (self.table.slots.try_borrow_mut(), self.table.free.try_borrow_mut())
            && let Some(slot) = slots.get_mut(self.index)
        {
            *slot = None;
            free.push(self.index);
        }
    }
}

impl PartialEq for GuestRef {
    fn eq(&self, other: &GuestRef) -> bool {
        Rc::ptr_eq(&self.table, &other.table)
            && match (self.value(), other.value()) {
                (Some(a), Some(b)) => a.tag() == b.tag() && a.bits() == b.bits(),
                _ => false,
            }
    }
}

impl fmt::Debug for GuestRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GuestRef(#{})", self.index)
    }
}
