//! ANTLR's default error strategy, as far as it matters when the first reported error ends the
//! parse (the reference installs a listener that throws on the first report).
//!
//! The generated parser calls three things at fixed places: `sync` before every loop and
//! optional or alternative sub-rule, `match` for every token reference, and adaptive prediction
//! for ambiguous decisions. This module implements them on [`Parser`], with the reference's
//! message shapes (spec §9.2):
//!
//! * `extraneous input 'T' expecting S` when deleting the current token would let the parse go
//!   on (the token after it is expected), or when a loop iteration cannot start;
//! * `missing S at 'T'` when the current token could follow the token `match` wanted;
//! * `mismatched input 'T' expecting S` otherwise. Its expected set comes from the last `sync`
//!   that saw the current token fail inside a rule that could still end (ANTLR 4.13 records that
//!   state so the message lists everything that could have come next);
//! * `no viable alternative at input 'W'` when prediction fails.
//!
//! It also keeps the rule invocation stack, whose return states are the context both the
//! expected sets and full-context prediction need.

use super::atn::{P, Rule, StateId, StateKind, TokenSet};
use super::context::{CtxId, Entry};
use super::error::ParseError;
use super::lexer::{Tok, Token, escape_ws};
use super::parser::{Frame, MAX_NESTING, PResult, Parser, TOO_DEEP};
use super::predict::{Budget, Outcome, Sll};
use super::stream::TokenIndex;

