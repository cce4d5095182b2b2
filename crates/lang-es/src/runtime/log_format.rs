//! `console.log(...args)`: how node turns its arguments into one line of
//! text (without the trailing newline), including printf-style directives
//! when the first argument is a string.
//!
//! Arguments are joined with single spaces; strings are written as they
//! are and everything else through `inspect`. A first string argument is a
//! format string: `%s %d %i %f %j %o %O %c` each consume the next argument
//! and `%%` is a literal `%`, as long as arguments remain (after that
//! directives are printed literally). Some directives convert objects with
//! JavaScript semantics (calling `toString`, `valueOf` or `toJSON`); those
//! conversions are delegated to the caller through `LogHost`, keeping this
//! module free of any interpreter.

use super::inspect::{Heap, InspectOptions, Kind, ObjId, Value, format_number, inspect};
use super::inspect_quote::format_symbol;
use super::number_format::number_to_string;
use super::number_parse::{parse_float, parse_int, string_to_number};

/// The conversions some directives need that only the runtime can do.
/// Each may run user code; if that code throws, the runtime records the
/// exception and returns any value (the printed line is then discarded).
pub trait LogHost: Heap {
    /// `String(object)`: used by `%s` for functions and for objects whose
    /// `toString` is user-defined, and by `%i` and `%f` for any object.
    fn object_to_string(&mut self, id: ObjId) -> Vec<u16>;
    /// `Number(object)`: used by `%d`.
    fn object_to_number(&mut self, id: ObjId) -> f64;
    /// Whether the `toString` the object would use is a built-in one (or it
    /// has none), which makes `%s` inspect it instead of calling it. Node's
    /// rule: an own `toString` property is never built-in; otherwise the
    /// prototype object that owns `toString` must have a `constructor` that
    /// is one of the built-in constructors (Object, Array, Error, ...).
    fn has_builtin_to_string(&self, id: ObjId) -> bool;
    /// `JSON.stringify(value)`, `None` when it returns undefined: used by
    /// `%j`. (Node prints `[Circular]` when it throws for a cycle.)
    fn json_stringify(&mut self, value: &Value) -> Option<Vec<u16>>;
}

/// `String(v)` for a primitive, or for an object through the host.
fn to_js_string<H: LogHost + ?Sized>(host: &mut H, v: &Value) -> String {
    match v {
        Value::Undefined => "undefined".to_string(),
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number_to_string(*n),
        Value::String(s) => String::from_utf16_lossy(s),
        Value::Symbol(d) => format_symbol(d),
        Value::Object(id) => String::from_utf16_lossy(&host.object_to_string(*id)),
    }
}

/// `%s`: numbers as inspect shows them (keeping `-0`), objects with a
/// built-in `toString` inspected one level deep, everything else `String(v)`.
fn directive_s<H: LogHost + ?Sized>(host: &mut H, v: &Value) -> String {
    match v {
        Value::Number(n) => format_number(*n),
        Value::Object(id) => {
            let is_function = matches!(host.object(*id), Some(o) if matches!(o.kind, Kind::Function { .. }));
            if is_function || !host.has_builtin_to_string(*id) {
                to_js_string(host, v)
            } else {
                let options = InspectOptions { depth: Some(0), ..InspectOptions::default() };
                inspect(host, v, &options)
            }
        }
        _ => to_js_string(host, v),
    }
}

/// `%d`: `Number(v)`, formatted like a number in inspect.
fn directive_d<H: LogHost + ?Sized>(host: &mut H, v: &Value) -> String {
    let n = match v {
        Value::Undefined | Value::Symbol(_) => f64::NAN,
        Value::Null => 0.0,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Number(n) => *n,
        Value::String(s) => string_to_number(s),
        Value::Object(id) => host.object_to_number(*id),
    };
    format_number(n)
}

/// `%i` and `%f`: `parseInt(v)` / `parseFloat(v)` of the argument's string
/// form (symbols, which cannot be converted, give NaN).
fn directive_parse<H: LogHost + ?Sized>(host: &mut H, v: &Value, integer: bool) -> String {
    if matches!(v, Value::Symbol(_)) {
        return "NaN".to_string();
    }
    let s: Vec<u16> = to_js_string(host, v).encode_utf16().collect();
    format_number(if integer { parse_int(&s, None) } else { parse_float(&s) })
}

/// `console.log(...args)` / `util.format(...args)`: the text node writes,
/// without the final newline.
pub fn format_log_args<H: LogHost + ?Sized>(host: &mut H, args: &[Value]) -> String {
    let mut out = String::new();
    let mut next = 0;
    let mut join = "";
    if let Some(Value::String(first)) = args.first() {
        if args.len() == 1 {
            return String::from_utf16_lossy(first);
        }
        let percent = u16::from(b'%');
        // `a` is the index of the last consumed argument; `last` where the
        // not yet copied part of the format string starts.
        let mut a = 0;
        let mut last = 0;
        let mut i = 0;
        while i + 1 < first.len() {
            if first.get(i) != Some(&percent) {
                i += 1;
                continue;
            }
            i += 1;
            let directive = first.get(i).copied().unwrap_or(0);
            let piece = |from: usize, to: usize| String::from_utf16_lossy(first.get(from..to).unwrap_or(&[]));
            if a + 1 == args.len() {
                // Out of arguments: only `%%` is still special.
                if directive == percent {
                    out.push_str(&piece(last, i));
                    last = i + 1;
                }
                i += 1;
                continue;
            }
            let arg = args.get(a + 1).cloned().unwrap_or(Value::Undefined);
            let text = match u8::try_from(directive).unwrap_or(0) {
                b's' => directive_s(host, &arg),
                b'd' => directive_d(host, &arg),
                b'i' => directive_parse(host, &arg, true),
                b'f' => directive_parse(host, &arg, false),
                b'j' => host
                    .json_stringify(&arg)
                    .map_or_else(|| "undefined".to_string(), |s| String::from_utf16_lossy(&s)),
                b'O' => inspect(host, &arg, &InspectOptions::default()),
                b'o' => {
                    let options = InspectOptions { depth: Some(4), show_hidden: true, ..InspectOptions::default() };
                    inspect(host, &arg, &options)
                }
                b'c' => String::new(),
                b'%' => {
                    out.push_str(&piece(last, i));
                    last = i + 1;
                    i += 1;
                    continue;
                }
                _ => {
                    i += 1;
                    continue;
                }
            };
            a += 1;
            if last + 1 != i {
                out.push_str(&piece(last, i - 1));
            }
            out.push_str(&text);
            last = i + 1;
            i += 1;
        }
        if last != 0 {
            next = a + 1;
            join = " ";
            out.push_str(&String::from_utf16_lossy(first.get(last..).unwrap_or(&[])));
        }
    }
    for arg in args.get(next..).unwrap_or(&[]) {
        out.push_str(join);
        match arg {
            Value::String(s) => out.push_str(&String::from_utf16_lossy(s)),
            _ => out.push_str(&inspect(host, arg, &InspectOptions::default())),
        }
        join = " ";
    }
    out
}
