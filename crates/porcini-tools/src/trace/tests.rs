//! Snapshot tests of every trace format. Expected lines are written out literally, except that
//! `⟨N⟩` stands for a run of N spaces, which keeps the wide fixed columns countable.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use super::compilation::{self, Done, Queue, Subject};
use super::printf;
use super::splitting::{self, PolyEvent, SplitProperties, SplitSummary};
use super::*;

/// Compares a formatted line with its expected text, after expanding the `⟨N⟩` space runs.
fn check(actual: &str, expect: &str) {
    let expanded = expand(expect);
    assert!(
        actual == expanded,
        "\n  actual: {actual:?}\nexpected: {expanded:?}\n    spec: {expect}"
    );
}

fn expand(spec: &str) -> String {
    let mut out = String::new();
    let mut rest = spec;
    while let Some(start) = rest.find('⟨') {
        out.push_str(&rest[..start]);
        let after = &rest[start + '⟨'.len_utf8()..];
        let end = after.find('⟩').expect("unclosed ⟨");
        let count: usize = after[..end].parse().expect("⟨N⟩ needs a number");
        out.push_str(&" ".repeat(count));
        rest = &after[end + '⟩'.len_utf8()..];
    }
    out.push_str(rest);
    out
}

#[test]
fn java_printf() {
    let cases: &[(String, &str)] = &[
        (printf::left("ab", 4), "ab  "),
        (printf::right("ab", 4), "  ab"),
        (printf::left("abcdef", 3), "abcdef"),
        (printf::right("abcdef", 3), "abcdef"),
        (printf::left("é", 3), "é  "),
        // Java counts UTF-16 units: the emoji is two of them.
        (printf::right("😀", 3), " 😀"),
        (printf::int(-5, 6), "    -5"),
        (printf::int(1234567, 3), "1234567"),
        (printf::int_left(42, 5), "42   "),
        (printf::boolean(true, 5), " true"),
        (printf::boolean(false, 5), "false"),
        // Half-up on the shortest decimal digits, unlike Rust's `{:.2}`.
        (printf::fixed(1.005, 0, 2), "1.01"),
        (printf::fixed(0.125, 0, 2), "0.13"),
        (printf::fixed(0.15, 0, 1), "0.2"),
        (printf::fixed(2.5, 0, 0), "3"),
        (printf::fixed(0.5, 0, 0), "1"),
        (printf::fixed(0.4, 0, 0), "0"),
        (printf::fixed(9.995, 0, 2), "10.00"),
        (printf::fixed(99.5, 4, 0), " 100"),
        (printf::fixed(-203.75, 8, 2), " -203.75"),
        (printf::fixed(101.875, 8, 2), "  101.88"),
        (printf::fixed(123456.789, 0, 2), "123456.79"),
        (printf::fixed(1e20, 0, 2), "100000000000000000000.00"),
        (printf::fixed(0.1 + 0.2, 0, 20), "0.30000000000000004000"),
        (printf::fixed(0.0, 0, 2), "0.00"),
        (printf::fixed(-0.0, 0, 1), "-0.0"),
        (printf::fixed(-0.001, 0, 2), "-0.00"),
        (printf::fixed(1e-7, 0, 6), "0.000000"),
        (printf::fixed(4.9e-7, 0, 6), "0.000000"),
        (printf::fixed(5e-7, 0, 6), "0.000001"),
        (printf::fixed(0.005, 0, 2), "0.01"),
        (printf::fixed(1e-300, 0, 2), "0.00"),
        (printf::fixed(f64::NAN, 8, 2), "     NaN"),
        (printf::fixed(f64::INFINITY, 9, 2), " Infinity"),
        (printf::fixed(f64::NEG_INFINITY, 0, 2), "-Infinity"),
        (printf::fixed_left(3.0, 4, 0), "3   "),
        (printf::fixed_left(1234.4, 4, 0), "1234"),
    ];
    for (actual, expect) in cases {
        check(actual, expect);
    }
}

