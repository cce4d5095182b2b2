//! The bridge between live objects and the formatter of `runtime::inspect`: a [`Heap`] that
//! describes EasyScript's objects the way node's `util.inspect` sees them, and the conversions
//! `console.log`'s format directives need.
//!
//! Objects are identified by their addresses. The description reads own properties without
//! running guest code (an accessor shows as `[Getter]`, as node prints it); only the format
//! directives that node defines by calling `toString` or `valueOf` run guest code.

use std::cell::RefCell;

use porcini::shape::PropFlags;
use porcini::{Frame, Value};
use rustc_hash::FxHashMap;

use crate::Es;
use crate::runtime::inspect::{self as fmt, FunctionKind, Heap, Kind, LogHost, ObjId, Object, Prop};
use crate::runtime::object::{Accessor, as_array, as_function, function_name, proto_of};
use crate::runtime::{FnKind, as_number, as_str, is_undefined};

/// Live objects, seen by the formatter.
pub struct LiveHeap<'f, 'a> {
    pub f: &'f mut Frame<'a, Es>,
    objects: RefCell<FxHashMap<ObjId, Value>>,
}

impl<'f, 'a> LiveHeap<'f, 'a> {
    pub fn new(f: &'f mut Frame<'a, Es>) -> Self {
        LiveHeap { f, objects: RefCell::default() }
    }
    /// The formatter's view of a value; an object is remembered by its id.
    pub fn value(&self, v: Value) -> fmt::Value {
        if is_undefined(v) || v.is_empty() {
            return fmt::Value::Undefined;
        }
        if v.is_null() {
            return fmt::Value::Null;
        }
        if let Some(b) = v.as_bool() {
            return fmt::Value::Bool(b);
        }
        if let Some(x) = as_number(v) {
            return fmt::Value::Number(x);
        }
        if let Some(s) = as_str(v) {
            return fmt::Value::String(s.units().into_owned());
        }
        let id = v.bits() as usize;
        self.objects.borrow_mut().insert(id, v);
        fmt::Value::Object(id)
    }
    fn text(v: Value) -> Vec<u16> {
        match as_str(v) {
            Some(s) => s.units().into_owned(),
            None => crate::runtime::convert::primitive_text(v).encode_utf16().collect(),
        }
    }
    /// The name node shows for an object's constructor: the `name` of the first `constructor`
    /// property on its prototype chain that is a function (`None` at a null prototype).
    fn constructor_name(&self, v: Value) -> Option<Vec<u16>> {
        let rt = self.f.runtime();
        let names = self.f.lang().names();
        let mut cur = v.as_object()?;
        loop {
            if let Some(slot) = rt.shapes.lookup(cur.shape(), names.constructor) {
                let c = cur.get_slot(slot);
                // Node skips a constructor without a name and looks further up the chain.
                if let Some(code) = as_function(c) {
                    let n = Self::text(function_name(self.f, c.as_object()?, &code));
                    if !n.is_empty() && self.is_instance(v, c) {
                        return Some(n);
                    }
                }
            }
            cur = proto_of(rt, cur).as_object()?;
        }
    }
    /// Whether `v instanceof c` holds, as node checks it for a constructor it names: the
    /// prototype `c` gives its instances is on `v`'s chain. So a function's own `prototype`
    /// object prints as `{}`, not as an instance of the function (its `constructor`). A
    /// function without a `prototype` of its own has no instances here.
    fn is_instance(&self, v: Value, c: Value) -> bool {
        let rt = self.f.runtime();
        let names = self.f.lang().names();
        let (Some(o), Some(c)) = (v.as_object(), c.as_object()) else { return false };
        let Some(p) = rt.shapes.property(c.shape(), names.prototype).filter(|p| !p.flags.contains(PropFlags::ACCESSOR)) else {
            return false;
        };
        let wanted = c.get_slot(p.slot);
        let mut cur = proto_of(rt, o);
        while let Some(next) = cur.as_object() {
            if cur.bits() == wanted.bits() && cur.tag() == wanted.tag() {
                return true;
            }
            cur = proto_of(rt, next);
        }
        false
    }
    /// Own enumerable properties (names only for arrays: their indices are elements).
    fn props(&self, o: porcini::Gc<porcini::object::DynObject>, skip: &[porcini::symbol::Symbol]) -> Vec<(fmt::Key, Prop)> {
        let rt = self.f.runtime();
        let mut indexed = Vec::new();
        let mut named = Vec::new();
        for (sym, flags) in rt.shapes.properties(o.shape()) {
            if flags.contains(PropFlags::HIDDEN) || skip.contains(&sym) {
                continue;
            }
            let Some(slot) = rt.shapes.lookup(o.shape(), sym) else { continue };
            let raw = o.get_slot(slot);
            let prop = if flags.contains(PropFlags::ACCESSOR) {
                match raw.as_kind::<Accessor>() {
                    Some(a) if !is_undefined(a.get) && !is_undefined(a.set) => Prop::GetterSetter,
                    Some(a) if !is_undefined(a.get) => Prop::Getter,
                    _ => Prop::Setter,
                }
            } else {
                Prop::Value(self.value(raw))
            };
            let name = rt.interner.name(sym);
            let key = fmt::Key::String(name.encode_utf16().collect());
            match crate::runtime::JsStr::from_text(&name).array_index() {
                Some(i) => indexed.push((i, key, prop)),
                None => named.push((key, prop)),
            }
        }
        indexed.sort_by_key(|(i, _, _)| *i);
        indexed.into_iter().map(|(_, k, p)| (k, p)).chain(named).collect()
    }
}

