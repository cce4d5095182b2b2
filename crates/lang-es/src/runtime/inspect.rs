//! Formatting of JavaScript values the way node v20's `util.inspect` (and
//! so `console.log`) prints them.
//!
//! The runtime describes its objects through the `Heap` trait: every object
//! has an identity (`ObjId`) and, when asked, a snapshot of what node would
//! look at (its kind, constructor name and own enumerable properties). The
//! formatter walks from a root value, asking only for the objects it is
//! about to print, and itself takes care of what depends on the walk:
//! circular references (`<ref *1>` / `[Circular *1]`), the depth limit
//! (`[Object]`, `[Array]`, `[Foo]`), indentation and line breaking. It never
//! calls back into JavaScript, so it stays pure and testable.
//!
//! `console.log`'s argument joining and format directives are in
//! `log_format`, re-exported here.

use super::inspect_error::{error_to_string, format_error, remove_duplicate_keys};
use super::inspect_layout::{Layout, reduce_to_single_string};
use super::inspect_quote::{format_string_key, format_symbol, quote_string};
use super::number_format::number_to_string;
pub use super::log_format::{LogHost, format_log_args};

/// How deeply an unlimited-depth inspection may nest before giving up,
/// which keeps very deep (but acyclic) structures from exhausting the
/// native stack. Node's own limit comes from its stack size and is in the
/// thousands; 300 levels fit comfortably in a 2 MiB thread stack even in
/// debug builds (800 do not), and only `depth: None` can reach it.
const MAX_NESTING: usize = 300;

/// The identity of an object, chosen by the caller; equal ids mean the same
/// object (which is how cycles are recognised).
pub type ObjId = usize;

/// A JavaScript value. Strings are UTF-16 code units.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    String(Vec<u16>),
    /// A symbol, by its description (empty for `Symbol()`).
    Symbol(Vec<u16>),
    /// An object, function, array or error, described by the `Heap`.
    Object(ObjId),
}

/// A property key.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    String(Vec<u16>),
    /// A symbol key, by its description.
    Symbol(Vec<u16>),
}

/// An own enumerable property: a data property's value, or which accessor
/// functions an accessor property has (node does not call getters).
#[derive(Clone, Debug, PartialEq)]
pub enum Prop {
    Value(Value),
    Getter,
    Setter,
    GetterSetter,
}

/// The flavours of functions node distinguishes in `[Function: f]`.
#[derive(Clone, Debug, PartialEq)]
pub enum FunctionKind {
    Plain,
    Async,
    Generator,
    AsyncGenerator,
    /// A class, with the name of the class it extends when that name is
    /// nonempty (`[class B extends A]`).
    Class { extends: Option<Vec<u16>> },
}

/// What kind of object this is, with the data node prints for that kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// An ordinary object. `constructor` is the name node finds on the
    /// prototype chain: `Some("Object")` for plain objects (printed without
    /// a prefix), `Some("Foo")` for class instances (`Foo { x: 1 }`), and
    /// `None` for objects without a prototype
    /// (`[Object: null prototype] { x: 1 }`).
    Object { constructor: Option<Vec<u16>> },
    /// An array of `length` elements. `elements` lists the present ones
    /// (index, value) in increasing index order; missing indices are holes.
    /// Node shows at most `max_array_length` (100) entries, so passing the
    /// first 101 present elements is always enough.
    Array { length: u32, elements: Vec<(u32, Value)> },
    /// A function or class, with its `name` property ("" if anonymous).
    Function { kind: FunctionKind, name: Vec<u16> },
    /// An error object. `constructor` is as for `Object` (e.g. `TypeError`,
    /// or a user class); `name` is `String(err.name)`, `message` is
    /// `err.message`, `stack` the text of `err.stack` (`None` if it is not a
    /// string), `cause` an own `cause` property that is not enumerable
    /// (printed as `[cause]: ...`).
    Error {
        constructor: Option<Vec<u16>>,
        name: Vec<u16>,
        message: Vec<u16>,
        stack: Option<Vec<u16>>,
        cause: Option<Value>,
    },
}

/// A snapshot of one object: its kind and its own enumerable properties in
/// the order node lists them (integer-like keys ascending, then string keys
/// in insertion order, then symbols). For arrays, only the non-index
/// properties go in `props`.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    pub kind: Kind,
    pub props: Vec<(Key, Prop)>,
}

