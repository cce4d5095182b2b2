//! The options of the tools every language gets and of the sandbox: `--cpusampler`,
//! `--coverage` and `--sandbox.*`, with Truffle's names, defaults and value syntax.
//!
//! They live beside the `--engine.*` table rather than in it because Truffle spells them under
//! their own prefixes, and because some take values the engine table has no type for: durations
//! (`100ms`, `2s`) and sizes (`64MB`). A tool is off until its bare switch or an `Output` turns it
//! on; every limit is absent (no limit) until it is given.

use std::time::Duration;

/// The outputs the CPU sampler can print.
pub const SAMPLER_OUTPUTS: &[&str] = &["histogram", "calltree", "json", "flamegraph"];
/// The outputs coverage can print.
pub const COVERAGE_OUTPUTS: &[&str] = &["histogram", "detailed", "json", "lcov"];

/// `--cpusampler.*`: Truffle's CPU sampler.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplerOptions {
    /// Whether the sampler runs.
    pub enabled: bool,
    /// One of [`SAMPLER_OUTPUTS`].
    pub output: String,
    /// Milliseconds between samples.
    pub period_ms: u64,
    /// Milliseconds after the start before the first sample.
    pub delay_ms: u64,
    /// The deepest stack a sample keeps (innermost frames first).
    pub stack_limit: u64,
    /// Whether the tables split times by tier.
    pub show_tiers: bool,
    /// Whether internal roots (builtins) appear in samples.
    pub sample_internal: bool,
    /// Functions with fewer samples are left out of the tables.
    pub min_samples: u64,
    /// Where the output goes; empty: standard output (the flame graph: `flamegraph.svg`).
    pub output_file: String,
}

impl Default for SamplerOptions {
    fn default() -> Self {
        SamplerOptions {
            enabled: false,
            output: "histogram".into(),
            period_ms: 10,
            delay_ms: 0,
            stack_limit: 10_000,
            show_tiers: false,
            sample_internal: false,
            min_samples: 0,
            output_file: String::new(),
        }
    }
}

/// `--coverage.*`: Truffle's code coverage.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverageOptions {
    /// Whether coverage is recorded.
    pub enabled: bool,
    /// One of [`COVERAGE_OUTPUTS`].
    pub output: String,
    /// Whether the outputs show how often each statement ran, not only whether it did.
    pub count: bool,
    /// Whether a line counts as covered only when all of its statements are.
    pub strict_lines: bool,
    /// Whether internal roots are covered too.
    pub track_internal: bool,
    /// Where the output goes; empty: standard output. The file must not exist yet.
    pub output_file: String,
}

impl Default for CoverageOptions {
    fn default() -> Self {
        CoverageOptions {
            enabled: false,
            output: "histogram".into(),
            count: false,
            strict_lines: true,
            track_internal: false,
            output_file: String::new(),
        }
    }
}

/// `--sandbox.*`: the resource limits of a run. `None` is no limit.
#[derive(Clone, Debug, PartialEq)]
pub struct SandboxOptions {
    /// CPU time the guest thread may use.
    pub max_cpu_time: Option<Duration>,
    /// How often the CPU time is checked.
    pub max_cpu_time_check_interval: Duration,
    /// Statements the program may run.
    pub max_statements: Option<u64>,
    /// Whether statements of internal roots count.
    pub max_statements_include_internal: bool,
    /// Bytes the guest heap may retain.
    pub max_heap_memory: Option<u64>,
    /// How often the heap is checked.
    pub allocated_bytes_check_interval: Duration,
    /// The deepest node tree a function may have.
    pub max_ast_depth: Option<u64>,
    /// Guest frames that may be on the stack at once.
    pub max_stack_frames: Option<u64>,
    /// Bytes the guest may write to standard output.
    pub max_output_stream_size: Option<u64>,
    /// Bytes the guest may write to standard error.
    pub max_error_stream_size: Option<u64>,
}

