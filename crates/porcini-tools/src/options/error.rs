//! The errors of option parsing, with messages worded for the person at the command line.

use std::fmt;

/// Why an `--engine.*` argument or a `set` call was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name. `name` is the name as given, without the `engine.` prefix;
    /// `closest` is the valid name closest to it (ignoring case; there is always one), and
    /// `likely_typo` whether it is close enough for `name` to be a misspelling of it.
    Unknown {
        name: String,
        closest: Option<String>,
        likely_typo: bool,
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
    /// A tool's or the sandbox's option (`cpusampler.*`, `coverage.*`, `sandbox.*`) was
    /// rejected; the message says why.
    Tool(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown {
                name,
                closest,
                likely_typo,
            } => {
                write!(f, "Unknown option 'engine.{name}'.")?;
                match closest {
                    Some(closest) if *likely_typo => write!(f, " Did you mean 'engine.{closest}'?"),
                    // Far from every option: name the closest without claiming a typo, and
                    // point at the full list.
                    Some(closest) => write!(
                        f,
                        " The closest valid option is 'engine.{closest}'; see --help for the list."
                    ),
                    None => Ok(()),
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
            OptionError::Tool(message) => write!(f, "{message}."),
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
