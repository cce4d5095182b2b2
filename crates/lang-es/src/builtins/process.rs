//! `process`: `argv`, `stdout.write`, `hrtime`, `exit`, and an empty `env`.

use std::io::Write;

use porcini::{Frame, GuestError, Unwind, Value};

use super::{arg, method, put_hidden, unsupported};
use crate::Es;
use crate::runtime::convert::{to_number, to_string};
use crate::runtime::error::type_error;
use crate::runtime::object::{as_array, new_array, new_plain_object};
use crate::runtime::realm::Realm;
use crate::runtime::{UNDEFINED, is_undefined, number, str_value};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let rt = f.runtime();
    let process = Value::from_object(new_plain_object(rt));
    put_hidden(f, realm.global, "process", process);
    let argv = crate::runtime::object::build_array(rt, |out| {
        f.lang().argv.iter().for_each(|a| out.push(rt, str_value(rt, a)));
        Ok::<(), ()>(())
    })
    .unwrap_or(crate::runtime::UNDEFINED);
    crate::builtins::object::put(f, process, "argv", argv);
    crate::builtins::object::put(f, process, "env", Value::from_object(new_plain_object(rt)));
    let stdout = Value::from_object(new_plain_object(rt));
    crate::builtins::object::put(f, process, "stdout", stdout);
    method(f, stdout, "write", 1, stdout_write);
    let stderr = Value::from_object(new_plain_object(rt));
    crate::builtins::object::put(f, process, "stderr", stderr);
    method(f, stderr, "write", 1, stderr_write);
    method(f, process, "hrtime", 1, hrtime);
    method(f, process, "exit", 1, exit);
    unsupported(f, process, "process", &["on", "nextTick", "cwd", "memoryUsage", "cpuUsage", "uptime"]);
}

fn write_to(f: &mut Frame<'_, Es>, args: &[Value], err: bool) -> Result<Value, Unwind<Value>> {
    let s = to_string(f, arg(args, 0))?.to_rust_string();
    let state = f.lang();
    let stream = if err { &state.err } else { &state.out };
    let _ = stream.borrow_mut().write_all(s.as_bytes());
    Ok(Value::from_bool(true))
}

fn stdout_write(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    write_to(f, args, false)
}

fn stderr_write(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    write_to(f, args, true)
}

/// `process.hrtime([previous])`: `[seconds, nanoseconds]`, or the time since `previous`.
fn hrtime(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let now = (f.lang().now)();
    let (mut secs, mut nanos) = (now.as_secs() as f64, f64::from(now.subsec_nanos()));
    let prev = arg(args, 0);
    if !is_undefined(prev) {
        let Some(p) = as_array(prev) else {
            return Err(type_error(f, "The \"time\" argument must be an instance of Array."));
        };
        let (ps, pn) = (p.get(0).unwrap_or(UNDEFINED), p.get(1).unwrap_or(UNDEFINED));
        let (ps, pn) = (to_number(f, ps)?, to_number(f, pn)?);
        secs -= ps;
        nanos -= pn;
        if nanos < 0.0 {
            secs -= 1.0;
            nanos += 1e9;
        }
    }
    Ok(new_array(f.runtime(), vec![number(secs), number(nanos)]))
}

/// `process.exit(code)`: a requested exit, which no `catch` stops.
fn exit(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let code = if is_undefined(arg(args, 0)) { 0.0 } else { to_number(f, arg(args, 0))? };
    let _ = f.lang().out.borrow_mut().flush();
    Err(Unwind::error(GuestError::Exit(crate::runtime::convert::to_int32(code))))
}
