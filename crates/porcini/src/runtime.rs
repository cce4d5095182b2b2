//! The runtime: one engine instance with its heap, value stack, shapes, call targets and options.
//!
//! Everything a node needs at run time is reachable from the frame's runtime reference. The runtime
//! owns the language's state too, so the collector can ask the language for its roots. It is
//! single-threaded: guest code runs on one thread, whose native stack the collector scans.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};
use porcini_tools::options::EngineOptions;

use crate::bigint::{BigInt, Num};
use crate::call_target::{CallTarget, CallTargetId, RootNode, SplitOrigin, TargetCell};
use crate::error::{GuestError, Unwind, UnwindKind};
use crate::frame::Frame;
use crate::function::FunctionObject;
use crate::host::HostObject;
use crate::language::Language;
use crate::object::DynObject;
use crate::resume::{Deopt, Resume};
use crate::shape::ShapeTable;
use crate::splitting::Splitting;
use crate::string::GuestStr;
use crate::symbol::Interner;
use crate::value::Value;
use crate::value_stack::ValueStack;

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
    resuming: RefCell<Vec<Value>>,
    /// The lowest address of the native stack guest code may use (0: none declared).
    native_floor: Cell<usize>,
    targets: RefCell<Vec<Rc<CallTarget<L>>>>,
    /// Splitting's engine-wide state, the trace sink and the dump writer ([`crate::splitting`]).
    pub(crate) splitting: Splitting,
}

impl<L: Language> Runtime<L> {
    /// A runtime with the given options and language state.
    pub fn new(options: EngineOptions, lang: L::State) -> Runtime<L> {
        let heap = Heap::new(HeapConfig { stress: options.gc_stress, ..HeapConfig::default() });
        let splitting = Splitting::new(&options);
        Runtime {
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
        }
    }

    /// Declares the native stack that guest code runs on: `base` is an address near its top (a
    /// local of the outermost function that runs guest code) and `size` its usable size in bytes.
    /// Guest recursion deeper than the stack allows becomes a guest error instead of a crash: a
    /// call starts only if the stack below it holds every level of the callee's tree plus a
    /// reserve (see [`CallTarget::native_need`]).
    pub fn set_native_stack(&self, base: usize, size: usize) {
        self.heap.set_stack_base(base);
        // Never 0, which would mean "no stack declared".
        let floor = base.saturating_sub(size).max(1);
        self.native_floor.set(floor);
        for t in self.targets.borrow().iter() {
            t.set_native_floor(floor);
        }
    }

