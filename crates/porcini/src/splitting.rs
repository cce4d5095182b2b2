//! Call-target splitting, after Truffle: polymorphism reports mark call targets "needs split", and
//! a direct call about to call a marked target gives its call site a copy of its own.
//!
//! * **Reports.** A node that became more polymorphic reports it
//!   ([`crate::spec::report_polymorphic_specialize`]); the report goes to the target executing the
//!   node, [`Runtime::polymorphic_specialize`].
//! * **Marking** (Truffle's `maybeSetNeedsSplit`). The walk stops early at a target that is
//!   already marked, has no known callers, is running for the first time (its polymorphism is its
//!   own) or lies beyond `SplittingMaxPropagationDepth`. A target with one known caller cannot be
//!   helped by a split of itself, so the walk goes on in the caller's target; a target with
//!   several is marked. When the walk marks a caller, every target on the single-caller chain
//!   below it is marked too ("via parent"), so that the callees are split along with it. Marks are
//!   never cleared.
//! * **Splitting.** The interpreter's direct call tests one byte, its target's mark, and only then
//!   asks (out of line) whether this site already took its one decision. The checks run in
//!   Truffle's order with Truffle's messages: splitting possible, not a recursive split, budget,
//!   callee size. A split is a copy of the target's root in its uninitialized state (fresh node
//!   state, fresh frame descriptor) as a new target, named `<source> <split-N>`, that only this
//!   site calls from then on. The budget grows by `SplittingGrowthLimit` times the nodes of every
//!   new source target.
//! * **Tools.** `TraceSplitting` lines for each split and refusal, `SplittingTraceEvents`
//!   `[poly-event]` lines for the walk, a DOT dump per mark with `SplittingDumpDecisions`, and the
//!   `TraceSplittingSummary` block when the engine closes ([`Runtime::close`]). Lines go to the
//!   embedder's trace sink and dumps to its dump writer; the runtime itself does no I/O.
//!
//! The walk is iterative (the way up collects the chain, the way back marks it), so a long chain
//! of single callers with a large propagation depth cannot exhaust the native stack.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use porcini_tools::dot::Digraph;
use porcini_tools::dump::{self, DumpWriter};
use porcini_tools::options::{EngineMode, EngineOptions};
use porcini_tools::trace::TraceSink;
use porcini_tools::trace::splitting::{self as fmt, PolyEvent, SplitProperties, SplitSummary, UNKNOWN_SOURCE};

use crate::call_target::{CallSiteId, CallTarget, CallTargetId, DirectCallNode, SingleCaller, SplitOrigin};
use crate::language::Language;
use crate::node::{self, ExprNode};
use crate::runtime::Runtime;

/// How often the original target may appear along the chain of call sites that splits were made
/// for before a split is refused as recursive (Truffle's `RECURSIVE_SPLIT_DEPTH`).
const RECURSIVE_SPLIT_DEPTH: usize = 3;

/// The splitting options, read once when the runtime is created.
struct SplitConfig {
    /// `Splitting`, and not `Mode=latency`.
    enabled: bool,
    max_callee_size: u64,
    max_depth: u64,
    growth_limit: f64,
    allow_forced: bool,
    trace_events: bool,
    trace_splitting: bool,
    summary: bool,
    dump: bool,
    /// The applicable tier's thresholds, for the `Calls/Thres` properties.
    tier: Option<u32>,
    call_threshold: u64,
    loop_threshold: u64,
}

/// The engine-wide splitting state (Truffle keeps it in `EngineData` and the statistics
/// listener).
pub(crate) struct Splitting {
    config: SplitConfig,
    /// Nodes created by splits so far (Truffle's `splitCount`).
    split_count: Cell<i64>,
    /// Nodes splits may create (Truffle's `splitLimit`).
    split_limit: Cell<i64>,
    stats: RefCell<SplitStats>,
    trace: RefCell<Option<std::rc::Rc<TraceSink>>>,
    dumps: RefCell<Option<Box<dyn DumpWriter>>>,
}

