//! The `porcini` launcher: runs an SL program like SL's own launcher, and an EasyScript program
//! like node.
//!
//! `porcini [--engine.Name[=value]]... [FILE.sl]` parses and runs the SL file (or standard
//! input), prints `main`'s non-NULL result, and prints guest errors to stderr with exit status 1.
//! `porcini [--engine.Name[=value]]... FILE.js [ARGS]...` runs the JavaScript file as node's main
//! module, with `process.argv` as node gives it; an uncaught exception is reported on stderr as
//! node reports it, with exit status 1. Started on a terminal without a file, it runs a REPL
//! (`repl.rs`) in the language `--lang` names. This is the only crate that does process-level I/O: it
//! opens the streams and files, picks the exit status and runs the guest on a thread with a large
//! native stack, so deep but legal programs run and runaway recursion becomes a guest error
//! instead of a crash.

use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

mod repl;

use std::io::IsTerminal;

use lang_es::Es;
use lang_sl::Sl;
use porcini::{Engine, Host, Launch, RunError};
use porcini_tools::dump::DumpWriter;
use porcini_tools::options::{EngineOptions, TOOL_OPTION_NAMES, ToolOptions};

mod tools;
use porcini_tools::trace::TraceSink;

/// Native stack for the guest thread: reserved virtual memory, committed only as used.
const GUEST_STACK_BYTES: usize = 1 << 30;

fn usage() -> String {
    let mut s = String::from(
        "Usage: porcini [OPTIONS] [FILE.sl]\n       porcini [OPTIONS] FILE.js [ARGS]...\n       porcini [OPTIONS] [--lang=sl|js]\n\n\
         Runs a SimpleLanguage program: calls its main function and prints a non-NULL result.\n\
         Runs an EasyScript (JavaScript) program as node runs its main module; ARGS follow\n\
         the script in process.argv. A file's extension picks its language.\n\
         Without a file, reads the program from standard input, or, on a terminal, starts a\n\
         REPL: each entry's value is printed, definitions stay for later entries, an\n\
         unfinished entry continues on the next line, and .exit or Ctrl-D leaves.\n\n\
         Options:\n  --lang=sl|js  The language without a file (default: sl, the launcher's first language)\n  \
         --help        Print this help\n  --version     Print the version\n\nEngine options:\n",
    );
    for (spelled, default, help) in EngineOptions::help_rows() {
        s.push_str(&format!("  {spelled:<48} {help} (default: {default})\n"));
    }
    s.push_str("\nTools and sandbox limits:\n");
    for (name, help) in TOOL_OPTION_NAMES {
        s.push_str(&format!("  --{name:<46} {help}\n"));
    }
    s
}

enum Command {
    Run { options: Box<EngineOptions>, file: Option<PathBuf>, args: Vec<OsString>, lang: Lang },
    Help,
    Version,
}

/// The language a program without a file is in (`--lang`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lang {
    Sl,
    Js,
}

/// Reads the command line. Arguments are taken as the operating system gives them: a program
/// path need not be valid UTF-8 (file names on Unix are bytes), while an option that is not
/// valid UTF-8 cannot name anything and is an error like any other unknown option.
fn parse_args(args: &[OsString]) -> Result<Command, String> {
    let mut options = EngineOptions::default();
    let mut file: Option<PathBuf> = None;
    let mut lang = Lang::Sl;
    for (i, arg) in args.iter().enumerate() {
        // Everything after a JavaScript program is the program's own arguments, as node takes
        // them (SL programs have no arguments).
        if file.as_deref().is_some_and(is_language::<Es>) {
            return Ok(Command::Run { options: Box::new(options), file, args: args[i..].to_vec(), lang });
        }
        let a = arg.to_string_lossy();
        match a.as_ref() {
            "--help" | "-h" => return Ok(Command::Help),
            "--version" => return Ok(Command::Version),
            "--lang=sl" => lang = Lang::Sl,
            "--lang=js" | "--lang=es" => lang = Lang::Js,
            _ if a.starts_with("--lang") => return Err(format!("Unknown language in '{a}': use --lang=sl or --lang=js.")),
            _ if a.starts_with("--engine.") => match arg.to_str() {
                Some(valid) => options.apply_arg(valid).map_err(|e| e.to_string())?,
                None => return Err(format!("Unknown option '{a}': not valid UTF-8. See --help.")),
            },
            _ if ToolOptions::claims(&a) => match arg.to_str() {
                Some(valid) => options.tools.apply_arg(valid)?,
                None => return Err(format!("Unknown option '{a}': not valid UTF-8. See --help.")),
            },
            _ if a.starts_with('-') && a != "-" => return Err(format!("Unknown option '{a}'. See --help.")),
            _ if file.is_some() => return Err(format!("Unexpected argument '{a}': only one program file is run.")),
            _ => file = Some(PathBuf::from(arg)),
        }
    }
    Ok(Command::Run { options: Box::new(options), file, args: Vec::new(), lang })
}

