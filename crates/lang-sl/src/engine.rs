//! SL's side of the engine: how an SL program runs from source ([`Launch`] for [`Sl`]), and
//! the SL-specific steps tests take one at a time (load without running, report a result).
//!
//! An SL program runs as SL's own launcher runs it: its functions are registered, `main` is
//! called, a non-NULL result is printed, and the registered shutdown hooks run afterwards. The
//! engine never touches process state: output and input are the host's streams, and errors
//! come back as values for the launcher to print.
//!
//! For embedders and the REPL, a source evaluates in the global scope (`crate::entry`), SL's
//! values cross to the host as the primitives they are (numbers that fit in 64 bits, booleans,
//! strings, NULL) or as handles (objects, functions, big integers), and a host function is a
//! builtin around the embedder's closure.

use std::io::Write;
use std::rc::Rc;

use porcini::call_target::CallTarget;
use porcini::embed::{Entry, HostFunction, HostValue};
use porcini::{Engine, GuestError, Host, Launch, Program, RunError, Runtime, Unwind, Value};

use crate::load::load;
use crate::nodes::root::BuiltinRoot;
use crate::runtime::state::function_named;
use crate::runtime::display::display;
use crate::runtime::state::SlState;
use crate::{Sl, builtins};

/// An engine running SL programs, and SL's side of the embedding API: each method of
/// [`Engine`] with SL.
///
/// Options, the sandbox's limits among them, are set before the engine exists:
///
/// ```
/// use porcini::{Engine, Host};
/// use porcini::embed::HostValue;
/// use lang_sl::Sl;
///
/// let engine = Engine::<Sl>::builder(Host::new(Box::new(std::io::sink())))
///     .option("engine.Compilation", "false")
///     .unwrap()
///     .configure(|o| o.splitting = false)
///     .build();
/// assert!(!engine.runtime().options.compilation);
/// assert_eq!(engine.eval("1 + 2", "sum.sl").unwrap(), HostValue::Int(3));
/// ```
///
/// A source either defines functions, which stay defined, or is code to run for its value:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::HostValue;
/// use lang_sl::Sl;
///
/// let engine = Engine::<Sl>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// engine.eval("function square(x) { return x * x; }", "lib.sl").unwrap();
/// assert_eq!(engine.eval("square(12)", "query.sl").unwrap(), HostValue::Int(144));
/// assert!(engine.eval("square(", "bad.sl").is_err());
/// ```
///
/// A guest function is called with host values:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::HostValue;
/// use lang_sl::Sl;
///
/// let engine = Engine::<Sl>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// engine.eval("function add(a, b) { return a + b; }", "lib.sl").unwrap();
/// let add = engine.function("add").expect("add is defined");
/// assert_eq!(add.call(&engine, &[HostValue::Int(2), HostValue::Int(40)]).unwrap(), HostValue::Int(42));
/// ```
///
/// A host function is an SL builtin, and its error an SL error naming it:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host, RunError};
/// use porcini::embed::HostValue;
/// use lang_sl::Sl;
///
/// let engine = Engine::<Sl>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// engine.register_function("half", 1, |args| match args[0].as_i64() {
///     Some(n) if n % 2 == 0 => Ok(HostValue::Int(n / 2)),
///     _ => Err(format!("{} is not even", args[0])),
/// });
/// assert_eq!(engine.eval("half(84)", "half.sl").unwrap(), HostValue::Int(42));
/// let Err(RunError::Guest(message)) = engine.eval("half(3)", "odd.sl") else { panic!() };
/// assert!(message.contains("3 is not even"));
/// ```
pub type SlEngine = Engine<Sl>;

/// What SL's launcher reports for a program without `main`.
const NO_MAIN: &str = "No function main() defined in SL source file.";

