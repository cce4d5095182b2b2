//! Records compiled: reading and writing a record's slots and following its parent link, the
//! loads compiled code does for a closure's captured variables.
//!
//! The function reads a slot of a record or of its parent, writes one, and returns what it
//! read; it runs interpreted and compiled on the same records, and the results and the
//! records' contents afterwards must agree (including a slot past the record's end, which
//! reads as the empty value and is never written).

use std::rc::Rc;

use porcini::object::DynObject;
use porcini::record::{INLINE_SLOTS, Record};
use porcini::{EngineOptions, Runtime, Stage, Unwind, Value};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

use crate::mini::{Function, Mini, Node, mini_node};

/// Reads slot `slot` of argument 0's record `hops` links out, after writing argument 1 to
/// slot `write` of argument 0's record itself.
struct Access {
    hops: u32,
    slot: u32,
    write: u32,
}
impl Access {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (rec, v) = (s.read_arg(0), s.read_arg(1));
        s.record_set(rec, self.write, v);
        let mut at = rec;
        for _ in 0..self.hops {
            at = s.record_parent(at);
        }
        Ok(s.record_get(at, self.slot))
    }
}
mini_node!(Access, "Access", |_t| Vec::new());

/// What the function returns and what the inner record holds afterwards, for each access,
/// interpreted or compiled.
fn run(compile: bool, accesses: &[Access]) -> Vec<(Value, Vec<Value>)> {
    let options = EngineOptions {
        compilation: compile,
        compile_immediately: true,
        background_compilation: false,
        verify_ir: true,
        trace_compilation: true,
        ..EngineOptions::default()
    };
    let rt = Runtime::<Mini>::new(options, Default::default());
    let log = SharedBuffer::new();
    rt.set_trace_sink(TraceSink::new(Box::new(log.clone())));
    if compile {
        rt.set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    let mut out = Vec::new();
    for (n, a) in accesses.iter().enumerate() {
        let body: Vec<Node> = vec![Box::new(porcini::control::ReturnNode::new(Some(Box::new(Access { ..*a }))))];
        let target = rt.create_call_target(Box::new(Function::new("access", 2, 2, body)));
        let outer = Record::new_in(&rt, 2, Value::from_i64(100), Value::NULL);
        // Seven slots: four inside the record object and three spilled past them.
        let inner = Record::new_in(&rt, 7, Value::from_i64(n as i64), Value::from_record(outer));
        let v = rt.call_entry(&target, &[Value::from_record(inner), Value::from_i64(-1)]).unwrap_or_else(|u| panic!("{}", u.take_error()));
        out.push((v, (0..8).map(|i| inner.get(i)).collect()));
    }
    if compile {
        let trace = log.contents();
        assert_eq!(trace.lines().filter(|l| l.contains("opt done")).count(), accesses.len(), "{trace}");
        assert!(!trace.contains("opt deopt"), "{trace}");
    }
    out
}

#[test]
fn slots_and_parents_read_and_written_alike() {
    let accesses = [
        Access { hops: 0, slot: 0, write: 0 },
        Access { hops: 0, slot: 2, write: 1 },
        Access { hops: 1, slot: 1, write: 2 },
        // Spilled slots, across the inline ones' end.
        Access { hops: 0, slot: 5, write: 3 },
        Access { hops: 0, slot: 6, write: 6 },
        Access { hops: 0, slot: 3, write: 4 },
        // Out of range: reads the empty value, and the write is dropped.
        Access { hops: 0, slot: 12, write: 9 },
        Access { hops: 1, slot: 2, write: 3 },
    ];
    let (interpreted, compiled) = (run(false, &accesses), run(true, &accesses));
    assert_eq!(format!("{interpreted:?}"), format!("{compiled:?}"));
    // The values themselves: the write of -1 lands before the read of the same slot.
    assert_eq!(compiled[0].0.as_i64(), Some(-1));
    assert_eq!(compiled[2].0.as_i64(), Some(100));
    assert_eq!(compiled[3].0.as_i64(), Some(3));
    assert_eq!(compiled[4].0.as_i64(), Some(-1));
    assert_eq!(compiled[5].0.as_i64(), Some(5));
    assert_eq!(compiled[5].1[4].as_i64(), Some(-1));
    assert!(compiled[6].0.is_empty());
    assert!(compiled[6].1[7].is_empty());
}

/// Records of every size read and write their slots alike, inline or spilled, and a copy holds
/// the same values; under GC stress (a collection at every allocation), so a spilled slot's
/// object survives the collections that making the buffers and the copy start.
#[test]
fn slots_inline_and_spilled_read_and_write_alike() {
    let rt = Runtime::<Mini>::new(EngineOptions { gc_stress: true, ..EngineOptions::default() }, Default::default());
    for size in [0, 1, INLINE_SLOTS, INLINE_SLOTS + 1, 9, 40] {
        let r = Record::new_in(&rt, size, Value::from_i64(7), Value::NULL);
        assert_eq!(r.len(), size);
        for i in 0..size {
            assert_eq!(r.get(i).as_i64(), Some(7), "size {size} slot {i}");
            // Each slot holds an object only the record refers to.
            r.set(i, Value::from_object(rt.alloc(DynObject::new())));
            r.get(i).as_object().expect("an object").set_internal(Value::from_i64(i as i64));
        }
        // Past the end: reads are empty and writes are dropped, also inside the inline array.
        r.set(size, Value::from_i64(-1));
        assert!(r.get(size).is_empty());
        let copy = Record::copy_in(&rt, &r);
        assert_eq!(copy.len(), size);
        assert!((0..size + 1).all(|i| copy.get(i).same(r.get(i))));
        rt.collect_garbage();
        for i in 0..size {
            assert_eq!(copy.get(i).as_object().expect("an object").internal().as_i64(), Some(i as i64), "size {size} slot {i}");
        }
    }
}
