//! EasyScript programs: the generator of new ones and the reducer of failing ones.
//!
//! Programs are JavaScript text, written one statement per line ([`text`]), which is all the
//! reducer needs ([`lines`], [`reduce`]): unlike SL's, the EasyScript side keeps no model of
//! the program, since JavaScript's grammar is far larger and node, the oracle, only ever sees
//! text. Three in five programs are kernels ([`kernels`]: patterns aimed at the compiler), the
//! others come from the broad generator ([`generate`]). Every program is valid EasyScript,
//! terminates quickly, and prints the same in node and in every porcini mode unless one of them
//! is wrong: it uses no clock, no randomness, no deep recursion, and never prints what node and
//! porcini may rightly print differently (stack traces, function sources).

pub mod generate;
pub mod kernels;
pub mod lines;
pub mod reduce;
pub mod text;

use crate::entropy::{Entropy, SplitMix64};

/// The program of `seed`.
pub fn for_seed(seed: u64) -> String {
    from_entropy(SplitMix64::new(seed))
}

/// The program the choices of `rng` make (see [`for_seed`]).
pub fn from_entropy<E: Entropy>(mut rng: E) -> String {
    if rng.chance(3, 5) { kernels::source(&mut rng) } else { generate::program(rng) }
}
