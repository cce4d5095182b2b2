//! Runs SL programs through the `porcini` binary and compares their output, by the rules of the
//! SL corpus README: stdout, then the error message (stderr) if any, each line ending in `\n`,
//! expected files normalised from CRLF. Every case runs in every engine mode.
//!
//! Two corpora: the project's own (`tests/corpus`, always present) and SL's official corpus in
//! `../shared/conformance/sl` (used when present beside the project).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The engine modes every case runs in: default (the JIT compiles hot targets, and splitting is
/// on); compiling every target on its first call, synchronously; interpreter only; compiling
/// immediately under GC stress, which collects at every allocation, compiled code's included;
/// splitting off and inlining off, which must not change what a program prints; and loops
/// replaced by compiled code after a few iterations (on-stack replacement), synchronously. The
/// modes that compile every target also verify the IR of each compilation.
const MODES: &[&[&str]] = &[
    &[],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
    &["--engine.Compilation=false"],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.GCStress", "--engine.VerifyIR"],
    &["--engine.Splitting=false"],
    &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false", "--engine.Inlining=false"],
    &["--engine.OSRCompilationThreshold=10", "--engine.BackgroundCompilation=false", "--engine.VerifyIR"],
];

fn normalise(text: &str) -> String {
    let mut lines: Vec<&str> = text.split("\r\n").flat_map(|l| l.split(['\n', '\r'])).collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn run_case(sl: &Path, mode: &[&str]) -> Result<(), String> {
    let expected_path = sl.with_extension("output");
    let expected = std::fs::read_to_string(&expected_path).map(|t| normalise(&t)).unwrap_or_default();
    let dir = sl.parent().ok_or("no parent")?;
    let name = sl.file_name().ok_or("no name")?;
    let out = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(mode)
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| e.to_string())?;
    let actual = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if normalise(&actual) == expected {
        Ok(())
    } else {
        Err(format!("{} {:?}\n--- expected\n{expected}--- actual\n{actual}", sl.display(), mode))
    }
}

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "tck") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sl") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn run_corpus(dir: &Path, skip: &[&str]) -> usize {
    let mut failures = Vec::new();
    let mut count = 0;
    for case in cases(dir) {
        let stem = case.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if skip.contains(&stem) {
            continue;
        }
        count += 1;
        for mode in MODES {
            if let Err(e) = run_case(&case, mode) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    count
}

#[test]
fn own_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    assert!(run_corpus(&dir, &[]) > 0);
}

#[test]
fn sl_conformance_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance/sl");
    if !dir.is_dir() {
        eprintln!("skipping: {} is not present", dir.display());
        return;
    }
    // CreateContext is an interop case (spec §15), not core.
    let n = run_corpus(&dir, &["CreateContext"]);
    assert_eq!(n, 55, "the corpus has 55 core cases");
}
