//! The `porcini` launcher: runs an SL program like SL's own launcher.
//!
//! `porcini [--engine.Name[=value]]... [FILE.sl]` parses and runs the file (or standard input),
//! prints `main`'s non-NULL result, and prints guest errors to stderr with exit status 1. This is
//! the only crate that does process-level I/O: it opens the streams, picks the exit status and
//! runs the guest on a thread with a large native stack, so deep but legal programs run and
//! runaway recursion becomes a guest error instead of a crash.

use std::io::{BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use lang_sl::{RunError, SlEngine};
use porcini_tools::options::EngineOptions;

/// Native stack for the guest thread: reserved virtual memory, committed only as used.
const GUEST_STACK_BYTES: usize = 1 << 30;

fn usage() -> String {
    let mut s = String::from(
        "Usage: porcini [OPTIONS] [FILE.sl]\n\n\
         Runs a SimpleLanguage program: calls its main function and prints a non-NULL result.\n\
         Reads the program from standard input when no file is given.\n\n\
         Options:\n  --help        Print this help\n  --version     Print the version\n\nEngine options:\n",
    );
    for (spelled, default, help) in EngineOptions::help_rows() {
        s.push_str(&format!("  {spelled:<48} {help} (default: {default})\n"));
    }
    s
}

enum Command {
    Run { options: Box<EngineOptions>, file: Option<String> },
    Help,
    Version,
}

fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut options = EngineOptions::default();
    let mut file = None;
    for a in args {
        match a.as_str() {
            "--help" | "-h" => return Ok(Command::Help),
            "--version" => return Ok(Command::Version),
            _ if a.starts_with("--engine.") => options.apply_arg(a).map_err(|e| e.to_string())?,
            _ if a.starts_with('-') && a != "-" => return Err(format!("Unknown option '{a}'. See --help.")),
            _ if file.is_some() => return Err(format!("Unexpected argument '{a}': only one program file is run.")),
            _ => file = Some(a.clone()),
        }
    }
    Ok(Command::Run { options: Box::new(options), file })
}

fn read_program(file: &Option<String>) -> Result<(String, String), String> {
    let (bytes, name) = match file {
        Some(path) if path != "-" => {
            let bytes = std::fs::read(path).map_err(|e| format!("Cannot read '{path}': {e}"))?;
            let name = std::path::Path::new(path)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.clone());
            (bytes, name)
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("Cannot read standard input: {e}"))?;
            (bytes, String::from("<stdin>"))
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text, name)),
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let text = String::from_utf8_lossy(valid);
            let line = text.matches('\n').count() + 1;
            let col = text.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
            Err(format!("Error(s) parsing script:\n-- line {line} col {col}: invalid UTF-8 in {name}"))
        }
    }
}

fn run(options: EngineOptions, file: Option<String>) -> u8 {
    let (source, name) = match read_program(&file) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    // The program reads standard input only when it did not come from there.
    let input: Box<dyn std::io::BufRead> = if file.is_some() {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::empty())
    };
    let engine = SlEngine::new(options, Box::new(BufWriter::new(std::io::stdout())), input);
    let marker = 0u8;
    engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, GUEST_STACK_BYTES);
    let outcome = engine.run(&source, &name);
    let status = match outcome {
        Ok(result) => {
            if let Some(text) = result {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            }
            0
        }
        Err(RunError::NoMain) => {
            eprintln!("No function main() defined in SL source file.");
            1
        }
        Err(RunError::Exit(code)) => code as u8,
        Err(RunError::Guest(msg)) => {
            eprintln!("{msg}");
            1
        }
    };
    let status = match engine.run_shutdown_hooks() {
        Ok(()) => status,
        Err(RunError::Exit(code)) => code as u8,
        Err(RunError::Guest(msg)) => {
            eprintln!("{msg}");
            1
        }
        Err(RunError::NoMain) => status,
    };
    engine.flush();
    status
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args) {
        Ok(Command::Help) => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!("porcini {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Command::Run { options, file }) => {
            let guest = std::thread::Builder::new()
                .name("guest".into())
                .stack_size(GUEST_STACK_BYTES)
                .spawn(move || run(*options, file));
            match guest.map(|h| h.join()) {
                Ok(Ok(code)) => ExitCode::from(code),
                _ => {
                    eprintln!("internal error: the guest thread failed");
                    ExitCode::from(70)
                }
            }
        }
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}
