//! From runs to the report's numbers: one cell per benchmark and VM, the three ratios per
//! benchmark and their geometric means.
//!
//! A cell's time is the median, over its rounds, of each run's steady-state (or first-iteration)
//! time. A cell with any failed or mismatched run is *failed*: it gets no time at all, so a ratio
//! is never computed from the rounds that happened to work, and the geometric mean of a ratio
//! covers only the benchmarks where both of its cells stand (the report says how many).

use super::run::Run;
use super::stats::geomean;
use super::{Benchmark, NODE, NODE_JITLESS, PORCINI, PORCINI_INTERP};
use crate::compare::{median, ratio};

/// One ratio the report shows for every benchmark: `numerator`'s time over `denominator`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The column heading and the chart's legend.
    pub label: &'static str,
    /// The VM whose time is divided.
    pub numerator: &'static str,
    /// The VM it is divided by.
    pub denominator: &'static str,
    /// Whether the first iteration's time is compared rather than the steady state's.
    pub first: bool,
}

/// The report's ratios: each porcini mode against its node counterpart in the steady state, and
/// the compiling modes' first iterations, which show warm-up.
pub const COMPARISONS: &[Comparison] = &[
    Comparison {
        label: "porcini/node",
        numerator: PORCINI,
        denominator: NODE,
        first: false,
    },
    Comparison {
        label: "interp/jitless",
        numerator: PORCINI_INTERP,
        denominator: NODE_JITLESS,
        first: false,
    },
    Comparison {
        label: "1st iter porcini/node",
        numerator: PORCINI,
        denominator: NODE,
        first: true,
    },
];

/// One benchmark on one VM, over all rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The VM.
    pub vm: String,
    /// Runs made.
    pub runs: usize,
    /// Runs that failed or whose output differed from node's.
    pub bad: usize,
    /// Runs that could not be checked, for want of a successful node run.
    pub unchecked: usize,
    /// The median steady-state time in microseconds; `None` for a failed cell.
    pub steady_us: Option<f64>,
    /// The median first-iteration time in microseconds; `None` for a failed cell.
    pub first_us: Option<f64>,
}

impl Cell {
    /// Summarizes the runs of one benchmark on one VM.
    pub fn new(vm: &str, runs: &[&Run]) -> Cell {
        let bad = runs.iter().filter(|r| !r.counts()).count();
        let unchecked = runs.iter().filter(|r| r.label() == "unchecked").count();
        let time = |f: fn(&Run) -> Option<f64>| {
            let times: Vec<f64> = runs.iter().filter_map(|r| f(r)).collect();
            if bad > 0 { None } else { median(&times) }
        };
        Cell {
            vm: vm.to_string(),
            runs: runs.len(),
            bad,
            unchecked,
            steady_us: time(Run::steady_us),
            first_us: time(Run::first_us),
        }
    }

    /// What is wrong, loudly (`FAILED 1/2`, `unchecked 2/2`), or `None` when nothing is.
    pub fn status(&self) -> Option<String> {
        if self.bad > 0 {
            Some(format!("FAILED {}/{}", self.bad, self.runs))
        } else if self.unchecked > 0 {
            Some(format!("unchecked {}/{}", self.unchecked, self.runs))
        } else {
            None
        }
    }
}

/// One benchmark's cells (in the order of the VMs given) and ratios (in [`COMPARISONS`] order).
#[derive(Clone, Debug, PartialEq)]
pub struct BenchSummary {
    /// The benchmark and the size it ran at.
    pub bench: Benchmark,
    /// The cells of the VMs that ran it.
    pub cells: Vec<Cell>,
    /// Each comparison's ratio, where both cells stand.
    pub ratios: Vec<Option<f64>>,
}

impl BenchSummary {
    /// The cell of `vm`, if it ran.
    pub fn cell(&self, vm: &str) -> Option<&Cell> {
        self.cells.iter().find(|c| c.vm == vm)
    }
}

/// A comparison's geometric mean over the benchmarks that have its ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geomean {
    /// The mean, if any benchmark has the ratio.
    pub value: Option<f64>,
    /// How many benchmarks it covers.
    pub count: usize,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// One per benchmark, in the order given.
    pub benches: Vec<BenchSummary>,
    /// One per comparison, in [`COMPARISONS`] order.
    pub geomeans: Vec<Geomean>,
}

