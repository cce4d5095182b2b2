//! Instruments: what the tools and the sandbox need from a running program, for every language.
//!
//! Two mechanisms serve them all. **Safepoints** are places where guest code, interpreted or
//! compiled, looks at one word that another thread may raise: every loop iteration, every call
//! in the interpreter, and the entry of compiled code. A ticker thread raises the word at the
//! CPU sampler's period and at the limits' check interval; the guest thread then, at its next
//! safepoint, takes a sample of its own stack or checks its CPU time and heap. Sampling
//! therefore costs the guest nothing between ticks, and a stack is only ever read by the
//! thread that owns it. Compiled code has safepoints only when a tool or a limit is on: without
//! them nothing can raise the word, and the code is exactly what it was before the tools
//! existed (the IR snapshot tests hold it to that). **Statement hooks** run before each statement of a block when coverage
//! or a statement limit is on; they count statements (per statement, for coverage) and stop a
//! program that ran too many. When neither is on, the interpreter tests one flag per block and
//! compiled code contains no hook at all.
//!
//! A limit that is exceeded cancels the run with [`GuestError::Cancelled`], which no guest
//! `catch` can stop and which the languages report as a resource-exhausted run. Each module
//! here holds one instrument: `ticker` the timer thread, `limits` the sandbox, `sampler` the
//! CPU sampler's stacks, `coverage` the statement counts.

mod coverage;
mod limits;
mod sampler;
mod ticker;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use porcini_tools::options::ToolOptions;

use crate::call_target::CallTargetId;
use crate::error::{GuestError, Unwind};
use crate::frame::Frame;
use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

pub use coverage::StatementPosition;
pub(crate) use limits::Limits;
pub use limits::LimitedWriter;
pub use sampler::{SampleLog, SampledStack};

use coverage::Coverage;
use ticker::Ticker;

/// The bits of the interrupt word.
pub mod bit {
    /// Take a sample of the stack.
    pub const SAMPLE: u32 = 1;
    /// Check the CPU time and heap limits.
    pub const CHECK: u32 = 2;
    /// The run is cancelled (a limit found exceeded outside guest code): every safepoint
    /// raises the cancellation, and the bit stays raised.
    pub const CANCEL: u32 = 4;
    /// Set for good when a frame limit counts calls: the call path then takes its slow side.
    /// Compiled code's safepoints ignore it ([`POLLED`]).
    pub const FRAMES: u32 = 8;
    /// The bits compiled code's safepoints answer.
    pub const POLLED: u32 = SAMPLE | CHECK | CANCEL;
    /// The bits a safepoint leaves raised.
    pub const PERSISTENT: u32 = CANCEL | FRAMES;
}

/// Reads the guest thread's CPU time (the host's clock; wall time since the start by default).
pub type CpuClock = Box<dyn Fn() -> Duration>;

/// The instruments of one runtime (see the module documentation).
pub struct Instruments {
    /// Raised by the ticker, cleared by the guest at a safepoint. Boxed in an `Arc` so that the
    /// ticker thread can hold it and compiled code can read it at a fixed address.
    interrupt: Arc<AtomicU32>,
    ticker: RefCell<Option<Ticker>>,
    /// Whether statement hooks run (coverage or a statement limit).
    statements: bool,
    pub(crate) limits: Limits,
    coverage: Option<Coverage>,
    sampler: Option<RefCell<SampleLog>>,
    /// Whether anything may ever raise the interrupt word (a tool or a limit is on): compiled
    /// code polls only then, so code compiled without tools has no safepoints at all.
    polls: bool,
    /// Whether calls must go through the runtime's call path (a frame limit counts them there),
    /// which also keeps partial evaluation from inlining them.
    counts_frames: bool,
    /// The options the instruments were made with.
    tools: ToolOptions,
    started: Cell<bool>,
    /// Why the run is cancelled, once it is (see [`bit::CANCEL`]).
    cancelled: Rc<RefCell<Option<String>>>,
}

