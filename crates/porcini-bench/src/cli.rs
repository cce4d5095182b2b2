//! The command-line conventions the runners share: an option takes its value either as
//! `--name=value` or as the next argument, and lists are comma-separated.
//!
//! Each binary matches the pairs [`options`] returns against its own names, so its usage text and
//! its parsing stay side by side in one file; only what would otherwise be written twice is here:
//! the splitting, the number formats, and [`main`]'s exit statuses.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Splits `args` into `(name, value)` pairs. A name listed in `flags` takes no value; any other
/// name starting with `-` takes the text after its `=`, or else the next argument. An argument
/// that is not an option comes back as its own name with no value, for the caller to reject.
pub fn options(args: &[String], flags: &[&str]) -> Result<Vec<(String, Option<String>)>, String> {
    let mut out = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if flags.contains(&arg.as_str()) || !arg.starts_with('-') {
            out.push((arg.clone(), None));
            continue;
        }
        let (name, value) = match arg.split_once('=') {
            Some((name, value)) => (name.to_string(), value.to_string()),
            None => {
                let value = rest.next().ok_or_else(|| format!("{arg} needs a value"))?;
                (arg.clone(), value.clone())
            }
        };
        out.push((name, Some(value)));
    }
    Ok(out)
}

/// The non-empty, trimmed items of a comma-separated list.
pub fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// `text` as a positive integer, for option `name`.
pub fn positive(name: &str, text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{name} needs a positive integer, not '{text}'"))
}

/// `text` as a positive, finite number of seconds, for option `name`.
pub fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    text.parse()
        .ok()
        .filter(|s: &f64| *s > 0.0 && s.is_finite())
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{name} needs a positive number of seconds, not '{text}'"))
}

/// `dir` canonicalized (so reports name it without the `..` of a default path), if it holds
/// `marker`, the file that shows it is the benchmark folder `what`.
pub fn benchmark_folder(dir: &Path, marker: &str, what: &str) -> Result<PathBuf, String> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    if dir.join(marker).is_file() {
        Ok(dir)
    } else {
        Err(format!(
            "{} does not look like {what} (no {marker}); use --dir",
            dir.display()
        ))
    }
}

/// An error unless the porcini binary is at `path`.
pub fn porcini_exists(path: &Path) -> Result<(), String> {
    if path.is_file() {
        return Ok(());
    }
    Err(format!(
        "no porcini binary at {}; build it with `cargo build --release -p porcini-cli` or pass --porcini",
        path.display()
    ))
}

/// A runner's `main`: parses the command line with `parse` (`None` asks for the usage text),
/// runs, and turns the outcome into the exit status: 0 when every run was fine, 1 when some run
/// failed (`run` returned `Ok(false)`, having reported it), 2 for a usage or set-up error, which
/// is printed after the tool's name.
pub fn main<C>(
    tool: &str,
    usage: &str,
    parse: impl FnOnce(&[String]) -> Result<Option<C>, String>,
    run: impl FnOnce(C) -> Result<bool, String>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = parse(&args).and_then(|config| match config {
        None => {
            print!("{usage}");
            Ok(true)
        }
        Some(config) => run(config),
    });
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("{tool}: {msg}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(args: &str, expect: &str) {
        let args: Vec<String> = args.split_whitespace().map(String::from).collect();
        let actual = match options(&args, &["-h", "--help"]) {
            Ok(pairs) => pairs
                .iter()
                .map(|(n, v)| match v {
                    Some(v) => format!("{n}={v}"),
                    None => n.clone(),
                })
                .collect::<Vec<_>>()
                .join(" "),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(actual, expect, "for {args:?}");
    }

    #[test]
    fn values_inline_or_next() {
        check(
            "--rounds 3 --only=Sieve,List",
            "--rounds=3 --only=Sieve,List",
        );
        check(
            "--porcini-arg=--engine.OSR=false",
            "--porcini-arg=--engine.OSR=false",
        );
        check("--help --rounds 1", "--help --rounds=1");
        check("stray --bench=x", "stray --bench=x");
        check("--rounds", "error: --rounds needs a value");
    }

    #[test]
    fn numbers() {
        assert_eq!(positive("--rounds", "3"), Ok(3));
        assert_eq!(
            positive("--rounds", "0"),
            Err("--rounds needs a positive integer, not '0'".into())
        );
        assert_eq!(seconds("--timeout", "1.5"), Ok(Duration::from_millis(1500)));
        assert!(seconds("--timeout", "inf").is_err() && seconds("--timeout", "-1").is_err());
    }

    #[test]
    fn lists() {
        assert_eq!(list(" a, b,,c "), ["a", "b", "c"]);
        assert!(list("").is_empty());
    }
}