impl Default for SandboxOptions {
    fn default() -> Self {
        SandboxOptions {
            max_cpu_time: None,
            max_cpu_time_check_interval: Duration::from_millis(10),
            max_statements: None,
            max_statements_include_internal: false,
            max_heap_memory: None,
            allocated_bytes_check_interval: Duration::from_millis(10),
            max_ast_depth: None,
            max_stack_frames: None,
            max_output_stream_size: None,
            max_error_stream_size: None,
        }
    }
}

impl SandboxOptions {
    /// Whether any limit is set.
    pub fn any(&self) -> bool {
        self.max_cpu_time.is_some()
            || self.max_statements.is_some()
            || self.max_heap_memory.is_some()
            || self.max_ast_depth.is_some()
            || self.max_stack_frames.is_some()
            || self.max_output_stream_size.is_some()
            || self.max_error_stream_size.is_some()
    }
}

/// The tools' and the sandbox's options together.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ToolOptions {
    /// The CPU sampler's.
    pub sampler: SamplerOptions,
    /// Coverage's.
    pub coverage: CoverageOptions,
    /// The resource limits.
    pub sandbox: SandboxOptions,
}

/// The option names this module knows, for suggestions and `--help`.
pub const TOOL_OPTION_NAMES: &[(&str, &str)] = &[
    ("cpusampler", "Start the CPU sampler: true|false|histogram|calltree|json|flamegraph."),
    ("cpusampler.Output", "histogram|calltree|json|flamegraph (default histogram)."),
    ("cpusampler.Period", "Milliseconds between samples (default 10)."),
    ("cpusampler.Delay", "Milliseconds before the first sample (default 0)."),
    ("cpusampler.StackLimit", "Deepest stack a sample keeps (default 10000)."),
    ("cpusampler.ShowTiers", "Split the times by tier (default false)."),
    ("cpusampler.SampleInternal", "Show internal functions (default false)."),
    ("cpusampler.MinSamples", "Leave out functions with fewer samples (default 0)."),
    ("cpusampler.OutputFile", "Write the output to this file instead of standard output."),
    ("coverage", "Record code coverage: true|false|histogram|detailed|json|lcov."),
    ("coverage.Output", "histogram|detailed|json|lcov (default histogram)."),
    ("coverage.Count", "Show how often each statement ran (default false)."),
    ("coverage.StrictLines", "A line is covered only when all its statements are (default true)."),
    ("coverage.TrackInternal", "Cover internal functions too (default false)."),
    ("coverage.OutputFile", "Write the output to this file, which must not exist yet."),
    ("sandbox.MaxCPUTime", "CPU time the program may use, e.g. 100ms or 2s (default no limit)."),
    ("sandbox.MaxCPUTimeCheckInterval", "How often CPU time is checked (default 10ms)."),
    ("sandbox.MaxStatements", "Statements the program may run (default no limit)."),
    ("sandbox.MaxStatementsIncludeInternal", "Count statements of internal functions (default false)."),
    ("sandbox.MaxHeapMemory", "Heap the program may retain, e.g. 64MB (default no limit)."),
    ("sandbox.AllocatedBytesCheckInterval", "How often the heap is checked (default 10ms)."),
    ("sandbox.MaxASTDepth", "Deepest syntax tree of a function (default no limit)."),
    ("sandbox.MaxStackFrames", "Guest frames on the stack at once (default no limit)."),
    ("sandbox.MaxOutputStreamSize", "Bytes the program may write to standard output, e.g. 1MB."),
    ("sandbox.MaxErrorStreamSize", "Bytes the program may write to standard error, e.g. 1MB."),
];

impl ToolOptions {
    /// Whether `arg` is one of this module's arguments (`--cpusampler…`, `--coverage…`,
    /// `--sandbox.…`), which [`ToolOptions::apply_arg`] takes.
    pub fn claims(arg: &str) -> bool {
        ["--cpusampler", "--coverage", "--sandbox."].iter().any(|p| arg.starts_with(p))
    }

