//! Kernels on calls: sites that meet new targets (arrows, declarations, methods, builtins,
//! `call` and `apply`), functions and methods redefined under compiled callers, calls with
//! missing and extra arguments (defaults, rest parameters, spread), bounded recursion, and
//! destructuring of arguments and results.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

impl<E: Entropy> Kernels<'_, E> {
    /// Function values of several kinds called through higher-order helpers: first one
    /// target, from a switch point several, so the helpers' call sites go polymorphic and
    /// megamorphic while compiled.
    pub(super) fn call_targets(&mut self) {
        let k = self.id();
        let bodies = ["x + 1", "x * 2", "x - 3", "x / 2 + 7", "x * 65536", "\"s\" + x", "x % 5", "-x", "x > 100", "[x].length + x"];
        let members = 2 + self.rng.below(5) as usize;
        let mut names = Vec::new();
        for m in 0..members {
            let body = *self.rng.pick(&bodies);
            let name = format!("leaf{k}_{m}");
            let text = match self.rng.below(5) {
                0 => format!("const {name} = (x) => {body};"),
                1 => format!("function {name}(x) {{\nreturn {body};\n}}"),
                2 => format!("const {name} = function (x) {{\nreturn {body};\n}};"),
                3 => format!("class K{name} {{\nstatic run(x) {{\nreturn {body};\n}}\n}}\nconst {name} = K{name}.run;"),
                _ => format!("const {name} = {{ f(x) {{\nreturn {body};\n}} }}.f;"),
            };
            self.decl(&text);
            names.push(name);
        }
        if self.rng.chance(1, 3) {
            names.push(self.pick_str(&["Math.abs", "Math.floor", "Math.sqrt", "String", "Number", "Math.sign"]));
        }
        let list = names.join(", ");
        let call = self.pick_str(&[
            "apply$k(f, i)",
            "twice$k(f, i)",
            "f(i)",
            "f.call(null, i)",
            "f.apply(undefined, [i])",
            "holder$k.g(i)",
            "fs$k[i % m$k](i)",
        ]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let count = names.len().to_string();
        let vars = [
            ("k", k.as_str()),
            ("list", &list),
            ("call", &call),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
            ("count", &count),
        ];
        self.decl(&fill(
            "const fs$k = [$list];\nfunction apply$k(f, x) {\nreturn f(x);\n}\nfunction twice$k(f, x) {\nreturn f(f(x));\n}\nconst holder$k = { g: null };",
            &vars,
        ));
        let body = "let m$k = 1;\nlet acc$k = 0;\nfor (let i = 0; i < $n; i++) {\nif (i === $at) m$k = $count;\nconst f = fs$k[i % m$k];\nholder$k.g = f;\nconst r = $call;\nacc$k = typeof r === \"number\" ? acc$k + r : acc$k + 1;\nif (i % $every === 0) {\nconsole.log(i, r);\n}\n}\nconsole.log(acc$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A function that a compiled caller calls (and inlines) is replaced part-way through the
    /// loop: a `let` holding an arrow, a function declaration assigned, a method on a class's
    /// prototype or on an object; the code that depended on the old one must not run again.
    pub(super) fn redefinition(&mut self) {
        let k = self.id();
        let old = self.pick_str(&["x + 1", "x * 2", "x", "x - 0.5"]);
        let new = self.pick_str(&["x + 100", "x - 1", "x * 3", "x / 2", "\"n\" + x", "2147483647 + x", "-x"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let (decl, replace, use_) = match self.rng.below(5) {
            0 => ("let target$k = (x) => $old;", "target$k = (x) => $new;", "target$k(x) + target$k(1)"),
            1 => (
                "function target$k(x) {\nreturn $old;\n}",
                "target$k = function (x) {\nreturn $new;\n};",
                "target$k(x) + target$k(1)",
            ),
            2 => (
                "class Host$k {\nm(x) {\nreturn $old;\n}\n}\nconst host$k = new Host$k();",
                "Host$k.prototype.m = function (x) {\nreturn $new;\n};",
                "host$k.m(x) + host$k.m(1)",
            ),
            3 => ("const host$k = {\nm(x) {\nreturn $old;\n}\n};", "host$k.m = (x) => $new;", "host$k.m(x) + host$k.m(1)"),
            _ => (
                "var target$k = function (x) {\nreturn $old;\n};",
                "var target$k = (x) => $new;",
                "target$k(x) - target$k(2)",
            ),
        };
        let vars = [
            ("k", k.as_str()),
            ("old", &old),
            ("new", &new),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
            ("use", use_),
        ];
        self.decl(&fill(decl, &vars));
        self.decl(&fill("function caller$k(x) {\nreturn $use;\n}", &vars));
        let body = fill(
            "let acc$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst r = caller$k(i);\nacc$k = typeof r === \"number\" ? acc$k + r : acc$k + r.length;\nif (i === $at) {\n$replace\n}\nif (i % $every === 0) {\nconsole.log(i, r);\n}\n}\nconsole.log(acc$k, caller$k(7));",
            &[("replace", replace)],
        );
        // A redefinition by `var` must stay at the top level of the module (or of the driver).
        self.driver(&k, &fill(&body, &vars));
    }

    /// Calls with fewer arguments than parameters (missing ones are `undefined`, or take their
    /// default), with more (into a rest parameter, or dropped), and with spread arguments, all
    /// from one hot loop into the same functions.
    pub(super) fn arity(&mut self) {
        let k = self.id();
        let default = self.pick_str(&["10", "a * 2", "-0", "\"d\"", "undefined", "b"]);
        let rest = self.pick_str(&["rest.length", "rest[0] ?? 0", "rest.reduce((s, v) => s + v, 0)", "rest.length > 1 ? rest[1] : -1"]);
        let n = self.iterations();
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("default", &default), ("rest", &rest), ("n", &n.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "function opt$k(a, b, c = $default, ...rest) {\nif (b === undefined) {\nreturn a;\n}\nreturn a + b + c + ($rest);\n}\nfunction plain$k(a, b) {\nreturn a + b;\n}\nconst arrow$k = (a, b = a + 1) => a * b;\nconst spread$k = [[], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4, 5]];",
            &vars,
        ));
        let body = "let s$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst m = i % 7;\nlet r;\nif (m === 0) r = opt$k(i);\nelse if (m === 1) r = opt$k(i, 2);\nelse if (m === 2) r = opt$k(i, 2, 3);\nelse if (m === 3) r = opt$k(i, 2, 3, 4, 5);\nelse if (m === 4) r = opt$k(...spread$k[i % 5]);\nelse if (m === 5) r = plain$k(i) + arrow$k(i);\nelse r = plain$k(i, 1, 2) + arrow$k(i, undefined) + arrow$k(...spread$k[i % 5], 9);\ns$k = typeof r === \"number\" ? s$k + r : s$k + String(r).length;\nif (i % $every === 0) {\nconsole.log(i, r, s$k);\n}\n}\nconsole.log(s$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Recursion kept shallow: a doubly recursive function whose base case changes type, an
    /// accumulating one, mutually recursive ones, and a recursive closure, called from a loop.
    pub(super) fn recursion(&mut self) {
        let k = self.id();
        let base = self.pick_str(&["n", "1", "\"b\"", "0.5", "n * 2147483647", "-0"]);
        let start = self.pick_str(&["0", "2147483600", "\"\"", "0.25"]);
        let loops = self.pick_str(&["60", "200", "600"]);
        let depth = self.pick_str(&["8", "12", "15"]);
        let vars = [("k", k.as_str()), ("base", &base), ("start", &start), ("loops", &loops), ("depth", &depth)];
        self.decl(&fill(
            "function fib$k(n) {\nif (n < 2) {\nreturn $base;\n}\nreturn fib$k(n - 1) + fib$k(n - 2);\n}\nfunction sum$k(n, acc) {\nif (n < 1) {\nreturn acc;\n}\nreturn sum$k(n - 1, acc + n);\n}\nfunction even$k(n) {\nreturn n === 0 ? true : odd$k(n - 1);\n}\nfunction odd$k(n) {\nreturn n === 0 ? false : even$k(n - 1);\n}\nconst walk$k = (n) => n <= 0 ? [] : [n, ...walk$k(n - 3)];",
            &vars,
        ));
        let body = "for (let i = 0; i < $loops; i++) {\nconst f = fib$k(i % $depth);\nconst s = sum$k(i % 40, $start);\nconst e = even$k(i % 30);\nconst w = walk$k(i % 10);\nif (i % 13 === 0) {\nconsole.log(i, f, s, e, w);\n}\n}";
        self.driver(&k, &fill(body, &vars));
    }

    /// Destructuring in parameters, declarations and assignments in a hot loop, with defaults
    /// that apply when a value is missing, and rest elements.
    pub(super) fn destructuring(&mut self) {
        let k = self.id();
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let late = self.pick_str(&["{ x: \"s\", y: null }", "{ y: 2.5 }", "{ x: i, y: i, z: [i] }", "{}", "{ x: undefined, y: -0 }"]);
        let vars = [("k", k.as_str()), ("n", &n.to_string()), ("at", &at.to_string()), ("every", &every.to_string()), ("late", &late)];
        self.decl(&fill(
            "function point$k({ x = 1, y = x * 2 }, [a, , b = 3, ...more] = []) {\nreturn x + y + a + b + more.length;\n}\nconst pair$k = (i) => [i, i % 3, i % 5, i % 7];",
            &vars,
        ));
        let body = "let t$k = 0;\nlet u$k = 0;\nlet w$k = 0;\nfor (let i = 0; i < $n; i++) {\nlet o = { x: i, y: i % 9 };\nif (i >= $at) o = $late;\nconst [p, q, ...r] = pair$k(i);\nconst { x, y = 7 } = o;\n[u$k, w$k] = [w$k + p, u$k + q];\nt$k += point$k(o, pair$k(i)) + r.length;\nif (i % $every === 0) {\nconsole.log(i, x, y, t$k, u$k, w$k);\n}\n}\nconsole.log(t$k, u$k, w$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