impl Instruments {
    /// The instruments `options` ask for; none run until [`Instruments::start`].
    pub fn new(options: &ToolOptions) -> Instruments {
        let sampler = options.sampler.enabled.then(|| RefCell::new(SampleLog::new(&options.sampler)));
        let coverage = options.coverage.enabled.then(Coverage::default);
        Instruments {
            interrupt: Arc::new(AtomicU32::new(if options.sandbox.max_stack_frames.is_some() { bit::FRAMES } else { 0 })),
            ticker: RefCell::new(None),
            statements: coverage.is_some() || options.sandbox.max_statements.is_some(),
            limits: Limits::new(&options.sandbox),
            coverage,
            sampler,
            counts_frames: options.sandbox.max_stack_frames.is_some(),
            polls: options.sampler.enabled || options.sandbox.any(),
            tools: options.clone(),
            started: Cell::new(false),
            cancelled: Rc::new(RefCell::new(None)),
        }
    }

    /// Starts the ticker thread if an instrument needs one (the sampler, a CPU time or heap
    /// limit). `clock` reads the guest thread's CPU time. The error says why the ticker
    /// thread could not be started.
    pub fn start(&self, clock: Option<CpuClock>) -> Result<(), String> {
        if self.started.replace(true) {
            return Ok(());
        }
        if let Some(clock) = clock {
            self.limits.set_clock(clock);
        }
        self.limits.start();
        let sample_every = self.sampler.as_ref().map(|_| Duration::from_millis(self.tools.sampler.period_ms));
        let sample_delay = Duration::from_millis(self.tools.sampler.delay_ms);
        let check_every = self.limits.check_interval();
        if sample_every.is_some() || check_every.is_some() {
            let missed = self.sampler.as_ref().map(|s| s.borrow().missed_counter());
            let t = Ticker::spawn(self.interrupt.clone(), sample_every, sample_delay, check_every, missed)
                .map_err(|e| format!("cannot start the tools' ticker thread: {e}"))?;
            *self.ticker.borrow_mut() = Some(t);
        }
        Ok(())
    }

    /// Stops the ticker; samples already taken are kept.
    pub fn stop(&self) {
        if let Some(t) = self.ticker.borrow_mut().take() {
            t.stop();
        }
    }

    /// The address of the interrupt word, for compiled code to poll.
    pub fn interrupt_address(&self) -> usize {
        Arc::as_ptr(&self.interrupt) as usize
    }

    /// Whether a safepoint has work. Without tools and limits nothing can raise the word, and
    /// a flag of the runtime's answers without reading it.
    #[inline(always)]
    pub fn pending(&self) -> bool {
        self.polls && self.interrupt.load(Ordering::Relaxed) & bit::POLLED != 0
    }

    /// The interrupt word as the call path reads it: zero unless a safepoint has work or
    /// calls are counted ([`bit::FRAMES`]), and zero without reading it when no tool or limit
    /// is on.
    #[inline(always)]
    pub(crate) fn call_hooks(&self) -> u32 {
        if self.polls { self.interrupt.load(Ordering::Relaxed) } else { 0 }
    }

    /// Cancels the run at its next safepoint, and at every one after, with `message` (a limit
    /// exceeded where no guest frame is at hand: a function too deep, output too large).
    pub fn cancel_at_next_safepoint(&self, message: String) {
        self.cancel_handle().cancel(message);
    }

    /// What cancels the run from outside the runtime (a limited output stream).
    pub fn cancel_handle(&self) -> CancelHandle {
        CancelHandle { interrupt: self.interrupt.clone(), message: self.cancelled.clone() }
    }

    /// The message of a cancellation requested by [`Instruments::cancel_at_next_safepoint`].
    pub fn cancellation(&self) -> Option<String> {
        self.cancelled.borrow().clone()
    }

    /// Whether compiled code needs safepoints: only when a tool or a limit may raise the
    /// interrupt word.
    #[inline(always)]
    pub fn polls(&self) -> bool {
        self.polls
    }

    /// Whether statement hooks run.
    #[inline(always)]
    pub fn counts_statements(&self) -> bool {
        self.statements
    }

    /// Whether calls are counted as frames (a frame limit is set; [`bit::FRAMES`] is raised).
    #[inline(always)]
    pub fn counts_frames(&self) -> bool {
        self.counts_frames
    }

    /// The CPU sampler's log, when it runs.
    pub fn samples(&self) -> Option<std::cell::Ref<'_, SampleLog>> {
        self.sampler.as_ref().map(|s| s.borrow())
    }

    /// The tools' options.
    pub fn options(&self) -> &ToolOptions {
        &self.tools
    }
}

/// Cancels a run at its next safepoint (see [`Instruments::cancel_handle`]).
#[derive(Clone)]
pub struct CancelHandle {
    interrupt: Arc<AtomicU32>,
    message: Rc<RefCell<Option<String>>>,
}

