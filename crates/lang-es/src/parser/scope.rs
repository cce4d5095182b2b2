//! The resolution of a module: where every binding lives and how every name occurrence reaches
//! it. These are the side tables a translator consults while walking the tree.
//!
//! The execution model: every function (including the module wrapper, arrows, methods,
//! constructors and the synthetic field-initializer functions) has a **frame** of numbered
//! slots. A binding lives in a frame slot of its function unless a nested function refers to
//! it; then it lives in an **environment record** (a heap object with numbered slots) that
//! belongs to the scope declaring it. A scope that holds at least one such captured binding
//! *has an environment* ([`ScopeInfo::env_size`] > 0), created each time the scope is entered
//! and linked to the innermost environment current outside it; a function object captures the
//! environment current where it is created. So at any point of execution there is a chain of
//! environments, and an occurrence reaches a captured binding by following
//! [`Location::Env::hops`] links from the innermost one.
//!
//! The tables are indexed by the ids in the tree: [`Resolution::refs`] by
//! [`RefId`](crate::parser::RefId) (every [`Ident`](crate::parser::ast::Ident) and every implicit use of `this`
//! and friends), [`Resolution::scopes`] by [`ScopeId`], [`Resolution::functions`] by
//! [`FuncId`], and [`Resolution::bindings`] by the [`BindingId`]s the resolver created.

use crate::parser::ast::{FunctionKind, FunctionName};
use crate::parser::ids::{BindingId, FuncId, RefId, ScopeId, SlotId};
use crate::parser::span::Span;

/// The resolved program structure.
#[derive(Debug, Clone, Default)]
pub struct Resolution {
    pub refs: Vec<Resolved>,
    pub bindings: Vec<BindingInfo>,
    pub scopes: Vec<ScopeInfo>,
    pub functions: Vec<FunctionInfo>,
}

impl Resolution {
    /// What the occurrence `id` resolves to.
    pub fn resolved(&self, id: RefId) -> &Resolved {
        &self.refs[id.index()]
    }

    pub fn binding(&self, id: BindingId) -> &BindingInfo {
        &self.bindings[id.index()]
    }

    pub fn scope(&self, id: ScopeId) -> &ScopeInfo {
        &self.scopes[id.index()]
    }

    pub fn function(&self, id: FuncId) -> &FunctionInfo {
        &self.functions[id.index()]
    }

    /// How code running in scope `from` (which must be inside the binding's scope) reaches
    /// `binding`: for instance the location of a function's `this` binding at the end of its
    /// body, or of a parameter that a body `var` copies.
    pub fn locate(&self, binding: BindingId, from: ScopeId) -> Location {
        let b = self.binding(binding);
        match b.storage {
            Storage::Frame(slot) => Location::Frame(slot),
            Storage::Env(index) => {
                let mut hops = 0;
                let mut s = from;
                while s != b.scope {
                    let info = self.scope(s);
                    if info.env_size > 0 {
                        hops += 1;
                    }
                    match info.parent {
                        Some(p) => s = p,
                        None => break,
                    }
                }
                Location::Env { hops, index }
            }
        }
    }
}

/// What a name occurrence resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// The binding, or `None` for a global (undeclared) name.
    pub binding: Option<BindingId>,
    pub location: Location,
    /// Whether the binding may still be uninitialized here, so that the access must check and
    /// throw a `ReferenceError` (the temporal dead zone).
    pub tdz: bool,
    /// What an assignment through this occurrence does (only meaningful for writes).
    pub assign: AssignMode,
}

/// How an occurrence reaches its binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A slot of the current function's frame.
    Frame(SlotId),
    /// Slot `index` of the environment `hops` links out from the innermost environment current
    /// at the occurrence.
    Env { hops: u32, index: u32 },
    /// A property of the global object (the name is the identifier's).
    Global,
}

/// What assigning to a binding does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignMode {
    /// The assignment stores the value.
    Mutable,
    /// The binding is immutable (`const`, a class's inner name, or a function expression's own
    /// name in strict code): the assignment throws a `TypeError`.
    ConstError,
    /// The binding is a function expression's own name and the code is sloppy: the assignment
    /// is silently ignored.
    Ignore,
}

/// Where a binding is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    Frame(SlotId),
    /// Slot `index` of the environment of the binding's scope.
    Env(u32),
}

/// The kinds of bindings, which decide how they are initialized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    /// `var`: `undefined` when the function is entered (see [`BindingInfo::copy_of`]).
    Var,
    /// `let`: uninitialized until its declaration runs.
    Let,
    /// `const`: like `let`, and immutable.
    Const,
    /// The `let`-like name a class declaration binds in the enclosing scope.
    Class,
    /// A class's own name inside the class: immutable, initialized once the class is created.
    ClassInner,
    /// A function declaration: initialized with a new function object when its scope is
    /// entered (see [`ScopeInfo::functions`]).
    Function,
    /// A parameter, initialized by the parameter list (uninitialized until then if the
    /// function has parameter expressions).
    Param,
    /// A `catch` parameter, initialized by the `catch` clause.
    CatchParam,
    /// A named function expression's own name: the function itself, from entry.
    SelfName,
    /// `this` of a non-arrow function: the receiver, from entry; uninitialized until
    /// `super()` returns in a derived constructor.
    This,
    /// The home object of a method, accessor, constructor or field initializer, from entry.
    Home,
    /// `new.target` of a derived constructor, from entry (read by `super()`).
    NewTarget,
    /// The active function object of a derived constructor, from entry (`super()` calls its
    /// prototype).
    ActiveFunction,
}

