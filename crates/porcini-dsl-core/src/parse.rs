//! Attribute parsing and checking: from the macro's input tokens to the declaration model.
//!
//! Everything a user can get wrong is rejected here, with an error spanned at the offending
//! tokens, so the generators never see an inconsistent declaration. The DSL's own attributes
//! (`#[specialization]`, `#[fallback]`, `#[cached]` on a parameter) are removed from the impl block
//! as they are read, because the compiler would otherwise reject them as unknown attributes.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, FnArg, Ident, ImplItem, ImplItemFn, ItemImpl, Lit, Meta, MetaList, Token, Type};

use crate::model::{Cached, CachedValue, DEFAULT_LIMIT, Node, Operand, Param, Spec};

/// At most this many specializations fit in the state words (with a bit to spare).
const MAX_SPECS: usize = 31;

/// Parses the attribute arguments and the impl block. Returns the impl block with the DSL's
/// attributes removed (it is emitted unchanged otherwise) and the checked model.
pub(crate) fn parse(attr: TokenStream, item: TokenStream) -> syn::Result<(ItemImpl, Node)> {
    let config = parse_config(attr)?;
    let mut imp: ItemImpl = syn::parse2(item)?;
    let mut specs = Vec::new();
    for it in imp.items.iter_mut() {
        if let ImplItem::Fn(f) = it
            && let Some(s) = parse_spec(specs.len(), f)?
        {
            specs.push(s);
        }
    }
    let mut node = Node {
        language: config.language,
        self_ty: (*imp.self_ty).clone(),
        generics: imp.generics.clone(),
        children: config.children,
        state: config.state,
        report: config.report,
        arity: 0,
        specs,
    };
    check(&mut node, &imp, config.execute.as_ref())?;
    node.close_replaces();
    Ok((imp, node))
}

/// The node-level options, before the specializations are known.
struct Config {
    language: Type,
    children: Vec<Ident>,
    /// The `execute(..)` option's tokens, for errors about it.
    execute: Option<TokenStream>,
    state: Ident,
    report: bool,
}

