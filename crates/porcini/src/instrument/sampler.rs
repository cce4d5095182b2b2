//! The CPU sampler's log: the guest stacks taken at safepoints, each frame with the function
//! it runs and whether it ran compiled.
//!
//! A stack is read by the guest thread itself, at the safepoint the ticker asked for, from the
//! innermost frame out: first the callees compiled code was running inlined (they have no
//! frames of their own, but the safepoint knows them), then the physical frames through their
//! caller links. Functions are named by their root's name and source section, so that the
//! splits of one function are one function in the tables. The innermost frame's tier is exact (the
//! safepoint says where it was reached); a caller's tier is whether its target has code
//! installed at the time of the sample, which is what the frame runs unless it started before
//! the code was installed or left it by deoptimization.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use porcini_tools::options::SamplerOptions;
use porcini_tools::sampler::{FunctionId, Profile, Sample, SampledFrame, SampledFunction, SourceSpan, Tier};

use crate::call_target::{CallTarget, CallTargetId};
use crate::frame::Frame;
use crate::language::Language;
use crate::runtime::Runtime;

/// The tier of interpreted frames.
const INTERPRETED: Tier = Tier(0);
/// The tier of compiled frames: porcini compiles in one tier, Truffle's last.
const COMPILED: Tier = Tier(2);

/// One stack: function indices into the log's functions, innermost first, with their tiers.
pub type SampledStack = Vec<SampledFrame>;

/// What names a function in the log: its name and, when it has one, its source section's
/// path, start and length (the same for a target and its splits).
type FunctionKey = (String, Option<(String, u32, u32)>);

/// The samples of one run.
pub struct SampleLog {
    functions: Vec<SampledFunction>,
    index: HashMap<FunctionKey, FunctionId>,
    samples: Vec<Sample>,
    missed: Arc<AtomicU64>,
    stack_limit: usize,
    sample_internal: bool,
    period_ms: u64,
}

impl SampleLog {
    pub(super) fn new(options: &SamplerOptions) -> SampleLog {
        SampleLog {
            functions: Vec::new(),
            index: HashMap::new(),
            samples: Vec::new(),
            missed: Arc::new(AtomicU64::new(0)),
            stack_limit: usize::try_from(options.stack_limit).unwrap_or(usize::MAX),
            sample_internal: options.sample_internal,
            period_ms: options.period_ms,
        }
    }

    /// The counter the ticker adds missed samples to.
    pub(super) fn missed_counter(&self) -> Arc<AtomicU64> {
        self.missed.clone()
    }

    /// How many samples were taken.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether no sample was taken.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Takes a sample of `f`'s stack (see the module documentation).
    pub(super) fn record<L: Language>(&mut self, rt: &Runtime<L>, f: &Frame<'_, L>, inlined: &[CallTargetId], compiled: bool) {
        let mut stack = Vec::new();
        for id in inlined.iter().rev() {
            if let Some(t) = rt.call_target(*id) {
                self.push(&mut stack, &t, COMPILED);
            }
        }
        let mut innermost = true;
        let mut frame = Some(f);
        while let Some(fr) = frame {
            if stack.len() >= self.stack_limit {
                break;
            }
            if let Some(t) = fr.target {
                let tier = match innermost {
                    true if compiled => COMPILED,
                    true => INTERPRETED,
                    false if t.entry().is_some() => COMPILED,
                    false => INTERPRETED,
                };
                innermost = false;
                self.push(&mut stack, t, tier);
            }
            frame = fr.caller;
        }
        stack.truncate(self.stack_limit);
        self.samples.push(Sample { stack });
    }

    fn push<L: Language>(&mut self, stack: &mut SampledStack, t: &CallTarget<L>, tier: Tier) {
        if t.root().is_internal() && !self.sample_internal {
            return;
        }
        // The root's name, which a split shares with the target it was split from (the
        // target's own name carries the split's number).
        let root_name = t.root().name();
        let section = t.root().source_section();
        let key = (root_name.to_string(), section.as_ref().map(|s| (s.name.to_string(), s.char_index, s.char_length)));
        let next = FunctionId(self.functions.len() as u32);
        let function = *self.index.entry(key).or_insert(next);
        if function == next {
            let name = if root_name.is_empty() { "<anonymous>".to_string() } else { root_name.to_string() };
            // Sources are shown by file name, as Truffle shows a source by its name.
            let span = section.map(|s| SourceSpan {
                path: std::path::Path::new(&*s.name).file_name().map_or_else(|| s.name.to_string(), |f| f.to_string_lossy().into_owned()),
                start_line: s.start_line,
                end_line: s.end_line,
                char_index: s.char_index,
                char_length: s.char_length,
            });
            self.functions.push(SampledFunction { name, span });
        }
        stack.push(SampledFrame { function, tier });
    }

    /// The log as the sampler's outputs take it.
    pub fn profile(&self, thread_name: &str) -> Profile {
        Profile {
            functions: self.functions.clone(),
            samples: self.samples.clone(),
            period_ms: self.period_ms,
            missed: self.missed.load(Ordering::Relaxed),
            thread_name: thread_name.to_string(),
        }
    }
}
