//! The parser and resolver must never panic, overflow the stack or hang, whatever the input:
//! deep nesting ends in "too deeply nested", long flat inputs are handled in linear time, and
//! random token soups give errors. Everything runs on an ordinary 8 MiB thread.

use lang_es::parser::parse_module;

const STACK: usize = 8 << 20;

/// Runs `f` on a fresh thread with an 8 MiB stack, as a program's main thread would have.
fn on_thread(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic");
}

/// Parses `source`, which must fail with "too deeply nested".
fn too_deep(source: String) {
    on_thread(move || match parse_module(&source, "deep.js") {
        Ok(_) => panic!("accepted {}...", &source[..source.len().min(40)]),
        Err(e) => assert_eq!(
            e.message,
            "too deeply nested",
            "for {}...",
            &source[..source.len().min(40)]
        ),
    });
}

/// Parses `source` without caring about the outcome (it must just return).
fn survives(source: String) {
    on_thread(move || {
        let _ = parse_module(&source, "soup.js");
    });
}

fn repeat(s: &str, n: usize) -> String {
    s.repeat(n)
}

#[test]
fn deep_nesting_is_an_error() {
    let n = 100_000;
    too_deep(repeat("(", n));
    too_deep(format!("{}1{}", repeat("(", n), repeat(")", n)));
    too_deep(format!("{}1{}", repeat("[", n), repeat("]", n)));
    too_deep(format!("x = {}1{}", repeat("{a:", n), repeat("}", n)));
    too_deep(repeat("{", n));
    too_deep(repeat("if (a) ", n) + ";");
    too_deep(repeat("- ", n) + "1");
    too_deep(repeat("!", n) + "1");
    too_deep(repeat("++", n) + "a");
    too_deep(repeat("new ", n) + "X");
    too_deep(repeat("a = ", n) + "1");
    too_deep(repeat("a ? b : ", n) + "c");
    too_deep(repeat("a => ", n) + "1");
    too_deep(repeat("2 ** ", n) + "2");
    too_deep(repeat("function f() {", n));
    too_deep(format!(
        "x = {}Y{}",
        repeat("class extends ", n),
        repeat(" {}", n)
    ));
    too_deep(repeat("`${", n));
    too_deep(format!("let {}a{} = 1", repeat("[", n), repeat("]", n)));
    too_deep(format!("{}a{} = 1", repeat("[", n), repeat("]", n)));
    too_deep((0..n).map(|i| format!("l{i}: ")).collect::<String>() + ";");
    too_deep(repeat("while (1) ", n) + ";");
    too_deep(repeat("try { ", n));
}

#[test]
fn long_chains_are_bounded_too() {
    // Loops build these trees, not recursion, so the height bound catches them.
    let n = 100_000;
    too_deep(format!("a{}", repeat(" + a", n)));
    too_deep(format!("a{}", repeat(".b", n)));
    too_deep(format!("a{}", repeat("()", n)));
    too_deep(format!("a{}", repeat("[0]", n)));
    too_deep(format!("a{}", repeat("?.b", n)));
    too_deep(format!("a{}", repeat(" && a", n)));
    // Parenthesized chains inside chains must not multiply the bound.
    too_deep(format!("{}a{}", repeat("(a + ", 2000), repeat(")", 2000)));
    too_deep(format!(
        "{}a{}",
        repeat("((a", 1000),
        repeat(") + a) + a", 1000)
    ));
}

#[test]
fn programs_just_below_the_bounds_are_accepted_and_walkable() {
    for source in [
        format!("x = {}1{};", repeat("(", 450), repeat(")", 450)),
        format!("x = {}1{};", repeat("[", 450), repeat("]", 450)),
        format!("{}{}", repeat("{", 700), repeat("}", 700)),
        format!(
            "{}x{}",
            repeat("function f() { return ", 200),
            repeat("}", 200)
        ),
        format!("x = a{};", repeat(" + a", 1400)),
        format!("x = a{};", repeat(".b", 1400)),
    ] {
        on_thread(move || {
            let module = parse_module(&source, "ok.js")
                .unwrap_or_else(|e| panic!("{e} for {}", &source[..40]));
            // Printing walks the whole tree recursively, as a translator would; dropping it too.
            assert!(!lang_es::parser::dump::resolved_tree(&module).is_empty());
            drop(module);
        });
    }
}

