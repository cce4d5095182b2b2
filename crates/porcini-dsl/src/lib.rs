//! The specialization DSL: from one declaration per node, generate its specialization machinery.
//!
//! `#[specializations(...)]` goes on an `impl` block of a node whose methods marked
//! `#[specialization(...)]` (and at most one `#[fallback]`) are its specializations, in order. Each
//! is generic over the stage (`fn name<S: Stage<L>>(&self, s: &mut S, a: S::I64, b: S::Val) ->
//! Result<S::Val, SpecFail<S::Val>>`); the operand types drive the implicit type checks (`S::I64`
//! needs an integer, `S::Bool` a boolean, `S::Val` anything). The macro generates:
//!
//! * `eval` (executes the children named in `execute(...)`, then dispatches) and `dispatch`, both
//!   generic over the stage. Dispatch reads the node's `SpecState` as a constant: with one active
//!   specialization it *speculates* on its guard (a deoptimization exit in compiled code), with
//!   several it branches through the active ones in order, and otherwise it takes the
//!   respecialization slow path;
//! * `__specialize`, the interpreter-only slow path (`executeAndSpecialize`): tries the
//!   specializations that are not excluded, in order, activates the first whose guard holds,
//!   excludes what it `replaces`, reports polymorphism, and runs it;
//! * `rewrite` handling: a body returning `SpecFail::Rewrite` excludes its specialization for good
//!   and respecializes with the same operands;
//! * `spec_cost` and `spec_active_names` for `ExprNode::cost` / `active_specializations`.
//!
//! Attributes on the impl: `language = T` (required), `execute(child, ...)`, `state = field`
//! (default `spec`), `report_polymorphism`. On a specialization: `guard = method` (a staged
//! predicate `fn(&self, &mut S, operands...) -> S::Bool`), `replaces(a, b)`, `megamorphic`
//! (report on first activation even without `report_polymorphism`), `exclude` (never report).

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::{format_ident, quote};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Attribute, FnArg, Ident, ImplItem, ItemImpl, Meta, Token, Type};

