//! Boundary calls and the slots of their frame: compiled code keeps its locals in registers
//! across a boundary that is not declared to touch its frame, and reads them back after one
//! that is. A boundary that writes its frame without saying so is caught under
//! `--engine.VerifyIR` (which the test harness turns on) instead of losing the write.

use porcini::{Frame, SlotId, Stage, Unwind, Value};

use crate::control_flow::{check, run};
use crate::mini::{Function, Mini, add, get, int, mini_node, print, set};

/// Writes `value` into slot `slot` of the frame it is given, from a boundary declared to touch
/// the frame (`touching`) or not.
struct Poke {
    slot: u32,
    value: i64,
    touching: bool,
}
impl Poke {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if self.touching {
            s.call_frame_boundary("poke", self, Poke::poke, &[])
        } else {
            s.call_boundary("poke", self, Poke::poke, &[])
        }
    }
    fn poke(&self, f: &mut Frame<'_, Mini>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        f.set_slot(SlotId(self.slot), Value::from_i64(self.value));
        Ok(<Mini as porcini::Language>::ABSENT)
    }
}
mini_node!(Poke, "Poke", |_t| Vec::new());

fn poking(touching: bool) -> Function {
    Function::new(
        "main",
        0,
        1,
        vec![set(0, int(1)), print(get(0)), Box::new(Poke { slot: 0, value: 5, touching }), print(get(0)), set(0, add(get(0), int(1))), print(get(0))],
    )
}

#[test]
fn a_boundary_declared_to_touch_its_frame_has_its_writes_read_back() {
    check(|| poking(true), None, "1\n5\n6\nreturned absent");
}

#[test]
fn a_boundary_writing_its_frame_undeclared_is_caught_under_verification() {
    // The interpreter has no registers to go stale: the write is seen.
    let (interpreted, _) = run(|| poking(false), None, false, false);
    assert_eq!(interpreted[..4], ["1", "5", "6", "returned absent"]);
    // Compiled code would go on with 1; the check stops it with an internal error instead.
    let (compiled, trace) = run(|| poking(false), None, true, false);
    assert_eq!(compiled[..2], ["1", "error internal error: a boundary call not declared to touch its frame changed slot 0"], "{trace}");
}