/// Where the formatter gets objects from.
pub trait Heap {
    /// The object with this identity, or `None` if there is none (printed
    /// as `[Unknown]`, which only a broken caller would produce).
    fn object(&self, id: ObjId) -> Option<Object>;
}

/// A slice of objects is a heap whose ids are indices, which is convenient
/// for tests and for callers that snapshot a structure up front.
impl Heap for [Object] {
    fn object(&self, id: ObjId) -> Option<Object> {
        self.get(id).cloned()
    }
}

impl Heap for Vec<Object> {
    fn object(&self, id: ObjId) -> Option<Object> {
        self.get(id).cloned()
    }
}

/// The `util.inspect` options this formatter supports, with node's
/// defaults from `InspectOptions::default()`.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectOptions {
    /// How many levels of nesting to show (`None` for unlimited); deeper
    /// objects print as `[Object]`. Default 2.
    pub depth: Option<usize>,
    /// The line width node aims for. Default 80.
    pub break_length: usize,
    /// How many inner levels may share a line (node's numeric `compact`;
    /// 0 puts every property on its own line). Default 3.
    pub compact: usize,
    /// The most array entries shown. Default 100.
    pub max_array_length: usize,
    /// The most string code units shown. Default 10000.
    pub max_string_length: usize,
    /// Also list non-enumerable properties. Only arrays' `[length]` is
    /// known to the formatter, which is what `%o` adds for arrays.
    pub show_hidden: bool,
}

impl Default for InspectOptions {
    fn default() -> Self {
        InspectOptions {
            depth: Some(2),
            break_length: 80,
            compact: 3,
            max_array_length: 100,
            max_string_length: 10_000,
            show_hidden: false,
        }
    }
}

/// `util.inspect(value, options)`.
pub fn inspect<H: Heap + ?Sized>(heap: &H, value: &Value, options: &InspectOptions) -> String {
    let mut ctx = Ctx { heap, options, seen: Vec::new(), circular: Vec::new(), indentation: 0, current_depth: 0 };
    ctx.format_value(value, 0)
}

/// The state of one `inspect` call.
struct Ctx<'a, H: Heap + ?Sized> {
    heap: &'a H,
    options: &'a InspectOptions,
    /// The objects currently being printed, outermost first.
    seen: Vec<ObjId>,
    /// Objects found to be referenced circularly, with their `*n` numbers
    /// in order of discovery.
    circular: Vec<(ObjId, usize)>,
    /// The indentation of the line being produced.
    indentation: usize,
    /// The depth of the object whose entries were most recently formatted.
    current_depth: usize,
}

/// The pieces of an object's output decided before its entries.
struct Frame {
    base: String,
    open: String,
    close: &'static str,
    is_array: bool,
    depth_name: String,
}

