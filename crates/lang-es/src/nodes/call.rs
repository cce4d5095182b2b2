//! Calls: `f(...)`, `o.m(...)`, `new C(...)` and `super(...)`, with spread arguments.
//!
//! The callee, the receiver and the arguments are evaluated in order, then the callee is
//! checked and called: a callee that is not a function is a `TypeError`, raised after the
//! arguments are evaluated as in node, naming it the way V8 does, from the callee's source text.
//!
//! A call site dispatches on the code its callees run, as Truffle's dispatch chains and
//! Graal.js's function caches do: up to [`CODE_LIMIT`] codes, each with a direct call that the
//! compiler may inline, tested in the order the site met them. A site that met more codes calls
//! through the callee, for good.

use std::cell::{Cell, OnceCell};
use std::rc::Rc;

use porcini::call_target::DirectCallNode;
use porcini::stage::ArgMark;

use porcini::{Frame, Stage, Tag, Unwind, Value};

use super::intrinsic::{Intrinsic, IntrinsicSite, SiteOp};
use super::property::PropKey;
use super::property_cache::{Hit, PropertyCache};
use super::this_site::{MakesThis, ThisSite};
use super::{Loc, Node, es_node, with_values};
use crate::Es;
use crate::runtime::FnKind;
use crate::runtime::function::{CALLABLE, CODE, JsFunction};
use crate::runtime::object::{as_array, call, construct, get, new_array};
use crate::runtime::state::note_site;
use crate::runtime::{Key, UNDEFINED};

/// An argument: an expression, or `...expr` (spread, for arrays and strings).
pub enum ArgNode {
    Plain(Node),
    Spread(Node),
}

impl ArgNode {
    pub fn node(&self) -> &dyn porcini::ExprNode<Es> {
        match self {
            ArgNode::Plain(n) | ArgNode::Spread(n) => &**n,
        }
    }
    pub fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> ArgNode {
        match self {
            ArgNode::Plain(n) => ArgNode::Plain(n.clone_uninitialized(cx)),
            ArgNode::Spread(n) => ArgNode::Spread(n.clone_uninitialized(cx)),
        }
    }
}

/// Which of the first 64 arguments are spread, one bit each (the boundary that expands them
/// takes the mask as a constant).
fn spread_mask(args: &[ArgNode]) -> u64 {
    args.iter().enumerate().filter(|(i, a)| *i < 64 && matches!(a, ArgNode::Spread(_))).fold(0, |m, (i, _)| m | (1 << i))
}

/// The arguments with spread ones expanded, as a new array (whose elements stay in the
/// collector's sight while the rest is built).
pub fn expand_spread(f: &mut Frame<'_, Es>, vals: &[Value], spread: u64, loc: &Loc) -> Result<Value, Unwind<Value>> {
    let out = new_array(f.runtime(), []);
    let data = as_array(out).expect("a new array");
    for (i, &v) in vals.iter().enumerate() {
        if i < 64 && spread & (1 << i) != 0 {
            iterate_into(f, v, &data, loc)?;
        } else {
            data.push(f.runtime(), v);
        }
    }
    Ok(out)
}

/// The values `for-of` (and spread) visits in an array or a string, as a new array.
pub fn iterate(f: &mut Frame<'_, Es>, v: Value, loc: &Loc) -> Result<Value, Unwind<Value>> {
    let out = new_array(f.runtime(), []);
    let data = as_array(out).expect("a new array");
    iterate_into(f, v, &data, loc)?;
    Ok(out)
}

/// Appends the values an array or a string yields to `out`; anything else is not iterable.
pub(crate) fn iterate_into(f: &mut Frame<'_, Es>, v: Value, out: &crate::runtime::ArrayData, loc: &Loc) -> Result<(), Unwind<Value>> {
    if let Some(arr) = as_array(v) {
        // The values stay in `arr` while `out` grows, where the collector sees them.
        for v in arr.to_vec() {
            out.push(f.runtime(), crate::runtime::convert::hole_to_undefined(v));
        }
        return Ok(());
    }
    if let Some(s) = crate::runtime::as_str(v) {
        let units = s.units();
        let mut i = 0;
        while i < units.len() {
            let pair = (0xd800..0xdc00).contains(&units[i]) && units.get(i + 1).is_some_and(|u| (0xdc00..0xe000).contains(u));
            let n = if pair { 2 } else { 1 };
            let c = crate::runtime::new_str(f.runtime(), crate::runtime::JsStr::from_units(&units[i..i + n]));
            out.push(f.runtime(), c);
            i += n;
        }
        return Ok(());
    }
    note_site(f, loc);
    let shown = crate::runtime::convert::to_display_string(f, v);
    Err(crate::runtime::error::type_error(f, &format!("{shown} is not iterable")))
}

