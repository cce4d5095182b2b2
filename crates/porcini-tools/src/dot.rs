//! A small Graphviz DOT writer, for dumping ASTs, call trees and splitting decisions as graphs.
//!
//! Nodes are identified by a number and printed as `n<id>`, so the text of a graph depends only on
//! what was added and in which order: the same dump produces the same file, which keeps dumps
//! diffable. Every attribute value is quoted and escaped, so labels may contain any text.

#[cfg(test)]
mod tests;

use std::fmt;

/// A directed graph under construction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    name: String,
    attributes: Vec<(String, String)>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

/// A node and its attributes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    id: u64,
    label: Option<String>,
    shape: Option<String>,
    color: Option<String>,
}

/// An edge and its attributes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edge {
    from: u64,
    to: u64,
    label: Option<String>,
    color: Option<String>,
    style: Option<String>,
}

impl Digraph {
    /// An empty graph called `name`.
    pub fn new(name: &str) -> Self {
        Digraph {
            name: name.to_string(),
            ..Self::default()
        }
    }

    /// Sets a graph-wide attribute such as `rankdir`; setting the same key again replaces it.
    pub fn attribute(&mut self, key: &str, value: &str) -> &mut Self {
        match self
            .attributes
            .iter_mut()
            .find(|(existing, _)| existing == key)
        {
            Some(entry) => entry.1 = value.to_string(),
            None => self.attributes.push((key.to_string(), value.to_string())),
        }
        self
    }

    /// The node with this id, added (without attributes) if it is new. Nodes print in the order
    /// they were first added.
    pub fn node(&mut self, id: u64) -> &mut Node {
        let index = match self.nodes.iter().position(|node| node.id == id) {
            Some(index) => index,
            None => {
                self.nodes.push(Node {
                    id,
                    ..Node::default()
                });
                self.nodes.len() - 1
            }
        };
        &mut self.nodes[index]
    }

    /// Adds an edge; its end points need not be added as nodes first (Graphviz creates them).
    /// Parallel edges are kept, since a node may call the same target from two sites.
    pub fn edge(&mut self, from: u64, to: u64) -> &mut Edge {
        self.edges.push(Edge {
            from,
            to,
            ..Edge::default()
        });
        self.edges.last_mut().expect("an edge was just pushed")
    }

    /// The DOT text of the graph.
    pub fn render(&self) -> String {
        self.to_string()
    }
}

impl Node {
    /// Sets the label (any text; newlines become line breaks).
    pub fn label(&mut self, label: &str) -> &mut Self {
        self.label = Some(label.to_string());
        self
    }

    /// Sets the shape, such as `box` or `ellipse`.
    pub fn shape(&mut self, shape: &str) -> &mut Self {
        self.shape = Some(shape.to_string());
        self
    }

    /// Sets the outline colour, such as `red` or `#ff0000`.
    pub fn color(&mut self, color: &str) -> &mut Self {
        self.color = Some(color.to_string());
        self
    }
}

impl Edge {
    /// Sets the label (any text; newlines become line breaks).
    pub fn label(&mut self, label: &str) -> &mut Self {
        self.label = Some(label.to_string());
        self
    }

    /// Sets the colour.
    pub fn color(&mut self, color: &str) -> &mut Self {
        self.color = Some(color.to_string());
        self
    }

    /// Sets the line style, such as `dashed` or `bold`.
    pub fn style(&mut self, style: &str) -> &mut Self {
        self.style = Some(style.to_string());
        self
    }
}

impl fmt::Display for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "digraph {} {{", graph_name(&self.name))?;
        for (key, value) in &self.attributes {
            writeln!(f, "  {}={};", graph_name(key), quote(value))?;
        }
        for node in &self.nodes {
            write!(f, "  n{}", node.id)?;
            write_attributes(
                f,
                &[
                    ("label", &node.label),
                    ("shape", &node.shape),
                    ("color", &node.color),
                ],
            )?;
            writeln!(f, ";")?;
        }
        for edge in &self.edges {
            write!(f, "  n{} -> n{}", edge.from, edge.to)?;
            write_attributes(
                f,
                &[
                    ("label", &edge.label),
                    ("color", &edge.color),
                    ("style", &edge.style),
                ],
            )?;
            writeln!(f, ";")?;
        }
        write!(f, "}}")
    }
}

/// Writes ` [key="value", ...]` for the attributes that are set, or nothing when none is.
fn write_attributes(
    f: &mut fmt::Formatter<'_>,
    attributes: &[(&str, &Option<String>)],
) -> fmt::Result {
    let mut set = attributes
        .iter()
        .filter_map(|(key, value)| value.as_deref().map(|value| (key, value)));
    let Some((key, value)) = set.next() else {
        return Ok(());
    };
    write!(f, " [{key}={}", quote(value))?;
    for (key, value) in set {
        write!(f, ", {key}={}", quote(value))?;
    }
    write!(f, "]")
}

/// A name as a DOT ID: bare when it is a plain identifier, quoted otherwise (DOT keywords such as
/// `graph` or `node` are quoted too, since bare they would change the meaning of the text).
fn graph_name(name: &str) -> String {
    let mut chars = name.chars();
    let plain = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    let keyword = ["graph", "digraph", "subgraph", "node", "edge", "strict"]
        .iter()
        .any(|keyword| keyword.eq_ignore_ascii_case(name));
    if plain && !keyword {
        name.to_string()
    } else {
        quote(name)
    }
}

/// A double-quoted DOT string with `"` and `\` escaped and line breaks as `\n`. Backslashes are
/// escaped because Graphviz gives `\l`, `\N` and friends special meanings in labels, and a label
/// should show exactly the text it was given.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            // A carriage return would end up as a stray character in the label; the `\n` of a
            // CRLF pair already breaks the line.
            '\r' => {}
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}
