//! The symbolic stage: node code instantiated on IR handles instead of values.
//!
//! `SymFrame` implements [`Stage`] by handing every operation the node code performs to an
//! [`Emitter`], together with the frame state needed at each speculation: the path of child
//! indices from the root to the node, and the values of the children already evaluated along that
//! path. Node state read through `&self` is constant here, so dispatch on specialization bits
//! never reaches the emitter — only the checks and operations of the active specializations do.
//!
//! Besides the frame state, the stage keeps the facts about control flow that every emitter needs
//! the same way: whether the current point is reachable (after a `return`, a `break` or an
//! unconditional deoptimization it is not), which construct an abrupt completion leaves (a
//! `break` seen by an if-arm jumps to the innermost loop's exit; a `return`, `break` or `continue`
//! that leaves a `try` with a `finally` enters its finalizer first, with a completion code the
//! stage continues after it), and where a call was made (after the child containing it completes,
//! compiled code checks that it was not invalidated meanwhile). Exceptions are the emitter's to
//! route: inside a `try` region every `throw` and every call that unwinds goes to its handler or
//! finalizer (see [`Emitter::begin_try`]).
//! The JIT's emitter turns the calls into Cranelift IR; the [`Recording`] emitter here writes them
//! down one per line, which is what tests assert on.

use std::fmt::Write as _;

use crate::assumption::Assumption;
use std::rc::Rc;

use crate::call_target::{CallSiteId, CallTarget, CallTargetId, DirectCallNode};
use crate::compiled::BoundarySite;
use crate::control::completion;
use crate::emitter::{ArithOp, CallerState, Emitter, LogicOp, LoopExit, StateRef, Transfer, TryKind};
use crate::inlining::{CallNodeId, Inliner};
use crate::error::{Label, Unwind, UnwindKind};
use crate::frame::SlotId;
use crate::language::Language;
use crate::node::ExprNode;
use crate::property_survey::PropertySurvey;
use crate::runtime::Runtime;
use crate::stage::{ArgMark, BitOp, BoundaryFn, Cmp, FloatOp, FloatUnary, LoopShape, ResolveFn, Stage};
use crate::value::{Tag, Value};

/// The reason of the deoptimization a respecializing slow path becomes in compiled code.
pub(crate) const RESPECIALIZE: &str = "respecialize";

/// A symbolic value: a handle the emitter gave out for the result of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymVal(pub u32);

/// The symbolic stage over one root's tree, emitting into an [`Emitter`].
pub struct SymFrame<'a, L: Language> {
    rt: &'a Runtime<L>,
    em: &'a mut dyn Emitter<L>,
    /// Child indices from the root to the node being evaluated.
    path: Vec<u32>,
    /// Values of already-evaluated children along `path` (the frame state of a deopt here).
    live: Vec<SymVal>,
    args: Vec<SymVal>,
    /// The current point is reachable: nothing has left it yet.
    open: bool,
    /// A call was emitted since the last validity check.
    called: bool,
    /// Why partial evaluation cannot produce code for this root, if it cannot.
    bailout: Option<String>,
    /// The states of the frames waiting at inlined calls, outermost first.
    callers: Vec<CallerState>,
    /// Decides which calls are inlined (`None`: none are).
    inliner: Option<Inliner>,
    /// The inlined calls being evaluated, innermost last.
    inlines: Vec<Inlined<L>>,
    /// The call site of the call being made, with its count, between `call_direct` and `call`.
    site: Option<(CallSiteId, u32)>,
    /// While exploring a callee for the inliner: every call met, in order (see
    /// [`crate::inlining`]). Nothing is inlined then.
    explored: Option<Vec<CallEvent>>,
    /// What an abrupt completion meets on its way out, innermost last: loops (and statements a
    /// `break` may leave), `try` regions, and where inlined callees start.
    scopes: Vec<Scope>,
}

/// A construct being evaluated that an abrupt completion may meet on its way out.
enum Scope {
    /// A loop, or a statement a `break` may leave.
    Loop(LoopLabels),
    /// The body of a `try` with a `catch`: exceptions go to its handler (the emitter routes
    /// them), anything else passes.
    Catch,
    /// The body of a `try` with a `finally`: every completion leaving it runs the finalizer
    /// first. These are the completion codes routed to it so far, in the order first seen.
    Finally(Vec<i64>),
    /// Where an inlined callee starts: a `break` never leaves a function, and a `return` ends
    /// the innermost one.
    Callee,
}

/// Where a `break` or `continue` goes first (see `SymFrame::jump_target`).
enum Jump {
    /// To the loop this many loops out from the innermost (counting the emitter's loops).
    Loop(u32),
    /// To the finalizer of the `try` region at this index of the scopes.
    Finally(usize),
}

/// What leaves or continues a loop being evaluated.
struct LoopLabels {
    labels: Vec<Label>,
    /// An unlabelled `break` leaves it (a loop, a `switch`).
    unlabelled_break: bool,
    /// A `continue` may continue it (it is a loop, not a statement a `break` may leave).
    is_loop: bool,
}

/// An inlined call being evaluated.
struct Inlined<L: Language> {
    target: CallTargetId,
    /// For a callee inlined only on its call-free paths, the call that replaces it where it
    /// would call (see [`Bail`]).
    bail: Option<Bail<L>>,
}

/// The call a partially inlined callee falls back on: where the callee's evaluation reaches a
/// guest call of its own, the inlined copy is abandoned and the callee itself is called with
/// the original arguments, from the frame of the copy's caller. Everything the copy did up to
/// there is pure (its exploration showed it), so the real activation repeats none of its
/// effects, and a stack walk from inside the call sees exactly the frames of an interpreted run.
struct Bail<L: Language> {
    target: Rc<CallTarget<L>>,
    args: Vec<SymVal>,
    /// A path of the copy was abandoned: after the call, the caller checks that its code is
    /// still valid.
    taken: bool,
}

/// A call that exploration met: the children of a call-tree node.
#[derive(Clone, Copy, Debug)]
pub struct CallEvent {
    /// The callee (`None`: an indirect call).
    pub target: Option<CallTargetId>,
    /// The call node it went through, with the calls counted there.
    pub site: Option<(CallSiteId, u32)>,
    /// The call was reachable; partial evaluation removed it otherwise.
    pub live: bool,
}

