//! The runtime side of compiled code: its calling convention, what a call target keeps of it, and
//! the functions compiled code calls back into (guest calls, boundaries, deoptimization).
//!
//! The JIT crate turns a call target's tree into machine code through the symbolic stage; this
//! module is everything the runtime must know about that code without knowing the JIT. Compiled
//! code is entered with the interpreter's own activation (the [`Frame`] the call path built) plus
//! raw pointers to its arguments and slots, and returns a [`RawResult`], the two words of a
//! `Result<Value, Unwind>`. Whatever it cannot do inline it asks of the entry points below, passing
//! the frame back: a call, a boundary function, a deoptimization. This is one of the modules where
//! `unsafe` is allowed, because it turns the raw pointers compiled code passes back into the
//! references they were made from.
//!
//! A deoptimization hands over the frame state of the failing point: which of the code's
//! deoptimization points it is (the path and the layout of the live values are static, kept in
//! [`DeoptPoint`]) and a pointer to the live values. The frame's slots were written back to the
//! frame before the call, so the interpreter resumes in the very same activation
//! ([`crate::resume`]) and its result becomes the compiled code's result.
//!
//! Because every call, boundary and deoptimization passes the frame back, stack traces, builtins
//! that touch their caller's frame (SL's `helloEqualsWorld`) and the collector see a compiled
//! frame as they see an interpreted one; the values compiled code holds live on the native stack
//! or in spilled registers, which the conservative scan covers.
//!
//! Code stays valid until something invalidates it: a failed DSL speculation (Truffle's
//! `transferToInterpreterAndInvalidate`; the node then respecializes), a failed assumption (a
//! redefined function), or a split below a compiled caller. After each call compiled code reads
//! its own validity flag, with a frame state that holds the call's result, so a frame whose code
//! was invalidated while it was suspended leaves at once without repeating the call. Invalidated
//! code is kept until the runtime is dropped, because frames may still be running it.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use porcini_tools::listener::CompilationListener;
use porcini_tools::trace::TraceSink;

use crate::call_target::{CallTarget, CallTargetId};
use crate::runtime::unit_name;
use crate::emitter::Transfer;
use crate::error::Unwind;
use crate::frame::Frame;
use crate::language::Language;
use crate::node::ExprNode;
use crate::resume::{FrameState, InlinedState, LiveValue};
use crate::runtime::Runtime;
use crate::stage::{BoundaryFn, ResolveFn};
use crate::value::Value;
use crate::virtual_object::{self, VirtualObject, VirtualPlace};

/// A `Result<Value, Unwind>` as compiled code passes it: the value's two words, or
/// [`RawResult::UNWIND_TAG`] in the tag word for "an abrupt completion is in progress" (its kind
/// and error are in the per-thread unwind register, see [`crate::error`]).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct RawResult {
    /// The value's tag, or `UNWIND_TAG`.
    pub tag: u64,
    /// The value's payload.
    pub bits: u64,
}

impl RawResult {
    /// The tag word of an unwinding result: a number no [`crate::Tag`] uses.
    pub const UNWIND_TAG: u64 = 255;

    /// The raw form of a result.
    #[inline(always)]
    pub fn from_result(r: Result<Value, Unwind<Value>>) -> RawResult {
        match r {
            Ok(v) => RawResult { tag: v.tag() as u64, bits: v.bits() },
            Err(_) => RawResult { tag: Self::UNWIND_TAG, bits: 0 },
        }
    }
    /// The result compiled code produced.
    #[inline(always)]
    pub fn into_result(self) -> Result<Value, Unwind<Value>> {
        if self.tag == Self::UNWIND_TAG {
            Err(Unwind::pending())
        } else {
            // SAFETY: compiled code only returns values it was given or built with the value
            // layout's tags (see `Value::from_words`).
            Ok(unsafe { Value::from_words(self.tag, self.bits) })
        }
    }
}

/// The entry of compiled code: the activation, its arguments (`nargs` values) and its slots.
pub type EntryFn = unsafe extern "C" fn(frame: *mut (), args: *const Value, nargs: usize, slots: *mut Value) -> RawResult;

/// Runs compiled code in the activation `f`.
#[inline(always)]
pub(crate) fn enter<L: Language>(entry: EntryFn, f: &mut Frame<'_, L>) -> Result<Value, Unwind<Value>> {
    let (args, slots) = (f.args, f.slots);
    // SAFETY: the JIT produced `entry` for this frame's target under the entry convention: it
    // reads `nargs` arguments and the target's slots (the frame has exactly that many), and
    // passes `frame` only back to the functions of this module while `f` is borrowed here.
    let r = unsafe {
        entry(
            f as *mut Frame<'_, L> as *mut (),
            args.as_ptr() as *const Value,
            args.len(),
            slots.as_ptr() as *mut Value,
        )
    };
    r.into_result()
}

