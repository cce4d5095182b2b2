//! The fast path: `eval`, `dispatch`, the polymorphic chain and the walk over cached instances.
//!
//! All of it is generic over the stage and reads the node's state — the active bits and the
//! instances in the cache fields — as plain Rust values. For the interpreter that is a few loads
//! and branches; for a compiling stage it is constant, so only the checks of what is active are
//! emitted and the rest folds away.
//!
//! With exactly one active specialization that has at most one instance (other than the fallback),
//! dispatch *speculates* on its guard: the interpreter tests it, a compiling stage emits a
//! deoptimization exit. Otherwise it
//! walks the chain: one link per specialization in declaration order, each testing its guard (and
//! then each instance, for a cached one) with a two-way branch. Falling off the end of the chain is
//! the respecialization slow path, `__specialize`.

use proc_macro2::TokenStream;
use quote::quote;

use crate::guards::{bind_cache, cache_guard, conjunction, fallback_guard, precondition};
use crate::model::{Node, Spec};

/// `eval`, when the node names its children in `execute(..)`.
pub(crate) fn eval_fn(node: &Node) -> TokenStream {
    if node.children.is_empty() {
        return quote!();
    }
    let lang = &node.language;
    let children = &node.children;
    let ops = node.ops();
    let args = node.op_args();
    let idx: Vec<u32> = (0..children.len() as u32).collect();
    quote! {
        /// Executes the children in order, then dispatches on the specialization state.
        #[inline(always)]
        pub fn eval<S: ::porcini::Stage<#lang>>(&self, s: &mut S)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            #( let #ops = ::porcini::ExecChild::exec_child(&self.#children, s, #idx)?; )*
            self.dispatch(s, #args)
        }
    }
}

/// `dispatch`: the monomorphic speculation, or the chain.
pub(crate) fn dispatch_fn(node: &Node) -> TokenStream {
    let lang = &node.language;
    let state = &node.state;
    let op_params = node.op_params();
    let args = node.op_args();
    // The fallback gets no arm of its own: it is the uncommon path (usually an error), it reaches
    // the same body through the chain, and leaving it out keeps the `match` small enough to be
    // compiled as a few compares instead of a jump table.
    let arms: Vec<TokenStream> = node.specs.iter().filter(|s| !s.fallback).map(|s| mono_arm(node, s)).collect();
    quote! {
        /// Dispatches the evaluated operands on the specialization state (read as a constant).
        #[inline(always)]
        pub fn dispatch<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            // The state keeps the index of a lone active specialization, so the monomorphic case
            // is found by one small-integer match; any other state takes the chain.
            match self.#state.monomorphic() {
                #(#arms)*
                _ => {}
            }
            self.__polymorphic(s, #args)
        }

        /// Any state but a monomorphic one: the chain. It is a function of its own so that the
        /// monomorphic fast path, which `dispatch` inlines into the node's `execute`, stays small
        /// and needs few registers.
        #[inline(never)]
        fn __polymorphic<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            self.__chain0(s, #args)
        }

        /// A failed speculation of the monomorphic path: respecialize (the interpreter) or
        /// deoptimize (a compiling stage). Out of line for the same reason as `__polymorphic`.
        #[cold]
        #[inline(never)]
        fn __miss<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            let __vals = [#args];
            s.respecialize(self, Self::__specialize, &__vals)
        }
    }
}

