//! How `inspect` prints an Error object: its `stack` text, adjusted the way
//! node adjusts it, with the properties node would otherwise repeat taken
//! out of the listing.
//!
//! Node shows an error as its stack. When the stack has no `    at` frame
//! lines it wraps it in brackets (`[Error: boom]`); when the error's class
//! name differs from what the stack starts with, it rewrites the first word
//! (`ValidationError: x`, `MyErr [Error]: x`); when nested it indents every
//! continuation line; and it omits `name`, `message` and `stack` own
//! properties whose text already appears in the stack.

use super::inspect::{Key, Prop, Value};
use super::number_format::number_to_string;

/// What `String(v)` gives for a primitive, used to decide whether an own
/// `name`/`message`/`stack` property is already visible in the stack.
/// Objects have no text here (`None`), so such properties are kept.
fn primitive_text(v: &Value) -> Option<String> {
    Some(match v {
        Value::Undefined => "undefined".to_string(),
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number_to_string(*n),
        Value::String(s) => String::from_utf16_lossy(s),
        Value::Symbol(_) | Value::Object(_) => return None,
    })
}

/// Removes own `name`, `message` and `stack` properties whose value's text
/// occurs in the stack, as node does to avoid printing it twice.
pub fn remove_duplicate_keys(props: &mut Vec<(Key, Prop)>, stack: &str) {
    props.retain(|(key, prop)| {
        let Key::String(k) = key else { return true };
        let k = String::from_utf16_lossy(k);
        if !matches!(k.as_str(), "name" | "message" | "stack") {
            return true;
        }
        match prop {
            Prop::Value(v) => !primitive_text(v).is_some_and(|t| stack.contains(&t)),
            _ => true,
        }
    });
}

/// `Error.prototype.toString` for the given name and message, which node
/// prints when an error has no (or an empty) stack.
pub fn error_to_string(name: &str, message: &str) -> String {
    match (name.is_empty(), message.is_empty()) {
        (true, _) => message.to_string(),
        (false, true) => name.to_string(),
        (false, false) => format!("{name}: {message}"),
    }
}

/// The class-like name at the start of a stack, for errors without a
/// prototype: a capitalised word (spaces, brackets and dashes allowed)
/// followed by `:` or a frame line, or a whole stack that is a name ending
/// in `Error`.
fn leading_name(stack: &str) -> Option<&str> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || " _[]()-".contains(c);
    if stack.starts_with(|c: char| c.is_ascii_uppercase()) {
        let end = stack.find(|c: char| !allowed(c)).unwrap_or(stack.len());
        // The name is the longest run whose continuation is `:` or a line
        // break followed by whitespace and `at`; backtrack to find it.
        let mut cut = end;
        while cut > 1 {
            let rest = stack.get(cut..).unwrap_or("");
            let frame = rest.strip_prefix('\n').is_some_and(|r| {
                let trimmed = r.trim_start();
                trimmed.len() < r.len() && trimmed.starts_with("at")
            });
            if rest.starts_with(':') || frame {
                return stack.get(..cut);
            }
            cut -= 1;
            while !stack.is_char_boundary(cut) {
                cut -= 1;
            }
        }
    }
    let whole_ok = stack.ends_with("Error") && stack.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    whole_ok.then_some(stack)
}

/// Makes the first word of the stack name the error's class, the way node
/// does for "regular looking" errors whose name ends in `Error`.
fn improve_stack(stack: String, constructor: Option<&str>, name: &str) -> String {
    let mut len = name.len();
    let regular = match constructor {
        None => true,
        Some(_) => {
            name.ends_with("Error")
                && stack.starts_with(name)
                && matches!(stack.as_bytes().get(len), None | Some(b':') | Some(b'\n'))
        }
    };
    if !regular {
        return stack;
    }
    let prefix = match constructor {
        Some(c) => c.to_string(),
        None => {
            let found = leading_name(&stack).unwrap_or("");
            len = found.len();
            let fallback = if found.is_empty() { "Error" } else { found };
            format!("[{fallback}: null prototype]")
        }
    };
    if name == prefix {
        return stack;
    }
    let rest = stack.get(len..).unwrap_or("");
    if prefix.contains(name) {
        if len == 0 { format!("{prefix}: {stack}") } else { format!("{prefix}{rest}") }
    } else {
        format!("{prefix} [{name}]{rest}")
    }
}

/// The text node prints for an error (before any property list):
/// `constructor` is the class name (`None` for a null prototype), `name`
/// and `message` the results of `String(err.name)` and `err.message`,
/// `stack` the stack property's text (`None` or empty when missing), and
/// `indentation` the current nesting indentation.
pub fn format_error(constructor: Option<&str>, name: &str, message: &str, stack: Option<&str>, indentation: usize) -> String {
    let stack = match stack {
        Some(s) if !s.is_empty() => s.to_string(),
        _ => error_to_string(name, message),
    };
    let stack = improve_stack(stack, constructor, name);
    // Frame lines are searched after the message, which may itself contain
    // line breaks. (A message found at position 0 does not count, as in
    // node, where that position is falsy.)
    let from = match stack.find(message) {
        Some(p) if !message.is_empty() && p > 0 => p + message.len(),
        _ => 0,
    };
    let has_frames = stack.get(from..).is_some_and(|rest| rest.contains("\n    at"));
    let stack = if has_frames { stack } else { format!("[{stack}]") };
    if indentation == 0 {
        stack
    } else {
        stack.replace('\n', &format!("\n{}", " ".repeat(indentation)))
    }
}
