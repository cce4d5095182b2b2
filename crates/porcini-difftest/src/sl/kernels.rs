//! Kernels: programs assembled from small patterns aimed at what the compiler optimizes.
//!
//! The broad generator ([`super::generate`]) writes varied code from a typed plan; its programs
//! exercise the language widely but reach the compiler's harder cases by chance. These patterns
//! reach them on purpose. Each one is a few functions and a driver loop in `main` that runs long
//! enough for its callees to be compiled and its loop to be replaced (in the compiling modes),
//! and that changes what the compiled code sees part-way: a call site that meets a second and a
//! third function, an operator that meets a string or a big number after thousands of integers,
//! an object of a new shape, a function redefined under a compiled caller, a frame inspected
//! from an inlined callee, a guest error raised from compiled code. Their parameters (counts,
//! switch points, operators, constants, shapes) are drawn from the entropy, so every seed gives
//! a different program, and the printed values make any disagreement visible.
//!
//! The text is built as SL source and read back into the model ([`super::from_ast`]), so the
//! reducer works on kernels as on any program.

use crate::entropy::Entropy;
use crate::sl::from_ast;
use crate::sl::model::Program;

/// The SL program of a few kernels chosen and shaped by `rng`.
pub fn program<E: Entropy>(rng: &mut E) -> Program {
    let text = source(rng);
    // Every pattern writes valid SL; a failure here is a bug in this module, and the empty
    // program it would give instead is caught by the tests that parse every kernel.
    from_ast::parse(&text).unwrap_or_else(|e| panic!("a kernel does not parse: {e}\n{text}"))
}

/// The source text of a program of kernels.
pub fn source<E: Entropy>(rng: &mut E) -> String {
    let mut k = Kernels { rng, funcs: Vec::new(), main: Vec::new(), next: 0 };
    let count = 1 + k.rng.below(3);
    for _ in 0..count {
        match k.rng.weighted(&[4, 3, 3, 2, 2, 3, 2, 2, 3, 3, 2, 2, 2]) {
            0 => k.higher_order(),
            1 => k.type_switch(),
            2 => k.properties(),
            3 => k.recursion(),
            4 => k.nested_loops(),
            5 => k.redefinition(),
            6 => k.frames(),
            7 => k.logic(),
            8 => k.inlined_chain(),
            9 => k.loop_objects(),
            10 => k.split_sites(),
            11 => k.widening(),
            _ => k.arity(),
        }
    }
    k.ending();
    let mut out = String::new();
    for f in &k.funcs {
        out.push_str(f);
        out.push('\n');
    }
    out.push_str("function main() {\n");
    for line in &k.main {
        out.push_str("  ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("}\n");
    out
}

/// Integer constants that sit near the 64-bit limits, where arithmetic overflows into big
/// numbers.
const EDGES: &[&str] = &["9223372036854775807", "4611686018427387904", "3037000500", "2147483648", "9223372036854775806"];

/// A template with `$i` standing for kernel `k`'s loop counter and `$k` for its number.
fn fill(template: &str, k: usize) -> String {
    template.replace("$i", &format!("i{k}")).replace("$k", &k.to_string())
}

/// The program being assembled.
struct Kernels<'a, E> {
    rng: &'a mut E,
    funcs: Vec<String>,
    main: Vec<String>,
    /// The number of the next kernel, which suffixes its names.
    next: usize,
}

