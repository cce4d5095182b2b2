//! The tools and the sandbox through the launcher: resource limits stopping hostile programs
//! in the interpreter and in compiled code, the CPU sampler naming hot functions, coverage
//! counting the same statements in every engine mode, in LCOV that `genhtml` accepts, and the
//! compilation statistics reported when the run ends.
//!
//! Each hostile program would run forever (or until memory runs out) without its limit, so a
//! limit that is not honoured shows as the test's timeout rather than a wrong answer; every
//! run is also bounded by [`run`]'s own watchdog.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The engine modes every limit is checked in.
const MODES: &[(&str, &[&str])] = &[
    ("interpreter", &["--engine.Compilation=false"]),
    ("compiled", &["--engine.CompileImmediately", "--engine.BackgroundCompilation=false"]),
    ("default", &[]),
];

/// Writes `source` to a fresh file named `name` and runs the launcher on it with `args`;
/// answers the exit status, standard output and standard error. Kills a run that takes longer
/// than 60 seconds and fails the test.
fn run(name: &str, source: &str, args: &[&str]) -> (i32, String, String) {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tools-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join(name);
    std::fs::write(&file, source).expect("program file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(args)
        .arg(&file)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("porcini runs");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{name} {args:?} ran past 60 s: a limit was not honoured");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    let _ = std::fs::remove_dir_all(&dir);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().expect("exited, not killed by a signal"), text(&out.stdout), text(&out.stderr))
}

/// Runs `source` with `limit` in every mode: it must stop with status 1 and an error whose
/// first line is `expect` up to its measured part (what follows `...`, if anything, is not
/// compared), and print no panic.
fn check_limit(name: &str, source: &str, limit: &str, expect: &str) {
    for (mode, flags) in MODES {
        let mut args = flags.to_vec();
        args.push(limit);
        let (status, _, err) = run(name, source, &args);
        assert_eq!(status, 1, "{mode}: {limit}: stderr {err}");
        assert!(!err.contains("panicked"), "{mode}: {err}");
        let first = err.lines().next().unwrap_or_default();
        let prefix = expect.split("...").next().unwrap_or(expect);
        assert!(first.starts_with(prefix), "{mode}: {limit}: got {first:?}, expected {expect:?}");
        if let Some(suffix) = expect.split("...").nth(1) {
            assert!(first.ends_with(suffix), "{mode}: {limit}: got {first:?}, expected {expect:?}");
        }
    }
}

const ENDLESS_SL: &str = "function main() {\n  i = 0;\n  while (1 == 1) { i = i + 1; }\n}\n";
const ENDLESS_JS: &str = "let i = 0;\nwhile (true) { try { i++; } finally { i--; } }\n";

#[test]
fn an_endless_loop_stops_at_the_cpu_time_limit() {
    check_limit("loop.sl", ENDLESS_SL, "--sandbox.MaxCPUTime=200ms", "Maximum CPU time limit of 200ms exceeded (sandbox.MaxCPUTime). CPU time used: ...Stopped in main (loop.sl:1).");
    // A `finally` runs no guest code past the limit, and no `catch` stops it.
    check_limit("loop.js", ENDLESS_JS, "--sandbox.MaxCPUTime=200ms", "Maximum CPU time limit of 200ms exceeded (sandbox.MaxCPUTime). CPU time used: ...");
}

#[test]
fn statements_are_counted_exactly_in_every_mode() {
    check_limit(
        "loop.sl",
        ENDLESS_SL,
        "--sandbox.MaxStatements=5000",
        "Statement count limit of 5000 exceeded (sandbox.MaxStatements=5000). Statements executed 5001. Stopped in main (loop.sl:1).",
    );
    // The output before the stop is the same in every mode: the limit falls on the same
    // statement, inside and outside compiled code.
    let program = "function tick(n) { println(n); return n + 1; }\nfunction main() { n = 0; while (1 == 1) { n = tick(n); } }\n";
    let outputs: Vec<String> = MODES.iter().map(|(_, f)| {
        let mut args = f.to_vec();
        args.push("--sandbox.MaxStatements=3001");
        run("tick.sl", program, &args).1
    }).collect();
    assert!(outputs.windows(2).all(|w| w[0] == w[1]), "outputs differ between modes");
    assert_eq!(outputs[0].lines().count(), 1000, "three statements per iteration: {}", outputs[0].lines().last().unwrap_or_default());
}

#[test]
fn an_allocation_loop_stops_at_the_heap_limit() {
    let program = "function main() {\n  head = new();\n  while (1 == 1) { n = new(); n.next = head; n.pad = \"x\"; head = n; }\n}\n";
    check_limit("alloc.sl", program, "--sandbox.MaxHeapMemory=32MB", "Maximum heap memory limit of 32MB exceeded (sandbox.MaxHeapMemory). Heap retained: ...Stopped in main (alloc.sl:1).");
    let js = "const all = [];\nwhile (true) { all.push({ a: all.length, b: 'x' }); }\n";
    check_limit("alloc.js", js, "--sandbox.MaxHeapMemory=32MB", "Maximum heap memory limit of 32MB exceeded (sandbox.MaxHeapMemory). Heap retained: ...");
}

#[test]
fn deep_recursion_stops_at_the_frame_limit() {
    let program = "function down(n) { return down(n + 1); }\nfunction main() { down(0); }\n";
    check_limit("deep.sl", program, "--sandbox.MaxStackFrames=500", "Stack frame limit of 500 exceeded (sandbox.MaxStackFrames=500). Stopped in down (deep.sl:1).");
    // Below the limit the program runs, and the limit counts frames exactly.
    let ok = "function down(n) { if (n == 0) { return 0; } return down(n - 1); }\nfunction main() { println(down(498)); }\n";
    for (mode, flags) in MODES {
        let mut args = flags.to_vec();
        args.push("--sandbox.MaxStackFrames=500");
        assert_eq!(run("ok.sl", ok, &args), (0, "0\n".to_string(), String::new()), "{mode}");
        args.pop();
        args.push("--sandbox.MaxStackFrames=499");
        assert_eq!(run("ok.sl", ok, &args).0, 1, "{mode}");
    }
}

#[test]
fn endless_output_stops_at_the_output_limit() {
    let sl = "function main() { while (1 == 1) { println(\"spam\"); } }\n";
    check_limit("out.sl", sl, "--sandbox.MaxOutputStreamSize=1KB", "Output limit of 1KB exceeded (sandbox.MaxOutputStreamSize=1KB).");
    // A program that ignores the failed write is stopped all the same.
    let js = "while (true) { try { console.log('spam'); } catch (e) {} }\n";
    check_limit("out.js", js, "--sandbox.MaxOutputStreamSize=1KB", "Output limit of 1KB exceeded (sandbox.MaxOutputStreamSize=1KB).");
    let (_, out, _) = run("out.sl", sl, &["--sandbox.MaxOutputStreamSize=1KB"]);
    assert_eq!(out.len(), 1024, "the output is cut at the limit");
}

#[test]
fn a_function_too_deep_stops_before_it_runs() {
    let program = "function main() { println(\"ran\"); return 1 + (2 + (3 + (4 + 5))); }\n";
    check_limit("depth.sl", program, "--sandbox.MaxASTDepth=4", "AST depth limit of 4 exceeded (sandbox.MaxASTDepth=4): main (depth.sl:1) has depth ");
    assert_eq!(run("depth.sl", program, &["--sandbox.MaxASTDepth=40"]), (0, "ran\n15\n".to_string(), String::new()));
}

#[test]
fn bad_limit_values_are_refused() {
    for (arg, expect) in [
        ("--sandbox.MaxCPUTime=fast", "Option 'sandbox.MaxCPUTime': expected a duration such as 100ms, 2s or 1m, got 'fast'"),
        ("--sandbox.MaxStatements=-1", "Option 'sandbox.MaxStatements': expected a whole number, got '-1'"),
        ("--sandbox.MaxHeap=1MB", "Option 'sandbox.MaxHeap': unknown option; see --help for the list"),
        ("--cpusampler=pie", "Option 'cpusampler': expected one of histogram|calltree|json|flamegraph, got 'pie'"),
    ] {
        let (status, _, err) = run("x.sl", "function main() {}\n", &[arg]);
        assert_eq!((status, err.trim()), (2, expect));
    }
}

const FIB: &str = "function fib(n) {\n  if (n < 2) { return n; }\n  return fib(n - 1) + fib(n - 2);\n}\n\
function main() {\n  i = 0;\n  while (i < 30) { fib(25); i = i + 1; }\n}\n";

#[test]
fn the_sampler_names_the_hot_function() {
    for (mode, flags) in MODES {
        let mut args = flags.to_vec();
        args.extend(["--cpusampler", "--cpusampler.Period=1"]);
        let (status, out, err) = run("fib.sl", FIB, &args);
        assert_eq!(status, 0, "{mode}: {err}");
        let rows: Vec<&str> = out.lines().filter(|l| l.starts_with(" fib ") || l.starts_with(" main ")).collect();
        assert_eq!(rows.len(), 2, "{mode}:\n{out}");
        // fib is on top of nearly every sample; main is below it.
        assert!(rows[0].starts_with(" fib ") && rows[0].ends_with("|| fib.sl~1-4:0-79"), "{mode}:\n{out}");
        assert!(out.contains("Sampling Histogram. Recorded "), "{mode}:\n{out}");
    }
}

#[test]
fn the_flame_graph_is_an_svg_file() {
    let dir_out = run("fib.sl", FIB, &["--cpusampler=flamegraph", "--cpusampler.Period=1", "--cpusampler.OutputFile=/dev/stdout"]).1;
    assert!(dir_out.starts_with("<?xml") || dir_out.starts_with("<svg"), "{}", &dir_out[..dir_out.len().min(200)]);
    assert!(dir_out.contains("fib") && dir_out.trim_end().ends_with("</svg>"));
}

const COVERED: &str = "function add(a, b) {\n  return a + b;\n}\nfunction unused() {\n  println(\"never\");\n  return 0;\n}\n\
function main() {\n  x = 0;\n  i = 0;\n  while (i < 5) {\n    x = add(x, i);\n    if (x > 100) { println(\"big\"); }\n    i = i + 1;\n  }\n  println(x);\n}\n";

#[test]
fn coverage_counts_the_same_statements_in_every_mode() {
    let lcov: Vec<String> = MODES
        .iter()
        .map(|(_, f)| {
            let mut args = f.to_vec();
            args.extend(["--coverage=lcov", "--coverage.Count=true"]);
            run("cov.sl", COVERED, &args).1
        })
        .collect();
    assert!(lcov.windows(2).all(|w| w[0] == w[1]), "modes differ:\n{}", lcov.join("\n---\n"));
    // Line 13 holds two statements, and only the `if` ran: with strict lines (the default) a
    // partly covered line counts as not covered, as Truffle's LCOV printer has it.
    let expect = "10\nTN:\nSF:cov.sl\nFN:1,add\nFN:4,unused\nFN:8,main\nFNDA:5,add\nFNDA:0,unused\nFNDA:1,main\nFNF:3\nFNH:2\n\
DA:2,5\nDA:5,0\nDA:6,0\nDA:9,1\nDA:10,1\nDA:11,1\nDA:12,5\nDA:13,0\nDA:14,5\nDA:16,1\nLF:10\nLH:7\nend_of_record\n";
    assert_eq!(lcov[0], expect);
}

#[test]
fn genhtml_accepts_the_lcov_output() {
    let Ok(probe) = Command::new("genhtml").arg("--version").output() else {
        eprintln!("genhtml is not installed (apt-get install lcov); the LCOV text is checked above");
        return;
    };
    assert!(probe.status.success());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tools-genhtml-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("cov.sl"), COVERED).expect("source");
    let out = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(["--coverage=lcov", "--coverage.OutputFile=cov.info", "cov.sl"])
        .current_dir(&dir)
        .output()
        .expect("porcini");
    assert!(out.status.success());
    let html = Command::new("genhtml").args(["-o", "html", "cov.info"]).current_dir(&dir).output().expect("genhtml");
    assert!(html.status.success(), "{}", String::from_utf8_lossy(&html.stderr));
    assert!(dir.join("html/index.html").exists());
    // Truffle's rule: an existing output file is not overwritten.
    let again = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(["--coverage=lcov", "--coverage.OutputFile=cov.info", "cov.sl"])
        .current_dir(&dir)
        .output()
        .expect("porcini");
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("the output file already exists"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_option_porcini_does_not_act_on_is_run_with_a_warning() {
    // A GraalVM command line runs unchanged, but the trace it asks for is not promised.
    let (code, out, err) = run("warn.sl", "function main() { println(42); }", &["--engine.TraceAssumptions=true"]);
    assert_eq!((code, out.as_str()), (0, "42\n"));
    assert_eq!(err, "porcini: warning: --engine.TraceAssumptions is accepted but has no effect in porcini yet.\n");
    let (_, _, quiet) = run("quiet.sl", "function main() { println(42); }", &["--engine.TraceAssumptions=false"]);
    assert_eq!(quiet, "");
}

/// The value of the statistics row labelled `label` in `report`, as a number.
fn statistic(report: &str, label: &str) -> Option<u64> {
    let line = report.lines().find(|l| l.split_once(':').is_some_and(|(name, _)| name.trim() == label))?;
    line.split_once(':')?.1.trim().parse().ok()
}

#[test]
fn compilation_statistics_are_reported_when_the_run_ends() {
    let fib = "function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }\nfunction main() { println(fib(20)); }\n";
    for (mode, flags) in MODES {
        let mut args = flags.to_vec();
        args.push("--engine.CompilationStatistics");
        let (code, out, err) = run("stats.sl", fib, &args);
        assert_eq!((code, out.as_str()), (0, "6765\n"), "{mode}: {err}");
        // The report is one message of the engine log, after the program's output.
        assert!(err.starts_with("[engine] Truffle runtime statistics for engine 1\n"), "{mode}: {err}");
        assert!(!err.contains("has no effect"), "{mode}: {err}");
        let compilations = statistic(&err, "Compilations").unwrap_or_else(|| panic!("{mode}: no Compilations row in {err}"));
        let success = statistic(&err, "Success").unwrap_or_else(|| panic!("{mode}: no Success row in {err}"));
        assert!(success <= compilations, "{mode}: {err}");
        match *mode {
            "interpreter" => assert_eq!(compilations, 0, "{err}"),
            // Compiled synchronously, `fib` and `main` have their code before the run ends.
            "compiled" => {
                assert!(success >= 2, "{err}");
                let times = err.lines().find(|l| l.trim_start().starts_with("Time for compilation (us)")).unwrap_or_default();
                assert!(times.contains(&format!("count={success:>4}, sum=")) && times.contains(", median="), "{err}");
            }
            _ => {}
        }
    }
}
