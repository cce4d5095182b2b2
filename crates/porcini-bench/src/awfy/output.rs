//! Reading what `harness.js` prints, and comparing one run's output with another's.
//!
//! The harness (`run.js`) writes to standard output, for `harness.js Queens 3 10`:
//!
//! ```text
//! Starting Queens benchmark ...
//! Queens: iterations=1 runtime: 812us
//! Queens: iterations=1 runtime: 640us
//! Queens: iterations=1 runtime: 633us
//! Queens: iterations=3 average: 695us total: 2085us
//!
//!
//! Total Runtime: 2085us
//! ```
//!
//! one `runtime` line per timed iteration, in whole microseconds (truncated), then the summary.
//! A benchmark whose result is wrong throws, which ends the process with a non-zero status; one
//! that has no verification for its size prints a note first. Everything but the microsecond
//! numbers is deterministic, so two runs are compared with those numbers masked.

/// The timings in a harness's output.
#[derive(Clone, Debug, PartialEq)]
pub struct Timings {
    /// The time of each `runtime` line, in microseconds, in order.
    pub iterations_us: Vec<f64>,
    /// The number after `Total Runtime:`, if the line is there.
    pub total_us: Option<f64>,
}

/// Reads the iteration times of benchmark `name` and the total from `stdout`. Lines that are not
/// timings are ignored here; [`mask`] and [`difference`] look at them.
pub fn timings(name: &str, stdout: &str) -> Timings {
    let prefix = format!("{name}: iterations=1 runtime: ");
    let mut iterations_us = Vec::new();
    let mut total_us = None;
    for line in stdout.lines() {
        if let Some(us) = line.strip_prefix(&prefix).and_then(micros) {
            iterations_us.push(us);
        } else if let Some(us) = line.strip_prefix("Total Runtime: ").and_then(micros) {
            total_us = Some(us);
        }
    }
    Timings {
        iterations_us,
        total_us,
    }
}

/// `812us` as 812.0; `None` for anything else.
fn micros(text: &str) -> Option<f64> {
    let digits = text.strip_suffix("us")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Checks that a run printed what a complete run of `iterations` iterations prints: that many
/// timed iterations and the total. A run can exit successfully without them only if something
/// went badly wrong (the harness was not what we think, or output was lost), and its numbers
/// would then mean nothing.
pub fn complete(timings: &Timings, iterations: u32) -> Result<(), String> {
    let found = timings.iterations_us.len();
    if found != iterations as usize {
        return Err(format!(
            "expected {iterations} iteration times, found {found}"
        ));
    }
    if timings.total_us.is_none() {
        return Err("no `Total Runtime:` line".to_string());
    }
    Ok(())
}

/// `stdout` with every number of microseconds (a run of digits followed by `us` and then not by a
/// letter or digit) replaced by `#`, and line endings normalized to `\n`: what must be the same
/// in every correct run.
pub fn mask(stdout: &str) -> String {
    let mut out = String::with_capacity(stdout.len());
    for line in stdout.lines() {
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i > start {
                let preceded = start > 0 && bytes[start - 1].is_ascii_alphanumeric();
                let unit = line[i..].starts_with("us")
                    && !line[i + 2..]
                        .bytes()
                        .next()
                        .is_some_and(|b| b.is_ascii_alphanumeric());
                if unit && !preceded {
                    out.push('#');
                } else {
                    out.push_str(&line[start..i]);
                }
                continue;
            }
            let c = line[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
        out.push('\n');
    }
    out
}

/// Where masked output `actual` first differs from the reference `expected`, as a sentence for
/// the report; `None` when they are equal.
pub fn difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut want = expected.lines();
    let mut got = actual.lines();
    let mut line = 1;
    loop {
        match (want.next(), got.next()) {
            (Some(w), Some(g)) if w == g => line += 1,
            (Some(w), Some(g)) => {
                return Some(format!("line {line}: expected `{w}`, got `{g}`"));
            }
            (Some(w), None) => {
                return Some(format!("line {line}: expected `{w}`, got end of output"));
            }
            (None, Some(g)) => {
                return Some(format!("line {line}: expected end of output, got `{g}`"));
            }
            // Equal lines but unequal texts: the only difference is a final line ending.
            (None, None) => return Some("the output differs in its final line ending".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEENS: &str = "Starting Queens benchmark ...\n\
        Queens: iterations=1 runtime: 812us\n\
        Queens: iterations=1 runtime: 640us\n\
        Queens: iterations=1 runtime: 633us\n\
        Queens: iterations=3 average: 695us total: 2085us\n\n\n\
        Total Runtime: 2085us\n";

    /// Runs `f` on `input` and compares its debug rendering with `expect`.
    fn check<T: std::fmt::Debug>(f: impl Fn(&str) -> T, input: &str, expect: &str) {
        let actual = format!("{:?}", f(input));
        assert_eq!(actual, expect, "for input {input:?}");
    }

    #[test]
    fn iteration_times_and_total() {
        let t = |s: &str| timings("Queens", s);
        check(
            t,
            QUEENS,
            "Timings { iterations_us: [812.0, 640.0, 633.0], total_us: Some(2085.0) }",
        );
        // Another benchmark's lines, malformed numbers and a missing total are not timings.
        check(
            t,
            "Sieve: iterations=1 runtime: 5us\nQueens: iterations=1 runtime: 5 us\n\
             Queens: iterations=1 runtime: -5us\nQueens: iterations=1 runtime: us\n\
             Queens: iterations=1 runtime: 7us\n",
            "Timings { iterations_us: [7.0], total_us: None }",
        );
        check(t, "", "Timings { iterations_us: [], total_us: None }");
    }

    #[test]
    fn completeness() {
        let c = |n: u32| move |s: &str| complete(&timings("Queens", s), n);
        check(c(3), QUEENS, "Ok(())");
        check(c(4), QUEENS, "Err(\"expected 4 iteration times, found 3\")");
        check(
            c(1),
            "Queens: iterations=1 runtime: 7us\n",
            "Err(\"no `Total Runtime:` line\")",
        );
    }

    #[test]
    fn masking_hides_only_microseconds() {
        check(
            mask,
            QUEENS,
            "\"Starting Queens benchmark ...\\n\
             Queens: iterations=1 runtime: #us\\nQueens: iterations=1 runtime: #us\\n\
             Queens: iterations=1 runtime: #us\\n\
             Queens: iterations=3 average: #us total: #us\\n\\n\\nTotal Runtime: #us\\n\"",
        );
        // Counts, other units and digits inside words stay; line endings are normalized.
        check(
            mask,
            "iterations=20 x12us 5usx 7 us 8us\r\nRésumé: 9us",
            "\"iterations=20 x12us 5usx 7 us #us\\nRésumé: #us\\n\"",
        );
    }

    #[test]
    fn first_difference_is_named() {
        let d = |s: &str| difference("a\nb\nc\n", s);
        check(d, "a\nb\nc\n", "None");
        check(d, "a\nB\nc\n", "Some(\"line 2: expected `b`, got `B`\")");
        check(
            d,
            "a\nb\n",
            "Some(\"line 3: expected `c`, got end of output\")",
        );
        check(
            d,
            "a\nb\nc\nd\n",
            "Some(\"line 4: expected end of output, got `d`\")",
        );
        check(
            d,
            "a\nb\nc",
            "Some(\"the output differs in its final line ending\")",
        );
    }
}
