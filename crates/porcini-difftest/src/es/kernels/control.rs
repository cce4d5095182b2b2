//! Kernels on control flow: exceptions thrown (errors and plain values) from deep in hot code
//! through `finally` blocks, runtime errors raised by compiled code after thousands of
//! iterations that did not raise them, labelled `break` and `continue`, `switch` with
//! fall-through on values that change type, and loops long enough for on-stack replacement in
//! the default mode.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

/// What a hot function throws: errors of built-in and user classes, and plain values.
const THROWN: &[&str] = &[
    "new Oops$k(\"bad \" + i, i)",
    "new TypeError(\"type \" + i)",
    "new RangeError(\"range\")",
    "new Error(\"plain\")",
    "\"str\" + i",
    "i",
    "{ code: i }",
    "[i, i + 1]",
    "null",
    "undefined",
    "i * 0.5",
    "false",
];

impl<E: Entropy> Kernels<'_, E> {
    /// A chain of calls with `finally` blocks whose innermost function throws now and then (and
    /// first only after the chain is compiled); the catch reports what it caught and counters
    /// show every `finally` ran once.
    pub(super) fn exceptions(&mut self) {
        let k = self.id();
        let thrown = self.pick_str(THROWN);
        let n = self.iterations();
        let at = self.switch_point(n);
        let period = self.pick_str(&["1", "7", "50", "100000"]);
        let every = self.every(n);
        let mid = match self.rng.below(4) {
            0 => "function mid$k(i) {\ntry {\nreturn leaf$k(i) + 1;\n} finally {\nfin$k++;\n}\n}",
            1 => "function mid$k(i) {\ntry {\nreturn leaf$k(i) + 1;\n} catch (e) {\nif (typeof e === \"number\") return -e;\nthrow e;\n} finally {\nfin$k++;\n}\n}",
            2 => "function mid$k(i) {\nlet r = 0;\nfor (let j = 0; j < 2; j++) {\ntry {\nr += leaf$k(i + j);\nif (j === 0) continue;\n} finally {\nfin$k++;\n}\n}\nreturn r;\n}",
            _ => "function mid$k(i) {\ntry {\nreturn leaf$k(i);\n} finally {\nfin$k++;\nif (i === $at + 1) {\nreturn -1;\n}\n}\n}",
        };
        let vars = [
            ("k", k.as_str()),
            ("thrown", &thrown),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("period", &period),
            ("every", &every.to_string()),
        ];
        self.decl(&fill(
            "class Oops$k extends Error {\nconstructor(m, v) {\nsuper(m);\nthis.name = \"Oops$k\";\nthis.v = v;\n}\n}\nlet fin$k = 0;\nfunction leaf$k(i) {\nif (i === $at || (i > $at && i % $period === 0)) {\nthrow $thrown;\n}\nreturn i * 2;\n}",
            &vars,
        ));
        self.decl(&fill(mid, &vars));
        self.decl(&fill(
            "function top$k(i) {\nreturn mid$k(i) - 1;\n}\nfunction describe$k(e) {\nif (e instanceof Error) {\nreturn e.name + \": \" + e.message + (e instanceof Oops$k ? \" v=\" + e.v : \"\");\n}\nreturn typeof e + \" \" + String(e);\n}",
            &vars,
        ));
        let body = "let caught$k = 0;\nlet sum$k = 0;\nfor (let i = 0; i < $n; i++) {\ntry {\nsum$k += top$k(i);\n} catch (e) {\ncaught$k++;\nif (caught$k < 6) {\nconsole.log(i, describe$k(e));\n}\n}\nif (i % $every === 0) {\nconsole.log(i, sum$k, fin$k);\n}\n}\nconsole.log(fin$k, caught$k, sum$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A hot function that reads properties, calls methods or indexes arrays successfully for
    /// thousands of iterations, then meets `undefined`, `null` or a non-function: the runtime's
    /// `TypeError` (its message must be node's) is raised from compiled code and caught.
    pub(super) fn runtime_errors(&mut self) {
        let k = self.id();
        let (read, bad) = *self.rng.pick(&[
            ("o.inner.v", "{ inner: undefined }"),
            ("o.inner.v", "{ inner: null }"),
            ("o.f(1)", "{ f: 5 }"),
            ("o.f(1)", "{}"),
            ("o.list[0].v", "{ list: [] }"),
            ("o.inner.f(2)", "{ inner: { f: \"no\" } }"),
            ("o.list.length", "{ list: undefined }"),
            ("o.inner.v = 3", "{ inner: undefined }"),
            ("new o.K(1)", "{ K: () => 1 }"),
            ("new o.K(1)", "{ K: 7 }"),
            ("o.K(1)", "{ K: class A {} }"),
        ]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let vars = [("k", k.as_str()), ("read", read), ("bad", bad), ("n", &n.to_string()), ("at", &at.to_string())];
        self.decl(&fill(
            "function risky$k(o) {\nreturn $read;\n}\nconst good$k = { inner: { v: 1, f: (x) => x * 2 }, f: (x) => x + 1, list: [{ v: 4 }], K: function (x) {\nthis.x = x;\n} };",
            &vars,
        ));
        let body = "let ok$k = 0;\nlet errors$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst o = i >= $at && i % 3 === 0 ? $bad : good$k;\ntry {\nconst r = risky$k(o);\nok$k++;\nif (i === $at) console.log(r);\n} catch (e) {\nerrors$k++;\nif (errors$k < 3) {\nconsole.log(i, e instanceof TypeError, e.name, e.message);\n}\n}\n}\nconsole.log(ok$k, errors$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Labelled loops left by `break` and `continue` of the outer label at points that move,
    /// and a `switch` with fall-through and a default in the middle, on values that change
    /// type at a switch point (cases are matched with `===`).
    pub(super) fn labels_and_switch(&mut self) {
        let k = self.id();
        let n = self.iterations();
        let at = self.switch_point(n);
        let inner = self.pick_str(&["5", "9", "30"]);
        let limit = self.pick_str(&["50", "1000", "100000"]);
        let late = self.pick_str(&["\"2\"", "i % 6 + 0.5", "String(i % 6)", "-0", "null", "i % 6 === 1"]);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("inner", &inner),
            ("limit", &limit),
            ("late", &late),
            ("every", &every.to_string()),
        ];
        self.decl(&fill(
            "function sw$k(v, acc) {\nswitch (v) {\ncase 0:\nreturn acc + 1;\ncase 1:\nacc += 10;\ncase 2:\nacc += 100;\nbreak;\ndefault:\nacc -= 1;\ncase \"2\":\nacc += 1000;\nbreak;\ncase 4: {\nconst t = acc * 2;\nacc = t % 100003;\nbreak;\n}\ncase null:\nacc = -acc;\n}\nreturn acc;\n}",
            &vars,
        ));
        let body = "let c$k = 0;\nlet acc$k = 0;\nouter$k: for (let i = 0; i < $n; i++) {\nfor (let j = 0; j < $inner; j++) {\nif (j === i % $inner) continue outer$k;\nif (i * j > $limit) break outer$k;\nc$k += j;\n}\nlet w = 0;\ndo {\nw++;\nif (w === 3) break;\n} while (w < i % 5);\nc$k += w;\nconst v = i < $at ? i % 6 : $late;\nacc$k = sw$k(v, acc$k);\nif (i % $every === 0) {\nconsole.log(i, c$k, acc$k);\n}\n}\nconsole.log(c$k, acc$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A long loop of simple arithmetic at the top level, past the default on-stack
    /// replacement threshold (100352 iterations), whose variable turns into a double or a
    /// string late.
    pub(super) fn long_loop(&mut self) {
        let k = self.id();
        let n = *self.rng.pick(&[20000u64, 60000, 110000]);
        let at = n - 1 - self.rng.below(n / 10);
        let step = self.pick_str(&["(x + i * 7) % 1000003", "x ^ (i << 3)", "(x * 33 + i) | 0", "x + (i & 15) - 7", "(x + i) % 65521"]);
        let late = self.pick_str(&["x + 0.5", "x + \"!\"", "-0", "x * 65536 * 65536", "NaN"]);
        let vars = [("k", k.as_str()), ("n", &n.to_string()), ("at", &at.to_string()), ("step", &step), ("late", &late)];
        let body = "let x = 0;\nlet w$k = 0;\nwhile (w$k < $n) {\nconst i = w$k;\nw$k++;\nx = $step;\nif (i === $at) x = $late;\n}\nconsole.log(w$k, x);";
        // `x` and `i` are block-scoped in the loop's own block, so the kernel wraps it.
        let body = format!("{{\n{body}\n}}");
        self.driver(&k, &fill(&body, &vars));
    }
}
