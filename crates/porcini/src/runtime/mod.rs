//! The runtime: one engine instance with its heap, value stack, shapes, call targets and options.
//!
//! Everything a node needs at run time is reachable from the frame's runtime reference. The runtime
//! owns the language's state too, so the collector can ask the language for its roots. It is
//! single-threaded: guest code runs on one thread, whose native stack the collector scans.
//!
//! This file holds the engine itself: its construction, the call-target registry, allocation and
//! the collector's roots. The rest of `Runtime` is split by concern: `call.rs` enters, activates
//! and resumes frames on the value stack within the native stack's limits, `compile_policy.rs`
//! decides when a target or a loop is compiled and installs the code, and `trace.rs` prints the
//! compilation trace lines.

mod call;
mod compile_policy;
mod settled;
mod trace;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};
use porcini_tools::listener::CompilationListener;
use porcini_tools::options::EngineOptions;
use porcini_tools::statistics::CompilationStatistics;

use crate::bigint::{BigInt, Num};
use crate::call_target::{CallTarget, CallTargetId, RootNode, SplitOrigin, TargetCell};
use crate::compiled::{CompiledCode, Compiler};
use crate::embed::HandleTable;
use crate::function::FunctionObject;
use crate::host::HostObject;
use crate::instrument::Instruments;
use crate::language::Language;
use crate::object::DynObject;
use crate::shape::ShapeTable;
use crate::splitting::Splitting;
use crate::rope::{NodeAlloc, Rope, RopeEncoding};
use crate::string::{GuestStr, Utf8};
use crate::symbol::Interner;
use crate::value::Value;
use crate::value_stack::ValueStack;

pub use call::{Rehearsal, stack_overflow};
pub(crate) use compile_policy::{OSR_POLL_ITERATIONS, Osr};
pub(crate) use trace::unit_name;
use compile_policy::Queued;

/// Cells in the value stack: 4 Mi values (64 MiB of address space, committed on use).
const VALUE_STACK_CELLS: usize = 1 << 22;
/// Native stack kept free below the deepest level of a call's tree, for the slow paths (node
/// specialization, collections, builtins) and for reporting an overflow.
const NATIVE_STACK_RESERVE: usize = 256 * 1024;

/// One engine instance running one language.
pub struct Runtime<L: Language> {
    /// The guest heap.
    pub heap: Heap,
    /// The engine options.
    pub options: EngineOptions,
    /// All object shapes.
    pub shapes: ShapeTable,
    /// Interned property keys.
    pub interner: Interner,
    /// The language's global state.
    pub lang: L::State,
    stack: ValueStack,
    /// Values of frame states being resumed, kept alive until their replay has used them.
    pub(crate) resuming: RefCell<Vec<Value>>,
    /// The lowest address of the native stack guest code may use (0: none declared).
    native_floor: Cell<usize>,
    targets: RefCell<Vec<Rc<CallTarget<L>>>>,
    /// The compiler the policy hands hot targets to (none: everything is interpreted).
    compiler: RefCell<Option<Rc<dyn Compiler<L>>>>,
    /// Every code ever installed: frames may run invalidated code until they return, so code
    /// lives as long as the runtime.
    codes: RefCell<Vec<Rc<CompiledCode<L>>>>,
    /// Units waiting for their machine code, oldest first.
    queue: RefCell<Vec<Queued<L>>>,
    /// Loop iterations before on-stack replacement (`u64::MAX`: never).
    osr_at: Cell<u64>,
    /// Splitting's engine-wide state, the trace sink and the dump writer ([`crate::splitting`]).
    pub(crate) splitting: Splitting,
    /// The tools' and the sandbox's instruments ([`crate::instrument`]).
    pub instruments: Instruments,
    /// The text of every source loaded, by path, while coverage needs it for its report.
    sources: RefCell<Vec<(String, Rc<str>)>>,
    /// The guest values the host holds handles on ([`crate::embed::GuestRef`]).
    handles: Rc<HandleTable>,
    /// Nodes whose respecialization in compiled code changed nothing ([`settled`]).
    settled: settled::Settled,
    /// What is told about every compilation, besides the trace: the statistics of
    /// `--engine.CompilationStatistics` (none without it).
    listener: Option<Rc<dyn CompilationListener>>,
}

