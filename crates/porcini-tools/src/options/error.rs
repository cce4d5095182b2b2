//! The errors of option parsing, with messages worded for the person at the command line.

use std::fmt;

/// Why an `--engine.*` argument or a `set` call was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name. `name` is the name as given, without the `engine.` prefix;
    /// `suggestion` is the closest valid name when it is close enough to be a likely typo, and
    /// `closest` is the closest valid name in any case.
    Unknown {
        name: String,
        suggestion: Option<String>,
        closest: String,
    },
    /// The option exists but the value does not parse. `expected` completes the sentence
    /// "expected ...".
    BadValue {
        name: String,
        value: String,
        expected: String,
    },
    /// The argument is not of the form `--engine.Name` or `--engine.Name=value` at all.
    Malformed { arg: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown {
                name,
                suggestion,
                closest,
            } => {
                write!(f, "Unknown option 'engine.{name}'.")?;
                match suggestion {
                    Some(suggestion) => write!(f, " Did you mean 'engine.{suggestion}'?"),
                    None => write!(
                        f,
                        " The closest valid option is 'engine.{closest}'; --help lists them all."
                    ),
                }
            }
            OptionError::BadValue {
                name,
                value,
                expected,
            } => {
                write!(
                    f,
                    "Invalid value '{value}' for option 'engine.{name}': expected {expected}."
                )
            }
            OptionError::Malformed { arg } => {
                write!(
                    f,
                    "Invalid engine option '{arg}': expected '--engine.Name' or '--engine.Name=value'."
                )
            }
        }
    }
}

impl std::error::Error for OptionError {}