#[test]
fn event_lines() {
    check(
        &format_event(0, "opt fail", "fib", &[("AST", PropValue::Int(1))]),
        "opt fail⟨5⟩fib⟨57⟩|AST⟨6⟩1",
    );
    check(
        &compilation::fail_event("fib", 1),
        "opt fail⟨5⟩fib⟨57⟩|AST⟨6⟩1",
    );
    check(
        &format_event(
            2,
            "Inlined",
            "Plan.size",
            &[
                ("call diff", PropValue::Double(-203.75)),
                ("Recursion Depth", PropValue::Int(0)),
                ("Explore/inline ratio", PropValue::Double(f64::NAN)),
                ("Frequency", 101.875.into()),
                ("Forced", false.into()),
                ("Depth", 1i64.into()),
                ("Tier", "1".into()),
            ],
        ),
        "Inlined⟨10⟩Plan.size⟨47⟩|call diff  -203.75|Recursion Depth⟨6⟩0|Explore/inline ratio⟨6⟩NaN\
         |Frequency   101.88|Forced false|Depth 1|Tier 1",
    );
    // Deeper than the subject column is wide: the subject keeps a width of at least one.
    check(&format_event(40, "e", "abc", &[]), "e⟨92⟩abc");
    check(
        &format_event(0, "split   0-4 ", "S", &[]),
        "split   0-4  S⟨59⟩",
    );
    check(
        &format_event(0, "Inline start", "", &[]),
        "Inline start⟨61⟩",
    );
    check(
        &format_event_with_message(
            0,
            "opt fail",
            "f",
            &[("AST", 3.into())],
            "java.lang.Error: x\n\tat y",
        ),
        "opt fail⟨5⟩f⟨59⟩|AST⟨6⟩3\njava.lang.Error: x\n\tat y",
    );
}

fn subject() -> Subject<'static> {
    Subject {
        engine_id: 1,
        target_id: 2,
        name: "fib",
        utc: "2024-01-02T03:04:05.678",
        src: "fib.sl:3 0xbeef",
    }
}

#[test]
fn compilation_building_blocks() {
    check(
        &compilation::target(1, 2, "fib"),
        "engine=1  id=2⟨5⟩fib⟨48⟩",
    );
    check(
        &compilation::target(123, 456789, &"x".repeat(52)),
        &format!("engine=123 id=456789 {} ", "x".repeat(52)),
    );
    check(&compilation::tier(2), "Tier 2");
    check(
        &compilation::count_threshold(7723, 1000),
        "Count/Thres⟨7⟩7723/⟨5⟩1000",
    );
    let queue = Queue {
        size: 3,
        change: 1,
        load: 0.3,
        time_us: 12,
    };
    check(
        &compilation::queue(&queue, '+'),
        "Queue: Size    3 Change +1  Load  0.30 Time    12us⟨35⟩",
    );
    let queue = Queue {
        size: 12345,
        change: -12,
        load: 123.456,
        time_us: 0,
    };
    check(
        &compilation::queue(&queue, '+'),
        "Queue: Size 12345 Change -12 Load 123.46 Time⟨5⟩0us⟨35⟩",
    );
    let queue = Queue {
        size: 0,
        change: 0,
        load: 0.0,
        time_us: 0,
    };
    check(
        &compilation::queue(&queue, ' '),
        "Queue: Size    0 Change  0  Load  0.00 Time⟨5⟩0us⟨35⟩",
    );
    check(
        &compilation::queue(&queue, '+'),
        "Queue: Size    0 Change +0  Load  0.00 Time⟨5⟩0us⟨35⟩",
    );
    check(
        &compilation::compile_time(37.4, 31.2, 6.2),
        "  37(  31+6   )ms",
    );
    check(
        &compilation::compile_time(0.5, 0.5, 0.0),
        "   1(   1+0   )ms",
    );
    check(
        &compilation::compile_time(12345.0, 10000.0, 2345.0),
        "12345(10000+2345)ms",
    );
    check(&compilation::source("fib.sl", 3, 0xbeef), "fib.sl:3 0xbeef");
    check(compilation::NO_SOURCE, "n/a");
}

