//! The launcher's part in splitting's tools: trace lines on stderr, the summary at exit, and the
//! decision dumps as files under `--engine.DumpPath`, which the launcher creates.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("porcini-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Runs the program in `dir` with `args`; returns stdout and stderr.
fn run(dir: &PathBuf, program: &str, args: &[&str]) -> (String, String) {
    std::fs::write(dir.join("p.sl"), program).expect("the program is written");
    let out = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(args)
        .arg("p.sl")
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the launcher runs");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const VIA_PARENT: &str = r#"
function checkPriorityAdd(o) { return o.pri; }
function queue(o) { return checkPriorityAdd(o); }
function main() {
    a = new(); a.pri = 1;
    b = new(); b.z = 0; b.pri = 2;
    println(queue(a) + queue(b) + queue(a));
}
"#;

#[test]
fn traces_go_to_stderr_and_dumps_under_dump_path() {
    let dir = scratch("split");
    let args = [
        "--engine.TraceSplitting",
        "--engine.TraceSplittingSummary",
        "--engine.SplittingDumpDecisions",
        "--engine.DumpPath=graphs/split",
    ];
    let (out, err) = run(&dir, VIA_PARENT, &args);
    assert_eq!(out, "4\n");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("[engine] split   0-")), "{err}");
    assert!(lines.contains(&"[engine] Splitting Statistics"), "{err}");
    let dumps: Vec<String> = std::fs::read_dir(dir.join("graphs/split"))
        .expect("the launcher created DumpPath")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(dumps, ["needs-split-1-queue.dot"]);
    let dot = std::fs::read_to_string(dir.join("graphs/split/needs-split-1-queue.dot")).unwrap_or_default();
    assert!(dot.starts_with("digraph needs_split {"), "{dot}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nothing_is_traced_or_dumped_by_default() {
    let dir = scratch("quiet");
    let (out, err) = run(&dir, VIA_PARENT, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("4\n", ""));
    assert!(!dir.join("dumps").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
