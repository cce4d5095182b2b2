//! The table layout the histogram and the call tree share, column for column as Truffle's
//! `CPUSamplerCLI` lays it out: a name column as wide as the longest name (at least ten), total
//! and self time as `<ms>ms <percent>%`, an optional percentage per tier after each time, and the
//! location. Percentages of time are of all recorded samples; percentages per tier are of the
//! row's own time.

use std::fmt::Write;

use super::Profile;
use super::tree::Counts;
use crate::trace::printf::{fixed, int, left};

/// The narrowest name column Truffle prints.
pub(super) const MIN_NAME_WIDTH: usize = 10;

/// The layout of one table.
pub(super) struct Table {
    name_width: usize,
    /// The tiers that get a column, ascending; empty without `ShowTiers`.
    tiers: Vec<usize>,
    period_ms: u64,
    /// All recorded samples, the base of the time percentages.
    samples: u64,
}

impl Table {
    pub fn new(name_width: usize, tiers: Vec<usize>, period_ms: u64, samples: u64) -> Table {
        Table {
            name_width,
            tiers,
            period_ms,
            samples,
        }
    }

    /// The column header line.
    pub fn title(&self) -> String {
        let mut title = format!(
            " {} ||             Total Time    ",
            left("Name", self.name_width)
        );
        self.tier_headers(&mut title);
        title.push_str("||              Self Time    ");
        self.tier_headers(&mut title);
        title.push_str("|| Location             ");
        title
    }

    /// A rule of dashes as long as the header line.
    pub fn separator(&self) -> String {
        "-".repeat(self.title().len())
    }

    /// One row; `name` already carries the call tree's indentation.
    pub fn row(&self, name: &str, counts: &Counts, location: &str) -> String {
        let mut row = format!(" {} ", left(name, self.name_width));
        self.time(&mut row, counts.total, &counts.tier_total);
        self.time(&mut row, counts.self_, &counts.tier_self);
        row.push_str("|| ");
        row.push_str(location);
        row
    }

    fn tier_headers(&self, line: &mut String) {
        for tier in &self.tiers {
            let _ = write!(line, "|   T{tier}   ");
        }
    }

    /// `||       <ms>ms <pct>% ` and then `| <pct>% ` per tier column.
    fn time(&self, line: &mut String, samples: u64, per_tier: &[u64]) {
        let millis = samples.saturating_mul(self.period_ms);
        let _ = write!(
            line,
            "||       {}ms {}% ",
            int(i64::try_from(millis).unwrap_or(i64::MAX), 10),
            fixed(percent(samples, self.samples), 5, 1)
        );
        for &tier in &self.tiers {
            let in_tier = per_tier.get(tier).copied().unwrap_or(0);
            let _ = write!(line, "| {}% ", fixed(percent(in_tier, samples), 5, 1));
        }
    }
}

/// `part` as a percentage of `whole`, and 0 when there is no whole, as Truffle computes it.
pub(super) fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// The legend above the table: what was recorded, what the columns mean, and one line per tier
/// column. `kind` is `Histogram` or `Call Tree`.
pub(super) fn legend(out: &mut String, kind: &str, profile: &Profile, tiers: &[usize]) {
    let _ = writeln!(
        out,
        "Sampling {kind}. Recorded {} samples with period {}ms. Missed {} samples.",
        profile.recorded_samples(),
        profile.period_ms,
        profile.missed
    );
    out.push_str("  Self Time: Time spent on the top of the stack.\n");
    out.push_str("  Total Time: Time spent somewhere on the stack.\n");
    for &tier in tiers {
        if tier == 0 {
            out.push_str("  T0: Percent of time spent in interpreter.\n");
        } else {
            let _ = writeln!(
                out,
                "  T{tier}: Percent of time spent in code compiled by tier {tier} compiler."
            );
        }
    }
}