/// The elements of an array made by [`expand_spread`].
fn elements(list: Value) -> Vec<Value> {
    as_array(list).map(|a| a.to_vec()).unwrap_or_default()
}

/// The call target of a function value (which the caller has checked is callable).
fn resolve_function(rt: &porcini::Runtime<Es>, callee: Value) -> Result<std::rc::Rc<porcini::call_target::CallTarget<Es>>, Unwind<Value>> {
    match crate::runtime::object::as_function(callee).and_then(|code| rt.call_target(code.target)) {
        Some(t) => Ok(t),
        None => Err(porcini::GuestError::raise("internal error: a call of a value that is not a function")),
    }
}

/// Whether `v` is a function that may be called without `new`; otherwise the `TypeError` a
/// call raises, naming the callee by `text`.
fn check_callable(f: &mut Frame<'_, Es>, v: Value, text: &str, loc: &Loc) -> Result<(), Unwind<Value>> {
    match crate::runtime::object::as_function(v) {
        Some(code) if !matches!(code.kind, crate::runtime::FnKind::Class { .. }) => Ok(()),
        Some(_) => {
            note_site(f, loc);
            call(f, v, UNDEFINED, &[], text).map(|_| ())
        }
        None => {
            note_site(f, loc);
            Err(crate::runtime::error::type_error(f, &format!("{text} is not a function")))
        }
    }
}

/// Staged: the code (a function's [`JsFunction::code`]) `callee` runs, speculating that it is
/// a function object; `None` when the speculation fails (in the interpreter: it is not one).
fn code_of<S: Stage<Es>>(s: &mut S, callee: S::Val) -> Option<S::I64> {
    let is_object = s.has_tag(callee, Tag::Object);
    if !s.speculate(is_object, "callee code") {
        return None;
    }
    let internal = s.load_internal(callee);
    let is_function = s.has_tag(internal, <JsFunction as porcini::value::HeapKind>::TAG);
    if !s.speculate(is_function, "callee code") {
        return None;
    }
    Some(s.load_kind_field(internal, CODE))
}

/// Staged: is `callee` a function object that may be called without `new`?
pub(crate) fn is_callable<S: Stage<Es>>(s: &mut S, callee: S::Val) -> S::Bool {
    let callable = super::function::if_function(
        s,
        callee,
        |s, code| {
            let flag = s.load_kind_field(code, CALLABLE);
            let zero = s.i64_const(0);
            let class = s.cmp_i64(porcini::Cmp::Eq, flag, zero);
            let not_class = s.not(class);
            Ok(s.box_bool(not_class))
        },
        Value::from_bool(false),
    );
    // Neither branch unwinds; were one to, the boundary would decide.
    match callable {
        Ok(v) => s.unbox_bool(v),
        Err(_) => s.bool_const(false),
    }
}

/// A site's respecialization to its generic path for good: sets `generic`, counts the change,
/// and reports it, so that a split of the enclosing function may specialize again.
fn go_generic(f: &mut Frame<'_, Es>, node: &dyn porcini::ExprNode<Es>, generic: &Cell<bool>) -> Result<Value, Unwind<Value>> {
    generic.set(true);
    porcini::spec::note_specialized();
    porcini::spec::report_polymorphic_specialize(f, node);
    Ok(UNDEFINED)
}

/// What is called.
pub enum Callee {
    /// Any expression: the receiver is `undefined`.
    Value(Node),
    /// `object.key(...)` or `object[key](...)`: the receiver is the object.
    Member(Node, PropKey),
    /// `super.key(...)`: the method of the home object's prototype, the receiver `this`.
    Super { home: Node, this: Node, key: PropKey },
}