#[test]
fn compilation_lines() {
    let s = subject();
    check(
        &compilation::queued(
            &s,
            1,
            7723,
            1000,
            &Queue {
                size: 3,
                change: 1,
                load: 0.3,
                time_us: 12,
            },
        ),
        "opt queued engine=1  id=2⟨5⟩fib⟨48⟩|Tier 1|Count/Thres⟨7⟩7723/⟨5⟩1000\
         |Queue: Size    3 Change +1  Load  0.30 Time    12us⟨35⟩|UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef",
    );
    check(
        &compilation::unqueued(
            &s,
            1,
            10,
            400,
            &Queue {
                size: 0,
                change: 0,
                load: 0.0,
                time_us: 0,
            },
            "Target inlined into only caller",
        ),
        "opt unque. engine=1  id=2⟨5⟩fib⟨48⟩|Tier 1|Count/Thres⟨9⟩10/⟨6⟩400\
         |Queue: Size    0 Change  0  Load  0.00 Time⟨5⟩0us⟨35⟩|UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef\
         |Reason Target inlined into only caller",
    );
    check(
        &compilation::started(
            &s,
            1,
            1234,
            0.5,
            &Queue {
                size: 2,
                change: -1,
                load: 1.234,
                time_us: 123456,
            },
            "none",
        ),
        "opt start  engine=1  id=2⟨5⟩fib⟨48⟩|Tier 1|Priority⟨6⟩1234|Rate 0.500000\
         |Queue: Size    2 Change -1  Load  1.23 Time 123456us⟨35⟩|UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef\
         |Bonuses none",
    );
    let time = compilation::compile_time(37.4, 31.2, 6.2);
    let done = Done {
        tier: 1,
        time: &time,
        ast_size: 12,
        inlined_calls: 2,
        dispatched_calls: 1,
        nodes_after_partial_evaluation: 150,
        nodes_after_compilation: 90,
        code_size: 1024,
        code_address: 0x7f00_dead_beef,
        compilation_id: "42",
    };
    check(
        &compilation::done(&s, &done),
        "opt done   engine=1  id=2⟨5⟩fib⟨48⟩|Tier 1|Time    37(  31+6   )ms|AST   12|Inlined   2Y   1N\
         |IR    150/    90|CodeSize    1024|Addr 0x7f00deadbeef|CompId 42⟨5⟩|UTC 2024-01-02T03:04:05.678\
         |Src fib.sl:3 0xbeef",
    );
    check(
        &compilation::done(
            &s,
            &Done {
                code_address: 0,
                compilation_id: "1234567890",
                ..done
            },
        ),
        "opt done   engine=1  id=2⟨5⟩fib⟨48⟩|Tier 1|Time    37(  31+6   )ms|AST   12|Inlined   2Y   1N\
         |IR    150/    90|CodeSize    1024|Addr 0x000000000000|CompId 1234567890|UTC 2024-01-02T03:04:05.678\
         |Src fib.sl:3 0xbeef",
    );
    check(
        &compilation::failed(&s, 2, &time, "Graph too big"),
        "opt failed engine=1  id=2⟨5⟩fib⟨48⟩|Tier 2|Time    37(  31+6   )ms|Reason: Graph too big\
         |UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef",
    );
    check(
        &compilation::invalidated(&s, "Node replaced"),
        "opt inval. engine=1  id=2⟨5⟩fib⟨175⟩|UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef|Reason Node replaced",
    );
    check(
        &compilation::deoptimized(&s, true, None),
        "opt deopt  engine=1  id=2⟨5⟩fib⟨48⟩|Invalidated  true|⟨108⟩|UTC 2024-01-02T03:04:05.678\
         |Src fib.sl:3 0xbeef|Reason unknown",
    );
    check(
        &compilation::deoptimized(&s, false, Some("transferToInterpreter")),
        "opt deopt  engine=1  id=2⟨5⟩fib⟨48⟩|Invalidated false|⟨108⟩|UTC 2024-01-02T03:04:05.678\
         |Src fib.sl:3 0xbeef|Reason transferToInterpreter",
    );
    check(
        &compilation::reprofiled(&s),
        "opt reprof engine=1  id=2⟨5⟩fib⟨48⟩|⟨126⟩|UTC 2024-01-02T03:04:05.678|Src fib.sl:3 0xbeef",
    );
}

#[test]
fn utc_timestamps() {
    check(&utc(0), "1970-01-01T00:00:00.000");
    check(&utc(-1), "1969-12-31T23:59:59.999");
    check(&utc(1_700_000_000_123), "2023-11-14T22:13:20.123");
    check(&utc(951_782_400_000), "2000-02-29T00:00:00.000");
    check(&utc(4_107_542_400_000), "2100-03-01T00:00:00.000");
    check(&utc(253_402_300_799_999), "9999-12-31T23:59:59.999");
    assert_eq!(utc_now().len(), "1970-01-01T00:00:00.000".len());
}

fn split_properties() -> SplitProperties {
    SplitProperties {
        ast_size: 6,
        tier: None,
        calls: 2,
        call_threshold: 3,
        calls_and_loops: 2,
        calls_and_loops_threshold: 1000,
        source_section: splitting::source_section("fib.sl", 139, 139, 4062, 28),
    }
}

