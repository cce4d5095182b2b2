//! Kernels on numbers: operators that meet new operand types after thousands of integers,
//! int32 arithmetic that overflows into doubles, `-0` and `NaN` where integers were expected,
//! bitwise operators and shifts (`>>>` leaves int32), and loose and strict comparisons across
//! types.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

/// Operations on `a` and `b`, each written into a function the driver calls (or inline).
const OPERATIONS: &[&str] = &[
    "a + b",
    "a - b",
    "a * b",
    "a / b",
    "a % b",
    "a ** b",
    "a & b",
    "a | b",
    "a ^ b",
    "a << b",
    "a >> b",
    "a >>> b",
    "a < b",
    "a <= b",
    "a > b",
    "a >= b",
    "a == b",
    "a != b",
    "a === b",
    "a !== b",
    "-a",
    "+a",
    "~a",
    "!a",
    "typeof a",
    "a * b + 1",
    "(a + b) | 0",
    "(a * b) >>> 0",
    "a % b - b",
    "a > b ? a : b",
    "a && b",
    "a || b",
    "a ?? b",
    "Math.floor(a / b)",
    "Math.max(a, b)",
    "Math.min(a, b)",
    "Math.abs(a - b)",
    "Math.round(a / b)",
    "Math.trunc(a / b)",
    "Math.sign(a - b)",
    "Math.sqrt(a)",
    "Math.ceil(a / b)",
    "Math.min(a, b) + Math.max(b, a)",
    "(a - b) * (a + b)",
    "a * 65536 * 65536",
    "a / 2 | 0",
    "a + b + \"\"",
    "\"\" + a + b",
];

/// Second operands.
const SECONDS: &[&str] =
    &["3", "7", "1", "-1", "0", "2", "31", "32", "2147483647", "-2147483648", "i + 1", "i % 5", "0.5", "\"2\"", "-0"];

/// What the first operand becomes at the switch point: doubles, the edges of int32, `-0`,
/// `NaN`, strings, booleans, `null`, `undefined`, arrays.
const OTHERS: &[&str] = &[
    "0.5",
    "-0",
    "NaN",
    "Infinity",
    "-Infinity",
    "\"7\"",
    "\"x\"",
    "\"\"",
    "true",
    "null",
    "undefined",
    "2147483647",
    "-2147483648",
    "2147483648",
    "4294967296",
    "1e21",
    "-1e-7",
    "[3]",
    "[]",
    "i + 0.5",
    "i * 1.5",
    "\"\" + i",
    "-i - 0.25",
    "2147483647 + i",
    "i * 65536 * 65536",
    "-i",
];