/// Where the fields of a [`Frame`] are, for compiled code that sets up a callee's activation
/// itself (a call between compiled targets that does not go through the runtime's call path).
/// Offsets are in bytes from the frame's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameLayout {
    /// The frame's size and alignment.
    pub size: u32,
    pub align: u32,
    /// The runtime reference.
    pub rt: i32,
    /// The arguments slice: its data pointer and its length.
    pub args_ptr: i32,
    pub args_len: i32,
    /// The slots slice: its data pointer and its length.
    pub slots_ptr: i32,
    pub slots_len: i32,
    /// The first free value-stack index above the frame.
    pub sp: i32,
    /// The call target (a non-null pointer).
    pub target: i32,
    /// The caller's frame (a non-null pointer).
    pub caller: i32,
    /// The `return` value (a [`Value`]).
    pub ret: i32,
}

impl FrameLayout {
    /// The layout of `Frame<L>`.
    pub fn of<L: Language>() -> FrameLayout {
        type F<L> = Frame<'static, L>;
        let (ptr, len) = slice_word_offsets();
        let at = |field: usize| field as i32;
        FrameLayout {
            size: std::mem::size_of::<F<L>>() as u32,
            align: std::mem::align_of::<F<L>>() as u32,
            rt: at(std::mem::offset_of!(F<L>, rt)),
            args_ptr: at(std::mem::offset_of!(F<L>, args)) + ptr,
            args_len: at(std::mem::offset_of!(F<L>, args)) + len,
            slots_ptr: at(std::mem::offset_of!(F<L>, slots)) + ptr,
            slots_len: at(std::mem::offset_of!(F<L>, slots)) + len,
            sp: at(std::mem::offset_of!(F<L>, sp)),
            target: at(std::mem::offset_of!(F<L>, target)),
            caller: at(std::mem::offset_of!(F<L>, caller)),
            ret: at(std::mem::offset_of!(F<L>, ret)),
        }
    }
}

/// Where a slice reference keeps its data pointer and its length (byte offsets), which Rust
/// leaves unspecified: found by looking at one.
fn slice_word_offsets() -> (i32, i32) {
    let cells = [Cell::new(Value::NULL), Cell::new(Value::NULL)];
    let s: &[Cell<Value>] = &cells[..1];
    // SAFETY: a shared slice reference is two words, its data pointer and its length (`transmute`
    // checks that the sizes match); reading them as plain words only finds out their order.
    let words: [usize; 2] = unsafe { std::mem::transmute::<&[Cell<Value>], [usize; 2]>(s) };
    if words[0] == s.as_ptr() as usize && words[1] == 1 { (0, 8) } else { (8, 0) }
}

/// Turns the frame pointer compiled code passes back into the frame it was made from.
///
/// # Safety
/// `frame` must be the pointer [`enter`] passed to the compiled code that is calling, whose
/// activation is still running (it is: the compiled code is executing in it).
#[inline(always)]
unsafe fn frame_mut<'f, L: Language>(frame: *mut ()) -> &'f mut Frame<'f, L> {
    // SAFETY: see the function's contract; the lifetime is only used for this call.
    unsafe { &mut *(frame as *mut Frame<'f, L>) }
}

/// Runs a [`BoundarySite`]'s function on its node, knowing the node's type.
type RunSite<L> = fn(&BoundarySite<L>, &mut Frame<'_, L>, &[Value]) -> Result<Value, Unwind<Value>>;

/// A boundary function together with the node it belongs to, with the node's type erased so that
/// the JIT can call it through [`boundary`].
pub struct BoundarySite<L: Language> {
    node: *const (),
    f: *const (),
    run: RunSite<L>,
    /// The function reads or writes its frame's slots (see [`Stage::call_frame_boundary`]).
    ///
    /// [`Stage::call_frame_boundary`]: crate::stage::Stage::call_frame_boundary
    frame: bool,
}

impl<L: Language> BoundarySite<L> {
    /// The site of `f` on `node`. The node must outlive any code that calls the site, which holds
    /// for nodes of a call target's tree: trees live as long as their runtime, as its code does.
    pub fn new<N: 'static>(node: &N, f: BoundaryFn<N, L>) -> BoundarySite<L> {
        BoundarySite { node: node as *const N as *const (), f: f as *const (), run: run_site::<N, L>, frame: false }
    }
    /// The site of a function that reads or writes its frame's slots.
    pub fn touching_frame(self) -> BoundarySite<L> {
        BoundarySite { frame: true, ..self }
    }
    /// Whether the function reads or writes its frame's slots.
    pub fn touches_frame(&self) -> bool {
        self.frame
    }
    /// The node's address: which node of the tree the site is, for as long as the tree lives.
    pub fn node_addr(&self) -> usize {
        self.node as usize
    }
}

fn run_site<N: 'static, L: Language>(
    site: &BoundarySite<L>,
    frame: &mut Frame<'_, L>,
    args: &[Value],
) -> Result<Value, Unwind<Value>> {
    // SAFETY: `site` was made by `BoundarySite::new::<N>`, so `node` is the address of an `N`
    // that outlives the code (see `new`) and `f` is a `BoundaryFn<N, L>` cast to a pointer.
    let (node, f) = unsafe { (&*(site.node as *const N), std::mem::transmute::<*const (), BoundaryFn<N, L>>(site.f)) };
    f(node, frame, args)
}