impl CancelHandle {
    /// Cancels the run with `message` (the first cancellation's message is kept).
    pub fn cancel(&self, message: String) {
        self.message.borrow_mut().get_or_insert(message);
        self.interrupt.fetch_or(bit::CANCEL, Ordering::Relaxed);
    }
}

/// The node of compiled safepoints' boundary site: they need none, but a site names one.
pub struct SafepointSite;
/// The one [`SafepointSite`].
pub static SAFEPOINT: SafepointSite = SafepointSite;
/// The node of compiled statement hooks' boundary site (the statement is an argument).
pub struct StatementSite;
/// The one [`StatementSite`].
pub static STATEMENT: StatementSite = StatementSite;

/// What compiled code calls at a safepoint whose interrupt word is raised: the arguments are
/// the ids of the callees it runs inlined there, outermost first.
pub fn safepoint_boundary<L: Language>(_: &SafepointSite, f: &mut Frame<'_, L>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let inlined: Vec<CallTargetId> = args.iter().filter_map(|v| v.as_i64()).map(|i| CallTargetId(i as u32)).collect();
    f.rt.safepoint(f, &inlined, true)?;
    Ok(Value::EMPTY)
}

/// What compiled code calls before a statement while statements are counted: the argument is
/// the statement node's address.
pub fn statement_boundary<L: Language>(_: &StatementSite, f: &mut Frame<'_, L>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let addr = args.first().and_then(|v| v.as_i64()).unwrap_or(0) as usize;
    f.rt.on_statement(f, addr)?;
    Ok(Value::EMPTY)
}

impl Drop for Instruments {
    fn drop(&mut self) {
        self.stop();
    }
}

impl<L: Language> Runtime<L> {
    /// The safepoint of `f`: does what the ticker asked for. `inlined` names the callees
    /// compiled code was running inlined at the safepoint, outermost first; `compiled` says
    /// whether `f` runs compiled code. A limit that is exceeded cancels the run.
    #[cold]
    #[inline(never)]
    pub(crate) fn safepoint(&self, f: &Frame<'_, L>, inlined: &[CallTargetId], compiled: bool) -> Result<(), Unwind<Value>> {
        let bits = self.instruments.interrupt.fetch_and(bit::PERSISTENT, Ordering::Relaxed);
        if bits & bit::CANCEL != 0 {
            let what = self.instruments.cancellation().unwrap_or_default();
            return Err(Unwind::error(GuestError::Cancelled(what)));
        }
        if bits & bit::SAMPLE != 0
            && let Some(log) = &self.instruments.sampler
        {
            log.borrow_mut().record(self, f, inlined, compiled);
        }
        if bits & bit::CHECK != 0 {
            self.instruments.limits.check_time_and_heap(self, f)?;
        }
        Ok(())
    }

    /// The statement hook: the statement at `addr` is about to run in `f`.
    #[cold]
    #[inline(never)]
    pub(crate) fn on_statement(&self, f: &Frame<'_, L>, addr: usize) -> Result<(), Unwind<Value>> {
        let internal = f.target.is_some_and(|t| t.root().is_internal());
        if let Some(c) = &self.instruments.coverage
            && (!internal || self.instruments.tools.coverage.track_internal)
        {
            c.hit(addr);
        }
        if !internal || self.instruments.tools.sandbox.max_statements_include_internal {
            self.instruments.limits.count_statement(f)?;
        }
        Ok(())
    }

    /// The run was cancelled by a limit: the guest error that says so, with where it stopped.
    pub(crate) fn cancel<V>(&self, f: &Frame<'_, L>, what: String) -> Unwind<V> {
        let at = std::iter::successors(Some(f), |fr| fr.caller)
            .filter_map(|fr| fr.target)
            .find(|t| !t.root().is_internal())
            .map(|t| format!(" Stopped in {} ({}).", if t.name().is_empty() { "<anonymous>" } else { t.name() }, t.source_location().unwrap_or_default()))
            .unwrap_or_default();
        Unwind::error(GuestError::Cancelled(format!("{what}{at}")))
    }

    /// The covered statements and roots of every source, for the coverage tool's output; `None`
    /// when coverage is off.
    pub fn coverage_report(&self) -> Option<Vec<porcini_tools::coverage::CoveredSource>> {
        let c = self.instruments.coverage.as_ref()?;
        Some(c.report(self, self.instruments.tools.coverage.track_internal))
    }
}
