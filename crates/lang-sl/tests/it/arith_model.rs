//! SL arithmetic checked against a model: `+ - * /` and the comparisons on values at the edges of
//! 64 bits and beyond, run through the engine in-process, must agree with exact integer
//! arithmetic (spec §6, §7.3, §7.4).
//!
//! SL's numbers are unbounded integers kept as 64-bit values while they fit. Overflow promotes to
//! a big integer, big results that fit go back to small (the spec allows normalising), division
//! truncates toward zero, and dividing by zero is a guest error. The model computes in `i128`
//! when both operands fit in 64 bits (every product and quotient of two such values fits, and
//! Rust's `/` truncates toward zero), and otherwise with `dashu_int::IBig`, dividing magnitudes so
//! that the rounding rule under test is not borrowed from the same library the engine uses.
//!
//! Operators are exercised on literals and on parameters, in random expression trees, and inside
//! functions called many times and loops whose values start small and later overflow: those
//! nodes specialise for 64-bit values first and must rewrite themselves to big integers mid-run
//! (and keep giving right answers after the values shrink again).
//!
//! One data-driven helper, [`check`], runs a program and compares its transcript.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write;
use std::rc::Rc;

use dashu_int::{IBig, UBig};
use lang_sl::{Host, RunError, SlEngine};
use proptest::prelude::*;

/// The source name of every program, as it appears in error messages.
const FILE: &str = "arith.sl";

/// Standard output of a guest, shared with the test that reads it afterwards.
#[derive(Clone, Default)]
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `src` and returns what the launcher would show: standard output, then the non-NULL
/// result, or `error: ` and the guest error, each on its own line.
fn transcript(src: &str) -> String {
    let out = Capture::default();
    let engine = SlEngine::new(Default::default(), Host::new(Box::new(out.clone())));
    // The programs here are shallow; declaring a modest part of the test thread's stack keeps the
    // engine's recursion guard meaningful without assuming a big stack.
    let marker = 0u8;
    engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, 1 << 20);
    let result = engine.run(src, FILE);
    let mut t = String::from_utf8_lossy(&out.0.borrow()).into_owned();
    match result {
        Ok(Some(v)) => t.push_str(&format!("{v}\n")),
        Ok(None) => {}
        Err(RunError::Guest(m)) => t.push_str(&format!("error: {m}\n")),
        Err(e) => t.push_str(&format!("error: {e:?}\n")),
    }
    t
}

/// Runs `src` and compares its transcript with `expect`.
fn check(src: &str, expect: &str) -> Result<(), TestCaseError> {
    let got = transcript(src);
    prop_assert_eq!(got, expect, "program:\n{}", src);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The model

/// The exact result of `a op b`, or `None` for a division by zero.
fn model(op: &str, a: &IBig, b: &IBig) -> Option<IBig> {
    if let (Ok(x), Ok(y)) = (i64::try_from(a), i64::try_from(b)) {
        let (x, y) = (x as i128, y as i128);
        let r = match op {
            "+" => x + y,
            "-" => x - y,
            "*" => x * y,
            "/" if y == 0 => return None,
            "/" => x / y,
            _ => unreachable!("not an arithmetic operator: {op}"),
        };
        return Some(IBig::from(r));
    }
    Some(match op {
        "+" => a + b,
        "-" => a - b,
        "*" => a * b,
        "/" => {
            if *b == IBig::ZERO {
                return None;
            }
            // Truncation toward zero: the quotient of the magnitudes, with the sign of the
            // exact quotient.
            let q = IBig::from(magnitude(a) / magnitude(b));
            if (*a < IBig::ZERO) != (*b < IBig::ZERO) { -q } else { q }
        }
        _ => unreachable!("not an arithmetic operator: {op}"),
    })
}

fn magnitude(v: &IBig) -> UBig {
    let abs = if *v < IBig::ZERO { -v.clone() } else { v.clone() };
    UBig::try_from(abs).unwrap_or_default()
}

/// The model of a comparison operator.
fn compare(op: &str, a: &IBig, b: &IBig) -> bool {
    match op {
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        ">=" => a >= b,
        "==" => a == b,
        "!=" => a != b,
        _ => unreachable!("not a comparison: {op}"),
    }
}

const ARITH: [&str; 4] = ["+", "-", "*", "/"];
const COMPARE: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];

