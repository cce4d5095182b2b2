//! `porcini-awfy`: runs the Are-We-Fast-Yet JavaScript benchmarks on porcini (compiling and
//! interpreter-only) and on node (with and without its JIT), in interleaved rounds, checks every
//! run's output against node's, and reports porcini's times over node's as a table, as JSON with
//! every iteration time, and as an SVG chart.
//!
//! Rounds are interleaved (every benchmark on every VM once, then the next round, the VM order
//! rotating) so that drifts in machine load spread over all VMs instead of landing on one.
//! Everything that does not touch processes or files lives in `porcini_bench::awfy`, where it is
//! unit-tested.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use porcini_bench::awfy::json::{self, Setup};
use porcini_bench::awfy::run::{self, Run};
use porcini_bench::awfy::{
    self, BENCHMARKS, Benchmark, Program, VMS, Vm, output, schedule, summary, svg, table,
};
use porcini_bench::cli::{self, list};
use porcini_bench::process::{self, find_on_path, workspace_root};

const USAGE: &str = "\
Usage: porcini-awfy [OPTIONS]

Runs the 14 Are-We-Fast-Yet JavaScript benchmarks (harness.js NAME ITERATIONS INNER) on porcini
(default mode, and --engine.Compilation=false as porcini-interp) and on node (and node --jitless),
in interleaved rounds, checks that every run prints what node prints (timings masked), and prints
per-benchmark steady-state and first-iteration times with the ratios porcini/node,
porcini-interp/node-jitless and first-iteration porcini/node, and their geometric means.
Steady state is the median of the second half of a run's iteration times, then the median over
rounds. Writes awfy.json (every iteration of every run) and awfy.svg (the ratios) to --out.
Exits with status 1 if any run failed or printed something other than node.

Options:
  --dir DIR           the AWFY JavaScript folder
                      [default: <workspace>/../shared/benchmarks/awfy/JavaScript]
  --porcini PATH      porcini binary [default: <workspace>/target/release/porcini]
  --node PATH         node binary [default: node on PATH]
  --rounds N          rounds [default: 3]
  --only A,B          benchmarks to run [default: all 14]
  --vms A,B           VMs to run, of porcini, porcini-interp, node, node-jitless [default: all];
                      node's output is the reference every run is checked against, so without
                      node runs are reported as unchecked
  --iterations N      outer (timed) iterations of every benchmark [default: per benchmark]
  --inner N           inner iterations of every benchmark [default: per benchmark; CD, Havlak,
                      Mandelbrot and NBody verify their result only at certain sizes]
  --timeout SECS      per-run timeout; a run that exceeds it is killed and reported [default: 600]
  --out DIR           where awfy.json and awfy.svg go [default: <workspace>/target/awfy]
  -h, --help          print this help
";

/// The parsed command line.
struct Config {
    dir: PathBuf,
    porcini: PathBuf,
    node: Option<PathBuf>,
    rounds: u32,
    benches: Vec<Benchmark>,
    vms: Vec<&'static Vm>,
    timeout: Duration,
    out: PathBuf,
}

fn parse_args(args: &[String]) -> Result<Option<Config>, String> {
    let root = workspace_root();
    let mut config = Config {
        dir: root.join("../shared/benchmarks/awfy/JavaScript"),
        porcini: root.join("target/release/porcini"),
        node: None,
        rounds: 3,
        benches: BENCHMARKS.to_vec(),
        vms: VMS.iter().collect(),
        timeout: Duration::from_secs(600),
        out: root.join("target/awfy"),
    };
    let (mut iterations, mut inner) = (None, None);
    for (name, given) in cli::options(args, &["-h", "--help"])? {
        // Every name but the flags comes with a value; a stray word comes without one and is
        // rejected below as an unknown argument.
        let value = || given.clone().ok_or_else(|| format!("{name} needs a value"));
        match name.as_str() {
            "-h" | "--help" => return Ok(None),
            "--dir" => config.dir = PathBuf::from(value()?),
            "--porcini" => config.porcini = PathBuf::from(value()?),
            "--node" => config.node = Some(PathBuf::from(value()?)),
            "--rounds" => config.rounds = cli::positive(&name, &value()?)?,
            "--only" => {
                config.benches = list(&value()?)
                    .iter()
                    .map(|b| {
                        awfy::benchmark(b).copied().ok_or_else(|| {
                            let names: Vec<&str> = BENCHMARKS.iter().map(|b| b.name).collect();
                            format!("unknown benchmark '{b}' (known: {})", names.join(", "))
                        })
                    })
                    .collect::<Result<_, _>>()?
            }
            "--vms" => {
                let wanted = list(&value()?);
                let names: Vec<&str> = VMS.iter().map(|v| v.name).collect();
                if let Some(bad) = wanted.iter().find(|v| awfy::vm(v).is_none()) {
                    return Err(format!("unknown VM '{bad}' (known: {})", names.join(", ")));
                }
                // Report order stays the canonical one, whatever order the list gives.
                config.vms = VMS
                    .iter()
                    .filter(|v| wanted.iter().any(|w| w == v.name))
                    .collect();
            }
            "--iterations" => iterations = Some(cli::positive(&name, &value()?)?),
            "--inner" => inner = Some(cli::positive(&name, &value()?)?),
            "--timeout" => config.timeout = cli::seconds(&name, &value()?)?,
            "--out" => config.out = PathBuf::from(value()?),
            _ => return Err(format!("unknown argument '{name}' (see --help)")),
        }
    }
    for b in &mut config.benches {
        b.iterations = iterations.unwrap_or(b.iterations);
        b.inner = inner.unwrap_or(b.inner);
    }
    if config.benches.is_empty() || config.vms.is_empty() {
        return Err("nothing to run: --only and --vms need at least one name each".into());
    }
    Ok(Some(config))
}

