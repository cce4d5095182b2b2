//! Kernels on arrays: growth by `push` and by writes past the end (holes), shrinking by `pop`
//! and `length` writes, elements that change kind (integers, doubles, strings, holes) under a
//! compiled reader, and the methods that call back into guest code.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

impl<E: Entropy> Kernels<'_, E> {
    /// An array grown by `push` and by writes past its end, shrunk by `pop` and `length`
    /// writes, and read at every iteration, holes included.
    pub(super) fn array_growth(&mut self) {
        let k = self.id();
        let elem = self.pick_str(&["i", "i * 0.5", "i % 3 === 0 ? \"s\" + i : i", "-i", "i % 5 === 0 ? undefined : i"]);
        let cap = self.pick_str(&["16", "64", "200"]);
        let keep = self.pick_str(&["0", "3", "10"]);
        let hole = self.pick_str(&["7", "13", "50"]);
        let gap = self.pick_str(&["1", "2", "5"]);
        let n = self.iterations();
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("elem", &elem),
            ("cap", &cap),
            ("keep", &keep),
            ("hole", &hole),
            ("gap", &gap),
            ("n", &n.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill("function at$k(a, i) {\nreturn a[i];\n}", &vars));
        let body = "const a$k = [];\nlet sum$k = 0;\nlet holes$k = 0;\nfor (let i = 0; i < $n; i++) {\na$k.push($elem);\nif (a$k.length > $cap) {\na$k.length = $keep;\n}\nif (i % $hole === 0) {\na$k[a$k.length + $gap] = i;\n}\nif (i % 11 === 4) a$k.pop();\nconst v = at$k(a$k, (i * 7) % (a$k.length + 1));\nif (v === undefined) holes$k++;\nelse sum$k = typeof v === \"number\" ? sum$k + v : sum$k + v.length;\nif (i % $every === 0) {\nconsole.log(i, a$k.length, a$k.slice(0, 6), v, 2 in a$k);\n}\n}\nconsole.log(sum$k, holes$k, a$k.length, a$k.indexOf(3), a$k.includes(undefined), a$k.join(\"|\").length);\nlet seen$k = 0;\nfor (const v of a$k) {\nif (v !== undefined) seen$k++;\n}\nconsole.log(seen$k, a$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A reader and a writer of array elements compiled on integer elements, then handed
    /// arrays of doubles, strings, holes and mixed elements, and indices past the end or
    /// negative.
    pub(super) fn element_kinds(&mut self) {
        let k = self.id();
        let late = self.pick_str(&[
            "[1.5, 2.5, 3.5, 4.5]",
            "[\"a\", \"b\", \"c\"]",
            "[1, , 3, , 5]",
            "[1, \"2\", 3.5, null, undefined, [6]]",
            "new Array(6)",
            "[2147483647, -2147483648, -0, NaN]",
            "Array.of(9, 8, 7)",
        ]);
        let index = self.pick_str(&["i % 4", "i % 9", "i % 4 - 1", "i % 4 + 0.5", "\"\" + i % 4"]);
        let write = self.pick_str(&["a[j] = a[j] + 1;", "a[j] = i;", "a[j] = i * 0.5;", "a[j] = \"w\";", "a[a.length] = i;", ""]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("late", &late),
            ("index", &index),
            ("write", &write),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill("function touch$k(a, i) {\nconst j = $index;\nconst before = a[j];\n$write\nreturn before;\n}", &vars));
        let body = "let a$k = [1, 2, 3, 4];\nlet s$k = 0;\nfor (let i = 0; i < $n; i++) {\nif (i === $at) a$k = $late;\nif (a$k.length > 50) a$k.length = 4;\nconst r = touch$k(a$k, i);\ns$k = typeof r === \"number\" ? s$k + r : s$k + String(r).length;\nif (i % $every === 0 || i === $at) {\nconsole.log(i, r, a$k.length);\n}\n}\nconsole.log(s$k, a$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Arrays made by `new Array(len)` in a compiled function (which makes short ones in
    /// place), with a length that changes at a switch point to one that is long, zero, not an
    /// integer or invalid; each array is written, grown and read, and some are kept across
    /// the collections the loop's garbage brings.
    pub(super) fn arrays_of_holes(&mut self) {
        let k = self.id();
        let len = self.pick_str(&["i % 16", "(i % 15) + 1", "4", "i % 3 + 13"]);
        let late = self.pick_str(&["i % 40", "0", "2.5", "-1", "\"7\"", "4294967295", "16"]);
        let write = self.pick_str(&["a[i % (a.length + 1)] = i;", "a.push(i);", "a[0] = a.length;", "a.length = i % 3;", ""]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("len", &len),
            ("late", &late),
            ("write", &write),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill("function holes$k(n) {\nreturn new Array(n);\n}", &vars));
        let body = "const kept$k = [];\nlet s$k = 0;\nfor (let i = 0; i < $n; i++) {\nlet a;\ntry {\na = holes$k(i < $at ? $len : $late);\n} catch (e) {\nconsole.log(i, e.name);\ncontinue;\n}\n$write\nlet filled = 0;\nfor (let j = 0; j < a.length; j++) {\nif (j in a) filled++;\n}\ns$k += a.length * 3 + filled;\nif (i % 7 === 0) kept$k.push(a);\nif (i % $every === 0 || i === $at) {\nconsole.log(i, a.length, filled, a[0], a.length > 1 ? a[a.length - 1] : -1);\n}\n}\nlet t$k = 0;\nfor (const a of kept$k) {\nt$k += a.length;\nfor (const v of a) {\nif (v !== undefined) t$k += v;\n}\n}\nconsole.log(s$k, kept$k.length, t$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Array methods whose callbacks are closures, called many times on small arrays, with a
    /// callback that changes at a switch point; `forEach` also over arrays its callback
    /// shortens and grows, and over holes.
    pub(super) fn array_callbacks(&mut self) {
        let k = self.id();
        let pipe = self.pick_str(&[
            "a.map((x) => x * f(x)).filter((x) => x % 3 !== 0).reduce((s, x) => s + x, 0)",
            "a.filter((x, j) => j % 2 === 0).map(f).join(\",\")",
            "a.some((x) => f(x) > 50) ? a.findIndex((x) => f(x) > 50) : -1",
            "a.slice().sort((x, y) => f(y) - f(x)).slice(0, 3)",
            "a.reduceRight((s, x) => s + f(x), \"\")",
            "a.every((x) => typeof f(x) === \"number\") + \":\" + a.find((x) => f(x) === 4)",
            "[...a, ...a.map(f)].indexOf(f(2))",
            "a.concat([f(1)]).reverse().at(0)",
            "((s) => { a.forEach((x, j, b) => { s += f(x) * j + b.length; }); return s; })(0)",
            "((out) => { a.slice().forEach((x, j, b) => { if (j === 2) b.length = 4; if (j === 0) b.push(f(x)); out.push(f(x)); }); return out.join(\"|\"); })([])",
            "((n) => { [a[0], , f(a[1])].forEach((x) => { n = n + \":\" + x; }); return n; })(\"\")",
        ]);
        let second = self.pick_str(&["(x) => x * 0.5", "(x) => \"\" + x", "(x) => -x", "(x) => x % 4", "(x) => x + 2147483647"]);
        let n = self.pick_str(&["300", "1200", "2000"]);
        let at = self.pick_str(&["150", "900", "1199"]);
        let vars = [("k", k.as_str()), ("pipe", &pipe), ("second", &second), ("n", &n), ("at", &at)];
        self.decl(&fill("function run$k(a, f) {\nreturn $pipe;\n}", &vars));
        let body = "let f$k = (x) => x + 1;\nconst data$k = [5, 3, 8, 1, 9, 2, 7];\nlet last$k;\nfor (let i = 0; i < $n; i++) {\nif (i === $at) f$k = $second;\ndata$k[i % 7] = i % 20;\nlast$k = run$k(data$k, f$k);\nif (i % 97 === 0 || i === $at) {\nconsole.log(i, last$k);\n}\n}\nconsole.log(last$k, data$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
