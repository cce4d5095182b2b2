//! The slow path, `__specialize` (Truffle's `executeAndSpecialize`), and polymorphism reports.
//!
//! It runs only in the interpreter, on concrete values: the fast path reaches it when no active
//! specialization accepts the operands (in compiled code, after a deoptimization). It tries the
//! specializations that are not excluded, in declaration order:
//!
//! * a plain one whose guard holds is activated (excluding what it `replaces`) and run;
//! * a cached one whose precondition holds first looks for an instance that accepts the operands
//!   and runs it without changing any state; failing that, if it has room, it computes a new value
//!   with its `key` method, and if the cache guard accepts it, stores it as a new instance,
//!   activates the specialization and runs it; when it is full, it is passed over, so the
//!   operands go to a later specialization — which, when it `replaces` this one, ends its
//!   instances for good;
//! * the fallback, which comes last, runs when nothing before it did: having been tried in order,
//!   every other allowed specialization has already said no, so its guard needs no re-evaluation.
//!
//! Reports follow Truffle's generated `checkForPolymorphicSpecialize`: a node that was already
//! specialized (some active or excluded bit) reports when a rewrite changed its active or excluded
//! bits or added a cached instance, looking only at specializations not marked `exclude`, so the
//! first specialization of a node never reports that way; a `megamorphic` specialization reports
//! as soon as it becomes active, whatever else is active (its first specialization included),
//! with or without `report_polymorphism`. The report names the node (which must therefore be an
//! `ExprNode` of the language), and goes to the target executing it.

use proc_macro2::TokenStream;
use quote::quote;

use crate::guards::{bind_cache, cache_guard, conjunction, full_precondition};
use crate::model::{Node, Operand, Spec};

