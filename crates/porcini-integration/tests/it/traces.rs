//! The `--engine.TraceCompilation` and `--engine.TraceTransferToInterpreter` lines, as snapshots.
//! Times, addresses and timestamps vary from run to run, so they are masked; every other column
//! (widths, padding, field order) is compared exactly.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// The trace of `program`, with the varying fields masked.
fn trace(program: &str, options: EngineOptions) -> String {
    let log = SharedBuffer::new();
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    engine.run(program, "test.sl").expect("the program runs");
    log.contents().lines().map(mask).collect::<Vec<_>>().join("\n")
}

/// Masks the digits of `Time`, `Addr` and `UTC`, keeping the columns.
fn mask(line: &str) -> String {
    let mut out = line.to_string();
    for (field, len) in [("|Time ", 18), ("|Addr 0x", 12), ("|UTC ", 23)] {
        if let Some(at) = out.find(field) {
            let start = at + field.len();
            let end = (start + len).min(out.len());
            let masked: String = out[start..end].chars().map(|c| if c.is_ascii_hexdigit() { '#' } else { c }).collect();
            out.replace_range(start..end, &masked);
        }
    }
    // IR sizes and code sizes depend on the code generator's version and the machine.
    for field in ["|IR ", "|CodeSize "] {
        if let Some(at) = out.find(field) {
            let start = at + field.len();
            let end = out[start..].find('|').map_or(out.len(), |e| start + e);
            let masked: String = out[start..end].chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
            out.replace_range(start..end, &masked);
        }
    }
    out
}

#[test]
fn compilation_deoptimization_and_transfer_lines() {
    let options = EngineOptions {
        compile_immediately: true,
        background_compilation: false,
        trace_compilation: true,
        trace_transfer_to_interpreter: true,
        ..EngineOptions::default()
    };
    insta::assert_snapshot!(trace(
        "function add(a, b) { return a + b; }
         function main() { add(1, 2); add(\"a\", 3); }",
        options,
    ));
}

#[test]
fn maximum_compilations_stop_a_target_for_good() {
    // A target that deoptimizes on every call is recompiled until the limit.
    let options = EngineOptions {
        compile_immediately: true,
        background_compilation: false,
        trace_compilation: true,
        maximum_compilations: 2,
        // Splitting would give each call site its own `twice`, each compiled on its own.
        splitting: false,
        ..EngineOptions::default()
    };
    // Each new operand type deoptimizes `twice` once more; the third compilation is refused.
    let text = trace(
        "function twice(x) { return x + x; }
         function main() { twice(1); twice(\"a\"); twice(4611686018427387904); twice(2); }",
        options,
    );
    assert!(text.contains("Maximum compilation count 2 reached."), "{text}");
    insta::assert_snapshot!(text);
}
