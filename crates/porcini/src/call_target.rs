//! Root nodes, call targets and call nodes.
//!
//! A call target is the unit of calling (and later of compilation): a root node plus its profile —
//! call counts, loop counts, known callers. Direct call nodes register themselves as known callers
//! when they are created, which is what the splitting heuristics walk. Truffle's call path is
//! mirrored: every call goes through [`crate::runtime::Runtime::call`], which counts and executes.

use std::cell::Cell;
use std::rc::Rc;

use crate::error::Unwind;
use crate::frame::{Frame, FrameDescriptor};
use crate::language::Language;
use crate::symbolic::{SymFrame, SymVal};
use crate::value::Value;

/// The identity of a call target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallTargetId(pub u32);

/// The root of an executable tree: a function body, a builtin, an entry point.
pub trait RootNode<L: Language>: 'static {
    /// The name used in traces and stack traces.
    fn name(&self) -> &str;
    /// The frame layout.
    fn frame_descriptor(&self) -> &FrameDescriptor;
    /// Executes the body in the interpreter.
    fn execute(&self, f: &mut Frame<'_, L>) -> Result<Value, Unwind<Value>>;
    /// Executes the body in a symbolic stage.
    fn execute_sym(&self, s: &mut SymFrame<'_, L>) -> Result<SymVal, Unwind<SymVal>>;
    /// Number of nodes in the tree.
    fn node_count(&self) -> usize;
    /// The source section, as `file:line`, for traces.
    fn source_section(&self) -> String {
        String::from("n/a")
    }
    /// Internal roots (builtins, entry points) are hidden from guest stack traces.
    fn is_internal(&self) -> bool {
        false
    }
    /// Whether splitting may clone this root.
    fn is_cloning_allowed(&self) -> bool {
        false
    }
    /// A copy of the tree in its uninitialized state, if cloning is allowed.
    fn clone_uninitialized(&self) -> Option<Box<dyn RootNode<L>>> {
        None
    }
}

/// A root node with its profile.
pub struct CallTarget<L: Language> {
    id: CallTargetId,
    root: Box<dyn RootNode<L>>,
    /// Slots of the root's frame descriptor, read on every call.
    frame_size: usize,
    /// Leading slots that are parameters (bound to the arguments by the call).
    params: usize,
    /// 64-bit counters never overflow in practice (2^64 calls take centuries), so counting is a
    /// plain increment; the accessors saturate to the 32-bit values policies compare against.
    call_count: Cell<u64>,
    call_and_loop_count: Cell<u64>,
    known_callers: Cell<u32>,
    polymorphic_reports: Cell<u32>,
}

impl<L: Language> CallTarget<L> {
    pub(crate) fn new(id: CallTargetId, root: Box<dyn RootNode<L>>) -> CallTarget<L> {
        CallTarget {
            id,
            frame_size: root.frame_descriptor().len(),
            params: root.frame_descriptor().params(),
            root,
            call_count: Cell::new(0),
            call_and_loop_count: Cell::new(0),
            known_callers: Cell::new(0),
            polymorphic_reports: Cell::new(0),
        }
    }
    /// The id.
    pub fn id(&self) -> CallTargetId {
        self.id
    }
    /// The root node.
    pub fn root(&self) -> &dyn RootNode<L> {
        &*self.root
    }
    /// Number of local slots a frame of this target needs (fixed when the root is created).
    #[inline(always)]
    pub fn frame_size(&self) -> usize {
        self.frame_size
    }
    /// Number of parameter slots of a frame of this target.
    #[inline(always)]
    pub fn params(&self) -> usize {
        self.params
    }
    /// The name (the root's).
    pub fn name(&self) -> &str {
        self.root.name()
    }
    /// Calls so far.
    pub fn call_count(&self) -> u32 {
        u32::try_from(self.call_count.get()).unwrap_or(u32::MAX)
    }
    /// Calls plus reported loop iterations so far.
    pub fn call_and_loop_count(&self) -> u32 {
        u32::try_from(self.call_and_loop_count.get()).unwrap_or(u32::MAX)
    }
    /// Number of direct call nodes created for this target.
    pub fn known_callers(&self) -> u32 {
        self.known_callers.get()
    }
    /// Number of polymorphic-specialization reports from nodes of this target.
    pub fn polymorphic_reports(&self) -> u32 {
        self.polymorphic_reports.get()
    }
    /// Records a polymorphic specialization of one of this target's nodes.
    pub fn note_polymorphic_specialize(&self) {
        self.polymorphic_reports.set(self.polymorphic_reports.get().saturating_add(1));
    }
    #[inline(always)]
    pub(crate) fn count_call(&self) {
        self.call_count.set(self.call_count.get().wrapping_add(1));
        self.call_and_loop_count.set(self.call_and_loop_count.get().wrapping_add(1));
    }
    /// Adds loop iterations to the compilation counter (Truffle's `LoopNode.reportLoopCount`).
    #[inline(always)]
    pub fn report_loop_count(&self, iterations: u64) {
        self.call_and_loop_count.set(self.call_and_loop_count.get().saturating_add(iterations));
    }
}

/// A call site bound to one target. Creating it registers a known caller of the target.
pub struct DirectCallNode<L: Language> {
    target: Rc<CallTarget<L>>,
}

impl<L: Language> DirectCallNode<L> {
    /// A call node for `target`.
    pub fn new(target: Rc<CallTarget<L>>) -> DirectCallNode<L> {
        target.known_callers.set(target.known_callers.get().saturating_add(1));
        DirectCallNode { target }
    }
    /// The target.
    #[inline(always)]
    pub fn target(&self) -> &Rc<CallTarget<L>> {
        &self.target
    }
}

impl<L: Language> Drop for DirectCallNode<L> {
    fn drop(&mut self) {
        self.target.known_callers.set(self.target.known_callers.get().saturating_sub(1));
    }
}
