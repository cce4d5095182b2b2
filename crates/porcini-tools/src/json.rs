//! A minimal JSON writer for the tools' machine-readable outputs, so the crate needs no
//! serialization dependency.
//!
//! The writer appends to a `String` as values arrive and inserts the commas itself, which lets the
//! formatters stream arbitrarily deep structures (a call tree thousands of frames deep) from an
//! explicit stack instead of recursing. Keys come out in the order they are written; the output
//! is compact, with no whitespace, as Truffle's `JSONObject.toString()` prints it.

/// Streams one JSON document into a string.
#[derive(Debug, Default)]
pub(crate) struct JsonWriter {
    out: String,
    /// One entry per open object or array: whether it already holds an element, and whether a
    /// key was just written so the next value belongs to it.
    open: Vec<Container>,
}

#[derive(Debug, Clone, Copy)]
struct Container {
    has_element: bool,
    after_key: bool,
}

impl JsonWriter {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Finishes the document and returns its text.
    pub(crate) fn finish(self) -> String {
        debug_assert!(self.open.is_empty(), "unclosed JSON container");
        self.out
    }

    pub(crate) fn begin_object(&mut self) {
        self.before_value();
        self.out.push('{');
        self.open.push(Container {
            has_element: false,
            after_key: false,
        });
    }

    pub(crate) fn end_object(&mut self) {
        self.open.pop();
        self.out.push('}');
    }

    pub(crate) fn begin_array(&mut self) {
        self.before_value();
        self.out.push('[');
        self.open.push(Container {
            has_element: false,
            after_key: false,
        });
    }

    pub(crate) fn end_array(&mut self) {
        self.open.pop();
        self.out.push(']');
    }

    /// Writes an object key; the next value written is its value.
    pub(crate) fn key(&mut self, key: &str) {
        self.before_value();
        escape_into(&mut self.out, key);
        self.out.push(':');
        if let Some(top) = self.open.last_mut() {
            top.after_key = true;
        }
    }

    pub(crate) fn string(&mut self, value: &str) {
        self.before_value();
        escape_into(&mut self.out, value);
    }

    pub(crate) fn number(&mut self, value: u64) {
        self.before_value();
        self.out.push_str(&value.to_string());
    }

    pub(crate) fn boolean(&mut self, value: bool) {
        self.before_value();
        self.out.push_str(if value { "true" } else { "false" });
    }

    /// `"key":value` pairs, the common case, in one call each.
    pub(crate) fn field_str(&mut self, key: &str, value: &str) {
        self.key(key);
        self.string(value);
    }

    pub(crate) fn field_num(&mut self, key: &str, value: u64) {
        self.key(key);
        self.number(value);
    }

    pub(crate) fn field_bool(&mut self, key: &str, value: bool) {
        self.key(key);
        self.boolean(value);
    }

    /// An array of numbers under `key`.
    pub(crate) fn field_numbers(&mut self, key: &str, values: &[u64]) {
        self.key(key);
        self.begin_array();
        for &value in values {
            self.number(value);
        }
        self.end_array();
    }

    /// Emits the comma that separates this value from the previous element, unless the value
    /// follows its key.
    fn before_value(&mut self) {
        if let Some(top) = self.open.last_mut() {
            if top.after_key {
                top.after_key = false;
            } else {
                if top.has_element {
                    self.out.push(',');
                }
                top.has_element = true;
            }
        }
    }
}

/// `text` as a quoted JSON string (see [`escape_into`]).
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    escape_into(&mut out, text);
    out
}

/// Appends `text` as a quoted JSON string. Quotes, backslashes and control characters are
/// escaped; everything else, non-ASCII included, is written as is, since JSON text is UTF-8.
pub fn escape_into(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_keys_and_escapes() {
        let mut json = JsonWriter::new();
        json.begin_object();
        json.field_str("a\"b", "x\\y\n\u{1}é");
        json.key("list");
        json.begin_array();
        json.number(1);
        json.begin_object();
        json.end_object();
        json.begin_array();
        json.end_array();
        json.boolean(false);
        json.end_array();
        json.field_numbers("n", &[3, 4]);
        json.end_object();
        assert_eq!(
            json.finish(),
            r#"{"a\"b":"x\\y\n\u0001é","list":[1,{},[],false],"n":[3,4]}"#
        );
    }
}