    /// Applies one argument: `--name` (meaning `true`) or `--name=value`. The error is the
    /// message for the person at the command line.
    pub fn apply_arg(&mut self, arg: &str) -> Result<(), String> {
        let rest = arg.strip_prefix("--").ok_or_else(|| format!("Malformed option '{arg}'."))?;
        let (name, value) = match rest.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (rest, None),
        };
        self.set(name, value).map_err(|e| format!("Option '{name}': {e}"))
    }

    /// Sets the option `name` (without dashes) to `value` (`None`: the bare switch).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let v = value.unwrap_or("true");
        let (s, c, b) = (&mut self.sampler, &mut self.coverage, &mut self.sandbox);
        match name {
            "cpusampler" => switch(v, SAMPLER_OUTPUTS, &mut s.enabled, &mut s.output)?,
            "cpusampler.Output" => {
                s.output = choice(v, SAMPLER_OUTPUTS)?;
                s.enabled = true;
            }
            "cpusampler.Period" => s.period_ms = positive(v)?,
            "cpusampler.Delay" => s.delay_ms = count(v)?,
            "cpusampler.StackLimit" => s.stack_limit = positive(v)?,
            "cpusampler.ShowTiers" => s.show_tiers = boolean(v)?,
            "cpusampler.SampleInternal" => s.sample_internal = boolean(v)?,
            "cpusampler.MinSamples" => s.min_samples = count(v)?,
            "cpusampler.OutputFile" => s.output_file = v.to_string(),
            "coverage" => switch(v, COVERAGE_OUTPUTS, &mut c.enabled, &mut c.output)?,
            "coverage.Output" => {
                c.output = choice(v, COVERAGE_OUTPUTS)?;
                c.enabled = true;
            }
            "coverage.Count" => c.count = boolean(v)?,
            "coverage.StrictLines" => c.strict_lines = boolean(v)?,
            "coverage.TrackInternal" => c.track_internal = boolean(v)?,
            "coverage.OutputFile" => c.output_file = v.to_string(),
            "sandbox.MaxCPUTime" => b.max_cpu_time = Some(duration(v)?),
            "sandbox.MaxCPUTimeCheckInterval" => b.max_cpu_time_check_interval = duration(v)?,
            "sandbox.MaxStatements" => b.max_statements = Some(positive(v)?),
            "sandbox.MaxStatementsIncludeInternal" => b.max_statements_include_internal = boolean(v)?,
            "sandbox.MaxHeapMemory" => b.max_heap_memory = Some(size(v)?),
            "sandbox.AllocatedBytesCheckInterval" => b.allocated_bytes_check_interval = duration(v)?,
            "sandbox.MaxASTDepth" => b.max_ast_depth = Some(positive(v)?),
            "sandbox.MaxStackFrames" => b.max_stack_frames = Some(positive(v)?),
            "sandbox.MaxOutputStreamSize" => b.max_output_stream_size = Some(size(v)?),
            "sandbox.MaxErrorStreamSize" => b.max_error_stream_size = Some(size(v)?),
            _ => {
                let known = TOOL_OPTION_NAMES.iter().map(|(n, _)| *n);
                return Err(match super::suggest::closest(name, known) {
                    Some(c) if c.likely_typo => format!("unknown option; did you mean '{}'?", c.name),
                    _ => "unknown option; see --help for the list".to_string(),
                });
            }
        }
        Ok(())
    }
}

/// A tool's bare switch: `true`/`false`, or an output name, which also turns the tool on.
fn switch(v: &str, outputs: &[&str], enabled: &mut bool, output: &mut String) -> Result<(), String> {
    match v {
        "true" => *enabled = true,
        "false" => *enabled = false,
        _ => {
            *output = choice(v, outputs)?;
            *enabled = true;
        }
    }
    Ok(())
}

fn choice(v: &str, names: &[&str]) -> Result<String, String> {
    if names.contains(&v) { Ok(v.to_string()) } else { Err(format!("expected one of {}, got '{v}'", names.join("|"))) }
}

fn boolean(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, got '{v}'")),
    }
}

fn count(v: &str) -> Result<u64, String> {
    v.parse::<u64>().map_err(|_| format!("expected a whole number, got '{v}'"))
}

fn positive(v: &str) -> Result<u64, String> {
    match count(v)? {
        0 => Err("expected a number above 0, got '0'".to_string()),
        n => Ok(n),
    }
}