impl Heap for LiveHeap<'_, '_> {
    fn object(&self, id: ObjId) -> Option<Object> {
        let v = *self.objects.borrow().get(&id)?;
        let o = v.as_object()?;
        let rt = self.f.runtime();
        let names = self.f.lang().names();
        if let Some(arr) = as_array(v) {
            let elements: Vec<(u32, fmt::Value)> = (0..arr.len())
                .filter_map(|i| arr.get(i).filter(|x| !x.is_empty()).map(|x| (i as u32, x)))
                .take(101)
                .map(|(i, x)| (i, self.value(x)))
                .collect();
            return Some(Object { kind: Kind::Array { length: arr.len() as u32, elements }, props: self.props(o, &[]) });
        }
        if let Some(code) = as_function(v) {
            let name = Self::text(function_name(self.f, o, &code));
            let kind = match code.kind {
                FnKind::Class { .. } => {
                    let parent = proto_of(rt, o);
                    let extends = match (as_function(parent), parent.as_object()) {
                        (Some(pc), Some(po)) => {
                            let n = Self::text(function_name(self.f, po, &pc));
                            (!n.is_empty()).then_some(n)
                        }
                        _ => None,
                    };
                    FunctionKind::Class { extends }
                }
                _ => FunctionKind::Plain,
            };
            return Some(Object { kind: Kind::Function { kind, name }, props: self.props(o, &[]) });
        }
        if crate::runtime::object::is_error(self.f, v) {
            // Node's inspection reads `stack`, which formats a pending one.
            let _ = crate::runtime::error::format_pending_stack(self.f, o);
            let get_own = |sym| rt.shapes.lookup(o.shape(), sym).map(|s| o.get_slot(s));
            let name = crate::runtime::object::peek(self.f, o, names.name).map(Self::text).unwrap_or_default();
            let message = get_own(names.message).map(Self::text).unwrap_or_default();
            let stack = get_own(names.stack).and_then(as_str).map(|s| s.units().into_owned());
            return Some(Object {
                kind: Kind::Error { constructor: self.constructor_name(v), name, message, stack, cause: None },
                props: self.props(o, &[]),
            });
        }
        Some(Object { kind: Kind::Object { constructor: self.constructor_name(v) }, props: self.props(o, &[]) })
    }
}

impl LogHost for LiveHeap<'_, '_> {
    fn object_to_string(&mut self, id: ObjId) -> Vec<u16> {
        let Some(v) = self.objects.borrow().get(&id).copied() else { return Vec::new() };
        match crate::runtime::convert::to_string(self.f, v) {
            Ok(s) => s.units().into_owned(),
            Err(_) => Vec::new(),
        }
    }
    fn object_to_number(&mut self, id: ObjId) -> f64 {
        let Some(v) = self.objects.borrow().get(&id).copied() else { return f64::NAN };
        crate::runtime::convert::to_number(self.f, v).unwrap_or(f64::NAN)
    }
    fn has_builtin_to_string(&self, id: ObjId) -> bool {
        let Some(v) = self.objects.borrow().get(&id).copied() else { return true };
        let rt = self.f.runtime();
        let key = rt.interner.intern("toString");
        let mut cur = v.as_object();
        while let Some(o) = cur {
            if let Some(slot) = rt.shapes.lookup(o.shape(), key) {
                return o.get_slot(slot).as_object().is_some_and(|m| {
                    m.internal().as_kind::<crate::runtime::JsFunction>().is_some_and(|c| c.builtin.is_some())
                });
            }
            cur = proto_of(rt, o).as_object();
        }
        true
    }
    fn json_stringify(&mut self, _value: &fmt::Value) -> Option<Vec<u16>> {
        Some("[JSON is not supported in EasyScript]".encode_utf16().collect())
    }
}
