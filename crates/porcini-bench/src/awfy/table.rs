//! The text report printed at the end of a run: one line per benchmark with each VM's times and
//! the three ratios, a geometric-mean line, and every failed cell's problem spelled out.

use super::summary::{COMPARISONS, Summary};
use super::{NODE, NODE_JITLESS, PORCINI, PORCINI_INTERP};
use crate::compare::report::{format_factor, layout};

/// Milliseconds from microseconds, with enough digits for a sub-millisecond iteration; `-` for
/// none (a failed cell or a VM that did not run).
pub fn format_ms(us: Option<f64>) -> String {
    match us {
        Some(us) if us < 1_000.0 => format!("{:.3}", us / 1e3),
        Some(us) if us < 100_000.0 => format!("{:.2}", us / 1e3),
        Some(us) => format!("{:.1}", us / 1e3),
        None => "-".to_string(),
    }
}

/// The table, its legend and the geometric means.
pub fn render(summary: &Summary, rounds: u32) -> String {
    let mut header: Vec<String> = ["benchmark", "iter x inner"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    // Each ratio follows the two times it divides.
    let columns: [(&str, &str, bool); 6] = [
        (PORCINI, "porcini", false),
        (NODE, "node", false),
        (PORCINI_INTERP, "interp", false),
        (NODE_JITLESS, "jitless", false),
        (PORCINI, "1st porcini", true),
        (NODE, "1st node", true),
    ];
    for (i, (_, title, _)) in columns.iter().enumerate() {
        header.push(title.to_string());
        if i % 2 == 1 {
            header.push(COMPARISONS[i / 2].label.to_string());
        }
    }
    header.push("status".into());
    let mut table = vec![header];
    for b in &summary.benches {
        let mut line = vec![
            b.bench.name.to_string(),
            format!("{}x{}", b.bench.iterations, b.bench.inner),
        ];
        for (i, (vm, _, first)) in columns.iter().enumerate() {
            let cell = b.cell(vm);
            line.push(format_ms(
                cell.and_then(|c| if *first { c.first_us } else { c.steady_us }),
            ));
            if i % 2 == 1 {
                line.push(format_factor(b.ratios[i / 2]));
            }
        }
        let problems: Vec<String> = b
            .cells
            .iter()
            .filter_map(|c| c.status().map(|s| format!("{} {s}", c.vm)))
            .collect();
        line.push(if problems.is_empty() {
            "ok".into()
        } else {
            problems.join(", ")
        });
        table.push(line);
    }
    // The geometric means go under the ratio columns, past the two times of each.
    let mut geo = vec!["geomean".to_string(), String::new()];
    for g in &summary.geomeans {
        geo.extend([String::new(), String::new()]);
        geo.push(format!(
            "{} ({}/{})",
            format_factor(g.value),
            g.count,
            summary.benches.len()
        ));
    }
    table.push(geo);
    let right: Vec<bool> = (0..table[0].len())
        .map(|c| c != 0 && c + 1 != table[0].len())
        .collect();
    let mut out = format!(
        "porcini-awfy: {rounds} round{}; ms per iteration, steady = median over rounds of each \
         run's median of its second half of iterations, 1st = first iteration; ratios are \
         porcini's time over node's (lower is better, target 2.00x)\n\n",
        if rounds == 1 { "" } else { "s" }
    );
    out.push_str(&layout(&table, &right));
    out
}

#[cfg(test)]
mod tests {
    use super::super::summary::tests::sample;
    use super::*;

    fn check(input: Option<f64>, expect: &str) {
        assert_eq!(format_ms(input), expect);
    }

    #[test]
    fn milliseconds() {
        check(None, "-");
        check(Some(12.0), "0.012");
        check(Some(4_321.0), "4.32");
        check(Some(123_456.0), "123.5");
    }

    #[test]
    fn table() {
        let expect = "\
porcini-awfy: 3 rounds; ms per iteration, steady = median over rounds of each run's median of its second half of iterations, 1st = first iteration; ratios are porcini's time over node's (lower is better, target 2.00x)

benchmark  iter x inner  porcini   node  porcini/node  interp  jitless  interp/jitless  1st porcini  1st node  1st iter porcini/node  status
Alpha               4x1    0.002  0.001         2.00x   0.030    0.010           3.00x        0.404     0.051                  8.00x  ok
Beta               4x10    0.008  0.004         2.00x       -    0.040             n/a         1.62     0.202                  8.00x  porcini-interp FAILED 1/3
geomean                                   2.00x (2/2)                      3.00x (1/2)                                   8.00x (2/2)
";
        assert_eq!(render(&sample(), 3), expect);
    }
}
