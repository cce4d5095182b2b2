//! Snapshot tests of the sampler's outputs: each text format is compared with its complete
//! expected text; the flame graph, whose exact coordinates matter less than its shape, is
//! checked for well-formedness, rectangle counts and widths.

use super::*;

/// A span in `prog.sl`.
fn span(start_line: u32, end_line: u32, char_index: u32, char_length: u32) -> Option<SourceSpan> {
    Some(SourceSpan {
        path: "prog.sl".to_string(),
        start_line,
        end_line,
        char_index,
        char_length,
    })
}

/// A profile of `functions`, sampled as `stacks`: each stack innermost first, each frame a
/// function index and a tier. Period 10ms, thread `main`.
fn profile(functions: Vec<(&str, Option<SourceSpan>)>, stacks: &[&[(u32, u8)]]) -> Profile {
    Profile {
        functions: functions
            .into_iter()
            .map(|(name, span)| SampledFunction {
                name: name.to_string(),
                span,
            })
            .collect(),
        samples: stacks
            .iter()
            .map(|stack| Sample {
                stack: stack
                    .iter()
                    .map(|&(function, tier)| SampledFrame {
                        function: FunctionId(function),
                        tier: Tier(tier),
                    })
                    .collect(),
            })
            .collect(),
        period_ms: 10,
        missed: 1,
        thread_name: "main".to_string(),
    }
}

/// `main` calls a recursive `fib` and a builtin `print`; the last stack is empty and not counted.
fn fib_profile() -> Profile {
    profile(
        vec![
            ("main", span(1, 5, 0, 50)),
            ("fib", span(7, 12, 52, 80)),
            ("print", None),
        ],
        &[
            &[(1, 2), (1, 2), (0, 0)],
            &[(1, 0), (0, 0)],
            &[(2, 0), (0, 0)],
            &[(0, 0)],
            &[(1, 2), (1, 0), (1, 0), (0, 0)],
            &[],
        ],
    )
}

fn format(output: SamplerOutput) -> SamplerFormat {
    SamplerFormat {
        output,
        ..SamplerFormat::default()
    }
}

/// Renders `profile` and compares the text with `expect`.
fn check(profile: &Profile, format: SamplerFormat, expect: &str) {
    let actual = render(profile, &format);
    assert!(
        actual == expect,
        "\n--- actual ---\n{actual}\n--- expected ---\n{expect}\n--- actual, debug ---\n{actual:?}"
    );
}

#[test]
fn output_names() {
    for output in [
        SamplerOutput::Histogram,
        SamplerOutput::CallTree,
        SamplerOutput::Json,
        SamplerOutput::Flamegraph,
    ] {
        assert_eq!(output.name().parse::<SamplerOutput>(), Ok(output));
    }
    assert_eq!("CallTree".parse(), Ok(SamplerOutput::CallTree));
    assert_eq!(
        "tree".parse::<SamplerOutput>(),
        Err("Output can be: histogram, calltree, json, flamegraph.".to_string())
    );
}

#[test]
fn histogram() {
    check(
        &fib_profile(),
        format(SamplerOutput::Histogram),
        "\
----------------------------------------------------------------------------------------------
Sampling Histogram. Recorded 5 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
----------------------------------------------------------------------------------------------
main
 Name       ||             Total Time    ||              Self Time    || Location             
----------------------------------------------------------------------------------------------
 fib        ||               30ms  60.0% ||               30ms  60.0% || prog.sl~7-12:52-131
 main       ||               50ms 100.0% ||               10ms  20.0% || prog.sl~1-5:0-49
 print      ||               10ms  20.0% ||               10ms  20.0% || <Unknown>
----------------------------------------------------------------------------------------------
",
    );
}

