//! Objects made in place: the heap's allocation fast path written out in compiled code.
//!
//! An empty object of a known root shape (what `new` makes before its constructor runs) is a
//! free-list pop or a bump of the object's size class, its allocation bit, the two counters of
//! the collection trigger, and the object's words; this emits exactly the sequence
//! `porcini_gc::InlineAlloc` documents, with no call, so the collector cannot run while the
//! cell is allocated but not yet an object. When the room before the next collection is used
//! up, or the class has no free cell and no bump room, a cold path calls the node's boundary,
//! which makes the object through the heap (one object in hundreds). Under `gc_stress` the
//! heap offers no fast path, so every object is made by the boundary, which collects first.
//! An allocation escape analysis keeps virtual is not made here at all; where it escapes, the
//! same fast path makes it with its shape and slots at once (`lower/virtual_object.rs`).
//!
//! A short array of holes (`new Array(n)` for `n` up to `buffer::IN_PLACE_MAX`) is three
//! cells made the same way, one after another: the buffer, of the slab the runtime would pick,
//! filled with the empty value; the elements holding it; the object whose internal value they
//! are. Each is a complete object before the next fast path can fail, so where one does, the
//! boundary makes the whole array and the cells already made are garbage. A tree of small
//! arrays (AWFY's Storage) spent most of its time in the runtime's three allocations before.

use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, condcodes::IntCC, types};
use porcini::compiled::BoundarySite;
use porcini::emitter::Emitter;
use porcini::shape::ShapeId;
use porcini::symbolic::SymVal;
use porcini::{InlineAlloc, Language, Tag};

use super::{Lowering, Repr};

