//! Code generation, on the guest's thread or on the compiler thread.
//!
//! Partial evaluation reads the tree, the heap and the runtime, which belong to the guest's
//! thread, so it runs there; what it produces is a Cranelift function, plain data that can
//! travel. Turning that function into machine code is most of a compilation's time and touches
//! nothing of the runtime, so with `--engine.BackgroundCompilation` it runs on a thread of its own
//! while the interpreter carries on. The machine code comes back as bytes plus relocations; the
//! guest's thread copies them into executable memory (the JIT module is not shared) when the
//! runtime polls. One thread is enough here: the runtime is single-threaded and compilations are
//! about a millisecond each, so a second thread would mostly wait.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Instant;

use cranelift_codegen::Context;
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::Function;
use cranelift_codegen::isa::{OwnedTargetIsa, TargetIsa};
use cranelift_module::{FuncId, ModuleReloc};

/// Machine code for one function, not yet in executable memory.
pub(crate) struct Generated {
    /// The code bytes.
    pub bytes: Vec<u8>,
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
        let alignment = u64::from(compiled.buffer.alignment);
        let bytes = compiled.code_buffer().to_vec();
        let relocs = compiled.buffer.relocs().iter().map(|r| ModuleReloc::from_mach_reloc(r, &ctx.func, id)).collect();
        Ok::<_, String>((bytes, alignment, relocs))
    }));
    let (bytes, alignment, relocs) = match run {
        Ok(r) => r?,
        Err(panic) => {
            // What the panic left in the context is not trusted again.
            *ctx = Context::new();
            let what = panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            return Err(format!("the code generator panicked: {}", what.unwrap_or_default()));
        }
    };
    Ok(Generated { bytes, alignment, relocs, ir_after_opt: ctx.func.dfg.num_insts(), ms: start.elapsed().as_secs_f64() * 1000.0 })
}

/// A function to generate, and what identifies it to its requester.
pub(crate) struct Job {
    pub ticket: u64,
    pub id: FuncId,
    pub func: Function,
}

/// A finished job.
pub(crate) struct Finished {
    pub ticket: u64,
    pub id: FuncId,
    pub result: Result<Generated, String>,
}

/// The compiler thread: takes jobs in order and sends back their machine code.
pub(crate) struct Worker {
    jobs: Option<Sender<Job>>,
    finished: Receiver<Finished>,
    /// Set when the compiler is dropped: jobs still waiting are skipped.
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread, generating code for `isa`.
    pub(crate) fn start(isa: OwnedTargetIsa) -> std::io::Result<Worker> {
        let (jobs, inbox) = channel::<Job>();
        let (outbox, finished) = channel::<Finished>();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new().name("porcini-compiler".into()).spawn(move || {
            let mut ctx = Context::new();
            for job in inbox {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                let result = generate(&*isa, &mut ctx, job.func, job.id);
                if outbox.send(Finished { ticket: job.ticket, id: job.id, result }).is_err() {
                    break;
                }
            }
        })?;
        Ok(Worker { jobs: Some(jobs), finished, stop, thread: Some(thread) })
    }
    /// Hands a job to the thread; gives it back if the thread is gone.
    pub(crate) fn submit(&self, job: Job) -> Result<(), Box<Job>> {
        match &self.jobs {
            Some(jobs) => jobs.send(job).map_err(|e| Box::new(e.0)),
            None => Err(Box::new(job)),
        }
    }
    /// The jobs finished since the last call; with `wait`, the next `wait` jobs, waiting for
    /// each (the thread is told to stop before any job is dropped, so none is lost).
    pub(crate) fn finished(&self, wait: usize) -> Vec<Finished> {
        let mut done: Vec<Finished> = self.finished.iter().take(wait).collect();
        done.extend(self.finished.try_iter());
        done
    }
}

impl Drop for Worker {
    /// The thread ends after its current job, which is waited for (a compilation takes
    /// milliseconds), so that dropping a runtime leaves no thread behind.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
