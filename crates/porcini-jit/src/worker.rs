//! Code generation, on the guest's thread or on the compiler thread.
//!
//! Partial evaluation reads the tree, the heap and the runtime, which belong to the guest's
//! thread, so it runs there; what it produces is a Cranelift function, plain data that can
//! travel. Turning that function into machine code is most of a compilation's time and touches
//! nothing of the runtime, so with `--engine.BackgroundCompilation` it runs on a thread of its own
//! while the interpreter carries on. The machine code comes back as bytes plus relocations; the
//! guest's thread copies them into executable memory (the JIT module is not shared) when the
//! runtime polls. One thread: the runtime is single-threaded, and on a machine of two cores a
//! second compiler thread would take the guest's.
//!
//! When units get hot faster than the thread generates them (a program's warm-up), the order
//! matters more than the speed: the thread takes the unit the interpreter has run most often per
//! second while it waited ([`Inbox::take_next`]), as Truffle's compilation queue does, so code
//! that runs now is ready before code that was hot a second ago.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use cranelift_codegen::Context;
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::Function;
use cranelift_codegen::isa::{OwnedTargetIsa, TargetIsa};
use cranelift_module::{FuncId, ModuleReloc};

use crate::loop_placement;

/// Machine code for one function, not yet in executable memory.
pub(crate) struct Generated {
    /// The code bytes, after `entry` bytes of padding that place its innermost loop (see
    /// [`crate::loop_placement`]).
    pub bytes: Vec<u8>,
    /// Where the code starts in `bytes`.
    pub entry: usize,
    /// The alignment the code needs.
    pub alignment: u64,
    /// Where the code refers to other code or symbols.
    pub relocs: Vec<ModuleReloc>,
    /// IR instructions after optimization.
    pub ir_after_opt: usize,
    /// Time spent, in milliseconds.
    pub ms: f64,
}

/// Generates the machine code of `func`, declared in the module as `id`, in `ctx`, which keeps
/// the code generator's memory from one function to the next (most of it is allocated anew per
/// function otherwise, a good part of a small function's cost). A panic inside the code
/// generator is caught and reported like any other failure: the unit then stays interpreted.
pub(crate) fn generate(isa: &dyn TargetIsa, ctx: &mut Context, func: Function, id: FuncId) -> Result<Generated, String> {
    let start = Instant::now();
    ctx.clear();
    ctx.func = func;
    let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
        ctx.compile(isa, &mut ControlPlane::default()).map_err(|e| format!("{:?}", e.inner))?;
        let compiled = ctx.compiled_code().ok_or("the code generator produced no code")?;
        let alignment = u64::from(compiled.buffer.alignment.max(loop_placement::LINE));
        let code = compiled.code_buffer();
        // Placing a loop reads x86-64 branches; other machines' code is left where it falls.
        let pad = if isa.name() == "x64" { loop_placement::padding(code, &compiled.bb_starts) } else { 0 };
        // The padding is never executed; int3 makes a stray jump into it stop at once.
        let mut bytes = vec![0xCC; pad as usize];
        bytes.extend_from_slice(code);
        let relocs = compiled
            .buffer
            .relocs()
            .iter()
            .map(|r| {
                let mut reloc = ModuleReloc::from_mach_reloc(r, &ctx.func, id);
                reloc.offset += pad;
                reloc
            })
            .collect();
        Ok::<_, String>((bytes, pad as usize, alignment, relocs))
    }));
    let (bytes, entry, alignment, relocs) = match run {
        Ok(r) => r?,
        Err(panic) => {
            // What the panic left in the context is not trusted again.
            *ctx = Context::new();
            let what = panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            return Err(format!("the code generator panicked: {}", what.unwrap_or_default()));
        }
    };
    Ok(Generated { bytes, entry, alignment, relocs, ir_after_opt: ctx.func.dfg.num_insts(), ms: start.elapsed().as_secs_f64() * 1000.0 })
}

/// A function to generate, and what identifies it to its requester.
pub(crate) struct Job {
    pub ticket: u64,
    pub id: FuncId,
    pub func: Function,
    /// How often the unit was asked for while it waited (calls or loop iterations the
    /// interpreter ran in its place), added to by the guest's thread ([`Demand`]).
    pub demand: Demand,
}

/// A queued unit's demand: the runs the interpreter made in its place since it was queued.
#[derive(Clone)]
pub(crate) struct Demand(Arc<AtomicU64>);

impl Demand {
    pub(crate) fn new() -> Demand {
        Demand(Arc::new(AtomicU64::new(0)))
    }
    /// `runs` more runs waited for the unit.
    pub(crate) fn add(&self, runs: u64) {
        self.0.fetch_add(runs, Ordering::Relaxed);
    }
}

/// A finished job.
pub(crate) struct Finished {
    pub ticket: u64,
    pub id: FuncId,
    pub result: Result<Generated, String>,
}

/// The jobs waiting for the thread, and whether more may come.
struct Inbox {
    jobs: Vec<(Job, Instant)>,
    closed: bool,
}

