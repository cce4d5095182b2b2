//! Snapshot tests of the coverage outputs, each compared with its complete expected text, and
//! a check that `genhtml` accepts the LCOV tracefile when it is installed.

use super::*;

/// A program whose line 5 holds a covered and an uncovered statement, with one function never
/// called, and no newline after its last line.
const PROGRAM: &str = "\
function add(a, b) {
  return a + b;
}
function main() {
  x = 1; if (x > 2) { y = 3; }
  add(1, 2);
}
function unused() {
  return 0;
}";

fn program(path: &str) -> CoveredSource {
    let root = |name: &str, start_line, end_line, count| CoveredRoot {
        name: name.to_string(),
        start_line,
        end_line,
        count,
    };
    let statement = |line, column, count| CoveredStatement {
        line,
        column,
        count,
    };
    CoveredSource {
        path: path.to_string(),
        text: PROGRAM.to_string(),
        roots: vec![
            root("add", 1, 3, 12),
            root("main", 4, 7, 1),
            root("unused", 8, 10, 0),
        ],
        statements: vec![
            statement(2, 3, 12),
            statement(5, 3, 1),
            statement(5, 10, 1),
            statement(5, 23, 0),
            statement(6, 3, 1),
            statement(9, 3, 0),
        ],
    }
}

/// A source with CRLF line ends and nothing to cover: its percentages divide zero by zero.
fn empty_crlf() -> CoveredSource {
    CoveredSource {
        path: "lib/empty.sl".to_string(),
        text: "// nothing\r\n// here\r\n".to_string(),
        roots: Vec::new(),
        statements: Vec::new(),
    }
}

fn format(output: CoverageOutput) -> CoverageFormat {
    CoverageFormat {
        output,
        ..CoverageFormat::default()
    }
}

/// Renders `sources` and compares the text with `expect`.
fn check(sources: &[CoveredSource], format: CoverageFormat, expect: &str) {
    let actual = render(sources, &format);
    assert!(
        actual == expect,
        "\n--- actual ---\n{actual}\n--- expected ---\n{expect}\n--- actual, debug ---\n{actual:?}"
    );
}

fn sources() -> Vec<CoveredSource> {
    vec![program("prog.sl"), empty_crlf()]
}

#[test]
fn output_names() {
    for output in [
        CoverageOutput::Histogram,
        CoverageOutput::Detailed,
        CoverageOutput::Json,
        CoverageOutput::Lcov,
    ] {
        assert_eq!(output.name().parse::<CoverageOutput>(), Ok(output));
    }
    assert_eq!("LCOV".parse(), Ok(CoverageOutput::Lcov));
    assert_eq!(
        "lines".parse::<CoverageOutput>(),
        Err("Output can be one of: histogram detailed json lcov ".to_string())
    );
}

/// Sources are sorted by path; one without statements or roots prints Truffle's `NaN%` and an
/// empty lines column.
#[test]
fn histogram() {
    check(
        &sources(),
        format(CoverageOutput::Histogram),
        "\
--------------------------------------------------
Code coverage histogram.
  Shows what percent of each element was covered during execution
--------------------------------------------------
 Path         |  Statements |    Lines |    Roots 
--------------------------------------------------
 lib/empty.sl |        NaN% |          |     NaN% 
 prog.sl      |      66.67% |   50.00% |   66.67% 
--------------------------------------------------
",
    );
    // Leniently, the line with a covered and an uncovered statement counts as covered.
    check(
        &sources(),
        CoverageFormat {
            strict_lines: false,
            ..format(CoverageOutput::Histogram)
        },
        "\
--------------------------------------------------
Code coverage histogram.
  Shows what percent of each element was covered during execution
--------------------------------------------------
 Path         |  Statements |    Lines |    Roots 
--------------------------------------------------
 lib/empty.sl |        NaN% |          |     NaN% 
 prog.sl      |      66.67% |   75.00% |   66.67% 
--------------------------------------------------
",
    );
    // No sources at all: the header alone, the path column at its minimum width.
    check(
        &[],
        format(CoverageOutput::Histogram),
        "\
------------------------------------------------
Code coverage histogram.
  Shows what percent of each element was covered during execution
------------------------------------------------
 Path       |  Statements |    Lines |    Roots 
------------------------------------------------
------------------------------------------------
",
    );
}

