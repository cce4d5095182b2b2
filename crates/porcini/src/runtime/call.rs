//! Calls: how the runtime enters, activates, resumes and rehearses frames.
//!
//! An activation's arguments and slots live on the value stack, its `Frame` on the native stack;
//! both are checked before a call starts, and a call that would not fit becomes the guest error
//! [`stack_overflow`]. Every call goes through here, from the host or from a guest caller, in the
//! interpreter or set up by compiled code, so this is also where a call is counted for the
//! compilation policy and where an activation runs its installed code or its tree.
//!
//! Guest code runs on a thread whose stack the embedder declares ([`Runtime::set_native_stack`];
//! the launcher's is 1 GiB). A call starts only if the stack below it holds every level of the
//! callee's tree (its depth, computed once when the tree is built, times
//! `Language::NATIVE_STACK_PER_LEVEL`) plus a reserve of 256 KiB for slow paths and for reporting
//! the overflow. Each target keeps its lowest allowed starting address, so the guard is one
//! compare of the new `Frame`'s address. Parsers and translators recurse once per level of
//! nesting and may run deep inside a recursion (`eval`, `defineFunction`), so they ask
//! [`Runtime::native_stack_left`] and give up with the same error while a margin remains.

use std::cell::Cell;

use crate::call_target::{CallTarget, RootNode};
use crate::error::{GuestError, Unwind};
use crate::frame::Frame;
use crate::instrument::bit;
use crate::language::Language;
use crate::node::ExprNode;
use crate::resume::{Deopt, FrameState, InlinedState, Resume};
use crate::value::Value;

use super::{NATIVE_STACK_RESERVE, Runtime};

impl<L: Language> Runtime<L> {
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
    /// the stacks, and runs `run` on the root and the frame. With a frame limit, the frame is
    /// counted ([`crate::instrument`]).
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
        // The call's safepoint, where the tools' ticker is answered, and the frame limit: one
        // word, zero unless either has something to do.
        let hooks = self.instruments.call_hooks();
        if hooks != 0 {
            self.enter_hooks(hooks, &frame, caller)?;
        }
        let r = run(target.root(), &mut frame);
        if hooks & bit::FRAMES != 0 {
            self.instruments.limits.leave_frame();
        }
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
        // The call's safepoint, where the tools' ticker is answered, and the frame limit: one
        // word, zero unless either has something to do.
        let hooks = self.instruments.call_hooks();
        if hooks != 0 {
            self.enter_hooks(hooks, &frame, caller)?;
        }
        let r = run(target.root(), &mut frame);
        if hooks & bit::FRAMES != 0 {
            self.instruments.limits.leave_frame();
        }
        frame.completed(r)
    }

    /// The slow side of a call's hooks (see `activate`): the safepoint, if the ticker asked for
    /// one, and the frame limit's count.
    #[cold]
    #[inline(never)]
    fn enter_hooks(&self, hooks: u32, frame: &Frame<'_, L>, caller: Option<&Frame<'_, L>>) -> Result<(), Unwind<Value>> {
        if hooks & bit::POLLED != 0
            && let Some(target) = frame.target
        {
            self.safepoint(frame, &[], target.entry().is_some())?;
        }
        if hooks & bit::FRAMES != 0 {
            self.instruments.limits.enter_frame(self, caller)?;
        }
        Ok(())
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
