//! The Are-We-Fast-Yet benchmarks, unmodified, run by the `porcini` binary as node runs them
//! (`harness.js NAME ITERATIONS INNER` in their directory), in the interpreter-only,
//! compile-immediately and default modes: each must print node's lines, the microsecond figures
//! aside. The sources are `../shared/benchmarks/awfy/JavaScript` (used when present beside the
//! project); node's output and the runs are recorded in `lang-es/tests/awfy` by `record_awfy.py`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The modes the benchmarks must run in.
const MODES: &[&[&str]] = &[
    &["--engine.Compilation=false"],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false"],
    &[],
];

fn recorded() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lang-es/tests/awfy")
}

/// Every `<digits>us` becomes `Nus`, as the recording has it.
fn masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            if c == 'u' && chars.peek() == Some(&'s') {
                out.push('N');
            } else {
                out.push_str(&digits);
            }
            digits.clear();
        }
        out.push(c);
    }
    out.push_str(&digits);
    out
}

/// Runs one benchmark in one mode; what differs from node's recorded lines.
fn check(sources: &Path, run: &[&str], mode: &[&str]) -> Result<(), String> {
    let want = std::fs::read_to_string(recorded().join("expected").join(format!("{}.out", run[0]))).unwrap_or_default();
    let out = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(mode)
        .arg("harness.js")
        .args(run)
        .current_dir(sources)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{} {mode:?}: cannot run porcini: {e}", run.join(" ")))?;
    let got = masked(&String::from_utf8_lossy(&out.stdout));
    if out.status.success() && got == want {
        return Ok(());
    }
    Err(format!(
        "{} {mode:?}: {}\n--- expected\n{want}--- actual\n{got}--- stderr\n{}",
        run.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    ))
}

#[test]
fn awfy_benchmarks_print_nodes_lines_in_every_mode() {
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks/awfy/JavaScript");
    if !sources.is_dir() {
        eprintln!("skipping: {} is not present", sources.display());
        return;
    }
    let runs = std::fs::read_to_string(recorded().join("runs.txt")).expect("the list of runs");
    let runs: Vec<Vec<&str>> = runs.lines().map(|l| l.split_whitespace().collect()).filter(|r: &Vec<&str>| r.len() == 3).collect();
    assert_eq!(runs.len(), 14, "the 14 benchmarks");
    let jobs: Vec<(&Vec<&str>, &&[&str])> = runs.iter().flat_map(|run| MODES.iter().map(move |mode| (run, mode))).collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some((run, mode)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(e) = check(&sources, run, mode) {
                        failures.lock().unwrap_or_else(|p| p.into_inner()).push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn microseconds_are_masked_and_nothing_else() {
    assert_eq!(masked("Bounce: iterations=1 runtime: 1234us\n"), "Bounce: iterations=1 runtime: Nus\n");
    assert_eq!(masked("Total Runtime: 5us 12 items"), "Total Runtime: Nus 12 items");
}