    /// Native stack left at the caller's position for work that is not a call, in bytes: what
    /// lies above the reserve a call would keep (see [`Runtime::set_native_stack`]). `None`
    /// when no stack was declared. Native code that recurses on guest input (a parser, a
    /// translator) checks it as it goes and gives up with [`stack_overflow`] when it runs low.
    #[inline(never)]
    pub fn native_stack_left(&self) -> Option<usize> {
        let floor = self.native_floor.get();
        if floor == 0 {
            return None;
        }
        let marker = 0u8;
        let here = std::hint::black_box(&marker) as *const u8 as usize;
        Some(here.saturating_sub(floor.saturating_add(NATIVE_STACK_RESERVE)))
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
        t.set_cell(self.heap.alloc_permanent(TargetCell::new(t.clone())));
        targets.push(t.clone());
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

    /// Calls `target` from the host (no guest caller), with `args`.
    pub fn call_entry(&self, target: &CallTarget<L>, args: &[Value]) -> Result<Value, Unwind<Value>> {
        let mut sp = 0;
        for &a in args {
            self.push_value(&mut sp, a)?;
        }
        self.call_inner(None, target, 0, args.len())
    }

    /// Calls `target` from `caller` with the `nargs` arguments already pushed at `base`.
    #[inline(always)]
    pub fn call(
        &self,
        caller: &Frame<'_, L>,
        target: &CallTarget<L>,
        base: usize,
        nargs: usize,
    ) -> Result<Value, Unwind<Value>> {
        self.call_inner(Some(caller), target, base, nargs)
    }

    /// Runs `target` from the host with `args` as a deoptimization rehearsal
    /// ([`crate::resume`]): in the interpreter, until its `nth` failing speculation with `reason`
    /// (any reason when `None`), where it stops as compiled code would and hands back the
    /// deoptimization. A run that never gets there finishes normally.
    pub fn rehearse_deopt(
        &self,
        target: &CallTarget<L>,
        args: &[Value],
        reason: Option<&'static str>,
        nth: usize,
    ) -> Rehearsal {
        let mut deopt = None;
        let r = self.enter(target, args, |root, f| {
            let mut s = Resume::rehearse(f, reason, nth);
            let r = root.execute_resume(&mut s);
            deopt = s.into_deopt();
            r
        });
        match deopt {
            Some(d) => {
                // The stop travelled as an error; it is not the guest's.
                if let Err(u) = r {
                    u.take_error();
                }
                Rehearsal::Stopped(d)
            }
            None => Rehearsal::Finished(r),
        }
    }

    /// Resumes a deoptimized activation of `target` (called from the host with `args`): its
    /// slots are restored from `deopt` and the interpreter continues from its frame state.
    pub fn resume_entry(&self, target: &CallTarget<L>, args: &[Value], deopt: &Deopt) -> Result<Value, Unwind<Value>> {
        // The recorded values live outside the frame until replay hands them to the nodes, so
        // they are roots meanwhile. (Keeping a `Deopt` alive before it is resumed is its
        // holder's business, as with any value held outside the heap.)
        let mark = self.resuming.borrow().len();
        self.resuming.borrow_mut().extend(deopt.state.live.iter().map(|l| l.boxed()));
        let r = self.enter(target, args, |root, f| {
            for (cell, &v) in f.slots.iter().zip(&deopt.slots) {
                cell.set(v);
            }
            root.execute_resume(&mut Resume::replay(f, deopt.state.clone()))
        });
        self.resuming.borrow_mut().truncate(mark);
        r
    }

    /// A host-level activation of `target` with `args`, running `run` on its frame.
    fn enter(
        &self,
        target: &CallTarget<L>,
        args: &[Value],
        run: impl FnOnce(&dyn RootNode<L>, &mut Frame<'_, L>) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        let mut sp = 0;
        for &a in args {
            self.push_value(&mut sp, a)?;
        }
        self.activate(None, target, 0, args.len(), run)
    }

    #[inline(always)]
    fn call_inner(
        &self,
        caller: Option<&Frame<'_, L>>,
        target: &CallTarget<L>,
        base: usize,
        nargs: usize,
    ) -> Result<Value, Unwind<Value>> {
        self.activate(caller, target, base, nargs, |root, f| root.execute(f))
    }

    /// An activation of `target` with the `nargs` arguments at `base`: binds the frame, checks
    /// the stacks, and runs `run` on the root and the frame.
    #[inline(always)]
    fn activate(
        &self,
        caller: Option<&Frame<'_, L>>,
        target: &CallTarget<L>,
        base: usize,
        nargs: usize,
        run: impl FnOnce(&dyn RootNode<L>, &mut Frame<'_, L>) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        target.count_call();
        let size = target.frame_size();
        let params = target.params();
        // The frame starts at the arguments: parameter slots alias them (see `frame`).
        let end = base + nargs.max(size);
        let cells = self.stack.cells();
        // One range check covers both views: `region` is as long as the longer of the two.
        let Some(region) = cells.get(base..end) else {
            return Err(stack_overflow());
        };
        self.stack.touch(end);
        let (args, slots) = (&region[..nargs.min(region.len())], &region[..size.min(region.len())]);
        // The common call passes exactly the parameters to a function whose slots are all
        // parameters, or has locals to clear; either way two compares decide it.
        if nargs != params || size != params {
            bind_slots(slots, nargs, params);
        }
        let mut frame = Frame { rt: self, args, slots, sp: end, target: Some(target), caller, ret: Value::NULL };
        // The frame lives on the native stack, so its address says how deep the stack is here.
        if (&frame as *const Frame<'_, L> as usize) < target.native_limit() {
            return Err(stack_overflow());
        }
        match run(target.root(), &mut frame) {
            Ok(v) => Ok(v),
            Err(u) if u.kind() == UnwindKind::Return => Ok(frame.ret),
            Err(u) => Err(u),
        }
    }

    /// Pushes a value at `*sp` on the value stack.
    #[inline(always)]
    pub(crate) fn push_value(&self, sp: &mut usize, v: Value) -> Result<(), Unwind<Value>> {
        match self.stack.cells().get(*sp) {
            Some(c) => {
                c.set(v);
                *sp += 1;
                self.stack.touch(*sp);
                Ok(())
            }
            None => Err(stack_overflow()),
        }
    }
    pub(crate) fn stack_values(&self, from: usize, to: usize) -> Vec<Value> {
        self.stack.cells().get(from..to).map(|c| c.iter().map(Cell::get).collect()).unwrap_or_default()
    }

    /// Visits every root the runtime knows beyond the native stack: the used value stack
    /// (conservatively, since stale cells above the live frames may hold dead addresses) and the
    /// language state.
    pub fn trace_roots(&self, tracer: &mut Tracer) {
        self.stack.scan(tracer);
        for v in self.resuming.borrow().iter() {
            v.trace(tracer);
        }
        L::trace_state(&self.lang, tracer);
    }

    /// Allocates a heap object, collecting first if the heap says so.
    pub fn alloc<T: Trace>(&self, value: T) -> Gc<T> {
        self.heap.alloc(value, &|t: &mut Tracer| self.trace_roots(t))
    }
    /// Runs a full collection now.
    pub fn collect_garbage(&self) {
        self.heap.collect(&|t: &mut Tracer| self.trace_roots(t));
    }
    /// A new string value.
    pub fn new_string(&self, text: impl Into<Box<str>>) -> Value {
        Value::from_guest_str(self.alloc(GuestStr::new(text)))
    }
    /// A string that is never freed (literals held by AST nodes).
    pub fn permanent_string(&self, text: impl Into<Box<str>>) -> Value {
        Value::from_guest_str(self.heap.alloc_permanent(GuestStr::new(text)))
    }
    /// A new empty object.
    pub fn new_object(&self) -> Value {
        Value::from_object(self.alloc(DynObject::new()))
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

/// Prepares a frame's slots: parameters without an argument read as null, and the other locals as
/// unassigned (which also hides surplus arguments from the locals that share their cells).
#[inline(always)]
fn bind_slots(slots: &[Cell<Value>], nargs: usize, params: usize) {
    if nargs < params
        && let Some(missing) = slots.get(nargs..params)
    {
        missing.iter().for_each(|s| s.set(Value::NULL));
    }
    // Every non-parameter slot is cleared, including those that hold surplus arguments.
    if let Some(locals) = slots.get(params..) {
        for s in locals {
            // `black_box` keeps the loop a loop: rustc would otherwise call `memset`, which costs
            // more than the two or three stores of a typical frame.
            s.set(std::hint::black_box(Value::EMPTY));
        }
    }
}

/// The guest error for exhausted guest recursion.
#[cold]
#[inline(never)]
pub fn stack_overflow<V>() -> Unwind<V> {
    GuestError::raise("Stack overflow: guest recursion too deep")
}

/// How a deoptimization rehearsal ended ([`Runtime::rehearse_deopt`]).
pub enum Rehearsal {
    /// It stopped at the chosen speculation.
    Stopped(Deopt),
    /// The speculation never failed; the run completed with this outcome.
    Finished(Result<Value, Unwind<Value>>),
}