/// The respecialization exit, as a statement returning from the current function.
fn miss(node: &Node) -> TokenStream {
    let args = node.op_args();
    quote! {
        return self.__miss(s, #args);
    }
}

/// The `match` arm for `spec` being the only active specialization.
///
/// A plain specialization speculates on its guard (or runs unguarded when it has none). A cached
/// one speculates only while it has a single instance; with more, the arm falls through to the
/// chain, which branches over them.
fn mono_arm(node: &Node, spec: &Spec) -> TokenStream {
    let bit = spec.index as u8 + 1;
    let body_fn = spec.body_fn();
    let args = node.op_args();
    let reason = format!("{} guard", spec.name);
    let miss = miss(node);
    if spec.cached.is_some() {
        let bind = bind_cache(spec);
        let mut parts = precondition(node, spec);
        parts.extend(cache_guard(node, spec, quote!(__e)));
        let entry_arg = spec.entry_arg();
        let run = if parts.is_empty() {
            quote!(return self.#body_fn(s, #args #entry_arg);)
        } else {
            let guard = conjunction(parts);
            quote! {
                let __g = #guard;
                if s.speculate(__g, #reason) {
                    return self.#body_fn(s, #args #entry_arg);
                }
                #miss
            }
        };
        return quote! {
            #bit => {
                #bind
                if let (::std::option::Option::Some(__e), ::std::option::Option::None) =
                    (__c.first().and_then(::std::cell::OnceCell::get), __c.get(1).and_then(::std::cell::OnceCell::get))
                {
                    #run
                }
            }
        };
    }
    let parts = if spec.fallback { vec![fallback_guard(node)] } else { precondition(node, spec) };
    if parts.is_empty() {
        return quote!(#bit => return self.#body_fn(s, #args),);
    }
    let guard = conjunction(parts);
    quote! {
        #bit => {
            let __g = #guard;
            if s.speculate(__g, #reason) {
                return self.#body_fn(s, #args);
            }
            #miss
        }
    }
}

/// The chain links `__chain0..=__chainN`, the last of which is the miss.
pub(crate) fn chain_fns(node: &Node) -> Vec<TokenStream> {
    let lang = &node.language;
    let state = &node.state;
    let op_params = node.op_params();
    let args = node.op_args();
    let n = node.specs.len();
    let mut links: Vec<TokenStream> = node
        .specs
        .iter()
        .map(|spec| {
            let this = node.chain_fn(spec.index);
            let next = node.chain_fn(spec.index + 1);
            let bit = spec.bit();
            let parts = if spec.fallback { vec![fallback_guard(node)] } else { precondition(node, spec) };
            let target = if spec.cached.is_some() {
                let entries_fn = spec.entries_fn();
                quote!(self.#entries_fn(s, 0, #args))
            } else {
                let body_fn = spec.body_fn();
                quote!(self.#body_fn(s, #args))
            };
            let active = if parts.is_empty() {
                quote!(return #target;)
            } else {
                let guard = conjunction(parts);
                quote! {
                    let __g = #guard;
                    return s.if_else(__g, |s| #target, |s| self.#next(s, #args));
                }
            };
            quote! {
                #[inline(always)]
                fn #this<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
                    -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                    if self.#state.active() & #bit != 0 {
                        #active
                    }
                    self.#next(s, #args)
                }
            }
        })
        .collect();
    let end = node.chain_fn(n);
    let ops = node.ops();
    links.push(quote! {
        #[inline(always)]
        fn #end<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            let __vals = [#(#ops),*];
            s.respecialize(self, Self::__specialize, &__vals)
        }
    });
    links
}

/// `__entries_<name>` for each cached specialization: from instance `__k` on, branch on the cache
/// guard of each instance in creation order; after the last one, continue the chain with the next
/// specialization. The instances are constants for a compiling stage, so the recursion unrolls
/// into one test per instance.
pub(crate) fn entries_fns(node: &Node) -> Vec<TokenStream> {
    let lang = &node.language;
    let op_params = node.op_params();
    let args = node.op_args();
    node.specs
        .iter()
        .filter(|s| s.cached.is_some())
        .map(|spec| {
            let entries_fn = spec.entries_fn();
            let body_fn = spec.body_fn();
            let next = node.chain_fn(spec.index + 1);
            let bind = bind_cache(spec);
            let entry_arg = spec.entry_arg();
            let hit = match cache_guard(node, spec, quote!(__e)) {
                Some(guard) => quote! {
                    let __g = #guard;
                    s.if_else(__g, |s| self.#body_fn(s, #args #entry_arg), |s| self.#entries_fn(s, __k + 1, #args))
                },
                None => quote!(self.#body_fn(s, #args #entry_arg)),
            };
            quote! {
                #[inline]
                fn #entries_fn<S: ::porcini::Stage<#lang>>(&self, s: &mut S, __k: usize, #op_params)
                    -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                    #bind
                    match __c.get(__k).and_then(::std::cell::OnceCell::get) {
                        ::std::option::Option::Some(__e) => { #hit }
                        ::std::option::Option::None => self.#next(s, #args),
                    }
                }
            }
        })
        .collect()
}
