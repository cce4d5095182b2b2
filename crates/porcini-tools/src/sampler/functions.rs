//! The functions of a profile as the formats key them: Truffle merges profiler nodes whose root
//! name and source section are equal, so every [`FunctionId`] is mapped to the first function
//! with the same name and span, its *key*. Keys are dense indices, which lets the formatters
//! count in vectors instead of maps.

use std::collections::HashMap;

use super::{FunctionId, Profile, SampledFunction, SourceSpan};

/// What Truffle prints for a function without a source section.
pub(super) const UNKNOWN: &str = "<Unknown>";

/// Keys of a profile's functions.
pub(super) struct Functions {
    /// One entry per key.
    keyed: Vec<SampledFunction>,
    /// The key of every `FunctionId` that indexes `Profile::functions`.
    key_of_id: Vec<usize>,
    /// Keys given to ids outside `Profile::functions`, which a buggy runtime might hand over;
    /// they are shown rather than making the whole report panic.
    key_of_stray: HashMap<u32, usize>,
}

impl Functions {
    pub(super) fn new(profile: &Profile) -> Self {
        let mut keyed: Vec<SampledFunction> = Vec::new();
        let mut first: HashMap<&SampledFunction, usize> = HashMap::new();
        let mut key_of_id = Vec::with_capacity(profile.functions.len());
        for function in &profile.functions {
            let key = *first.entry(function).or_insert_with(|| {
                keyed.push(function.clone());
                keyed.len() - 1
            });
            key_of_id.push(key);
        }
        let mut key_of_stray = HashMap::new();
        for frame in profile.samples.iter().flat_map(|s| &s.stack) {
            let FunctionId(id) = frame.function;
            if id as usize >= key_of_id.len() {
                key_of_stray.entry(id).or_insert_with(|| {
                    keyed.push(SampledFunction {
                        name: format!("<unknown function {id}>"),
                        span: None,
                    });
                    keyed.len() - 1
                });
            }
        }
        Functions {
            keyed,
            key_of_id,
            key_of_stray,
        }
    }

    /// How many keys there are; keys are `0..len()`.
    pub(super) fn len(&self) -> usize {
        self.keyed.len()
    }

    pub(super) fn key(&self, FunctionId(id): FunctionId) -> usize {
        match self.key_of_id.get(id as usize) {
            Some(&key) => key,
            None => self.key_of_stray[&id],
        }
    }

    pub(super) fn name(&self, key: usize) -> &str {
        &self.keyed[key].name
    }

    pub(super) fn span(&self, key: usize) -> Option<&SourceSpan> {
        self.keyed[key].span.as_ref()
    }

    /// The location column: `path~lines:chars`, or `<Unknown>` without a span.
    pub(super) fn location(&self, key: usize) -> String {
        match self.span(key) {
            Some(span) => location(span),
            None => UNKNOWN.to_string(),
        }
    }
}

/// Truffle's short description of a source section: the path, `~`, the line or line range, `:`,
/// and the 0-based character index or inclusive index range (a single index when the section is
/// at most one character long).
pub(super) fn location(span: &SourceSpan) -> String {
    let lines = if span.start_line == span.end_line {
        span.start_line.to_string()
    } else {
        format!("{}-{}", span.start_line, span.end_line)
    };
    let chars = if span.char_length <= 1 {
        span.char_index.to_string()
    } else {
        let last = u64::from(span.char_index) + u64::from(span.char_length) - 1;
        format!("{}-{}", span.char_index, last)
    };
    format!("{}~{}:{}", span.path, lines, chars)
}

/// The file name of a path, which Truffle calls the source's name.
pub(super) fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}
