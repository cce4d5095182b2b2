//! The scope resolver: decides where every binding lives and how every name occurrence reaches
//! it, so that the interpreter never looks a name up at run time.
//!
//! Resolution runs in two phases.
//!
//! 1. **Walk** (`walk.rs`, with `hoist.rs` for declarations). The tree is traversed once with a
//!    stack of visible bindings per name. Entering a scope first declares everything hoisted
//!    to it (`var`s and top-level functions for a function body, `let`/`const`/`class` and
//!    block-level functions for blocks), which also detects redeclarations; then every name
//!    occurrence is looked up in O(1) and recorded with the scope, function and position it
//!    occurs at. A binding referred to from a function other than its own is marked
//!    *captured*. `this`, the home object, `new.target` and the active function are special
//!    bindings, declared on first use in the nearest non-arrow function.
//! 2. **Finish** (`finish.rs`). With all captures known, captured bindings get environment
//!    slots and the others frame slots; each occurrence's location is computed from the
//!    environment depth of its scope, and its temporal-dead-zone flag from the textual
//!    position of the declaration.
//!
//! The walk also rejects what needs scope knowledge: redeclarations (node's "Identifier 'x'
//! has already been declared") and sloppy-mode block-level function declarations used outside
//! their block, whose Annex B semantics EasyScript does not implement.

mod finish;
mod hoist;
mod walk;

use std::collections::HashMap;

use crate::parser::ast::{FunctionKind, FunctionName};
use crate::parser::error::{PResult, ParseError};
use crate::parser::ids::{BindingId, FuncId, RefId, ScopeId};
use crate::parser::syntax::ParsedModule;
use crate::parser::scope::{BindingKind, Resolution, ScopeKind};
use crate::parser::span::Span;

/// Resolves a parsed module.
pub(crate) fn resolve(parsed: &ParsedModule) -> PResult<Resolution> {
    let mut resolver = Resolver::new(parsed);
    resolver.visit_function(&parsed.function)?;
    Ok(resolver.finish())
}

/// How an occurrence uses its binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Read,
    /// Assignment, or a `var` declarator with initializer.
    Write,
    /// Compound assignment and `++`/`--`.
    ReadWrite,
    /// The initialization of a declaration (`let`, parameters, function and class names...).
    Init,
    /// A `var` declarator without initializer, which does nothing at run time.
    Declare,
}

/// An occurrence, as recorded by the walk.
#[derive(Debug, Clone, Copy)]
struct RefRecord {
    binding: Option<BindingId>,
    scope: ScopeId,
    func: FuncId,
    pos: u32,
    role: Role,
}

/// A binding under construction.
#[derive(Debug, Clone)]
struct Binding {
    name: String,
    kind: BindingKind,
    scope: ScopeId,
    func: FuncId,
    span: Span,
    /// Occurrences in the same function before this offset may see the binding uninitialized
    /// (0 if the binding is never uninitialized).
    decl_end: u32,
    captured: bool,
    copy_of: Option<BindingId>,
    /// A `catch` parameter bound by a pattern, which a `var` may not redeclare.
    catch_pattern: bool,
}

/// A scope under construction.
#[derive(Debug, Clone)]
struct Scope {
    kind: ScopeKind,
    parent: Option<ScopeId>,
    func: FuncId,
    depth: u32,
    bindings: Vec<BindingId>,
    /// The bindings pushed on the visibility stacks, to pop when leaving.
    visible: Vec<BindingId>,
    functions: Vec<(BindingId, FuncId)>,
    /// For loop heads: whether they declare `let` or `const` bindings, and which.
    lexical_head: Option<BindingKind>,
}

/// A function under construction.
#[derive(Debug, Clone)]
struct Func {
    kind: FunctionKind,
    name: FunctionName,
    span: Span,
    parent: Option<FuncId>,
    strict: bool,
    length: u32,
    uses_this: bool,
    this_binding: Option<BindingId>,
    home_binding: Option<BindingId>,
    new_target_binding: Option<BindingId>,
    func_binding: Option<BindingId>,
    params_scope: ScopeId,
    body_scope: Option<ScopeId>,
}