#[test]
fn long_flat_programs_are_fast() {
    // A hundred thousand statements, and a long sequence and array: linear work.
    let source = "let a = 1;\n".to_string() + &repeat("a = a + 1;\n", 100_000);
    let array = format!("x = [{}];", repeat("1, ", 100_000));
    let sequence = format!("x = (1{});", repeat(", 1", 100_000));
    let start = std::time::Instant::now();
    for source in [source, array, sequence] {
        on_thread(move || {
            parse_module(&source, "flat.js").unwrap_or_else(|e| panic!("{e}"));
        });
    }
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
}

/// A small deterministic generator (xorshift), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    ".",
    "...",
    "?.",
    "?",
    ":",
    "=>",
    "=",
    "+=",
    "??=",
    "+",
    "-",
    "*",
    "**",
    "/",
    "%",
    "++",
    "--",
    "!",
    "~",
    "&&",
    "||",
    "??",
    "<",
    ">>>",
    "===",
    "a",
    "b",
    "let",
    "const",
    "var",
    "function",
    "class",
    "extends",
    "super",
    "this",
    "new",
    "return",
    "if",
    "else",
    "for",
    "of",
    "in",
    "while",
    "do",
    "break",
    "continue",
    "switch",
    "case",
    "default",
    "try",
    "catch",
    "finally",
    "throw",
    "get",
    "set",
    "static",
    "async",
    "await",
    "yield",
    "1",
    "0x1F",
    "1e3",
    "'s'",
    "\"t\"",
    "`x${",
    "`",
    "}`",
    "\n",
    " ",
    "/*c*/",
    "//c\n",
    "#p",
    "\\u0041",
    "é",
    "\u{2028}",
    "010",
    "'\\01'",
    "'use strict';",
    "arguments",
    "eval",
    "delete",
    "typeof",
    "void",
    "instanceof",
    "label:",
];

#[test]
fn random_token_soups_never_panic() {
    on_thread(|| {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..3000 {
            let len = (rng.next() % 60) as usize;
            let mut source = String::new();
            for _ in 0..len {
                source.push_str(rng.pick(TOKENS));
                source.push(' ');
            }
            let _ = parse_module(&source, "soup.js");
        }
    });
}

#[test]
fn mutated_benchmarks_never_panic() {
    // Take a real program and cut, duplicate and swap pieces of it.
    let dir = std::path::Path::new("/work/shared/benchmarks/awfy/JavaScript");
    let Ok(text) = std::fs::read_to_string(dir.join("richards.js")) else {
        return;
    };
    on_thread(move || {
        let mut rng = Rng(12345);
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..300 {
            let mut mutated = chars.clone();
            for _ in 0..(1 + rng.next() % 4) {
                let i = (rng.next() % mutated.len() as u64) as usize;
                let j = (i + (rng.next() % 40) as usize).min(mutated.len());
                match rng.next() % 3 {
                    0 => {
                        mutated.drain(i..j);
                    }
                    1 => {
                        let piece: Vec<char> = mutated[i..j].to_vec();
                        let k = (rng.next() % mutated.len() as u64) as usize;
                        mutated.splice(k..k, piece);
                    }
                    _ => {
                        let t = rng.pick(TOKENS);
                        mutated.splice(i..i, t.chars());
                    }
                }
                if mutated.is_empty() {
                    break;
                }
            }
            let source: String = mutated.into_iter().collect();
            let _ = parse_module(&source, "mutant.js");
        }
    });
}

#[test]
fn odd_inputs_survive() {
    for s in [
        "",
        "\u{feff}",
        "#!/usr/bin/env node\n1",
        "\0",
        "'\\",
        "`${",
        "/*",
        "a\u{2028}b",
        "\u{d7ff}",
        "0x",
        "1e",
        "'\\u{",
        "`\\u{",
    ] {
        survives(s.to_string());
    }
}
