//! Adaptive prediction: ANTLR's ALL(*) algorithm for the decisions the reference parser does not
//! decide with one token of look-ahead.
//!
//! In the SL grammar these are the six operator and suffix loops of the expression rules
//! (`||`, `&&`, comparison, `+ -`, `* /`, and the member suffixes). They are ambiguous because
//! assignment is a suffix whose right-hand side is a whole expression: in `a = b + c` the `+`
//! could continue the right-hand side or the expression containing `a = b`. ANTLR first tries
//! SLL prediction (context-free; one token suffices here); when that reports a conflict it
//! re-runs with the full invocation stack (LL), reading ahead until the alternatives are
//! resolved. That look-ahead decides two observable things: the `no viable alternative at
//! input ...` message when the input stops fitting before the decision is resolved, and how far
//! the lexer has been asked to read. This module reproduces the algorithm with its conflict
//! rules, merge semantics and error fallbacks.
//!
//! Full-context look-ahead from the same token position with the same configuration set always
//! ends the same way, so outcomes are memoized per (position, configuration set). Its closures
//! return through enclosing rules from a memo (`returns`), so that each token of look-ahead
//! costs about the same however deeply nested the source is. (The parser normally defers
//! full-context prediction altogether; see `recovery`.)

use rustc_hash::{FxHashMap, FxHashSet};

use super::atn::{Atn, StateId, Transition};
use super::context::{Contexts, CtxId, Entry};
use super::error::ParseError;
use super::lexer::Tok;
use super::returns::Returns;
use super::stream::{TokenIndex, TokenStream};

/// A prediction configuration: an ATN state reached by alternative `alt` with a context.
#[derive(Debug, Clone, Copy)]
struct Config {
    state: StateId,
    alt: u8,
    ctx: CtxId,
    /// How many rule ends were passed without a context to return into (SLL only). Non-zero
    /// means this path finished the rule the decision is in.
    dips: u32,
}

type Busy = FxHashSet<(StateId, u8, CtxId)>;

/// A configuration set in canonical form: (state, alternative, context index), sorted.
type Signature = Box<[(u16, u8, u32)]>;

/// A configuration set; configurations equal in state and alternative share one entry whose
/// context is the merge of theirs.
struct ConfigSet {
    full: bool,
    configs: Vec<Config>,
    index: FxHashMap<(StateId, u8), usize>,
}

impl ConfigSet {
    fn new(full: bool) -> ConfigSet {
        ConfigSet {
            full,
            configs: Vec::with_capacity(32),
            index: FxHashMap::with_capacity_and_hasher(64, Default::default()),
        }
    }

    fn add(&mut self, c: Config, ctxs: &mut Contexts) {
        match self.index.get(&(c.state, c.alt)) {
            Some(&i) => {
                let existing = self.configs[i];
                let ctx = ctxs.merge(existing.ctx, c.ctx, !self.full);
                self.configs[i] = Config { ctx, dips: existing.dips.max(c.dips), ..existing };
            }
            None => {
                self.index.insert((c.state, c.alt), self.configs.len());
                self.configs.push(c);
            }
        }
    }

    fn unique_alt(&self) -> Option<u8> {
        let first = self.configs.first()?.alt;
        self.configs.iter().all(|c| c.alt == first).then_some(first)
    }

    /// The alternatives present per (state, context), ANTLR's "conflicting alt subsets".
    fn alt_subsets(&self) -> Vec<u32> {
        let mut keyed: Vec<(u16, u32, u8)> =
            self.configs.iter().map(|c| (c.state.0, Contexts::index(c.ctx), c.alt)).collect();
        keyed.sort_unstable();
        let mut out: Vec<u32> = Vec::new();
        let mut last: Option<(u16, u32)> = None;
        for (s, c, a) in keyed {
            match (last, out.last_mut()) {
                (Some(k), Some(bits)) if k == (s, c) => *bits |= 1 << a,
                _ => out.push(1 << a),
            }
            last = Some((s, c));
        }
        out
    }

    fn all_in_stop_states(&self, atn: &Atn) -> bool {
        self.configs.iter().all(|c| atn.is_stop(c.state))
    }

    /// SLL stops (and LL takes over) when some (state, context) has several alternatives and no
    /// state is reached by a single alternative only.
    fn sll_conflict(&self, atn: &Atn) -> bool {
        if self.all_in_stop_states(atn) {
            return true;
        }
        if !self.alt_subsets().iter().any(|s| s.count_ones() > 1) {
            return false;
        }
        let mut per_state: FxHashMap<StateId, u32> = FxHashMap::default();
        for c in &self.configs {
            *per_state.entry(c.state).or_default() |= 1 << c.alt;
        }
        !per_state.values().any(|s| s.count_ones() == 1)
    }

