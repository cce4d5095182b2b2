//! The SL programs the criterion benches run: small versions of the shared micro benchmarks
//! (`../shared/benchmarks/micro`), sized so that one call takes milliseconds in the interpreter,
//! plus a medium-sized source for the parser.
//!
//! The micro benchmarks fix their sizes in the source and time themselves with `nanoTime`; here
//! the size is a parameter and the kernel is a function `kernel()` that returns its result, so the
//! harness does the timing and can check the result. `main` is empty: running the program only
//! registers the functions.

/// The entry function every kernel source defines.
pub const ENTRY: &str = "kernel";

/// A medium-sized SL program (about 250 lines exercising most of the grammar), for measuring
/// the parser.
pub const MEDIUM_SOURCE: &str = include_str!("medium.sl");

/// What [`MEDIUM_SOURCE`] returns from `main`.
pub const MEDIUM_RESULT: &str = "3029";

/// One sized kernel.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The micro benchmark it mirrors (`fib`, `sumcall`, ...).
    pub name: &'static str,
    /// The problem size (fib's argument, or the loop's iteration count).
    pub n: u64,
    /// The operations one call performs (guest calls for fib, loop iterations otherwise), for
    /// criterion's throughput figures.
    pub ops: u64,
    /// The SL source.
    pub source: String,
    /// The display string `kernel()` returns.
    pub expected: String,
}

/// Recursive `fib(n)`: guest calls, comparisons and additions.
pub fn fib(n: u64) -> Kernel {
    const SOURCE: &str = r#"
function fib(n) {
  if (n < 2) {
    return n;
  }
  return fib(n - 1) + fib(n - 2);
}

function kernel() {
  return fib(SIZE);
}

function main() {
}
"#;
    // fib(n) makes 2 * fib(n + 1) - 1 calls in all.
    let (value, next) = fib_pair(n);
    Kernel {
        name: "fib",
        n,
        ops: 2 * next - 1,
        source: sized(SOURCE, n),
        expected: value.to_string(),
    }
}

/// A `while` loop with one call `add(sum, i)` per iteration.
pub fn sumcall(n: u64) -> Kernel {
    const SOURCE: &str = r#"
function add(a, b) {
  return a + b;
}

function kernel() {
  n = SIZE;
  i = 0;
  sum = 0;
  while (i < n) {
    sum = add(sum, i);
    i = i + 1;
  }
  return sum;
}

function main() {
}
"#;
    let expected = (u128::from(n) * u128::from(n.saturating_sub(1)) / 2).to_string();
    Kernel {
        name: "sumcall",
        n,
        ops: n,
        source: sized(SOURCE, n),
        expected,
    }
}

/// `obj.count = obj.count + 1` in a loop: a property read and write per iteration.
pub fn propinc(n: u64) -> Kernel {
    const SOURCE: &str = r#"
function kernel() {
  n = SIZE;
  obj = new();
  obj.count = 0;
  i = 0;
  while (i < n) {
    obj.count = obj.count + 1;
    i = i + 1;
  }
  return obj.count;
}

function main() {
}
"#;
    Kernel {
        name: "propinc",
        n,
        ops: n,
        source: sized(SOURCE, n),
        expected: n.to_string(),
    }
}

/// `s = s + "x"` in a loop: string concatenation, quadratic in `n` without ropes.
pub fn strcat(n: u64) -> Kernel {
    const SOURCE: &str = r#"
function kernel() {
  n = SIZE;
  piece = "x";
  s = "";
  i = 0;
  while (i < n) {
    s = s + piece;
    i = i + 1;
  }
  return s;
}

function main() {
}
"#;
    Kernel {
        name: "strcat",
        n,
        ops: n,
        source: sized(SOURCE, n),
        expected: "x".repeat(n as usize),
    }
}