/// A call.
pub struct CallNode {
    callee: Callee,
    args: Vec<ArgNode>,
    /// The arguments' [`spread_mask`], computed once: every call reads it.
    spread: u64,
    /// The callee's source text, for the `TypeError` when it is not a function.
    text: Rc<str>,
    loc: Loc,
    /// For `f?.()`: the optional chain a nullish callee ends.
    optional: Option<porcini::Label>,
    /// For `object.name(...)`: the cache of the method lookup.
    methods: PropertyCache,
    /// The method every call of the site has found, when its lookup has one constant answer,
    /// and the direct call of it: the method's code is then a constant for the compiler, which
    /// may inline it, and the call needs no check that the callee is callable.
    direct: OnceCell<(Value, DirectCallNode<Es>)>,
    /// The builtin the site has called, when it is one the site computes in place.
    intrinsic: OnceCell<IntrinsicSite>,
    /// The site called something other than its intrinsic, or passed it something other than
    /// numbers: it calls, for good.
    intrinsic_generic: Cell<bool>,
    /// The codes (a function's [`JsFunction::code`]) the site's callees have run, in the order
    /// the site met them, and the direct call of each: closures made anew for each call
    /// (callbacks) share their code, so the compiler may inline the codes a site calls, as
    /// Graal.js caches function data; a method call on receivers of a few classes calls a few.
    codes: [OnceCell<(u64, DirectCallNode<Es>)>; CODE_LIMIT],
    /// The site called functions of more codes than it keeps: it calls through the callee,
    /// for good.
    code_generic: Cell<bool>,
    /// For `receiver.forEach(callback)`: the loop the site runs in place of the builtin's.
    each: Option<super::each::EachSite>,
}

/// The codes one call site dispatches on before it calls through the callee (Graal.js's
/// `FunctionCacheLimit`).
const CODE_LIMIT: usize = 4;

/// The child index of a call's method lookup (a child of its own: see [`CallNode::eval`]),
/// after the receiver (0), a computed or `super` key (1, 2), and before the arguments.
const LOOKUP: u32 = 3;
/// The child index of a call's first argument.
const FIRST_ARG: u32 = 4;
/// The child indices of a `forEach` site's writes of its loop's temporaries and of the loop,
/// after its one argument.
const EACH_SETUP: u32 = FIRST_ARG + 1;
const EACH_LOOP: u32 = FIRST_ARG + 2;

