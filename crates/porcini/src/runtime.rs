//! The runtime: one engine instance with its heap, value stack, shapes, call targets and options.
//!
//! Everything a node needs at run time is reachable from the frame's runtime reference. The runtime
//! owns the language's state too, so the collector can ask the language for its roots. It is
//! single-threaded: guest code runs on one thread, whose native stack the collector scans.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};
use porcini_tools::options::EngineOptions;
use porcini_tools::trace::compilation as opt;

use crate::bigint::{BigInt, Num};
use crate::call_target::{CallTarget, CallTargetId, RootNode, SplitOrigin, TargetCell};
use crate::compiled::{CompileError, Compilation, CompiledCode, Compiler, MachineCode, Ticket};
use crate::error::{GuestError, Unwind};
use crate::frame::Frame;
use crate::function::FunctionObject;
use crate::host::HostObject;
use crate::language::Language;
use crate::node::ExprNode;
use crate::object::DynObject;
use crate::resume::{Deopt, FrameState, InlinedState, Resume};
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
/// While a target's machine code is being generated in the background, every this many calls
/// of it ask the compiler whether the code is ready.
const POLL_CALLS: u64 = 64;
/// While a loop's machine code is being generated in the background, every this many iterations
/// ask the compiler whether the code is ready.
pub(crate) const OSR_POLL_ITERATIONS: u64 = 256;

/// What on-stack replacement did at a loop's back edge ([`Runtime::osr`]).
pub(crate) enum Osr {
    /// The rest of the loop ran in compiled code, with this outcome.
    Ran(Result<(), Unwind<Value>>),
    /// The loop's code is on its way: ask again after a few more iterations.
    Later,
    /// There is no code for this loop: the interpreter carries on.
    Never,
}

/// A unit whose machine code is being generated in the background: the target's root, or the
/// loop `node` of it. The code itself waits in the target ([`CallTarget::set_queued`],
/// [`crate::call_target::OsrUnit::queued`]).
struct Queued<L: Language> {
    ticket: Ticket,
    target: Rc<CallTarget<L>>,
    node: Option<usize>,
    since: std::time::Instant,
}