/// Compiled code calls a guest target with `nargs` arguments at `args`.
///
/// # Safety
/// `frame` as for [`frame_mut`]; `target` a live call target; `args` points at `nargs` values.
pub unsafe extern "C" fn call<L: Language>(frame: *mut (), target: *const CallTarget<L>, args: *const Value, nargs: usize) -> RawResult {
    // SAFETY: the caller's contract.
    let (f, target, args) = unsafe { (frame_mut::<L>(frame), &*target, std::slice::from_raw_parts(args, nargs)) };
    RawResult::from_result(call_with(f, target, args))
}

/// The entry compiled code calls for a target without code of its own (see
/// [`CallTarget::call_entry_cell`]): runs the target's tree in the activation the caller set
/// up, exactly as the runtime's call path would after binding it, counting the call (which may
/// compile the target; the new code then runs at once).
///
/// # Safety
/// `frame` is an activation of a guest target that compiled code set up for this call, with
/// every field written at the offsets [`FrameLayout`] gives, its arguments and locals bound;
/// it lives in the caller's native frame until this returns.
pub unsafe extern "C" fn interpret<L: Language>(frame: *mut (), _args: *const Value, _nargs: usize, _slots: *mut Value) -> RawResult {
    // SAFETY: the caller's contract; the activation is running (this is its call).
    let f = unsafe { frame_mut::<L>(frame) };
    RawResult::from_result(f.rt.run_set_up(f))
}

/// A direct call from compiled code found no room for its callee on the value stack or the
/// native stack: the guest's stack overflow error, as the runtime's call path raises it.
pub extern "C" fn stack_overflow() -> RawResult {
    RawResult::from_result(Err(crate::runtime::stack_overflow()))
}

/// Compiled code calls whatever target `resolve` finds for the callee `(tag, bits)`.
///
/// # Safety
/// As for [`call`]; `resolve` is a [`ResolveFn<L>`] cast to a pointer, and the callee's words are
/// a valid value.
pub unsafe extern "C" fn call_indirect<L: Language>(
    frame: *mut (),
    resolve: *const (),
    tag: u64,
    bits: u64,
    args: *const Value,
    nargs: usize,
) -> RawResult {
    // SAFETY: the caller's contract.
    let (f, resolve, callee, args) = unsafe {
        (
            frame_mut::<L>(frame),
            std::mem::transmute::<*const (), ResolveFn<L>>(resolve),
            Value::from_words(tag, bits),
            std::slice::from_raw_parts(args, nargs),
        )
    };
    let r = resolve(f.rt, callee).and_then(|t| call_with(f, &t, args));
    RawResult::from_result(r)
}

/// A call from compiled code: the arguments go onto the value stack above the caller's frame in
/// one block (one bounds check), then the ordinary call path runs.
#[inline(always)]
fn call_with<L: Language>(f: &mut Frame<'_, L>, target: &CallTarget<L>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let base = f.sp;
    f.rt.push_values(base, args)?;
    f.rt.call(f, target, base, args.len())
}

/// Compiled code calls a boundary function.
///
/// # Safety
/// As for [`call`]; `site` points at a site the compiled code owns.
pub unsafe extern "C" fn boundary<L: Language>(frame: *mut (), site: *const BoundarySite<L>, args: *const Value, nargs: usize) -> RawResult {
    // SAFETY: the caller's contract.
    let (f, site, args) = unsafe { (frame_mut::<L>(frame), &*site, std::slice::from_raw_parts(args, nargs)) };
    if f.rt.options.verify_ir && !site.frame {
        return RawResult::from_result(run_keeping_slots(site, f, args));
    }
    RawResult::from_result((site.run)(site, f, args))
}

/// Runs a boundary that is not declared to touch its frame, and fails if its frame's slots
/// changed all the same: compiled code does not read them back after such a call (see
/// [`crate::stage::Stage::call_boundary`]), so a write would be lost. Only under
/// `--engine.VerifyIR`, which the test modes that compile turn on.
#[cold]
#[inline(never)]
fn run_keeping_slots<L: Language>(site: &BoundarySite<L>, f: &mut Frame<'_, L>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let words = |f: &Frame<'_, L>| f.slots.iter().map(|c| (c.get().tag(), c.get().bits())).collect::<Vec<_>>();
    let before = words(f);
    let r = (site.run)(site, f, args);
    match before.iter().zip(words(f)).position(|(a, b)| *a != b) {
        None => r,
        Some(slot) => Err(crate::GuestError::raise(format!(
            "internal error: a boundary call not declared to touch its frame changed slot {slot}"
        ))),
    }
}

