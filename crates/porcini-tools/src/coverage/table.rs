//! The per-source summary table both human-readable outputs print, laid out as Truffle's
//! `CoverageCLI` does: ` %-Ns |  %10s |  %7s |  %7s ` with the path column as wide as the longest
//! path (at least ten), and the share of statements, lines and roots covered as `%.2f%%`.
//!
//! A source without statements or roots divides zero by zero; Truffle prints the resulting NaN
//! as `NaN%` for statements and roots and leaves the lines column empty, and so does this table.

use super::CoveredSource;
use super::lines::LineCoverage;
use crate::trace::printf::{fixed, left, right};

/// The narrowest path column.
const MIN_PATH_WIDTH: usize = 10;

/// The layout of the table for a set of sources.
pub(super) struct Table {
    path_width: usize,
    strict_lines: bool,
}

impl Table {
    pub fn new(sources: &[&CoveredSource], strict_lines: bool) -> Table {
        let path_width = sources
            .iter()
            .map(|s| s.path.encode_utf16().count())
            .fold(MIN_PATH_WIDTH, usize::max);
        Table {
            path_width,
            strict_lines,
        }
    }

    pub fn header(&self) -> String {
        self.line("Path", "Statements", "Lines", "Roots")
    }

    /// A rule of dashes as long as the header.
    pub fn separator(&self) -> String {
        "-".repeat(self.header().encode_utf16().count())
    }

    pub fn row(&self, source: &CoveredSource) -> String {
        let statements = source.statements.iter().filter(|s| s.count > 0).count();
        let roots = source.roots.iter().filter(|r| r.count > 0).count();
        let lines = LineCoverage::new(source, self.strict_lines)
            .coverage()
            .map_or(String::new(), |share| percent(100.0 * share));
        self.line(
            &source.path,
            &percent(ratio(statements, source.statements.len())),
            &lines,
            &percent(ratio(roots, source.roots.len())),
        )
    }

    fn line(&self, path: &str, statements: &str, lines: &str, roots: &str) -> String {
        format!(
            " {} |  {} |  {} |  {} ",
            left(path, self.path_width),
            right(statements, 10),
            right(lines, 7),
            right(roots, 7)
        )
    }
}

/// `part` of `whole` in percent, NaN when `whole` is zero, as Java's floating division gives.
fn ratio(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole as f64
}

/// Java's `%.2f%%`.
fn percent(value: f64) -> String {
    format!("{}%", fixed(value, 0, 2))
}
