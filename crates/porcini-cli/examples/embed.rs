//! Embedding porcini in a Rust program: an engine per language, built with options and the
//! JIT; sources evaluated; guest functions called with host values; a host function guest code
//! calls; a guest object kept by the host and passed back; errors read as values; a resource
//! limit stopping an endless loop.
//!
//! `cargo run --example embed` prints what it does; `cargo test` runs it as a test too, with
//! its output checked.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use lang_es::Es;
use lang_sl::Sl;
use porcini::embed::HostValue;
use porcini::{Engine, Host, RunError};

/// Runs the whole example, writing what it finds to `out`.
fn run(out: &mut dyn Write) -> Result<(), Box<dyn std::error::Error>> {
    // Guest output goes wherever the host says; here into a buffer the example reads back.
    let guest_out = Rc::new(RefCell::new(Vec::new()));
    let host = Host::new(Box::new(SharedBuffer(guest_out.clone())));

    // JavaScript, compiled by the JIT once hot; options (and the sandbox's limits) are set on
    // the builder.
    let js = Engine::<Es>::builder(host).option("engine.SingleTierCompilationThreshold", "50")?.option("engine.BackgroundCompilation", "false")?.compiler(jit()?).build();
    js.register_function("hostSqrt", 1, |args| match args[0].as_f64() {
        Some(x) if x >= 0.0 => Ok(HostValue::Double(x.sqrt())),
        _ => Err(format!("hostSqrt needs a non-negative number, not {}", args[0])),
    });
    js.eval(
        "function norm(p) { return hostSqrt(p.x * p.x + p.y * p.y); }\n\
         const origin = { x: 0, y: 0 };\n\
         function move(p, dx) { console.log('moving by', dx); return { x: p.x + dx, y: p.y }; }",
        "geometry.js",
    )?;
    let norm = js.function("norm").ok_or("norm is not defined")?;
    let point = js.eval("({ x: 3, y: 4 })", "point.js")?;
    writeln!(out, "norm of {} = {}", js.display(&point), norm.call(&js, std::slice::from_ref(&point))?)?;
    let moved = js.function("move").ok_or("move is not defined")?.call(&js, &[point, HostValue::Int(2)])?;
    writeln!(out, "moved: {}", js.display(&moved))?;
    writeln!(out, "guest printed: {}", String::from_utf8_lossy(&guest_out.borrow()).trim_end())?;
    let mut total = 0.0;
    for i in 0..200 {
        let p = js.eval(&format!("({{ x: {i}, y: 0 }})"), "loop.js")?;
        total += norm.call(&js, &[p])?.as_f64().unwrap_or(0.0);
    }
    writeln!(out, "sum of 200 norms = {total}")?;
    match js.eval("hostSqrt(-1)", "bad.js") {
        Err(RunError::Guest(report)) => writeln!(out, "error: {}", report.lines().find(|l| l.starts_with("Error")).unwrap_or(&report))?,
        other => writeln!(out, "unexpected: {other:?}")?,
    }

    // SL, interpreted: functions defined once are called with host integers.
    let sl = Engine::<Sl>::builder(Host::new(Box::new(std::io::sink()))).option("engine.Compilation", "false")?.build();
    sl.register_function("hostTwice", 1, |args| args[0].as_i64().map(|n| HostValue::Int(2 * n)).ok_or_else(|| "not an integer".to_string()));
    sl.eval("function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }", "fib.sl")?;
    let fib = sl.function("fib").ok_or("fib is not defined")?;
    writeln!(out, "fib(20) = {}", fib.call(&sl, &[HostValue::Int(20)])?)?;
    writeln!(out, "hostTwice(fib(10)) = {}", sl.eval("hostTwice(fib(10))", "query.sl")?)?;

    // Untrusted code runs under the sandbox's limits: an endless loop is stopped after its
    // ten-thousandth statement, with an error naming the limit, and the host goes on (here
    // with another engine, as that one is cancelled for good).
    let limited = Engine::<Sl>::builder(Host::new(Box::new(std::io::sink()))).option("sandbox.MaxStatements", "10000")?.compiler(jit()?).build();
    limited.eval("function spin() { i = 0; while (1 == 1) { i = i + 1; } }", "spin.sl")?;
    match limited.eval("spin()", "untrusted.sl") {
        Err(RunError::ResourceExhausted(why)) => writeln!(out, "stopped: {why}")?,
        other => writeln!(out, "unexpected: {other:?}")?,
    }
    writeln!(out, "fib(15) after that = {}", fib.call(&sl, &[HostValue::Int(15)])?)?;
    Ok(())
}

/// The JIT, or the reason this machine has none.
fn jit() -> Result<Rc<porcini_jit::Jit>, String> {
    porcini_jit::Jit::new().map(Rc::new)
}

/// A writer into a buffer the host keeps a handle on.
struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn main() -> std::process::ExitCode {
    let mut stdout = std::io::stdout().lock();
    match run(&mut stdout) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "embed: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[test]
fn the_example_runs_and_prints_what_it_computed() {
    let mut out = Vec::new();
    run(&mut out).expect("the example runs");
    let text = String::from_utf8(out).expect("UTF-8");
    let expected = "norm of { x: 3, y: 4 } = 5\n\
                    moved: { x: 5, y: 4 }\n\
                    guest printed: moving by 2\n\
                    sum of 200 norms = 19900\n\
                    error: Error: hostSqrt needs a non-negative number, not -1\n\
                    fib(20) = 6765\n\
                    hostTwice(fib(10)) = 110\n\
                    stopped: Statement count limit of 10000 exceeded (sandbox.MaxStatements=10000). Statements executed 10001. Stopped in spin (spin.sl:1).\n\
                    fib(15) after that = 610\n";
    assert_eq!(text, expected);
}
