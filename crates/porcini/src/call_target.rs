//! Root nodes, call targets and call nodes.
//!
//! A call target is the unit of calling (and later of compilation): a root node plus its profile —
//! call counts, loop counts, known callers. Direct call nodes register themselves as known callers
//! when they are created, which is what the splitting heuristics walk. Truffle's call path is
//! mirrored: every call goes through [`crate::runtime::Runtime::call`], which counts and executes.
//!
//! Known callers are real links: a call node records the target whose tree contains it (its
//! *enclosing* target, taken from the frame that creates it, since a language creates call nodes
//! while the tree runs), and a target remembers its single known caller by the call node's id and
//! enclosing target, as Truffle's `singleCallNode` does. So the splitting walk
//! ([`crate::splitting`]) goes from a target to its caller's target by id. A split moves a call
//! node to the split target; the node then calls the split for good.
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

use std::sync::atomic::{AtomicU64, Ordering};

use crate::compiled::{CompiledCode, EntryFn};
use crate::error::Unwind;
use crate::frame::{Frame, FrameDescriptor};
use crate::language::Language;
use crate::node::ExprNode;
use crate::symbolic::{SymFrame, SymVal};
use crate::value::Value;

/// The identity of a call target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallTargetId(pub u32);

/// The identity of a direct call node (a call site), unique in the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallSiteId(pub u64);

/// Call-site ids come from one counter for every runtime: a site id is only ever compared with
/// others, and a process-wide counter needs no runtime at hand where call nodes are created.
static NEXT_SITE: AtomicU64 = AtomicU64::new(0);

/// Where a root's source text is, for the `SourceSection` property of traces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceSection {
    /// The source's path, or its name when it has none.
    pub name: Rc<str>,
    /// 1-based first line.
    pub start_line: u32,
    /// 1-based last line.
    pub end_line: u32,
    /// First character, counted from the start of the source.
    pub char_index: u32,
    /// Length in characters.
    pub char_length: u32,
}

/// What a target knows of the direct call nodes created for it: Truffle's weak `singleCallNode`
/// in its three states. The count alone cannot tell them apart: after a second caller came and
/// went, one caller is left but it is no longer known which one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SingleCaller {
    /// No call node was registered (or the only one moved to a split).
    None,
    /// Exactly one call node: its id and its enclosing target (`None` for a call node created
    /// outside any target, whose caller the walk cannot follow).
    One { site: CallSiteId, enclosing: Option<CallTargetId> },
    /// More than one call node was registered at some point.
    Many,
}

/// How a split target came to be: its source and the call site it was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitOrigin {
    /// The target that was split.
    pub source: CallTargetId,
    /// The call site that calls the split.
    pub site: CallSiteId,
    /// The target whose tree contains that call site.
    pub site_enclosing: Option<CallTargetId>,
}

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
    /// Where the root's source is, for traces (`None` when it has no source).
    fn source_section(&self) -> Option<SourceSection> {
        None
    }
    /// The root's node tree, for tools that walk it (splitting dumps, finding call sites); `None`
    /// for a root that runs no tree.
    fn tree(&self) -> Option<&dyn ExprNode<L>> {
        None
    }
    /// Internal roots (builtins, entry points) are hidden from guest stack traces and from the
    /// frames a stack walk shows the guest (Truffle's `RootNode.isInternal`). That is all it
    /// means: whether a root may be compiled and whether it touches its caller's frame are
    /// [`is_compilable`](Self::is_compilable) and
    /// [`accesses_caller_frame`](Self::accesses_caller_frame).
    fn is_internal(&self) -> bool {
        false
    }
    /// Whether the root may read or write its caller's frame (SL's `helloEqualsWorld`, a
    /// builtin that walks the stack). Compiled code calls such a root through the runtime's call
    /// path, which gives it the caller's frame as the interpreter would, and never inlines it.
    fn accesses_caller_frame(&self) -> bool {
        false
    }
    /// Whether the root's body may be partially evaluated: compiled as a unit of its own, or
    /// inlined into a caller. A builtin whose body is one boundary call gains nothing from it.
    fn is_compilable(&self) -> bool {
        true
    }
    /// Whether a call passing more arguments than the root has parameters keeps the surplus
    /// for the root to read ([`Frame::arg`] past the parameters; JavaScript's rest parameters
    /// need them). Otherwise the surplus is dropped, as SL drops it. Such a call goes through the
    /// runtime's call path, and the root is never inlined.
    fn keeps_surplus_arguments(&self) -> bool {
        false
    }
    /// Whether the root is trivial (Truffle's `RootNode.isTrivial`): small, without loops, and
    /// calling no guest code, so that inlining it never costs more than the call it replaces.
    /// The inliner explores a trivial callee as soon as its caller is explored and inlines it
    /// without charging either budget; a root whose partial evaluation turns out to loop or
    /// call loses the mark for that compilation. The language decides; by default no root is.
    fn is_trivial(&self) -> bool {
        false
    }
    /// Whether splitting may clone this root.
    fn is_cloning_allowed(&self) -> bool {
        false
    }
    /// A copy of the root in its uninitialized state, if cloning is allowed: every node with
    /// fresh state, and a fresh frame descriptor (see [`crate::node::CloneContext`]).
    fn clone_uninitialized(&self) -> Option<Box<dyn RootNode<L>>> {
        None
    }
}

