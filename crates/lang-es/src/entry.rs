//! Evaluating a source in the engine's global scope, as one entry of node's REPL: what an
//! entry declares at its top level stays visible to later entries, and its value is that of its
//! last expression statement.
//!
//! An entry runs as a CommonJS module does, with `this` the global object as in node's REPL.
//! Its top-level declarations are bindings of that module function, so to keep them, the entry
//! is given one more statement, parsed with it and then moved to the front of its body: a call
//! of a hidden global, [`BIND`], with a getter and a setter closing over each declared name,
//! which become an accessor property of the global object. Later entries, where the name is
//! undeclared, reach the global property and so the binding itself: a closure of the first
//! entry and code of the next see the same variable, a `const` stays constant (its setter
//! throws), and a `let` read before its declaration ran throws as it would inside the entry.
//! The statement is appended after the entry, on a line of its own, so that the positions in
//! the entry's errors are the entry's own. Unlike node, an entry may declare a name an earlier
//! entry declared; the new binding replaces the old.
//!
//! An entry whose only problem is that it ends too early (node's `Unexpected end of input`, an
//! unterminated template literal) is incomplete; like node, an entry that starts with `{` and
//! does not end with `;` is read as an object literal when it can be.

use porcini::embed::Entry;
use porcini::shape::PropFlags;
use porcini::{Frame, Program, RunError, Runtime, Unwind, Value};

use crate::Es;
use crate::builtins::module::dirname;
use crate::engine::{host_request, reported, syntax_error};
use crate::nodes::function::make_function;
use crate::parser::ast::{FunctionBody, StmtKind};
use crate::parser::{BindingKind, Module, SyntaxError, parse_module};
use crate::runtime::function::FnKind;
use crate::runtime::object::{as_object, call, define, define_accessor, has_property, new_plain_object};
use crate::runtime::{Key, UNDEFINED, as_str, str_value};

/// The hidden global an entry calls to bind its declarations globally.
pub const BIND: &str = "__porcini_repl_bind__";

/// Evaluates `program` as a REPL entry in `rt`'s global scope (see the module documentation).
pub(crate) fn eval(rt: &Runtime<Es>, program: Program<'_>) -> Result<Entry, RunError> {
    let (path, source) = (program.path, program.source);
    let trimmed = source.trim();
    let literal = format!("({source}\n)");
    let code = if trimmed.starts_with('{') && !trimmed.ends_with(';') && parse_module(&literal, path).is_ok() { literal } else { source.to_string() };
    let module = match parse_module(&code, path) {
        Ok(m) => m,
        Err(e) => {
            let report = RunError::Guest(syntax_report(&code, path, &e));
            return if ends_early(&code, &e) { Ok(Entry::Incomplete(report)) } else { Err(report) };
        }
    };
    let names = top_level_names(&module);
    let full = if names.is_empty() {
        code
    } else {
        // Names are identifiers, so they go into the text as they are; the string literal is
        // Rust's quoting, whose escapes JavaScript reads the same way.
        let pairs: Vec<String> = names.iter().map(|n| format!("{n:?}, () => {n}, (v) => {{ {n} = v; }}")).collect();
        format!("{code}\n;{BIND}({});", pairs.join(", "))
    };
    let bound = !names.is_empty();
    host_request(rt, "<repl entry>", run_entry, &[str_value(rt, path), str_value(rt, &full), Value::from_bool(bound), Value::from_i64(source_len(&full, bound))]).map(Entry::Value)
}

/// The length of the entry's own text within `full`, before the appended statement.
fn source_len(full: &str, bound: bool) -> i64 {
    let own = if bound { full.rfind(&format!("\n;{BIND}(")).unwrap_or(full.len()) } else { full.len() };
    own as i64
}

/// Whether the only thing wrong with the source is that it stops too early: the parser ran out
/// of input (node's `Unexpected end of input`, an unterminated template literal), or found
/// something missing where the input ends (`missing ) after argument list` after `f(1,\n2`).
fn ends_early(source: &str, e: &SyntaxError) -> bool {
    if e.message == "Unexpected end of input" || e.message.starts_with("Unterminated template") {
        return true;
    }
    let text = source.trim_end();
    let end_line = text.matches('\n').count() as u32 + 1;
    let last = text.rsplit('\n').next().unwrap_or("");
    let end_col = last.encode_utf16().count() as u32 + 1;
    e.line > end_line || (e.line == end_line && e.col >= end_col)
}

