//! The sandbox's resource limits (Truffle's `sandbox.*` options): CPU time, statements, heap,
//! stack frames and AST depth. Output sizes are limited where the streams are made
//! ([`crate::engine::Engine::new`] wraps them in a [`LimitedWriter`]).
//!
//! Each check is where the resource is spent, so that a hostile program is stopped whatever it
//! does: statements in the statement hook, frames on the call path (which a frame limit makes
//! every call take), AST depth when a call target is created, CPU time and heap at the
//! safepoints the ticker requests every check interval. Messages name the option and its value,
//! and what the program used.

use std::cell::{Cell, RefCell};
use std::io::Write;
use std::time::Duration;

use porcini_tools::options::SandboxOptions;

use crate::error::Unwind;
use crate::frame::Frame;
use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

use super::{CancelHandle, CpuClock};

/// The limits of one run and what the run has used of them.
pub(crate) struct Limits {
    options: SandboxOptions,
    /// Statements still allowed (`u64::MAX` without a limit).
    statements_left: Cell<u64>,
    /// Guest frames on the stack, counted on the call path when a frame limit is set.
    frames: Cell<u64>,
    clock: RefCell<CpuClock>,
    /// The clock's reading when the run started.
    cpu_start: Cell<Duration>,
}

impl Limits {
    pub(crate) fn new(options: &SandboxOptions) -> Limits {
        let start = std::time::Instant::now();
        Limits {
            options: options.clone(),
            statements_left: Cell::new(options.max_statements.unwrap_or(u64::MAX)),
            frames: Cell::new(0),
            clock: RefCell::new(Box::new(move || start.elapsed())),
            cpu_start: Cell::new(Duration::ZERO),
        }
    }

    pub(crate) fn set_clock(&self, clock: CpuClock) {
        *self.clock.borrow_mut() = clock;
    }

    /// Marks the start of the run for the CPU time limit.
    pub(crate) fn start(&self) {
        self.cpu_start.set((self.clock.borrow())());
    }

    /// How often the ticker must ask for a check: the shorter interval of the limits that are
    /// checked at safepoints, if any is set.
    pub(crate) fn check_interval(&self) -> Option<Duration> {
        let o = &self.options;
        let cpu = o.max_cpu_time.map(|_| o.max_cpu_time_check_interval);
        let heap = o.max_heap_memory.map(|_| o.allocated_bytes_check_interval);
        match (cpu, heap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Counts one statement of `f`; past the limit the run is cancelled.
    pub(crate) fn count_statement<L: Language>(&self, f: &Frame<'_, L>) -> Result<(), Unwind<Value>> {
        let left = self.statements_left.get();
        if left == 0 {
            let max = self.options.max_statements.unwrap_or(0);
            return Err(f.rt.cancel(
                f,
                format!("Statement count limit of {max} exceeded (sandbox.MaxStatements={max}). Statements executed {}.", max + 1),
            ));
        }
        if left != u64::MAX {
            self.statements_left.set(left - 1);
        }
        Ok(())
    }

    /// A new frame of `f`'s target is about to run; past the frame limit the run is cancelled.
    #[inline(never)]
    pub(crate) fn enter_frame<L: Language>(&self, rt: &Runtime<L>, caller: Option<&Frame<'_, L>>) -> Result<(), Unwind<Value>> {
        let n = self.frames.get() + 1;
        let max = self.options.max_stack_frames.unwrap_or(u64::MAX);
        if n > max {
            let what = format!("Stack frame limit of {max} exceeded (sandbox.MaxStackFrames={max}).");
            return Err(match caller {
                Some(c) => rt.cancel(c, what),
                None => Unwind::error(crate::error::GuestError::Cancelled(what)),
            });
        }
        self.frames.set(n);
        Ok(())
    }

    /// A frame counted by [`Limits::enter_frame`] returned.
    pub(crate) fn leave_frame(&self) {
        self.frames.set(self.frames.get().saturating_sub(1));
    }

    /// The AST depth limit, if one is set.
    pub(crate) fn max_ast_depth(&self) -> Option<u64> {
        self.options.max_ast_depth
    }

    /// The periodic check: CPU time used so far, and the heap the program retains (after a
    /// collection, so that garbage does not count).
    pub(crate) fn check_time_and_heap<L: Language>(&self, rt: &Runtime<L>, f: &Frame<'_, L>) -> Result<(), Unwind<Value>> {
        if let Some(max) = self.options.max_cpu_time {
            let used = (self.clock.borrow())().saturating_sub(self.cpu_start.get());
            if used > max {
                return Err(rt.cancel(
                    f,
                    format!(
                        "Maximum CPU time limit of {} exceeded (sandbox.MaxCPUTime). CPU time used: {}ms.",
                        show_duration(max),
                        used.as_millis()
                    ),
                ));
            }
        }
        if let Some(max) = self.options.max_heap_memory
            && rt.heap.stats().live_bytes as u64 > max
        {
            rt.collect_garbage();
            let retained = rt.heap.stats().last_marked_bytes as u64;
            if retained > max {
                return Err(rt.cancel(
                    f,
                    format!(
                        "Maximum heap memory limit of {} exceeded (sandbox.MaxHeapMemory). Heap retained: {} bytes.",
                        show_size(max),
                        retained
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A duration as the option spells it.
fn show_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) { format!("{}s", ms / 1000) } else { format!("{ms}ms") }
}

/// A size as the option spells it.
fn show_size(b: u64) -> String {
    match b {
        _ if b.is_multiple_of(1 << 30) => format!("{}GB", b >> 30),
        _ if b.is_multiple_of(1 << 20) => format!("{}MB", b >> 20),
        _ if b.is_multiple_of(1 << 10) => format!("{}KB", b >> 10),
        _ => format!("{b}B"),
    }
}

/// A guest stream with a size limit (`sandbox.MaxOutputStreamSize`, `MaxErrorStreamSize`): it
/// writes up to the limit, then fails every write with an error naming the limit and cancels
/// the run, which ends at its next safepoint even if the program ignores the failed write.
pub struct LimitedWriter {
    inner: Box<dyn Write>,
    left: u64,
    option: &'static str,
    max: u64,
    cancel: CancelHandle,
}

impl LimitedWriter {
    /// `inner`, limited to `max` bytes by `option`; `cancel` cancels the run past the limit.
    pub fn new(inner: Box<dyn Write>, max: u64, option: &'static str, cancel: CancelHandle) -> LimitedWriter {
        LimitedWriter { inner, left: max, option, max, cancel }
    }
    /// The message of the error a write past the limit fails with.
    pub fn message(option: &str, max: u64) -> String {
        format!("Output limit of {} exceeded ({option}={}).", show_size(max), show_size(max))
    }
}

impl Write for LimitedWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() as u64 > self.left {
            let fits = self.left as usize;
            if fits > 0 {
                self.inner.write_all(&buf[..fits])?;
                self.left = 0;
            }
            let _ = self.inner.flush();
            let message = LimitedWriter::message(self.option, self.max);
            self.cancel.cancel(message.clone());
            return Err(std::io::Error::other(message));
        }
        let n = self.inner.write(buf)?;
        self.left -= n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
