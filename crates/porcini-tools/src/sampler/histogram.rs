//! The `histogram` output: one row per function, most self time first.
//!
//! A function's self time counts the samples with it on top of the stack, its total time the
//! samples with it anywhere on the stack. A recursive function is on the stack several times in
//! one sample but counts once in total time, in the tier of its outermost frame, which is what
//! Truffle gets by skipping the tree nodes that have an ancestor of the same function.

use super::functions::Functions;
use super::table::{self, MIN_NAME_WIDTH, Table};
use super::tree::{Counts, by_name};
use super::{Profile, SamplerFormat};

pub(super) fn render(profile: &Profile, format: &SamplerFormat) -> String {
    let functions = Functions::new(profile);
    let mut rows = vec![Counts::default(); functions.len()];
    // `counted[key]` is the last sample whose total already includes the function.
    let mut counted: Vec<Option<usize>> = vec![None; functions.len()];
    let mut highest_tier: Option<usize> = None;
    for (index, sample) in profile.samples.iter().enumerate() {
        // Outermost first, so the first frame of a function met is its outermost one.
        for (position, frame) in sample.stack.iter().enumerate().rev() {
            let key = functions.key(frame.function);
            highest_tier = highest_tier.max(Some(usize::from(frame.tier.0)));
            let top = position == 0;
            if counted[key] != Some(index) {
                counted[key] = Some(index);
                rows[key].record(frame.tier, top);
            } else if top {
                rows[key].record_self(frame.tier);
            }
        }
    }

    let mut keys: Vec<usize> = (0..rows.len()).filter(|&k| rows[k].total > 0).collect();
    // Truffle sorts by self samples only and leaves ties in hash order; here ties go to more
    // total samples, then the name.
    keys.sort_by(|&a, &b| {
        rows[b]
            .self_
            .cmp(&rows[a].self_)
            .then(rows[b].total.cmp(&rows[a].total))
            .then_with(|| by_name(&functions, a, b))
    });
    let name_width = keys
        .iter()
        .map(|&k| functions.name(k).encode_utf16().count())
        .fold(MIN_NAME_WIDTH, usize::max);
    // Truffle lists every tier from the interpreter up to the highest one seen.
    let tiers: Vec<usize> = match highest_tier {
        Some(highest) if format.show_tiers => (0..=highest).collect(),
        _ => Vec::new(),
    };
    let table = Table::new(
        name_width,
        tiers.clone(),
        profile.period_ms,
        profile.recorded_samples(),
    );

    let separator = table.separator();
    let mut out = String::new();
    out.push_str(&separator);
    out.push('\n');
    table::legend(&mut out, "Histogram", profile, &tiers);
    for line in [&separator, &profile.thread_name, &table.title(), &separator] {
        out.push_str(line);
        out.push('\n');
    }
    for &key in &keys {
        if rows[key].self_ < format.min_samples {
            continue;
        }
        out.push_str(&table.row(functions.name(key), &rows[key], &functions.location(key)));
        out.push('\n');
    }
    out.push_str(&separator);
    out.push('\n');
    out
}