impl CallNode {
    pub fn new(callee: Callee, args: Vec<ArgNode>, text: Rc<str>, loc: Loc) -> CallNode {
        CallNode {
            callee,
            spread: spread_mask(&args),
            args,
            text,
            loc,
            optional: None,
            methods: PropertyCache::default(),
            direct: OnceCell::new(),
            intrinsic: OnceCell::new(),
            intrinsic_generic: Cell::new(false),
            codes: Default::default(),
            code_generic: Cell::new(false),
            each: None,
        }
    }
    /// The call as a `forEach` site, which runs `each` when it calls the builtin on an array.
    pub fn with_each(mut self, each: super::each::EachSite) -> CallNode {
        self.each = Some(each);
        self
    }
    /// The call as `callee?.(args)`: a nullish callee breaks out to the chain's `label`.
    pub fn optional(mut self, label: Option<porcini::Label>) -> CallNode {
        self.optional = label;
        self
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (callee, this) = match &self.callee {
            Callee::Value(n) => {
                let f = s.exec(0, &**n)?;
                (f, s.konst(UNDEFINED))
            }
            Callee::Member(o, k) => {
                let o = s.exec(0, &**o)?;
                let key = k.eval(s, 1)?;
                // The lookup may run a getter, so it is a child of its own: a deoptimization in
                // an argument resumes with the method found, rather than looking it up (and
                // running the getter) again.
                let m = s.exec_inline(LOOKUP, |s| {
                    if let PropKey::Static(Key::Name(_)) = k
                        && !self.methods.entries.is_generic()
                    {
                        match self.methods.read(s, o)? {
                            Hit::Value(v) => Ok(v),
                            Hit::Miss => s.respecialize(self, Self::method_miss, &[o]),
                        }
                    } else {
                        match key {
                            Some(kv) => s.call_boundary("method", self, Self::method, &[o, kv]),
                            None => s.call_boundary("method", self, Self::method, &[o]),
                        }
                    }
                })?;
                (m, o)
            }
            Callee::Super { home, this, key } => {
                let h = s.exec(0, &**home)?;
                let t = s.exec(1, &**this)?;
                let kv = key.eval(s, 2)?;
                let m = s.exec_inline(LOOKUP, |s| match kv {
                    Some(kv) => s.call_boundary("super_method", self, Self::super_method, &[h, t, kv]),
                    None => s.call_boundary("super_method", self, Self::super_method, &[h, t]),
                })?;
                (m, t)
            }
        };
        if let Some(label) = self.optional {
            let u = s.has_tag(callee, Tag::Imm0);
            let n = s.has_tag(callee, Tag::Null);
            let nullish = s.or(u, n);
            s.if_else(nullish, |_| Err(Unwind::breaking_to(label)), |_| Ok(callee))?;
        }
        let spread = self.spread;
        if spread != 0 {
            let n = self.args.len();
            return with_values(
                s,
                n,
                |s, i| s.exec(FIRST_ARG + i as u32, self.args[i].node()),
                |s, vals| {
                    let mask = s.konst(Value::from_i64(spread as i64));
                    let mut all = vec![callee, this, mask];
                    all.extend_from_slice(vals);
                    s.call_boundary("call_spread", self, Self::call_spread, &all)
                },
            );
        }
        if let Some(site) = self.intrinsic.get().filter(|_| !self.intrinsic_generic.get()) {
            let known = s.konst(site.function);
            let same = s.same(callee, known);
            if s.speculate(same, "intrinsic callee") {
                let n = self.args.len();
                return with_values(s, n, |s, i| s.exec(FIRST_ARG + i as u32, self.args[i].node()), |s, vals| {
                    let fits = site.args_fit(s, this, vals);
                    if s.speculate(fits, "intrinsic argument") {
                        return match site.op {
                            SiteOp::Math(op) => site.compute(s, op, vals),
                            SiteOp::StringMethod(_) => {
                                let mut all = vec![this];
                                all.extend_from_slice(vals);
                                s.call_boundary("string_method", self, Self::string_method, &all)
                            }
                            // A site learns `ForEach` only when it has its loop.
                            SiteOp::ForEach if let Some(each) = &self.each => each.run(s, EACH_SETUP, EACH_LOOP, this, vals[0]),
                            SiteOp::ForEach => {
                                let mut all = vec![callee, this];
                                all.extend_from_slice(vals);
                                s.respecialize(self, Self::intrinsic_miss, &all)
                            }
                        };
                    }
                    let mut all = vec![callee, this];
                    all.extend_from_slice(vals);
                    s.respecialize(self, Self::intrinsic_miss, &all)
                });
            }
            s.respecialize(self, Self::intrinsic_generalize, &[])?;
        }
        // The method the lookup's one constant answer is: called directly, unchecked.
        let direct = self.direct.get().filter(|(f, _)| self.optional.is_none() && self.methods.constant().is_some_and(|c| c.same(*f)));
        let callee = match direct {
            Some((f, _)) => s.konst(*f),
            None => callee,
        };
        let mark = s.begin_args();
        let undefined = s.konst(UNDEFINED);
        for v in [this, callee, undefined] {
            if let Err(u) = s.push_arg(v) {
                s.drop_args(mark);
                return Err(u);
            }
        }
        for (i, a) in self.args.iter().enumerate() {
            let pushed = s.exec(FIRST_ARG + i as u32, a.node()).and_then(|v| s.push_arg(v));
            if let Err(u) = pushed {
                s.drop_args(mark);
                return Err(u);
            }
        }
        match direct {
            Some((_, call)) => s.call_direct(call, mark),
            None => self.dispatch(s, callee, mark),
        }
    }
    /// Calls `callee` with the arguments pushed since `mark`: directly, when it runs one of
    /// the codes the site has met, else through the callee.
    fn dispatch<S: Stage<Es>>(&self, s: &mut S, callee: S::Val, mark: ArgMark) -> Result<S::Val, Unwind<S::Val>> {
        if !self.code_generic.get() && self.codes[0].get().is_some() {
            match code_of(s, callee) {
                Some(code) => return self.dispatch_from(s, 0, code, callee, mark),
                None => {
                    if let Err(u) = s.respecialize(self, Self::code_generalize, &[]) {
                        s.drop_args(mark);
                        return Err(u);
                    }
                }
            }
        }
        self.call_through(s, callee, mark)
    }
    /// The dispatch chain from entry `i` on: each entry's code is tested in turn; past the last
    /// one, the site learns the new code (compiled code leaves for the interpreter to do so).
    fn dispatch_from<S: Stage<Es>>(&self, s: &mut S, i: usize, code: S::I64, callee: S::Val, mark: ArgMark) -> Result<S::Val, Unwind<S::Val>> {
        match self.codes.get(i).and_then(OnceCell::get) {
            Some((want, call)) => {
                let want = s.i64_const(*want as i64);
                let same = s.cmp_i64(porcini::Cmp::Eq, code, want);
                s.if_else(same, |s| s.call_direct(call, mark), |s| self.dispatch_from(s, i + 1, code, callee, mark))
            }
            // The call itself is made through the callee, on the stage: a deoptimization that
            // resumes a callee compiled code had inlined here, whose code the site has since
            // stopped dispatching on, resumes it there rather than starting it over.
            None => {
                if let Err(u) = s.respecialize(self, Self::code_miss, &[]) {
                    s.drop_args(mark);
                    return Err(u);
                }
                self.call_through(s, callee, mark)
            }
        }
    }
    /// Calls through the callee: checks that it may be called (which learns its code while the
    /// site keeps codes) and calls the target it resolves to.
    fn call_through<S: Stage<Es>>(&self, s: &mut S, callee: S::Val, mark: ArgMark) -> Result<S::Val, Unwind<S::Val>> {
        let checked = if self.code_generic.get() {
            // Nothing left to learn from the callee: only a callee that is not a function that
            // may be called without `new` takes the boundary, which throws the TypeError.
            let ok = is_callable(s, callee);
            s.if_else(ok, |s| Ok(s.konst(UNDEFINED)), |s| s.call_boundary("callable", self, Self::callable, &[callee]))
        } else {
            s.call_boundary("callable", self, Self::callable, &[callee])
        };
        if let Err(u) = checked {
            s.drop_args(mark);
            return Err(u);
        }
        s.call_indirect(resolve_function, callee, mark)
    }
    /// A callee that is not a function object at a site that dispatches on code: it calls
    /// through the callee, for good (and reports it, so that a split of the enclosing function
    /// may dispatch again).
    #[cold]
    fn code_generalize(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        go_generic(f, self, &self.code_generic)
    }
    /// A callee of a code the site has not met: the callable check of the call through the
    /// callee learns it while there is room; a site that keeps [`CODE_LIMIT`] codes calls
    /// through the callee, for good.
    #[cold]
    fn code_miss(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        if self.codes.iter().all(|c| c.get().is_some()) {
            return go_generic(f, self, &self.code_generic);
        }
        Ok(UNDEFINED)
    }
    /// A callee of a code the site has not met gets an entry while there is room; a second
    /// code is a polymorphic specialization, reported so that splitting may act on it.
    fn learn_code(&self, f: &mut Frame<'_, Es>, callee: Value) {
        if self.code_generic.get() {
            return;
        }
        let Some(code) = crate::runtime::object::as_function(callee) else { return };
        if self.codes.iter().any(|c| c.get().is_some_and(|(known, _)| *known == code.code)) {
            return;
        }
        let Some(slot) = self.codes.iter().find(|c| c.get().is_none()) else { return };
        let Some(target) = f.runtime().call_target(code.target) else { return };
        let Some(call) = DirectCallNode::new(&target, f.target()) else { return };
        porcini::spec::note_specialized();
        let _ = slot.set((code.code, call));
        if self.codes[1].get().is_some() {
            porcini::spec::report_polymorphic_specialize(f, self);
        }
    }
    /// The direct call nodes of the site: its method's and those of the codes it dispatches on.
    fn call_node_list(&self) -> Vec<&DirectCallNode<Es>> {
        self.direct.get().map(|(_, c)| c).into_iter().chain(self.codes.iter().filter_map(|c| c.get().map(|(_, c)| c))).collect()
    }
    /// The method cache missed: it learns the receiver (and, when it has one constant answer
    /// that is a function called without `new`, the site gets its direct call), then the full
    /// lookup finds the method.
    #[cold]
    fn method_miss(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let o = v.first().copied().unwrap_or(UNDEFINED);
        if let Callee::Member(_, PropKey::Static(Key::Name(sym))) = &self.callee {
            if self.methods.learn(f, o, *sym) {
                porcini::spec::report_polymorphic_specialize(f, self);
            }
            if self.direct.get().is_none()
                && let Some(m) = self.methods.constant()
                && let Some(code) = crate::runtime::object::as_function(m)
                && !matches!(code.kind, crate::runtime::FnKind::Class { .. })
                && let Some(target) = f.runtime().call_target(code.target)
                && let Some(call) = DirectCallNode::new(&target, f.target())
            {
                let _ = self.direct.set((m, call));
            }
            if let Some(m) = self.methods.constant() {
                self.learn_intrinsic(f, m);
            }
        }
        self.method(f, v)
    }
    fn method(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let Callee::Member(_, key) = &self.callee else { return Ok(UNDEFINED) };
        let o = v.first().copied().unwrap_or(UNDEFINED);
        let key = key.resolve(f, v.get(1).copied())?;
        get(f, o, key).inspect_err(|_| note_site(f, &self.loc))
    }
    fn super_method(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let Callee::Super { key, .. } = &self.callee else { return Ok(UNDEFINED) };
        let (home, this) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        let key = key.resolve(f, v.get(2).copied())?;
        super::class::super_get(f, home, this, key).inspect_err(|_| note_site(f, &self.loc))
    }
    fn callable(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let callee = v.first().copied().unwrap_or(UNDEFINED);
        check_callable(f, callee, &self.text, &self.loc)?;
        self.learn_intrinsic(f, callee);
        self.learn_code(f, callee);
        Ok(UNDEFINED)
    }
    /// The first call of an intrinsic (with as many arguments as it computes) makes the site
    /// compute it in place from then on.
    fn learn_intrinsic(&self, f: &mut Frame<'_, Es>, callee: Value) {
        if self.intrinsic_generic.get() || self.intrinsic.get().is_some() {
            return;
        }
        let Some(code) = crate::runtime::object::as_function(callee) else { return };
        let op = match (code.intrinsic, code.builtin) {
            (Some(Intrinsic::Math(op)), _) if op.arity() == self.args.len() => SiteOp::Math(op),
            (Some(Intrinsic::StringMethod), Some(run)) => SiteOp::StringMethod(run),
            (Some(Intrinsic::ForEach), _) if self.each.is_some() && self.args.len() == 1 => SiteOp::ForEach,
            _ => return,
        };
        porcini::spec::note_specialized();
        let _ = self.intrinsic.set(IntrinsicSite::new(callee, f.runtime().keep_alive(callee), op));
    }
    /// The intrinsic's arguments were not of the kinds it has seen: it takes numbers of the
    /// new kind too, or, for anything else, the site calls for good. This call is made.
    #[cold]
    fn intrinsic_miss(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let get = |i: usize| v.get(i).copied().unwrap_or(UNDEFINED);
        let args = v.get(2..).unwrap_or(&[]);
        porcini::spec::note_specialized();
        if !self.intrinsic.get().is_some_and(|site| site.widen(get(1), args)) {
            self.intrinsic_generic.set(true);
            porcini::spec::report_polymorphic_specialize(f, self);
        }
        // The callee is the builtin, which may be called: an error is its own (a `forEach`
        // callback that is not a function), which names no site, as when the site calls it
        // directly.
        call(f, get(0), get(1), args, &self.text)
    }
    /// The site's string method run on `v[0]` with the arguments after it, without a call
    /// (see [`crate::nodes::intrinsic`]).
    fn string_method(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let Some(SiteOp::StringMethod(run)) = self.intrinsic.get().map(|site| site.op) else {
            return Err(porcini::GuestError::raise("internal error: a string method site without its method"));
        };
        run(f, v.first().copied().unwrap_or(UNDEFINED), v.get(1..).unwrap_or(&[]))
    }
    /// The site called another function than its intrinsic: it calls, for good.
    #[cold]
    fn intrinsic_generalize(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        go_generic(f, self, &self.intrinsic_generic)
    }
    fn call_spread(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let get = |i: usize| v.get(i).copied().unwrap_or(UNDEFINED);
        let (callee, this, mask) = (get(0), get(1), get(2).as_i64().unwrap_or(0) as u64);
        let list = expand_spread(f, v.get(3..).unwrap_or(&[]), mask, &self.loc)?;
        check_callable(f, callee, &self.text, &self.loc)?;
        let args = elements(list);
        let r = call(f, callee, this, &args, &self.text).inspect_err(|_| note_site(f, &self.loc));
        // The array holds the arguments (strings made by the expansion among them) where the
        // collector sees them until the call has pushed them.
        std::hint::black_box(list);
        r
    }
}

