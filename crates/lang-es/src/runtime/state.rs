//! The per-engine state of EasyScript: the output stream, what the embedder provides (files,
//! the clock, the command line), the built-in objects, the loaded modules and the names the
//! runtime looks up often.
//!
//! The engine does no process I/O of its own: the streams, reading a module's file, the time
//! and the arguments all come from the embedder's [`Host`].

use std::cell::{OnceCell, RefCell};
use std::io::Write;

use porcini::symbol::{Interner, Symbol};
use porcini::engine::ReadFile;
use porcini::{Host, Trace, Tracer, Value};
use rustc_hash::FxHashMap;

use super::realm::Realm;

/// Property names the runtime uses, interned once.
pub struct Names {
    pub length: Symbol,
    pub prototype: Symbol,
    pub constructor: Symbol,
    pub message: Symbol,
    pub name: Symbol,
    pub stack: Symbol,
    pub exports: Symbol,
}

impl Names {
    fn new(interner: &Interner) -> Names {
        Names {
            length: interner.intern("length"),
            prototype: interner.intern("prototype"),
            constructor: interner.intern("constructor"),
            message: interner.intern("message"),
            name: interner.intern("name"),
            stack: interner.intern("stack"),
            exports: interner.intern("exports"),
        }
    }
}

/// Where an uncaught exception was thrown, for the launcher's report.
#[derive(Clone, Debug, Default)]
pub struct ThrowSite {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// EasyScript's global state.
pub struct EsState {
    pub out: RefCell<Box<dyn Write>>,
    /// Standard error (`console.error`, `process.stderr`).
    pub err: RefCell<Box<dyn Write>>,
    /// Reads a module's source by path; the error is the message for `require`'s failure.
    pub read_file: ReadFile,
    /// Time since an arbitrary fixed point (`process.hrtime`).
    pub now: Box<dyn Fn() -> std::time::Duration>,
    /// `process.argv`: node's own path, the main script's path, then the script's arguments.
    pub argv: Vec<String>,
    realm: OnceCell<Realm>,
    /// Loaded modules by resolved path: their `module` objects (kept alive here).
    pub modules: RefCell<FxHashMap<String, Value>>,
    /// The sources loaded, by file name, for error reports.
    pub sources: RefCell<FxHashMap<String, std::rc::Rc<str>>>,
    /// Where the most recent exception was thrown.
    pub throw_site: RefCell<ThrowSite>,
    names: OnceCell<Names>,
    /// The embedder's host functions, by the index their function objects hold as data.
    pub host_functions: RefCell<Vec<(porcini::embed::HostFunction, usize)>>,
    /// The roots that run the host's requests (an entry, a call, a display) in a frame, made
    /// once each and reused, so that many requests do not pile up call targets.
    pub(crate) host_entries: RefCell<FxHashMap<&'static str, std::rc::Rc<porcini::call_target::CallTarget<crate::Es>>>>,
    /// The report of the exception that ended the host's last request, if one did.
    pub(crate) host_report: RefCell<Option<String>>,
    /// The strings of one Latin-1 unit, by unit, as they are made (see `runtime::unit_str`).
    pub(crate) single_units: RefCell<Vec<Value>>,
    /// The string literals of every loaded source, by their code units: one string per text
    /// (see `runtime::permanent_str`).
    pub(crate) literals: RefCell<FxHashMap<Box<[u16]>, Value>>,
}

impl EsState {
    /// A state over the host's output streams and services (EasyScript reads no input).
    pub fn new(host: Host) -> EsState {
        EsState {
            out: RefCell::new(host.out),
            err: RefCell::new(host.err),
            read_file: host.read_file,
            now: host.now,
            argv: host.argv,
            realm: OnceCell::new(),
            modules: RefCell::default(),
            sources: RefCell::default(),
            throw_site: RefCell::default(),
            names: OnceCell::new(),
            host_functions: RefCell::default(),
            host_entries: RefCell::default(),
            host_report: RefCell::default(),
            single_units: RefCell::default(),
            literals: RefCell::default(),
        }
    }
    /// The built-in objects.
    #[inline(always)]
    pub fn realm(&self) -> &Realm {
        self.realm.get().expect("the realm is created with the engine")
    }
    pub(crate) fn set_realm(&self, realm: Realm) {
        let _ = self.realm.set(realm);
    }
    /// The names the runtime uses.
    #[inline(always)]
    pub fn names(&self) -> &Names {
        self.names.get().expect("the names are interned with the engine")
    }
    pub(crate) fn intern_names(&self, interner: &Interner) {
        let _ = self.names.set(Names::new(interner));
    }
    /// Visits the values the state keeps alive (the built-in objects are permanent).
    pub fn trace(&self, tracer: &mut Tracer) {
        for v in self.modules.borrow().values() {
            v.trace(tracer);
        }
    }
}

/// Records `loc` as where an exception is being thrown, for the report of an uncaught one.
pub fn note_site(f: &porcini::Frame<'_, crate::Es>, loc: &crate::nodes::Loc) {
    *f.lang().throw_site.borrow_mut() = ThrowSite { file: loc.file.to_string(), line: loc.line, col: loc.col };
}