/// Compiled code leaves for the interpreter at its deoptimization point `point`, with the live
/// values laid out at `live` (see [`LiveKind`]) and the inlined callees' slots at `cells`; the
/// frame's slots are already written back.
///
/// # Safety
/// As for [`call`]; `code` is the calling code's [`CompiledCode`], `live` holds the words its
/// deoptimization point describes, and `cells` the slots of its inlined frames (two words
/// each, from index [`InlinedFrame::cells`]); `cells` may be null when it has none.
pub unsafe extern "C" fn deoptimize<L: Language>(
    frame: *mut (),
    code: *const CompiledCode<L>,
    point: u32,
    live: *const u64,
    cells: *const u64,
) -> RawResult {
    // SAFETY: the caller's contract.
    let (f, code) = unsafe { (frame_mut::<L>(frame), &*code) };
    let Some(p) = code.body.get().and_then(|b| b.deopts.get(point as usize)) else {
        return RawResult::from_result(Err(crate::GuestError::raise("internal error: unknown deoptimization point")));
    };
    // SAFETY: the caller's contract: `live` holds exactly the words the point has code store.
    let stored = unsafe { std::slice::from_raw_parts(live, p.stored_words()) };
    let words = p.all_words(stored);
    let rt = f.rt;
    // The objects the code did not allocate are made first, so that every place holding one
    // gets the same object. Until replay hands them over, the resuming roots hold them.
    let mark = rt.resuming.borrow().len();
    let made = make_virtuals(rt, p, &words);
    let mut words = LiveWords { words: &words, at: 0, made: &made };
    let cell_count = p.inlined.iter().map(|i| i.cells + i.slots).max().unwrap_or(0);
    let cells: &[u64] = if cells.is_null() || cell_count == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract: the inlined frames' cells are written up to here.
        unsafe { std::slice::from_raw_parts(cells, cell_count * LiveKind::Val.words()) }
    };
    let state = FrameState { path: p.path.to_vec(), live: p.kinds.iter().map(|&k| words.next(k)).collect() };
    let mut inlined: Vec<InlinedState> = p
        .inlined
        .iter()
        .map(|i| {
            let mut own = LiveWords { words: cells, at: i.cells * LiveKind::Val.words(), made: &made };
            let slots = (0..i.slots).map(|_| own.next(LiveKind::Val).boxed()).collect();
            let live = i.kinds.iter().map(|&k| words.next(k)).collect();
            InlinedState { target: i.target, state: FrameState { path: i.path.to_vec(), live }, slots }
        })
        .collect();
    for &(place, i) in p.virtual_places.iter() {
        let v = made.get(i as usize).copied().unwrap_or(Value::EMPTY);
        match place {
            VirtualPlace::Slot(s) => f.set_slot(crate::frame::SlotId(s), v),
            VirtualPlace::Cell(c) => {
                let held = p.inlined.iter().zip(inlined.iter_mut()).find_map(|(frame, state)| {
                    let at = (c as usize).checked_sub(frame.cells).filter(|&at| at < frame.slots)?;
                    state.slots.get_mut(at)
                });
                if let Some(slot) = held {
                    *slot = v;
                }
            }
        }
    }
    rt.deoptimized_for(p.reason);
    code.deoptimized(p);
    rt.trace_transfer(f, p);
    if let (false, Some(target)) = (code.is_osr(), f.target) {
        rt.note_deopt(target, p);
    }
    // SAFETY: the loop node outlives the code (see `CompiledCode::osr_node`).
    let unit = code.osr_node.map(|n| unsafe { &*n });
    let r = rt.resume_in(f, state, unit, inlined);
    rt.resuming.borrow_mut().truncate(mark);
    RawResult::from_result(r)
}

/// Makes the virtual objects of point `p` from their fields (the last of the live `words`),
/// each kept among the runtime's resuming roots as it is made.
fn make_virtuals<L: Language>(rt: &Runtime<L>, p: &DeoptPoint, words: &[u64]) -> Vec<Value> {
    let mut at = words.len().saturating_sub(p.field_words());
    let mut made = Vec::with_capacity(p.virtuals.len());
    for v in p.virtuals.iter() {
        let mut fields = LiveWords { words, at, made: &[] };
        let values: Vec<Value> = (0..v.fields).map(|_| fields.next(LiveKind::Val).boxed()).collect();
        at = fields.at;
        // The words are still in the exit's stack slot, where a collection finds them.
        let o = virtual_object::materialize(rt, v, &values);
        rt.resuming.borrow_mut().push(o);
        made.push(o);
    }
    made
}

/// Compiled code makes an object it had kept in registers (see [`crate::virtual_object`]), at
/// the point where it escapes and the heap had no cell in place for it: an empty object of the
/// root shape `root`, moved to `shape` with the `n` slot values at `fields`. Returns its
/// payload word.
///
/// # Safety
/// `frame` as for [`frame_mut`]; `fields` points at `n` valid values, in the calling code's
/// stack, where a collection finds them.
pub unsafe extern "C" fn materialize_object<L: Language>(frame: *mut (), root: u64, shape: u64, fields: *const Value, n: u64) -> u64 {
    // SAFETY: the caller's contract.
    let (f, fields) = unsafe { (frame_mut::<L>(frame), std::slice::from_raw_parts(fields, n as usize)) };
    let v = VirtualObject { root: crate::shape::ShapeId(root as u32), shape: crate::shape::ShapeId(shape as u32), fields: n as u32 };
    virtual_object::materialize(f.rt, &v, fields).bits()
}