/// The command line of `bench` on `vm`.
fn argv(config: &Config, node: &Path, vm: &Vm, bench: &Benchmark) -> Vec<String> {
    let exe = match vm.program {
        Program::Porcini => config.porcini.as_path(),
        Program::Node => node,
    };
    let mut argv = vec![exe.display().to_string()];
    argv.extend(vm.args.iter().map(|a| a.to_string()));
    argv.extend([
        "harness.js".to_string(),
        bench.name.to_string(),
        bench.iterations.to_string(),
        bench.inner.to_string(),
    ]);
    argv
}

fn run_one(config: &Config, argv: Vec<String>, vm: &Vm, bench: &Benchmark, round: u32) -> Run {
    let finished = process::run(&argv, &config.dir, config.timeout);
    let timings = output::timings(bench.name, &finished.stdout);
    let timed_out = finished.timed_out.then_some(config.timeout.as_secs_f64());
    Run {
        bench: bench.name.to_string(),
        vm: vm.name.to_string(),
        round,
        cmd: argv.join(" "),
        failure: run::failure(
            bench,
            &finished.exit,
            timed_out,
            &finished.stdout,
            &finished.stderr,
            &timings,
        ),
        stdout: finished.stdout,
        iterations_us: timings.iterations_us,
        wall_ms: finished.wall_ms,
        check: run::Check::Unchecked,
    }
}

/// One progress line on stderr.
fn progress(done: usize, total: usize, r: &Run) {
    let ms = |us: Option<f64>| table::format_ms(us);
    eprintln!(
        "[{done:>3}/{total}] r{} {:<10} {:<14} {:<9} steady={:>9} ms  first={:>9} ms  wall={:>7.1} s",
        r.round,
        r.bench,
        r.vm,
        r.label(),
        ms(r.steady_us()),
        ms(r.first_us()),
        r.wall_ms / 1e3
    );
    if let Some(p) = r.problem() {
        eprintln!("!!! {} on {} (round {}): {p}", r.bench, r.vm, r.round);
    }
}

fn run(mut config: Config) -> Result<bool, String> {
    config.dir = cli::benchmark_folder(&config.dir, "harness.js", "the AWFY JavaScript folder")?;
    let wants = |p: Program| config.vms.iter().any(|v| v.program == p);
    if wants(Program::Porcini) {
        cli::porcini_exists(&config.porcini)?;
    }
    let node = match config.node.clone().or_else(|| find_on_path("node")) {
        Some(node) => node,
        None if wants(Program::Node) => return Err("node is not on PATH; pass --node".into()),
        None => PathBuf::from("node"),
    };
    let version = process::run(
        &[node.display().to_string(), "--version".into()],
        &config.dir,
        Duration::from_secs(30),
    );
    let node_version = match version.exit {
        Ok(()) => version.stdout.trim().to_string(),
        Err(e) => format!("unknown ({e})"),
    };
    if !config.vms.iter().any(|v| v.name == awfy::NODE) {
        eprintln!("note: node is not among the VMs, so no run's output can be checked");
    }
    let total = config.rounds as usize * config.benches.len() * config.vms.len();
    let mut runs: Vec<Run> = Vec::with_capacity(total);
    for round in 0..config.rounds {
        for (b, v) in schedule(round, config.benches.len(), config.vms.len()) {
            let (bench, vm) = (&config.benches[b], config.vms[v]);
            let argv = argv(&config, &node, vm, bench);
            runs.push(run_one(&config, argv, vm, bench, round));
            // The check is redone over every run so far: a node run may have just supplied the
            // reference for the runs of its benchmark before it, which are reported now if they
            // turn out to differ.
            let before: Vec<&str> = runs.iter().map(Run::label).collect();
            run::check_all(&mut runs);
            let last = runs.len() - 1;
            progress(runs.len(), total, &runs[last]);
            for (r, was) in runs[..last].iter().zip(before) {
                if r.label() != was
                    && let Some(p) = r.problem()
                {
                    eprintln!("!!! {} on {} (round {}): {p}", r.bench, r.vm, r.round);
                }
            }
        }
    }
    let vm_names: Vec<&str> = config.vms.iter().map(|v| v.name).collect();
    let summary = summary::summarize(&runs, &config.benches, &vm_names);
    print!("{}", table::render(&summary, config.rounds));
    let problems: Vec<String> = runs
        .iter()
        .filter_map(|r| {
            let p = r.problem()?;
            Some(format!(
                "{} {} on {} (round {}): {p}",
                r.label(),
                r.bench,
                r.vm,
                r.round
            ))
        })
        .collect();
    if !problems.is_empty() {
        println!("\nPROBLEMS ({}):", problems.len());
        for p in &problems {
            println!("  {p}");
        }
    }
    let setup = Setup {
        dir: config.dir.display().to_string(),
        porcini: config.porcini.display().to_string(),
        node: node.display().to_string(),
        node_version,
        rounds: config.rounds,
        timeout_s: config.timeout.as_secs_f64(),
    };
    std::fs::create_dir_all(&config.out)
        .map_err(|e| format!("cannot create {}: {e}", config.out.display()))?;
    let title = format!(
        "porcini / node on Are-We-Fast-Yet (lower is better), {} round{}, node {}",
        config.rounds,
        if config.rounds == 1 { "" } else { "s" },
        setup.node_version
    );
    for (file, text) in [
        ("awfy.json", json::to_json(&setup, &runs, &summary)),
        ("awfy.svg", svg::render(&summary, &title)),
    ] {
        let path = config.out.join(file);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(problems.is_empty())
}

fn main() -> ExitCode {
    cli::main("porcini-awfy", USAGE, parse_args, run)
}
