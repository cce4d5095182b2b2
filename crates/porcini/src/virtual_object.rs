//! Objects that compiled code never allocated: the runtime half of partial escape analysis.
//!
//! The JIT keeps an object made in compiled code (`Stage::alloc_object`, then property
//! additions and stores) as values in registers, its *fields*, for as long as nothing can tell
//! the difference: reads of its shape and slots are answered from them. Where the object
//! escapes on the hot path (it is passed to a call, stored, returned, compared with something
//! unknown), the code makes it for real with the fields it has there
//! ([`crate::compiled::materialize_object`]). Where the code leaves for the interpreter first,
//! the object was never made; the deoptimization point describes it ([`VirtualObject`]) with
//! its fields among the live words, and says where it was held ([`VirtualPlace`], or a live
//! value of kind [`crate::compiled::LiveKind::Virtual`]). The runtime makes it then, once per
//! exit however many places hold it, so the interpreter resumes with one object exactly as the
//! compiled-away allocation would have left it.

use crate::language::Language;
use crate::object::DynObject;
use crate::runtime::Runtime;
use crate::shape::ShapeId;
use crate::value::Value;

/// An object a deoptimization point holds without its having been allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VirtualObject {
    /// The root shape it was made with (`Stage::alloc_object`'s), its internal value empty.
    pub root: ShapeId,
    /// The shape it has here: `root` with `fields` properties added.
    pub shape: ShapeId,
    /// How many slots it has; their values are boxed live words after the frames' own.
    pub fields: u32,
}

/// A slot that holds a virtual object at a deoptimization point (the code writes no word there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VirtualPlace {
    /// Slot `n` of the compiled activation.
    Slot(u32),
    /// Inlined cell `n`: slot `n - cells` of the inlined frame whose cells start at `cells`.
    Cell(u32),
}

/// Makes the object `v` describes, with slot values `fields`: the root-shaped empty object the
/// allocation would have made, with each property added in turn. The caller keeps `fields`
/// where the collector sees them (compiled code's stack) until this returns.
pub fn materialize<L: Language>(rt: &Runtime<L>, v: &VirtualObject, fields: &[Value]) -> Value {
    let o = rt.alloc_with(|| DynObject::with_shape(v.root, Value::EMPTY));
    // Adding slots past the inline ones allocates; `o` stays on this native stack, where a
    // collection finds it. Every addition names the final shape: only the last one shows.
    for &f in fields {
        o.add_slot(rt, v.shape, f);
    }
    Value::from_object(o)
}
