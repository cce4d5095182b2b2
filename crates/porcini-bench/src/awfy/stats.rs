//! The statistics of the AWFY report: a run's steady-state time, and the geometric mean that
//! summarizes ratios across benchmarks.
//!
//! A run's *steady-state* time is the **median** of the second half of its iteration times (for
//! an odd count the middle iteration belongs to the second half). The first half is left out as
//! warm-up, since a JIT is still compiling then; the median rather than the mean keeps one
//! iteration slowed by a collection or a late compilation from moving the result. Across rounds
//! the runner takes the median again.

use crate::compare::median;

/// The iterations a steady-state time is taken from: the second half, `times[n/2..]`.
pub fn second_half(times: &[f64]) -> &[f64] {
    &times[times.len() / 2..]
}

/// The median of the second half of `times`; `None` when there are none.
pub fn steady(times: &[f64]) -> Option<f64> {
    median(second_half(times))
}

/// The geometric mean of `ratios`, the mean that treats 2x faster and 2x slower alike; `None`
/// when there are none or one is not a positive finite number (it has no logarithm).
pub fn geomean(ratios: &[f64]) -> Option<f64> {
    if ratios.is_empty() || ratios.iter().any(|r| !(r.is_finite() && *r > 0.0)) {
        return None;
    }
    let mean_log = ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64;
    Some(mean_log.exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(f: fn(&[f64]) -> Option<f64>, input: &[f64], expect: &str) {
        let actual = match f(input) {
            Some(v) => format!("{v:.4}"),
            None => "none".to_string(),
        };
        assert_eq!(actual, expect, "for {input:?}");
    }

    #[test]
    fn steady_state_is_the_median_of_the_second_half() {
        check(steady, &[], "none");
        check(steady, &[9.0], "9.0000");
        // The warm-up half (100, 50) is ignored; the second half's median is its middle.
        check(steady, &[100.0, 50.0, 12.0, 10.0, 11.0], "11.0000");
        check(steady, &[100.0, 50.0, 12.0, 10.0], "11.0000");
        // One slow iteration in the second half does not move a median.
        check(
            steady,
            &[100.0, 50.0, 40.0, 10.0, 10.0, 90.0, 10.0],
            "10.0000",
        );
        assert_eq!(second_half(&[1.0, 2.0, 3.0]), [2.0, 3.0]);
    }

    #[test]
    fn geometric_means() {
        check(geomean, &[], "none");
        check(geomean, &[2.0, 0.5], "1.0000");
        check(geomean, &[1.0, 4.0, 16.0], "4.0000");
        check(geomean, &[3.0], "3.0000");
        check(geomean, &[2.0, 0.0], "none");
        check(geomean, &[2.0, f64::INFINITY], "none");
    }
}
