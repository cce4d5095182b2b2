//! Structured unwinding and guest errors.
//!
//! Node code returns `Result<V, Unwind<V>>`: `Ok` for a value, `Err` for non-local control flow
//! (`return`, `break`, `continue`) and for guest errors. Control flow is an ordinary return value
//! rather than a panic, which keeps it cheap and lets the partial evaluator see it as data.
//!
//! `Unwind` itself carries no data: it only says "an abrupt completion is in progress". What kind
//! it is, and the guest error when it is one, are recorded in a per-thread unwind register (guest
//! code of one engine runs on one thread); a `return`'s value is kept by the stage, in the frame
//! that the return unwinds to. Keeping the `Err` side empty is what makes `Result<Value, Unwind>`
//! exactly a [`crate::Value`]'s two words, with `Err` encoded in an unused tag value, so every node
//! returns its result in two registers instead of through memory. The interpreter executes tens of
//! millions of node results per second; this is the single most frequent operation it has.
//!
//! Only one abrupt completion is in flight at a time: it travels up to the construct that consumes
//! it (a loop for `break`/`continue`, the root for `return`, a `catch` for a thrown value, the
//! embedder for an error), and a construct that runs code while one is pending (such as a
//! `finally` block) saves it as a [`Pending`] and raises it again afterwards.
//!
//! A `break` or `continue` names the loop or statement it leaves by a [`Label`] (the innermost
//! loop when unlabelled), and a thrown guest value is held in the register until something
//! catches it. A value held there is out of the collector's sight, so the runtime traces it as a
//! root ([`thrown_root`]).

use std::cell::{Cell, RefCell};
use std::fmt;
use std::marker::PhantomData;

use crate::value::Value;

/// What kind of abrupt completion is in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnwindKind {
    /// `return`; the value is held by the stage's frame.
    Return,
    /// `break` out of the innermost loop.
    Break,
    /// `continue` the innermost loop.
    Continue,
    /// A guest error (or a requested exit) that ends the program unless caught.
    Error,
    /// A guest value thrown (JavaScript's `throw`), held in the register until caught.
    Throw,
}

/// What a `break` or `continue` leaves: the innermost loop ([`Label::INNERMOST`]) or the loop or
/// statement carrying this label. A language numbers its labels within a function as it likes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Label(pub u32);

impl Label {
    /// No label: the innermost loop.
    pub const INNERMOST: Label = Label(0);
}

thread_local! {
    static KIND: Cell<UnwindKind> = const { Cell::new(UnwindKind::Error) };
    static ERROR: RefCell<Option<Box<GuestError>>> = const { RefCell::new(None) };
    static LABEL: Cell<Label> = const { Cell::new(Label::INNERMOST) };
    static THROWN: Cell<Value> = const { Cell::new(Value::EMPTY) };
}

/// The thrown value in the unwind register, for the runtime to trace: while it travels up to a
/// `catch`, nothing else may hold it.
pub fn thrown_root() -> Value {
    THROWN.with(Cell::get)
}

/// An abrupt completion in progress, for a stage whose values are `V` (see the module docs).
///
/// It is zero-sized on purpose; the type parameter only ties it to its stage.
pub struct Unwind<V = crate::Value>(PhantomData<fn() -> V>);

impl<V> Clone for Unwind<V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V> Copy for Unwind<V> {}

