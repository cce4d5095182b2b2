//! The interactive loop `porcini` runs when started on a terminal without a program: it reads
//! entries with line editing and history, evaluates each in one engine, and prints its value or
//! its error, for any language.
//!
//! An entry the language finds incomplete (an open brace, parenthesis or template literal)
//! continues on a continuation prompt until it is complete or fails. Guest output is flushed
//! before the value is printed, so it comes first. `.exit` or end of input (Ctrl-D) leaves with
//! status 0; Ctrl-C drops the line being entered. History is kept in `$HOME/.porcini_history`;
//! a history file that cannot be read or written only means no history.

use std::io::Write;
use std::path::PathBuf;

use porcini::embed::Entry;
use porcini::{Engine, Launch, RunError};
use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;

/// The prompt for a new entry, and the one for the lines that continue it.
const PROMPT: &str = "> ";
const CONTINUATION: &str = "... ";

/// Runs the REPL on `engine` until the user leaves; answers the exit status.
pub fn run<L: Launch>(engine: &Engine<L>) -> u8 {
    let mut editor = match DefaultEditor::new() {
        Ok(e) => e,
        Err(e) => {
            crate::report(&format!("Cannot start the REPL: {e}"));
            return 1;
        }
    };
    let history = std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".porcini_history"));
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    let mut pending = String::new();
    let mut count = 0u32;
    let status = loop {
        let prompt = if pending.is_empty() { PROMPT } else { CONTINUATION };
        let line = match editor.readline(prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                pending.clear();
                continue;
            }
            Err(ReadlineError::Eof) => break 0,
            Err(e) => {
                crate::report(&format!("Cannot read the terminal: {e}"));
                break 1;
            }
        };
        if pending.is_empty() && line.trim() == ".exit" {
            break 0;
        }
        if pending.is_empty() && line.trim().is_empty() {
            continue;
        }
        pending.push_str(&line);
        pending.push('\n');
        // Entries are named as node names them, REPL1 onwards, counting complete entries.
        match engine.eval_entry(&pending, &format!("REPL{}", count + 1)) {
            Ok(Entry::Incomplete(_)) => continue,
            Ok(Entry::Value(shown)) => {
                if let Some(text) = shown {
                    print_line(&text);
                }
            }
            Err(RunError::Exit(code)) => {
                let _ = editor.add_history_entry(pending.trim_end());
                save(&mut editor, &history);
                return code as u8;
            }
            Err(RunError::Guest(msg) | RunError::Internal(msg)) => crate::report(&msg),
            // A limit cancels the engine for good, as Truffle cancels the context.
            Err(RunError::ResourceExhausted(msg)) => {
                crate::report(&msg);
                save(&mut editor, &history);
                return 1;
            }
        }
        count += 1;
        let _ = editor.add_history_entry(pending.trim_end());
        pending.clear();
    };
    save(&mut editor, &history);
    status
}

/// Writes the history file, if there is a home for it.
fn save(editor: &mut DefaultEditor, history: &Option<PathBuf>) {
    if let Some(path) = history {
        let _ = editor.save_history(path);
    }
}

/// Prints a value on standard output at once, so it shows before the next prompt.
fn print_line(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}
