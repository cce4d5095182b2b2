//! Fuzz target: the SL parser must turn any input into a program or a parse error, never a panic.
//!
//! The input is decoded as strict UTF-8 because that is what the `porcini` launcher does: it
//! rejects a file that is not valid UTF-8 with a parse-style error before the parser sees it, so
//! invalid bytes can never reach `lang_sl::parser::parse`. Inputs that are not UTF-8 are therefore
//! skipped rather than decoded lossily, which would only test the replacement character.
//!
//! Besides "no panic", the target checks what a parse error promises: a 1-based position, a
//! non-empty message, and the two-line `Error(s) parsing script:` form the launcher prints.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "big_stack.rs"]
mod big_stack;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let source = text.to_owned();
    big_stack::run(move || {
        if let Err(e) = lang_sl::parser::parse(&source) {
            assert!(e.line >= 1 && e.col >= 1, "parse error at a 0 position: {e:?}");
            let lines = source.matches('\n').count() + 1;
            assert!(e.line as usize <= lines, "parse error past the last line ({lines}): {e:?}");
            assert!(!e.message.is_empty(), "parse error without a message");
            let shown = e.to_string();
            assert!(shown.starts_with("Error(s) parsing script:\n-- line "), "unexpected form: {shown}");
        }
    });
});