impl<V> Unwind<V> {
    #[inline(always)]
    fn with_kind(kind: UnwindKind) -> Self {
        KIND.with(|k| k.set(kind));
        Unwind(PhantomData)
    }
    /// The completion already in progress, as compiled code reports it: its kind (and error) are
    /// in the unwind register already, so nothing is recorded.
    #[inline(always)]
    pub(crate) fn pending() -> Self {
        Unwind(PhantomData)
    }
    /// Starts a `return`; the stage has already stored the value.
    #[inline(always)]
    pub fn returning() -> Self {
        Self::with_kind(UnwindKind::Return)
    }
    /// Starts a `break` out of the innermost loop.
    #[inline(always)]
    pub fn breaking() -> Self {
        Self::breaking_to(Label::INNERMOST)
    }
    /// Starts a `continue` of the innermost loop.
    #[inline(always)]
    pub fn continuing() -> Self {
        Self::continuing_to(Label::INNERMOST)
    }
    /// Starts a `break` out of the loop or statement labelled `label`.
    #[inline(always)]
    pub fn breaking_to(label: Label) -> Self {
        LABEL.with(|l| l.set(label));
        Self::with_kind(UnwindKind::Break)
    }
    /// Starts a `continue` of the loop labelled `label`.
    #[inline(always)]
    pub fn continuing_to(label: Label) -> Self {
        LABEL.with(|l| l.set(label));
        Self::with_kind(UnwindKind::Continue)
    }
    /// Starts unwinding with a thrown guest value.
    #[cold]
    #[inline(never)]
    pub fn throw(v: Value) -> Self {
        THROWN.with(|t| t.set(v));
        Self::with_kind(UnwindKind::Throw)
    }
    /// Starts unwinding with a guest error.
    #[cold]
    #[inline(never)]
    pub fn error(e: GuestError) -> Self {
        ERROR.with(|slot| *slot.borrow_mut() = Some(Box::new(e)));
        Self::with_kind(UnwindKind::Error)
    }
    /// Re-raises a completion of the given kind (and error) that was saved earlier.
    pub fn resume(kind: UnwindKind, error: Option<Box<GuestError>>) -> Self {
        if let Some(e) = error {
            ERROR.with(|slot| *slot.borrow_mut() = Some(e));
        }
        Self::with_kind(kind)
    }
    /// The same completion, seen from code whose results have type `W` (a specialization body
    /// that answers an unboxed value unwinds for its boxed caller). It carries no data, so
    /// nothing changes but the type.
    #[inline(always)]
    pub fn retype<W>(self) -> Unwind<W> {
        Unwind(PhantomData)
    }
    /// The kind of this completion.
    #[inline(always)]
    pub fn kind(self) -> UnwindKind {
        KIND.with(Cell::get)
    }
    /// The label a `break` or `continue` leaves.
    #[inline(always)]
    pub fn label(self) -> Label {
        LABEL.with(Cell::get)
    }
    /// Whether this is a `break` (`Break`) or `continue` (`Continue`) that a loop carrying
    /// `labels` consumes: an unlabelled one, or one naming a label of the loop's.
    #[inline(always)]
    pub fn targets(self, kind: UnwindKind, labels: &[Label]) -> bool {
        self.kind() == kind && {
            let l = self.label();
            l == Label::INNERMOST || labels.contains(&l)
        }
    }
    /// Looks at the guest error of an `Error` completion without taking it (`None` for other
    /// kinds).
    #[cold]
    pub fn with_error<R>(self, f: impl FnOnce(Option<&GuestError>) -> R) -> R {
        if self.kind() != UnwindKind::Error {
            return f(None);
        }
        ERROR.with(|slot| f(slot.borrow().as_deref()))
    }
    /// Consumes a `Throw` completion and returns the thrown value (empty for any other kind).
    #[cold]
    pub fn take_thrown(self) -> Value {
        if self.kind() != UnwindKind::Throw {
            return Value::EMPTY;
        }
        THROWN.with(|t| t.replace(Value::EMPTY))
    }
    /// Takes the completion in progress out of the register, to raise it again after running
    /// other code (a `finally` block): the kind with its label, error or thrown value.
    #[cold]
    pub fn save(self) -> Pending {
        let kind = self.kind();
        Pending {
            kind,
            label: self.label(),
            error: if kind == UnwindKind::Error { ERROR.with(|slot| slot.borrow_mut().take()) } else { None },
            thrown: if kind == UnwindKind::Throw { THROWN.with(|t| t.replace(Value::EMPTY)) } else { Value::EMPTY },
        }
    }
    /// Consumes an error completion and returns its error. For any other kind (a `return`,
    /// `break` or `continue` that escaped to a place that cannot handle it), returns an internal
    /// error naming it, so a language bug surfaces as a clear message rather than a crash.
    #[cold]
    pub fn take_error(self) -> Box<GuestError> {
        let kind = self.kind();
        let taken = ERROR.with(|slot| slot.borrow_mut().take());
        match (kind, taken) {
            (UnwindKind::Error, Some(e)) => e,
            (kind, _) => Box::new(GuestError::Message(format!("internal error: unhandled {kind:?} unwind"))),
        }
    }
}

