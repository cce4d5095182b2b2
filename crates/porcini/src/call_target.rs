//! Root nodes, call targets and call nodes.
//!
//! A call target is the unit of calling (and later of compilation): a root node plus its profile —
//! call counts, loop counts, known callers. Direct call nodes register themselves as known callers
//! when they are created, which is what the splitting heuristics walk. Truffle's call path is
//! mirrored: every call goes through [`crate::runtime::Runtime::call`], which counts and executes.
//!
//! Call targets are shared (`Rc`), and a target's tree holds the call nodes of its call sites, so
//! a call node must not own the target it calls: a recursive function would own itself and never
//! be freed. Each target is owned once more by a cell on the runtime's heap, a [`TargetCell`],
//! and call nodes hold that cell's `Gc` handle, which owns nothing. Dropping the runtime drops its
//! heap, permanent objects included, and with them the only references that form cycles. The
//! handle costs one load per call over holding the target itself; a weak reference or a cell
//! that could be cleared would cost a reference count or borrow flag update on every call.

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::{Rc, Weak};

use porcini_gc::{Gc, Trace, Tracer};

use crate::compiled::{CompiledCode, EntryFn};
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
    /// Executes the body while resuming from a frame state, or rehearsing one
    /// ([`crate::resume`]).
    fn execute_resume(&self, s: &mut crate::resume::Resume<'_, '_, L>) -> Result<Value, Unwind<Value>>;
    /// Number of nodes in the tree.
    fn node_count(&self) -> usize;
    /// How deeply executing the root nests native calls, in levels of its node tree (see
    /// [`crate::node::tree_depth`]; 0 for a root that runs no tree). Calls reserve native stack
    /// for that many levels before they start (see [`CallTarget::native_need`]), so a root must
    /// not report less than it nests; computing it once, when the tree is built, keeps calls
    /// cheap.
    fn tree_depth(&self) -> usize;
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
    /// Native stack a call needs before it starts (see [`CallTarget::native_need`]).
    native_need: usize,
    /// The lowest stack address a call may start at, the runtime's native stack floor plus
    /// `native_need`; 0 while the runtime knows no stack. Kept per target so that the call's
    /// guard is one compare.
    native_limit: Cell<usize>,
    /// 64-bit counters never overflow in practice (2^64 calls take centuries), so counting is a
    /// plain increment; the accessors saturate to the 32-bit values policies compare against.
    call_count: Cell<u64>,
    call_and_loop_count: Cell<u64>,
    known_callers: Cell<u32>,
    polymorphic_reports: Cell<u32>,
    /// The heap cell that owns this target for the call nodes calling it (set by the runtime
    /// right after creating the target).
    cell: OnceCell<Gc<TargetCell<L>>>,
    /// The installed code's entry, read on every call (`None`: interpret).
    entry: Cell<Option<EntryFn>>,
    /// The installed code.
    code: RefCell<Option<Rc<CompiledCode<L>>>>,
    /// The compilation policy asks to compile once `call_and_loop_count` reaches this (`u64::MAX`:
    /// never, or not while code is installed). One compare on the call path decides it.
    compile_at: Cell<u64>,
    /// Successful compilations so far.
    compilations: Cell<u32>,
    /// Compilation failed for good (or is not allowed): never try again.
    compilation_failed: Cell<bool>,
    /// On-stack-replacement units of this target's loops, by loop node.
    osr: RefCell<Vec<OsrUnit<L>>>,
}

/// The compiled code of one loop of a target (on-stack replacement), and how often it was tried.
pub(crate) struct OsrUnit<L: Language> {
    /// The loop node's address (its identity).
    pub(crate) node: usize,
    pub(crate) code: Option<Rc<CompiledCode<L>>>,
    pub(crate) attempts: u32,
}

