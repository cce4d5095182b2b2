//! The Are-We-Fast-Yet benchmarks, the programs EasyScript exists to run, must all parse and
//! resolve; `webpack.config.js`, which uses a regular expression, must be rejected. The test
//! does nothing where the benchmarks are not checked out.

use std::path::Path;

use lang_es::parser::{Location, parse_module};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/benchmarks/awfy/JavaScript");

#[test]
fn all_benchmarks_parse_and_resolve() {
    let dir = Path::new(DIR);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 18,
        "expected the benchmark files, found {files:?}"
    );
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = parse_module(&source, &name);
        if name == "webpack.config.js" {
            let err = result.expect_err("webpack.config.js uses a regular expression");
            assert_eq!(
                format!("{err} ({}:{})", err.line, err.col),
                "SyntaxError: regular expressions are not supported in EasyScript (17:15)"
            );
            continue;
        }
        let module = result.unwrap_or_else(|e| panic!("{name}: {e} ({}:{})", e.line, e.col));
        // Every occurrence is resolved to somewhere sensible.
        for r in &module.resolution.refs {
            if let Location::Frame(slot) = r.location {
                let b = module
                    .resolution
                    .binding(r.binding.expect("a frame location has a binding"));
                assert!(
                    slot.0 < module.resolution.function(b.func).frame_size,
                    "{name}: slot out of frame"
                );
            }
        }
    }
}

#[test]
fn benchmark_globals_are_the_expected_ones() {
    // The free names of the benchmarks are the builtins the interpreter has to provide; any
    // other one would be a resolution mistake (or a typo in a benchmark).
    let Ok(entries) = std::fs::read_dir(DIR) else {
        return;
    };
    let mut globals = std::collections::BTreeSet::new();
    for path in entries.filter_map(|e| e.ok()).map(|e| e.path()) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if !name.ends_with(".js") || name == "webpack.config.js" {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("readable");
        collect_globals(&parse_module(&source, &name).expect("parses"), &mut globals);
    }
    let expected = ["Array", "Error", "Math", "parseInt", "process", "undefined"];
    assert_eq!(
        globals.iter().map(String::as_str).collect::<Vec<_>>(),
        expected
    );
}

/// The names of the occurrences that resolve to globals, found through the tree dump.
fn collect_globals(module: &lang_es::parser::Module, out: &mut std::collections::BTreeSet<String>) {
    let dump = lang_es::parser::dump::resolved_tree(module);
    for word in dump.split(|c: char| {
        c.is_whitespace() || c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}'
    }) {
        if let Some(name) = word.strip_suffix("@global") {
            out.insert(name.to_string());
        }
    }
}