/// A root node with its profile.
pub struct CallTarget<L: Language> {
    id: CallTargetId,
    root: Box<dyn RootNode<L>>,
    /// The name traces use: the root's, with Truffle's ` <split-N>` suffix for a split.
    name: Box<str>,
    /// Marked by the splitting heuristic; never cleared. Read on every direct call, so it is a
    /// plain byte next to the counters the call writes anyway.
    needs_split: Cell<bool>,
    /// The root's node count when the target was created (Truffle's `uninitializedNodeCount`):
    /// what splitting it costs.
    uninitialized_nodes: usize,
    /// Set for a split target.
    origin: Option<SplitOrigin>,
    single_caller: Cell<SingleCaller>,
    /// Call nodes that splits moved away from this target.
    moved_away: Cell<u32>,
    /// Slots of the root's frame descriptor, read on every call.
    frame_size: usize,
    /// Leading slots that are parameters (bound to the arguments by the call).
    params: usize,
    /// The root's [`RootNode::keeps_surplus_arguments`].
    keeps_surplus: bool,
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
    /// What compiled callers call: the installed code's entry, or, while there is none,
    /// [`crate::compiled::interpret`], which runs the tree in the activation the caller set up.
    /// Never null, so a compiled call needs no test.
    call_entry: Cell<EntryFn>,
    /// The installed code.
    code: RefCell<Option<Rc<CompiledCode<L>>>>,
    /// Code partially evaluated and waiting for its machine code (background compilation).
    queued: RefCell<Option<Rc<CompiledCode<L>>>>,
    /// The compilation policy asks to compile once `call_and_loop_count` reaches this (`u64::MAX`:
    /// never, or not while code is installed). One compare on the call path decides it.
    compile_at: Cell<u64>,
    /// Successful compilations so far.
    compilations: Cell<u32>,
    /// Compilation failed for good (or is not allowed): never try again.
    compilation_failed: Cell<bool>,
    /// On-stack-replacement units of this target's loops, by loop node.
    osr: RefCell<Vec<OsrUnit<L>>>,
    /// Where the target's code deoptimized (and invalidated) once deoptimization cycle detection
    /// started watching it, with how often each place was taken since (see
    /// [`CallTarget::deopt_taken`]).
    deopt_places: RefCell<Vec<DeoptPlace>>,
}

/// A place where a target's code deoptimized (the innermost path and the reason), and how often
/// it was taken.
struct DeoptPlace {
    path: Box<[u32]>,
    reason: &'static str,
    taken: u32,
}

/// The compiled code of one loop of a target (on-stack replacement), and how often it was tried.
pub(crate) struct OsrUnit<L: Language> {
    /// The loop node's address (its identity).
    pub(crate) node: usize,
    pub(crate) code: Option<Rc<CompiledCode<L>>>,
    /// Code waiting for its machine code (background compilation).
    pub(crate) queued: Option<Rc<CompiledCode<L>>>,
    pub(crate) attempts: u32,
}

