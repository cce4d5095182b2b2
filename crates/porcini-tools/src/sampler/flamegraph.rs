//! The `flamegraph` output: a self-contained SVG of the call tree that a browser opens directly.
//!
//! Each node of the call tree is a rectangle whose width is proportional to its total samples,
//! stacked on its caller, with a bar for all samples at the bottom. Siblings are ordered by name,
//! as flame graphs usually are, so the same functions line up from run to run. Every frame is a
//! nested `<svg>` viewport holding its rectangle and label: a nested viewport clips what it holds,
//! so a long name is cut at the frame's edge instead of spilling over its neighbours. A `<title>`
//! gives the full name, location and counts as a tooltip, and colours come from a hash of the
//! name, so a function has the same colour everywhere and in every run.
//!
//! A small inline script zooms on click: the clicked frame fills the width, its descendants
//! widen with it, its callers stay full-width and dimmed, and the rest is hidden; clicking the
//! bottom bar zooms back out. Nothing is loaded from elsewhere. Frames narrower than
//! `MIN_WIDTH` pixels are left out, since nobody can see or click them; this also bounds the
//! file size of huge profiles. Truffle's own flame graph also holds a histogram and search box,
//! which this one does not.

use std::fmt::Write;

use super::Profile;
use super::functions::Functions;
use super::table::percent;
use super::tree::{CallTree, by_name};
use crate::trace::printf::fixed;

/// Width of the whole image and of the margin around the frames, in pixels.
const WIDTH: f64 = 1200.0;
const PAD: f64 = 10.0;
/// Height of one stack level, and of the title area above the frames.
const FRAME_HEIGHT: f64 = 16.0;
const HEADER: f64 = 40.0;
/// Frames narrower than this many pixels are not drawn.
const MIN_WIDTH: f64 = 0.1;

/// One rectangle to draw.
struct Frame {
    label: String,
    tooltip: String,
    /// Samples left of the frame, and the samples it stands for.
    offset: u64,
    samples: u64,
    /// 0 for the bar of all samples, 1 for the outermost guest frames.
    depth: usize,
    fill: String,
}

pub(super) fn render(profile: &Profile) -> String {
    let functions = Functions::new(profile);
    let tree = CallTree::build(profile, &functions);
    let total = profile.recorded_samples();
    let frames = layout(&tree, &functions, total);
    let levels = frames.iter().map(|f| f.depth + 1).max().unwrap_or(0);
    let height = HEADER + levels as f64 * FRAME_HEIGHT + 2.0 * PAD;

    let mut svg = String::new();
    svg.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\">"
    );
    svg.push_str(
        "<style>text{font-family:monospace;font-size:12px;fill:#000}\
         g.f{cursor:pointer}g.f:hover rect{stroke:#000;stroke-width:1}</style>\n",
    );
    let _ = writeln!(
        svg,
        "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#f8f8f0\"/>\n\
         <text x=\"{}\" y=\"20\" text-anchor=\"middle\" font-size=\"16\">CPU Sampler Flame Graph</text>",
        WIDTH / 2.0
    );
    let summary = format!(
        "Thread {}: {} samples with period {}ms, {} missed.",
        profile.thread_name, total, profile.period_ms, profile.missed
    );
    let _ = writeln!(
        svg,
        "<text x=\"{PAD}\" y=\"34\">{}</text>",
        escape(&summary)
    );
    if frames.is_empty() {
        let _ = writeln!(
            svg,
            "<text x=\"{PAD}\" y=\"{}\">No samples recorded.</text>",
            HEADER + PAD
        );
    }
    let scale = (WIDTH - 2.0 * PAD) / total.max(1) as f64;
    for frame in &frames {
        let x = PAD + frame.offset as f64 * scale;
        let width = frame.samples as f64 * scale;
        let y = height - PAD - (frame.depth + 1) as f64 * FRAME_HEIGHT;
        let _ = writeln!(
            svg,
            "<g class=\"f\" data-x=\"{}\" data-w=\"{}\" data-d=\"{}\"><title>{}</title>\
             <svg x=\"{x:.2}\" y=\"{y:.2}\" width=\"{width:.2}\" height=\"{}\">\
             <rect width=\"100%\" height=\"100%\" rx=\"2\" fill=\"{}\"/>\
             <text x=\"3\" y=\"{}\">{}</text></svg></g>",
            frame.offset,
            frame.samples,
            frame.depth,
            escape(&frame.tooltip),
            FRAME_HEIGHT - 1.0,
            frame.fill,
            FRAME_HEIGHT - 4.0,
            escape(&frame.label),
        );
    }
    svg.push_str("<script type=\"text/ecmascript\"><![CDATA[\n");
    svg.push_str(&script());
    svg.push_str("]]></script>\n</svg>\n");
    svg
}