impl<E: Entropy> Kernels<'_, E> {
    /// An operation in a function the loop calls with integers, then, from a switch point (or
    /// at one iteration), with a value of another kind; the compiled operation's speculation
    /// fails and the node generalizes. Numbers are summed, other results counted.
    pub(super) fn operator_switch(&mut self) {
        let k = self.id();
        let op = self.pick_str(OPERATIONS);
        let b = self.pick_str(SECONDS);
        let other = self.pick_str(OTHERS);
        let base = self.pick_str(&["i", "i - 700", "i * 3", "i | 0", "-i", "i % 17", "i * 100000"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let cmp = self.pick_str(&["===", ">="]);
        let every = self.every(n);
        let how = self.rng.below(4);
        let decl = match how {
            0 => "function op$k(a, b) {\nreturn $op;\n}",
            1 => "const op$k = (a, b) => $op;",
            2 => "const ops$k = {\nrun(a, b) {\nreturn $op;\n}\n};\nconst op$k = (a, b) => ops$k.run(a, b);",
            _ => "",
        };
        // The fourth way puts the operation in the loop itself, where only on-stack
        // replacement compiles it.
        let call = if how == 3 { fill("((a, b) => $op)(a, $b)", &[("op", &op), ("b", &b)]) } else { format!("op{k}(a, {b})") };
        let vars = [
            ("k", k.as_str()),
            ("op", &op),
            ("b", &b),
            ("other", &other),
            ("base", &base),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("cmp", &cmp),
            ("every", &every.to_string()),
            ("call", &call),
        ];
        self.decl(&fill(decl, &vars));
        let body = "let nums$k = 0;\nlet sum$k = 0;\nlet other$k = 0;\nfor (let i = 0; i < $n; i++) {\nlet a = $base;\nif (i $cmp $at) {\na = $other;\n}\nconst r = $call;\nif (typeof r === \"number\") {\nnums$k++;\nif (r - r === 0) {\nsum$k += r;\n}\n} else {\nother$k++;\n}\nif (i % $every === 0 || i === $at) {\nconsole.log(i, a, r);\n}\n}\nconsole.log(nums$k, sum$k, other$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// An accumulator updated by a step that crosses the int32 range (kept in range or not by
    /// a wrap), so additions and multiplications that were int32 overflow into doubles, and
    /// `| 0` or `>>> 0` bring them back.
    pub(super) fn overflow(&mut self) {
        let k = self.id();
        let step = self.pick_str(&[
            "x * 3 + i",
            "x + 2147483000",
            "x * 2 - i",
            "(x << 1) + i",
            "x * x + 1",
            "x + i * 65536",
            "-x + i",
            "x - 1073741824",
            "x * 31 + i",
            "x + x",
            "x * -7 + 3",
            "x - i * i",
            "(x | 0) + 2147483647",
        ]);
        let wrap = self.pick_str(&[
            "",
            "x$k = x$k | 0;",
            "x$k = x$k % 1000003;",
            "x$k = x$k >>> 0;",
            "if (x$k > 1e15 || x$k < -1e15) x$k = i;",
            "x$k = x$k % 2147483647;",
            "if (i % 97 === 0) x$k = -0;",
        ]);
        let start = self.pick_str(&["0", "1", "2147483647", "-2147483648", "1073741824", "0.5", "-1"]);
        let n = self.iterations();
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("step", &step), ("start", &start), ("n", &n.to_string()), ("every", &every.to_string())];
        self.decl(&fill("function step$k(x, i) {\nreturn $step;\n}", &vars));
        let body = fill(
            "let x$k = $start;\nfor (let i = 0; i < $n; i++) {\nx$k = step$k(x$k, i);\n$wrap\nif (i % $every === 0) {\nconsole.log(i, x$k);\n}\n}\nconsole.log(x$k, x$k | 0, x$k >>> 0, -x$k, x$k % 7, x$k / 3);",
            &[("wrap", &wrap)],
        );
        self.driver(&k, &fill(&body, &vars));
    }

    /// Products of small integers that are `-0` (`0 * -2`), remainders that are `-0`
    /// (`-4 % 2`), and then doubles, `NaN` and infinities, in a function whose results show
    /// every distinction: `1 / m`, `Math.sign`, `m === 0`, `m !== m`.
    pub(super) fn negative_zero(&mut self) {
        let k = self.id();
        let make = self.pick_str(&["a * b", "a % b", "-(a * b)", "a * b / 3", "Math.round(a / 4)", "a - a * 1", "b * 0", "Math.ceil(a / 5)"]);
        let late = self.pick_str(&["a * 0.5", "-0", "NaN", "a / 0", "Infinity", "a - 0.25", "-a * 0", "\"0\"", "null"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("make", &make), ("late", &late), ("n", &n.to_string()), ("at", &at.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "function probe$k(a, b) {\nconst m = $make;\nreturn [m, 1 / m, m === 0, m !== m, Math.min(a, m), Math.sign(m), m % 3, -m];\n}",
            &vars,
        ));
        let body = "let zeros$k = 0;\nlet negative$k = 0;\nfor (let i = 0; i < $n; i++) {\nlet a = i % 7 - 3;\nconst b = i % 5 - 2;\nif (i >= $at) {\na = $late;\n}\nconst r = probe$k(a, b);\nif (r[0] === 0) zeros$k++;\nif (r[1] === -Infinity) negative$k++;\nif (i % $every === 0 || i === $at) {\nconsole.log(i, r);\n}\n}\nconsole.log(zeros$k, negative$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A string hash of shifts and bitwise operators, fed integers and then doubles, strings
    /// and values past int32; `>>>` gives results above int32's range.
    pub(super) fn bitwise(&mut self) {
        let k = self.id();
        let s1 = self.pick_str(&["5", "1", "13", "31", "32", "33"]);
        let s2 = self.pick_str(&["16", "0", "1", "31", "7"]);
        let bop = self.pick_str(&["^", "|", "&", "+", "-"]);
        let last = self.pick_str(&[" | 0", " >>> 0", "", " & 65535", " % 1000", " >> 1"]);
        let seed = self.pick_str(&["0", "5381", "-1", "2166136261", "0.5"]);
        let v = self.pick_str(&["i", "i * 7", "\"abc\".charCodeAt(i % 3)", "-i", "i << 20"]);
        let late = self.pick_str(&["i + 0.5", "\"7\"", "-i * 65536", "4294967295", "NaN", "undefined", "2 ** 40 + i", "-0"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("s1", &s1),
            ("s2", &s2),
            ("bop", &bop),
            ("last", &last),
            ("seed", &seed),
            ("v", &v),
            ("late", &late),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill("function hash$k(h, v) {\nh = (h << $s1) - h + v;\nh = h $bop (h >>> $s2);\nreturn h$last;\n}", &vars));
        let body = "let h$k = $seed;\nfor (let i = 0; i < $n; i++) {\nlet v = $v;\nif (i >= $at) v = $late;\nh$k = hash$k(h$k, v);\nif (i % $every === 0) {\nconsole.log(i, h$k);\n}\n}\nconsole.log(h$k, h$k >>> 0, ~h$k, h$k >> 33, h$k << 32, h$k >>> 31, (h$k | 0).toString(16), (h$k >>> 0).toString(2).length);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A comparison in a hot function, on integers and then on every pair of a table of
    /// values of different types, where `==` converts and `===` does not.
    pub(super) fn comparisons(&mut self) {
        let k = self.id();
        let op = self.pick_str(&["==", "!=", "===", "!==", "<", "<=", ">", ">="]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let vars = [("k", k.as_str()), ("op", &op), ("n", &n.to_string()), ("at", &at.to_string())];
        self.decl(&fill(
            "const values$k = [0, -0, \"0\", \"\", \" \", null, undefined, NaN, false, true, 1, \"1\", \"1.0\", [], [0], \"abc\", \"abd\", 2147483648, 0.5, \"10\", \"9\", [1, 2], \"1,2\", Infinity];\nfunction cmp$k(a, b) {\nreturn a $op b;\n}",
            &vars,
        ));
        let body = "let count$k = 0;\nlet row$k = \"\";\nfor (let i = 0; i < $n; i++) {\nconst a = i < $at ? i % 13 : values$k[i % values$k.length];\nconst b = i < $at ? (i * 7) % 11 : values$k[(i * 7 + 3) % values$k.length];\nconst r = cmp$k(a, b);\nif (r) count$k++;\nif (i >= $at && i < $at + 48) row$k += r ? \"1\" : \"0\";\n}\nconsole.log(count$k, row$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