impl<L: Language> Runtime<L> {
    /// A runtime with the given options and language state.
    pub fn new(options: EngineOptions, lang: L::State) -> Runtime<L> {
        let instruments = Instruments::new(&options.tools);
        Runtime::with_instruments(options, lang, instruments)
    }
    /// A runtime with the given options, language state and instruments (made before the
    /// language state when the host's streams must report to them).
    pub fn with_instruments(options: EngineOptions, lang: L::State, instruments: Instruments) -> Runtime<L> {
        let heap = Heap::new(HeapConfig { stress: options.gc_stress, ..HeapConfig::default() });
        let splitting = Splitting::new(&options);
        let listener = options.compilation_statistics.then(|| Rc::new(CompilationStatistics::new()) as Rc<dyn CompilationListener>);
        Runtime {
            listener,
            instruments,
            sources: RefCell::new(Vec::new()),
            splitting,
            heap,
            options,
            shapes: ShapeTable::default(),
            interner: Interner::default(),
            lang,
            stack: ValueStack::new(VALUE_STACK_CELLS),
            resuming: RefCell::new(Vec::new()),
            native_floor: Cell::new(0),
            targets: RefCell::new(Vec::new()),
            compiler: RefCell::new(None),
            codes: RefCell::new(Vec::new()),
            queue: RefCell::new(Vec::new()),
            osr_at: Cell::new(u64::MAX),
            handles: Rc::default(),
            settled: settled::Settled::default(),
        }
    }

    /// Records the text of a source the language loaded (`path` as its roots' source sections
    /// name it), for the tools that show sources. Kept only while a tool needs it.
    pub fn add_source(&self, path: &str, text: &str) {
        if self.instruments.options().coverage.enabled {
            self.sources.borrow_mut().push((path.to_string(), Rc::from(text)));
        }
    }
    /// The text of the source at `path`, if it was recorded ([`Runtime::add_source`]).
    pub fn source_text(&self, path: &str) -> Option<String> {
        self.sources.borrow().iter().rev().find(|(p, _)| p == path).map(|(_, t)| t.to_string())
    }

    /// Registers a root node as a new call target. Besides the runtime's list, a permanent heap
    /// cell owns it for the call nodes that will call it (see [`TargetCell`]); both let go when
    /// the runtime is dropped. Its nodes widen the splitting budget.
    pub fn create_call_target(&self, root: Box<dyn RootNode<L>>) -> Rc<CallTarget<L>> {
        let t = self.create_target(root, None);
        self.splitting.source_created(t.uninitialized_nodes());
        t
    }
    /// Registers a source target (`origin` is `None`) or a split.
    pub(crate) fn create_target(&self, root: Box<dyn RootNode<L>>, origin: Option<SplitOrigin>) -> Rc<CallTarget<L>> {
        let mut targets = self.targets.borrow_mut();
        let id = CallTargetId(targets.len() as u32);
        let t = Rc::new(CallTarget::new(id, root, NATIVE_STACK_RESERVE, origin));
        t.set_native_floor(self.native_floor.get());
        t.set_compile_at(self.first_compile_at());
        t.set_cell(self.heap.alloc_permanent(TargetCell::new(t.clone())));
        targets.push(t.clone());
        if let Some(max) = self.instruments.limits.max_ast_depth()
            && t.root().tree_depth() as u64 > max
        {
            let name = if t.name().is_empty() { "<anonymous>" } else { t.name() };
            self.instruments.cancel_at_next_safepoint(format!(
                "AST depth limit of {max} exceeded (sandbox.MaxASTDepth={max}): {name} ({}) has depth {}.",
                t.source_location().unwrap_or_default(),
                t.root().tree_depth()
            ));
        }
        t
    }
    /// The call target with this id.
    pub fn call_target(&self, id: CallTargetId) -> Option<Rc<CallTarget<L>>> {
        self.targets.borrow().get(id.0 as usize).cloned()
    }
    /// How many call targets were created so far (splits included).
    pub fn call_target_count(&self) -> usize {
        self.targets.borrow().len()
    }
    /// All call targets created so far.
    pub fn call_targets(&self) -> Vec<Rc<CallTarget<L>>> {
        self.targets.borrow().clone()
    }

