//! What a JavaScript function object is, besides an object: its code, the environment it
//! closes over, and how it is called.
//!
//! Every function is a `DynObject` (so it has properties, such as a constructor's `prototype`
//! and a class's static methods) whose internal value is a [`JsFunction`]. Guest functions run
//! a call target; builtins run a Rust function. Calls pass three hidden arguments before the
//! guest's own: the receiver (`this`), the function object itself (through which the callee
//! finds its environment and home object), and `new.target` (undefined for a plain call).

use std::cell::Cell;

use porcini::call_target::CallTargetId;
use porcini::{Frame, HeapKind, Tag, Trace, Tracer, Unwind, Value};

use crate::Es;

/// Hidden arguments every call passes before the guest's own.
pub const HIDDEN_ARGS: usize = 3;
/// The receiver's position among the arguments.
pub const ARG_THIS: u32 = 0;
/// The function object's position among the arguments.
pub const ARG_CALLEE: u32 = 1;
/// `new.target`'s position among the arguments.
pub const ARG_NEW_TARGET: u32 = 2;

/// A builtin's implementation: the builtin's frame (its arguments are the hidden ones followed
/// by the guest's), the receiver and the guest's arguments.
pub type BuiltinFn = fn(&mut Frame<'_, Es>, Value, &[Value]) -> Result<Value, Unwind<Value>>;

/// How a function may be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FnKind {
    /// A function declaration or expression: callable, and a constructor.
    Normal,
    /// An arrow function or a method: callable, not a constructor.
    Plain,
    /// A class constructor: only with `new`. `derived` when the class extends another.
    Class { derived: bool },
    /// A builtin that is not a constructor.
    Builtin,
    /// A builtin constructor (`Error`, `Array`, `Object`...), callable with or without `new`.
    BuiltinConstructor,
}

impl FnKind {
    /// [`JsFunction::callable`] for a function of this kind: a class throws when called
    /// without `new`.
    pub fn callable_flag(self) -> u64 {
        u64::from(!matches!(self, FnKind::Class { .. }))
    }
}

/// The code and closure of a function object.
pub struct JsFunction {
    /// The call target that runs it (a builtin's runs its Rust function).
    pub target: CallTargetId,
    pub kind: FnKind,
    /// The environment it closes over (undefined when it captures nothing).
    pub env: Value,
    /// Its home object, for `super` (undefined outside methods).
    pub home: Value,
    /// A class constructor's instance field initializer, a function object (or undefined),
    /// set once the class's prototype exists.
    pub fields: Cell<Value>,
    /// A builtin's implementation.
    pub builtin: Option<BuiltinFn>,
    /// A builtin's own data (the directory `require` resolves against, say).
    pub data: Value,
    /// Whether its code is strict (a sloppy function sees `globalThis` as an absent `this`).
    pub strict: bool,
    /// Its `length`: the parameters before the first with a default value or the rest.
    pub length: u32,
    /// The identity of its code (its call target's id): call sites compare it, in compiled code
    /// too ([`CODE`]), to call the code they have seen directly whichever closure runs it.
    pub code: u64,
    /// For a builtin that call sites may compute in place (`Math.sqrt`), which one it is.
    pub intrinsic: Option<crate::nodes::intrinsic::Intrinsic>,
    /// 1 if it may be called without `new` (it is not a class), else 0
    /// ([`FnKind::callable_flag`]); compiled call sites read it ([`CALLABLE`]).
    pub callable: u64,
}

/// [`JsFunction::code`], as compiled code reads it.
pub const CODE: porcini::value::KindField<JsFunction> = porcini::kind_field!(JsFunction, code);
/// [`JsFunction::callable`], as compiled code reads it.
pub const CALLABLE: porcini::value::KindField<JsFunction> = porcini::kind_field!(JsFunction, callable);
/// [`JsFunction::env`], as compiled code reads it.
pub const ENV: porcini::value::KindField<JsFunction, Value> = porcini::kind_field!(JsFunction, env);
/// [`JsFunction::home`], as compiled code reads it.
pub const HOME: porcini::value::KindField<JsFunction, Value> = porcini::kind_field!(JsFunction, home);

impl HeapKind for JsFunction {
    const TAG: Tag = Tag::Ref1;
    fn trace(&self, tracer: &mut Tracer) {
        self.env.trace(tracer);
        self.home.trace(tracer);
        self.fields.get().trace(tracer);
        self.data.trace(tracer);
    }
}

impl JsFunction {
    /// Whether `new` may call it.
    pub fn is_constructor(&self) -> bool {
        matches!(self.kind, FnKind::Normal | FnKind::Class { .. } | FnKind::BuiltinConstructor)
    }
}
