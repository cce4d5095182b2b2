//! Full-context closure with memoized rule returns.
//!
//! A full-context (LL) closure adds every configuration reachable from a configuration without
//! consuming input: epsilon edges, rule invocations (which push a return state) and rule ends
//! (which return into every invocation the context records). With assignments nested on
//! right-hand sides the contexts are as deep as the source, and the end of an inner expression
//! can return through every enclosing level, each adding configurations; walking all of them
//! at every token made a look-ahead over a chain of `n` assignments cost `n` walks of depth `n`,
//! with merges of contexts `n` deep on top.
//!
//! What returning out of a rule reaches depends only on the rule's stop state and the context,
//! and contexts are interned, so it is computed once per (stop state, context) and kept as a
//! list of (state, context) pairs, one per state, with the contexts of that state merged. The
//! next token's closure returns into the same enclosing levels and finds them listed, so a token
//! costs work proportional to the levels it adds. The configuration sets are exactly those of
//! the plain walk: contexts are the canonical union of their stacks (see `context`), so the
//! order in which paths are merged cannot show.
//!
//! To bound memory, lists are kept for the whole parse only for contexts that existed before
//! the current prediction (the parser's invocation stacks, shared by every prediction) and for
//! merged contexts (which is where later steps of a look-ahead return through again). The
//! single-entry contexts a step pushes are returned through during that step, and later only
//! down to the next merged context; their lists are dropped when the step ends.

use rustc_hash::FxHashMap;

use super::atn::{Atn, StateId, Transition};
use super::context::{Contexts, CtxId, Entry};
use super::lexer::Tok;

/// Where a closure arrives: a state that consumes input (or a rule stop with the empty stack)
/// and its context.
pub(super) type Reached = (StateId, CtxId);

/// A memo key: a rule stop state, the context returned through, and whether end-of-input edges
/// count as epsilon edges (the closure after matching end of input).
type Key = (StateId, CtxId, bool);

/// Where a list is: which arena, where in it, and how long.
#[derive(Clone, Copy)]
struct Span {
    /// In the arena of lists that last one look-ahead step (otherwise in the kept one).
    step: bool,
    start: usize,
    len: usize,
}

impl Span {
    const EMPTY: Span = Span { step: false, start: 0, len: 0 };
}

/// The memo of rule returns. Ids refer to one generation of [`Contexts`]; clear it together
/// with [`Contexts::reset`].
#[derive(Default)]
pub(super) struct Returns {
    index: FxHashMap<Key, Span>,
    /// Lists kept until [`Returns::clear`], back to back.
    kept: Vec<Reached>,
    /// Lists kept until the current look-ahead step ends, and their keys.
    step: Vec<Reached>,
    step_keys: Vec<Key>,
    /// Contexts interned before this mark existed before the current prediction.
    mark: u32,
    /// Scratch space, reused to avoid allocating per walk.
    work: Vec<Reached>,
    exits: Vec<Reached>,
    stack: Vec<Pending>,
    spare: Vec<Vec<Reached>>,
    /// Configurations visited by closures, ever: states popped by walks, entries of lists read
    /// or copied into other lists, and what plain closures report through [`Returns::count`]. It is never cleared, so
    /// that it measures a whole parse (see [`super::ParseWork`]).
    visited: u64,
}

impl Returns {
    pub(super) fn clear(&mut self) {
        self.index.clear();
        self.kept.clear();
        self.step.clear();
        self.step_keys.clear();
    }

    /// Starts a prediction: every context interned so far is shared with later predictions.
    pub(super) fn start_prediction(&mut self, ctxs: &Contexts) {
        self.mark = ctxs.len();
        self.start_step();
    }

    /// Starts a step of look-ahead: lists of contexts pushed by earlier steps may go.
    pub(super) fn start_step(&mut self) {
        for key in self.step_keys.drain(..) {
            self.index.remove(&key);
        }
        self.step.clear();
    }