    /// Visits every root the runtime knows beyond the native stack: the used value stack
    /// (conservatively, since stale cells above the live frames may hold dead addresses), a value
    /// being thrown, and the language state.
    pub fn trace_roots(&self, tracer: &mut Tracer) {
        self.stack.scan(tracer);
        for v in self.resuming.borrow().iter() {
            v.trace(tracer);
        }
        crate::error::thrown_root().trace(tracer);
        self.shapes.trace_prototypes(tracer);
        self.handles.trace(tracer);
        L::trace_state(&self.lang, tracer);
    }

    /// A handle that keeps `v` alive for as long as it is held: for a node that caches a heap
    /// value nothing else is known to keep alive (the constructor a `new` site calls), since
    /// the collector does not trace nodes.
    pub fn keep_alive(&self, v: Value) -> crate::embed::GuestRef {
        self.handles.hold(v)
    }

    /// The table of values the host holds handles on.
    pub(crate) fn handles(&self) -> &Rc<HandleTable> {
        &self.handles
    }

    /// Allocates a heap object, collecting first if the heap says so.
    pub fn alloc<T: Trace>(&self, value: T) -> Gc<T> {
        self.heap.alloc(value, &|t: &mut Tracer| self.trace_roots(t))
    }
    /// Allocates the value `make` returns, built in its cell rather than copied there (worth it
    /// for large objects made often, such as [`DynObject`]s). `make` must not allocate, and the
    /// references it puts into the value must be live already: locals of the caller, or
    /// reachable from the roots (see [`porcini_gc::Heap::alloc_with`]).
    #[inline(always)]
    pub fn alloc_with<T: Trace>(&self, make: impl FnOnce() -> T) -> Gc<T> {
        self.heap.alloc_with(make, &|t: &mut Tracer| self.trace_roots(t))
    }
    /// Runs a full collection now.
    pub fn collect_garbage(&self) {
        self.heap.collect(&|t: &mut Tracer| self.trace_roots(t));
    }
    /// A new string value.
    pub fn new_string(&self, text: impl Into<Box<str>>) -> Value {
        Value::from_guest_str(self.alloc(GuestStr::new(text)))
    }
    /// The concatenation of two strings, in constant time (a rope, unless it is short or one side
    /// is empty); `None` if it would be longer than a string may be.
    #[inline]
    pub fn concat_strings(&self, a: Gc<GuestStr>, b: Gc<GuestStr>) -> Option<Value> {
        if let Some(rope) = Rope::join_short(a.rope(), b.rope()) {
            return Some(Value::from_guest_str(self.alloc_with(|| Utf8::node(rope))));
        }
        self.join_strings(a, b)
    }
    /// The concatenation of two strings that are not both short and flat, as a rope node (or
    /// a leaf copied with a short piece). Kept out of line so that the short case above stays
    /// a few instructions long.
    #[inline(never)]
    fn join_strings(&self, a: Gc<GuestStr>, b: Gc<GuestStr>) -> Option<Value> {
        GuestStr::concat(a, b, self).ok().map(Value::from_guest_str)
    }
    /// A string that is never freed (literals held by AST nodes).
    pub fn permanent_string(&self, text: impl Into<Box<str>>) -> Value {
        Value::from_guest_str(self.heap.alloc_permanent(GuestStr::new(text)))
    }
    /// A new empty object.
    pub fn new_object(&self) -> Value {
        Value::from_object(self.alloc_with(DynObject::new))
    }
    /// A number value: small when it fits, otherwise a heap big integer.
    pub fn number(&self, n: Num) -> Value {
        match n {
            Num::Small(i) => Value::from_i64(i),
            Num::Big(b) => Value::from_bigint(self.alloc(b)),
        }
    }
    /// A big integer value, normalised to small when it fits.
    pub fn bigint(&self, b: BigInt) -> Value {
        self.number(b.into_num())
    }
    /// A function object that is never freed (canonical functions of a registry).
    pub fn permanent_function(&self, name: &str) -> Gc<FunctionObject> {
        self.heap.alloc_permanent(FunctionObject::new(name))
    }
    /// A language-defined object that is never freed.
    pub fn permanent_host(&self, obj: HostObject) -> Value {
        Value::from_host(self.heap.alloc_permanent(obj))
    }
}

impl<L: Language, N: Trace> NodeAlloc<N> for Runtime<L> {
    #[inline(always)]
    fn alloc_node(&self, make: impl FnOnce() -> N) -> Gc<N> {
        self.alloc_with(make)
    }
}
