//! The built-in objects every EasyScript program starts with: the prototypes of objects,
//! functions, arrays, strings, numbers, booleans and errors, and the global object.
//!
//! They are created once per engine as permanent objects (never collected, and traced by the
//! collector as roots), then the builtins (`crate::builtins`) fill them in.

use porcini::object::DynObject;
use porcini::shape::{PropFlags, ShapeId};
use porcini::{Gc, Runtime, Value};

use crate::Es;

/// The built-in objects.
#[derive(Clone, Copy)]
pub struct Realm {
    pub object_proto: Value,
    pub function_proto: Value,
    pub array_proto: Value,
    pub string_proto: Value,
    pub number_proto: Value,
    pub boolean_proto: Value,
    pub error_proto: Value,
    pub type_error_proto: Value,
    pub range_error_proto: Value,
    pub reference_error_proto: Value,
    pub syntax_error_proto: Value,
    /// The global object (`globalThis`).
    pub global: Value,
    /// The root shapes of plain objects, functions and arrays, which every `{}`, closure and
    /// array starts from: looked up once here rather than in the shape table at each creation.
    pub object_root: ShapeId,
    pub function_root: ShapeId,
    pub array_root: ShapeId,
    /// The shapes a normal function and the object made for its `prototype` property have once
    /// both properties are added (`prototype` to the function's root shape, `constructor` to
    /// the plain object's, both hidden): every `function` expression evaluated makes the pair,
    /// and moving them to known shapes spares two generic property definitions each time.
    pub function_with_prototype: ShapeId,
    pub prototype_with_constructor: ShapeId,
}

/// A permanent object whose prototype is `proto`, itself a prototype.
fn prototype(rt: &Runtime<Es>, proto: Value) -> Value {
    let o: Gc<DynObject> = rt.heap.alloc_permanent(DynObject::with_shape(rt.shapes.root_for(proto), Value::EMPTY));
    o.become_prototype(&rt.shapes);
    Value::from_object(o)
}

impl Realm {
    /// Creates the empty built-in objects; the builtins fill them in.
    pub fn create(rt: &Runtime<Es>) -> Realm {
        let object_proto = prototype(rt, Value::NULL);
        let error_proto = prototype(rt, object_proto);
        let global: Gc<DynObject> = rt.heap.alloc_permanent(DynObject::with_shape(rt.shapes.root_for(object_proto), Value::EMPTY));
        let function_proto = prototype(rt, object_proto);
        let array_proto = prototype(rt, object_proto);
        let (object_root, function_root) = (rt.shapes.root_for(object_proto), rt.shapes.root_for(function_proto));
        let names = rt.lang.names();
        Realm {
            object_proto,
            function_proto,
            array_proto,
            string_proto: prototype(rt, object_proto),
            number_proto: prototype(rt, object_proto),
            boolean_proto: prototype(rt, object_proto),
            error_proto,
            type_error_proto: prototype(rt, error_proto),
            range_error_proto: prototype(rt, error_proto),
            reference_error_proto: prototype(rt, error_proto),
            syntax_error_proto: prototype(rt, error_proto),
            global: Value::from_object(global),
            object_root,
            function_root,
            array_root: rt.shapes.root_for(array_proto),
            function_with_prototype: rt.shapes.add_property_with(function_root, names.prototype, PropFlags::HIDDEN),
            prototype_with_constructor: rt.shapes.add_property_with(object_root, names.constructor, PropFlags::HIDDEN),
        }
    }
}
