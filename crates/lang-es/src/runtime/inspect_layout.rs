//! Line breaking for `inspect`: given the already formatted entries of one
//! object or array, decide whether they go on one line, in aligned columns,
//! or one per line, exactly as node's `util.inspect` does with its default
//! `compact: 3` and `breakLength: 80`.
//!
//! Node's rules, which the functions below reproduce:
//!
//! * An array with more than six entries is first offered to
//!   `group_array_elements`, which may arrange short entries into columns.
//! * If grouping did not happen and the object is at most `compact` levels
//!   above the most recently entered nested object, the entries go on one
//!   line provided their total length plus a per-entry separator allowance,
//!   the indentation, the opening brace, any prefix and a constant 10 stay
//!   within the break length, and no entry spans lines. The allowance makes
//!   the effective limit for a single line about 72 to 76 columns.
//! * Otherwise each entry (or each grouped row) gets its own line,
//!   indented two spaces deeper than the braces.

use super::inspect_quote::{display_width, js_len};

/// The layout parameters in force for one object.
pub struct Layout {
    /// The maximum line length node aims for (`breakLength`).
    pub break_length: usize,
    /// How many inner levels may be combined onto one line (`compact`).
    pub compact: usize,
    /// The indentation of the line the object starts on.
    pub indentation: usize,
    /// The most entries an array prints before "... more items".
    pub max_array_length: usize,
}

/// Whether `output` fits on one line when started `start` columns in,
/// counting one separator column per entry on top of the entries' own
/// lengths; never when the prefix spans several lines.
fn is_below_break_length(layout: &Layout, output: &[String], start: usize, base: &str) -> bool {
    let mut total = output.len() + start;
    if total + output.len() > layout.break_length {
        return false;
    }
    for entry in output {
        total += js_len(entry);
        if total > layout.break_length {
            return false;
        }
    }
    base.is_empty() || !base.contains('\n')
}

/// Arranges many short array entries into aligned columns, returning the
/// rows (or the entries unchanged when grouping does not pay off).
///
/// `is_number(i)` tells whether the array's element at index `i` is a
/// number; numbers are right-aligned in their columns, and everything else
/// (including when any entry is not a number) left-aligned.
pub fn group_array_elements(layout: &Layout, output: Vec<String>, is_number: &dyn Fn(usize) -> bool) -> Vec<String> {
    let separator_space = 2;
    let mut output_length = output.len();
    // A trailing "... more items" entry is kept out of the columns.
    if layout.max_array_length < output.len() {
        output_length -= 1;
    }
    let data_len: Vec<usize> = output.iter().take(output_length).map(|s| display_width(s)).collect();
    let total_length: usize = data_len.iter().map(|l| l + separator_space).sum();
    let max_length = data_len.iter().copied().max().unwrap_or(0);
    let actual_max = max_length + separator_space;
    // Group only if three entries fit side by side and no entry is much
    // longer than the rest (more than a fifth of the total), since a single
    // long entry would spread the short ones far apart.
    let spread_ok = total_length as f64 / actual_max as f64 > 5.0 || max_length <= 6;
    if !(actual_max * 3 + layout.indentation < layout.break_length && spread_ok) {
        return output;
    }
    // Aim for a roughly square block, taking a character to be 2.5 times as
    // high as it is wide, with a bias towards more columns for short
    // entries; then respect the line width, `compact` and a cap of 15.
    let approx_char_heights = 2.5;
    let average_bias = (actual_max as f64 - total_length as f64 / output.len() as f64).sqrt();
    let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
    let square = ((approx_char_heights * biased_max * output_length as f64).sqrt() / biased_max).round();
    let by_width = ((layout.break_length as f64 - layout.indentation as f64) / actual_max as f64).floor();
    let columns = square.min(by_width).min((layout.compact * 4) as f64).min(15.0);
    if columns <= 1.0 {
        return output;
    }
    let columns = columns as usize;

    // Each column is as wide as its widest entry plus a separator.
    let max_line_length: Vec<usize> = (0..columns)
        .map(|i| data_len.iter().skip(i).step_by(columns).copied().max().unwrap_or(0) + separator_space)
        .collect();
    let right_align = (0..output.len()).all(is_number);

    let mut rows = Vec::new();
    let mut i = 0;
    while i < output_length {
        let end = (i + columns).min(output_length);
        let mut row = String::new();
        for j in i..end {
            let entry = output.get(j).map_or("", String::as_str);
            let width = data_len.get(j).copied().unwrap_or(0);
            let column_width = max_line_length.get(j - i).copied().unwrap_or(0);
            let pad = " ".repeat(column_width.saturating_sub(width + separator_space));
            let last = j + 1 == end;
            match (right_align, last) {
                (true, false) => row.push_str(&format!("{pad}{entry}, ")),
                (true, true) => row.push_str(&format!("{pad}{entry}")),
                (false, false) => row.push_str(&format!("{entry}, {pad}")),
                (false, true) => row.push_str(entry),
            }
        }
        rows.push(row);
        i += columns;
    }
    if layout.max_array_length < output.len()
        && let Some(more) = output.get(output_length)
    {
        rows.push(more.clone());
    }
    rows
}

/// Joins the formatted entries of one object into its final text.
///
/// `base` is a prefix printed before the opening brace (a function's or
/// error's description, `<ref *1>`), `depth_gap` is how many levels the
/// most recently entered nested object lies below this one, and `is_array`
/// enables column grouping. `is_number` is as in `group_array_elements`.
pub fn reduce_to_single_string(
    layout: &Layout,
    mut output: Vec<String>,
    base: &str,
    braces: (&str, &str),
    is_array: bool,
    depth_gap: usize,
    is_number: &dyn Fn(usize) -> bool,
) -> String {
    let (open, close) = braces;
    let prefix = if base.is_empty() { String::new() } else { format!("{base} ") };
    if layout.compact >= 1 {
        let entries = output.len();
        if is_array && entries > 6 {
            output = group_array_elements(layout, output, is_number);
        }
        if depth_gap < layout.compact && entries == output.len() {
            // The constant 10 leaves room for what may follow on the line.
            let start = output.len() + layout.indentation + js_len(open) + js_len(base) + 10;
            if is_below_break_length(layout, &output, start, base) {
                let joined = output.join(", ");
                if !joined.contains('\n') {
                    return format!("{prefix}{open} {joined} {close}");
                }
            }
        }
    }
    let indentation = format!("\n{}", " ".repeat(layout.indentation));
    let separator = format!(",{indentation}  ");
    format!("{prefix}{open}{indentation}  {}{indentation}{close}", output.join(&separator))
}