    /// The lowest alternative of a path that finished the decision's rule (or the whole input);
    /// prediction falls back to it instead of failing, leaving the error to be found later.
    fn alt_that_finished_rule(&self, atn: &Atn, ctxs: &Contexts) -> Option<u8> {
        self.configs
            .iter()
            .filter(|c| c.dips > 0 || (atn.is_stop(c.state) && ctxs.has_empty_path(c.ctx)))
            .map(|c| c.alt)
            .min()
    }

    /// The configurations in a canonical order (the memoization key).
    fn signature(&self) -> Signature {
        let mut v: Vec<(u16, u8, u32)> =
            self.configs.iter().map(|c| (c.state.0, c.alt, Contexts::index(c.ctx))).collect();
        v.sort_unstable();
        v.into_boxed_slice()
    }
}

/// The single alternative every (state, context) group agrees on, taking the lowest of each.
fn resolves_to_one(subsets: &[u32]) -> Option<u8> {
    let mut viable = 0u32;
    for s in subsets {
        viable |= 1 << s.trailing_zeros();
        if viable.count_ones() > 1 {
            return None;
        }
    }
    (viable != 0).then(|| viable.trailing_zeros() as u8)
}

/// Result of a prediction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Take this alternative (1-based).
    Alt(u8),
    /// No alternative fits; the offending token is at this index.
    NoViable { offending: TokenIndex },
}

/// A limit on the work of full-context predictions: steps of look-ahead (memoized ones are
/// free) and context merges, whose number per step grows with how many differently shaped
/// stacks the merged contexts hold.
pub(crate) struct Budget {
    pub(crate) steps: usize,
    /// No step starts once [`Contexts::merges_done`] has reached this.
    pub(crate) merges_until: u64,
}

/// Result of the SLL stage.
pub(crate) enum Sll {
    Done(Outcome),
    /// SLL found a conflict; the caller must run [`Predictor::full`] with the context.
    NeedsFullContext,
}

/// The context-free first SLL step of a decision on one token type, cached for good.
#[derive(Clone, Copy)]
enum FirstStep {
    Alt(u8),
    /// No configuration matches; fall back to this alternative if some path finished the rule.
    Error(Option<u8>),
    Conflict,
    Continue,
}

/// Prediction state: caches and memo tables.
pub(crate) struct Predictor {
    first_steps: FxHashMap<(StateId, Tok), FirstStep>,
    memo: FxHashMap<(TokenIndex, u32), Outcome>,
    set_ids: FxHashMap<Signature, u32>,
    /// Memoized rule returns for full-context closures.
    returns: Returns,
    /// Steps of look-ahead taken, ever (see [`super::ParseWork`]).
    steps: u64,
}

impl Predictor {
    pub(crate) fn new() -> Predictor {
        Predictor {
            first_steps: FxHashMap::default(),
            memo: FxHashMap::default(),
            set_ids: FxHashMap::default(),
            returns: Returns::default(),
            steps: 0,
        }
    }

    /// How many steps of look-ahead predictions have taken so far (each matches one token).
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    /// How many configurations closures have visited so far.
    pub(crate) fn closure_steps(&self) -> u64 {
        self.returns.visited()
    }

    /// Forgets everything that refers to interned contexts (call together with
    /// [`Contexts::reset`]).
    pub(crate) fn reset(&mut self) {
        self.memo.clear();
        self.set_ids.clear();
        self.returns.clear();
    }

    /// SLL prediction for `decision` at the stream's current token.
    pub(crate) fn sll(
        &mut self,
        atn: &Atn,
        ctxs: &mut Contexts,
        ts: &mut TokenStream<'_>,
        decision: StateId,
    ) -> Result<Sll, ParseError> {
        let start = ts.index();
        let t = ts.current().kind;
        let step = match self.first_steps.get(&(decision, t)) {
            Some(s) => *s,
            None => {
                let s0 = start_state(atn, ctxs, &mut self.returns, decision, CtxId::EMPTY, false);
                let step = match compute_reach(atn, ctxs, &mut self.returns, &s0, t, false) {
                    None => FirstStep::Error(s0.alt_that_finished_rule(atn, ctxs)),
                    Some(reach) => match reach.unique_alt() {
                        Some(a) => FirstStep::Alt(a),
                        None if reach.sll_conflict(atn) => FirstStep::Conflict,
                        None => FirstStep::Continue,
                    },
                };
                self.first_steps.insert((decision, t), step);
                step
            }
        };
        match step {
            FirstStep::Alt(a) | FirstStep::Error(Some(a)) => Ok(Sll::Done(Outcome::Alt(a))),
            FirstStep::Error(None) => Ok(Sll::Done(Outcome::NoViable { offending: start })),
            FirstStep::Conflict => Ok(Sll::NeedsFullContext),
            FirstStep::Continue => self.sll_slow(atn, ctxs, ts, decision, start),
        }
    }

