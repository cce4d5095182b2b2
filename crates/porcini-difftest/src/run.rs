//! Runs one program file in one mode as a child process and captures what it did.
//!
//! A mode runs the `porcini` binary with its flags, or node (see [`Vms`]). Only std is used.
//! The child's stdin is empty (so `readln()` returns ""), and its stdout and stderr are read on
//! helper threads, which report when they reach end of file; that happens when the process
//! exits, so waiting for both reports with a deadline bounds the run without polling. A run
//! past its deadline is killed. Output beyond a cap is read and dropped, so a runaway program
//! cannot exhaust memory.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::mode::{Mode, Vm};

/// How much of each stream is kept.
const OUTPUT_CAP: u64 = 8 << 20;

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The process exited with this code.
    Exit(i32),
    /// The process was killed by this signal (a crash, typically).
    Signal(i32),
    /// The process did not finish in time and was killed.
    Timeout,
}

/// What one run printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Standard output (lossily decoded, capped).
    pub stdout: String,
    /// Standard error (lossily decoded, capped).
    pub stderr: String,
    /// How it ended.
    pub status: Status,
    /// How long it took (not compared; reported).
    pub elapsed: Duration,
}

impl Outcome {
    /// Whether two runs did the same thing (time aside).
    pub fn same_as(&self, other: &Outcome) -> bool {
        self.stdout == other.stdout && self.stderr == other.stderr && self.status == other.status
    }
}

/// The programs the modes run: porcini, and node if it is to be compared with.
#[derive(Debug, Clone)]
pub struct Vms {
    /// The `porcini` binary.
    pub porcini: PathBuf,
    /// The `node` binary, if EasyScript programs are to be compared with node.
    pub node: Option<PathBuf>,
}

impl Vms {
    /// Runs `file` in `mode` (see [`run`]). Fails if the process cannot be started, or if the
    /// mode is node's and no node was given.
    pub fn run(&self, mode: Mode, file: &Path, timeout: Duration) -> std::io::Result<Outcome> {
        match mode.vm {
            Vm::Porcini => run(&self.porcini, mode.flags, file, timeout),
            Vm::Node => match &self.node {
                Some(node) => run(node, &[], file, timeout),
                None => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no node to compare with")),
            },
        }
    }
}

/// Finds `node` on the `PATH`: the oracle for EasyScript, when it is installed.
pub fn find_node() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("node")).find(|p| p.is_file())
}

/// Runs `program FLAGS file` in `file`'s directory (so error messages name the file alone)
/// and kills it after `timeout`. Fails only if the process cannot be started.
pub fn run(program: &Path, flags: &[&str], file: &Path, timeout: Duration) -> std::io::Result<Outcome> {
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = file.file_name().unwrap_or(file.as_os_str());
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(flags)
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let (done, finished) = mpsc::channel();
    let readers = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
    ];
    for (which, stream) in readers.into_iter().enumerate() {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = (&mut stream).take(OUTPUT_CAP).read_to_end(&mut bytes);
                let _ = std::io::copy(&mut stream, &mut std::io::sink());
            }
            let _ = done.send((which, bytes));
        });
    }
    drop(done);
    let deadline = started + timeout;
    let mut streams: [Option<Vec<u8>>; 2] = [None, None];
    let mut timed_out = false;
    while streams.iter().any(Option::is_none) {
        let left = deadline.saturating_duration_since(Instant::now());
        match finished.recv_timeout(left) {
            Ok((which, bytes)) => streams[which] = Some(bytes),
            Err(_) => {
                timed_out = true;
                let _ = child.kill();
                // The readers finish once the killed process's pipes close; a grandchild that
                // kept them open would block them, so they are not waited for long.
                let grace = Instant::now() + Duration::from_secs(1);
                while streams.iter().any(Option::is_none) {
                    match finished.recv_timeout(grace.saturating_duration_since(Instant::now())) {
                        Ok((which, bytes)) => streams[which] = Some(bytes),
                        Err(_) => break,
                    }
                }
                break;
            }
        }
    }
    let exit = child.wait()?;
    let elapsed = started.elapsed();
    let status = if timed_out {
        Status::Timeout
    } else {
        match exit.code() {
            Some(code) => Status::Exit(code),
            None => Status::Signal(signal_of(&exit)),
        }
    };
    let [stdout, stderr] = streams.map(|s| String::from_utf8_lossy(&s.unwrap_or_default()).into_owned());
    Ok(Outcome { stdout, stderr, status, elapsed })
}

#[cfg(unix)]
fn signal_of(status: &std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status.signal().unwrap_or(0)
}

#[cfg(not(unix))]
fn signal_of(_: &std::process::ExitStatus) -> i32 {
    0
}
