//! The declaration model: what one `#[specializations]` impl block declares, once parsed and checked.
//!
//! Generation works from this model only, never from syntax, so every rule about what a valid
//! declaration is lives in `parse.rs`, and every rule about what code a declaration becomes lives in
//! the generator modules. The model also derives the few facts that several generators share: each
//! specialization's state bit, the transitive `replaces` masks, the masks that polymorphism reports
//! look at, and the names of the generated helper functions.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Generics, Ident, Type};

/// The whole declaration: the node-level options and its specializations in declaration order.
pub(crate) struct Node {
    /// The guest language (`language = T`).
    pub language: Type,
    /// The node type the impl block is for.
    pub self_ty: Type,
    /// The impl block's generics, repeated on the generated impl.
    pub generics: Generics,
    /// The children `eval` executes, one per operand (`execute(..)`); empty when the node writes
    /// its own `eval`.
    pub children: Vec<Ident>,
    /// The `SpecState` field (`state = field`, default `spec`).
    pub state: Ident,
    /// Whether the node reports polymorphic specializations (`report_polymorphism`).
    pub report: bool,
    /// The number of operands every specialization takes.
    pub arity: usize,
    /// The specializations, in declaration order (the fallback, if any, last).
    pub specs: Vec<Spec>,
}

/// The implicit type check of an operand, chosen by its declared type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Operand {
    /// `S::I64`: the value must be a small integer, and the body receives it unboxed.
    I64,
    /// `S::Bool`: the value must be a boolean, and the body receives it unboxed.
    Bool,
    /// `S::F64`: the value must be a number, a double or an integer, and the body receives it
    /// as a double (an integer widened: Truffle's implicit cast from `int` to `double`).
    F64,
    /// `S::Val`: any value, passed through boxed.
    Val,
}

/// One parameter of a specialization method after `&self` and the stage.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Param {
    /// Operand number `.0`, of kind `.1`.
    Operand(usize, Operand),
    /// The `#[cached]` value of the instance that matched.
    Cached,
}

/// One specialization (or the fallback).
pub(crate) struct Spec {
    /// The method's name.
    pub name: Ident,
    /// Its position, which is also its bit number in the state words.
    pub index: usize,
    /// The parameters after the stage, in the method's order.
    pub params: Vec<Param>,
    /// The operand kinds, in operand order (the params without the cached value).
    pub operands: Vec<Operand>,
    /// The staged guard on the operands (`guard = method`).
    pub guard: Option<Ident>,
    /// The specializations this one replaces, as written.
    pub replaces: Vec<Ident>,
    /// The transitive closure of `replaces`, as state bits (filled by [`Node::close_replaces`]).
    pub replaces_mask: u32,
    /// Report its first activation in an already specialized node, even without
    /// `report_polymorphism`.
    pub megamorphic: bool,
    /// Never count it for polymorphism reports.
    pub exclude: bool,
    /// Whether this is the `#[fallback]`.
    pub fallback: bool,
    /// The cache, for a specialization with instances.
    pub cached: Option<Cached>,
    /// The kind of the body's result: boxed, or an unboxed integer or boolean (which the generic
    /// path boxes, and a typed execute returns as it is).
    pub ret: Operand,
    /// The `#[specialization]` / `#[fallback]` attribute's tokens, for errors about the whole entry.
    pub attr: TokenStream,
}

/// The cache of a specialization with up to `limit` instances (Truffle's `@Cached` with `limit`).
pub(crate) struct Cached {
    /// The interpreter-side method that computes a new instance's value from the operands.
    pub key: Ident,
    /// The staged guard comparing an instance's value with the operands.
    pub guard: Option<Ident>,
    /// The node field holding the instances: `[std::cell::OnceCell<T>; limit]`.
    pub field: Ident,
    /// The maximum number of instances.
    pub limit: usize,
    /// Where the limit was written (or the `cached(..)` option, for the default), so that a storage
    /// field of the wrong length is reported there.
    pub limit_span: Span,
    /// How the body receives the value, if it takes it at all.
    pub value: Option<CachedValue>,
}

