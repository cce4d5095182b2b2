//! The `detailed` output: a legend, then per source its summary row and every line of its text
//! behind a marker: `+` covered, `-` not covered, `p` partly covered, a space for a line where no
//! statement starts. The `p` line of the legend appears only with strict lines, as in Truffle.
//!
//! With `Count`, porcini adds a column Truffle's output does not have: after the marker, the
//! highest count of a statement on the line, right-aligned to the source's widest count, and
//! blank where no statement starts. Lines end in `\n` whatever the source used, so a CRLF source
//! prints no stray carriage returns.

use std::fmt::Write;

use super::lines::{LineCoverage, text_lines};
use super::table::Table;
use super::{CoverageFormat, CoveredSource};

pub(super) fn render(sources: &[&CoveredSource], format: &CoverageFormat) -> String {
    let table = Table::new(sources, format.strict_lines);
    let separator = table.separator();
    let mut out = String::new();
    let _ = writeln!(out, "{separator}");
    out.push_str(
        "Code coverage per line of code and what percent of each element was covered during \
         execution (per source)\n\
         \x20 + indicates the line is covered during execution\n\
         \x20 - indicates the line is not covered during execution\n",
    );
    if format.strict_lines {
        out.push_str(
            "  p indicates the line is part of a statement that was incidentally covered during \
             execution\n\
             \x20   e.g. a not-taken branch of a covered if statement\n",
        );
    }
    if format.count {
        out.push_str("  the number after the marker is how often the line's statements ran\n");
    }
    for source in sources {
        let _ = writeln!(
            out,
            "{separator}\n{}\n{}\n",
            table.header(),
            table.row(source)
        );
        let coverage = LineCoverage::new(source, format.strict_lines);
        let count_width = source
            .statements
            .iter()
            .map(|s| s.count.to_string().len())
            .max()
            .unwrap_or(1);
        for (index, text) in text_lines(&source.text).enumerate() {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let marker = coverage.state(number).map_or(' ', |state| state.marker());
            out.push(marker);
            out.push(' ');
            if format.count {
                let count = coverage
                    .most(number)
                    .map_or(String::new(), |n| n.to_string());
                let _ = write!(out, "{count:>count_width$} ");
            }
            out.push_str(text);
            out.push('\n');
        }
    }
    let _ = writeln!(out, "{separator}");
    out
}
