//! One run of the harness on one VM, and the check of its output against node's.
//!
//! A run first stands on its own: it failed if the process did not exit successfully, was killed
//! after the timeout, or printed fewer timings than asked for. A run that stands is then checked
//! against the reference, the output of the first successful `node` run of the same benchmark,
//! with the microsecond numbers masked ([`super::output::mask`]). The check is redone from scratch
//! over all runs whenever the runner asks ([`check_all`]), because the reference may only arrive
//! with a later run of the same round.

use super::output::{Timings, complete, difference, mask};
use super::stats::steady;
use super::{Benchmark, NODE};
use crate::compare::tail;

/// The result of comparing a run's output with node's.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// No node run of the benchmark has succeeded (yet), so there is nothing to compare with.
    Unchecked,
    /// The output equals node's.
    Same,
    /// The output differs from node's; where, as a sentence.
    Differs(String),
}

/// One run's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The benchmark.
    pub bench: String,
    /// The VM.
    pub vm: String,
    /// The round, from 0.
    pub round: u32,
    /// The command line, for the record.
    pub cmd: String,
    /// Why the run failed on its own, or `None` if it exited successfully with every timing.
    pub failure: Option<String>,
    /// Its standard output, kept for the check.
    pub stdout: String,
    /// The time of each timed iteration, in microseconds.
    pub iterations_us: Vec<f64>,
    /// Whole-process wall-clock time, from spawn to exit.
    pub wall_ms: f64,
    /// How its output compares with node's.
    pub check: Check,
}

impl Run {
    /// `ok`, `unchecked`, `MISMATCH` or `FAILED`: the short form for progress lines and JSON.
    pub fn label(&self) -> &'static str {
        match (&self.failure, &self.check) {
            (Some(_), _) => "FAILED",
            (None, Check::Differs(_)) => "MISMATCH",
            (None, Check::Unchecked) => "unchecked",
            (None, Check::Same) => "ok",
        }
    }

    /// What is wrong with the run, if anything: the failure or the difference from node.
    pub fn problem(&self) -> Option<&str> {
        match (&self.failure, &self.check) {
            (Some(f), _) => Some(f),
            (None, Check::Differs(d)) => Some(d),
            _ => None,
        }
    }

    /// Whether the run's times count: it succeeded and its output does not differ from node's.
    /// An unchecked run counts (it is flagged as such in the report), a failed or differing one
    /// never does, so a wrong run never contributes a number.
    pub fn counts(&self) -> bool {
        self.failure.is_none() && !matches!(self.check, Check::Differs(_))
    }

    /// The steady-state time in microseconds (see [`super::stats`]).
    pub fn steady_us(&self) -> Option<f64> {
        steady(&self.iterations_us)
    }

    /// The first iteration's time in microseconds.
    pub fn first_us(&self) -> Option<f64> {
        self.iterations_us.first().copied()
    }
}

/// Why a finished process failed on its own, or `None` if it did not: `exit` is `Ok(())` for a
/// successful exit or a description of the status, `timed_out` the timeout in seconds if it was
/// killed, and `timings` what its standard output held.
pub fn failure(
    bench: &Benchmark,
    exit: &Result<(), String>,
    timed_out: Option<f64>,
    stdout: &str,
    stderr: &str,
    timings: &Timings,
) -> Option<String> {
    let why = if let Some(seconds) = timed_out {
        format!("killed after the timeout of {seconds} s")
    } else if let Err(status) = exit {
        status.clone()
    } else {
        complete(timings, bench.iterations).err()?
    };
    Some(format!("{why}: {}", excerpt(stdout, stderr)))
}

