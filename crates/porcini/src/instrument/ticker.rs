//! The ticker: a thread that raises the interrupt word at the sampler's period and at the
//! limits' check interval, so that the guest thread samples its stack or checks its limits at
//! its next safepoint. It never touches guest state; the word is all it shares.
//!
//! A sample the ticker asks for while the previous request is still pending is *missed* (the
//! guest ran that long without reaching a safepoint, such as inside a long builtin), and is
//! counted as Truffle's sampler counts them.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::bit;

/// The running ticker thread.
pub(super) struct Ticker {
    stop: Arc<(Mutex<bool>, Condvar)>,
    handle: JoinHandle<()>,
}

impl Ticker {
    /// Starts raising `interrupt`: [`bit::SAMPLE`] every `sample` (first after `delay`),
    /// [`bit::CHECK`] every `check`. Missed samples are added to `missed`.
    pub(super) fn spawn(
        interrupt: Arc<AtomicU32>,
        sample: Option<Duration>,
        delay: Duration,
        check: Option<Duration>,
        missed: Option<Arc<AtomicU64>>,
    ) -> std::io::Result<Ticker> {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let stopping = stop.clone();
        let handle = std::thread::Builder::new()
            .name("porcini-ticker".into())
            .spawn(move || {
                let start = Instant::now();
                let mut next_sample = sample.map(|p| start + delay.max(p));
                let mut next_check = check.map(|p| start + p);
                let (lock, cvar) = &*stopping;
                let mut stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    let now = Instant::now();
                    if let (Some(at), Some(p)) = (next_sample, sample)
                        && now >= at
                    {
                        let before = interrupt.fetch_or(bit::SAMPLE, Ordering::Relaxed);
                        if before & bit::SAMPLE != 0
                            && let Some(m) = &missed
                        {
                            m.fetch_add(1, Ordering::Relaxed);
                        }
                        next_sample = Some(at + p).filter(|&n| n > now).or(Some(now + p));
                    }
                    if let (Some(at), Some(p)) = (next_check, check)
                        && now >= at
                    {
                        interrupt.fetch_or(bit::CHECK, Ordering::Relaxed);
                        next_check = Some(now + p);
                    }
                    let wake = [next_sample, next_check].into_iter().flatten().min();
                    let Some(wake) = wake else { return };
                    let wait = wake.saturating_duration_since(Instant::now());
                    stopped = match cvar.wait_timeout(stopped, wait) {
                        Ok((g, _)) => g,
                        Err(e) => e.into_inner().0,
                    };
                    if *stopped {
                        return;
                    }
                }
            })?;
        Ok(Ticker { stop, handle })
    }

    /// Stops the thread and waits for it.
    pub(super) fn stop(self) {
        let (lock, cvar) = &*self.stop;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        cvar.notify_all();
        let _ = self.handle.join();
    }
}
