//! The pure parts of the `porcini-compare` runner: which micro benchmarks exist and what they must
//! print, which VMs run them and how, reading a program's `result=<value> kernel_ms=<ms>` line,
//! classifying a run, and medians. The report (tables and JSON) is in [`report`].
//!
//! Everything here is data and computation, so it is unit-tested; spawning processes, timing
//! them and enforcing timeouts is the binary's business (`src/bin/compare.rs`).

pub mod report;

/// The VM under test. It is always run; every other VM is a reference it is compared with.
pub const PORCINI: &str = "porcini";

/// One micro benchmark of `../shared/benchmarks/micro`.
#[derive(Debug, PartialEq, Eq)]
pub struct Bench {
    /// The program's base name (`fib` runs `fib.sl`, `fib.lua`, `build/fib`, ...).
    pub name: &'static str,
    /// The results a correct run may print; the first is the canonical one (the README's table).
    /// Several forms exist only where the programs legitimately differ, as for `strcat`, where SL
    /// (which has no string length) prints the count and the others print `length/last byte`.
    pub accepted: &'static [&'static str],
    /// Whether only porcini runs it (SL-only benchmarks such as `polysplit`).
    pub porcini_only: bool,
}

impl Bench {
    /// The canonical expected result.
    pub fn expected(&self) -> &'static str {
        self.accepted[0]
    }

    /// Whether `result` is a correct result of this benchmark.
    pub fn accepts(&self, result: &str) -> bool {
        self.accepted.contains(&result)
    }
}

/// The micro benchmarks, in the order the README lists them.
pub const BENCHES: &[Bench] = &[
    Bench {
        name: "fib",
        accepted: &["2178309"],
        porcini_only: false,
    },
    Bench {
        name: "sumcall",
        accepted: &["4999999950000000"],
        porcini_only: false,
    },
    Bench {
        name: "propinc",
        accepted: &["10000000"],
        porcini_only: false,
    },
    // 120 is the byte value of "x", the last character of the built string.
    Bench {
        name: "strcat",
        accepted: &["100000", "100000/120"],
        porcini_only: false,
    },
    Bench {
        name: "polyadd",
        accepted: &["5000000/ab"],
        porcini_only: false,
    },
    Bench {
        name: "polysplit",
        accepted: &["40000000"],
        porcini_only: true,
    },
];

/// The benchmark called `name`.
pub fn bench(name: &str) -> Option<&'static Bench> {
    BENCHES.iter().find(|b| b.name == name)
}

/// A reference VM that runs the scripted versions of the benchmarks: `program args... NAME.ext`.
#[derive(Debug, PartialEq, Eq)]
pub struct ScriptVm {
    /// The name in reports and in `--vm`.
    pub name: &'static str,
    /// The executable, looked up on `PATH`.
    pub program: &'static str,
    /// Arguments before the script.
    pub args: &'static [&'static str],
    /// The script's file extension.
    pub ext: &'static str,
}

/// The scripted reference VMs, from the most similar to porcini's interpreter (plain bytecode
/// interpreters) to JIT compilers. Python's executable is resolved by the runner, because a
/// version-manager shim on `PATH` adds tens of milliseconds to every start.
pub const SCRIPT_VMS: &[ScriptVm] = &[
    ScriptVm {
        name: "lua5.4",
        program: "lua5.4",
        args: &[],
        ext: "lua",
    },
    ScriptVm {
        name: "luajit-joff",
        program: "luajit",
        args: &["-joff"],
        ext: "lua",
    },
    ScriptVm {
        name: "luajit",
        program: "luajit",
        args: &[],
        ext: "lua",
    },
    ScriptVm {
        name: "node-jitless",
        program: "node",
        args: &["--jitless"],
        ext: "js",
    },
    ScriptVm {
        name: "node",
        program: "node",
        args: &[],
        ext: "js",
    },
    ScriptVm {
        name: "python3",
        program: "python3",
        args: &[],
        ext: "py",
    },
];

/// The native Rust reference, `build/NAME` with no arguments: LLVM may optimise freely.
pub const RUST: &str = "rust";