impl<'a, L: Language> SymFrame<'a, L> {
    /// A symbolic stage emitting into `em`.
    pub fn new(rt: &'a Runtime<L>, em: &'a mut dyn Emitter<L>) -> SymFrame<'a, L> {
        SymFrame {
            rt,
            em,
            path: Vec::new(),
            live: Vec::new(),
            args: Vec::new(),
            open: true,
            called: false,
            bailout: None,
            callers: Vec::new(),
            inliner: None,
            inlines: Vec::new(),
            site: None,
            explored: None,
            scopes: Vec::new(),
        }
    }
    /// Inlines the calls that `inliner`'s call tree inlines (see [`crate::inlining`]).
    pub fn with_inliner(mut self, inliner: Option<Inliner>) -> Self {
        self.inliner = inliner;
        self
    }
    /// Explores for the inliner: inlines nothing and keeps every call met.
    pub(crate) fn exploring(mut self) -> Self {
        self.inliner = None;
        self.explored = Some(Vec::new());
        self
    }
    /// The calls met while exploring.
    pub(crate) fn into_calls(self) -> Vec<CallEvent> {
        self.explored.unwrap_or_default()
    }
    /// Calls inlined so far.
    pub fn inlined(&self) -> usize {
        self.inliner.as_ref().map_or(0, Inliner::inlined)
    }
    /// Gives back the inliner, with what it learned.
    pub fn into_inliner(self) -> Option<Inliner> {
        self.inliner
    }

    /// Runs a whole root: its tree, then the return of the value it completes with (a tail
    /// return's value; a `return` elsewhere emits itself as it unwinds). Fails with the reason
    /// when the root cannot be compiled.
    pub fn record_root(&mut self, root: &dyn crate::call_target::RootNode<L>) -> Result<(), String> {
        // Compiled code answers the tools' ticker on entry, as the interpreter does on a call.
        self.safepoint();
        match root.execute_sym(self) {
            Ok(x) if self.open => self.em.ret(x),
            Ok(_) => {}
            Err(u) => self.leave(u),
        }
        match self.bailout.take() {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }
    /// Runs a loop node as a unit of its own (on-stack replacement): its tree, then a return of
    /// the empty value, which tells the interpreter that the loop completed (a `return` inside
    /// returns the function's value instead).
    pub fn record_loop(&mut self, node: &dyn ExprNode<L>) -> Result<(), String> {
        match node.execute_sym(self) {
            Ok(_) if self.open => {
                let done = self.em.konst(Value::EMPTY);
                self.em.ret(done);
            }
            Ok(_) => {}
            Err(u) => self.leave(u),
        }
        match self.bailout.take() {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }
    /// Emits a safepoint here, naming the callees being inlined, when anything may ask for
    /// one (see [`crate::instrument::Instruments::polls`]).
    fn safepoint(&mut self) {
        if self.open && self.rt.instruments.polls() {
            let inlined: Vec<CallTargetId> = self.inlines.iter().map(|i| i.target).collect();
            self.em.safepoint(BoundarySite::new(&crate::instrument::SAFEPOINT, crate::instrument::safepoint_boundary::<L>), &inlined);
        }
    }
    /// Runs `eval` as child `index`: extends the path, and afterwards keeps the child's value
    /// live for the frame states of later speculations in the parent. A call inside the child is
    /// followed, here, by the check that the code is still valid: the frame state then holds the
    /// call's result, so a deoptimization does not repeat the call.
    fn record_child<E: From<Unwind<SymVal>>>(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<SymVal, E>,
    ) -> Result<SymVal, E> {
        self.within_budget()?;
        let mark = self.live.len();
        self.path.push(index);
        let r = eval(self);
        self.path.pop();
        self.live.truncate(mark);
        if let Ok(x) = &r {
            self.live.push(*x);
            if self.called && self.open {
                self.called = false;
                let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
                self.em.check_valid(state);
            }
        }
        r
    }
    /// Stops partial evaluation once the emitter says the unit has grown too big: the rest is
    /// unreachable, and an unwind that nothing catches ends the unit, whose compilation fails.
    fn within_budget(&mut self) -> Result<(), Unwind<SymVal>> {
        if self.bailout.is_none()
            && let Some(reason) = self.em.exhausted()
        {
            self.bailout = Some(reason);
            self.open = false;
        }
        if self.bailout.is_some() && !self.open { Err(Unwind::returning()) } else { Ok(()) }
    }
    /// An abrupt completion `u` reached a construct: if the point is still reachable, this is
    /// where it leaves (a `break` or `continue` jumps to the innermost loop). A `return` has left
    /// already, when it was made. A guest error raised by node code itself, rather than by a
    /// call at run time, cannot be compiled: the code bails out.
    fn leave<V>(&mut self, u: Unwind<V>) {
        if !self.open {
            return;
        }
        match u.kind() {
            kind @ (UnwindKind::Break | UnwindKind::Continue) => {
                let exit = if kind == UnwindKind::Break { LoopExit::Break } else { LoopExit::Continue };
                let label = u.label();
                match self.jump_target(kind, label) {
                    Some(Jump::Loop(depth)) => self.em.exit_loop(exit, depth),
                    Some(Jump::Finally(at)) => {
                        let payload = self.em.konst(L::ABSENT);
                        self.enter_finally(at, completion::jump_code(kind, label), payload);
                    }
                    None => {
                        self.bailout.get_or_insert("a break or continue that leaves the compilation unit".to_string());
                    }
                }
            }
            // Emitted where they were made.
            UnwindKind::Return | UnwindKind::Throw => {}
            UnwindKind::Error => {
                let message = u.take_error().to_string();
                self.bailout.get_or_insert(format!("guest error during partial evaluation: {message}"));
            }
        }
        self.open = false;
    }
    /// Where a `break` or `continue` (`kind`) naming `label` goes first, among the scopes of
    /// the function being evaluated: the loop it leaves or continues, as how many loops out from
    /// the innermost it is, or the finalizer of a `try` it leaves on the way there. Statements a
    /// `break` may leave count as loops of the emitter's, but a `continue` passes over them, and
    /// an unlabelled `break` over labelled statements.
    fn jump_target(&self, kind: UnwindKind, label: Label) -> Option<Jump> {
        let mut depth = 0;
        for (at, scope) in self.scopes.iter().enumerate().rev() {
            let entry = match scope {
                Scope::Loop(entry) => entry,
                Scope::Catch => continue,
                Scope::Finally(_) => return Some(Jump::Finally(at)),
                Scope::Callee => return None,
            };
            let hit = match (kind, label == Label::INNERMOST) {
                (UnwindKind::Continue, _) if !entry.is_loop => false,
                (_, true) => entry.is_loop || entry.unlabelled_break,
                (_, false) => entry.labels.contains(&label),
            };
            if hit {
                return Some(Jump::Loop(depth));
            }
            depth += 1;
        }
        None
    }
    /// The `try` with a `finally` a `return` leaves first, if any: the innermost of the
    /// function being evaluated.
    fn return_target(&self) -> Option<usize> {
        for (at, scope) in self.scopes.iter().enumerate().rev() {
            match scope {
                Scope::Finally(_) => return Some(at),
                Scope::Callee => return None,
                Scope::Loop(_) | Scope::Catch => {}
            }
        }
        None
    }
    /// Leaves for the finalizer of the `try` region at `at` of the scopes with the completion
    /// `code` and `payload`; the point is then unreachable.
    fn enter_finally(&mut self, at: usize, code: i64, payload: SymVal) {
        // The emitter numbers its regions from the outermost, over inlined callees too.
        let region = self.scopes[..at].iter().filter(|s| matches!(s, Scope::Catch | Scope::Finally(_))).count();
        if let Some(Scope::Finally(codes)) = self.scopes.get_mut(at)
            && !codes.contains(&code)
        {
            codes.push(code);
        }
        let code = self.em.i64_const(code);
        self.em.enter_finally(region, code, payload);
        self.open = false;
    }
    /// Continues, after a finalizer fell through, with the completion that entered it: one of
    /// `codes` (the ones routed to it), which `code` holds at run time, with `payload`. Each is
    /// done as it would have been without the `try`: a `return` or a `break` may enter the
    /// finalizer of an enclosing `try` in turn.
    fn continue_completion(&mut self, codes: &[i64], code: SymVal, payload: SymVal) {
        let normal = codes.contains(&completion::NORMAL);
        let abrupt: Vec<i64> = codes.iter().copied().filter(|&c| c != completion::NORMAL).collect();
        let mut tests = 0;
        for (i, &c) in abrupt.iter().enumerate() {
            // The last kind needs no test when falling through is not among them.
            let tested = normal || i + 1 < abrupt.len();
            if tested {
                let k = self.em.i64_const(c);
                let is = self.em.cmp_i64(Cmp::Eq, code, k);
                self.em.begin_if(is);
                tests += 1;
            }
            match c & ((1 << completion::KIND_BITS) - 1) {
                completion::RETURN => {
                    self.return_with(payload);
                }
                completion::THROW => {
                    let _ = self.rethrow(payload);
                }
                _ => {
                    let label = Label((c >> completion::KIND_BITS) as u32);
                    let u: Unwind<SymVal> = match c & ((1 << completion::KIND_BITS) - 1) {
                        completion::CONTINUE => Unwind::continuing_to(label),
                        _ => Unwind::breaking_to(label),
                    };
                    self.leave(u);
                }
            }
            self.open = false;
            if tested {
                self.em.begin_else(None);
                self.open = true;
            }
        }
        let mut value = if normal { Some(self.em.konst(L::ABSENT)) } else { None };
        for _ in 0..tests {
            value = self.em.end_if(value);
        }
        self.open = value.is_some();
    }
    /// An exception is raised here: when the innermost `try` region (of any function being
    /// evaluated, since exceptions leave inlined callees) has a `finally`, the emitter sends it
    /// to the finalizer, which must then continue with it.
    fn note_exception(&mut self) {
        let innermost = self.scopes.iter_mut().rev().find(|s| matches!(s, Scope::Catch | Scope::Finally(_)));
        if let Some(Scope::Finally(codes)) = innermost
            && !codes.contains(&completion::THROW)
        {
            codes.push(completion::THROW);
        }
    }
    /// Raises again the exception a finalizer held.
    fn rethrow(&mut self, x: SymVal) -> Unwind<SymVal> {
        if self.open {
            self.effect();
            if let Some(u) = self.bail_out_of_partial() {
                return u;
            }
            self.note_exception();
            self.em.rethrow(x);
            self.open = false;
        }
        Unwind::resume(UnwindKind::Throw, None)
    }
    /// Emits, at the start of a handler or finalizer that an exception from a call reaches, the
    /// check that the code is still valid: the call may have invalidated it. A deoptimization
    /// there resumes at the start of the handler or finalizer.
    fn check_valid_here(&mut self) {
        let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
        self.em.check_valid(state);
    }
    /// What an if-arm hands to the merge: its value if it falls through, nothing if it left
    /// (after emitting where an abrupt completion goes).
    fn arm_value(&mut self, r: Result<SymVal, Unwind<SymVal>>) -> Option<SymVal> {
        match r {
            Ok(x) if self.open => Some(x),
            Ok(_) => None,
            Err(u) => {
                self.leave(u);
                None
            }
        }
    }
    /// Partially evaluates `target`'s body in place of a call with `args` (the call tree's
    /// `node`): the caller's state waits in `callers` while the callee's tree runs with a path
    /// and evaluated values of its own, and the callee's returns become the call's value.
    /// Unreachable code follows when no path of the callee returns.
    fn inline(&mut self, target: &CallTarget<L>, args: &[SymVal], node: CallNodeId, bail: Option<Bail<L>>) -> SymVal {
        let path = std::mem::take(&mut self.path);
        let live = std::mem::take(&mut self.live);
        self.callers.push(CallerState { path, live });
        self.inlines.push(Inlined { target: target.id(), bail });
        if let Some(inliner) = self.inliner.as_mut() {
            inliner.enter(node);
        }
        self.scopes.push(Scope::Callee);
        self.em.begin_inline(target, args);
        match target.root().execute_sym(self) {
            Ok(x) if self.open => self.em.ret(x),
            Ok(_) => {}
            Err(u) => self.leave(u),
        }
        self.scopes.pop();
        if let Some(bail) = self.inlines.pop().and_then(|i| i.bail).filter(|b| b.taken) {
            // The paths that abandoned the copy meet at the one call made instead, which
            // returns here, where the caller's state holds its value.
            self.em.call_instead(self.inlines.len(), &bail.target, &bail.args);
            self.called = true;
        }
        if let Some(inliner) = self.inliner.as_mut() {
            inliner.leave();
        }
        if let Some(caller) = self.callers.pop() {
            self.path = caller.path;
            self.live = caller.live;
        }
        match self.em.end_inline() {
            Some(x) => {
                self.open = true;
                x
            }
            None => {
                self.open = false;
                self.em.dead()
            }
        }
    }
    /// An explicit transfer to the interpreter (see [`Stage::transfer_to_interpreter`]): an
    /// exit at this point, after which the point is unreachable.
    fn transfer(&mut self, how: Transfer) {
        if self.open {
            let reason =
                if how == Transfer::Invalidate { "transferToInterpreterAndInvalidate" } else { "transferToInterpreter" };
            let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
            self.em.deopt(reason, state, how);
            self.open = false;
        }
    }
    fn drain_args(&mut self, mark: ArgMark) -> Vec<SymVal> {
        self.args.drain(mark.0.min(self.args.len())..).collect()
    }
}

impl<L: Language> SymFrame<'_, L> {
    /// Whether a partially inlined callee is being evaluated (at any depth).
    fn in_partial(&self) -> bool {
        self.inlines.iter().any(|i| i.bail.is_some())
    }
    /// At a guest call inside a partially inlined callee (at any depth, whole copies inside
    /// it included): abandons the outermost partial copy being evaluated, with every copy
    /// inside it. After the copy's body, the paths that abandoned it call that callee itself
    /// with its original arguments, and that call's value is the inlined call's value (see
    /// `inline`). Everything the abandoned copies did was pure. `None` where no partially
    /// inlined callee is being evaluated.
    fn bail_out_of_partial(&mut self) -> Option<Unwind<SymVal>> {
        if !self.open {
            return None;
        }
        let level = self.inlines.iter().position(|i| i.bail.is_some())?;
        let bail = self.inlines[level].bail.as_mut()?;
        bail.taken = true;
        self.em.abandon_inline(level);
        self.open = false;
        Some(Unwind::returning())
    }
    /// Emits the call of a boundary at `site`: an effect, and a call after which the code
    /// checks that it is still valid.
    fn boundary(&mut self, name: &'static str, site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        self.before_boundary();
        self.em.call_boundary(name, site, args)
    }
    /// The bookkeeping of a boundary call, and of an allocation whose slow path is one (the
    /// heap may be called there).
    fn before_boundary(&mut self) {
        self.effect();
        self.called = true;
    }
    /// An operation with an effect inside a partially inlined callee: the copy may be abandoned
    /// at a later call, whose real activation would repeat the effect. The policy rules this
    /// out; should the tree disagree, the compilation fails rather than repeat it.
    fn effect(&mut self) {
        if self.open && self.in_partial() {
            self.bailout.get_or_insert("an effect inside a partially inlined callee".to_string());
        }
    }
}

