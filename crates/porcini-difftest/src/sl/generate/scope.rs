//! What the generator knows while it writes one function body: the variables in scope with the
//! types they may hold at this point, the loops it is inside, and how much the body may still
//! cost.
//!
//! Types are tracked along the straight-line code being written. After an `if`, a variable may
//! hold what either branch left in it. Loops are handled by a rule instead of a fixpoint: inside
//! a loop, a variable that existed before the loop may only be given values of the types it had
//! on entry, so the types known at the loop head stay true on every iteration.

use super::plan::{Cost, KeySet};
use super::ty::Ty;

/// Where a variable came from, which decides how it may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A parameter.
    Param,
    /// A local declared at the top of the function body, visible everywhere after.
    Local,
    /// A loop counter: a small non-negative number that only its loop changes.
    Counter,
    /// A local of the block being written, declared by its first assignment.
    Temp,
}

/// A variable in scope.
#[derive(Debug, Clone)]
pub struct Var {
    /// Its name.
    pub name: String,
    /// What it may hold here.
    pub ty: Ty,
    /// For objects: keys known to be present besides the common ones.
    pub keys: KeySet,
    /// Its role.
    pub role: Role,
    /// Whether the generator may assign it (counters and recursion depths are left alone).
    pub assignable: bool,
    /// How many blocks deep it was declared (0 = function body).
    pub depth: usize,
}

/// A loop being written.
#[derive(Debug, Clone)]
pub struct LoopFrame {
    /// Its counter's name.
    pub counter: String,
    /// Its iteration count.
    pub iterations: u64,
    /// The types (and keys) of the variables in scope on entry, by position in `vars`.
    pub entry: Vec<(Ty, KeySet)>,
}

/// The state of one function body being written.
#[derive(Debug)]
pub struct FnCtx {
    /// The variables in scope, outermost first.
    pub vars: Vec<Var>,
    /// The loops around the current point, outermost first.
    pub loops: Vec<LoopFrame>,
    /// The number of enclosing blocks.
    pub depth: usize,
    /// How many times the current point runs per call (the product of enclosing iterations).
    pub mult: u64,
    /// What one call of the body costs so far.
    pub spent: Cost,
    /// What one call of the body may cost.
    pub budget: Cost,
    /// The types the body has returned so far.
    pub returned: Ty,
    /// Whether the code will be put in a string (`defineFunction`, `eval`), so it may not
    /// contain string literals.
    pub no_strings: bool,
    /// Statements the body may still have (keeps programs short).
    pub stmts_left: usize,
    /// Planned functions with this index or more may be called by name (the call graph is
    /// acyclic because a function only calls larger indices; main calls from 0).
    pub min_callee: usize,
    /// Whether function values held in variables, properties or results may be called. Family
    /// members may not: a member calling a member could recurse without end.
    pub holders_ok: bool,
    /// Whether this is main, which alone may call functions that `eval` defines.
    pub is_main: bool,
    /// Whether `return` statements may be written other than the final one.
    pub early_returns: bool,
    /// Counter for fresh names.
    next_name: usize,
}

/// The types of the variables at some point, to restore or merge after a branch.
pub type Snapshot = Vec<(Ty, KeySet)>;

impl FnCtx {
    /// A context for a body that may cost `budget` per call and have `stmts` statements.
    pub fn new(budget: Cost, stmts: usize, no_strings: bool) -> FnCtx {
        FnCtx {
            vars: Vec::new(),
            loops: Vec::new(),
            depth: 0,
            mult: 1,
            spent: Cost::default(),
            budget,
            returned: Ty::NONE,
            no_strings,
            stmts_left: stmts,
            min_callee: usize::MAX,
            holders_ok: true,
            is_main: false,
            early_returns: true,
            next_name: 0,
        }
    }

    /// A fresh name with the given prefix.
    pub fn fresh_name(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name)
    }

    /// Declares a variable at the current depth.
    pub fn declare(&mut self, name: String, ty: Ty, role: Role, assignable: bool) {
        self.vars.push(Var { name, ty, keys: KeySet::default(), role, assignable, depth: self.depth });
    }

    /// The variable named `name`.
    pub fn var(&self, name: &str) -> Option<&Var> {
        self.vars.iter().rev().find(|v| v.name == name)
    }

    /// Sets what `name` holds from now on.
    pub fn set_type(&mut self, name: &str, ty: Ty, keys: KeySet) {
        if let Some(v) = self.vars.iter_mut().rev().find(|v| v.name == name) {
            v.ty = ty;
            v.keys = keys;
        }
    }

    /// Whether `name` may be given a value of type `ty` here: it must be assignable and, inside
    /// a loop it existed before, `ty` must be among the types it had on entry.
    pub fn may_assign(&self, name: &str, ty: Ty, keys: KeySet) -> bool {
        let Some(pos) = self.vars.iter().rposition(|v| v.name == name) else { return true };
        if !self.vars[pos].assignable {
            return false;
        }
        match self.loops.last() {
            Some(frame) if pos < frame.entry.len() => {
                let (entry_ty, entry_keys) = frame.entry[pos];
                ty.is_subset(entry_ty) && keys.intersect(entry_keys) == entry_keys
            }
            _ => true,
        }
    }

    /// The current types of the variables.
    pub fn snapshot(&self) -> Snapshot {
        self.vars.iter().map(|v| (v.ty, v.keys)).collect()
    }

    /// Puts back the types of a snapshot taken at this block depth.
    pub fn restore(&mut self, snap: &Snapshot) {
        for (v, &(ty, keys)) in self.vars.iter_mut().zip(snap) {
            v.ty = ty;
            v.keys = keys;
        }
    }

    /// Merges a snapshot into the current types: afterwards a variable may hold either.
    pub fn merge(&mut self, snap: &Snapshot) {
        for (v, &(ty, keys)) in self.vars.iter_mut().zip(snap) {
            v.ty = v.ty.union(ty);
            v.keys = v.keys.intersect(keys);
        }
    }

    /// Enters a block.
    pub fn enter_block(&mut self) {
        self.depth += 1;
    }

    /// Leaves a block: its temporaries go out of scope.
    pub fn leave_block(&mut self) {
        let depth = self.depth;
        self.vars.retain(|v| v.depth < depth);
        self.depth -= 1;
    }

    /// Whether one more run of something costing `c` at this point fits the budget.
    pub fn affords(&self, c: Cost) -> bool {
        self.spent.plus(c.times(self.mult)).fits(self.budget)
    }

    /// Records that something costing `c` runs at this point.
    pub fn spend(&mut self, c: Cost) {
        self.spent = self.spent.plus(c.times(self.mult));
    }

    /// Whether the current point is inside a loop.
    pub fn in_loop(&self) -> bool {
        !self.loops.is_empty()
    }

    /// The innermost loop's counter, if inside a loop.
    pub fn counter(&self) -> Option<&LoopFrame> {
        self.loops.last()
    }
}