/// Calls a constructor's code directly: `hidden` (the object it receives, `EMPTY` when its code
/// makes its own; the constructor; `new.target`), then the arguments. When the object was made
/// for it (`makes_this`), the constructor's result replaces it only if that is an object.
pub(super) fn construct_call<S: Stage<Es>>(
    s: &mut S,
    call: &DirectCallNode<Es>,
    hidden: [S::Val; 3],
    args: &[S::Val],
    makes_this: bool,
) -> Result<S::Val, Unwind<S::Val>> {
    let mark = s.begin_args();
    for &v in hidden.iter().chain(args) {
        if let Err(u) = s.push_arg(v) {
            s.drop_args(mark);
            return Err(u);
        }
    }
    let r = s.call_direct(call, mark)?;
    if !makes_this {
        return Ok(r);
    }
    let this = hidden[0];
    let is_obj = s.has_tag(r, Tag::Object);
    s.if_else(is_obj, |_| Ok(r), |_| Ok(this))
}

fn callee_children(c: &Callee) -> Vec<&dyn porcini::ExprNode<Es>> {
    match c {
        Callee::Value(n) => vec![&**n],
        Callee::Member(o, k) => {
            let mut v: Vec<&dyn porcini::ExprNode<Es>> = vec![&**o];
            if let PropKey::Computed(n) = k {
                v.push(n.node());
            }
            v
        }
        Callee::Super { home, this, key } => {
            let mut v: Vec<&dyn porcini::ExprNode<Es>> = vec![&**home, &**this];
            if let PropKey::Computed(n) = key {
                v.push(n.node());
            }
            v
        }
    }
}

