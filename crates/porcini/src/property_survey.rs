//! Which object properties a loop reads and writes through which of its frame's slots: the
//! candidates a compiler has for keeping a property of a loop-invariant object in a register
//! across the loop's iterations (Graal's read elimination carried around a loop).
//!
//! A loop that increments `obj.count` loads the property and stores it back on every iteration,
//! and each load waits for the previous iteration's store to reach memory. When the object is held
//! in a slot the loop never writes, the value the last iteration stored is the value the next one
//! loads, unless something else wrote the property in between. The survey lists the properties
//! reached through reads of the loop's own slots; whether anything else may write one is the
//! compiler's to handle where it emits that something (it loads the property again after it). A
//! survey that saw a store at an index computed at run time, or an added property, lists nothing:
//! after each of those everything would have to be loaded again.

use std::collections::HashMap;

use crate::frame::SlotId;

/// What a survey saw of property accesses, as the recording emitter reports them.
#[derive(Default, Debug)]
pub struct PropertySurvey {
    /// The slot each recorded value was read from, for reads of the loop's own frame.
    slot_reads: HashMap<u32, SlotId>,
    /// `(slot, index)` accessed through a value read from the slot, in the order first seen.
    accessed: Vec<(SlotId, u32)>,
    /// A store at an index known only at run time, or an added property, was seen.
    unknown_store: bool,
}

impl PropertySurvey {
    /// Notes that the value numbered `value` is a read of `slot` of the loop's own frame.
    pub(crate) fn slot_read(&mut self, value: u32, slot: SlotId) {
        self.slot_reads.insert(value, slot);
    }
    /// Notes a load of, or a store into, property `index` of the object numbered `receiver`.
    pub(crate) fn access(&mut self, receiver: u32, index: u32) {
        if let Some(&slot) = self.slot_reads.get(&receiver)
            && !self.accessed.contains(&(slot, index))
        {
            self.accessed.push((slot, index));
        }
    }
    /// Notes a store the survey cannot place: at a computed index, or adding a property.
    pub(crate) fn unknown_store(&mut self) {
        self.unknown_store = true;
    }
    /// The properties, as `(slot, index)`, that the loop loads or stores through a read of
    /// that slot of its own frame.
    pub fn slot_properties(&self) -> &[(SlotId, u32)] {
        if self.unknown_store { &[] } else { &self.accessed }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(ops: &[(&str, u32, u32)], expect: &[(u32, u32)]) {
        let mut s = PropertySurvey::default();
        for &(op, a, b) in ops {
            match op {
                "read" => s.slot_read(a, SlotId(b)),
                "access" => s.access(a, b),
                "unknown" => s.unknown_store(),
                _ => unreachable!("no such op {op}"),
            }
        }
        let got: Vec<(u32, u32)> = s.slot_properties().iter().map(|&(slot, i)| (slot.0, i)).collect();
        assert_eq!(got, expect, "{ops:?}");
    }

    #[test]
    fn properties_reached_through_slots_of_the_loops_frame() {
        // v1 = read_slot 0; load v1.0; store v1.0; store v1.2
        check(&[("read", 1, 0), ("access", 1, 0), ("access", 1, 0), ("access", 1, 2)], &[(0, 0), (0, 2)]);
        // v2 is not a slot read (a property, an argument, a callee's local).
        check(&[("read", 1, 0), ("access", 2, 0), ("access", 2, 1), ("access", 1, 3)], &[(0, 3)]);
    }

    #[test]
    fn a_store_the_survey_cannot_place_rules_out_everything() {
        check(&[("read", 1, 0), ("access", 1, 0), ("unknown", 0, 0)], &[]);
    }
}
