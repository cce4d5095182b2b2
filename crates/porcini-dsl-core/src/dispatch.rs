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
use quote::{format_ident, quote};

use crate::guards::{bind_cache, cache_guard, conjunction, fallback_guard, precondition};
use crate::model::{Node, Operand, Param, Spec};

/// `eval`, when the node names its children in `execute(..)`.
///
/// In the monomorphic state of a specialization with numeric operands, the children are executed
/// unboxed ([`Spec::typed_children`]): a child that can produce an unboxed integer or float does,
/// and neither it nor this node checks the type twice. Otherwise every child produces a boxed value
/// and `dispatch` decides.
pub(crate) fn eval_fn(node: &Node) -> TokenStream {
    if node.children.is_empty() {
        return quote!();
    }
    let lang = &node.language;
    let state = &node.state;
    let children = &node.children;
    let ops = node.ops();
    let args = node.op_args();
    let idx: Vec<u32> = (0..children.len() as u32).collect();
    let typed: Vec<&Spec> = node.specs.iter().filter(|s| s.typed_children()).collect();
    let arms: Vec<TokenStream> = typed
        .iter()
        .map(|spec| {
            let bit = node.mono_code(spec);
            let f = spec.typed_exec_fn();
            quote!(#bit => return self.#f(s),)
        })
        .collect();
    let typed_match = if typed.is_empty() {
        quote!()
    } else {
        quote! {
            match self.#state.monomorphic() {
                #(#arms)*
                _ => {}
            }
        }
    };
    let typed_fns: Vec<TokenStream> = typed.iter().map(|spec| typed_exec_fn(node, spec)).collect();
    let resume_fns = if typed.is_empty() { Vec::new() } else { resume_fns(node) };
    quote! {
        /// Executes the children in order, then dispatches on the specialization state.
        #[inline(always)]
        pub fn eval<S: ::porcini::Stage<#lang>>(&self, s: &mut S)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            #typed_match
            #( let #ops = ::porcini::ExecChild::exec_child(&self.#children, s, #idx)?; )*
            self.dispatch(s, #args)
        }
        #(#typed_fns)*
        #(#resume_fns)*
    }
}

