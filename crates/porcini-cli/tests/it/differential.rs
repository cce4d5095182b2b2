//! A fixed budget of generated programs, each run by the `porcini` binary in the interpreter and
//! in every compiling mode, which must all do exactly what the interpreter does (see the
//! `porcini-difftest` crate). `PORCINI_DIFFTEST_SEEDS=A..B` runs another range; the
//! `porcini-difftest run` command runs any number, and reduces what disagrees.

use std::ops::Range;
use std::path::Path;

use porcini_difftest::campaign::check_seeds;
use porcini_difftest::mode::Mode;

/// The seeds CI runs: about half a minute on two cores.
const SEEDS: Range<u64> = 0..400;

fn seeds() -> Range<u64> {
    let Ok(text) = std::env::var("PORCINI_DIFFTEST_SEEDS") else { return SEEDS };
    let parsed = text.split_once("..").and_then(|(a, b)| Some(a.trim().parse().ok()?..b.trim().parse().ok()?));
    parsed.unwrap_or_else(|| panic!("PORCINI_DIFFTEST_SEEDS is not a range A..B: {text:?}"))
}

#[test]
fn generated_programs_agree_in_every_mode() {
    let porcini = Path::new(env!("CARGO_BIN_EXE_porcini"));
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let summary = check_seeds(porcini, seeds(), Mode::ALL, jobs, false);
    assert!(summary.errors.is_empty(), "porcini could not be run: {:?}", summary.errors);
    let reports: Vec<String> = summary
        .disagreements
        .iter()
        .map(|d| format!("seed {} ({}):\n{}", d.seed, d.modes.iter().map(|m| m.name).collect::<Vec<_>>().join(","), d.report))
        .collect();
    assert!(
        reports.is_empty(),
        "{} of {} programs disagree with the interpreter (reproduce with `porcini-difftest run --seed N --reduce`):\n{}",
        reports.len(),
        summary.counts.programs,
        reports.join("\n")
    );
    // A skipped program is one the interpreter did not finish in time; a few are tolerable on a
    // loaded machine, many mean the generator makes programs too slow to test anything.
    assert!(summary.counts.skipped * 20 <= summary.counts.programs, "{} programs skipped", summary.counts.skipped);
}
