//! Kernels on objects: property reads and writes at sites that meet objects of new shapes and
//! values of new types, class hierarchies with fields, accessors, static members and `super`,
//! accessors in object literals, and `typeof`, `??` and optional chaining on values that are
//! sometimes missing.

use crate::entropy::Entropy;

use super::Kernels;
use crate::es::text::fill;

impl<E: Entropy> Kernels<'_, E> {
    /// Objects of several shapes (the same keys in other orders, more keys, keys added after
    /// creation, class instances) read and written through shared helpers: the sites go
    /// polymorphic, then megamorphic, while compiled, and a value's type changes at a switch
    /// point.
    pub(super) fn shapes(&mut self) {
        let k = self.id();
        let makers = [
            "(v) => ({ x: v, y: 1 })",
            "(v) => ({ y: 2, x: v, z: \"z\" })",
            "(v) => {\nconst o = {};\no.x = v;\no.w = v;\nreturn o;\n}",
            "(v) => new P$k(v)",
            "(v) => ({ a: 1, b: 2, c: 3, d: 4, e: 5, x: v })",
            "(v) => {\nconst o = { x: 0 };\no[\"k\" + (v % 3)] = v;\no.x = v;\nreturn o;\n}",
            "(v) => [v, v]",
            "(v) => ({ x: v, y: v, z: { x: v } })",
        ];
        let count = 2 + self.rng.below(6) as usize;
        let mut chosen = Vec::new();
        for _ in 0..count {
            chosen.push(*self.rng.pick(&makers));
        }
        let list = chosen.join(",\n");
        let late = self.pick_str(&["\"s\" + i", "i + 0.5", "i === 3", "null", "[i]", "undefined", "-0", "2147483647 + i"]);
        let key = self.pick_str(&["\"x\"", "\"y\"", "i % 2 === 0 ? \"x\" : \"w\"", "\"k\" + (i % 3)", "0", "\"length\""]);
        let n = self.iterations();
        let widen = self.switch_point(n);
        let retype = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("list", &list),
            ("late", &late),
            ("key", &key),
            ("n", &n.to_string()),
            ("widen", &widen.to_string()),
            ("retype", &retype.to_string()),
            ("every", &every.to_string()),
            ("count", &count.to_string()),
        ];
        self.decl(&fill(
            "class P$k {\nconstructor(v) {\nthis.x = v;\nthis.y = 3;\n}\n}\nconst makers$k = [\n$list\n];\nfunction get$k(o) {\nreturn o.x;\n}\nfunction put$k(o, v) {\no.y = v;\nreturn o.y;\n}\nfunction dyn$k(o, key) {\nreturn o[key];\n}",
            &vars,
        ));
        let body = "let m$k = 1;\nlet same$k = 0;\nfor (let i = 0; i < $n; i++) {\nif (i === $widen) m$k = $count;\nlet v = i;\nif (i > $retype) v = $late;\nconst o = makers$k[i % m$k](v);\nconst g = get$k(o);\nconst p = put$k(o, g);\nconst d = dyn$k(o, $key);\nif (g === v) same$k++;\nif (i % $every === 0) {\nconsole.log(i, Object.keys(o).join(), g, p, d);\n}\n}\nconsole.log(same$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Objects made in a hot loop that compiled code keeps in registers (escape analysis): read
    /// back, updated on the straight path and in branches, made by a factory with an early
    /// return and by a constructor, nested, compared, captured by a closure, sometimes escaping
    /// into an array; a field's value changes type at a switch point, so compiled code leaves
    /// for the interpreter holding objects it never allocated.
    pub(super) fn local_objects(&mut self) {
        let k = self.id();
        let late = self.pick_str(&["\"s\" + i", "i + 0.5", "null", "-0", "2147483647 + i", "i === 3"]);
        let other = self.pick_str(&["make$k(i, v)", "({ a: v, b: i })", "new Pt$k(i, v)", "o"]);
        let update = self.pick_str(&["7", "o.a * 2", "v", "o.b", "o.c.d"]);
        let store = self.pick_str(&["o.b", "o.a + 1", "v", "p.b"]);
        let escape = self.pick_str(&[
            "",
            "if (i % $every === 0) kept$k.push(o);",
            "if (i === $widen) kept$k.push(p);",
            "const f = () => o.a + p.a;\ntotal$k += f();",
            "if (i % 5 === 1) {\nkept$k.push(o.c);\n}",
        ]);
        let n = self.iterations();
        let retype = self.switch_point(n);
        let widen = self.switch_point(n);
        let every = self.every(n);
        let modulus = 2 + self.rng.below(5);
        let vars = [
            ("k", k.as_str()),
            ("late", &late),
            ("other", &other),
            ("update", &update),
            ("store", &store),
            ("escape", &escape),
            ("n", &n.to_string()),
            ("retype", &retype.to_string()),
            ("widen", &widen.to_string()),
            ("every", &every.to_string()),
            ("mod", &modulus.to_string()),
        ];
        self.decl(&fill(
            "class Pt$k {\nconstructor(a, b) {\nthis.a = a;\nthis.b = b;\n}\n}\nfunction make$k(i, v) {\nif (i < 0) return null;\nreturn { a: i, b: v };\n}",
            &vars,
        ));
        let body = "const kept$k = [];\nlet total$k = 0;\nfor (let i = 0; i < $n; i++) {\nlet v = i;\nif (i > $retype) v = $late;\nconst o = { a: i, b: v, c: { d: i % 7 } };\nconst p = $other;\nif (i % $mod === 0) o.a = $update;\no.b = $store;\n$escape\nconst s = o.a + o.c.d + p.a;\ntotal$k = typeof s === \"number\" ? total$k + s : total$k + s.length;\nif (o === p) total$k += 1;\nif (i % $every === 0) {\nconsole.log(i, o.a, o.b, p.a, p.b, typeof o.b);\n}\n}\nconsole.log(total$k, kept$k.length);\nif (kept$k.length > 0) {\nconst last = kept$k[kept$k.length - 1];\nconsole.log(Object.keys(last).join(), last.a, last.b, last.d);\n}";
        self.driver(&k, &fill(&fill(body, &vars), &vars));
    }

    /// A class hierarchy with fields, a static counter, a getter and a setter, `super` calls
    /// and overridden `toString`; a hot loop calls methods on instances of more and more
    /// classes.
    pub(super) fn classes(&mut self) {
        let k = self.id();
        let area = self.pick_str(&["this.s * this.s", "this.s * 2 + 0.5", "this.s * 65536 * 65536", "this.s + \"\"", "-this.s"]);
        let size = self.pick_str(&["i % 10", "i % 10 + 0.5", "\"\" + i % 4", "i % 3 === 0 ? null : i"]);
        let n = self.iterations();
        let widen = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("area", &area),
            ("size", &size),
            ("n", &n.to_string()),
            ("widen", &widen.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill(
            "class Shape$k {\nstatic count = 0;\nkind = \"shape\";\nconstructor(s) {\nthis.s = s;\nShape$k.count++;\n}\narea() {\nreturn 0;\n}\nget label() {\nreturn this.kind + \":\" + this.area();\n}\nset size(v) {\nthis.s = v;\n}\ntoString() {\nreturn \"[\" + this.label + \"]\";\n}\nstatic make(i) {\nreturn i % 2 === 0 ? new Square$k(i % 7) : new Rect$k(i % 5, 2);\n}\n}\nclass Square$k extends Shape$k {\nkind = \"square\";\narea() {\nreturn $area;\n}\n}\nclass Rect$k extends Shape$k {\nconstructor(w, h) {\nsuper(w);\nthis.h = h;\n}\narea() {\nreturn this.s * this.h;\n}\n}\nclass Circle$k extends Shape$k {\narea() {\nreturn Math.floor(3 * super.area() + this.s * this.s * 3.14159);\n}\nget label() {\nreturn \"circle \" + super.label;\n}\n}",
            &vars,
        ));
        let body = "const shapes$k = [new Square$k(3), new Rect$k(2, 5), new Circle$k(1), Shape$k.make(4), new Shape$k(9)];\nlet m$k = 1;\nlet total$k = 0;\nfor (let i = 0; i < $n; i++) {\nif (i === $widen) m$k = shapes$k.length;\nconst sh = shapes$k[i % m$k];\nconst a = sh.area();\ntotal$k = typeof a === \"number\" ? total$k + a : total$k + a.length;\nsh.size = $size;\nif (i % $every === 0) {\nconsole.log(i, String(sh), sh.label, sh instanceof Square$k, sh instanceof Shape$k);\n}\n}\nconsole.log(Shape$k.count, total$k, shapes$k, `${shapes$k[1]}`);";
        self.driver(&k, &fill(body, &vars));
    }

    /// Accessors in an object literal and a static accessor, read and written in a hot loop;
    /// from a switch point the setter stores another type, or the getter is shadowed by a data
    /// property on another object of the same literal.
    pub(super) fn accessors(&mut self) {
        let k = self.id();
        let set = self.pick_str(&["this._v = x * 2;", "this._v = x + \"!\";", "this._v = this._v + x;", "this._v = x === 0 ? -0 : x;"]);
        let late = self.pick_str(&["i + 0.5", "\"s\"", "null", "[i]", "-i"]);
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [
            ("k", k.as_str()),
            ("set", &set),
            ("late", &late),
            ("n", &n.to_string()),
            ("at", &at.to_string()),
            ("every", &every.to_string()),
        ];
        self.decl(&fill(
            "function make$k() {\nreturn {\n_v: 0,\nget v() {\nreturn this._v;\n},\nset v(x) {\n$set\n},\nplain: 1\n};\n}\nclass Counter$k {\nstatic n = 0;\nstatic get twice() {\nreturn Counter$k.n * 2;\n}\nstatic set twice(x) {\nCounter$k.n = x / 2;\n}\n}",
            &vars,
        ));
        let body = "const objs$k = [make$k(), make$k(), { _v: 5, v: 7, plain: 2 }];\nlet sum$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst o = objs$k[i % (i < $at ? 2 : 3)];\nlet x = i % 100;\nif (i >= $at) x = $late;\no.v = x;\nconst r = o.v;\nCounter$k.twice = Counter$k.twice + 2;\nsum$k = typeof r === \"number\" ? sum$k + r : sum$k + 1;\nif (i % $every === 0) {\nconsole.log(i, r, o._v, Counter$k.n);\n}\n}\nconsole.log(sum$k, Counter$k.twice, objs$k);";
        self.driver(&k, &fill(body, &vars));
    }

    /// `typeof`, `??`, `?.` and `in` on a value that changes type, from numbers to strings,
    /// `null`, `undefined`, arrays, objects and functions.
    pub(super) fn optional_values(&mut self) {
        let k = self.id();
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = self.every(n);
        let vars = [("k", k.as_str()), ("n", &n.to_string()), ("at", &at.to_string()), ("every", &every.to_string())];
        self.decl(&fill(
            "const odd$k = [\"s\", null, undefined, [1, 2], { length: 3, inner: { v: 9 } }, () => 4, true, 0.5, { inner: null }, \"\"];\nfunction look$k(v) {\nreturn typeof v + \":\" + (v ?? \"nil\") + \":\" + (v?.length ?? \"-\") + \":\" + (v?.inner?.v ?? \"none\");\n}\nfunction has$k(v) {\nreturn v !== null && typeof v === \"object\" && \"inner\" in v;\n}",
            &vars,
        ));
        let body = "let hits$k = 0;\nfor (let i = 0; i < $n; i++) {\nconst v = i < $at ? i : odd$k[i % odd$k.length];\nconst r = typeof v === \"function\" ? typeof v + (v?.() ?? 0) : look$k(v);\nif (has$k(v)) hits$k++;\nif (i % $every === 0 || (i >= $at && i < $at + 10)) {\nconsole.log(i, r);\n}\n}\nconsole.log(hits$k);";
        self.driver(&k, &fill(body, &vars));
    }
}
