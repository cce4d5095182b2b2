//! The helper calls of the test notation (see `dsl`), each building the
//! kind of object node would see for the JavaScript helper of the same
//! name in `tools/gen_inspect_tests.js`.

use super::super::{FunctionKind, Key, Kind, Prop, Value};
use super::dsl::{Parsed, Parser};

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn as_string(v: Option<Value>) -> Option<Vec<u16>> {
    match v {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

fn as_count(v: Option<Value>) -> Result<u32, String> {
    match v {
        Some(Value::Number(n)) if n >= 0.0 && n.fract() == 0.0 => Ok(n as u32),
        _ => Err("expected a count".into()),
    }
}

/// The string value of an own data property of a parsed object.
fn string_prop(p: &Parser, id: usize, key: &str) -> Option<Vec<u16>> {
    let o = p.heap.get(id)?;
    o.props.iter().find_map(|(k, v)| match (k, v) {
        (Key::String(k), Prop::Value(Value::String(s))) if *k == utf16(key) => Some(s.clone()),
        _ => None,
    })
}

type Next<'a> = dyn FnMut() -> Result<Option<Value>, String> + 'a;

/// Builds the value of helper `name` from its arguments.
pub fn build(p: &mut Parser, name: &str, next: &mut Next) -> Result<Parsed, String> {
    let object = |id: usize| Ok(Parsed::Value(Value::Object(id)));
    match name {
        "inst" | "nullproto" => {
            let constructor = if name == "inst" { Some(as_string(next()?).ok_or("inst name")?) } else { None };
            let id = p.new_object(Kind::Object { constructor });
            p.take_props(next()?, id)?;
            object(id)
        }
        "fn" | "afn" | "gfn" => {
            let fname = as_string(next()?).ok_or("function name")?;
            let kind = match name {
                "afn" => FunctionKind::Async,
                "gfn" => FunctionKind::Generator,
                _ => FunctionKind::Plain,
            };
            let id = p.new_object(Kind::Function { kind, name: fname });
            p.take_props(next()?, id)?;
            object(id)
        }
        "cls" => {
            let cname = as_string(next()?).ok_or("class name")?;
            let extends = as_string(next()?);
            let id = p.new_object(Kind::Function { kind: FunctionKind::Class { extends }, name: cname });
            p.take_props(next()?, id)?;
            object(id)
        }
        "err" => {
            let ctor = as_string(next()?).ok_or("error constructor")?;
            let mut message = as_string(next()?).unwrap_or_default();
            let stack = as_string(next()?);
            let builtin = ["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError"]
                .iter()
                .any(|b| utf16(b) == ctor);
            let mut ename = if builtin { ctor.clone() } else { utf16("Error") };
            let id = p.new_object(Kind::Error {
                constructor: Some(ctor.clone()),
                name: Vec::new(),
                message: Vec::new(),
                stack: stack.clone(),
                cause: None,
            });
            p.take_props(next()?, id)?;
            if let Some(n) = string_prop(p, id, "name") {
                ename = n;
            }
            if let Some(m) = string_prop(p, id, "message") {
                message = m;
            }
            let cause = next()?;
            if let Some(o) = p.heap.get_mut(id) {
                o.kind = Kind::Error { constructor: Some(ctor), name: ename, message, stack, cause };
            }
            object(id)
        }
        "ref" => {
            let label = as_count(next()?)?;
            let v = next()?.ok_or("ref value")?;
            if let Value::Object(id) = v {
                p.label(label, id)?;
            }
            Ok(Parsed::Value(v))
        }
        "self" => Ok(Parsed::SelfRef(as_count(next()?)?)),
        "range" => {
            let n = as_count(next()?)?;
            let mul = match next()? {
                Some(Value::Number(m)) => m,
                _ => 1.0,
            };
            let add = match next()? {
                Some(Value::Number(a)) => a,
                _ => 0.0,
            };
            let elements = (0..n).map(|i| (i, Value::Number(f64::from(i) * mul + add))).collect();
            object(p.new_object(Kind::Array { length: n, elements }))
        }
        "rep" => {
            let n = as_count(next()?)?;
            let v = next()?.unwrap_or(Value::Undefined);
            let elements = (0..n).map(|i| (i, v.clone())).collect();
            object(p.new_object(Kind::Array { length: n, elements }))
        }
        "words" => {
            let n = as_count(next()?)?;
            let min = as_count(next()?)?;
            let max = as_count(next()?)?.max(min);
            let elements = (0..n)
                .map(|i| {
                    let len = min + (i * 7) % (max - min + 1);
                    let c = char::from(b'a' + (i % 26) as u8);
                    (i, Value::String(utf16(&c.to_string().repeat(len as usize))))
                })
                .collect();
            object(p.new_object(Kind::Array { length: n, elements }))
        }
        "sparse" => {
            let length = as_count(next()?)?;
            let Some(Value::Object(src)) = next()? else { return Err("sparse elements".into()) };
            let props = p.heap.get(src).map(|o| o.props.clone()).unwrap_or_default();
            let mut elements = Vec::new();
            for (k, v) in props {
                if let (Key::String(k), Prop::Value(v)) = (k, v) {
                    let i: u32 = String::from_utf16_lossy(&k).parse().map_err(|_| "sparse index")?;
                    elements.push((i, v));
                }
            }
            object(p.new_object(Kind::Array { length, elements }))
        }
        "withProps" => {
            let Some(Value::Object(arr)) = next()? else { return Err("withProps array".into()) };
            p.take_props(next()?, arr)?;
            object(arr)
        }
        "Symbol" => Ok(Parsed::Value(Value::Symbol(as_string(next()?).unwrap_or_default()))),
        other => Err(format!("unknown helper {other}")),
    }
}