impl<'a, L: Language> Stage<L> for SymFrame<'a, L> {
    type Val = SymVal;
    type I64 = SymVal;
    type Bool = SymVal;
    type F64 = SymVal;
    const COMPILING: bool = true;

    fn runtime(&self) -> &Runtime<L> {
        self.rt
    }
    fn exec(&mut self, index: u32, child: &dyn ExprNode<L>) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, |s| child.execute_sym(s))
    }
    fn exec_leaf<F: crate::operand::Leaf<L>>(&mut self, index: u32, leaf: &F) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, |s| leaf.eval(s))
    }
    fn exec_leaf_i64<F: crate::operand::Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
    ) -> Result<SymVal, crate::node::TypedFail<SymVal>> {
        self.record_child(index, |s| leaf.eval_i64(s, reason))
    }
    fn exec_leaf_f64<F: crate::operand::Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
        ints: bool,
    ) -> Result<SymVal, crate::node::TypedFail<SymVal>> {
        self.record_child(index, |s| leaf.eval_f64(s, reason, ints))
    }
    fn exec_inline(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
    ) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, eval)
    }
    fn exec_seq(&mut self, first: u32, stmts: &[Box<dyn ExprNode<L>>]) -> Result<(), Unwind<SymVal>> {
        let counted = self.rt.instruments.counts_statements();
        for (i, st) in stmts.iter().enumerate() {
            self.within_budget()?;
            if !self.open {
                // What follows a statement that left (a deoptimization, a jump) is unreachable.
                return Ok(());
            }
            let index = first + i as u32;
            if counted {
                self.statement_hook(index, crate::node::node_addr(&**st))?;
            }
            let mark = self.live.len();
            self.path.push(index);
            let r = st.execute_sym(self);
            self.path.pop();
            self.live.truncate(mark);
            r?;
            if self.called && self.open {
                // The statement made a call of its own: a deoptimization after it resumes at
                // the next statement, which has not started.
                self.called = false;
                self.path.push(index + 1);
                let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
                self.em.check_valid(state);
                self.path.pop();
            }
        }
        Ok(())
    }
    fn statement_hook(&mut self, _index: u32, addr: usize) -> Result<(), Unwind<SymVal>> {
        let at = self.em.konst(Value::from_i64(addr as i64));
        self.call_boundary("statement", &crate::instrument::STATEMENT, crate::instrument::statement_boundary::<L>, &[at])?;
        Ok(())
    }
    fn konst(&mut self, val: Value) -> SymVal {
        self.em.konst(val)
    }
    fn i64_const(&mut self, x: i64) -> SymVal {
        self.em.i64_const(x)
    }
    fn bool_const(&mut self, b: bool) -> SymVal {
        self.em.bool_const(b)
    }
    fn has_tag(&mut self, x: SymVal, tag: Tag) -> SymVal {
        self.em.has_tag(x, tag)
    }
    fn unbox_i64(&mut self, x: SymVal) -> SymVal {
        self.em.unbox_i64(x)
    }
    fn unbox_bool(&mut self, x: SymVal) -> SymVal {
        self.em.unbox_bool(x)
    }
    fn box_i64(&mut self, x: SymVal) -> SymVal {
        self.em.box_i64(x)
    }
    fn box_bool(&mut self, x: SymVal) -> SymVal {
        self.em.box_bool(x)
    }
    fn add_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.em.arith(ArithOp::Add, a, b)
    }
    fn sub_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.em.arith(ArithOp::Sub, a, b)
    }
    fn mul_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.em.arith(ArithOp::Mul, a, b)
    }
    fn div_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.em.arith(ArithOp::Div, a, b)
    }
    fn cmp_i64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        self.em.cmp_i64(op, a, b)
    }
    fn rem_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.em.arith(ArithOp::Rem, a, b)
    }
    fn bits_i64(&mut self, op: BitOp, a: SymVal, b: SymVal) -> SymVal {
        self.em.bits(op, a, b)
    }
    fn wrap_i32(&mut self, a: SymVal, signed: bool) -> SymVal {
        self.em.wrap_i32(a, signed)
    }
    fn f64_const(&mut self, x: f64) -> SymVal {
        self.em.f64_const(x)
    }
    fn unbox_f64(&mut self, v: SymVal) -> SymVal {
        self.em.unbox_f64(v)
    }
    fn box_f64(&mut self, x: SymVal) -> SymVal {
        self.em.box_f64(x)
    }
    fn number_to_f64(&mut self, v: SymVal) -> SymVal {
        self.em.number_to_f64(v)
    }
    fn i64_to_f64(&mut self, a: SymVal) -> SymVal {
        self.em.i64_to_f64(a)
    }
    fn f64_to_i64(&mut self, x: SymVal) -> (SymVal, SymVal) {
        self.em.f64_to_i64(x)
    }
    fn float_arith(&mut self, op: FloatOp, a: SymVal, b: SymVal) -> SymVal {
        self.em.float_arith(op, a, b)
    }
    fn float_unary(&mut self, op: FloatUnary, a: SymVal) -> SymVal {
        self.em.float_unary(op, a)
    }
    fn cmp_f64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        self.em.cmp_f64(op, a, b)
    }
    fn not(&mut self, b: SymVal) -> SymVal {
        self.em.not(b)
    }
    fn and(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.em.logic(LogicOp::And, a, b)
    }
    fn or(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.em.logic(LogicOp::Or, a, b)
    }
    fn same(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.em.same(a, b)
    }
    fn speculate(&mut self, holds: SymVal, reason: &'static str) -> bool {
        let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
        self.em.deopt_unless(holds, reason, state, Transfer::Invalidate);
        true
    }
    fn transfer_to_interpreter(&mut self) {
        self.transfer(Transfer::Keep);
    }
    fn transfer_to_interpreter_and_invalidate(&mut self) {
        self.transfer(Transfer::Invalidate);
    }
    fn assume(&mut self, a: &Assumption) -> bool {
        let valid = a.is_valid();
        if valid {
            self.em.assume(a);
        }
        valid
    }
    fn if_else(
        &mut self,
        c: SymVal,
        then: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
        els: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
    ) -> Result<SymVal, Unwind<SymVal>> {
        let reachable = self.open;
        let live = self.live.len();
        // Arguments pushed before the branch belong to both arms: a call in the then-arm takes
        // them (a polymorphic call site calls its first cached target there), and the else-arm,
        // which in the interpreter runs instead of it, must find them all the same.
        let args = self.args.clone();
        self.em.begin_if(c);
        let a = then(self);
        self.live.truncate(live);
        let first_kind = a.as_ref().err().map(|u| u.kind());
        let a = self.arm_value(a);
        let then_args = std::mem::replace(&mut self.args, args);
        self.open = reachable;
        self.em.begin_else(a);
        let b = els(self);
        self.live.truncate(live);
        let b = self.arm_value(b);
        if b.is_none() && a.is_some() {
            // Only the then-arm falls through, so what follows continues from its arguments.
            self.args = then_args;
        }
        let merged = self.em.end_if(b);
        self.open = reachable && merged.is_some();
        match merged {
            Some(x) => Ok(x),
            // Neither arm falls through; every exit has been emitted, so whoever receives this
            // only passes it on.
            None => Err(Unwind::resume(first_kind.unwrap_or(UnwindKind::Return), None)),
        }
    }
    fn repeat(
        &mut self,
        _node: &dyn ExprNode<L>,
        shape: LoopShape<'_>,
        mut cond: impl FnMut(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
        mut body: impl FnMut(&mut Self) -> Result<(), Unwind<SymVal>>,
        mut step: impl FnMut(&mut Self) -> Result<(), Unwind<SymVal>>,
    ) -> Result<(), Unwind<SymVal>> {
        let reachable = self.open;
        let live = self.live.len();
        self.scopes.push(Scope::Loop(LoopLabels { labels: shape.labels.to_vec(), unlabelled_break: true, is_loop: true }));
        self.em.begin_loop(shape.has_step);
        let r = cond(self).and_then(|c| {
            self.em.loop_test(c);
            self.safepoint();
            body(self)
        });
        self.live.truncate(live);
        let mut completed = match r {
            Ok(()) => self.open,
            Err(u) => {
                self.leave(u);
                false
            }
        };
        if shape.has_step {
            // The step is reached from the body's end and from its `continue`s: it is reachable
            // whenever the loop's body is.
            self.em.begin_step(completed);
            self.open = reachable;
            // An exit in the step resumes there, not at a new test (see `LOOP_STEP`).
            self.path.push(crate::resume::LOOP_STEP);
            let r = step(self);
            self.path.pop();
            self.live.truncate(live);
            completed = match r {
                Ok(()) => self.open,
                Err(u) => {
                    self.leave(u);
                    false
                }
            };
        }
        self.em.end_loop(completed);
        self.scopes.pop();
        // The loop's exit is reached when the condition fails.
        self.open = reachable;
        Ok(())
    }
    fn return_with(&mut self, x: SymVal) -> Unwind<SymVal> {
        if self.open {
            match self.return_target() {
                // A `return` out of a `try` with a `finally` runs the finalizer first.
                Some(at) => self.enter_finally(at, completion::RETURN, x),
                None => self.em.ret(x),
            }
            self.open = false;
        }
        Unwind::returning()
    }
    fn breakable(
        &mut self,
        labels: &[Label],
        unlabelled: bool,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<SymVal>>,
    ) -> Result<(), Unwind<SymVal>> {
        // A loop that runs its body once: a `break` naming the statement jumps to the loop's
        // exit, and falling through the body breaks out too. A `continue` passes over it to the
        // loop around (see `loop_depth`).
        let reachable = self.open;
        let live = self.live.len();
        self.scopes.push(Scope::Loop(LoopLabels { labels: labels.to_vec(), unlabelled_break: unlabelled, is_loop: false }));
        self.em.begin_loop(false);
        let once = self.em.bool_const(true);
        self.em.loop_test(once);
        let r = body(self);
        self.live.truncate(live);
        match r {
            Ok(()) if self.open => self.em.exit_loop(LoopExit::Break, 0),
            Ok(()) => {}
            Err(u) => self.leave(u),
        }
        self.open = false;
        self.em.end_loop(false);
        self.scopes.pop();
        self.open = reachable;
        Ok(())
    }
    fn try_catch(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<SymVal>>,
        handler: impl FnOnce(&mut Self, SymVal) -> Result<(), Unwind<SymVal>>,
    ) -> Result<(), Unwind<SymVal>> {
        if !self.open {
            return Ok(());
        }
        // The body, in a region whose exceptions the emitter sends to the handler. What else
        // leaves it (a `return`, a `break`) leaves the `try` as well, from where it is.
        let live = self.live.len();
        self.scopes.push(Scope::Catch);
        self.em.begin_try(TryKind::Catch);
        let r = body(self);
        self.live.truncate(live);
        let completed = match r {
            Ok(()) => self.open,
            Err(u) => {
                self.leave(u);
                false
            }
        };
        self.scopes.pop();
        // The handler, with the caught value: in a frame state, a value the `try` evaluated
        // at the handler's marker, which the resuming stage hands to the handler.
        let handled = match self.em.begin_catch(completed) {
            None => false,
            Some((caught, from_call)) => {
                self.open = true;
                self.path.push(crate::resume::TRY_HANDLER);
                self.live.push(caught);
                if from_call {
                    self.check_valid_here();
                }
                let r = handler(self, caught);
                self.path.pop();
                self.live.truncate(live);
                match r {
                    Ok(()) => self.open,
                    Err(u) => {
                        self.leave(u);
                        false
                    }
                }
            }
        };
        self.open = self.em.end_catch(handled);
        Ok(())
    }
    fn try_finally(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<SymVal>>,
        finalizer: impl FnOnce(&mut Self) -> Result<(), Unwind<SymVal>>,
    ) -> Result<(), Unwind<SymVal>> {
        if !self.open {
            return Ok(());
        }
        // The body, in a region every completion leaves through the finalizer: exceptions by
        // the emitter, a `return`, `break` or `continue` by `enter_finally` where it is made,
        // and falling through here. There is one copy of the finalizer, entered with the
        // completion's code and payload, which it continues with after it.
        let live = self.live.len();
        self.scopes.push(Scope::Finally(Vec::new()));
        self.em.begin_try(TryKind::Finally);
        let r = body(self);
        self.live.truncate(live);
        match r {
            Ok(()) if self.open => {
                let at = self.scopes.len() - 1;
                let payload = self.em.konst(L::ABSENT);
                self.enter_finally(at, completion::NORMAL, payload);
            }
            Ok(()) => {}
            Err(u) => self.leave(u),
        }
        let codes = match self.scopes.pop() {
            Some(Scope::Finally(codes)) => codes,
            _ => Vec::new(),
        };
        let Some((code, payload, from_call)) = self.em.begin_finally() else {
            self.open = false;
            return Ok(());
        };
        // An exception from a call enters with the code of an exception: the code stays
        // unknown to partial evaluation, which knows only the codes routed here.
        let mut codes = codes;
        if from_call && !codes.contains(&completion::THROW) {
            codes.push(completion::THROW);
        }
        self.open = true;
        // In a frame state, the completion is two values the `try` evaluated at the
        // finalizer's marker, which the resuming stage continues with after the finalizer.
        self.path.push(crate::resume::TRY_FINALIZER);
        self.live.push(code);
        self.live.push(payload);
        if from_call {
            self.check_valid_here();
        }
        let r = finalizer(self);
        self.path.pop();
        self.live.truncate(live);
        // A finalizer that completes abruptly replaces the completion (whoever receives it
        // leaves with it).
        r?;
        if self.open {
            self.continue_completion(&codes, code, payload);
        }
        Ok(())
    }
    fn throw(&mut self, x: SymVal) -> Unwind<SymVal> {
        // The emitter sends it to the innermost `try` region, if any.
        if self.open {
            self.effect();
            if let Some(u) = self.bail_out_of_partial() {
                return u;
            }
            self.note_exception();
            self.em.throw(x);
            self.open = false;
        }
        Unwind::resume(UnwindKind::Throw, None)
    }
    fn read_arg(&mut self, i: u32) -> SymVal {
        self.em.read_arg(i)
    }
    fn read_slot(&mut self, slot: SlotId) -> SymVal {
        self.em.read_slot(slot)
    }
    fn write_slot(&mut self, slot: SlotId, x: SymVal) {
        self.em.write_slot(slot, x)
    }
    fn load_shape(&mut self, obj: SymVal) -> SymVal {
        self.em.load_shape(obj)
    }
    fn load_property(&mut self, obj: SymVal, index: u32) -> SymVal {
        self.em.load_property(obj, index)
    }
    fn store_property(&mut self, obj: SymVal, index: u32, x: SymVal) {
        self.effect();
        self.em.store_property(obj, index, x)
    }
    fn data_slot(&mut self, obj: SymVal, key: crate::symbol::Symbol) -> SymVal {
        self.em.data_slot(obj, key)
    }
    fn load_property_at(&mut self, obj: SymVal, slot: SymVal) -> SymVal {
        self.em.load_property_at(obj, slot)
    }
    fn store_property_at(&mut self, obj: SymVal, slot: SymVal, x: SymVal) {
        self.effect();
        self.em.store_property_at(obj, slot, x)
    }
    fn add_property(&mut self, obj: SymVal, to: crate::shape::ShapeId, index: u32, x: SymVal) {
        self.effect();
        self.em.add_property(obj, to, index, x)
    }
    fn load_internal(&mut self, obj: SymVal) -> SymVal {
        self.em.load_internal(obj)
    }
    fn load_kind_field<K: crate::value::HeapKind>(&mut self, v: SymVal, field: crate::value::KindField<K>) -> SymVal {
        self.em.load_word(v, field.offset())
    }
    fn load_kind_value<K: crate::value::HeapKind>(&mut self, v: SymVal, field: crate::value::KindField<K, Value>) -> SymVal {
        self.em.load_value_at(v, field.offset())
    }
    fn elements_len(&mut self, e: SymVal) -> SymVal {
        self.em.elements_len(e)
    }
    fn elements_get(&mut self, e: SymVal, i: SymVal) -> SymVal {
        self.em.elements_get(e, i)
    }
    fn elements_set(&mut self, e: SymVal, i: SymVal, x: SymVal) {
        self.effect();
        self.em.elements_set(e, i, x)
    }
    fn record_get(&mut self, rec: SymVal, index: u32) -> SymVal {
        self.em.record_get(rec, index)
    }
    fn record_set(&mut self, rec: SymVal, index: u32, x: SymVal) {
        self.effect();
        self.em.record_set(rec, index, x)
    }
    fn record_parent(&mut self, rec: SymVal) -> SymVal {
        self.em.record_parent(rec)
    }
    fn begin_args(&mut self) -> ArgMark {
        ArgMark(self.args.len())
    }
    fn push_arg(&mut self, x: SymVal) -> Result<(), Unwind<SymVal>> {
        self.args.push(x);
        Ok(())
    }
    fn call_direct(&mut self, site: &DirectCallNode<L>, mark: ArgMark) -> Result<SymVal, Unwind<SymVal>> {
        self.site = Some((site.id(), site.call_count()));
        let cell = site.current();
        self.call(cell.target(), mark)
    }
    fn call(&mut self, target: &CallTarget<L>, mark: ArgMark) -> Result<SymVal, Unwind<SymVal>> {
        let args = self.drain_args(mark);
        let site = self.site.take();
        if let Some(calls) = self.explored.as_mut() {
            calls.push(CallEvent { target: Some(target.id()), site, live: self.open });
        } else if let Some((node, partial)) = {
            let reachable = self.open && self.em.reachable();
            self.inliner.as_mut().and_then(|i| i.meet(site.map(|s| s.0), target.id(), reachable))
        } && let Some(owned) = self.rt.call_target(target.id())
        {
            let bail = partial.then(|| Bail { target: owned, args: args.clone(), taken: false });
            return Ok(self.inline(target, &args, node, bail));
        }
        if let Some(u) = self.bail_out_of_partial() {
            return Err(u);
        }
        self.called = true;
        Ok(self.em.call(target, &args))
    }
    fn call_indirect(
        &mut self,
        resolve: ResolveFn<L>,
        callee: SymVal,
        mark: ArgMark,
    ) -> Result<SymVal, Unwind<SymVal>> {
        let args = self.drain_args(mark);
        if let Some(calls) = self.explored.as_mut() {
            calls.push(CallEvent { target: None, site: None, live: self.open });
        }
        if let Some(u) = self.bail_out_of_partial() {
            return Err(u);
        }
        self.called = true;
        Ok(self.em.call_indirect(resolve, callee, &args))
    }
    fn drop_args(&mut self, mark: ArgMark) {
        self.args.truncate(mark.0);
    }
    fn pushed_args(&mut self, mark: ArgMark) -> Vec<SymVal> {
        self.args.get(mark.0..).map(<[SymVal]>::to_vec).unwrap_or_default()
    }
    fn call_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        Ok(self.boundary(name, BoundarySite::new(node, f), args))
    }
    fn alloc_object<N: 'static>(
        &mut self,
        name: &'static str,
        shape: crate::shape::ShapeId,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        self.before_boundary();
        Ok(self.em.alloc_object(name, shape, BoundarySite::new(node, f), args))
    }
    fn alloc_elements_object<N: 'static>(
        &mut self,
        name: &'static str,
        shape: crate::shape::ShapeId,
        len: SymVal,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        self.before_boundary();
        Ok(self.em.alloc_elements_object(name, shape, len, BoundarySite::new(node, f), args))
    }
    fn call_frame_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        Ok(self.boundary(name, BoundarySite::new(node, f).touching_frame(), args))
    }
    fn respecialize<N: 'static>(
        &mut self,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        // A node that left compiled code here before and learned nothing would only make the
        // code leave again: its slow path is called instead (see `runtime::settled`).
        if self.rt.is_settled(node) {
            // A slow path runs the node's code on the frame it is given, slots included.
            return self.call_frame_boundary("slow_path", node, f, args);
        }
        if self.open {
            let state = StateRef { callers: &self.callers, path: &self.path, live: &self.live };
            self.em.deopt(RESPECIALIZE, state, Transfer::Invalidate);
            self.open = false;
        }
        Ok(self.em.dead())
    }
}

