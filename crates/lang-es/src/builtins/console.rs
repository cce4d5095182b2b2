//! `console`: `log` (and `info`, `debug`) to standard output, `error` and `warn` to standard
//! error, each argument formatted as node's `console.log` does.

use std::io::Write;

use porcini::{Frame, Unwind, Value};

use super::inspect::LiveHeap;
use super::{method, put_hidden};
use crate::Es;
use crate::runtime::inspect::format_log_args;
use crate::runtime::realm::Realm;
use crate::runtime::{UNDEFINED, object::new_plain_object};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let console = Value::from_object(new_plain_object(f.runtime()));
    put_hidden(f, realm.global, "console", console);
    method(f, console, "log", 0, log);
    method(f, console, "info", 0, log);
    method(f, console, "debug", 0, log);
    method(f, console, "error", 0, error);
    method(f, console, "warn", 0, error);
}

/// The line `console.log(...args)` prints.
pub(crate) fn format_line(f: &mut Frame<'_, Es>, args: &[Value]) -> Vec<u8> {
    let mut heap = LiveHeap::new(f);
    let vals: Vec<_> = args.iter().map(|&a| heap.value(a)).collect();
    let mut text = format_log_args(&mut heap, &vals);
    text.push('\n');
    text.into_bytes()
}

fn log(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let line = format_line(f, args);
    let _ = f.lang().out.borrow_mut().write_all(&line);
    Ok(UNDEFINED)
}

fn error(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let line = format_line(f, args);
    let _ = f.lang().err.borrow_mut().write_all(&line);
    Ok(UNDEFINED)
}
