//! The REPL, driven through a pseudo-terminal as a user drives it: definitions kept between
//! entries, a multi-line entry on the continuation prompt, an error that the session survives,
//! and Ctrl-D to leave; and standard input that is not a terminal still runs as a program.

use std::io::Write;
use std::process::{Command, Stdio};

use rexpect::session::{PtySession, spawn_command};

/// Seconds any one expected output may take to appear.
const TIMEOUT_MS: u64 = 30_000;

/// `porcini` with `args` on a fresh pseudo-terminal, with a home of its own so the test neither
/// reads nor writes the user's history.
fn start(args: &[&str]) -> PtySession {
    let home = std::env::temp_dir().join(format!("porcini-repl-home-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&home);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_porcini"));
    cmd.args(args).env("HOME", &home).env("TERM", "dumb");
    spawn_command(cmd, Some(TIMEOUT_MS)).expect("porcini starts on a pty")
}

/// Sends Ctrl-D and checks that the REPL exits with status 0.
fn leave(mut p: PtySession) {
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    match p.process().wait().unwrap() {
        rexpect::process::WaitStatus::Exited(_, code) => assert_eq!(code, 0),
        other => panic!("porcini ended with {other:?}"),
    }
}

#[test]
fn sl_repl_keeps_functions_continues_lines_and_survives_errors() {
    let mut p = start(&[]);
    p.exp_string("> ").unwrap();
    p.send_line("function double(n) { return n * 2; }").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("double(21)").unwrap();
    p.exp_string("42").unwrap();
    p.send_line("function greet(who) {").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("  println(\"hello \" + who);").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("}").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("greet(\"pty\");").unwrap();
    p.exp_string("hello pty").unwrap();
    p.send_line("double(\"x\") + 1").unwrap();
    p.exp_string("Type error").unwrap();
    p.send_line("double(double(5))").unwrap();
    p.exp_string("20").unwrap();
    leave(p);
}

#[test]
fn js_repl_keeps_declarations_continues_lines_and_survives_errors() {
    let mut p = start(&["--lang=js"]);
    p.exp_string("> ").unwrap();
    p.send_line("let count = 1; function bump() { return ++count; }").unwrap();
    p.exp_string("undefined").unwrap();
    p.send_line("bump(); count * 10").unwrap();
    p.exp_string("20").unwrap();
    p.send_line("const add = (a, b) => {").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("  return a + b;").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("};").unwrap();
    p.exp_string("undefined").unwrap();
    p.send_line("console.log('sum', add(2, 3)); [add(1, 1), 'x']").unwrap();
    p.exp_string("sum 5").unwrap();
    p.exp_string("[ 2, 'x' ]").unwrap();
    p.send_line("missing + 1").unwrap();
    p.exp_string("ReferenceError: missing is not defined").unwrap();
    p.send_line("add(count, 100)").unwrap();
    p.exp_string("102").unwrap();
    leave(p);
}

#[test]
fn dot_exit_leaves_with_status_zero() {
    let mut p = start(&["--lang=js"]);
    p.exp_string("> ").unwrap();
    p.send_line(".exit").unwrap();
    p.exp_eof().unwrap();
    match p.process().wait().unwrap() {
        rexpect::process::WaitStatus::Exited(_, code) => assert_eq!(code, 0),
        other => panic!("porcini ended with {other:?}"),
    }
}

#[test]
fn piped_standard_input_still_runs_a_program() {
    let run = |args: &[&str], program: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_porcini"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(program.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    assert_eq!(run(&[], "function main() { println(\"piped\"); return 7; }"), (Some(0), "piped\n7\n".to_string()));
    assert_eq!(run(&["--lang=js"], "console.log('piped', 6 * 7);"), (Some(0), "piped 42\n".to_string()));
}
