//! The `json` output, in the shape of Truffle's coverage `JSONPrinter`: an array with one object
//! per source, each root with its statements (Truffle's "sections"):
//!
//! ```text
//! [{"name":FILE,"path":PATH,"roots":[{"covered":B,"source_section":{..},"name":N,
//!    "sections":[{"covered":B,"count":C,"source_section":{..}}...],"count":C}...]}...]
//! ```
//!
//! `count` fields appear only with `Count`, as in Truffle. Source sections hold what the data
//! knows: `start_line` and `end_line` for a root; `start_line`, `start_column` and `char_index`
//! (0-based, in UTF-16 units as Truffle counts characters) for a statement. Truffle's
//! `characters`, end columns and end indices are not known and not written.
//!
//! A statement belongs to the innermost root whose lines contain it. A statement outside every
//! root, which a runtime that gives top-level code a root never produces, is listed in a
//! `sections` array of the source itself rather than dropped.

use super::{CoverageFormat, CoveredRoot, CoveredSource, CoveredStatement};
use crate::json::JsonWriter;

pub(super) fn render(sources: &[&CoveredSource], format: &CoverageFormat) -> String {
    let mut json = JsonWriter::new();
    json.begin_array();
    for source in sources {
        write_source(&mut json, source, format);
    }
    json.end_array();
    let mut text = json.finish();
    text.push('\n');
    text
}

fn write_source(json: &mut JsonWriter, source: &CoveredSource, format: &CoverageFormat) {
    let line_starts = line_starts(&source.text);
    let mut per_root: Vec<Vec<&CoveredStatement>> = vec![Vec::new(); source.roots.len()];
    let mut outside: Vec<&CoveredStatement> = Vec::new();
    for statement in &source.statements {
        match innermost_root(&source.roots, statement.line) {
            Some(root) => per_root[root].push(statement),
            None => outside.push(statement),
        }
    }

    json.begin_object();
    let name = source
        .path
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(&source.path);
    json.field_str("name", name);
    json.field_str("path", &source.path);
    json.key("roots");
    json.begin_array();
    for (root, statements) in source.roots.iter().zip(&per_root) {
        json.begin_object();
        json.field_bool("covered", root.count > 0);
        json.key("source_section");
        json.begin_object();
        json.field_num("start_line", u64::from(root.start_line));
        json.field_num("end_line", u64::from(root.end_line));
        json.end_object();
        json.field_str("name", &root.name);
        write_sections(json, statements, &line_starts, format);
        if format.count {
            json.field_num("count", root.count);
        }
        json.end_object();
    }
    json.end_array();
    if !outside.is_empty() {
        write_sections(json, &outside, &line_starts, format);
    }
    json.end_object();
}

fn write_sections(
    json: &mut JsonWriter,
    statements: &[&CoveredStatement],
    line_starts: &[u64],
    format: &CoverageFormat,
) {
    json.key("sections");
    json.begin_array();
    for statement in statements {
        json.begin_object();
        json.field_bool("covered", statement.count > 0);
        if format.count {
            json.field_num("count", statement.count);
        }
        json.key("source_section");
        json.begin_object();
        json.field_num("start_line", u64::from(statement.line));
        json.field_num("start_column", u64::from(statement.column));
        if let Some(start) = (statement.line as usize)
            .checked_sub(1)
            .and_then(|index| line_starts.get(index))
        {
            let column = u64::from(statement.column.saturating_sub(1));
            json.field_num("char_index", start + column);
        }
        json.end_object();
        json.end_object();
    }
    json.end_array();
}

/// The root with the fewest lines among those containing `line`; the first of equals.
fn innermost_root(roots: &[CoveredRoot], line: u32) -> Option<usize> {
    roots
        .iter()
        .enumerate()
        .filter(|(_, root)| root.start_line <= line && line <= root.end_line)
        .min_by_key(|(index, root)| (root.end_line - root.start_line, *index))
        .map(|(index, _)| index)
}

/// The UTF-16 offset at which each line of `text` starts.
fn line_starts(text: &str) -> Vec<u64> {
    let mut starts = vec![0];
    let mut offset: u64 = 0;
    for c in text.chars() {
        offset += c.len_utf16() as u64;
        if c == '\n' {
            starts.push(offset);
        }
    }
    starts
}