/// Node's report of a syntax error: the line, a caret under the position, and the error.
fn syntax_report(source: &str, path: &str, e: &SyntaxError) -> String {
    let line = source.lines().nth(e.line.saturating_sub(1) as usize).unwrap_or("");
    format!("{path}:{}\n{line}\n{}^\n\nSyntaxError: {}", e.line, " ".repeat(e.col.saturating_sub(1) as usize), e.message)
}

/// The names the entry declares at its top level, in declaration order.
fn top_level_names(module: &Module) -> Vec<String> {
    let scope = module.resolution.scope(module.function.body_scope);
    scope
        .bindings
        .iter()
        .map(|&b| module.resolution.binding(b))
        .filter(|b| matches!(b.kind, BindingKind::Var | BindingKind::Let | BindingKind::Const | BindingKind::Class | BindingKind::Function))
        .map(|b| b.name.clone())
        .collect()
}

/// Runs an entry (arguments: its path, its text with the binding statement, whether it has
/// one, and where the entry's own text ends) and answers its value.
fn run_entry(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    reported(f, |f| run_module_entry(f, args))
}

/// [`run_entry`]'s work, whose exception [`run_entry`] reports.
fn run_module_entry(f: &mut Frame<'_, Es>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let text = |i: usize| args.get(i).and_then(|v| as_str(*v)).map(|s| s.to_rust_string()).unwrap_or_default();
    let (path, full) = (text(0), text(1));
    let bound = args.get(2).and_then(|v| v.as_bool()).unwrap_or(false);
    let own = args.get(3).and_then(|v| v.as_i64()).unwrap_or(0) as u32;
    let rt = f.runtime();
    install_bind(f);
    f.lang().sources.borrow_mut().insert(path.clone(), full.as_str().into());
    let mut module = parse_module(&full, &path).map_err(|e| syntax_error(f, &path, &e))?;
    if let FunctionBody::Block(stmts) = &mut module.function.body {
        let bind = if bound { stmts.pop() } else { None };
        // `;` after an entry that ended with a complete statement is an empty statement of
        // the appended text; it goes with the binding call.
        if bind.is_some() && stmts.last().is_some_and(|s| matches!(s.kind, StmtKind::Empty) && s.span.start >= own) {
            stmts.pop();
        }
        if let Some(last) = stmts.last_mut()
            && let StmtKind::Expr(e) = &last.kind
        {
            last.kind = StmtKind::Return(Some(e.clone()));
        }
        if let Some(b) = bind {
            stmts.insert(0, b);
        }
    }
    let translated = crate::translate::Translator::new(rt, &module).module().map_err(|e| syntax_error(f, &path, &e))?;
    let names = f.lang().names();
    let exports = Value::from_object(new_plain_object(rt));
    let module_obj = new_plain_object(rt);
    define(f, module_obj, Key::Name(names.exports), exports, PropFlags::DATA);
    let dir = dirname(&path);
    let require = crate::builtins::builtin(rt, "require", 1, crate::builtins::module::require, FnKind::Builtin, str_value(rt, &dir));
    let func = make_function(f, &translated.spec, UNDEFINED, UNDEFINED);
    let global = f.lang().realm().global;
    let call_args = [exports, require, Value::from_object(module_obj), str_value(rt, &path), str_value(rt, &dir)];
    call(f, func, global, &call_args, "module")
}

/// Defines the hidden global [`BIND`], once.
fn install_bind(f: &Frame<'_, Es>) {
    let rt = f.runtime();
    let Some(global) = as_object(rt.lang.realm().global) else { return };
    let key = Key::named(rt, BIND);
    if !has_property(f, global, key) {
        let bind = crate::builtins::builtin(rt, BIND, 0, bind, FnKind::Builtin, UNDEFINED);
        define(f, global, key, bind, PropFlags::HIDDEN);
    }
}

/// [`BIND`]`(name, get, set, ...)`: makes each name an accessor property of the global object.
fn bind(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let rt = f.runtime();
    let Some(global) = as_object(rt.lang.realm().global) else { return Ok(UNDEFINED) };
    for triple in args.chunks_exact(3) {
        if let Some(name) = as_str(triple[0]) {
            let key = Key::named(rt, &name.to_rust_string());
            define_accessor(f, global, key, Some(triple[1]), Some(triple[2]), PropFlags::HIDDEN);
        }
    }
    Ok(UNDEFINED)
}
