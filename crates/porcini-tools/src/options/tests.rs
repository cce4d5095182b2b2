//! Option parsing, driven by a table of command lines and the outcome each must produce.

use super::suggest::{Closest, closest, distance};
use super::*;

/// Applies the whitespace-separated arguments of `args` to default options and compares the
/// outcome with `expect`: the changed options as `Name=value` (or `(defaults)`), or the error
/// message.
fn check(args: &str, expect: &str) {
    let mut options = EngineOptions::default();
    let outcome = args
        .split_whitespace()
        .try_for_each(|arg| options.apply_arg(arg));
    let actual = match outcome {
        Ok(()) => changed(&options),
        Err(error) => error.to_string(),
    };
    assert_eq!(actual, expect, "for arguments {args:?}");
}

fn changed(options: &EngineOptions) -> String {
    let defaults = EngineOptions::default();
    let changed: Vec<String> = OPTIONS
        .iter()
        .filter(|descriptor| descriptor.get(options) != descriptor.get(&defaults))
        .map(|descriptor| format!("{}={}", descriptor.name, descriptor.get(options)))
        .collect();
    if changed.is_empty() {
        "(defaults)".to_string()
    } else {
        changed.join(" ")
    }
}

#[test]
fn booleans() {
    check("", "(defaults)");
    check("--engine.Splitting=false", "Splitting=false");
    check("--engine.TraceSplitting", "TraceSplitting=true");
    check(
        "--engine.TraceSplitting=true --engine.TraceSplitting=false",
        "(defaults)",
    );
    check(
        "--engine.Compilation=false --engine.OSR=false",
        "Compilation=false OSR=false",
    );
    check("--engine.GCStress", "GCStress=true");
    check(
        "--engine.Splitting=maybe",
        "Invalid value 'maybe' for option 'engine.Splitting': expected true or false.",
    );
    check(
        "--engine.Splitting=True",
        "Invalid value 'True' for option 'engine.Splitting': expected true or false.",
    );
    check(
        "--engine.Splitting=1",
        "Invalid value '1' for option 'engine.Splitting': expected true or false.",
    );
    check(
        "--engine.Splitting=",
        "Invalid value '' for option 'engine.Splitting': expected true or false.",
    );
}

#[test]
fn integers() {
    check(
        "--engine.SplittingMaxCalleeSize=250",
        "SplittingMaxCalleeSize=250",
    );
    check(
        "--engine.SingleTierCompilationThreshold=+7",
        "SingleTierCompilationThreshold=7",
    );
    check("--engine.MaximumCompilations=-1", "MaximumCompilations=-1");
    check(
        "--engine.DeoptCycleDetectionThreshold=-1",
        "DeoptCycleDetectionThreshold=-1",
    );
    check("--engine.CompilerThreads=4", "CompilerThreads=4");
    check(
        "--engine.SplittingMaxCalleeSize=-1",
        "Invalid value '-1' for option 'engine.SplittingMaxCalleeSize': expected a non-negative integer.",
    );
    check(
        "--engine.SplittingMaxCalleeSize=12abc",
        "Invalid value '12abc' for option 'engine.SplittingMaxCalleeSize': expected a non-negative integer.",
    );
    check(
        "--engine.SplittingMaxCalleeSize=1.5",
        "Invalid value '1.5' for option 'engine.SplittingMaxCalleeSize': expected a non-negative integer.",
    );
    check(
        "--engine.SplittingMaxCalleeSize=",
        "Invalid value '' for option 'engine.SplittingMaxCalleeSize': expected a non-negative integer.",
    );
    check(
        "--engine.OSRCompilationThreshold=18446744073709551615",
        "OSRCompilationThreshold=18446744073709551615",
    );
    check(
        "--engine.OSRCompilationThreshold=18446744073709551616",
        "Invalid value '18446744073709551616' for option 'engine.OSRCompilationThreshold': \
         expected a non-negative integer up to 18446744073709551615.",
    );
    check(
        "--engine.MaximumCompilations=9223372036854775808",
        "Invalid value '9223372036854775808' for option 'engine.MaximumCompilations': \
         expected an integer between -9223372036854775808 and 9223372036854775807.",
    );
    check(
        "--engine.MaximumCompilations=-9223372036854775809",
        "Invalid value '-9223372036854775809' for option 'engine.MaximumCompilations': \
         expected an integer between -9223372036854775808 and 9223372036854775807.",
    );
    check(
        "--engine.MaximumCompilations=ten",
        "Invalid value 'ten' for option 'engine.MaximumCompilations': expected an integer.",
    );
    // A bare non-boolean option means the value `true`, as in Truffle's launcher.
    check(
        "--engine.MinInvokeThreshold",
        "Invalid value 'true' for option 'engine.MinInvokeThreshold': expected a non-negative integer.",
    );
}

