//! Shrinks an EasyScript program while a predicate holds ("still disagrees the same way").
//!
//! The reducer works on the program's lines ([`super::lines`]), so it reduces hand-written
//! programs as well as generated ones, as long as they are laid out one statement per line.
//! Like SL's reducer it is greedy and repeats its passes until none makes progress; each pass
//! numbers the places its edit applies to and tries them in order on a copy. The passes, coarse
//! to fine: drop runs of 16, 4 and 1 statements (a statement being a line or a whole construct
//! such as a function, a loop or a class); replace a construct by the lines of one of its
//! sections (an `if` by its branch, a loop by its body); drop a section (an `else`, a `catch`);
//! drop an item of a list within a line (an argument, an array element, a parameter); shorten
//! a number or a string literal.
//!
//! Every accepted edit makes the text strictly smaller, in lines first and characters second,
//! so reduction ends. Candidates that do not parse are dropped without asking the predicate,
//! which is where the time goes: it runs processes. What parses may still not run (a name whose
//! declaration was dropped); the predicate, which compares runs, rejects those.

use super::lines::{self, Group, Node};

/// Reduces `text` while `interesting` holds, telling `progress` the statements and lines of
/// each smaller program accepted. `interesting` is assumed to hold for `text` itself.
pub fn reduce(
    text: &str,
    interesting: &mut dyn FnMut(&str) -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> String {
    let mut tree = lines::parse(text);
    loop {
        let before = measure(&tree);
        for pass in PASSES {
            tree = run_pass(tree, *pass, interesting, progress);
        }
        if measure(&tree) == before {
            return lines::print(&tree);
        }
    }
}

/// The order of passes, coarse to fine.
const PASSES: &[Pass] =
    &[Pass::Drop(16), Pass::Drop(4), Pass::Drop(1), Pass::Unwrap, Pass::DropSection, Pass::Items, Pass::Literals];

/// A kind of edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Drop this many consecutive statements.
    Drop(usize),
    /// Replace a construct by the lines of one of its sections.
    Unwrap,
    /// Drop a section of a construct other than the first.
    DropSection,
    /// Drop an item of a bracketed list within a line.
    Items,
    /// Shorten a literal within a line.
    Literals,
}

/// The reducer's measure: lines, then characters.
fn measure(tree: &[Node]) -> (usize, usize) {
    (lines::count(tree), lines::print(tree).len())
}

