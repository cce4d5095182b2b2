//! Robustness of the SL parser on hostile input: whatever the text, `lang_sl::parser::parse`
//! returns a program or a parse error, and never panics or overflows the stack.
//!
//! This is the stable-toolchain companion of the cargo-fuzz targets in `fuzz/`. Property tests
//! feed the parser random bytes (decoded lossily, since the parser takes text), random Unicode,
//! random soups of SL tokens with deep runs of brackets, and programs generated from the grammar
//! (which must parse) together with damaged copies of them (which need not). The explicit cases
//! pin the nesting limit: far too deep is a clean error, deep but legal parses. One data-driven
//! helper, [`check`], holds the expected outcomes of the explicit cases. The work cases bound what
//! the parser does on adversarial chains by counting it ([`parse_measured`]), never by timing it.
//!
//! The parser recurses once per nesting level, and the launcher runs it on a 1 GiB stack, so every
//! test here does the same (see [`on_big_stack`]) rather than testing the test thread's stack.

use lang_sl::parser::{MAX_NESTING, ParseError, ParseWork, parse, parse_measured};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// The native stack the launcher gives the parser.
const BIG_STACK: usize = 1 << 30;

/// Runs `f` on a thread with the launcher's stack size.
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    match std::thread::Builder::new().stack_size(BIG_STACK).spawn(f) {
        Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
        Err(e) => panic!("cannot spawn a big-stack thread: {e}"),
    }
}

/// The outcome of parsing `src`: `ok`, or the error as `line:col: message`.
fn outcome(src: &str) -> String {
    describe(&parse(src))
}

/// A parse's result as [`outcome`] shows it.
fn describe<T>(result: &Result<T, ParseError>) -> String {
    match result {
        Ok(_) => "ok".to_string(),
        Err(e) => format!("{}:{}: {}", e.line, e.col, e.message),
    }
}

/// Parses `src` on a big stack and compares the outcome with `expect`.
fn check(src: String, expect: &str) {
    let shown = if src.len() > 80 { format!("{}... ({} bytes)", &src[..60], src.len()) } else { src.clone() };
    let got = on_big_stack(move || outcome(&src));
    assert_eq!(got, expect, "source: {shown:?}");
}

/// What every parse must satisfy, whatever the input: it returns, and an error carries a
/// position inside the text and a message. Returns the outcome for properties that need more.
fn parse_is_sane(src: &str) -> Result<bool, TestCaseError> {
    match parse(src) {
        Ok(_) => Ok(true),
        Err(e) => {
            let lines = src.matches('\n').count() + 1;
            prop_assert!(e.line >= 1 && e.col >= 1, "position 0 in {e:?}");
            prop_assert!(e.line as usize <= lines, "line past the end ({lines} lines): {e:?}");
            prop_assert!(!e.message.is_empty(), "no message: {e:?}");
            Ok(false)
        }
    }
}

