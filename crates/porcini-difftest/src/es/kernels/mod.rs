//! Kernels: EasyScript programs assembled from patterns aimed at what the compiler speculates on.
//!
//! Each pattern is a few declarations and a driver: a loop that runs long enough for its callees
//! to be compiled (in the compiling modes) and for itself to be replaced on the stack, and that
//! changes what the compiled code sees part-way: an operator that meets a double, a string or
//! `-0` after thousands of integers, an addition that overflows int32, a call site that meets
//! new targets, a function or method redefined under a compiled caller, calls with missing or
//! extra arguments, objects of new shapes and classes, arrays whose elements change kind or
//! grow holes, closures over variables that change, and exceptions thrown from deep in hot
//! code. Their parameters (counts, switch points, operators, values) come from the entropy, so
//! every seed is a different program, and the values printed make any disagreement visible.
//!
//! A driver runs at the top level of the module (where its loop is replaced on the stack), or
//! in a function called once or twice (the second time compiled). The patterns are grouped by
//! what they exercise: [`numeric`], [`strings`], [`calls`], [`objects`], [`arrays`],
//! [`closures`] and [`control`].

mod arrays;
mod calls;
mod closures;
mod control;
mod numeric;
mod objects;
mod strings;

use crate::entropy::Entropy;

use super::text::{Src, fill};

/// The source text of a program of kernels chosen and shaped by `rng`.
pub fn source<E: Entropy>(rng: &mut E) -> String {
    let mut k = Kernels { rng, out: Src::new(), next: 0 };
    if k.rng.chance(1, 6) {
        k.out.text("\"use strict\";");
    }
    let count = 1 + k.rng.below(3);
    for _ in 0..count {
        k.one();
    }
    k.ending();
    k.out.finish()
}

/// The program being assembled.
pub(crate) struct Kernels<'a, E> {
    rng: &'a mut E,
    out: Src,
    /// The number of the last kernel, which suffixes its names.
    next: usize,
}

/// A kernel: writes one pattern into the program.
type Kernel<'a, E> = fn(&mut Kernels<'a, E>);

impl<'a, E: Entropy> Kernels<'a, E> {
    /// One kernel, of a kind drawn by weight.
    fn one(&mut self) {
        let table = Self::table();
        let weights: Vec<u32> = table.iter().map(|(w, _)| *w).collect();
        let choice = self.rng.weighted(&weights);
        (table[choice].1)(self);
    }

    /// Every kind of kernel, with its weight.
    fn table() -> Vec<(u32, Kernel<'a, E>)> {
        vec![
            (4, Self::operator_switch),
            (2, Self::overflow),
            (2, Self::negative_zero),
            (2, Self::bitwise),
            (2, Self::comparisons),
            (2, Self::string_building),
            (2, Self::char_scan),
            (2, Self::conversions),
            (3, Self::call_targets),
            (3, Self::redefinition),
            (2, Self::arity),
            (2, Self::recursion),
            (2, Self::destructuring),
            (3, Self::shapes),
            (3, Self::local_objects),
            (3, Self::classes),
            (2, Self::accessors),
            (2, Self::optional_values),
            (3, Self::array_growth),
            (2, Self::element_kinds),
            (2, Self::arrays_of_holes),
            (2, Self::array_callbacks),
            (3, Self::closures),
            (3, Self::exceptions),
            (2, Self::runtime_errors),
            (2, Self::labels_and_switch),
            (2, Self::long_loop),
        ]
    }

    /// A fresh suffix for the names of one kernel.
    fn id(&mut self) -> String {
        self.next += 1;
        self.next.to_string()
    }

    /// Adds declarations (or any text) at the top level.
    fn decl(&mut self, text: &str) {
        self.out.text(text);
    }

    /// Adds a driver: at the top level, or as the body of a function that is called once or
    /// twice (its names are the kernel's own, so a second call does the same again).
    fn driver(&mut self, k: &str, body: &str) {
        match self.rng.weighted(&[3, 2, 1]) {
            0 => self.out.text(body),
            1 => {
                self.out.text(&fill("function drive$k() {", &[("k", k)]));
                self.out.text(body);
                self.out.text("}");
                self.out.text(&fill("drive$k();", &[("k", k)]));
            }
            _ => {
                self.out.text(&fill("const drive$k = () => {", &[("k", k)]));
                self.out.text(body);
                self.out.text("};");
                self.out.text(&fill("drive$k();\ndrive$k();", &[("k", k)]));
            }
        }
    }

    /// Iterations of a driver loop: from enough to compile the callees in the modes that
    /// compile early, to enough for the default thresholds (1000 calls and iterations) and for
    /// on-stack replacement in the `osr` mode.
    fn iterations(&mut self) -> u64 {
        *self.rng.pick(&[200, 1100, 1500, 2500, 4000])
    }

