//! The transcendental functions behind `**`, `Math.pow` and the other `Math` methods, written
//! to give exactly the doubles node gives, bit for bit.
//!
//! ECMAScript leaves these results "implementation-approximated", so a correctly rounded
//! library (Rust's `f64::powf`, `f64::sin`, … from the platform's libm) often differs from node
//! in the last bit: node's V8 computes them with its own copy of Sun's fdlibm, and `10 ** -4` is
//! `0.00009999999999999999` there, not `0.0001`. Each function here follows V8's algorithm step
//! by step, with the same constants, the same order of operations and the same branch
//! thresholds (tested on the high 32-bit word of a double, as fdlibm does), because any
//! reordering changes some last bit.
//!
//! Where the `libm` crate (a port of FreeBSD's msun, fdlibm's descendant) computes the identical
//! sequence — `asin`, `acos`, `atan`, `expm1`, `log2`, and `exp` apart from one special case —
//! it is called. Everything else is written out here: msun and musl, which the crate follows,
//! revised those functions after V8 took its copy (argument reduction and the cosine kernel,
//! `log`, `log1p`, `log10`, `atan2`; `cbrt` is now correctly rounded), and V8's hyperbolic
//! functions are its own. All of them were compared with node v20 on millions of inputs without
//! a difference; the tests keep a table of node's results for the cases that tell them apart.
//!
//! Each family has its file: `pow`; `trig` (sine, cosine, tangent and their kernels) over
//! `reduce` (reduction by multiples of π/2); `inverse_trig`; `exp_log`; `cbrt`; `hyperbolic`;
//! and `words`, the bit-level helpers and shared constants they are all written with.

mod cbrt;
mod exp_log;
mod hyperbolic;
mod inverse_trig;
mod pow;
mod reduce;
mod trig;
mod words;

pub use cbrt::cbrt;
pub use exp_log::{exp, expm1, log, log1p, log2, log10};
pub use hyperbolic::{acosh, asinh, atanh, cosh, sinh, tanh};
pub use inverse_trig::{acos, asin, atan, atan2};
pub use pow::pow;
pub use trig::{cos, sin, tan};

#[cfg(test)]
mod tests;
