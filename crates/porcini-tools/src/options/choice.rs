//! The enumerated option values: each is a Rust enum whose variants are spelled exactly as
//! Truffle spells them on the command line.

use super::value::{OptionKind, OptionValue};

/// What to do when a compilation fails (`engine.CompilationFailureAction`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CompilationFailureAction {
    /// Print nothing.
    #[default]
    Silent,
    /// Print the failure.
    Print,
    /// Throw the failure to the caller of the call target.
    Throw,
    /// Retry the compilation with extra diagnostics.
    Diagnose,
    /// Exit the process.
    ExitVM,
}

impl CompilationFailureAction {
    /// Every action, in Truffle's order (ascending verbosity).
    pub const ALL: [CompilationFailureAction; 5] = [
        CompilationFailureAction::Silent,
        CompilationFailureAction::Print,
        CompilationFailureAction::Throw,
        CompilationFailureAction::Diagnose,
        CompilationFailureAction::ExitVM,
    ];
    const NAMES: &'static [&'static str] = &["Silent", "Print", "Throw", "Diagnose", "ExitVM"];

    /// The command-line spelling.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl OptionValue for CompilationFailureAction {
    const KIND: OptionKind = OptionKind::Choice(Self::NAMES);

    fn parse(text: &str) -> Result<Self, String> {
        // Truffle looks the value up with `Enum.valueOf`, which is case-sensitive.
        Self::ALL
            .into_iter()
            .find(|action| action.name() == text)
            .ok_or_else(|| format!("one of {}", Self::NAMES.join(", ")))
    }

    fn render(&self) -> String {
        self.name().to_string()
    }
}

/// The engine's tuning mode (`engine.Mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineMode {
    /// Balance warm-up against peak performance.
    #[default]
    Default,
    /// Favour fast warm-up: only the first tier is used and splitting is off.
    Latency,
    /// Favour peak performance.
    Throughput,
}

impl EngineMode {
    /// Every mode.
    pub const ALL: [EngineMode; 3] = [
        EngineMode::Default,
        EngineMode::Latency,
        EngineMode::Throughput,
    ];
    const NAMES: &'static [&'static str] = &["default", "latency", "throughput"];

    /// The command-line spelling.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

impl OptionValue for EngineMode {
    const KIND: OptionKind = OptionKind::Choice(Self::NAMES);

    fn parse(text: &str) -> Result<Self, String> {
        // Truffle upper-cases the value before the enum lookup, so any case is accepted.
        Self::ALL
            .into_iter()
            .find(|mode| mode.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("one of {}", Self::NAMES.join(", ")))
    }

    fn render(&self) -> String {
        self.name().to_string()
    }
}
