//! The generic event line of Truffle's runtime traces (`TruffleCompilerRuntime.formatEvent`):
//! an event column, an indented subject column and a list of `|name value` properties. Inlining
//! traces, `opt fail` and the splitting traces all use this layout.

use super::printf;

/// Width of the event column.
pub const EVENT_WIDTH: usize = 12;
/// Width of the subject column at depth 0.
pub const SUBJECT_WIDTH: usize = 60;
/// Minimum width of each property (name plus value); 0 leaves one space between the two.
pub const PROPERTY_WIDTH: usize = 0;

/// A property value. The variants mirror the Java types that `formatEvent` tells apart, since
/// each renders differently.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PropValue<'a> {
    /// A Java `Integer`: rendered as `%6d`.
    Int(i32),
    /// A Java `Long`: rendered with `toString`, so without padding.
    Long(i64),
    /// A Java `Double`: rendered as `%8.2f`.
    Double(f64),
    /// A Java `Boolean`: `true` or `false`.
    Bool(bool),
    /// Anything else, already rendered as text (Truffle often pre-formats counters as strings so
    /// that they escape the `%6d` padding).
    Str(&'a str),
}

impl PropValue<'_> {
    /// The value as `formatEvent` renders it, before the property padding.
    pub fn render(&self) -> String {
        match *self {
            PropValue::Int(value) => printf::int(i64::from(value), 6),
            PropValue::Long(value) => value.to_string(),
            PropValue::Double(value) => printf::fixed(value, 8, 2),
            PropValue::Bool(value) => value.to_string(),
            PropValue::Str(value) => value.to_string(),
        }
    }
}

impl From<i32> for PropValue<'_> {
    fn from(value: i32) -> Self {
        PropValue::Int(value)
    }
}

impl From<i64> for PropValue<'_> {
    fn from(value: i64) -> Self {
        PropValue::Long(value)
    }
}

impl From<f64> for PropValue<'_> {
    fn from(value: f64) -> Self {
        PropValue::Double(value)
    }
}

impl From<bool> for PropValue<'_> {
    fn from(value: bool) -> Self {
        PropValue::Bool(value)
    }
}

impl<'a> From<&'a str> for PropValue<'a> {
    fn from(value: &'a str) -> Self {
        PropValue::Str(value)
    }
}

impl<'a> From<&'a String> for PropValue<'a> {
    fn from(value: &'a String) -> Self {
        PropValue::Str(value)
    }
}

/// Formats one event line, without the `[engine] ` prefix.
///
/// The event is left-aligned in 12 columns; then come `1 + 2 × depth` spaces and the subject,
/// left-aligned in `60 − 2 × depth` columns (at least 1), so that deeper events are indented
/// without moving the property columns; then each property as `|name value`.
pub fn format_event(
    depth: usize,
    event: &str,
    subject: &str,
    props: &[(&str, PropValue<'_>)],
) -> String {
    let indent = 2 * depth;
    let mut line = printf::left(event, EVENT_WIDTH);
    line.push_str(&printf::right("", 1 + indent));
    line.push_str(&printf::left(
        subject,
        SUBJECT_WIDTH.saturating_sub(indent).max(1),
    ));
    for (name, value) in props {
        line.push('|');
        line.push_str(name);
        line.push(' ');
        let width = PROPERTY_WIDTH
            .saturating_sub(name.encode_utf16().count())
            .max(1);
        line.push_str(&printf::right(&value.render(), width));
    }
    line
}

/// Formats an event line followed by a free-form message on the next line(s), as Truffle does
/// when an event carries one (for example the exception text after `opt fail`).
pub fn format_event_with_message(
    depth: usize,
    event: &str,
    subject: &str,
    props: &[(&str, PropValue<'_>)],
    message: &str,
) -> String {
    format!("{}\n{message}", format_event(depth, event, subject, props))
}
