//! Kernels on strings: building a string in a hot loop (concatenation, templates, number
//! printing, indexing and searching), and converting values of every type to strings and
//! numbers at a site that saw only integers before.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

impl<E: Entropy> Kernels<'_, E> {
    /// A string grown by a piece per iteration and cut back when long, read by index, code
    /// unit, search and comparison; the pieces come from number printing, templates,
    /// `fromCharCode`, `repeat` and `toFixed`.
    pub(super) fn string_building(&mut self) {
        let k = self.id();
        let piece = self.pick_str(&[
            "i % 10 + \"\"",
            "String.fromCharCode(97 + i % 26)",
            "\"x\" + i",
            "i.toString(36)",
            "(i * 0.25).toFixed(2)",
            "`${i % 3}-${i % 7}`",
            "\"ab\".repeat(i % 3)",
            "String(i * 1.5)",
            "(i / 7).toString().slice(0, 5)",
            "[i, i % 4].join(\":\")",
            "i % 2 === 0 ? \"e\" : i",
            "(-i).toString(2)",
        ]);
        let cap = self.pick_str(&["40", "100", "300"]);
        let cut = self.pick_str(&["10", "-20", "1"]);
        let n = self.iterations();
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("piece", &piece), ("cap", &cap), ("cut", &cut), ("n", &n.to_string()), ("every", &every.to_string())];
        self.decl(&fill("function piece$k(i) {\nreturn $piece;\n}", &vars));
        let body = "let s$k = \"\";\nlet total$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst p = piece$k(i);\ns$k += p;\nif (s$k.length > $cap) {\ns$k = s$k.slice($cut);\n}\ntotal$k += p.length + s$k.charCodeAt(i % s$k.length);\nif (i % $every === 0) {\nconsole.log(s$k.length, s$k.slice(0, 16), p, s$k[3], s$k.indexOf(\"1\"), s$k < p);\n}\n}\nconsole.log(total$k, s$k.length, s$k.lastIndexOf(\"a\"), s$k.toUpperCase().slice(-10), s$k.split(\"1\").length, s$k.includes(\"x9\"), s$k.padStart(5, \"*\").slice(0, 7));";
        self.driver(&k, &fill(body, &vars));
    }

    /// A scanner reading a text one character at a time (`substring`, `charAt`, indexing) and
    /// comparing each with literals, strictly and loosely, the text growing characters past
    /// Latin-1 and the compared value turning into `null`, a number or a longer string late.
    pub(super) fn char_scan(&mut self) {
        let k = self.id();
        let read = self.pick_str(&["src.substring(i, i + 1)", "src.charAt(i)", "src[i]", "src.slice(i, i + 1)"]);
        let test = self.pick_str(&[
            "ch === \"a\" || ch === \"1\"",
            "ch !== \" \" && ch != \"x\"",
            "\"\\u00e9\" === ch",
            "ch == want",
            "ch === want || ch + ch === want",
        ]);
        let extra = self.pick_str(&["\"\\u0101\"", "\"\\u00e9\"", "\"ab\"", "\"\"", "String(i % 10)"]);
        let late = self.pick_str(&["null", "1", "\"aa\"", "undefined", "\"a\""]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let vars = [("k", k.as_str()), ("read", &read), ("test", &test), ("extra", &extra), ("late", &late), ("n", &n.to_string()), ("at", &at.to_string())];
        self.decl(&fill("function scan$k(src, want) {\nlet hits = 0;\nfor (let i = 0; i < src.length; i++) {\nconst ch = $read;\nif ($test) hits++;\n}\nreturn hits;\n}", &vars));
        let body = "let text$k = \"a1 xa\";\nlet sum$k = 0;\nfor (let i = 0; i < $n; i++) {\nif (i % 50 === 0 && text$k.length < 60) text$k += $extra + \"a1\";\nsum$k += scan$k(text$k, i < $at ? \"a\" : $late);\n}\nconsole.log(sum$k, text$k.length);";
        self.driver(&k, &fill(body, &vars));
    }

    /// A conversion in a hot function, on integers and then on values of every type: strings
    /// that are numbers and strings that are not, doubles, `-0`, booleans, `null`,
    /// `undefined`, arrays.
    pub(super) fn conversions(&mut self) {
        let k = self.id();
        let form = self.pick_str(&[
            "String(v) + \"|\" + Number(v)",
            "v + 1",
            "v * 1",
            "parseInt(v)",
            "parseFloat(v)",
            "v | 0",
            "!v + \"\" + !!v",
            "v == 0",
            "`<${v}>`",
            "Number(v) + String(v).length",
            "isNaN(v)",
            "Math.floor(v)",
            "v - \"1\"",
            "+v",
            "v >>> 1",
            "String(v).length",
            "Number.isInteger(v)",
            "v < \"5\"",
        ]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("form", &form), ("n", &n.to_string()), ("at", &at.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "const inputs$k = [\"12\", \" 42 \", \"12px\", \"0x1f\", \"1e3\", \"\", \"abc\", \"-0\", 1.5, -0, 1.5e21, 2147483648, true, false, null, undefined, [7], [1, 2], \"Infinity\", NaN, \"  \", \"0.1\", -7.25, \"٣\"];\nfunction conv$k(v) {\nreturn $form;\n}",
            &vars,
        ));
        let body = "let numbers$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst v = i < $at ? i : inputs$k[i % inputs$k.length];\nconst r = conv$k(v);\nif (typeof r === \"number\") numbers$k++;\nif (i >= $at && i < $at + inputs$k.length) {\nconsole.log(typeof v, r);\n} else if (i % $every === 0) {\nconsole.log(i, r);\n}\n}\nconsole.log(numbers$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
