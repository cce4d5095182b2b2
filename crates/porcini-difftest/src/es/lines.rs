//! A program's text as a tree of lines, which is what the EasyScript reducer edits.
//!
//! The layout is the one [`super::text::Src`] writes: a line ending in `{` opens a group, a
//! line starting with `}` closes it, and a line that does both (`} else {`, `} catch (e) {`)
//! starts the group's next section. Hand-written programs laid out the same way read the same;
//! anything else is still read (an unmatched `}` is a plain line, an unclosed group closes at
//! the end), and printing gives the text back with its indentation normalised.

/// A line, or a construct spanning several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// One line, trimmed.
    Line(String),
    /// A construct with a body.
    Group(Group),
}

/// `head {` body, then `} mid {` body for each further section, then the closing line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The opening line, ending in `{`.
    pub head: String,
    /// The first section's lines.
    pub body: Vec<Node>,
    /// Further sections: the line that starts each (`} else {`) and its lines.
    pub sections: Vec<(String, Vec<Node>)>,
    /// The closing line, starting with `}` (empty for a group the text never closed).
    pub close: String,
}

impl Group {
    /// Every section's lines, the first section first.
    pub fn bodies(&self) -> impl Iterator<Item = &Vec<Node>> {
        std::iter::once(&self.body).chain(self.sections.iter().map(|(_, b)| b))
    }

    /// Every section's lines, mutably.
    pub fn bodies_mut(&mut self) -> impl Iterator<Item = &mut Vec<Node>> {
        std::iter::once(&mut self.body).chain(self.sections.iter_mut().map(|(_, b)| b))
    }
}

/// Reads `text` as a tree of lines.
pub fn parse(text: &str) -> Vec<Node> {
    // The groups being read, innermost last, each with the lines of its current section.
    let mut open: Vec<Group> = Vec::new();
    let mut top: Vec<Node> = Vec::new();
    fn current<'a>(open: &'a mut [Group], top: &'a mut Vec<Node>) -> &'a mut Vec<Node> {
        match open.last_mut() {
            Some(g) => g.sections.last_mut().map_or(&mut g.body, |(_, b)| b),
            None => top,
        }
    }
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let closes = line.starts_with('}') && !open.is_empty();
        let opens = line.ends_with('{');
        match (closes, opens) {
            (true, true) => {
                if let Some(g) = open.last_mut() {
                    g.sections.push((line.to_string(), Vec::new()));
                }
            }
            (true, false) => {
                if let Some(mut g) = open.pop() {
                    g.close = line.to_string();
                    current(&mut open, &mut top).push(Node::Group(g));
                }
            }
            (false, true) => {
                open.push(Group { head: line.to_string(), body: Vec::new(), sections: Vec::new(), close: String::new() })
            }
            (false, false) => current(&mut open, &mut top).push(Node::Line(line.to_string())),
        }
    }
    while let Some(g) = open.pop() {
        current(&mut open, &mut top).push(Node::Group(g));
    }
    top
}

/// The text of `nodes`, indented by two spaces a level.
pub fn print(nodes: &[Node]) -> String {
    fn put(out: &mut String, depth: usize, line: &str) {
        if !line.is_empty() {
            out.push_str(&"  ".repeat(depth));
            out.push_str(line);
            out.push('\n');
        }
    }
    fn walk(out: &mut String, depth: usize, nodes: &[Node]) {
        for n in nodes {
            match n {
                Node::Line(l) => put(out, depth, l),
                Node::Group(g) => {
                    put(out, depth, &g.head);
                    walk(out, depth + 1, &g.body);
                    for (mid, body) in &g.sections {
                        put(out, depth, mid);
                        walk(out, depth + 1, body);
                    }
                    put(out, depth, &g.close);
                }
            }
        }
    }
    let mut out = String::new();
    walk(&mut out, 0, nodes);
    out
}

/// The number of lines in `nodes`, the reducer's first measure.
pub fn count(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::Line(_) => 1,
            Node::Group(g) => 1 + g.sections.len() + usize::from(!g.close.is_empty()) + g.bodies().map(|b| count(b)).sum::<usize>(),
        })
        .sum()
}

/// The number of statements (lines and groups, not counting closing lines) in `nodes`.
pub fn statements(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::Line(_) => 1,
            Node::Group(g) => 1 + g.bodies().map(|b| statements(b)).sum::<usize>(),
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_groups_and_sections() {
        let text = "let a = 1;\nif (a) {\n  f();\n} else {\n  if (b) {\n    g();\n  }\n}\nh();\n";
        let tree = parse(text);
        assert_eq!(tree.len(), 3);
        let Node::Group(g) = &tree[1] else { panic!("a group") };
        assert_eq!(g.head, "if (a) {");
        assert_eq!(g.sections.len(), 1);
        assert_eq!(g.close, "}");
        assert_eq!(print(&tree), text);
        assert_eq!(count(&tree), 9);
        assert_eq!(statements(&tree), 6);
    }

    #[test]
    fn tolerates_other_layouts() {
        let tree = parse("}\nfunction f() {\n  return 1;\n");
        assert_eq!(print(&tree), "}\nfunction f() {\n  return 1;\n");
        let tree = parse("   x();\n\n      y();");
        assert_eq!(print(&tree), "x();\ny();\n");
    }
}
