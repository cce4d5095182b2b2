//! EasyScript's side of the engine ([`Launch`] for [`Es`]): install the built-in objects, run
//! a main module, report how it ended (an uncaught exception is a [`RunError::Guest`] holding
//! node's report).
//!
//! A module runs as node runs a CommonJS module: its code is the body of a function of
//! `exports`, `require`, `module`, `__filename` and `__dirname`, called with `this` bound to
//! `module.exports`. The engine does no process I/O: output goes to the streams it was given,
//! files and the clock come from the [`Host`], and how a run ended comes back as a value for
//! the launcher to print.
//!
//! The host's other requests (an entry evaluated in the global scope, a call of a guest
//! function, a value to display or look up) each run in a frame of a builtin root of their own,
//! as the main module does, and an exception that ends one comes back as node's report. Host
//! functions are builtins whose data is the index of the embedder's closure.

use std::io::Write;

use std::rc::Rc;

use porcini::embed::{Entry, HostFunction, HostValue, from_host, to_host};
use porcini::shape::PropFlags;
use porcini::{Engine, Frame, GuestError, Host, Launch, Program, RunError, Runtime, Unwind, UnwindKind, Value};

use crate::Es;
use crate::builtins::module::dirname;
use crate::nodes::function::make_function;
use crate::nodes::root::BuiltinRoot;
use crate::parser::{SyntaxError, parse_module};
use crate::runtime::error::{ErrorKind, new_error};
use crate::runtime::function::FnKind;
use crate::runtime::function::ARG_CALLEE;
use crate::runtime::object::{as_function, as_object, call, define, get, new_plain_object};
use crate::runtime::realm::Realm;
use crate::runtime::state::{EsState, ThrowSite};
use crate::runtime::{Key, UNDEFINED, as_number, as_str, is_undefined, number, str_value};

/// An engine running EasyScript programs, and EasyScript's side of the embedding API: each
/// method of [`Engine`] with JavaScript.
///
/// A source's value is that of its last expression statement:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::HostValue;
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// assert_eq!(engine.eval("6 * 7", "answer.js").unwrap(), HostValue::Int(42));
/// ```
///
/// A REPL entry may be incomplete; its value is shown as node's REPL shows it:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::Entry;
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// assert!(engine.eval_entry("function twice(x) {", "REPL1").unwrap().is_incomplete());
/// engine.eval_entry("function twice(x) { return [x, x]; }", "REPL1").unwrap();
/// assert_eq!(engine.eval_entry("twice('a')", "REPL2").unwrap(), Entry::Value(Some("[ 'a', 'a' ]".to_string())));
/// ```
///
/// Top-level declarations are globals for later sources and for the host:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::HostValue;
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// engine.eval("const limit = 10;", "config.js").unwrap();
/// assert_eq!(engine.global("limit"), Some(HostValue::Int(10)));
/// assert_eq!(engine.global("missing"), None);
/// ```
///
/// A guest function is called with host values:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use porcini::embed::HostValue;
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// engine.eval("function greet(who) { return `hello, ${who}`; }", "greet.js").unwrap();
/// let greet = engine.function("greet").unwrap();
/// assert_eq!(greet.call(&engine, &["host".into()]).unwrap(), HostValue::from("hello, host"));
/// ```
///
/// Any guest value the host holds is called or passed back as it is:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host, RunError};
/// use porcini::embed::HostValue;
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// let pick = engine.eval("(o, k) => o[k]", "pick.js").unwrap();
/// let obj = engine.eval("({ a: 1.5 })", "obj.js").unwrap();
/// assert_eq!(engine.call(&pick, &[obj, "a".into()]).unwrap(), HostValue::Double(1.5));
/// assert!(matches!(engine.call(&HostValue::Int(1), &[]), Err(RunError::Guest(_))));
/// ```
///
/// A value is displayed as `console.log` prints it:
///
/// ```
/// use porcini::{Engine, EngineOptions, Host};
/// use lang_es::Es;
///
/// let engine = Engine::<Es>::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())));
/// let list = engine.eval("[1, 'two', { three: 3 }]", "list.js").unwrap();
/// assert_eq!(engine.display(&list), "[ 1, 'two', { three: 3 } ]");
/// ```
pub type EsEngine = Engine<Es>;