fn parse_config(attr: TokenStream) -> syn::Result<Config> {
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr)?;
    let mut language = None;
    let mut children = None;
    let mut state = None;
    let mut report = None;
    for m in metas {
        let name = m.path().get_ident().map(Ident::to_string).unwrap_or_default();
        match (name.as_str(), &m) {
            ("language", Meta::NameValue(nv)) => {
                let e = &nv.value;
                set_once(&mut language, syn::parse2::<Type>(quote::quote!(#e))?, &m)?;
            }
            ("state", Meta::NameValue(nv)) => set_once(&mut state, ident_value(&nv.value, "a field name")?, &m)?,
            ("execute", Meta::List(l)) => set_once(&mut children, (ident_list(l)?, quote::quote!(#l)), &m)?,
            ("report_polymorphism", Meta::Path(_)) => set_once(&mut report, true, &m)?,
            ("language" | "state" | "execute" | "report_polymorphism", _) => {
                return Err(syn::Error::new_spanned(&m, format!("malformed `{name}`; {}", CONFIG_FORMS)));
            }
            _ => {
                return Err(syn::Error::new_spanned(
                    m.path(),
                    format!("unknown specializations option `{}`; {CONFIG_FORMS}", path_text(&m)),
                ));
            }
        }
    }
    let language = language.ok_or_else(|| syn::Error::new(Span::call_site(), "missing `language = T`"))?;
    let (children, execute) = match children {
        Some((c, tokens)) => (c, Some(tokens)),
        None => (Vec::new(), None),
    };
    Ok(Config {
        language,
        children,
        execute,
        state: state.unwrap_or_else(|| Ident::new("spec", Span::call_site())),
        report: report.unwrap_or(false),
    })
}

const CONFIG_FORMS: &str = "expected `language = T`, `execute(child, ..)`, `state = field` or `report_polymorphism`";

const SPEC_FORMS: &str = "expected `guard = method`, `replaces(name, ..)`, `cached(key = method, cache = field, \
     guard = method)`, `limit = N`, `megamorphic` or `exclude`";

const CACHED_FORMS: &str = "expected `key = method`, `cache = field` or `guard = method`";

/// Reads one method's DSL attribute, if it has one, and its parameters.
fn parse_spec(index: usize, f: &mut ImplItemFn) -> syn::Result<Option<Spec>> {
    let Some((attr, fallback)) = take_spec_attr(&mut f.attrs)? else { return Ok(None) };
    let mut spec = Spec {
        name: f.sig.ident.clone(),
        index,
        params: Vec::new(),
        operands: Vec::new(),
        guard: None,
        replaces: Vec::new(),
        replaces_mask: 0,
        megamorphic: false,
        exclude: false,
        fallback,
        cached: None,
        ret: return_kind(&f.sig.output),
        attr: quote::quote!(#attr),
    };
    if fallback {
        if !matches!(attr.meta, Meta::Path(_)) {
            return Err(syn::Error::new_spanned(
                &attr,
                "#[fallback] takes no options: its guard is the negation of the other specializations' guards",
            ));
        }
    } else if let Meta::List(l) = &attr.meta {
        parse_spec_options(&mut spec, l)?;
    } else if let Meta::NameValue(nv) = &attr.meta {
        return Err(syn::Error::new_spanned(nv, format!("malformed #[specialization]; {SPEC_FORMS}")));
    }
    parse_params(&mut spec, f)?;
    Ok(Some(spec))
}

/// Removes the `#[specialization]` or `#[fallback]` attribute; a method may carry only one.
fn take_spec_attr(attrs: &mut Vec<Attribute>) -> syn::Result<Option<(Attribute, bool)>> {
    let is_dsl = |a: &Attribute| a.path().is_ident("specialization") || a.path().is_ident("fallback");
    let Some(p) = attrs.iter().position(is_dsl) else { return Ok(None) };
    let a = attrs.remove(p);
    if let Some(second) = attrs.iter().find(|a| is_dsl(a)) {
        return Err(syn::Error::new_spanned(
            second,
            "a method is one specialization: give it either one #[specialization(..)] or #[fallback]",
        ));
    }
    let fallback = a.path().is_ident("fallback");
    Ok(Some((a, fallback)))
}

fn parse_spec_options(spec: &mut Spec, list: &MetaList) -> syn::Result<()> {
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(list.tokens.clone())?;
    let mut guard = None;
    let mut replaces = None;
    let mut megamorphic = None;
    let mut exclude = None;
    let mut cached = None;
    let mut limit: Option<(usize, Span, &Meta)> = None;
    for m in &metas {
        let name = m.path().get_ident().map(Ident::to_string).unwrap_or_default();
        match (name.as_str(), m) {
            ("guard", Meta::NameValue(nv)) => set_once(&mut guard, ident_value(&nv.value, "a guard method")?, m)?,
            ("replaces", Meta::List(l)) => set_once(&mut replaces, ident_list(l)?, m)?,
            ("megamorphic", Meta::Path(_)) => set_once(&mut megamorphic, true, m)?,
            ("exclude", Meta::Path(_)) => set_once(&mut exclude, true, m)?,
            ("cached", Meta::List(l)) => set_once(&mut cached, parse_cached(l)?, m)?,
            ("limit", Meta::NameValue(nv)) => set_once(&mut limit, (limit_value(&nv.value)?, nv.value.span(), m), m)?,
            ("guard" | "replaces" | "megamorphic" | "exclude" | "cached" | "limit", _) => {
                return Err(syn::Error::new_spanned(m, format!("malformed `{name}`; {SPEC_FORMS}")));
            }
            _ => {
                return Err(syn::Error::new_spanned(
                    m.path(),
                    format!("unknown specialization option `{}`; {SPEC_FORMS}", path_text(m)),
                ));
            }
        }
    }
    spec.guard = guard;
    spec.replaces = replaces.unwrap_or_default();
    spec.megamorphic = megamorphic.unwrap_or(false);
    spec.exclude = exclude.unwrap_or(false);
    match (cached, limit) {
        (Some(mut c), Some((n, span, _))) => {
            c.limit = n;
            c.limit_span = span;
            spec.cached = Some(c);
        }
        (Some(c), None) => spec.cached = Some(c),
        (None, Some((_, _, at))) => {
            return Err(syn::Error::new_spanned(
                at,
                "`limit` bounds the instances of a cached specialization, and this one is not cached: \
                 add `cached(key = method, cache = field)` or remove the limit",
            ));
        }
        (None, None) => {}
    }
    Ok(())
}

/// Parses `cached(key = method, cache = field, guard = method)`.
fn parse_cached(list: &MetaList) -> syn::Result<Cached> {
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(list.tokens.clone())?;
    let mut key = None;
    let mut guard = None;
    let mut field = None;
    for m in &metas {
        let name = m.path().get_ident().map(Ident::to_string).unwrap_or_default();
        match (name.as_str(), m) {
            ("key", Meta::NameValue(nv)) => set_once(&mut key, ident_value(&nv.value, "a key method")?, m)?,
            ("guard", Meta::NameValue(nv)) => set_once(&mut guard, ident_value(&nv.value, "a guard method")?, m)?,
            ("cache", Meta::NameValue(nv)) => set_once(&mut field, ident_value(&nv.value, "a field name")?, m)?,
            ("key" | "guard" | "cache", _) => {
                return Err(syn::Error::new_spanned(m, format!("malformed `{name}`; {CACHED_FORMS}")));
            }
            _ => {
                return Err(syn::Error::new_spanned(
                    m.path(),
                    format!("unknown cached option `{}`; {CACHED_FORMS}", path_text(m)),
                ));
            }
        }
    }
    let key = key.ok_or_else(|| {
        syn::Error::new_spanned(
            list,
            "`cached(..)` needs `key = method`: the method that computes a new instance's value from the operands",
        )
    })?;
    let field = field.ok_or_else(|| {
        syn::Error::new_spanned(
            list,
            "`cached(..)` needs `cache = field`: the node field, of type `[std::cell::OnceCell<T>; LIMIT]`, \
             that holds the instances",
        )
    })?;
    Ok(Cached { key, guard, field, limit: DEFAULT_LIMIT, limit_span: list.span(), value: None })
}

/// Reads the parameters: `&self`, the stage, then the operands and at most one `#[cached]` value.
fn parse_params(spec: &mut Spec, f: &mut ImplItemFn) -> syn::Result<()> {
    let sig_span = f.sig.span();
    let shape_error = || {
        syn::Error::new(
            sig_span,
            "a specialization takes `&self`, the stage (`s: &mut S`), then its operands (`S::I64`, `S::F64`, \
             `S::Bool` or `S::Val`)",
        )
    };
    let mut inputs = f.sig.inputs.iter_mut();
    match (inputs.next(), inputs.next()) {
        (Some(FnArg::Receiver(r)), Some(FnArg::Typed(_))) if r.reference.is_some() && r.mutability.is_none() => {}
        _ => return Err(shape_error()),
    }
    for arg in inputs {
        let FnArg::Typed(pt) = arg else { return Err(syn::Error::new_spanned(arg, "unexpected receiver")) };
        let cached_attr = pt.attrs.iter().position(|a| a.path().is_ident("cached"));
        let Some(pos) = cached_attr else {
            let k = spec.operands.len();
            let kind = operand_kind(&pt.ty)?;
            spec.operands.push(kind);
            spec.params.push(Param::Operand(k, kind));
            continue;
        };
        let attr = pt.attrs.remove(pos);
        if !matches!(attr.meta, Meta::Path(_)) {
            return Err(syn::Error::new_spanned(&attr, "#[cached] takes no arguments"));
        }
        let Some(cached) = spec.cached.as_mut() else {
            return Err(syn::Error::new_spanned(
                &attr,
                "#[cached] parameter on a specialization without `cached(key = method, cache = field)`",
            ));
        };
        if cached.value.is_some() {
            return Err(syn::Error::new_spanned(&attr, "a specialization has at most one #[cached] parameter"));
        }
        cached.value = Some(match &*pt.ty {
            Type::Reference(r) if r.mutability.is_none() => CachedValue { ty: (*r.elem).clone(), by_ref: true },
            Type::Reference(r) => {
                return Err(syn::Error::new_spanned(r, "a cached value is shared: take it as `&T` or `T`"));
            }
            ty => CachedValue { ty: ty.clone(), by_ref: false },
        });
        spec.params.push(Param::Cached);
    }
    Ok(())
}

/// What a body's result is, from the first type argument of its return type: `S::I64`, `S::F64`
/// and `S::Bool` (as in `Result<S::I64, SpecFail<S::I64>>` or an alias such as SL's
/// `SpecResult<S::I64>`) are unboxed results; anything else (normally `S::Val`) is boxed.
fn return_kind(output: &syn::ReturnType) -> Operand {
    let syn::ReturnType::Type(_, ty) = output else { return Operand::Val };
    let Type::Path(p) = &**ty else { return Operand::Val };
    let first = p.path.segments.last().and_then(|seg| match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.first(),
        _ => None,
    });
    match first {
        Some(syn::GenericArgument::Type(t)) => operand_kind(t).unwrap_or(Operand::Val),
        _ => Operand::Val,
    }
}

fn operand_kind(ty: &Type) -> syn::Result<Operand> {
    let text = quote::quote!(#ty).to_string().replace(' ', "");
    match text.as_str() {
        "S::I64" => Ok(Operand::I64),
        "S::Bool" => Ok(Operand::Bool),
        "S::F64" => Ok(Operand::F64),
        "S::Val" => Ok(Operand::Val),
        _ => Err(syn::Error::new_spanned(
            ty,
            "operand types must be S::I64, S::F64, S::Bool or S::Val (a cached value's parameter is marked #[cached])",
        )),
    }
}

/// The checks that need every specialization: counts, the fallback's place, arities, names.
fn check(node: &mut Node, imp: &ItemImpl, execute: Option<&TokenStream>) -> syn::Result<()> {
    let Some(first) = node.specs.first() else {
        return Err(syn::Error::new_spanned(&imp.self_ty, "no #[specialization] methods"));
    };
    if let Some(extra) = node.specs.get(MAX_SPECS) {
        return Err(syn::Error::new_spanned(&extra.name, format!("at most {MAX_SPECS} specializations")));
    }
    let mut fallbacks = node.specs.iter().filter(|s| s.fallback);
    if let (Some(_), Some(second)) = (fallbacks.next(), fallbacks.next()) {
        return Err(syn::Error::new_spanned(
            &second.attr,
            "a second #[fallback]: a node has at most one specialization of last resort",
        ));
    }
    let last = node.specs.len() - 1;
    if let Some(early) = node.specs.iter().find(|s| s.fallback && s.index != last) {
        return Err(syn::Error::new_spanned(&early.attr, "the #[fallback] must be the last specialization"));
    }
    let arity = first.operands.len();
    if let Some(bad) = node.specs.iter().find(|s| s.operands.len() != arity) {
        return Err(syn::Error::new_spanned(
            &bad.name,
            format!("every specialization takes the same operands; the first takes {arity}"),
        ));
    }
    if let Some(tokens) = execute
        && node.children.len() != arity
    {
        return Err(syn::Error::new_spanned(tokens, format!("execute(..) must name one child per operand ({arity})")));
    }
    let names: Vec<String> = node.specs.iter().map(|s| s.name.to_string()).collect();
    for s in &node.specs {
        for r in &s.replaces {
            if *r == s.name {
                return Err(syn::Error::new_spanned(r, "a specialization cannot replace itself"));
            }
            if !names.iter().any(|n| r == n) {
                return Err(syn::Error::new_spanned(
                    r,
                    format!(
                        "`replaces` names `{r}`, which is not a specialization of this node (they are: {})",
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    node.arity = arity;
    Ok(())
}

/// Stores an option's value, rejecting a second occurrence.
fn set_once<T>(slot: &mut Option<T>, value: T, at: &Meta) -> syn::Result<()> {
    if slot.is_some() {
        return Err(syn::Error::new_spanned(at, format!("`{}` is given twice", path_text(at))));
    }
    *slot = Some(value);
    Ok(())
}

/// The identifier on the right of `name = ident`.
fn ident_value(e: &Expr, what: &str) -> syn::Result<Ident> {
    match e {
        Expr::Path(p) if p.qself.is_none() => {
            p.path.get_ident().cloned().ok_or_else(|| syn::Error::new_spanned(e, format!("expected {what}")))
        }
        _ => Err(syn::Error::new_spanned(e, format!("expected {what}"))),
    }
}

/// The identifiers of `name(a, b, ..)`.
fn ident_list(l: &MetaList) -> syn::Result<Vec<Ident>> {
    Ok(Punctuated::<Ident, Token![,]>::parse_terminated.parse2(l.tokens.clone())?.into_iter().collect())
}

/// A positive integer limit.
fn limit_value(e: &Expr) -> syn::Result<usize> {
    let Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) = e else {
        return Err(syn::Error::new_spanned(e, "`limit` must be an integer literal"));
    };
    match i.base10_parse::<usize>()? {
        0 => Err(syn::Error::new_spanned(e, "`limit` must be at least 1")),
        n => Ok(n),
    }
}

fn path_text(m: &Meta) -> String {
    let p = m.path();
    quote::quote!(#p).to_string().replace(' ', "")
}