fn clone_callee(c: &Callee, cx: &porcini::node::CloneContext) -> Callee {
    let key = |k: &PropKey| match k {
        PropKey::Static(k) => PropKey::Static(*k),
        PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)),
    };
    match c {
        Callee::Super { home, this, key: k } => {
            Callee::Super { home: home.clone_uninitialized(cx), this: this.clone_uninitialized(cx), key: key(k) }
        }
        Callee::Value(n) => Callee::Value(n.clone_uninitialized(cx)),
        Callee::Member(o, k) => Callee::Member(
            o.clone_uninitialized(cx),
            match k {
                PropKey::Static(k) => PropKey::Static(*k),
                PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)),
            },
        ),
    }
}

es_node!(CallNode, "Call", children(t => { let mut c = callee_children(&t.callee); c.extend(t.args.iter().map(ArgNode::node)); c.extend(t.each.as_ref().map(super::each::EachSite::node)); c }), clone(t, cx => {
    let mut clone = CallNode::new(clone_callee(&t.callee, cx), t.args.iter().map(|a| a.clone_uninitialized(cx)).collect(), t.text.clone(), t.loc.clone()).optional(t.optional);
    clone.each = t.each.as_ref().map(|e| e.clone_uninitialized(cx));
    clone
}), calls);

/// `new callee(...args)`.
pub struct NewNode {
    callee: Node,
    args: Vec<ArgNode>,
    text: Rc<str>,
    loc: Loc,
    /// The one constructor the site has called, and the direct call of its code.
    ctor: OnceCell<Constructor>,
    /// The site called a second constructor (or spread arguments): every `new` takes the
    /// full path.
    generic: Cell<bool>,
    /// The `Array` constructor, when it is the one the site has called: the site makes the
    /// array itself, without the constructor's frame (kept alive as `Constructor::_alive` is).
    array: OnceCell<(Value, porcini::embed::GuestRef)>,
    /// The site has made an array of a length compiled code does not make in place (not an
    /// integer from 1 to `buffer::IN_PLACE_MAX`): its compiled code calls the runtime for
    /// every array rather than test each length first (a `new Array(size)` of a large table).
    /// A site that meets one only once compiled calls the runtime for it on the slow path.
    long_array: Cell<bool>,
    /// How the site makes the object its one constructor receives.
    this_site: ThisSite,
}

