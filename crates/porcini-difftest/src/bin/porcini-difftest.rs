//! The `porcini-difftest` command line: `run` checks generated programs in every engine mode
//! (EasyScript ones against node too), `gen` prints the program of a seed, `reduce` shrinks any
//! SL or JavaScript file that disagrees. `--lang sl` (the default) or `--lang es` picks the
//! language of generated programs.

#![forbid(unsafe_code)]

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use porcini_difftest::campaign::{self, Config, Counts, Finding, Observer};
use porcini_difftest::lang::Lang;
use porcini_difftest::mode::Mode;
use porcini_difftest::run::{Vms, find_node};

fn cli() -> Command {
    let porcini = Arg::new("porcini")
        .long("porcini")
        .value_name("PATH")
        .value_parser(value_parser!(PathBuf))
        .help("the porcini binary [default: $PORCINI, else target/release/porcini of this workspace]");
    let modes = Arg::new("modes").long("modes").value_name("A,B,...").help(format!(
        "modes to compare with the interpreter [default: all: {}]",
        Mode::ALL.iter().map(|m| m.name).collect::<Vec<_>>().join(",")
    ));
    let lang = Arg::new("lang")
        .long("lang")
        .value_name("sl|es")
        .default_value("sl")
        .help("the language of the generated programs: SL, or EasyScript (JavaScript)");
    let node = Arg::new("node")
        .long("node")
        .value_name("PATH")
        .value_parser(value_parser!(PathBuf))
        .help("node, which EasyScript programs are also compared with [default: node on the PATH]");
    let no_node = Arg::new("no-node")
        .long("no-node")
        .action(ArgAction::SetTrue)
        .conflicts_with("node")
        .help("do not compare EasyScript programs with node");
    let timeout = Arg::new("timeout")
        .long("timeout")
        .value_name("SECS")
        .value_parser(value_parser!(f64))
        .default_value("20")
        .help("per-run timeout");
    Command::new("porcini-difftest")
        .about("Differential testing of porcini's JIT against its interpreter (and of EasyScript against node)")
        .subcommand_required(true)
        .subcommand(
            Command::new("run")
                .about("Generate programs from seeds, run them in every mode, report disagreements")
                .arg(
                    Arg::new("seeds")
                        .long("seeds")
                        .value_name("A..B")
                        .conflicts_with("seed")
                        .help("seed range [default: 0..100]"),
                )
                .arg(
                    Arg::new("seed")
                        .long("seed")
                        .value_name("N")
                        .value_parser(value_parser!(u64))
                        .help("a single seed"),
                )
                .arg(
                    Arg::new("jobs")
                        .long("jobs")
                        .value_name("N")
                        .value_parser(value_parser!(usize))
                        .help("worker threads [default: available parallelism]"),
                )
                .arg(lang.clone())
                .arg(porcini.clone())
                .arg(modes.clone())
                .arg(node.clone())
                .arg(no_node.clone())
                .arg(
                    Arg::new("reduce")
                        .long("reduce")
                        .action(ArgAction::SetTrue)
                        .help("reduce each disagreeing program"),
                )
                .arg(
                    Arg::new("out")
                        .long("out")
                        .value_name("DIR")
                        .value_parser(value_parser!(PathBuf))
                        .help("where findings go [default: target/difftest of this workspace]"),
                )
                .arg(
                    Arg::new("keep")
                        .long("keep")
                        .action(ArgAction::SetTrue)
                        .help("also write the programs that agreed to DIR"),
                )
                .arg(
                    Arg::new("progress")
                        .long("progress")
                        .value_name("N")
                        .value_parser(value_parser!(u64))
                        .default_value("100")
                        .help("print a progress line every N programs"),
                )
                .arg(timeout.clone()),
        )
        .subcommand(
            Command::new("gen")
                .about("Print the program generated from a seed")
                .arg(Arg::new("seed").long("seed").value_name("N").value_parser(value_parser!(u64)).required(true))
                .arg(lang),
        )
        .subcommand(
            Command::new("reduce")
                .about("Reduce an SL or JavaScript file that disagrees; prints the reduced program")
                .arg(Arg::new("file").value_name("FILE.sl|FILE.js").value_parser(value_parser!(PathBuf)).required(true))
                .arg(porcini)
                .arg(modes)
                .arg(node)
                .arg(no_node)
                .arg(timeout),
        )
}