/// The CRLF source prints without carriage returns, the last line of the program prints though
/// no newline ends it, and line 5 is partly covered.
#[test]
fn detailed() {
    check(
        &sources(),
        format(CoverageOutput::Detailed),
        "\
--------------------------------------------------
Code coverage per line of code and what percent of each element was covered during execution (per source)
  + indicates the line is covered during execution
  - indicates the line is not covered during execution
  p indicates the line is part of a statement that was incidentally covered during execution
    e.g. a not-taken branch of a covered if statement
--------------------------------------------------
 Path         |  Statements |    Lines |    Roots 
 lib/empty.sl |        NaN% |          |     NaN% 

  // nothing
  // here
--------------------------------------------------
 Path         |  Statements |    Lines |    Roots 
 prog.sl      |      66.67% |   50.00% |   66.67% 

  function add(a, b) {
+   return a + b;
  }
  function main() {
p   x = 1; if (x > 2) { y = 3; }
+   add(1, 2);
  }
  function unused() {
-   return 0;
  }
--------------------------------------------------
",
    );
}

/// With `Count` the highest count of each line follows its marker; without strict lines there is
/// no `p`, and the legend does not mention it.
#[test]
fn detailed_with_counts() {
    check(
        &[program("prog.sl")],
        CoverageFormat {
            output: CoverageOutput::Detailed,
            count: true,
            strict_lines: false,
        },
        "\
------------------------------------------------
Code coverage per line of code and what percent of each element was covered during execution (per source)
  + indicates the line is covered during execution
  - indicates the line is not covered during execution
  the number after the marker is how often the line's statements ran
------------------------------------------------
 Path       |  Statements |    Lines |    Roots 
 prog.sl    |      66.67% |   75.00% |   66.67% 

     function add(a, b) {
+ 12   return a + b;
     }
     function main() {
+  1   x = 1; if (x > 2) { y = 3; }
+  1   add(1, 2);
     }
     function unused() {
-  0   return 0;
     }
------------------------------------------------
",
    );
}

/// Without `Count` whatever ran counts once; with strict lines the partly covered line 5 is 0.
#[test]
fn lcov() {
    check(
        &sources(),
        format(CoverageOutput::Lcov),
        "\
TN:
SF:lib/empty.sl
FNF:0
FNH:0
LF:0
LH:0
end_of_record
TN:
SF:prog.sl
FN:1,add
FN:4,main
FN:8,unused
FNDA:1,add
FNDA:1,main
FNDA:0,unused
FNF:3
FNH:2
DA:2,1
DA:5,0
DA:6,1
DA:9,0
LF:4
LH:2
end_of_record
",
    );
    check(
        &[program("prog.sl")],
        CoverageFormat {
            output: CoverageOutput::Lcov,
            count: true,
            strict_lines: false,
        },
        "\
TN:
SF:prog.sl
FN:1,add
FN:4,main
FN:8,unused
FNDA:12,add
FNDA:1,main
FNDA:0,unused
FNF:3
FNH:2
DA:2,12
DA:5,1
DA:6,1
DA:9,0
LF:4
LH:3
end_of_record
",
    );
}

/// A root's name with a line break does not split its LCOV record.
#[test]
fn lcov_keeps_records_on_one_line() {
    let mut source = program("prog.sl");
    source.roots[0].name = "odd\nname".to_string();
    let text = render(&[source], &format(CoverageOutput::Lcov));
    assert!(text.contains("\nFN:1,odd name\n"));
    assert!(text.contains("\nFNDA:1,odd name\n"));
}