struct Spec {
    name: Ident,
    operands: Vec<Operand>,
    guard: Option<Ident>,
    replaces: Vec<Ident>,
    megamorphic: bool,
    exclude: bool,
    fallback: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Operand {
    I64,
    Bool,
    Val,
}

struct Config {
    language: Type,
    children: Vec<Ident>,
    state: Ident,
    report: bool,
}

/// See the crate documentation.
#[proc_macro_attribute]
pub fn specializations(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand(attr.into(), item.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn parse_config(attr: TokenStream2) -> syn::Result<Config> {
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr)?;
    let mut language = None;
    let mut children = Vec::new();
    let mut state = Ident::new("spec", Span::call_site());
    let mut report = false;
    for m in metas {
        match &m {
            Meta::NameValue(nv) if nv.path.is_ident("language") => {
                let e = &nv.value;
                language = Some(syn::parse2::<Type>(quote!(#e))?);
            }
            Meta::NameValue(nv) if nv.path.is_ident("state") => {
                let e = &nv.value;
                state = syn::parse2::<Ident>(quote!(#e))?;
            }
            Meta::List(l) if l.path.is_ident("execute") => {
                children = Punctuated::<Ident, Token![,]>::parse_terminated
                    .parse2(l.tokens.clone())?
                    .into_iter()
                    .collect();
            }
            Meta::Path(p) if p.is_ident("report_polymorphism") => report = true,
            _ => return Err(syn::Error::new_spanned(m, "unknown specializations option")),
        }
    }
    let language = language.ok_or_else(|| syn::Error::new(Span::call_site(), "missing `language = T`"))?;
    Ok(Config { language, children, state, report })
}

fn operand_kind(ty: &Type) -> syn::Result<Operand> {
    let text = quote!(#ty).to_string().replace(' ', "");
    match text.as_str() {
        "S::I64" => Ok(Operand::I64),
        "S::Bool" => Ok(Operand::Bool),
        "S::Val" => Ok(Operand::Val),
        _ => Err(syn::Error::new_spanned(ty, "operand types must be S::I64, S::Bool or S::Val")),
    }
}

fn take_spec_attr(attrs: &mut Vec<Attribute>) -> syn::Result<Option<(Attribute, bool)>> {
    let pos = attrs.iter().position(|a| a.path().is_ident("specialization") || a.path().is_ident("fallback"));
    Ok(pos.map(|p| {
        let a = attrs.remove(p);
        let fb = a.path().is_ident("fallback");
        (a, fb)
    }))
}

fn parse_spec(f: &mut syn::ImplItemFn) -> syn::Result<Option<Spec>> {
    let Some((attr, fallback)) = take_spec_attr(&mut f.attrs)? else { return Ok(None) };
    let mut spec = Spec {
        name: f.sig.ident.clone(),
        operands: Vec::new(),
        guard: None,
        replaces: Vec::new(),
        megamorphic: false,
        exclude: false,
        fallback,
    };
    if let Meta::List(l) = &attr.meta {
        let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(l.tokens.clone())?;
        for m in metas {
            match &m {
                Meta::NameValue(nv) if nv.path.is_ident("guard") => {
                    let e = &nv.value;
                    spec.guard = Some(syn::parse2::<Ident>(quote!(#e))?);
                }
                Meta::List(l) if l.path.is_ident("replaces") => {
                    spec.replaces = Punctuated::<Ident, Token![,]>::parse_terminated
                        .parse2(l.tokens.clone())?
                        .into_iter()
                        .collect();
                }
                Meta::Path(p) if p.is_ident("megamorphic") => spec.megamorphic = true,
                Meta::Path(p) if p.is_ident("exclude") => spec.exclude = true,
                _ => return Err(syn::Error::new_spanned(m, "unknown specialization option")),
            }
        }
    }
    // Skip `&self` and the stage parameter; the rest are operands.
    for arg in f.sig.inputs.iter().skip(2) {
        match arg {
            FnArg::Typed(pt) => spec.operands.push(operand_kind(&pt.ty)?),
            FnArg::Receiver(r) => return Err(syn::Error::new_spanned(r, "unexpected receiver")),
        }
    }
    Ok(Some(spec))
}

fn expand(attr: TokenStream2, item: TokenStream2) -> syn::Result<TokenStream2> {
    let cfg = parse_config(attr)?;
    let mut imp: ItemImpl = syn::parse2(item)?;
    let mut specs = Vec::new();
    for it in imp.items.iter_mut() {
        if let ImplItem::Fn(f) = it {
            if let Some(s) = parse_spec(f)? {
                specs.push(s);
            }
        }
    }
    if specs.is_empty() {
        return Err(syn::Error::new_spanned(&imp.self_ty, "no #[specialization] methods"));
    }
    if specs.len() > 31 {
        return Err(syn::Error::new_spanned(&imp.self_ty, "at most 31 specializations"));
    }
    if specs.iter().filter(|s| s.fallback).count() > 1 || specs.iter().rev().skip(1).any(|s| s.fallback) {
        return Err(syn::Error::new_spanned(&imp.self_ty, "at most one #[fallback], and it must come last"));
    }
    let arity = specs[0].operands.len();
    if let Some(bad) = specs.iter().find(|s| s.operands.len() != arity) {
        return Err(syn::Error::new_spanned(&bad.name, "every specialization takes the same number of operands"));
    }
    if !cfg.children.is_empty() && cfg.children.len() != arity {
        return Err(syn::Error::new_spanned(&imp.self_ty, "execute(...) must name one child per operand"));
    }
    let bit_of = |name: &Ident| -> syn::Result<u32> {
        specs
            .iter()
            .position(|s| s.name == *name)
            .map(|i| 1u32 << i)
            .ok_or_else(|| syn::Error::new_spanned(name, "no such specialization"))
    };
    let mut replaces_masks = Vec::new();
    for s in &specs {
        let mut m = 0u32;
        for r in &s.replaces {
            m |= bit_of(r)?;
        }
        replaces_masks.push(m);
    }
    // `replaces` is transitive, as in Truffle.
    loop {
        let mut changed = false;
        for i in 0..specs.len() {
            let mut m = replaces_masks[i];
            for (j, mj) in replaces_masks.iter().enumerate() {
                if m & (1 << j) != 0 {
                    m |= mj;
                }
            }
            if m != replaces_masks[i] {
                replaces_masks[i] = m;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let lang = &cfg.language;
    let state = &cfg.state;
    let self_ty = &imp.self_ty;
    let ops: Vec<Ident> = (0..arity).map(|i| format_ident!("__op{}", i)).collect();
    let op_params = quote!(#(#ops: S::Val),*);
    let op_args = quote!(#(#ops),*);
    let megamorphic_mask: u32 = specs.iter().enumerate().filter(|(_, s)| s.megamorphic).map(|(i, _)| 1 << i).sum();

    // Guard expression (staged) for spec i: type checks and the user guard.
    let guard_expr = |s: &Spec| -> TokenStream2 {
        let mut parts: Vec<TokenStream2> = Vec::new();
        for (k, o) in s.operands.iter().enumerate() {
            let op = &ops[k];
            match o {
                Operand::I64 => parts.push(quote!(s.has_tag(#op, ::porcini::Tag::Int))),
                Operand::Bool => parts.push(quote!(s.has_tag(#op, ::porcini::Tag::Bool))),
                Operand::Val => {}
            }
        }
        if let Some(g) = &s.guard {
            parts.push(quote!(self.#g(s, #op_args)));
        }
        match parts.len() {
            0 => quote!(s.bool_const(true)),
            _ => {
                let first = &parts[0];
                let rest = &parts[1..];
                quote!({ let __g = #first; #( let __h = #rest; let __g = s.and(__g, __h); )* __g })
            }
        }
    };
    // Unboxing of the operands for spec i, then the call.
    let body_fns: Vec<TokenStream2> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let name = &s.name;
            let body_fn = format_ident!("__body_{}", name);
            let rewrite_fn = format_ident!("__rewrite_{}", name);
            let args: Vec<TokenStream2> = s
                .operands
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    let op = &ops[k];
                    match o {
                        Operand::I64 => quote!(s.unbox_i64(#op)),
                        Operand::Bool => quote!(s.unbox_bool(#op)),
                        Operand::Val => quote!(#op),
                    }
                })
                .collect();
            let bit = 1u32 << i;
            let unboxed: Vec<Ident> = (0..arity).map(|k| format_ident!("__u{}", k)).collect();
            quote! {
                #[inline(always)]
                fn #body_fn<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
                    -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                    #( let #unboxed = #args; )*
                    match self.#name(s, #(#unboxed),*) {
                        ::std::result::Result::Ok(v) => ::std::result::Result::Ok(v),
                        ::std::result::Result::Err(::porcini::SpecFail::Unwind(u)) => ::std::result::Result::Err(u),
                        ::std::result::Result::Err(::porcini::SpecFail::Rewrite) => {
                            let __vals = [#(#ops),*];
                            s.respecialize(self, Self::#rewrite_fn, &__vals)
                        }
                    }
                }
                #[cold]
                #[inline(never)]
                fn #rewrite_fn(&self, f: &mut ::porcini::Frame<'_, #lang>, vals: &[::porcini::Value])
                    -> ::std::result::Result<::porcini::Value, ::porcini::Unwind<::porcini::Value>> {
                    self.#state.exclude(#bit);
                    self.__specialize(f, vals)
                }
            }
        })
        .collect();
    // Operands from the concrete slice (never panics: missing operands read as null).
    let op_indices: Vec<usize> = (0..arity).collect();
    let take_ops = quote! { #( let #ops = vals.get(#op_indices).copied().unwrap_or(::porcini::Value::NULL); )* };

    // Fallback guard: no other non-excluded specialization's guard holds.
    let fallback_guard = {
        let others: Vec<TokenStream2> = specs
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.fallback)
            .map(|(i, s)| {
                let g = guard_expr(s);
                let bit = 1u32 << i;
                quote! {
                    if self.#state.excluded() & #bit == 0 {
                        let __x = #g;
                        let __nx = s.not(__x);
                        __fg = s.and(__fg, __nx);
                    }
                }
            })
            .collect();
        quote!({ let mut __fg = s.bool_const(true); #(#others)* __fg })
    };

    // The polymorphic chain, one function per link.
    let chain_fns: Vec<TokenStream2> = (0..=specs.len())
        .map(|i| {
            let this = format_ident!("__chain{}", i);
            if i == specs.len() {
                return quote! {
                    #[inline(always)]
                    fn #this<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
                        -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                        let __vals = [#(#ops),*];
                        s.respecialize(self, Self::__specialize, &__vals)
                    }
                };
            }
            let next = format_ident!("__chain{}", i + 1);
            let body_fn = format_ident!("__body_{}", specs[i].name);
            let bit = 1u32 << i;
            let guard = if specs[i].fallback { fallback_guard.clone() } else { guard_expr(&specs[i]) };
            quote! {
                #[inline(always)]
                fn #this<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
                    -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                    if self.#state.active() & #bit != 0 {
                        let __g = #guard;
                        return s.if_else(__g, |s| self.#body_fn(s, #op_args), |s| self.#next(s, #op_args));
                    }
                    self.#next(s, #op_args)
                }
            }
        })
        .collect();

    // Monomorphic arms: speculate on the one active specialization.
    let mono_arms: Vec<TokenStream2> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let bit = 1u32 << i;
            let body_fn = format_ident!("__body_{}", s.name);
            let guard = if s.fallback { fallback_guard.clone() } else { guard_expr(s) };
            let reason = format!("{} guard", s.name);
            quote! {
                #bit => {
                    let __g = #guard;
                    if s.speculate(__g, #reason) {
                        return self.#body_fn(s, #op_args);
                    }
                }
            }
        })
        .collect();

    // Slow path: try each specialization in order.
    let try_arms: Vec<TokenStream2> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let bit = 1u32 << i;
            let replaces = replaces_masks[i];
            let body_fn = format_ident!("__body_{}", s.name);
            let guard = if s.fallback { fallback_guard.clone() } else { guard_expr(s) };
            let report_poly = cfg.report && !s.exclude;
            let mega = s.megamorphic;
            quote! {
                if self.#state.excluded() & #bit == 0 {
                    let s = &mut *f;
                    let __ok: bool = #guard;
                    if __ok {
                        let __before = self.#state.active();
                        self.#state.activate(#bit, #replaces);
                        let __after = self.#state.active();
                        let __new = __before & #bit == 0;
                        if __new && ((#report_poly && __after.count_ones() > 1) || #mega) {
                            ::porcini::spec::report_polymorphic_specialize(f);
                        }
                        return self.#body_fn(f, #op_args);
                    }
                }
            }
        })
        .collect();

    let names: Vec<String> = specs.iter().map(|s| s.name.to_string()).collect();
    let eval_fn = if cfg.children.is_empty() {
        quote!()
    } else {
        let children = &cfg.children;
        let idx: Vec<u32> = (0..children.len() as u32).collect();
        quote! {
            /// Executes the children in order, then dispatches on the specialization state.
            #[inline(always)]
            pub fn eval<S: ::porcini::Stage<#lang>>(&self, s: &mut S)
                -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                #( let #ops = s.exec(#idx, &*self.#children)?; )*
                self.dispatch(s, #op_args)
            }
        }
    };
    // With a fallback every operand combination is handled; without one, an unmatched combination
    // is a bug in the language, reported as an internal error rather than a crash.
    let no_match = quote! {
        ::std::result::Result::Err(::porcini::GuestError::raise(format!(
            "internal error: no specialization of {} matches", stringify!(#self_ty))))
    };

    let generated = quote! {
        #[allow(clippy::all, unused_variables, unused_mut, reason = "generated by #[specializations]")]
        impl #self_ty {
            /// Names of the specializations, in declaration order.
            pub const SPECIALIZATIONS: &'static [&'static str] = &[#(#names),*];
            #eval_fn
            /// Dispatches the evaluated operands on the specialization state (read as a constant).
            #[inline(always)]
            pub fn dispatch<S: ::porcini::Stage<#lang>>(&self, s: &mut S, #op_params)
                -> ::std::result::Result<S::Val, ::porcini::Unwind<S::Val>> {
                let __active = self.#state.active();
                if __active.count_ones() == 1 {
                    match __active {
                        #(#mono_arms)*
                        _ => {}
                    }
                    let __vals = [#(#ops),*];
                    return s.respecialize(self, Self::__specialize, &__vals);
                }
                self.__chain0(s, #op_args)
            }
            #(#chain_fns)*
            #(#body_fns)*
            /// The interpreter's slow path: activate the first matching specialization and run it.
            #[cold]
            #[inline(never)]
            fn __specialize(&self, f: &mut ::porcini::Frame<'_, #lang>, vals: &[::porcini::Value])
                -> ::std::result::Result<::porcini::Value, ::porcini::Unwind<::porcini::Value>> {
                #take_ops
                #(#try_arms)*
                #no_match
            }
            /// The cost class of the current state.
            pub fn spec_cost(&self) -> ::porcini::NodeCost {
                self.#state.cost(#megamorphic_mask)
            }
            /// The names of the active specializations.
            pub fn spec_active_names(&self) -> ::std::vec::Vec<&'static str> {
                let a = self.#state.active();
                Self::SPECIALIZATIONS.iter().enumerate().filter(|(i, _)| a & (1 << i) != 0).map(|(_, n)| *n).collect()
            }
        }
    };
    Ok(quote!(#imp #generated))
}