/// Reads the live values of a deoptimization point in order.
struct LiveWords<'w> {
    words: &'w [u64],
    at: usize,
    /// The point's virtual objects, made (see [`crate::virtual_object`]).
    made: &'w [Value],
}

impl LiveWords<'_> {
    fn next(&mut self, k: LiveKind) -> LiveValue {
        let w = |i: usize| self.words.get(self.at + i).copied().unwrap_or(0);
        let v = match k {
            // SAFETY: compiled code stored a valid value's words here (see `deoptimize`).
            LiveKind::Val => LiveValue::Val(unsafe { Value::from_words(w(0), w(1)) }),
            LiveKind::I64 => LiveValue::I64(w(0) as i64),
            LiveKind::Bool => LiveValue::Val(Value::from_bool(w(0) != 0)),
            LiveKind::F64 => LiveValue::F64(f64::from_bits(w(0))),
            LiveKind::Virtual(i) => LiveValue::Val(self.made.get(i as usize).copied().unwrap_or(Value::EMPTY)),
        };
        self.at += k.words();
        v
    }
}

/// How one live value of a deoptimization point is laid out by compiled code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveKind {
    /// A boxed value: tag word, payload word.
    Val,
    /// An unboxed integer: one word.
    I64,
    /// A condition: one word, 0 or 1.
    Bool,
    /// An unboxed float: one word, its bits.
    F64,
    /// The point's virtual object with this index (see [`DeoptPoint::virtuals`]): no word.
    Virtual(u32),
}

impl LiveKind {
    /// Words the value takes.
    pub fn words(self) -> usize {
        match self {
            LiveKind::Val => 2,
            LiveKind::Virtual(_) => 0,
            _ => 1,
        }
    }
}

/// A place where compiled code may leave for the interpreter.
///
/// The live values come in one block of words: the frame's own evaluated values (`kinds`), then
/// for each inlined callee it was running, outermost first, its evaluated values. The inlined
/// callees' slots are in a second block, the code's inlined cells, where each callee's slots
/// start at its [`InlinedFrame::cells`]: exits share the stores to them (as they share the
/// write-back of the activation's slots), so an exit deep in inlined code does not store every
/// slot of every frame around it.
#[derive(Clone, Debug)]
pub struct DeoptPoint {
    /// The resume position in the tree (in the compiled frame: at the inlined call, if any).
    pub path: Box<[u32]>,
    /// The layout of the live values, in frame-state order.
    pub kinds: Box<[LiveKind]>,
    /// The inlined callees the code was running here, outermost first.
    pub inlined: Box<[InlinedFrame]>,
    /// Why (the speculation's reason).
    pub reason: &'static str,
    /// Whether leaving invalidates the code.
    pub how: Transfer,
    /// The live words known when the code was compiled (constant tags, mostly), by position,
    /// in order: the code stores only the others, so an exit's block is half as long.
    pub known: Box<[(u32, u64)]>,
    /// The objects the code had not allocated, which the runtime makes before resuming; their
    /// fields are the last live words, in order (see [`crate::virtual_object`]).
    pub virtuals: Box<[VirtualObject]>,
    /// The slots that hold one of them, with its index.
    pub virtual_places: Box<[(VirtualPlace, u32)]>,
}

impl DeoptPoint {
    /// The number of live words the point reads.
    pub fn words(&self) -> usize {
        let words = |kinds: &[LiveKind]| kinds.iter().map(|k| k.words()).sum::<usize>();
        words(&self.kinds) + self.inlined.iter().map(|i| words(&i.kinds)).sum::<usize>() + self.field_words()
    }
    /// The live words the virtual objects' fields take (the last ones).
    fn field_words(&self) -> usize {
        self.virtuals.iter().map(|v| v.fields as usize * LiveKind::Val.words()).sum()
    }
    /// The number of live words the code stores (those not `known`).
    pub fn stored_words(&self) -> usize {
        self.words().saturating_sub(self.known.len())
    }
    /// Every live word, in order: the `known` ones in their places, the `stored` ones between.
    fn all_words(&self, stored: &[u64]) -> Vec<u64> {
        let mut stored = stored.iter().copied();
        let mut known = self.known.iter().peekable();
        (0..self.words())
            .map(|i| match known.next_if(|k| k.0 as usize == i) {
                Some(&(_, w)) => w,
                None => stored.next().unwrap_or(0),
            })
            .collect()
    }
    /// The path of the innermost frame, where the speculation failed.
    pub fn innermost_path(&self) -> &[u32] {
        self.inlined.last().map_or(&self.path, |i| &i.path)
    }
}

/// An inlined callee's part of a deoptimization point.
#[derive(Clone, Debug)]
pub struct InlinedFrame {
    /// The callee.
    pub target: CallTargetId,
    /// Where in the callee's tree.
    pub path: Box<[u32]>,
    /// How many slots the callee has (stored as boxed values).
    pub slots: usize,
    /// The index of its first slot among the inlined cells (two words per slot).
    pub cells: usize,
    /// The layout of its evaluated values.
    pub kinds: Box<[LiveKind]>,
}

