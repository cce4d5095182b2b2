//! Where dump files go: a writer the embedder gives, which receives a file name and its text.
//!
//! The engine decides what to dump and formats it (DOT graphs for splitting decisions); it never
//! opens files itself, since only the launcher does process I/O. The launcher's writer puts each
//! dump under `--engine.DumpPath`; tests keep dumps in memory with [`MemoryDumps`].

use std::cell::RefCell;
use std::rc::Rc;

/// Receives finished dumps. A failure to store one is the writer's business (the launcher
/// reports it); it must never change what the dumped program does.
pub trait DumpWriter {
    /// Stores `contents` as the file `file_name` (a plain name, without directories).
    fn write_dump(&self, file_name: &str, contents: &str);
}

/// Dumps kept in memory, readable after a clone of it was handed to the engine; for tests.
#[derive(Clone, Debug, Default)]
pub struct MemoryDumps(Rc<RefCell<Vec<(String, String)>>>);

impl MemoryDumps {
    /// No dumps yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every dump so far, as (file name, contents), in order.
    pub fn files(&self) -> Vec<(String, String)> {
        self.0.borrow().clone()
    }
}

impl DumpWriter for MemoryDumps {
    fn write_dump(&self, file_name: &str, contents: &str) {
        self.0
            .borrow_mut()
            .push((file_name.to_string(), contents.to_string()));
    }
}

/// A file name made of `parts` joined by `-`, with every character outside `[A-Za-z0-9._-]`
/// replaced by `_`, so that guest-chosen names (function names, `<split-3>`) cannot leave the
/// dump directory or upset a shell.
pub fn file_name(parts: &[&str], extension: &str) -> String {
    let joined = parts.join("-");
    let safe: String = joined
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{safe}.{extension}")
}
