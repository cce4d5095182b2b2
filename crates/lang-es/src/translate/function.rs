//! Translating a function: its frame layout, its prologue, its body and its root.

use std::rc::Rc;

use porcini::control::{BodyNode, ReturnNode};
use porcini::{FrameDescriptor, SlotId};

use super::{FnCx, Translator, hidden_names};
use crate::nodes::Node;
use crate::nodes::function::{CalleeEnvNode, CalleeHomeNode, FnSpec, ReceiverNode, RunFieldsNode};
use porcini::control::FunctionRoot;
use crate::nodes::statement::DerivedResultNode;
use crate::nodes::variable::{ArgNode, ClearSlotsNode, EnterEnvNode, Place, ReadVarNode, RestArgsNode, WriteMode, WriteVarNode};
use crate::parser::ast::{Function, FunctionBody, FunctionKind, FunctionName};
use crate::parser::{BindingId, BindingKind, Location, ScopeId, SyntaxError};
use crate::runtime::FnKind;
use crate::runtime::function::{ARG_CALLEE, ARG_NEW_TARGET, ARG_THIS, HIDDEN_ARGS};

/// Whether a function's `this` is its hidden argument as the call passed it: in strict code,
/// and in constructors (which `new` calls with the new object). A sloppy function's `this`
/// is computed from the argument.
fn this_is_argument(info: &crate::parser::FunctionInfo) -> bool {
    info.strict || matches!(info.kind, FunctionKind::Constructor { .. })
}

