//! The runner's report: per-VM medians for each benchmark, the porcini/VM ratios, rendered as
//! text tables and as JSON.
//!
//! The JSON is written by hand: it is a few flat records, and a serializer would be the crate's
//! only reason to depend on anything outside the workspace.

use std::fmt::Write as _;

use super::{Bench, PORCINI, RunRecord, Status, median, ratio};

/// How the runs were made, for the report's header and the JSON.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The micro benchmark folder.
    pub dir: String,
    /// The porcini binary.
    pub porcini: String,
    /// Every argument porcini got before the program file.
    pub porcini_args: Vec<String>,
    /// `interp` or `default`.
    pub mode: String,
    /// Rounds per benchmark.
    pub rounds: u32,
    /// The per-run timeout in seconds.
    pub timeout_s: f64,
}

/// One VM's line in a benchmark's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The VM.
    pub vm: String,
    /// Runs made.
    pub runs: usize,
    /// Runs whose timings count (see [`RunRecord::timed`]).
    pub timed: usize,
    /// Median kernel time of the timed runs.
    pub kernel_ms: Option<f64>,
    /// Median wall-clock time of the timed runs.
    pub wall_ms: Option<f64>,
    /// porcini's median kernel time over this VM's (`None` for porcini itself or when undefined).
    pub kernel_ratio: Option<f64>,
    /// The same for wall-clock time.
    pub wall_ratio: Option<f64>,
    /// Runs that printed a wrong result.
    pub mismatches: usize,
    /// Runs that failed.
    pub failures: usize,
    /// Runs that timed out.
    pub timeouts: usize,
}

impl Row {
    /// `ok`, or the problems with their counts, loudly.
    pub fn status(&self) -> String {
        let mut problems = Vec::new();
        for (count, what) in [
            (self.mismatches, "MISMATCH"),
            (self.failures, "FAILED"),
            (self.timeouts, "TIMEOUT"),
        ] {
            if count > 0 {
                problems.push(format!("{what} {count}/{}", self.runs));
            }
        }
        if problems.is_empty() {
            "ok".to_string()
        } else {
            problems.join(", ")
        }
    }
}

/// One benchmark's rows: porcini first, then the other VMs in the order given.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchSummary {
    /// The benchmark.
    pub bench: &'static Bench,
    /// The rows of the VMs that ran it.
    pub rows: Vec<Row>,
}