fn run_pass(
    mut tree: Vec<Node>,
    pass: Pass,
    interesting: &mut dyn FnMut(&str) -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Node> {
    let mut k = 0;
    loop {
        let mut candidate = tree.clone();
        if !apply(&mut candidate, pass, k) {
            return tree;
        }
        let text = lines::print(&candidate);
        if measure(&candidate) < measure(&tree) && parses(&text) && interesting(&text) {
            tree = candidate;
            progress(lines::statements(&tree), lines::count(&tree));
        } else {
            k += 1;
        }
    }
}

/// Whether `text` is a module EasyScript accepts.
fn parses(text: &str) -> bool {
    lang_es::parser::parse_module(text, "prog.js").is_ok()
}

/// Counts edit places until the `target`-th.
struct Site {
    target: usize,
    seen: usize,
}

impl Site {
    /// Of `count` places here, the one to edit, if the target is among them.
    fn take(&mut self, count: usize) -> Option<usize> {
        if self.target < self.seen + count {
            Some(self.target - self.seen)
        } else {
            self.seen += count;
            None
        }
    }
}

/// Applies edit number `k` of `pass`; false if there are not that many.
fn apply(tree: &mut Vec<Node>, pass: Pass, k: usize) -> bool {
    let mut site = Site { target: k, seen: 0 };
    match pass {
        Pass::Drop(n) => blocks(tree, &mut |b| {
            let starts = if b.len() >= n { b.len() - n + 1 } else { 0 };
            match site.take(starts) {
                Some(j) => {
                    b.drain(j..j + n);
                    true
                }
                None => false,
            }
        }),
        Pass::Unwrap => blocks(tree, &mut |b| {
            for j in 0..b.len() {
                let Node::Group(g) = &b[j] else { continue };
                let options: Vec<Vec<Node>> = g.bodies().cloned().collect();
                if let Some(o) = site.take(options.len()) {
                    let replacement = options.into_iter().nth(o).unwrap_or_default();
                    b.splice(j..=j, replacement);
                    return true;
                }
            }
            false
        }),
        Pass::DropSection => blocks(tree, &mut |b| {
            for node in b.iter_mut() {
                let Node::Group(g) = node else { continue };
                // Dropping the first section makes the second one's line the head: `} else {`
                // cannot open a statement, but `} finally {` after a dropped `catch` can stay.
                if let Some(o) = site.take(g.sections.len()) {
                    g.sections.remove(o);
                    return true;
                }
            }
            false
        }),
        Pass::Items | Pass::Literals => each_line(tree, &mut |line| {
            let options = if pass == Pass::Items { without_an_item(line) } else { shorter_literals(line) };
            match site.take(options.len()).and_then(|o| options.into_iter().nth(o)) {
                Some(replacement) => {
                    *line = replacement;
                    true
                }
                None => false,
            }
        }),
    }
}

/// Calls `f` on every list of statements in pre-order until it returns true.
fn blocks(tree: &mut Vec<Node>, f: &mut dyn FnMut(&mut Vec<Node>) -> bool) -> bool {
    if f(tree) {
        return true;
    }
    tree.iter_mut().any(|n| match n {
        Node::Line(_) => false,
        Node::Group(g) => g.bodies_mut().any(|b| blocks(b, f)),
    })
}

/// Calls `f` on every line (heads, section lines and closing lines included) until it returns
/// true.
fn each_line(tree: &mut [Node], f: &mut dyn FnMut(&mut String) -> bool) -> bool {
    tree.iter_mut().any(|n| match n {
        Node::Line(l) => f(l),
        Node::Group(Group { head, body, sections, close }) => {
            f(head)
                || each_line(body, f)
                || sections.iter_mut().any(|(mid, b)| f(mid) || each_line(b, f))
                || f(close)
        }
    })
}

/// A token of a line, as far as the line edits need: literals, brackets and commas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// A numeric literal at this byte range.
    Num(usize, usize),
    /// A string literal at this byte range, quotes included.
    Str(usize, usize),
    /// `(`, `[` or `{` at this byte.
    Open(usize),
    /// `)`, `]` or `}` at this byte.
    Close(usize),
    /// `,` at this byte.
    Comma(usize),
}

