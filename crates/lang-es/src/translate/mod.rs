//! From the resolved syntax tree to executable nodes: one call target per function.
//!
//! The translator walks a module's tree and, for each function, builds a root whose frame
//! holds the hidden arguments, the declared parameters, the frame slots the resolver gave out
//! and the translator's own temporaries (the environment records of scopes, the values of
//! `for-of` loops and `switch` statements, compound assignments' operands). It tracks which
//! scopes are entered so that a captured variable's `hops` (counted by the resolver from the
//! innermost environment) turn into a frame slot holding an environment and the parent links
//! still to follow. Every function's body starts with the prologue that binds what the call
//! passed: `this`, the home object, `new.target`, the parameters, the function's own
//! environments and hoisted function declarations.

mod expr;
mod find;
mod function;
mod pattern;
mod stmt;
mod trivial;

use std::rc::Rc;

use porcini::call_target::SourceSection;
use porcini::control::BlockNode;
use porcini::instrument::StatementPosition;
use porcini::{Label, Runtime, SlotId, Value};
use rustc_hash::FxHashMap;

use crate::Es;
use crate::nodes::{Loc, Node};
use crate::nodes::variable::Place;
use crate::parser::ast::Function;
use crate::parser::{FuncId, Location, Module, Resolution, ScopeId, Span, SyntaxError};
use crate::runtime::function::HIDDEN_ARGS;

/// Globals node has that the subset does not: naming one is a `SyntaxError` at once, rather
/// than a `ReferenceError` (or a silently different program) later.
const UNSUPPORTED_GLOBALS: &[&str] = &[
    "Symbol", "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Promise", "Proxy", "Reflect", "JSON",
    "Date", "RegExp", "BigInt", "Intl", "ArrayBuffer", "SharedArrayBuffer", "DataView", "Atomics", "Int8Array", "Uint8Array",
    "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array",
    "BigInt64Array", "BigUint64Array", "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval",
    "clearImmediate", "queueMicrotask", "Buffer", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "fetch",
    "structuredClone", "Function", "encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI", "escape",
    "unescape", "AggregateError", "EvalError", "URIError", "WebAssembly", "global",
];

/// What a translation produces for a module: its function.
pub struct Translated {
    pub spec: Rc<crate::nodes::function::FnSpec>,
}

/// The translator of one module.
pub struct Translator<'a> {
    rt: &'a Runtime<Es>,
    module: &'a Module,
    file: Rc<str>,
    /// The call targets made so far, by function id (a function is translated once, when its
    /// first closure is met).
    targets: FxHashMap<FuncId, Rc<crate::nodes::function::FnSpec>>,
    /// Every function of the module's tree, by id.
    functions: FxHashMap<FuncId, &'a Function>,
    /// The constructors of classes without instance fields, whose calls have no field
    /// initializers to run.
    fieldless: rustc_hash::FxHashSet<FuncId>,
    /// Where each statement node made so far starts, by node address, for the positions
    /// blocks give coverage (a statement may become several nodes, all at its position).
    positions: FxHashMap<usize, StatementPosition>,
}

/// The state of the function being translated.
pub(crate) struct FnCx {
    pub id: FuncId,
    /// Slot names (for dumps); grows as temporaries are added.
    pub names: Vec<Box<str>>,
    /// The number of parameter slots (the hidden arguments, then one per parameter): the
    /// slots a call fills.
    pub base: u32,
    /// The frame slot of each of the resolver's frame slots: after the parameter slots, or
    /// a parameter slot itself for a binding kept in place (see `Translator::in_place`).
    pub slots: Vec<SlotId>,
    /// The frame slot holding each entered scope's environment record.
    pub env_slots: FxHashMap<ScopeId, SlotId>,
    /// The frame slot holding the environment the function closes over, once something needs it.
    pub closure_env: Option<SlotId>,
    /// The scopes entered, innermost last.
    pub scopes: Vec<ScopeId>,
    pub strict: bool,
    /// Labels in scope, innermost last, with their ids.
    pub labels: Vec<(String, Label)>,
    pub next_label: u32,
    /// The labels of the statement about to be translated (a loop takes them).
    pub pending_labels: Vec<Label>,
    /// The label and result slot of the innermost optional chain being translated.
    pub chain: Option<Label>,
    /// A derived class's constructor (its `return` hands back `this`).
    pub derived_ctor: bool,
}

impl FnCx {
    /// The frame slot of the resolver's frame slot `slot`.
    pub fn frame_slot(&self, slot: crate::parser::SlotId) -> SlotId {
        self.slots[slot.0 as usize]
    }
    /// Whether `location` is one of the slots a call fills: a binding kept in place.
    pub fn is_argument(&self, location: crate::parser::Location) -> bool {
        matches!(location, crate::parser::Location::Frame(slot) if self.frame_slot(slot).0 < self.base)
    }
    /// A fresh temporary frame slot.
    pub fn temp(&mut self, name: &str) -> SlotId {
        self.names.push(name.into());
        SlotId(self.names.len() as u32 - 1)
    }
    /// A fresh label id.
    pub fn label(&mut self) -> Label {
        self.next_label += 1;
        Label(self.next_label)
    }
}