impl<H: Heap + ?Sized> Ctx<'_, H> {
    fn format_value(&mut self, value: &Value, recurse_times: usize) -> String {
        match value {
            Value::Undefined => "undefined".to_string(),
            Value::Null => "null".to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => format_number(*n),
            Value::String(s) => self.format_string(s),
            Value::Symbol(d) => format_symbol(d),
            Value::Object(id) => {
                if self.seen.contains(id) {
                    let index = self.circular_index(*id);
                    return format!("[Circular *{index}]");
                }
                self.format_object(*id, recurse_times)
            }
        }
    }

    /// The `*n` number of a circularly referenced object, assigning the
    /// next one on first sight.
    fn circular_index(&mut self, id: ObjId) -> usize {
        if let Some(&(_, index)) = self.circular.iter().find(|(o, _)| *o == id) {
            return index;
        }
        let index = self.circular.len() + 1;
        self.circular.push((id, index));
        index
    }

    /// A nested string: quoted, truncated past `max_string_length`, and
    /// split into `'line\n' +` pieces when long and multi-line.
    fn format_string(&self, s: &[u16]) -> String {
        let max = self.options.max_string_length;
        let mut trailer = String::new();
        let mut s = s;
        if s.len() > max {
            let remaining = s.len() - max;
            s = s.get(..max).unwrap_or(s);
            trailer = format!("... {remaining} more character{}", if remaining > 1 { "s" } else { "" });
        }
        let room = self.options.break_length as i64 - self.indentation as i64 - 4;
        if s.len() > 16 && (s.len() as i64) > room {
            let newline = u16::from(b'\n');
            let pieces: Vec<String> = s.split_inclusive(|&c| c == newline).map(quote_string).collect();
            let joiner = format!(" +\n{}", " ".repeat(self.indentation + 2));
            return pieces.join(&joiner) + &trailer;
        }
        quote_string(s) + &trailer
    }

    fn format_object(&mut self, id: ObjId, recurse_times: usize) -> String {
        let Some(object) = self.heap.object(id) else {
            return "[Unknown]".to_string();
        };
        let mut props = object.props;
        let mut cause = None;
        let frame = match &object.kind {
            Kind::Array { length, .. } => {
                if *length == 0 && props.is_empty() && !self.options.show_hidden {
                    return "[]".to_string();
                }
                Frame { base: String::new(), open: "[".into(), close: "]", is_array: true, depth_name: "[Array]".into() }
            }
            Kind::Object { constructor } => {
                let (open, depth_name) = match constructor {
                    Some(c) if c.as_slice() == utf16("Object").as_slice() => ("{".to_string(), "[Object]".to_string()),
                    Some(c) => {
                        let c = String::from_utf16_lossy(c);
                        (format!("{c} {{"), format!("[{c}]"))
                    }
                    None => ("[Object: null prototype] {".to_string(), "[Object: null prototype]".to_string()),
                };
                if props.is_empty() {
                    return format!("{open}}}");
                }
                Frame { base: String::new(), open, close: "}", is_array: false, depth_name }
            }
            Kind::Function { kind, name } => {
                let base = function_base(kind, name);
                if props.is_empty() {
                    return base;
                }
                let depth_name = format!("[{}]", function_type(kind));
                Frame { base, open: "{".into(), close: "}", is_array: false, depth_name }
            }
            Kind::Error { constructor, name, message, stack, cause: c } => {
                let constructor = constructor.as_ref().map(|c| String::from_utf16_lossy(c));
                let stack_text = stack.as_ref().map(|s| String::from_utf16_lossy(s));
                let name = String::from_utf16_lossy(name);
                let message = String::from_utf16_lossy(message);
                // Without a stack node compares against `String(err)`.
                let shown_stack = match &stack_text {
                    Some(s) if !s.is_empty() => s.clone(),
                    _ => error_to_string(&name, &message),
                };
                remove_duplicate_keys(&mut props, &shown_stack);
                cause = c.clone();
                let base =
                    format_error(constructor.as_deref(), &name, &message, stack_text.as_deref(), self.indentation);
                if props.is_empty() && cause.is_none() {
                    return base;
                }
                let depth_name = match &constructor {
                    Some(c) => format!("[{c}]"),
                    None => "[Object: null prototype]".to_string(),
                };
                Frame { base, open: "{".into(), close: "}", is_array: false, depth_name }
            }
        };

        if self.options.depth.is_some_and(|d| recurse_times > d) {
            return frame.depth_name;
        }
        if recurse_times > MAX_NESTING {
            // Where node would run out of stack (at a depth that depends on
            // its stack size), it prints this marker instead.
            let name = frame.depth_name.trim_start_matches('[').trim_end_matches(']');
            return format!("[{name}: Inspection interrupted prematurely. Maximum call stack size exceeded.]");
        }
        let recurse_times = recurse_times + 1;
        self.seen.push(id);
        self.current_depth = recurse_times;

        let mut output = Vec::new();
        let mut numbers: Vec<u32> = Vec::new();
        if let Kind::Array { length, elements } = &object.kind {
            output = self.format_array(*length, elements, recurse_times);
            numbers = elements.iter().filter(|(_, v)| matches!(v, Value::Number(_))).map(|(i, _)| *i).collect();
            if self.options.show_hidden {
                output.push(format!("[length]: {}", format_number(f64::from(*length))));
            }
        }
        for (key, prop) in &props {
            let entry = self.format_property(prop, recurse_times);
            let name = match key {
                Key::String(k) => format_string_key(k),
                Key::Symbol(d) => format!("[{}]", format_symbol(d)),
            };
            output.push(format!("{name}: {entry}"));
        }
        if let Some(c) = &cause {
            let entry = self.format_property(&Prop::Value(c.clone()), recurse_times);
            output.push(format!("[cause]: {entry}"));
        }

        let mut base = frame.base;
        if let Some(&(_, index)) = self.circular.iter().find(|(o, _)| *o == id) {
            let reference = format!("<ref *{index}>");
            base = if base.is_empty() { reference } else { format!("{reference} {base}") };
        }
        self.seen.pop();

        let layout = Layout {
            break_length: self.options.break_length,
            compact: self.options.compact,
            indentation: self.indentation,
            max_array_length: self.options.max_array_length,
        };
        let is_number = |i: usize| u32::try_from(i).is_ok_and(|i| numbers.binary_search(&i).is_ok());
        let depth_gap = self.current_depth.saturating_sub(recurse_times);
        reduce_to_single_string(&layout, output, &base, (&frame.open, frame.close), frame.is_array, depth_gap, &is_number)
    }

    /// The value part of one property or array element, formatted two
    /// columns deeper than the current line.
    fn format_property(&mut self, prop: &Prop, recurse_times: usize) -> String {
        match prop {
            Prop::Value(v) => {
                self.indentation += 2;
                let s = self.format_value(v, recurse_times);
                self.indentation -= 2;
                s
            }
            Prop::Getter => "[Getter]".to_string(),
            Prop::Setter => "[Setter]".to_string(),
            Prop::GetterSetter => "[Getter/Setter]".to_string(),
        }
    }

    /// The entries for an array's elements: values, `<n empty items>` for
    /// runs of holes, and `... n more items` past the display limit. Each
    /// entry (a value or a run of holes) counts towards the limit.
    fn format_array(&mut self, length: u32, elements: &[(u32, Value)], recurse_times: usize) -> Vec<String> {
        let max = self.options.max_array_length;
        let mut output = Vec::new();
        let mut index: u64 = 0;
        for (i, v) in elements {
            let i = u64::from(*i);
            if output.len() >= max || i >= u64::from(length) || i < index {
                break;
            }
            if i > index {
                output.push(empty_items(i - index));
                index = i;
                if output.len() >= max {
                    break;
                }
            }
            output.push(self.format_property(&Prop::Value(v.clone()), recurse_times));
            index += 1;
        }
        let remaining = u64::from(length).saturating_sub(index);
        if remaining > 0 {
            if output.len() < max {
                output.push(empty_items(remaining));
            } else {
                output.push(format!("... {remaining} more item{}", if remaining > 1 { "s" } else { "" }));
            }
        }
        output
    }
}