/// The recording emitter: the operations of one partial evaluation, one per line, with control
/// flow as indented blocks.
#[derive(Default, Debug)]
pub struct Recording {
    lines: Vec<String>,
    /// Lines recorded, kept as text or not.
    size: usize,
    /// Only counts are kept, not the text (see [`Recording::counting`]).
    counting: bool,
    /// Guest calls recorded (direct and indirect; boundaries are not guest calls).
    calls: usize,
    /// Boundary calls recorded.
    boundaries: usize,
    /// Calls that may read or write their caller's frame: of builtins (an internal root, such
    /// as SL's `helloEqualsWorld`), indirect (the callee is not known) and boundaries. A guest
    /// function called directly writes only its own frame.
    frame_calls: usize,
    /// The slots written, in the order first written.
    writes: Vec<u32>,
    /// Operations whose effect outlives the activation: property stores and boundary calls.
    effects: usize,
    /// Loops recorded.
    loops: usize,
    /// Exits to the interpreter recorded (deoptimizations, transfers and validity checks).
    exits: usize,
    /// Returns of the recorded root (not of callees inlined into it), and those of them
    /// recorded before any guest call.
    root_returns: usize,
    early_returns: usize,
    /// The size past which partial evaluation stops (`MaximumGraalGraphSize`), if any.
    limit: Option<usize>,
    next: u32,
    depth: usize,
    /// The values of then-arms waiting for their else-arm, innermost last.
    then_values: Vec<Option<SymVal>>,
    /// The values returned by each inlined body being recorded, innermost last.
    returns: Vec<Vec<SymVal>>,
    /// For each `try` with a handler being recorded, whether its body fell through.
    try_completed: Vec<bool>,
    /// The property accesses, for a loop's survey that asks for them ([`Recording::surveying_properties`]).
    properties: Option<PropertySurvey>,
}

