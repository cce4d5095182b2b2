//! Frame descriptors, the value stack and interpreter frames.
//!
//! A call target's `FrameDescriptor` lists its local slots with a kind per slot that only widens
//! (Illegal → Long or Boolean → Object), shared by every activation, as in Truffle. The kinds are
//! what compiled code will speculate on; the interpreter keeps the real type in each value's tag.
//!
//! Activations live on one contiguous value stack owned by the runtime: a frame is a window of
//! cells that starts with the arguments the caller pushed. The first slots of a descriptor may be
//! its *parameters*: they alias the argument cells, so a call binds parameters without copying
//! (a missing argument reads as null, and cells past the parameters are cleared for the locals). Calls push nothing on the Rust heap, and the collector
//! scans the used part of the value stack as roots, so guest values held in frames need no
//! bookkeeping. Cells (`Cell<Value>`) let builtins such as SL's `helloEqualsWorld` write a
//! caller's slot while the caller's frame is borrowed further up the Rust stack.

use std::cell::Cell;

use crate::call_target::CallTarget;
use crate::error::{Unwind, UnwindKind};
use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

/// The kind of a local slot, widening only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    /// Never written.
    Illegal,
    /// Only 64-bit integers written so far.
    Long,
    /// Only booleans written so far.
    Boolean,
    /// Anything.
    Object,
}

/// A typed local-slot index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SlotId(pub u32);

/// The slots of a root node, with names (for stack traces) and kinds.
#[derive(Debug, Default)]
pub struct FrameDescriptor {
    names: Vec<Box<str>>,
    kinds: Vec<Cell<SlotKind>>,
    params: usize,
}

impl FrameDescriptor {
    /// A descriptor with the given slot names, all Illegal.
    pub fn new(names: Vec<Box<str>>) -> FrameDescriptor {
        let kinds = names.iter().map(|_| Cell::new(SlotKind::Illegal)).collect();
        FrameDescriptor { names, kinds, params: 0 }
    }
    /// A descriptor whose first `params` slots are bound to the arguments by the call itself
    /// (at most the number of slots).
    pub fn with_params(names: Vec<Box<str>>, params: usize) -> FrameDescriptor {
        let params = params.min(names.len());
        FrameDescriptor { params, ..FrameDescriptor::new(names) }
    }
    /// Number of leading slots that are parameters.
    pub fn params(&self) -> usize {
        self.params
    }
    /// Number of slots.
    pub fn len(&self) -> usize {
        self.names.len()
    }
    /// True when there are no slots.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
    /// Name of a slot.
    pub fn name(&self, slot: SlotId) -> &str {
        self.names.get(slot.0 as usize).map(|n| &**n).unwrap_or("")
    }
    /// Current kind of a slot.
    #[inline]
    pub fn kind(&self, slot: SlotId) -> SlotKind {
        self.kinds.get(slot.0 as usize).map(Cell::get).unwrap_or(SlotKind::Object)
    }
    /// Widens a slot's kind to hold `to`; returns true if the kind changed (compiled code that
    /// speculated on the old kind must then be invalidated).
    #[inline]
    pub fn widen(&self, slot: SlotId, to: SlotKind) -> bool {
        let Some(cell) = self.kinds.get(slot.0 as usize) else { return false };
        let from = cell.get();
        let new = match (from, to) {
            (a, b) if a == b => return false,
            (SlotKind::Illegal, k) => k,
            (SlotKind::Object, _) => return false,
            _ => SlotKind::Object,
        };
        cell.set(new);
        true
    }
    /// A copy with every kind reset to Illegal (for a split's fresh profile).
    pub fn clone_uninitialized(&self) -> FrameDescriptor {
        FrameDescriptor::with_params(self.names.clone(), self.params)
    }
}

/// An interpreter activation: a window on the value stack plus links for stack walking.
///
/// `Frame` is also the interpreter's implementation of [`crate::stage::Stage`]: node code that is
/// generic over the stage runs on concrete values when instantiated with a `Frame`.
pub struct Frame<'a, L: Language> {
    pub(crate) rt: &'a Runtime<L>,
    pub(crate) args: &'a [Cell<Value>],
    pub(crate) slots: &'a [Cell<Value>],
    /// First free index of the value stack above this frame (moves while arguments are pushed).
    pub(crate) sp: usize,
    pub(crate) target: Option<&'a CallTarget<L>>,
    pub(crate) caller: Option<&'a Frame<'a, L>>,
    /// The value of a `return` unwinding to this frame's root (see [`crate::error`]).
    pub(crate) ret: Value,
}

impl<'a, L: Language> Frame<'a, L> {
    /// The activation's result, from what running its root (or resuming it) came to: a
    /// `return` that unwound to the root completes it with the value it left in `ret`.
    #[inline(always)]
    pub(crate) fn completed(&self, r: Result<Value, Unwind<Value>>) -> Result<Value, Unwind<Value>> {
        match r {
            Ok(v) => Ok(v),
            Err(u) if u.kind() == UnwindKind::Return => Ok(self.ret),
            Err(u) => Err(u),
        }
    }
    /// The runtime.
    #[inline(always)]
    pub fn runtime(&self) -> &'a Runtime<L> {
        self.rt
    }
    /// The language state.
    #[inline(always)]
    pub fn lang(&self) -> &'a L::State {
        &self.rt.lang
    }
    /// Argument `i`, or the language's absent value when the caller passed fewer.
    #[inline(always)]
    pub fn arg(&self, i: usize) -> Value {
        self.args.get(i).map(Cell::get).unwrap_or(L::ABSENT)
    }
    /// Number of arguments passed.
    pub fn arg_count(&self) -> usize {
        self.args.len()
    }
    /// Reads a slot (Empty if never assigned in this activation).
    #[inline(always)]
    pub fn slot(&self, s: SlotId) -> Value {
        self.slots.get(s.0 as usize).map(Cell::get).unwrap_or(Value::EMPTY)
    }
    /// Writes a slot.
    #[inline(always)]
    pub fn set_slot(&self, s: SlotId, v: Value) {
        if let Some(c) = self.slots.get(s.0 as usize) {
            c.set(v);
        }
    }
    /// The call target this frame executes, if it is not the entry frame.
    pub fn target(&self) -> Option<&'a CallTarget<L>> {
        self.target
    }
    /// The calling frame.
    pub fn caller(&self) -> Option<&'a Frame<'a, L>> {
        self.caller
    }
    /// The slot cells (for frame inspection tools such as stack traces).
    pub fn slot_cells(&self) -> &'a [Cell<Value>] {
        self.slots
    }
}
