//! Direct calls between compiled targets: compiled code sets up the callee's activation itself
//! and jumps straight into the callee's code, instead of going through the runtime's call path.
//!
//! The activation is exactly the one the runtime's call path would build (`Runtime::activate`):
//! the arguments go to the value stack above the caller's frame, missing parameters read null,
//! the other locals are cleared, the collector's high-water mark covers the new cells, and a
//! [`porcini::Frame`] is written into a stack slot of the caller's native frame, with its caller
//! link, so stack walks, deoptimization and the collector see it as any other. The layout of that
//! struct comes from [`FrameLayout`]; the value stack's from the runtime.
//!
//! Most of that activation is the same at every call of one callee from one activation of the
//! caller: the callee's cells start where the caller's end, and its `Frame` (in a stack slot of
//! the caller's native frame, one per callee) differs only in what the callee writes itself. So
//! the first call sets it up, after checking that the value stack and the native stack have
//! room, and a variable remembers that it did: later calls from the same activation (the second
//! call of a recursive function, every iteration of a loop after the first) store only the
//! arguments, clear the locals and call. Where lowering sees that the variable is set, or not,
//! the test folds; elsewhere it is one branch. A stack without room never reaches a call: it
//! raises the guest's stack overflow error at once, so wherever the variable is set, the room
//! was there.
//!
//! The callee's entry is read at every call, so a recompiled or invalidated callee is
//! followed. A callee without code has the interpreter's entry there,
//! [`porcini::compiled::interpret`], which runs its tree in the activation set up here, counts
//! the call and compiles the callee when it gets hot; so the call needs no test. Calls of
//! compiled callees are not counted: counters only drive compilation of targets that are still
//! interpreted.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, types};
use cranelift_frontend::Variable;
use porcini::call_target::CallTarget;
use porcini::symbolic::SymVal;
use porcini::{Language, Tag, Value};

use super::{Lowering, VALUE_SIZE};

/// The activation a caller sets up once for one callee (see the module documentation).
#[derive(Clone, Copy)]
pub(super) struct CalleeFrame {
    /// The callee, the argument count and the caller's activation (`None`: the compiled one;
    /// else an inlined frame materialized in that stack slot, see `lower/inlined_frames.rs`),
    /// which fix every field of the activation.
    pub(super) target: usize,
    pub(super) nargs: usize,
    pub(super) parent: Option<ir::StackSlot>,
    /// Where its `Frame` is written.
    pub(super) slot: ir::StackSlot,
    /// Non-zero on paths where the activation is set up. A Cranelift variable reads as zero on
    /// a path that never defined it, which is exactly "not yet".
    pub(super) ready: Variable,
}