/// The `#[cached]` parameter of a cached specialization's body.
pub(crate) struct CachedValue {
    /// The value type `T` (without the reference, if the parameter borrows).
    pub ty: Type,
    /// True for `&T` (the body borrows the instance's value), false for `T` (it gets a clone).
    pub by_ref: bool,
}

/// Truffle's default `limit` for cached specializations.
pub(crate) const DEFAULT_LIMIT: usize = 3;

impl Node {
    /// Closes every `replaces` relation transitively, as Truffle does: if `c` replaces `b` and `b`
    /// replaces `a`, activating `c` excludes `a` too. The names were checked during parsing.
    pub fn close_replaces(&mut self) {
        let direct: Vec<u32> = self
            .specs
            .iter()
            .map(|s| {
                s.replaces
                    .iter()
                    .filter_map(|r| self.specs.iter().find(|t| t.name == *r))
                    .fold(0u32, |m, t| m | t.bit())
            })
            .collect();
        let mut masks = direct;
        loop {
            let mut changed = false;
            for i in 0..masks.len() {
                let mut m = masks[i];
                for (j, mj) in masks.iter().enumerate() {
                    if m & (1 << j) != 0 {
                        m |= mj;
                    }
                }
                if m != masks[i] {
                    masks[i] = m;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (s, m) in self.specs.iter_mut().zip(masks) {
            s.replaces_mask = m;
        }
    }
    /// The bits of all specializations.
    pub fn all_mask(&self) -> u32 {
        self.specs.iter().fold(0, |m, s| m | s.bit())
    }
    /// The bits that polymorphism reports look at: every specialization not marked `exclude`, if
    /// the node reports at all.
    pub fn report_mask(&self) -> u32 {
        if !self.report {
            return 0;
        }
        self.specs.iter().filter(|s| !s.exclude).fold(0, |m, s| m | s.bit())
    }
    /// The bits of the `megamorphic` specializations.
    pub fn megamorphic_mask(&self) -> u32 {
        self.specs.iter().filter(|s| s.megamorphic).fold(0, |m, s| m | s.bit())
    }
    /// Whether the slow path must watch for polymorphic transitions.
    pub fn reports(&self) -> bool {
        self.report_mask() != 0 || self.megamorphic_mask() != 0
    }
    /// Whether any specialization has instances.
    pub fn has_cached(&self) -> bool {
        self.specs.iter().any(|s| s.cached.is_some())
    }
    /// The names of the operand variables of generated code (`__op0`, `__op1`, ...).
    pub fn ops(&self) -> Vec<Ident> {
        (0..self.arity).map(|i| format_ident!("__op{}", i)).collect()
    }
    /// The operands as parameters of a staged function: `__op0: S::Val, ...`.
    pub fn op_params(&self) -> TokenStream {
        let ops = self.ops();
        quote!(#(#ops: S::Val),*)
    }
    /// The operands as arguments: `__op0, ...`.
    pub fn op_args(&self) -> TokenStream {
        let ops = self.ops();
        quote!(#(#ops),*)
    }
    /// The code [`porcini::spec::SpecState::monomorphic`] reports while `spec` is the only active
    /// specialization. Specializations that replace others come first, then the rest, each group
    /// in declaration order, and the fallback last: a node settles in a replacing specialization
    /// for good, and the monomorphic `match` compiles to compares in code order.
    pub fn mono_code(&self, spec: &Spec) -> u8 {
        let group = |s: &Spec| if s.fallback { 2 } else if s.replaces_mask != 0 { 0 } else { 1 };
        let rank = self.specs.iter().filter(|s| (group(s), s.index) < (group(spec), spec.index)).count();
        rank as u8 + 1
    }
    /// Every specialization's [`Node::mono_code`], by index.
    pub fn mono_codes(&self) -> Vec<u8> {
        self.specs.iter().map(|s| self.mono_code(s)).collect()
    }
    /// The state bit of operand `i` in `SpecState::casts`.
    pub fn cast_bit(&self, i: usize) -> u32 {
        1u32 << i
    }
    /// The expression telling whether an integer has reached operand `i` as a double (a constant
    /// while compiling): until one has, an `S::F64` operand is checked for a double only.
    pub fn ints_seen(&self, i: usize) -> TokenStream {
        let state = &self.state;
        let bit = self.cast_bit(i);
        quote!((self.#state.casts() & #bit != 0))
    }
    /// The link of the polymorphic chain that starts at specialization `i` (`i == specs.len()` is
    /// the final miss).
    pub fn chain_fn(&self, i: usize) -> Ident {
        format_ident!("__chain{}", i)
    }
}

impl Operand {
    /// The stage type of an unboxed operand of this kind (`S::Val` for a boxed one).
    pub fn stage_type(self) -> TokenStream {
        match self {
            Operand::I64 => quote!(S::I64),
            Operand::Bool => quote!(S::Bool),
            Operand::F64 => quote!(S::F64),
            Operand::Val => quote!(S::Val),
        }
    }
    /// The expression unboxing `op`, a value known to be of this kind; `ints` is the expression
    /// telling whether an `S::F64` operand may be an integer (else it is a double).
    pub fn unbox(self, op: &Ident, ints: TokenStream) -> TokenStream {
        match self {
            Operand::I64 => quote!(s.unbox_i64(#op)),
            Operand::Bool => quote!(s.unbox_bool(#op)),
            Operand::F64 => quote!(if #ints { s.number_to_f64(#op) } else { s.unbox_f64(#op) }),
            Operand::Val => quote!(#op),
        }
    }
    /// The expression boxing `v`, an unboxed value of this kind.
    pub fn boxed(self, v: TokenStream) -> TokenStream {
        match self {
            Operand::I64 => quote!(s.box_i64(#v)),
            Operand::Bool => quote!(s.box_bool(#v)),
            Operand::F64 => quote!(s.box_f64(#v)),
            Operand::Val => v,
        }
    }
}

impl Spec {
    /// This specialization's bit in the state words.
    pub fn bit(&self) -> u32 {
        1u32 << self.index
    }
    /// True when the fast path can execute this specialization's numeric operands unboxed
    /// (Truffle's `executeLong` and `executeDouble` on children): it is neither cached nor the
    /// fallback, has at least one `S::I64` or `S::F64` operand and no `S::Bool` one.
    pub fn typed_children(&self) -> bool {
        !self.fallback
            && self.cached.is_none()
            && self.operands.iter().any(|o| matches!(o, Operand::I64 | Operand::F64))
            && !self.operands.contains(&Operand::Bool)
    }
    /// The generated function that unboxes the operands and runs the body.
    pub fn body_fn(&self) -> Ident {
        format_ident!("__body_{}", self.name)
    }
    /// The generated function that runs the body on operands executed unboxed.
    pub fn typed_fn(&self) -> Ident {
        format_ident!("__typed_{}", self.name)
    }
    /// The generated fast path that executes the children as this specialization's operands.
    pub fn typed_exec_fn(&self) -> Ident {
        format_ident!("__typed_exec_{}", self.name)
    }
    /// The generated slow path taken when the body asks for a rewrite.
    pub fn rewrite_fn(&self) -> Ident {
        format_ident!("__rewrite_{}", self.name)
    }
    /// The generated walker over this cached specialization's instances.
    pub fn entries_fn(&self) -> Ident {
        format_ident!("__entries_{}", self.name)
    }
    /// Whether the body takes the instance's value, so generated callers pass `__e` along.
    pub fn takes_value(&self) -> bool {
        self.cached.as_ref().is_some_and(|c| c.value.is_some())
    }
    /// The extra argument generated callers pass to the body function: `, __e` when it takes the
    /// instance's value.
    pub fn entry_arg(&self) -> TokenStream {
        if self.takes_value() { quote!(, __e) } else { quote!() }
    }
}
