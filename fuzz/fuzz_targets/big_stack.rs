//! A long-lived worker thread with a large native stack, shared by the fuzz targets.
//!
//! The SL parser, the translator and the node interpreter all recurse once per nesting level, so
//! the porcini launcher runs them on a thread with a 1 GiB stack. libFuzzer calls the target on
//! the main thread, whose 8 MiB stack would overflow on deeply nested inputs long before the
//! parser's own nesting limit applies, and that crash would be a property of the harness, not of
//! the parser. Spawning a thread per input would work too, but keeping one worker and handing it
//! each input over a channel keeps the per-input cost to two channel operations.
//!
//! A panic on the worker still aborts the whole process: libfuzzer-sys installs a panic hook that
//! aborts, so libFuzzer records the input as a crash exactly as if the panic were on its thread.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, OnceLock};

/// The worker's stack: reserved address space, committed only as deep inputs touch it.
pub const STACK_BYTES: usize = 1 << 30;

type Job = Box<dyn FnOnce() + Send>;

struct Worker {
    jobs: Sender<Job>,
    done: Receiver<()>,
}

fn worker() -> &'static Mutex<Worker> {
    static WORKER: OnceLock<Mutex<Worker>> = OnceLock::new();
    WORKER.get_or_init(|| {
        let (jobs, job_rx) = channel::<Job>();
        let (done_tx, done) = channel();
        std::thread::Builder::new()
            .name("fuzz-guest".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                for job in job_rx {
                    job();
                    if done_tx.send(()).is_err() {
                        break;
                    }
                }
            })
            .expect("cannot spawn the fuzzing worker thread");
        Mutex::new(Worker { jobs, done })
    })
}

/// Runs `job` on the big-stack worker and waits for it to finish.
pub fn run(job: impl FnOnce() + Send + 'static) {
    let w = worker().lock().unwrap_or_else(|e| e.into_inner());
    w.jobs.send(Box::new(job)).expect("the fuzzing worker thread is gone");
    w.done.recv().expect("the fuzzing worker thread died");
}