/// A completion taken out of the unwind register by [`Unwind::save`], to be raised again by
/// [`Pending::resume`]. A thrown value it holds lives on the native stack of whoever holds the
/// `Pending`, where the collector's conservative scan finds it.
#[derive(Debug)]
pub struct Pending {
    kind: UnwindKind,
    label: Label,
    error: Option<Box<GuestError>>,
    thrown: Value,
}

impl Pending {
    /// The kind of the saved completion.
    pub fn kind(&self) -> UnwindKind {
        self.kind
    }
    /// Raises the saved completion again.
    pub fn resume<V>(self) -> Unwind<V> {
        LABEL.with(|l| l.set(self.label));
        match self.kind {
            UnwindKind::Throw => Unwind::throw(self.thrown),
            kind => Unwind::resume(kind, self.error),
        }
    }
}

impl<V> fmt::Debug for Unwind<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unwind({:?})", self.kind())
    }
}

/// A guest-level error: its message, exactly as the language prints it, or a requested exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuestError {
    /// A runtime error with the language's message text (locations are part of the text).
    Message(String),
    /// The guest asked the process to exit with this status.
    Exit(i32),
    /// The run was cancelled because it exceeded a resource limit (the message names it). No
    /// guest `catch` stops it.
    Cancelled(String),
}

impl GuestError {
    /// A runtime error as an unwind, built out of line because it is always a slow path.
    #[cold]
    #[inline(never)]
    pub fn raise<V>(message: impl Into<String>) -> Unwind<V> {
        Unwind::error(GuestError::Message(message.into()))
    }
}

impl fmt::Display for GuestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuestError::Message(m) => f.write_str(m),
            GuestError::Exit(code) => write!(f, "exit({code})"),
            GuestError::Cancelled(m) => f.write_str(m),
        }
    }
}

/// The outcome of a specialization body: a result, a request to rewrite (the `rewrite_on`
/// condition held, e.g. overflow), or an unwind.
#[derive(Debug)]
pub enum SpecFail<V> {
    /// The specialization's rewrite condition held: exclude it and respecialize.
    Rewrite,
    /// Non-local exit or guest error.
    Unwind(Unwind<V>),
}

impl<V> From<Unwind<V>> for SpecFail<V> {
    fn from(u: Unwind<V>) -> Self {
        SpecFail::Unwind(u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    #[test]
    fn a_node_result_is_two_words() {
        // The whole point of the design: results travel in two registers.
        assert_eq!(std::mem::size_of::<Result<Value, Unwind<Value>>>(), 16);
    }

    #[test]
    fn kinds_and_errors_round_trip() {
        let u: Unwind<Value> = Unwind::breaking();
        assert_eq!(u.kind(), UnwindKind::Break);
        let u: Unwind<Value> = GuestError::raise("boom");
        assert_eq!(u.kind(), UnwindKind::Error);
        assert_eq!(*u.take_error(), GuestError::Message("boom".into()));
        let u: Unwind<Value> = Unwind::continuing();
        assert_eq!(
            *u.take_error(),
            GuestError::Message("internal error: unhandled Continue unwind".into())
        );
    }
}