#[derive(Default)]
struct SplitStats {
    splits: i64,
    forced: i64,
    split_nodes: i64,
    created_nodes: i64,
    /// The running number of the `split` trace lines.
    traced_splits: u64,
    dumps: u64,
    per_source: Vec<(CallTargetId, i64)>,
    per_node: Vec<(&'static str, i64)>,
}

impl Splitting {
    pub(crate) fn new(options: &EngineOptions) -> Splitting {
        let multi = options.multi_tier;
        Splitting {
            config: SplitConfig {
                enabled: options.splitting && options.mode != EngineMode::Latency,
                max_callee_size: options.splitting_max_callee_size,
                max_depth: options.splitting_max_propagation_depth,
                growth_limit: options.splitting_growth_limit,
                allow_forced: options.splitting_allow_forced_splits,
                trace_events: options.splitting_trace_events,
                trace_splitting: options.trace_splitting,
                summary: options.trace_splitting_summary,
                dump: options.splitting_dump_decisions,
                tier: multi.then_some(1),
                call_threshold: if multi {
                    options.first_tier_min_invoke_threshold
                } else {
                    options.min_invoke_threshold
                },
                loop_threshold: if multi {
                    options.first_tier_compilation_threshold
                } else {
                    options.single_tier_compilation_threshold
                },
            },
            split_count: Cell::new(0),
            split_limit: Cell::new(0),
            stats: RefCell::new(SplitStats::default()),
            trace: RefCell::new(None),
            dumps: RefCell::new(None),
        }
    }
    /// A new source target of `nodes` nodes widens the budget (Truffle truncates the limit to an
    /// integer at every step, and so does this).
    pub(crate) fn source_created(&self, nodes: usize) {
        let limit = self.split_limit.get() as f64 + self.config.growth_limit * nodes as f64;
        self.split_limit.set(limit as i64);
        let mut stats = self.stats.borrow_mut();
        stats.created_nodes = stats.created_nodes.saturating_add(nodes as i64);
    }
    fn line(&self, text: &str) {
        if let Some(sink) = self.trace.borrow().as_ref() {
            sink.line(text);
        }
    }
    fn poly_event(&self, depth: usize, event: PolyEvent<'_>, target: &str) {
        if self.config.trace_events {
            self.line(&fmt::poly_event(depth, &event, target));
        }
    }
}

/// One step of a marking walk: a target, and the node that connects it to the step before (the
/// reporting node for the first, the call node calling the previous target for the others).
struct Step<L: Language> {
    target: Rc<CallTarget<L>>,
    /// The connecting node's address in the target's tree.
    node: Option<usize>,
}

impl<L: Language> Runtime<L> {
    /// Gives the runtime the sink its trace lines go to (none by default: traces are dropped).
    pub fn set_trace_sink(&self, sink: TraceSink) {
        *self.splitting.trace.borrow_mut() = Some(std::rc::Rc::new(sink));
    }
    /// The sink trace lines go to, for code that writes them later on its own (compiled code
    /// tracing its deoptimizations).
    pub(crate) fn trace_sink(&self) -> Option<std::rc::Rc<TraceSink>> {
        self.splitting.trace.borrow().clone()
    }
    /// Gives the runtime the writer its dumps go to (none by default: dumps are dropped).
    pub fn set_dump_writer(&self, writer: Box<dyn DumpWriter>) {
        *self.splitting.dumps.borrow_mut() = Some(writer);
    }
    /// Writes a trace line (with the `[engine] ` prefix) to the embedder's sink, if any.
    pub fn trace_line(&self, text: &str) {
        self.splitting.line(text);
    }

