//! The chart the runner writes beside its JSON: the three ratios of every benchmark and their
//! geometric means as grouped bars on a logarithmic axis, with a line at 1.0x (as fast as node)
//! and a dashed one at the 2.0x target.
//!
//! The SVG is written by hand: a few dozen rectangles and labels do not warrant a plotting crate.
//! A ratio is drawn as a bar from the 1.0x line to its value, so slower than node rises and faster
//! falls, and a missing ratio (a failed cell, or a VM that did not run) is a cross on the 1.0x
//! line whose tooltip says so. Every bar has its value as a tooltip and as a small label.

use std::fmt::Write as _;

use super::summary::{COMPARISONS, Summary};

/// The bar colours, one per comparison (Tableau's first three, readable on white and in grey).
const COLOURS: [&str; 3] = ["#4e79a7", "#f28e2b", "#59a14f"];
/// The target ratio, drawn as a dashed line.
const TARGET: f64 = 2.0;

const LEFT: f64 = 60.0;
const TOP: f64 = 60.0;
const PLOT_HEIGHT: f64 = 300.0;
const BAR: f64 = 14.0;
const GAP: f64 = 16.0;
const BOTTOM_LABELS: f64 = 80.0;
/// Room right of the plot for the target line's label.
const RIGHT: f64 = 70.0;

/// The axis's range: whole decades that hold every ratio, 1.0x and the target.
fn range(values: &[f64]) -> (f64, f64) {
    let lo = values.iter().copied().fold(1.0, f64::min);
    let hi = values.iter().copied().fold(TARGET, f64::max);
    (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    )
}

/// `2.25x` with two significant digits below 10 and none above, for labels and ticks.
fn label(v: f64) -> String {
    if v >= 10.0 {
        format!("{v:.0}x")
    } else if v >= 1.0 {
        format!("{v:.1}x")
    } else {
        format!("{v:.2}x")
    }
}

