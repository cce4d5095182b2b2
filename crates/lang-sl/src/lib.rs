//! SimpleLanguage on porcini.
#![forbid(unsafe_code)]

pub mod parser;