impl Launch for Es {
    const FILE_EXTENSIONS: &'static [&'static str] = &["js", "cjs"];
    fn create_state(host: Host) -> EsState {
        EsState::new(host)
    }
    fn initialize(rt: &Runtime<Es>) {
        rt.lang.intern_names(&rt.interner);
        rt.lang.set_realm(Realm::create(rt));
        // The builtins are installed from a frame of their own, as any code that creates
        // objects runs.
        let boot = rt.create_call_target(Box::new(BuiltinRoot::new("<boot>", boot)));
        if let Err(u) = rt.call_entry(&boot, &[UNDEFINED, UNDEFINED, UNDEFINED]) {
            panic!("installing the builtins failed: {}", u.take_error());
        }
    }
    /// Runs the program as node's main module, named by its path (node names modules by
    /// absolute path, in `__filename` and its reports; the launcher gives that path).
    fn run_main(rt: &Runtime<Es>, program: Program<'_>) -> Result<Option<String>, RunError> {
        let main = rt.create_call_target(Box::new(BuiltinRoot::new("<main>", run_main)));
        let args = [UNDEFINED, UNDEFINED, UNDEFINED, str_value(rt, program.path), str_value(rt, program.source)];
        let r = rt.call_entry(&main, &args);
        Es::flush(rt);
        match r {
            Ok(v) => match as_str(v) {
                Some(report) => Err(RunError::Guest(report.to_rust_string())),
                None => Ok(None),
            },
            Err(u) => Err(run_error(*u.take_error())),
        }
    }
    fn flush(rt: &Runtime<Es>) {
        let _ = rt.lang.out.borrow_mut().flush();
        let _ = rt.lang.err.borrow_mut().flush();
    }
    fn eval(rt: &Runtime<Es>, program: Program<'_>) -> Result<Entry, RunError> {
        crate::entry::eval(rt, program)
    }
    fn display(rt: &Runtime<Es>, v: Value) -> Option<String> {
        let shown = host_request(rt, "<display>", display_value, &[v]).ok()?;
        as_str(shown).map(|s| s.to_rust_string())
    }
    fn lookup_global(rt: &Runtime<Es>, name: &str) -> Option<Value> {
        let v = host_request(rt, "<global>", global_value, &[str_value(rt, name)]).ok()?;
        (!is_undefined(v)).then_some(v)
    }
    fn call(rt: &Runtime<Es>, callee: Value, args: &[Value]) -> Result<Value, RunError> {
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(callee);
        all.extend_from_slice(args);
        host_request(rt, "<call>", call_value, &all)
    }
    fn to_host(_rt: &Runtime<Es>, v: Value) -> Option<HostValue> {
        if is_undefined(v) {
            return Some(HostValue::Undefined);
        }
        if v.is_null() {
            return Some(HostValue::Null);
        }
        if let Some(b) = v.as_bool() {
            return Some(HostValue::Bool(b));
        }
        if let Some(x) = as_number(v) {
            // Integral numbers that every double represents exactly are integers for the host,
            // whatever representation the engine chose; -0 stays a double, to keep its sign.
            let safe = x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_991.0 && !(x == 0.0 && x.is_sign_negative());
            return Some(if safe { HostValue::Int(x as i64) } else { HostValue::Double(x) });
        }
        as_str(v).map(|s| HostValue::String(s.to_rust_string()))
    }
    fn from_host(rt: &Runtime<Es>, v: &HostValue) -> Result<Value, String> {
        match v {
            HostValue::Undefined => Ok(UNDEFINED),
            HostValue::Null => Ok(Value::NULL),
            HostValue::Bool(b) => Ok(Value::from_bool(*b)),
            // A JavaScript number is a double: integers beyond 2^53 round, as in node.
            HostValue::Int(i) => Ok(number(*i as f64)),
            HostValue::Double(d) => Ok(number(*d)),
            HostValue::String(s) => Ok(str_value(rt, s)),
            HostValue::Guest(_) => Err("a guest value cannot be converted here".to_string()),
        }
    }
    fn define_host_function(rt: &Runtime<Es>, name: &str, arity: usize, f: HostFunction) {
        let index = {
            let mut functions = rt.lang.host_functions.borrow_mut();
            functions.push((f, arity));
            functions.len() - 1
        };
        let func = crate::builtins::builtin(rt, name, arity as u32, call_host, FnKind::Builtin, Value::from_i64(index as i64));
        if let Some(global) = as_object(rt.lang.realm().global) {
            global.define(rt, Key::named(rt, name).symbol(rt), func, PropFlags::HIDDEN);
        }
    }
}