impl Recording {
    /// A record that keeps what the record's counts and questions answer, without the text of
    /// its lines: what an inlining trial or a loop's survey needs, at a fraction of the cost.
    pub fn counting() -> Recording {
        Recording { counting: true, ..Recording::default() }
    }
    /// Stops partial evaluation once the record holds more than `limit` lines, as a unit's
    /// compilation stops at `MaximumGraalGraphSize`: the record then fails to complete.
    pub fn with_limit(mut self, limit: usize) -> Recording {
        self.limit = Some(limit);
        self
    }
    /// Keeps track of property accesses as well (see [`PropertySurvey`]): what a loop's survey
    /// asks, and an inlining trial does not.
    pub fn surveying_properties(mut self) -> Recording {
        self.properties = Some(PropertySurvey::default());
        self
    }
    /// The property accesses seen, if the record was asked to keep track of them.
    pub fn properties(&self) -> Option<&PropertySurvey> {
        self.properties.as_ref()
    }
    /// The recorded lines (none in a [`Recording::counting`] record).
    pub fn lines(&self) -> &[String] {
        &self.lines
    }
    /// The number of lines recorded: operations and control flow.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Guest calls recorded (direct and indirect).
    pub fn calls(&self) -> usize {
        self.calls
    }
    /// Boundary calls recorded.
    pub fn boundaries(&self) -> usize {
        self.boundaries
    }
    /// Calls recorded that may read or write the caller's frame: builtins, indirect calls and
    /// boundaries. Without any, the frame's slots change only where the record writes them.
    pub fn frame_calls(&self) -> usize {
        self.frame_calls
    }
    /// Operations whose effect outlives the activation: property stores and boundary calls
    /// (a boundary's effect is unknown).
    pub fn effects(&self) -> usize {
        self.effects
    }
    /// Loops recorded.
    pub fn loops(&self) -> usize {
        self.loops
    }
    /// Exits to the interpreter recorded: deoptimizations, transfers and validity checks.
    pub fn exits(&self) -> usize {
        self.exits
    }
    /// Returns of the recorded root, not of callees inlined into it, recorded before any guest
    /// call: a path of the root that returns without calling, since records are in order.
    pub fn early_returns(&self) -> usize {
        self.early_returns
    }
    /// Returns of the recorded root, not of callees inlined into it: none when every path
    /// leaves compiled code (a tree that has not run yet only deoptimizes).
    pub fn root_returns(&self) -> usize {
        self.root_returns
    }
    /// Whether the record writes `slot` (of any frame: inlined callees' writes count too).
    pub fn writes_slot(&self, slot: SlotId) -> bool {
        self.writes.contains(&slot.0)
    }
    /// The record as text, one operation per line.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            let _ = writeln!(s, "{l}");
        }
        s
    }
    /// Records a line; its text is only made when the record keeps text.
    fn line(&mut self, text: impl FnOnce() -> String) {
        self.size += 1;
        if !self.counting {
            self.lines.push(format!("{}{}", "  ".repeat(self.depth), text()));
        }
    }
    fn op(&mut self, text: impl FnOnce() -> String) -> SymVal {
        self.next += 1;
        let r = SymVal(self.next);
        self.line(|| format!("{} = {}", v(r), text()));
        r
    }
    fn op2(&mut self, name: &str, a: SymVal, b: SymVal) -> SymVal {
        self.op(|| format!("{name} {}, {}", v(a), v(b)))
    }
}

