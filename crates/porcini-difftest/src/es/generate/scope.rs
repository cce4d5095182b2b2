//! What the generator knows while it writes one body: the variables in scope, the loops it is
//! inside, how much the body may still cost and print, and what the body may call.
//!
//! Types are declared, not inferred: a variable holds kinds of its declared set all its life,
//! so a loop may assign it anything of that set and the types known at its head stay true on
//! every iteration. Calls cannot recurse: a body calls planned functions with larger indices
//! only, and leaf bodies (methods, family members, closures) call no user code at all.

use super::ty::Ty;

/// A variable in scope.
#[derive(Debug, Clone)]
pub struct Var {
    /// Its name.
    pub name: String,
    /// What it may hold.
    pub ty: Ty,
    /// Whether the generator may assign it (not `const`, not a loop counter, which only its
    /// loop changes).
    pub assignable: bool,
}

/// How much something costs: work (roughly operations executed) and lines printed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// Operations.
    pub work: u64,
    /// Printed lines.
    pub lines: u64,
}

impl Cost {
    /// Work only.
    pub fn work(work: u64) -> Cost {
        Cost { work, lines: 0 }
    }

    /// The sum.
    pub fn plus(self, o: Cost) -> Cost {
        Cost { work: self.work.saturating_add(o.work), lines: self.lines.saturating_add(o.lines) }
    }

    /// `n` times this.
    pub fn times(self, n: u64) -> Cost {
        Cost { work: self.work.saturating_mul(n), lines: self.lines.saturating_mul(n) }
    }
}

/// The state of one body being written.
#[derive(Debug)]
pub struct Ctx {
    /// Variables in scope, outermost first.
    pub vars: Vec<Var>,
    /// `vars.len()` at the entry of each open block.
    marks: Vec<usize>,
    /// The counters of the loops around the current point, outermost first.
    pub loops: Vec<String>,
    /// How often the current point runs per run of the body.
    pub mult: u64,
    /// What one run of the body costs so far.
    pub spent: Cost,
    /// What it may cost.
    pub budget: Cost,
    /// Whether the body may call user code (planned functions and function values).
    pub calls: bool,
    /// Planned functions from this index on may be called.
    pub min_callee: usize,
    /// Whether `return` is allowed (inside a function).
    pub in_function: bool,
    /// Whether `this` is an instance of the program's classes (in methods).
    pub this_inst: bool,
    /// Statements the body may still have.
    pub stmts_left: usize,
    /// Blocks deep.
    pub depth: usize,
    /// Labels of the enclosing labelled loops.
    pub labels: Vec<String>,
    /// What a `return` in the body returns (`NONE`: the body has no early returns).
    pub ret_want: Ty,
}

impl Ctx {
    /// A body that may cost `budget` and has about `stmts` statements.
    pub fn new(budget: Cost, stmts: usize) -> Ctx {
        Ctx {
            vars: Vec::new(),
            marks: Vec::new(),
            loops: Vec::new(),
            mult: 1,
            spent: Cost::default(),
            budget,
            calls: true,
            min_callee: 0,
            in_function: false,
            this_inst: false,
            stmts_left: stmts,
            depth: 0,
            labels: Vec::new(),
            ret_want: Ty::NONE,
        }
    }

    /// Declares a variable in the current block.
    pub fn declare(&mut self, name: &str, ty: Ty, assignable: bool) {
        self.vars.push(Var { name: name.to_string(), ty, assignable });
    }

    /// Opens a block: variables declared from now on go out of scope at [`Ctx::leave`].
    pub fn enter(&mut self) {
        self.marks.push(self.vars.len());
        self.depth += 1;
    }

    /// Closes the innermost block.
    pub fn leave(&mut self) {
        if let Some(mark) = self.marks.pop() {
            self.vars.truncate(mark);
        }
        self.depth = self.depth.saturating_sub(1);
    }

    /// Enters a loop of `n` iterations counted by `counter` (a new variable of the loop).
    pub fn enter_loop(&mut self, counter: &str, n: u64) {
        self.enter();
        self.vars.push(Var { name: counter.to_string(), ty: Ty::NUM, assignable: false });
        self.loops.push(counter.to_string());
        self.mult = self.mult.saturating_mul(n.max(1));
    }

    /// Leaves the loop entered last, which ran `n` times.
    pub fn leave_loop(&mut self, n: u64) {
        self.loops.pop();
        self.mult /= n.max(1);
        self.leave();
    }

    /// Whether `cost`, run at the current point, still fits the budget.
    pub fn affords(&self, cost: Cost) -> bool {
        let total = self.spent.plus(cost.times(self.mult));
        total.work <= self.budget.work && total.lines <= self.budget.lines
    }

    /// Records `cost` run at the current point.
    pub fn spend(&mut self, cost: Cost) {
        self.spent = self.spent.plus(cost.times(self.mult));
    }

    /// The variables whose type is within `want` (and not empty).
    pub fn vars_within(&self, want: Ty) -> Vec<&Var> {
        self.vars.iter().filter(|v| !v.ty.is_none() && v.ty.is_subset(want)).collect()
    }

    /// The assignable variables.
    pub fn assignable(&self) -> Vec<&Var> {
        self.vars.iter().filter(|v| v.assignable).collect()
    }

    /// The innermost loop counter, if any.
    pub fn counter(&self) -> Option<&str> {
        self.loops.last().map(String::as_str)
    }
}