/// Whether a program file is in language `L`, by its extension. Any other file is SL's, as is
/// standard input.
fn is_language<L: Launch>(path: &std::path::Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| L::FILE_EXTENSIONS.contains(&e))
}

fn read_program(file: &Option<PathBuf>) -> Result<(String, String), String> {
    let (bytes, name) = match file {
        Some(path) if path.as_os_str() != "-" => {
            let bytes = std::fs::read(path).map_err(|e| format!("Cannot read '{}': {e}", path.display()))?;
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string());
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

/// Standard output for the guest, remembering the first write error.
///
/// The engine flushes its output stream but, having nowhere to report a failure at that point,
/// ignores the result; the buffered text of a program that printed a little would then be lost
/// without a trace and the run would still succeed. The launcher keeps the error and reports it
/// after the run instead.
struct GuestOut {
    inner: BufWriter<std::io::Stdout>,
    error: Rc<RefCell<Option<std::io::Error>>>,
}

impl GuestOut {
    fn record<T>(&self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            self.error.borrow_mut().get_or_insert_with(|| std::io::Error::new(e.kind(), e.to_string()));
        }
        r
    }
}

impl Write for GuestOut {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.record(r)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.record(r)
    }
}

/// Writes the engine's dumps as files under `--engine.DumpPath`, creating the directory on the
/// first dump. A dump that cannot be written is reported once on stderr; the run goes on, since a
/// missing dump must not change what the program does.
struct DumpDir {
    dir: PathBuf,
    failed: std::cell::Cell<bool>,
}

impl DumpWriter for DumpDir {
    fn write_dump(&self, file_name: &str, contents: &str) {
        let written = std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(self.dir.join(file_name), contents.as_bytes()));
        if let Err(e) = written
            && !self.failed.replace(true)
        {
            report(&format!("Cannot write dumps to '{}': {e}", self.dir.display()));
        }
    }
}

/// Runs the program in `file` (standard input when there is none) in language `L`, with `args`
/// following it in the guest's `argv`; answers the exit status. Every language runs alike: the
/// main program, then what the language runs after it, then the engine's closing reports.
fn launch<L: Launch>(options: EngineOptions, file: Option<PathBuf>, args: Vec<OsString>) -> u8 {
    // On a terminal without a program file, the user wants to type: the REPL.
    let interactive = file.is_none() && std::io::stdin().is_terminal();
    let (source, _) = match if interactive { Ok((String::new(), String::new())) } else { read_program(&file) } {
        Ok(p) => p,
        Err(msg) => {
            report(&msg);
            return 1;
        }
    };
    // Programs are named by absolute path, as node names modules (SL shows the file name).
    let path = match &file {
        Some(f) if f.as_os_str() != "-" => std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()).to_string_lossy().into_owned(),
        _ => String::from("<stdin>"),
    };
    // The program reads standard input only when it did not come from there.
    // (Nor in the REPL, which reads the terminal itself.)
    let input: Box<dyn std::io::BufRead> = if path != "<stdin>" && !interactive {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::empty())
    };
    let exe = std::env::current_exe().map(|p| p.to_string_lossy().into_owned()).unwrap_or_else(|_| "porcini".into());
    let mut argv = vec![exe, path.clone()];
    argv.extend(args.iter().map(|a| a.to_string_lossy().into_owned()));
    let start = std::time::Instant::now();
    let out_error = Rc::new(RefCell::new(None));
    let host = Host {
        out: Box::new(GuestOut { inner: BufWriter::new(std::io::stdout()), error: out_error.clone() }),
        err: Box::new(std::io::stderr()),
        input,
        read_file: Box::new(|p| std::fs::read_to_string(p).map_err(|e| e.to_string())),
        now: Box::new(move || start.elapsed()),
        argv,
        cpu_time: tools::thread_cpu_clock(),
    };
    let dump_dir = PathBuf::from(&options.dump_path);
    let compile = options.compilation;
    let engine = Engine::<L>::new(options, host);
    // Truffle's engine log goes to stderr by default, and so do porcini's traces.
    engine.set_trace_sink(TraceSink::stderr());
    engine.set_dump_writer(Box::new(DumpDir { dir: dump_dir, failed: std::cell::Cell::new(false) }));
    if compile {
        install_compiler(&engine);
    }
    let marker = 0u8;
    engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, GUEST_STACK_BYTES);
    let status = if interactive {
        repl::run(&engine)
    } else {
        run_program(&engine, &source, &path, &out_error)
    };
    let status = match engine.finish() {
        Ok(()) => status,
        Err(e) => exit_status(e),
    };
    engine.close();
    let status = if tools::write_reports(&engine.tool_reports()) || status != 0 { status } else { 1 };
    // A guest error already explains a failed run (a failed `println` is one); otherwise output
    // that could not be written makes the run fail, so a full disk is not mistaken for success.
    let unwritten = out_error.borrow_mut().take();
    match unwritten {
        Some(e) if status == 0 => {
            report(&format!("Cannot write standard output: {e}"));
            1
        }
        _ => status,
    }
}

