//! The JSON the runner writes beside its chart: how the runs were made, every run with all its
//! iteration times, and the summary the table shows, so a later analysis needs nothing else.
//!
//! As in `porcini-compare`'s report, the JSON is written by hand (with its string and number
//! helpers): a handful of flat records does not warrant the crate's first outside dependency.

use std::fmt::Write as _;

use super::run::Run;
use super::summary::{COMPARISONS, Summary};
use crate::compare::report::{json_num, json_str};

/// How the runs were made.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The benchmark folder (the harness's working directory).
    pub dir: String,
    /// The porcini binary.
    pub porcini: String,
    /// The node binary.
    pub node: String,
    /// What `node --version` printed.
    pub node_version: String,
    /// Rounds run.
    pub rounds: u32,
    /// The per-run timeout in seconds.
    pub timeout_s: f64,
}

fn json_list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

/// The whole record as JSON.
pub fn to_json(setup: &Setup, runs: &[Run], summary: &Summary) -> String {
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"tool\": \"porcini-awfy\",");
    let _ = writeln!(out, "  \"dir\": {},", json_str(&setup.dir));
    let _ = writeln!(out, "  \"porcini\": {},", json_str(&setup.porcini));
    let _ = writeln!(out, "  \"node\": {},", json_str(&setup.node));
    let _ = writeln!(
        out,
        "  \"node_version\": {},",
        json_str(&setup.node_version)
    );
    let _ = writeln!(out, "  \"rounds\": {},", setup.rounds);
    let _ = writeln!(out, "  \"timeout_s\": {},", json_num(Some(setup.timeout_s)));
    let _ = writeln!(
        out,
        "  \"steady_state\": \"median of the second half of a run's iteration times, then the median over rounds\","
    );
    out.push_str("  \"runs\": [");
    for (i, r) in runs.iter().enumerate() {
        let _ = write!(
            out,
            "{}\n    {{\"bench\": {}, \"vm\": {}, \"round\": {}, \"cmd\": {}, \"status\": {}, \
             \"problem\": {}, \"wall_ms\": {}, \"steady_us\": {}, \"first_us\": {}, \
             \"iterations_us\": {}}}",
            if i == 0 { "" } else { "," },
            json_str(&r.bench),
            json_str(&r.vm),
            r.round,
            json_str(&r.cmd),
            json_str(r.label()),
            r.problem().map_or("null".into(), json_str),
            json_num(Some(r.wall_ms)),
            json_num(r.steady_us()),
            json_num(r.first_us()),
            json_list(r.iterations_us.iter().map(|t| json_num(Some(*t)))),
        );
    }
    out.push_str("\n  ],\n  \"summary\": [");
    for (i, b) in summary.benches.iter().enumerate() {
        let cells = b.cells.iter().map(|c| {
            format!(
                "{{\"vm\": {}, \"runs\": {}, \"bad\": {}, \"unchecked\": {}, \"steady_us\": {}, \
                 \"first_us\": {}}}",
                json_str(&c.vm),
                c.runs,
                c.bad,
                c.unchecked,
                json_num(c.steady_us),
                json_num(c.first_us),
            )
        });
        let ratios = COMPARISONS
            .iter()
            .zip(&b.ratios)
            .map(|(c, r)| format!("{}: {}", json_str(c.label), json_num(*r)));
        let _ = write!(
            out,
            "{}\n    {{\"bench\": {}, \"iterations\": {}, \"inner\": {}, \"ratios\": {{{}}},\n     \
             \"cells\": {}}}",
            if i == 0 { "" } else { "," },
            json_str(b.bench.name),
            b.bench.iterations,
            b.bench.inner,
            ratios.collect::<Vec<_>>().join(", "),
            json_list(cells),
        );
    }
    out.push_str("\n  ],\n  \"geomeans\": {");
    for (i, (c, g)) in COMPARISONS.iter().zip(&summary.geomeans).enumerate() {
        let _ = write!(
            out,
            "{}\n    {}: {{\"value\": {}, \"benchmarks\": {}}}",
            if i == 0 { "" } else { "," },
            json_str(c.label),
            json_num(g.value),
            g.count,
        );
    }
    out.push_str("\n  }\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::run::check_all;
    use super::super::run::tests::run;
    use super::super::summary::summarize;
    use super::super::{Benchmark, NODE, PORCINI};
    use super::*;

    fn check(runs: &mut [Run], expect: &str) {
        check_all(runs);
        let setup = Setup {
            dir: "/awfy".into(),
            porcini: "/p/porcini".into(),
            node: "/usr/bin/node".into(),
            node_version: "v20.20.2".into(),
            rounds: 1,
            timeout_s: 300.0,
        };
        let bench = Benchmark {
            name: "Sieve",
            iterations: 3,
            inner: 1,
        };
        let summary = summarize(runs, &[bench], &[PORCINI, NODE]);
        assert_eq!(to_json(&setup, runs, &summary), expect);
    }

    #[test]
    fn every_run_and_the_summary() {
        let mut failed = run("Sieve", PORCINI, 0, "");
        failed.failure = Some("exit status 1: \"boom\"\n".into());
        failed.iterations_us.clear();
        let mut runs = [failed, run("Sieve", NODE, 0, "x\n")];
        check(
            &mut runs,
            r#"{
  "tool": "porcini-awfy",
  "dir": "/awfy",
  "porcini": "/p/porcini",
  "node": "/usr/bin/node",
  "node_version": "v20.20.2",
  "rounds": 1,
  "timeout_s": 300,
  "steady_state": "median of the second half of a run's iteration times, then the median over rounds",
  "runs": [
    {"bench": "Sieve", "vm": "porcini", "round": 0, "cmd": "porcini harness.js Sieve", "status": "FAILED", "problem": "exit status 1: \"boom\"\n", "wall_ms": 100, "steady_us": null, "first_us": null, "iterations_us": []},
    {"bench": "Sieve", "vm": "node", "round": 0, "cmd": "node harness.js Sieve", "status": "ok", "problem": null, "wall_ms": 100, "steady_us": 15, "first_us": 30, "iterations_us": [30, 20, 10]}
  ],
  "summary": [
    {"bench": "Sieve", "iterations": 3, "inner": 1, "ratios": {"porcini/node": null, "interp/jitless": null, "1st iter porcini/node": null},
     "cells": [{"vm": "porcini", "runs": 1, "bad": 1, "unchecked": 0, "steady_us": null, "first_us": null}, {"vm": "node", "runs": 1, "bad": 0, "unchecked": 0, "steady_us": 15, "first_us": 30}]}
  ],
  "geomeans": {
    "porcini/node": {"value": null, "benchmarks": 0},
    "interp/jitless": {"value": null, "benchmarks": 0},
    "1st iter porcini/node": {"value": null, "benchmarks": 0}
  }
}
"#,
        );
    }
}
