//! Misuse of the DSL: each declaration must be rejected with a clear message spanned at its cause.
//!
//! The expansion function returns the `syn::Error` the macro would turn into a compile error.
//! Declarations are parsed from text with proc-macro2's span locations on, so each test can check
//! which source tokens the error points at, not just its wording.

use proc_macro2::TokenStream;

/// A rejected declaration: the message, the source text the error is spanned at, and its line
/// (counted from the first line of the item).
struct Rejection {
    message: String,
    at: String,
    line: usize,
}

fn reject(attr: &str, item: &str) -> Rejection {
    let attr: TokenStream = attr.parse().expect("attribute tokens");
    let item: TokenStream = item.parse().expect("item tokens");
    let Err(e) = porcini_dsl_core::specializations(attr, item) else {
        panic!("the declaration was accepted");
    };
    let span = e.span();
    Rejection { message: e.to_string(), at: span.source_text().unwrap_or_default(), line: span.start().line }
}

/// A two-operand node around `specs`, which are given as the impl block's contents.
fn node(specs: &str) -> String {
    format!("impl AddNode {{\n{specs}\n}}")
}

const LONG: &str = "#[specialization]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }";

#[test]
fn unknown_node_option() {
    let r = reject("language = Toy, colour = red", &node(LONG));
    assert!(r.message.starts_with("unknown specializations option `colour`"), "{}", r.message);
    assert!(r.message.contains("report_polymorphism"), "the message lists the options: {}", r.message);
    assert_eq!(r.at, "colour");
}

#[test]
fn missing_language() {
    let r = reject("execute(left, right)", &node(LONG));
    assert_eq!(r.message, "missing `language = T`");
}

#[test]
fn unknown_specialization_option() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(gaurd = is_small)]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("unknown specialization option `gaurd`"), "{}", r.message);
    assert_eq!(r.at, "gaurd");
}

#[test]
fn duplicate_option() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(guard = a, guard = b)]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert_eq!(r.message, "`guard` is given twice");
    assert_eq!(r.at, "guard = b");
}

#[test]
fn limit_without_cached() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(guard = small, limit = 3)]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("`limit` bounds the instances of a cached specialization"), "{}", r.message);
    assert_eq!(r.at, "limit = 3");
}

#[test]
fn limit_zero() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(cached(key = k, cache = c), limit = 0)]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert_eq!(r.message, "`limit` must be at least 1");
    assert_eq!(r.at, "0");
}

#[test]
fn cached_without_key() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(cached(guard = same, cache = seen))]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("`cached(..)` needs `key = method`"), "{}", r.message);
    assert_eq!(r.at, "cached(guard = same, cache = seen)");
}

#[test]
fn cached_without_storage() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(cached(key = value_of))]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("`cached(..)` needs `cache = field`"), "{}", r.message);
    assert!(r.message.contains("[std::cell::OnceCell<T>; LIMIT]"), "the message says what to declare: {}", r.message);
    assert_eq!(r.at, "cached(key = value_of)");
}

#[test]
fn unknown_cached_option() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(cached(key = k, cache = c, weak))]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("unknown cached option `weak`"), "{}", r.message);
    assert_eq!(r.at, "weak");
}

#[test]
fn cached_parameter_without_cached() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64, #[cached] k: i64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("#[cached] parameter on a specialization without `cached("), "{}", r.message);
    assert_eq!(r.at, "#[cached]");
}

#[test]
fn replaces_unknown_specialization() {
    let r = reject(
        "language = Toy",
        &node(&format!(
            "{LONG}
#[specialization(guard = numbers, replaces(do_lng))]
fn do_big<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {{ todo!() }}"
        )),
    );
    assert_eq!(
        r.message,
        "`replaces` names `do_lng`, which is not a specialization of this node (they are: do_long, do_big)"
    );
    assert_eq!(r.at, "do_lng");
}

#[test]
fn replaces_itself() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization(replaces(do_long))]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert_eq!(r.message, "a specialization cannot replace itself");
    assert_eq!(r.at, "do_long");
}

#[test]
fn two_fallbacks() {
    let r = reject(
        "language = Toy",
        &node(&format!(
            "{LONG}
#[fallback]
fn first<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {{ todo!() }}
#[fallback]
fn second<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {{ todo!() }}"
        )),
    );
    assert_eq!(r.message, "a second #[fallback]: a node has at most one specialization of last resort");
    assert_eq!(r.at, "#[fallback]");
    assert_eq!(r.line, 6, "the error points at the second fallback");
}

#[test]
fn fallback_not_last() {
    let r = reject(
        "language = Toy",
        &node(&format!(
            "#[fallback]
fn other<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {{ todo!() }}
{LONG}"
        )),
    );
    assert_eq!(r.message, "the #[fallback] must be the last specialization");
    assert_eq!(r.at, "#[fallback]");
}

#[test]
fn fallback_with_options() {
    let r = reject(
        "language = Toy",
        &node(&format!(
            "{LONG}
#[fallback(guard = other)]
fn other<S: Stage<Toy>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {{ todo!() }}"
        )),
    );
    assert!(r.message.starts_with("#[fallback] takes no options"), "{}", r.message);
    assert_eq!(r.at, "#[fallback(guard = other)]");
}

#[test]
fn operand_of_unknown_type() {
    let r = reject(
        "language = Toy",
        &node(
            "#[specialization]
fn do_long<S: Stage<Toy>>(&self, s: &mut S, a: i64, b: S::I64) -> SpecResult<S::Val> { todo!() }",
        ),
    );
    assert!(r.message.starts_with("operand types must be S::I64, S::F64, S::Bool or S::Val"), "{}", r.message);
    assert_eq!(r.at, "i64");
}

#[test]
fn operand_counts_differ() {
    let r = reject(
        "language = Toy",
        &node(&format!(
            "{LONG}
#[specialization]
fn unary<S: Stage<Toy>>(&self, s: &mut S, a: S::Val) -> SpecResult<S::Val> {{ todo!() }}"
        )),
    );
    assert_eq!(r.message, "every specialization takes the same operands; the first takes 2");
    assert_eq!(r.at, "unary");
}

#[test]
fn execute_needs_one_child_per_operand() {
    let r = reject("language = Toy, execute(left)", &node(LONG));
    assert_eq!(r.message, "execute(..) must name one child per operand (2)");
    assert_eq!(r.at, "execute(left)");
}