#[test]
fn split_lines() {
    check(&splitting::split_label(0, 4), "split   0-4 ");
    check(&splitting::split_label(1234, 99), "split 1234-99 ");
    check(
        &splitting::source_section("fib.sl", 3, 3, 10, 5),
        "fib.sl~3:10-14",
    );
    check(
        &splitting::source_section("fib.sl", 3, 5, 10, 1),
        "fib.sl~3-5:10",
    );
    check(
        &splitting::source_section("fib.sl", 3, 3, 10, 0),
        "fib.sl~3:10",
    );
    check(splitting::UNKNOWN_SOURCE, "<Unknown>");
    check(
        &splitting::split_line(0, 4, "Strength", &split_properties()),
        "split   0-4  Strength⟨52⟩|AST    6|Calls/Thres       2/    3|CallsAndLoop/Thres       2/ 1000\
         |SourceSection fib.sl~139:4062-4089",
    );
    check(
        &splitting::split_line(
            12,
            34,
            "Strength <split-7>",
            &SplitProperties {
                tier: Some(1),
                ..split_properties()
            },
        ),
        "split  12-34  Strength <split-7>⟨42⟩|AST    6|Tier 1|Calls/Thres       2/    3\
         |CallsAndLoop/Thres       2/ 1000|SourceSection fib.sl~139:4062-4089",
    );
    check(
        &splitting::split_failed_line("max callee size", "Strength", &split_properties()),
        "split failed max callee size Strength⟨52⟩|AST    6|Calls/Thres       2/    3\
         |CallsAndLoop/Thres       2/ 1000|SourceSection fib.sl~139:4062-4089",
    );
}

