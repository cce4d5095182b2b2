//! What the generator knows about values: a set of possible SL types, and for function values
//! the family they belong to, which is what makes calling them safe.
//!
//! The generator writes only type-correct code (except where it plants an error on purpose), so
//! every expression it builds carries the set of types its value may have. Sets rather than
//! single types are the point: a variable that holds a number on some iterations and a string on
//! others is what makes compiled code deoptimize.

use std::fmt;

/// An index into the program plan's families.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilyId(pub u8);

/// A set of SL types. When it contains `Function`, `family` says whether every function in it
/// belongs to one family (and so may be called with that family's signature).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Ty {
    bits: u8,
    family: Option<FamilyId>,
}

const INT_BIT: u8 = 1;
const STR_BIT: u8 = 2;
const BOOL_BIT: u8 = 4;
const NULL_BIT: u8 = 8;
const OBJ_BIT: u8 = 16;
const FUNC_BIT: u8 = 32;

impl Ty {
    /// No value at all (an empty set).
    pub const NONE: Ty = Ty { bits: 0, family: None };
    /// Numbers, small or big.
    pub const INT: Ty = Ty { bits: INT_BIT, family: None };
    /// Strings.
    pub const STR: Ty = Ty { bits: STR_BIT, family: None };
    /// Booleans.
    pub const BOOL: Ty = Ty { bits: BOOL_BIT, family: None };
    /// NULL.
    pub const NULL: Ty = Ty { bits: NULL_BIT, family: None };
    /// Objects that have every common key of the plan (see `plan::Key`).
    pub const OBJ: Ty = Ty { bits: OBJ_BIT, family: None };
    /// Any function value, defined or not; not safe to call.
    pub const FUNC: Ty = Ty { bits: FUNC_BIT, family: None };
    /// Every type.
    pub const ANY: Ty = Ty { bits: INT_BIT | STR_BIT | BOOL_BIT | NULL_BIT | OBJ_BIT | FUNC_BIT, family: None };

    /// Function values of one family.
    pub fn callable(family: FamilyId) -> Ty {
        Ty { bits: FUNC_BIT, family: Some(family) }
    }

    /// The family of a type that is only functions of one family.
    pub fn family(self) -> Option<FamilyId> {
        if self.bits == FUNC_BIT { self.family } else { None }
    }

    /// Whether the set is empty.
    pub fn is_none(self) -> bool {
        self.bits == 0
    }

    /// Whether every value of `self` is a value of `other`.
    pub fn is_subset(self, other: Ty) -> bool {
        let bits_ok = self.bits & !other.bits == 0;
        let family_ok = self.bits & FUNC_BIT == 0 || other.family.is_none() || self.family == other.family;
        bits_ok && family_ok
    }

    /// Whether some value of `self` may be a value of `other`.
    pub fn overlaps(self, other: Ty) -> bool {
        self.bits & other.bits != 0
    }

    /// The union.
    pub fn union(self, other: Ty) -> Ty {
        let family = match (self.bits & FUNC_BIT != 0, other.bits & FUNC_BIT != 0) {
            (true, true) if self.family == other.family => self.family,
            (true, true) => None,
            (true, false) => self.family,
            (false, true) => other.family,
            (false, false) => None,
        };
        Ty { bits: self.bits | other.bits, family }
    }

    /// The set without the values of `other` (a function family is removed whole).
    pub fn minus(self, other: Ty) -> Ty {
        let bits = self.bits & !other.bits;
        Ty { bits, family: if bits & FUNC_BIT != 0 { self.family } else { None } }
    }

    /// The single types in the set, each as a set of its own.
    pub fn bases(self) -> Vec<Ty> {
        [INT_BIT, STR_BIT, BOOL_BIT, NULL_BIT, OBJ_BIT, FUNC_BIT]
            .into_iter()
            .filter(|b| self.bits & b != 0)
            .map(|b| Ty { bits: b, family: if b == FUNC_BIT { self.family } else { None } })
            .collect()
    }

    /// Whether the set holds exactly one type.
    pub fn is_base(self) -> bool {
        self.bits.count_ones() == 1
    }

    /// Whether values of this set may be strings (which matters for `+`).
    pub fn may_be_str(self) -> bool {
        self.bits & STR_BIT != 0
    }
}

impl fmt::Debug for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = ["Int", "Str", "Bool", "Null", "Obj", "Func"];
        let parts: Vec<&str> =
            names.iter().enumerate().filter(|(i, _)| self.bits & (1 << i) != 0).map(|(_, n)| *n).collect();
        write!(f, "{}", parts.join("|"))?;
        if let Some(fam) = self.family {
            write!(f, "<{}>", fam.0)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_and_families() {
        let int_str = Ty::INT.union(Ty::STR);
        assert!(Ty::INT.is_subset(int_str));
        assert!(!int_str.is_subset(Ty::INT));
        let f0 = Ty::callable(FamilyId(0));
        let f1 = Ty::callable(FamilyId(1));
        assert!(f0.is_subset(Ty::FUNC));
        assert!(!Ty::FUNC.is_subset(f0));
        assert!(!f0.is_subset(f1));
        assert_eq!(f0.union(f1), Ty::FUNC);
        assert_eq!(f0.union(Ty::INT).minus(Ty::INT), f0);
        assert_eq!(int_str.bases(), vec![Ty::INT, Ty::STR]);
    }
}