impl<L: Language> Lowering<'_, L> {
    /// Calls the guest target `target` with `args`: directly into its code when it has some,
    /// through the runtime otherwise. The result (or the unwinding exit) as for any call.
    pub(super) fn direct_call(&mut self, target: &CallTarget<L>, args: &[SymVal]) -> SymVal {
        let i64t = types::I64;
        let flags = MemFlagsData::trusted();
        self.spill();
        self.facts.forget_shapes();
        let words: Vec<(ir::Value, ir::Value)> = args.iter().map(|&a| self.words(a)).collect();
        let target_v = self.iconst(target as *const CallTarget<L> as i64);
        let nargs = args.len();
        let (caller, parent) = match self.calling {
            Some((frame, slot)) => (Some(frame), Some(slot)),
            None => (None, None),
        };
        let callee = self.callee_frame(target, nargs, parent);
        let region = self.activation(target, target_v, &callee, caller);

        // The arguments, and the locals cleared, as `Runtime::activate` binds them.
        let (size, params) = (target.frame_size(), target.params());
        let (empty, zero) = (self.tag(Tag::Empty), self.iconst(0));
        let absent = match L::ABSENT.bits() {
            0 => (self.tag(L::ABSENT.tag()), zero),
            _ => self.absent(),
        };
        for i in 0..nargs.max(size).max(params) {
            let (t, v) = match words.get(i) {
                // Locals are cleared, surplus arguments among them included.
                _ if i >= params && i < size => (empty, zero),
                Some(&w) => w,
                None if i < params => absent,
                None => continue,
            };
            let off = i as i32 * VALUE_SIZE;
            self.b.ins().store(flags, t, region, off + Value::TAG_OFFSET);
            self.b.ins().store(flags, v, region, off + Value::PAYLOAD_OFFSET);
        }

        // The callee's code, or the interpreter's entry while it has none: never null.
        let cell = self.iconst(target.call_entry_cell() as i64);
        let entry = self.b.ins().load(i64t, flags, cell, 0);
        let nargs_v = self.iconst(nargs as i64);
        let callee_frame = self.b.ins().stack_addr(i64t, callee.slot, 0);
        let call = self.b.ins().call_indirect(self.sigs.call, entry, &[callee_frame, region, nargs_v, region]);
        let r = self.b.inst_results(call).to_vec();
        let x = self.unwind_unless_value(r[0], r[1]);
        // The callee may have stored into any object.
        self.reload_promoted();
        x
    }

    /// Where the cells of `callee`'s activation start, called from the activation at `caller`
    /// (`None`: this one, whose `Frame` is only looked up where the activation is set up, off
    /// the common path): known when set up here, else in its `Frame`, which costs a load
    /// rather than a register kept across calls.
    pub(super) fn activation(&mut self, target: &CallTarget<L>, target_v: ir::Value, callee: &CalleeFrame, caller: Option<ir::Value>) -> ir::Value {
        let i64t = types::I64;
        let ready = self.var(callee.ready);
        match self.const_of(ready) {
            Some(0) => self.set_up(target, target_v, callee, caller),
            known => {
                if known.is_none() {
                    let (set_up, go) = (self.b.create_block(), self.b.create_block());
                    self.b.ins().brif(ready, go, &[], set_up, &[]);
                    self.switch(set_up);
                    self.b.seal_block(set_up);
                    self.set_up(target, target_v, callee, caller);
                    self.b.ins().jump(go, &[]);
                    self.switch(go);
                    self.b.seal_block(go);
                }
                self.b.ins().stack_load(i64t, i64t, callee.slot, self.frame_layout.args_ptr)
            }
        }
    }

    /// Sets up the activation of `callee`, called from the activation at `frame`, in the current
    /// block and answers where its cells start: checks that both stacks have room (the value stack for the callee's cells, the
    /// native stack for its tree, against the limit the runtime keeps per target) and raises the
    /// stack overflow error if not; raises the collector's high-water mark over the callee's
    /// cells; writes the `Frame`.
    fn set_up(&mut self, target: &CallTarget<L>, target_v: ir::Value, callee: &CalleeFrame, frame: Option<ir::Value>) -> ir::Value {
        let frame = frame.unwrap_or_else(|| self.own_frame());
        let i64t = types::I64;
        let flags = MemFlagsData::trusted();
        let layout = self.frame_layout;
        let (cells, capacity, high_water) = self.value_stack;
        let size = target.frame_size();
        let need = callee.nargs.max(size);
        let base = self.b.ins().load(i64t, flags, frame, layout.sp);
        let end = self.b.ins().iadd_imm_u(base, need as i64);
        // Cells below the high-water mark exist (it never exceeds the stack) and are scanned by
        // the collector already: below it, one compare covers both, and the common call, as
        // deep as an earlier one, neither checks the capacity nor raises the mark.
        let mark = self.iconst(high_water as i64);
        let old = self.b.ins().load(i64t, flags, mark, 0);
        let below = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, old);
        let (native, fits, grow, raise) =
            (self.b.create_block(), self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(grow);
        self.b.set_cold_block(raise);
        // No room: the shared block that raises the error (see `Lowering::finish`), or the
        // innermost `try` region's (see `lower/try_region.rs`).
        let overflow = self.overflow_block();
        // Two branches rather than one on both conditions: each compare fuses with its branch.
        self.b.ins().brif(below, native, &[], grow, &[]);
        self.switch(native);
        self.b.seal_block(native);
        let deep_enough = self.native_room(target);
        self.b.ins().brif(deep_enough, fits, &[], grow, &[]);

        // Above the mark, or too deep: the full check, then the mark raised over the cells.
        self.switch(grow);
        self.b.seal_block(grow);
        let room = match capacity.checked_sub(need) {
            Some(last) => self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, base, last as i64),
            None => self.fails,
        };
        // Asked again: the first answer is not available on the path from the mark's check.
        let deep_enough = self.native_room(target);
        let ok = self.b.ins().band(room, deep_enough);
        self.b.ins().brif(ok, raise, &[], overflow, &[]);
        self.switch(raise);
        self.b.seal_block(raise);
        let higher = self.b.ins().umax(old, end);
        self.b.ins().store(flags, higher, mark, 0);
        self.b.ins().jump(fits, &[]);

        self.switch(fits);
        self.b.seal_block(fits);
        let offset = self.b.ins().ishl_imm_u(base, i64::from(VALUE_SIZE.trailing_zeros()));
        let cells = self.iconst(cells as i64);
        let region = self.b.ins().iadd(cells, offset);

        let rt = self.b.ins().load(i64t, flags, frame, layout.rt);
        let (nargs_v, size_v) = (self.iconst(callee.nargs as i64), self.iconst(size as i64));
        let (null, zero) = (self.tag(Tag::Null), self.iconst(0));
        for (field, value) in [
            (layout.rt, rt),
            (layout.args_ptr, region),
            (layout.args_len, nargs_v),
            (layout.slots_ptr, region),
            (layout.slots_len, size_v),
            (layout.sp, end),
            (layout.target, target_v),
            (layout.caller, frame),
            (layout.ret + Value::TAG_OFFSET, null),
            (layout.ret + Value::PAYLOAD_OFFSET, zero),
        ] {
            self.b.ins().stack_store(types::I64, value, callee.slot, field);
        }
        self.def_var(callee.ready, self.holds);
        region
    }

    /// The activation's own `Frame`. Where the path has set up a callee's activation, the
    /// address is read back from that activation's caller link: a value that lives across a
    /// call takes a callee-saved register, which every activation of this code then saves and
    /// restores, leaves included, while after the first call the frame is needed mostly on
    /// cold paths (exits, calls through the runtime).
    pub(super) fn own_frame(&mut self) -> ir::Value {
        // Only activations called from this one link back to it.
        for c in self.callee_frames.clone().into_iter().filter(|c| c.parent.is_none()) {
            let ready = self.var(c.ready);
            if self.const_of(ready) == Some(1) {
                return self.b.ins().stack_load(types::I64, types::I64, c.slot, self.frame_layout.caller);
            }
        }
        self.frame
    }

    /// Whether the native stack has room for the tree of `target` here: the stack pointer
    /// against the limit the runtime keeps for it.
    fn native_room(&mut self, target: &CallTarget<L>) -> ir::Value {
        let limit_cell = self.iconst(target.native_limit_cell() as i64);
        let limit = self.b.ins().load(types::I64, MemFlagsData::trusted(), limit_cell, 0);
        let native = self.b.ins().get_stack_pointer(types::I64);
        self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, native, limit)
    }

    /// The activation set up for calls of `target` with `nargs` arguments from the activation
    /// `parent` (see [`CalleeFrame`]), made at the first.
    pub(super) fn callee_frame(&mut self, target: &CallTarget<L>, nargs: usize, parent: Option<ir::StackSlot>) -> CalleeFrame {
        let key = target as *const CallTarget<L> as usize;
        if let Some(c) = self.callee_frames.iter().find(|c| c.target == key && c.nargs == nargs && c.parent == parent) {
            return *c;
        }
        let layout = self.frame_layout;
        let align = layout.align.max(8).trailing_zeros() as u8;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, layout.size, align));
        let ready = self.b.declare_var(types::I8);
        let c = CalleeFrame { target: key, nargs, parent, slot, ready };
        self.callee_frames.push(c);
        c
    }
}