/// Summarises `records` per benchmark (in `benches` order) and VM (porcini first, then `vms`
/// order); VMs without a record for a benchmark get no row.
pub fn summarize(
    records: &[RunRecord],
    benches: &[&'static Bench],
    vms: &[String],
) -> Vec<BenchSummary> {
    let mut order: Vec<&str> = vec![PORCINI];
    order.extend(vms.iter().map(String::as_str).filter(|v| *v != PORCINI));
    benches
        .iter()
        .map(|bench| {
            let mut rows: Vec<Row> = order
                .iter()
                .filter_map(|vm| {
                    let runs: Vec<&RunRecord> = records
                        .iter()
                        .filter(|r| r.bench == bench.name && r.vm == *vm)
                        .collect();
                    (!runs.is_empty()).then(|| row(vm, &runs))
                })
                .collect();
            let porcini = rows
                .iter()
                .find(|r| r.vm == PORCINI)
                .map(|r| (r.kernel_ms, r.wall_ms));
            if let Some((kernel, wall)) = porcini {
                for r in rows.iter_mut().filter(|r| r.vm != PORCINI) {
                    r.kernel_ratio = ratio(kernel, r.kernel_ms);
                    r.wall_ratio = ratio(wall, r.wall_ms);
                }
            }
            BenchSummary { bench, rows }
        })
        .collect()
}

fn row(vm: &str, runs: &[&RunRecord]) -> Row {
    let timed: Vec<&&RunRecord> = runs.iter().filter(|r| r.timed()).collect();
    let kernel: Vec<f64> = timed.iter().filter_map(|r| r.kernel_ms).collect();
    let wall: Vec<f64> = timed.iter().map(|r| r.wall_ms).collect();
    let count = |pred: fn(&Status) -> bool| runs.iter().filter(|r| pred(&r.status)).count();
    Row {
        vm: vm.to_string(),
        runs: runs.len(),
        timed: timed.len(),
        kernel_ms: median(&kernel),
        wall_ms: median(&wall),
        kernel_ratio: None,
        wall_ratio: None,
        mismatches: count(|s| matches!(s, Status::Mismatch)),
        failures: count(|s| matches!(s, Status::Failed(_))),
        timeouts: count(|s| matches!(s, Status::Timeout)),
    }
}

/// `porcini/VM = 1.42x`, or `porcini/VM = n/a` when there is no ratio.
pub fn format_ratio(vm: &str, ratio: Option<f64>) -> String {
    format!("{PORCINI}/{vm} = {}", format_factor(ratio))
}

/// `1.42x`, or `n/a`.
pub fn format_factor(ratio: Option<f64>) -> String {
    match ratio {
        Some(r) => format!("{r:.2}x"),
        None => "n/a".to_string(),
    }
}

fn format_ms(ms: Option<f64>) -> String {
    match ms {
        Some(v) => format!("{v:.1}"),
        None => "-".to_string(),
    }
}

/// The text report: a header, one table per benchmark, and a matrix of the kernel-time ratios.
pub fn render(setup: &Setup, summaries: &[BenchSummary]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "porcini-compare: mode {}, {} round{}, porcini args [{}], medians in ms",
        setup.mode,
        setup.rounds,
        if setup.rounds == 1 { "" } else { "s" },
        setup.porcini_args.join(" ")
    );
    for s in summaries {
        out.push('\n');
        out.push_str(&render_bench(s));
    }
    if let Some(matrix) = render_matrix(summaries) {
        out.push('\n');
        out.push_str(&matrix);
    }
    out
}

/// One benchmark's table.
pub fn render_bench(s: &BenchSummary) -> String {
    let mut table: Vec<[String; 7]> = vec![[
        "VM".into(),
        "kernel ms".into(),
        "wall ms".into(),
        "runs".into(),
        "porcini/VM kernel".into(),
        "wall".into(),
        "status".into(),
    ]];
    for r in &s.rows {
        let (kernel_ratio, wall_ratio) = if r.vm == PORCINI {
            (String::new(), String::new())
        } else {
            (
                format_ratio(&r.vm, r.kernel_ratio),
                format_factor(r.wall_ratio),
            )
        };
        table.push([
            r.vm.clone(),
            format_ms(r.kernel_ms),
            format_ms(r.wall_ms),
            format!("{}/{}", r.timed, r.runs),
            kernel_ratio,
            wall_ratio,
            r.status(),
        ]);
    }
    let mut out = format!(
        "{} (expected result {})\n",
        s.bench.name,
        s.bench.expected()
    );
    // Names and text columns are left-aligned, numbers right-aligned.
    out.push_str(&layout(
        &table,
        &[false, true, true, true, false, true, false],
    ));
    out
}

/// The porcini/VM kernel-time ratios of every benchmark side by side, or `None` when porcini was
/// compared with nothing.
pub fn render_matrix(summaries: &[BenchSummary]) -> Option<String> {
    let mut vms: Vec<&str> = Vec::new();
    for s in summaries {
        for r in s.rows.iter().filter(|r| r.vm != PORCINI) {
            if !vms.contains(&r.vm.as_str()) {
                vms.push(&r.vm);
            }
        }
    }
    if vms.is_empty() {
        return None;
    }
    let mut header = vec!["porcini/VM kernel".to_string()];
    header.extend(vms.iter().map(|v| v.to_string()));
    let mut table = vec![header];
    for s in summaries {
        let mut line = vec![s.bench.name.to_string()];
        for vm in &vms {
            line.push(match s.rows.iter().find(|r| r.vm == *vm) {
                Some(r) => format_factor(r.kernel_ratio),
                None => "-".to_string(),
            });
        }
        table.push(line);
    }
    let mut right = vec![true; vms.len() + 1];
    right[0] = false;
    Some(layout(&table, &right))
}

