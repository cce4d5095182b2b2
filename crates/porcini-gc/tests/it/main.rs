//! The collector's integration tests, built as a single test binary like every crate's (one per
//! crate, not one per file, keeps the workspace's test build short); new areas become modules
//! beside `heap`.

mod heap;
