//! Creating function objects: closures, and the pieces of a function's prologue that need the
//! function object (its environment, `this`, field initializers).

use std::rc::Rc;

use porcini::call_target::CallTargetId;
use porcini::shape::PropFlags;
use porcini::value::{HeapKind, KindField};
use porcini::{Frame, SlotId, Stage, Tag, Unwind, Value};

use super::{Node, es_node};
use crate::Es;
use crate::runtime::function::{ARG_CALLEE, ARG_THIS, ENV, FnKind, HOME, JsFunction};
use crate::runtime::object::{as_function, call, define, new_function_made, new_plain_object};
use crate::runtime::{Key, UNDEFINED, is_nullish};

/// What the translator knows about a function: its code and how it is called.
#[derive(Debug)]
pub struct FnSpec {
    pub target: CallTargetId,
    pub kind: FnKind,
    pub strict: bool,
    pub length: u32,
}

/// A new function object for `spec`, closing over `env`, with home object `home`. A plain
/// function gets its `prototype` object (with `constructor` pointing back).
pub fn make_function(f: &Frame<'_, Es>, spec: &FnSpec, env: Value, home: Value) -> Value {
    make_function_in(f, spec, env, home, f.lang().realm().function_proto)
}

/// [`make_function`] with `fn_proto` as the function object's own prototype.
pub fn make_function_in(f: &Frame<'_, Es>, spec: &FnSpec, env: Value, home: Value, fn_proto: Value) -> Value {
    let rt = f.runtime();
    let func = new_function_made(rt, fn_proto, || JsFunction {
        target: spec.target,
        kind: spec.kind,
        env,
        home,
        fields: std::cell::Cell::new(UNDEFINED),
        builtin: None,
        data: UNDEFINED,
        strict: spec.strict,
        length: spec.length,
        code: u64::from(spec.target.0),
        intrinsic: None,
        callable: spec.kind.callable_flag(),
    });
    if spec.kind == FnKind::Normal {
        // Both objects are new, in their root shapes, so each property is added by moving the
        // object to the shape the realm knows it reaches (the function's root is the realm's
        // own unless a class inherits from another constructor).
        let realm = f.lang().realm();
        let proto = new_plain_object(rt);
        proto.add_slot(rt, realm.prototype_with_constructor, Value::from_object(func));
        if func.shape() == realm.function_root {
            func.add_slot(rt, realm.function_with_prototype, Value::from_object(proto));
        } else {
            let names = f.lang().names();
            define(f, func, Key::Name(names.prototype), Value::from_object(proto), PropFlags::HIDDEN);
        }
    }
    Value::from_object(func)
}

/// A function expression, arrow function or hoisted declaration: a new closure over the
/// environment in frame slot `env` (none: it captures nothing).
pub struct ClosureNode {
    spec: Rc<FnSpec>,
    env: Option<SlotId>,
}

impl ClosureNode {
    pub fn new(spec: Rc<FnSpec>, env: Option<SlotId>) -> ClosureNode {
        ClosureNode { spec, env }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let env = match self.env {
            Some(slot) => s.read_slot(slot),
            None => s.konst(UNDEFINED),
        };
        s.call_boundary("closure", self, Self::create, &[env])
    }
    fn create(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let env = v.first().copied().unwrap_or(UNDEFINED);
        Ok(make_function(f, &self.spec, env, UNDEFINED))
    }
}

es_node!(ClosureNode, "Closure", children(_t => Vec::new()), clone(t, _cx => ClosureNode::new(t.spec.clone(), t.env)));

/// The environment the running function closes over (read from the function object).
pub struct CalleeEnvNode;

impl CalleeEnvNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        callee_field(s, ENV)
    }
}

es_node!(CalleeEnvNode, "CalleeEnv", children(_t => Vec::new()), clone(_t, _cx => CalleeEnvNode));

/// The running function's home object (for `super`).
pub struct CalleeHomeNode;

impl CalleeHomeNode {
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        callee_field(s, HOME)
    }
}

/// Field `field` of the running function, read in place (two loads in compiled code, where a
/// closure reads its environment on every call), or undefined if the callee is not a function
/// object.
fn callee_field<S: Stage<Es>>(s: &mut S, field: KindField<JsFunction, Value>) -> Result<S::Val, Unwind<S::Val>> {
    let callee = s.read_arg(ARG_CALLEE);
    if_function(s, callee, |s, code| Ok(s.load_kind_value(code, field)), UNDEFINED)
}

/// Staged: `then` of the [`JsFunction`] value `f` holds (its internal value) if `f` is a
/// function object, else `otherwise`. Both tests are tag tests, so compiled code reads the
/// function's fields in place.
pub(crate) fn if_function<S: Stage<Es>>(
    s: &mut S,
    f: S::Val,
    then: impl FnOnce(&mut S, S::Val) -> Result<S::Val, Unwind<S::Val>>,
    otherwise: Value,
) -> Result<S::Val, Unwind<S::Val>> {
    let is_object = s.has_tag(f, Tag::Object);
    s.if_else(
        is_object,
        |s| {
            let internal = s.load_internal(f);
            let is_function = s.has_tag(internal, <JsFunction as HeapKind>::TAG);
            s.if_else(is_function, |s| then(s, internal), |s| Ok(s.konst(otherwise)))
        },
        |s| Ok(s.konst(otherwise)),
    )
}

es_node!(CalleeHomeNode, "CalleeHome", children(_t => Vec::new()), clone(_t, _cx => CalleeHomeNode));

/// The receiver of a call: `this` as given, except that a sloppy function called without one
/// sees the global object.
pub struct ReceiverNode {
    strict: bool,
}

impl ReceiverNode {
    pub fn new(strict: bool) -> ReceiverNode {
        ReceiverNode { strict }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let this = s.read_arg(ARG_THIS);
        if self.strict {
            return Ok(this);
        }
        s.call_boundary("sloppy_this", self, Self::run, &[this])
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let this = v.first().copied().unwrap_or(UNDEFINED);
        Ok(if is_nullish(this) { f.lang().realm().global } else { this })
    }
}

es_node!(ReceiverNode, "Receiver", children(_t => Vec::new()), clone(t, _cx => ReceiverNode::new(t.strict)));

/// Runs a class's instance field initializers on `this` (the function object whose fields
/// they are is `func`'s value): at the start of a base class's constructor, or once `super()`
/// returned in a derived one.
pub struct RunFieldsNode {
    func: Node,
    this: Node,
}

impl RunFieldsNode {
    pub fn new(func: Node, this: Node) -> RunFieldsNode {
        RunFieldsNode { func, this }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let func = s.exec(0, &*self.func)?;
        let this = s.exec(1, &*self.this)?;
        s.call_boundary("fields", self, Self::run, &[func, this])
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (func, this) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        run_fields(f, func, this)?;
        Ok(UNDEFINED)
    }
}

/// Runs the instance field initializers of the class whose constructor is `func` on `this`.
pub fn run_fields(f: &mut Frame<'_, Es>, func: Value, this: Value) -> Result<(), Unwind<Value>> {
    let Some(code) = as_function(func) else { return Ok(()) };
    let fields = code.fields.get();
    if as_function(fields).is_some() {
        call(f, fields, this, &[], "fields")?;
    }
    Ok(())
}

es_node!(RunFieldsNode, "RunFields", children(t => vec![&*t.func, &*t.this]), clone(t, cx => RunFieldsNode::new(t.func.clone_uninitialized(cx), t.this.clone_uninitialized(cx))));
