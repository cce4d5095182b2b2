//! Objects compiled code makes in place (porcini-jit's `lower/alloc.rs`): they are real heap
//! objects, counted by the collection trigger and the statistics, and collections that happen
//! between them keep the live ones and reuse the cells of the dead ones.

use std::rc::Rc;

use porcini::{EngineOptions, Host};
use porcini_jit::Jit;
use porcini_tools::trace::SharedBuffer;

/// Runs an EasyScript program (compiled in the foreground when `jit`); its output, and the
/// objects and bytes allocated and the collections run, from the heap's counters at the end.
fn run_es(program: &str, jit: bool) -> (String, (u64, u64, u64)) {
    let out = SharedBuffer::new();
    let options = EngineOptions { background_compilation: false, single_tier_compilation_threshold: 20, ..EngineOptions::default() };
    let engine = lang_es::EsEngine::new(options, Host::new(Box::new(out.clone())));
    if jit {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    engine.run(program, "test.js").expect("the program runs");
    let stats = engine.runtime().heap.stats();
    (out.contents(), (stats.allocated_objects_total, stats.allocated_bytes_total, stats.collections))
}

#[test]
fn objects_made_in_place_survive_collections_and_are_counted() {
    // Each round builds a list of 100,000 nodes, made in place by `push` once it is compiled,
    // and checks it; the rounds' lists are garbage by the next one. Far more than the room
    // between two collections is made, so the collector runs in the middle of the in-place
    // allocations: a node it failed to see would read back wrong (its cell reused).
    let program = "
        class Node { constructor(v, next) { this.v = v; this.next = next; } }
        function push(list, v) { return new Node(v, list); }
        function sum(list) { let s = 0; while (list !== null) { s += list.v; list = list.next; } return s; }
        let total = 0;
        for (let r = 0; r < 12; r++) {
          let list = null;
          for (let i = 0; i < 100000; i++) list = push(list, i + r);
          total += sum(list);
        }
        console.log(total);";
    let (compiled, (objects, bytes, collections)) = run_es(program, true);
    let (interpreted, (interpreted_objects, interpreted_bytes, _)) = run_es(program, false);
    assert_eq!(compiled, interpreted);
    assert_eq!(compiled, "60006000000\n");
    // The in-place allocations are counted as the runtime's are: the same objects and bytes
    // as the interpreter's run. (The collections differ: what is live when each runs does.)
    assert!(objects >= 1_200_000, "{objects} objects");
    assert_eq!((objects, bytes), (interpreted_objects, interpreted_bytes));
    assert!(collections >= 3, "{collections} collections");
}