    /// SLL prediction that needs more than one token (not cached; the SL grammar never needs
    /// it, but the algorithm allows it).
    fn sll_slow(
        &mut self,
        atn: &Atn,
        ctxs: &mut Contexts,
        ts: &mut TokenStream<'_>,
        decision: StateId,
        start: TokenIndex,
    ) -> Result<Sll, ParseError> {
        let mut prev = start_state(atn, ctxs, &mut self.returns, decision, CtxId::EMPTY, false);
        let mut i = start;
        let mut eof_steps = 0;
        loop {
            self.steps += 1;
            let t = ts.get(i)?.kind;
            let Some(reach) = compute_reach(atn, ctxs, &mut self.returns, &prev, t, false) else {
                return Ok(Sll::Done(match prev.alt_that_finished_rule(atn, ctxs) {
                    Some(a) => Outcome::Alt(a),
                    None => Outcome::NoViable { offending: i },
                }));
            };
            if let Some(a) = reach.unique_alt() {
                return Ok(Sll::Done(Outcome::Alt(a)));
            }
            if reach.sll_conflict(atn) {
                return Ok(Sll::NeedsFullContext);
            }
            prev = reach;
            if t == Tok::Eof {
                // At the end of input every configuration is in a stop state after at most two
                // steps; this bound only guards against looping.
                eof_steps += 1;
                if eof_steps > 2 {
                    return Ok(Sll::Done(Outcome::NoViable { offending: i }));
                }
            } else {
                i = i.next();
            }
        }
    }

    /// Full-context (LL) prediction for `decision` at token index `start`, where `outer` is the
    /// invocation stack of the rule making the decision.
    pub(crate) fn full(
        &mut self,
        atn: &Atn,
        ctxs: &mut Contexts,
        ts: &mut TokenStream<'_>,
        decision: StateId,
        start: TokenIndex,
        outer: CtxId,
    ) -> Result<Outcome, ParseError> {
        let mut unlimited = Budget { steps: usize::MAX, merges_until: u64::MAX };
        let outcome = self.full_within(atn, ctxs, ts, decision, start, outer, &mut unlimited)?;
        // Unreachable: no look-ahead takes `usize::MAX` steps. Alternative 1 is what the lazy
        // parse assumes anyway.
        Ok(outcome.unwrap_or(Outcome::Alt(1)))
    }

    /// [`Predictor::full`] within `budget`, which the look-ahead's steps are taken from; `None`
    /// if the budget ran out first.
    #[allow(clippy::too_many_arguments, reason = "the prediction's inputs and its budget")]
    pub(crate) fn full_within(
        &mut self,
        atn: &Atn,
        ctxs: &mut Contexts,
        ts: &mut TokenStream<'_>,
        decision: StateId,
        start: TokenIndex,
        outer: CtxId,
        budget: &mut Budget,
    ) -> Result<Option<Outcome>, ParseError> {
        self.returns.start_prediction(ctxs);
        let mut prev = start_state(atn, ctxs, &mut self.returns, decision, outer, true);
        let mut i = start;
        let mut visited: Vec<(TokenIndex, u32)> = Vec::new();
        let mut eof_steps = 0;
        let outcome = loop {
            let key = (i, self.set_id(&prev));
            if let Some(o) = self.memo.get(&key) {
                break *o;
            }
            if budget.steps == 0 || ctxs.merges_done() >= budget.merges_until {
                return Ok(None);
            }
            budget.steps -= 1;
            self.steps += 1;
            visited.push(key);
            let t = ts.get(i)?.kind;
            self.returns.start_step();
            let Some(reach) = compute_reach(atn, ctxs, &mut self.returns, &prev, t, true) else {
                break match prev.alt_that_finished_rule(atn, ctxs) {
                    Some(a) => Outcome::Alt(a),
                    None => Outcome::NoViable { offending: i },
                };
            };
            if let Some(a) = reach.unique_alt() {
                break Outcome::Alt(a);
            }
            if let Some(a) = resolves_to_one(&reach.alt_subsets()) {
                break Outcome::Alt(a);
            }
            prev = reach;
            if t == Tok::Eof {
                eof_steps += 1;
                if eof_steps > 2 {
                    break Outcome::NoViable { offending: i };
                }
            } else {
                i = i.next();
            }
        };
        for key in visited {
            self.memo.insert(key, outcome);
        }
        Ok(Some(outcome))
    }