/// The part of a failed run's output that says what went wrong, on one line: the start of
/// standard error, where node and porcini put the uncaught exception's location and message
/// before the stack trace, or, when standard error is empty, the end of standard output, where a
/// benchmark explains a result it cannot verify.
fn excerpt(stdout: &str, stderr: &str) -> String {
    let text = if stderr.trim().is_empty() {
        tail(stdout, 300)
    } else {
        let stderr = stderr.trim();
        let mut end = stderr.len().min(400);
        while !stderr.is_char_boundary(end) {
            end -= 1;
        }
        &stderr[..end]
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(" | ")
}

/// Checks every run that did not fail against its benchmark's reference: the masked output of the
/// first (earliest recorded) successful node run of that benchmark. Node's own runs are checked
/// too, so node disagreeing with itself across rounds shows up.
pub fn check_all(runs: &mut [Run]) {
    let mut references: Vec<(String, String)> = Vec::new();
    for r in runs.iter() {
        if r.vm == NODE && r.failure.is_none() && !references.iter().any(|(b, _)| *b == r.bench) {
            references.push((r.bench.clone(), mask(&r.stdout)));
        }
    }
    for r in runs.iter_mut().filter(|r| r.failure.is_none()) {
        r.check = match references.iter().find(|(b, _)| *b == r.bench) {
            None => Check::Unchecked,
            Some((_, reference)) => match difference(reference, &mask(&r.stdout)) {
                None => Check::Same,
                Some(d) => Check::Differs(format!("output differs from node's: {d}")),
            },
        };
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A successful run with iteration times 30, 20 and 10 µs, for the tests of this module and
    /// of the report.
    pub(crate) fn run(bench: &str, vm: &str, round: u32, stdout: &str) -> Run {
        Run {
            bench: bench.into(),
            vm: vm.into(),
            round,
            cmd: format!("{vm} harness.js {bench}"),
            failure: None,
            stdout: stdout.into(),
            iterations_us: vec![30.0, 20.0, 10.0],
            wall_ms: 100.0,
            check: Check::Unchecked,
        }
    }

    /// Checks `runs` and lists each one's label and problem, one per line.
    fn check(runs: &mut [Run], expect: &str) {
        check_all(runs);
        let actual: Vec<String> = runs
            .iter()
            .map(|r| {
                let problem = r.problem().map(|p| format!(": {p}")).unwrap_or_default();
                format!("{} r{} {}{problem}", r.vm, r.round, r.label())
            })
            .collect();
        assert_eq!(actual.join("\n"), expect);
    }

    #[test]
    fn runs_are_checked_against_the_first_good_node_run() {
        let good = "Start\nX: iterations=1 runtime: 5us\n";
        let other = "Start\nX: iterations=1 runtime: 7us\n";
        let bad = "Start\nNo verification result\n";
        let mut failed = run("X", "node", 0, bad);
        failed.failure = Some("exit status 1".into());
        let mut runs = vec![
            run("X", "porcini", 0, good),
            failed,
            run("X", "node-jitless", 0, other),
            run("X", "node", 0, good),
            run("X", "porcini-interp", 1, bad),
            run("Y", "porcini", 0, good),
        ];
        check(
            &mut runs,
            "porcini r0 ok\n\
             node r0 FAILED: exit status 1\n\
             node-jitless r0 ok\n\
             node r0 ok\n\
             porcini-interp r1 MISMATCH: output differs from node's: \
             line 2: expected `X: iterations=1 runtime: #us`, got `No verification result`\n\
             porcini r0 unchecked",
        );
        assert!(runs[0].counts() && !runs[1].counts() && !runs[4].counts() && runs[5].counts());
    }

    #[test]
    fn failures_on_their_own() {
        let bench = Benchmark {
            name: "X",
            iterations: 2,
            inner: 1,
        };
        let judge = |exit: Result<(), String>, timed_out: Option<f64>, out: &str, err: &str| {
            let t = super::super::output::timings("X", out);
            failure(&bench, &exit, timed_out, out, err, &t)
        };
        let two =
            "X: iterations=1 runtime: 5us\nX: iterations=1 runtime: 4us\nTotal Runtime: 9us\n";
        assert_eq!(judge(Ok(()), None, two, "a warning\n"), None);
        assert_eq!(
            judge(
                Ok(()),
                None,
                "X: iterations=1 runtime: 5us\nTotal Runtime: 5us\n",
                ""
            ),
            Some(
                "expected 2 iteration times, found 1: \
                 X: iterations=1 runtime: 5us | Total Runtime: 5us"
                    .into()
            )
        );
        let thrown =
            "/awfy/x.js:3\n  throw Error('bad');\n  ^\n\nError: bad\n    at f (/awfy/x.js:3:9)\n";
        assert_eq!(
            judge(Err("exit status 1".into()), None, "Starting X\n", thrown),
            Some(
                "exit status 1: /awfy/x.js:3 | throw Error('bad'); | ^ | Error: bad | \
                 at f (/awfy/x.js:3:9)"
                    .into()
            )
        );
        assert_eq!(
            judge(Err("terminated (signal: 9)".into()), Some(60.0), "", ""),
            Some("killed after the timeout of 60 s: ".into())
        );
    }

    #[test]
    fn steady_and_first_times() {
        let r = run("X", "node", 0, "");
        assert_eq!((r.steady_us(), r.first_us()), (Some(15.0), Some(30.0)));
    }
}
