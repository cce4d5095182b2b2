//! Expansion snapshots: representative declarations, expanded and pretty-printed, compared with the
//! reviewed expansions under `tests/it/snapshots`.
//!
//! A snapshot is the contract of what the DSL generates. A change to the generator shows up here as
//! a diff to review (and accept, with `INSTA_UPDATE=always` or `cargo insta review`) rather than as
//! a silent change in every node of every language.

/// Expands `#[specializations(attr)]` on `item` and pretty-prints the result.
fn expand(attr: &str, item: &str) -> String {
    let attr = attr.parse().expect("attribute tokens");
    let item = item.parse().expect("item tokens");
    let out = match porcini_dsl_core::specializations(attr, item) {
        Ok(out) => out,
        Err(e) => panic!("expansion failed: {e}"),
    };
    let file: syn::File = syn::parse2(out).expect("the expansion is a Rust file");
    prettyplease::unparse(&file)
}

/// Compares `text` with the named snapshot. The declaration is the first half of every expansion,
/// so the snapshot header does not repeat it.
macro_rules! snapshot {
    ($text:expr) => {
        insta::with_settings!({ omit_expression => true }, { insta::assert_snapshot!($text) })
    };
}

/// SL-style arithmetic: two type-checked integer operands with an overflow rewrite, a guarded
/// generic specialization that replaces it, a second guarded one, and the fallback.
#[test]
fn arith_rewrite_replaces_fallback() {
    snapshot!(expand(
        "language = Sl, execute(left, right)",
        r#"
        impl ArithNode {
            #[specialization]
            fn do_long<S: Stage<Sl>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
                let (r, failed) = s.add_i64(a, b);
                let ok = s.not(failed);
                if !s.speculate(ok, "overflow") {
                    return Err(SpecFail::Rewrite);
                }
                Ok(s.box_i64(r))
            }
            #[specialization(guard = both_numbers, replaces(do_long))]
            fn do_big<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("big", self, Self::big, &[a, b])?)
            }
            #[specialization(guard = either_string)]
            fn do_string<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("concat", self, Self::concat, &[a, b])?)
            }
            #[fallback]
            fn type_error<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("type_error", self, Self::type_error, &[a, b])?)
            }
        }
        "#,
    ));
}

/// Polymorphism reporting with `exclude` and `megamorphic`, a custom state field, a boolean
/// operand, and no `execute(..)` (the node writes its own `eval`).
#[test]
fn reporting_megamorphic_exclude() {
    snapshot!(expand(
        "language = Toy, state = profile, report_polymorphism",
        r#"
        impl NegateNode {
            #[specialization]
            fn int<S: Stage<Toy>>(&self, s: &mut S, v: S::I64) -> SpecResult<S::Val> {
                let z = s.i64_const(0);
                let (r, o) = s.sub_i64(z, v);
                Ok(s.box_i64(r))
            }
            #[specialization(exclude)]
            fn boolean<S: Stage<Toy>>(&self, s: &mut S, v: S::Bool) -> SpecResult<S::Val> {
                let n = s.not(v);
                Ok(s.box_bool(n))
            }
            #[specialization(guard = anything, megamorphic)]
            fn generic<S: Stage<Toy>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("negate", self, Self::negate, &[v]))
            }
        }
        "#,
    ));
}

/// A cached specialization with a cache guard, a limit and the value borrowed by the body, then a
/// generic specialization that replaces it once the limit is reached, then the fallback.
#[test]
fn cached_limit_then_generic() {
    snapshot!(expand(
        "language = Toy, execute(receiver), report_polymorphism",
        r#"
        impl ReadNode {
            #[specialization(guard = is_object, cached(key = shape_of, guard = has_shape, cache = shapes), limit = 2)]
            fn read_cached<S: Stage<Toy>>(&self, s: &mut S, obj: S::Val, #[cached] entry: &ShapeSlot) -> SpecResult<S::Val> {
                Ok(s.load_property(obj, entry.slot))
            }
            #[specialization(guard = is_object, replaces(read_cached))]
            fn read_generic<S: Stage<Toy>>(&self, s: &mut S, obj: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("lookup", self, Self::lookup, &[obj])?)
            }
            #[fallback]
            fn not_an_object<S: Stage<Toy>>(&self, s: &mut S, obj: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("type_error", self, Self::type_error, &[obj])?)
            }
        }
        "#,
    ));
}

/// A cached specialization without a cache guard (so one instance), the default limit, a typed
/// operand next to the cached value, and the value cloned into the body.
#[test]
fn cached_defaults() {
    snapshot!(expand(
        "language = Toy, execute(value)",
        r#"
        impl ScaleNode {
            #[specialization(cached(key = factor, cache = factors))]
            fn scale<S: Stage<Toy>>(&self, s: &mut S, #[cached] k: i64, v: S::I64) -> SpecResult<S::Val> {
                let k = s.i64_const(k);
                let (r, o) = s.mul_i64(v, k);
                Ok(s.box_i64(r))
            }
        }
        "#,
    ));
}

/// SL-style local read: a specialization that answers an unboxed integer (so the node gets a
/// `dispatch_i64` for parents that want one), a boolean one, and a replacing generic one, which
/// gets the first monomorphic code.
#[test]
fn typed_result_and_monomorphic_codes() {
    snapshot!(expand(
        "language = Sl, report_polymorphism",
        r#"
        impl ReadLocalNode {
            #[specialization]
            fn read_long<S: Stage<Sl>>(&self, _s: &mut S, v: S::I64) -> Result<S::I64, SpecFail<S::I64>> {
                Ok(v)
            }
            #[specialization]
            fn read_boolean<S: Stage<Sl>>(&self, s: &mut S, v: S::Bool) -> SpecResult<S::Val> {
                Ok(s.box_bool(v))
            }
            #[specialization(guard = assigned, replaces(read_long, read_boolean))]
            fn read_object<S: Stage<Sl>>(&self, _s: &mut S, v: S::Val) -> SpecResult<S::Val> {
                Ok(v)
            }
            #[fallback]
            fn unassigned<S: Stage<Sl>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
                Ok(s.call_boundary("unassigned", self, Self::raise, &[v])?)
            }
        }
        "#,
    ));
}