/// The chart. `title` is printed above it.
pub fn render(summary: &Summary, title: &str) -> String {
    let mut groups: Vec<(String, Vec<Option<f64>>)> = summary
        .benches
        .iter()
        .map(|b| (b.bench.name.to_string(), b.ratios.clone()))
        .collect();
    groups.push((
        "geomean".into(),
        summary.geomeans.iter().map(|g| g.value).collect(),
    ));
    let values: Vec<f64> = groups
        .iter()
        .flat_map(|(_, r)| r.iter().flatten())
        .copied()
        .collect();
    let (lo, hi) = range(&values);
    let y = |v: f64| TOP + PLOT_HEIGHT * (hi.log10() - v.log10()) / (hi.log10() - lo.log10());
    let group_width = COMPARISONS.len() as f64 * BAR + GAP;
    let plot_width = groups.len() as f64 * group_width;
    // Wide enough for the plot, the legend and the title, with text widths estimated from the
    // font size (about 0.6 em per character), since an SVG cannot measure its own text.
    let legend_width: f64 = COMPARISONS.iter().map(|c| legend_step(c.label)).sum();
    let width = (LEFT + plot_width + RIGHT)
        .max(LEFT + legend_width)
        .max(LEFT + 8.5 * title.chars().count() as f64)
        .ceil();
    let height = TOP + PLOT_HEIGHT + BOTTOM_LABELS;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{LEFT:.0}\" y=\"20\" font-size=\"14\" font-weight=\"bold\">{}</text>",
        escape(title)
    );
    // The legend, in one row under the title.
    let mut x = LEFT;
    for (c, colour) in COMPARISONS.iter().zip(COLOURS) {
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"32\" width=\"10\" height=\"10\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"41\">{}</text>",
            x + 14.0,
            escape(c.label)
        );
        x += legend_step(c.label);
    }
    // Ticks at 1, 2 and 5 times each power of ten, with light grid lines.
    let mut decade = lo;
    while decade < hi * 1.001 {
        for m in [1.0, 2.0, 5.0] {
            let v = decade * m;
            if v > hi * 1.001 {
                break;
            }
            let _ = writeln!(
                out,
                "<line x1=\"{LEFT:.0}\" x2=\"{0:.1}\" y1=\"{1:.1}\" y2=\"{1:.1}\" stroke=\"#e0e0e0\"/>\
                 <text x=\"{2:.0}\" y=\"{3:.1}\" text-anchor=\"end\">{4}</text>",
                LEFT + plot_width,
                y(v),
                LEFT - 6.0,
                y(v) + 4.0,
                label(v)
            );
        }
        decade *= 10.0;
    }
    let base = y(1.0);
    for (g, (name, ratios)) in groups.iter().enumerate() {
        let x0 = LEFT + g as f64 * group_width + GAP / 2.0;
        for (i, (r, colour)) in ratios.iter().zip(COLOURS).enumerate() {
            let x = x0 + i as f64 * BAR;
            let what = COMPARISONS[i].label;
            match r {
                Some(v) => {
                    let (top, bottom) = (y(*v).min(base), y(*v).max(base));
                    let _ = writeln!(
                        out,
                        "<rect x=\"{x:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
                         fill=\"{colour}\"><title>{} {}: {v:.3}x</title></rect>",
                        BAR - 1.0,
                        (bottom - top).max(0.5),
                        escape(name),
                        escape(what),
                    );
                    // The value, written upwards beyond the bar's end.
                    let (ly, anchor) = if *v >= 1.0 {
                        (top - 3.0, "start")
                    } else {
                        (bottom + 3.0, "end")
                    };
                    let lx = x + BAR / 2.0 + 3.0;
                    let _ = writeln!(
                        out,
                        "<text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"8\" text-anchor=\"{anchor}\" \
                         transform=\"rotate(-90 {lx:.1} {ly:.1})\">{}</text>",
                        label(*v)
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#c00000\" \
                         font-weight=\"bold\">×<title>{} {}: no ratio (failed or not run)</title></text>",
                        x + BAR / 2.0,
                        base + 4.0,
                        escape(name),
                        escape(what),
                    );
                }
            }
        }
        let lx = x0 + COMPARISONS.len() as f64 * BAR / 2.0;
        let ly = TOP + PLOT_HEIGHT + 12.0;
        let weight = if g + 1 == groups.len() {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<text x=\"{lx:.1}\" y=\"{ly:.1}\" text-anchor=\"end\"{weight} \
             transform=\"rotate(-45 {lx:.1} {ly:.1})\">{}</text>",
            escape(name)
        );
    }
    // The reference lines go over the bars so they stay visible.
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT:.0}\" x2=\"{0:.1}\" y1=\"{base:.1}\" y2=\"{base:.1}\" stroke=\"black\"/>",
        LEFT + plot_width
    );
    let target = y(TARGET);
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT:.0}\" x2=\"{0:.1}\" y1=\"{target:.1}\" y2=\"{target:.1}\" stroke=\"#c00000\" \
         stroke-dasharray=\"6 4\"/><text x=\"{1:.1}\" y=\"{2:.1}\" \
         fill=\"#c00000\">target {3}</text>",
        LEFT + plot_width,
        LEFT + plot_width + 4.0,
        target + 4.0,
        label(TARGET)
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT:.0}\" x2=\"{LEFT:.0}\" y1=\"{TOP:.0}\" y2=\"{:.0}\" stroke=\"black\"/>",
        TOP + PLOT_HEIGHT
    );
    out.push_str("</svg>\n");
    out
}

/// How far one legend entry (a swatch and its label) moves the next one along.
fn legend_step(label: &str) -> f64 {
    14.0 + 6.6 * label.chars().count() as f64 + 16.0
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::super::summary::tests::sample;
    use super::*;

    fn check(values: &[f64], expect: &str) {
        let (lo, hi) = range(values);
        assert_eq!(format!("{lo} {hi}"), expect, "for {values:?}");
    }

    #[test]
    fn the_axis_spans_whole_decades() {
        check(&[], "1 10");
        check(&[1.5, 3.0], "1 10");
        check(&[0.3, 42.0], "0.1 100");
        check(&[10.0], "1 10");
    }

    /// The first line of the snapshot file, which is not part of the chart. (An XML comment may
    /// not contain two hyphens in a row, so it cannot quote the command's options.)
    const HEADER: &str = "<!-- @generated: rerun this crate's unit test awfy::svg::tests::chart \
                          with UPDATE_EXPECT=1 to regenerate -->\n";

    #[test]
    fn chart() {
        let svg = render(&sample(), "a <test> & more");
        let snapshot = include_str!("snapshots/chart.svg");
        let expect = snapshot.strip_prefix(HEADER).unwrap_or(snapshot);
        if svg != expect && std::env::var_os("UPDATE_EXPECT").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/awfy/snapshots/chart.svg");
            std::fs::write(path, format!("{HEADER}{svg}")).unwrap();
            return;
        }
        assert_eq!(
            svg, expect,
            "rerun with UPDATE_EXPECT=1 to accept the new chart"
        );
    }
}