/// Special bindings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Special {
    This,
    Home,
    NewTarget,
    ActiveFunction,
}

struct Resolver {
    refs: Vec<Option<RefRecord>>,
    bindings: Vec<Binding>,
    scopes: Vec<Option<Scope>>,
    /// Scopes in the order they were entered (parents before children).
    scope_order: Vec<ScopeId>,
    funcs: Vec<Option<Func>>,
    /// For every name, the bindings of that name currently visible, innermost last.
    visible: HashMap<String, Vec<BindingId>>,
    cur_scope: Option<ScopeId>,
    func_stack: Vec<FuncId>,
    /// For every name that a sloppy-mode block-level function declaration declares, the body
    /// scope depths of the enclosing functions with such a declaration, innermost last. Annex B
    /// would also hoist those functions to a `var` of their function, so a use of the name that
    /// resolves to that depth or outward (where the `var` would have been found) is rejected.
    /// Such a use cannot be inside the declaring block, where the block's binding is nearer.
    annex_b: HashMap<String, Vec<u32>>,
}

impl Resolver {
    fn new(parsed: &ParsedModule) -> Resolver {
        Resolver {
            refs: vec![None; parsed.ref_count],
            bindings: Vec::new(),
            scopes: vec![None; parsed.scope_count],
            scope_order: Vec::with_capacity(parsed.scope_count),
            funcs: vec![None; parsed.func_count],
            visible: HashMap::new(),
            cur_scope: None,
            func_stack: Vec::new(),
            annex_b: HashMap::new(),
        }
    }

    fn cur_func(&self) -> FuncId {
        self.func_stack.last().copied().unwrap_or(FuncId(0))
    }

    fn scope(&self, id: ScopeId) -> &Scope {
        self.scopes[id.index()]
            .as_ref()
            .expect("scope entered before use")
    }

    fn scope_mut(&mut self, id: ScopeId) -> &mut Scope {
        self.scopes[id.index()]
            .as_mut()
            .expect("scope entered before use")
    }

    fn func_mut(&mut self, id: FuncId) -> &mut Func {
        self.funcs[id.index()]
            .as_mut()
            .expect("function entered before use")
    }

    fn func(&self, id: FuncId) -> &Func {
        self.funcs[id.index()]
            .as_ref()
            .expect("function entered before use")
    }

    fn enter_scope(&mut self, id: ScopeId, kind: ScopeKind) {
        let parent = self.cur_scope;
        let depth = parent.map_or(0, |p| self.scope(p).depth + 1);
        self.scopes[id.index()] = Some(Scope {
            kind,
            parent,
            func: self.cur_func(),
            depth,
            bindings: Vec::new(),
            visible: Vec::new(),
            functions: Vec::new(),
            lexical_head: None,
        });
        self.scope_order.push(id);
        self.cur_scope = Some(id);
    }

    fn exit_scope(&mut self) {
        let Some(id) = self.cur_scope else { return };
        let visible = std::mem::take(&mut self.scope_mut(id).visible);
        for b in visible.iter().rev() {
            if let Some(stack) = self.visible.get_mut(&self.bindings[b.index()].name) {
                stack.pop();
            }
        }
        self.cur_scope = self.scope(id).parent;
    }

    /// Declares a binding in `scope`; `visible` makes it visible to name lookup (special
    /// bindings are not).
    fn declare_in(
        &mut self,
        scope: ScopeId,
        name: &str,
        kind: BindingKind,
        span: Span,
        decl_end: u32,
        visible: bool,
    ) -> BindingId {
        let id = BindingId::from_index(self.bindings.len());
        let func = self.scope(scope).func;
        self.bindings.push(Binding {
            name: name.to_string(),
            kind,
            scope,
            func,
            span,
            decl_end,
            captured: false,
            copy_of: None,
            catch_pattern: false,
        });
        let s = self.scope_mut(scope);
        s.bindings.push(id);
        if visible {
            s.visible.push(id);
            self.visible.entry(name.to_string()).or_default().push(id);
        }
        id
    }

    /// Declares a visible binding in the current scope.
    fn declare(&mut self, name: &str, kind: BindingKind, span: Span, decl_end: u32) -> BindingId {
        let scope = self.cur_scope.expect("a scope is entered");
        self.declare_in(scope, name, kind, span, decl_end, true)
    }

