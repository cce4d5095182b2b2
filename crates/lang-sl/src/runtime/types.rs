//! SL's type objects and `typeOf` classification (spec §5.1–5.2).
//!
//! The six type objects are language-defined host objects (kinds 0..5). Classification tests the
//! types in the spec's order — NULL, Number, String, Boolean, Function, Object — and a type object
//! itself belongs to none of them.

use porcini::{Tag, Value};

/// SL's types, in classification order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlType {
    /// The null type.
    Null = 0,
    /// Numbers (small and big).
    Number = 1,
    /// Strings.
    String = 2,
    /// Booleans.
    Boolean = 3,
    /// Functions.
    Function = 4,
    /// Objects.
    Object = 5,
}

impl SlType {
    /// All types in classification order.
    pub const ALL: [SlType; 6] =
        [SlType::Null, SlType::Number, SlType::String, SlType::Boolean, SlType::Function, SlType::Object];
    /// The type's name.
    pub fn name(self) -> &'static str {
        match self {
            SlType::Null => "NULL",
            SlType::Number => "Number",
            SlType::String => "String",
            SlType::Boolean => "Boolean",
            SlType::Function => "Function",
            SlType::Object => "Object",
        }
    }
    /// The type a value belongs to, or `None` for type objects.
    pub fn of(v: Value) -> Option<SlType> {
        match v.tag() {
            Tag::Null => Some(SlType::Null),
            Tag::Int | Tag::BigInt => Some(SlType::Number),
            Tag::String => Some(SlType::String),
            Tag::Bool => Some(SlType::Boolean),
            Tag::Function => Some(SlType::Function),
            Tag::Object => Some(SlType::Object),
            // SL defines no tags of its own.
            _ => None,
        }
    }
    /// The type a type object stands for, if `v` is one.
    pub fn from_type_object(v: Value) -> Option<SlType> {
        let h = v.as_host()?;
        SlType::ALL.get(h.kind as usize).copied()
    }
}