    fn set_id(&mut self, set: &ConfigSet) -> u32 {
        let sig = set.signature();
        let next = self.set_ids.len() as u32;
        *self.set_ids.entry(sig).or_insert(next)
    }
}

/// The closure of the decision state's alternatives (ANTLR's `computeStartState`).
fn start_state(
    atn: &Atn,
    ctxs: &mut Contexts,
    returns: &mut Returns,
    decision: StateId,
    ctx: CtxId,
    full: bool,
) -> ConfigSet {
    let mut set = ConfigSet::new(full);
    let mut busy = Busy::default();
    for (i, t) in atn.state(decision).transitions.iter().enumerate() {
        let c = Config { state: t.target(), alt: (i + 1) as u8, ctx, dips: 0 };
        busy.clear();
        close(atn, ctxs, returns, c, &mut set, &mut busy, false);
    }
    set
}

/// The configurations reachable by matching `t` from `from`, closed again (ANTLR's
/// `computeReachSet`); `None` if nothing matches.
fn compute_reach(
    atn: &Atn,
    ctxs: &mut Contexts,
    returns: &mut Returns,
    from: &ConfigSet,
    t: Tok,
    full: bool,
) -> Option<ConfigSet> {
    let mut intermediate = ConfigSet::new(full);
    let mut skipped_stops: Vec<Config> = Vec::new();
    for c in &from.configs {
        if atn.is_stop(c.state) {
            if full || t == Tok::Eof {
                skipped_stops.push(*c);
            }
            continue;
        }
        for tr in &atn.state(c.state).transitions {
            if let Transition::Atom(target, tok) = *tr
                && tok == t
            {
                intermediate.add(Config { state: target, ..*c }, ctxs);
            }
        }
    }
    // When the matched configurations already agree on one alternative, prediction is over and
    // the closure is not needed.
    let mut used_intermediate = false;
    let mut reach = if skipped_stops.is_empty()
        && t != Tok::Eof
        && (intermediate.configs.len() == 1 || intermediate.unique_alt().is_some())
    {
        used_intermediate = true;
        intermediate
    } else {
        let mut reach = ConfigSet::new(full);
        let mut busy = Busy::default();
        for c in &intermediate.configs {
            close(atn, ctxs, returns, *c, &mut reach, &mut busy, t == Tok::Eof);
        }
        reach
    };
    if t == Tok::Eof {
        reach = only_stop_states(atn, ctxs, reach, used_intermediate);
    }
    if !skipped_stops.is_empty() && (!full || !reach.configs.iter().any(|c| atn.is_stop(c.state))) {
        for c in skipped_stops {
            reach.add(c, ctxs);
        }
    }
    (!reach.configs.is_empty()).then_some(reach)
}

/// At the end of input only configurations that can finish their rule count (ANTLR's
/// `removeAllConfigsNotInRuleStopState`).
fn only_stop_states(atn: &Atn, ctxs: &mut Contexts, set: ConfigSet, look_to_end_of_rule: bool) -> ConfigSet {
    if set.all_in_stop_states(atn) {
        return set;
    }
    let mut result = ConfigSet::new(set.full);
    for c in &set.configs {
        if atn.is_stop(c.state) {
            result.add(*c, ctxs);
        } else if look_to_end_of_rule && atn.state(c.state).epsilon_only && atn.next_tokens(c.state).has_epsilon() {
            result.add(Config { state: atn.stop_of(c.state), ..*c }, ctxs);
        }
    }
    result
}

/// Adds to `set` every configuration reachable from `config` without consuming input (ANTLR's
/// `closure`): in full-context mode through the memoized walk of `returns`, otherwise directly.
fn close(
    atn: &Atn,
    ctxs: &mut Contexts,
    returns: &mut Returns,
    config: Config,
    set: &mut ConfigSet,
    busy: &mut Busy,
    eof_as_epsilon: bool,
) {
    if set.full {
        #[cfg(test)]
        if cross_check::enabled() {
            cross_check::compare(atn, ctxs, returns, config, eof_as_epsilon);
        }
        returns.closure(atn, ctxs, config.state, config.ctx, eof_as_epsilon, &mut |ctxs, (state, ctx)| {
            set.add(Config { state, ctx, ..config }, ctxs)
        });
    } else {
        let visited = closure(atn, ctxs, config, set, busy, false, eof_as_epsilon);
        returns.count(visited);
    }
}