/// `<n empty item(s)>` for a run of holes.
fn empty_items(n: u64) -> String {
    format!("<{n} empty item{}>", if n > 1 { "s" } else { "" })
}

/// A number as inspect shows it: like `String(n)`, except that negative
/// zero keeps its sign.
pub fn format_number(n: f64) -> String {
    if n == 0.0 && n.is_sign_negative() { "-0".to_string() } else { number_to_string(n) }
}

/// The word node uses for a function's type.
fn function_type(kind: &FunctionKind) -> &'static str {
    match kind {
        FunctionKind::Plain | FunctionKind::Class { .. } => "Function",
        FunctionKind::Async => "AsyncFunction",
        FunctionKind::Generator => "GeneratorFunction",
        FunctionKind::AsyncGenerator => "AsyncGeneratorFunction",
    }
}

/// `[Function: f]`, `[Function (anonymous)]`, `[class A extends B]`.
fn function_base(kind: &FunctionKind, name: &[u16]) -> String {
    let name = String::from_utf16_lossy(name);
    match kind {
        FunctionKind::Class { extends } => {
            let name = if name.is_empty() { "(anonymous)".to_string() } else { name };
            match extends {
                Some(sup) if !sup.is_empty() => format!("[class {name} extends {}]", String::from_utf16_lossy(sup)),
                _ => format!("[class {name}]"),
            }
        }
        _ if name.is_empty() => format!("[{} (anonymous)]", function_type(kind)),
        _ => format!("[{}: {name}]", function_type(kind)),
    }
}

/// UTF-16 code units of a Rust string.
fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

#[cfg(test)]
mod tests;