#[test]
fn floats() {
    check(
        "--engine.SplittingGrowthLimit=2",
        "SplittingGrowthLimit=2.0",
    );
    check(
        "--engine.SplittingGrowthLimit=0.25",
        "SplittingGrowthLimit=0.25",
    );
    check(
        "--engine.SplittingGrowthLimit=-3e2",
        "SplittingGrowthLimit=-300.0",
    );
    for bad in ["inf", "-inf", "NaN", "infinity", "1e999", "1.5x", ""] {
        check(
            &format!("--engine.SplittingGrowthLimit={bad}"),
            &format!(
                "Invalid value '{bad}' for option 'engine.SplittingGrowthLimit': expected a finite number."
            ),
        );
    }
}

#[test]
fn strings_and_choices() {
    check("--engine.CompileOnly=fib,~main", "CompileOnly=fib,~main");
    check("--engine.DumpPath=/tmp/x=y", "DumpPath=/tmp/x=y");
    check("--engine.DumpPath=", "DumpPath=");
    check(
        "--engine.CompilationFailureAction=ExitVM",
        "CompilationFailureAction=ExitVM",
    );
    check(
        "--engine.CompilationFailureAction=Print",
        "CompilationFailureAction=Print",
    );
    check(
        "--engine.CompilationFailureAction=print",
        "Invalid value 'print' for option 'engine.CompilationFailureAction': \
         expected one of Silent, Print, Throw, Diagnose, ExitVM.",
    );
    check("--engine.Mode=latency", "Mode=latency");
    check("--engine.Mode=THROUGHPUT", "Mode=throughput");
    check(
        "--engine.Mode=fast",
        "Invalid value 'fast' for option 'engine.Mode': expected one of default, latency, throughput.",
    );
}

#[test]
fn unknown_names_and_suggestions() {
    check(
        "--engine.Splitingg",
        "Unknown option 'engine.Splitingg'. Did you mean 'engine.Splitting'?",
    );
    check(
        "--engine.splitting=false",
        "Unknown option 'engine.splitting'. Did you mean 'engine.Splitting'?",
    );
    check(
        "--engine.osr",
        "Unknown option 'engine.osr'. Did you mean 'engine.OSR'?",
    );
    check(
        "--engine.GCSTRESS",
        "Unknown option 'engine.GCSTRESS'. Did you mean 'engine.GCStress'?",
    );
    check(
        "--engine.TraceSplitingSumary",
        "Unknown option 'engine.TraceSplitingSumary'. Did you mean 'engine.TraceSplittingSummary'?",
    );
    check(
        "--engine.TraceCompliation",
        "Unknown option 'engine.TraceCompliation'. Did you mean 'engine.TraceCompilation'?",
    );
    check(
        "--engine.InliningExpansionBugdet=1",
        "Unknown option 'engine.InliningExpansionBugdet'. Did you mean 'engine.InliningExpansionBudget'?",
    );
    // Far from every option: the closest one is named, not offered as a correction.
    check(
        "--engine.Frobnicate",
        "Unknown option 'engine.Frobnicate'. \
         The closest valid option is 'engine.Profiling'; see --help for the list.",
    );
    check(
        "--engine.X",
        "Unknown option 'engine.X'. The closest valid option is 'engine.OSR'; see --help for the list.",
    );
    check(
        "--engine.Foo=1",
        "Unknown option 'engine.Foo'. The closest valid option is 'engine.Mode'; see --help for the list.",
    );
    check(
        "--engine.=1",
        "Invalid engine option '--engine.=1': expected '--engine.Name' or '--engine.Name=value'.",
    );
    check(
        "--engine.",
        "Invalid engine option '--engine.': expected '--engine.Name' or '--engine.Name=value'.",
    );
    check(
        "--Splitting",
        "Invalid engine option '--Splitting': expected '--engine.Name' or '--engine.Name=value'.",
    );
    check(
        "-engine.Splitting",
        "Invalid engine option '-engine.Splitting': expected '--engine.Name' or '--engine.Name=value'.",
    );
}