impl<L: Language> CallTarget<L> {
    /// A target for `root`; a call needs `reserve` bytes of native stack besides those for the
    /// root's tree.
    pub(crate) fn new(
        id: CallTargetId,
        root: Box<dyn RootNode<L>>,
        reserve: usize,
        origin: Option<SplitOrigin>,
    ) -> CallTarget<L> {
        let name = match origin {
            Some(_) => format!("{} <split-{}>", root.name(), id.0).into_boxed_str(),
            None => root.name().into(),
        };
        CallTarget {
            id,
            name,
            needs_split: Cell::new(false),
            uninitialized_nodes: root.node_count(),
            origin,
            single_caller: Cell::new(SingleCaller::None),
            moved_away: Cell::new(0),
            frame_size: root.frame_descriptor().len(),
            params: root.frame_descriptor().params(),
            keeps_surplus: root.keeps_surplus_arguments(),
            native_need: root.tree_depth().saturating_mul(L::NATIVE_STACK_PER_LEVEL).saturating_add(reserve),
            native_limit: Cell::new(0),
            root,
            call_count: Cell::new(0),
            call_and_loop_count: Cell::new(0),
            known_callers: Cell::new(0),
            polymorphic_reports: Cell::new(0),
            cell: OnceCell::new(),
            entry: Cell::new(None),
            call_entry: Cell::new(crate::compiled::interpret::<L>),
            code: RefCell::new(None),
            queued: RefCell::new(None),
            compile_at: Cell::new(u64::MAX),
            compilations: Cell::new(0),
            compilation_failed: Cell::new(false),
            osr: RefCell::new(Vec::new()),
            deopt_places: RefCell::new(Vec::new()),
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
    /// Whether a call with surplus arguments keeps them (see
    /// [`RootNode::keeps_surplus_arguments`]).
    #[inline(always)]
    pub fn keeps_surplus(&self) -> bool {
        self.keeps_surplus
    }
    /// The name traces use: the root's, with ` <split-N>` appended for a split (guest stack
    /// traces use the root's own name, so splits stay invisible to the guest).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Whether the splitting heuristic marked this target (see [`crate::splitting`]).
    #[inline(always)]
    pub fn needs_split(&self) -> bool {
        self.needs_split.get()
    }
    pub(crate) fn set_needs_split(&self) {
        self.needs_split.set(true);
    }
    /// The root's node count when the target was created.
    pub fn uninitialized_nodes(&self) -> usize {
        self.uninitialized_nodes
    }
    /// How this target came to be, if it is a split.
    pub fn split_origin(&self) -> Option<SplitOrigin> {
        self.origin
    }
    /// What the target knows of its single caller.
    pub fn single_caller(&self) -> SingleCaller {
        self.single_caller.get()
    }
    /// Call nodes that splits moved away from this target.
    pub fn moved_away(&self) -> u32 {
        self.moved_away.get()
    }
    /// Registers a call node (Truffle's `addDirectCallNode`).
    fn add_caller(&self, site: CallSiteId, enclosing: Option<CallTargetId>) {
        let next = match self.single_caller.get() {
            SingleCaller::One { site: s, .. } if s == site => return,
            SingleCaller::None => SingleCaller::One { site, enclosing },
            _ => SingleCaller::Many,
        };
        self.known_callers.set(self.known_callers.get().saturating_add(1));
        self.single_caller.set(next);
    }
    /// Unregisters a call node (Truffle's `removeDirectCallNode`): the single caller leaving
    /// leaves none; any other leaving leaves an unknown one.
    fn remove_caller(&self, site: CallSiteId) {
        self.known_callers.set(self.known_callers.get().saturating_sub(1));
        self.single_caller.set(match self.single_caller.get() {
            SingleCaller::One { site: s, .. } if s == site => SingleCaller::None,
            _ => SingleCaller::Many,
        });
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
    /// Where the entry compiled callers call is kept: the installed code's, or the
    /// interpreter's ([`crate::compiled::interpret`]) while there is none.
    pub fn call_entry_cell(&self) -> *const EntryFn {
        self.call_entry.as_ptr()
    }
    /// Where the lowest native stack address a call may start at is kept (see
    /// [`CallTarget::native_need`]), for compiled callers that check it themselves.
    pub fn native_limit_cell(&self) -> *const usize {
        self.native_limit.as_ptr()
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
    /// Has the policy look at this target again after `calls` more calls.
    pub(crate) fn poll_after(&self, calls: u64) {
        self.compile_at.set(self.call_and_loop_count.get().saturating_add(calls));
    }
    /// Successful compilations so far.
    pub fn compilations(&self) -> u32 {
        self.compilations.get()
    }
    /// True once compilation failed for good (or was refused).
    pub fn compilation_failed(&self) -> bool {
        self.compilation_failed.get()
    }
    /// Records that the target's code deoptimized at `path` for `reason`; how many times that
    /// place was taken before.
    pub(crate) fn deopt_taken(&self, path: &[u32], reason: &'static str) -> u32 {
        let mut places = self.deopt_places.borrow_mut();
        match places.iter_mut().find(|p| &*p.path == path && p.reason == reason) {
            Some(place) => {
                place.taken += 1;
                place.taken - 1
            }
            None => {
                places.push(DeoptPlace { path: path.into(), reason, taken: 1 });
                0
            }
        }
    }
    pub(crate) fn fail_compilation(&self) {
        self.compilation_failed.set(true);
        self.compile_at.set(u64::MAX);
    }
    /// Installs `code` as the target's code.
    pub(crate) fn install(&self, code: Rc<CompiledCode<L>>) {
        self.compilations.set(self.compilations.get().saturating_add(1));
        self.entry.set(code.entry());
        self.call_entry.set(code.entry().unwrap_or(crate::compiled::interpret::<L>));
        *self.code.borrow_mut() = Some(code);
        self.compile_at.set(u64::MAX);
    }
    /// Whether code for the target is waiting for its machine code.
    pub(crate) fn is_queued(&self) -> bool {
        self.queued.borrow().is_some()
    }
    /// Parks code waiting for its machine code (`None`: takes it back).
    pub(crate) fn set_queued(&self, code: Option<Rc<CompiledCode<L>>>) -> Option<Rc<CompiledCode<L>>> {
        std::mem::replace(&mut *self.queued.borrow_mut(), code)
    }
    /// The on-stack-replacement units of this target's loops.
    pub(crate) fn osr_units(&self) -> &RefCell<Vec<OsrUnit<L>>> {
        &self.osr
    }
    /// Runs `f` on the unit of the loop node at address `node`, if it has one.
    pub(crate) fn with_osr_unit<R>(&self, node: usize, f: impl FnOnce(&mut OsrUnit<L>) -> R) -> Option<R> {
        self.osr.borrow_mut().iter_mut().find(|u| u.node == node).map(f)
    }
    /// The code of the unit `node` (the root's for `None`) waiting for its machine code, if any.
    pub(crate) fn queued_code(&self, node: Option<usize>) -> Option<Rc<CompiledCode<L>>> {
        match node {
            None => self.queued.borrow().clone(),
            Some(key) => self.with_osr_unit(key, |u| u.queued.clone()).flatten(),
        }
    }
    /// Invalidates the installed code and the code of every loop unit, and cancels code still
    /// waiting for its machine code (it is dropped when that arrives).
    pub(crate) fn invalidate_code(&self, reason: &str) {
        let units = self.osr.borrow();
        let mut codes: Vec<Rc<CompiledCode<L>>> = units.iter().flat_map(|u| u.code.iter().chain(&u.queued)).cloned().collect();
        drop(units);
        codes.extend(self.code());
        codes.extend(self.queued.borrow().clone());
        for c in codes {
            c.invalidate(reason);
        }
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
            self.call_entry.set(crate::compiled::interpret::<L>);
            *self.code.borrow_mut() = None;
            if !self.compilation_failed.get() {
                self.compile_at.set(0);
            }
        }
    }
    /// Where the target's source starts, as `name:line` (for traces and stack traces).
    pub fn source_location(&self) -> Option<String> {
        self.root.source_section().map(|s| format!("{}:{}", s.name, s.start_line))
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
        let src = self.source_location().unwrap_or_else(|| porcini_tools::trace::compilation::NO_SOURCE.to_string());
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
    /// The target.
    #[inline(always)]
    pub fn target(&self) -> &CallTarget<L> {
        &self.0
    }
    /// The target, shared.
    pub fn shared(&self) -> &Rc<CallTarget<L>> {
        &self.0
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
///
/// The current target starts as the target the node was created for and changes at most once,
/// to the split made for this site ([`crate::splitting`]).
pub struct DirectCallNode<L: Language> {
    current: Cell<Gc<TargetCell<L>>>,
    weak: Cell<Weak<CallTarget<L>>>,
    site: CallSiteId,
    enclosing: Option<CallTargetId>,
    /// The site's one decision on splitting its target was taken (Truffle's `splitDecided`): a
    /// refused split is not tried again here.
    split_decided: Cell<bool>,
    /// The site calls a split of its original target.
    split: Cell<bool>,
    /// Calls made through the node in the interpreter (Truffle's per-node `callCount`): the
    /// inliner's frequencies divide it by the enclosing target's call count.
    calls: Cell<u32>,
}

impl<L: Language> DirectCallNode<L> {
    /// A call node for `target` in the tree of `enclosing` (the target whose frame creates it;
    /// `None` for a call node made outside any target), or `None` if `target` was not created by
    /// a runtime (only runtimes give targets their heap cell).
    pub fn new(target: &Rc<CallTarget<L>>, enclosing: Option<&CallTarget<L>>) -> Option<DirectCallNode<L>> {
        let cell = *target.cell.get()?;
        let site = CallSiteId(NEXT_SITE.fetch_add(1, Ordering::Relaxed));
        let enclosing = enclosing.map(CallTarget::id);
        target.add_caller(site, enclosing);
        Some(DirectCallNode {
            current: Cell::new(cell),
            weak: Cell::new(Rc::downgrade(target)),
            site,
            enclosing,
            split_decided: Cell::new(false),
            split: Cell::new(false),
            calls: Cell::new(0),
        })
    }
    /// The heap cell of the target this node calls now; its [`TargetCell::target`] is the callee.
    #[inline(always)]
    pub fn current(&self) -> Gc<TargetCell<L>> {
        self.current.get()
    }
    /// The target this node calls now.
    pub fn target(&self) -> Rc<CallTarget<L>> {
        self.current.get().0.clone()
    }
    /// The node's id.
    pub fn id(&self) -> CallSiteId {
        self.site
    }
    /// The target whose tree contains this node.
    pub fn enclosing(&self) -> Option<CallTargetId> {
        self.enclosing
    }
    /// Calls made through the node in the interpreter, saturating.
    pub fn call_count(&self) -> u32 {
        self.calls.get()
    }
    /// Counts an interpreted call through the node.
    #[inline(always)]
    pub(crate) fn count_call(&self) {
        self.calls.set(self.calls.get().saturating_add(1));
    }
    /// Whether the node calls a split of the target it was created for.
    pub fn is_split(&self) -> bool {
        self.split.get()
    }
    /// Whether the node already took its one splitting decision.
    #[inline(always)]
    pub fn split_decided(&self) -> bool {
        self.split_decided.get()
    }
    pub(crate) fn decide_split(&self) {
        self.split_decided.set(true);
    }
    /// Moves this call site from its target to `split` (Truffle's `removeDirectCallNode` on the
    /// source, `addDirectCallNode` on the clone, and the switch of `currentCallTarget`).
    pub(crate) fn move_to(&self, split: &Rc<CallTarget<L>>) -> bool {
        let Some(&cell) = split.cell.get() else { return false };
        let from = self.current.get();
        from.target().remove_caller(self.site);
        from.target().moved_away.set(from.target().moved_away.get().saturating_add(1));
        split.add_caller(self.site, self.enclosing);
        self.current.set(cell);
        self.weak.set(Rc::downgrade(split));
        self.split.set(true);
        true
    }
}

impl<L: Language> Drop for DirectCallNode<L> {
    fn drop(&mut self) {
        // Not through the cell: the node may be dropped after the heap (with the tree of a
        // target that outlived its runtime).
        if let Some(target) = self.weak.take().upgrade() {
            target.remove_caller(self.site);
        }
    }
}
