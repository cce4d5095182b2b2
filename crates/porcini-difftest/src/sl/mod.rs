//! SL programs as data: a model close to the source text, its printer, its reader (from the
//! parser's tree), the generator of new programs and the reducer of failing ones.

pub mod from_ast;
pub mod generate;
pub mod kernels;
pub mod model;
pub mod print;
pub mod reduce;

use crate::entropy::{Entropy, SplitMix64};

/// The program of `seed`: three in five are kernels (patterns aimed at the compiler), the
/// others come from the broad generator.
pub fn for_seed(seed: u64) -> model::Program {
    from_entropy(SplitMix64::new(seed))
}

/// The program the choices of `rng` make (see [`for_seed`]).
pub fn from_entropy<E: Entropy>(mut rng: E) -> model::Program {
    if rng.chance(3, 5) { kernels::program(&mut rng) } else { generate::program(rng) }
}
