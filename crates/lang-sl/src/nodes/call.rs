//! Calls `callee(args)` with SL's call dispatch (spec §7.8, §13 "Calls").
//!
//! The call site keeps an inline cache of up to two (function, target) pairs, each guarded by the
//! function's identity and its "not redefined" assumption, so the callee is a constant for the
//! compiler (and can later be inlined). A third distinct target turns the site indirect for good.
//! A second cache entry or the switch to indirect reports a polymorphic specialization, which is
//! what splitting acts on. Each entry's direct call node is created by the tree while it runs, so
//! it records the frame's target as its enclosing one, and it is what a split retargets.

use std::cell::{Cell, OnceCell};
use std::rc::Rc;

use porcini::assumption::Assumption;
use porcini::call_target::{CallTarget, DirectCallNode};
use porcini::stage::ArgMark;
use porcini::{Frame, GuestError, Runtime, Stage, Unwind, Value};

use super::{Child, expr_node};
use crate::Sl;
use crate::runtime::display::callee_text;

/// Entries of the call inline cache (`INLINE_CACHE_SIZE` in the reference).
const CACHE_LIMIT: usize = 2;

struct CacheEntry {
    function: Value,
    call: DirectCallNode<Sl>,
    stable: Assumption,
}

/// A call expression.
pub struct InvokeNode {
    callee: Child,
    /// The callee when it is a function literal (a name resolved at parse time): the function
    /// object is permanent, so the interpreter skips executing the callee child.
    callee_const: Option<Value>,
    args: Vec<Child>,
    cache: [OnceCell<CacheEntry>; CACHE_LIMIT],
    /// Which of the `SITE_*` states the site is in, kept apart from the cache so that dispatch
    /// starts with one load.
    state: Cell<u8>,
}

/// No call yet.
const SITE_UNINITIALIZED: u8 = 0;
/// One cache entry, whose function the callee must be.
const SITE_MONOMORPHIC: u8 = 1;
/// One cache entry, for a literal callee: the callee is the entry's function by construction, so
/// only the entry's assumption is checked.
const SITE_MONOMORPHIC_LITERAL: u8 = 2;
/// Two cache entries.
const SITE_POLYMORPHIC: u8 = 3;
/// Calls through `resolve_target`, for good.
const SITE_INDIRECT: u8 = 4;

/// Finds the current target of a callee value, or SL's `Undefined function` error.
pub fn resolve_target(rt: &Runtime<Sl>, callee: Value) -> Result<Rc<CallTarget<Sl>>, Unwind<Value>> {
    let Some(f) = callee.as_function() else {
        return Err(GuestError::raise(format!("Undefined function: {}", callee_text(callee))));
    };
    match f.target().and_then(|id| rt.call_target(id)) {
        Some(t) => Ok(t),
        None => Err(GuestError::raise(format!("Undefined function: {}", f.name()))),
    }
}

