//! The `--engine.*` option registry: every engine option porcini understands, with Truffle's
//! spelling, type, default and a one-line help, declared once in a single table.
//!
//! Names and defaults follow Truffle's `OptimizedRuntimeOptions` (runtime options) and
//! `TruffleCompilerOptions` (compiler options, which Truffle also accepts under `engine.`), so
//! that command lines written for a GraalVM language work unchanged. Where porcini deliberately
//! differs, the help line says so. Options are case-sensitive, as in Truffle; an unknown name
//! is answered with the closest valid one, as a correction when it looks like a misspelling.

mod choice;
mod declare;
mod error;
mod suggest;
mod tools;
#[cfg(test)]
mod tests;
mod value;

pub use choice::{CompilationFailureAction, EngineMode};
pub use error::OptionError;
pub use tools::{
    COVERAGE_OUTPUTS, CoverageOptions, SAMPLER_OUTPUTS, SamplerOptions, SandboxOptions, TOOL_OPTION_NAMES, ToolOptions,
};
pub use value::OptionKind;

use declare::declare_engine_options;
use value::OptionValue;

/// The static description of one option: everything `--help` and the parser need.
#[derive(Clone, Copy, Debug)]
pub struct OptionDescriptor {
    /// Truffle's spelling, without the `engine.` prefix.
    pub name: &'static str,
    /// The name of the corresponding `EngineOptions` field.
    pub field: &'static str,
    /// The one-line help.
    pub help: &'static str,
    /// The type of the value.
    pub kind: OptionKind,
    get: fn(&EngineOptions) -> String,
    set: fn(&mut EngineOptions, &str) -> Result<(), String>,
}

impl OptionDescriptor {
    /// Reads this option's current value from `options`, rendered as text.
    pub fn get(&self, options: &EngineOptions) -> String {
        (self.get)(options)
    }

    /// Looks an option up by its exact (case-sensitive) name.
    pub fn find(name: &str) -> Option<&'static OptionDescriptor> {
        OPTIONS.iter().find(|descriptor| descriptor.name == name)
    }
}