/// The tokens of `line` that matter to the edits. Template literals are skipped whole, and so
/// is the rest of the line after `//`.
fn scan(line: &str) -> Vec<Tok> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    while i < b.len() {
        let c = b[i];
        match c {
            b'"' | b'\'' | b'`' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != c {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                if c != b'`' {
                    out.push(Tok::Str(start, i));
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => break,
            b'(' | b'[' | b'{' => out.push(Tok::Open(i)),
            b')' | b']' | b'}' => out.push(Tok::Close(i)),
            b',' => out.push(Tok::Comma(i)),
            b'0'..=b'9' if i == 0 || !ident(b[i - 1]) => {
                let start = i;
                while i < b.len() && (ident(b[i]) || b[i] == b'.') {
                    i += 1;
                }
                out.push(Tok::Num(start, i));
                continue;
            }
            c if ident(c) => {
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `line` with one item of one bracketed list removed, for each item of each list.
fn without_an_item(line: &str) -> Vec<String> {
    let toks = scan(line);
    let mut options = Vec::new();
    // The open brackets, each with the commas seen directly inside it.
    let mut stack: Vec<(usize, Vec<usize>)> = Vec::new();
    for t in toks {
        match t {
            Tok::Open(at) => stack.push((at, Vec::new())),
            Tok::Comma(at) => {
                if let Some((_, commas)) = stack.last_mut() {
                    commas.push(at);
                }
            }
            Tok::Close(end) => {
                let Some((start, commas)) = stack.pop() else { continue };
                if line[start + 1..end].trim().is_empty() {
                    continue;
                }
                // Item i runs from after its left separator to its right one; dropping it takes
                // the comma after it, or for the last item the comma before it.
                let seps: Vec<usize> = std::iter::once(start).chain(commas.iter().copied()).chain([end]).collect();
                let items = seps.len() - 1;
                for i in 0..items {
                    let (cut_from, cut_to) = if items == 1 {
                        (start + 1, end)
                    } else if i + 1 < items {
                        (seps[i] + 1, seps[i + 1] + 1)
                    } else {
                        (seps[i], end)
                    };
                    let mut text = format!("{}{}", &line[..cut_from], &line[cut_to..]);
                    // `f(a, b)` without `a` reads `f( b)`; keep the usual spacing.
                    text = text.replace("( ", "(").replace("[ ", "[");
                    options.push(text);
                }
            }
            _ => {}
        }
    }
    options
}

/// `line` with one literal shortened, for each literal and each shorter form: a number becomes
/// `0`, `1`, or loses digits; a string becomes empty or loses half its text.
fn shorter_literals(line: &str) -> Vec<String> {
    let mut options = Vec::new();
    let splice = |from: usize, to: usize, with: &str| format!("{}{with}{}", &line[..from], &line[to..]);
    for t in scan(line) {
        match t {
            Tok::Num(from, to) => {
                let digits = &line[from..to];
                let mut forms = vec!["0".to_string(), "1".to_string()];
                if digits.bytes().all(|b| b.is_ascii_digit()) && digits.len() > 1 {
                    forms.push(digits[..digits.len() / 2].to_string());
                    forms.push(digits[..digits.len() - 1].to_string());
                }
                forms.retain(|f| f.len() < digits.len() || (f.len() == digits.len() && f.as_str() < digits));
                forms.dedup();
                options.extend(forms.iter().map(|f| splice(from, to, f)));
            }
            Tok::Str(from, to) if to - from > 2 => {
                let quote = &line[from..=from];
                let body = &line[from + 1..to - 1];
                options.push(splice(from, to, &format!("{quote}{quote}")));
                if !body.contains('\\') && body.chars().count() > 1 {
                    let half: String = body.chars().take(body.chars().count() / 2).collect();
                    options.push(splice(from, to, &format!("{quote}{half}{quote}")));
                }
            }
            _ => {}
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reduces `source` while its text contains `needle` and it parses, and compares the result.
    fn check(source: &str, needle: &str, expect: &str) {
        let mut interesting = |t: &str| t.contains(needle);
        assert_eq!(reduce(source, &mut interesting, &mut |_, _| {}), expect);
    }

    #[test]
    fn keeps_only_what_the_predicate_needs() {
        check(
            "function f(a) {\n  return a + 1;\n}\nlet s = 0;\nfor (let i = 0; i < 100; i++) {\n  if (i === 50) {\n    console.log(7);\n  } else {\n    s += f(i);\n  }\n}\nconsole.log(s);\n",
            "console.log(7)",
            "console.log(7);\n",
        );
    }

    #[test]
    fn drops_items_and_shortens_literals() {
        check("g(123456789, \"abcdef\", [1, 2, 3]);\n", "g(1", "g(1);\n");
        check("let x = [10, 20, 30];\n", "20", "let x = [20];\n");
    }

    #[test]
    fn keeps_the_text_valid() {
        // Unwrapping the loop would leave `break` outside it, which does not parse.
        check("while (true) {\n  foo();\n  break;\n}\n", "break", "while (true) {\n  break;\n}\n");
    }

    #[test]
    fn lists_items_of_nested_lists() {
        let options = without_an_item("f(a, [b, c], \"x,y\")");
        assert!(options.contains(&"f([b, c], \"x,y\")".to_string()), "{options:?}");
        assert!(options.contains(&"f(a, [b, c])".to_string()), "{options:?}");
        assert!(options.contains(&"f(a, [c], \"x,y\")".to_string()), "{options:?}");
    }
}
