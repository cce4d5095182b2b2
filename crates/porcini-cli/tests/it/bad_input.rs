//! The `porcini` binary on hostile and broken input: garbage and non-UTF-8 bytes, empty and
//! comment-only files, huge literals, nesting far beyond what programs use, runaway recursion,
//! guest errors, bad paths, bad options and failing output streams.
//!
//! Whatever the input, the launcher must end with an exit status and a message, never with a
//! panic or a signal: every case checks that the process exited normally (`status.code()` is
//! `Some`) and that no output mentions `panicked`. Program files are written to a fresh directory
//! under Cargo's test scratch space and always named `case.sl`, so messages are stable. The cases
//! are data-driven through [`check`] (a program file) and [`check_args`] (any command line and
//! standard input).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;

/// A fresh, empty directory for one case, removed again when dropped (the deep cases write
/// files of megabytes).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch_dir() -> Scratch {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("bad_input-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    Scratch(dir)
}

/// Runs the launcher with `args` in `dir`, feeding `stdin` to it.
fn run(dir: &Path, args: &[OsString], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_porcini"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start porcini: {e}"));
    if let Some(mut input) = child.stdin.take() {
        // The launcher may exit without reading its input; a broken pipe here is expected then.
        let _ = std::io::Write::write_all(&mut input, stdin);
    }
    child.wait_with_output().unwrap_or_else(|e| panic!("cannot wait for porcini: {e}"))
}