/// Pads every column to its widest cell, two spaces apart, without trailing blanks.
pub fn layout<R: AsRef<[String]>>(table: &[R], right_aligned: &[bool]) -> String {
    let columns = table.iter().map(|r| r.as_ref().len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            table
                .iter()
                .filter_map(|r| r.as_ref().get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in table {
        let mut line = String::new();
        for (c, cell) in r.as_ref().iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c] - cell.chars().count();
            if right_aligned.get(c).copied().unwrap_or(false) {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The whole report as JSON: the set-up, every run and the summary rows.
pub fn to_json(setup: &Setup, records: &[RunRecord], summaries: &[BenchSummary]) -> String {
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"tool\": \"porcini-compare\",");
    let _ = writeln!(out, "  \"dir\": {},", json_str(&setup.dir));
    let _ = writeln!(out, "  \"porcini\": {},", json_str(&setup.porcini));
    let args: Vec<String> = setup.porcini_args.iter().map(|a| json_str(a)).collect();
    let _ = writeln!(out, "  \"porcini_args\": [{}],", args.join(", "));
    let _ = writeln!(out, "  \"mode\": {},", json_str(&setup.mode));
    let _ = writeln!(out, "  \"rounds\": {},", setup.rounds);
    let _ = writeln!(out, "  \"timeout_s\": {},", json_num(Some(setup.timeout_s)));
    out.push_str("  \"runs\": [");
    for (i, r) in records.iter().enumerate() {
        let detail = match &r.status {
            Status::Failed(d) => json_str(d),
            _ => "null".to_string(),
        };
        let _ = write!(
            out,
            "{}\n    {{\"bench\": {}, \"vm\": {}, \"round\": {}, \"cmd\": {}, \"status\": {}, \"detail\": {}, \
             \"result\": {}, \"kernel_ms\": {}, \"wall_ms\": {}}}",
            if i == 0 { "" } else { "," },
            json_str(&r.bench),
            json_str(&r.vm),
            r.round,
            json_str(&r.cmd),
            json_str(r.status.label()),
            detail,
            r.result.as_deref().map_or("null".to_string(), json_str),
            json_num(r.kernel_ms),
            json_num(Some(r.wall_ms)),
        );
    }
    out.push_str("\n  ],\n  \"summary\": [");
    let mut first = true;
    for s in summaries {
        for r in &s.rows {
            let _ = write!(
                out,
                "{}\n    {{\"bench\": {}, \"vm\": {}, \"expected\": {}, \"runs\": {}, \"timed\": {}, \
                 \"median_kernel_ms\": {}, \"median_wall_ms\": {}, \"porcini_over_vm_kernel\": {}, \
                 \"porcini_over_vm_wall\": {}, \"status\": {}}}",
                if first { "" } else { "," },
                json_str(s.bench.name),
                json_str(&r.vm),
                json_str(s.bench.expected()),
                r.runs,
                r.timed,
                json_num(r.kernel_ms),
                json_num(r.wall_ms),
                json_num(r.kernel_ratio),
                json_num(r.wall_ratio),
                json_str(&r.status()),
            );
            first = false;
        }
    }
    out.push_str("\n  ]\n}\n");
    out
}

/// A JSON string literal (the tools' JSON writer escapes it).
pub fn json_str(s: &str) -> String {
    porcini_tools::json::quote(s)
}

/// A JSON number, or `null` for a missing or non-finite one (JSON has no infinities).
pub fn json_num(v: Option<f64>) -> String {
    match v {
        Some(v) if v.is_finite() => format!("{v}"),
        _ => "null".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::bench;
    use super::*;

    fn record(
        bench: &str,
        vm: &str,
        round: u32,
        status: Status,
        kernel: Option<f64>,
        wall: f64,
    ) -> RunRecord {
        RunRecord {
            bench: bench.into(),
            vm: vm.into(),
            round,
            cmd: format!("{vm} {bench}"),
            status,
            result: kernel.map(|_| "2178309".into()),
            kernel_ms: kernel,
            wall_ms: wall,
        }
    }

    fn sample() -> Vec<BenchSummary> {
        let records = vec![
            record("fib", "porcini", 0, Status::Ok, Some(150.0), 160.0),
            record("fib", "lua5.4", 0, Status::Ok, Some(100.0), 101.0),
            record("fib", "porcini", 1, Status::Ok, Some(140.0), 150.0),
            record("fib", "lua5.4", 1, Status::Ok, Some(98.0), 99.0),
            record("fib", "porcini", 2, Status::Ok, Some(142.0), 152.0),
            record("fib", "lua5.4", 2, Status::Timeout, None, 300_000.0),
            record("fib", "rust", 0, Status::Mismatch, Some(0.0), 1.0),
        ];
        let vms = vec!["lua5.4".to_string(), "rust".to_string(), "node".to_string()];
        summarize(&records, &[bench("fib").unwrap()], &vms)
    }

    #[test]
    fn medians_and_ratios_per_vm() {
        let s = sample();
        let rows = &s[0].rows;
        assert_eq!(
            rows.iter().map(|r| r.vm.as_str()).collect::<Vec<_>>(),
            ["porcini", "lua5.4", "rust"]
        );
        assert_eq!(
            (rows[0].kernel_ms, rows[0].wall_ms),
            (Some(142.0), Some(152.0))
        );
        // The timed-out round does not count towards the median.
        assert_eq!(
            (rows[1].timed, rows[1].runs, rows[1].kernel_ms),
            (2, 3, Some(99.0))
        );
        assert_eq!(
            format_ratio("lua5.4", rows[1].kernel_ratio),
            "porcini/lua5.4 = 1.43x"
        );
        assert_eq!(rows[1].status(), "TIMEOUT 1/3");
        // A zero-millisecond kernel has no ratio; the wrong result is flagged.
        assert_eq!(
            format_ratio("rust", rows[2].kernel_ratio),
            "porcini/rust = n/a"
        );
        assert_eq!(rows[2].status(), "MISMATCH 1/1");
    }

    #[test]
    fn table_layout() {
        let text = render_bench(&sample()[0]);
        let expected = "\
fib (expected result 2178309)
VM       kernel ms  wall ms  runs  porcini/VM kernel          wall  status
porcini      142.0    152.0   3/3                                   ok
lua5.4        99.0    100.0   2/3  porcini/lua5.4 = 1.43x    1.52x  TIMEOUT 1/3
rust           0.0      1.0   1/1  porcini/rust = n/a      152.00x  MISMATCH 1/1
";
        assert_eq!(text, expected);
    }

    #[test]
    fn ratio_matrix() {
        let matrix = render_matrix(&sample()).unwrap();
        assert_eq!(
            matrix,
            "porcini/VM kernel  lua5.4  rust\nfib                 1.43x   n/a\n"
        );
    }

    #[test]
    fn json_is_well_formed_enough() {
        let setup = Setup {
            dir: "/m".into(),
            porcini: "/p/porcini".into(),
            porcini_args: vec!["--engine.Compilation=false".into()],
            mode: "interp".into(),
            rounds: 3,
            timeout_s: 300.0,
        };
        let records = vec![record(
            "fib",
            "porcini",
            0,
            Status::Failed("exit 1: \"boom\"\n".into()),
            None,
            5.5,
        )];
        let summaries = summarize(&records, &[bench("fib").unwrap()], &[]);
        let json = to_json(&setup, &records, &summaries);
        assert!(json.contains(r#""detail": "exit 1: \"boom\"\n""#), "{json}");
        assert!(json.contains(r#""median_kernel_ms": null"#), "{json}");
        assert!(json.contains(r#""status": "FAILED 1/1""#), "{json}");
        assert_eq!(json.matches('{').count(), json.matches('}').count());
        assert_eq!(json.matches('[').count(), json.matches(']').count());
    }

    #[test]
    fn json_strings_escape_control_characters() {
        assert_eq!(json_str("a\"b\\c\u{1}"), r#""a\"b\\c\u0001""#);
        assert_eq!(json_num(Some(f64::INFINITY)), "null");
        assert_eq!(json_num(Some(1.5)), "1.5");
    }
}
