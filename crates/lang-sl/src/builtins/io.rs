//! `println`, `readln`, `nanoTime`: the builtins that touch the injected streams and the clock.

use std::io::{BufRead, Write};
use std::sync::OnceLock;
use std::time::Instant;

use porcini::{Frame, GuestError, Unwind, Value};

use crate::Sl;
use crate::runtime::display::display;

fn io_error(e: std::io::Error) -> Unwind<Value> {
    GuestError::raise(format!("I/O error: {e}"))
}

/// `println(v)`: writes the display string and a newline; returns `v`.
pub fn println(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let v = args.first().copied().unwrap_or(Value::NULL);
    let mut out = f.lang().out.borrow_mut();
    writeln!(out, "{}", display(v)).map_err(io_error)?;
    Ok(v)
}

/// `readln()`: one line without its terminator; `""` at end of input.
pub fn readln(f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut bytes = Vec::new();
    f.lang().input.borrow_mut().read_until(b'\n', &mut bytes).map_err(io_error)?;
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(f.runtime().new_string(String::from_utf8_lossy(&bytes).into_owned()))
}

/// `nanoTime()`: a monotonic clock in nanoseconds.
pub fn nano_time(_f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let nanos = EPOCH.get_or_init(Instant::now).elapsed().as_nanos();
    Ok(Value::from_i64(i64::try_from(nanos).unwrap_or(i64::MAX)))
}
