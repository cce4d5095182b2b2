//! Line coverage of one source, the basis of the line percentage, the `detailed` markers and
//! LCOV's `DA` records. Each line holding the start of a statement is covered, partly covered or
//! not covered, following Truffle's `StrictLines` rule; lines without statements do not count.

use std::collections::BTreeMap;

use super::CoveredSource;

/// How much of a line ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LineState {
    Covered,
    Partial,
    NotCovered,
}

impl LineState {
    /// The marker `detailed` prints before the line.
    pub fn marker(self) -> char {
        match self {
            LineState::Covered => '+',
            LineState::Partial => 'p',
            LineState::NotCovered => '-',
        }
    }
}

/// What the statements starting on one line did.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    ran: u32,
    not_ran: u32,
    /// The highest count of a statement on the line.
    most: u64,
}

/// The lines of one source that hold statements.
pub(super) struct LineCoverage {
    lines: BTreeMap<u32, Line>,
    strict: bool,
}

impl LineCoverage {
    pub fn new(source: &CoveredSource, strict: bool) -> LineCoverage {
        let mut lines: BTreeMap<u32, Line> = BTreeMap::new();
        for statement in &source.statements {
            let line = lines.entry(statement.line).or_default();
            if statement.count > 0 {
                line.ran += 1;
            } else {
                line.not_ran += 1;
            }
            line.most = line.most.max(statement.count);
        }
        LineCoverage { lines, strict }
    }

    /// The state of line `number`, or `None` if no statement starts on it. Strictly, a line is
    /// partly covered when some of its statements ran and some did not; leniently, one that ran
    /// covers it.
    pub fn state(&self, number: u32) -> Option<LineState> {
        let line = self.lines.get(&number)?;
        Some(if line.not_ran == 0 {
            LineState::Covered
        } else if line.ran == 0 {
            LineState::NotCovered
        } else if self.strict {
            LineState::Partial
        } else {
            LineState::Covered
        })
    }

    /// The share of lines covered, from 0 to 1; `None` for a source without statements, where
    /// Truffle's division gives NaN.
    pub fn coverage(&self) -> Option<f64> {
        if self.lines.is_empty() {
            return None;
        }
        let covered = self
            .lines
            .keys()
            .filter(|&&n| self.state(n) == Some(LineState::Covered))
            .count();
        Some(covered as f64 / self.lines.len() as f64)
    }

    /// The execution count LCOV reports for line `number`: the highest count of its statements,
    /// or 1 for a covered line when counts were not kept; 0 when the line is not covered (with
    /// strict lines, when any statement on it did not run, as Truffle's `LCOVPrinter` zeroes
    /// those).
    pub fn lcov_count(&self, number: u32, counting: bool) -> Option<u64> {
        let line = self.lines.get(&number)?;
        let covered = match self.state(number)? {
            LineState::Covered => true,
            LineState::Partial | LineState::NotCovered => false,
        };
        Some(match (covered, counting) {
            (false, _) => 0,
            (true, true) => line.most,
            (true, false) => 1,
        })
    }

    /// The highest count on line `number`, for the `detailed` count column.
    pub fn most(&self, number: u32) -> Option<u64> {
        self.lines.get(&number).map(|line| line.most)
    }
}

/// The lines of a source text without their terminators, `\n` or `\r\n`. A final line
/// terminator does not start another line, so `"a\n"` has one line, as Truffle counts them.
pub(super) fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
}
