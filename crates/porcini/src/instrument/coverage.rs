//! Code coverage: how often each statement ran, counted by the statement hook, and the report
//! the coverage tool prints from it.
//!
//! Statements are those a block runs in sequence (and a body's final `return`); a language
//! gives each its source position when it builds the block. Counts are kept by the statement's
//! node address while the program runs; the report walks every call target's tree and merges
//! the counts by source position, so the splits of a function, whose trees are copies, add up
//! as one. A root counts as entered as often as its body's first statement ran (every call runs
//! it, in every engine mode), or, for an empty body, as its call count says.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use porcini_tools::coverage::{CoveredRoot, CoveredSource, CoveredStatement};

use crate::language::Language;
use crate::node::{ExprNode, node_addr};
use crate::runtime::Runtime;

/// Where a statement starts: 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct StatementPosition {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// Statement counts by node address.
#[derive(Default)]
pub(super) struct Coverage {
    hits: RefCell<HashMap<usize, u64>>,
}

impl Coverage {
    pub(super) fn hit(&self, addr: usize) {
        *self.hits.borrow_mut().entry(addr).or_insert(0) += 1;
    }

    /// The report over every source with guest code (see the module documentation).
    pub(super) fn report<L: Language>(&self, rt: &Runtime<L>, track_internal: bool) -> Vec<CoveredSource> {
        let hits = self.hits.borrow();
        struct Acc {
            statements: BTreeMap<StatementPosition, u64>,
            roots: BTreeMap<(u32, String), (u32, u64)>,
        }
        let mut by_path: BTreeMap<String, Acc> = BTreeMap::new();
        for t in rt.call_targets() {
            let root = t.root();
            if root.is_internal() && !track_internal {
                continue;
            }
            let (Some(section), Some(tree)) = (root.source_section(), root.tree()) else { continue };
            let acc = by_path
                .entry(section.name.to_string())
                .or_insert_with(|| Acc { statements: BTreeMap::new(), roots: BTreeMap::new() });
            let mut first: Option<u64> = None;
            let mut stack: Vec<&dyn ExprNode<L>> = vec![tree];
            while let Some(n) = stack.pop() {
                for (st, pos) in n.statements() {
                    let count = hits.get(&node_addr(st)).copied().unwrap_or(0);
                    if first.is_none() && std::ptr::addr_eq(n, tree) {
                        first = Some(count);
                    }
                    if let Some(pos) = pos {
                        *acc.statements.entry(pos).or_insert(0) += count;
                    }
                }
                stack.extend(n.children());
            }
            let entered = first.unwrap_or(u64::from(t.call_count()));
            let name = if t.name().is_empty() { "<anonymous>".to_string() } else { t.name().to_string() };
            let e = acc.roots.entry((section.start_line, name)).or_insert((section.end_line, 0));
            e.1 += entered;
        }
        by_path
            .into_iter()
            .map(|(path, acc)| CoveredSource {
                text: rt.source_text(&path).unwrap_or_default(),
                path,
                roots: acc
                    .roots
                    .into_iter()
                    .map(|((start_line, name), (end_line, count))| CoveredRoot { name, start_line, end_line, count })
                    .collect(),
                statements: acc
                    .statements
                    .into_iter()
                    .map(|(p, count)| CoveredStatement { line: p.line, column: p.column, count })
                    .collect(),
            })
            .collect()
    }
}
