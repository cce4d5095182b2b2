//! Staged guard expressions: the conditions under which a specialization (or one of its cached
//! instances) accepts the operands.
//!
//! Every expression built here is evaluated through the stage `s`, so the interpreter computes a
//! `bool` while a compiling stage emits the checks. What is read from `&self` — state bits and
//! cached instances — stays plain Rust, which is what lets a compiling stage fold it: a cached
//! value reaches the guard as a reference into the node, never through a run-time lookup.
//!
//! A specialization's guard has up to three parts, evaluated in this order: the implicit type
//! checks of its typed operands, its `guard = method` on the operands (together, its
//! *precondition*), and, for a cached specialization, the cache guard comparing one instance's
//! value with the operands.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::{Node, Operand, Spec};

/// The staged conjunction of `parts`, left to right (a constant `true` when there are none).
///
/// All parts are evaluated: guards are pure predicates that must be total on any value, and a
/// compiling stage turns them into straight-line checks.
pub(crate) fn conjunction(parts: Vec<TokenStream>) -> TokenStream {
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else { return quote!(s.bool_const(true)) };
    let rest: Vec<TokenStream> = parts.collect();
    if rest.is_empty() {
        return first;
    }
    quote!({ let __g = #first; #( let __h = #rest; let __g = s.and(__g, __h); )* __g })
}

/// The precondition's parts as the fast paths check them: the type checks of the typed
/// operands, then the user guard. An `S::F64` operand that no integer has reached yet is
/// checked for a double only (see `SpecState::casts`); the slow path checks
/// [`full_precondition`] and widens the operand when an integer comes.
pub(crate) fn precondition(node: &Node, spec: &Spec) -> Vec<TokenStream> {
    precondition_parts(node, spec, false)
}

/// The precondition's parts with every `S::F64` operand taking integers too: what
/// `__specialize` and the fallback's guard decide by.
pub(crate) fn full_precondition(node: &Node, spec: &Spec) -> Vec<TokenStream> {
    precondition_parts(node, spec, true)
}

fn precondition_parts(node: &Node, spec: &Spec, full: bool) -> Vec<TokenStream> {
    let ops = node.ops();
    let mut parts: Vec<TokenStream> = spec
        .operands
        .iter()
        .zip(&ops)
        .enumerate()
        .filter_map(|(i, (kind, op))| match kind {
            Operand::I64 => Some(quote!(s.has_tag(#op, ::porcini::Tag::Int))),
            Operand::Bool => Some(quote!(s.has_tag(#op, ::porcini::Tag::Bool))),
            Operand::F64 => {
                let ints = if full { quote!(true) } else { node.ints_seen(i) };
                Some(quote!({
                    let __d = s.has_tag(#op, ::porcini::Tag::Double);
                    if #ints {
                        let __i = s.has_tag(#op, ::porcini::Tag::Int);
                        s.or(__d, __i)
                    } else {
                        __d
                    }
                }))
            }
            Operand::Val => None,
        })
        .collect();
    if let Some(g) = &spec.guard {
        let args = node.op_args();
        parts.push(quote!(self.#g(s, #args)));
    }
    parts
}

/// The cache guard of a cached specialization applied to the instance value `entry` (an
/// expression of type `&T`), or `None` when every instance accepts whatever passes the
/// precondition.
pub(crate) fn cache_guard(node: &Node, spec: &Spec, entry: TokenStream) -> Option<TokenStream> {
    let g = spec.cached.as_ref()?.guard.as_ref()?;
    let args = node.op_args();
    Some(quote!(self.#g(s, #args, #entry)))
}

/// A statement binding `__c: &[OnceCell<T>; LIMIT]` to a cached specialization's storage field.
///
/// The type ascription is the check that the field the user declared matches the declared limit
/// (and holds `OnceCell`s of the body's value type). The field is spanned at `cache = field` and
/// the type at the limit, so a mismatch is reported between the two.
pub(crate) fn bind_cache(spec: &Spec) -> TokenStream {
    let Some(c) = &spec.cached else { return quote!() };
    let field = &c.field;
    let limit = c.limit;
    let elem = match &c.value {
        Some(v) => {
            let ty = &v.ty;
            quote!(#ty)
        }
        None => quote!(_),
    };
    let ty = quote_spanned!(c.limit_span=> &[::std::cell::OnceCell<#elem>; #limit]);
    let value = quote_spanned!(field.span()=> &self.#field);
    quote!(let __c: #ty = #value;)
}

/// The staged guard of the `#[fallback]`: no other specialization that is still allowed could
/// accept the operands.
///
/// For a cached specialization "could accept" depends on its instances, which are constants: when
/// it still has room for a new instance, passing its precondition is enough (the slow path would
/// try to create one); when it is full, the operands must also match one of its instances. Either
/// way the test never sends operands to the fallback that the slow path would have given to an
/// earlier specialization, so the fallback's speculation cannot disagree with `__specialize`.
pub(crate) fn fallback_guard(node: &Node) -> TokenStream {
    let state = &node.state;
    let others: Vec<TokenStream> = node
        .specs
        .iter()
        .filter(|s| !s.fallback)
        .map(|spec| {
            let bit = spec.bit();
            let accepts = accepts(node, spec);
            quote! {
                if self.#state.excluded() & #bit == 0 {
                    let __x = #accepts;
                    let __nx = s.not(__x);
                    __fg = s.and(__fg, __nx);
                }
            }
        })
        .collect();
    quote!({ let mut __fg = s.bool_const(true); #(#others)* __fg })
}

/// Whether `spec` could accept the operands, for the fallback guard.
fn accepts(node: &Node, spec: &Spec) -> TokenStream {
    let pre = full_precondition(node, spec);
    if spec.cached.is_none() {
        return conjunction(pre);
    }
    let open = conjunction(pre.clone());
    let full = match cache_guard(node, spec, quote!(__e)) {
        Some(hit) => {
            let mut parts = pre;
            parts.push(quote!(__any));
            let all = conjunction(parts);
            quote! {{
                let mut __any = s.bool_const(false);
                for __e in __c.iter().filter_map(::std::cell::OnceCell::get) {
                    let __h = #hit;
                    __any = s.or(__any, __h);
                }
                #all
            }}
        }
        None => open.clone(),
    };
    let bind = bind_cache(spec);
    quote! {{
        #bind
        if __c.iter().all(|__e| __e.get().is_some()) { #full } else { #open }
    }}
}