    /// The innermost visible binding of `name`.
    fn lookup(&self, name: &str) -> Option<BindingId> {
        self.visible
            .get(name)
            .and_then(|stack| stack.last().copied())
    }

    /// The innermost visible binding of `name` if it is declared in `scope`.
    fn lookup_in(&self, name: &str, scope: ScopeId) -> Option<BindingId> {
        self.lookup(name)
            .filter(|b| self.bindings[b.index()].scope == scope)
    }

    /// node's redeclaration error, reported at the later of the two declarations.
    fn redeclared(&self, name: &str, existing: BindingId, pos: u32) -> ParseError {
        let other = self.bindings[existing.index()].span.start;
        ParseError::new(
            format!("Identifier '{name}' has already been declared"),
            pos.max(other),
        )
    }

    /// Records the occurrence `rid` of `name` at `pos`.
    fn resolve_name(&mut self, rid: RefId, name: &str, pos: u32, role: Role) -> PResult<()> {
        let binding = self.lookup(name);
        if let Some(&body_depth) = self.annex_b.get(name).and_then(|depths| depths.last()) {
            let outside = binding
                .is_none_or(|b| self.scope(self.bindings[b.index()].scope).depth <= body_depth);
            if outside {
                return Err(ParseError::unsupported(
                    "block-level function declarations used outside their block are",
                    pos,
                ));
            }
        }
        self.record(rid, binding, pos, role);
        Ok(())
    }

    fn record(&mut self, rid: RefId, binding: Option<BindingId>, pos: u32, role: Role) {
        let func = self.cur_func();
        if let Some(b) = binding
            && self.bindings[b.index()].func != func
        {
            self.bindings[b.index()].captured = true;
        }
        let scope = self.cur_scope.unwrap_or(ScopeId(0));
        if let Some(slot) = self.refs.get_mut(rid.index()) {
            *slot = Some(RefRecord {
                binding,
                scope,
                func,
                pos,
                role,
            });
        }
    }

    /// Records an implicit use of a special binding, declaring it in the nearest non-arrow
    /// function on first use.
    fn resolve_special(&mut self, rid: RefId, special: Special, pos: u32, role: Role) {
        let mut owner = self.cur_func();
        for i in (0..self.func_stack.len()).rev() {
            let f = self.func_stack[i];
            owner = f;
            if !self.func(f).kind.is_arrow() {
                break;
            }
            if special == Special::This {
                self.func_mut(f).uses_this = true;
            }
        }
        let binding = self.special_binding(owner, special);
        self.record(rid, Some(binding), pos, role);
    }

    /// The special binding of function `owner`, declared if needed.
    fn special_binding(&mut self, owner: FuncId, special: Special) -> BindingId {
        let f = self.func(owner);
        let existing = match special {
            Special::This => f.this_binding,
            Special::Home => f.home_binding,
            Special::NewTarget => f.new_target_binding,
            Special::ActiveFunction => f.func_binding,
        };
        if let Some(b) = existing {
            return b;
        }
        let scope = f.params_scope;
        let derived_ctor = matches!(f.kind, FunctionKind::Constructor { derived: true, .. });
        let (name, kind) = match special {
            Special::This => ("this", BindingKind::This),
            Special::Home => ("%home", BindingKind::Home),
            Special::NewTarget => ("%newtarget", BindingKind::NewTarget),
            Special::ActiveFunction => ("%fn", BindingKind::ActiveFunction),
        };
        // `this` in a derived constructor is uninitialized until `super()` returns, everywhere.
        let decl_end = if special == Special::This && derived_ctor {
            u32::MAX
        } else {
            0
        };
        let b = self.declare_in(scope, name, kind, Span::default(), decl_end, false);
        let f = self.func_mut(owner);
        match special {
            Special::This => {
                f.this_binding = Some(b);
                f.uses_this = true;
            }
            Special::Home => f.home_binding = Some(b),
            Special::NewTarget => f.new_target_binding = Some(b),
            Special::ActiveFunction => f.func_binding = Some(b),
        }
        b
    }
}