    /// Writes a dump named by `parts` and the running number of the runtime's dumps through the
    /// embedder's writer (nothing happens without one).
    pub(crate) fn write_numbered_dump(&self, parts: &[&str], contents: &str) {
        let sp = &self.splitting;
        let writer = sp.dumps.borrow();
        let Some(writer) = writer.as_ref() else { return };
        let n = {
            let mut stats = sp.stats.borrow_mut();
            stats.dumps += 1;
            stats.dumps
        };
        let number = n.to_string();
        let mut named = vec![parts[0], number.as_str()];
        named.extend_from_slice(&parts[1..]);
        writer.write_dump(&dump::file_name(&named, "dot"), contents);
    }

    /// Handles a polymorphic specialization reported by `node`, a node of `target`'s tree
    /// (Truffle's `OptimizedCallTarget.polymorphicSpecialize`): counts it and, when splitting is
    /// on, runs the marking walk from `target`.
    #[cold]
    #[inline(never)]
    pub fn polymorphic_specialize(&self, target: &CallTarget<L>, node: &dyn ExprNode<L>) {
        target.note_polymorphic_specialize();
        let sp = &self.splitting;
        if sp.config.summary {
            count(&mut sp.stats.borrow_mut().per_node, node.kind_name());
        }
        if !sp.config.enabled {
            return;
        }
        let Some(start) = self.call_target(target.id()) else { return };
        let source = format!("{}@{:x}", node.kind_name(), node::node_addr(node));
        sp.poly_event(0, PolyEvent::Polymorphic { source: &source }, start.name());
        self.mark_walk(Step { target: start, node: Some(node::node_addr(node)) });
    }

    /// The marking walk (Truffle's `maybeSetNeedsSplit`), from `first` at depth 0.
    fn mark_walk(&self, first: Step<L>) {
        let sp = &self.splitting;
        // A chain of single callers can be a cycle (functions that call each other and are
        // otherwise reached only indirectly). A walk longer than there are targets goes round it
        // and learns nothing new, so the depth limit is also the number of targets: however large
        // `SplittingMaxPropagationDepth` is set, the walk ends.
        let max_depth = sp.config.max_depth.min(self.call_target_count() as u64);
        let mut chain = vec![first];
        // Up the single-caller chain until a target ends the walk; `result` is what that target
        // answers its caller.
        let result = loop {
            let depth = chain.len() - 1;
            let Some(t) = chain.last().map(|s| s.target.clone()) else { return };
            let calls = t.call_count();
            if depth as u64 > max_depth || t.needs_split() || t.known_callers() == 0 || calls == 1 {
                let early = PolyEvent::EarlyReturn {
                    needs_split: t.needs_split(),
                    call_count: i64::from(calls),
                    known_call_nodes: i64::from(t.known_callers()),
                };
                sp.poly_event(depth, early, t.name());
                break t.needs_split();
            }
            match t.single_caller() {
                SingleCaller::One { site, enclosing } => {
                    // A caller outside any target cannot be followed: nothing is marked.
                    let Some(caller) = enclosing.and_then(|id| self.call_target(id)) else {
                        sp.poly_event(depth, PolyEvent::Return(t.needs_split()), t.name());
                        break t.needs_split();
                    };
                    sp.poly_event(depth, PolyEvent::OneCaller, t.name());
                    let node = sp.config.dump.then(|| call_node_addr(&*caller, site)).flatten();
                    chain.push(Step { target: caller, node });
                }
                SingleCaller::Many | SingleCaller::None => {
                    t.set_needs_split();
                    sp.poly_event(depth, PolyEvent::NeedsSplit, t.name());
                    if sp.config.dump {
                        self.dump_decision(&chain);
                    }
                    sp.poly_event(depth, PolyEvent::Return(true), t.name());
                    break true;
                }
            }
        };
        // Back down: a marked caller marks every target below it on the chain.
        let below = chain.len().saturating_sub(1);
        for (depth, step) in chain.iter().enumerate().take(below).rev() {
            let t = &step.target;
            if result {
                t.set_needs_split();
                sp.poly_event(depth, PolyEvent::NeedsSplitViaParent, t.name());
            }
            sp.poly_event(depth, PolyEvent::Return(t.needs_split()), t.name());
        }
    }

