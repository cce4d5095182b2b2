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
use porcini_tools::coverage::CoverageFormat;
use porcini_tools::options::EngineOptions;
use porcini_tools::sampler::{SamplerFormat, SamplerOutput};
use porcini_tools::trace::TraceSink;

use crate::compiled::Compiler;
use crate::instrument::{CpuClock, Instruments, LimitedWriter};
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
    /// The CPU time the calling thread has used, for `sandbox.MaxCPUTime`; `None` measures
    /// wall time instead.
    pub cpu_time: Option<Box<dyn Fn() -> Duration>>,
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
            cpu_time: None,
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
    /// The program exceeded a resource limit of the sandbox (the message names it) and was
    /// stopped; the engine stays usable for the host, which may run other programs. The
    /// launcher reports it and exits with status 1.
    ResourceExhausted(String),
}

/// What a tool has to say once the program ran (`--cpusampler`, `--coverage`): its output, and
/// where it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolReport {
    /// The tool's option name (`cpusampler`, `coverage`).
    pub tool: &'static str,
    /// The output, in the format its options chose.
    pub text: String,
    /// The file it goes to; `None`: standard output.
    pub file: Option<String>,
    /// Whether the file must not exist yet (Truffle's rule for coverage's `OutputFile`).
    pub must_not_exist: bool,
}

/// One language's engine: a runtime with the language's state and builtins, ready to run
/// programs.
pub struct Engine<L: Launch> {
    rt: Runtime<L>,
    /// The host's CPU clock, until the instruments start with it.
    clock: std::cell::RefCell<Option<CpuClock>>,
}

impl<L: Launch> Engine<L> {
    /// An engine for `L` with `options`, over `host`'s streams and services, with the language's
    /// builtins installed.
    ///
    /// The sandbox's output limits apply to the host's streams from here on.
    pub fn new(options: EngineOptions, mut host: Host) -> Engine<L> {
        let instruments = Instruments::new(&options.tools);
        let sandbox = &options.tools.sandbox;
        if let Some(max) = sandbox.max_output_stream_size {
            let cancel = instruments.cancel_handle();
            host.out = Box::new(LimitedWriter::new(host.out, max, "sandbox.MaxOutputStreamSize", cancel));
        }
        if let Some(max) = sandbox.max_error_stream_size {
            let cancel = instruments.cancel_handle();
            host.err = Box::new(LimitedWriter::new(host.err, max, "sandbox.MaxErrorStreamSize", cancel));
        }
        let clock = std::cell::RefCell::new(host.cpu_time.take());
        let rt = Runtime::with_instruments(options, L::create_state(host), instruments);
        L::initialize(&rt);
        Engine { rt, clock }
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
        self.start_instruments()?;
        let r = L::run_main(&self.rt, Program { source, path });
        self.flush();
        self.cancelled(r)
    }
    /// Starts the tools' and the sandbox's instruments before the first guest code runs.
    fn start_instruments(&self) -> Result<(), RunError> {
        let clock = self.clock.borrow_mut().take();
        self.rt.instruments.start(clock).map_err(RunError::Internal)
    }
    /// A run that a limit cancelled ended with the cancellation, however the language reported
    /// what it saw (a failed write to a limited stream is an I/O error to the guest).
    fn cancelled<T>(&self, r: Result<T, RunError>) -> Result<T, RunError> {
        match (r, self.rt.instruments.cancellation()) {
            (Err(RunError::Guest(_) | RunError::Internal(_)), Some(why)) => Err(RunError::ResourceExhausted(why)),
            (r, _) => r,
        }
    }
    /// Runs what the language runs once the main program is done (SL's shutdown hooks), after
    /// a run that ended normally or not.
    pub fn finish(&self) -> Result<(), RunError> {
        let r = L::finish(&self.rt);
        self.flush();
        self.cancelled(r)
    }
    /// Flushes the guest's output streams.
    pub fn flush(&self) {
        L::flush(&self.rt);
    }
    /// The reports of the tools that ran (the CPU sampler, coverage), from what the runs so far
    /// recorded; empty when no tool was asked for.
    pub fn tool_reports(&self) -> Vec<ToolReport> {
        let options = self.rt.instruments.options();
        let mut reports = Vec::new();
        if let Some(log) = self.rt.instruments.samples() {
            let o = &options.sampler;
            let output = o.output.parse().unwrap_or_default();
            let format = SamplerFormat { output, show_tiers: o.show_tiers, min_samples: o.min_samples };
            let text = porcini_tools::sampler::render(&log.profile("main"), &format);
            let file = match (o.output_file.as_str(), output) {
                ("", SamplerOutput::Flamegraph) => Some("flamegraph.svg".to_string()),
                ("", _) => None,
                (f, _) => Some(f.to_string()),
            };
            reports.push(ToolReport { tool: "cpusampler", text, file, must_not_exist: false });
        }
        if let Some(sources) = self.rt.coverage_report() {
            let o = &options.coverage;
            let format = CoverageFormat { output: o.output.parse().unwrap_or_default(), count: o.count, strict_lines: o.strict_lines };
            let text = porcini_tools::coverage::render(&sources, &format);
            let file = (!o.output_file.is_empty()).then(|| o.output_file.clone());
            reports.push(ToolReport { tool: "coverage", text, file, must_not_exist: true });
        }
        reports
    }
    /// Closes the engine after the last guest code ran: prints what the engine reports at exit,
    /// such as the splitting summary, to the trace sink.
    pub fn close(&self) {
        self.flush();
        self.rt.instruments.stop();
        self.rt.close();
    }
}
