//! The embedder's engine: one runtime of one language, running programs from source over the
//! streams and services its host gives it.
//!
//! Every language runs the same way: the launcher (or an embedding Rust program) makes a
//! [`Host`], creates an [`Engine`] for the language with the engine options, runs the main
//! program, lets the language finish (SL's shutdown hooks), and closes the engine, which prints
//! what the engine reports at exit. What differs between languages is the language's
//! [`Launch`] implementation; the engine itself does no process I/O, so it runs as well inside a
//! test or another program as under the `porcini` command.
//!
//! An embedding program does more than run a main program: it evaluates sources in the
//! engine's global scope ([`Engine::eval`]), finds guest functions and calls them with host
//! values ([`Engine::function`], [`Engine::call`]), and registers host functions guest code
//! calls by name ([`Engine::register_function`]). Values cross as [`HostValue`]s
//! ([`crate::embed`]). What an engine may do (compilation, and the sandbox's resource limits)
//! is set by the [`EngineOptions`] it is created with, most easily through an
//! [`EngineBuilder`].

use std::io::{BufRead, Write};
use std::rc::Rc;
use std::time::Duration;

use porcini_tools::dump::DumpWriter;
use porcini_tools::coverage::CoverageFormat;
use porcini_tools::options::EngineOptions;
use porcini_tools::sampler::{SamplerFormat, SamplerOutput};
use porcini_tools::trace::TraceSink;

use crate::compiled::Compiler;
use crate::embed::{Entry, GuestFunction, GuestRef, HostFunction, HostValue, from_host, to_host};
use crate::instrument::{CpuClock, Instruments, LimitedWriter};
use crate::language::Launch;
use crate::runtime::Runtime;
use crate::value::Value;

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

/// The report as the launcher prints it: a guest error's or the engine's message, or the exit
/// that was asked for.
impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Guest(m) | RunError::Internal(m) | RunError::ResourceExhausted(m) => f.write_str(m),
            RunError::Exit(code) => write!(f, "the program exited with status {code}"),
        }
    }
}

impl std::error::Error for RunError {}

