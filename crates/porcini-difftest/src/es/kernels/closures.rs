//! Kernels on closures: functions that capture mutable variables of their creators, including
//! loop variables (a fresh binding per iteration for `let`, one shared binding for `var`), at
//! several levels of nesting, created and called in hot loops.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

impl<E: Entropy> Kernels<'_, E> {
    /// One of several closure patterns, each printing what its closures saw.
    pub(super) fn closures(&mut self) {
        match self.rng.below(4) {
            0 => self.counters(),
            1 => self.loop_bindings(),
            2 => self.nested_scopes(),
            _ => self.captured_switch(),
        }
    }

    /// Counter objects whose methods share a captured variable, stepped in a hot loop by
    /// amounts that change type at a switch point.
    fn counters(&mut self) {
        let k = self.id();
        let late = self.pick_str(&["0.5", "\"1\"", "-0", "null", "2147483647", "i"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("late", &late), ("n", &n.to_string()), ("at", &at.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "function counter$k(start) {\nlet n = start;\nlet calls = 0;\nreturn {\ninc: (d) => {\ncalls++;\nn += d;\nreturn n;\n},\nget: () => n,\nreset() {\nn = start;\nreturn calls;\n}\n};\n}",
            &vars,
        ));
        let body = "const c$k = [counter$k(0), counter$k(100), counter$k(\"s\")];\nlet last$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst c = c$k[i % 3];\nconst d = i < $at ? i % 3 : $late;\nlast$k = c.inc(d);\nif (i % 500 === 499) c.reset();\nif (typeof last$k === \"string\" && last$k.length > 30) c.reset();\nif (i % $every === 0) {\nconsole.log(i, last$k, c$k[0].get());\n}\n}\nconsole.log(c$k.map((c) => c.get()), c$k.map((c) => c.reset()));";
        self.driver(&k, &fill(body, &vars));
    }

    /// Closures made in loops: `let` gives each iteration its own binding (also when the body
    /// changes it), `var` one binding for all, and a `for-of` binding per element.
    fn loop_bindings(&mut self) {
        let k = self.id();
        let m = self.pick_str(&["5", "20", "100"]);
        let c = self.pick_str(&["1", "3", "0.5", "-2"]);
        let n = self.iterations();
        let vars = [("k", k.as_str()), ("m", &m), ("c", &c), ("n", &n.to_string())];
        let body = "const lets$k = [];\nfor (let i = 0; i < $m; i++) {\nlets$k.push(() => i * $c);\nif (i % 4 === 1) i++;\n}\nconst vars$k = [];\nfor (var j$k = 0; j$k < $m; j$k++) {\nvars$k.push(() => j$k);\n}\nconst ofs$k = [];\nfor (const v of [1, \"b\", 2.5]) {\nofs$k.push(() => v);\n}\nlet total$k = 0;\nfor (let i = 0; i < $n; i++) {\ntotal$k += lets$k[i % lets$k.length]() + vars$k[i % vars$k.length]();\n}\nconsole.log(total$k, lets$k.length, lets$k.map((f) => f()).slice(0, 8), vars$k[0](), ofs$k.map((f) => f()));";
        self.driver(&k, &fill(body, &vars));
    }

    /// Three levels of functions, the innermost writing variables of both outer ones; the
    /// middle level is entered again and again, each time with fresh variables.
    fn nested_scopes(&mut self) {
        let k = self.id();
        let step = self.pick_str(&["a += b;", "a = a * 2 + b;", "a = a + \"\" + b;", "a -= b * 0.5;", "a = (a + b) | 0;"]);
        let n = self.iterations();
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("step", &step), ("n", &n.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "function outer$k() {\nlet a = 0;\nfunction middle(start) {\nlet b = start;\nreturn () => {\n$step\nb++;\nif (typeof a === \"string\" && a.length > 40) a = a.length;\nreturn a;\n};\n}\nreturn { middle, read: () => a };\n}",
            &vars,
        ));
        let body = "const o$k = outer$k();\nlet f$k = o$k.middle(1);\nfor (let i = 0; i < $n; i++) {\nif (i % 300 === 0) f$k = o$k.middle(i);\nconst r = f$k();\nif (i % $every === 0) {\nconsole.log(i, r, o$k.read());\n}\n}\nconsole.log(o$k.read());";
        self.driver(&k, &fill(body, &vars));
    }

    /// A captured variable that a hot closure reads and another writes: its type changes
    /// under the compiled reader. Placed at the top level, the variable is the module's; in a
    /// function, a local that both closures capture.
    fn captured_switch(&mut self) {
        let k = self.id();
        let late = self.pick_str(&["0.25", "\"x\"", "-0", "undefined", "[1]", "2147483647"]);
        let use_ = self.pick_str(&["cell$k + 1", "cell$k * 2", "cell$k - 1", "cell$k < 10", "`${cell$k}`", "cell$k | 0", "-cell$k"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let use_ = fill(&use_, &[("k", &k)]);
        let vars = [
            ("k", k.as_str()),
            ("late", &late),
            ("use", &use_),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
        ];
        let body = "let cell$k = 1;\nconst read$k = () => $use;\nconst write$k = (x) => {\ncell$k = x;\n};\nlet acc$k = 0;\nfor (let i = 0; i < $n; i++) {\nwrite$k(i < $at ? i % 50 : $late);\nconst r = read$k();\nacc$k = typeof r === \"number\" ? acc$k + r : acc$k + 1;\nif (i % $every === 0 || i === $at) {\nconsole.log(i, r);\n}\n}\nconsole.log(acc$k, cell$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