#[test]
fn json() {
    check(
        &sources(),
        CoverageFormat {
            count: true,
            ..format(CoverageOutput::Json)
        },
        concat!(
            r#"[{"name":"empty.sl","path":"lib/empty.sl","roots":[]},{"name":"prog.sl","path":"prog.sl","roots":["#,
            r#"{"covered":true,"source_section":{"start_line":1,"end_line":3},"name":"add","sections":["#,
            r#"{"covered":true,"count":12,"source_section":{"start_line":2,"start_column":3,"char_index":23}}],"count":12},"#,
            r#"{"covered":true,"source_section":{"start_line":4,"end_line":7},"name":"main","sections":["#,
            r#"{"covered":true,"count":1,"source_section":{"start_line":5,"start_column":3,"char_index":59}},"#,
            r#"{"covered":true,"count":1,"source_section":{"start_line":5,"start_column":10,"char_index":66}},"#,
            r#"{"covered":false,"count":0,"source_section":{"start_line":5,"start_column":23,"char_index":79}},"#,
            r#"{"covered":true,"count":1,"source_section":{"start_line":6,"start_column":3,"char_index":90}}],"count":1},"#,
            r#"{"covered":false,"source_section":{"start_line":8,"end_line":10},"name":"unused","sections":["#,
            r#"{"covered":false,"count":0,"source_section":{"start_line":9,"start_column":3,"char_index":125}}],"count":0}]}]"#,
            "\n"
        ),
    );
}

/// Without `Count` there are no `count` fields; a statement outside every root is kept at the
/// source's level; names are escaped and character indices count UTF-16 units.
#[test]
fn json_without_counts() {
    let source = CoveredSource {
        path: "dir/\u{e9}\"q\".js".to_string(),
        text: "\u{1F600}\nf();\nfunction f() { g(); }\n".to_string(),
        roots: vec![CoveredRoot {
            name: "f<&>".to_string(),
            start_line: 3,
            end_line: 3,
            count: 2,
        }],
        statements: vec![
            CoveredStatement {
                line: 2,
                column: 1,
                count: 1,
            },
            CoveredStatement {
                line: 3,
                column: 16,
                count: 2,
            },
        ],
    };
    check(
        &[source],
        format(CoverageOutput::Json),
        concat!(
            r#"[{"name":"\u00e9\"q\".js","path":"dir/\u00e9\"q\".js","roots":["#,
            r#"{"covered":true,"source_section":{"start_line":3,"end_line":3},"name":"f<&>","sections":["#,
            r#"{"covered":true,"source_section":{"start_line":3,"start_column":16,"char_index":23}}]}],"#,
            r#""sections":[{"covered":true,"source_section":{"start_line":2,"start_column":1,"char_index":3}}]}]"#,
            "\n"
        )
        .replace("\\u00e9", "\u{e9}")
        .as_str(),
    );
}

/// `genhtml` accepts the tracefile; skipped, with a note, where lcov is not installed.
#[test]
fn genhtml_accepts_the_tracefile() {
    use std::process::Command;
    if Command::new("genhtml").arg("--version").output().is_err() {
        eprintln!("note: genhtml is not on PATH; skipping the LCOV acceptance check");
        return;
    }
    let unique = format!(
        "porcini-lcov-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    );
    let dir = std::env::temp_dir().join(unique);
    std::fs::create_dir_all(&dir).unwrap();
    let source_path = dir.join("prog.sl");
    std::fs::write(&source_path, PROGRAM).unwrap();
    for (count, strict_lines) in [(false, true), (true, false)] {
        let tracefile = render(
            &[program(source_path.to_str().unwrap())],
            &CoverageFormat {
                output: CoverageOutput::Lcov,
                count,
                strict_lines,
            },
        );
        let info = dir.join("lcov.info");
        std::fs::write(&info, tracefile).unwrap();
        let out = dir.join(format!("html-{count}"));
        let result = Command::new("genhtml")
            .arg("--output-directory")
            .arg(&out)
            .arg(&info)
            .output()
            .unwrap();
        assert!(
            result.status.success(),
            "genhtml failed:\n{}\n{}",
            String::from_utf8_lossy(&result.stdout),
            String::from_utf8_lossy(&result.stderr)
        );
        assert!(out.join("index.html").exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