/// Builds the statements of a field-initializer function, in its context.
type FieldBody<'f, 'a> = dyn FnMut(&mut Translator<'a>, &mut FnCx) -> Result<Vec<Node>, SyntaxError> + 'f;

impl<'a> Translator<'a> {
    /// Translates `f` (once) into a call target.
    pub(crate) fn function(&mut self, f: &Function) -> Result<Rc<FnSpec>, SyntaxError> {
        if let Some(spec) = self.targets.get(&f.id) {
            return Ok(spec.clone());
        }
        let spec = self.function_of(f.id, f.kind, f.span, &f.params, f.rest.as_ref(), Some(&f.body), f.params_scope, Some(f.body_scope), f.self_name.as_ref())?;
        self.targets.insert(f.id, spec.clone());
        Ok(spec)
    }

    /// Translates a class's field-initializer function: its body runs the field initializers
    /// `body` builds once the prologue is done.
    pub(crate) fn field_initializer(
        &mut self,
        id: crate::parser::FuncId,
        scope: ScopeId,
        span: crate::parser::Span,
        body: &mut FieldBody<'_, 'a>,
    ) -> Result<Rc<FnSpec>, SyntaxError> {
        let info = self.res().function(id);
        let mut cx = self.new_cx(id, &[]);
        let mut prologue = Vec::new();
        self.enter_scope(&mut cx, scope, &mut prologue)?;
        self.bind_specials(&mut cx, id, &mut prologue)?;
        let stmts = body(self, &mut cx)?;
        prologue.extend(stmts);
        let name: Rc<str> = "<instance_members_initializer>".into();
        let spec = self.finish(cx, info.strict, name, span, prologue, None, FnKind::Plain, 0, false, false)?;
        Ok(spec)
    }

    fn new_cx(&self, id: crate::parser::FuncId, params: &[crate::parser::ast::Pattern]) -> FnCx {
        let info = self.res().function(id);
        let mut names = hidden_names();
        names.extend((0..params.len()).map(|i| format!("%arg{i}").into()));
        let base = names.len() as u32;
        // The resolver's frame slots follow the arguments, but for those kept in place.
        let in_place = self.in_place(id, params);
        let mut slots = Vec::with_capacity(info.frame_size as usize);
        for i in 0..info.frame_size {
            match in_place.iter().find(|(slot, _, _)| *slot == i) {
                Some(&(_, arg, name)) => {
                    names[arg.0 as usize] = name.into();
                    slots.push(arg);
                }
                None => {
                    slots.push(SlotId(names.len() as u32));
                    names.push(format!("%s{i}").into());
                }
            }
        }
        FnCx {
            id,
            names,
            base,
            slots,
            env_slots: Default::default(),
            closure_env: None,
            scopes: Vec::new(),
            strict: info.strict,
            labels: Vec::new(),
            next_label: 0,
            pending_labels: Vec::new(),
            chain: None,
            derived_ctor: matches!(info.kind, FunctionKind::Constructor { derived: true, .. }),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn function_of(
        &mut self,
        id: crate::parser::FuncId,
        kind: FunctionKind,
        span: crate::parser::Span,
        params: &[crate::parser::ast::Pattern],
        rest: Option<&crate::parser::ast::Pattern>,
        body: Option<&FunctionBody>,
        params_scope: ScopeId,
        body_scope: Option<ScopeId>,
        self_name: Option<&crate::parser::ast::Ident>,
    ) -> Result<Rc<FnSpec>, SyntaxError> {
        let info = self.res().function(id);
        let mut cx = self.new_cx(id, params);
        let mut prologue: Vec<Node> = Vec::new();
        self.enter_scope(&mut cx, params_scope, &mut prologue)?;
        self.bind_specials(&mut cx, id, &mut prologue)?;
        if let Some(name) = self_name {
            let r = self.res().resolved(name.rid);
            let place = self.place(&mut cx, r.location, &name.name, name.span)?;
            prologue.push(self.init(&cx, place, Box::new(ArgNode::new(ARG_CALLEE)), &name.name, name.span));
        }
        for (i, p) in params.iter().enumerate() {
            // A parameter kept in place is bound by the call itself.
            if let crate::parser::ast::PatternKind::Ident(id) = &p.kind
                && cx.is_argument(self.res().resolved(id.rid).location)
            {
                continue;
            }
            let arg = Box::new(ArgNode::new((HIDDEN_ARGS + i) as u32));
            prologue.push(self.bind_pattern(&mut cx, p, arg, true)?);
        }
        if let Some(r) = rest {
            let arg = Box::new(RestArgsNode::new((HIDDEN_ARGS + params.len()) as u32));
            prologue.push(self.bind_pattern(&mut cx, r, arg, true)?);
        }
        if let Some(b) = body_scope {
            self.enter_scope(&mut cx, b, &mut prologue)?;
            self.copy_parameters(&mut cx, b, &mut prologue)?;
        }
        if let FunctionKind::Constructor { derived: false, .. } = kind
            && !self.fieldless.contains(&id)
        {
            // A base class's constructor runs its class's field initializers on the new object.
            let this = self.this_read(&mut cx, span)?;
            prologue.push(Box::new(RunFieldsNode::new(Box::new(ArgNode::new(ARG_CALLEE)), this)));
        }
        let mut tail = None;
        if let FunctionKind::Constructor { derived: true, synthetic: true } = kind {
            // A derived class's default constructor passes everything on to its parent's.
            let forward = Box::new(crate::nodes::class::ForwardToParentNode::new(self.loc(span)));
            tail = Some(ReturnNode::new(Some(forward as Node)));
            cx.derived_ctor = false;
        }
        match body {
            Some(FunctionBody::Block(stmts)) => {
                prologue.extend(self.statements(&mut cx, stmts)?);
            }
            Some(FunctionBody::Expr(e)) => {
                let v = self.expr(&mut cx, e)?;
                tail = Some(ReturnNode::new(Some(v)));
            }
            None => {}
        }
        if cx.derived_ctor {
            let this = self.this_read(&mut cx, span)?;
            tail = Some(ReturnNode::new(Some(Box::new(DerivedResultNode::new(None, this, self.loc(span))))));
        }
        let fn_kind = match kind {
            FunctionKind::Module | FunctionKind::Declaration | FunctionKind::Expression => FnKind::Normal,
            FunctionKind::Constructor { derived, .. } => FnKind::Class { derived },
            _ => FnKind::Plain,
        };
        let name: Rc<str> = match &info.name {
            FunctionName::Static(s) => s.to_string_lossy().into(),
            _ => "".into(),
        };
        let length = info.length;
        let surplus = rest.is_some() || matches!(kind, FunctionKind::Constructor { derived: true, synthetic: true });
        let trivial = super::trivial::is_trivial(kind, params, rest, body, self.fieldless.contains(&id));
        self.finish(cx, info.strict, name, span, prologue, tail, fn_kind, length, surplus, trivial)
    }

    /// Builds the root and its call target.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        cx: FnCx,
        strict: bool,
        name: Rc<str>,
        span: crate::parser::Span,
        mut stmts: Vec<Node>,
        tail: Option<ReturnNode<crate::Es>>,
        kind: FnKind,
        length: u32,
        surplus: bool,
        trivial: bool,
    ) -> Result<Rc<FnSpec>, SyntaxError> {
        if let Some(slot) = cx.closure_env {
            let read = Box::new(CalleeEnvNode);
            let w = WriteVarNode::new(Place::Frame(slot), read, "%closure".into(), WriteMode::Init, false, true, self.loc(span));
            stmts.insert(0, Box::new(w));
        }
        let params = cx.base as usize;
        let descriptor = Rc::new(FrameDescriptor::with_params(cx.names, params));
        let mut positions = self.positions_of(&stmts);
        if tail.is_some() {
            positions.push(None);
        }
        let body = BodyNode::new(stmts, tail).with_positions(positions);
        let source = Some(self.source_section(span, &name));
        let root = FunctionRoot::new(name, descriptor, body, source).keeping_surplus(surplus);
        let trivial = trivial && porcini::call_target::RootNode::node_count(&root) <= super::trivial::TRIVIAL_NODES;
        let root = root.trivial(trivial);
        let target = self.rt().create_call_target(Box::new(root));
        Ok(Rc::new(FnSpec { target: target.id(), kind, strict, length }))
    }

    /// Enters `scope`: its environment record (if it has one), its bindings' initial values,
    /// and its hoisted function declarations.
    pub(crate) fn enter_scope(&mut self, cx: &mut FnCx, scope: ScopeId, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        let info = self.res().scope(scope);
        // Asking for the enclosing environment makes the function read its own on entry, so
        // only a scope that makes an environment asks.
        let parent = if info.has_env() { self.current_env(cx) } else { None };
        cx.scopes.push(scope);
        if info.has_env() {
            let slot = cx.temp("%env");
            cx.env_slots.insert(scope, slot);
            let defined: Vec<u32> = info
                .bindings
                .iter()
                .filter(|b| !info.tdz.contains(b) && !self.starts_empty(**b))
                .filter_map(|&b| match self.res().binding(b).storage {
                    crate::parser::Storage::Env(i) => Some(i),
                    crate::parser::Storage::Frame(_) => None,
                })
                .collect();
            out.push(Box::new(EnterEnvNode::new(slot, parent, info.env_size, defined.into())));
        }
        let (mut undefined, mut empty) = (Vec::new(), Vec::new());
        for &b in &info.bindings {
            let binding = self.res().binding(b);
            if let crate::parser::Storage::Frame(s) = binding.storage {
                // Parameters and special bindings get their values from the prologue.
                if matches!(binding.kind, BindingKind::Param | BindingKind::This | BindingKind::Home | BindingKind::NewTarget | BindingKind::ActiveFunction | BindingKind::SelfName) {
                    if self.starts_empty(b) {
                        empty.push(cx.frame_slot(s));
                    }
                    continue;
                }
                if info.tdz.contains(&b) {
                    empty.push(cx.frame_slot(s));
                } else {
                    undefined.push(cx.frame_slot(s));
                }
            }
        }
        if !undefined.is_empty() || !empty.is_empty() {
            out.push(Box::new(ClearSlotsNode::new(undefined.into(), empty.into())));
        }
        for &(binding, func) in &info.functions {
            let f = self.find_function(func);
            let Some(f) = f else { continue };
            let spec = self.function(f)?;
            let env = self.current_env(cx);
            let closure = Box::new(crate::nodes::function::ClosureNode::new(spec, env));
            let b = self.res().binding(binding);
            let location = self.res().locate(binding, scope);
            let place = self.place(cx, location, &b.name.clone(), b.span)?;
            out.push(self.init(cx, place, closure, &b.name.clone(), b.span));
        }
        Ok(())
    }

    /// What leaving a block's scope at its end does: its lexical bindings' frame slots, and
    /// the slot of its environment, emptied, as they were before the block first ran (entering
    /// it again sets them anew). Left holding the last run's values, the slots would keep them
    /// alive in compiled code: a loop whose body is the block would carry them from one
    /// iteration to the next, and write them back at every exit.
    pub(crate) fn scope_exit(&self, cx: &FnCx, scope: ScopeId) -> Option<Node> {
        let info = self.res().scope(scope);
        let mut slots: Vec<SlotId> = info
            .bindings
            .iter()
            .filter_map(|&b| match self.res().binding(b).storage {
                crate::parser::Storage::Frame(s) => Some(cx.frame_slot(s)),
                crate::parser::Storage::Env(_) => None,
            })
            .collect();
        slots.extend(cx.env_slots.get(&scope).copied());
        (!slots.is_empty()).then(|| Box::new(ClearSlotsNode::new(Rc::from([]), slots.into())) as Node)
    }

    /// Leaves the innermost scope.
    pub(crate) fn leave_scope(&self, cx: &mut FnCx) {
        cx.scopes.pop();
    }

    /// The resolver frame slots kept in the argument slot a call fills (parameter slots alias
    /// the arguments), each with that slot and its name, when nothing can tell: the function's
    /// plain parameters, if every parameter is a plain name (none has a default, so none is
    /// read in its dead zone before the prologue would bind it) and the name is not repeated;
    /// and the special bindings that are their hidden argument unchanged (`this` in strict
    /// code and constructors, but not a derived constructor's, which starts empty; a sloppy
    /// function's is computed from the argument). A captured binding lives in an environment,
    /// not the frame, and is never in place. The prologue then copies nothing: calls of small
    /// functions ran a quarter fewer instructions in the interpreter.
    fn in_place<'p>(&self, id: crate::parser::FuncId, params: &'p [crate::parser::ast::Pattern]) -> Vec<(u32, SlotId, &'p str)> {
        let mut found = Vec::with_capacity(params.len() + 3);
        let frame_slot = |b: BindingId| match self.res().binding(b).storage {
            crate::parser::Storage::Frame(s) => Some(s.0),
            crate::parser::Storage::Env(_) => None,
        };
        let plain: Option<Vec<&crate::parser::ast::Ident>> = params
            .iter()
            .map(|p| match &p.kind {
                crate::parser::ast::PatternKind::Ident(id) => Some(id),
                _ => None,
            })
            .collect();
        for (i, id) in plain.into_iter().flatten().enumerate() {
            if let Location::Frame(slot) = self.res().resolved(id.rid).location {
                found.push((slot.0, SlotId((HIDDEN_ARGS + i) as u32), id.name.as_str()));
            }
        }
        let repeated: Vec<u32> = found.iter().filter(|f| found.iter().filter(|g| g.0 == f.0).count() > 1).map(|f| f.0).collect();
        found.retain(|f| !repeated.contains(&f.0));
        let info = self.res().function(id);
        let this_is_argument = this_is_argument(info);
        let specials = [
            (info.this_binding.filter(|&b| this_is_argument && !self.starts_empty(b)), ARG_THIS, "this"),
            (info.new_target_binding, ARG_NEW_TARGET, "%newtarget"),
            (info.func_binding, ARG_CALLEE, "%fn"),
        ];
        for (binding, arg, name) in specials {
            if let Some(slot) = binding.and_then(frame_slot) {
                found.push((slot, SlotId(arg), name));
            }
        }
        found
    }

    /// Whether a binding starts empty although it is no lexical one: `this` in a derived
    /// constructor, until `super()` binds it.
    fn starts_empty(&self, b: BindingId) -> bool {
        let binding = self.res().binding(b);
        binding.kind == BindingKind::This
            && matches!(self.res().function(binding.func).kind, FunctionKind::Constructor { derived: true, .. })
    }

    /// Initializes the special bindings the function has: `this`, the home object,
    /// `new.target`, the active function.
    fn bind_specials(&mut self, cx: &mut FnCx, id: crate::parser::FuncId, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        let info = self.res().function(id);
        let scope = info.params_scope;
        let span = info.span;
        let specials: [(Option<BindingId>, &str); 4] = [
            (info.this_binding, "this"),
            (info.home_binding, "%home"),
            (info.new_target_binding, "%newtarget"),
            (info.func_binding, "%fn"),
        ];
        for (binding, what) in specials {
            let Some(b) = binding else { continue };
            let location = self.res().locate(b, scope);
            if cx.is_argument(location) {
                // Kept in its hidden argument's slot (see `in_place`).
                continue;
            }
            let value: Node = match what {
                "this" => {
                    if self.starts_empty(b) {
                        continue;
                    }
                    Box::new(ReceiverNode::new(this_is_argument(info)))
                }
                "%home" => Box::new(CalleeHomeNode),
                "%newtarget" => Box::new(ArgNode::new(ARG_NEW_TARGET)),
                _ => Box::new(ArgNode::new(ARG_CALLEE)),
            };
            let place = self.place(cx, location, what, span)?;
            out.push(self.init(cx, place, value, what, span));
        }
        Ok(())
    }

    /// A body `var` that redeclares a parameter (in a function with parameter expressions)
    /// starts with the parameter's value.
    fn copy_parameters(&mut self, cx: &mut FnCx, scope: ScopeId, out: &mut Vec<Node>) -> Result<(), SyntaxError> {
        let info = self.res().scope(scope);
        for &b in &info.bindings {
            let binding = self.res().binding(b);
            let Some(param) = binding.copy_of else { continue };
            let p = self.res().binding(param);
            let from = self.res().locate(param, scope);
            let from = self.place(cx, from, &p.name.clone(), p.span)?;
            let to = self.res().locate(b, scope);
            let to = self.place(cx, to, &binding.name.clone(), binding.span)?;
            let read = Box::new(ReadVarNode::new(from, p.name.as_str().into(), false, self.loc(p.span)));
            out.push(self.init(cx, to, read, &binding.name.clone(), binding.span));
        }
        Ok(())
    }

    /// Reads `this` (checking that `super()` bound it, in a derived constructor).
    pub(crate) fn this_read(&mut self, cx: &mut FnCx, span: crate::parser::Span) -> Result<Node, SyntaxError> {
        let info = self.res().function(cx.id);
        let Some(b) = info.this_binding else {
            return Ok(Box::new(ReceiverNode::new(true)));
        };
        let location = self.locate_here(cx, b);
        let place = self.place(cx, location, "this", span)?;
        Ok(Box::new(ReadVarNode::new(place, "this".into(), cx.derived_ctor, self.loc(span))))
    }

    /// How code at the current point reaches `binding`.
    pub(crate) fn locate_here(&self, cx: &FnCx, binding: BindingId) -> Location {
        match cx.scopes.last() {
            Some(&s) => self.res().locate(binding, s),
            None => self.res().locate(binding, self.res().binding(binding).scope),
        }
    }

    /// A write that initializes a binding.
    pub(crate) fn init(&self, cx: &FnCx, place: Place, value: Node, name: &str, span: crate::parser::Span) -> Node {
        Box::new(WriteVarNode::new(place, value, name.into(), WriteMode::Init, false, cx.strict, self.loc(span)))
    }

    /// The syntax node of function `id` (functions are translated when their declaration's
    /// scope is entered).
    fn find_function(&self, id: crate::parser::FuncId) -> Option<&'a Function> {
        self.functions.get(&id).copied()
    }
}
