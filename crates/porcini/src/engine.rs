//! The embedder's engine: one runtime of one language, running programs from source over the
//! streams and services its host gives it.
//!
//! Every language runs the same way: the launcher (or an embedding Rust program) makes a
//! [`Host`], creates an [`Engine`] for the language with the engine options, runs the main
//! program, lets the language finish (SL's shutdown hooks), and closes the engine, which prints
//! what the engine reports at exit. What differs between languages is the language's
//! [`Launch`] implementation; the engine itself does no process I/O, so it runs as well inside a
//! test or another program as under the `porcini` command.

use std::io::{BufRead, Write};
use std::rc::Rc;
use std::time::Duration;

use porcini_tools::dump::DumpWriter;
use porcini_tools::options::EngineOptions;
use porcini_tools::trace::TraceSink;

use crate::compiled::Compiler;
use crate::language::Launch;
use crate::runtime::Runtime;

/// Reads a file by path, for a language's module loader; the error is the message to report.
pub type ReadFile = Box<dyn Fn(&str) -> Result<String, String>>;

/// What the host gives a run: the guest's streams and the services a language may use. A
/// language takes what it needs when its state is created ([`Launch::create_state`]).
pub struct Host {
    /// The guest's standard output.
    pub out: Box<dyn Write>,
    /// The guest's standard error (program output such as `console.error`, not engine traces).
    pub err: Box<dyn Write>,
    /// The guest's standard input.
    pub input: Box<dyn BufRead>,
    /// Reads a file by path (JavaScript's `require`).
    pub read_file: ReadFile,
    /// Time since a fixed point of the host's choosing (a monotonic clock for the guest).
    pub now: Box<dyn Fn() -> Duration>,
    /// The process's arguments as the guest sees them: the launcher's path, the program's path,
    /// then the program's own arguments.
    pub argv: Vec<String>,
}

impl Host {
    /// A host whose guest writes to `out` and has nothing else: standard error discarded, empty
    /// input, no files, a clock that starts now, no arguments. The `with_` methods give more.
    pub fn new(out: Box<dyn Write>) -> Host {
        let start = std::time::Instant::now();
        Host {
            out,
            err: Box::new(std::io::sink()),
            input: Box::new(std::io::empty()),
            read_file: Box::new(|path| Err(format!("no file system: cannot read '{path}'"))),
            now: Box::new(move || start.elapsed()),
            argv: Vec::new(),
        }
    }
    /// The same host with `err` as the guest's standard error.
    pub fn with_err(mut self, err: Box<dyn Write>) -> Host {
        self.err = err;
        self
    }
    /// The same host with `input` as the guest's standard input.
    pub fn with_input(mut self, input: Box<dyn BufRead>) -> Host {
        self.input = input;
        self
    }
}

/// A program to run: its text and the path that names it (in messages, stack traces, and as the
/// base of relative module paths).
#[derive(Debug, Clone, Copy)]
pub struct Program<'a> {
    /// The source text.
    pub source: &'a str,
    /// The path the program was read from, as the launcher names it (`<stdin>` for input).
    pub path: &'a str,
}

/// How a run ended, when it did not end normally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// The program failed (a syntax error, an uncaught exception, a guest error): the report,
    /// exactly as the language prints it on standard error. The launcher exits with status 1.
    Guest(String),
    /// The program asked to exit with this status.
    Exit(i32),
    /// The engine itself failed, not the program; the launcher exits with status 70.
    Internal(String),
}

/// One language's engine: a runtime with the language's state and builtins, ready to run
/// programs.
pub struct Engine<L: Launch> {
    rt: Runtime<L>,
}

impl<L: Launch> Engine<L> {
    /// An engine for `L` with `options`, over `host`'s streams and services, with the language's
    /// builtins installed.
    pub fn new(options: EngineOptions, host: Host) -> Engine<L> {
        let rt = Runtime::new(options, L::create_state(host));
        L::initialize(&rt);
        Engine { rt }
    }
    /// The runtime (for tools and tests).
    pub fn runtime(&self) -> &Runtime<L> {
        &self.rt
    }
    /// Gives the engine a compiler; without one everything runs in the interpreter.
    pub fn set_compiler(&self, compiler: Rc<dyn Compiler<L>>) {
        self.rt.set_compiler(compiler);
    }
    /// Declares the native stack guest code runs on (see [`Runtime::set_native_stack`]).
    pub fn set_native_stack(&self, base: usize, size: usize) {
        self.rt.set_native_stack(base, size);
    }
    /// Sends the engine's `[engine]` trace lines to `sink` (by default they are dropped).
    pub fn set_trace_sink(&self, sink: TraceSink) {
        self.rt.set_trace_sink(sink);
    }
    /// Sends the engine's dumps (splitting decisions) to `writer` (by default they are dropped).
    pub fn set_dump_writer(&self, writer: Box<dyn DumpWriter>) {
        self.rt.set_dump_writer(writer);
    }
    /// Runs `source`, named `path`, as the main program. `Some(text)` is a result the launcher
    /// prints on standard output (SL prints `main`'s value). The guest's output is flushed.
    pub fn run(&self, source: &str, path: &str) -> Result<Option<String>, RunError> {
        let r = L::run_main(&self.rt, Program { source, path });
        self.flush();
        r
    }
    /// Runs what the language runs once the main program is done (SL's shutdown hooks), after
    /// a run that ended normally or not.
    pub fn finish(&self) -> Result<(), RunError> {
        let r = L::finish(&self.rt);
        self.flush();
        r
    }
    /// Flushes the guest's output streams.
    pub fn flush(&self) {
        L::flush(&self.rt);
    }
    /// Closes the engine after the last guest code ran: prints what the engine reports at exit,
    /// such as the splitting summary, to the trace sink.
    pub fn close(&self) {
        self.flush();
        self.rt.close();
    }
}
