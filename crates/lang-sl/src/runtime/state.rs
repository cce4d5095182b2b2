//! SL's global state for one program run: the function registry, the standard streams, the
//! shutdown hooks, the type objects and the `eval` parse cache.
//!
//! Function objects are canonical per name (spec §4.3) and allocated permanently, so AST nodes and
//! inline caches may hold them. The streams are injected by the embedder (the CLI passes the
//! process's stdin and stdout; tests pass buffers), keeping process I/O out of the language.

use std::cell::{OnceCell, RefCell};
use std::io::{BufRead, Write};
use std::rc::Rc;

use porcini::function::FunctionObject;
use porcini::host::HostObject;
use porcini::{Gc, Runtime, Value};
use rustc_hash::FxHashMap;

use super::types::SlType;
use crate::Sl;

/// Parsed `eval` sources, keyed by code: repeating the same code reuses the parse and does not
/// register its functions again (spec §10, notes on `eval`).
pub(crate) struct EvalEntry {
    pub main: Option<Rc<porcini::call_target::CallTarget<Sl>>>,
}

/// The state.
pub struct SlState {
    pub(crate) functions: RefCell<FxHashMap<Box<str>, Gc<FunctionObject>>>,
    pub(crate) out: RefCell<Box<dyn Write>>,
    pub(crate) input: RefCell<Box<dyn BufRead>>,
    pub(crate) hooks: RefCell<Vec<Value>>,
    types: OnceCell<[Value; 6]>,
    pub(crate) eval_cache: RefCell<FxHashMap<String, Rc<EvalEntry>>>,
}

impl SlState {
    /// A state writing to `out` and reading from `input`.
    pub fn new(out: Box<dyn Write>, input: Box<dyn BufRead>) -> SlState {
        SlState {
            functions: RefCell::new(FxHashMap::default()),
            out: RefCell::new(out),
            input: RefCell::new(input),
            hooks: RefCell::new(Vec::new()),
            types: OnceCell::new(),
            eval_cache: RefCell::new(FxHashMap::default()),
        }
    }
}

/// The canonical function object for `name`, created on first use (even if undefined).
pub fn function_named(rt: &Runtime<Sl>, name: &str) -> Gc<FunctionObject> {
    if let Some(&f) = rt.lang.functions.borrow().get(name) {
        return f;
    }
    let f = rt.permanent_function(name);
    rt.lang.functions.borrow_mut().insert(name.into(), f);
    f
}

/// The type object of `t`.
pub fn type_object(rt: &Runtime<Sl>, t: SlType) -> Value {
    let types = rt.lang.types.get_or_init(|| {
        SlType::ALL.map(|t| {
            rt.permanent_host(HostObject { kind: t as u32, name: t.name().into(), payload: Value::NULL })
        })
    });
    types[t as usize]
}
