//! The call of a specialization's body: unboxing its operands, and its rewrite exit.
//!
//! Every specialization gets a `__body_<name>` that takes the boxed operands (and, for a cached
//! specialization, the matching instance's value), unboxes what the body declared as `S::I64` or
//! `S::Bool`, and runs it. A body that answers `SpecFail::Rewrite` leaves through
//! `__rewrite_<name>`, the interpreter-only slow path that excludes the specialization for good —
//! all of its instances with it, as in Truffle's `rewriteOn` — and respecializes with the same
//! operands. A compiling stage turns that exit into a deoptimization.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::model::{Node, Operand, Param, Spec};

/// `__body_<name>` and `__rewrite_<name>` for one specialization.
pub(crate) fn body_fns(node: &Node, spec: &Spec) -> TokenStream {
    let lang = &node.language;
    let state = &node.state;
    let ops = node.ops();
    let op_params = node.op_params();
    let body_fn = spec.body_fn();
    let rewrite_fn = spec.rewrite_fn();
    let bit = spec.bit();
    let unboxed: Vec<TokenStream> = spec
        .operands
        .iter()
        .zip(&ops)
        .enumerate()
        .map(|(k, (kind, op))| {
            let u = format_ident!("__u{}", k);
            let unboxed = kind.unbox(op, node.ints_seen(k));
            quote!(let #u = #unboxed;)
        })
        .collect();
    let args: Vec<TokenStream> = spec
        .params
        .iter()
        .map(|p| match p {
            Param::Operand(k, _) => {
                let u = format_ident!("__u{}", k);
                quote!(#u)
            }
            Param::Cached => match spec.cached.as_ref().and_then(|c| c.value.as_ref()) {
                Some(v) if v.by_ref => quote!(__e),
                _ => quote!(::std::clone::Clone::clone(__e)),
            },
        })
        .collect();
    let entry_param = match spec.cached.as_ref().and_then(|c| c.value.as_ref()) {
        Some(v) => {
            let ty = &v.ty;
            quote!(, __e: &#ty)
        }
        None => quote!(),
    };
    let run = run_body(node, spec, &args, quote!());
    let typed = typed_body_fn(node, spec);
    quote! {
        #[inline(always)]
        fn #body_fn<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params #entry_param)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            #(#unboxed)*
            #run
        }
        #[cold]
        #[inline(never)]
        fn #rewrite_fn(&self, f: &mut ::porcini::Frame<'_, #lang>, vals: &[::porcini::Value])
            -> ::std::result::Result<::porcini::Value, ::porcini::Unwind<::porcini::Value>> {
            self.#state.exclude(#bit, Self::__MONO_CODES);
            self.__specialize(f, vals)
        }
        #typed
    }
}

/// The body's result `v` as a boxed value.
fn box_result(spec: &Spec, v: TokenStream) -> TokenStream {
    spec.ret.boxed(v)
}

/// `__typed_<name>` for a specialization whose numeric operands the fast path executes unboxed
/// (see [`Spec::typed_children`]): it takes them unboxed, so only its own guard is left to
/// check. The boxed operands are rebuilt where a slow path needs them.
fn typed_body_fn(node: &Node, spec: &Spec) -> TokenStream {
    if !spec.typed_children() {
        return quote!();
    }
    let lang = &node.language;
    let ops = node.ops();
    let typed_fn = spec.typed_fn();
    let reason = format!("{} guard", spec.name);
    let params: Vec<TokenStream> = spec
        .operands
        .iter()
        .zip(&ops)
        .map(|(kind, op)| match kind {
            Operand::I64 | Operand::F64 => {
                let ty = kind.stage_type();
                quote!(#op: #ty)
            }
            _ => quote!(#op: S::Val),
        })
        .collect();
    let boxing: Vec<TokenStream> = spec
        .operands
        .iter()
        .zip(&ops)
        .map(|(kind, op)| match kind {
            Operand::I64 | Operand::F64 => {
                let boxed = kind.boxed(quote!(#op));
                quote!(let #op = #boxed;)
            }
            _ => quote!(),
        })
        .collect();
    let args: Vec<TokenStream> = spec
        .params
        .iter()
        .map(|p| match p {
            Param::Operand(k, _) => {
                let op = &ops[*k];
                quote!(#op)
            }
            Param::Cached => quote!(),
        })
        .collect();
    let guard = match &spec.guard {
        // The guard sees the operands boxed, in a block of their own.
        Some(g) => quote! {{
            #(#boxing)*
            let __g = self.#g(s, #(#ops),*);
            if !s.speculate(__g, #reason) {
                return self.__miss(s, #(#ops),*);
            }
        }},
        None => quote!(),
    };
    let run = run_body(node, spec, &args, quote!(#(#boxing)*));
    quote! {
        #[inline(always)]
        fn #typed_fn<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #(#params),*)
            -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
            #guard
            #run
        }
    }
}

/// The call of `spec`'s body with `args`, as the expression a generated body function returns:
/// the result boxed, an unwind passed on, and a rewrite sent to the slow path with the operands,
/// which `boxing` first turns back into boxed values where the caller holds them unboxed.
fn run_body(node: &Node, spec: &Spec, args: &[TokenStream], boxing: TokenStream) -> TokenStream {
    let ops = node.ops();
    let name = &spec.name;
    let rewrite_fn = spec.rewrite_fn();
    let boxed = box_result(spec, quote!(v));
    quote! {
        match self.#name(s, #(#args),*) {
            ::std::result::Result::Ok(v) => ::std::result::Result::Ok(#boxed),
            ::std::result::Result::Err(::porcini::SpecFail::Unwind(u)) => ::std::result::Result::Err(u.retype()),
            ::std::result::Result::Err(::porcini::SpecFail::Rewrite) => {
                #boxing
                let __vals = [#(#ops),*];
                s.respecialize(self, Self::#rewrite_fn, &__vals)
            }
        }
    }
}
