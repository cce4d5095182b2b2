//! The broad generator: valid, terminating, deterministic EasyScript programs from a stream of
//! choices.
//!
//! A program is planned first ([`Plan`]): the keys of its plain objects (two every object has,
//! others only some shapes have), a class hierarchy whose instances share an interface (a
//! field `v`, a method `m`, an accessor `g`, a `tag`, `toString`, a static counter and a
//! static factory), a family of interchangeable function values from numbers to numbers
//! (arrows, declarations, `Math` builtins) and numbered functions with typed parameters, some
//! with defaults or a rest parameter, written as declarations, arrows, function expressions or
//! methods of a library object. Bodies are written from the highest number down, so a caller
//! knows the signature, result type and cost of everything it may call; a function calls only
//! larger numbers, and methods, family members and closures call no user code, so no call
//! recurses without bound (one kind of function recurses on a counter it decreases).
//!
//! The main code then strings segments together: hot loops in which a variable switches to a
//! value of another kind part-way (after warm-up, periodically, or for one iteration) and is
//! handed to a function on every iteration, so that compiled code meets what it did not
//! speculate on; and runs of statements of every kind ([`stmt`]). Every program stays within a
//! budget of work and printed lines, and prints the values its loops leave behind.

mod call;
mod decl;
mod expr;
mod main_code;
mod scope;
mod stmt;
pub mod ty;

use crate::entropy::{Entropy, SplitMix64};
use crate::es::text::Src;

use scope::Cost;
use ty::Ty;

/// The program generated from `seed`.
pub fn for_seed(seed: u64) -> String {
    program(SplitMix64::new(seed))
}

/// The program generated from the choices `rng` makes.
pub fn program<E: Entropy>(rng: E) -> String {
    let plan = Plan { funcs: Vec::new(), classes: Vec::new(), members: Vec::new(), keys: Vec::new() };
    Gen { rng, plan, names: 0, pool: STATEMENTS }.program()
}

/// A property key of plain objects.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    /// The key.
    pub name: &'static str,
    /// What its values are.
    pub ty: Ty,
    /// Whether every object has it.
    pub common: bool,
}

/// A class of the program; class 0 is the base of all.
#[derive(Debug, Clone)]
pub struct ClassInfo {
    /// Its name.
    pub name: String,
}

/// A parameter of a planned function.
#[derive(Debug, Clone)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// What callers pass; a parameter that takes `undefined` or has a default may be left out.
    pub ty: Ty,
    /// Its default value's text.
    pub default: Option<String>,
}

/// A planned function.
#[derive(Debug, Clone)]
pub struct FnInfo {
    /// How it is called: `f3`, or `lib.f3` for a method of the library object.
    pub callee: String,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Whether it ends with a rest parameter taking numbers.
    pub rest: bool,
    /// What it returns.
    pub ret: Ty,
    /// What one call costs, body included.
    pub cost: Cost,
    /// Whether its first parameter is a depth it recurses on.
    pub recursive: bool,
}

/// The program-wide facts the bodies are written against.
#[derive(Debug)]
pub struct Plan {
    /// Planned functions by number.
    pub funcs: Vec<FnInfo>,
    /// Classes; the first is the base of the others.
    pub classes: Vec<ClassInfo>,
    /// The function values of the family, as expressions.
    pub members: Vec<String>,
    /// Keys of plain objects.
    pub keys: Vec<Key>,
}

/// Keys objects may have besides `x` and `s`.
const OPTIONAL_KEYS: &[(&str, Ty)] = &[
    ("y", Ty::NUM),
    ("z", Ty::NUM.union(Ty::STR)),
    ("flag", Ty::BOOL),
    ("n", Ty::NUM.union(Ty::NULL)),
    ("2", Ty::NUM),
    ("a b", Ty::STR),
    ("w", Ty::NUM),
];

impl Plan {
    /// A key any object may have.
    pub fn any_key(&self, rng: &mut impl Entropy) -> &'static str {
        rng.pick(&self.keys).name
    }

    /// How to read a numeric key objects may lack, after a receiver: `.y` or `["2"]`, with
    /// `?.` for a receiver that may be missing.
    pub fn optional_num_access(&self, rng: &mut impl Entropy, nullable: bool) -> String {
        let keys: Vec<&Key> = self.keys.iter().filter(|k| !k.common && k.ty == Ty::NUM).collect();
        let name = if keys.is_empty() { "x" } else { rng.pick(&keys).name };
        access(name, nullable)
    }

    /// The keys of a new object: the common ones and some others.
    pub fn shape(&self, rng: &mut impl Entropy) -> Vec<Key> {
        self.keys.iter().filter(|k| k.common || rng.chance(1, 2)).copied().collect()
    }

    /// A class name.
    pub fn any_class(&self, rng: &mut impl Entropy) -> String {
        rng.pick(&self.classes).name.clone()
    }

    /// A function value of the family.
    pub fn any_member(&self, rng: &mut impl Entropy) -> String {
        rng.pick(&self.members).clone()
    }
}

/// `.name`, or `["name"]` for a key that is not an identifier; with `?.` if `nullable`.
pub fn access(name: &str, nullable: bool) -> String {
    let ident = name.bytes().all(|b| b.is_ascii_alphabetic());
    match (ident, nullable) {
        (true, false) => format!(".{name}"),
        (true, true) => format!("?.{name}"),
        (false, false) => format!("[\"{name}\"]"),
        (false, true) => format!("?.[\"{name}\"]"),
    }
}

/// About how many statements a program has; once they are used up, blocks get one statement
/// and no new compound ones, so the program stays a few hundred lines long.
const STATEMENTS: usize = 140;

/// The generator's state: the choices, the plan so far, a counter for fresh names, and the
/// statements left.
pub(crate) struct Gen<E> {
    rng: E,
    plan: Plan,
    names: usize,
    pool: usize,
}

impl<E: Entropy> Gen<E> {
    /// A name not used before in the program.
    fn fresh(&mut self, prefix: &str) -> String {
        self.names += 1;
        format!("{prefix}{}", self.names)
    }

    fn program(&mut self) -> String {
        let mut out = Src::new();
        if self.rng.chance(1, 6) {
            out.text("\"use strict\";");
        }
        self.plan_keys();
        // Class names are known before anything is written, since any code may make instances
        // (they are only made at run time, after every declaration has run).
        for i in 0..self.rng.range(2, 4) {
            self.plan.classes.push(ClassInfo { name: format!("K{i}") });
        }
        self.write_family(&mut out);
        self.write_classes(&mut out);
        self.write_functions(&mut out);
        self.write_main(&mut out);
        out.finish()
    }

    /// The object keys: `x` and `s` on every object, and a few optional ones.
    fn plan_keys(&mut self) {
        self.plan.keys.push(Key { name: "x", ty: Ty::NUM, common: true });
        self.plan.keys.push(Key { name: "s", ty: Ty::STR, common: true });
        let mut pool: Vec<(&str, Ty)> = OPTIONAL_KEYS.to_vec();
        for _ in 0..self.rng.range(1, 4) {
            let (name, ty) = pool.remove(self.rng.index(pool.len()));
            self.plan.keys.push(Key { name, ty, common: false });
        }
    }
}

#[cfg(test)]
mod tests;