/// Every tier from the interpreter up to the highest seen gets a column, tier 1 included though
/// no frame ran in it; a recursive function's total counts in the tier of its outermost frame.
#[test]
fn histogram_with_tiers() {
    check(
        &fib_profile(),
        SamplerFormat {
            show_tiers: true,
            ..format(SamplerOutput::Histogram)
        },
        "\
----------------------------------------------------------------------------------------------------------------------------------------------------
Sampling Histogram. Recorded 5 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
  T0: Percent of time spent in interpreter.
  T1: Percent of time spent in code compiled by tier 1 compiler.
  T2: Percent of time spent in code compiled by tier 2 compiler.
----------------------------------------------------------------------------------------------------------------------------------------------------
main
 Name       ||             Total Time    |   T0   |   T1   |   T2   ||              Self Time    |   T0   |   T1   |   T2   || Location             
----------------------------------------------------------------------------------------------------------------------------------------------------
 fib        ||               30ms  60.0% |  66.7% |   0.0% |  33.3% ||               30ms  60.0% |  33.3% |   0.0% |  66.7% || prog.sl~7-12:52-131
 main       ||               50ms 100.0% | 100.0% |   0.0% |   0.0% ||               10ms  20.0% | 100.0% |   0.0% |   0.0% || prog.sl~1-5:0-49
 print      ||               10ms  20.0% | 100.0% |   0.0% |   0.0% ||               10ms  20.0% | 100.0% |   0.0% |   0.0% || <Unknown>
----------------------------------------------------------------------------------------------------------------------------------------------------
",
    );
}

#[test]
fn histogram_min_samples() {
    check(
        &fib_profile(),
        SamplerFormat {
            min_samples: 2,
            ..format(SamplerOutput::Histogram)
        },
        "\
----------------------------------------------------------------------------------------------
Sampling Histogram. Recorded 5 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
----------------------------------------------------------------------------------------------
main
 Name       ||             Total Time    ||              Self Time    || Location             
----------------------------------------------------------------------------------------------
 fib        ||               30ms  60.0% ||               30ms  60.0% || prog.sl~7-12:52-131
----------------------------------------------------------------------------------------------
",
    );
}

#[test]
fn call_tree() {
    check(
        &fib_profile(),
        format(SamplerOutput::CallTree),
        "\
----------------------------------------------------------------------------------------------
Sampling Call Tree. Recorded 5 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
----------------------------------------------------------------------------------------------
 Name       ||             Total Time    ||              Self Time    || Location             
----------------------------------------------------------------------------------------------
 main       ||               50ms 100.0% ||               10ms  20.0% || prog.sl~1-5:0-49
  fib       ||               30ms  60.0% ||               10ms  20.0% || prog.sl~7-12:52-131
   fib      ||               20ms  40.0% ||               10ms  20.0% || prog.sl~7-12:52-131
    fib     ||               10ms  20.0% ||               10ms  20.0% || prog.sl~7-12:52-131
  print     ||               10ms  20.0% ||               10ms  20.0% || <Unknown>
----------------------------------------------------------------------------------------------
",
    );
}

/// The call tree lists each node's highest tier only, so tier 1 has no column here.
#[test]
fn call_tree_with_tiers() {
    check(
        &fib_profile(),
        SamplerFormat {
            show_tiers: true,
            ..format(SamplerOutput::CallTree)
        },
        "\
----------------------------------------------------------------------------------------------------------------------------------
Sampling Call Tree. Recorded 5 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
  T0: Percent of time spent in interpreter.
  T2: Percent of time spent in code compiled by tier 2 compiler.
----------------------------------------------------------------------------------------------------------------------------------
 Name       ||             Total Time    |   T0   |   T2   ||              Self Time    |   T0   |   T2   || Location             
----------------------------------------------------------------------------------------------------------------------------------
 main       ||               50ms 100.0% | 100.0% |   0.0% ||               10ms  20.0% | 100.0% |   0.0% || prog.sl~1-5:0-49
  fib       ||               30ms  60.0% |  66.7% |  33.3% ||               10ms  20.0% | 100.0% |   0.0% || prog.sl~7-12:52-131
   fib      ||               20ms  40.0% |  50.0% |  50.0% ||               10ms  20.0% |   0.0% | 100.0% || prog.sl~7-12:52-131
    fib     ||               10ms  20.0% |   0.0% | 100.0% ||               10ms  20.0% |   0.0% | 100.0% || prog.sl~7-12:52-131
  print     ||               10ms  20.0% | 100.0% |   0.0% ||               10ms  20.0% | 100.0% |   0.0% || <Unknown>
----------------------------------------------------------------------------------------------------------------------------------
",
    );
}

