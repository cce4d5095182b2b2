//! EasyScript's corpus (`crates/lang-es/tests/corpus`): every program is run by the `porcini`
//! binary in every engine mode, and its stdout, exit status and uncaught-error line must be
//! node's, as `record_expected.py` recorded them beside it (`NAME.out`, `NAME.status`). The
//! rules are the corpus README's: a program runs from its own directory with an empty stdin, and
//! the error line is the first line after the caret line of the report (one blank line skipped).
//!
//! When node is installed, a second test checks that the recorded files are still what node
//! prints, so the expectations cannot drift from the oracle unnoticed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The engine modes, as for SL's corpus: default; every target compiled on its first call (IR
/// verified); interpreter only; compiled under GC stress; compiled without inlining; loops
/// replaced by compiled code after ten iterations.
const MODES: &[&[&str]] = &[
    &[],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
    &["--engine.Compilation=false"],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.GCStress"],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Inlining=false"],
    &["--engine.OSRCompilationThreshold=10", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lang-es/tests/corpus")
}

/// The test programs: `*.js` files not named `_*` and not under a `_lib` directory (helper
/// modules that programs `require`).
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if p.is_dir() {
                if !name.starts_with('_') {
                    stack.push(p);
                }
            } else if name.ends_with(".js") && !name.starts_with('_') {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The first line after the caret line of an uncaught-exception report (see the module docs).
fn error_line(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.split('\n').collect();
    let location = |l: &str| l.rsplit_once(':').is_some_and(|(a, n)| !a.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let caret = |l: &str| l.contains('^') && l.chars().all(|c| c == ' ' || c == '\t' || c == '^');
    (0..lines.len().saturating_sub(3)).find(|&i| location(lines[i]) && caret(lines[i + 2])).map(|i| {
        let j = if lines[i + 3].is_empty() && i + 4 < lines.len() { i + 4 } else { i + 3 };
        lines[j].to_string()
    })
}

/// What a run must show: stdout, the exit status, and the error line if there is one.
struct Expected {
    stdout: String,
    status: i32,
    error: Option<String>,
}

fn expected(case: &Path) -> Expected {
    let stdout = std::fs::read_to_string(case.with_extension("out")).unwrap_or_default();
    let status = std::fs::read_to_string(case.with_extension("status")).unwrap_or_default();
    let mut lines = status.lines();
    let code = lines.next().and_then(|l| l.trim().parse().ok()).unwrap_or(-1);
    let error = lines.next().filter(|l| !l.is_empty()).map(str::to_string);
    Expected { stdout, status: code, error }
}

/// Runs `program` (a command and its arguments) on `case`; a description of what differs.
fn check(program: &[&str], case: &Path, want: &Expected) -> Result<(), String> {
    let dir = case.parent().ok_or("no directory")?;
    let name = case.file_name().ok_or("no name")?;
    let out = Command::new(program[0])
        .args(&program[1..])
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{}: cannot run {}: {e}", case.display(), program[0]))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let status = out.status.code().unwrap_or(-1);
    let mut problems = Vec::new();
    if stdout != want.stdout {
        problems.push(format!("--- expected stdout\n{}--- actual stdout\n{stdout}", want.stdout));
    }
    if status != want.status {
        problems.push(format!("exit status {status}, expected {}", want.status));
    }
    if let Some(line) = &want.error {
        let got = error_line(&stderr);
        if got.as_deref() != Some(line.as_str()) {
            problems.push(format!("error line {got:?}, expected {line:?}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{} {:?}: {}\n--- stderr\n{stderr}", case.display(), &program[1..], problems.join("\n")))
    }
}

/// Runs every `(case, program)` job on a few threads; the failures.
fn run_all(jobs: Vec<(PathBuf, Vec<&str>)>) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some((case, program)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = check(program, case, &expected(case)) {
                        failures.lock().unwrap_or_else(|p| p.into_inner()).push(e);
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap_or_else(|p| p.into_inner())
}

#[test]
fn es_corpus_in_every_mode() {
    let cases = cases(&corpus_dir());
    assert!(cases.len() >= 400, "the corpus has {} programs", cases.len());
    let porcini = env!("CARGO_BIN_EXE_porcini");
    let jobs = cases
        .iter()
        .flat_map(|c| MODES.iter().map(move |m| (c.clone(), std::iter::once(porcini).chain(m.iter().copied()).collect())))
        .collect();
    let failures = run_all(jobs);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn es_corpus_expectations_are_nodes() {
    if Command::new("node").arg("--version").stdout(Stdio::null()).status().is_err() {
        eprintln!("skipping: node is not installed");
        return;
    }
    let jobs = cases(&corpus_dir()).into_iter().map(|c| (c, vec!["node"])).collect();
    let failures = run_all(jobs);
    assert!(failures.is_empty(), "node no longer prints what the corpus recorded (re-record with record_expected.py):\n{}", failures.join("\n\n"));
}

#[test]
fn error_lines_are_found_as_the_readme_says() {
    let report = "/a/b.js:3\n  throw new E('x');\n  ^\n\nTypeError: x\n    at f (/a/b.js:3)\n";
    assert_eq!(error_line(report).as_deref(), Some("TypeError: x"));
    let primitive = "/a/b.js:1\nthrow 5;\n^\n5\n";
    assert_eq!(error_line(primitive).as_deref(), Some("5"));
    assert_eq!(error_line("no report here\n"), None);
}
