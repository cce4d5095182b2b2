//! The porcini framework core.
