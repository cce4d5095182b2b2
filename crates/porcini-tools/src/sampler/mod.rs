//! The output side of the CPU sampler (`--cpusampler`): the data the runtime's safepoint sampler
//! hands over when a run ends, and the four formats Truffle's `CPUSamplerCLI` prints it in.
//!
//! The runtime collects a [`Profile`]: the guest functions seen, and one [`Sample`] per period,
//! each the guest stack at that moment with the tier every frame ran in. [`render`] turns it into
//! text. `histogram` and `calltree` are the human-readable tables, `json` is Truffle's
//! machine-readable tree, and `flamegraph` is a self-contained SVG. The formats share the call
//! tree built in `tree` and the table layout in `table`. Nothing here reads clocks or files: the
//! caller decides where the text goes (Truffle writes the flame graph to `flamegraph.svg`).
//!
//! Functions are identified as Truffle identifies profiler nodes, by name and source section, so
//! two [`FunctionId`]s with equal [`SampledFunction`]s (a call target and its splits, say) are one
//! row. Samples with an empty stack are not counted, as Truffle does not record them.

mod calltree;
mod flamegraph;
mod functions;
mod histogram;
mod json;
mod table;
#[cfg(test)]
mod tests;
mod tree;

use std::fmt;
use std::str::FromStr;

/// Where a guest function's source is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceSpan {
    /// The source's path as it should be shown; the runtime passes it relative to the working
    /// directory when it can, as Truffle shows it.
    pub path: String,
    /// First and last line of the function, 1-based.
    pub start_line: u32,
    pub end_line: u32,
    /// Offset of the function's first character from the start of the source, 0-based.
    pub char_index: u32,
    /// Length of the function's text in characters.
    pub char_length: u32,
}

/// A guest function as samples name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SampledFunction {
    pub name: String,
    /// `None` for functions without source (builtins); they print as `<Unknown>`.
    pub span: Option<SourceSpan>,
}

/// Index into [`Profile::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionId(pub u32);

/// The tier a frame was running in, numbered as Truffle's `ShowTiers` numbers them: 0 is the
/// interpreter, 1 code from the first-tier compiler, 2 code from the last-tier compiler. porcini
/// has one compiler, which is its last tier, so its compiled frames are [`Tier::LAST`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tier(pub u8);

impl Tier {
    pub const INTERPRETER: Tier = Tier(0);
    pub const FIRST: Tier = Tier(1);
    pub const LAST: Tier = Tier(2);
}

/// One frame of a sampled stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampledFrame {
    pub function: FunctionId,
    pub tier: Tier,
}

/// One sample: the guest stack, innermost frame first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    pub stack: Vec<SampledFrame>,
}

/// Everything one sampling run collected, on one thread.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    pub functions: Vec<SampledFunction>,
    pub samples: Vec<Sample>,
    /// The sampling period; every sample stands for this much time.
    pub period_ms: u64,
    /// Samples the sampler could not take in time.
    pub missed: u64,
    /// Printed verbatim as the histogram's thread line and as the JSON's `thread`. Truffle prints
    /// Java's `Thread.toString()` there, such as `Thread[#1,main,5,main]`.
    pub thread_name: String,
}

impl Profile {
    /// The samples that count: those whose stack holds at least one frame.
    pub fn recorded_samples(&self) -> u64 {
        self.samples.iter().filter(|s| !s.stack.is_empty()).count() as u64
    }
}

/// Which format [`render`] produces; parsed from the `Output` option's strings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SamplerOutput {
    #[default]
    Histogram,
    CallTree,
    Json,
    Flamegraph,
}

impl SamplerOutput {
    /// The option string, as Truffle lists it.
    pub fn name(self) -> &'static str {
        match self {
            SamplerOutput::Histogram => "histogram",
            SamplerOutput::CallTree => "calltree",
            SamplerOutput::Json => "json",
            SamplerOutput::Flamegraph => "flamegraph",
        }
    }
}

impl fmt::Display for SamplerOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SamplerOutput {
    type Err = String;

    /// Accepts the names in any case, as Truffle upper-cases them before looking them up, and
    /// rejects anything else with Truffle's message.
    fn from_str(text: &str) -> Result<Self, String> {
        match text.to_ascii_lowercase().as_str() {
            "histogram" => Ok(SamplerOutput::Histogram),
            "calltree" => Ok(SamplerOutput::CallTree),
            "json" => Ok(SamplerOutput::Json),
            "flamegraph" => Ok(SamplerOutput::Flamegraph),
            _ => Err("Output can be: histogram, calltree, json, flamegraph.".to_string()),
        }
    }
}

/// How to render a profile: the sampler options that shape its output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SamplerFormat {
    pub output: SamplerOutput,
    /// `ShowTiers=true`: add a column per tier to the tables.
    pub show_tiers: bool,
    /// `MinSamples`: leave out table rows with fewer self samples than this.
    pub min_samples: u64,
}

/// The text of `profile` in `format.output`; every line ends with a newline.
pub fn render(profile: &Profile, format: &SamplerFormat) -> String {
    match format.output {
        SamplerOutput::Histogram => histogram::render(profile, format),
        SamplerOutput::CallTree => calltree::render(profile, format),
        SamplerOutput::Json => json::render(profile),
        SamplerOutput::Flamegraph => flamegraph::render(profile),
    }
}
