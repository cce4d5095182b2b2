//! Writing JavaScript text in the shape the EasyScript reducer relies on.
//!
//! Every generated program is one statement per line, and a construct with a body opens it at
//! the end of its first line (`if (c) {`) and closes it on a line of its own that starts with
//! `}` (`}`, `} else {`, `});`, `} while (c);`). The reducer ([`super::lines`]) reads that
//! layout back as a tree of lines, so it can drop or unwrap whole constructs and keep the text
//! valid. [`Src`] keeps the layout and indents by it, whatever the indentation of the text it is
//! given; [`fill`] substitutes `$name` placeholders in templates, which reads better than
//! `format!` in text full of JavaScript's braces.

/// A program being written, line by line.
#[derive(Debug, Default, Clone)]
pub struct Src {
    lines: Vec<String>,
    depth: usize,
}

impl Src {
    /// An empty text.
    pub fn new() -> Src {
        Src::default()
    }

    /// Adds lines: each line of `text`, trimmed and indented by the braces before it.
    pub fn text(&mut self, text: &str) {
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if line.starts_with('}') {
                self.depth = self.depth.saturating_sub(1);
            }
            self.lines.push(format!("{}{line}", "  ".repeat(self.depth)));
            if line.ends_with('{') {
                self.depth += 1;
            }
        }
    }

    /// Adds another text at the current depth.
    pub fn append(&mut self, other: &Src) {
        for line in &other.lines {
            self.text(line);
        }
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The text, each line ended by a line feed.
    pub fn finish(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

/// `template` with each `$name` replaced by its value in `vars` (the longest name that matches,
/// so `$k_0` is `$k` then `_0`). Values may hold placeholders themselves (an expression naming
/// `acc$k`), which are filled too. A `$` not followed by a known name (`${` in a template
/// literal, say) is left as it is.
pub fn fill(template: &str, vars: &[(&str, &str)]) -> String {
    let mut text = fill_once(template, vars);
    // A few rounds reach every placeholder a value brings in; values never name themselves.
    for _ in 0..3 {
        let again = fill_once(&text, vars);
        if again == text {
            break;
        }
        text = again;
    }
    text
}

/// One round of [`fill`]: the placeholders of `template`, not those its values bring in.
fn fill_once(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        // The longest name that starts here, so `$k_0` is `$k` followed by `_0`.
        let name = vars.iter().filter(|(name, _)| !name.is_empty() && after.starts_with(name)).max_by_key(|(n, _)| n.len());
        match name {
            Some((name, value)) => {
                out.push_str(value);
                rest = &after[name.len()..];
            }
            None => {
                out.push('$');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A JavaScript string literal for `text`, in double quotes, with the escapes it needs.
pub fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_by_braces() {
        let mut s = Src::new();
        s.text("if (a) {\n      x = 1;\n} else {\ny = 2;\n   }\nz();");
        assert_eq!(s.finish(), "if (a) {\n  x = 1;\n} else {\n  y = 2;\n}\nz();\n");
    }

    #[test]
    fn fills_known_names_only() {
        let text = fill("let $v$k = `${$v}`; $missing $k_0 $kk", &[("v", "acc"), ("k", "3"), ("kk", "9")]);
        assert_eq!(text, "let acc3 = `${acc}`; $missing 3_0 9");
    }

    #[test]
    fn quotes_strings() {
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }
}