fn main() -> ExitCode {
    let matches = cli().get_matches();
    let result = match matches.subcommand() {
        Some(("run", m)) => run(m),
        Some(("gen", m)) => lang(m).map(|lang| {
            let seed = m.get_one::<u64>("seed").copied().unwrap_or(0);
            print!("{}", lang.program(seed));
            ExitCode::SUCCESS
        }),
        Some(("reduce", m)) => reduce(m),
        _ => Err("unknown command".to_string()),
    };
    result.unwrap_or_else(|e| {
        eprintln!("porcini-difftest: {e}");
        ExitCode::from(2)
    })
}

/// The workspace's root, known when this binary is compiled.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The language `--lang` names.
fn lang(m: &ArgMatches) -> Result<Lang, String> {
    let name = m.get_one::<String>("lang").map_or("sl", String::as_str);
    Lang::by_name(name).ok_or_else(|| format!("unknown language '{name}' (known: sl, es)"))
}

fn config(m: &ArgMatches, lang: Lang, reduce: bool, jobs: usize) -> Result<Config, String> {
    let porcini = match m.get_one::<PathBuf>("porcini") {
        Some(p) => p.clone(),
        None => std::env::var_os("PORCINI").map_or_else(|| workspace().join("target/release/porcini"), PathBuf::from),
    };
    if !porcini.is_file() {
        return Err(format!(
            "no porcini binary at {} (build it with `cargo build --release -p porcini-cli`, or pass --porcini)",
            porcini.display()
        ));
    }
    // node is EasyScript's oracle; SL programs never need it.
    let node = match (lang, m.get_one::<PathBuf>("node")) {
        (Lang::Sl, _) => None,
        _ if m.get_flag("no-node") => None,
        (Lang::Es, Some(p)) => Some(p.clone()),
        (Lang::Es, None) => find_node(),
    };
    let mut modes = match m.get_one::<String>("modes") {
        Some(list) => Mode::parse_list(list)?,
        None => lang.default_modes(node.is_some()),
    };
    if node.is_none() {
        modes.retain(|&mode| mode != Mode::NODE);
    }
    let secs = m.get_one::<f64>("timeout").copied().unwrap_or(20.0);
    let timeout = Duration::try_from_secs_f64(secs).map_err(|_| format!("bad timeout {secs}"))?;
    Ok(Config { lang, vms: Vms { porcini, node }, modes, jobs, reduce, timeout })
}

fn parse_seeds(m: &ArgMatches) -> Result<Range<u64>, String> {
    if let Some(&seed) = m.get_one::<u64>("seed") {
        return Ok(seed..seed.saturating_add(1));
    }
    let Some(text) = m.get_one::<String>("seeds") else { return Ok(0..100) };
    let (a, b) = text.split_once("..").ok_or_else(|| format!("--seeds wants A..B, not '{text}'"))?;
    let parse = |s: &str| s.trim().parse::<u64>().map_err(|_| format!("bad seed '{s}' in '{text}'"));
    Ok(parse(a)?..parse(b)?)
}

/// Prints progress to stderr and writes findings to the output directory as they come.
struct Reporter {
    out: PathBuf,
    ext: &'static str,
    every: u64,
    total: u64,
    errors: Mutex<Vec<String>>,
}

impl Observer for Reporter {
    fn checked(&self, c: Counts, elapsed: Duration) {
        if self.every > 0 && (c.programs.is_multiple_of(self.every) || c.programs == self.total) {
            let rate = c.programs as f64 / elapsed.as_secs_f64().max(1e-9);
            eprintln!(
                "[{:>6}/{}] {} disagreements, {} skipped, {:.1} s ({rate:.1} programs/s)",
                c.programs,
                self.total,
                c.disagreements,
                c.skipped,
                elapsed.as_secs_f64()
            );
        }
    }