impl<L: Language> CallTarget<L> {
    /// A target for `root`; a call needs `reserve` bytes of native stack besides those for the
    /// root's tree.
    pub(crate) fn new(id: CallTargetId, root: Box<dyn RootNode<L>>, reserve: usize) -> CallTarget<L> {
        CallTarget {
            id,
            frame_size: root.frame_descriptor().len(),
            params: root.frame_descriptor().params(),
            native_need: root.tree_depth().saturating_mul(L::NATIVE_STACK_PER_LEVEL).saturating_add(reserve),
            native_limit: Cell::new(0),
            root,
            call_count: Cell::new(0),
            call_and_loop_count: Cell::new(0),
            known_callers: Cell::new(0),
            polymorphic_reports: Cell::new(0),
            cell: OnceCell::new(),
            entry: Cell::new(None),
            code: RefCell::new(None),
            compile_at: Cell::new(u64::MAX),
            compilations: Cell::new(0),
            compilation_failed: Cell::new(false),
            osr: RefCell::new(Vec::new()),
        }
    }
    /// Native stack, in bytes, that must be free when a call of this target starts: enough for
    /// every level of its tree and, below the deepest, the runtime's reserve for slow paths and
    /// reporting an overflow.
    pub fn native_need(&self) -> usize {
        self.native_need
    }
    /// The lowest stack address a call may start at (0: unchecked).
    #[inline(always)]
    pub(crate) fn native_limit(&self) -> usize {
        self.native_limit.get()
    }
    /// Places the stack limit for a runtime whose usable native stack ends at `floor` (0: none
    /// declared).
    pub(crate) fn set_native_floor(&self, floor: usize) {
        self.native_limit.set(if floor == 0 { 0 } else { floor.saturating_add(self.native_need) });
    }
    /// Records the heap cell that owns this target for call nodes.
    pub(crate) fn set_cell(&self, cell: Gc<TargetCell<L>>) {
        let _ = self.cell.set(cell);
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
    /// The installed code's entry, if any.
    #[inline(always)]
    pub fn entry(&self) -> Option<EntryFn> {
        self.entry.get()
    }
    /// The installed code, if any.
    pub fn code(&self) -> Option<Rc<CompiledCode<L>>> {
        self.code.borrow().clone()
    }
    /// Whether the policy should look at this target now (its count reached the threshold).
    #[inline(always)]
    pub(crate) fn is_hot(&self) -> bool {
        self.call_and_loop_count.get() >= self.compile_at.get()
    }
    /// Sets the count at which the policy looks at this target next.
    pub(crate) fn set_compile_at(&self, at: u64) {
        self.compile_at.set(at);
    }
    /// Successful compilations so far.
    pub fn compilations(&self) -> u32 {
        self.compilations.get()
    }
    /// True once compilation failed for good (or was refused).
    pub fn compilation_failed(&self) -> bool {
        self.compilation_failed.get()
    }
    pub(crate) fn fail_compilation(&self) {
        self.compilation_failed.set(true);
        self.compile_at.set(u64::MAX);
    }
    /// Installs `code` as the target's code.
    pub(crate) fn install(&self, code: Rc<CompiledCode<L>>) {
        self.compilations.set(self.compilations.get().saturating_add(1));
        self.entry.set(code.entry());
        *self.code.borrow_mut() = Some(code);
        self.compile_at.set(u64::MAX);
    }
    /// The on-stack-replacement units of this target's loops.
    pub(crate) fn osr_units(&self) -> &RefCell<Vec<OsrUnit<L>>> {
        &self.osr
    }
    /// Removes `code` if it is the installed code. The counters are not reset (as in Truffle):
    /// the next call asks the policy again.
    pub(crate) fn uninstall(&self, code: &CompiledCode<L>) {
        for unit in self.osr.borrow_mut().iter_mut() {
            if unit.code.as_ref().is_some_and(|c| std::ptr::eq(&**c, code)) {
                unit.code = None;
            }
        }
        let installed = self.code.borrow().as_ref().is_some_and(|c| std::ptr::eq(&**c, code));
        if installed {
            self.entry.set(None);
            *self.code.borrow_mut() = None;
            if !self.compilation_failed.get() {
                self.compile_at.set(0);
            }
        }
    }
    /// An `opt` trace line about this target, made by `line` from the fields every such line
    /// shows (engine, id, name, the time now, the source).
    pub fn trace_line(&self, line: impl FnOnce(&porcini_tools::trace::compilation::Subject<'_>) -> String) -> String {
        self.trace_line_named(None, line)
    }
    /// As [`CallTarget::trace_line`], with another name shown (a loop's `<OSR>` unit).
    pub fn trace_line_named(
        &self,
        name: Option<&str>,
        line: impl FnOnce(&porcini_tools::trace::compilation::Subject<'_>) -> String,
    ) -> String {
        let utc = porcini_tools::trace::utc_now();
        let mut src = self.root.source_section();
        if src.is_empty() {
            src = porcini_tools::trace::compilation::NO_SOURCE.to_string();
        }
        line(&porcini_tools::trace::compilation::Subject {
            engine_id: 1,
            target_id: u64::from(self.id.0),
            name: name.unwrap_or(self.name()),
            utc: &utc,
            src: &src,
        })
    }
    /// Adds loop iterations to the compilation counter (Truffle's `LoopNode.reportLoopCount`).
    #[inline(always)]
    pub fn report_loop_count(&self, iterations: u64) {
        self.call_and_loop_count.set(self.call_and_loop_count.get().saturating_add(iterations));
    }
}

/// A permanent heap object owning a call target on behalf of the call nodes that call it (see the
/// module documentation). It lives, and keeps the target alive, exactly as long as the runtime's
/// heap.
pub struct TargetCell<L: Language>(Rc<CallTarget<L>>);

impl<L: Language> TargetCell<L> {
    pub(crate) fn new(target: Rc<CallTarget<L>>) -> TargetCell<L> {
        TargetCell(target)
    }
}

// SAFETY: a target cell holds no GC references the collector must see: the only ones in trees
// are to permanent objects, which are roots of every collection anyway.
unsafe impl<L: Language> Trace for TargetCell<L> {
    fn trace(&self, _tracer: &mut Tracer) {}
}

/// A call site bound to one target. Creating it registers a known caller of the target.
///
/// It reaches the target through the target's heap cell: the `Gc` handle owns nothing, so call
/// nodes never form reference cycles, and like every heap reference in a tree it is valid while
/// the runtime that created the target is alive. The weak reference is only for unregistering
/// the caller when the node is dropped, which may happen after the heap is gone.
pub struct DirectCallNode<L: Language> {
    cell: Gc<TargetCell<L>>,
    weak: Weak<CallTarget<L>>,
}

impl<L: Language> DirectCallNode<L> {
    /// A call node for `target`, or `None` if `target` was not created by a runtime (only
    /// runtimes give targets their heap cell).
    pub fn new(target: &Rc<CallTarget<L>>) -> Option<DirectCallNode<L>> {
        let cell = *target.cell.get()?;
        target.known_callers.set(target.known_callers.get().saturating_add(1));
        Some(DirectCallNode { cell, weak: Rc::downgrade(target) })
    }
    /// The target.
    #[inline(always)]
    pub fn target(&self) -> &Rc<CallTarget<L>> {
        &self.cell.0
    }
}

impl<L: Language> Drop for DirectCallNode<L> {
    fn drop(&mut self) {
        // Not through the cell: the node may be dropped after the heap (with the tree of a
        // target that outlived its runtime).
        if let Some(target) = self.weak.upgrade() {
            target.known_callers.set(target.known_callers.get().saturating_sub(1));
        }
    }
}
