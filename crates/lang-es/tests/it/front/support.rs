//! The checking helpers every test module uses.

use lang_es::parser::{dump, parse_module};

/// Removes the common indentation of the non-blank lines and surrounding blank lines, so that
/// expected dumps can be written as indented raw strings.
pub fn dedent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let body: Vec<&str> = lines
        .iter()
        .map(|l| {
            if l.len() >= indent {
                &l[indent..]
            } else {
                l.trim()
            }
        })
        .collect();
    body.join("\n").trim_matches('\n').trim_end().to_string()
}

fn compare(what: &str, input: &str, actual: &str, expected: &str) {
    let actual = actual.trim_end();
    let expected = dedent(expected);
    assert!(
        actual == expected,
        "{what} of\n{input}\n--- expected ---\n{expected}\n--- actual ---\n{actual}\n"
    );
}

fn parse(input: &str) -> lang_es::parser::Module {
    match parse_module(input, "test.js") {
        Ok(m) => m,
        Err(e) => panic!("unexpected error for\n{input}\n{e} ({}:{})", e.line, e.col),
    }
}

/// The tree dump of `input` (without resolution) is `expected`.
pub fn check(input: &str, expected: &str) {
    compare("tree", input, &dump::tree(&parse(input)), expected);
}

/// The dump of `input` with every occurrence annotated with its resolution is `expected`.
pub fn check_resolved(input: &str, expected: &str) {
    compare(
        "resolved tree",
        input,
        &dump::resolved_tree(&parse(input)),
        expected,
    );
}

/// The resolution tables of `input` are `expected`.
pub fn check_tables(input: &str, expected: &str) {
    compare(
        "resolution tables",
        input,
        &dump::resolution(&parse(input)),
        expected,
    );
}

/// Parsing `input` fails with `expected`, written as `SyntaxError: message (line:col)`.
pub fn check_error(input: &str, expected: &str) {
    match parse_module(input, "test.js") {
        Ok(m) => panic!(
            "expected an error for\n{input}\nbut got\n{}",
            dump::tree(&m)
        ),
        Err(e) => {
            let actual = format!("{e} ({}:{})", e.line, e.col);
            assert!(
                actual == expected,
                "error of\n{input}\n--- expected ---\n{expected}\n--- actual ---\n{actual}\n"
            );
        }
    }
}

/// `input` parses and resolves.
pub fn check_ok(input: &str) {
    parse(input);
}
