//! A fixed budget of generated programs, each run by the `porcini` binary in the interpreter and
//! in every compiling mode, which must all do exactly what the interpreter does (see the
//! `porcini-difftest` crate): SL programs, and EasyScript programs, which must also do what node
//! does when node is installed. `PORCINI_DIFFTEST_SEEDS=A..B` and
//! `PORCINI_DIFFTEST_ES_SEEDS=A..B` run other ranges; the `porcini-difftest run` command runs
//! any number (`--lang es` for EasyScript), and reduces what disagrees.

use std::ops::Range;
use std::path::Path;

use porcini_difftest::campaign::{Summary, check_lang_seeds, check_seeds};
use porcini_difftest::lang::Lang;
use porcini_difftest::mode::Mode;
use porcini_difftest::run::{Vms, find_node};

/// The SL seeds CI runs: about half a minute on two cores.
const SEEDS: Range<u64> = 0..400;

/// The EasyScript seeds CI runs: about half a minute on two cores with node (an EasyScript
/// program runs in nine ways, GC stress the slowest, node next).
const ES_SEEDS: Range<u64> = 0..50;

/// `default`, or the range the environment variable `var` gives.
fn seeds(var: &str, default: Range<u64>) -> Range<u64> {
    let Ok(text) = std::env::var(var) else { return default };
    let parsed = text.split_once("..").and_then(|(a, b)| Some(a.trim().parse().ok()?..b.trim().parse().ok()?));
    parsed.unwrap_or_else(|| panic!("{var} is not a range A..B: {text:?}"))
}

fn jobs() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Fails with every disagreement of `summary`, reproducible with `command`.
fn assert_agreement(summary: &Summary, command: &str) {
    assert!(summary.errors.is_empty(), "porcini could not be run: {:?}", summary.errors);
    let reports: Vec<String> = summary
        .disagreements
        .iter()
        .map(|d| format!("seed {} ({}):\n{}", d.seed, d.modes.iter().map(|m| m.name).collect::<Vec<_>>().join(","), d.report))
        .collect();
    assert!(
        reports.is_empty(),
        "{} of {} programs disagree (reproduce with `{command}`):\n{}",
        reports.len(),
        summary.counts.programs,
        reports.join("\n")
    );
    // A skipped program is one the interpreter did not finish in time; a few are tolerable on a
    // loaded machine, many mean the generator makes programs too slow to test anything.
    assert!(summary.counts.skipped * 20 <= summary.counts.programs, "{} programs skipped", summary.counts.skipped);
}

#[test]
fn generated_programs_agree_in_every_mode() {
    let porcini = Path::new(env!("CARGO_BIN_EXE_porcini"));
    let summary = check_seeds(porcini, seeds("PORCINI_DIFFTEST_SEEDS", SEEDS), Mode::ALL, jobs(), false);
    assert_agreement(&summary, "porcini-difftest run --seed N --reduce");
}

#[test]
fn generated_easyscript_programs_agree_in_every_mode_and_with_node() {
    let node = find_node();
    if node.is_none() {
        eprintln!("node is not installed: EasyScript programs are compared with the interpreter only");
    }
    let modes = Lang::Es.default_modes(node.is_some());
    let vms = Vms { porcini: Path::new(env!("CARGO_BIN_EXE_porcini")).to_path_buf(), node };
    let summary = check_lang_seeds(Lang::Es, &vms, seeds("PORCINI_DIFFTEST_ES_SEEDS", ES_SEEDS), &modes, jobs(), false);
    assert_agreement(&summary, "porcini-difftest run --lang es --seed N --reduce");
}
