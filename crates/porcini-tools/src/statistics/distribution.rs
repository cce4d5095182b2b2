//! A distribution of one measurement over compilation units (a compile time, a code size), and
//! its summary: count, sum, minimum, average, median and maximum, with the unit that reached the
//! maximum first, as Truffle's statistics name it (`maxTarget`).
//!
//! Truffle keeps only running sums; the median needs every value, so they are all kept. A run
//! compiles a few thousand units at most, so that costs little.

/// The values of one measurement, one per unit measured.
#[derive(Clone, Debug, Default)]
pub struct Distribution {
    values: Vec<i64>,
    /// The largest value and its unit, the first to reach it: a later equal value does not
    /// replace it, as in Truffle.
    max: Option<(i64, String)>,
}

impl Distribution {
    /// Adds `value`, measured for `unit`.
    pub fn add(&mut self, value: i64, unit: &str) {
        if self.max.as_ref().is_none_or(|&(max, _)| value > max) {
            self.max = Some((value, unit.to_string()));
        }
        self.values.push(value);
    }

    /// The summary of the values so far; `None` before the first.
    pub fn summary(&self) -> Option<Summary> {
        Summary::of(&self.values)
    }

    /// The unit that reached the largest value first.
    pub fn max_unit(&self) -> Option<&str> {
        self.max.as_ref().map(|(_, unit)| unit.as_str())
    }

    /// The sum of the values (0 when there are none), saturating rather than overflowing.
    pub fn sum(&self) -> i64 {
        self.values.iter().fold(0i64, |sum, &v| sum.saturating_add(v))
    }
}

/// The summary of a non-empty list of values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// How many values there are.
    pub count: u64,
    /// Their sum, saturating.
    pub sum: i64,
    /// The smallest.
    pub min: i64,
    /// The largest.
    pub max: i64,
    /// The sum divided by the count, in floating point as Java's summary statistics compute it.
    pub average: f64,
    /// The middle value; for an even count, the mean of the two middle ones.
    pub median: f64,
}

impl Summary {
    /// The summary of `values`, in any order; `None` if there are none.
    pub fn of(values: &[i64]) -> Option<Summary> {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let half = sorted.len() / 2;
        let at = |i: usize| sorted.get(i).map(|&v| v as f64);
        // An even count is at least 2 here, so `half` is at least 1.
        let median = if sorted.len() % 2 == 1 { at(half)? } else { (at(half - 1)? + at(half)?) / 2.0 };
        let sum = sorted.iter().fold(0i64, |sum, &v| sum.saturating_add(v));
        let count = sorted.len() as u64;
        Some(Summary { count, sum, min, max, average: sum as f64 / count as f64, median })
    }
}