fn v(x: SymVal) -> String {
    format!("v{}", x.0)
}

fn state_text(state: StateRef<'_>) -> String {
    let one = |path: &[u32], live: &[SymVal]| {
        let path: Vec<String> = path.iter().map(|i| i.to_string()).collect();
        let live: Vec<String> = live.iter().map(|&x| v(x)).collect();
        format!("@[{}] state({})", path.join("."), live.join(", "))
    };
    // An inlined callee's state follows the states of the callers waiting for it.
    let mut text: Vec<String> = state.callers.iter().map(|c| one(&c.path, &c.live)).collect();
    text.push(one(state.path, state.live));
    text.join(" > ")
}

fn list(args: &[SymVal]) -> String {
    args.iter().map(|&x| v(x)).collect::<Vec<_>>().join(", ")
}

impl<L: Language> Emitter<L> for Recording {
    fn exhausted(&self) -> Option<String> {
        let limit = self.limit?;
        (self.size > limit).then(|| format!("Graph too big to safely compile. Node count: {}. Limit: {limit}.", self.size))
    }
    fn konst(&mut self, val: Value) -> SymVal {
        self.op(|| format!("const {val:?}"))
    }
    fn i64_const(&mut self, x: i64) -> SymVal {
        self.op(|| format!("i64 {x}"))
    }
    fn bool_const(&mut self, b: bool) -> SymVal {
        self.op(|| format!("bool {b}"))
    }
    fn has_tag(&mut self, x: SymVal, tag: Tag) -> SymVal {
        self.op(|| format!("has_tag {}, {tag:?}", v(x)))
    }
    fn unbox_i64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("unbox_i64 {}", v(x)))
    }
    fn unbox_bool(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("unbox_bool {}", v(x)))
    }
    fn box_i64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("box_i64 {}", v(x)))
    }
    fn box_bool(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("box_bool {}", v(x)))
    }
    fn arith(&mut self, op: ArithOp, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        let (name, fails) = match op {
            ArithOp::Add => ("add_i64", None),
            ArithOp::Sub => ("sub_i64", None),
            ArithOp::Mul => ("mul_i64", None),
            ArithOp::Div => ("div_i64", Some("div_fails")),
            ArithOp::Rem => ("rem_i64", Some("rem_fails")),
        };
        let r = self.op2(name, a, b);
        let f = match fails {
            Some(f) => self.op2(f, a, b),
            None => self.op(|| format!("overflow {}", v(r))),
        };
        (r, f)
    }
    fn cmp_i64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        let name = match op {
            Cmp::Lt => "lt_i64",
            Cmp::Le => "le_i64",
            Cmp::Eq => "eq_i64",
        };
        self.op2(name, a, b)
    }
    fn not(&mut self, b: SymVal) -> SymVal {
        self.op(|| format!("not {}", v(b)))
    }
    fn logic(&mut self, op: LogicOp, a: SymVal, b: SymVal) -> SymVal {
        self.op2(if op == LogicOp::And { "and" } else { "or" }, a, b)
    }
    fn same(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.op2("same", a, b)
    }
    fn bits(&mut self, op: BitOp, a: SymVal, b: SymVal) -> SymVal {
        let name = match op {
            BitOp::And => "and_i64",
            BitOp::Or => "or_i64",
            BitOp::Xor => "xor_i64",
            BitOp::Shl => "shl_i64",
            BitOp::Sar => "sar_i64",
            BitOp::Shr => "shr_i64",
        };
        self.op2(name, a, b)
    }
    fn wrap_i32(&mut self, a: SymVal, signed: bool) -> SymVal {
        self.op(|| format!("{} {}", if signed { "sext32" } else { "zext32" }, v(a)))
    }
    fn f64_const(&mut self, x: f64) -> SymVal {
        self.op(|| format!("f64 {x:?}"))
    }
    fn unbox_f64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("unbox_f64 {}", v(x)))
    }
    fn box_f64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("box_f64 {}", v(x)))
    }
    fn number_to_f64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("number_to_f64 {}", v(x)))
    }
    fn i64_to_f64(&mut self, x: SymVal) -> SymVal {
        self.op(|| format!("i64_to_f64 {}", v(x)))
    }
    fn f64_to_i64(&mut self, x: SymVal) -> (SymVal, SymVal) {
        let r = self.op(|| format!("f64_to_i64 {}", v(x)));
        let exact = self.op(|| format!("exact {}", v(r)));
        (r, exact)
    }
    fn float_arith(&mut self, op: FloatOp, a: SymVal, b: SymVal) -> SymVal {
        let name = match op {
            FloatOp::Add => "add_f64",
            FloatOp::Sub => "sub_f64",
            FloatOp::Mul => "mul_f64",
            FloatOp::Div => "div_f64",
            FloatOp::Rem => "rem_f64",
            FloatOp::Min => "min_f64",
            FloatOp::Max => "max_f64",
        };
        self.op2(name, a, b)
    }
    fn float_unary(&mut self, op: FloatUnary, a: SymVal) -> SymVal {
        self.op(|| format!("{:?}_f64 {}", op, v(a)).to_lowercase())
    }
    fn cmp_f64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        let name = match op {
            Cmp::Lt => "lt_f64",
            Cmp::Le => "le_f64",
            Cmp::Eq => "eq_f64",
        };
        self.op2(name, a, b)
    }
    fn deopt_unless(&mut self, holds: SymVal, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        self.exits += 1;
        let op = if how == Transfer::Invalidate { "deopt_unless" } else { "transfer_unless" };
        self.line(|| format!("{op} {} \"{reason}\" {}", v(holds), state_text(state)));
    }
    fn deopt(&mut self, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        self.exits += 1;
        let op = if how == Transfer::Invalidate { "deopt_invalidate" } else { "transfer" };
        self.line(|| format!("{op} \"{reason}\" {}", state_text(state)));
    }
    fn check_valid(&mut self, state: StateRef<'_>) {
        self.exits += 1;
        self.line(|| format!("check_valid {}", state_text(state)));
    }
    fn assume(&mut self, a: &Assumption) {
        self.line(|| format!("assume \"{}\"", a.name()));
    }
    fn begin_if(&mut self, c: SymVal) {
        self.line(|| format!("if {} {{", v(c)));
        self.depth += 1;
    }
    fn begin_else(&mut self, then: Option<SymVal>) {
        self.depth -= 1;
        self.line(|| format!("}} else {{{}", if then.is_some() { "" } else { "  ; then-arm left" }));
        self.depth += 1;
        self.then_values.push(then);
    }
    fn end_if(&mut self, els: Option<SymVal>) -> Option<SymVal> {
        self.depth -= 1;
        let then = self.then_values.pop().flatten();
        self.line(|| format!("}}{}", if els.is_some() { "" } else { "  ; else-arm left" }));
        match (then, els) {
            (Some(x), Some(y)) => Some(self.op2("phi", x, y)),
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
        }
    }
    fn begin_loop(&mut self, _has_step: bool) {
        self.loops += 1;
        self.line(|| "loop {".to_string());
        self.depth += 1;
    }
    fn begin_step(&mut self, _completed: bool) {
        self.line(|| "step:".to_string());
    }
    fn loop_test(&mut self, c: SymVal) {
        self.line(|| format!("break_unless {}", v(c)));
    }
    fn end_loop(&mut self, _completed: bool) {
        self.depth -= 1;
        self.line(|| "}".to_string());
    }
    fn exit_loop(&mut self, exit: LoopExit, depth: u32) {
        self.line(|| {
            let what = if exit == LoopExit::Break { "break" } else { "continue" };
            if depth == 0 { what.to_string() } else { format!("{what} {depth}") }
        });
    }
    fn throw(&mut self, x: SymVal) {
        self.line(|| format!("throw {}", v(x)));
    }
    fn begin_try(&mut self, kind: TryKind) {
        self.line(|| if kind == TryKind::Catch { "try {" } else { "try_finally {" }.to_string());
        self.depth += 1;
    }
    fn begin_catch(&mut self, completed: bool) -> Option<(SymVal, bool)> {
        // A record does not know which exits raise: the handler counts as reachable.
        self.depth -= 1;
        self.line(|| "} catch {".to_string());
        self.depth += 1;
        self.try_completed.push(completed);
        Some((self.op(|| "caught".to_string()), true))
    }
    fn end_catch(&mut self, completed: bool) -> bool {
        self.depth -= 1;
        self.line(|| "}".to_string());
        self.try_completed.pop().unwrap_or(false) || completed
    }
    fn enter_finally(&mut self, region: usize, code: SymVal, payload: SymVal) {
        self.line(|| format!("enter_finally {region}, {}, {}", v(code), v(payload)));
    }
    fn begin_finally(&mut self) -> Option<(SymVal, SymVal, bool)> {
        self.depth -= 1;
        self.line(|| "} finally:".to_string());
        let code = self.op(|| "completion".to_string());
        let payload = self.op(|| "completion_value".to_string());
        Some((code, payload, true))
    }
    fn rethrow(&mut self, x: SymVal) {
        self.line(|| format!("rethrow {}", v(x)));
    }
    fn ret(&mut self, x: SymVal) {
        self.line(|| format!("return {}", v(x)));
        match self.returns.last_mut() {
            Some(r) => r.push(x),
            None => {
                self.root_returns += 1;
                self.early_returns += usize::from(self.calls == 0);
            }
        }
    }
    fn read_arg(&mut self, i: u32) -> SymVal {
        self.op(|| format!("arg {i}"))
    }
    fn read_slot(&mut self, slot: SlotId) -> SymVal {
        let x = self.op(|| format!("read_slot {}", slot.0));
        // Only the loop's own frame: an inlined callee's slot of the same number is another.
        if self.returns.is_empty()
            && let Some(p) = &mut self.properties
        {
            p.slot_read(x.0, slot);
        }
        x
    }
    fn write_slot(&mut self, slot: SlotId, x: SymVal) {
        if !self.writes.contains(&slot.0) {
            self.writes.push(slot.0);
        }
        self.line(|| format!("write_slot {}, {}", slot.0, v(x)));
    }
    fn load_shape(&mut self, obj: SymVal) -> SymVal {
        self.op(|| format!("load_shape {}", v(obj)))
    }
    fn load_property(&mut self, obj: SymVal, index: u32) -> SymVal {
        if let Some(p) = &mut self.properties {
            p.access(obj.0, index);
        }
        self.op(|| format!("load_property {}, {index}", v(obj)))
    }
    fn store_property(&mut self, obj: SymVal, index: u32, x: SymVal) {
        self.effects += 1;
        if let Some(p) = &mut self.properties {
            p.access(obj.0, index);
        }
        self.line(|| format!("store_property {}, {index}, {}", v(obj), v(x)));
    }
    fn data_slot(&mut self, obj: SymVal, key: crate::symbol::Symbol) -> SymVal {
        self.op(|| format!("data_slot {}, key {}", v(obj), key.0))
    }
    fn load_property_at(&mut self, obj: SymVal, slot: SymVal) -> SymVal {
        self.op(|| format!("load_property_at {}, {}", v(obj), v(slot)))
    }
    fn store_property_at(&mut self, obj: SymVal, slot: SymVal, x: SymVal) {
        self.effects += 1;
        if let Some(p) = &mut self.properties {
            p.unknown_store();
        }
        self.line(|| format!("store_property_at {}, {}, {}", v(obj), v(slot), v(x)));
    }
    fn add_property(&mut self, obj: SymVal, to: crate::shape::ShapeId, index: u32, x: SymVal) {
        self.effects += 1;
        if let Some(p) = &mut self.properties {
            p.unknown_store();
        }
        self.line(|| format!("add_property {}, shape {}, {index}, {}", v(obj), to.0, v(x)));
    }
    fn load_internal(&mut self, obj: SymVal) -> SymVal {
        self.op(|| format!("load_internal {}", v(obj)))
    }
    fn load_word(&mut self, obj: SymVal, offset: usize) -> SymVal {
        self.op(|| format!("load_word {}, +{offset}", v(obj)))
    }
    fn load_value_at(&mut self, obj: SymVal, offset: usize) -> SymVal {
        self.op(|| format!("load_value_at {}, +{offset}", v(obj)))
    }
    fn elements_len(&mut self, e: SymVal) -> SymVal {
        self.op(|| format!("elements_len {}", v(e)))
    }
    fn elements_get(&mut self, e: SymVal, i: SymVal) -> SymVal {
        self.op(|| format!("elements_get {}, {}", v(e), v(i)))
    }
    fn elements_set(&mut self, e: SymVal, i: SymVal, x: SymVal) {
        self.effects += 1;
        self.line(|| format!("elements_set {}, {}, {}", v(e), v(i), v(x)));
    }
    fn record_get(&mut self, rec: SymVal, index: u32) -> SymVal {
        self.op(|| format!("record_get {}, {index}", v(rec)))
    }
    fn record_set(&mut self, rec: SymVal, index: u32, x: SymVal) {
        self.line(|| format!("record_set {}, {index}, {}", v(rec), v(x)));
    }
    fn record_parent(&mut self, rec: SymVal) -> SymVal {
        self.op(|| format!("record_parent {}", v(rec)))
    }
    fn call(&mut self, target: &CallTarget<L>, args: &[SymVal]) -> SymVal {
        self.calls += 1;
        if target.root().accesses_caller_frame() {
            self.frame_calls += 1;
        }
        self.op(|| format!("call {}({})", target.name(), list(args)))
    }
    fn begin_inline(&mut self, target: &CallTarget<L>, args: &[SymVal]) {
        self.line(|| format!("inline {}({}) {{", target.name(), list(args)));
        self.depth += 1;
        self.returns.push(Vec::new());
    }
    fn abandon_inline(&mut self, level: usize) {
        self.line(|| format!("abandon_inline {level}"));
    }
    fn call_instead(&mut self, level: usize, target: &CallTarget<L>, args: &[SymVal]) {
        let x = self.call(target, args);
        self.line(|| format!("return_from_inline {level} {}", v(x)));
        if let Some(r) = self.returns.get_mut(level) {
            r.push(x);
        }
    }
    fn end_inline(&mut self) -> Option<SymVal> {
        self.depth -= 1;
        let returned = self.returns.pop().unwrap_or_default();
        self.line(|| "}".to_string());
        match returned.as_slice() {
            [] => None,
            [x] => Some(*x),
            many => Some(self.op(|| format!("phi {}", list(many)))),
        }
    }
    fn call_indirect(&mut self, _resolve: ResolveFn<L>, callee: SymVal, args: &[SymVal]) -> SymVal {
        self.calls += 1;
        self.frame_calls += 1;
        self.op(|| format!("call_indirect {}({})", v(callee), list(args)))
    }
    fn call_boundary(&mut self, name: &'static str, _site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        self.boundaries += 1;
        self.effects += 1;
        self.frame_calls += 1;
        self.op(|| format!("call_boundary {name}({})", list(args)))
    }
    fn dead(&mut self) -> SymVal {
        self.op(|| "dead".to_string())
    }
}
