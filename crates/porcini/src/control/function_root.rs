//! The root of a guest function: a [`BodyNode`] run in frames of one descriptor, for every
//! language.
//!
//! A language's translator builds the body (its prologue binds the parameters, as the language
//! does) and wraps it here; what differs between languages is in the body, not in the root.
//! Splitting may clone the root: the copy gets a frame descriptor of its own, so that its slot
//! kinds are profiled for its call site alone.

use std::rc::Rc;

use crate::call_target::{RootNode, SourceSection};
use crate::error::Unwind;
use crate::frame::{Frame, FrameDescriptor};
use crate::language::Language;
use crate::node::{CloneContext, ExprNode};
use crate::resume::Resume;
use crate::symbolic::{SymFrame, SymVal};
use crate::value::Value;

use super::BodyNode;

/// A guest function's root.
pub struct FunctionRoot<L: Language> {
    name: Rc<str>,
    descriptor: Rc<FrameDescriptor>,
    body: BodyNode<L>,
    source: Option<SourceSection>,
    /// The body's depth plus this root's own level (see [`RootNode::tree_depth`]).
    depth: usize,
    /// Whether the function reads arguments past its parameters (JavaScript's rest parameters;
    /// see [`RootNode::keeps_surplus_arguments`]).
    surplus: bool,
    /// Whether the language declared the function trivial (see [`RootNode::is_trivial`]).
    trivial: bool,
}

impl<L: Language> FunctionRoot<L> {
    /// A root running `body` in frames described by `descriptor`; `source` is where its text
    /// is, for traces.
    pub fn new(name: Rc<str>, descriptor: Rc<FrameDescriptor>, body: BodyNode<L>, source: Option<SourceSection>) -> Self {
        let depth = crate::node::tree_depth(&body as &dyn ExprNode<L>).saturating_add(1);
        FunctionRoot { name, descriptor, body, source, depth, surplus: false, trivial: false }
    }
    /// The root reading arguments past its parameters, or not.
    pub fn keeping_surplus(mut self, surplus: bool) -> Self {
        self.surplus = surplus;
        self
    }
    /// The root declared trivial, or not (see [`RootNode::is_trivial`]).
    pub fn trivial(mut self, trivial: bool) -> Self {
        self.trivial = trivial;
        self
    }
}

impl<L: Language> RootNode<L> for FunctionRoot<L> {
    fn name(&self) -> &str {
        &self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, L>) -> Result<Value, Unwind<Value>> {
        self.body.eval(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, L>) -> Result<SymVal, Unwind<SymVal>> {
        self.body.eval(s)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, L>) -> Result<Value, Unwind<Value>> {
        self.body.eval(s)
    }
    fn node_count(&self) -> usize {
        crate::node::count_nodes(&self.body as &dyn ExprNode<L>)
    }
    fn tree_depth(&self) -> usize {
        self.depth
    }
    fn source_section(&self) -> Option<SourceSection> {
        self.source.clone()
    }
    fn tree(&self) -> Option<&dyn ExprNode<L>> {
        Some(&self.body)
    }
    fn is_cloning_allowed(&self) -> bool {
        true
    }
    fn keeps_surplus_arguments(&self) -> bool {
        self.surplus
    }
    fn is_trivial(&self) -> bool {
        self.trivial
    }
    fn clone_uninitialized(&self) -> Option<Box<dyn RootNode<L>>> {
        let descriptor = Rc::new(self.descriptor.clone_uninitialized());
        let cx = CloneContext::new(descriptor.clone());
        Some(Box::new(FunctionRoot {
            name: self.name.clone(),
            descriptor,
            body: self.body.clone_body(&cx),
            source: self.source.clone(),
            depth: self.depth,
            surplus: self.surplus,
            trivial: self.trivial,
        }))
    }
}