/// Measurements of one compilation, for `opt done`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompileStats {
    /// Partial evaluation, in milliseconds.
    pub partial_evaluation_ms: f64,
    /// Code generation, in milliseconds.
    pub backend_ms: f64,
    /// IR instructions after partial evaluation.
    pub ir_after_pe: usize,
    /// IR instructions after optimization.
    pub ir_after_opt: usize,
    /// Machine code bytes.
    pub code_size: usize,
    /// Where the code starts.
    pub address: usize,
    /// Guest calls the code makes.
    pub calls: usize,
    /// Guest calls inlined.
    pub inlined: usize,
}

/// What partial evaluation produced for a [`CompiledCode`]: everything the runtime needs to know
/// about the code besides the machine code itself.
pub struct CodeBody<L: Language> {
    /// The deoptimization points, by number.
    pub deopts: Vec<DeoptPoint>,
    /// Boundary sites the code calls; the code embeds their addresses, so each is boxed.
    pub sites: Vec<Box<BoundarySite<L>>>,
    /// Assumptions the code depends on (it is invalidated with any of them).
    pub assumptions: Vec<crate::assumption::Assumption>,
    /// Measurements of partial evaluation (the machine-code fields are filled in by
    /// [`CompiledCode::stats`] once the code is generated).
    pub stats: CompileStats,
}

/// What code generation produced for a [`CompiledCode`].
#[derive(Clone, Copy, Debug)]
pub struct MachineCode {
    /// The entry point.
    pub entry: EntryFn,
    /// Code generation, in milliseconds.
    pub backend_ms: f64,
    /// IR instructions after optimization.
    pub ir_after_opt: usize,
    /// Machine code bytes.
    pub code_size: usize,
}

/// Identifies a unit whose machine code is being generated in the background (see
/// [`Compilation::Queued`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket(pub u64);

/// What a compiler made of a unit.
pub enum Compilation<L: Language> {
    /// The code is complete and can run.
    Ready(Rc<CompiledCode<L>>),
    /// The unit is partially evaluated (its [`CodeBody`] is in place) and its machine code is
    /// being generated on another thread; [`Compiler::poll`] reports when that is done.
    Queued(Rc<CompiledCode<L>>, Ticket),
}

/// Installed (or once installed) code of a call target.
///
/// It is made before code generation, so that the code can embed its address (for
/// deoptimization) and the address of its validity flag, and filled in afterwards. The runtime
/// keeps every one alive until it is dropped, even after invalidation, because frames may still
/// be running the code.
pub struct CompiledCode<L: Language> {
    /// False once invalidated; compiled code reads this flag after calls.
    valid: Cell<bool>,
    body: std::cell::OnceCell<CodeBody<L>>,
    machine: std::cell::OnceCell<MachineCode>,
    target: Weak<CallTarget<L>>,
    /// For the code of a loop (on-stack replacement), the loop node: deoptimization resumes it,
    /// not the root. Nodes outlive code (see [`BoundarySite::new`]).
    osr_node: Option<*const dyn ExprNode<L>>,
    id: Cell<u64>,
    log: RefCell<Option<Rc<TraceSink>>>,
    trace_deopts: Cell<bool>,
    /// The runtime's compilation listener, told of invalidations and deoptimizations.
    listener: RefCell<Option<Rc<dyn CompilationListener>>>,
}