/// Shortens long text for failure messages.
fn brief(text: &str) -> String {
    if text.len() <= 400 {
        return text.to_string();
    }
    let mut end = 300;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

/// Runs `porcini ARGS` with `stdin`, and checks the exit status, that standard error contains
/// `stderr_has` (an empty string means standard error must be empty), and that standard output
/// is exactly `stdout`. `label` names the case in failures.
fn check_args(label: &str, dir: &Path, args: &[OsString], stdin: &[u8], exit: i32, stderr_has: &str, stdout: &str) {
    let out = run(dir, args, stdin);
    let (so, se) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let context = format!("case {label}\n--- stdout\n{}\n--- stderr\n{}", brief(&so), brief(&se));
    assert!(out.status.code().is_some(), "killed by a signal ({:?}); {context}", out.status);
    assert!(!so.contains("panicked") && !se.contains("panicked"), "panic; {context}");
    assert_eq!(out.status.code(), Some(exit), "exit status; {context}");
    if stderr_has.is_empty() {
        assert!(se.is_empty(), "unexpected standard error; {context}");
    } else {
        assert!(se.contains(stderr_has), "standard error lacks {stderr_has:?}; {context}");
    }
    assert!(so == stdout, "standard output differs from {:?}; {context}", brief(stdout));
}

/// Writes `program` to `case.sl` and runs `porcini case.sl`; see [`check_args`].
fn check(program: &[u8], exit: i32, stderr_has: &str, stdout: &str) {
    let dir = scratch_dir();
    let _ = std::fs::write(dir.join("case.sl"), program);
    let label = String::from_utf8_lossy(&program[..program.len().min(60)]).into_owned();
    check_args(&label, &dir, &["case.sl".into()], b"", exit, stderr_has, stdout);
}

/// `function main() { return BODY; }`.
fn main_returning(body: &str) -> Vec<u8> {
    format!("function main() {{ return {body}; }}").into_bytes()
}

// ---------------------------------------------------------------------------------------------
// Bytes that are not a program

#[test]
fn garbage_and_encoding() {
    check(b"\x00\x01\xff\xfe garbage", 1, "-- line 1 col 3: invalid UTF-8 in case.sl", "");
    check(b"@#$ garbage", 1, "-- line 1 col 1: token recognition error at: '@'", "");
    check(b"function main() {\x00 return 1; }", 1, "-- line 1 col 18: token recognition error at: '\x00'", "");
    check(
        b"\xef\xbb\xbffunction main() { return 1; }",
        1,
        "-- line 1 col 1: token recognition error at: '\u{feff}'",
        "",
    );
    // Invalid UTF-8 inside a string literal and outside any token; the column counts characters,
    // so the two-byte `é` before the bad byte counts once.
    check(b"function main() { return \"a\xffb\"; }", 1, "-- line 1 col 28: invalid UTF-8 in case.sl", "");
    check(b"function main() { x = \"\xc3\xa9\xff\"; }", 1, "-- line 1 col 25: invalid UTF-8 in case.sl", "");
    check(b"function main() {\n return 1; }\xc3", 1, "-- line 2 col 13: invalid UTF-8 in case.sl", "");
    // A lone surrogate encoded in UTF-8 (CESU style) is not UTF-8 either.
    check(b"function main() { return \"\xed\xa0\x80\"; }", 1, "invalid UTF-8 in case.sl", "");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random bytes, alone or after a valid function header, are rejected or run cleanly.
    #[test]
    fn random_bytes_are_rejected_cleanly(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        header in any::<bool>(),
    ) {
        let mut program = if header { b"function main() { ".to_vec() } else { Vec::new() };
        program.extend_from_slice(&bytes);
        // Random bytes almost never form a program; when they do, it must still run cleanly, so
        // only the parse-error case pins the outcome.
        let dir = scratch_dir();
        let _ = std::fs::write(dir.join("case.sl"), &program);
        let out = run(&dir, &["case.sl".into()], b"");
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        prop_assert!(out.status.code().is_some(), "signal: {:?}", out.status);
        prop_assert!(!text.contains("panicked"), "{}", text);
        if text.starts_with("Error(s) parsing script:") {
            prop_assert_eq!(out.status.code(), Some(1));
        }
    }
}

#[test]
fn empty_and_comment_only_files() {
    check(b"", 1, "Error(s) parsing script:\n-- line 1 col 1: mismatched input '<EOF>' expecting 'function'", "");
    check(b"   \n\t \r\n", 1, "-- line 3 col 1: mismatched input '<EOF>' expecting 'function'", "");
    check(b"// c\n/* d */", 1, "-- line 2 col 8: mismatched input '<EOF>' expecting 'function'", "");
    // An unterminated block comment is `/` `*`, not a comment.
    check(b"/* never closed", 1, "-- line 1 col 1: mismatched input '/' expecting 'function'", "");
}

#[test]
fn programs_without_main() {
    check(b"function foo() { return 1; }", 1, "No function main() defined in SL source file.", "");
    // `Main` is another name.
    check(b"function Main() { println(1); }", 1, "No function main() defined in SL source file.", "");
}

// ---------------------------------------------------------------------------------------------
// Sizes

#[test]
fn huge_integer_literals() {
    let nines = "9".repeat(10_000);
    let power = format!("1{}", "0".repeat(10_000));
    check(
        format!("function main() {{ println({nines}); println(0 - {nines}); return {nines} + 1; }}").as_bytes(),
        0,
        "",
        &format!("{nines}\n-{nines}\n{power}\n"),
    );
    // Big arithmetic that comes back to small, and a literal with leading digits that overflow
    // on the first multiplication by ten.
    check(&main_returning(&format!("{nines} * {nines} / {nines} - {nines}")), 0, "", "0\n");
    check(&main_returning(&format!("{power} / {nines}")), 0, "", "1\n");
    check(&main_returning(&format!("{nines} == {nines} + 0")), 0, "", "true\n");
    let digits: String = (0..10_000).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
    check(&main_returning(&digits), 0, "", &format!("{digits}\n"));
}

#[test]
fn deep_expressions() {
    let n = 50_000;
    check(&main_returning(&format!("{}1{}", "(".repeat(n), ")".repeat(n))), 0, "", "1\n");
    check(&main_returning(&format!("{}1{}", "(1 + ".repeat(n), ")".repeat(n))), 0, "", &format!("{}\n", n + 1));
    check(&main_returning(&format!("{}2 < 3{}", "(1 < 2 && ".repeat(n), ")".repeat(n))), 0, "", "true\n");
    // The innermost operand is not a Boolean: the error is at the start of the innermost `&&`.
    check(
        &main_returning(&format!("{}1{}", "(1 < 2 && ".repeat(n), ")".repeat(n))),
        1,
        "line 1 col 500017: operation \"toBoolean\"",
        "",
    );
    check(
        format!("function f(a) {{ return a + 1; }} function main() {{ return {}0{}; }}", "f(".repeat(n), ")".repeat(n))
            .as_bytes(),
        0,
        "",
        &format!("{n}\n"),
    );
    check(format!("function main() {{ {}7; return a; }}", "a = ".repeat(n)).as_bytes(), 0, "", "7\n");
    // Past the nesting limit: a clean parse error with a location.
    let far = 200_000;
    check(&main_returning(&format!("{}1{}", "(".repeat(far), ")".repeat(far))), 1, "col 100025: too deeply nested", "");
    check(&main_returning(&"(".repeat(far)), 1, ": too deeply nested", "");
}

#[test]
fn deep_statements() {
    let n = 50_000;
    let nest = |open: &str| format!("function main() {{ x = 0; {}{} return x; }}", open.repeat(n), "}".repeat(n));
    check(nest("if (x < 1) { x = x + 1; ").as_bytes(), 0, "", "1\n");
    check(nest("if (x < 0) { } else { x = x + 1; ").as_bytes(), 0, "", &format!("{n}\n"));
    check(nest("while (x < 1) { x = x + 1; ").as_bytes(), 0, "", "1\n");
    check(nest("if (x < 1) { ").as_bytes(), 0, "", "0\n");
    // Nested loops that all run and break out.
    check(nest("while (0 < 1) { x = x + 1; if (x < 0) { } else { break; } ").as_bytes(), 0, "", "1\n");
    // Blocks are not statements, so a run of braces is a syntax error, reported at the second.
    check(
        format!("function main() {{ {} }}", "{".repeat(n)).as_bytes(),
        1,
        "-- line 1 col 19: mismatched input '{'",
        "",
    );
    check(format!("function main() {{ {} }}", "if (x) { ".repeat(200_000)).as_bytes(), 1, ": too deeply nested", "");
}

// ---------------------------------------------------------------------------------------------
// Guest errors

#[test]
fn runtime_errors() {
    check(
        b"function f(n) { return f(n + 1); } function main() { println(\"start\"); return f(0); }",
        1,
        "Stack overflow",
        "start\n",
    );
    check(b"function main() { return main(); }", 1, "Stack overflow", "");
    check(
        b"function a(n) { return b(n); } function b(n) { return a(n); } function main() { return a(0); }",
        1,
        "Stack overflow",
        "",
    );
    check(b"function main() { return 1 / 0; }", 1, "Division by zero at case.sl line 1 col 26", "");
    check(b"function main() {\n  x = 0;\n  return 10 / x;\n}", 1, "Division by zero at case.sl line 3 col 10", "");
    check(&main_returning("(0 - 9223372036854775807 - 1) / 0"), 1, "Division by zero at case.sl line 1 col 26", "");
    check(&main_returning("100000000000000000000 / 0"), 1, "Division by zero at case.sl line 1 col 26", "");
    check(
        &main_returning("1 - \"a\""),
        1,
        "Type error at case.sl line 1 col 26: operation \"-\" not defined for Number 1, String \"a\"",
        "",
    );
    check(
        b"function main() { if (1) { } }",
        1,
        "Type error at case.sl line 1 col 23: operation \"toBoolean\" not defined for Number 1",
        "",
    );
    check(&main_returning("2 > \"4\""), 1, "operation \"<=\" not defined for Number 2, String \"4\"", "");
    check(&main_returning("new() * new()"), 1, "operation \"*\" not defined for Object Object, Object Object", "");
    check(&main_returning("nothing(1)"), 1, "Undefined function: nothing", "");
    check(b"function main() { x = 5; return x.y; }", 1, "Undefined property: y", "");
    check(
        b"function main() { println(x); x = 1; }",
        1,
        "Local variable 'x' read before assignment at case.sl line 1 col 27",
        "",
    );
}

// ---------------------------------------------------------------------------------------------
// The command line and standard input

fn args(list: &[&str]) -> Vec<OsString> {
    list.iter().map(OsString::from).collect()
}

#[test]
fn paths_and_standard_input() {
    let dir = scratch_dir();
    let program = b"function main() { return 1 + 2; }";
    check_args("missing file", &dir, &args(&["no/such/file.sl"]), b"", 1, "Cannot read 'no/such/file.sl'", "");
    check_args("directory", &dir, &args(&["."]), b"", 1, "Cannot read '.'", "");
    check_args("stdin", &dir, &[], program, 0, "", "3\n");
    check_args("stdin dash", &dir, &args(&["-"]), program, 0, "", "3\n");
    check_args("stdin empty", &dir, &[], b"", 1, "-- line 1 col 1: mismatched input '<EOF>' expecting 'function'", "");
    check_args("stdin not UTF-8", &dir, &[], b"function \xff", 1, "-- line 1 col 10: invalid UTF-8 in <stdin>", "");
    check_args(
        "stdin error",
        &dir,
        &[],
        b"function main() { return 1 / 0; }",
        1,
        "Division by zero at <stdin> line 1 col 26",
        "",
    );
    // A program read from a file reads standard input; one read from standard input sees none.
    let _ = std::fs::write(dir.join("echo.sl"), b"function main() { return readln() + \"|\" + readln(); }");
    check_args("readln", &dir, &args(&["echo.sl"]), b"one\r\ntwo", 0, "", "one|two\n");
    check_args("readln at end", &dir, &args(&["echo.sl"]), b"", 0, "", "|\n");
    check_args("two files", &dir, &args(&["a.sl", "b.sl"]), b"", 2, "Unexpected argument 'b.sl'", "");
}

#[cfg(unix)]
#[test]
fn paths_that_are_not_utf8() {
    use std::os::unix::ffi::OsStringExt;
    let dir = scratch_dir();
    let name = OsString::from_vec(b"\xfe.sl".to_vec());
    let _ = std::fs::write(dir.join(&name), b"function main() { return 1 / 0; }");
    check_args(
        "non-UTF-8 path",
        &dir,
        std::slice::from_ref(&name),
        b"",
        1,
        "Division by zero at \u{fffd}.sl line 1 col 26",
        "",
    );
    let missing = OsString::from_vec(b"\xff.sl".to_vec());
    check_args("missing non-UTF-8 path", &dir, &[missing], b"", 1, "Cannot read '\u{fffd}.sl'", "");
    let option = OsString::from_vec(b"--engine.\xff".to_vec());
    check_args("non-UTF-8 option", &dir, &[option, "x.sl".into()], b"", 2, "Unknown option '--engine.\u{fffd}'", "");
}

#[test]
fn bad_options() {
    let dir = scratch_dir();
    let _ = std::fs::write(dir.join("ok.sl"), b"function main() { return 1; }");
    check_args(
        "unknown",
        &dir,
        &args(&["--engine.Foo", "ok.sl"]),
        b"",
        2,
        "Unknown option 'engine.Foo'. The closest valid option is 'engine.Mode'; see --help for the list.\n",
        "",
    );
    check_args(
        "typo",
        &dir,
        &args(&["--engine.Compilaton=false", "ok.sl"]),
        b"",
        2,
        "Unknown option 'engine.Compilaton'. Did you mean 'engine.Compilation'?",
        "",
    );
    check_args("case", &dir, &args(&["--engine.gcstress", "ok.sl"]), b"", 2, "Did you mean 'engine.GCStress'?", "");
    check_args(
        "bad value",
        &dir,
        &args(&["--engine.GCStress=maybe", "ok.sl"]),
        b"",
        2,
        "Invalid value 'maybe' for option 'engine.GCStress'",
        "",
    );
    check_args("not an option", &dir, &args(&["-x", "ok.sl"]), b"", 2, "Unknown option '-x'", "");
    check_args("good option", &dir, &args(&["--engine.GCStress", "ok.sl"]), b"", 0, "", "1\n");
}

// ---------------------------------------------------------------------------------------------
// Output that cannot be written

#[cfg(target_os = "linux")]
#[test]
fn unwritable_standard_output() {
    // `/dev/full` fails every write with "No space left on device".
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let dir = scratch_dir();
    let _ = std::fs::write(dir.join("result.sl"), b"function main() { return 1; }");
    let _ = std::fs::write(dir.join("print.sl"), b"function main() { println(\"x\"); }");
    for (case, arguments) in [
        ("result", args(&["result.sl"])),
        ("print", args(&["print.sl"])),
        ("help", args(&["--help"])),
        ("version", args(&["--version"])),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_porcini"))
            .args(&arguments)
            .current_dir(&*dir)
            .stdin(Stdio::null())
            .stdout(full.try_clone().unwrap_or_else(|e| panic!("{e}")))
            .stderr(Stdio::piped())
            .output()
            .unwrap_or_else(|e| panic!("cannot run porcini: {e}"));
        let se = String::from_utf8_lossy(&out.stderr);
        assert!(!se.contains("panicked"), "{case}: {se}");
        assert_eq!(out.status.code(), Some(1), "{case}: {se}");
        assert!(se.contains("Cannot write standard output: No space left on device"), "{case}: {se}");
    }
}

// ---------------------------------------------------------------------------------------------
// Code nested deeper than the native stack left holds

/// The deepest recursions below run in the interpreter (see `deep_code_near_the_stack_limit`).
const INTERPRETED: &str = "--engine.Compilation=false";

/// The deepest recursion of `f` in `template` (with `PAYLOAD` replaced by `0`) that still
/// succeeds, found by bisection; `DEPTH` in the template is the recursion depth.
fn deepest_recursion(dir: &Path, template: &str) -> u64 {
    let succeeds = |depth: u64| {
        let _ =
            std::fs::write(dir.join("probe.sl"), template.replace("DEPTH", &depth.to_string()).replace("PAYLOAD", "0"));
        run(dir, &args(&[INTERPRETED, "probe.sl"]), b"").status.success()
    };
    let (mut lo, mut hi) = (1_000u64, 100_000_000u64);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if succeeds(mid) { lo = mid } else { hi = mid }
    }
    lo
}