impl<E: Entropy> Kernels<'_, E> {
    /// A fresh suffix for the names of one kernel.
    fn id(&mut self) -> usize {
        self.next += 1;
        self.next
    }
    fn func(&mut self, text: String) {
        self.funcs.push(text);
    }
    fn line(&mut self, text: String) {
        self.main.push(text);
    }
    /// Iterations of a driver loop: enough to compile its callees by call count in the default
    /// mode (1000 calls plus iterations) about half of the time.
    fn iterations(&mut self) -> u64 {
        *self.rng.pick(&[40, 150, 400, 1100, 1500])
    }
    /// An iteration count below `n` where something changes.
    fn switch_point(&mut self, n: u64) -> u64 {
        match self.rng.below(3) {
            0 => n / 2,
            1 => n - 1 - self.rng.below(3).min(n - 1),
            _ => self.rng.below(n),
        }
    }
    /// `v - v / m * m`: SL has no `%`.
    fn modulo(v: &str, m: u64) -> String {
        format!("({v} - {v} / {m} * {m})")
    }
    /// Prints `value` every `every` iterations of the loop counted by `i`.
    fn sample(i: &str, every: u64, value: &str) -> String {
        format!("if ({} == 0) {{ println({value}); }}", Self::modulo(i, every))
    }

    /// Function values through higher-order helpers: `apply`, `twice` and `compose` called with
    /// functions a chooser picks by the iteration, first from one member, later from more, so
    /// the helpers' call sites go monomorphic, polymorphic and indirect while compiled.
    fn higher_order(&mut self) {
        let k = self.id();
        // Numeric members accept and return numbers; `twice` and `compose` chain them.
        let numeric = ["x + 1", "x * 2", "x - 3", "x / 2 + 7", "x * 3037000500", "x + 9223372036854775807", "0 - x"];
        let generic = ["\"s\" + x", "typeOf(x)", "isNull(x)", "x == x", "x"];
        let all_numeric = self.rng.chance(2, 3);
        let members = 1 + self.rng.below(4) as usize;
        let mut names = Vec::new();
        for m in 0..members {
            let body = if all_numeric || m % 2 == 0 { *self.rng.pick(&numeric) } else { *self.rng.pick(&generic) };
            let name = format!("leaf{k}_{m}");
            self.func(format!("function {name}(x) {{\n  return {body};\n}}\n"));
            names.push(name);
        }
        if self.rng.chance(1, 4) && !all_numeric {
            // A builtin among the members.
            names.push((*self.rng.pick(&["isNull", "typeOf", "isExecutable"])).to_string());
        }
        let mut chooser = format!("function pick{k}(i) {{\n");
        for (m, name) in names.iter().enumerate().skip(1) {
            chooser.push_str(&format!("  if (i == {m}) {{\n    return {name};\n  }}\n"));
        }
        chooser.push_str(&format!("  return {};\n}}\n", names[0]));
        self.func(chooser);
        self.func(format!("function apply{k}(f, x) {{\n  return f(x);\n}}\n"));
        let chained = all_numeric && self.rng.chance(1, 2);
        if chained {
            self.func(format!("function twice{k}(f, x) {{\n  return f(f(x));\n}}\n"));
            self.func(format!("function compose{k}(f, g, x) {{\n  return g(f(x));\n}}\n"));
        }
        let n = self.iterations();
        let widen = self.switch_point(n);
        let count = names.len() as u64;
        let every = 1 + self.rng.below(n / 4 + 1);
        self.line(format!("acc{k} = 0;"));
        self.line(format!("m{k} = 1;"));
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  if (i{k} == {widen}) {{ m{k} = {count}; }}"));
        self.line(format!("  f{k} = pick{k}(i{k} - i{k} / m{k} * m{k});"));
        let call = match (chained, self.rng.below(3)) {
            (true, 0) => format!("twice{k}(f{k}, i{k})"),
            (true, 1) => format!("compose{k}(f{k}, pick{k}(0), i{k})"),
            _ => format!("apply{k}(f{k}, i{k})"),
        };
        self.line(format!("  r{k} = {call};"));
        if all_numeric {
            self.line(format!("  acc{k} = acc{k} + r{k};"));
        } else {
            self.line(format!("  acc{k} = acc{k} + 1;"));
        }
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("r{k}"))));
        if self.rng.chance(1, 3) {
            // Function values compared with each other.
            self.line(format!("  if (f{k} == {}) {{ acc{k} = acc{k} + 1000; }}", names[names.len() - 1]));
        }
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
        self.line(format!("println(acc{k});"));
    }

    /// An operator in a function that the loop calls with integers, then, from a switch point,
    /// with a value of another type: a string, a big number, a boolean; the compiled operator's
    /// speculation fails and the node generalizes.
    fn type_switch(&mut self) {
        let k = self.id();
        let ops: &[(&str, &[&str])] = &[
            ("+", &["\"str\"", "9223372036854775807", "4611686018427387904 * 4", "\"\" + $i"]),
            ("-", &["9223372036854775807", "0 - 9223372036854775807", "4611686018427387904 * 8"]),
            ("*", &["3037000500", "4611686018427387904", "0 - 3037000500"]),
            ("/", &["9223372036854775807", "4611686018427387904 * 4", "0 - 9223372036854775807 - 1"]),
            ("<", &["9223372036854775807 * 2", "0 - 4611686018427387904 * 4"]),
            ("<=", &["4611686018427387904 * 4", "$i"]),
            ("==", &["\"str\"", "1 == 1", "new()", "9223372036854775807 + 1", "op$k"]),
            ("!=", &["\"str\"", "2 < 1", "9223372036854775807 * 3"]),
            (">", &["9223372036854775807 + $i"]),
            (">=", &["0 - 9223372036854775807 - $i"]),
        ];
        let (op, others) = *self.rng.pick(ops);
        let other = fill(*self.rng.pick(others), k);
        let b = fill(*self.rng.pick(&["3", "7", "1", "2147483647", "$i + 1"]), k);
        self.func(format!("function op{k}(a, b) {{\n  return a {op} b;\n}}\n"));
        let n = self.iterations();
        let switch = self.switch_point(n);
        let back = self.rng.chance(1, 2);
        let every = 1 + self.rng.below(n / 3 + 1);
        self.line(format!("i{k} = 0;"));
        self.line(format!("c{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  a{k} = i{k};"));
        let cond = if back { format!("i{k} == {switch}") } else { format!("i{k} >= {switch}") };
        self.line(format!("  if ({cond}) {{ a{k} = {other}; }}"));
        self.line(format!("  r{k} = op{k}(a{k}, {b});"));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("r{k}"))));
        self.line(format!("  if ({cond}) {{ println(r{k}); }}"));
        self.line(format!("  c{k} = c{k} + 1;"));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
        self.line(format!("println(c{k});"));
    }

    /// Objects of several shapes (the same keys added in different orders, and more keys than
    /// fit in the object) read and written through shared helpers: the property caches go
    /// polymorphic and then generic while compiled, and a value's type changes at a switch
    /// point.
    fn properties(&mut self) {
        let k = self.id();
        let keys = ["x", "y", "z", "w", "v", "u", "t", "s"];
        let shapes = 1 + self.rng.below(6) as usize;
        for s in 0..shapes {
            let extra = self.rng.below(6) as usize;
            let mut order: Vec<&str> = vec!["x", "y"];
            for e in 0..extra {
                order.push(keys[2 + (e + s) % 6]);
            }
            if s % 2 == 1 {
                order.reverse();
            }
            let mut body = format!("function mk{k}_{s}(v) {{\n  o = new();\n");
            for key in &order {
                body.push_str(&format!("  o.{key} = v;\n"));
            }
            body.push_str("  return o;\n}\n");
            self.func(body);
        }
        self.func(format!("function get{k}(o) {{\n  return o.x;\n}}\n"));
        self.func(format!("function dyn{k}(o, key) {{\n  return o[key];\n}}\n"));
        self.func(format!("function put{k}(o, v) {{\n  o.y = v;\n  return o.y;\n}}\n"));
        let mut chooser = format!("function obj{k}(i, v) {{\n");
        for s in 1..shapes {
            chooser.push_str(&format!("  if (i == {s}) {{\n    return mk{k}_{s}(v);\n  }}\n"));
        }
        chooser.push_str(&format!("  return mk{k}_0(v);\n}}\n"));
        self.func(chooser);
        let n = self.iterations();
        let widen = self.switch_point(n);
        let retype = self.switch_point(n);
        let every = 1 + self.rng.below(n / 3 + 1);
        let value = fill(*self.rng.pick(&["\"s\" + $i", "9223372036854775807 + $i", "$i == 3", "new()"]), k);
        self.line(format!("m{k} = 1;"));
        self.line(format!("t{k} = 0;"));
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  if (i{k} == {widen}) {{ m{k} = {shapes}; }}"));
        self.line(format!("  v{k} = i{k};"));
        self.line(format!("  if (i{k} > {retype}) {{ v{k} = {value}; }}"));
        self.line(format!("  o{k} = obj{k}(i{k} - i{k} / m{k} * m{k}, v{k});"));
        self.line(format!("  g{k} = get{k}(o{k});"));
        self.line(format!("  p{k} = put{k}(o{k}, g{k});"));
        let key = fill(*self.rng.pick(&["\"x\"", "\"y\"", "$i - $i / 2 * 2 == 0"]), k);
        if key.contains("==") {
            // A computed key that is a boolean: converted to "true" or "false", which only some
            // shapes have.
            self.line(format!("  o{k}[{key}] = 1;"));
            self.line(format!("  d{k} = dyn{k}(o{k}, {key});"));
        } else {
            self.line(format!("  d{k} = dyn{k}(o{k}, {key});"));
        }
        self.line(format!("  if (v{k} == g{k}) {{ t{k} = t{k} + 1; }}"));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("d{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
        self.line(format!("println(t{k});"));
    }

    /// Recursion: a doubly recursive function (inlined into itself a few levels deep when
    /// compiled), an accumulating one, and two mutually recursive ones, called from a loop with
    /// arguments whose results overflow or change type at the base case.
    fn recursion(&mut self) {
        let k = self.id();
        let base = *self.rng.pick(&["n", "1", "\"b\"", "9223372036854775807"]);
        self.func(format!(
            "function fib{k}(n) {{\n  if (n < 2) {{\n    return {base};\n  }}\n  return fib{k}(n - 1) + fib{k}(n - 2);\n}}\n"
        ));
        self.func(format!(
            "function sum{k}(n, acc) {{\n  if (n < 1) {{\n    return acc;\n  }}\n  return sum{k}(n - 1, acc + n);\n}}\n"
        ));
        self.func(format!(
            "function even{k}(n) {{\n  if (n == 0) {{\n    return 1 == 1;\n  }}\n  return odd{k}(n - 1);\n}}\n"
        ));
        self.func(format!(
            "function odd{k}(n) {{\n  if (n == 0) {{\n    return 1 == 2;\n  }}\n  return even{k}(n - 1);\n}}\n"
        ));
        let n = *self.rng.pick(&[20, 60, 200]);
        let depth = *self.rng.pick(&[8, 12, 15]);
        let start = *self.rng.pick(&["0", "9223372036854775800", "\"\""]);
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  f{k} = fib{k}({});", Self::modulo(&format!("i{k}"), depth)));
        self.line(format!("  s{k} = sum{k}({}, {start});", Self::modulo(&format!("i{k}"), 40)));
        self.line(format!("  e{k} = even{k}({});", Self::modulo(&format!("i{k}"), 30)));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), 7, &format!("f{k}"))));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), 11, &format!("s{k}"))));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), 13, &format!("e{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
    }

    /// Nested loops in a function called a few times: the inner loop is replaced by compiled
    /// code while it runs (on-stack replacement), with `break` and `continue`, a local that
    /// changes type part-way, and an accumulator that overflows into a big number.
    fn nested_loops(&mut self) {
        let k = self.id();
        let inner = *self.rng.pick(&[30, 120, 400]);
        let switch = self.rng.below(inner);
        let step = *self.rng.pick(&["i * j", "j + 1", "3037000500 * j", "i"]);
        let mut body = format!("function work{k}(n) {{\n  s = 0;\n  t = 0;\n  i = 0;\n  while (i < n) {{\n    j = 0;\n");
        body.push_str(&format!("    while (j < {inner}) {{\n      j = j + 1;\n"));
        if self.rng.chance(1, 2) {
            body.push_str(&format!("      if (j == {switch}) {{\n        t = \"t\" + j;\n      }}\n"));
        }
        if self.rng.chance(1, 2) {
            body.push_str(&format!("      if ({} == 0) {{\n        continue;\n      }}\n", Self::modulo("j", 5)));
        }
        if self.rng.chance(1, 3) {
            body.push_str(&format!("      if (j == {}) {{\n        break;\n      }}\n", inner - 1));
        }
        body.push_str(&format!("      s = s + {step};\n    }}\n    i = i + 1;\n  }}\n  println(t);\n  return s;\n}}\n"));
        self.func(body);
        for _ in 0..1 + self.rng.below(3) {
            let n = *self.rng.pick(&[1, 5, 20, 60]);
            self.line(format!("println(work{k}({n}));"));
        }
    }

    /// A function that a compiled caller calls (and inlines) is redefined part-way through the
    /// loop, with `defineFunction` or `eval`, or the caller itself is; the compiled code that
    /// depended on the old definition must not run again.
    fn redefinition(&mut self) {
        let k = self.id();
        let old = *self.rng.pick(&["x + 1", "x * 2", "x"]);
        let new = *self.rng.pick(&["x + 100", "x - 1", "x * 3", "x / 2", "9223372036854775807 + x"]);
        self.func(format!("function target{k}(x) {{\n  return {old};\n}}\n"));
        self.func(format!("function caller{k}(x) {{\n  return target{k}(x) + target{k}(1);\n}}\n"));
        let n = self.iterations();
        let at = self.switch_point(n);
        let every = 1 + self.rng.below(n / 3 + 1);
        let how = self.rng.below(4);
        let redefine = match how {
            0 => format!("defineFunction(\"function target{k}(x) {{ return {new}; }}\");"),
            1 => format!("eval(\"sl\", \"function target{k}(x) {{ return {new}; }}\");"),
            2 => format!("println(eval(\"sl\", \"function target{k}(x) {{ return {new}; }} function main() {{ return target{k}(5); }}\"));"),
            _ => format!("defineFunction(\"function caller{k}(x) {{ return target{k}(x) - 1; }}\");"),
        };
        self.line(format!("f{k} = caller{k};"));
        self.line(format!("acc{k} = 0;"));
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  r{k} = caller{k}(i{k});"));
        self.line(format!("  q{k} = f{k}(i{k});"));
        self.line(format!("  acc{k} = acc{k} + r{k} + q{k};"));
        self.line(format!("  if (i{k} == {at}) {{ {redefine} }}"));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("r{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
        self.line(format!("println(acc{k});"));
        self.line(format!("println(target{k}(7));"));
    }

    /// Builtins that read or write their caller's frame, called from functions that compiled
    /// code calls or inlines: `stacktrace` must list the interpreter's frames with their locals,
    /// and `helloEqualsWorld` must write a compiled caller's `hello`.
    fn frames(&mut self) {
        let k = self.id();
        let (hw_at, st_at) = (self.rng.below(50), self.rng.below(50));
        self.func(format!(
            "function hw{k}(n) {{\n  hello = n;\n  m = n + 1;\n  if (n == {hw_at}) {{\n    helloEqualsWorld();\n  }}\n  return hello;\n}}\n"
        ));
        self.func(format!(
            "function st{k}(a, b) {{\n  c = a + 1;\n  if (a == {st_at}) {{\n    println(stacktrace());\n  }}\n  return c;\n}}\n"
        ));
        self.func(format!("function outer{k}(a) {{\n  d = a;\n  return st{k}(a, \"b\") + hw{k}(a);\n}}\n"));
        let n = *self.rng.pick(&[50, 300, 1200]);
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  x{k} = outer{k}({});", Self::modulo(&format!("i{k}"), 50)));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), 97, &format!("x{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
    }

    /// Short-circuit logic and comparisons in a hot function, with a condition that changes
    /// its outcome part-way, and a local whose type follows it.
    fn logic(&mut self) {
        let k = self.id();
        let a = self.rng.below(100);
        let b = self.rng.below(100);
        self.func(format!(
            "function test{k}(x, y) {{\n  if (x < {a} && y >= {b} || x == y) {{\n    return x + y;\n  }} else {{\n    if (x > y) {{\n      return \"gt\";\n    }}\n  }}\n  return x != y;\n}}\n"
        ));
        let n = self.iterations();
        self.line(format!("i{k} = 0;"));
        self.line(format!("z{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  z{k} = test{k}({}, {});", Self::modulo(&format!("i{k}"), 150), Self::modulo(&format!("i{k}"), 70)));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), 37, &format!("z{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
    }

    /// A chain of three small functions, each inlined into the one above when compiled, with a
    /// side effect (a property counter on an object passed down) before the innermost
    /// operation, whose speculation fails at a switch point: the deoptimization happens three
    /// inlined frames deep, and the counter must show every effect exactly once.
    fn inlined_chain(&mut self) {
        let k = self.id();
        let op = *self.rng.pick(&["x + 7", "x * 3", "x - 1", "x / 3"]);
        let mid = *self.rng.pick(&["y * 2", "y + y", "y - 5"]);
        self.func(format!("function h3_{k}(o, x) {{\n  o.n = o.n + 1;\n  return {op};\n}}\n"));
        self.func(format!("function h2_{k}(o, x) {{\n  o.m = o.m + 1;\n  y = h3_{k}(o, x);\n  return {mid};\n}}\n"));
        self.func(format!("function h1_{k}(o, x) {{\n  o.l = o.l + 1;\n  return h2_{k}(o, x) + 1;\n}}\n"));
        let n = self.iterations();
        let at = self.switch_point(n);
        let value = *self.rng.pick(&["9223372036854775807", "4611686018427387904 * 2", "0 - 9223372036854775807"]);
        let every = 1 + self.rng.below(n / 3 + 1);
        self.line(format!("o{k} = new();"));
        self.line(format!("o{k}.l = 0;"));
        self.line(format!("o{k}.m = 0;"));
        self.line(format!("o{k}.n = 0;"));
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  x{k} = i{k};"));
        self.line(format!("  if (i{k} >= {at}) {{ x{k} = {value}; }}"));
        self.line(format!("  r{k} = h1_{k}(o{k}, x{k});"));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("r{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
        self.line(format!("println(o{k}.l + \" \" + o{k}.m + \" \" + o{k}.n);"));
    }

    /// A loop in a function that works on objects held in locals (the compiled loop checks their
    /// shapes once at entry when it calls nothing): at a switch point the loop adds a property
    /// to one of them, or replaces it with an object of another shape.
    fn loop_objects(&mut self) {
        let k = self.id();
        let n = *self.rng.pick(&[60, 300, 2000]);
        let at = self.rng.below(n);
        let change = match self.rng.below(3) {
            0 => "a.extra = i;".to_string(),
            1 => "a = new();\n      a.y = 1;\n      a.x = 2;".to_string(),
            _ => "b.x = \"s\";".to_string(),
        };
        let call = if self.rng.chance(1, 2) { format!("\n    t = noop{k}(t);") } else { String::new() };
        self.func(format!("function noop{k}(v) {{\n  return v;\n}}\n"));
        self.func(format!(
            "function scan{k}(n) {{\n  a = new();\n  a.x = 1;\n  a.y = 2;\n  b = new();\n  b.x = 3;\n  t = 0;\n  i = 0;\n  while (i < n) {{\n    i = i + 1;\n    if (i == {at}) {{\n      {change}\n    }}\n    a.x = a.x + 1;\n    t = t + a.y + b.x;{call}\n  }}\n  println(a.x);\n  return t;\n}}\n"
        ));
        for _ in 0..1 + self.rng.below(2) {
            self.line(format!("println(scan{k}({n}));"));
        }
    }

    /// One helper called from several callers, each with values of its own type: the helper's
    /// nodes go polymorphic, and with splitting each caller gets a copy of its own.
    fn split_sites(&mut self) {
        let k = self.id();
        let op = *self.rng.pick(&["+", "==", "<"]);
        self.func(format!("function add{k}(a, b) {{\n  return a {op} b;\n}}\n"));
        self.func(format!("function twice{k}(a, b) {{\n  return add{k}(a, b);\n}}\n"));
        let values: &[(&str, &str)] = if op == "+" {
            &[("i", "1"), ("\"s\" + i", "\"t\""), ("9223372036854775807", "i"), ("i", "\"u\"")]
        } else {
            &[("i", "1"), ("9223372036854775807", "i"), ("i * 3037000500", "i")]
        };
        let callers = 2 + self.rng.below(2) as usize;
        for c in 0..callers {
            let (a, b) = values[(c + k) % values.len()];
            let (a, b) = (a.replace('i', "j"), b.replace('i', "j"));
            let via = if self.rng.chance(1, 2) { format!("twice{k}") } else { format!("add{k}") };
            self.func(format!(
                "function c{k}_{c}(n) {{\n  r = 0;\n  j = 0;\n  while (j < n) {{\n    r = {via}({a}, {b});\n    j = j + 1;\n  }}\n  return r;\n}}\n"
            ));
        }
        let n = *self.rng.pick(&[20, 300, 1100]);
        for round in 0..2 {
            for c in 0..callers {
                let m = if round == 0 { n } else { n / 2 + 1 };
                self.line(format!("println(c{k}_{c}({m}));"));
            }
        }
    }

    /// A local whose value changes type inside a compiled loop (its slot kind widens, which
    /// invalidates the code that speculated on it), and a recursive function whose innermost
    /// activation writes a string where the outer ones hold numbers.
    fn widening(&mut self) {
        let k = self.id();
        let n = self.iterations();
        let at = self.switch_point(n);
        let depth = 1 + self.rng.below(10);
        self.func(format!(
            "function grow{k}(n) {{\n  x = 0;\n  i = 0;\n  while (i < n) {{\n    if (i == {at}) {{\n      x = \"s\";\n    }}\n    x = x + 1;\n    i = i + 1;\n  }}\n  return x;\n}}\n"
        ));
        self.func(format!(
            "function deep{k}(n) {{\n  v = n;\n  if (n < 1) {{\n    v = \"bottom\";\n    return v;\n  }}\n  r = deep{k}(n - 1);\n  return v + 1;\n}}\n"
        ));
        self.line(format!("println(grow{k}({n}));"));
        self.line(format!("println(grow{k}({}));", n / 2 + 1));
        self.line(format!("i{k} = 0;"));
        self.line(format!("while (i{k} < 30) {{ println(deep{k}({depth})); i{k} = i{k} + 1; }}"));
    }

    /// Calls with fewer arguments than parameters (the missing ones are NULL) and with more
    /// (evaluated and dropped), from a hot loop, into a function that tests for NULL.
    fn arity(&mut self) {
        let k = self.id();
        self.func(format!(
            "function opt{k}(a, b, c) {{\n  if (isNull(b)) {{\n    return a;\n  }}\n  if (isNull(c)) {{\n    return a + b;\n  }}\n  return a + b + c;\n}}\n"
        ));
        let n = self.iterations();
        let every = 1 + self.rng.below(n / 3 + 1);
        self.line(format!("i{k} = 0;"));
        self.line(format!("s{k} = 0;"));
        self.line(format!("while (i{k} < {n}) {{"));
        self.line(format!("  m{k} = i{k} - i{k} / 4 * 4;"));
        self.line(format!("  if (m{k} == 0) {{ r{k} = opt{k}(i{k}); }}"));
        self.line(format!("  if (m{k} == 1) {{ r{k} = opt{k}(i{k}, 2); }}"));
        self.line(format!("  if (m{k} == 2) {{ r{k} = opt{k}(i{k}, 2, 3); }}"));
        self.line(format!("  if (m{k} == 3) {{ r{k} = opt{k}(i{k}, 2, 3, println(i{k})); }}"));
        self.line(format!("  s{k} = s{k} + r{k};"));
        self.line(format!("  {}", Self::sample(&format!("i{k}"), every, &format!("s{k}"))));
        self.line(format!("  i{k} = i{k} + 1;"));
        self.line("}".to_string());
    }

    /// How the program ends: usually normally, sometimes with a guest error raised from a
    /// function that is compiled by now, with `exit`, or with a shutdown hook.
    fn ending(&mut self) {
        let k = self.id();
        match self.rng.weighted(&[10, 2, 2, 2, 1, 1, 1]) {
            0 => {}
            1 => {
                self.func(format!("function sub{k}(a, b) {{\n  return a - b;\n}}\n"));
                self.line(format!("i{k} = 0;"));
                self.line(format!("while (i{k} < 1200) {{ sub{k}(i{k}, 1); i{k} = i{k} + 1; }}"));
                self.line(format!("println(sub{k}(\"a\", 1));"));
            }
            2 => {
                self.func(format!("function getq{k}(o) {{\n  return o.q;\n}}\n"));
                self.line(format!("o{k} = new();"));
                self.line(format!("o{k}.q = 5;"));
                self.line(format!("i{k} = 0;"));
                self.line(format!("while (i{k} < 1200) {{ getq{k}(o{k}); i{k} = i{k} + 1; }}"));
                self.line(format!("println(getq{k}(new()));"));
            }
            3 => {
                self.func(format!("function div{k}(a, b) {{\n  return a / b;\n}}\n"));
                self.line(format!("i{k} = 1;"));
                self.line(format!("while (i{k} < 1200) {{ div{k}(100, i{k}); i{k} = i{k} + 1; }}"));
                self.line(format!("println(div{k}(100, i{k} - i{k}));"));
            }
            4 => {
                let code = self.rng.below(5);
                self.line(format!("exit({code});"));
            }
            5 => {
                self.func(format!("function hook{k}() {{\n  println(\"hook\");\n}}\n"));
                self.line(format!("registerShutdownHook(hook{k});"));
            }
            _ => {
                let e = *self.rng.pick(EDGES);
                self.line(format!("return {e} + 1;"));
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
        for seed in 0..400 {
            let text = source(&mut SplitMix64::new(seed));
            if let Err(e) = lang_sl::parser::parse(&text) {
                panic!("seed {seed}: {e}\n{text}");
            }
        }
    }

    #[test]
    fn kernels_are_deterministic() {
        let a = source(&mut SplitMix64::new(11));
        let b = source(&mut SplitMix64::new(11));
        assert_eq!(a, b);
    }
}
