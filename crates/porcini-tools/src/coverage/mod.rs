//! The output side of code coverage (`--coverage`): what the runtime counted per source, and the
//! four formats Truffle's coverage instrument prints it in.
//!
//! The runtime hands over one [`CoveredSource`] per guest source: its text, its roots (functions)
//! with how often each was entered, and its statements with how often each ran. [`render`] turns
//! them into text: `histogram` (Truffle's `CoverageCLI` summary table), `detailed` (the table per
//! source followed by its annotated lines), `lcov` (a tracefile for `genhtml` and editors) and
//! `json`. Sources are listed in order of path, as Truffle sorts them.
//!
//! A line's coverage is that of the statements starting on it (`lines`): covered when all of them
//! ran, not covered when none did, partly covered otherwise. Truffle's statements span lines and
//! it can tell a statement nested in a covered multi-line one (an untaken branch of a covered
//! `if`); a [`CoveredStatement`] holds only its start, so a line is attributed the statements
//! that start on it and nesting is not considered.

mod detailed;
mod histogram;
mod json;
mod lcov;
mod lines;
mod table;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// One guest source and what ran of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoveredSource {
    /// The path printed in every format, and the file `genhtml` reads the lines from.
    pub path: String,
    /// The source text, which `detailed` prints annotated.
    pub text: String,
    pub roots: Vec<CoveredRoot>,
    pub statements: Vec<CoveredStatement>,
}

/// A root (a function, or a script's top level) of a source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoveredRoot {
    pub name: String,
    /// First and last line, 1-based.
    pub start_line: u32,
    pub end_line: u32,
    /// Times entered; 0 means never, which makes the root uncovered.
    pub count: u64,
}

/// A statement of a source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoveredStatement {
    /// 1-based line and column of the statement's first character.
    pub line: u32,
    pub column: u32,
    /// Times run; 0 means never.
    pub count: u64,
}

/// Which format [`render`] produces; parsed from the `Output` option's strings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CoverageOutput {
    #[default]
    Histogram,
    Detailed,
    Json,
    Lcov,
}

impl CoverageOutput {
    /// The option string.
    pub fn name(self) -> &'static str {
        match self {
            CoverageOutput::Histogram => "histogram",
            CoverageOutput::Detailed => "detailed",
            CoverageOutput::Json => "json",
            CoverageOutput::Lcov => "lcov",
        }
    }
}

impl fmt::Display for CoverageOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CoverageOutput {
    type Err = String;

    /// Accepts the names in any case, as Truffle does, and otherwise fails with Truffle's
    /// message, trailing space included.
    fn from_str(text: &str) -> Result<Self, String> {
        match text.to_ascii_lowercase().as_str() {
            "histogram" => Ok(CoverageOutput::Histogram),
            "detailed" => Ok(CoverageOutput::Detailed),
            "json" => Ok(CoverageOutput::Json),
            "lcov" => Ok(CoverageOutput::Lcov),
            _ => Err("Output can be one of: histogram detailed json lcov ".to_string()),
        }
    }
}

/// How to render coverage: the coverage options that shape its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoverageFormat {
    pub output: CoverageOutput,
    /// Truffle's `Count`: report how many times things ran, not only whether they did. Without
    /// it, JSON has no `count` fields and LCOV reports 1 for everything that ran.
    pub count: bool,
    /// Truffle's `StrictLines`: a line is covered only if all its statements are; otherwise one
    /// covered statement covers the line.
    pub strict_lines: bool,
}

impl Default for CoverageFormat {
    /// Truffle's defaults: histogram, no counts, strict lines.
    fn default() -> Self {
        CoverageFormat {
            output: CoverageOutput::Histogram,
            count: false,
            strict_lines: true,
        }
    }
}

/// The text of `sources` in `format.output`; every line ends with a newline.
pub fn render(sources: &[CoveredSource], format: &CoverageFormat) -> String {
    let mut sorted: Vec<&CoveredSource> = sources.iter().collect();
    sorted.sort_by(|a, b| java_order(&a.path, &b.path));
    match format.output {
        CoverageOutput::Histogram => histogram::render(&sorted, format),
        CoverageOutput::Detailed => detailed::render(&sorted, format),
        CoverageOutput::Json => json::render(&sorted, format),
        CoverageOutput::Lcov => lcov::render(&sorted, format),
    }
}

/// Java's `String.compareTo`: by UTF-16 code units, which differs from Rust's order only where
/// characters beyond U+FFFF meet those from U+E000 to U+FFFF.
fn java_order(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}