#[test]
fn deep_code_near_the_stack_limit() {
    // A call starts only if the native stack below it holds every level of the callee's tree
    // (plus a reserve), and parsing and translating code for `eval`/`defineFunction` check the
    // stack left at every level of nesting. So when a guest recursion has used nearly all of the
    // stack, evaluating a deeply nested expression, or loading deeply nested code, is the
    // guest's `Stack overflow` error (it used to overflow the real stack and abort the process),
    // while the same code runs normally where there is room.
    // The interpreter's frames, with one object parameter each, make the native stack, not the
    // value stack, the limit (compiled frames are small enough that the value stack's cells run
    // out first).
    let dir = scratch_dir();
    let template = "function parens(k) {\n\
         \x20 o = \"(\"; c = \")\";\n\
         \x20 while (0 < k) { o = o + o; c = c + c; k = k - 1; }\n\
         \x20 return o + \"1\" + c;\n\
         }\n\
         function f(o) { o.n = o.n + 1; if (o.n < DEPTH) { return f(o); } return PAYLOAD; }\n\
         function main() {\n\
         \x20 o = new(); o.n = 0;\n\
         \x20 o.src = \"function main() { return \" + parens(14) + \"; }\";\n\
         \x20 return f(o);\n\
         }\n";
    let depth = deepest_recursion(&dir, template);
    let nested = format!("{}1{}", "1 + (".repeat(5_000), ")".repeat(5_000));
    for (name, payload, expect) in [
        ("evaluate", nested.as_str(), "5001\n"),
        ("eval", "eval(\"sl\", o.src)", "1\n"),
        ("defineFunction", "isNull(defineFunction(o.src))", "false\n"),
    ] {
        for (recursion, expect, stack_overflow) in [(10, expect, false), (depth - 2, "", true)] {
            let program = template.replace("DEPTH", &recursion.to_string()).replace("PAYLOAD", payload);
            let _ = std::fs::write(dir.join("case.sl"), program);
            let out = run(&dir, &args(&[INTERPRETED, "case.sl"]), b"");
            let (so, se) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            let case = format!("{name} at recursion depth {recursion}: status {:?}, {so:?}, {se:?}", out.status);
            assert_eq!(out.status.code(), Some(if stack_overflow { 1 } else { 0 }), "{case}");
            assert_eq!(so, expect, "{case}");
            assert_eq!(se.contains("Stack overflow"), stack_overflow, "{case}");
        }
    }
}