#[test]
fn set_get_and_apply_args() {
    let mut options = EngineOptions::default();
    options.set("SplittingGrowthLimit", "3.5").unwrap();
    options.set("engine.TraceInlining", "true").unwrap();
    assert_eq!(options.splitting_growth_limit, 3.5);
    assert!(options.trace_inlining);
    assert_eq!(
        options.get("engine.SplittingGrowthLimit").as_deref(),
        Some("3.5")
    );
    assert_eq!(options.get("Nope"), None);
    assert_eq!(
        options.set("Inlinning", "true").unwrap_err(),
        OptionError::Unknown {
            name: "Inlinning".to_string(),
            closest: Some("Inlining".to_string()),
            likely_typo: true,
        },
    );

    let rest = options
        .apply_args(["prog.sl", "--engine.OSR=false", "--verbose", "arg"])
        .unwrap();
    assert_eq!(rest, ["prog.sl", "--verbose", "arg"]);
    assert!(!options.osr);
    assert!(options.apply_args(["--engine.OSR=no"]).is_err());
}

#[test]
fn defaults_follow_the_reference() {
    let options = EngineOptions::default();
    let expected: &[(&str, &str)] = &[
        ("Compilation", "true"),
        ("CompileImmediately", "false"),
        ("BackgroundCompilation", "true"),
        ("MultiTier", "false"),
        ("SingleTierCompilationThreshold", "1000"),
        ("MinInvokeThreshold", "3"),
        ("FirstTierMinInvokeThreshold", "1"),
        ("FirstTierCompilationThreshold", "400"),
        ("LastTierCompilationThreshold", "10000"),
        ("OSR", "true"),
        ("OSRCompilationThreshold", "100352"),
        ("OSRMaxCompilationReAttempts", "30"),
        ("CompileOnly", ""),
        ("MaximumCompilations", "100"),
        ("DeoptCycleDetectionThreshold", "15"),
        ("DeoptCycleDetectionAllowedRepeats", "0"),
        ("Inlining", "true"),
        ("InliningExpansionBudget", "12000"),
        ("InliningInliningBudget", "12000"),
        ("InliningRecursionDepth", "2"),
        ("MaximumGraalGraphSize", "150000"),
        ("Splitting", "true"),
        ("SplittingMaxCalleeSize", "100"),
        ("SplittingMaxPropagationDepth", "5"),
        ("SplittingGrowthLimit", "1.5"),
        ("SplittingAllowForcedSplits", "true"),
        ("SplittingTraceEvents", "false"),
        ("SplittingDumpDecisions", "false"),
        ("TraceSplitting", "false"),
        ("TraceSplittingSummary", "false"),
        ("TraceCompilation", "false"),
        ("TraceCompilationDetails", "false"),
        ("TraceInlining", "false"),
        ("TraceTransferToInterpreter", "false"),
        ("TraceDeoptimizeFrame", "false"),
        ("TraceStackTraceLimit", "20"),
        ("DumpPath", "dumps"),
        ("CompilationFailureAction", "Silent"),
        ("Mode", "default"),
        ("Profiling", "true"),
        ("GCStress", "false"),
        ("PartialEscapeAnalysis", "true"),
        ("VerifyIR", "false"),
        ("TraversingQueueFirstTierBonus", "15.0"),
        ("DynamicCompilationThresholdsMinScale", "0.1"),
        ("DynamicCompilationThresholdsMaxNormalLoad", "90"),
        ("CompilerThreads", "-1"),
    ];
    for (name, value) in expected {
        assert_eq!(
            options.get(name).as_deref(),
            Some(*value),
            "default of {name}"
        );
    }
}

#[test]
fn table_is_consistent() {
    for (index, descriptor) in OPTIONS.iter().enumerate() {
        assert!(
            OPTIONS[..index]
                .iter()
                .all(|other| other.name != descriptor.name),
            "{} is declared twice",
            descriptor.name
        );
        assert_eq!(
            descriptor.field,
            snake_case(descriptor.name),
            "field name of {}",
            descriptor.name
        );
        assert!(
            !descriptor.help.is_empty() && !descriptor.help.contains('\n'),
            "help of {}",
            descriptor.name
        );
        // Every default must survive a round trip through its own parser.
        let mut options = EngineOptions::default();
        options
            .set(descriptor.name, &descriptor.get(&EngineOptions::default()))
            .unwrap();
        assert_eq!(
            options,
            EngineOptions::default(),
            "round trip of {}",
            descriptor.name
        );
    }
}

