//! The `histogram` output, Truffle's default: a legend and one summary row per source.

use super::table::Table;
use super::{CoverageFormat, CoveredSource};

pub(super) fn render(sources: &[&CoveredSource], format: &CoverageFormat) -> String {
    let table = Table::new(sources, format.strict_lines);
    let separator = table.separator();
    let mut lines = vec![
        separator.clone(),
        "Code coverage histogram.".to_string(),
        "  Shows what percent of each element was covered during execution".to_string(),
        separator.clone(),
        table.header(),
        separator.clone(),
    ];
    lines.extend(sources.iter().map(|source| table.row(source)));
    lines.push(separator);
    let mut out = lines.join("\n");
    out.push('\n');
    out
}
