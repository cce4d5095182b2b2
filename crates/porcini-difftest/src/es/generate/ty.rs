//! The generator's types: sets of the kinds of value a variable, parameter or expression may
//! hold.
//!
//! JavaScript converts almost anything to almost anything, so most operators take every kind;
//! types matter where a value must be of one kind to be used without an exception: a receiver
//! of a property read (not `null` or `undefined`), a callee (a function), a class for `new`,
//! an array for its methods. They also keep strings small: two values that may be strings
//! (or objects, which convert to strings) are never joined unless one is a literal, so a
//! string grows by a bounded length per operation however long a loop runs.

/// A set of kinds of value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Ty(u16);

impl Ty {
    /// No kind: what an expression that never completes has.
    pub const NONE: Ty = Ty(0);
    /// Numbers: int32 values, doubles, `-0`, `NaN`, infinities.
    pub const NUM: Ty = Ty(1);
    /// Strings.
    pub const STR: Ty = Ty(1 << 1);
    /// `true` and `false`.
    pub const BOOL: Ty = Ty(1 << 2);
    /// `undefined`.
    pub const UNDEF: Ty = Ty(1 << 3);
    /// `null`.
    pub const NULL: Ty = Ty(1 << 4);
    /// Plain objects with the program's common keys (see `plan::Key`).
    pub const OBJ: Ty = Ty(1 << 5);
    /// Arrays of numbers (holes read as `undefined`).
    pub const ARR: Ty = Ty(1 << 6);
    /// Instances of the program's classes, which share an interface.
    pub const INST: Ty = Ty(1 << 7);
    /// Functions from a number to a number that call nothing.
    pub const FN: Ty = Ty(1 << 8);
    /// Every primitive.
    pub const PRIM: Ty = Ty(0b1_1111);
    /// Every kind.
    pub const ANY: Ty = Ty(0b1_1111_1111);

    /// The kinds of either.
    pub const fn union(self, other: Ty) -> Ty {
        Ty(self.0 | other.0)
    }

    /// The kinds of `self` that `other` lacks.
    pub const fn minus(self, other: Ty) -> Ty {
        Ty(self.0 & !other.0)
    }

    /// The kinds of both.
    pub const fn and(self, other: Ty) -> Ty {
        Ty(self.0 & other.0)
    }

    /// Whether every kind of `self` is in `other`.
    pub const fn is_subset(self, other: Ty) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a kind.
    pub const fn meets(self, other: Ty) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether the set is empty.
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether a value may be `null` or `undefined`, which no property can be read from.
    pub const fn nullable(self) -> bool {
        self.meets(Ty::UNDEF.union(Ty::NULL))
    }

    /// Whether a value may be a string, or an object that converts to one: joining two such
    /// values could double a string's length.
    pub const fn stringish(self) -> bool {
        self.meets(Ty(Ty::STR.0 | Ty::OBJ.0 | Ty::ARR.0 | Ty::INST.0))
    }

    /// The single kinds in the set, in a fixed order.
    pub fn bases(self) -> Vec<Ty> {
        (0..9).map(|b| Ty(1 << b)).filter(|&t| t.is_subset(self)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let t = Ty::NUM.union(Ty::STR);
        assert!(Ty::NUM.is_subset(t));
        assert!(!t.is_subset(Ty::NUM));
        assert_eq!(t.minus(Ty::STR), Ty::NUM);
        assert_eq!(t.bases(), vec![Ty::NUM, Ty::STR]);
        assert_eq!(Ty::ANY.bases().len(), 9);
        assert!(Ty::PRIM.nullable());
        assert!(!Ty::NUM.stringish());
        assert!(Ty::ARR.stringish());
    }
}
