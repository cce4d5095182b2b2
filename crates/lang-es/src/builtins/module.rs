//! `require`: CommonJS modules from relative paths, loaded once each and cached by path.
//!
//! Each module's code runs as the body of a function of `exports`, `require`, `module`,
//! `__filename` and `__dirname`, as node runs it; its `require` resolves paths against the
//! module's own directory. Only relative paths (`./x`, `../x`) are supported: node's built-in
//! modules are not part of the subset, and asking for one is a clear error.

use porcini::{Frame, Unwind, Value};

use super::arg;
use crate::Es;
use crate::runtime::convert::to_string;
use crate::runtime::error::{ErrorKind, throw};
use crate::runtime::function::ARG_CALLEE;
use crate::runtime::object::{as_function, get};
use crate::runtime::{Key, as_str};

/// The directory part of a path (`.` for a bare file name).
pub fn dirname(path: &str) -> String {
    match path.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => path[..i].to_string(),
        None => ".".to_string(),
    }
}

/// `dir/rel`, with `.` and `..` segments resolved.
pub fn join(dir: &str, rel: &str) -> String {
    let absolute = dir.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in dir.split('/').chain(rel.split('/')) {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !absolute {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    if absolute { format!("/{joined}") } else if joined.is_empty() { ".".to_string() } else { joined }
}

/// `require(path)`.
pub(crate) fn require(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let spec = to_string(f, arg(args, 0))?.to_rust_string();
    if !(spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/')) {
        return Err(throw(f, ErrorKind::Error, &format!("require('{spec}') is not supported in EasyScript: only relative paths are")));
    }
    let callee = f.arg(ARG_CALLEE as usize);
    let dir = as_function(callee).and_then(|c| as_str(c.data)).map(|s| s.to_rust_string()).unwrap_or_else(|| ".".into());
    let base = join(&dir, &spec);
    let state = f.lang();
    let candidates = [base.clone(), format!("{base}.js"), format!("{base}/index.js")];
    let mut found = None;
    for c in &candidates {
        if let Some(&module) = state.modules.borrow().get(c) {
            return get(f, module, Key::Name(f.lang().names().exports));
        }
        if let Ok(text) = (state.read_file)(c) {
            found = Some((c.clone(), text));
            break;
        }
    }
    let Some((path, source)) = found else {
        return Err(throw(f, ErrorKind::Error, &format!("Cannot find module '{spec}'")));
    };
    let module = crate::engine::run_module(f, &path, &source)?;
    get(f, module, Key::Name(f.lang().names().exports))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        assert_eq!(join("a/b", "./c"), "a/b/c");
        assert_eq!(join("a/b", "../c.js"), "a/c.js");
        assert_eq!(join(".", "./x"), "x");
        assert_eq!(join("/srv/app", "../lib/y"), "/srv/lib/y");
        assert_eq!(join("..", "../x"), "../../x");
        assert_eq!(dirname("a/b/c.js"), "a/b");
        assert_eq!(dirname("c.js"), ".");
    }
}
