//! EasyScript's side of the engine ([`Launch`] for [`Es`]): install the built-in objects, run
//! a main module, report how it ended (an uncaught exception is a [`RunError::Guest`] holding
//! node's report).
//!
//! A module runs as node runs a CommonJS module: its code is the body of a function of
//! `exports`, `require`, `module`, `__filename` and `__dirname`, called with `this` bound to
//! `module.exports`. The engine does no process I/O: output goes to the streams it was given,
//! files and the clock come from the [`Host`], and how a run ended comes back as a value for
//! the launcher to print.

use std::io::Write;

use porcini::{Engine, Frame, GuestError, Host, Launch, Program, RunError, Runtime, Unwind, UnwindKind, Value};

use crate::Es;
use crate::builtins::module::dirname;
use crate::nodes::function::make_function;
use crate::nodes::root::BuiltinRoot;
use crate::parser::{SyntaxError, parse_module};
use crate::runtime::error::{ErrorKind, new_error};
use crate::runtime::function::FnKind;
use crate::runtime::object::{call, define, new_plain_object};
use crate::runtime::realm::Realm;
use crate::runtime::state::{EsState, ThrowSite};
use crate::runtime::{Key, UNDEFINED, as_str, str_value};

/// An engine running EasyScript programs.
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
            Err(u) => Err(match *u.take_error() {
                GuestError::Exit(code) => RunError::Exit(code),
                GuestError::Message(m) => RunError::Internal(m),
                GuestError::Cancelled(m) => RunError::ResourceExhausted(m),
            }),
        }
    }
    fn flush(rt: &Runtime<Es>) {
        let _ = rt.lang.out.borrow_mut().flush();
        let _ = rt.lang.err.borrow_mut().flush();
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
fn syntax_error(f: &Frame<'_, Es>, path: &str, e: &SyntaxError) -> Unwind<Value> {
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
