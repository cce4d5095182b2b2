//! Compares one program's behaviour across engine modes, the interpreter being the reference.
//!
//! The interpreter runs first. If it does not finish in time the program is skipped: there is
//! nothing to compare with, and a generated program is meant to be quick, so it is the
//! generator's miss, not the engine's. Otherwise every other mode must give exactly the
//! interpreter's stdout, stderr and exit status; a mode that times out where the interpreter
//! finished disagrees too. node, the oracle for EasyScript, is held to less: the same stdout,
//! exit status and error line of an uncaught exception (see [`error_line`]), since the rest of
//! its report (source excerpt, stack, version) is not something porcini imitates.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use crate::mode::{Mode, Vm};
use crate::run::{Outcome, Status, Vms};

/// The result of checking one program.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// Every mode did what the interpreter did.
    Agree,
    /// The interpreter did not finish in time.
    Skipped,
    /// Some modes did something else.
    Disagree(Disagreement),
}

/// Modes that did not do what the interpreter did.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The interpreter's run.
    pub reference: Outcome,
    /// Each disagreeing mode with its run, in the order the modes were given.
    pub differing: Vec<(Mode, Outcome)>,
    /// The longest time a run took among those that finished, in any mode.
    pub slowest: Duration,
}

/// How a run differs from the reference, coarsely: what the reducer keeps constant while it
/// shrinks a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The process died from a signal, or panicked (exit status 101).
    Crash,
    /// The process did not finish in time.
    Timeout,
    /// A different exit status.
    Status,
    /// A different stdout.
    Stdout,
    /// A different stderr only.
    Stderr,
}

impl Kind {
    /// How `run`, in `mode`, differs from the interpreter's `reference`, or `None` if it does
    /// not.
    pub fn of(mode: Mode, reference: &Outcome, run: &Outcome) -> Option<Kind> {
        if mode.vm == Vm::Node {
            return Kind::against_node(reference, run);
        }
        if run.same_as(reference) {
            return None;
        }
        Some(match run.status {
            Status::Timeout => Kind::Timeout,
            Status::Signal(_) | Status::Exit(101) => Kind::Crash,
            _ if run.status != reference.status => Kind::Status,
            _ if run.stdout != reference.stdout => Kind::Stdout,
            _ => Kind::Stderr,
        })
    }

    /// How the interpreter's `reference` differs from node's `run`: in stdout, exit status or
    /// the error line (`Stderr`). An interpreter that crashed is a crash whatever node did.
    fn against_node(reference: &Outcome, run: &Outcome) -> Option<Kind> {
        let same_error = error_line(&reference.stderr) == error_line(&run.stderr);
        if reference.stdout == run.stdout && reference.status == run.status && same_error {
            return None;
        }
        Some(match (&reference.status, &run.status) {
            (Status::Signal(_) | Status::Exit(101), _) => Kind::Crash,
            (_, Status::Timeout) => Kind::Timeout,
            (a, b) if a != b => Kind::Status,
            _ if reference.stdout != run.stdout => Kind::Stdout,
            _ => Kind::Stderr,
        })
    }

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Crash => "crash",
            Kind::Timeout => "timeout",
            Kind::Status => "exit status",
            Kind::Stdout => "stdout",
            Kind::Stderr => "stderr",
        }
    }
}

/// What a reduction preserves: the first disagreeing mode and how it disagrees with the
/// interpreter. Requiring the whole set of disagreeing modes would make reduction stall when
/// one mode's symptom disappears before another's; requiring the same first mode and kind keeps
/// it on one bug while letting the program shrink freely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signature {
    /// The mode.
    pub mode: Mode,
    /// How it differs.
    pub kind: Kind,
}

impl Disagreement {
    /// The first disagreeing mode and how it disagrees.
    pub fn signature(&self) -> Option<Signature> {
        let (mode, run) = self.differing.first()?;
        Kind::of(*mode, &self.reference, run).map(|kind| Signature { mode: *mode, kind })
    }

    /// A short report: per mode, the statuses and the first differing line of each stream.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (mode, run) in &self.differing {
            let kind = Kind::of(*mode, &self.reference, run).map_or("none", Kind::name);
            let _ = writeln!(
                out,
                "{mode}: {kind} differs (interp {}, {mode} {})",
                status_text(&self.reference),
                status_text(run)
            );
            if let Some(diff) = first_difference(&self.reference.stdout, &run.stdout) {
                let _ = writeln!(out, "  stdout {diff}");
            }
            if mode.vm == Vm::Node {
                let (expected, actual) = (error_line(&self.reference.stderr), error_line(&run.stderr));
                if expected != actual {
                    let show = |l: Option<&str>| l.map_or_else(|| "<none>".to_string(), |l| format!("{:?}", truncate(l, 160)));
                    let _ = writeln!(out, "  error line: interp {} vs {}", show(expected), show(actual));
                }
            } else if let Some(diff) = first_difference(&self.reference.stderr, &run.stderr) {
                let _ = writeln!(out, "  stderr {diff}");
            }
        }
        out
    }
}