/// `v` as SL source: SL has no negative literals, so a negative number is a subtraction from 0.
fn lit(v: &IBig) -> String {
    if *v < IBig::ZERO { format!("(0 - {})", magnitude(v)) } else { v.to_string() }
}

// ---------------------------------------------------------------------------------------------
// Values

/// 64-bit values near the places where `+ - * /` overflow: the ends of the range, the square
/// root of the range (products), powers of two, and small numbers.
fn edge_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        (0..1_000i64).prop_map(|k| i64::MAX - k),
        (0..1_000i64).prop_map(|k| i64::MIN + k),
        (-1_000..1_000i64),
        (-1_000..1_000i64).prop_map(|k| 3_037_000_499 + k),
        (-1_000..1_000i64).prop_map(|k| -3_037_000_499 + k),
        (0..63u32, -3..3i64, any::<bool>()).prop_map(|(p, k, neg)| {
            let v = (1i64 << p).wrapping_add(k);
            if neg { v.wrapping_neg() } else { v }
        }),
        any::<i64>(),
    ]
}

/// Values beyond 64 bits, as decimal literals would write them: up to 80 digits, either sign.
fn big_value() -> impl Strategy<Value = IBig> {
    ("[1-9][0-9]{18,80}", any::<bool>()).prop_map(|(digits, neg)| {
        let v = IBig::from_str_radix(&digits, 10).unwrap_or_default();
        if neg { -v } else { v }
    })
}

fn value() -> impl Strategy<Value = IBig> {
    prop_oneof![4 => edge_i64().prop_map(IBig::from), 1 => big_value()]
}

/// Two operands: independent, or equal, or neighbours, since comparisons differ only there.
fn operands() -> impl Strategy<Value = (IBig, IBig)> {
    prop_oneof![
        3 => (value(), value()),
        1 => value().prop_map(|a| (a.clone(), a)),
        1 => (value(), -2..=2i64).prop_map(|(a, d)| (a.clone(), a + IBig::from(d))),
    ]
}

// ---------------------------------------------------------------------------------------------
// One operator at a time

/// Every operator on `a` and `b`: as literals in `main`, then as parameters of `calc`, whose last
/// line divides (so a zero divisor ends the run there).
fn pair_program(a: &IBig, b: &IBig) -> (String, String) {
    let (la, lb) = (lit(a), lit(b));
    let mut src = String::from("function calc(a, b) {\n");
    let mut main = String::from("function main() {\n");
    let mut lines = String::new();
    for op in COMPARE {
        let _ = writeln!(src, "  println(a {op} b);");
        let _ = writeln!(main, "  println({la} {op} {lb});");
        let _ = writeln!(lines, "{}", compare(op, a, b));
    }
    for op in ["+", "-", "*"] {
        let _ = writeln!(src, "  println(a {op} b);");
        let _ = writeln!(main, "  println({la} {op} {lb});");
        let _ = writeln!(lines, "{}", model(op, a, b).map_or_else(String::new, |r| r.to_string()));
    }
    // calc's division is on line 11: the header, six comparisons and three arithmetic lines.
    src.push_str("  return a / b;\n}\n");
    let _ = writeln!(main, "  return calc({la}, {lb});\n}}");
    src.push_str(&main);
    let mut expect = lines.clone();
    expect.push_str(&lines);
    match model("/", a, b) {
        Some(q) => {
            let _ = writeln!(expect, "{q}");
        }
        None => {
            let _ = writeln!(expect, "error: Division by zero at {FILE} line 11 col 10");
        }
    }
    (src, expect)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn operators_match_the_model((a, b) in operands()) {
        let (src, expect) = pair_program(&a, &b);
        check(&src, &expect)?;
    }

    #[test]
    fn operators_at_the_64_bit_edges(a in edge_i64(), b in edge_i64()) {
        let (src, expect) = pair_program(&IBig::from(a), &IBig::from(b));
        check(&src, &expect)?;
    }
}

