//! Tests for `inspect` and `format_log_args` against outputs recorded from
//! node v20. Each case is a line of the notation in `dsl` (which node also
//! evaluates, see `tools/gen_inspect_tests.js`) and node's exact output.

#![allow(clippy::collapsible_if)] // Nested conditions read more easily in the mock host.

mod cases_layout;
mod cases_log;
mod cases_values;
mod dsl;
mod helpers;

use super::super::number_format::number_to_string;
use super::super::number_parse::string_to_number;
use super::*;

/// A heap built from the test notation, with JavaScript's conversions
/// implemented just far enough for the cases here.
struct TestHost {
    heap: Vec<Object>,
}

impl Heap for TestHost {
    fn object(&self, id: ObjId) -> Option<Object> {
        self.heap.get(id).cloned()
    }
}

impl TestHost {
    /// `String(value)`, with `Array.prototype.join`'s empty string for
    /// cycles.
    fn js_string(&self, v: &Value, seen: &mut Vec<ObjId>) -> String {
        match v {
            Value::Undefined => "undefined".into(),
            Value::Null => "null".into(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => number_to_string(*n),
            Value::String(s) => String::from_utf16_lossy(s),
            Value::Symbol(d) => format!("Symbol({})", String::from_utf16_lossy(d)),
            Value::Object(id) => {
                if seen.contains(id) {
                    return String::new();
                }
                let Some(o) = self.heap.get(*id) else { return String::new() };
                match &o.kind {
                    Kind::Array { length, elements } => {
                        seen.push(*id);
                        let mut parts = vec![String::new(); *length as usize];
                        for (i, e) in elements {
                            if !matches!(e, Value::Undefined | Value::Null) {
                                if let Some(slot) = parts.get_mut(*i as usize) {
                                    *slot = self.js_string(e, seen);
                                }
                            }
                        }
                        seen.pop();
                        parts.join(",")
                    }
                    Kind::Object { .. } => "[object Object]".into(),
                    Kind::Function { kind, .. } => match kind {
                        FunctionKind::Plain => "function () {}".into(),
                        FunctionKind::Async => "async function () {}".into(),
                        FunctionKind::Generator => "function* () {}".into(),
                        FunctionKind::AsyncGenerator => "async function* () {}".into(),
                        FunctionKind::Class { extends: Some(s) } => {
                            format!("class extends {} {{}}", String::from_utf16_lossy(s))
                        }
                        FunctionKind::Class { extends: None } => "class {}".into(),
                    },
                    Kind::Error { name, message, .. } => {
                        let (n, m) = (String::from_utf16_lossy(name), String::from_utf16_lossy(message));
                        if m.is_empty() { n } else { format!("{n}: {m}") }
                    }
                }
            }
        }
    }

    /// `JSON.stringify(value)`; `Err(())` on a cycle.
    fn json(&self, v: &Value, seen: &mut Vec<ObjId>) -> Result<Option<String>, ()> {
        Ok(Some(match v {
            Value::Undefined | Value::Symbol(_) => return Ok(None),
            Value::Null => "null".into(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) if n.is_finite() => number_to_string(*n),
            Value::Number(_) => "null".into(),
            Value::String(s) => json_quote(s),
            Value::Object(id) => {
                if seen.contains(id) {
                    return Err(());
                }
                let Some(o) = self.heap.get(*id) else { return Ok(None) };
                seen.push(*id);
                let text = match &o.kind {
                    Kind::Function { .. } => None,
                    Kind::Array { length, elements } => {
                        let mut parts = vec!["null".to_string(); *length as usize];
                        for (i, e) in elements {
                            if let Some(slot) = parts.get_mut(*i as usize) {
                                *slot = self.json(e, seen)?.unwrap_or_else(|| "null".into());
                            }
                        }
                        Some(format!("[{}]", parts.join(",")))
                    }
                    _ => {
                        let mut parts = Vec::new();
                        for (k, p) in &o.props {
                            if let (Key::String(k), Prop::Value(v)) = (k, p) {
                                if let Some(j) = self.json(v, seen)? {
                                    parts.push(format!("{}:{j}", json_quote(k)));
                                }
                            }
                        }
                        Some(format!("{{{}}}", parts.join(",")))
                    }
                };
                seen.pop();
                return Ok(text);
            }
        }))
    }
}

/// A JSON string literal.
fn json_quote(s: &[u16]) -> String {
    let mut out = String::from("\"");
    for c in char::decode_utf16(s.iter().copied()) {
        match c {
            Ok('"') => out.push_str("\\\""),
            Ok('\\') => out.push_str("\\\\"),
            Ok('\n') => out.push_str("\\n"),
            Ok('\r') => out.push_str("\\r"),
            Ok('\t') => out.push_str("\\t"),
            Ok('\u{8}') => out.push_str("\\b"),
            Ok('\u{c}') => out.push_str("\\f"),
            Ok(c) if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            Ok(c) => out.push(c),
            Err(e) => out.push_str(&format!("\\u{:x}", e.unpaired_surrogate())),
        }
    }
    out.push('"');
    out
}

impl LogHost for TestHost {
    fn object_to_string(&mut self, id: ObjId) -> Vec<u16> {
        self.js_string(&Value::Object(id), &mut Vec::new()).encode_utf16().collect()
    }
    fn object_to_number(&mut self, id: ObjId) -> f64 {
        string_to_number(&self.object_to_string(id))
    }
    fn has_builtin_to_string(&self, id: ObjId) -> bool {
        // Only an own `toString` that is a function counts as user-defined.
        let is_function = |v: &Value| matches!(v, Value::Object(f) if matches!(self.heap.get(*f), Some(Object { kind: Kind::Function { .. }, .. })));
        let own = |o: &Object| {
            o.props.iter().any(|(k, p)| {
                *k == Key::String("toString".encode_utf16().collect()) && matches!(p, Prop::Value(v) if is_function(v))
            })
        };
        !self.heap.get(id).is_some_and(own)
    }
    fn json_stringify(&mut self, value: &Value) -> Option<Vec<u16>> {
        match self.json(value, &mut Vec::new()) {
            Ok(text) => text.map(|t| t.encode_utf16().collect()),
            Err(()) => Some("[Circular]".encode_utf16().collect()),
        }
    }
}

/// `util.inspect` of the single value written in `src`.
fn inspect_src(src: &str) -> String {
    let (heap, values) = dsl::parse_args(src).unwrap_or_else(|e| panic!("bad case {src:?}: {e}"));
    let value = values.first().cloned().unwrap_or(Value::Undefined);
    inspect(&heap, &value, &InspectOptions::default())
}

/// `console.log` of the arguments written in `src`.
fn log_src(src: &str) -> String {
    let (heap, values) = dsl::parse_args(src).unwrap_or_else(|e| panic!("bad case {src:?}: {e}"));
    format_log_args(&mut TestHost { heap }, &values)
}

fn check(input: &str, expect: &str) {
    assert_eq!(inspect_src(input), expect, "util.inspect({input})");
}

fn check_log(input: &str, expect: &str) {
    assert_eq!(log_src(input), expect, "console.log({input})");
}

#[test]
fn inspect_matches_node() {
    for &(input, expect) in cases_values::VALUES.iter().chain(cases_layout::LAYOUT) {
        check(input, expect);
    }
}

#[test]
fn log_matches_node() {
    for &(input, expect) in cases_log::LOG {
        check_log(input, expect);
    }
}

#[test]
fn options_change_the_layout() {
    let (heap, values) = dsl::parse_args("{ a: { b: { c: { d: [1, 2] } } } }").expect("parses");
    let value = values.first().cloned().unwrap_or(Value::Undefined);
    let unlimited = InspectOptions { depth: None, ..InspectOptions::default() };
    // Recorded from node: util.inspect(v, { depth: null }) and { depth: 0 }.
    assert_eq!(inspect(&heap, &value, &unlimited), "{\n  a: {\n    b: { c: { d: [ 1, 2 ] } }\n  }\n}");
    let shallow = InspectOptions { depth: Some(0), ..InspectOptions::default() };
    assert_eq!(inspect(&heap, &value, &shallow), "{ a: [Object] }");
}

#[test]
fn missing_objects_do_not_panic() {
    let heap: Vec<Object> = Vec::new();
    assert_eq!(inspect(&heap, &Value::Object(7), &InspectOptions::default()), "[Unknown]");
}

/// Compares against a file of cases generated by node, one JSON array
/// `[kind, input, expected]` per line; run with
/// `INSPECT_CASES=file cargo test -- --ignored differential`.
#[test]
#[ignore]
fn differential() {
    let Ok(path) = std::env::var("INSPECT_CASES") else { return };
    let text = std::fs::read_to_string(path).expect("readable cases");
    let (mut pass, mut fail) = (0, 0);
    for line in text.lines() {
        let fields = parse_json_strings(line);
        let [kind, input, expect] = fields.as_slice() else { continue };
        let got = if kind == "log" { log_src(input) } else { inspect_src(input) };
        if &got == expect {
            pass += 1;
        } else {
            fail += 1;
            if fail <= 15 {
                println!("MISMATCH {kind} {input}\n--- node:\n{expect}\n--- ours:\n{got}\n");
            }
        }
    }
    println!("{pass} passed, {fail} failed");
    assert_eq!(fail, 0);
}

/// Reads a JSON array of strings (enough JSON for the differential file).
fn parse_json_strings(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut units: Vec<u16> = Vec::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => units.push(10),
                    Some('t') => units.push(9),
                    Some('r') => units.push(13),
                    Some('b') => units.push(8),
                    Some('f') => units.push(12),
                    Some('u') => {
                        let h: String = chars.by_ref().take(4).collect();
                        units.push(u16::from_str_radix(&h, 16).unwrap_or(0xFFFD));
                    }
                    Some(other) => units.push(other as u16),
                    None => {}
                },
                c => {
                    let mut buf = [0u16; 2];
                    units.extend_from_slice(c.encode_utf16(&mut buf));
                }
            }
        }
        out.push(String::from_utf16_lossy(&units));
    }
    out
}

#[test]
fn very_deep_structures_stop_instead_of_overflowing() {
    // A chain of 3000 nested objects printed without a depth limit.
    let mut heap: Vec<Object> = Vec::new();
    for i in 0..3000usize {
        let props = if i + 1 < 3000 { vec![(Key::String(vec![u16::from(b'a')]), Prop::Value(Value::Object(i + 1)))] } else { Vec::new() };
        heap.push(Object { kind: Kind::Object { constructor: Some("Object".encode_utf16().collect()) }, props });
    }
    let options = InspectOptions { depth: None, ..InspectOptions::default() };
    let text = inspect(&heap, &Value::Object(0), &options);
    assert!(text.contains("[Object: Inspection interrupted prematurely. Maximum call stack size exceeded.]"));
}