/// Truffle's CamelCase names with acronyms (`OSRCompilationThreshold`) in Rust's snake case
/// (`osr_compilation_threshold`).
fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            let previous_lower = chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit();
            let acronym_end = chars[i - 1].is_ascii_uppercase()
                && chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            if previous_lower || acronym_end {
                out.push('_');
            }
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[test]
fn help_rows() {
    let rows = EngineOptions::help_rows();
    assert_eq!(rows.len(), OPTIONS.len());
    let find = |spelling_prefix: &str| {
        let row = rows
            .iter()
            .find(|row| row.0.starts_with(spelling_prefix))
            .unwrap();
        format!("{} | {} | {}", row.0, row.1, row.2)
    };
    assert_eq!(
        find("--engine.Splitting="),
        "--engine.Splitting=true|false | true | \
         Split (clone) call targets per call site when their profiles turn polymorphic."
    );
    assert_eq!(
        find("--engine.SplittingGrowthLimit="),
        "--engine.SplittingGrowthLimit=<float> | 1.5 | \
         Nodes that splitting may create, as a factor of the nodes created without it."
    );
    assert_eq!(
        find("--engine.CompilationFailureAction="),
        "--engine.CompilationFailureAction=Silent|Print|Throw|Diagnose|ExitVM | Silent | \
         What to do when a compilation fails. porcini accepts this option but does not act on it yet."
    );
    assert_eq!(
        find("--engine.MaximumCompilations="),
        "--engine.MaximumCompilations=<int> | 100 | Successful compilations of one call target after \
         which it is never compiled again; negative means no limit."
    );
    assert_eq!(
        find("--engine.OSRCompilationThreshold="),
        "--engine.OSRCompilationThreshold=[0, inf) | 100352 | Loop iterations before an OSR compilation is triggered."
    );
    assert_eq!(
        find("--engine.DumpPath="),
        "--engine.DumpPath=<string> | dumps | Directory that graph and decision dumps are written to."
    );
    assert!(find("--engine.MultiTier=").contains("porcini is single-tier"));
}

#[test]
fn closest_names() {
    // (input, closest option, whether it is a likely typo): up to a third of the name (one to
    // four edits, case ignored) counts as a typo; the first of equally close options wins.
    let cases: &[(&str, &str, bool)] = &[
        ("Splitingg", "Splitting", true),
        ("splitting", "Splitting", true),
        ("OSr", "OSR", true),
        ("X", "OSR", false),
        ("Foo", "Mode", false),
        ("Frobnicate", "Profiling", false),
        ("TraceCompliation", "TraceCompilation", true),
    ];
    let names = || OPTIONS.iter().map(|descriptor| descriptor.name);
    for &(input, name, likely_typo) in cases {
        assert_eq!(
            closest(input, names()),
            Some(Closest { name, likely_typo }),
            "closest({input:?})"
        );
    }
    assert_eq!(closest("Splitting", std::iter::empty()), None);
}

#[test]
fn edit_distance() {
    let d = |a: &str, b: &str| {
        distance(
            &a.chars().collect::<Vec<_>>(),
            &b.chars().collect::<Vec<_>>(),
        )
    };
    let cases: &[(&str, &str, usize)] = &[
        ("", "", 0),
        ("abc", "", 3),
        ("", "abc", 3),
        ("abc", "abc", 0),
        ("abc", "acb", 1),
        ("abc", "abd", 1),
        ("abc", "abcd", 1),
        ("ca", "abc", 3),
        ("splitingg", "splitting", 2),
        ("kitten", "sitting", 3),
    ];
    for &(a, b, expected) in cases {
        assert_eq!(d(a, b), expected, "distance({a:?}, {b:?})");
    }
}

#[test]
fn options_without_effect_say_so_and_are_named_when_set() {
    for name in super::WITHOUT_EFFECT {
        assert!(OptionDescriptor::find(name).is_some(), "{name} is not an option");
    }
    let rows = EngineOptions::help_rows();
    let help = |prefix: &str| rows.iter().find(|row| row.0.starts_with(prefix)).map(|row| row.2.clone()).unwrap();
    assert!(help("--engine.TraceAssumptions=").ends_with("porcini accepts this option but does not act on it yet."));
    assert!(!help("--engine.TraceCompilation=").contains("does not act"));
    // The statistics are printed now; their detailed variant is not yet.
    assert!(!super::WITHOUT_EFFECT.contains(&"CompilationStatistics"));
    assert!(!help("--engine.CompilationStatistics=").contains("does not act"));
    assert!(help("--engine.CompilationStatisticDetails=").contains("does not act"));
    let mut options = EngineOptions::default();
    assert!(options.without_effect().is_empty());
    options.apply_arg("--engine.TraceAssumptions").unwrap();
    options.apply_arg("--engine.CompilerThreads=-1").unwrap();
    options.apply_arg("--engine.TraceCompilation").unwrap();
    options.apply_arg("--engine.CompilationStatistics").unwrap();
    assert_eq!(options.without_effect(), vec!["TraceAssumptions"]);
}