/// Runs the main program and prints its result; answers the exit status.
fn run_program<L: Launch>(engine: &Engine<L>, source: &str, path: &str, out_error: &Rc<RefCell<Option<std::io::Error>>>) -> u8 {
    match engine.run(source, path) {
        Ok(result) => {
            if let Some(text) = result {
                let mut out = std::io::stdout().lock();
                if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
                    out_error.borrow_mut().get_or_insert(e);
                }
            }
            0
        }
        Err(e) => exit_status(e),
    }
}

/// Reports how a run ended abnormally and answers the exit status: 1 for the program's own
/// failure, the status it asked for, or 70 (EX_SOFTWARE) for a failure of the engine.
fn exit_status(e: RunError) -> u8 {
    match e {
        RunError::Guest(msg) => {
            report(&msg);
            1
        }
        RunError::Exit(code) => code as u8,
        RunError::ResourceExhausted(msg) => {
            report(&msg);
            1
        }
        RunError::Internal(msg) => {
            report(&msg);
            70
        }
    }
}

/// Gives the engine the JIT. A machine without a code generator runs interpreted.
fn install_compiler<L: Launch>(engine: &Engine<L>) {
    match porcini_jit::Jit::new() {
        Ok(jit) => engine.set_compiler(Rc::new(jit)),
        Err(msg) => report(&format!("[engine] compilation disabled: {msg}")),
    }
}

/// Writes a message line to standard error. Unlike `eprintln!`, it does not panic when standard
/// error cannot be written: there is nowhere left to report that, and the exit status still
/// tells.
pub(crate) fn report(msg: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{msg}");
}

/// Writes launcher text (help, version) to standard output; a failure, such as a closed pipe, is
/// reported instead of panicking as `print!` would.
fn print_out(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report(&format!("Cannot write standard output: {e}"));
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    // `args_os`, not `args`: the latter panics on an argument that is not valid UTF-8.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match parse_args(&args) {
        Ok(Command::Help) => print_out(&usage()),
        Ok(Command::Version) => print_out(&format!("porcini {}\n", env!("CARGO_PKG_VERSION"))),
        Ok(Command::Run { options, file, args, lang }) => {
            // Accepted so that GraalVM command lines run, but worth a word: the user expects an
            // effect (a trace, a statistic) that will not come.
            for name in options.without_effect() {
                report(&format!("porcini: warning: --engine.{name} is accepted but has no effect in porcini yet."));
            }
            let guest = std::thread::Builder::new().name("guest".into()).stack_size(GUEST_STACK_BYTES).spawn(move || {
                let js = match file.as_deref() {
                    Some(f) => is_language::<Es>(f),
                    None => lang == Lang::Js,
                };
                if js {
                    launch::<Es>(*options, file, args)
                } else {
                    launch::<Sl>(*options, file, args)
                }
            });
            match guest.map(|h| h.join()) {
                Ok(Ok(code)) => ExitCode::from(code),
                _ => {
                    report("internal error: the guest thread failed");
                    ExitCode::from(70)
                }
            }
        }
        Err(msg) => {
            report(&msg);
            ExitCode::from(2)
        }
    }
}
