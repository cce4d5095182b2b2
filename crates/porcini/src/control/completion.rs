//! A completion held while a `finally` block runs, as two plain values: a *code* (which kind of
//! completion, with the label of a `break` or `continue`) and a *payload* (a `return`'s value,
//! or the exception: a thrown value, or a guest error saved as a value).
//!
//! The interpreter keeps a pending completion as a [`crate::Pending`] on the native stack, but
//! compiled code and frame states hold only values: compiled code routes every completion that
//! leaves a `try` body with a `finally` (falling through, `return`, `break`, `continue`, an
//! exception) to one copy of the finalizer with its code and payload in two variables, and a
//! deoptimization inside that finalizer hands them over as evaluated values of the `try` node
//! (see `resume::TRY_FINALIZER`), from which the resuming stage raises the same completion
//! after the finalizer. The two stages agree because both go through this encoding.
//!
//! A guest error (a requested exit, a stack overflow) is saved as a framework host object of a
//! kind of its own, which only [`raise`] unwraps: it never reaches guest code, which sees only
//! the finalizer's own values, and being a heap value it is traced wherever it travels.

use crate::error::{GuestError, Label, Unwind, UnwindKind};
use crate::host::HostObject;
use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

/// The code of a body that fell through.
pub const NORMAL: i64 = 0;
/// The code of a `return` (the payload is the value returned).
pub const RETURN: i64 = 1;
/// The code of an exception (the payload is the thrown value or a saved guest error).
pub const THROW: i64 = 2;
/// The code of a `break` (with its label above [`KIND_BITS`]).
pub const BREAK: i64 = 3;
/// The code of a `continue` (with its label above [`KIND_BITS`]).
pub const CONTINUE: i64 = 4;
/// The bits of a code that hold the kind; a label sits above them.
pub const KIND_BITS: u32 = 3;

/// The [`HostObject::kind`] of a guest error saved as a value. Languages number their own host
/// kinds from 0 and never reach this one.
pub const SAVED_ERROR_KIND: u32 = u32::MAX;

/// The code of a `break` or `continue` (`kind`) naming `label`.
pub fn jump_code(kind: UnwindKind, label: Label) -> i64 {
    let k = if kind == UnwindKind::Continue { CONTINUE } else { BREAK };
    k | (i64::from(label.0) << KIND_BITS)
}

/// Takes the completion `r` of a `try` body out of the unwind register as a code and a payload
/// (`ret`: the frame's return value, which a `return` left there).
pub(crate) fn save<L: Language>(rt: &Runtime<L>, r: Result<(), Unwind<Value>>, ret: Value) -> (i64, Value) {
    match r {
        Ok(()) => (NORMAL, L::ABSENT),
        Err(u) => match u.kind() {
            UnwindKind::Return => (RETURN, ret),
            kind @ (UnwindKind::Break | UnwindKind::Continue) => (jump_code(kind, u.label()), L::ABSENT),
            UnwindKind::Throw | UnwindKind::Error => (THROW, save_exception(rt, u)),
        },
    }
}

/// Takes the exception in the unwind register (a thrown value, or a guest error) out as a value
/// that [`raise_exception`] raises again.
pub(crate) fn save_exception<L: Language>(rt: &Runtime<L>, u: Unwind<Value>) -> Value {
    if u.kind() == UnwindKind::Throw {
        return u.take_thrown();
    }
    // Any other kind comes out as the internal error `take_error` names it by.
    let (name, payload) = match *u.take_error() {
        GuestError::Message(m) => (m.into_boxed_str(), Value::NULL),
        GuestError::Exit(code) => (Box::from(""), Value::from_i64(i64::from(code))),
        GuestError::Cancelled(m) => (m.into_boxed_str(), Value::from_bool(true)),
    };
    Value::from_host(rt.alloc(HostObject { kind: SAVED_ERROR_KIND, name, payload }))
}

/// Raises the exception `payload` saved by [`save_exception`] again.
pub(crate) fn raise_exception(payload: Value) -> Unwind<Value> {
    match payload.as_host().filter(|h| h.kind == SAVED_ERROR_KIND) {
        Some(h) => match (h.payload.as_i64(), h.payload.as_bool()) {
            (Some(code), _) => Unwind::error(GuestError::Exit(code as i32)),
            (None, Some(true)) => Unwind::error(GuestError::Cancelled(h.name.to_string())),
            _ => Unwind::error(GuestError::Message(h.name.to_string())),
        },
        None => Unwind::throw(payload),
    }
}

/// Continues the completion `code` with `payload` after the finalizer ran: nothing for a body
/// that fell through, otherwise the same `return` (its value back in `ret`), exception, `break`
/// or `continue`.
pub(crate) fn raise(code: i64, payload: Value, ret: &mut Value) -> Result<(), Unwind<Value>> {
    let label = Label((code >> KIND_BITS) as u32);
    match code & ((1 << KIND_BITS) - 1) {
        NORMAL => Ok(()),
        RETURN => {
            *ret = payload;
            Err(Unwind::returning())
        }
        THROW => Err(raise_exception(payload)),
        BREAK => Err(Unwind::breaking_to(label)),
        CONTINUE => Err(Unwind::continuing_to(label)),
        _ => Err(GuestError::raise(format!("internal error: unknown completion code {code}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jumps_and_returns_are_raised_again_as_they_were() {
        let mut ret = Value::NULL;
        let u = raise(jump_code(UnwindKind::Break, Label(5)), Value::NULL, &mut ret).unwrap_err();
        assert_eq!((u.kind(), u.label()), (UnwindKind::Break, Label(5)));
        let u = raise(jump_code(UnwindKind::Continue, Label::INNERMOST), Value::NULL, &mut ret).unwrap_err();
        assert_eq!((u.kind(), u.label()), (UnwindKind::Continue, Label::INNERMOST));
        let u = raise(RETURN, Value::from_i64(7), &mut ret).unwrap_err();
        assert_eq!((u.kind(), ret.as_i64()), (UnwindKind::Return, Some(7)));
        let u = raise(THROW, Value::from_i64(9), &mut ret).unwrap_err();
        assert_eq!((u.kind(), u.take_thrown().as_i64()), (UnwindKind::Throw, Some(9)));
        assert!(raise(NORMAL, Value::NULL, &mut ret).is_ok());
    }
}