    /// The interpreter's out-of-line half of a direct call to a marked target: the site's one
    /// decision (Truffle's `TruffleSplittingStrategy.beforeCall`). Afterwards the site calls its
    /// current target, which is the split if one was made.
    #[cold]
    #[inline(never)]
    pub(crate) fn before_split_call(&self, site: &DirectCallNode<L>) {
        if site.split_decided() {
            return;
        }
        site.decide_split();
        let source = site.target();
        if !source.needs_split() {
            return;
        }
        if let Err(reason) = self.should_split(site, &source) {
            if self.splitting.config.trace_splitting {
                self.splitting.line(&fmt::split_failed_line(&reason, source.name(), &self.split_properties(&source)));
            }
            return;
        }
        if self.split(site, &source, false).is_none() && self.splitting.config.trace_splitting {
            let props = self.split_properties(&source);
            self.splitting.line(&fmt::split_failed_line("Split not possible.", source.name(), &props));
        }
    }

    /// Truffle's `shouldSplit` after the mark: `canSplit`, the recursion guard, the budget and the
    /// callee size, in that order; the error is the refusal's message.
    fn should_split(&self, site: &DirectCallNode<L>, source: &CallTarget<L>) -> Result<(), String> {
        let cfg = &self.splitting.config;
        if !self.can_split(site, source) {
            return Err(String::from("Split not possible."));
        }
        if self.is_recursive_split(site, source) {
            return Err(String::from("Recursive split."));
        }
        let size = source.uninitialized_nodes() as i64;
        let (count, limit) = (self.splitting.split_count.get(), self.splitting.split_limit.get());
        if count.saturating_add(size) >= limit {
            return Err(format!("Not enough budget. {} > {}", count.saturating_add(size), limit));
        }
        if size as u64 > cfg.max_callee_size {
            return Err(format!("Target too big: {} > {}", size, cfg.max_callee_size));
        }
        Ok(())
    }

    /// Splitting is on, the site still calls its original target, and the root may be cloned.
    fn can_split(&self, site: &DirectCallNode<L>, source: &CallTarget<L>) -> bool {
        self.splitting.config.enabled && !site.is_split() && source.root().is_cloning_allowed()
    }

    /// Whether `source` already appears [`RECURSIVE_SPLIT_DEPTH`] times along the chain of call
    /// sites that the splits enclosing `site` were made for: a recursive function would otherwise
    /// split itself at every level of its recursion.
    fn is_recursive_split(&self, site: &DirectCallNode<L>, source: &CallTarget<L>) -> bool {
        let mut seen = 0;
        let mut next = site.enclosing();
        // Each step goes to a target created before the current one, so the walk ends.
        while let Some(t) = next.and_then(|id| self.call_target(id)) {
            let Some(origin) = t.split_origin() else { break };
            if origin.source == source.id() {
                seen += 1;
                if seen >= RECURSIVE_SPLIT_DEPTH {
                    return true;
                }
            }
            next = origin.site_enclosing;
        }
        false
    }

    /// Splits `source` for `site`: a copy of its root, uninitialized, as a new target that only
    /// `site` calls from now on. `None` when the root gives no copy.
    fn split(&self, site: &DirectCallNode<L>, source: &Rc<CallTarget<L>>, forced: bool) -> Option<Rc<CallTarget<L>>> {
        let root = source.root().clone_uninitialized()?;
        let origin = SplitOrigin { source: source.id(), site: site.id(), site_enclosing: site.enclosing() };
        let split = self.create_target(root, Some(origin));
        if !site.move_to(&split) {
            return None;
        }
        let size = source.uninitialized_nodes() as i64;
        let sp = &self.splitting;
        sp.split_count.set(sp.split_count.get().saturating_add(size));
        let number = {
            let mut stats = sp.stats.borrow_mut();
            stats.splits += 1;
            if forced {
                stats.forced += 1;
            }
            stats.split_nodes = stats.split_nodes.saturating_add(size);
            match stats.per_source.iter_mut().find(|(id, _)| *id == source.id()) {
                Some((_, n)) => *n += 1,
                None => stats.per_source.push((source.id(), 1)),
            }
            stats.traced_splits += 1;
            stats.traced_splits - 1
        };
        if let Some(caller) = site.enclosing().and_then(|id| self.call_target(id)) {
            self.invalidate_compiled_caller(&caller, "Split call node");
        }
        if sp.config.trace_splitting {
            let props = self.split_properties(source);
            sp.line(&fmt::split_line(number, u64::from(split.id().0), source.name(), &props));
        }
        Some(split)
    }

