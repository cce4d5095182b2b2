//! Parsing and rendering of option values, one implementation per value type.
//!
//! The rules follow Truffle's option parser where it is strict and are stricter where it is
//! lenient: booleans are exactly `true` or `false`, integers must be plain decimal numbers that fit
//! the field, and floats must be finite. A parse failure reports what was expected, in words, so
//! that the error message can say more than "invalid".

use std::num::IntErrorKind;

/// The type of an option's value, as shown in `--help` and in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A signed 64-bit integer (used where Truffle gives negative values a meaning).
    Int,
    /// An unsigned 64-bit integer (counts, thresholds and budgets).
    UInt,
    /// A finite 64-bit float.
    Float,
    /// Free text; the empty string is a valid value.
    Str,
    /// One of a fixed list of names.
    Choice(&'static [&'static str]),
}

impl OptionKind {
    /// The value placeholder of `--engine.Name=<placeholder>` in `--help`.
    pub fn usage(self) -> String {
        match self {
            OptionKind::Bool => "true|false".to_string(),
            OptionKind::Int => "<int>".to_string(),
            OptionKind::UInt => "[0, inf)".to_string(),
            OptionKind::Float => "<float>".to_string(),
            OptionKind::Str => "<string>".to_string(),
            OptionKind::Choice(names) => names.join("|"),
        }
    }
}

/// A type that can be the value of an engine option.
pub(crate) trait OptionValue: Sized {
    const KIND: OptionKind;

    /// Parses a command-line value; the error is a description of what was expected, phrased to
    /// follow "expected".
    fn parse(text: &str) -> Result<Self, String>;

    /// Renders the value the way a user would type it.
    fn render(&self) -> String;
}

impl OptionValue for bool {
    const KIND: OptionKind = OptionKind::Bool;

    fn parse(text: &str) -> Result<Self, String> {
        // Truffle accepts exactly these two spellings; `1`, `yes` or `True` are typos more often
        // than intentions, so they are rejected rather than guessed at.
        match text {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err("true or false".to_string()),
        }
    }

    fn render(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for i64 {
    const KIND: OptionKind = OptionKind::Int;

    fn parse(text: &str) -> Result<Self, String> {
        text.parse::<i64>().map_err(|error| match error.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                format!("an integer between {} and {}", i64::MIN, i64::MAX)
            }
            _ => "an integer".to_string(),
        })
    }

    fn render(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for u64 {
    const KIND: OptionKind = OptionKind::UInt;

    fn parse(text: &str) -> Result<Self, String> {
        text.parse::<u64>().map_err(|error| match error.kind() {
            IntErrorKind::PosOverflow => format!("a non-negative integer up to {}", u64::MAX),
            _ => "a non-negative integer".to_string(),
        })
    }

    fn render(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for f64 {
    const KIND: OptionKind = OptionKind::Float;

    fn parse(text: &str) -> Result<Self, String> {
        // Rust's float parser also accepts `inf`, `NaN` and out-of-range literals such as `1e999`
        // (which become infinite); none of those is a meaningful factor or bonus.
        match text.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(value),
            _ => Err("a finite number".to_string()),
        }
    }

    fn render(&self) -> String {
        // `{:?}` keeps the fractional part of whole numbers (`15.0`), as Java's `Double.toString`
        // does, so `--help` shows that the option takes a float.
        format!("{self:?}")
    }
}

impl OptionValue for String {
    const KIND: OptionKind = OptionKind::Str;

    fn parse(text: &str) -> Result<Self, String> {
        Ok(text.to_string())
    }

    fn render(&self) -> String {
        self.clone()
    }
}