    /// Counts `n` configurations visited by a closure that does not go through this memo (SLL
    /// prediction's plain walk).
    pub(super) fn count(&mut self, n: usize) {
        self.visited += n as u64;
    }

    /// How many configurations closures have visited so far.
    pub(super) fn visited(&self) -> u64 {
        self.visited
    }

    fn span(&self, key: &Key) -> Option<Span> {
        self.index.get(key).copied()
    }

    fn list(&self, span: Span) -> &[Reached] {
        let arena = if span.step { &self.step } else { &self.kept };
        arena.get(span.start..span.start + span.len).unwrap_or(&[])
    }

    /// Everything reachable from `state` with context `ctx`: `emit` receives each
    /// configuration, possibly several times.
    pub(super) fn closure(
        &mut self,
        atn: &Atn,
        ctxs: &mut Contexts,
        state: StateId,
        ctx: CtxId,
        eof_as_epsilon: bool,
        emit: &mut impl FnMut(&mut Contexts, Reached),
    ) {
        let mut exits = std::mem::take(&mut self.exits);
        exits.clear();
        if atn.is_stop(state) {
            exits.push((state, ctx));
        } else {
            self.visited += walk(atn, ctxs, state, ctx, eof_as_epsilon, &mut self.work, emit, &mut exits);
        }
        for &(stop, base) in &exits {
            let span = self.returns(atn, ctxs, (stop, base, eof_as_epsilon));
            self.visited += span.len as u64;
            for &r in self.list(span) {
                emit(ctxs, r);
            }
        }
        self.exits = exits;
    }

    /// The list for `key`, computed if needed. It needs the lists of the returns through the
    /// parents of the key's context first; they are visited depth-first with an explicit stack,
    /// since contexts can be deeper than the native stack allows recursion. Each key on the
    /// stack holds what its own walks reached and the exits still to resolve.
    fn returns(&mut self, atn: &Atn, ctxs: &mut Contexts, key: Key) -> Span {
        if let Some(span) = self.span(&key) {
            return span;
        }
        let mut stack = std::mem::take(&mut self.stack);
        let first = self.start(atn, ctxs, key);
        stack.push(first);
        while let Some(top) = stack.last() {
            let eof = top.key.2;
            let missing = top.exits.iter().map(|&(s, c)| (s, c, eof)).find(|k| self.span(k).is_none());
            if let Some(next) = missing {
                let pending = self.start(atn, ctxs, next);
                stack.push(pending);
                continue;
            }
            let Some(done) = stack.pop() else { break };
            self.finish(ctxs, done);
        }
        self.stack = stack;
        self.span(&key).unwrap_or(Span::EMPTY)
    }

    /// Walks from every entry of the key's context: what the walks reach, and where they return
    /// through the context's parents.
    fn start(&mut self, atn: &Atn, ctxs: &mut Contexts, key: Key) -> Pending {
        let (stop, ctx, eof) = key;
        let mut reached = self.spare.pop().unwrap_or_default();
        let mut exits = self.spare.pop().unwrap_or_default();
        reached.clear();
        exits.clear();
        let mut add = |ctxs: &mut Contexts, r: Reached| add_merged(&mut reached, ctxs, r);
        for i in 0..ctxs.entry_count(ctx) {
            match ctxs.entry(ctx, i) {
                Entry::Return { state, parent } => {
                    self.visited += walk(atn, ctxs, state, parent, eof, &mut self.work, &mut add, &mut exits);
                }
                Entry::EmptyStack => add(ctxs, (stop, CtxId::EMPTY)),
            }
        }
        Pending { key, reached, exits }
    }