    /// Splits `site`'s target for it now, whatever the heuristic says (Truffle's
    /// `DirectCallNode.cloneCallTarget`): allowed by `SplittingAllowForcedSplits` when the split
    /// is possible and not recursive; the budget and the size limit do not apply, though the split
    /// counts against the budget. Returns whether the site now calls a split.
    pub fn force_split(&self, site: &DirectCallNode<L>) -> bool {
        let source = site.target();
        if !self.splitting.config.allow_forced
            || !self.can_split(site, &source)
            || self.is_recursive_split(site, &source)
        {
            return false;
        }
        self.split(site, &source, true).is_some()
    }

    /// Whether a call site may be split by [`Runtime::force_split`] as far as its root is
    /// concerned (Truffle's `isCallTargetCloningAllowed`).
    pub fn is_call_target_cloning_allowed(&self, site: &DirectCallNode<L>) -> bool {
        site.target().root().is_cloning_allowed()
    }

    /// Discards the compiled code of `caller`, whose call site now calls a split: code that
    /// called the original directly must not keep doing so, as Truffle's node replacement
    /// ("Split call node") invalidates the caller. Frames running it leave at their next check.
    /// Units of `caller` still waiting for their machine code are cancelled with it, and traced
    /// as taken off the queue (`opt unque.`).
    pub fn invalidate_compiled_caller(&self, caller: &CallTarget<L>, reason: &'static str) {
        let cancelled = self.waiting_units(caller);
        caller.invalidate_code(reason);
        self.trace_unqueued(caller, &cancelled, reason);
    }

    /// The properties `split` and `split failed` lines show for `source`.
    fn split_properties(&self, source: &CallTarget<L>) -> SplitProperties {
        let cfg = &self.splitting.config;
        let section = source.root().source_section().map_or_else(
            || UNKNOWN_SOURCE.to_string(),
            |s| fmt::source_section(&s.name, s.start_line, s.end_line, s.char_index, s.char_length),
        );
        SplitProperties {
            ast_size: source.root().node_count() as i64,
            tier: cfg.tier,
            calls: i64::from(source.call_count()),
            call_threshold: cfg.call_threshold as i64,
            calls_and_loops: i64::from(source.call_and_loop_count()),
            calls_and_loops_threshold: cfg.loop_threshold as i64,
            source_section: section,
        }
    }