    /// An iteration below `n` where something changes: half-way, near the end, or anywhere.
    fn switch_point(&mut self, n: u64) -> u64 {
        match self.rng.below(3) {
            0 => n / 2,
            1 => n - 1 - self.rng.below(3).min(n - 1),
            _ => self.rng.below(n),
        }
    }

    /// How often a driver prints: at most about 25 lines per loop.
    fn every(&mut self, n: u64) -> u64 {
        (n / 25).max(1) + self.rng.below(n / 5 + 1)
    }

    /// One of `items`, as an owned string.
    fn pick_str(&mut self, items: &[&str]) -> String {
        (*self.rng.pick(items)).to_string()
    }

    /// How the program ends: usually normally, sometimes with an uncaught exception thrown
    /// from a function compiled by then, or with `process.exit`.
    fn ending(&mut self) {
        let k = self.id();
        let n = self.iterations();
        let thrown = self.pick_str(&[
            "new Error(\"end \" + i)",
            "new TypeError(\"bad value\")",
            "new RangeError(\"out of range: \" + i)",
            "\"end \" + i",
            "i",
            "{ code: i, why: \"end\" }",
            "[i, \"end\"]",
            "null",
            "undefined",
            "i * 0.5",
            "true",
        ]);
        match self.rng.weighted(&[12, 3, 2, 2, 1]) {
            0 => {}
            1 => {
                let text = "function fail$k(i) {\nif (i === $n) {\nthrow $thrown;\n}\nreturn i + 1;\n}\nlet e$k = 0;\nfor (let i = 0; i <= $n; i++) {\ne$k = fail$k(i) + e$k;\n}\nconsole.log(\"not reached\");";
                self.out.text(&fill(text, &[("k", &k), ("n", &n.to_string()), ("thrown", &thrown)]));
            }
            2 => {
                let read = self.pick_str(&["o.inner.v", "o.inner.v.w", "o.f()", "o.inner.f(1)", "o.arr[0]", "o.arr.length"]);
                let text = "function get$k(o) {\nreturn $read;\n}\nconst ok$k = { inner: { v: 1, f: (x) => x }, f: () => 2, arr: [3] };\nfor (let i = 0; i < $n; i++) {\nget$k(ok$k);\n}\nconsole.log(get$k(ok$k));\nconsole.log(get$k({ inner: undefined, f: 5, arr: null }));";
                self.out.text(&fill(text, &[("k", &k), ("n", &n.to_string()), ("read", &read)]));
            }
            3 => {
                let code = self.rng.range(0, 5).to_string();
                self.out.text(&fill("console.log(\"exiting\");\nprocess.exit($code);\nconsole.log(\"not reached\");", &[("code", &code)]));
            }
            _ => {
                let text = "class Fail$k extends Error {\nconstructor(m) {\nsuper(m);\nthis.name = \"Fail$k\";\n}\n}\nfunction deep$k(d) {\nif (d === 0) {\nthrow new Fail$k(\"deep\");\n}\nreturn deep$k(d - 1) + 1;\n}\nconsole.log(deep$k(3) === undefined);";
                self.out.text(&fill(text, &[("k", &k)]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::SplitMix64;

    #[test]
    fn every_kernel_program_parses() {
        for seed in 0..300 {
            let text = source(&mut SplitMix64::new(seed));
            if let Err(e) = lang_es::parser::parse_module(&text, "prog.js") {
                panic!("seed {seed}: {e:?}\n{text}");
            }
            assert!(!has_placeholder(&text), "seed {seed} left a placeholder:\n{text}");
        }
    }

    /// Whether `text` has a `$name` that [`fill`] left (a template literal's `${` is not one).
    fn has_placeholder(text: &str) -> bool {
        text.as_bytes().windows(2).any(|w| w[0] == b'$' && w[1].is_ascii_alphabetic())
    }

    #[test]
    fn kernels_are_deterministic() {
        assert_eq!(source(&mut SplitMix64::new(11)), source(&mut SplitMix64::new(11)));
        assert_ne!(source(&mut SplitMix64::new(11)), source(&mut SplitMix64::new(12)));
    }

    #[test]
    fn every_kind_of_kernel_parses() {
        // Each kind alone, on many seeds, so a rare kind's mistakes show too.
        let kinds = Kernels::<SplitMix64>::table().len();
        for kind in 0..kinds {
            for seed in 0..30 {
                let mut rng = SplitMix64::new(seed);
                let mut k = Kernels { rng: &mut rng, out: Src::new(), next: 0 };
                (Kernels::<SplitMix64>::table()[kind].1)(&mut k);
                let text = k.out.finish();
                if let Err(e) = lang_es::parser::parse_module(&text, "prog.js") {
                    panic!("kind {kind}, seed {seed}: {e:?}\n{text}");
                }
                assert!(!has_placeholder(&text), "kind {kind}, seed {seed} left a placeholder:\n{text}");
            }
        }
    }
}
