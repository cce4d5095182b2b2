//! `porcini-compare`: runs the shared micro benchmarks on porcini and on whichever reference VMs
//! are installed, in interleaved rounds, and reports median kernel and wall-clock times with the
//! porcini/VM ratios.
//!
//! Each program times its own kernel and prints `result=<value> kernel_ms=<ms>`; the runner times
//! the whole process from outside, checks the result against the expected value, and kills a run
//! that exceeds the timeout. Rounds are interleaved (every VM once per round, then the next round)
//! so that slow drifts in machine load spread over all VMs instead of landing on one. Everything
//! that does not touch processes lives in `porcini_bench::compare`, where it is unit-tested.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use porcini_bench::cli::{self, list};
use porcini_bench::compare::report::{self, Setup};
use porcini_bench::compare::{
    self, BENCHES, Bench, PORCINI, RUST, RunRecord, SCRIPT_VMS, Status, all_vm_names,
    rust_variants, vm_selected,
};
use porcini_bench::process::{self, find_on_path, workspace_root};

const USAGE: &str = "\
Usage: porcini-compare [OPTIONS]

Runs the micro benchmarks (fib, sumcall, propinc, strcat, polyadd; polysplit on porcini only) on
porcini and on every installed reference VM (lua5.4, luajit -joff, luajit, node --jitless, node,
python3, native Rust builds), in interleaved rounds, and prints median kernel and wall-clock times
with porcini/VM ratios. Exits with status 1 if any run failed, timed out or printed a wrong result.

Options:
  --dir DIR             micro benchmark folder [default: <workspace>/../shared/benchmarks/micro]
  --porcini PATH        porcini binary [default: <workspace>/target/release/porcini]
  --porcini-arg=ARG     extra argument for porcini, before the program (repeatable),
                        e.g. --porcini-arg=--engine.Splitting=false
  --mode interp|default interp passes --engine.Compilation=false to porcini; default passes
                        nothing, so the engine's default (compiling) mode runs [default: interp]
  --rounds N            rounds per benchmark [default: 3]
  --bench a,b           benchmarks to run [default: all]
  --vm a,b              reference VMs to run (porcini always runs; `rust` includes the native
                        variants such as rust-bb) [default: all installed]
  --timeout SECS        per-run timeout; a run that exceeds it is killed and reported [default: 300]
  --rust-build-dir DIR  where native programs missing from DIR/build are compiled with rustc
                        [default: <workspace>/target/porcini-compare/rust]
  --json FILE           also write every run and the summary as JSON
  -h, --help            print this help
";

/// The parsed command line.
struct Config {
    dir: PathBuf,
    porcini: PathBuf,
    porcini_args: Vec<String>,
    interp: bool,
    rounds: u32,
    benches: Vec<&'static Bench>,
    vms: Option<Vec<String>>,
    timeout: Duration,
    rust_build_dir: PathBuf,
    json: Option<PathBuf>,
}