    /// Stores the list of a key whose exits all have lists.
    fn finish(&mut self, ctxs: &mut Contexts, mut done: Pending) {
        let (_, ctx, eof) = done.key;
        let keep = Contexts::index(ctx) < self.mark || ctxs.entry_count(ctx) > 1;
        let only = match done.exits.as_slice() {
            [(s, c)] if done.reached.is_empty() => self.span(&(*s, *c, eof)),
            _ => None,
        };
        let span = match only {
            // Returning adds nothing of its own: share the list of the one exit (a kept list
            // must not point into the step arena).
            Some(only) if !keep || !only.step => only,
            _ => {
                for &(s, c) in &done.exits {
                    if let Some(span) = self.span(&(s, c, eof)) {
                        self.visited += span.len as u64;
                        for &r in self.list(span) {
                            add_merged(&mut done.reached, ctxs, r);
                        }
                    }
                }
                let arena = if keep { &mut self.kept } else { &mut self.step };
                let start = arena.len();
                arena.extend_from_slice(&done.reached);
                Span { step: !keep, start, len: done.reached.len() }
            }
        };
        self.index.insert(done.key, span);
        if !keep {
            self.step_keys.push(done.key);
        }
        self.spare.push(done.reached);
        self.spare.push(done.exits);
    }
}

/// A key whose list is being computed.
struct Pending {
    key: Key,
    /// What the walks from the context's entries reached.
    reached: Vec<Reached>,
    /// Returns through the context's parents, to be added once their lists are known.
    exits: Vec<Reached>,
}

/// Adds `(state, ctx)` to `list`, merging the context into the one already listed for the
/// state. Lists hold a few dozen states at most, so a linear search beats hashing.
fn add_merged(list: &mut Vec<Reached>, ctxs: &mut Contexts, (state, ctx): Reached) {
    match list.iter_mut().find(|(s, _)| *s == state) {
        Some(entry) => entry.1 = ctxs.merge(entry.1, ctx, false),
        None => list.push((state, ctx)),
    }
}

/// The closure from `state` with context `base` up to the end of `state`'s rule: configurations
/// go to `emit`, and reaching the rule's stop state with `base` itself (returning to whatever
/// `base` records) is noted in `exits` for the caller to resolve. Rules entered on the way
/// return inline: their contexts are pushes on `base` with the one return state just pushed.
/// `work` is scratch space. Returns how many states the walk visited.
#[allow(clippy::too_many_arguments, reason = "the scratch buffers are threaded through")]
fn walk(
    atn: &Atn,
    ctxs: &mut Contexts,
    state: StateId,
    base: CtxId,
    eof_as_epsilon: bool,
    work: &mut Vec<Reached>,
    emit: &mut impl FnMut(&mut Contexts, Reached),
    exits: &mut Vec<Reached>,
) -> u64 {
    work.clear();
    work.push((state, base));
    // Matching end of input as an epsilon edge can lead back to a state already walked (with
    // the same context); those edges are followed once.
    let mut eof_seen: Vec<Reached> = Vec::new();
    let mut visited = 0;
    while let Some((s, c)) = work.pop() {
        visited += 1;
        if atn.is_stop(s) {
            if c == base {
                if !exits.contains(&(s, c)) {
                    exits.push((s, c));
                }
                continue;
            }
            for i in 0..ctxs.entry_count(c) {
                match ctxs.entry(c, i) {
                    Entry::Return { state, parent } => work.push((state, parent)),
                    Entry::EmptyStack => emit(ctxs, (s, CtxId::EMPTY)),
                }
            }
            continue;
        }
        let st = atn.state(s);
        if !st.epsilon_only {
            emit(ctxs, (s, c));
        }
        for t in st.transitions.iter().rev() {
            match *t {
                Transition::Rule { start, follow } => {
                    let pushed = ctxs.push(c, follow);
                    work.push((start, pushed));
                }
                Transition::Epsilon(target) => work.push((target, c)),
                Transition::Atom(target, Tok::Eof) if eof_as_epsilon => {
                    if !eof_seen.contains(&(target, c)) {
                        eof_seen.push((target, c));
                        work.push((target, c));
                    }
                }
                Transition::Atom(..) => {}
            }
        }
    }
    visited
}
