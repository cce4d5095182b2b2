//! `try` regions: where an exception raised in compiled code goes when it is raised inside the
//! body of a `try`, instead of out of the unit.
//!
//! A region is open from `begin_try` until its body ends. Every exceptional exit emitted inside
//! it branches to the innermost region: a `throw` node's value jumps straight to the region's
//! *entry* (the handler's or the finalizer's first block, with the value in the region's
//! variables); a call, a boundary or a call set-up that runs out of stack leaves its exception
//! in the unwind register and branches to the region's *landing*, a cold block that takes it
//! out through the runtime (`catch_unwind` for a `catch`, which may also find that nothing
//! catches it and go on outwards; `save_exception` for a `finally`) and then jumps to the entry.
//! Regions reach across inlined callees: a callee's exception is its caller's.
//!
//! A `finally` region's entry also receives every other completion that leaves its body (a
//! `return`, `break` or `continue`, and falling through), routed there by the symbolic stage
//! with a completion code; the finalizer is emitted once, and the stage continues each
//! completion after it on the code (see `porcini::control::completion`).
//!
//! Every edge into a landing comes from a call, before which the activation's slots were written
//! back to their cells; a boundary may have written its caller's frame before it threw. So the
//! landing reads the slots back from the cells, which is right on every edge.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{Block, InstBuilder, types};
use cranelift_frontend::Variable;
use porcini::compiled::{self, RawResult};
use porcini::control::completion;
use porcini::emitter::TryKind;
use porcini::symbolic::SymVal;
use porcini::Language;

use super::{Lowering, Repr, sig};

/// A `try` region whose body is being lowered.
pub(super) struct TryRegion {
    kind: TryKind,
    /// Where calls that unwind branch (the exception in the unwind register); made at the first.
    landing: Option<Block>,
    /// Where the handler or the finalizer starts; made at the first edge.
    entry: Option<Block>,
    /// The caught value, or the completion's payload, as it enters.
    value: (Variable, Variable),
    /// A `finally` region's completion code as it enters.
    code: Variable,
    /// For a `catch` region: where the `try` continues, after its body or its handler.
    after: Option<Block>,
    /// Where a call set-up without room for its callee raises the stack overflow error, then
    /// goes to the landing; made at the first.
    overflow: Option<Block>,
}

/// A handler being lowered: where the `try` continues after it.
pub(super) struct CatchTail {
    after: Block,
    /// The body fell through to `after`.
    reached: bool,
    value: (Variable, Variable),
}