/// One way of running a benchmark: a VM's name and the full command line.
struct Runner {
    vm: String,
    argv: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Option<Config>, String> {
    let root = workspace_root();
    let mut config = Config {
        dir: root.join("../shared/benchmarks/micro"),
        porcini: root.join("target/release/porcini"),
        porcini_args: Vec::new(),
        interp: true,
        rounds: 3,
        benches: BENCHES.iter().collect(),
        vms: None,
        timeout: Duration::from_secs(300),
        rust_build_dir: root.join("target/porcini-compare/rust"),
        json: None,
    };
    for (name, given) in cli::options(args, &["-h", "--help"])? {
        // Every name but the flags comes with a value; a stray word comes without one and is
        // rejected below as an unknown argument.
        let value = || given.clone().ok_or_else(|| format!("{name} needs a value"));
        match name.as_str() {
            "-h" | "--help" => return Ok(None),
            "--dir" => config.dir = PathBuf::from(value()?),
            "--porcini" => config.porcini = PathBuf::from(value()?),
            "--porcini-arg" => config.porcini_args.push(value()?),
            "--mode" => {
                config.interp = match value()?.as_str() {
                    "interp" => true,
                    "default" => false,
                    other => {
                        return Err(format!("--mode must be interp or default, not '{other}'"));
                    }
                }
            }
            "--rounds" => config.rounds = cli::positive(&name, &value()?)?,
            "--bench" => {
                config.benches = list(&value()?)
                    .iter()
                    .map(|b| {
                        compare::bench(b).ok_or_else(|| {
                            let names: Vec<&str> = BENCHES.iter().map(|b| b.name).collect();
                            format!("unknown benchmark '{b}' (known: {})", names.join(", "))
                        })
                    })
                    .collect::<Result<_, _>>()?
            }
            "--vm" => {
                let vms = list(&value()?);
                let known = all_vm_names();
                if let Some(bad) = vms.iter().find(|v| !known.contains(&v.as_str())) {
                    return Err(format!("unknown VM '{bad}' (known: {})", known.join(", ")));
                }
                config.vms = Some(vms);
            }
            "--timeout" => config.timeout = cli::seconds(&name, &value()?)?,
            "--rust-build-dir" => config.rust_build_dir = PathBuf::from(value()?),
            "--json" => config.json = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument '{name}' (see --help)")),
        }
    }
    Ok(Some(config))
}

/// The Python interpreter's real executable: a version-manager shim on `PATH` would add its own
/// start-up time to every run.
fn resolve_python(python: &Path, timeout: Duration) -> PathBuf {
    let argv = vec![
        python.display().to_string(),
        "-c".into(),
        "import sys; print(sys.executable)".into(),
    ];
    let finished = process::run(&argv, Path::new("."), timeout);
    let real = finished.stdout.trim();
    if finished.exit.is_ok() && !real.is_empty() && Path::new(real).is_file() {
        PathBuf::from(real)
    } else {
        python.to_path_buf()
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The native build of `bench`: `DIR/build/NAME` if it exists, otherwise one compiled with rustc
/// into the build directory (again only when the source is newer). `None`, with a note printed,
/// when there is neither.
fn rust_binary(config: &Config, rustc: Option<&Path>, bench: &str) -> Option<PathBuf> {
    let prebuilt = config.dir.join("build").join(bench);
    if prebuilt.is_file() {
        return Some(prebuilt);
    }
    let source = config.dir.join(format!("{bench}.rs"));
    if !source.is_file() {
        eprintln!(
            "note: {} does not exist; skipping the Rust reference for {bench}",
            source.display()
        );
        return None;
    }
    let built = config.rust_build_dir.join(bench);
    if let (Some(b), Some(s)) = (modified(&built), modified(&source))
        && b >= s
    {
        return Some(built);
    }
    let Some(rustc) = rustc else {
        eprintln!(
            "note: no build/{bench} in the micro folder and no rustc on PATH; skipping the Rust reference"
        );
        return None;
    };
    if let Err(e) = std::fs::create_dir_all(&config.rust_build_dir) {
        eprintln!(
            "note: cannot create {}: {e}; skipping the Rust reference",
            config.rust_build_dir.display()
        );
        return None;
    }
    eprintln!(
        "building {bench}.rs with rustc -O into {}",
        config.rust_build_dir.display()
    );
    let argv: Vec<String> = vec![
        rustc.display().to_string(),
        "-O".into(),
        "-C".into(),
        "debuginfo=0".into(),
        "-o".into(),
        built.display().to_string(),
        source.display().to_string(),
    ];
    let finished = process::run(&argv, &config.dir, config.timeout);
    match &finished.exit {
        Ok(()) if !finished.timed_out => Some(built),
        Ok(()) => {
            eprintln!("note: rustc timed out on {bench}.rs; skipping the Rust reference");
            None
        }
        Err(e) => {
            eprintln!(
                "note: rustc failed on {bench}.rs ({e}): {}",
                compare::tail(&finished.output(), 600)
            );
            None
        }
    }
}

/// Every way of running `bench`: porcini first, then the installed and selected references.
fn runners(
    config: &Config,
    installed: &[(String, PathBuf)],
    rustc: Option<&Path>,
    bench: &Bench,
) -> Vec<Runner> {
    let file = |ext: &str| format!("{}.{ext}", bench.name);
    let mut porcini = vec![config.porcini.display().to_string()];
    if config.interp {
        porcini.push("--engine.Compilation=false".into());
    }
    porcini.extend(config.porcini_args.iter().cloned());
    porcini.push(file("sl"));
    let mut out = vec![Runner {
        vm: PORCINI.into(),
        argv: porcini,
    }];
    if bench.porcini_only {
        return out;
    }
    let filter = config.vms.as_deref();
    for vm in SCRIPT_VMS.iter().filter(|vm| vm_selected(filter, vm.name)) {
        if let Some((_, exe)) = installed.iter().find(|(name, _)| name == vm.name) {
            let mut argv = vec![exe.display().to_string()];
            argv.extend(vm.args.iter().map(|a| a.to_string()));
            argv.push(file(vm.ext));
            out.push(Runner {
                vm: vm.name.into(),
                argv,
            });
        }
    }
    let variants = rust_variants(bench.name);
    let wanted =
        vm_selected(filter, RUST) || variants.iter().any(|(name, _)| vm_selected(filter, name));
    if wanted && let Some(binary) = rust_binary(config, rustc, bench.name) {
        let exe = binary.display().to_string();
        if vm_selected(filter, RUST) {
            out.push(Runner {
                vm: RUST.into(),
                argv: vec![exe.clone()],
            });
        }
        for (name, args) in variants
            .iter()
            .filter(|(name, _)| vm_selected(filter, name))
        {
            let mut argv = vec![exe.clone()];
            argv.extend(args.iter().map(|a| a.to_string()));
            out.push(Runner {
                vm: name.to_string(),
                argv,
            });
        }
    }
    out
}

/// The scripted VMs that are selected and installed, with their executables; prints a note for
/// each one that is missing.
fn installed_script_vms(config: &Config) -> Vec<(String, PathBuf)> {
    let filter = config.vms.as_deref();
    let mut installed = Vec::new();
    for vm in SCRIPT_VMS.iter().filter(|vm| vm_selected(filter, vm.name)) {
        match find_on_path(vm.program) {
            Some(exe) => {
                let exe = if vm.program == "python3" {
                    resolve_python(&exe, config.timeout)
                } else {
                    exe
                };
                installed.push((vm.name.to_string(), exe));
            }
            None => eprintln!("note: {} is not on PATH; skipping {}", vm.program, vm.name),
        }
    }
    installed
}

fn run(mut config: Config) -> Result<bool, String> {
    config.dir = cli::benchmark_folder(&config.dir, "README.md", "the micro benchmark folder")?;
    cli::porcini_exists(&config.porcini)?;
    let installed = installed_script_vms(&config);
    let rustc = find_on_path("rustc");
    let mut records: Vec<RunRecord> = Vec::new();
    let mut vm_order: Vec<String> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    for bench in &config.benches {
        let runners = runners(&config, &installed, rustc.as_deref(), bench);
        for r in &runners {
            if !vm_order.contains(&r.vm) {
                vm_order.push(r.vm.clone());
            }
        }
        for round in 0..config.rounds {
            for runner in &runners {
                let record = run_one(&config, bench, runner, round);
                report_progress(bench, &record, &mut problems);
                records.push(record);
            }
        }
    }
    let setup = Setup {
        dir: config.dir.display().to_string(),
        porcini: config.porcini.display().to_string(),
        porcini_args: runners_porcini_args(&config),
        mode: if config.interp { "interp" } else { "default" }.to_string(),
        rounds: config.rounds,
        timeout_s: config.timeout.as_secs_f64(),
    };
    let summaries = report::summarize(&records, &config.benches, &vm_order);
    print!("{}", report::render(&setup, &summaries));
    if let Some(path) = &config.json {
        std::fs::write(path, report::to_json(&setup, &records, &summaries))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if !problems.is_empty() {
        println!("\nPROBLEMS ({}):", problems.len());
        for p in &problems {
            println!("  {p}");
        }
    }
    Ok(problems.is_empty())
}

/// The arguments porcini gets before the program, as recorded in the report.
fn runners_porcini_args(config: &Config) -> Vec<String> {
    let mut args = Vec::new();
    if config.interp {
        args.push("--engine.Compilation=false".to_string());
    }
    args.extend(config.porcini_args.iter().cloned());
    args
}

fn run_one(config: &Config, bench: &Bench, runner: &Runner, round: u32) -> RunRecord {
    let finished = process::run(&runner.argv, &config.dir, config.timeout);
    let (status, line) = if finished.timed_out {
        (
            Status::Timeout,
            compare::parse_result_line(&finished.stdout),
        )
    } else {
        compare::classify(bench, finished.exit.clone(), &finished.output())
    };
    RunRecord {
        bench: bench.name.to_string(),
        vm: runner.vm.clone(),
        round,
        cmd: runner.argv.join(" "),
        result: line.as_ref().map(|l| l.result.clone()),
        kernel_ms: line.map(|l| l.kernel_ms),
        status,
        wall_ms: finished.wall_ms,
    }
}

/// Prints one progress line to stderr, and a loud line for anything wrong (kept for the end).
fn report_progress(bench: &Bench, r: &RunRecord, problems: &mut Vec<String>) {
    let kernel = r.kernel_ms.map_or("-".to_string(), |k| format!("{k:.1}"));
    eprintln!(
        "{:<9} r{} {:<13} {:<8} kernel={:>9} ms  wall={:>9.1} ms  result={}",
        r.bench,
        r.round,
        r.vm,
        r.status.label(),
        kernel,
        r.wall_ms,
        r.result.as_deref().unwrap_or("-")
    );
    let problem = match &r.status {
        Status::Ok => None,
        Status::Mismatch => Some(format!(
            "MISMATCH: {} on {} (round {}) printed result={}, expected {}",
            r.bench,
            r.vm,
            r.round,
            r.result.as_deref().unwrap_or("?"),
            bench.expected()
        )),
        Status::Failed(detail) => Some(format!(
            "FAILED: {} on {} (round {}): {detail}",
            r.bench, r.vm, r.round
        )),
        Status::Timeout => Some(format!(
            "TIMEOUT: {} on {} (round {}) killed after {:.0} ms",
            r.bench, r.vm, r.round, r.wall_ms
        )),
    };
    if let Some(p) = problem {
        eprintln!("!!! {p}");
        problems.push(p);
    }
}

fn main() -> ExitCode {
    cli::main("porcini-compare", USAGE, parse_args, run)
}