/// One language's engine: a runtime with the language's state and builtins, ready to run
/// programs.
///
/// ```
/// use porcini::{Engine, EngineOptions, Host, Launch, RunError};
/// use porcini::embed::HostValue;
///
/// // The framework names no language: this runs any of them, for instance as
/// // `answer::<lang_es::Es>("6 * 7")`. The engine documentation of `lang_sl` and `lang_es` runs
/// // every method with a language.
/// fn answer<L: Launch>(source: &str) -> Result<HostValue, RunError> {
///     let engine = Engine::<L>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
///     engine.eval(source, "answer")
/// }
/// ```
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

    /// A builder of an engine over `host`, with default options until told otherwise.
    pub fn builder(host: Host) -> EngineBuilder<L> {
        EngineBuilder { options: EngineOptions::default(), host, compiler: None }
    }

    /// Evaluates `source`, named `name` in messages, in the engine's global scope and answers
    /// its value. What it defines stays defined for later sources: SL's functions, and
    /// JavaScript's top-level declarations (as node's REPL keeps them). An SL source is either
    /// function definitions (whose value is null) or statements, run as the body of a function
    /// whose value is that of a `return` or of a lone expression; a JavaScript source's value
    /// is that of its last expression statement, `undefined` if it has none. The guest's
    /// output is flushed.
    ///
    /// ```
    /// use porcini::{Engine, Launch, RunError};
    /// use porcini::embed::HostValue;
    ///
    /// // Definitions stay for the next source: `square(12)` then answers `Int(144)` in SL and JavaScript.
    /// fn squares<L: Launch>(engine: &Engine<L>, definition: &str) -> Result<HostValue, RunError> {
    ///     engine.eval(definition, "lib")?;
    ///     engine.eval("square(12)", "query")
    /// }
    /// ```
    pub fn eval(&self, source: &str, name: &str) -> Result<HostValue, RunError> {
        self.start_instruments()?;
        let r = self.cancelled(L::eval(&self.rt, Program { source, path: name }));
        self.flush();
        match r? {
            Entry::Value(v) => Ok(to_host(&self.rt, v)),
            Entry::Incomplete(e) => Err(e),
        }
    }

    /// Evaluates one REPL entry as [`Engine::eval`] does, and answers the text the language's
    /// REPL shows for its value (`None`: nothing), or [`Entry::Incomplete`] when the entry ends
    /// inside an open construct and more lines may complete it. The guest's output is flushed
    /// first, so it comes before the value.
    ///
    /// ```
    /// use porcini::{Engine, Launch, RunError};
    /// use porcini::embed::Entry;
    ///
    /// // What a REPL prints for one complete entry (`None` while the entry is incomplete).
    /// fn shown<L: Launch>(engine: &Engine<L>, entry: &str) -> Result<Option<String>, RunError> {
    ///     Ok(match engine.eval_entry(entry, "REPL1")? {
    ///         Entry::Value(text) => text,
    ///         Entry::Incomplete(_) => None,
    ///     })
    /// }
    /// ```
    pub fn eval_entry(&self, source: &str, name: &str) -> Result<Entry<Option<String>>, RunError> {
        self.start_instruments()?;
        let r = self.cancelled(L::eval(&self.rt, Program { source, path: name }));
        self.flush();
        let shown = match r? {
            Entry::Value(v) => Entry::Value(L::display(&self.rt, v)),
            Entry::Incomplete(e) => Entry::Incomplete(e),
        };
        self.flush();
        Ok(shown)
    }

    /// The value of the global named `name`: an SL function, or a JavaScript global binding
    /// (a top-level declaration of an evaluated source, or a property of the global object).
    ///
    /// ```
    /// use porcini::{Engine, Launch};
    ///
    /// fn limit<L: Launch>(engine: &Engine<L>) -> Option<i64> {
    ///     engine.global("limit")?.as_i64()
    /// }
    /// ```
    pub fn global(&self, name: &str) -> Option<HostValue> {
        L::lookup_global(&self.rt, name).map(|v| to_host(&self.rt, v))
    }

    /// The global function named `name`, if there is one and it is a guest value (not a
    /// primitive).
    ///
    /// ```
    /// use porcini::{Engine, Launch, RunError};
    /// use porcini::embed::HostValue;
    ///
    /// fn greet<L: Launch>(engine: &Engine<L>) -> Result<HostValue, RunError> {
    ///     match engine.function("greet") {
    ///         Some(f) => f.call(engine, &["host".into()]),
    ///         None => Err(RunError::Guest("greet is not defined".into())),
    ///     }
    /// }
    /// ```
    pub fn function(&self, name: &str) -> Option<GuestFunction> {
        match self.global(name)? {
            HostValue::Guest(r) => Some(GuestFunction::new(r)),
            _ => None,
        }
    }

    /// Calls `callee` with `args` and answers its result, as the language calls a function
    /// value; calling something that is not a function fails as the language fails it. A
    /// guest error, uncaught exception or requested exit is the [`RunError`] the language
    /// reports, and the guest's output is flushed.
    ///
    /// ```
    /// use porcini::{Engine, Launch, RunError};
    /// use porcini::embed::HostValue;
    ///
    /// // A guest value the host holds (here a function made by a source) is called directly.
    /// fn apply<L: Launch>(engine: &Engine<L>, make: &str, arg: HostValue) -> Result<HostValue, RunError> {
    ///     let f = engine.eval(make, "make")?;
    ///     engine.call(&f, &[arg])
    /// }
    /// ```
    pub fn call(&self, callee: &HostValue, args: &[HostValue]) -> Result<HostValue, RunError> {
        // Each argument is held by a handle while the next is converted, since converting one
        // may allocate and the collector does not see values in a Rust vector.
        let held: Vec<GuestRef> = std::iter::once(callee).chain(args).map(|a| self.hold(a)).collect::<Result<_, _>>()?;
        let values: Vec<Value> = held.iter().map(|h| self.rt.handles().get(h).unwrap_or(Value::NULL)).collect();
        self.start_instruments()?;
        let r = self.cancelled(L::call(&self.rt, values[0], &values[1..]));
        self.flush();
        let result = r.map(|v| to_host(&self.rt, v));
        drop(held);
        result
    }

    /// Makes `f` callable from guest code as the global function `name` taking `arity`
    /// arguments: SL calls it like a builtin, JavaScript like a function of the global
    /// object. `f` gets exactly `arity` arguments (missing ones are SL's null or JavaScript's
    /// `undefined`); its `Err` message becomes a guest error at the call (SL: an error naming
    /// the function; JavaScript: a thrown `Error`, which guest code may catch).
    ///
    /// ```
    /// use porcini::{Engine, Launch};
    /// use porcini::embed::HostValue;
    ///
    /// // Guest code then calls `half(84)` and gets 42; `half(3)` fails with the message.
    /// fn install_half<L: Launch>(engine: &Engine<L>) {
    ///     engine.register_function("half", 1, |args| match args[0].as_i64() {
    ///         Some(n) if n % 2 == 0 => Ok(HostValue::Int(n / 2)),
    ///         _ => Err(format!("{} is not even", args[0])),
    ///     });
    /// }
    /// ```
    pub fn register_function(&self, name: &str, arity: usize, f: impl Fn(&[HostValue]) -> Result<HostValue, String> + 'static) {
        let f: HostFunction = Rc::new(f);
        L::define_host_function(&self.rt, name, arity, f);
    }

    /// The text the language shows for `v` (SL: as `println` prints it; JavaScript: as
    /// `console.log` does).
    ///
    /// ```
    /// use porcini::{Engine, Launch, RunError};
    ///
    /// fn shown<L: Launch>(engine: &Engine<L>, source: &str) -> Result<String, RunError> {
    ///     let v = engine.eval(source, "value")?;
    ///     Ok(engine.display(&v))
    /// }
    /// ```
    pub fn display(&self, v: &HostValue) -> String {
        match self.hold(v) {
            Ok(h) => {
                let value = self.rt.handles().get(&h).unwrap_or(Value::NULL);
                let text = L::display(&self.rt, value).unwrap_or_else(|| v.to_string());
                drop(h);
                text
            }
            Err(_) => v.to_string(),
        }
    }

    /// A handle on the guest value of `v`, or the error that the language has no such value.
    fn hold(&self, v: &HostValue) -> Result<GuestRef, RunError> {
        let value = from_host(&self.rt, v).map_err(RunError::Guest)?;
        Ok(self.rt.handles().hold(value))
    }
}