impl InvokeNode {
    /// A call of `callee` with `args`.
    pub fn new(callee: Child, args: Vec<Child>) -> InvokeNode {
        InvokeNode { callee, callee_const: None, args, cache: Default::default(), state: Cell::new(SITE_UNINITIALIZED) }
    }
    /// A call of the function literal `function` (which `callee` evaluates to) with `args`.
    pub fn with_function(callee: Child, function: Value, args: Vec<Child>) -> InvokeNode {
        InvokeNode { callee_const: Some(function), ..InvokeNode::new(callee, args) }
    }

    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let callee = match self.callee_const {
            Some(f) => s.konst(f),
            None => self.callee.exec(s, 0)?,
        };
        let mark = s.begin_args();
        for (i, a) in self.args.iter().enumerate() {
            let pushed = match a.exec(s, i as u32 + 1) {
                Ok(v) => s.push_arg(v),
                Err(e) => Err(e),
            };
            if let Err(e) = pushed {
                s.drop_args(mark);
                return Err(e);
            }
        }
        self.dispatch(s, callee, mark)
    }

    #[inline(always)]
    fn dispatch<S: Stage<Sl>>(&self, s: &mut S, callee: S::Val, mark: ArgMark) -> Result<S::Val, Unwind<S::Val>> {
        match (self.state.get(), self.cache[0].get(), self.cache[1].get()) {
            (SITE_MONOMORPHIC_LITERAL, Some(e), _) => {
                let valid = s.assume(&e.stable);
                if valid {
                    return s.call_direct(&e.call, mark);
                }
                self.miss(s, callee, mark)
            }
            (SITE_MONOMORPHIC, Some(e), _) => {
                let g = self.entry_guard(s, e, callee);
                if s.speculate(g, "call target") {
                    return s.call_direct(&e.call, mark);
                }
                self.miss(s, callee, mark)
            }
            (SITE_POLYMORPHIC, Some(e0), Some(e1)) => {
                let g0 = self.entry_guard(s, e0, callee);
                s.if_else(
                    g0,
                    |s| s.call_direct(&e0.call, mark),
                    |s| {
                        let g1 = self.entry_guard(s, e1, callee);
                        s.if_else(g1, |s| s.call_direct(&e1.call, mark), |s| self.miss(s, callee, mark))
                    },
                )
            }
            (SITE_INDIRECT, ..) => s.call_indirect(resolve_target, callee, mark),
            _ => self.miss(s, callee, mark),
        }
    }

    #[inline(always)]
    fn entry_guard<S: Stage<Sl>>(&self, s: &mut S, e: &CacheEntry, callee: S::Val) -> S::Bool {
        let f = s.konst(e.function);
        let same = s.same(callee, f);
        let valid = s.assume(&e.stable);
        let valid = s.bool_const(valid);
        s.and(same, valid)
    }

    /// A cache miss: the interpreter extends the cache (or goes indirect) and calls; compiled code
    /// deoptimizes.
    #[inline(never)]
    fn miss<S: Stage<Sl>>(&self, s: &mut S, callee: S::Val, mark: ArgMark) -> Result<S::Val, Unwind<S::Val>> {
        let mut vals = vec![callee];
        vals.extend(s.pushed_args(mark));
        s.drop_args(mark);
        s.respecialize(self, Self::specialize_and_call, &vals)
    }

    #[cold]
    #[inline(never)]
    fn specialize_and_call(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Result<Value, Unwind<Value>> {
        let callee = vals.first().copied().unwrap_or(Value::NULL);
        let rt = f.runtime();
        let target = resolve_target(rt, callee)?;
        let used = self.cache.iter().filter(|c| c.get().is_some()).count();
        let function = callee.as_function();
        let mut site = None;
        if let (Some(func), false) = (function, self.state.get() == SITE_INDIRECT) {
            // A target always has its heap cell (the runtime created it); without one the site
            // would simply call indirectly.
            let call = if used < CACHE_LIMIT { DirectCallNode::new(&target, f.target()) } else { None };
            porcini::spec::note_specialized();
            if let Some(call) = call {
                let entry = CacheEntry { function: callee, call, stable: func.stable_assumption() };
                let _ = self.cache[used].set(entry);
                self.state.set(match (used, self.callee_const) {
                    (0, Some(_)) => SITE_MONOMORPHIC_LITERAL,
                    (0, None) => SITE_MONOMORPHIC,
                    _ => SITE_POLYMORPHIC,
                });
                if used + 1 > 1 {
                    porcini::spec::report_polymorphic_specialize(f, self);
                }
                site = self.cache[used].get();
            } else {
                self.state.set(SITE_INDIRECT);
                porcini::spec::report_polymorphic_specialize(f, self);
            }
        }
        let mark = f.begin_args();
        for &a in vals.iter().skip(1) {
            if let Err(e) = f.push_arg(a) {
                f.drop_args(mark);
                return Err(e);
            }
        }
        // The new entry's first call goes through its call node, as every later one will, so that
        // a target already marked for splitting is split for this site at once.
        match site {
            Some(e) => f.call_direct(&e.call, mark),
            None => f.call(&target, mark),
        }
    }

    fn node_cost(&self) -> porcini::NodeCost {
        match self.state.get() {
            SITE_UNINITIALIZED => porcini::NodeCost::Uninitialized,
            SITE_MONOMORPHIC | SITE_MONOMORPHIC_LITERAL => porcini::NodeCost::Monomorphic,
            SITE_POLYMORPHIC => porcini::NodeCost::Polymorphic,
            _ => porcini::NodeCost::Megamorphic,
        }
    }
    fn call_node_list(&self) -> Vec<&DirectCallNode<Sl>> {
        self.cache.iter().filter_map(|c| c.get()).map(|e| &e.call).collect()
    }
    fn active_names(&self) -> Vec<&'static str> {
        match self.node_cost() {
            porcini::NodeCost::Uninitialized => Vec::new(),
            porcini::NodeCost::Megamorphic => vec!["do_indirect"],
            _ => vec!["do_direct"],
        }
    }
}

expr_node!(InvokeNode, "Invoke", children(t => std::iter::once(t.callee.node()).chain(t.args.iter().map(|a| a.node())).collect()), clone(this, cx => InvokeNode { callee_const: this.callee_const, ..InvokeNode::new(this.callee.clone_uninitialized(cx), this.args.iter().map(|a| a.clone_uninitialized(cx)).collect()) }), calls);
