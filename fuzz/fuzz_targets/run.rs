//! Fuzz target: parsing and running an SL program must end in a result or a guest error, never a
//! panic or a crash of the host.
//!
//! The engine runs on a big-stack worker thread that it is told about (`set_native_stack`), as the
//! launcher does, so runaway recursion must become the guest error `Stack overflow`.
//!
//! Bounding the running time: the engine has no step or fuel budget, so a program with a loop can
//! run forever and libFuzzer would report a timeout that says nothing about robustness. Programs
//! are therefore only run when their text contains none of `while` (the only loop), `eval` and
//! `defineFunction` (which could compile a loop from a string built at run time). What remains
//! terminates: every call either returns or deepens a recursion that the stack guard cuts off,
//! and the first guest error ends the program. The one way left to be slow is exponential
//! recursion (`f(n+1); f(n+1);` under a depth test); a libFuzzer `-timeout` catches that, and such
//! a timeout should be read as "slow program", not as an engine bug. Programs that are skipped are
//! still parsed, so the parser is exercised on every input.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "big_stack.rs"]
mod big_stack;

use lang_sl::{Host, RunError, SlEngine};

/// Words whose presence means the program might not terminate (see the module comment).
const UNBOUNDED: [&str; 3] = ["while", "eval", "defineFunction"];

/// Stack kept unused above the frame that declares the guest stack: the worker's own frames and
/// the harness closures live there.
const STACK_MARGIN: usize = 1 << 20;

fn run_program(source: &str) {
    let engine = SlEngine::new(Default::default(), Host::new(Box::new(std::io::sink())));
    let marker = 0u8;
    engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, big_stack::STACK_BYTES - STACK_MARGIN);
    match engine.run(source, "fuzz.sl") {
        Ok(_) | Err(RunError::Exit(_)) => {}
        Err(RunError::Guest(msg)) => assert!(!msg.is_empty(), "guest error without a message"),
        Err(RunError::Internal(msg)) => panic!("internal error: {msg}"),
    }
    // Shutdown hooks are guest code too; they may fail, but must not panic.
    let _ = engine.finish();
}

fuzz_target!(|data: &[u8]| {
    // Strict UTF-8, as the launcher decodes programs (see the parse target).
    let Ok(text) = std::str::from_utf8(data) else { return };
    let source = text.to_owned();
    big_stack::run(move || {
        if UNBOUNDED.iter().any(|w| source.contains(w)) {
            let _ = lang_sl::parser::parse(&source);
        } else {
            run_program(&source);
        }
    });
});