#[test]
fn poly_events() {
    let messages: &[(PolyEvent<'_>, &str)] = &[
        (
            PolyEvent::Polymorphic {
                source: "SLAddNode",
            },
            "Polymorphic event! Source: SLAddNode",
        ),
        (PolyEvent::OneCaller, "One caller! Analysing parent."),
        (
            PolyEvent::NeedsSplitViaParent,
            "Set needs split to true via parent",
        ),
        (PolyEvent::NeedsSplit, "Set needs split to true"),
        (PolyEvent::Return(false), "Return: false"),
        (
            PolyEvent::EarlyReturn {
                needs_split: true,
                call_count: 1,
                known_call_nodes: 2,
            },
            "Early return: true callCount: 1, numberOfKnownCallNodes: 2",
        ),
    ];
    for (event, expect) in messages {
        check(&event.message(), expect);
    }
    check(
        &splitting::poly_event(
            0,
            &PolyEvent::Polymorphic {
                source: "SLAddNode",
            },
            "add",
        ),
        "[poly-event] Polymorphic event! Source: SLAddNode⟨35⟩add",
    );
    check(
        &splitting::poly_event(1, &PolyEvent::Return(true), "x"),
        "[poly-event]   Return: true⟨57⟩x",
    );
    check(
        &splitting::poly_event(
            2,
            &PolyEvent::EarlyReturn {
                needs_split: false,
                call_count: 1,
                known_call_nodes: 2,
            },
            "foo",
        ),
        "[poly-event]     Early return: false callCount: 1, numberOfKnownCallNodes: 2⟨8⟩foo",
    );
    // A message wider than its column is not cut.
    check(
        &splitting::poly_event(40, &PolyEvent::NeedsSplit, "t"),
        "[poly-event]⟨81⟩Set needs split to true t",
    );
}

#[test]
fn split_summary() {
    let summary = SplitSummary {
        split_count: 10,
        split_limit: 150,
        splits: 2,
        forced_splits: 0,
        split_nodes: 10,
        created_nodes: 20,
        wasted_nodes: 0,
        wasted_targets: 0,
        executed_nodes: 1234,
        split_targets: vec![
            ("add".to_string(), 1),
            ("sub".to_string(), 2),
            ("mul".to_string(), 1),
        ],
        polymorphic_nodes: vec![("SLAddNode".to_string(), 3)],
    };
    check(
        &summary.render(),
        "Splitting Statistics\n\
         Split count (sum of uninitializedNodeCount for all split targets)⟨17⟩:⟨9⟩10\n\
         Split limit (limit for the number of nodes to create through splitting)⟨11⟩:⟨8⟩150\n\
         Splits (number of targets created through splitting)⟨30⟩:⟨10⟩2\n\
         Forced splits (number of targets created through DirectCallNode#cloneCallTarget)  :⟨10⟩0\n\
         Nodes created through splitting (sum of uninitializedNodeCount for split targets) :⟨9⟩10\n\
         Nodes created without splitting (sum of uninitializedNodeCount for source targets):⟨9⟩20\n\
         Increase in nodes⟨65⟩:⟨5⟩50.00%\n\
         Split nodes wasted (callee split nodes wasted due to splitting the caller later)  :⟨10⟩0\n\
         Percent of split nodes wasted⟨53⟩:⟨6⟩0.00%\n\
         Targets wasted due to splitting⟨51⟩:⟨10⟩0\n\
         Total nodes executed⟨62⟩:⟨7⟩1234\n\
         --- SPLIT TARGETS\n\
         sub⟨79⟩:⟨10⟩2\n\
         add⟨79⟩:⟨10⟩1\n\
         mul⟨79⟩:⟨10⟩1\n\
         --- NODES\n\
         SLAddNode⟨111⟩:⟨10⟩3",
    );
    // With nothing split, the percentages divide by zero as Java doubles do.
    let empty = SplitSummary::default().render();
    let percent_lines: Vec<&str> = empty.lines().filter(|line| line.ends_with('%')).collect();
    check(percent_lines[0], "Increase in nodes⟨65⟩:⟨7⟩NaN%");
    check(
        percent_lines[1],
        "Percent of split nodes wasted⟨53⟩:⟨7⟩NaN%",
    );
    assert!(empty.ends_with("--- SPLIT TARGETS\n--- NODES"));
}

/// A writer that records each `write` call separately, to prove that a line is one write.
#[derive(Clone, Default)]
struct Writes(Rc<RefCell<Vec<String>>>);

impl Write for Writes {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .borrow_mut()
            .push(String::from_utf8_lossy(bytes).into_owned());
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn sink() {
    let buffer = SharedBuffer::new();
    let sink = TraceSink::new(Box::new(buffer.clone()));
    sink.line("opt done");
    sink.event(0, "Inlined", "f", &[("Depth", 1i64.into())]);
    sink.line("Splitting Statistics\nSplits: 2");
    check(
        &buffer.contents(),
        "[engine] opt done\n[engine] Inlined⟨6⟩f⟨59⟩|Depth 1\n[engine] Splitting Statistics\nSplits: 2\n",
    );

    let writes = Writes::default();
    let sink = TraceSink::new(Box::new(writes.clone()));
    let shared = &sink;
    shared.line("a");
    shared.line("b");
    assert_eq!(*writes.0.borrow(), ["[engine] a\n", "[engine] b\n"]);
}

#[test]
fn inlining_lines_have_the_documented_columns() {
    use super::inlining::{self, CallProps};
    let root = CallProps {
        call_diff: 0.0,
        recursion_depth: 0,
        explore_inline_ratio: 1.07,
        ir_nodes: 27149,
        frequency: 1.0,
        truffle_callees: 14,
        forced: false,
        depth: 0,
    };
    check(
        &inlining::line(0, "inline start", "Main.run", Some(&root)),
        "inline start⟨5⟩Main.run⟨52⟩|call diff⟨8⟩0.00 |Recursion Depth⟨6⟩0 |Explore/inline ratio⟨5⟩1.07 \
         |IR Nodes⟨8⟩27149 |Frequency⟨8⟩1.00 |Truffle Callees⟨5⟩14 |Forced⟨10⟩false |Depth⟨15⟩0",
    );
    let child = CallProps {
        call_diff: -8.99,
        recursion_depth: 1,
        explore_inline_ratio: f64::NAN,
        ir_nodes: 4617,
        frequency: 101.88,
        truffle_callees: 7,
        forced: false,
        depth: 2,
    };
    // Two levels down the subject is indented by four, and its column narrowed by as much.
    check(
        &inlining::line(2, "Inlined", "helper", Some(&child)),
        "Inlined⟨14⟩helper⟨50⟩|call diff⟨7⟩-8.99 |Recursion Depth⟨6⟩1 |Explore/inline ratio⟨6⟩NaN \
         |IR Nodes⟨9⟩4617 |Frequency⟨6⟩101.88 |Truffle Callees⟨6⟩7 |Forced⟨10⟩false |Depth⟨15⟩2",
    );
    // An indirect call prints no properties and no trailing spaces.
    check(&inlining::line(1, "Indirect", "<indirect>", None), "Indirect⟨11⟩<indirect>");
}