impl BindingKind {
    /// Whether the binding starts uninitialized (in its temporal dead zone).
    pub fn is_lexical(self) -> bool {
        matches!(
            self,
            BindingKind::Let | BindingKind::Const | BindingKind::Class | BindingKind::ClassInner
        )
    }

    /// Whether this is one of the special bindings, which have no source name.
    pub fn is_special(self) -> bool {
        matches!(
            self,
            BindingKind::This
                | BindingKind::Home
                | BindingKind::NewTarget
                | BindingKind::ActiveFunction
        )
    }
}

/// A binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindingInfo {
    /// The declared name; the special bindings are named `this`, `%home`, `%newtarget` and
    /// `%fn`.
    pub name: String,
    pub kind: BindingKind,
    pub scope: ScopeId,
    /// The function whose frame or scopes hold the binding.
    pub func: FuncId,
    pub storage: Storage,
    /// The declaration (empty for the module parameters and special bindings).
    pub span: Span,
    /// Whether a nested function refers to the binding (which is then in an environment).
    pub captured: bool,
    /// For a body `var` that redeclares a parameter in a function with parameter expressions:
    /// the parameter, whose value the `var` starts with (ECMAScript 10.2.11, step 28.e).
    pub copy_of: Option<BindingId>,
}

/// The kinds of scopes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    /// A function's parameters and special bindings (and a named function expression's name).
    FunctionParams,
    /// A function's body: its `var`s, top-level function declarations and lexical
    /// declarations.
    FunctionBody,
    Block,
    /// The head of a `for (;;)` statement.
    For,
    /// The head of a `for-of` statement.
    ForOf,
    /// The case block of a `switch`.
    Switch,
    /// A `catch` clause's parameter.
    Catch,
    /// A class: its inner name.
    Class,
    /// The single scope of a synthetic field-initializer function.
    FieldInit,
}

/// How a loop scope's environment behaves across iterations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PerIteration {
    /// One environment (or none) for the whole statement.
    No,
    /// `for (let ...;;)` whose bindings are captured: before the first test and after every
    /// iteration (before the update), a new environment is made with copies of the current
    /// values (CreatePerIterationEnvironment).
    Copy,
    /// `for (let/const ... of ...)` whose bindings are captured: every iteration gets a new
    /// environment with the bindings uninitialized, and the iterable is evaluated in one of its
    /// own (a TDZ for the head's names).
    Fresh,
}

/// A scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeInfo {
    pub kind: ScopeKind,
    /// The lexically enclosing scope (`None` for the module's parameter scope).
    pub parent: Option<ScopeId>,
    /// The function the scope belongs to.
    pub func: FuncId,
    /// All bindings declared here, in declaration order.
    pub bindings: Vec<BindingId>,
    /// The number of slots of this scope's environment; 0 if the scope has none.
    pub env_size: u32,
    pub per_iteration: PerIteration,
    /// Function declarations to instantiate, in order, when the scope is entered (later ones
    /// overwrite earlier ones of the same name).
    pub functions: Vec<(BindingId, FuncId)>,
    /// Bindings that start uninitialized when the scope is entered.
    pub tdz: Vec<BindingId>,
}

impl ScopeInfo {
    /// Whether entering the scope creates an environment.
    pub fn has_env(&self) -> bool {
        self.env_size > 0
    }
}

/// A function.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionInfo {
    pub kind: FunctionKind,
    /// The function's `name` property.
    pub name: FunctionName,
    pub span: Span,
    /// The enclosing function (`None` for the module).
    pub parent: Option<FuncId>,
    pub strict: bool,
    /// The number of frame slots.
    pub frame_size: u32,
    /// The function's `length`: parameters before the first default or rest.
    pub length: u32,
    /// Whether `this` is used: by the function itself or, for non-arrows, by arrows inside it
    /// (then [`FunctionInfo::this_binding`] is set); for arrows, whether the arrow refers to the
    /// enclosing `this`.
    pub uses_this: bool,
    pub this_binding: Option<BindingId>,
    pub home_binding: Option<BindingId>,
    pub new_target_binding: Option<BindingId>,
    pub func_binding: Option<BindingId>,
    /// The scope of the parameters and special bindings (the only scope of a field-initializer
    /// function).
    pub params_scope: ScopeId,
    /// The scope of the body (`None` for field-initializer functions).
    pub body_scope: Option<ScopeId>,
}