#[test]
fn json() {
    check(
        &fib_profile(),
        format(SamplerOutput::Json),
        concat!(
            r#"{"tool":"cpusampler","version":"0.5.0","contexts":[{"sample_count":5,"period":10,"gathered_hit_times":false,"profile":[{"thread":"main","samples":["#,
            r#"{"root_name":"main","source_section":{"path":"prog.sl","source_name":"prog.sl","start_line":1,"end_line":5},"hit_count":5,"self_hit_count":1,"self_hit_times":[],"self_tier_count":[1],"tier_count":[5],"children":["#,
            r#"{"root_name":"fib","source_section":{"path":"prog.sl","source_name":"prog.sl","start_line":7,"end_line":12},"hit_count":3,"self_hit_count":1,"self_hit_times":[],"self_tier_count":[1,0,0],"tier_count":[2,0,1],"children":["#,
            r#"{"root_name":"fib","source_section":{"path":"prog.sl","source_name":"prog.sl","start_line":7,"end_line":12},"hit_count":2,"self_hit_count":1,"self_hit_times":[],"self_tier_count":[0,0,1],"tier_count":[1,0,1],"children":["#,
            r#"{"root_name":"fib","source_section":{"path":"prog.sl","source_name":"prog.sl","start_line":7,"end_line":12},"hit_count":1,"self_hit_count":1,"self_hit_times":[],"self_tier_count":[0,0,1],"tier_count":[0,0,1],"children":[]}]}]},"#,
            r#"{"root_name":"print","source_section":{},"hit_count":1,"self_hit_count":1,"self_hit_times":[],"self_tier_count":[1],"tier_count":[1],"children":[]}]}]}]}]}"#,
            "\n"
        ),
    );
}

/// No samples: the header and an empty table, percentages never divide by zero.
#[test]
fn empty_profile() {
    let empty = profile(vec![("unused", None)], &[&[], &[]]);
    let tiers = |output| SamplerFormat {
        output,
        show_tiers: true,
        min_samples: 0,
    };
    check(
        &empty,
        tiers(SamplerOutput::Histogram),
        "\
----------------------------------------------------------------------------------------------
Sampling Histogram. Recorded 0 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
----------------------------------------------------------------------------------------------
main
 Name       ||             Total Time    ||              Self Time    || Location             
----------------------------------------------------------------------------------------------
----------------------------------------------------------------------------------------------
",
    );
    check(
        &empty,
        tiers(SamplerOutput::CallTree),
        "\
----------------------------------------------------------------------------------------------
Sampling Call Tree. Recorded 0 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
----------------------------------------------------------------------------------------------
 Name       ||             Total Time    ||              Self Time    || Location             
----------------------------------------------------------------------------------------------
----------------------------------------------------------------------------------------------
",
    );
    check(
        &empty,
        tiers(SamplerOutput::Json),
        "{\"tool\":\"cpusampler\",\"version\":\"0.5.0\",\"contexts\":[{\"sample_count\":0,\"period\":10,\"gathered_hit_times\":false,\"profile\":[{\"thread\":\"main\",\"samples\":[]}]}]}\n",
    );
    let svg = render(&empty, &tiers(SamplerOutput::Flamegraph));
    assert_well_formed(&svg);
    assert_eq!(frame_widths(&svg), Vec::<f64>::new());
    assert!(svg.contains("No samples recorded."));
}