impl<L: Language> CompiledCode<L> {
    /// The code-to-be of `target`.
    pub fn reserve(target: &Rc<CallTarget<L>>) -> Rc<CompiledCode<L>> {
        Rc::new(CompiledCode {
            valid: Cell::new(true),
            body: std::cell::OnceCell::new(),
            machine: std::cell::OnceCell::new(),
            target: Rc::downgrade(target),
            osr_node: None,
            id: Cell::new(0),
            log: RefCell::new(None),
            trace_deopts: Cell::new(false),
            listener: RefCell::new(None),
        })
    }
    /// The code-to-be of the loop `node` of `target` (on-stack replacement).
    pub fn reserve_osr(target: &Rc<CallTarget<L>>, node: &dyn ExprNode<L>) -> Rc<CompiledCode<L>> {
        let mut code = Rc::into_inner(Self::reserve(target)).unwrap_or_else(|| unreachable!("a fresh Rc is unique"));
        code.osr_node = Some(node as *const dyn ExprNode<L>);
        Rc::new(code)
    }
    /// True for the code of a loop (on-stack replacement).
    pub fn is_osr(&self) -> bool {
        self.osr_node.is_some()
    }
    /// Fills in what partial evaluation produced (once).
    pub fn finish(&self, body: CodeBody<L>) {
        let _ = self.body.set(body);
    }
    /// Fills in what code generation produced (once, after [`CompiledCode::finish`]).
    pub fn complete(&self, machine: MachineCode) {
        let _ = self.machine.set(machine);
    }
    /// What partial evaluation produced, once it has.
    pub fn body(&self) -> Option<&CodeBody<L>> {
        self.body.get()
    }
    /// The entry point, once generated.
    pub fn entry(&self) -> Option<EntryFn> {
        self.machine.get().map(|m| m.entry)
    }
    /// The address of the validity flag (a byte, nonzero while valid), which compiled code reads.
    pub fn valid_flag(&self) -> *const bool {
        self.valid.as_ptr()
    }
    /// True until invalidated.
    pub fn is_valid(&self) -> bool {
        self.valid.get()
    }
    /// The measurements of the compilation.
    pub fn stats(&self) -> CompileStats {
        let mut stats = self.body.get().map(|b| b.stats).unwrap_or_default();
        if let Some(m) = self.machine.get() {
            stats.backend_ms = m.backend_ms;
            stats.ir_after_opt = m.ir_after_opt;
            stats.code_size = m.code_size;
            stats.address = m.entry as usize;
        }
        stats
    }
    /// The compilation id.
    pub fn id(&self) -> u64 {
        self.id.get()
    }
    pub(crate) fn set_id(&self, id: u64) {
        self.id.set(id);
    }
    pub(crate) fn set_log(&self, log: Option<Rc<TraceSink>>, trace_deopts: bool) {
        *self.log.borrow_mut() = log;
        self.trace_deopts.set(trace_deopts);
    }
    pub(crate) fn set_listener(&self, listener: Option<Rc<dyn CompilationListener>>) {
        *self.listener.borrow_mut() = listener;
    }
    /// Discards the code: the target goes back to the interpreter (and will be compiled again
    /// when the policy says so), and frames still running it leave at their next check.
    pub fn invalidate(&self, reason: &str) {
        let Some(t) = self.discard() else { return };
        if let Some(log) = &*self.log.borrow() {
            log.line(&self.trace_line(&t, |s| porcini_tools::trace::compilation::invalidated(s, reason)));
        }
        if let Some(l) = &*self.listener.borrow() {
            l.invalidated(&unit_name(&t, self.is_osr()), reason);
        }
    }
    /// Marks the code invalid and takes it off its target; the target, if this did it (the
    /// first time, while the target lives).
    fn discard(&self) -> Option<Rc<CallTarget<L>>> {
        if !self.valid.replace(false) {
            return None;
        }
        let t = self.target.upgrade()?;
        t.uninstall(self);
        Some(t)
    }
    /// A trace line about this code of `t`: a loop's code is named `<name><OSR>`, as Truffle
    /// names OSR targets.
    fn trace_line(
        &self,
        t: &CallTarget<L>,
        line: impl FnOnce(&porcini_tools::trace::compilation::Subject<'_>) -> String,
    ) -> String {
        t.trace_line_named(Some(&unit_name(t, self.is_osr())), line)
    }
    /// A deoptimization at `p` happened: trace it, and invalidate if the point says so.
    fn deoptimized(&self, p: &DeoptPoint) {
        let invalidate = p.how == Transfer::Invalidate && self.valid.get();
        if let (Some(log), Some(t)) = (&*self.log.borrow(), self.target.upgrade())
            && self.trace_deopts.get()
        {
            log.line(&self.trace_line(&t, |s| porcini_tools::trace::compilation::deoptimized(s, invalidate, Some(p.reason))));
        }
        if let (Some(l), Some(t)) = (&*self.listener.borrow(), self.target.upgrade()) {
            l.deoptimized(&unit_name(&t, self.is_osr()), invalidate, p.reason);
        }
        if invalidate {
            self.discard();
        }
    }
}

/// Why a compilation produced no code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The tree cannot be compiled, now or later (Truffle's permanent bailout).
    Permanent(String),
    /// The code generator failed.
    Backend(String),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Permanent(m) | CompileError::Backend(m) => f.write_str(m),
        }
    }
}

/// A compiler the runtime calls when a target is hot (the JIT crate implements it).
///
/// Partial evaluation reads the tree and the runtime, so it runs on the guest's thread; a compiler
/// may generate the machine code on a thread of its own (`--engine.BackgroundCompilation`), in
/// which case it answers [`Compilation::Queued`] and the runtime asks [`Compiler::poll`] for the
/// result now and then.
pub trait Compiler<L: Language> {
    /// Compiles `target`'s tree in its current state.
    fn compile(&self, rt: &Runtime<L>, target: &Rc<CallTarget<L>>) -> Result<Compilation<L>, CompileError>;
    /// Compiles the loop `node` of `target` as a unit of its own, entered from the interpreter
    /// with the running frame (on-stack replacement). The code returns the empty value when the
    /// loop completes, and the function's value when a `return` inside it runs. `slots` are the
    /// frame's slots as the loop is about to be entered: the code may speculate that a slot whose
    /// kind has settled keeps the tag it has now.
    fn compile_osr(
        &self,
        rt: &Runtime<L>,
        target: &Rc<CallTarget<L>>,
        node: &dyn ExprNode<L>,
        slots: &[Value],
    ) -> Result<Compilation<L>, CompileError>;
    /// The queued units whose code generation has ended since the last poll, with its result.
    /// The runtime completes each code ([`CompiledCode::complete`]) and installs it.
    fn poll(&self) -> Vec<(Ticket, Result<MachineCode, CompileError>)>;
    /// The queued unit `ticket` was asked for again: the interpreter ran it `runs` more times
    /// (calls, or a loop's iterations) while it waited. A compiler with more units waiting than
    /// it can generate at once may take the most demanded first.
    fn demand(&self, ticket: Ticket, runs: u64) {
        let _ = (ticket, runs);
    }
}