/// Runs a property with `cases` cases on a big-stack thread; a failure is shrunk by proptest and
/// reported as a panic of the test. The strategy is built on that thread because recursive
/// strategies are not `Send`.
fn run_property<S: Strategy + 'static>(
    cases: u32,
    strategy: impl FnOnce() -> S + Send + 'static,
    property: impl Fn(S::Value) -> Result<(), TestCaseError> + Send + 'static,
) {
    on_big_stack(move || {
        let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
        if let Err(e) = runner.run(&strategy(), property) {
            panic!("{e}");
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Random text

#[test]
fn random_bytes_never_panic() {
    run_property(
        2_000,
        || proptest::collection::vec(any::<u8>(), 0..600),
        |bytes| {
            parse_is_sane(&String::from_utf8_lossy(&bytes))?;
            Ok(())
        },
    );
}

#[test]
fn random_unicode_never_panics() {
    run_property(1_000, any::<String>, |text| {
        parse_is_sane(&text)?;
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// Token soups

/// Single tokens and near-tokens of SL: every keyword and punctuation, identifiers that are
/// builtins or keyword look-alikes, numbers at the 64-bit edges and with leading zeros, strings
/// (one unterminated), comments (one unterminated), and characters SL has no token for.
#[rustfmt::skip]
const TOKENS: &[&str] = &[
    "function", "break", "continue", "debugger", "while", "if", "else", "return",
    "(", ")", ",", "{", "}", ";", "=", ".", "[", "]", "||", "&&", "<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/",
    "main", "x", "_", "$a1", "whilex", "iff", "println", "eval", "defineFunction", "new",
    "0", "7", "007", "9223372036854775807", "9223372036854775808", "123456789012345678901234567890",
    "\"\"", "\"s p a c e\"", "\"\\\"", "\"unterminated", "/* c */", "/*", "*/", "// line\n",
    "!", "&", "|", "%", "#", "'", "\\", ":", "é", "\u{1F600}", "\u{0}", "\t", "\r", "\n", "\u{c}",
];

/// One element of a soup: a token, or a run of the same opening or closing bracket or of an
/// assignment prefix (up to a few thousand), so soups reach deep nesting, unbalanced brackets
/// and long chains of right-hand sides (see `unfinished_assignment_chains_take_linear_work`).
fn soup_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        16 => proptest::sample::select(TOKENS).prop_map(str::to_string),
        2 => (proptest::sample::select(&["(", "{", "[", "f(", "if (x) {", ")", "}", "]"][..]), 1..3_000usize)
            .prop_map(|(t, n)| t.repeat(n)),
        1 => (proptest::sample::select(&["a = ", "a = b + ", "a.b = c < "][..]), 1..3_000usize)
            .prop_map(|(t, n)| t.repeat(n)),
    ]
}

/// A soup: pieces joined by a space, by nothing (so neighbours fuse into other tokens), or by a
/// line break; half of the soups sit inside a function body so they get past the header.
fn soup() -> impl Strategy<Value = String> {
    let pieces = proptest::collection::vec((soup_piece(), proptest::sample::select(&[" ", "", "\n"][..])), 0..60);
    (pieces, any::<bool>()).prop_map(|(pieces, wrapped)| {
        let body: String = pieces.into_iter().map(|(p, sep)| p + sep).collect();
        if wrapped { format!("function main() {{ {body} }}") } else { body }
    })
}

#[test]
fn token_soups_never_panic() {
    run_property(2_000, soup, |src| {
        parse_is_sane(&src)?;
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// Grammar-generated programs

/// An expression that is valid SL: every binary operation is parenthesised, so comparisons never
/// chain, and `=` only follows an identifier or a property suffix, so every assignment target is
/// valid. Nesting is deep enough to stress prediction, not the nesting limit.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        proptest::sample::select(&["x", "y", "main", "println", "$v", "_"][..]).prop_map(str::to_string),
        any::<u64>().prop_map(|n| n.to_string()),
        "[a-z ]{0,6}".prop_map(|s| format!("\"{s}\"")),
    ];
    leaf.prop_recursive(6, 64, 4, |inner| {
        let op = proptest::sample::select(&["||", "&&", "<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/"][..]);
        prop_oneof![
            (inner.clone(), op, inner.clone()).prop_map(|(a, o, b)| format!("({a} {o} {b})")),
            (inner.clone(), 0..4usize).prop_map(|(e, n)| format!("{}{e}{}", "(".repeat(n), ")".repeat(n))),
            proptest::collection::vec(inner.clone(), 0..4).prop_map(|args| format!("f({})", args.join(", "))),
            inner.clone().prop_map(|e| format!("x = {e}")),
            inner.clone().prop_map(|e| format!("o.p = {e}")),
            (inner.clone(), inner.clone()).prop_map(|(k, v)| format!("o[{k}] = {v}")),
            inner.clone().prop_map(|k| format!("o.a[{k}].b(1)(2)")),
        ]
    })
}

/// A list of statements that is valid SL; `in_loop` allows `break` and `continue`.
fn stmts(in_loop: bool) -> BoxedStrategy<String> {
    let simple = prop_oneof![
        expr().prop_map(|e| format!("{e};")),
        expr().prop_map(|e| format!("return {e};")),
        Just("return;".to_string()),
        Just("debugger;".to_string()),
        Just(if in_loop { "break;" } else { "debugger;" }.to_string()),
        Just(if in_loop { "continue;" } else { "return;" }.to_string()),
    ];
    let stmt = simple.prop_recursive(4, 24, 3, move |inner| {
        let block = proptest::collection::vec(inner, 0..3).prop_map(|s| s.join(" "));
        prop_oneof![
            (expr(), block.clone()).prop_map(|(c, b)| format!("if ({c}) {{ {b} }}")),
            (expr(), block.clone(), block.clone()).prop_map(|(c, b, e)| format!("if ({c}) {{ {b} }} else {{ {e} }}")),
            // A loop body may break, whatever its generator was told.
            (expr(), block).prop_map(|(c, b)| format!("while ({c}) {{ {b} break; }}")),
        ]
    });
    proptest::collection::vec(stmt, 0..5).prop_map(|s| s.join("\n")).boxed()
}

/// A whole valid program: one to three functions with parameters.
fn program() -> impl Strategy<Value = String> {
    let function = (proptest::sample::select(&["main", "f", "g"][..]), 0..3usize, stmts(false)).prop_map(
        |(name, params, body)| {
            let params: Vec<String> = (0..params).map(|i| format!("p{i}")).collect();
            format!("function {name}({}) {{\n{body}\n}}\n", params.join(", "))
        },
    );
    proptest::collection::vec(function, 1..4).prop_map(|fs| fs.concat())
}

#[test]
fn generated_programs_parse() {
    run_property(500, program, |src| {
        let ok = parse_is_sane(&src)?;
        prop_assert!(ok, "a program generated from the grammar was rejected: {}", outcome(&src));
        Ok(())
    });
}

#[test]
fn damaged_programs_never_panic() {
    // Cut the program short, drop one byte, or splice in a token: the result is usually an error,
    // at any point of the grammar.
    let damage = || (program(), any::<prop::sample::Index>(), 0..3u8, proptest::sample::select(TOKENS));
    run_property(1_000, damage, |(src, at, how, token)| {
        let mut cut = at.index(src.len() + 1);
        while !src.is_char_boundary(cut) {
            cut -= 1;
        }
        let damaged = match how {
            0 => src[..cut].to_string(),
            1 => {
                let next = src[cut..].chars().next().map_or(0, char::len_utf8);
                format!("{}{}", &src[..cut], &src[cut + next..])
            }
            _ => format!("{}{token}{}", &src[..cut], &src[cut..]),
        };
        parse_is_sane(&damaged)?;
        Ok(())
    });
}

// ---------------------------------------------------------------------------------------------
// Nesting

/// `function main() { return ((...(1)...)); }` with `depth` pairs of parentheses.
fn parens(depth: usize) -> String {
    format!("function main() {{ return {}1{}; }}", "(".repeat(depth), ")".repeat(depth))
}

#[test]
fn nesting() {
    // The expression too deep is reported at the `1` after the parentheses that reach the limit:
    // the body block and the return value are two levels, and each `(` opens one more.
    let limit = MAX_NESTING as usize;
    check(parens(200_000), &format!("1:{}: too deeply nested", 26 + limit - 1));
    // Unclosed parentheses are the same error, found before the missing `)` matters.
    check(
        format!("function main() {{ return {}", "(".repeat(200_000)),
        &format!("1:{}: too deeply nested", 26 + limit - 1),
    );
    check(
        format!("function main() {{ {} }}", "{".repeat(200_000)),
        "1:19: mismatched input '{' expecting {'(', '}', 'break', 'continue', 'debugger', 'while', 'if', 'return', \
         IDENTIFIER, STRING_LITERAL, NUMERIC_LITERAL}",
    );
    check(
        format!("function main() {{ {}{} }}", "if (x) { ".repeat(200_000), "}".repeat(200_000)),
        &format!("1:{}: too deeply nested", 23 + 9 * (limit - 1)),
    );
    check(
        format!("function main() {{ x = {}1{}; }}", "f(".repeat(200_000), ")".repeat(200_000)),
        &format!("1:{}: too deeply nested", 23 + 2 * (limit - 2)),
    );
    // Ten thousand levels of every nesting construct are legal.
    check(parens(10_000), "ok");
    check(format!("function main() {{ {}{} }}", "if (x) { ".repeat(10_000), "}".repeat(10_000)), "ok");
    check(format!("function main() {{ {}{} }}", "while (x) { ".repeat(10_000), "}".repeat(10_000)), "ok");
    check(format!("function main() {{ x = {}1{}; }}", "f(".repeat(10_000), ")".repeat(10_000)), "ok");
    check(format!("function main() {{ {}1; }}", "a = ".repeat(10_000)), "ok");
    check(format!("function main() {{ return o{}; }}", "[o".repeat(10_000) + &"]".repeat(10_000)), "ok");
    check(format!("function main() {{ return {}1{}; }}", "(1 + (x < ".repeat(5_000), "))".repeat(5_000)), "ok");
}

// ---------------------------------------------------------------------------------------------
// Work

// The parser's work on adversarial sources is bounded by counting it (`parse_measured`) rather
// than by timing it: counts are the same on every machine and in every build, so a bound can be
// tight enough to catch quadratic work without ever failing on a slow or busy machine.

/// Look-ahead steps allowed per token of source. The chains below take about one step per token
/// when one decision's look-ahead reads the rest of the chain, two when every pending decision is
/// replayed, and four when the replays' budget (four steps per token) runs out.
const STEPS_PER_TOKEN: u64 = 5;

/// Closure configurations allowed per token of source: a look-ahead step visits a hundred or two
/// however deeply the source nests (the chains need 160 to 410 per token, past the constant).
const CLOSURE_PER_TOKEN: u64 = 500;

/// Context-merge steps allowed per token of source (the chains need 25 to 260 per token).
const MERGE_PER_TOKEN: u64 = 300;

/// Work allowed whatever the size of the source, in steps, closure configurations and merge steps:
/// the replays' budget grants 20,000 steps and merges to every source, which small sources use up.
const WORK_MIN: [u64; 3] = [25_000, 2_500_000, 500_000];

/// Parses `src` on a big stack: the outcome, as [`outcome`] shows it, and the work.
fn measured(src: String) -> (String, ParseWork) {
    on_big_stack(move || {
        let (result, work) = parse_measured(&src);
        (describe(&result), work)
    })
}

/// The counts of `w` that must stay linear in the source: look-ahead steps, closure
/// configurations and merge steps.
fn counts(w: &ParseWork) -> [u64; 3] {
    [w.lookahead_steps, w.closure_steps, w.merge_steps]
}

/// Checks that the work `w` of a parse is within the bounds per token above.
fn check_work_per_token(label: &str, w: &ParseWork) {
    let per_token = [STEPS_PER_TOKEN, CLOSURE_PER_TOKEN, MERGE_PER_TOKEN];
    for ((count, k), min) in counts(w).into_iter().zip(per_token).zip(WORK_MIN) {
        assert!(count <= k * w.tokens + min, "{label}: {w:?} exceeds {k} per token + {min}");
    }
}

/// Checks that doubling a source at most doubles its work, plus the constant every source is
/// allowed: work quadratic in the source would about quadruple. `small` and `large` are the
/// work of the source at sizes `n` and `2n`.
fn check_doubling(label: &str, small: &ParseWork, large: &ParseWork) {
    for ((s, l), min) in counts(small).into_iter().zip(counts(large)).zip(WORK_MIN) {
        assert!(l <= 2 * s + min, "{label}: doubling the source took {large:?} after {small:?}");
    }
}

#[test]
fn unfinished_assignment_chains_take_linear_work() {
    // `a = a = ... a = }` is a syntax error found only at the end. Reporting it replays the
    // deferred full-context prediction of the first assignment whose right-hand side could end
    // early, and that look-ahead runs over the whole chain with contexts as deep as the chain:
    // the error names all it read, from that decision to the `}`. Its closures used to walk
    // every enclosing level at every token (2,000 links took 16 s in a release build); with the
    // returns memoized the work per token is the same at any depth, which the bounds per token
    // and the doubling of each chain check. Chains through operators (`a = b + a = b + ...`)
    // take the same path, and past the nesting limit every pending decision is replayed.
    // Each case: the link, how many (the check doubles that), and the error's input as a
    // repeated part (once per link, less the links before the look-ahead starts) and an end.
    // The look-ahead starts at the second `=` of a plain chain (the first could only continue
    // the statement's target, which cannot be followed by `=`), and at the first `+` of the
    // others.
    let cases = [
        ("a = ", 1_000, "=a", 2, "=}"),
        ("a = ", 50_000, "=a", 2, "=}"),
        ("a = b + ", 10_000, "+a=b", 1, "+}"),
        ("a = b + c * d < ", 5_000, "+c*d<a=b", 1, "+c*d<}"),
    ];
    for (link, n, read, before, last) in cases {
        let mut work = Vec::new();
        for n in [n, 2 * n] {
            let (got, w) = measured(format!("function main() {{ {} }}", link.repeat(n)));
            // The work first: work beyond the replays' budget would change the error too.
            check_work_per_token(&format!("{n} x {link:?}"), &w);
            let col = 20 + link.len() * n;
            let want = format!("1:{col}: no viable alternative at input '{}{last}'", read.repeat(n - before));
            assert!(got == want, "{n} x {link:?}: got {} bytes: {:?}...", got.len(), &got[..got.len().min(80)]);
            work.push(w);
        }
        check_doubling(&format!("{n} x {link:?}"), &work[0], &work[1]);
    }
    // One link past the nesting limit the chain is valid, so every deferred decision is
    // replayed before the limit is reported, and each one's look-ahead reaches the `;`. The
    // limit fixes the size, so only the bounds per token apply.
    let (got, w) = measured(format!("function main() {{ {}1; }}", "a = ".repeat(100_001)));
    check_work_per_token("a chain past the nesting limit", &w);
    assert_eq!(got, format!("1:{}: too deeply nested", 19 + 4 * (MAX_NESTING as usize - 1)));
}

#[test]
fn quadratic_replays_are_bounded() {
    // In `a.b = c < a.b = c < ... 1 >= 2 }` two decisions per link stay ambiguous until the
    // `>=` near the end (only the outermost comparison is still free for it), so replaying them
    // all reads the rest of the chain once per link: quadratic, as in the reference. The replays
    // share a budget linear in the source; these chains exhaust it, and the parser's own error
    // stands, which is also the reference's (every replay resolves).
    let chain = |n: usize| format!("function main() {{ {}1 >= 2 }}", "a.b = c < ".repeat(n));
    for n in [200, 2_500] {
        let (got, small) = measured(chain(n));
        assert_eq!(got, format!("1:{}: missing ';' at '}}'", 26 + 10 * n));
        let (got, large) = measured(chain(2 * n));
        assert_eq!(got, format!("1:{}: missing ';' at '}}'", 26 + 20 * n));
        check_work_per_token(&format!("{n} comparison links"), &small);
        check_work_per_token(&format!("{} comparison links", 2 * n), &large);
        check_doubling(&format!("{n} comparison links"), &small, &large);
    }
    // A chain of `a = ` after one of `a = b + `: the merged contexts of the look-ahead hold
    // stacks of two shapes at every level and take quadratic work to build. The budget cuts the
    // replay that would report `no viable alternative` at the `}`; the parser's own error there
    // stands instead.
    let chains =
        |n: usize| format!("function main() {{ {}{}{}}}", "a = ".repeat(n), "a = b + ".repeat(n), "a = ".repeat(n));
    let n = 1_500;
    let (got, small) = measured(chains(n));
    assert!(got.starts_with(&format!("1:{}: ", 19 + 16 * n)), "got {got}");
    let (got, large) = measured(chains(2 * n));
    assert!(got.starts_with(&format!("1:{}: ", 19 + 32 * n)), "got {got}");
    check_work_per_token("mixed chains", &small);
    check_work_per_token("mixed chains, doubled", &large);
    check_doubling("mixed chains", &small, &large);
}