/// Extra native variants of a benchmark (name and arguments to `build/NAME`), as the micro
/// folder's `run_micro.py` runs them: they pin down what one real iteration costs where the plain
/// build lets LLVM collapse the loop.
pub fn rust_variants(bench: &str) -> &'static [(&'static str, &'static [&'static str])] {
    match bench {
        "sumcall" => &[
            ("rust-bb", &["100000000", "bb"]),
            ("rust-noinline", &["100000000", "noinline"]),
        ],
        "propinc" => &[("rust-bb", &["10000000", "bb"])],
        "strcat" => &[("rust-copy", &["100000", "x", "copy"])],
        "polyadd" => &[
            ("rust-noinline", &["10000000", "a", "b", "noinline"]),
            ("rust-tagged", &["10000000", "a", "b", "tagged"]),
        ],
        _ => &[],
    }
}

/// Every VM name `--vm` accepts, in report order.
pub fn all_vm_names() -> Vec<&'static str> {
    let mut names = vec![PORCINI];
    names.extend(SCRIPT_VMS.iter().map(|vm| vm.name));
    names.push(RUST);
    for b in BENCHES {
        for (variant, _) in rust_variants(b.name) {
            if !names.contains(variant) {
                names.push(variant);
            }
        }
    }
    names
}

/// Whether the VM `name` is selected by the `--vm` filter (`None`: no filter, everything).
/// porcini is always selected, since every other VM is measured against it; `rust` also selects
/// the native variants (`rust-bb`, ...), which refine the plain build rather than replace it.
pub fn vm_selected(filter: Option<&[String]>, name: &str) -> bool {
    let Some(filter) = filter else { return true };
    name == PORCINI
        || filter.iter().any(|f| f == name)
        || (name.starts_with("rust-") && filter.iter().any(|f| f == RUST))
}

/// The line every micro benchmark prints.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultLine {
    /// The value after `result=`.
    pub result: String,
    /// The in-process kernel time the program measured itself.
    pub kernel_ms: f64,
}

/// Finds the first `result=<value> kernel_ms=<ms>` in a program's output, where `<value>` has no
/// whitespace and `<ms>` is digits and dots (SL prints whole milliseconds, the others fractions).
pub fn parse_result_line(output: &str) -> Option<ResultLine> {
    let mut rest = output;
    while let Some(at) = rest.find("result=") {
        let after = &rest[at + "result=".len()..];
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        let (result, tail) = after.split_at(end);
        if !result.is_empty()
            && let Some(ms) = tail.strip_prefix(" kernel_ms=")
        {
            let digits = ms
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(ms.len());
            if let Ok(kernel_ms) = ms[..digits].parse::<f64>() {
                return Some(ResultLine {
                    result: result.to_string(),
                    kernel_ms,
                });
            }
        }
        rest = after;
    }
    None
}

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Exited successfully with a correct result.
    Ok,
    /// Exited successfully, but printed a wrong result.
    Mismatch,
    /// Did not exit successfully or printed no result line; the detail says what happened.
    Failed(String),
    /// Was killed after the per-run timeout.
    Timeout,
}

impl Status {
    /// The short name used in reports and JSON.
    pub fn label(&self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Mismatch => "mismatch",
            Status::Failed(_) => "failed",
            Status::Timeout => "timeout",
        }
    }
}

/// One finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// The benchmark's name.
    pub bench: String,
    /// The VM's name.
    pub vm: String,
    /// The round, from 0.
    pub round: u32,
    /// The command line, for the record.
    pub cmd: String,
    /// How it ended.
    pub status: Status,
    /// The printed result, if there was a result line.
    pub result: Option<String>,
    /// The printed kernel time, if there was a result line.
    pub kernel_ms: Option<f64>,
    /// Whole-process wall-clock time, from spawn to exit.
    pub wall_ms: f64,
}

impl RunRecord {
    /// Whether the run's timings count: it finished and printed its line. A mismatched run still
    /// counts (it is flagged, not hidden), a failed or timed-out one does not.
    pub fn timed(&self) -> bool {
        matches!(self.status, Status::Ok | Status::Mismatch)
    }
}

/// Classifies a completed process: `exit` is `Ok(())` for success or a description of the exit
/// status, `output` its combined stdout and stderr. Returns the status and the result line.
pub fn classify(
    bench: &Bench,
    exit: Result<(), String>,
    output: &str,
) -> (Status, Option<ResultLine>) {
    let line = parse_result_line(output);
    let status = match (&exit, &line) {
        (Ok(()), Some(l)) if bench.accepts(&l.result) => Status::Ok,
        (Ok(()), Some(_)) => Status::Mismatch,
        (Ok(()), None) => {
            Status::Failed(format!("no result line in output: {}", tail(output, 300)))
        }
        (Err(e), _) => Status::Failed(format!("{e}: {}", tail(output, 300))),
    };
    (status, line)
}

