//! Running one benchmark process, as both whole-process runners (`porcini-compare` and
//! `porcini-awfy`) do: spawn it in a folder with no input, capture what it prints, time it from
//! spawn to exit, and kill it after a timeout. Also the small look-ups the runners share: the
//! workspace they were built in and executables on `PATH`.
//!
//! This is the crate's only module that starts processes; what the runners make of the output
//! (parsing, checking, statistics, reports) lives in the pure modules beside it, where it is
//! unit-tested without any VM installed.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How a process ended.
#[derive(Clone, Debug)]
pub struct Finished {
    /// `Ok(())` for a successful exit, otherwise a description of the exit status (or of why the
    /// process could not be started).
    pub exit: Result<(), String>,
    /// What it wrote to standard output.
    pub stdout: String,
    /// What it wrote to standard error.
    pub stderr: String,
    /// Wall-clock time from spawn to exit.
    pub wall_ms: f64,
    /// Whether it was killed after the timeout.
    pub timed_out: bool,
}

impl Finished {
    /// Standard output followed by standard error: a failing VM's message comes last, where an
    /// error report's tail shows it.
    pub fn output(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}

/// The workspace the runners were built in: the crate sits at `<workspace>/crates/porcini-bench`,
/// and the path is baked in at build time, which is right for development tools run from their
/// own checkout.
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// The executable `program` resolves to on `PATH`, if any.
pub fn find_on_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            std::fs::metadata(candidate)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// Runs `argv` in `cwd` with standard output and standard error captured apart, killing it after
/// `timeout`.
///
/// Each pipe's reader runs on a helper thread and reports when it reaches end of file, which
/// happens when the process exits; waiting for both reports with a deadline is what bounds the
/// run without polling. The wall-clock time covers spawn to exit.
pub fn run(argv: &[String], cwd: &Path, timeout: Duration) -> Finished {
    let failed = |msg: String| Finished {
        exit: Err(msg),
        stdout: String::new(),
        stderr: String::new(),
        wall_ms: 0.0,
        timed_out: false,
    };
    let Some((program, args)) = argv.split_first() else {
        return failed("no command to run".to_string());
    };
    let started = Instant::now();
    let spawned = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot start {program}: {e}")),
    };
    let (done, ready) = mpsc::channel();
    let readers: [(bool, Option<Box<dyn Read + Send>>); 2] = [
        (true, child.stdout.take().map(|r| Box::new(r) as _)),
        (false, child.stderr.take().map(|r| Box::new(r) as _)),
    ];
    for (is_stdout, reader) in readers {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut reader) = reader {
                let _ = reader.read_to_end(&mut bytes);
            }
            let _ = done.send((is_stdout, bytes));
        });
    }
    let deadline = started + timeout;
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut timed_out = false;
    for _ in 0..2 {
        let wait = deadline.saturating_duration_since(Instant::now());
        let received = match ready.recv_timeout(wait) {
            Ok(r) => Some(r),
            Err(_) if !timed_out => {
                timed_out = true;
                let _ = child.kill();
                // The readers finish once the killed process's ends of the pipes close; a
                // grandchild that kept them open would leave a reader blocked, so neither is
                // waited for long.
                ready.recv_timeout(Duration::from_secs(1)).ok()
            }
            Err(_) => ready.recv_timeout(Duration::from_secs(1)).ok(),
        };
        match received {
            Some((true, bytes)) => stdout = bytes,
            Some((false, bytes)) => stderr = bytes,
            None => break,
        }
    }
    let status = child.wait();
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let exit = match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(match s.code() {
            Some(code) => format!("exit status {code}"),
            None => format!("terminated ({s})"),
        }),
        Err(e) => Err(format!("cannot wait for the process: {e}")),
    };
    Finished {
        exit,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        wall_ms,
        timed_out,
    }
}