impl<L: Language> Queued<L> {
    /// Whether the unit still waits for its machine code: its code was not cancelled meanwhile
    /// (a cancelled unit stays in the queue until its code arrives, to be dropped).
    fn waiting(&self) -> bool {
        self.target.queued_code(self.node).is_some_and(|c| c.is_valid())
    }
}

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
            compiler: RefCell::new(None),
            codes: RefCell::new(Vec::new()),
            queue: RefCell::new(Vec::new()),
            osr_at: Cell::new(u64::MAX),
        }
    }

    /// Installs the compiler that hot call targets are handed to (the JIT). Without one, or
    /// with `--engine.Compilation=false`, everything stays in the interpreter.
    pub fn set_compiler(&self, compiler: Rc<dyn Compiler<L>>) {
        *self.compiler.borrow_mut() = Some(compiler);
        let o = &self.options;
        self.osr_at.set(if o.compilation && o.osr { o.osr_compilation_threshold.max(1) } else { u64::MAX });
        let at = self.first_compile_at();
        for t in self.targets.borrow().iter() {
            t.set_compile_at(at);
        }
    }
    /// The call-and-loop count at which a new target is first considered for compilation.
    fn first_compile_at(&self) -> u64 {
        let o = &self.options;
        if !o.compilation || self.compiler.borrow().is_none() {
            u64::MAX
        } else if o.compile_immediately {
            0
        } else {
            o.single_tier_compilation_threshold
        }
    }
    /// The calls a target must have had before it is compiled.
    fn min_calls(&self) -> u64 {
        let o = &self.options;
        if o.compile_immediately { 0 } else { o.min_invoke_threshold.min(o.single_tier_compilation_threshold) }
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
        t.set_compile_at(self.first_compile_at());
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

    /// Where compiled code finds the value stack: the first cell's address, the number of cells,
    /// and the address of the high-water mark the collector scans up to (all stable while the
    /// runtime lives).
    pub fn value_stack_layout(&self) -> (usize, usize, usize) {
        self.stack.layout()
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
        self.activate(caller, target, base, nargs, |_, f| run_code_or_tree(target, f))
    }

    /// Counts a call of `target`, and compiles it if that makes it hot.
    #[inline(always)]
    fn count_call(&self, target: &CallTarget<L>) {
        target.count_call();
        if target.is_hot() {
            self.on_hot(target);
        }
    }

    /// Runs the activation `f`, which compiled code set up for a call of its target (bound and
    /// checked as `activate` does), through what the call path does next: counting the call,
    /// compiling the target when it gets hot, and running its code or its tree.
    pub(crate) fn run_set_up(&self, f: &mut Frame<'_, L>) -> Result<Value, Unwind<Value>> {
        let Some(target) = f.target else {
            return Err(GuestError::raise("internal error: a compiled call without a call target"));
        };
        self.count_call(target);
        let r = run_code_or_tree(target, f);
        f.completed(r)
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
        self.count_call(target);
        let size = target.frame_size();
        let params = target.params();
        if nargs > params && target.keeps_surplus() {
            return self.activate_with_surplus(caller, target, base, nargs, run);
        }
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
            bind_slots::<L>(slots, nargs, params);
        }
        let mut frame = Frame { rt: self, args, slots, sp: end, target: Some(target), caller, ret: Value::NULL };
        // The frame lives on the native stack, so its address says how deep the stack is here.
        if (&frame as *const Frame<'_, L> as usize) < target.native_limit() {
            return Err(stack_overflow());
        }
        let r = run(target.root(), &mut frame);
        frame.completed(r)
    }

    /// An activation of a target that keeps surplus arguments, called with some: the whole
    /// argument list is copied above the frame's slots, where clearing the locals cannot reach
    /// it, and the frame's arguments are that copy (its parameter slots still hold the
    /// parameters, as they alias the original list).
    #[inline(never)]
    fn activate_with_surplus(
        &self,
        caller: Option<&Frame<'_, L>>,
        target: &CallTarget<L>,
        base: usize,
        nargs: usize,
        run: impl FnOnce(&dyn RootNode<L>, &mut Frame<'_, L>) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        let (size, params) = (target.frame_size(), target.params());
        let top = base + nargs.max(size);
        let end = top + nargs;
        let cells = self.stack.cells();
        let Some(region) = cells.get(base..end) else {
            return Err(stack_overflow());
        };
        self.stack.touch(end);
        let (slots, rest) = region.split_at(top - base);
        for (copy, arg) in rest.iter().zip(&slots[..nargs]) {
            copy.set(arg.get());
        }
        let slots = &slots[..size];
        bind_slots::<L>(slots, params, params);
        let mut frame = Frame { rt: self, args: rest, slots, sp: end, target: Some(target), caller, ret: Value::NULL };
        if (&frame as *const Frame<'_, L> as usize) < target.native_limit() {
            return Err(stack_overflow());
        }
        let r = run(target.root(), &mut frame);
        frame.completed(r)
    }

    /// Resumes the activation `f`, which compiled code left at `state`, in the interpreter (see
    /// [`crate::compiled::deoptimize`]); its slots are already in place.
    ///
    /// For the code of a loop (`unit`), the loop node is resumed instead of the root, and the
    /// result follows the loop code's convention: the empty value when the loop completes, the
    /// function's value after a `return`.
    ///
    /// When the code was running inlined callees, `inlined` holds their frames (outermost first):
    /// the replay stops at the call the first was inlined at, and that call resumes it
    /// ([`Runtime::call_resumed`]).
    pub(crate) fn resume_in(
        &self,
        f: &mut Frame<'_, L>,
        state: FrameState,
        unit: Option<&dyn ExprNode<L>>,
        inlined: Vec<InlinedState>,
    ) -> Result<Value, Unwind<Value>> {
        let Some(target) = f.target else {
            return Err(GuestError::raise("internal error: deoptimization of a frame without a call target"));
        };
        // The recorded values live outside any frame until replay hands them over, so they are
        // roots meanwhile: this frame's, and the slots and values of the inlined frames.
        let mark = self.resuming.borrow().len();
        {
            let mut roots = self.resuming.borrow_mut();
            roots.extend(state.live.iter().map(|l| l.boxed()));
            for i in &inlined {
                roots.extend(i.state.live.iter().map(|l| l.boxed()));
                roots.extend(i.slots.iter().copied());
            }
        }
        let r = match unit {
            Some(node) => node.execute_resume(&mut Resume::replay_inlined(f, state, inlined)).map(|_| Value::EMPTY),
            None => target.root().execute_resume(&mut Resume::replay_inlined(f, state, inlined)),
        };
        self.resuming.borrow_mut().truncate(mark);
        f.completed(r)
    }

    /// Calls `target` from `caller` (with the `nargs` arguments at `base`) to resume the first of
    /// the inlined frames `inlined` rather than to start it: its slots are restored and the
    /// interpreter replays it from its state, waiting in turn for the next inlined frame.
    pub(crate) fn call_resumed(
        &self,
        caller: &Frame<'_, L>,
        target: &CallTarget<L>,
        base: usize,
        nargs: usize,
        mut inlined: Vec<InlinedState>,
    ) -> Result<Value, Unwind<Value>> {
        if inlined.first().is_none_or(|i| i.target != target.id()) {
            return Err(GuestError::raise("internal error: an inlined frame does not match its call"));
        }
        let first = inlined.remove(0);
        self.activate(Some(caller), target, base, nargs, |root, f| {
            for (cell, &v) in f.slots.iter().zip(&first.slots) {
                cell.set(v);
            }
            root.execute_resume(&mut Resume::replay_inlined(f, first.state, inlined))
        })
    }

    /// Loop iterations after which a loop is compiled and replaced while it runs
    /// (`--engine.OSRCompilationThreshold`; never without a compiler, with `Compilation=false` or
    /// `OSR=false`).
    #[inline(always)]
    pub(crate) fn osr_threshold(&self) -> u64 {
        self.osr_at.get()
    }

    /// On-stack replacement of the loop `node` running in `f`: compiles it (once; again after an
    /// invalidation, up to `OSRMaxCompilationReAttempts` times) and runs the rest of the loop in
    /// compiled code. While the loop's machine code is generated in the background the loop
    /// carries on in the interpreter and asks again later. A `return` inside compiled code
    /// unwinds to the root with the value in the frame.
    #[cold]
    #[inline(never)]
    pub(crate) fn osr(&self, f: &mut Frame<'_, L>, node: &dyn ExprNode<L>) -> Osr {
        let Some(target) = f.target.and_then(|t| self.call_target(t.id())) else { return Osr::Never };
        let key = node as *const dyn ExprNode<L> as *const () as usize;
        if target.queued_code(Some(key)).is_some() {
            self.poll_compiler();
            if target.queued_code(Some(key)).is_some() {
                return Osr::Later;
            }
        }
        let existing = target.with_osr_unit(key, |u| (u.code.clone(), u.attempts));
        let code = match existing {
            Some((Some(code), _)) => code,
            Some((None, attempts)) if u64::from(attempts) >= self.options.osr_max_compilation_re_attempts => return Osr::Never,
            _ => {
                let Some(compiler) = self.compiler.borrow().clone() else { return Osr::Never };
                let start = std::time::Instant::now();
                self.trace_queued(&target, true, start);
                let slots: Vec<Value> = f.slots.iter().map(Cell::get).collect();
                let result = compiler.compile_osr(self, &target, node, &slots);
                if existing.is_none() {
                    let unit = crate::call_target::OsrUnit { node: key, code: None, queued: None, attempts: 0 };
                    target.osr_units().borrow_mut().push(unit);
                }
                target.with_osr_unit(key, |u| {
                    u.attempts += 1;
                    u.code = None;
                    match &result {
                        Ok(Compilation::Ready(code)) => u.code = Some(code.clone()),
                        Ok(Compilation::Queued(code, _)) => u.queued = Some(code.clone()),
                        Err(_) => {}
                    }
                });
                match result {
                    Ok(Compilation::Ready(code)) => {
                        self.register(&target, &code);
                        code
                    }
                    Ok(Compilation::Queued(_, ticket)) => {
                        self.queue.borrow_mut().push(Queued { ticket, target, node: Some(key), since: start });
                        return Osr::Later;
                    }
                    Err(e) => {
                        let ms = start.elapsed().as_secs_f64() * 1000.0;
                        self.trace_failure(&target, &opt::compile_time(ms, ms, 0.0), &failure_reason(&e));
                        return Osr::Never;
                    }
                }
            }
        };
        let Some(entry) = code.entry() else { return Osr::Never };
        Osr::Ran(match crate::compiled::enter(entry, f) {
            Ok(v) if v.tag() == crate::value::Tag::Empty => Ok(()),
            Ok(v) => {
                f.ret = v;
                Err(Unwind::returning())
            }
            Err(u) => Err(u),
        })
    }

    /// Installs the code of every queued unit whose machine code has been generated since the
    /// last look (background compilation). Called now and then by targets and loops that wait.
    #[cold]
    #[inline(never)]
    fn poll_compiler(&self) {
        let Some(compiler) = self.compiler.borrow().clone() else { return };
        for (ticket, result) in compiler.poll() {
            let queued = {
                let mut queue = self.queue.borrow_mut();
                match queue.iter().position(|q| q.ticket == ticket) {
                    Some(i) => queue.remove(i),
                    None => continue,
                }
            };
            self.finish_queued(queued, result);
        }
    }

    /// Completes a queued unit with its machine code and installs it, unless it was cancelled
    /// meanwhile (its target's code was invalidated: the policy starts over).
    fn finish_queued(&self, q: Queued<L>, result: Result<MachineCode, CompileError>) {
        let target = &q.target;
        let code = match q.node {
            None => target.set_queued(None),
            Some(key) => target.with_osr_unit(key, |u| u.queued.take()).flatten(),
        };
        let Some(code) = code else { return };
        let machine = match result {
            Ok(m) => m,
            Err(e) => {
                if q.node.is_none() {
                    target.fail_compilation();
                }
                let total = q.since.elapsed().as_secs_f64() * 1000.0;
                let pe = code.stats().partial_evaluation_ms;
                self.trace_failure(target, &opt::compile_time(total, pe, total - pe), &failure_reason(&e));
                return;
            }
        };
        code.complete(machine);
        let root = q.node.is_none();
        // Code cancelled while it was generated is dropped, and so is a root's code once its
        // target may no longer be compiled (a deoptimization cycle was found meanwhile).
        if !code.is_valid() || (root && target.compilation_failed()) {
            if root && !target.compilation_failed() {
                target.set_compile_at(0);
            }
            return;
        }
        match q.node {
            None => self.install(target, code),
            Some(key) => {
                target.with_osr_unit(key, |u| u.code = Some(code.clone()));
                self.register(target, &code);
            }
        }
    }

    /// `--engine.TraceCompilationDetails`: a unit of `target` (its root, or a loop) was handed to
    /// the compiler at `since`, and partial evaluation starts. Units wait in a first-in,
    /// first-out queue, so there is no priority, rate or bonus to report.
    fn trace_queued(&self, target: &CallTarget<L>, osr: bool, since: std::time::Instant) {
        if !self.options.trace_compilation_details {
            return;
        }
        let waiting = self.queue.borrow().len() as u64;
        let name = osr.then(|| format!("{}<OSR>", target.name()));
        let (count, threshold) = self.count_and_threshold(target, osr);
        let queue = opt::Queue { size: waiting + 1, change: 1, load: (waiting + 1) as f64, time_us: 0 };
        self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::queued(s, 1, count, threshold, &queue)));
        let time_us = u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX);
        let queue = opt::Queue { size: waiting, change: -1, load: waiting as f64, time_us };
        self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::started(s, 1, 0, 0.0, &queue, "none")));
    }

    /// The units of `target` waiting for their machine code and not cancelled yet: whether each
    /// is a loop's, and when it was queued.
    pub(crate) fn waiting_units(&self, target: &CallTarget<L>) -> Vec<(bool, std::time::Instant)> {
        self.queue
            .borrow()
            .iter()
            .filter(|q| std::ptr::eq(&*q.target, target) && q.waiting())
            .map(|q| (q.node.is_some(), q.since))
            .collect()
    }

    /// `--engine.TraceCompilationDetails`: units of `target` that were waiting for their machine
    /// code (as [`Runtime::waiting_units`] lists them) were cancelled for `reason`; their code is
    /// dropped when it arrives.
    pub(crate) fn trace_unqueued(&self, target: &CallTarget<L>, cancelled: &[(bool, std::time::Instant)], reason: &str) {
        if !self.options.trace_compilation_details {
            return;
        }
        // A cancelled unit stays in the queue until its code arrives; it counts as gone.
        let still = self.queue.borrow().iter().filter(|q| q.waiting()).count() as u64;
        for (i, &(osr, since)) in cancelled.iter().enumerate() {
            let waiting = still + (cancelled.len() - 1 - i) as u64;
            let name = osr.then(|| format!("{}<OSR>", target.name()));
            let (count, threshold) = self.count_and_threshold(target, osr);
            let time_us = u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX);
            let queue = opt::Queue { size: waiting, change: -1, load: waiting as f64, time_us };
            self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::unqueued(s, 1, count, threshold, &queue, reason)));
        }
    }

    /// The `Count/Thres` of a unit of `target` (its root, or a loop).
    fn count_and_threshold(&self, target: &CallTarget<L>, osr: bool) -> (i64, i64) {
        let (count, threshold) = match osr {
            true => (self.osr_at.get(), self.osr_at.get()),
            false => (u64::from(target.call_and_loop_count()), self.first_compile_at()),
        };
        (i64::try_from(count).unwrap_or(i64::MAX), i64::try_from(threshold).unwrap_or(i64::MAX))
    }

    /// Prints `--engine.TraceTransferToInterpreter`'s report of a deoptimization in `f`: the
    /// reason and the guest stack, innermost first.
    pub(crate) fn trace_transfer(&self, f: &Frame<'_, L>, p: &crate::compiled::DeoptPoint) {
        if !self.options.trace_transfer_to_interpreter {
            return;
        }
        let mut text = String::from("transferToInterpreter at");
        let limit = usize::try_from(self.options.trace_stack_trace_limit).unwrap_or(usize::MAX);
        // The inlined callees the code was running come first, innermost first, as the frames
        // they stand for would; the walk stops at the limit.
        let inlined = p.inlined.iter().rev().filter_map(|i| self.call_target(i.target));
        let physical = std::iter::successors(Some(f), |fr| fr.caller).filter_map(|fr| fr.target.and_then(|t| self.call_target(t.id())));
        for t in inlined.chain(physical).filter(|t| !t.root().is_internal()).take(limit) {
            text.push_str(&format!("\n  {}({})", t.name(), t.source_location().unwrap_or_default()));
        }
        let path: Vec<String> = p.innermost_path().iter().map(|&i| path_entry(i)).collect();
        text.push_str(&format!("\n  Reason: {} (node path [{}])", p.reason, path.join(".")));
        self.trace_line(&text);
    }

    /// The compilation policy, reached when a target's count hits its threshold: compile it if
    /// it has had enough calls and may be compiled. Out of line: it runs once per compilation.
    #[cold]
    #[inline(never)]
    fn on_hot(&self, target: &CallTarget<L>) {
        let compiler = self.compiler.borrow().clone();
        let (Some(compiler), true) = (compiler, self.options.compilation) else {
            target.set_compile_at(u64::MAX);
            return;
        };
        if target.is_queued() {
            self.poll_compiler();
            if target.is_queued() {
                target.poll_after(POLL_CALLS);
            }
            return;
        }
        if target.entry().is_some() {
            target.set_compile_at(u64::MAX);
            return;
        }
        if u64::from(target.call_count()) < self.min_calls() {
            return;
        }
        // A root that says it is not compilable (a builtin runs one boundary call) is not.
        if !target.root().is_compilable() || !self.accepts(target.name()) {
            target.fail_compilation();
            return;
        }
        let Some(target) = self.call_target(target.id()) else { return };
        let max = self.options.maximum_compilations;
        if max >= 0 && i64::from(target.compilations()) >= max {
            target.fail_compilation();
            let reason = format!("Maximum compilation count {max} reached.");
            self.trace_failure(&target, &opt::compile_time(0.0, 0.0, 0.0), &reason);
            return;
        }
        let start = std::time::Instant::now();
        self.trace_queued(&target, false, start);
        match compiler.compile(self, &target) {
            Ok(Compilation::Ready(code)) => self.install(&target, code),
            Ok(Compilation::Queued(code, ticket)) => {
                target.set_queued(Some(code));
                target.poll_after(POLL_CALLS);
                self.queue.borrow_mut().push(Queued { ticket, target, node: None, since: start });
            }
            Err(e) => {
                target.fail_compilation();
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                self.trace_failure(&target, &opt::compile_time(ms, ms, 0.0), &failure_reason(&e));
            }
        }
    }

    /// Deoptimization cycle detection (`DeoptCycleDetectionThreshold`,
    /// `DeoptCycleDetectionAllowedRepeats`): in code compiled after a target's first `threshold`
    /// compilations, each invalidating deoptimization is recorded by place (the innermost path and
    /// the reason); when its compiled code leaves at the same place more often than the allowed
    /// repeats, the target is not compiled again, as for Truffle's permanent bailout. Loop
    /// units have their own bound (`OSRMaxCompilationReAttempts`).
    pub(crate) fn note_deopt(&self, target: &CallTarget<L>, p: &crate::compiled::DeoptPoint) {
        let threshold = self.options.deopt_cycle_detection_threshold;
        // The code that deoptimized is the target's latest compilation.
        if threshold < 0 || p.how != crate::emitter::Transfer::Invalidate || i64::from(target.compilations()) <= threshold {
            return;
        }
        let path = p.innermost_path();
        if u64::from(target.deopt_taken(path, p.reason)) <= self.options.deopt_cycle_detection_allowed_repeats {
            return;
        }
        target.fail_compilation();
        let path: Vec<String> = path.iter().map(|&i| path_entry(i)).collect();
        let reason = format!(
            "Deopt taken too many times: node path [{}] ({})|Deopt. This could indicate a deopt cycle, which typically hints at a bug in the language implementation or Truffle.",
            path.join("."),
            p.reason
        );
        self.trace_failure(target, &opt::compile_time(0.0, 0.0, 0.0), &reason);
    }

    fn trace_failure(&self, target: &CallTarget<L>, time: &str, reason: &str) {
        if self.options.trace_compilation || self.options.trace_compilation_details {
            self.trace_line(&target.trace_line(|s| opt::failed(s, 1, time, reason)));
        }
    }

    /// `--engine.CompileOnly`: comma-separated name fragments, `~` excluding.
    fn accepts(&self, name: &str) -> bool {
        let only = &self.options.compile_only;
        if only.is_empty() {
            return true;
        }
        let mut included = None;
        for part in only.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.strip_prefix('~') {
                Some(ex) if name.contains(ex) => return false,
                Some(_) => {}
                None => included = Some(included.unwrap_or(false) || name.contains(part)),
            }
        }
        included.unwrap_or(true)
    }

    /// Installs freshly compiled code as the target's.
    fn install(&self, target: &Rc<CallTarget<L>>, code: Rc<CompiledCode<L>>) {
        target.install(code.clone());
        self.register(target, &code);
    }

    /// Keeps new code alive for good, registers it with the assumptions it depends on and traces
    /// the compilation.
    fn register(&self, target: &Rc<CallTarget<L>>, code: &Rc<CompiledCode<L>>) {
        let id = self.codes.borrow().len() as u64 + 1;
        code.set_id(id);
        let tracing = self.options.trace_compilation || self.options.trace_compilation_details;
        code.set_log(if tracing { self.trace_sink() } else { None }, tracing);
        self.codes.borrow_mut().push(code.clone());
        let Some(body) = code.body() else { return };
        for a in &body.assumptions {
            let dependent = Rc::downgrade(code);
            a.on_invalidate(Box::new(move |reason| {
                if let Some(c) = dependent.upgrade() {
                    c.invalidate(reason);
                }
            }));
        }
        if tracing && code.is_valid() {
            let st = code.stats();
            let time = opt::compile_time(st.partial_evaluation_ms + st.backend_ms, st.partial_evaluation_ms, st.backend_ms);
            let id = id.to_string();
            let done = opt::Done {
                tier: 1,
                time: &time,
                ast_size: target.root().node_count() as i64,
                inlined_calls: st.inlined as i64,
                dispatched_calls: st.calls as i64,
                nodes_after_partial_evaluation: st.ir_after_pe as i64,
                nodes_after_compilation: st.ir_after_opt as i64,
                code_size: st.code_size as i64,
                code_address: st.address as u64,
                compilation_id: &id,
            };
            let osr_name = format!("{}<OSR>", target.name());
            let name = if code.is_osr() { Some(osr_name.as_str()) } else { None };
            self.trace_line(&target.trace_line_named(name, |s| opt::done(s, &done)));
        }
    }

    /// Writes `values` to the value stack from index `at` on.
    #[inline(always)]
    pub(crate) fn push_values(&self, at: usize, values: &[Value]) -> Result<(), Unwind<Value>> {
        let end = at + values.len();
        match self.stack.cells().get(at..end) {
            Some(cells) => {
                for (c, &v) in cells.iter().zip(values) {
                    c.set(v);
                }
                self.stack.touch(end);
                Ok(())
            }
            None => Err(stack_overflow()),
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
    /// (conservatively, since stale cells above the live frames may hold dead addresses), a value
    /// being thrown, and the language state.
    pub fn trace_roots(&self, tracer: &mut Tracer) {
        self.stack.scan(tracer);
        for v in self.resuming.borrow().iter() {
            v.trace(tracer);
        }
        crate::error::thrown_root().trace(tracer);
        self.shapes.trace_prototypes(tracer);
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

/// Prepares a frame's slots: parameters without an argument read as the language's absent value, and the other locals as
/// unassigned (which also hides surplus arguments from the locals that share their cells).
#[inline(always)]
fn bind_slots<L: Language>(slots: &[Cell<Value>], nargs: usize, params: usize) {
    if nargs < params
        && let Some(missing) = slots.get(nargs..params)
    {
        missing.iter().for_each(|s| s.set(L::ABSENT));
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

/// Runs the activation `f` of `target`: in its installed code, or in its tree while it has none.
#[inline(always)]
fn run_code_or_tree<L: Language>(target: &CallTarget<L>, f: &mut Frame<'_, L>) -> Result<Value, Unwind<Value>> {
    match target.entry() {
        Some(entry) => crate::compiled::enter(entry, f),
        None => target.root().execute(f),
    }
}

/// The `Reason` of an `opt failed` line.
fn failure_reason(e: &CompileError) -> String {
    match e {
        CompileError::Permanent(m) => m.clone(),
        CompileError::Backend(m) => format!("code generation failed: {m}"),
    }
}

/// A node path entry as traces print it: a child index, or `step` for a loop's step.
fn path_entry(i: u32) -> String {
    if i == crate::resume::LOOP_STEP { "step".to_string() } else { i.to_string() }
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
