//! Specialization DSL proc macros.
