//! The specialization DSL: from one declaration per node, generate its specialization machinery.
//!
//! `#[specializations(...)]` goes on an `impl` block of a node whose methods marked
//! `#[specialization(...)]` (and at most one `#[fallback]`) are its specializations, in order. Each
//! is generic over the stage (`fn name<S: Stage<L>>(&self, s: &mut S, a: S::I64, b: S::Val) ->
//! Result<S::Val, SpecFail<S::Val>>`); the operand types drive the implicit type checks (`S::I64`
//! needs an integer, `S::Bool` a boolean, `S::Val` anything). The macro generates:
//!
//! * `eval` (executes the children named in `execute(...)`, then dispatches) and `dispatch`, both
//!   generic over the stage. Dispatch reads the node's `SpecState` and caches as constants: with
//!   one active specialization (with one instance) it *speculates* on its guard (a deoptimization
//!   exit in compiled code), with several it branches through the active ones in order, and
//!   otherwise it takes the respecialization slow path;
//! * typed execution, Truffle's `executeLong`. While a specialization with `S::I64` operands (and
//!   no `S::Bool` one, nor a cache) is the only active one, `eval` executes those children
//!   through `ExecChild::exec_child_i64`, so a child that can produce an unboxed integer hands it
//!   over without boxing, and the type is checked once, by the child. A child whose value is not
//!   an integer after all sends the node down the respecialization path with the boxed values.
//!   A body may answer an unboxed result by returning `Result<S::I64, SpecFail<S::I64>>`; the
//!   generic path boxes it, and `dispatch_i64` (for the node's own typed execute, such as a leaf's
//!   `Leaf::eval_i64`) returns it as it is;
//! * `__specialize`, the interpreter-only slow path (`executeAndSpecialize`): tries the
//!   specializations that are not excluded, in order, activates the first whose guard holds (or
//!   adds an instance to a cached one), excludes what it `replaces`, reports polymorphism, and
//!   runs it;
//! * `rewrite` handling: a body returning `SpecFail::Rewrite` excludes its specialization (and all
//!   its instances) for good and respecializes with the same operands;
//! * `SPECIALIZATIONS`, `spec_cost`, `spec_active_names` and `spec_instances`, for
//!   `ExprNode::cost` / `active_specializations` and tests.
//!
//! # Options
//!
//! On the impl: `language = T` (required), `execute(child, ...)` (one child per operand; without
//! it the node writes its own `eval` and calls `dispatch`), `state = field` (the `SpecState`,
//! default `spec`), `report_polymorphism`.
//!
//! On a specialization: `guard = method` (a staged predicate `fn(&self, &mut S, operands: S::Val...)
//! -> S::Bool`, evaluated together with the type checks, so it must accept any value),
//! `replaces(a, b)` (activating this one excludes those for good; transitive), `megamorphic`
//! (report as soon as it becomes active, even as the node's first specialization and even without
//! `report_polymorphism`), `exclude` (never counts for polymorphism reports), and
//! `cached(..)` / `limit = N`, below. `#[fallback]` takes no options: it accepts what no other
//! allowed specialization would, and must come last.
//!
//! # Cached specializations
//!
//! Truffle's `@Cached` with `limit`: a specialization whose every *instance* holds a value computed
//! once, when the instance is created, from the operands that created it — a shape, a function
//! identity — and that a guard compares with later operands. Declared as
//!
//! ```text
//! #[specialization(guard = is_object, cached(key = shape_of, guard = has_shape, cache = shapes), limit = 3)]
//! fn read_cached<S: Stage<L>>(&self, s: &mut S, obj: S::Val, #[cached] shape: &ShapeId) -> ...
//! ```
//!
//! * `key = method` computes a new instance's value on the slow path, from concrete operands:
//!   `fn(&self, f: &mut Frame<'_, L>, operands: Value...) -> T`;
//! * `guard = method` inside `cached(..)` is the *cache guard*, a staged predicate on the operands
//!   and one instance's value: `fn(&self, &mut S, operands: S::Val..., value: &T) -> S::Bool`.
//!   Without it every instance accepts whatever passes the specialization's own guard, so only one
//!   instance is ever created;
//! * `cache = field` names the node field holding the instances, which the node declares as
//!   `[std::cell::OnceCell<T>; LIMIT]` and initializes with `Default::default()` (fresh, hence
//!   uninitialized, in `clone_uninitialized`). A generated type ascription checks the field
//!   against `limit`, reporting a mismatch at the limit;
//! * `limit = N` (default 3, Truffle's) bounds the instances;
//! * the body may take the value as one parameter marked `#[cached]`, anywhere after the stage:
//!   `&T` borrows the instance's value, `T` gets a clone (a copy for `Copy` types).
//!
//! Semantics, as in Truffle. On the slow path a cached specialization whose own guard holds first
//! runs an existing instance whose cache guard accepts the operands; otherwise, with room left,
//! it computes a value with `key`, and if the cache guard accepts it, stores it as a new instance
//! (activating the specialization with the first one) and runs it. When all instances miss and
//! the limit is reached, the operands go on to the later specializations; one that `replaces` the
//! cached specialization excludes it, and with it all its instances, for good — the usual
//! "cached, then generic" shape. A new instance counts as a rewrite for polymorphism reports, so
//! a node reports when its instances grow beyond one. The cost class counts instances: one
//! specialization with two instances is polymorphic.
//!
//! Why this storage. The instances are written once and never change, which is what makes them
//! constants for a compiling stage: dispatch reads `self.field[i]` as a Rust value and walks the
//! instances in creation order, so partial evaluation unrolls the walk into one cache-guard test
//! per instance with the value folded in — no run-time table is consulted. `OnceCell` gives that
//! write-once discipline in the type, needs neither `Copy` nor `Clone` of the value (entries may
//! own call nodes or assumptions), and hands out plain references, so a body running an instance
//! can re-enter the same node (recursion) without any borrow being held. Because `OnceCell`
//! cannot be cleared through `&self`, instances of an excluded specialization are not dropped but
//! become unreachable: dispatch and the slow path test the excluded bit before they look at them.
//! The field is declared by the user, rather than generated, because an attribute on an `impl`
//! block cannot add fields to the struct, and naming it keeps the storage visible where the node
//! is defined. As with everything a node holds, a cached value may only refer to heap objects that
//! are permanent or otherwise rooted (architecture invariant 3).
//!
//! The fallback's guard stays exact with caches: a cached specialization that still has room
//! counts as accepting whatever passes its own guard (the slow path would try to create an
//! instance), and a full one as accepting what one of its instances accepts. So a cache guard must
//! accept the operands its key was computed from, or those operands would respecialize forever.
//!
//! The expansion itself lives in the `porcini-dsl-core` library, so tests can call it.

use proc_macro::TokenStream;

/// See the crate documentation.
#[proc_macro_attribute]
pub fn specializations(attr: TokenStream, item: TokenStream) -> TokenStream {
    match porcini_dsl_core::specializations(attr.into(), item.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}
