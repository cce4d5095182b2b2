//! The summary math and the report's layout.

use super::{CompilationStatistics, Summary};
use crate::listener::{Closing, CompilationListener, Compiled, Failure};
use crate::trace::{SharedBuffer, TraceSink};

#[test]
fn summaries_have_count_sum_extremes_average_and_median() {
    // `expect` is (count, sum, min, max, average, median).
    let check = |input: &[i64], expect: Option<(u64, i64, i64, i64, f64, f64)>| {
        let got = Summary::of(input).map(|s| (s.count, s.sum, s.min, s.max, s.average, s.median));
        assert_eq!(got, expect, "{input:?}");
    };
    check(&[], None);
    check(&[7], Some((1, 7, 7, 7, 7.0, 7.0)));
    // An odd count has a middle value, whatever the order.
    check(&[9, 1, 5], Some((3, 15, 1, 9, 5.0, 5.0)));
    check(&[100, 1, 2], Some((3, 103, 1, 100, 103.0 / 3.0, 2.0)));
    // An even count takes the mean of the two middle values.
    check(&[4, 1], Some((2, 5, 1, 4, 2.5, 2.5)));
    check(&[10, 2, 4, 1000], Some((4, 1016, 2, 1000, 254.0, 7.0)));
    check(&[3, 3, 3, 3], Some((4, 12, 3, 3, 3.0, 3.0)));
    check(&[-2, 0, 2], Some((3, 0, -2, 2, 0.0, 0.0)));
    // A sum that would overflow saturates instead.
    check(&[i64::MAX, 1], Some((2, i64::MAX, 1, i64::MAX, i64::MAX as f64 / 2.0, (i64::MAX as f64 + 1.0) / 2.0)));
}

#[test]
fn the_largest_value_names_the_first_unit_to_reach_it() {
    let mut d = super::Distribution::default();
    assert_eq!(d.max_unit(), None);
    d.add(3, "a");
    d.add(5, "b");
    d.add(5, "c");
    d.add(4, "d");
    assert_eq!(d.max_unit(), Some("b"));
    assert_eq!(d.sum(), 17);
}

/// A successful compilation's measurements, in milliseconds and counts.
fn compiled(partial_evaluation_ms: f64, code_generation_ms: f64, ast_nodes: u64, code_size: u64) -> Compiled {
    Compiled {
        partial_evaluation_ms,
        code_generation_ms,
        ast_nodes,
        inlined_calls: ast_nodes / 4,
        dispatched_calls: ast_nodes % 3,
        ir_after_partial_evaluation: ast_nodes * 10,
        ir_after_optimization: ast_nodes * 8,
        code_size,
    }
}

/// Masks the numbers of the rows whose value depends on when the report is made (the wall time
/// since the first compilation): each run of digits becomes one `#`, since even the number of
/// digits varies.
fn mask(report: &str) -> String {
    let varying = ["Compilation Utilization"];
    let masked = |value: &str| {
        let mut out = String::new();
        for c in value.chars() {
            match c.is_ascii_digit() {
                true if out.ends_with('#') => {}
                true => out.push('#'),
                false => out.push(c),
            }
        }
        out
    };
    report
        .lines()
        .map(|line| match line.split_once(':') {
            Some((label, value)) if varying.iter().any(|v| label.trim() == *v) => format!("{label}:{}", masked(value)),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn report_layout() {
    let stats = CompilationStatistics::new();
    for unit in ["fib", "main<OSR>", "add", "add", "twice", "slow", "broken"] {
        stats.started(unit);
    }
    stats.succeeded("fib", &compiled(1.25, 2.5, 20, 480));
    stats.succeeded("main<OSR>", &compiled(0.75, 1.0, 12, 320));
    stats.succeeded("add", &compiled(0.5, 0.5, 5, 96));
    stats.deoptimized("add", true, "respecialize");
    stats.deoptimized("fib", false, "unreached branch");
    stats.succeeded("add", &compiled(0.5, 1.5, 5, 128));
    stats.invalidated("add", "function redefined");
    stats.dequeued("twice", "function redefined");
    stats.failed("slow", Failure::PermanentBailout, "Graph too big to safely compile.");
    stats.failed("broken", Failure::Error, "code generation failed: out of registers");
    stats.failed("add", Failure::Stopped, "Maximum compilation count 2 reached.");
    let log = SharedBuffer::new();
    stats.engine_closed(&Closing { engine_id: 1, splits: 2, waiting_units: 1 }, &TraceSink::new(Box::new(log.clone())));
    insta::assert_snapshot!(mask(&log.contents()));
}

#[test]
fn a_run_without_compilations_reports_zero_counts_and_no_ratios() {
    let stats = CompilationStatistics::new();
    let text = stats.report(&Closing { engine_id: 1, splits: 0, waiting_units: 0 });
    assert!(text.starts_with("Truffle runtime statistics for engine 1\n    Compilations                : 0\n"), "{text}");
    assert!(text.contains("\n    Time for compilation (us)   : count=   0\n"), "{text}");
    for absent in ["Accuracy", "Utilization", "Rate", "NaN"] {
        assert!(!text.contains(absent), "{absent} in\n{text}");
    }
}
