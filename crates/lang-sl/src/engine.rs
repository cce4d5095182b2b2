//! The embedder API: create an SL engine, run a source, run the shutdown hooks.
//!
//! The engine never touches process state: output and input are the streams it was given, and
//! errors come back as values for the launcher to print.

use std::io::{BufRead, Write};
use std::rc::Rc;

use porcini::call_target::CallTarget;
use porcini::{EngineOptions, GuestError, Runtime, Unwind, Value};

use crate::runtime::display::display;
use crate::runtime::state::SlState;
use crate::load::load;
use crate::{Sl, builtins};

/// Why a run did not complete normally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// A parse or runtime error; the message is exactly what SL prints.
    Guest(String),
    /// The program called `exit(code)`.
    Exit(i32),
    /// The source defines no `main`.
    NoMain,
}

/// One SL program run.
pub struct SlEngine {
    rt: Runtime<Sl>,
}

impl SlEngine {
    /// An engine with builtins installed, printing to `out` and reading from `input`.
    pub fn new(options: EngineOptions, out: Box<dyn Write>, input: Box<dyn BufRead>) -> SlEngine {
        let rt = Runtime::new(options, SlState::new(out, input));
        builtins::install(&rt);
        SlEngine { rt }
    }
    /// The runtime (for tools and tests).
    pub fn runtime(&self) -> &Runtime<Sl> {
        &self.rt
    }
    /// Declares the native stack guest code runs on (see [`Runtime::set_native_stack`]).
    pub fn set_native_stack(&self, base: usize, size: usize) {
        self.rt.set_native_stack(base, size);
    }
    /// Parses `source` (named `name` in messages), registers its functions and calls `main`.
    /// Returns the display string of a non-NULL result.
    pub fn run(&self, source: &str, name: &str) -> Result<Option<String>, RunError> {
        let main = self.load(source, name)?;
        let result = self.rt.call_entry(&main, &[]);
        self.outcome(result)
    }
    /// Parses `source` (named `name` in messages) and registers its functions, without running
    /// anything; returns `main`'s call target.
    pub fn load(&self, source: &str, name: &str) -> Result<Rc<CallTarget<Sl>>, RunError> {
        let main = load(&self.rt, source, name).map_err(|e| unwind_error(e.into_unwind()))?;
        main.ok_or(RunError::NoMain)
    }
    /// What the launcher reports for the result of a call of `main`: the display string of a
    /// non-NULL value, or the error. Flushes the output first.
    pub fn outcome(&self, result: Result<Value, Unwind<Value>>) -> Result<Option<String>, RunError> {
        self.flush();
        match result {
            Ok(v) if v.is_null() => Ok(None),
            Ok(v) => Ok(Some(display(v))),
            Err(e) => Err(unwind_error(e)),
        }
    }
    /// Runs the registered shutdown hooks in order.
    pub fn run_shutdown_hooks(&self) -> Result<(), RunError> {
        let hooks: Vec<Value> = self.rt.lang.hooks.borrow().clone();
        for h in hooks {
            let target = crate::nodes::call::resolve_target(&self.rt, h).map_err(unwind_error)?;
            let r = self.rt.call_entry(&target, &[]);
            self.flush();
            r.map_err(unwind_error)?;
        }
        Ok(())
    }
    /// Closes the engine after the last guest code ran (shutdown hooks included): prints what
    /// the engine reports at exit, such as the splitting summary, to the trace sink.
    pub fn close(&self) {
        self.flush();
        self.rt.close();
    }
    /// Sends the engine's `[engine]` trace lines to `sink` (by default they are dropped).
    pub fn set_trace_sink(&self, sink: porcini_tools::trace::TraceSink) {
        self.rt.set_trace_sink(sink);
    }
    /// Sends the engine's dumps (splitting decisions) to `writer` (by default they are dropped).
    pub fn set_dump_writer(&self, writer: Box<dyn porcini_tools::dump::DumpWriter>) {
        self.rt.set_dump_writer(writer);
    }
    /// Flushes the output stream.
    pub fn flush(&self) {
        let _ = self.rt.lang.out.borrow_mut().flush();
    }
}

/// The embedder's view of an unwind that reached the top. The parser rejects `break` and
/// `continue` outside loops and the root catches `return`, so only errors arrive here; anything
/// else becomes an internal error message from [`Unwind::take_error`].
fn unwind_error(u: Unwind<Value>) -> RunError {
    match *u.take_error() {
        GuestError::Message(m) => RunError::Guest(m),
        GuestError::Exit(c) => RunError::Exit(c),
    }
}