declare_engine_options! {
    // Compilation policy.
    Mode mode: EngineMode = EngineMode::Default,
        "Tuning mode: 'latency' uses only the first tier and turns splitting off.";
    Compilation compilation: bool = true,
        "Compile hot call targets; false keeps everything in the interpreter (and turns OSR off).";
    CompileImmediately compile_immediately: bool = false,
        "Compile every call target on its first call (thresholds become 0); for testing.";
    CompileAOTOnCreate compile_aot_on_create: bool = false,
        "Compile call targets with the last tier as soon as they are created; disables background compilation.";
    BackgroundCompilation background_compilation: bool = true,
        "Compile on background threads; false compiles synchronously on the calling thread.";
    CompilerThreads compiler_threads: i64 = -1,
        "Number of compiler threads; -1 scales the count with the number of cores.";
    CompileOnly compile_only: String = String::new(),
        "Comma-separated name substrings to compile ('~' prefix excludes); empty compiles everything.";
    MultiTier multi_tier: bool = false,
        "Use a first and a last compilation tier. Default false: porcini is single-tier for now (Truffle: true).";
    SingleTierCompilationThreshold single_tier_compilation_threshold: u64 = 1000,
        "Calls plus loop iterations before a call target is compiled when not multi-tier.";
    MinInvokeThreshold min_invoke_threshold: u64 = 3,
        "Calls before a call target may be compiled (single tier, or the last tier when multi-tier).";
    FirstTierMinInvokeThreshold first_tier_min_invoke_threshold: u64 = 1,
        "Calls before a call target may be compiled in the first tier.";
    FirstTierCompilationThreshold first_tier_compilation_threshold: u64 = 400,
        "Calls plus loop iterations before a first-tier compilation (multi-tier).";
    LastTierCompilationThreshold last_tier_compilation_threshold: u64 = 10000,
        "Calls plus loop iterations in first-tier code before a last-tier compilation (multi-tier).";
    MaximumCompilations maximum_compilations: i64 = 100,
        "Successful compilations of one call target after which it is never compiled again; negative means no limit.";
    CompilationFailureAction compilation_failure_action: CompilationFailureAction = CompilationFailureAction::Silent,
        "What to do when a compilation fails.";
    ArgumentTypeSpeculation argument_type_speculation: bool = true,
        "Speculate on the exact types of call-target arguments.";
    ReturnTypeSpeculation return_type_speculation: bool = true,
        "Speculate on the exact type of call-target return values.";
    Profiling profiling: bool = true,
        "Enable the built-in profiles (branch, condition, value, loop profiles).";
    FirstTierUseEconomy first_tier_use_economy: bool = true,
        "Use the cheaper economy configuration for first-tier compilations.";
    FirstTierBackedgeCounts first_tier_backedge_counts: bool = true,
        "Let first-tier code report loop back-edge counts.";
    PropagateLoopCountToLexicalSingleCaller propagate_loop_count_to_lexical_single_caller: bool = true,
        "Add a hot closure's call and loop count to its lexical parent along a single-caller chain.";
    PropagateLoopCountToLexicalSingleCallerMaxDepth propagate_loop_count_to_lexical_single_caller_max_depth: u64 = 10,
        "How far up the single-caller chain loop counts are propagated.";
    PartialBlockCompilation partial_block_compilation: bool = true,
        "Split oversized block nodes into separately compiled units.";
    PartialBlockCompilationSize partial_block_compilation_size: u64 = 3000,
        "Target node count of one partial block compilation unit.";
    PartialBlockMaximumSize partial_block_maximum_size: u64 = 10000,
        "Largest node count for which partial block compilation is attempted.";
    MaximumGraalGraphSize maximum_graal_graph_size: u64 = 150000,
        "Graph size at which partial evaluation gives up with a permanent 'graph too big' bailout.";
    DeoptCycleDetectionThreshold deopt_cycle_detection_threshold: i64 = 15,
        "Successful compilations after which deoptimizations are checked for cycles; -1 turns detection off.";
    DeoptCycleDetectionAllowedRepeats deopt_cycle_detection_allowed_repeats: u64 = 0,
        "Times the same deoptimization may repeat before the compilation fails permanently.";
    InvalidationReprofileCount invalidation_reprofile_count: u64 = 3,
        "Deprecated in Truffle; has no effect.";
    ReplaceReprofileCount replace_reprofile_count: u64 = 3,
        "Deprecated in Truffle; has no effect.";

    // Compilation queue.
    TraversingCompilationQueue traversing_compilation_queue: bool = true,
        "Pick the hottest task from the queue instead of the oldest.";
    PriorityQueue priority_queue: bool = true,
        "Order the compilation queue by task priority.";
    TraversingQueueWeightingBothTiers traversing_queue_weighting_both_tiers: bool = true,
        "Weight tasks of both tiers by their growth rate.";
    TraversingQueueFirstTierPriority traversing_queue_first_tier_priority: bool = false,
        "Always prefer first-tier tasks.";
    TraversingQueueFirstTierBonus traversing_queue_first_tier_bonus: f64 = 15.0,
        "Priority factor of first-tier tasks over last-tier tasks.";
    TraversingQueueInvalidatedBonus traversing_queue_invalidated_bonus: f64 = 1.0,
        "Priority factor of tasks for previously invalidated targets.";
    TraversingQueueOSRBonus traversing_queue_osr_bonus: f64 = 1.0,
        "Priority factor of OSR tasks.";
    DynamicCompilationThresholds dynamic_compilation_thresholds: bool = true,
        "Scale the compilation thresholds with the load of the compilation queue.";
    DynamicCompilationThresholdsMinScale dynamic_compilation_thresholds_min_scale: f64 = 0.1,
        "Lowest factor the compilation thresholds may be scaled down to.";
    DynamicCompilationThresholdsMinNormalLoad dynamic_compilation_thresholds_min_normal_load: u64 = 10,
        "Queue load per compiler thread below which thresholds are lowered.";
    DynamicCompilationThresholdsMaxNormalLoad dynamic_compilation_thresholds_max_normal_load: u64 = 90,
        "Queue load per compiler thread above which thresholds are raised.";
    CompilerIdleDelay compiler_idle_delay: u64 = 10000,
        "Milliseconds an idle compiler thread waits for work before it stops; 0 never stops it.";
    StoppedCompilationRetryDelay stopped_compilation_retry_delay: u64 = 5000,
        "Milliseconds before compilation resumes after it was stopped (code cache full).";
    EncodedGraphCache encoded_graph_cache: bool = true,
        "Cache encoded graphs across compilations to speed up partial evaluation.";
    EncodedGraphCachePurgeDelay encoded_graph_cache_purge_delay: u64 = 10000,
        "Milliseconds after which an idle compiler thread drops the encoded graph cache.";

    // Inlining.
    Inlining inlining: bool = true,
        "Inline guest call targets into their callers during compilation.";
    InliningPolicy inlining_policy: String = String::new(),
        "Inlining policy by name; empty picks the highest-priority policy.";
    FirstTierInliningPolicy first_tier_inlining_policy: String = String::new(),
        "First-tier inlining policy by name (None, TrivialOnly); empty picks TrivialOnly.";
    InliningExpansionBudget inlining_expansion_budget: u64 = 12000,
        "Node budget for exploring the call tree.";
    InliningInliningBudget inlining_inlining_budget: u64 = 12000,
        "Node budget for inlining call targets.";
    InliningRecursionDepth inlining_recursion_depth: u64 = 2,
        "Maximum depth of recursive inlining.";
    InliningUseSize inlining_use_size: bool = false,
        "Measure candidates by graph size instead of node count.";
    InlineOnly inline_only: String = String::new(),
        "Comma-separated name substrings that may be inlined ('~' prefix excludes); empty allows all.";
    InlineAcrossTruffleBoundary inline_across_truffle_boundary: bool = false,
        "Allow inlining through methods marked as boundaries.";

    // Splitting.
    Splitting splitting: bool = true,
        "Split (clone) call targets per call site when their profiles turn polymorphic.";
    SplittingMaxCalleeSize splitting_max_callee_size: u64 = 100,
        "Largest call target, in nodes, that may be split.";
    SplittingMaxPropagationDepth splitting_max_propagation_depth: u64 = 5,
        "How far a polymorphic event propagates up single-caller chains.";
    SplittingGrowthLimit splitting_growth_limit: f64 = 1.5,
        "Nodes that splitting may create, as a factor of the nodes created without it.";
    SplittingAllowForcedSplits splitting_allow_forced_splits: bool = true,
        "Honour explicit requests to split a call site.";
    SplittingTraceEvents splitting_trace_events: bool = false,
        "Print the [poly-event] lines of splitting decisions.";
    SplittingDumpDecisions splitting_dump_decisions: bool = false,
        "Dump the node chains behind polymorphic events to DumpPath.";
    TraceSplitting trace_splitting: bool = false,
        "Print a line for every split and every refused split.";
    TraceSplittingSummary trace_splitting_summary: bool = false,
        "Print splitting statistics when the engine closes.";

    // On-stack replacement.
    OSR osr: bool = true,
        "Replace long-running interpreted loops with compiled code while they run.";
    OSRCompilationThreshold osr_compilation_threshold: u64 = 100352,
        "Loop iterations before an OSR compilation is triggered.";
    OSRMaxCompilationReAttempts osr_max_compilation_re_attempts: u64 = 30,
        "OSR compilation attempts of one loop before OSR gives up on it.";
    ThrowOnMaxOSRCompilationReAttemptsReached throw_on_max_osr_compilation_re_attempts_reached: bool = false,
        "Fail instead of giving up silently when OSR re-attempts run out; for testing.";

    // Tracing.
    TraceCompilation trace_compilation: bool = false,
        "Print compilation results (done, failed, deopt, invalidation, reprofile).";
    TraceCompilationDetails trace_compilation_details: bool = false,
        "Also print queueing, dequeueing and the start of each compilation.";
    TraceCompilationAST trace_compilation_ast: bool = false,
        "Print the AST of each compiled call target.";
    TraceCompilationPolymorphism trace_compilation_polymorphism: bool = false,
        "Print polymorphic and megamorphic nodes after each compilation.";
    TraceInlining trace_inlining: bool = false,
        "Print the inlining decisions of each compilation.";
    TraceInliningDetails trace_inlining_details: bool = false,
        "Print the whole explored call tree of each compilation.";
    InliningDumpCallTree inlining_dump_call_tree: bool = false,
        "porcini only: dump each compilation's call tree as a DOT graph to DumpPath.";
    LogInlinedTargets log_inlined_targets: bool = false,
        "Log the call targets inlined into each compilation.";
    TraceTransferToInterpreter trace_transfer_to_interpreter: bool = false,
        "Print a stack trace on every transfer from compiled code to the interpreter.";
    TraceDeoptimizeFrame trace_deoptimize_frame: bool = false,
        "Print a stack trace when a frame on the stack is deoptimized for materialization.";
    TraceAssumptions trace_assumptions: bool = false,
        "Print a stack trace when an assumption is invalidated.";
    TraceStackTraceLimit trace_stack_trace_limit: u64 = 20,
        "Stack frames printed by the stack-trace tracing options.";
    CompilationStatistics compilation_statistics: bool = false,
        "Print compilation statistics when the engine closes: compilations, failures, invalidations, deoptimizations, and per unit compile times (with their median), IR and code sizes.";
    CompilationStatisticDetails compilation_statistic_details: bool = false,
        "Print more detailed compilation statistics at the end of the run.";
    DumpPath dump_path: String = String::from("dumps"),
        "Directory that graph and decision dumps are written to.";

    // porcini-specific.
    GCStress gc_stress: bool = false,
        "porcini only: collect garbage at every allocation, to flush out missing roots.";
    PartialEscapeAnalysis partial_escape_analysis: bool = true,
        "Keep objects made in compiled code in registers until they escape; a deoptimization makes them (Graal's option of the same name).";
    VerifyIR verify_ir: bool = false,
        "porcini only: verify each compilation's IR before code generation, so a lowering bug fails the compilation, and check that compiled code's boundary calls leave their frame's slots alone.";
}

