//! Typed indices into the side tables that connect the syntax tree with its resolution.
//!
//! The parser hands out these ids while it builds the tree: every identifier occurrence gets a
//! [`RefId`], every node that opens a scope a [`ScopeId`], and every function (including the
//! synthetic field-initializer functions of classes) a [`FuncId`]. The resolver then fills tables
//! indexed by them, and creates [`BindingId`]s for the declarations it finds. Keeping the ids
//! distinct types means a scope index can never be used where a slot number was meant.

use std::fmt;

macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident, $prefix:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            /// The id as an index into the table it belongs to.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of the table entry at `index`. Tables never exceed `u32::MAX` entries
            /// because every entry corresponds to at least one byte of a source that is itself
            /// limited to `u32::MAX` bytes, so the truncation cannot lose information.
            #[allow(dead_code)]
            pub(crate) fn from_index(index: usize) -> Self {
                $name(index as u32)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

typed_id!(
    /// One occurrence of a name in the source: an identifier read or written, a declared name,
    /// or an implicit use of `this`, the home object, `new.target` or the active function.
    RefId,
    "ref"
);
typed_id!(
    /// A scope: a function's parameter or body scope, a block, a loop head, a `switch` case
    /// block, a `catch` clause, a class, or the scope of a class's field initializers.
    ScopeId,
    "scope"
);
typed_id!(
    /// A function: the module wrapper, every function, arrow, method, accessor and constructor,
    /// and the two synthetic field-initializer functions a class may have.
    FuncId,
    "fn"
);
typed_id!(
    /// A declared binding (a variable, parameter, function or class name, catch parameter, or one
    /// of the special bindings such as `this`).
    BindingId,
    "b"
);
typed_id!(
    /// A slot in a function's frame.
    SlotId,
    "frame"
);