impl<'a> Translator<'a> {
    pub fn new(rt: &'a Runtime<Es>, module: &'a Module) -> Translator<'a> {
        Translator { rt, module, file: module.file_name.as_str().into(), targets: FxHashMap::default(), functions: find::index(&module.function), fieldless: Default::default(), positions: FxHashMap::default() }
    }
    fn res(&self) -> &'a Resolution {
        &self.module.resolution
    }
    /// The position of a byte offset.
    pub(crate) fn loc(&self, span: Span) -> Loc {
        let (line, col) = self.module.line_index.line_col(span.start);
        Loc { file: self.file.clone(), line, col }
    }
    /// A block of `stmts`, with the positions their statements start at.
    pub(crate) fn block_node(&self, stmts: Vec<Node>) -> BlockNode<Es> {
        let positions = self.positions_of(&stmts);
        BlockNode::with_positions(stmts, positions)
    }
    /// The positions of the statements `stmts` were made from (`None` for nodes the translator
    /// adds).
    pub(crate) fn positions_of(&self, stmts: &[Node]) -> Vec<Option<StatementPosition>> {
        stmts.iter().map(|n| self.positions.get(&porcini::node::node_addr(&**n)).copied()).collect()
    }
    /// A syntax error at `span`.
    pub(crate) fn error(&self, span: Span, message: String) -> SyntaxError {
        let (line, col) = self.module.line_index.line_col(span.start);
        SyntaxError { message, line, col }
    }
    /// The source text of `span` (for messages naming an expression).
    pub(crate) fn text(&self, span: Span) -> &'a str {
        self.module.line_index.text().get(span.start as usize..span.end as usize).unwrap_or("")
    }
    pub(crate) fn source_section(&self, span: Span, name: &str) -> SourceSection {
        let (start_line, _) = self.module.line_index.line_col(span.start);
        let (end_line, _) = self.module.line_index.line_col(span.end.saturating_sub(1).max(span.start));
        let _ = name;
        SourceSection { name: self.file.clone(), start_line, end_line, char_index: span.start, char_length: span.end - span.start }
    }
    /// Translates the module function.
    pub fn module(&mut self) -> Result<Translated, SyntaxError> {
        let spec = self.function(&self.module.function)?;
        Ok(Translated { spec })
    }

    /// Where the binding an occurrence resolves to lives, from the current point of `cx`.
    pub(crate) fn place(&self, cx: &mut FnCx, location: Location, name: &str, span: Span) -> Result<Place, SyntaxError> {
        Ok(match location {
            Location::Frame(slot) => Place::Frame(cx.frame_slot(slot)),
            Location::Env { hops, index } => {
                let (base, hops) = self.env_base(cx, hops);
                Place::Env { base, hops, index }
            }
            Location::Global => {
                if UNSUPPORTED_GLOBALS.contains(&name) {
                    return Err(self.error(span, format!("{name} is not supported in EasyScript")));
                }
                Place::Global(self.rt.interner.intern(name))
            }
        })
    }
    /// The frame slot holding the environment `hops` environments out from the innermost
    /// current one, and the parent links left to follow from it.
    pub(crate) fn env_base(&self, cx: &mut FnCx, hops: u32) -> (SlotId, u32) {
        let mut left = hops;
        for scope in cx.scopes.iter().rev() {
            if self.res().scope(*scope).has_env() {
                if left == 0
                    && let Some(&slot) = cx.env_slots.get(scope)
                {
                    return (slot, 0);
                }
                left -= 1;
            }
        }
        (self.closure_env(cx), left)
    }
    /// The frame slot of the environment the function closes over.
    pub(crate) fn closure_env(&self, cx: &mut FnCx) -> SlotId {
        match cx.closure_env {
            Some(s) => s,
            None => {
                let s = cx.temp("%closure");
                cx.closure_env = Some(s);
                s
            }
        }
    }
    /// The frame slot holding the innermost environment current now (what a closure made
    /// here captures), or the function's own closure environment.
    pub(crate) fn current_env(&self, cx: &mut FnCx) -> Option<SlotId> {
        for scope in cx.scopes.iter().rev() {
            if self.res().scope(*scope).has_env() {
                return cx.env_slots.get(scope).copied();
            }
        }
        // The module function has no enclosing environment.
        self.res().function(cx.id).parent?;
        Some(self.closure_env(cx))
    }
    /// A permanent string value.
    pub(crate) fn string(&self, units: &[u16]) -> Value {
        crate::runtime::permanent_str(self.rt, units)
    }
    pub(crate) fn rt(&self) -> &'a Runtime<Es> {
        self.rt
    }
}

/// The hidden arguments' slot names.
pub(crate) fn hidden_names() -> Vec<Box<str>> {
    debug_assert_eq!(HIDDEN_ARGS, 3);
    vec!["%this".into(), "%callee".into(), "%new.target".into()]
}
