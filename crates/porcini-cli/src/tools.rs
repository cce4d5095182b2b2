//! The launcher's side of the tools and the sandbox: the guest thread's CPU clock, which the
//! `sandbox.MaxCPUTime` limit reads, and writing the tools' reports where their options say.
//!
//! Both are process I/O, which is why they live here and not in the engine: the clock reads
//! the kernel's per-thread scheduler statistics, and reports go to standard output or to files.

use std::io::Write;
use std::time::Duration;

use porcini::ToolReport;

/// The CPU time the calling thread has used, from `/proc/thread-self/schedstat` (its first
/// field is the time on a CPU in nanoseconds). `None` where the kernel does not provide it;
/// the limit then measures wall time.
pub fn thread_cpu_clock() -> Option<Box<dyn Fn() -> Duration>> {
    read_thread_cpu_time()?;
    // The last good reading stands in for one that fails later (it never should).
    let last = std::cell::Cell::new(Duration::ZERO);
    Some(Box::new(move || {
        if let Some(t) = read_thread_cpu_time() {
            last.set(t);
        }
        last.get()
    }))
}

fn read_thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Writes each report to its file or to standard output. A report that cannot be written is
/// reported on standard error; the answer is whether all were written.
pub fn write_reports(reports: &[ToolReport]) -> bool {
    let mut ok = true;
    for r in reports {
        let written = match &r.file {
            None => {
                let mut out = std::io::stdout().lock();
                out.write_all(r.text.as_bytes()).and_then(|()| out.flush()).map_err(|e| format!("Cannot write standard output: {e}"))
            }
            Some(path) => write_file(path, &r.text, r.must_not_exist),
        };
        if let Err(msg) = written {
            super::report(&format!("[{}] {msg}", r.tool));
            ok = false;
        }
    }
    ok
}

fn write_file(path: &str, text: &str, must_not_exist: bool) -> Result<(), String> {
    let mut open = std::fs::OpenOptions::new();
    open.write(true);
    if must_not_exist {
        open.create_new(true);
    } else {
        open.create(true).truncate(true);
    }
    let mut f = open.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => format!("Cannot write '{path}': the output file already exists."),
        _ => format!("Cannot write '{path}': {e}"),
    })?;
    f.write_all(text.as_bytes()).map_err(|e| format!("Cannot write '{path}': {e}"))
}