    fn found(&self, f: &Finding) {
        let modes: Vec<&str> = f.modes.iter().map(|m| m.name).collect();
        eprintln!("seed {}: disagreement in {}", f.seed, modes.join(","));
        if let Err(e) = write_finding(&self.out, self.ext, f) {
            self.errors.lock().unwrap_or_else(|e| e.into_inner()).push(e);
        }
    }

    fn reducing(&self, seed: u64, statements: usize, lines: usize) {
        eprintln!("  seed {seed}: reduced to {statements} statements, {lines} lines");
    }
}

fn write_finding(out: &Path, ext: &str, f: &Finding) -> Result<(), String> {
    let write = |name: String, text: &str| {
        std::fs::write(out.join(&name), text).map_err(|e| format!("cannot write {name}: {e}"))
    };
    write(format!("seed-{}.{ext}", f.seed), &f.program)?;
    if let Some(reduced) = &f.reduced {
        write(format!("seed-{}.reduced.{ext}", f.seed), reduced)?;
    }
    write(format!("seed-{}.txt", f.seed), &f.report)
}

fn run(m: &ArgMatches) -> Result<ExitCode, String> {
    let jobs = match m.get_one::<usize>("jobs") {
        Some(&j) => j,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let config = config(m, lang(m)?, m.get_flag("reduce"), jobs)?;
    let seeds = parse_seeds(m)?;
    let modes: Vec<&str> = config.modes.iter().map(|m| m.name).collect();
    eprintln!("{} programs, modes {}", config.lang.name(), modes.join(","));
    let out = m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| workspace().join("target/difftest"));
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let reporter = Reporter {
        out: out.clone(),
        ext: config.lang.extension(),
        every: m.get_one::<u64>("progress").copied().unwrap_or(100),
        total: seeds.end.saturating_sub(seeds.start),
        errors: Mutex::new(Vec::new()),
    };
    let summary = campaign::run_seeds(&config, seeds.clone(), &reporter);
    if m.get_flag("keep") {
        for seed in seeds.clone() {
            if !summary.disagreements.iter().any(|f| f.seed == seed) {
                let text = config.lang.program(seed);
                let name = format!("seed-{seed}.{}", config.lang.extension());
                std::fs::write(out.join(name), text).map_err(|e| format!("cannot write: {e}"))?;
            }
        }
    }
    let c = summary.counts;
    let secs = summary.elapsed.as_secs_f64();
    eprintln!(
        "{} programs in {secs:.1} s ({:.1}/s), {} skipped, {} disagreements",
        c.programs,
        c.programs as f64 / secs.max(1e-9),
        c.skipped,
        c.disagreements
    );
    for (mode, n) in &summary.per_mode {
        eprintln!("  {mode}: {n}");
    }
    let errors = reporter.errors.into_inner().unwrap_or_else(|e| e.into_inner());
    for e in summary.errors.iter().chain(&errors) {
        eprintln!("error: {e}");
    }
    if c.disagreements > 0 {
        eprintln!("findings are in {}", out.display());
        return Ok(ExitCode::from(1));
    }
    Ok(if summary.errors.is_empty() && errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

fn reduce(m: &ArgMatches) -> Result<ExitCode, String> {
    let Some(file) = m.get_one::<PathBuf>("file") else { return Err("no file".into()) };
    let lang = Lang::of_file(file).ok_or_else(|| format!("{}: not a .sl or .js file", file.display()))?;
    let config = config(m, lang, true, 1)?;
    let source = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut progress = |statements, lines| eprintln!("reduced to {statements} statements, {lines} lines");
    let reduced = campaign::reduce_source(&config, &source, &mut progress)?;
    eprint!("{}", reduced.report);
    print!("{}", reduced.text);
    Ok(ExitCode::SUCCESS)
}