/// One `add(a, b)` call site fed alternately numbers and strings: a polymorphic `+`.
///
/// `a` and `b` are assigned before the loop so that they are locals of the function body: SL
/// scopes an implicitly declared local to the block that assigns it, so locals first assigned in
/// the `if` and `else` blocks would not be visible at the call.
pub fn polyadd(n: u64) -> Kernel {
    const SOURCE: &str = r#"
function add(a, b) {
  return a + b;
}

function kernel() {
  n = SIZE;
  sa = "a";
  sb = "b";
  i = 0;
  t = 0;
  x = 0;
  s = "";
  a = 0;
  b = 0;
  while (i < n) {
    t = 1 - t;
    if (t == 1) {
      a = x;
      b = 1;
    } else {
      a = sa;
      b = sb;
    }
    r = add(a, b);
    if (t == 1) {
      x = r;
    } else {
      s = r;
    }
    i = i + 1;
  }
  return x + "/" + s;
}

function main() {
}
"#;
    // The first iteration takes the number branch, so an odd size adds one more number.
    let suffix = if n >= 2 { "ab" } else { "" };
    Kernel {
        name: "polyadd",
        n,
        ops: n,
        source: sized(SOURCE, n),
        expected: format!("{}/{suffix}", n.div_ceil(2)),
    }
}

/// The source with its size literal filled in. SL has no argv, so the size is part of the text,
/// as in the micro benchmarks.
fn sized(template: &str, n: u64) -> String {
    template.replace("SIZE", &n.to_string())
}

/// The kernels at the sizes the criterion benches use: each call takes about a millisecond to a
/// few tens of milliseconds in the interpreter (polyadd, with its string allocations, is the
/// slowest), short enough for a quick run and long enough to dwarf the call overhead.
pub fn default_kernels() -> Vec<Kernel> {
    vec![
        fib(20),
        sumcall(100_000),
        propinc(100_000),
        strcat(2_000),
        polyadd(100_000),
    ]
}

/// `(fib(n), fib(n + 1))`, iteratively.
fn fib_pair(n: u64) -> (u64, u64) {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guest::{Loaded, on_guest_thread, run_source};

    /// Every kernel, at a small size and at its benchmark size, returns what it should, twice in
    /// a row on the same engine (the benches call it repeatedly).
    #[test]
    fn kernels_compute_their_expected_results() {
        let mut kernels = vec![
            fib(10),
            sumcall(1_000),
            propinc(1_000),
            strcat(50),
            polyadd(101),
        ];
        kernels.extend(default_kernels());
        let failures = on_guest_thread(move |stack| {
            let mut failures = Vec::new();
            for k in &kernels {
                let loaded = match Loaded::new(stack, &k.source, ENTRY) {
                    Ok(l) => l,
                    Err(e) => {
                        failures.push(format!("{} {}: {e}", k.name, k.n));
                        continue;
                    }
                };
                for _ in 0..2 {
                    match loaded.call_display() {
                        Ok(v) if v == k.expected => {}
                        other => failures.push(format!(
                            "{} {}: {other:?}, expected {}",
                            k.name, k.n, k.expected
                        )),
                    }
                }
            }
            failures
        });
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn small_sizes_are_as_expected() {
        assert_eq!(fib(10).expected, "55");
        assert_eq!(fib(10).ops, 177);
        assert_eq!(sumcall(4).expected, "6");
        assert_eq!(polyadd(4).expected, "2/ab");
        assert_eq!(polyadd(1).expected, "1/");
    }

    #[test]
    fn medium_source_parses_and_runs() {
        assert!(lang_sl::parser::parse(MEDIUM_SOURCE).is_ok());
        let outcome =
            on_guest_thread(|stack| run_source(stack, MEDIUM_SOURCE, "medium.sl")).expect("runs");
        assert_eq!(outcome.result.as_deref(), Some(MEDIUM_RESULT));
        assert!(
            outcome.output.starts_with("squares: 0, 1, 4, 9, 16, 25\n"),
            "{}",
            outcome.output
        );
    }
}