/// Runs `func` with `args` in a frame of a builtin root named `name` (made once), for a request
/// of the host's. An exception that ends it is node's report of it, a requested exit is
/// [`RunError::Exit`].
pub(crate) fn host_request(rt: &Runtime<Es>, name: &'static str, func: crate::runtime::function::BuiltinFn, args: &[Value]) -> Result<Value, RunError> {
    let target = rt.lang.host_entries.borrow().get(name).cloned();
    let target = match target {
        Some(t) => t,
        None => {
            let t: Rc<_> = rt.create_call_target(Box::new(BuiltinRoot::new(name, func)));
            rt.lang.host_entries.borrow_mut().insert(name, t.clone());
            t
        }
    };
    rt.lang.host_report.borrow_mut().take();
    let mut padded = vec![UNDEFINED, UNDEFINED, UNDEFINED];
    padded.extend_from_slice(args);
    let r = rt.call_entry(&target, &padded);
    Es::flush(rt);
    if let Some(report) = rt.lang.host_report.borrow_mut().take() {
        return Err(RunError::Guest(report));
    }
    r.map_err(|u| run_error(*u.take_error()))
}

/// How a framework error that ended a run reaches the embedder: a requested exit, a cancelled
/// run, or (every guest error being an exception, which the run reports itself) an internal
/// error.
fn run_error(e: GuestError) -> RunError {
    match e {
        GuestError::Exit(code) => RunError::Exit(code),
        GuestError::Message(m) => RunError::Internal(m),
        GuestError::Cancelled(m) => RunError::ResourceExhausted(m),
    }
}

/// Runs `body` for a host request, turning an exception that ends it into its report (kept
/// for [`host_request`]), as the main module's run does.
pub(crate) fn reported(f: &mut Frame<'_, Es>, body: impl FnOnce(&mut Frame<'_, Es>) -> Result<Value, Unwind<Value>>) -> Result<Value, Unwind<Value>> {
    let thrown = match body(f) {
        Ok(v) => return Ok(v),
        Err(u) if u.kind() == UnwindKind::Throw => u.take_thrown(),
        Err(u) => {
            let e = u.take_error();
            match <Es as porcini::Language>::error_value(f.runtime(), &e) {
                Some(v) => v,
                None => return Err(Unwind::error(*e)),
            }
        }
    };
    let report = uncaught_report(f, thrown);
    *f.lang().host_report.borrow_mut() = Some(report);
    Ok(UNDEFINED)
}

/// The host's call: the callee, then the arguments.
fn call_value(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let callee = args.first().copied().unwrap_or(UNDEFINED);
    let rest = args.get(1..).unwrap_or(&[]).to_vec();
    reported(f, |f| call(f, callee, UNDEFINED, &rest, "callee"))
}

/// What `console.log` prints for the argument.
fn display_value(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let v = args.first().copied().unwrap_or(UNDEFINED);
    let text = crate::builtins::console_line(f, v);
    Ok(str_value(f.runtime(), &text))
}

/// The global object's property named by the argument (a getter may run, and throw).
fn global_value(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let name = args.first().and_then(|v| as_str(*v)).map(|s| s.to_rust_string()).unwrap_or_default();
    let key = Key::named(f.runtime(), &name);
    let global = f.lang().realm().global;
    reported(f, |f| get(f, global, key))
}

/// A host function's builtin: converts the arguments, calls the embedder's closure, and
/// converts its result, or throws its error as an `Error` at the call.
fn call_host(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let rt = f.runtime();
    let callee = f.arg(ARG_CALLEE as usize);
    let index = as_function(callee).and_then(|c| c.data.as_i64()).unwrap_or(-1);
    let entry = usize::try_from(index).ok().and_then(|i| rt.lang.host_functions.borrow().get(i).cloned());
    let Some((func, arity)) = entry else {
        return Err(crate::runtime::error::throw(f, ErrorKind::Error, "host function not found"));
    };
    let host_args: Vec<HostValue> = (0..arity).map(|i| to_host(rt, crate::builtins::arg(args, i))).collect();
    match func(&host_args).and_then(|v| from_host(rt, &v)) {
        Ok(v) => Ok(v),
        Err(message) => Err(crate::runtime::error::throw(f, ErrorKind::Error, &message)),
    }
}

