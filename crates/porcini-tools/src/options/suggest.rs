//! Suggestions for unknown option names: the closest valid name, and whether it is close enough
//! to be a likely typo.
//!
//! The distance is the optimal-string-alignment variant of Damerau-Levenshtein (insertions,
//! deletions, substitutions and swaps of two neighbouring characters each cost one), computed on
//! lower-cased names so that a wrong capitalisation alone costs nothing and is always a likely
//! typo.

/// The valid name closest to an unknown one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Closest<'a> {
    pub(crate) name: &'a str,
    /// Whether the distance is small enough for the unknown name to be a misspelling of this
    /// one, rather than a name of something else.
    pub(crate) likely_typo: bool,
}

/// Returns the candidate closest to `input` (the first of equally close ones, so the answer
/// follows the table order and is stable), or `None` if there are no candidates.
pub(crate) fn closest<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<Closest<'a>> {
    let input: Vec<char> = input.to_lowercase().chars().collect();
    // A third of the name may be wrong, but at least one and at most four edits: beyond that the
    // closest name is usually an unrelated option, which is worth naming but not as a correction.
    let limit = (input.len() / 3).clamp(1, 4);
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let lowered: Vec<char> = candidate.to_lowercase().chars().collect();
        let distance = distance(&input, &lowered);
        if best.is_none_or(|(best_distance, _)| distance < best_distance) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(distance, name)| Closest {
        name,
        likely_typo: distance <= limit,
    })
}

/// The optimal-string-alignment distance between two character sequences.
pub(crate) fn distance(a: &[char], b: &[char]) -> usize {
    // rows[i][j] is the distance between the first i characters of `a` and the first j of `b`.
    // Only three rows are alive at a time: the swap rule looks two rows back.
    let width = b.len() + 1;
    let mut before: Vec<usize> = vec![0; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..width {
            let substitution = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + substitution);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}