impl<L: Language> Lowering<'_, L> {
    /// An empty object of shape `to`, made in place, or by the boundary `site` when the heap
    /// must be called (always where the heap has no fast path for objects).
    pub(super) fn alloc_object_in_place(&mut self, name: &'static str, to: ShapeId, site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        if let Some(x) = self.alloc_virtual(to, site.node_addr()) {
            return x;
        }
        if self.inline_alloc.is_none() || self.dead {
            return self.call_boundary(name, site, args);
        }
        // Inside a `try` region, the slow path's call makes the objects the slots hold (see
        // `spill`); they are made before the paths split, where they dominate what follows.
        if !self.regions.is_empty() {
            self.escape_slots();
        }
        let object = self.alloc_cell(to, |_, _| {}, |s| s.made_by_boundary(name, site, args));
        let tag = self.tag(Tag::Object);
        self.push(Repr::Val(tag, object))
    }

    /// An object cell of the root shape `to` allocated in place, its words written and then
    /// `fill`ed; when the heap must be called, `slow` makes the whole object instead (`None`:
    /// its path does not continue). The object's payload word.
    pub(super) fn alloc_cell(
        &mut self,
        to: ShapeId,
        fill: impl FnOnce(&mut Self, ir::Value),
        slow: impl FnOnce(&mut Self) -> Option<ir::Value>,
    ) -> ir::Value {
        let Some(a) = self.inline_alloc else { return self.zero };
        let (failed, done) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(failed);
        // The boundary makes an object too, so the result's tag is known on both paths.
        let object = self.b.append_block_param(done, types::I64);
        let cell = self.alloc_raw(a, failed);
        self.write_empty_object(cell, to);
        fill(self, cell);
        self.b.ins().jump(done, &[cell.into()]);
        self.slow_path(failed, done, slow);
        object
    }

    /// An object of the root shape `to` whose internal value is new elements holding `len`
    /// holes (`Stage::alloc_elements_object`): the buffer, the elements and the object are
    /// three cells allocated in place, in that order, when `len` is an integer from 1 to the
    /// largest slab's capacity. Otherwise, and when any of the three must call the heap, the
    /// boundary `site` makes the whole object; the cells already made are then garbage, each
    /// a complete object (nothing can collect while one is half written).
    pub(super) fn alloc_elements_object_in_place(
        &mut self,
        name: &'static str,
        to: ShapeId,
        len: SymVal,
        site: BoundarySite<L>,
        args: &[SymVal],
    ) -> SymVal {
        let (Some(object_alloc), Some((elements_alloc, slabs)), false) = (self.inline_alloc, self.elements_alloc.clone(), self.dead) else {
            return self.call_boundary(name, site, args);
        };
        let largest = slabs.last().map_or(0, |s| s.capacity) as i64;
        let (tag, n) = self.words(len);
        let known_int = match self.known_tag(tag) {
            Some(k) => Some(k == Tag::Int as usize),
            None => self.facts.tag_is(tag, Tag::Int),
        };
        let known_n = self.const_of(n).filter(|_| known_int == Some(true));
        if known_int == Some(false) || known_n.is_some_and(|k| !(1..=largest).contains(&k)) {
            return self.call_boundary(name, site, args);
        }
        if !self.regions.is_empty() {
            self.escape_slots();
        }
        let (failed, done) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(failed);
        let object = self.b.append_block_param(done, types::I64);

        // Is the length an integer from 1 to the largest slab's capacity?
        if known_int != Some(true) {
            let is_int = self.b.ins().icmp_imm_s(IntCC::Equal, tag, Tag::Int as i64);
            self.branch_or(is_int, failed);
        }
        if known_n.is_none() {
            let below = self.b.ins().iadd_imm_s(n, -1);
            let fits = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, below, largest);
            self.branch_or(fits, failed);
        }

        // The buffer: the smallest slab with room, as the runtime picks it. Its room holds the
        // empty value (`ValueBuffer::with_room`). For a length known when compiling, one slab's
        // stores follow its allocation; otherwise one chain of stores, value `j` in block
        // `fill[j]`, which a slab of capacity `c` enters at `fill[c - 1]`, so that the code has
        // the stores of the largest slab once rather than those of every slab.
        let picked: Vec<_> = match known_n {
            Some(k) => slabs.iter().filter(|s| s.capacity as i64 >= k).take(1).copied().collect(),
            None => slabs.clone(),
        };
        let empty = self.tag(Tag::Empty);
        let room = if picked.len() > 1 { picked.last().map_or(0, |s| s.capacity) } else { 0 };
        let fill: Vec<ir::Block> = (0..room).map(|_| self.b.create_block()).collect();
        for &blk in &fill {
            for _ in 0..3 {
                self.b.append_block_param(blk, types::I64);
            }
        }
        let filled = self.b.create_block();
        let (base, cap, buffer) = (
            self.b.append_block_param(filled, types::I64),
            self.b.append_block_param(filled, types::I64),
            self.b.append_block_param(filled, types::I64),
        );
        for (i, slab) in picked.iter().enumerate() {
            let next = (i + 1 < picked.len()).then(|| {
                let (this, next) = (self.b.create_block(), self.b.create_block());
                let fits = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, n, slab.capacity as i64);
                self.b.ins().brif(fits, this, &[], next, &[]);
                self.switch(this);
                self.b.seal_block(this);
                next
            });
            let cell = self.alloc_raw(slab.alloc, failed);
            let first = self.b.ins().iadd_imm_s(cell, i64::from(slab.first));
            let capacity = self.iconst(slab.capacity as i64);
            let to = match fill.get(slab.capacity.wrapping_sub(1)) {
                Some(&chain) => chain,
                None => {
                    for j in 0..slab.capacity as i32 {
                        let at = slab.first + j * size_of::<porcini::Value>() as i32;
                        self.b.ins().store(MemFlagsData::trusted(), empty, cell, at + porcini::Value::TAG_OFFSET);
                        self.b.ins().store(MemFlagsData::trusted(), self.zero, cell, at + porcini::Value::PAYLOAD_OFFSET);
                    }
                    filled
                }
            };
            self.b.ins().jump(to, &[first.into(), capacity.into(), cell.into()]);
            if let Some(next) = next {
                self.switch(next);
                self.b.seal_block(next);
            }
        }
        for j in (0..room).rev() {
            self.switch(fill[j]);
            self.b.seal_block(fill[j]);
            let params = self.b.block_params(fill[j]).to_vec();
            let at = (j * size_of::<porcini::Value>()) as i32;
            self.b.ins().store(MemFlagsData::trusted(), empty, params[0], at + porcini::Value::TAG_OFFSET);
            self.b.ins().store(MemFlagsData::trusted(), self.zero, params[0], at + porcini::Value::PAYLOAD_OFFSET);
            let to = if j == 0 { filled } else { fill[j - 1] };
            let args: Vec<_> = params.iter().map(|&v| v.into()).collect();
            self.b.ins().jump(to, &args);
        }
        self.switch(filled);
        self.b.seal_block(filled);

        // The elements, holding the buffer.
        let flags = MemFlagsData::trusted();
        let elements = self.alloc_raw(elements_alloc, failed);
        let layout = self.elements;
        self.b.ins().store(flags, base, elements, layout.base);
        self.b.ins().store(flags, cap, elements, layout.capacity);
        self.b.ins().store(flags, buffer, elements, layout.buffer);
        self.b.ins().store(flags, n, elements, layout.len);
        let not_lent = self.b.ins().iconst(types::I8, 0);
        self.b.ins().store(flags, not_lent, elements, layout.lent);

        // The object, whose internal value they are.
        let cell = self.alloc_raw(object_alloc, failed);
        self.write_empty_object(cell, to);
        let tag = self.tag(Tag::Elements);
        self.b.ins().store(flags, tag, cell, self.object.internal + porcini::Value::TAG_OFFSET);
        self.b.ins().store(flags, elements, cell, self.object.internal + porcini::Value::PAYLOAD_OFFSET);
        self.b.ins().jump(done, &[cell.into()]);

        self.slow_path(failed, done, |s| s.made_by_boundary(name, site, args));
        let tag = self.tag(Tag::Object);
        self.push(Repr::Val(tag, object))
    }

    /// The object the boundary `site` makes on the slow path of an allocation in place, or
    /// `None` where that path does not continue.
    fn made_by_boundary(&mut self, name: &'static str, site: BoundarySite<L>, args: &[SymVal]) -> Option<ir::Value> {
        // The call writes slots back to their cells on this path only: what it teaches the
        // facts about the cells must not reach the join, where the fast path arrives with the
        // cells as they were (a later write-back would be skipped there). The scope makes a
        // cell the call stored into unknown after the join.
        self.facts.push_scope();
        let slow = self.call_boundary(name, site, args);
        let made = (!self.dead).then(|| self.words(slow).1);
        self.facts.pop_scope();
        made
    }

    /// Continues where `holds`, else at `failed` (which the caller seals).
    fn branch_or(&mut self, holds: ir::Value, failed: ir::Block) {
        let next = self.b.create_block();
        self.b.ins().brif(holds, next, &[], failed, &[]);
        self.switch(next);
        self.b.seal_block(next);
    }

    /// The cold block `failed`, where `slow` makes the object by calling the heap, and then the
    /// join `done`, which the fast path reached with its cell.
    fn slow_path(&mut self, failed: ir::Block, done: ir::Block, slow: impl FnOnce(&mut Self) -> Option<ir::Value>) {
        self.switch(failed);
        self.b.seal_block(failed);
        self.escape.in_arm += 1;
        let made = slow(self);
        self.escape.in_arm -= 1;
        if let Some(v) = made {
            self.b.ins().jump(done, &[v.into()]);
        }
        self.switch(done);
        self.b.seal_block(done);
    }

    /// The words of an empty object of the root shape `to` in the new cell `cell`.
    fn write_empty_object(&mut self, cell: ir::Value, to: ShapeId) {
        let flags = MemFlagsData::trusted();
        let shape = self.b.ins().iconst(types::I32, i64::from(to.0));
        self.b.ins().store(flags, shape, cell, self.object.shape);
        let no_slots = self.b.ins().iconst(types::I32, 0);
        self.b.ins().store(flags, no_slots, cell, self.object.len);
        for i in 0..self.empty_object.len() {
            let (offset, word) = self.empty_object[i];
            let w = if word == 0 { self.zero } else { self.iconst(word as i64) };
            self.b.ins().store(flags, w, cell, offset);
        }
    }

    /// A cell of the class `a` describes, allocated in place: the heap's fast path, which
    /// jumps to `failed` when the heap must be called, and otherwise continues with the cell's
    /// allocation bit, the collection counters and its box's vtable written. The cell's
    /// address; the object's words are the caller's to write, with no call before they are.
    fn alloc_raw(&mut self, a: InlineAlloc, failed: ir::Block) -> ir::Value {
        let flags = MemFlagsData::trusted();
        let footprint = a.footprint as i64;
        let (take_free, pop, try_bump, bump, made) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let cell = self.b.append_block_param(made, types::I64);

        // The collection trigger: is there room for one more object?
        let since_at = self.iconst(a.allocated_since as i64);
        let since = self.b.ins().load(types::I64, flags, since_at, 0);
        let after = self.b.ins().iadd_imm_u(since, footprint);
        let threshold_at = self.iconst(a.threshold as i64);
        let threshold = self.b.ins().load(types::I64, flags, threshold_at, 0);
        let room = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, after, threshold);
        self.b.ins().brif(room, take_free, &[], failed, &[]);

        // The free list first, as the heap takes it.
        self.switch(take_free);
        self.b.seal_block(take_free);
        let free_at = self.iconst(a.free as i64);
        let free = self.b.ins().load(types::I64, flags, free_at, 0);
        self.b.ins().brif(free, pop, &[], try_bump, &[]);
        self.switch(pop);
        self.b.seal_block(pop);
        let next = self.b.ins().load(types::I64, flags, free, 0);
        self.b.ins().store(flags, next, free_at, 0);
        self.b.ins().jump(made, &[free.into()]);

        // Then the bump range.
        self.switch(try_bump);
        self.b.seal_block(try_bump);
        let (bump_at, end_at) = (self.iconst(a.bump as i64), self.iconst(a.bump_end as i64));
        let current = self.b.ins().load(types::I64, flags, bump_at, 0);
        let end = self.b.ins().load(types::I64, flags, end_at, 0);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThan, current, end);
        self.b.ins().brif(fits, bump, &[], failed, &[]);
        self.switch(bump);
        self.b.seal_block(bump);
        let bumped = self.b.ins().iadd_imm_u(current, footprint);
        self.b.ins().store(flags, bumped, bump_at, 0);
        self.b.ins().jump(made, &[current.into()]);

        self.switch(made);
        self.b.seal_block(made);
        // The allocation bit of the cell's granule, in its block's header.
        let block = self.b.ins().band_imm_s(cell, !(a.block_mask as i64));
        let within = self.b.ins().band_imm_u(cell, a.block_mask as i64);
        let granule = self.b.ins().ushr_imm_u(within, i64::from(a.granule_shift));
        let word = self.b.ins().ushr_imm_u(granule, 6);
        let word = self.b.ins().ishl_imm_u(word, 3);
        let word_at = self.b.ins().iadd(block, word);
        let bits = self.b.ins().load(types::I64, flags, word_at, a.alloc_bits as i32);
        let one = self.iconst(1);
        // A shift by the granule number takes it modulo 64: its bit within the word.
        let bit = self.b.ins().ishl(one, granule);
        let bits = self.b.ins().bor(bits, bit);
        self.b.ins().store(flags, bits, word_at, a.alloc_bits as i32);
        // The counters.
        self.b.ins().store(flags, after, since_at, 0);
        let objects_at = self.iconst(a.objects_since as i64);
        let objects = self.b.ins().load(types::I64, flags, objects_at, 0);
        let objects = self.b.ins().iadd_imm_u(objects, 1);
        self.b.ins().store(flags, objects, objects_at, 0);
        // The box's vtable: the object's words follow.
        let vtable = self.iconst(a.vtable as i64);
        self.b.ins().store(flags, vtable, cell, 0);
        cell
    }
}
