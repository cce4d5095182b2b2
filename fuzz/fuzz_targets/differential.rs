//! Fuzz target: a program the differential tester's generator makes from the fuzzer's bytes
//! must do exactly the same in the interpreter and in every compiling mode.
//!
//! The bytes are the generator's choices (`porcini_difftest::entropy::ByteReader`), so every
//! input is a valid, terminating SL program, and libFuzzer's coverage feedback steers the
//! choices towards programs that reach new code in the engine and the compiler. Each program
//! runs in-process once per mode, with the engine options the `porcini` launcher would take
//! from that mode's flags and the JIT installed as the launcher installs it; what it printed,
//! its result and how it ended must equal the interpreter's. A disagreement is a panic, which
//! libFuzzer records as a crash with the input that caused it; `porcini-difftest reduce` then
//! shrinks the printed program.
//!
//! The GC-stress mode is left out: collecting at every allocation makes each input take seconds,
//! and the process-based tester (`porcini-difftest run`) covers it.
#![no_main]

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use libfuzzer_sys::fuzz_target;

#[path = "big_stack.rs"]
mod big_stack;

use lang_sl::{Host, RunError, SlEngine};
use porcini::EngineOptions;
use porcini_difftest::entropy::ByteReader;
use porcini_difftest::mode::Mode;
use porcini_difftest::sl::{self, print};

/// Stack kept unused above the frame that declares the guest stack.
const STACK_MARGIN: usize = 1 << 20;

/// Output written to a buffer the run can read back.
#[derive(Clone, Default)]
struct Captured(Rc<RefCell<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What a run did, as the launcher would show it: everything printed (the result line
/// included) and how it ended.
fn run(source: &str, mode: Mode) -> String {
    let mut options = EngineOptions::default();
    for flag in mode.flags {
        options.apply_arg(flag).unwrap_or_else(|e| panic!("mode {}: {e}", mode.name));
    }
    let out = Captured::default();
    let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
    let rt = engine.runtime();
    if rt.options.compilation {
        let jit = porcini_jit::Jit::new().expect("a code generator for this machine");
        rt.set_compiler(Rc::new(jit));
    }
    let marker = 0u8;
    engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, big_stack::STACK_BYTES - STACK_MARGIN);
    let mut ending = match engine.run(source, "prog.sl") {
        Ok(Some(result)) => format!("result {result}"),
        Ok(None) => "result".to_string(),
        Err(RunError::Guest(msg)) => format!("error {msg}"),
        Err(RunError::Exit(code)) => format!("exit {code}"),
        Err(RunError::Internal(msg)) => format!("internal error {msg}"),
    };
    if let Err(e) = engine.finish() {
        ending.push_str(&format!(", hooks: {e:?}"));
    }
    engine.close();
    drop(engine);
    let printed = String::from_utf8_lossy(&out.0.borrow()).into_owned();
    format!("{printed}--- {ending}")
}

fuzz_target!(|data: &[u8]| {
    let program = sl::from_entropy(ByteReader::new(data));
    let source = print::program(&program);
    big_stack::run(move || {
        let reference = run(&source, Mode::INTERP);
        for &mode in Mode::ALL.iter().filter(|m| m.name != "interp" && m.name != "gcstress") {
            let got = run(&source, mode);
            if got != reference {
                panic!(
                    "mode {} disagrees with the interpreter\n--- program\n{source}\n--- interpreter\n{reference}\n--- {}\n{got}",
                    mode.name, mode.name
                );
            }
        }
    });
});