/// Adds to `set` every configuration reachable from `config` without consuming input (ANTLR's
/// `closure`), iteratively because the walk can return through arbitrarily deep stacks. SLL
/// prediction uses it; full-context prediction uses the memoized walk of `returns`, which tests
/// check against this one. Returns how many configurations it visited.
fn closure(
    atn: &Atn,
    ctxs: &mut Contexts,
    config: Config,
    set: &mut ConfigSet,
    busy: &mut Busy,
    full: bool,
    eof_as_epsilon: bool,
) -> usize {
    let mut work = vec![config];
    let mut visited = 0;
    while let Some(c) = work.pop() {
        visited += 1;
        if atn.is_stop(c.state) {
            if !ctxs.is_empty(c.ctx) {
                // Return into every invocation the context records (last pushed first, so they
                // are processed in order).
                for i in (0..ctxs.entry_count(c.ctx)).rev() {
                    match ctxs.entry(c.ctx, i) {
                        Entry::Return { state, parent } => {
                            work.push(Config { state, alt: c.alt, ctx: parent, dips: c.dips });
                        }
                        Entry::EmptyStack if full => set.add(Config { ctx: CtxId::EMPTY, ..c }, ctxs),
                        Entry::EmptyStack => follow_edges(atn, ctxs, c, busy, eof_as_epsilon, set, &mut work),
                    }
                }
                continue;
            }
            if full {
                set.add(c, ctxs);
                continue;
            }
        }
        follow_edges(atn, ctxs, c, busy, eof_as_epsilon, set, &mut work);
    }
    visited
}

/// ANTLR's `closure_`: records `c` if it can consume input, then queues its epsilon successors
/// (in reverse, so they are processed depth-first in edge order like the reference's recursion).
fn follow_edges(
    atn: &Atn,
    ctxs: &mut Contexts,
    c: Config,
    busy: &mut Busy,
    eof_as_epsilon: bool,
    set: &mut ConfigSet,
    work: &mut Vec<Config>,
) {
    let st = atn.state(c.state);
    if !st.epsilon_only {
        set.add(c, ctxs);
    }
    let from_stop = atn.is_stop(c.state);
    for t in st.transitions.iter().rev() {
        let mut n = match *t {
            Transition::Rule { start, follow } => Config { state: start, ctx: ctxs.push(c.ctx, follow), ..c },
            Transition::Epsilon(target) => Config { state: target, ..c },
            Transition::Atom(target, Tok::Eof) if eof_as_epsilon => Config { state: target, ..c },
            Transition::Atom(..) => continue,
        };
        if from_stop {
            // Leaving a rule with no context to return into (SLL): the path has finished the
            // decision's rule. The busy set stops cycles through recursive rules.
            n.dips += 1;
            if !busy.insert((n.state, n.alt, n.ctx)) {
                continue;
            }
        } else if matches!(t, Transition::Atom(..)) && !busy.insert((n.state, n.alt, n.ctx)) {
            continue;
        }
        work.push(n);
    }
}

/// In tests, the memoized full-context closure can be checked against the plain walk, which is
/// ANTLR's algorithm as written.
#[cfg(test)]
pub(super) mod cross_check {
    use std::cell::Cell;

    use super::{Atn, Busy, Config, ConfigSet, Contexts, Returns, closure};

    thread_local! {
        static ENABLED: Cell<bool> = const { Cell::new(false) };
    }

    pub(crate) fn enabled() -> bool {
        ENABLED.with(Cell::get)
    }

    /// Runs `f` with every full-context closure computed both ways and compared.
    pub(crate) fn with<T>(f: impl FnOnce() -> T) -> T {
        ENABLED.with(|e| e.set(true));
        let r = f();
        ENABLED.with(|e| e.set(false));
        r
    }

    pub(super) fn compare(atn: &Atn, ctxs: &mut Contexts, returns: &mut Returns, config: Config, eof: bool) {
        let mut plain = ConfigSet::new(true);
        closure(atn, ctxs, config, &mut plain, &mut Busy::default(), true, eof);
        let mut memoized = ConfigSet::new(true);
        returns.closure(atn, ctxs, config.state, config.ctx, eof, &mut |ctxs, (state, ctx)| {
            memoized.add(Config { state, ctx, ..config }, ctxs)
        });
        assert_eq!(plain.signature(), memoized.signature(), "closure of {config:?}");
    }
}
