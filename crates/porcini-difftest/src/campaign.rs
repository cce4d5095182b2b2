//! A testing campaign: generates the programs of a range of seeds, checks each in every mode on
//! a pool of threads, and reduces the ones that disagree.
//!
//! Each worker thread has a directory of its own under the system's temporary directory, where
//! it writes the program being checked as `prog.sl` or `prog.js` (the same name for every
//! program, so error messages, which name the file, read the same in every report); the
//! directories are removed at the end. Workers take seeds from a shared counter, so the order in
//! which programs finish varies, but the findings are sorted by seed.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::check::{Disagreement, Verdict, check_file, is_overflow, still_disagrees};
use crate::lang::Lang;
use crate::mode::Mode;
use crate::run::Vms;

/// How a campaign runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// The language of the programs.
    pub lang: Lang,
    /// The `porcini` binary, and node if EasyScript programs are compared with it.
    pub vms: Vms,
    /// The modes to compare (the interpreter is always the reference; [`Mode::NODE`] needs
    /// `vms.node`).
    pub modes: Vec<Mode>,
    /// Worker threads.
    pub jobs: usize,
    /// Whether to reduce disagreeing programs.
    pub reduce: bool,
    /// How long one run may take.
    pub timeout: Duration,
}

/// A program that disagreed.
#[derive(Debug, Clone)]
pub struct Finding {
    /// Its seed.
    pub seed: u64,
    /// Its text.
    pub program: String,
    /// The reduced program, if reduction was asked for.
    pub reduced: Option<String>,
    /// The modes that disagreed.
    pub modes: Vec<Mode>,
    /// What differed (see `check::Disagreement::report`), and the reduced program's report.
    pub report: String,
}

/// Running totals, handed to the observer as programs finish.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    /// Programs checked.
    pub programs: u64,
    /// Programs skipped because the interpreter timed out.
    pub skipped: u64,
    /// Programs that disagreed.
    pub disagreements: u64,
}

/// What a campaign found.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Totals.
    pub counts: Counts,
    /// Disagreeing programs, by seed.
    pub disagreements: Vec<Finding>,
    /// How many programs each mode disagreed on.
    pub per_mode: Vec<(Mode, u64)>,
    /// Programs that could not be checked (the binary could not be started, say).
    pub errors: Vec<String>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Hears about a campaign as it goes, from the worker threads.
pub trait Observer: Sync {
    /// A program was checked.
    fn checked(&self, _counts: Counts, _elapsed: Duration) {}
    /// A program disagreed (called after its reduction).
    fn found(&self, _finding: &Finding) {}
    /// A reduction made progress: the program now has this many statements and lines.
    fn reducing(&self, _seed: u64, _statements: usize, _lines: usize) {}
}

/// An observer that hears nothing.
pub struct Quiet;

impl Observer for Quiet {}

/// Checks the SL programs of `seeds` in `modes` on `jobs` threads, reducing disagreements if
/// asked, with a 20-second timeout per run.
pub fn check_seeds(porcini: &Path, seeds: Range<u64>, modes: &[Mode], jobs: usize, reduce: bool) -> Summary {
    let vms = Vms { porcini: porcini.to_path_buf(), node: None };
    check_lang_seeds(Lang::Sl, &vms, seeds, modes, jobs, reduce)
}

/// Checks the `lang` programs of `seeds` in `modes` (which may include [`Mode::NODE`] when
/// `vms` has a node) on `jobs` threads, reducing disagreements if asked, with a 20-second
/// timeout per run.
pub fn check_lang_seeds(
    lang: Lang,
    vms: &Vms,
    seeds: Range<u64>,
    modes: &[Mode],
    jobs: usize,
    reduce: bool,
) -> Summary {
    let config = Config {
        lang,
        vms: vms.clone(),
        modes: modes.to_vec(),
        jobs,
        reduce,
        timeout: Duration::from_secs(20),
    };
    run_seeds(&config, seeds, &Quiet)
}