/// `__specialize`, plus the reporting helpers when the node reports.
pub(crate) fn specialize_fns(node: &Node) -> TokenStream {
    let lang = &node.language;
    let self_ty = &node.self_ty;
    let ops = node.ops();
    let idx: Vec<usize> = (0..node.arity).collect();
    let snapshot = if node.reports() { quote!(let __old = self.__poly_snapshot();) } else { quote!() };
    let arms: Vec<TokenStream> = node.specs.iter().map(|s| try_arm(node, s)).collect();
    // Reached without a fallback (or once the fallback was replaced away): an operand combination
    // no specialization handles is a bug in the language, reported as an internal error rather
    // than a crash.
    let no_match = quote!(::std::result::Result::Err(::porcini::GuestError::raise(format!(
        "internal error: no specialization of {} matches",
        stringify!(#self_ty)
    ))));
    let reporting = if node.reports() { report_fns(node) } else { quote!() };
    quote! {
        /// The interpreter's slow path: activate the first specialization (or create the first
        /// cached instance) that accepts the operands, and run it.
        #[cold]
        #[inline(never)]
        fn __specialize(&self, f: &mut ::porcini::Frame<'_, #lang>, vals: &[::porcini::Value])
            -> ::std::result::Result<::porcini::Value, ::porcini::Unwind<::porcini::Value>> {
            // Operands from the slice; never panics, missing operands read as null.
            #( let #ops = vals.get(#idx).copied().unwrap_or(::porcini::Value::NULL); )*
            #snapshot
            #(#arms)*
            #no_match
        }
        #reporting
    }
}

/// The statements that activate `spec` (and report), before its body runs.
fn activate(node: &Node, spec: &Spec) -> TokenStream {
    let state = &node.state;
    let bit = spec.bit();
    let replaces = spec.replaces_mask;
    let report = if node.reports() { quote!(self.__poly_report(f, __old);) } else { quote!() };
    quote! {
        self.#state.activate(#bit, #replaces, Self::__MONO_CODES);
        #report
    }
}

/// The attempt at one specialization in `__specialize`.
fn try_arm(node: &Node, spec: &Spec) -> TokenStream {
    let state = &node.state;
    let bit = spec.bit();
    let body_fn = spec.body_fn();
    let args = node.op_args();
    let activate = activate(node, spec);
    if spec.fallback {
        return quote! {
            if self.#state.excluded() & #bit == 0 {
                #activate
                return self.#body_fn(f, #args);
            }
        };
    }
    let pre = conjunction(full_precondition(node, spec));
    // An integer that reached an `S::F64` operand widens it for good (the fast paths checked
    // for a double only until now).
    let casts: Vec<TokenStream> = spec
        .operands
        .iter()
        .zip(node.ops())
        .enumerate()
        .filter(|(_, (kind, _))| **kind == Operand::F64)
        .map(|(i, (_, op))| {
            let bit = node.cast_bit(i);
            quote! {
                if { let s = &mut *f; s.has_tag(#op, ::porcini::Tag::Int) } {
                    self.#state.note_cast(#bit);
                }
            }
        })
        .collect();
    let Some(cached) = &spec.cached else {
        return quote! {
            if self.#state.excluded() & #bit == 0 {
                let __ok: bool = { let s = &mut *f; #pre };
                if __ok {
                    #(#casts)*
                    #activate
                    return self.#body_fn(f, #args);
                }
            }
        };
    };
    let bind = bind_cache(spec);
    let key = &cached.key;
    let entry_arg = spec.entry_arg();
    let hit = cache_guard(node, spec, quote!(__e)).unwrap_or_else(|| quote!(true));
    let fresh = cache_guard(node, spec, quote!(&__k)).unwrap_or_else(|| quote!(true));
    quote! {
        if self.#state.excluded() & #bit == 0 {
            let __ok: bool = { let s = &mut *f; #pre };
            if __ok {
                #(#casts)*
                #bind
                // An existing instance that accepts the operands: run it, nothing changes.
                for __e in __c.iter().map_while(::std::cell::OnceCell::get) {
                    let __hit: bool = { let s = &mut *f; #hit };
                    if __hit {
                        return self.#body_fn(f, #args #entry_arg);
                    }
                }
                // Room for one more. The state is looked at again after the key is computed, and
                // only an empty slot is filled: computing the key may run code that re-enters this
                // node, fills a slot or excludes this specialization, and an instance must hold
                // the value computed for it.
                if __c.iter().any(|__e| __e.get().is_none()) {
                    let __k = self.#key(f, #args);
                    let __hit: bool = { let s = &mut *f; #fresh };
                    if __hit && self.#state.excluded() & #bit == 0 {
                        if let ::std::option::Option::Some(__slot) = __c.iter().find(|__e| __e.get().is_none()) {
                            if __slot.set(__k).is_ok() {
                                #activate
                                if let ::std::option::Option::Some(__e) = __slot.get() {
                                    return self.#body_fn(f, #args #entry_arg);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `__poly_snapshot` and `__poly_report`.
fn report_fns(node: &Node) -> TokenStream {
    let lang = &node.language;
    let state = &node.state;
    let mask = node.report_mask();
    let mega = node.megamorphic_mask();
    let polymorphic = if mask != 0 {
        quote! {
            let __was = __old_active & #mask;
            let __polymorphic = (__was != 0 || __old_excluded != 0)
                && (__active & #mask != __was
                    || __excluded != __old_excluded
                    || self.__instances(#mask) > __old_instances);
        }
    } else {
        quote!(let __polymorphic = false;)
    };
    let megamorphic = if mega != 0 {
        quote!(let __megamorphic = __old_active & #mega == 0 && __active & #mega != 0;)
    } else {
        quote!(let __megamorphic = false;)
    };
    quote! {
        /// The state a polymorphism report compares against: active bits, excluded bits and the
        /// number of reported instances.
        #[inline(always)]
        fn __poly_snapshot(&self) -> (u32, u32, usize) {
            (self.#state.active(), self.#state.excluded(), self.__instances(#mask))
        }
        /// Reports a polymorphic specialization if the rewrite since `__old` made the node more
        /// polymorphic.
        #[inline(never)]
        fn __poly_report(&self, f: &::porcini::Frame<'_, #lang>, __old: (u32, u32, usize)) {
            let (__old_active, __old_excluded, __old_instances) = __old;
            let __active = self.#state.active();
            let __excluded = self.#state.excluded();
            #polymorphic
            #megamorphic
            if __polymorphic || __megamorphic {
                ::porcini::spec::report_polymorphic_specialize(f, self);
            }
        }
    }
}