/// Options porcini accepts, so that a command line written for a GraalVM language runs unchanged,
/// but does not act on yet: compilation-queue and threshold tuning it has no counterpart for,
/// speculations and tiers it does not have, and traces and statistics it does not print.
/// `--help` says so on their lines, and [`EngineOptions::without_effect`] names those a command
/// line set, for the launcher to warn about.
pub const WITHOUT_EFFECT: &[&str] = &[
    "CompileAOTOnCreate",
    "CompilerThreads",
    "LastTierCompilationThreshold",
    "CompilationFailureAction",
    "ArgumentTypeSpeculation",
    "ReturnTypeSpeculation",
    "Profiling",
    "FirstTierUseEconomy",
    "FirstTierBackedgeCounts",
    "PropagateLoopCountToLexicalSingleCaller",
    "PropagateLoopCountToLexicalSingleCallerMaxDepth",
    "PartialBlockCompilation",
    "PartialBlockCompilationSize",
    "PartialBlockMaximumSize",
    "InvalidationReprofileCount",
    "ReplaceReprofileCount",
    "TraversingCompilationQueue",
    "PriorityQueue",
    "TraversingQueueWeightingBothTiers",
    "TraversingQueueFirstTierPriority",
    "TraversingQueueFirstTierBonus",
    "TraversingQueueInvalidatedBonus",
    "TraversingQueueOSRBonus",
    "DynamicCompilationThresholds",
    "DynamicCompilationThresholdsMinScale",
    "DynamicCompilationThresholdsMinNormalLoad",
    "DynamicCompilationThresholdsMaxNormalLoad",
    "CompilerIdleDelay",
    "StoppedCompilationRetryDelay",
    "EncodedGraphCache",
    "EncodedGraphCachePurgeDelay",
    "InliningPolicy",
    "FirstTierInliningPolicy",
    "InliningUseSize",
    "InlineAcrossTruffleBoundary",
    "ThrowOnMaxOSRCompilationReAttemptsReached",
    "TraceCompilationAST",
    "TraceCompilationPolymorphism",
    "LogInlinedTargets",
    "TraceDeoptimizeFrame",
    "TraceAssumptions",
    "CompilationStatisticDetails",
];