/// `fmod(a, b)`, which Cranelift has no instruction for: the remainder of a float division, with
/// the sign of the dividend.
pub extern "C" fn fmod(a: f64, b: f64) -> f64 {
    a % b
}

/// Compiled code throws the guest value `(tag, bits)`: it goes to the unwind register, and the
/// code then returns "unwinding" (see [`RawResult::UNWIND_TAG`]).
///
/// # Safety
/// The words are a valid value's.
pub unsafe extern "C" fn throw_value(tag: u64, bits: u64) {
    // SAFETY: the caller's contract.
    let v = unsafe { Value::from_words(tag, bits) };
    let _ = Unwind::<Value>::throw(v);
}

/// A `try` region's landing in compiled code, for a `catch`: a call in the region unwound, and
/// the completion in the unwind register is caught as the interpreter catches it
/// ([`crate::control::caught`]): the caught value, or "unwinding" for what no `catch` stops
/// (a requested exit), which then goes on outwards.
///
/// # Safety
/// As for [`call`].
pub unsafe extern "C" fn catch_unwind<L: Language>(frame: *mut ()) -> RawResult {
    // SAFETY: the caller's contract.
    let f = unsafe { frame_mut::<L>(frame) };
    match crate::control::caught(f.rt, Unwind::pending()) {
        Some(v) => RawResult { tag: v.tag() as u64, bits: v.bits() },
        None => RawResult { tag: RawResult::UNWIND_TAG, bits: 0 },
    }
}

/// A `try` region's landing in compiled code, for a `finally`: a call in the region unwound,
/// and the exception in the unwind register is taken out as a value for the finalizer to hold
/// (see [`crate::control::completion`]); [`rethrow`] raises it again.
///
/// # Safety
/// As for [`call`].
pub unsafe extern "C" fn save_exception<L: Language>(frame: *mut ()) -> RawResult {
    // SAFETY: the caller's contract.
    let f = unsafe { frame_mut::<L>(frame) };
    let v = crate::control::completion::save_exception(f.rt, Unwind::pending());
    RawResult { tag: v.tag() as u64, bits: v.bits() }
}

/// Compiled code raises again the exception `(tag, bits)` a finalizer held: a thrown value, or
/// a guest error [`save_exception`] saved, goes back to the unwind register.
///
/// # Safety
/// The words are a valid value's.
pub unsafe extern "C" fn rethrow(tag: u64, bits: u64) {
    // SAFETY: the caller's contract.
    let v = unsafe { Value::from_words(tag, bits) };
    let _ = crate::control::completion::raise_exception(v);
}

/// Compiled code adds a property past the inline slots to the object `(tag, bits)`, whose
/// shape it checked: the object moves to shape `to` and the new slot holds the value. The
/// slots may grow, which allocates: the frame gives the runtime.
///
/// # Safety
/// `frame` as for [`frame_mut`]; both pairs of words are valid values'.
pub unsafe extern "C" fn object_add<L: Language>(frame: *mut (), tag: u64, bits: u64, to: u64, vtag: u64, vbits: u64) {
    // SAFETY: the caller's contract.
    let (f, o, v) = unsafe { (frame_mut::<L>(frame), Value::from_words(tag, bits), Value::from_words(vtag, vbits)) };
    if let Some(o) = o.as_object() {
        o.add_slot(f.rt, crate::shape::ShapeId(to as u32), v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A point with `vals` boxed live values (two words each), `known` of their words known.
    fn point(vals: usize, known: &[(u32, u64)]) -> DeoptPoint {
        DeoptPoint {
            path: Box::new([]),
            kinds: vec![LiveKind::Val; vals].into(),
            inlined: Box::new([]),
            reason: "test",
            how: Transfer::Keep,
            known: known.into(),
            virtuals: Box::new([]),
            virtual_places: Box::new([]),
        }
    }

    #[test]
    fn known_words_go_back_in_their_places() {
        let check = |known: &[(u32, u64)], stored: &[u64], expect: &[u64]| {
            let p = point(2, known);
            assert_eq!(p.stored_words(), stored.len(), "{known:?}");
            assert_eq!(p.all_words(stored), expect, "{known:?}");
        };
        check(&[], &[1, 2, 3, 4], &[1, 2, 3, 4]);
        check(&[(0, 9)], &[2, 3, 4], &[9, 2, 3, 4]);
        check(&[(1, 9), (2, 8)], &[1, 4], &[1, 9, 8, 4]);
        check(&[(3, 9)], &[1, 2, 3], &[1, 2, 3, 9]);
        check(&[(0, 5), (1, 6), (2, 7), (3, 8)], &[], &[5, 6, 7, 8]);
    }
}
