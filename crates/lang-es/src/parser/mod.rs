//! The front end of EasyScript, the JavaScript subset porcini runs: lexer, parser, syntax tree
//! and scope resolver.
//!
//! EasyScript programs are CommonJS modules that must behave exactly as node (v20) runs them.
//! [`parse_module`] accepts a module's source and returns its syntax tree together with the
//! [`Resolution`] of every name in it, or a [`SyntaxError`]: node's message for genuine syntax
//! errors, or `{feature} is not supported in EasyScript` for valid JavaScript outside the subset.
//!
//! The source flows through three stages:
//!
//! * the lexer (`lexer`) turns text into tokens on the parser's demand;
//! * the parser (`parser`) builds the [`ast`] by recursive descent, with bounded nesting, and
//!   puts ids into it: a [`RefId`] on every name occurrence (including the implicit uses of
//!   `this`, the home object, `new.target` and the active function), a [`ScopeId`] on every
//!   scope-opening node and a [`FuncId`] on every function;
//! * the resolver (`resolve`) decides where every binding lives (a frame slot or an
//!   environment slot) and how every occurrence reaches it, and fills the side tables of
//!   [`Resolution`], indexed by those ids.
//!
//! A translator walks [`Module::function`] and asks [`Resolution`] at every name
//! ([`Resolution::resolved`]), scope ([`Resolution::scope`]: bindings, environment size,
//! functions to instantiate on entry, TDZ bindings, per-iteration behaviour) and function
//! ([`Resolution::function`]: frame size, `length`, kind, strictness, name, special bindings).
//! The [`dump`] module prints trees and resolutions as compact S-expressions, which the tests
//! compare against expected text.


pub mod ast;
pub mod dump;
mod error;
mod ids;
mod js_string;
mod lexer;
mod line_index;
mod numeric;
mod syntax;
mod resolve;
mod scope;
mod span;
mod token;

pub use error::SyntaxError;
pub use ids::{BindingId, FuncId, RefId, ScopeId, SlotId};
pub use js_string::JsString;
pub use line_index::LineIndex;
pub use numeric::number_to_js_string;
pub use scope::{
    AssignMode, BindingInfo, BindingKind, FunctionInfo, Location, PerIteration, Resolution,
    Resolved, ScopeInfo, ScopeKind, Storage,
};
pub use span::Span;

/// A parsed and resolved module.
#[derive(Debug)]
pub struct Module {
    /// The file name given to [`parse_module`], for messages and stack traces.
    pub file_name: String,
    /// The module function, whose body is the module's code.
    pub function: ast::Function,
    /// Where every name in the tree lives.
    pub resolution: Resolution,
    /// Line starts of the source, to turn spans into positions.
    pub line_index: LineIndex,
}

/// Parses and resolves a CommonJS module.
///
/// The module's code is the body of a function with the parameters `exports`, `require`,
/// `module`, `__filename` and `__dirname`; it is sloppy-mode code unless it begins with a
/// `'use strict'` directive.
pub fn parse_module(source: &str, file_name: &str) -> Result<Module, SyntaxError> {
    let line_index = LineIndex::new(source);
    let parsed = syntax::parse(source).map_err(|e| e.locate(&line_index))?;
    let resolution = resolve::resolve(&parsed).map_err(|e| e.locate(&line_index))?;
    Ok(Module {
        file_name: file_name.to_string(),
        function: parsed.function,
        resolution,
        line_index,
    })
}