impl Inbox {
    /// The job to generate next: the one the interpreter ran most often per second since it
    /// was queued (Truffle's compilation queue takes the target whose count rises fastest),
    /// the oldest among equals. A unit that got hot during a program's set-up and is no longer
    /// run waits behind the code running now; first-in first-out would have it compiled first.
    fn take_next(&mut self) -> Option<Job> {
        let now = Instant::now();
        let rate = |(job, since): &(Job, Instant)| {
            let runs = job.demand.0.load(Ordering::Relaxed) as f64;
            runs / (now.duration_since(*since).as_secs_f64() + 1e-3)
        };
        let mut best: Option<(usize, f64)> = None;
        for (i, entry) in self.jobs.iter().enumerate() {
            let r = rate(entry);
            // Jobs are in the order they came; a later one wins only with a higher rate.
            if best.is_none_or(|(_, b)| r > b) {
                best = Some((i, r));
            }
        }
        best.map(|(i, _)| self.jobs.remove(i).0)
    }
}

/// The compiler thread: takes the most demanded job, generates its code and sends it back.
pub(crate) struct Worker {
    inbox: Arc<(Mutex<Inbox>, Condvar)>,
    finished: Receiver<Finished>,
    /// Set when the compiler is dropped: jobs still waiting are skipped.
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread, generating code for `isa`.
    pub(crate) fn start(isa: OwnedTargetIsa) -> std::io::Result<Worker> {
        let inbox = Arc::new((Mutex::new(Inbox { jobs: Vec::new(), closed: false }), Condvar::new()));
        let (outbox, finished) = channel::<Finished>();
        let stop = Arc::new(AtomicBool::new(false));
        let (stopped, waiting) = (stop.clone(), inbox.clone());
        let thread = std::thread::Builder::new().name("porcini-compiler".into()).spawn(move || {
            // However the thread ends, later jobs come back to the guest's thread, which then
            // generates them itself.
            let _closing = Closing(&waiting);
            let mut ctx = Context::new();
            while let Some(job) = next_job(&waiting) {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                let result = generate(&*isa, &mut ctx, job.func, job.id);
                if outbox.send(Finished { ticket: job.ticket, id: job.id, result }).is_err() {
                    break;
                }
            }
        })?;
        Ok(Worker { inbox, finished, stop, thread: Some(thread) })
    }
    /// Hands a job to the thread; gives it back if the thread is gone.
    pub(crate) fn submit(&self, job: Job) -> Result<(), Box<Job>> {
        let (inbox, wake) = &*self.inbox;
        let Ok(mut inbox) = inbox.lock() else { return Err(Box::new(job)) };
        if inbox.closed {
            return Err(Box::new(job));
        }
        inbox.jobs.push((job, Instant::now()));
        wake.notify_one();
        Ok(())
    }
    /// The jobs finished since the last call; with `wait`, the next `wait` jobs, waiting for
    /// each (the thread is told to stop before any job is dropped, so none is lost).
    pub(crate) fn finished(&self, wait: usize) -> Vec<Finished> {
        let mut done: Vec<Finished> = self.finished.iter().take(wait).collect();
        done.extend(self.finished.try_iter());
        done
    }
}

/// Closes the inbox when dropped: the compiler thread holds one, so that a thread that ended
/// (told to stop, or by a panic outside code generation's own guard) takes no more jobs.
struct Closing<'a>(&'a (Mutex<Inbox>, Condvar));

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        // A poisoned lock still holds the inbox; closing it is what matters.
        let mut inbox = self.0.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        inbox.closed = true;
    }
}

/// The next job for the thread, waiting for one; `None` once the inbox is closed and empty
/// (or its lock was poisoned, which only a panic on the guest's thread while holding it does).
fn next_job(inbox: &(Mutex<Inbox>, Condvar)) -> Option<Job> {
    let (lock, wake) = inbox;
    let mut inbox = lock.lock().ok()?;
    loop {
        if let Some(job) = inbox.take_next() {
            return Some(job);
        }
        if inbox.closed {
            return None;
        }
        inbox = wake.wait(inbox).ok()?;
    }
}

impl Drop for Worker {
    /// The thread ends after its current job, which is waited for (a compilation takes
    /// milliseconds), so that dropping a runtime leaves no thread behind.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let (inbox, wake) = &*self.inbox;
        if let Ok(mut inbox) = inbox.lock() {
            inbox.closed = true;
        }
        wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn job(ticket: u64, runs: u64) -> Job {
        let demand = Demand::new();
        demand.add(runs);
        Job { ticket, id: FuncId::from_u32(ticket as u32), func: Function::new(), demand }
    }

    #[test]
    fn the_most_demanded_job_goes_first_and_equals_keep_their_order() {
        let since = Instant::now() - Duration::from_millis(100);
        let mut inbox = Inbox { jobs: Vec::new(), closed: false };
        for (ticket, runs) in [(1, 0), (2, 64), (3, 0), (4, 640), (5, 64)] {
            inbox.jobs.push((job(ticket, runs), since));
        }
        let order: Vec<u64> = std::iter::from_fn(|| inbox.take_next()).map(|j| j.ticket).collect();
        assert_eq!(order, [4, 2, 5, 1, 3]);
    }

    #[test]
    fn demand_is_a_rate_so_a_unit_hot_now_passes_one_that_was_hot_long_ago() {
        let now = Instant::now();
        let mut inbox = Inbox { jobs: Vec::new(), closed: false };
        inbox.jobs.push((job(1, 6400), now - Duration::from_secs(10)));
        inbox.jobs.push((job(2, 640), now - Duration::from_millis(100)));
        assert_eq!(inbox.take_next().map(|j| j.ticket), Some(2));
        assert_eq!(inbox.take_next().map(|j| j.ticket), Some(1));
        assert!(inbox.take_next().is_none());
    }
}
