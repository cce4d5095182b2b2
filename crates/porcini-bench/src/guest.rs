//! Running SL programs inside the benchmark process, the way the `porcini` launcher does.
//!
//! The engine needs to know the native stack its guest code runs on: the collector scans that
//! stack conservatively up to a base address, and the stack guard turns runaway recursion into a
//! guest error before the real stack ends. The launcher runs the guest on a thread with a large
//! stack and declares it; [`on_guest_thread`] does the same for benchmarks and tests, and every
//! engine made here is told about that stack.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use lang_sl::Sl;
use lang_sl::SlEngine;
use lang_sl::runtime::display::display;
use lang_sl::runtime::state::function_named;
use porcini::Value;
use porcini::call_target::CallTarget;
use porcini_tools::options::EngineOptions;

/// Native stack of the guest thread. The kernels recurse only a little, but criterion itself runs
/// on this thread too, so it is generous; it is reserved address space, committed only as used.
pub const GUEST_STACK_BYTES: usize = 256 << 20;

/// The native stack guest code runs on: a base address at the top of the guest thread's stack
/// (every frame that may hold guest values lies below it) and the usable size below it.
#[derive(Clone, Copy, Debug)]
pub struct NativeStack {
    base: usize,
    size: usize,
}

/// Runs `f` on a fresh thread with a [`GUEST_STACK_BYTES`] stack, handing it that stack's
/// description, and returns its result. A panic in `f` is propagated to the caller.
pub fn on_guest_thread<R, F>(f: F) -> R
where
    R: Send + 'static,
    F: FnOnce(NativeStack) -> R + Send + 'static,
{
    let thread = std::thread::Builder::new()
        .name("guest".into())
        .stack_size(GUEST_STACK_BYTES)
        .spawn(move || {
            // The marker lives in the outermost frame of the thread, so its address is above every
            // frame `f` creates; the collector scans from the stack pointer up to here.
            let marker = 0u8;
            let stack = NativeStack {
                base: std::hint::black_box(&marker) as *const u8 as usize,
                size: GUEST_STACK_BYTES,
            };
            let result = f(stack);
            std::hint::black_box(&marker);
            result
        });
    match thread.expect("cannot spawn the guest thread").join() {
        Ok(result) => result,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Engine options for measuring the interpreter: `--engine.Compilation=false`, everything else at
/// its default, so results stay comparable once a JIT exists.
pub fn interpreter_options() -> EngineOptions {
    let mut options = EngineOptions::default();
    options
        .set("Compilation", "false")
        .expect("Compilation is a registered engine option");
    options
}

/// Program output collected in memory, shared between the engine (which owns a boxed writer)
/// and the caller (who reads it afterwards).
#[derive(Clone, Default)]
pub struct Output(Rc<RefCell<Vec<u8>>>);

impl Output {
    /// Everything written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A new interpreter-only engine on `stack`, writing to `out` and reading an empty input.
pub fn new_engine(stack: NativeStack, out: Output) -> SlEngine {
    let engine = SlEngine::new(interpreter_options(), lang_sl::Host::new(Box::new(out)));
    engine.set_native_stack(stack.base, stack.size);
    engine
}

/// What a whole run produced: `main`'s display result (if not NULL) and the printed output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    /// The display string of `main`'s result, or `None` for NULL.
    pub result: Option<String>,
    /// Everything the program printed.
    pub output: String,
}

/// Creates an engine, parses and runs `source` (its `main`), and drops the engine: a whole
/// in-process program run, as the launcher does it minus the process.
pub fn run_source(stack: NativeStack, source: &str, name: &str) -> Result<RunOutcome, String> {
    let out = Output::default();
    let engine = new_engine(stack, out.clone());
    let result = engine.run(source, name).map_err(|e| format!("{e:?}"))?;
    Ok(RunOutcome {
        result,
        output: out.text(),
    })
}

/// A loaded program whose entry function can be called again and again on the same engine.
///
/// Kernels are measured this way so that each measured iteration is the kernel alone, on nodes
/// that have already specialized: engine creation, parsing and first execution are the business
/// of the startup benchmarks.
pub struct Loaded {
    engine: SlEngine,
    entry: Rc<CallTarget<Sl>>,
    output: Output,
}

impl Loaded {
    /// Runs `source` (whose `main` should do nothing) to register its functions, then finds the
    /// function `entry`.
    pub fn new(stack: NativeStack, source: &str, entry: &str) -> Result<Loaded, String> {
        let output = Output::default();
        let engine = new_engine(stack, output.clone());
        engine
            .run(source, "kernel.sl")
            .map_err(|e| format!("{e:?}"))?;
        let rt = engine.runtime();
        let entry = function_named(rt, entry)
            .target()
            .and_then(|id| rt.call_target(id))
            .ok_or_else(|| format!("the program defines no function {entry}"))?;
        Ok(Loaded {
            engine,
            entry,
            output,
        })
    }

    /// Calls the entry function with no arguments and returns its result.
    pub fn call(&self) -> Result<Value, String> {
        self.engine
            .runtime()
            .call_entry(&self.entry, &[])
            .map_err(|u| format!("guest error: {}", u.take_error()))
    }

    /// Calls the entry function and returns the display string of its result.
    pub fn call_display(&self) -> Result<String, String> {
        self.call().map(display)
    }

    /// Everything the program has printed so far.
    pub fn output(&self) -> String {
        self.engine.flush();
        self.output.text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaded_entry_can_be_called_repeatedly() {
        let results = on_guest_thread(|stack| {
            let source = "function count() { i = 0; while (i < 3) { i = i + 1; } return i; }\n\
                          function main() { println(\"loaded\"); }";
            let loaded = Loaded::new(stack, source, "count").expect("loads");
            (
                loaded.call_display(),
                loaded.call_display(),
                loaded.output(),
            )
        });
        assert_eq!(
            results,
            (
                Ok("3".to_string()),
                Ok("3".to_string()),
                "loaded\n".to_string()
            )
        );
    }

    #[test]
    fn whole_run_reports_result_and_output() {
        let outcome = on_guest_thread(|stack| {
            run_source(
                stack,
                "function main() { println(1 + 2); return \"done\"; }",
                "t.sl",
            )
        });
        assert_eq!(
            outcome,
            Ok(RunOutcome {
                result: Some("done".into()),
                output: "3\n".into()
            })
        );
    }

    #[test]
    fn missing_entry_is_an_error() {
        let err =
            on_guest_thread(|stack| Loaded::new(stack, "function main() {}", "nothere").err());
        assert_eq!(
            err.as_deref(),
            Some("the program defines no function nothere")
        );
    }
}
