//! The textual forms of SL values.
//!
//! SL has three, and they differ (spec §5.3, §5.4, §9.1): the *display string* (println, program
//! result), the *string conversion* (`+` with a string, property keys; objects become
//! `[foreign object]`), and the *description* in type errors (`Number 3`, `String "4"`, `NULL`).

use porcini::Value;

use super::types::SlType;

/// The display string (§5.3).
pub fn display(v: Value) -> String {
    if let Some(t) = SlType::from_type_object(v) {
        return t.name().to_string();
    }
    match SlType::of(v) {
        Some(SlType::Object) => "Object".to_string(),
        _ => convert(v),
    }
}

/// The string conversion (§5.4).
pub fn convert(v: Value) -> String {
    if let Some(i) = v.as_i64() {
        return i.to_string();
    }
    if let Some(b) = v.as_bigint() {
        return b.to_string();
    }
    if let Some(s) = v.as_str() {
        return s.as_str().to_string();
    }
    if let Some(b) = v.as_bool() {
        return b.to_string();
    }
    if v.is_null() {
        return "NULL".to_string();
    }
    if let Some(f) = v.as_function() {
        return f.name().to_string();
    }
    "[foreign object]".to_string()
}

/// The description of an operand in a type error (§9.1).
pub fn describe(v: Value) -> String {
    if let Some(t) = SlType::from_type_object(v) {
        return t.name().to_string();
    }
    match SlType::of(v) {
        Some(SlType::Null) | None => "NULL".to_string(),
        Some(SlType::String) => format!("String \"{}\"", convert(v)),
        Some(t) => format!("{} {}", t.name(), display(v)),
    }
}

/// The text of a callee in `Undefined function: D` (§7.8).
pub fn callee_text(v: Value) -> String {
    match SlType::from_type_object(v) {
        Some(t) => format!("SLType[{}]", t.name()),
        None => display(v),
    }
}

/// An operator type error with its location (§9.1).
pub fn type_error(file: &str, line: u32, col: u32, op: &str, operands: &[Value]) -> String {
    let ds: Vec<String> = operands.iter().map(|&v| describe(v)).collect();
    format!("Type error at {file} line {line} col {col}: operation \"{op}\" not defined for {}", ds.join(", "))
}

/// A builtin argument type error, without location (§9.1).
pub fn builtin_type_error(name: &str, operands: &[Value]) -> String {
    let ds: Vec<String> = operands.iter().map(|&v| describe(v)).collect();
    format!("Type error: operation \"{name}\" not defined for {}", ds.join(", "))
}
