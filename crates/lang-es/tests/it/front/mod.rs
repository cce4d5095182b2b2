//! Tests of the EasyScript front end, by area. Each area module compares dumps of parsed and
//! resolved inputs with expected text (see `support`).

mod asi;
mod awfy;
mod classes;
mod errors;
mod expressions;
mod lexical;
mod patterns;
mod resolve;
mod robustness;
mod spans;
mod statements;
mod support;
mod unsupported;
