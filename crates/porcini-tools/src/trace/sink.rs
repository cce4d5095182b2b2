//! Where trace lines go: a writer given at construction, with every message prefixed by
//! `[engine] `, the id of Truffle's engine logger.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};
use std::rc::Rc;

use super::event::{PropValue, format_event};

/// The prefix of every trace message.
pub const PREFIX: &str = "[engine] ";

/// Writes trace messages to an output stream, one `write` per message.
///
/// The writer sits in a `RefCell` so that the engine can share one sink by reference. Write
/// errors are ignored: losing a trace line must never change what the traced program does.
pub struct TraceSink {
    out: RefCell<Box<dyn Write>>,
}

impl TraceSink {
    /// A sink that writes to `out`.
    pub fn new(out: Box<dyn Write>) -> Self {
        TraceSink {
            out: RefCell::new(out),
        }
    }

    /// A sink that writes to standard error, where Truffle's engine log goes by default.
    pub fn stderr() -> Self {
        Self::new(Box::new(io::stderr()))
    }

    /// Writes `[engine] <text>` and a newline.
    ///
    /// A multi-line `text` gets the prefix on its first line only, as a multi-line message of
    /// Truffle's logger does (for example the splitting summary).
    pub fn line(&self, text: &str) {
        let message = format!("{PREFIX}{text}\n");
        let mut out = self.out.borrow_mut();
        // Assembling the message first and writing it in one call keeps lines whole when several
        // sinks share a stream.
        let _ = out.write_all(message.as_bytes());
        let _ = out.flush();
    }

    /// Writes one `format_event` line.
    pub fn event(&self, depth: usize, event: &str, subject: &str, props: &[(&str, PropValue<'_>)]) {
        self.line(&format_event(depth, event, subject, props));
    }
}

impl fmt::Debug for TraceSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TraceSink").finish_non_exhaustive()
    }
}

/// An in-memory output that stays readable after a clone of it was handed to a `TraceSink`; for
/// tests that check what was traced.
#[derive(Clone, Debug, Default)]
pub struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl SharedBuffer {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// Everything written so far, as text (invalid UTF-8 is replaced).
    pub fn contents(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