impl<L: Language> Lowering<'_, L> {
    /// Where an exception raised here in the unwind register goes: the innermost region's
    /// landing, or the exit that returns "unwinding".
    pub(super) fn exception_target(&mut self) -> Block {
        if self.dead {
            return self.unwind;
        }
        let Some(region) = self.regions.last_mut() else { return self.unwind };
        match region.landing {
            Some(blk) => blk,
            None => {
                let blk = self.b.create_block();
                self.b.set_cold_block(blk);
                region.landing = Some(blk);
                blk
            }
        }
    }
    /// Where a call set-up here that finds no room raises the stack overflow error: a block
    /// shared by the innermost region's set-ups (or the unit's, outside regions).
    pub(super) fn overflow_block(&mut self) -> Block {
        if !self.dead && !self.regions.is_empty() {
            let landing = self.exception_target();
            let Some(region) = self.regions.last_mut() else { return landing };
            if let Some(blk) = region.overflow {
                return blk;
            }
            let blk = self.b.create_block();
            self.b.set_cold_block(blk);
            region.overflow = Some(blk);
            return blk;
        }
        match self.overflow_exit {
            Some(blk) => blk,
            None => {
                let blk = self.b.create_block();
                self.b.set_cold_block(blk);
                self.overflow_exit = Some(blk);
                blk
            }
        }
    }
    /// The entry of the region at `index`, made at the first edge.
    fn region_entry(&mut self, index: usize) -> Option<Block> {
        let region = self.regions.get_mut(index)?;
        Some(*region.entry.get_or_insert_with(|| self.b.create_block()))
    }
    /// A `throw` of `x` inside a region: straight to its entry, with the value (and, for a
    /// `finally`, the code of an exception). False outside regions.
    pub(super) fn throw_in_region(&mut self, x: SymVal) -> bool {
        let Some(index) = self.regions.len().checked_sub(1).filter(|_| !self.dead) else { return false };
        let (t, v) = self.words(x);
        let (kind, value, code) = {
            let r = &self.regions[index];
            (r.kind, r.value, r.code)
        };
        if kind == TryKind::Finally {
            let c = self.iconst(completion::THROW);
            self.def_var(code, c);
        }
        self.def_var(value.0, t);
        self.def_var(value.1, v);
        let Some(entry) = self.region_entry(index) else { return false };
        self.b.ins().jump(entry, &[]);
        self.go_dead();
        true
    }

    pub(super) fn lower_begin_try(&mut self, kind: TryKind) {
        let value = self.fresh_value_vars();
        let code = self.fresh_var();
        let zero = self.iconst(0);
        self.def_var(code, zero);
        let after = (kind == TryKind::Catch).then(|| self.b.create_block());
        self.regions.push(TryRegion { kind, landing: None, entry: None, value, code, after, overflow: None });
        // The handler and the finalizer are reached from anywhere in the body: what the body
        // learns is dropped when they start.
        self.facts.push_scope();
    }

    /// Ends the innermost region's body: emits its stack-overflow block and its landing, whose
    /// exception goes to the entry as `take` makes it into a value (or on outwards, when
    /// `take` answers "unwinding"). The entry, if anything reaches it, is current afterwards.
    fn close_region(&mut self, region: &TryRegion, take: usize) -> Option<Block> {
        self.close_dead();
        if let Some(overflow) = region.overflow {
            self.switch(overflow);
            self.b.seal_block(overflow);
            let thunk = self.iconst(compiled::stack_overflow as *const () as i64);
            self.b.ins().call_indirect(self.sigs.overflow, thunk, &[]);
            let landing = region.landing.unwrap_or(self.unwind);
            self.b.ins().jump(landing, &[]);
        }
        let mut entry = region.entry;
        if let Some(landing) = region.landing {
            self.switch(landing);
            self.b.seal_block(landing);
            self.reload();
            self.reload_promoted();
            let frame = self.own_frame();
            let b = &mut self.b;
            let sig_ref = *self.sigs.landing.get_or_insert_with(|| sig(b, &[types::I64], &[types::I64; 2]));
            let callee = self.iconst(take as i64);
            let call = self.b.ins().call_indirect(sig_ref, callee, &[frame]);
            let r = self.b.inst_results(call).to_vec();
            if region.kind == TryKind::Catch {
                // What no `catch` stops goes on to the enclosing region, or out of the unit.
                let unwinding = self.b.ins().icmp_imm_s(IntCC::Equal, r[0], RawResult::UNWIND_TAG as i64);
                let outer = self.exception_target();
                let caught = self.b.create_block();
                self.b.ins().brif(unwinding, outer, &[], caught, &[]);
                self.b.switch_to_block(caught);
                self.b.seal_block(caught);
            } else {
                let c = self.iconst(completion::THROW);
                self.def_var(region.code, c);
            }
            self.def_var(region.value.0, r[0]);
            self.def_var(region.value.1, r[1]);
            let blk = *entry.get_or_insert_with(|| self.b.create_block());
            self.b.ins().jump(blk, &[]);
        }
        let entry = entry?;
        self.switch(entry);
        self.b.seal_block(entry);
        Some(entry)
    }

    pub(super) fn lower_begin_catch(&mut self, completed: bool) -> Option<(SymVal, bool)> {
        let region = self.regions.pop()?;
        let Some(after) = region.after else {
            self.out.broken.get_or_insert("a handler for a region without one");
            return None;
        };
        let mut tail = CatchTail { after, reached: false, value: region.value };
        if completed && !self.dead {
            self.b.ins().jump(after, &[]);
            tail.reached = true;
        }
        self.facts.reset_scope();
        let from_call = region.landing.is_some();
        let entered = self.close_region(&region, compiled::catch_unwind::<L> as *const () as usize);
        self.release_vars([region.code]);
        self.catches.push(tail);
        if entered.is_none() {
            // Nothing raises in the body: the handler is unreachable.
            self.go_dead();
            return None;
        }
        // The landing's facts hold on its path alone.
        self.facts.reset_scope();
        self.all_suspect = true;
        let (t, v) = (self.var(region.value.0), self.var(region.value.1));
        Some((self.push(Repr::Val(t, v)), from_call))
    }

    pub(super) fn lower_end_catch(&mut self, completed: bool) -> bool {
        let Some(mut tail) = self.catches.pop() else { return false };
        if completed && !self.dead {
            self.b.ins().jump(tail.after, &[]);
            tail.reached = true;
        }
        self.close_dead();
        self.facts.pop_scope();
        self.release_vars([tail.value.0, tail.value.1]);
        self.switch(tail.after);
        self.b.seal_block(tail.after);
        if !tail.reached || self.b.is_unreachable() {
            self.dead = true;
            return false;
        }
        true
    }

    pub(super) fn lower_enter_finally(&mut self, index: usize, code: SymVal, payload: SymVal) {
        let (t, v) = self.words(payload);
        let c = self.int(code);
        let Some((value, code_var)) = self.regions.get(index).filter(|r| r.kind == TryKind::Finally).map(|r| (r.value, r.code))
        else {
            self.out.broken.get_or_insert("a finalizer entered that is not being emitted");
            return;
        };
        self.def_var(code_var, c);
        self.def_var(value.0, t);
        self.def_var(value.1, v);
        if let Some(entry) = self.region_entry(index) {
            self.b.ins().jump(entry, &[]);
        }
        self.go_dead();
    }

    pub(super) fn lower_begin_finally(&mut self) -> Option<(SymVal, SymVal, bool)> {
        let region = self.regions.pop()?;
        let from_call = region.landing.is_some();
        let entered = self.close_region(&region, compiled::save_exception::<L> as *const () as usize);
        // The finalizer is reached from anywhere in the body.
        self.facts.pop_scope();
        self.all_suspect = true;
        let words = entered.map(|_| (self.var(region.code), self.var(region.value.0), self.var(region.value.1)));
        self.release_vars([region.code, region.value.0, region.value.1]);
        let Some((code, t, v)) = words else {
            self.go_dead();
            return None;
        };
        Some((self.push(Repr::I64(code)), self.push(Repr::Val(t, v)), from_call))
    }

    pub(super) fn lower_rethrow(&mut self, x: SymVal) {
        let (t, v) = self.words(x);
        // The landing reads the slots back from their cells.
        self.spill();
        let callee = self.iconst(compiled::rethrow as *const () as i64);
        let b = &mut self.b;
        let sig_ref = *self.sigs.throw.get_or_insert_with(|| sig(b, &[types::I64; 2], &[]));
        self.b.ins().call_indirect(sig_ref, callee, &[t, v]);
        let target = self.exception_target();
        self.b.ins().jump(target, &[]);
        self.go_dead();
    }
}
