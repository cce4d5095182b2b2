//! The `lcov` output: one LCOV tracefile record per source, in the order Truffle's `LCOVPrinter`
//! writes them: `TN:`, `SF:`, `FN:` for every root then `FNDA:` for every root, `FNF:`, `FNH:`,
//! `DA:` for every line where a statement starts, `LF:`, `LH:` and `end_of_record`.
//!
//! Truffle also writes an `SN:` line with the source's name; LCOV does not define it and newer
//! `genhtml` versions reject unknown records, so it is left out. Without `Count`, anything that
//! ran is reported as run once. LCOV records are line-based, so a line break in a root's name
//! would split its record; it is written as a space.

use std::fmt::Write;

use super::lines::{LineCoverage, text_lines};
use super::{CoverageFormat, CoveredSource};

pub(super) fn render(sources: &[&CoveredSource], format: &CoverageFormat) -> String {
    let mut out = String::new();
    for source in sources {
        record(&mut out, source, format);
    }
    out
}

fn record(out: &mut String, source: &CoveredSource, format: &CoverageFormat) {
    out.push_str("TN:\n");
    let _ = writeln!(out, "SF:{}", one_line(&source.path));
    for root in &source.roots {
        let _ = writeln!(out, "FN:{},{}", root.start_line, one_line(&root.name));
    }
    for root in &source.roots {
        let count = if format.count {
            root.count
        } else {
            u64::from(root.count > 0)
        };
        let _ = writeln!(out, "FNDA:{count},{}", one_line(&root.name));
    }
    let _ = writeln!(out, "FNF:{}", source.roots.len());
    let hit = source.roots.iter().filter(|r| r.count > 0).count();
    let _ = writeln!(out, "FNH:{hit}");

    let coverage = LineCoverage::new(source, format.strict_lines);
    let (mut found, mut covered) = (0, 0);
    // Only lines inside the text, as Truffle walks the source's lines.
    for number in 1..=text_lines(&source.text).count() {
        let number = u32::try_from(number).unwrap_or(u32::MAX);
        if let Some(count) = coverage.lcov_count(number, format.count) {
            found += 1;
            covered += usize::from(count > 0);
            let _ = writeln!(out, "DA:{number},{count}");
        }
    }
    let _ = writeln!(out, "LF:{found}");
    let _ = writeln!(out, "LH:{covered}");
    out.push_str("end_of_record\n");
}

/// `text` with line breaks replaced by spaces.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}