/// What a monomorphic `new` site knows of its constructor.
struct Constructor {
    function: Value,
    /// Keeps `function` alive: the site compares callees with it by identity, which a
    /// collected function's reused address would otherwise fool.
    _alive: porcini::embed::GuestRef,
    call: DirectCallNode<Es>,
    /// Whether `new` makes the object (a function or a base class), or the code does (a
    /// derived class).
    makes_this: bool,
}

impl NewNode {
    pub fn new(callee: Node, args: Vec<ArgNode>, text: Rc<str>, loc: Loc) -> NewNode {
        NewNode { callee, args, text, loc, ctor: OnceCell::new(), generic: Cell::new(false), array: OnceCell::new(), long_array: Cell::new(false), this_site: ThisSite::default() }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let c = s.exec(0, &*self.callee)?;
        if let Some((array, _)) = self.array.get().filter(|_| !self.generic.get()) {
            let known = s.konst(*array);
            let same = s.same(c, known);
            if s.speculate(same, "constructor") {
                let n = self.args.len();
                return with_values(s, n, |s, i| s.exec(1 + i as u32, self.args[i].node()), |s, vals| match vals {
                    // `new Array(len)`: compiled code makes a short array of holes in place.
                    [len] if !self.long_array.get() => {
                        let shape = s.runtime().lang.realm().array_root;
                        s.alloc_elements_object("new_array", shape, *len, self, Self::new_array, vals)
                    }
                    _ => s.call_boundary("new_array", self, Self::new_array, vals),
                });
            }
            s.respecialize(self, Self::generalize, &[])?;
        }
        // Resuming a constructor compiled code had inlined here, the site calls it as the
        // code did, even if it has turned generic since (see `Stage::resumes_inlined`).
        if let Some(ctor) = self.ctor.get().filter(|_| !self.generic.get() || s.resumes_inlined()) {
            let known = s.konst(ctor.function);
            let same = s.same(c, known);
            if s.speculate(same, "constructor") {
                let n = self.args.len();
                return with_values(s, n, |s, i| s.exec(1 + i as u32, self.args[i].node()), |s, vals| {
                    self.construct_direct(s, ctor, known, vals)
                });
            }
            s.respecialize(self, Self::generalize, &[])?;
        }
        let spread = spread_mask(&self.args);
        with_values(
            s,
            self.args.len(),
            |s, i| s.exec(1 + i as u32, self.args[i].node()),
            |s, vals| {
                let mask = s.konst(Value::from_i64(spread as i64));
                let mut all = vec![c, mask];
                all.extend_from_slice(vals);
                s.call_boundary("new", self, Self::run, &all)
            },
        )
    }
    /// `new` of the site's one constructor with the evaluated arguments `args`: the object made
    /// (unless the code makes it; after the arguments, as JavaScript orders it), and the code
    /// called directly, so that the compiler may inline the constructor.
    #[inline(always)]
    fn construct_direct<S: Stage<Es>>(
        &self,
        s: &mut S,
        ctor: &Constructor,
        callee: S::Val,
        args: &[S::Val],
    ) -> Result<S::Val, Unwind<S::Val>> {
        // The object made is a child of its own, after the arguments: a deoptimization in the
        // constructor's inlined code resumes with this object rather than making another.
        let this = if ctor.makes_this {
            s.exec_inline(1 + args.len() as u32, |s| ThisSite::make(self, s, callee))?
        } else {
            s.konst(Value::EMPTY)
        };
        construct_call(s, &ctor.call, [this, callee, callee], args, ctor.makes_this)
    }
    /// `new Array(...v)`, made as the constructor makes it; its errors name this site.
    fn new_array(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let short = |n: &Value| n.as_i64().is_some_and(|n| (1..=porcini::buffer::IN_PLACE_MAX as i64).contains(&n));
        if !matches!(v, [n] if short(n)) {
            self.long_array.set(true);
        }
        crate::builtins::array::array_fn(f, UNDEFINED, v).inspect_err(|_| note_site(f, &self.loc))
    }
    /// A second constructor: the site goes generic for good.
    #[cold]
    fn generalize(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        go_generic(f, self, &self.generic)
    }
    /// The first `new` of a site without spread arguments learns its constructor.
    fn learn(&self, f: &mut Frame<'_, Es>, callee: Value) {
        if self.generic.get() || self.ctor.get().is_some() {
            return;
        }
        if self.array.get().is_none()
            && crate::runtime::object::as_function(callee).is_some_and(|code| code.intrinsic == Some(Intrinsic::Array))
        {
            porcini::spec::note_specialized();
            let _ = self.array.set((callee, f.runtime().keep_alive(callee)));
            return;
        }
        // Builtin constructors keep the full path, which names this site in their errors (an
        // `Invalid array length` points at the `new`); guest code names its own.
        let Some(code) = crate::runtime::object::as_function(callee)
            .filter(|c| c.is_constructor() && !matches!(c.kind, FnKind::BuiltinConstructor))
        else {
            return;
        };
        let Some(target) = f.runtime().call_target(code.target) else { return };
        let Some(call) = DirectCallNode::new(&target, f.target()) else { return };
        let makes_this = !matches!(code.kind, FnKind::Class { derived: true });
        let alive = f.runtime().keep_alive(callee);
        porcini::spec::note_specialized();
        let _ = self.ctor.set(Constructor { function: callee, _alive: alive, call, makes_this });
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let callee = v.first().copied().unwrap_or(UNDEFINED);
        let spread = v.get(1).and_then(|m| m.as_i64()).unwrap_or(0) as u64;
        let rest = v.get(2..).unwrap_or(&[]);
        if spread == 0 {
            self.learn(f, callee);
        } else {
            self.generic.set(true);
        }
        let (holder, list) = if spread == 0 {
            (UNDEFINED, Vec::new())
        } else {
            let arr = expand_spread(f, rest, spread, &self.loc)?;
            (arr, elements(arr))
        };
        let args: &[Value] = if spread == 0 { rest } else { &list };
        let r = construct(f, callee, args, callee, &self.text).inspect_err(|_| note_site(f, &self.loc));
        // The array holds spread arguments where the collector sees them until they are pushed.
        std::hint::black_box(holder);
        r
    }
}

impl MakesThis for NewNode {
    fn this_site(&self) -> &ThisSite {
        &self.this_site
    }
    fn loc(&self) -> &Loc {
        &self.loc
    }
}

es_node!(NewNode, "New", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&*t.callee]; c.extend(t.args.iter().map(ArgNode::node)); c }), clone(t, cx => NewNode::new(t.callee.clone_uninitialized(cx), t.args.iter().map(|a| a.clone_uninitialized(cx)).collect(), t.text.clone(), t.loc.clone())));