/// The last `max` bytes of `text` (on a character boundary), trimmed, for error messages.
pub fn tail(text: &str, max: usize) -> &str {
    let text = text.trim();
    let mut start = text.len().saturating_sub(max);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

/// The median of `values` (the mean of the middle two for an even count); `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    })
}

/// porcini's time over another VM's, when both exist and the other is not zero (a native kernel
/// that LLVM folded away reports 0 ms, and no finite ratio says anything about that).
pub fn ratio(porcini: Option<f64>, vm: Option<f64>) -> Option<f64> {
    match (porcini, vm) {
        (Some(p), Some(v)) if v > 0.0 && p.is_finite() && v.is_finite() => Some(p / v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_lines_of_every_vm_parse() {
        assert_eq!(
            parse_result_line("result=2178309 kernel_ms=812\n"),
            Some(ResultLine {
                result: "2178309".into(),
                kernel_ms: 812.0
            })
        );
        assert_eq!(
            parse_result_line("result=100000/120 kernel_ms=264.583\n"),
            Some(ResultLine {
                result: "100000/120".into(),
                kernel_ms: 264.583
            })
        );
        // Node prints plain JavaScript numbers.
        assert_eq!(
            parse_result_line("result=5000000/ab kernel_ms=73.601234\n").map(|l| l.result),
            Some("5000000/ab".to_string())
        );
    }

    #[test]
    fn result_line_is_found_among_other_output() {
        let out = "warming up\nresult=oops\nresult=40000000 kernel_ms=1500\ntrailing";
        assert_eq!(
            parse_result_line(out),
            Some(ResultLine {
                result: "40000000".into(),
                kernel_ms: 1500.0
            })
        );
    }

    #[test]
    fn malformed_result_lines_are_rejected() {
        assert_eq!(parse_result_line(""), None);
        assert_eq!(parse_result_line("result= kernel_ms=3"), None);
        assert_eq!(parse_result_line("result=5 kernel_ms="), None);
        assert_eq!(parse_result_line("result=5  kernel_ms=3"), None);
        assert_eq!(parse_result_line("result=5 kernel_ms=..."), None);
        assert_eq!(parse_result_line("Error: kernel_ms=3"), None);
    }

    #[test]
    fn classification() {
        let fib = bench("fib").unwrap();
        assert_eq!(
            classify(fib, Ok(()), "result=2178309 kernel_ms=10").0,
            Status::Ok
        );
        assert_eq!(
            classify(fib, Ok(()), "result=2178310 kernel_ms=10").0,
            Status::Mismatch
        );
        assert!(matches!(
            classify(fib, Ok(()), "nothing").0,
            Status::Failed(_)
        ));
        let (status, line) = classify(
            fib,
            Err("exit status 1".into()),
            "result=2178309 kernel_ms=10\nboom",
        );
        assert!(
            matches!(status, Status::Failed(ref d) if d.starts_with("exit status 1: ") && d.ends_with("boom"))
        );
        assert!(line.is_some());
        let strcat = bench("strcat").unwrap();
        assert!(
            strcat.accepts("100000") && strcat.accepts("100000/120") && !strcat.accepts("99999")
        );
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN, 2.0]), Some(2.0));
    }

    #[test]
    fn ratios() {
        assert_eq!(ratio(Some(142.0), Some(100.0)), Some(1.42));
        assert_eq!(ratio(Some(1.0), Some(0.0)), None);
        assert_eq!(ratio(None, Some(1.0)), None);
        assert_eq!(ratio(Some(1.0), None), None);
    }

    #[test]
    fn vm_filter() {
        let filter = vec!["lua5.4".to_string(), "rust".to_string()];
        let f = Some(filter.as_slice());
        assert!(vm_selected(f, "porcini"));
        assert!(vm_selected(f, "lua5.4"));
        assert!(vm_selected(f, "rust-bb"));
        assert!(!vm_selected(f, "luajit"));
        assert!(vm_selected(None, "node"));
        let only_bb = vec!["rust-bb".to_string()];
        assert!(!vm_selected(Some(only_bb.as_slice()), "rust"));
        assert!(vm_selected(Some(only_bb.as_slice()), "rust-bb"));
    }

    #[test]
    fn tails_respect_character_boundaries() {
        assert_eq!(tail("  héllo  ", 4), "llo");
        assert_eq!(tail("abc", 10), "abc");
    }

    #[test]
    fn every_vm_name_is_unique() {
        let names = all_vm_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert_eq!(names[0], PORCINI);
    }
}