/// Checks the programs of `seeds` as `config` says, telling `observer` as it goes.
pub fn run_seeds(config: &Config, seeds: Range<u64>, observer: &dyn Observer) -> Summary {
    let started = Instant::now();
    let next = AtomicU64::new(seeds.start);
    let summary = Mutex::new(Summary::default());
    std::thread::scope(|scope| {
        for worker in 0..config.jobs.max(1) {
            let (next, summary, end) = (&next, &summary, seeds.end);
            scope.spawn(move || {
                let dir = fresh_dir(&format!("worker{worker}"));
                if let Err(e) = std::fs::create_dir_all(&dir) {
                    lock(summary).errors.push(format!("cannot create {}: {e}", dir.display()));
                    return;
                }
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= end {
                        break;
                    }
                    let result = check_seed(config, &dir, seed, observer);
                    let counts = {
                        let mut s = lock(summary);
                        s.counts.programs += 1;
                        match result {
                            Ok(SeedResult::Agree) => {}
                            Ok(SeedResult::Skipped) => s.counts.skipped += 1,
                            Ok(SeedResult::Disagree(finding)) => {
                                s.counts.disagreements += 1;
                                for &mode in &finding.modes {
                                    match s.per_mode.iter_mut().find(|(m, _)| *m == mode) {
                                        Some((_, n)) => *n += 1,
                                        None => s.per_mode.push((mode, 1)),
                                    }
                                }
                                observer.found(&finding);
                                s.disagreements.push(finding);
                            }
                            Err(e) => s.errors.push(format!("seed {seed}: {e}")),
                        }
                        s.counts
                    };
                    observer.checked(counts, started.elapsed());
                }
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
    let mut summary = summary.into_inner().unwrap_or_else(|e| e.into_inner());
    summary.disagreements.sort_by_key(|f| f.seed);
    summary.per_mode.sort();
    summary.elapsed = started.elapsed();
    summary
}

/// A fresh directory name of this process: unique per process and use, since campaigns and
/// reductions may run at the same time in one process (the test suite runs an SL and an
/// EasyScript campaign side by side), and each removes its directories when it is done.
fn fresh_dir(what: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("porcini-difftest-{}-{n}-{what}", std::process::id()))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked leaves the totals as they were, which are still worth reporting.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

enum SeedResult {
    Agree,
    Skipped,
    Disagree(Finding),
}

fn check_seed(config: &Config, dir: &Path, seed: u64, observer: &dyn Observer) -> std::io::Result<SeedResult> {
    let text = config.lang.program(seed);
    let file = dir.join(config.lang.file_name());
    std::fs::write(&file, &text)?;
    let disagreement = match check_file(&config.vms, &file, &config.modes, config.timeout)? {
        Verdict::Agree => return Ok(SeedResult::Agree),
        Verdict::Skipped => return Ok(SeedResult::Skipped),
        Verdict::Disagree(d) => d,
    };
    let modes = disagreement.differing.iter().map(|(m, _)| *m).collect();
    let mut report = disagreement.report();
    let mut reduced = None;
    if config.reduce {
        let progress = &mut |statements, lines| observer.reducing(seed, statements, lines);
        if let Some(small) = reduce_disagreement(config, dir, &text, &disagreement, progress)? {
            report.push_str("reduced:\n");
            report.push_str(&small.report);
            reduced = Some(small.text);
        }
    }
    Ok(SeedResult::Disagree(Finding { seed, program: text, reduced, modes, report }))
}

/// A reduced program.
#[derive(Debug, Clone)]
pub struct Reduced {
    /// Its text.
    pub text: String,
    /// How it disagrees.
    pub report: String,
}

/// Reduces the program `source` in `config.lang` (any program, generated or not) while it
/// disagrees as it does now in `config.modes`; `progress` hears the statements and lines of
/// each step. Errors are for the user: the program does not parse, does not disagree, or
/// cannot be run.
pub fn reduce_source(config: &Config, source: &str, progress: &mut dyn FnMut(usize, usize)) -> Result<Reduced, String> {
    config.lang.parse_check(source).map_err(|e| format!("the program does not parse: {e}"))?;
    let dir = fresh_dir("reduce");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let result = reduce_in(config, &dir, source, progress);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn reduce_in(config: &Config, dir: &Path, source: &str, progress: &mut dyn FnMut(usize, usize)) -> Result<Reduced, String> {
    let file = dir.join(config.lang.file_name());
    std::fs::write(&file, source).map_err(|e| e.to_string())?;
    let names: Vec<&str> = config.modes.iter().map(|m| m.name).collect();
    match check_file(&config.vms, &file, &config.modes, config.timeout).map_err(|e| e.to_string())? {
        Verdict::Agree => Err(format!("the program does not disagree (modes {})", names.join(","))),
        Verdict::Skipped => Err("the interpreter timed out on the program".to_string()),
        Verdict::Disagree(d) => reduce_disagreement(config, dir, source, &d, progress)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "the disagreement has no signature".to_string()),
    }
}

/// Reduces `program`, which disagrees as `disagreement` says, in `dir`; checks the result once
/// more and reports how it disagrees.
fn reduce_disagreement(
    config: &Config,
    dir: &Path,
    program: &str,
    disagreement: &Disagreement,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Option<Reduced>> {
    let Some(sig) = disagreement.signature() else { return Ok(None) };
    // Candidates get a timeout scaled to the runs of the original that finished, so that the
    // many that loop for ever (a counter's increment dropped) cost little, while a mode that is
    // rightly slower (GC stress) still finishes.
    let timeout = (disagreement.slowest * 10).clamp(Duration::from_secs(2), config.timeout);
    let overflow_ok =
        is_overflow(&disagreement.reference) || disagreement.differing.iter().any(|(_, o)| is_overflow(o));
    let file = dir.join(config.lang.file_name());
    let mut io_error = None;
    let mut interesting = |text: &str| match std::fs::write(&file, text) {
        Ok(()) => still_disagrees(&config.vms, &file, sig, timeout, overflow_ok),
        Err(e) => {
            io_error.get_or_insert(e);
            false
        }
    };
    let text = match config.lang.reduce(program, &mut interesting, progress) {
        Ok(text) => text,
        // A generated program always parses; a hand-written one was checked before.
        Err(_) => program.to_string(),
    };
    if let Some(e) = io_error {
        return Err(e);
    }
    std::fs::write(&file, &text)?;
    let report = match check_file(&config.vms, &file, &[Mode::INTERP, sig.mode], config.timeout)? {
        Verdict::Disagree(d) => d.report(),
        // A flaky disagreement (background compilation is timed) may not show again.
        _ => format!("{}: did not disagree again when rechecked\n", sig.mode),
    };
    Ok(Some(Reduced { text, report }))
}
