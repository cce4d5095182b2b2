//! Settled nodes: the nodes whose respecialization in compiled code taught them nothing, so that
//! compiled code calls their slow path instead of leaving at it again.
//!
//! A node's respecializing slow path (`Stage::respecialize`) is, in compiled code, a
//! deoptimization that invalidates the code (Truffle's `transferToInterpreterAndInvalidate`): the
//! interpreter runs the slow path, the node changes state, and the code compiled next speculates
//! on the new state. When the slow path leaves the node's state as it was (a cache that cannot
//! cache what it met, a site already as general as it gets), the code compiled next is the same
//! code, leaves at the same place, and the unit is recompiled for ever, or until the policy gives
//! up and leaves it to the interpreter. That is a deoptimization cycle.
//!
//! The runtime breaks it where it starts. After compiled code left to respecialize, the first
//! respecialization the replay runs is the failing node's ([`crate::resume`]: every node on the
//! way makes the decisions it made in compiled code), and the runtime counts node state changes
//! around its slow path ([`crate::spec::note_specialized`]). Without a change the node is
//! *settled*: from then on partial evaluation emits a boundary call of its slow path where it
//! would have left, so the next compilation keeps running compiled code past the node. The slow
//! path is what the interpreter runs at the same place, so the result is the same; if a later call
//! of it does change the node, the code stays valid, and the node's cached cases stay correct.
//!
//! A change of state the count does not see (a node that forgets to report one) settles a node
//! that did learn; a change in some other node during the slow path (a guest call made by it) keeps
//! one unsettled that did not, and the policy's deoptimization cycle detection remains the bound.
//! Nodes are told apart by address and type (an operand held at the start of its parent has
//! its parent's address); nodes live as long as their trees, and a tree dropped while the runtime
//! lives may leave an entry a later node could match: it then calls its slow path from compiled
//! code, which is correct.

use std::any::TypeId;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;

use crate::language::Language;

use super::Runtime;

/// A node, by address and type.
type NodeKey = (usize, TypeId);

/// The runtime's record of settled nodes.
#[derive(Default)]
pub(crate) struct Settled {
    /// Compiled code left to respecialize, and the replay has not reached the node yet.
    pending: Cell<bool>,
    /// Nodes whose respecialization in compiled code changed nothing.
    nodes: RefCell<HashSet<NodeKey>>,
}

fn key<N: 'static>(node: &N) -> NodeKey {
    (node as *const N as *const () as usize, TypeId::of::<N>())
}

impl<L: Language> Runtime<L> {
    /// Compiled code left for `reason`: if to respecialize a node, the next respecialization the
    /// replay runs is that node's (and no other deoptimization's node is awaited any more).
    pub(crate) fn deoptimized_for(&self, reason: &'static str) {
        self.settled.pending.set(reason == crate::symbolic::RESPECIALIZE);
    }
    /// Runs the slow path `run` of `node` as the replay reaches it; if compiled code left for this
    /// respecialization and `run` changed no node's state, `node` is settled.
    pub(crate) fn respecialize_resumed<N: 'static, R>(&self, node: &N, run: impl FnOnce() -> R) -> R {
        if !self.settled.pending.replace(false) {
            return run();
        }
        let before = crate::spec::specializations();
        let r = run();
        if crate::spec::specializations() == before {
            self.settled.nodes.borrow_mut().insert(key(node));
        }
        r
    }
    /// Whether compiled code left at `node` to respecialize it and it learned nothing.
    pub(crate) fn is_settled<N: 'static>(&self, node: &N) -> bool {
        let nodes = self.settled.nodes.borrow();
        !nodes.is_empty() && nodes.contains(&key(node))
    }
}