/// Builds an [`Engine`]: the host, the [`EngineOptions`] (including the sandbox's resource
/// limits, which are options like any other) and, optionally, a compiler.
///
/// ```
/// use porcini::{Engine, Host, Launch};
/// use porcini::embed::HostValue;
///
/// // Options (the sandbox's limits among them) are set on the builder before the engine exists.
/// fn interpreted<L: Launch>() -> Engine<L> {
///     Engine::<L>::builder(Host::new(Box::new(std::io::sink())))
///         .option("engine.Compilation", "false")
///         .expect("a known option")
///         .configure(|o| o.splitting = false)
///         .build()
/// }
/// ```
pub struct EngineBuilder<L: Launch> {
    options: EngineOptions,
    host: Host,
    compiler: Option<Rc<dyn Compiler<L>>>,
}

impl<L: Launch> EngineBuilder<L> {
    /// Replaces every option with `options`.
    pub fn options(mut self, options: EngineOptions) -> Self {
        self.options = options;
        self
    }
    /// Sets one option by its launcher name (`engine.Compilation` or `Compilation`) and text
    /// value, as `--engine.Name=value` does; an unknown name or a bad value is an error.
    pub fn option(mut self, name: &str, value: &str) -> Result<Self, porcini_tools::options::OptionError> {
        self.options.set(name, value)?;
        Ok(self)
    }
    /// Changes options in place, field by field.
    pub fn configure(mut self, change: impl FnOnce(&mut EngineOptions)) -> Self {
        change(&mut self.options);
        self
    }
    /// Gives the engine a compiler (such as `porcini_jit::Jit`); without one, and whenever
    /// the `Compilation` option is off, everything runs in the interpreter.
    pub fn compiler(mut self, compiler: Rc<dyn Compiler<L>>) -> Self {
        self.compiler = Some(compiler);
        self
    }
    /// The engine.
    pub fn build(self) -> Engine<L> {
        let compile = self.options.compilation;
        let engine = Engine::new(self.options, self.host);
        if let Some(c) = self.compiler.filter(|_| compile) {
            engine.set_compiler(c);
        }
        engine
    }
}