/// Places every node of the tree, walking it with an explicit stack; each entry is a node and
/// the samples left of it.
fn layout(tree: &CallTree, functions: &Functions, total: u64) -> Vec<Frame> {
    let mut frames = Vec::new();
    if total == 0 {
        return frames;
    }
    let visible = |samples: u64| samples as f64 * (WIDTH - 2.0 * PAD) / total as f64 >= MIN_WIDTH;
    frames.push(Frame {
        label: "all".to_string(),
        tooltip: format!("all: {total} samples (100.00%)"),
        offset: 0,
        samples: total,
        depth: 0,
        fill: "rgb(200,200,200)".to_string(),
    });
    let mut pending: Vec<(usize, u64)> = Vec::new();
    push_children(&mut pending, tree, functions, &tree.roots, 0);
    while let Some((index, offset)) = pending.pop() {
        let node = &tree.nodes[index];
        if !visible(node.counts.total) {
            continue;
        }
        let name = functions.name(node.key);
        frames.push(Frame {
            label: name.to_string(),
            tooltip: format!(
                "{name} ({}): {} samples ({}%), {} self",
                functions.location(node.key),
                node.counts.total,
                fixed(percent(node.counts.total, total), 0, 2),
                node.counts.self_
            ),
            offset,
            samples: node.counts.total,
            depth: node.depth + 1,
            fill: colour(name),
        });
        push_children(&mut pending, tree, functions, &node.children, offset);
    }
    frames
}

/// Pushes `children`, ordered by name and placed side by side from `offset`, in reverse so the
/// leftmost is laid out first.
fn push_children(
    pending: &mut Vec<(usize, u64)>,
    tree: &CallTree,
    functions: &Functions,
    children: &[usize],
    offset: u64,
) {
    let mut sorted = children.to_vec();
    sorted.sort_by(|&a, &b| by_name(functions, tree.nodes[a].key, tree.nodes[b].key));
    let mut placed = Vec::with_capacity(sorted.len());
    let mut left = offset;
    for child in sorted {
        placed.push((child, left));
        left += tree.nodes[child].counts.total;
    }
    pending.extend(placed.into_iter().rev());
}

/// A warm colour derived from the name (FNV-1a), in the red-to-yellow range flame graphs use.
fn colour(name: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    let red = 205 + hash % 51;
    let green = (hash >> 16) % 231;
    let blue = (hash >> 32) % 56;
    format!("rgb({red},{green},{blue})")
}

/// Escapes text for XML content and attribute values. Characters XML 1.0 forbids (most control
/// characters) become U+FFFD, so any function name yields a well-formed file.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if u32::from(c) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// The click-to-zoom script. It reads each frame's sample offset, width and depth from its
/// `data-` attributes and recomputes the nested viewports' positions.
fn script() -> String {
    format!(
        r#"var P = {PAD}, W = {inner};
function num(g, name) {{ return Number(g.getAttribute('data-' + name)); }}
function zoom(target) {{
  var x0 = num(target, 'x'), w0 = num(target, 'w'), d0 = num(target, 'd');
  document.querySelectorAll('g.f').forEach(function (g) {{
    var x = num(g, 'x'), w = num(g, 'w'), d = num(g, 'd'), box = g.querySelector('svg');
    var inside = d >= d0 && x >= x0 && x + w <= x0 + w0;
    var caller = d < d0 && x <= x0 && x + w >= x0 + w0;
    g.style.display = inside || caller ? '' : 'none';
    g.style.opacity = caller ? '0.6' : '1';
    if (inside) {{
      box.setAttribute('x', P + (x - x0) / w0 * W);
      box.setAttribute('width', w / w0 * W);
    }} else if (caller) {{
      box.setAttribute('x', P);
      box.setAttribute('width', W);
    }}
  }});
}}
document.querySelectorAll('g.f').forEach(function (g) {{
  g.addEventListener('click', function () {{ zoom(g); }});
}});
"#,
        inner = WIDTH - 2.0 * PAD
    )
}