    /// Writes the DOT graph of a mark: for each step of the walk, the path from its target's root
    /// down to the connecting node (child edges), and an edge from each call node to the root of
    /// the target it calls, ending at the node that reported (Truffle dumps the same chain to
    /// IGV).
    fn dump_decision(&self, chain: &[Step<L>]) {
        let sp = &self.splitting;
        let writer = sp.dumps.borrow();
        let Some(writer) = writer.as_ref() else { return };
        let Some(marked) = chain.last() else { return };
        let mut g = Digraph::new("needs_split");
        g.attribute("label", &format!("needs split: {}", marked.target.name()));
        // Graph ids: roots count down from the top, nodes are numbered as they are added.
        let mut next_id = 0u64;
        let mut callee_root: Option<u64> = None;
        for (i, step) in chain.iter().enumerate() {
            let root_id = next_id;
            next_id += 1;
            g.node(root_id).label(&format!("root {}", step.target.name())).shape("box");
            let path = step.node.zip(step.target.root().tree()).and_then(|(addr, tree)| node::path_to(tree, addr));
            let mut parent = root_id;
            for (k, n) in path.iter().flatten().enumerate() {
                let id = next_id;
                next_id += 1;
                let last = path.as_ref().is_some_and(|p| k + 1 == p.len());
                let node = g.node(id).label(&format!("{}@{:x}", n.kind_name(), node::node_addr(*n)));
                if last && i == 0 {
                    node.color("red");
                }
                g.edge(parent, id);
                parent = id;
                if last && let Some(callee) = callee_root {
                    g.edge(id, callee).style("dashed").label("call");
                }
            }
            callee_root = Some(root_id);
        }
        let n = {
            let mut stats = sp.stats.borrow_mut();
            stats.dumps += 1;
            stats.dumps
        };
        let name = dump::file_name(&["needs-split", &n.to_string(), marked.target.name()], "dot");
        writer.write_dump(&name, &g.render());
    }

    /// The statistics of `TraceSplittingSummary` so far.
    pub fn splitting_summary(&self) -> SplitSummary {
        let sp = &self.splitting;
        let stats = sp.stats.borrow();
        let targets = self.call_targets();
        // A split is wasted when the tree containing its call site no longer runs: that of a
        // split that is wasted itself, or of a source target whose every call site was moved to
        // splits of it. Targets are created after those they are split from, so one pass in id
        // order settles each target after its site's enclosing target.
        let mut dead = vec![false; targets.len()];
        let (mut wasted_nodes, mut wasted_targets, mut executed) = (0i64, 0i64, 0i64);
        for t in &targets {
            let i = t.id().0 as usize;
            let is_dead = match t.split_origin() {
                Some(o) => o.site_enclosing.is_some_and(|e| dead.get(e.0 as usize).copied().unwrap_or(false)),
                None => t.known_callers() == 0 && t.moved_away() > 0,
            };
            if let Some(d) = dead.get_mut(i) {
                *d = is_dead;
            }
            if is_dead && t.split_origin().is_some() {
                wasted_targets += 1;
                wasted_nodes += t.uninitialized_nodes() as i64;
            }
            if t.call_count() > 0 {
                executed += t.uninitialized_nodes() as i64;
            }
        }
        let name = |id: CallTargetId| targets.get(id.0 as usize).map(|t| t.name().to_string()).unwrap_or_default();
        SplitSummary {
            split_count: sp.split_count.get(),
            split_limit: sp.split_limit.get(),
            splits: stats.splits,
            forced_splits: stats.forced,
            split_nodes: stats.split_nodes,
            created_nodes: stats.created_nodes,
            wasted_nodes,
            wasted_targets,
            executed_nodes: executed,
            split_targets: stats.per_source.iter().map(|&(id, n)| (name(id), n)).collect(),
            polymorphic_nodes: stats.per_node.iter().map(|&(k, n)| (format!("class {k}"), n)).collect(),
        }
    }

    /// Closes the engine: prints what is due at exit (the `TraceSplittingSummary` block, then the
    /// `CompilationStatistics` report). The embedder calls it once, after the guest's last code
    /// (shutdown hooks included) ran.
    pub fn close(&self) {
        if self.splitting.config.summary {
            self.splitting.line(&self.splitting_summary().render());
        }
        self.close_listener();
    }
}

/// The address of the node in `caller`'s tree that holds the call node `site`.
fn call_node_addr<L: Language>(caller: &CallTarget<L>, site: CallSiteId) -> Option<usize> {
    let tree = caller.root().tree()?;
    let path = node::find_path(tree, |n| n.call_nodes().iter().any(|c| c.id() == site))?;
    path.last().map(|n| node::node_addr(*n))
}

fn count(table: &mut Vec<(&'static str, i64)>, key: &'static str) {
    match table.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => table.push((key, 1)),
    }
}