fn boot(f: &mut Frame<'_, Es>, _this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    crate::builtins::install(f);
    Ok(UNDEFINED)
}

/// Runs the main module (path and source are the arguments); answers `undefined`, or the
/// report of an uncaught exception as a string.
fn run_main(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let text = |i: usize| args.get(i).and_then(|v| as_str(*v)).map(|s| s.to_rust_string()).unwrap_or_default();
    let (path, source) = (text(0), text(1));
    match run_module(f, &path, &source) {
        Ok(_) => Ok(UNDEFINED),
        Err(u) if u.kind() == UnwindKind::Throw => {
            let thrown = u.take_thrown();
            let report = uncaught_report(f, thrown);
            Ok(str_value(f.runtime(), &report))
        }
        // A guest error of the framework's (exhausted recursion) is reported as the value a
        // `catch` would have received; a requested exit goes on.
        Err(u) => {
            let e = u.take_error();
            match <Es as porcini::Language>::error_value(f.runtime(), &e) {
                Some(v) => Ok(str_value(f.runtime(), &uncaught_report(f, v))),
                None => Err(Unwind::error(*e)),
            }
        }
    }
}

/// Loads and runs the module at `path` (whose text is `source`), registering it first so that
/// a cycle of `require`s finds it; answers its `module` object.
pub(crate) fn run_module(f: &mut Frame<'_, Es>, path: &str, source: &str) -> Result<Value, Unwind<Value>> {
    let rt = f.runtime();
    f.lang().sources.borrow_mut().insert(path.to_string(), source.into());
    rt.add_source(path, source);
    let module = parse_module(source, path).map_err(|e| syntax_error(f, path, &e))?;
    let translated = crate::translate::Translator::new(rt, &module).module().map_err(|e| syntax_error(f, path, &e))?;
    let names = f.lang().names();
    let exports = Value::from_object(new_plain_object(rt));
    let module_obj = new_plain_object(rt);
    define(f, module_obj, Key::Name(names.exports), exports, porcini::shape::PropFlags::DATA);
    let module_value = Value::from_object(module_obj);
    f.lang().modules.borrow_mut().insert(path.to_string(), module_value);
    let dir = dirname(path);
    let require = crate::builtins::builtin(rt, "require", 1, crate::builtins::module::require, FnKind::Builtin, str_value(rt, &dir));
    let func = make_function(f, &translated.spec, UNDEFINED, UNDEFINED);
    let args = [exports, require, module_value, str_value(rt, path), str_value(rt, &dir)];
    call(f, func, exports, &args, "module")?;
    Ok(module_value)
}

/// Throws a syntax error of the module at `path`, reported at its position.
pub(crate) fn syntax_error(f: &Frame<'_, Es>, path: &str, e: &SyntaxError) -> Unwind<Value> {
    *f.lang().throw_site.borrow_mut() = ThrowSite { file: path.to_string(), line: e.line, col: e.col };
    Unwind::throw(new_error(f, ErrorKind::SyntaxError, &e.message))
}

/// What node prints for an exception nothing caught: where it was thrown, the source line with
/// a caret, and the value as `console.log` shows it (an error with a blank line before it).
fn uncaught_report(f: &mut Frame<'_, Es>, thrown: Value) -> String {
    let site = f.lang().throw_site.borrow().clone();
    let mut out = String::new();
    if !site.file.is_empty() {
        let line = f.lang().sources.borrow().get(&site.file).and_then(|s| s.lines().nth(site.line.saturating_sub(1) as usize).map(str::to_string));
        out.push_str(&format!("{}:{}\n", site.file, site.line));
        if let Some(text) = line {
            out.push_str(&text);
            out.push('\n');
            out.push_str(&" ".repeat(site.col.saturating_sub(1) as usize));
            out.push_str("^\n");
        }
        if crate::runtime::object::is_error(f, thrown) {
            out.push('\n');
        }
    }
    let shown = crate::builtins::console_line(f, thrown);
    out.push_str(&shown);
    out
}
