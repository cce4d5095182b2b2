//! The program-wide facts the generator decides before and while it writes functions: the
//! functions with their signatures and costs, the families of interchangeable functions that
//! higher-order code may call, and the property keys objects carry.
//!
//! Calls must not recurse without bound, so functions are numbered and a function may call by
//! name only functions with a larger number (itself only when it is recursive with a decreasing
//! counter). Function *values* that get called (parameters, locals, properties, results) are
//! always members of a family, and a family's members are leaves that call no user function,
//! so such calls cannot recurse either.

use crate::entropy::Entropy;

use super::ty::{FamilyId, Ty};
use crate::sl::model::{BinOp, Expr};

/// A typed index of a function in the plan; a function may call those with larger indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FuncIdx(pub usize);

/// How much one execution of some code costs: work units (roughly nodes executed) and lines
/// printed. Budgets in these units keep every program fast and its output small.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// Roughly the number of nodes executed.
    pub work: u64,
    /// Lines printed.
    pub lines: u64,
}

impl Cost {
    /// A cost of `work` units and no output.
    pub fn work(work: u64) -> Cost {
        Cost { work, lines: 0 }
    }

    /// The sum.
    pub fn plus(self, other: Cost) -> Cost {
        Cost { work: self.work.saturating_add(other.work), lines: self.lines.saturating_add(other.lines) }
    }

    /// This cost `n` times.
    pub fn times(self, n: u64) -> Cost {
        Cost { work: self.work.saturating_mul(n), lines: self.lines.saturating_mul(n) }
    }

    /// The larger of the two, per component.
    pub fn max(self, other: Cost) -> Cost {
        Cost { work: self.work.max(other.work), lines: self.lines.max(other.lines) }
    }

    /// Whether both components are within `limit`.
    pub fn fits(self, limit: Cost) -> bool {
        self.work <= limit.work && self.lines <= limit.lines
    }
}

/// What a function is for, which decides what its body may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FnKind {
    /// Calls no user function; members of families are leaves.
    Leaf,
    /// Calls functions with larger indices.
    Inner,
    /// Calls itself with its first parameter, a number, decreased by one, and stops below 1.
    Recursive,
}

/// A planned function: its signature as far as callers need it.
#[derive(Debug, Clone)]
pub struct FnInfo {
    /// Its name.
    pub name: String,
    /// The types each parameter accepts. A parameter that accepts NULL may be left out.
    pub params: Vec<Ty>,
    /// The parameter names.
    pub names: Vec<String>,
    /// The types it may return (known once its body is written).
    pub ret: Ty,
    /// The cost of one call, body included.
    pub cost: Cost,
    /// Its role.
    pub kind: FnKind,
    /// Defined at run time by main (through `eval`), so only main may call it, and only after.
    pub main_only: bool,
}

/// A function that can be called through a family's function values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// A planned user function (always a leaf).
    User(FuncIdx),
    /// A builtin, by name.
    Builtin(&'static str),
}

/// Interchangeable functions with one signature: a call site that is handed several of them
/// becomes polymorphic, or megamorphic with more than the inline cache holds.
#[derive(Debug, Clone)]
pub struct Family {
    /// What every member accepts.
    pub params: Vec<Ty>,
    /// What every member may return.
    pub ret: Ty,
    /// The members.
    pub members: Vec<Member>,
    /// The largest cost of calling a member.
    pub cost: Cost,
}

/// A typed index of a property key in the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyId(pub u8);

/// A set of keys, for what is known to be present on an object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeySet(u32);

impl KeySet {
    /// Whether `k` is in the set.
    pub fn contains(self, k: KeyId) -> bool {
        self.0 & (1 << k.0) != 0
    }

    /// The set with `k` added.
    pub fn with(self, k: KeyId) -> KeySet {
        KeySet(self.0 | (1 << k.0))
    }

    /// The keys in both sets.
    pub fn intersect(self, other: KeySet) -> KeySet {
        KeySet(self.0 & other.0)
    }
}

/// A property key and the types its values have across the program.
#[derive(Debug, Clone)]
pub struct Key {
    /// The key string (what `[k]` converts to).
    pub name: String,
    /// The types stored under it.
    pub ty: Ty,
    /// Whether every object of type `Obj` has it (objects get their common keys when built).
    pub common: bool,
}