/// A duration as Truffle writes it: a whole number and a unit, `ms`, `s`, `m`, `h` or `d`.
pub fn duration(v: &str) -> Result<Duration, String> {
    let bad = || format!("expected a duration such as 100ms, 2s or 1m, got '{v}'");
    let split = v.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
    let (digits, unit) = v.split_at(split);
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let ms = match unit {
        "ms" => Some(n),
        "s" => n.checked_mul(1000),
        "m" => n.checked_mul(60_000),
        "h" => n.checked_mul(3_600_000),
        "d" => n.checked_mul(86_400_000),
        _ => None,
    };
    ms.filter(|&ms| ms > 0).map(Duration::from_millis).ok_or_else(bad)
}

/// A size as Truffle writes it: a whole number and a unit, `B`, `KB`, `MB` or `GB` (powers of
/// 1024).
pub fn size(v: &str) -> Result<u64, String> {
    let bad = || format!("expected a size such as 512KB, 64MB or 1GB, got '{v}'");
    let split = v.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
    let (digits, unit) = v.split_at(split);
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let factor: u64 = match unit {
        "B" => 1,
        "KB" => 1 << 10,
        "MB" => 1 << 20,
        "GB" => 1 << 30,
        _ => return Err(bad()),
    };
    n.checked_mul(factor).filter(|&b| b > 0).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(args: &[&str], expect: Result<&str, &str>) {
        let mut o = ToolOptions::default();
        let r = args.iter().try_for_each(|a| o.apply_arg(a));
        match (r, expect) {
            (Ok(()), Ok(want)) => assert!(format!("{o:?}").contains(want), "{o:?} lacks {want}"),
            (Err(e), Err(want)) => assert_eq!(e, want),
            (got, want) => panic!("{args:?}: got {got:?}, wanted {want:?}"),
        }
    }

    #[test]
    fn switches_and_outputs() {
        check(&["--cpusampler"], Ok("enabled: true, output: \"histogram\""));
        check(&["--cpusampler=flamegraph"], Ok("enabled: true, output: \"flamegraph\""));
        check(&["--cpusampler.Output=calltree"], Ok("enabled: true, output: \"calltree\""));
        check(&["--coverage=lcov", "--coverage.Count=true"], Ok("enabled: true, output: \"lcov\", count: true"));
        check(&["--cpusampler=pie"], Err("Option 'cpusampler': expected one of histogram|calltree|json|flamegraph, got 'pie'"));
        check(&["--cpusampler.Period=0"], Err("Option 'cpusampler.Period': expected a number above 0, got '0'"));
        check(&["--cpusampler.Perod=5"], Err("Option 'cpusampler.Perod': unknown option; did you mean 'cpusampler.Period'?"));
    }

    #[test]
    fn limits_take_durations_and_sizes() {
        check(&["--sandbox.MaxCPUTime=150ms"], Ok("max_cpu_time: Some(150ms)"));
        check(&["--sandbox.MaxCPUTime=2s"], Ok("max_cpu_time: Some(2s)"));
        check(&["--sandbox.MaxHeapMemory=64MB"], Ok("max_heap_memory: Some(67108864)"));
        check(&["--sandbox.MaxOutputStreamSize=10B"], Ok("max_output_stream_size: Some(10)"));
        check(&["--sandbox.MaxStatements=1000"], Ok("max_statements: Some(1000)"));
        check(&["--sandbox.MaxCPUTime=10"], Err("Option 'sandbox.MaxCPUTime': expected a duration such as 100ms, 2s or 1m, got '10'"));
        check(&["--sandbox.MaxHeapMemory=1TB"], Err("Option 'sandbox.MaxHeapMemory': expected a size such as 512KB, 64MB or 1GB, got '1TB'"));
        check(&["--sandbox.MaxHeapMemory=99999999999GB"], Err("Option 'sandbox.MaxHeapMemory': expected a size such as 512KB, 64MB or 1GB, got '99999999999GB'"));
        check(&["--sandbox.MaxStackFrames"], Err("Option 'sandbox.MaxStackFrames': expected a whole number, got 'true'"));
    }
}