#[test]
fn fixed_cases() {
    let min = IBig::from(i64::MIN);
    let max = IBig::from(i64::MAX);
    let cases = [
        (max.clone(), IBig::ONE),
        (min.clone(), IBig::from(-1)),
        (min.clone(), min.clone()),
        (min.clone(), IBig::ZERO),
        (max.clone(), max.clone()),
        (IBig::from(3_000_000_000_000i64), IBig::from(4_000_000_000_000i64)),
        (IBig::from(-7), IBig::from(2)),
        (IBig::from(7), IBig::from(-2)),
        (IBig::from(4), IBig::from(4_000_000_000_000i64)),
        (max.clone() + IBig::ONE, IBig::from(-1)),
        (min.clone() - IBig::ONE, IBig::ONE),
    ];
    for (a, b) in cases {
        let (src, expect) = pair_program(&a, &b);
        if let Err(e) = check(&src, &expect) {
            panic!("{e}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Expression trees

/// An arithmetic expression over literals.
#[derive(Debug, Clone)]
enum Tree {
    Leaf(IBig),
    Bin(&'static str, Box<Tree>, Box<Tree>),
}

impl Tree {
    /// Fully parenthesised SL source, with some parentheses left out where precedence and left
    /// associativity make them redundant, so both forms are parsed.
    fn source(&self) -> String {
        match self {
            Tree::Leaf(v) => lit(v),
            Tree::Bin(op, l, r) => {
                let left = match &**l {
                    // `a * b + c` and `a - b - c` need no parentheses on the left.
                    Tree::Bin(lop, ..) if precedence(lop) >= precedence(op) => l.source_bare(),
                    _ => l.source(),
                };
                format!("({left} {op} {})", r.source())
            }
        }
    }
    fn source_bare(&self) -> String {
        let s = self.source();
        s.strip_prefix('(').and_then(|s| s.strip_suffix(')')).map_or(s.clone(), str::to_string)
    }
    /// The exact value; `None` if some division divides by zero.
    fn eval(&self) -> Option<IBig> {
        match self {
            Tree::Leaf(v) => Some(v.clone()),
            Tree::Bin(op, l, r) => {
                let (a, b) = (l.eval()?, r.eval()?);
                model(op, &a, &b)
            }
        }
    }
}

fn precedence(op: &str) -> u8 {
    if op == "+" || op == "-" { 1 } else { 2 }
}

fn tree() -> impl Strategy<Value = Tree> {
    value().prop_map(Tree::Leaf).prop_recursive(4, 16, 2, |inner| {
        (proptest::sample::select(&ARITH[..]), inner.clone(), inner)
            .prop_map(|(op, l, r)| Tree::Bin(op, Box::new(l), Box::new(r)))
    })
}

/// What `println` of `t` shows, or the start of the division-by-zero error.
fn shown(t: &Tree) -> Result<String, ()> {
    t.eval().map(|v| v.to_string()).ok_or(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn expression_trees_match_the_model(t in tree(), u in tree(), cmp in proptest::sample::select(&COMPARE[..])) {
        let src = format!(
            "function main() {{\n  println({});\n  println({});\n  return {} {cmp} {};\n}}\n",
            t.source(), u.source(), t.source_bare(), u.source_bare()
        );
        let got = transcript(&src);
        match (shown(&t), shown(&u)) {
            (Ok(x), Ok(y)) => {
                let (a, b) = (t.eval().unwrap_or_default(), u.eval().unwrap_or_default());
                check(&src, &format!("{x}\n{y}\n{}\n", compare(cmp, &a, &b)))?;
            }
            // Which division fails first, and so the exact location, is not modelled.
            (Ok(x), Err(())) => prop_assert!(
                got.starts_with(&format!("{x}\nerror: Division by zero at {FILE} line 3 col ")), "{}\n{}", src, got),
            (Err(()), _) => prop_assert!(
                got.starts_with(&format!("error: Division by zero at {FILE} line 2 col ")), "{}\n{}", src, got),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Specialisation: the same nodes see small values, then big ones, then small ones again

/// Operands for the call sequence: a run of pairs whose results all fit, then pairs chosen to
/// overflow (or that are big already), then small pairs again.
fn call_sequence() -> impl Strategy<Value = Vec<(IBig, IBig)>> {
    let small = (-1_000_000i64..1_000_000, -1_000_000i64..1_000_000).prop_map(|(a, b)| (IBig::from(a), IBig::from(b)));
    let wide = operands();
    (
        proptest::collection::vec(small.clone(), 1..12),
        proptest::collection::vec(wide, 1..12),
        proptest::collection::vec(small, 0..6),
    )
        .prop_map(|(a, b, c)| a.into_iter().chain(b).chain(c).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn nodes_rewrite_from_long_to_big_mid_run(pairs in call_sequence()) {
        // One function per operator, so each operator node sees the whole sequence.
        let mut src = String::new();
        let names = [("add", "+"), ("sub", "-"), ("mul", "*"), ("div", "/"), ("lt", "<"), ("le", "<="), ("eq", "==")];
        for (name, op) in names {
            let _ = writeln!(src, "function {name}(a, b) {{ return a {op} b; }}");
        }
        src.push_str("function main() {\n");
        let mut expect = String::new();
        for (a, b) in &pairs {
            for (name, op) in names {
                // A zero divisor would end the run; the other operators still see the pair.
                if op == "/" && *b == IBig::ZERO {
                    continue;
                }
                let _ = writeln!(src, "  println({name}({}, {}));", lit(a), lit(b));
                let line = match op {
                    "<" | "<=" | "==" => compare(op, a, b).to_string(),
                    _ => model(op, a, b).map_or_else(String::new, |r| r.to_string()),
                };
                let _ = writeln!(expect, "{line}");
            }
        }
        src.push_str("}\n");
        check(&src, &expect)?;
    }

    #[test]
    fn loops_grow_past_64_bits_and_shrink_back(
        start in 1i64..1_000,
        factor in 2i64..100_000,
        steps in 1usize..40,
        limit in big_value(),
    ) {
        // Multiply until well past 64 bits, then divide back down: the same `*`, `/` and `<`
        // nodes see small values, overflow, big values, and small values again.
        let src = [
            "function main() {".to_string(),
            format!("  x = {start};"),
            "  i = 0;".to_string(),
            format!("  while (i < {steps}) {{ x = x * {factor}; println(x); i = i + 1; }}"),
            format!("  while (0 < i) {{ x = x / {factor}; println(x); i = i - 1; }}"),
            "  n = 0;".to_string(),
            format!("  while (x < {}) {{ x = x * {factor} + 1; n = n + 1; }}", lit(&limit)),
            "  println(n);".to_string(),
            "  return x - x + x / x;".to_string(),
            "}\n".to_string(),
        ]
        .join("\n");
        let mut expect = String::new();
        let (f, mut x) = (IBig::from(factor), IBig::from(start));
        for _ in 0..steps {
            x = &x * &f;
            let _ = writeln!(expect, "{x}");
        }
        for _ in 0..steps {
            x = model("/", &x, &f).unwrap_or_default();
            let _ = writeln!(expect, "{x}");
        }
        let mut n = 0;
        while x < limit {
            x = &x * &f + IBig::ONE;
            n += 1;
        }
        let _ = writeln!(expect, "{n}\n1");
        check(&src, &expect)?;
    }
}