/// The plan of one program.
#[derive(Debug)]
pub struct Plan {
    /// Planned functions by index; main is not among them.
    pub funcs: Vec<FnInfo>,
    /// Families of callable function values.
    pub families: Vec<Family>,
    /// Property keys.
    pub keys: Vec<Key>,
    /// The object maker: a function with the highest index that returns a new object with every
    /// common key, so that any code can get an `Obj` in an expression.
    pub maker: FuncIdx,
}

impl Plan {
    /// The function at `idx`.
    pub fn func(&self, idx: FuncIdx) -> &FnInfo {
        &self.funcs[idx.0]
    }

    /// The family `id`.
    pub fn family(&self, id: FamilyId) -> &Family {
        &self.families[usize::from(id.0)]
    }

    /// The keys every `Obj` value has.
    pub fn common_keys(&self) -> KeySet {
        self.key_ids().filter(|&k| self.key(k).common).fold(KeySet::default(), KeySet::with)
    }

    /// The key `k`.
    pub fn key(&self, k: KeyId) -> &Key {
        &self.keys[usize::from(k.0)]
    }

    /// Every key id.
    pub fn key_ids(&self) -> impl Iterator<Item = KeyId> + use<> {
        // The key pool is far smaller than 256 (see `choose_keys`), so ids fit a byte.
        (0..self.keys.len()).map(|i| KeyId(i as u8))
    }

    /// The name by which a member is called.
    pub fn member_name(&self, m: &Member) -> String {
        match m {
            Member::User(idx) => self.func(*idx).name.clone(),
            Member::Builtin(name) => (*name).to_string(),
        }
    }
}

/// Property key names to draw from: identifiers (written `o.x`), and strings that only a
/// computed key reaches (numbers, booleans, a function's name, spaces, an object's conversion).
const KEY_NAMES: &[&str] =
    &["x", "y", "z", "w", "val", "next", "s", "n", "0", "1", "42", "true", "f0", "a b", "[foreign object]"];

/// Draws the program's keys: 1 to 7 keys, some of them common to all objects.
pub fn choose_keys(rng: &mut impl Entropy, families: &[Family]) -> Vec<Key> {
    let count = rng.range(1, 7) as usize;
    let mut names: Vec<&str> = KEY_NAMES.to_vec();
    let mut keys = Vec::new();
    for i in 0..count {
        let name = names.remove(rng.index(names.len()));
        let ty = match rng.weighted(&[5, 2, 3, 2, if families.is_empty() { 0 } else { 2 }]) {
            0 => Ty::INT,
            1 => Ty::STR,
            2 => Ty::INT.union(Ty::STR),
            3 => Ty::INT.union(Ty::STR).union(Ty::BOOL).union(Ty::NULL),
            _ => Ty::callable(FamilyId(rng.index(families.len()) as u8)),
        };
        // The first key is always common, so objects always have something to read.
        keys.push(Key { name: name.to_string(), ty, common: i == 0 || rng.chance(1, 2) });
    }
    keys
}

/// An expression that converts to the key's string, written one of the ways SL allows: a
/// string literal (printed `o.x` when it is an identifier), or for keys that are the text of
/// another value, that value (`o[1]` is `o["1"]`, `o[1 < 2]` is `o["true"]`, spec §7.9).
/// `no_strings` avoids string literals, for code that will itself be put in a string.
pub fn key_expr(rng: &mut impl Entropy, key: &str, no_strings: bool) -> Option<Expr> {
    let mut options: Vec<Expr> = Vec::new();
    if !no_strings || crate::sl::print::is_identifier(key) {
        options.push(Expr::str(key));
    }
    if let Ok(n) = key.parse::<u64>() {
        options.push(Expr::num(n));
        if n > 0 {
            options.push(Expr::binary(BinOp::Sub, Expr::num(n + 1), Expr::num(1)));
        }
    }
    match key {
        "true" => options.push(Expr::binary(BinOp::Lt, Expr::num(1), Expr::num(2))),
        "f0" => options.push(Expr::name("f0")),
        "[foreign object]" => options.push(Expr::call_named("new", vec![])),
        _ => {}
    }
    if options.is_empty() {
        return None;
    }
    let i = rng.index(options.len());
    Some(options.swap_remove(i))
}