/// `__typed_exec_<name>`: executes the children as `spec`'s operands, its numeric operands
/// unboxed, then runs its typed body. A child whose value is not of the type after all ends the
/// fast path: the rest is evaluated generically and the node respecializes (`__resume<i>`).
fn typed_exec_fn(node: &Node, spec: &Spec) -> TokenStream {
    let lang = &node.language;
    let ops = node.ops();
    let f = spec.typed_exec_fn();
    let typed_fn = spec.typed_fn();
    let reason = format!("{} guard", spec.name);
    let steps: Vec<TokenStream> = node
        .children
        .iter()
        .zip(&spec.operands)
        .enumerate()
        .map(|(i, (child, kind))| {
            let op = &ops[i];
            let idx = i as u32;
            let exec = match kind {
                Operand::I64 => quote!(::porcini::ExecChild::exec_child_i64(&self.#child, s, #idx, #reason)),
                // A double only until an integer has reached the operand (see `SpecState::casts`).
                Operand::F64 => {
                    let ints = node.ints_seen(i);
                    quote!(::porcini::ExecChild::exec_child_f64(&self.#child, s, #idx, #reason, #ints))
                }
                _ => return quote!(let #op = ::porcini::ExecChild::exec_child(&self.#child, s, #idx)?;),
            };
            // The operands before this one, boxed, for the slow path.
            let earlier: Vec<TokenStream> = spec.operands[..i]
                .iter()
                .zip(&ops[..i])
                .map(|(k, o)| match k {
                    Operand::I64 | Operand::F64 => {
                        let boxed = k.boxed(quote!(#o));
                        quote!(let #o = #boxed;)
                    }
                    _ => quote!(),
                })
                .collect();
            let before = &ops[..i];
            let resume = format_ident!("__resume{}", i);
            quote! {
                let #op = match #exec {
                    ::std::result::Result::Ok(x) => x,
                    ::std::result::Result::Err(::porcini::TypedFail::Unwind(u)) => return ::std::result::Result::Err(u),
                    ::std::result::Result::Err(::porcini::TypedFail::Unexpected(v)) => {
                        #(#earlier)*
                        return self.#resume(s, #(#before,)* v);
                    }
                };
            }
        })
        .collect();
    quote! {
        #[inline(always)]
        fn #f<S: ::porcini::Stage<#lang>>(&self, s: &mut S)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            #(#steps)*
            self.#typed_fn(s, #(#ops),*)
        }
    }
}

/// `__resume<i>`: the typed fast path found operand `i` of the wrong type. Evaluates the children
/// after it and takes the monomorphic path's miss, as `dispatch` would have with the same values.
fn resume_fns(node: &Node) -> Vec<TokenStream> {
    let lang = &node.language;
    let ops = node.ops();
    (0..node.children.len())
        .map(|i| {
            let resume = format_ident!("__resume{}", i);
            let given = &ops[..=i];
            let rest: Vec<TokenStream> = node.children[i + 1..]
                .iter()
                .zip(&ops[i + 1..])
                .enumerate()
                .map(|(j, (child, op))| {
                    let idx = (i + 1 + j) as u32;
                    quote!(let #op = ::porcini::ExecChild::exec_child(&self.#child, s, #idx)?;)
                })
                .collect();
            quote! {
                #[cold]
                #[inline(never)]
                fn #resume<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #(#given: S::Val),*)
                    -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                    #(#rest)*
                    self.__miss(s, #(#ops),*)
                }
            }
        })
        .collect()
}

/// `dispatch_i64` and `dispatch_f64`, for a node with a specialization whose body answers an
/// unboxed integer or float: the typed counterparts of `dispatch` (Truffle's `executeLong` and
/// `executeDouble`), which such a node's own typed execute calls. In that specialization's
/// monomorphic state the unboxed result comes straight from the body; in any other state the
/// generic result is checked.
pub(crate) fn dispatch_typed_fns(node: &Node) -> TokenStream {
    let i64_fn = dispatch_typed_fn(node, Operand::I64);
    let f64_fn = dispatch_typed_fn(node, Operand::F64);
    quote!(#i64_fn #f64_fn)
}

fn dispatch_typed_fn(node: &Node, kind: Operand) -> TokenStream {
    let specs: Vec<&Spec> =
        node.specs.iter().filter(|s| s.ret == kind && !s.fallback && s.cached.is_none()).collect();
    if specs.is_empty() {
        return quote!();
    }
    // A generic result widens an integer to a double, as a typed child does once integers
    // have reached it.
    let (name_fn, expect, widen, ty) = match kind {
        Operand::F64 => (format_ident!("dispatch_f64"), quote!(::porcini::expect_f64), quote!(, true), quote!(S::F64)),
        _ => (format_ident!("dispatch_i64"), quote!(::porcini::expect_i64), quote!(), quote!(S::I64)),
    };
    let lang = &node.language;
    let state = &node.state;
    let ops = node.ops();
    let op_params = node.op_params();
    let args = node.op_args();
    let arms: Vec<TokenStream> = specs
        .iter()
        .map(|spec| {
            let bit = node.mono_code(spec);
            let name = &spec.name;
            let rewrite_fn = spec.rewrite_fn();
            let reason = format!("{} guard", spec.name);
            let guard = conjunction(precondition(node, spec));
            let unboxed: Vec<TokenStream> = spec
                .operands
                .iter()
                .zip(&ops)
                .enumerate()
                .map(|(i, (kind, op))| {
                    let u = kind.unbox(op, node.ints_seen(i));
                    quote!(let #op = #u;)
                })
                .collect();
            let body_args: Vec<TokenStream> = spec
                .params
                .iter()
                .filter_map(|p| match p {
                    Param::Operand(k, _) => {
                        let op = &ops[*k];
                        Some(quote!(#op))
                    }
                    Param::Cached => None,
                })
                .collect();
            quote! {
                #bit => {
                    let __g = #guard;
                    if s.speculate(__g, #reason) {
                        let __boxed = [#(#ops),*];
                        #(#unboxed)*
                        return match self.#name(s, #(#body_args),*) {
                            ::std::result::Result::Ok(v) => ::std::result::Result::Ok(v),
                            ::std::result::Result::Err(::porcini::SpecFail::Unwind(u)) => {
                                ::std::result::Result::Err(::porcini::TypedFail::Unwind(u.retype()))
                            }
                            ::std::result::Result::Err(::porcini::SpecFail::Rewrite) => {
                                let r = s.respecialize(self, Self::#rewrite_fn, &__boxed)?;
                                #expect::<#lang, S>(s, r, reason #widen)
                            }
                        };
                    }
                    let r = self.__miss(s, #args)?;
                    return #expect::<#lang, S>(s, r, reason #widen);
                }
            }
        })
        .collect();
    quote! {
        /// Dispatches expecting an unboxed result; `reason` names the caller's speculation.
        #[inline(always)]
        pub fn #name_fn<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params, reason: &'static str)
            -> ::std::result::Result<#ty, ::porcini::TypedFail<S::Val>> {
            match self.#state.monomorphic() {
                #(#arms)*
                _ => {}
            }
            let r = self.dispatch(s, #args)?;
            #expect::<#lang, S>(s, r, reason #widen)
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
    let bit = node.mono_code(spec);
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