/// Names with table separators, markup and quotes print as they are in the tables and escaped in
/// JSON; widths count UTF-16 units, as Java's do, so the emoji counts twice. Two function ids with
/// the same name and span are one row, and an id outside the function table still prints.
#[test]
fn awkward_names() {
    let odd = profile(
        vec![
            ("a|b<c>&\"d\"", span(3, 3, 10, 1)),
            ("\u{e9}t\u{e9} \u{1F600}\u{1F600}\u{1F600}", None),
            ("x", span(4, 4, 20, 0)),
            ("a|b<c>&\"d\"", span(3, 3, 10, 1)),
        ],
        &[
            &[(0, 0), (1, 2)],
            &[(3, 0), (1, 2)],
            &[(2, 1), (1, 2)],
            &[(9, 0)],
        ],
    );
    check(
        &odd,
        format(SamplerOutput::Histogram),
        "\
--------------------------------------------------------------------------------------------------------
Sampling Histogram. Recorded 4 samples with period 10ms. Missed 1 samples.
  Self Time: Time spent on the top of the stack.
  Total Time: Time spent somewhere on the stack.
--------------------------------------------------------------------------------------------------------
main
 Name                 ||             Total Time    ||              Self Time    || Location             
--------------------------------------------------------------------------------------------------------
 a|b<c>&\"d\"           ||               20ms  50.0% ||               20ms  50.0% || prog.sl~3:10
 <unknown function 9> ||               10ms  25.0% ||               10ms  25.0% || <Unknown>
 x                    ||               10ms  25.0% ||               10ms  25.0% || prog.sl~4:20
 \u{e9}t\u{e9} \u{1F600}\u{1F600}\u{1F600}           ||               30ms  75.0% ||                0ms   0.0% || <Unknown>
--------------------------------------------------------------------------------------------------------
",
    );
    let json = render(&odd, &format(SamplerOutput::Json));
    assert!(json.contains(r#"{"root_name":"a|b<c>&\"d\"","source_section":{"path":"prog.sl","source_name":"prog.sl","start_line":3,"end_line":3},"hit_count":2,"#));
    assert!(json.contains("\"root_name\":\"\u{e9}t\u{e9} \u{1F600}\u{1F600}\u{1F600}\""));
    let svg = render(&odd, &format(SamplerOutput::Flamegraph));
    assert_well_formed(&svg);
    assert!(svg.contains("a|b&lt;c&gt;&amp;&quot;d&quot;"));
    assert!(!svg.contains("<c>"));
}

#[test]
fn flamegraph_shape() {
    // main runs 4 samples: f 3 of them (g on top of f in 1), and main alone 1.
    let p = profile(
        vec![
            ("main", span(1, 5, 0, 50)),
            ("f", span(6, 8, 51, 20)),
            ("g", None),
        ],
        &[
            &[(1, 0), (0, 0)],
            &[(1, 2), (0, 0)],
            &[(2, 0), (1, 0), (0, 0)],
            &[(0, 0)],
        ],
    );
    let svg = render(&p, &format(SamplerOutput::Flamegraph));
    assert_well_formed(&svg);
    assert!(svg.starts_with("<?xml"));
    // No external resources: the only URL is the SVG namespace.
    assert_eq!(svg.matches("http").count(), 1);
    assert!(!svg.contains(" src="));
    // One frame for all samples, then main, f and g; widths in proportion to samples over the
    // 1180 pixels between the margins.
    assert_eq!(frame_widths(&svg), vec![1180.0, 1180.0, 885.0, 295.0]);
    assert!(svg.contains("<title>f (prog.sl~6-8:51-70): 3 samples (75.00%), 2 self</title>"));
    // The root is at the bottom: the bar of all samples is lowest, g highest.
    let ys = frame_attribute(&svg, "y");
    assert!(ys.windows(2).all(|w| w[0] > w[1]), "{ys:?}");
    // Colours depend on the name only.
    let again = render(&p, &format(SamplerOutput::Flamegraph));
    assert_eq!(svg, again);
}

/// Frames too narrow to see are left out, with everything above them.
#[test]
fn flamegraph_leaves_out_invisible_frames() {
    let mut stacks: Vec<Vec<(u32, u8)>> = vec![vec![(0, 0)]; 20_000];
    stacks.push(vec![(2, 0), (1, 0), (0, 0)]);
    let stacks: Vec<&[(u32, u8)]> = stacks.iter().map(Vec::as_slice).collect();
    let p = profile(
        vec![("main", None), ("rare", None), ("rarer", None)],
        &stacks,
    );
    let svg = render(&p, &format(SamplerOutput::Flamegraph));
    assert_eq!(frame_widths(&svg), vec![1180.0, 1180.0]);
}

/// Thousands of frames of recursion, rendered on a thread with a small native stack: nothing
/// recurses per frame.
#[test]
fn deep_stacks() {
    const DEPTH: usize = 5000;
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut deep = vec![(1, 2); DEPTH];
            deep.push((0, 0));
            let p = profile(vec![("main", None), ("down", None)], &[&deep, &deep[DEPTH - 2..]]);
            let histogram = render(&p, &format(SamplerOutput::Histogram));
            assert!(histogram.contains(" down       ||               20ms 100.0% ||               20ms 100.0% || <Unknown>\n"));
            let tree = render(&p, &format(SamplerOutput::CallTree));
            assert_eq!(tree.lines().count(), 8 + DEPTH + 1);
            // Past 128 levels the indentation restarts behind a label naming the levels skipped.
            assert!(tree.contains("\n (\u{21B3}128) down "));
            assert!(tree.contains(&format!("\n (\u{21B3}4992) {}down ", " ".repeat(8))));
            let json = render(&p, &format(SamplerOutput::Json));
            assert_eq!(json.matches("\"children\":[").count(), DEPTH + 1);
            assert!(json.ends_with(&format!("[]}}{}]}}]}}]}}\n", "]}".repeat(DEPTH))));
            let svg = render(&p, &format(SamplerOutput::Flamegraph));
            assert_well_formed(&svg);
            assert_eq!(frame_widths(&svg).len(), 1 + 1 + DEPTH);
        })
        .unwrap();
    handle.join().unwrap();
}