impl Launch for Sl {
    const FILE_EXTENSIONS: &'static [&'static str] = &["sl"];
    fn create_state(host: Host) -> SlState {
        SlState::new(host.out, host.input)
    }
    fn initialize(rt: &Runtime<Sl>) {
        builtins::install(rt);
    }
    fn run_main(rt: &Runtime<Sl>, program: Program<'_>) -> Result<Option<String>, RunError> {
        // SL names a program by its file name in messages, as its own launcher does.
        let name = std::path::Path::new(program.path).file_name().map_or(program.path.into(), |n| n.to_string_lossy());
        let main = load_program(rt, program.source, &name)?;
        let result = rt.call_entry(&main, &[]);
        outcome(rt, result)
    }
    fn finish(rt: &Runtime<Sl>) -> Result<(), RunError> {
        let hooks: Vec<Value> = rt.lang.hooks.borrow().clone();
        for h in hooks {
            let target = crate::nodes::call::resolve_target(rt, h).map_err(unwind_error)?;
            let r = rt.call_entry(&target, &[]);
            Sl::flush(rt);
            r.map_err(unwind_error)?;
        }
        Ok(())
    }
    fn flush(rt: &Runtime<Sl>) {
        let _ = rt.lang.out.borrow_mut().flush();
    }
    fn eval(rt: &Runtime<Sl>, program: Program<'_>) -> Result<Entry, RunError> {
        crate::entry::eval(rt, program)
    }
    fn display(_rt: &Runtime<Sl>, v: Value) -> Option<String> {
        (!v.is_null()).then(|| display(v))
    }
    fn lookup_global(rt: &Runtime<Sl>, name: &str) -> Option<Value> {
        // Every name a program mentions has a function object; only a defined one is a global.
        let f = rt.lang.functions.borrow().get(name).copied()?;
        f.target().map(|_| Value::from_function(f))
    }
    fn call(rt: &Runtime<Sl>, callee: Value, args: &[Value]) -> Result<Value, RunError> {
        let target = crate::nodes::call::resolve_target(rt, callee).map_err(unwind_error)?;
        let r = rt.call_entry(&target, args);
        Sl::flush(rt);
        r.map_err(unwind_error)
    }
    fn to_host(_rt: &Runtime<Sl>, v: Value) -> Option<HostValue> {
        if v.is_null() {
            Some(HostValue::Null)
        } else if let Some(i) = v.as_i64() {
            Some(HostValue::Int(i))
        } else if let Some(b) = v.as_bool() {
            Some(HostValue::Bool(b))
        } else {
            v.as_str().map(|s| HostValue::String(s.as_str().to_string()))
        }
    }
    fn from_host(rt: &Runtime<Sl>, v: &HostValue) -> Result<Value, String> {
        match v {
            HostValue::Undefined | HostValue::Null => Ok(Value::NULL),
            HostValue::Bool(b) => Ok(Value::from_bool(*b)),
            HostValue::Int(i) => Ok(Value::from_i64(*i)),
            HostValue::Double(d) => Err(format!("SL has no floating-point numbers: {d} cannot be passed")),
            HostValue::String(s) => Ok(rt.new_string(s.as_str())),
            HostValue::Guest(_) => Err("a guest value cannot be converted here".to_string()),
        }
    }
    fn define_host_function(rt: &Runtime<Sl>, name: &str, arity: usize, f: HostFunction) {
        let target = rt.create_call_target(Box::new(BuiltinRoot::host(name, arity, f)));
        function_named(rt, name).set_target(target.id());
    }
}

/// Parses `source` (named `name` in messages) and registers its functions, without running
/// anything; returns `main`'s call target.
pub fn load_program(rt: &Runtime<Sl>, source: &str, name: &str) -> Result<Rc<CallTarget<Sl>>, RunError> {
    let main = load(rt, source, name).map_err(|e| unwind_error(e.into_unwind()))?;
    main.ok_or_else(|| RunError::Guest(NO_MAIN.to_string()))
}

/// What the launcher reports for the result of a call of `main`: the display string of a
/// non-NULL value, or the error. Flushes the output first.
pub fn outcome(rt: &Runtime<Sl>, result: Result<Value, Unwind<Value>>) -> Result<Option<String>, RunError> {
    Sl::flush(rt);
    match result {
        Ok(v) if v.is_null() => Ok(None),
        Ok(v) => Ok(Some(display(v))),
        Err(e) => Err(unwind_error(e)),
    }
}

/// The embedder's view of an unwind that reached the top. The parser rejects `break` and
/// `continue` outside loops and the root catches `return`, so only errors arrive here; anything
/// else becomes an internal error message from [`Unwind::take_error`].
pub(crate) fn unwind_error(u: Unwind<Value>) -> RunError {
    match *u.take_error() {
        GuestError::Message(m) => RunError::Guest(m),
        GuestError::Exit(c) => RunError::Exit(c),
        GuestError::Cancelled(m) => RunError::ResourceExhausted(m),
    }
}