/// What `--help` adds to the line of an option in [`WITHOUT_EFFECT`].
const WITHOUT_EFFECT_NOTE: &str = " porcini accepts this option but does not act on it yet.";

impl EngineOptions {
    /// The options in [`WITHOUT_EFFECT`] that are set to something other than their default.
    pub fn without_effect(&self) -> Vec<&'static str> {
        let defaults = EngineOptions::default();
        OPTIONS
            .iter()
            .filter(|d| WITHOUT_EFFECT.contains(&d.name) && d.get(self) != d.get(&defaults))
            .map(|d| d.name)
            .collect()
    }

    /// Applies one command-line argument of the form `--engine.Name` (which means `true`, as in
    /// Truffle's launcher) or `--engine.Name=value`.
    pub fn apply_arg(&mut self, arg: &str) -> Result<(), OptionError> {
        let malformed = || OptionError::Malformed {
            arg: arg.to_string(),
        };
        let rest = arg.strip_prefix("--engine.").ok_or_else(malformed)?;
        let (name, value) = rest.split_once('=').unwrap_or((rest, "true"));
        if name.is_empty() {
            return Err(malformed());
        }
        self.set_exact(name, value)
    }

    /// Applies every `--engine.*` argument of `args` and returns the other arguments, in order.
    /// Stops at the first invalid engine argument.
    pub fn apply_args<I, S>(&mut self, args: I) -> Result<Vec<String>, OptionError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut rest = Vec::new();
        for arg in args {
            let arg = arg.into();
            if arg.starts_with("--engine.") {
                self.apply_arg(&arg)?;
            } else {
                rest.push(arg);
            }
        }
        Ok(rest)
    }

    /// Applies a `Name`, `value` pair (used by tests and embedders). The name may carry the
    /// `engine.` prefix; a tool's or the sandbox's option is named with its own prefix
    /// (`sandbox.MaxStatements`, `cpusampler.Period`, `coverage`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        if ToolOptions::claims(&format!("--{name}")) {
            return self.tools.set(name, Some(value)).map_err(|e| OptionError::Tool(format!("Option '{name}': {e}")));
        }
        self.set_exact(name.strip_prefix("engine.").unwrap_or(name), value)
    }

    /// Reads an option's current value as text, by name (with or without the `engine.` prefix).
    pub fn get(&self, name: &str) -> Option<String> {
        OptionDescriptor::find(name.strip_prefix("engine.").unwrap_or(name))
            .map(|descriptor| descriptor.get(self))
    }

    /// Every option descriptor, in table order.
    pub fn descriptors() -> &'static [OptionDescriptor] {
        OPTIONS
    }

    /// Rows for `--help`: the spelling `--engine.Name=<type>`, the default as text and the help
    /// line (saying so for an option porcini does not act on), in table order.
    pub fn help_rows() -> Vec<(String, String, String)> {
        let defaults = EngineOptions::default();
        OPTIONS
            .iter()
            .map(|descriptor| {
                let spelling = format!("--engine.{}={}", descriptor.name, descriptor.kind.usage());
                let note = if WITHOUT_EFFECT.contains(&descriptor.name) { WITHOUT_EFFECT_NOTE } else { "" };
                (spelling, descriptor.get(&defaults), format!("{}{note}", descriptor.help))
            })
            .collect()
    }

    fn set_exact(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let Some(descriptor) = OptionDescriptor::find(name) else {
            let closest = suggest::closest(name, OPTIONS.iter().map(|descriptor| descriptor.name));
            return Err(OptionError::Unknown {
                name: name.to_string(),
                closest: closest.map(|c| c.name.to_string()),
                likely_typo: closest.is_some_and(|c| c.likely_typo),
            });
        };
        (descriptor.set)(self, value).map_err(|expected| OptionError::BadValue {
            name: descriptor.name.to_string(),
            value: value.to_string(),
            expected,
        })
    }
}