/// The `width` of every frame's viewport, bottom bar first.
fn frame_widths(svg: &str) -> Vec<f64> {
    frame_attribute(svg, "width")
}

/// An attribute of every frame's nested `<svg>` viewport, in document order.
fn frame_attribute(svg: &str, name: &str) -> Vec<f64> {
    svg.lines()
        .filter(|line| line.starts_with("<g class=\"f\""))
        .map(|line| {
            let viewport = &line[line.find("<svg ").expect("a frame holds a viewport")..];
            let key = format!(" {name}=\"");
            let start = viewport.find(&key).expect("attribute present") + key.len();
            let end = start + viewport[start..].find('"').unwrap();
            viewport[start..end].parse().unwrap()
        })
        .collect()
}

/// Checks that every element is closed in order and that no text holds a raw `<` or a bare `&`,
/// skipping the XML declaration and the script's CDATA section.
fn assert_well_formed(svg: &str) {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find(['<', '&']) {
        let (before, at) = rest.split_at(start);
        assert!(!before.contains('>'), "stray '>' in {before:?}");
        if at.starts_with('&') {
            let entity = &at[..at.find(';').expect("entity ends with ';'") + 1];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
                "unknown entity {entity}"
            );
            rest = &at[entity.len()..];
            continue;
        }
        if let Some(cdata) = at.strip_prefix("<![CDATA[") {
            rest = &cdata[cdata.find("]]>").expect("CDATA closed") + 3..];
            continue;
        }
        let end = at.find('>').expect("tag closed");
        let tag = &at[1..end];
        rest = &at[end + 1..];
        if tag.starts_with('?') || tag.ends_with('/') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "mismatched </{name}>");
        } else {
            let name = tag.split([' ', '\n']).next().unwrap();
            assert!(!tag.contains('<'), "raw '<' inside <{tag}>");
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed {open:?}");
}

/// As in Truffle, a call-tree node under `MinSamples` hides its whole subtree, even callees
/// that have enough samples of their own.
#[test]
fn call_tree_min_samples_hides_subtrees() {
    let p = profile(
        vec![("main", None), ("hot", None)],
        &[&[(1, 0), (0, 0)], &[(1, 0), (0, 0)], &[(0, 0)]],
    );
    let min = |min_samples| SamplerFormat {
        min_samples,
        ..format(SamplerOutput::CallTree)
    };
    let rows = |text: String| text.lines().skip(7).filter(|l| !l.starts_with('-')).count();
    assert_eq!(rows(render(&p, &min(1))), 2);
    assert_eq!(rows(render(&p, &min(2))), 0);
}