/// The error line of an uncaught exception in a report on stderr, as node writes it and
/// `lang-es/tests/record_expected.py` finds it: the first line after a location line
/// (`FILE:LINE`), a source line and a caret line (one blank line skipped). For an error it is
/// `TypeError: message`; for another thrown value, node's inspection of it.
pub fn error_line(stderr: &str) -> Option<&str> {
    let lines: Vec<&str> = stderr.split('\n').collect();
    let location = |l: &str| {
        l.rsplit_once(':').is_some_and(|(a, n)| !a.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let caret = |l: &str| l.contains('^') && l.chars().all(|c| c == ' ' || c == '\t' || c == '^');
    let i = (0..lines.len().saturating_sub(3)).find(|&i| location(lines[i]) && caret(lines[i + 2]))?;
    let j = if lines[i + 3].is_empty() && i + 4 < lines.len() { i + 4 } else { i + 3 };
    Some(lines[j])
}

/// A status as text: `exit 0`, `signal 11`, `timeout`.
pub fn status_text(o: &Outcome) -> String {
    match o.status {
        Status::Exit(code) => format!("exit {code}"),
        Status::Signal(sig) => format!("signal {sig}"),
        Status::Timeout => format!("timeout after {:.1} s", o.elapsed.as_secs_f64()),
    }
}

/// The first line where two texts differ, as `line N: "expected" vs "actual"`.
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut e = expected.lines();
    let mut a = actual.lines();
    let mut n = 1;
    loop {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => n += 1,
            (x, y) => {
                let show =
                    |l: Option<&str>| l.map_or_else(|| "<end>".to_string(), |l| format!("{:?}", truncate(l, 160)));
                return Some(format!("line {n}: interp {} vs {}", show(x), show(y)));
            }
        }
    }
}

fn truncate(s: &str, max: usize) -> &str {
    match s.char_indices().nth(max) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Runs the program in `file` in every mode of `modes` (the interpreter first, whether listed or
/// not) and compares. Fails only if a program cannot be started.
pub fn check_file(vms: &Vms, file: &Path, modes: &[Mode], timeout: Duration) -> std::io::Result<Verdict> {
    let reference = vms.run(Mode::INTERP, file, timeout)?;
    if reference.status == Status::Timeout {
        return Ok(Verdict::Skipped);
    }
    let mut differing = Vec::new();
    let mut slowest = reference.elapsed;
    for &mode in modes.iter().filter(|&&m| m != Mode::INTERP) {
        let outcome = vms.run(mode, file, timeout)?;
        if outcome.status != Status::Timeout {
            slowest = slowest.max(outcome.elapsed);
        }
        if Kind::of(mode, &reference, &outcome).is_some() {
            differing.push((mode, outcome));
        }
    }
    Ok(if differing.is_empty() {
        Verdict::Agree
    } else {
        Verdict::Disagree(Disagreement { reference, differing, slowest })
    })
}

/// Whether the program in `file` still disagrees as `sig` says, running only the interpreter
/// and that mode. A candidate whose interpreter run times out, or hits a stack overflow the
/// original did not, is not interesting: how deep a stack goes may rightly differ between modes.
/// A disagreement is confirmed by running the interpreter a second time, so that a reduction
/// cannot drift onto output that differs from run to run (a clock's value, say).
pub fn still_disagrees(vms: &Vms, file: &Path, sig: Signature, timeout: Duration, overflow_ok: bool) -> bool {
    let Ok(reference) = vms.run(Mode::INTERP, file, timeout) else { return false };
    if reference.status == Status::Timeout || (!overflow_ok && is_overflow(&reference)) {
        return false;
    }
    let Ok(outcome) = vms.run(sig.mode, file, timeout) else { return false };
    if Kind::of(sig.mode, &reference, &outcome) != Some(sig.kind) || (!overflow_ok && is_overflow(&outcome)) {
        return false;
    }
    matches!(vms.run(Mode::INTERP, file, timeout), Ok(again) if again.same_as(&reference))
}

/// Whether a run ended in a guest stack overflow (SL's error, or JavaScript's `RangeError`).
pub fn is_overflow(o: &Outcome) -> bool {
    o.stderr.contains("Stack overflow") || o.stderr.contains("Maximum call stack size exceeded")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_differences() {
        let check = |e: &str, a: &str, expect: Option<&str>| assert_eq!(first_difference(e, a).as_deref(), expect);
        check("a\nb\n", "a\nb\n", None);
        check("a\nb\n", "a\nc\n", Some("line 2: interp \"b\" vs \"c\""));
        check("a\n", "a\nb\n", Some("line 2: interp <end> vs \"b\""));
    }

    #[test]
    fn error_lines_are_found_as_record_expected_finds_them() {
        let report = "/a/b.js:3\n  throw new E('x');\n  ^\n\nTypeError: x\n    at f (/a/b.js:3)\n";
        assert_eq!(error_line(report), Some("TypeError: x"));
        assert_eq!(error_line("/a/b.js:1\nthrow 5;\n^\n5\n"), Some("5"));
        assert_eq!(error_line("no report here\n"), None);
    }

    #[test]
    fn node_is_held_to_stdout_status_and_error_line() {
        let outcome = |stdout: &str, stderr: &str, code: i32| Outcome {
            stdout: stdout.into(),
            stderr: stderr.into(),
            status: Status::Exit(code),
            elapsed: Duration::ZERO,
        };
        let interp = outcome("1\n", "/w/prog.js:2\nthrow e;\n^\n\nError: x\n    at prog.js:2\n", 1);
        let node = outcome("1\n", "/w/prog.js:2\nthrow e;\n^\n\nError: x\n    at Object.<anonymous> (/w/prog.js:2:1)\n", 1);
        assert_eq!(Kind::of(Mode::NODE, &interp, &node), None);
        assert_eq!(Kind::of(Mode::INTERP, &interp, &node), Some(Kind::Stderr));
        let other = outcome("1\n", "/w/prog.js:2\nthrow e;\n^\n\nTypeError: x\n", 1);
        assert_eq!(Kind::of(Mode::NODE, &interp, &other), Some(Kind::Stderr));
        assert_eq!(Kind::of(Mode::NODE, &interp, &outcome("2\n", "", 1)), Some(Kind::Stdout));
        assert_eq!(Kind::of(Mode::NODE, &interp, &outcome("1\n", "", 0)), Some(Kind::Status));
    }
}