impl Parser<'_> {
    /// Records the parser's position (ANTLR's `setState`).
    pub(super) fn at(&mut self, p: P) {
        self.state = self.atn.at(p);
    }

    /// Enters a rule invoked from the current state. Expressions and blocks count towards the
    /// nesting limit, and each of them asks whether the native stack has room for one more
    /// level.
    pub(super) fn enter(&mut self, rule: Rule) -> PResult<()> {
        if matches!(rule, Rule::Expression | Rule::Block) {
            self.depth += 1;
            if self.depth > MAX_NESTING || !(self.stack_ok)() {
                return Err(self.too_deep());
            }
        }
        // The anchor of a frame is the innermost enclosing expression that is not an
        // assignment's right-hand side (see `predict`).
        let index = self.frames.len();
        let anchor = if rule == Rule::Expression && self.state != self.atn.at(P::MeAssignExpr) {
            index
        } else {
            self.frames.last().map_or(0, |f| f.anchor)
        };
        self.frames.push(Frame { rule, invoking: Some(self.state), ctx: None, anchor });
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn too_deep(&self) -> ParseError {
        let t = self.ts.current();
        ParseError::new(t.line, t.col, TOO_DEEP)
    }

    /// Leaves the current rule; the state goes back to where the rule was invoked.
    pub(super) fn exit(&mut self) {
        if let Some(f) = self.frames.pop() {
            if matches!(f.rule, Rule::Expression | Rule::Block) {
                self.depth = self.depth.saturating_sub(1);
            }
            if let Some(s) = f.invoking {
                self.state = s;
            }
        }
    }

    /// The invocation stack of the current rule as a context (ANTLR's
    /// `PredictionContext.fromRuleContext`), computed lazily and cached per frame.
    pub(super) fn current_ctx(&mut self) -> CtxId {
        let known = self.frames.iter().rposition(|f| f.ctx.is_some());
        let (mut ctx, from) = match known {
            Some(i) => (self.frames[i].ctx.unwrap_or(CtxId::EMPTY), i + 1),
            None => (CtxId::EMPTY, 0),
        };
        for i in from..self.frames.len() {
            let follow = self.frames[i].invoking.and_then(|s| self.atn.follow_of(s));
            ctx = match follow {
                Some(f) => self.ctxs.push(ctx, f),
                // The start rule has no invoker: nothing to return into.
                None => CtxId::EMPTY,
            };
            self.frames[i].ctx = Some(ctx);
        }
        ctx
    }

    /// The tokens expected at `state` when the rule invocations in `ctx` continue after it
    /// (ANTLR's `ATN.getExpectedTokens`).
    pub(super) fn expected(&self, state: StateId, ctx: CtxId) -> TokenSet {
        let mut following = self.atn.next_tokens(state);
        if !following.has_epsilon() {
            return following;
        }
        let mut expected = following.without_epsilon();
        let mut c = ctx;
        while !self.ctxs.is_empty(c) && following.has_epsilon() {
            let Entry::Return { state, parent } = self.ctxs.entry(c, 0) else { break };
            following = self.atn.next_tokens(state);
            expected = expected.union(following.without_epsilon());
            c = parent;
        }
        if following.has_epsilon() {
            expected = expected.with(Tok::Eof);
        }
        expected
    }

    fn error_at(&self, t: &Token, message: String) -> ParseError {
        ParseError::new(t.line, t.col, message)
    }

    fn extraneous(&mut self, expected: TokenSet) -> ParseError {
        let t = self.ts.current();
        let msg = format!("extraneous input {} expecting {}", self.ts.display(&t), expected.display());
        self.error_at(&t, msg)
    }

    fn mismatched(&mut self, expected: TokenSet) -> ParseError {
        let t = self.ts.current();
        let msg = format!("mismatched input {} expecting {}", self.ts.display(&t), expected.display());
        self.error_at(&t, msg)
    }

    /// ANTLR's `sync`: checks the current token before a sub-rule or loop iteration.
    pub(super) fn sync(&mut self) -> PResult<()> {
        let s = self.state;
        let la = self.ts.current().kind;
        let next = self.atn.next_tokens(s);
        if next.contains(la) {
            self.sync_record = None;
            return Ok(());
        }
        self.sync_slow(s, next)
    }

    /// The rest of `sync`, kept out of line so the rule methods' stack frames stay small.
    #[inline(never)]
    fn sync_slow(&mut self, s: StateId, next: TokenSet) -> PResult<()> {
        if next.has_epsilon() {
            // The rule may end here and a caller may accept the token; remember this place in
            // case matching fails later, for the expected set of that message.
            if self.sync_record.is_none() {
                let ctx = self.current_ctx();
                self.sync_record = Some((s, ctx));
            }
            return Ok(());
        }
        match self.atn.state(s).kind {
            StateKind::BlockStart | StateKind::StarBlockStart | StateKind::StarLoopEntry => {
                let ctx = self.current_ctx();
                let next_type = self.ts.la(2)?;
                let expected = self.expected(s, ctx);
                if expected.contains(next_type) {
                    return Err(self.extraneous(expected));
                }
                Err(self.mismatched(expected))
            }
            StateKind::StarLoopBack => {
                let ctx = self.current_ctx();
                let expected = self.expected(s, ctx);
                Err(self.extraneous(expected))
            }
            _ => Ok(()),
        }
    }

    /// ANTLR's `match`: consumes a token of type `t` or reports why it cannot.
    pub(super) fn expect(&mut self, t: Tok) -> PResult<Token> {
        let cur = self.ts.current();
        if cur.kind == t {
            self.ts.consume()?;
            self.confirm_pending();
            return Ok(cur);
        }
        Err(self.mismatch_error(cur))
    }

    /// Why the current token `cur` cannot be matched (ANTLR's `recoverInline`, which with the
    /// reference's listener always ends in a report). Out of line to keep rule frames small.
    #[inline(never)]
    fn mismatch_error(&mut self, cur: Token) -> ParseError {
        let ctx = self.current_ctx();
        // Single-token deletion: the token after the current one is what is wanted.
        let next_type = match self.ts.la(2) {
            Ok(t) => t,
            Err(lexical) => return lexical,
        };
        let expected = self.expected(self.state, ctx);
        if expected.contains(next_type) {
            return self.extraneous(expected);
        }
        // Single-token insertion: the current token could follow the wanted one.
        let after = self.atn.state(self.state).transitions.first().map(|tr| tr.target());
        if let Some(after) = after
            && self.atn.look_in_context(after, ctx, &self.ctxs).contains(cur.kind)
        {
            let msg = format!("missing {} at {}", expected.display(), self.ts.display(&cur));
            return self.error_at(&cur, msg);
        }
        let shown = match self.sync_record {
            Some((state, ctx)) => self.expected(state, ctx),
            None => expected,
        };
        self.mismatched(shown)
    }

    /// The no-viable-alternative error for a failed LL(1) switch (only reachable if `sync`
    /// let a bad token through, which it does not; kept for fidelity).
    pub(super) fn no_viable_here(&mut self) -> ParseError {
        let i = self.ts.index();
        self.no_viable(i, i)
    }

    /// `no viable alternative at input 'W'`, where W is the text of the tokens from the start of
    /// the decision to the offending one, reported at the offending token.
    pub(super) fn no_viable(&mut self, start: TokenIndex, offending: TokenIndex) -> ParseError {
        let (start_tok, off_tok) = match (self.ts.get(start), self.ts.get(offending)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return e,
        };
        let input =
            if start_tok.kind == Tok::Eof { "<EOF>".to_string() } else { self.ts.text_between(start, offending) };
        self.error_at(&off_tok, format!("no viable alternative at input '{}'", escape_ws(&input)))
    }

    /// Adaptive prediction for the decision at position `p`: the alternative to take.
    ///
    /// When SLL prediction needs the full context, the exact answer for the six expression
    /// decisions is always alternative 1 (continue the inner construct) unless the input fails
    /// before the decision resolves, in which case it is `no viable alternative`: continuing
    /// inside can always be followed by closing the inner construct, so it accepts everything
    /// continuing outside would. Outside exact mode such a decision therefore takes alternative
    /// 1 at once and is remembered as pending; it is replayed exactly only if a syntax error
    /// comes up before the expression it is in has been closed (see
    /// [`Parser::replay_pending`]). This keeps parsing linear where the reference's look-ahead
    /// is quadratic (long operator chains or nested assignments on a right-hand side).
    #[inline(never)]
    pub(super) fn predict(&mut self, p: P) -> PResult<u8> {
        let decision = self.atn.at(p);
        let start = self.ts.index();
        let outcome = match self.predictor.sll(self.atn, &mut self.ctxs, &mut self.ts, decision)? {
            Sll::Done(o) => o,
            Sll::NeedsFullContext => {
                let outer = self.current_ctx();
                if self.exact {
                    self.predictor.full(self.atn, &mut self.ctxs, &mut self.ts, decision, start, outer)?
                } else {
                    let anchor = self.frames.last().map_or(0, |f| f.anchor);
                    self.pending.push(Pending { start, decision, outer, anchor });
                    Outcome::Alt(1)
                }
            }
        };
        match outcome {
            Outcome::Alt(a) => Ok(a),
            Outcome::NoViable { offending } => Err(self.no_viable(start, offending)),
        }
    }

    /// Drops the pending decisions whose anchor expression has been closed and followed by a
    /// matched token (call after every successful match).
    pub(super) fn confirm_pending(&mut self) {
        while self.pending.last().is_some_and(|p| p.anchor >= self.frames.len()) {
            self.pending.pop();
        }
    }

    /// Replays the pending decisions exactly, in the order they were made, before any error is
    /// reported. The reference ran each of them before the parse got to the error, so the first
    /// one whose look-ahead fails, or runs into a lexical error, is what it reports. Returns
    /// `Err(())` if a replay contradicts the provisional choice (the caller then parses again in
    /// exact mode).
    ///
    /// The replays share a budget linear in the source: [`REPLAY_STEPS_PER_TOKEN`] tokens of
    /// look-ahead and [`REPLAY_MERGES_PER_TOKEN`] context merges per token read so far, plus
    /// [`REPLAY_WORK_MIN`] of each. A look-ahead costs about the same per token however deeply
    /// the source nests, but some sources need quadratic work, as in the reference: a decision
    /// pending in every few tokens whose look-ahead resolves only near the error
    /// (`a.b = c < a.b = c < ... 1 >= 2 }`), or contexts merging stacks of many shapes (a long
    /// chain of `a = b + ` links followed by one of `a = `). Should the budget run out, the
    /// decisions not replayed are taken to resolve as provisionally decided, and the parser's own
    /// error stands, which can differ from the reference's. No source short of such adversarial
    /// shapes, thousands of links long, comes near the budget.
    pub(super) fn replay_pending(&mut self) -> Result<Option<ParseError>, ()> {
        let pending = std::mem::take(&mut self.pending);
        let tokens = self.ts.lexed();
        let mut budget = Budget {
            steps: tokens.saturating_mul(REPLAY_STEPS_PER_TOKEN).saturating_add(REPLAY_WORK_MIN),
            merges_until: self.ctxs.merges_done().saturating_add(
                (tokens as u64).saturating_mul(REPLAY_MERGES_PER_TOKEN).saturating_add(REPLAY_WORK_MIN as u64),
            ),
        };
        for p in pending {
            let outcome = self.predictor.full_within(
                self.atn,
                &mut self.ctxs,
                &mut self.ts,
                p.decision,
                p.start,
                p.outer,
                &mut budget,
            );
            match outcome {
                Ok(Some(Outcome::Alt(1))) => {}
                Ok(Some(Outcome::NoViable { offending })) => return Ok(Some(self.no_viable(p.start, offending))),
                Ok(Some(Outcome::Alt(_))) => return Err(()),
                Ok(None) => return Ok(None),
                Err(lexical) => return Ok(Some(lexical)),
            }
        }
        Ok(None)
    }
}

/// Tokens of replayed look-ahead allowed per token of source (see [`Parser::replay_pending`]).
/// A chain of assignments at the nesting limit that is valid up to the limit replays about two
/// per token; the budget leaves twice that.
const REPLAY_STEPS_PER_TOKEN: usize = 4;

/// Context merges allowed per token of source in replays. Long chains of assignments, with or
/// without operators, need at most about ten.
const REPLAY_MERGES_PER_TOKEN: u64 = 32;

/// Steps and merges allowed in replays whatever the size of the source.
const REPLAY_WORK_MIN: usize = 20_000;

/// A decision taken provisionally (see [`Parser::predict`]).
pub(super) struct Pending {
    /// The token the decision was made at.
    start: TokenIndex,
    decision: StateId,
    /// The invocation stack at the decision.
    outer: CtxId,
    /// Index of the frame of the innermost expression around the decision that is not an
    /// assignment's right-hand side. All look-ahead paths stay inside it until the token after
    /// it is matched, at which point they have merged and the decision is resolved.
    anchor: usize,
}