/// Summarizes `runs` for `benches` (with the sizes they ran at) and `vms` (in report order).
pub fn summarize(runs: &[Run], benches: &[Benchmark], vms: &[&str]) -> Summary {
    let benches: Vec<BenchSummary> = benches
        .iter()
        .map(|bench| {
            let cells: Vec<Cell> = vms
                .iter()
                .filter_map(|vm| {
                    let mine: Vec<&Run> = runs
                        .iter()
                        .filter(|r| r.bench == bench.name && r.vm == *vm)
                        .collect();
                    (!mine.is_empty()).then(|| Cell::new(vm, &mine))
                })
                .collect();
            let mut summary = BenchSummary {
                bench: *bench,
                cells,
                ratios: Vec::new(),
            };
            summary.ratios = COMPARISONS
                .iter()
                .map(|c| {
                    let time = |vm: &str| {
                        let cell = summary.cell(vm)?;
                        if c.first {
                            cell.first_us
                        } else {
                            cell.steady_us
                        }
                    };
                    ratio(time(c.numerator), time(c.denominator))
                })
                .collect();
            summary
        })
        .collect();
    let geomeans = (0..COMPARISONS.len())
        .map(|i| {
            let ratios: Vec<f64> = benches.iter().filter_map(|b| b.ratios[i]).collect();
            Geomean {
                value: geomean(&ratios),
                count: ratios.len(),
            }
        })
        .collect();
    Summary { benches, geomeans }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::run::check_all;
    use super::super::run::tests::run;
    use super::*;

    /// Two benchmarks, three rounds of four VMs; porcini-interp fails Beta once.
    pub(crate) fn sample() -> Summary {
        let out = "x\n";
        let mut runs = Vec::new();
        for round in 0..3 {
            for (bench, scale) in [("Alpha", 1.0), ("Beta", 4.0)] {
                for (vm, factor) in [
                    (PORCINI, 2.0),
                    (PORCINI_INTERP, 30.0),
                    (NODE, 1.0),
                    (NODE_JITLESS, 10.0),
                ] {
                    let mut r = run(bench, vm, round, out);
                    // Rounds differ a little, so the median over rounds matters.
                    let t = scale * factor * (1.0 + round as f64 / 100.0);
                    r.iterations_us = vec![t * 50.0, t * 2.0, t, t];
                    if vm == PORCINI {
                        r.iterations_us[0] = t * 200.0;
                    }
                    runs.push(r);
                }
            }
        }
        runs[5 + 8].failure = Some("exit status 1: TypeError: oops".into());
        check_all(&mut runs);
        let benches = [
            Benchmark {
                name: "Alpha",
                iterations: 4,
                inner: 1,
            },
            Benchmark {
                name: "Beta",
                iterations: 4,
                inner: 10,
            },
        ];
        summarize(
            &runs,
            &benches,
            &[PORCINI, PORCINI_INTERP, NODE, NODE_JITLESS],
        )
    }

    fn check(summary: &Summary, expect: &str) {
        let mut lines = Vec::new();
        for b in &summary.benches {
            for c in &b.cells {
                lines.push(format!(
                    "{} {}: steady {:?} first {:?} {}",
                    b.bench.name,
                    c.vm,
                    c.steady_us,
                    c.first_us,
                    c.status().unwrap_or_default()
                ));
            }
            let ratios: Vec<String> = b
                .ratios
                .iter()
                .map(|r| r.map_or("-".into(), |r| format!("{r:.3}")))
                .collect();
            lines.push(format!("{} ratios {}", b.bench.name, ratios.join(" ")));
        }
        for g in &summary.geomeans {
            lines.push(format!(
                "geomean {} over {}",
                g.value.map_or("-".into(), |v| format!("{v:.3}")),
                g.count
            ));
        }
        assert_eq!(lines.join("\n"), expect);
    }

    #[test]
    fn cells_ratios_and_geomeans() {
        check(
            &sample(),
            "\
Alpha porcini: steady Some(2.02) first Some(404.0) \n\
Alpha porcini-interp: steady Some(30.3) first Some(1515.0) \n\
Alpha node: steady Some(1.01) first Some(50.5) \n\
Alpha node-jitless: steady Some(10.1) first Some(505.0) \n\
Alpha ratios 2.000 3.000 8.000\n\
Beta porcini: steady Some(8.08) first Some(1616.0) \n\
Beta porcini-interp: steady None first None FAILED 1/3\n\
Beta node: steady Some(4.04) first Some(202.0) \n\
Beta node-jitless: steady Some(40.4) first Some(2020.0) \n\
Beta ratios 2.000 - 8.000\n\
geomean 2.000 over 2\n\
geomean 3.000 over 1\n\
geomean 8.000 over 2",
        );
    }
}
