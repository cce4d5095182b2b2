//! Lowering: the symbolic stage's operations turned into Cranelift IR, one target at a time.
//!
//! [`Lowering`] is an [`Emitter`]: partial evaluation runs the target's node code on the
//! symbolic stage, and every operation it hands over becomes instructions here. Node state was
//! read as constants on the way, so what arrives is only the work of the active specializations.
//!
//! Representation. A boxed guest value is two SSA values (tag word, payload word); an unboxed
//! integer is one `i64`; a condition is one `i8`. Frame slots are pairs of Cranelift variables
//! (a virtual frame), so a loop's locals live in registers. Inside loops the slots are written
//! back to the activation's cells (`spill`) only where something else may look at them: before a
//! call or a frame boundary, at a deoptimization, and, in an OSR unit, on the unwinding path of
//! a boundary that throws (an interpreted `catch` around the loop reads them; see `call_out`).
//! Outside loops an assignment is stored through to its cell at once (once per call, and it
//! keeps the value from living to the end of the function for the exits). After a builtin, an
//! indirect call or a boundary the slots are read back, because those may write their caller's
//! frame (SL's `helloEqualsWorld` does); a guest function's nodes write only their own frame, so
//! after a direct guest call they are not.
//!
//! Virtual objects. An object made by `alloc_object` is kept as its fields' words until it
//! escapes (partial escape analysis, `lower/virtual_object.rs`): `repr` makes it at any use
//! that does not know such objects, a slot may hold one without its cell being written, and an
//! exit describes it to the runtime instead of storing it.
//!
//! Known tags. Tag words are shared constants whenever they are known (a constant, a boxed
//! integer, a slot after a passed tag guard, a loop slot speculated at entry), so a tag test of
//! a known tag folds while lowering and Cranelift's SSA construction keeps a slot's constant tag
//! through merges and loop headers instead of making a block parameter of it.
//!
//! Inlined callees. Between `begin_inline` and `end_inline` the callee's slots are variables of
//! their own and its arguments are the caller's handles; its returns jump to a block after the
//! call. Its slots have no cells in the activation: a deoptimization inside it hands them, with
//! the evaluated values of every waiting frame, to the runtime, which rebuilds the callee's
//! frame. They go in the inlined cells, a stack slot where each callee being emitted has its
//! slots after its caller's, and exits store them through the same write-back chain as the
//! activation's slots: an exit deep in inlined code adds stores only for the slots assigned
//! since the previous exit, not for every slot of every frame around it.
//!
//! Exits. A failed speculation branches to a cold block that stores the frame state's live
//! values that are not known at compile time in the stack slot all exits share, and jumps into a
//! chain of cold blocks that write the slots (and the inlined cells) back (shared between exits: see
//! `exit_write_back`), which ends in a block that calls [`porcini::compiled::deoptimize`] for a
//! few exits at a time; its result (the interpreter finishing the activation) becomes the
//! function's. A guest error returned by a call branches to one shared block that returns
//! "unwinding", or, inside a `try`, to the region's landing (see `lower/try_region.rs`).
//!
//! Compile time and memory grow with the unit, linearly: what every exit would repeat is
//! emitted once, variables are read through a cache on straight paths (SSA construction would
//! walk back through every block at each read), the facts are maps with an undo log, and no
//! block gathers thousands of predecessors. What still grows faster is bounded: SSA
//! construction's tables grow with variables times blocks, and a unit whose IR or tables pass
//! `MaximumGraalGraphSize` is refused (`exhausted`) before code generation.

use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;

use crate::facts::{Facts, Test};
use direct_call::CalleeFrame;
use try_region::{CatchTail, TryRegion};

mod alloc;
mod direct_call;
mod inlined_frames;
mod promoted_property;
mod try_region;
mod virtual_object;

pub(crate) use virtual_object::SiteKey;
use virtual_object::{Escape, ExitVirtuals};

use cranelift_codegen::ir::condcodes::{CondCode, FloatCC, IntCC};
use cranelift_codegen::ir::{
    self, AbiParam, Block, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind, TrapCode, types,
};
use cranelift_frontend::{FunctionBuilder, Variable};
use porcini::assumption::Assumption;
use porcini::call_target::{CallTarget, CallTargetId};
use porcini::compiled::{self, BoundarySite, CompiledCode, DeoptPoint, FrameLayout, InlinedFrame, LiveKind, RawResult};
use porcini::object::ObjectLayout;
use porcini::shape::megamorphic::{self, MegamorphicLayout};
use porcini::record::RecordLayout;
use porcini::emitter::{ArithOp, Emitter, LogicOp, LoopExit, StateRef, Transfer, TryKind};
use porcini::stage::{BitOp, Cmp, FloatOp, FloatUnary, ResolveFn};
use porcini::symbolic::{Recording, SymVal};
use porcini::{Language, Runtime, SlotId, SlotKind, Tag, Value};

const VALUE_SIZE: i32 = 16;
/// One inlined cell: a slot's tag word, then its payload word, as `deoptimize` reads them.
const CELL_SIZE: i32 = 16;

/// How a handle is represented in IR.
#[derive(Clone, Copy, Debug)]
enum Repr {
    /// A boxed value: tag word and payload word.
    Val(ir::Value, ir::Value),
    /// An unboxed integer.
    I64(ir::Value),
    /// A condition (`i8`, 0 or 1).
    Bool(ir::Value),
    /// An unboxed float (`f64`).
    F64(ir::Value),
}

/// What a call out of compiled code may do with the calling activation's slots (see
/// `Lowering::call_out`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FrameUse {
    /// Neither reads nor writes them: a boundary that is not a frame boundary.
    Untouched,
    /// May read them: a guest call (SL's `stacktrace` prints its callers' locals).
    Seen,
    /// May read and write them: a builtin, an indirect call, a frame boundary.
    Written,
}

impl FrameUse {
    /// A guest call's use: `Written` for a root that writes its caller's frame.
    fn seen_or_written(writes: bool) -> FrameUse {
        if writes { FrameUse::Written } else { FrameUse::Seen }
    }
}

/// An if being lowered. `was_dead`: it sits in unreachable code, and so does all of it (the
/// emitter's notion of reachability always matches the symbolic stage's).
struct IfArms {
    els: Block,
    merge: Block,
    was_dead: bool,
    /// Whether the then-arm reached the merge.
    then_reached: bool,
    /// The words each arm passes to the merge. As variables, SSA construction makes a block
    /// parameter of a word only where the arms pass different values: after an if with one arm
    /// that returns, the value is the other arm's, a constant stays a constant.
    value: (Variable, Variable),
    /// The condition.
    cond: ir::Value,
    /// The condition's value, when lowering knows it: the other arm is unreachable.
    known: Option<bool>,
}

/// A loop being lowered.
struct LoopBlocks {
    header: Block,
    exit: Block,
    /// Where a `continue` goes: the step's block, for a loop that has one, else the header.
    next: Block,
    was_dead: bool,
}

/// One store of the write-back chain exits share (see `Lowering::exit_write_back`): a cold
/// block that stores `words` into the cell of write-back slot `slot` (an activation's slot,
/// or past those an inlined cell), then goes on to `next`, the link
/// below it (the shared deoptimization exit for the last), passing along the exit's frame,
/// point and live words.
struct WriteBackLink {
    slot: usize,
    words: (ir::Value, ir::Value),
    block: Block,
    next: Block,
}

/// What a slot variable is (see `Lowering::slot_vars`).
#[derive(Clone, Copy, Debug)]
struct SlotVar {
    /// The frame: 0 for the activation's own, the depth of an inlined callee's.
    frame: usize,
    slot: usize,
    /// It holds the slot's tag word (else its payload word).
    tag: bool,
}

/// A frame whose slots are variables: the compiled activation's own (the first), or an inlined
/// callee's.
struct FrameVars {
    slots: Vec<(Variable, Variable)>,
    /// An inlined callee's: the index of its first slot among the inlined cells.
    cells: usize,
    inlined: Option<InlinedCall>,
}

/// What lowering keeps of an inlined callee while its body is emitted.
struct InlinedCall {
    target: CallTargetId,
    /// Its arguments (an inlined callee reads them from these handles, not from memory).
    args: Vec<SymVal>,
    /// Where its returns jump.
    ret: Block,
    /// Where its abandoned paths jump, for the call made instead (see `call_instead`); made
    /// at the first.
    abandoned: Option<Block>,
    /// The returned value's two words, as variables (see `IfArms::value`).
    value: (Variable, Variable),
}

/// The signatures of the runtime entry points compiled code calls.
struct Sigs {
    call: ir::SigRef,
    indirect: ir::SigRef,
    boundary: ir::SigRef,
    deopt: ir::SigRef,
    /// `object_add`'s.
    add: ir::SigRef,
    overflow: ir::SigRef,
    /// `throw_value`'s (and `rethrow`'s), declared at the first `throw`.
    throw: Option<ir::SigRef>,
    /// A `try` region's landing's (`catch_unwind`, `save_exception`), declared at the first.
    landing: Option<ir::SigRef>,
    /// `fmod`'s, declared at the first float remainder.
    fmod: Option<ir::SigRef>,
    /// `materialize_object`'s, declared at the first object made out of line.
    materialize: Option<ir::SigRef>,
}

/// What lowering produced besides the IR.
pub(crate) struct Lowered<L: Language> {
    pub deopts: Vec<DeoptPoint>,
    /// Boxed: compiled code holds each site's address, which must not move as the list grows.
    #[allow(clippy::vec_box)]
    pub sites: Vec<Box<BoundarySite<L>>>,
    pub assumptions: Vec<Assumption>,
    pub calls: usize,
    /// Why the code is wrong, if lowering found out too late to emit it right (see
    /// `Lowering::pin_invariant_slots`).
    pub broken: Option<&'static str>,
    /// Allocation sites escape analysis could not keep virtual: the code is wrong, and a
    /// new attempt allocates there (see `lower/virtual_object.rs`).
    pub failed_sites: Vec<SiteKey>,
}

/// The emitter that builds one function's IR; see the module documentation.
pub(crate) struct Lowering<'b, L: Language> {
    b: FunctionBuilder<'b>,
    rt: &'b Runtime<L>,
    vals: Vec<Repr>,
    /// The word 0, one constant for the whole function (the payload of the empty value,
    /// `undefined`, `false`, the integer 0): a slot given a constant of it on every path into
    /// a merge then holds the same value on each, and the merge needs no block parameter.
    zero: ir::Value,
    frame: ir::Value,
    args: ir::Value,
    nargs: ir::Value,
    slots: ir::Value,
    /// The frames whose slots are variables, the compiled activation's first, then the inlined
    /// callees being emitted, innermost last.
    frames: Vec<FrameVars>,
    ifs: Vec<IfArms>,
    loops: Vec<LoopBlocks>,
    /// The shared block that returns "unwinding".
    unwind: Block,
    /// The block the next exit to the interpreter jumps to, with its deoptimization point
    /// (see `deopt_exit_block`).
    deopt_exit: Option<Block>,
    /// Every such block made, and how many exits jump to the newest.
    deopt_exits: Vec<Block>,
    deopt_exit_uses: usize,
    /// The shared block that raises the guest's stack overflow error; made at the first
    /// call set-up outside `try` regions.
    overflow_exit: Option<Block>,
    /// The `try` regions whose bodies are being emitted, innermost last, and the handlers
    /// (see `lower/try_region.rs`).
    regions: Vec<TryRegion>,
    catches: Vec<CatchTail>,
    /// The stack slot exits store their live words in; made at the first.
    deopt_slot: Option<ir::StackSlot>,
    /// The stack slot the entry stores the activation's frame in, for the exits.
    frame_slot: ir::StackSlot,
    /// Every write-back link made (filled in at the end), and the chain exits jump into now,
    /// indices into `links` from the bottom (whose next is the deoptimization exit) up, with
    /// the position in the chain of each slot's link. Write-back slots are the activation's
    /// slots first, then the inlined cells.
    links: Vec<WriteBackLink>,
    chain: Vec<usize>,
    link_at: Vec<Option<usize>>,
    /// The slots of the inlined callees being emitted, in the order of their cells: an exit
    /// hands them to the runtime in a stack slot of their own (made by `finish`, as large as
    /// the most there were at once, `cells_max`), where the write-back chain stores them as it
    /// stores the activation's slots to their cells, so exits share those stores too.
    cells: Vec<(Variable, Variable)>,
    cells_max: usize,
    /// The write-back slots assigned since the last exit on this straight path: only these
    /// can have left the chain or their cells behind (`all_suspect`: the path came through a
    /// join, where any slot may have changed).
    suspects: Vec<usize>,
    suspected: Vec<bool>,
    all_suspect: bool,
    /// The variables of slots: which frame, which slot, and whether it holds the tag word.
    slot_vars: Vec<Option<SlotVar>>,
    /// Tag words, and the slot variables read or defined as them, so that a guard proving a
    /// tag word's tag refines the slots that hold it without looking at every slot.
    tag_holders: HashMap<ir::Value, Vec<Variable>>,
    /// The current block is unreachable (after a return, a jump or a deoptimization).
    dead: bool,
    /// Table entries SSA construction has made for the variables (see `touch`), how far each
    /// variable's table reaches, and the limit of the unit's size (`MaximumGraalGraphSize`).
    ssa_cost: u64,
    var_extent: Vec<u32>,
    size_limit: u64,
    /// Variables of constructs that have ended (if-arms' values, inlined calls' values and
    /// slots), for the next construct to use (see [`Lowering::fresh_var`]).
    spare_vars: Vec<Variable>,
    /// Variables' values on the current straight path (see [`Lowering::var`]), with the
    /// number of the path they were read or defined on; `var_path` is the current one.
    var_cache: Vec<(u32, ir::Value)>,
    var_path: u32,
    object: ObjectLayout,
    /// The words of an empty object (`ObjectLayout::empty_words`), and how the heap lets
    /// compiled code allocate one in place (`None`: it does not, see `lower/alloc.rs`).
    empty_object: Vec<(i32, u64)>,
    inline_alloc: Option<porcini::InlineAlloc>,
    /// How the heap lets compiled code make elements and their buffers in place, for arrays
    /// made in place (`None`: it does not).
    elements_alloc: Option<(porcini::InlineAlloc, Vec<porcini::buffer::SlabInPlace>)>,
    /// The engine's megamorphic property cache, which generic accesses probe inline.
    megamorphic: MegamorphicLayout,
    record: RecordLayout,
    elements: porcini::elements::ElementsLayout,
    /// A loop's unit (on-stack replacement): it starts with the frame's slots as they are, and
    /// leaves them written back, since the interpreter carries on with the frame.
    osr: bool,
    sigs: Sigs,
    /// One constant per tag, defined in the entry block (so it dominates every use). Tag words
    /// are always these values when known, so the SSA construction of slot variables merges
    /// equal tags into the same value rather than a block parameter, and a tag test of a known
    /// tag folds while lowering.
    tags: Vec<Option<ir::Value>>,
    /// The condition constants `true` (a folded guard needs no exit) and `false`.
    holds: ir::Value,
    fails: ir::Value,
    /// What the path being emitted knows (see [`Facts`]). It also keeps what each condition
    /// tests, so a guard on a negation branches on the negated condition itself (an overflow
    /// check is one branch on the flag).
    facts: Facts,
    /// Shape ids loaded from objects (with the object's payload word), so that a shape guard
    /// can be recognized.
    shape_loads: HashMap<ir::Value, ir::Value>,
    /// Payload words of boxed conditions, with the condition: unboxing one is the condition.
    boxed_conds: HashMap<ir::Value, ir::Value>,
    /// Each side of the bit casts between a float and its payload word, keyed by the value the
    /// cast made (so the other side is defined wherever the key is): a float stored in a slot
    /// and read back as a word is the float again, not a round trip through an integer register.
    float_casts: HashMap<ir::Value, ir::Value>,
    /// Integers that are lengths loaded from memory, never negative: `0 <= i && i < len`
    /// against one is a single unsigned comparison.
    lengths: HashSet<ir::Value>,
    /// The layout of an activation, and of the value stack (first cell, cells, high-water
    /// mark), for direct calls.
    frame_layout: FrameLayout,
    value_stack: (usize, usize, usize),
    /// The activations direct calls set up for their callees, one per callee (see
    /// `lower/direct_call.rs`).
    callee_frames: Vec<CalleeFrame>,
    /// While a call from inside inlined callees is emitted: the innermost of their frames,
    /// materialized, and its stack slot (see `lower/inlined_frames.rs`).
    calling: Option<(ir::Value, ir::StackSlot)>,
    /// While the call replacing an abandoned partial copy is emitted: the frame it is made
    /// from (see `call_instead`).
    calls_from: Option<usize>,
    /// Partial escape analysis (see `lower/virtual_object.rs`).
    escape: Escape,
    /// For a loop's unit whose calls leave the frame alone: the words of each slot the loop
    /// never writes, which reads answer (see `pin_invariant_slots`).
    pinned: Vec<Option<(ir::Value, ir::Value)>>,
    /// Properties of pinned objects carried in variables around the loop (see
    /// `lower/promoted_property.rs`).
    promoted: Vec<promoted_property::Promoted>,
    /// No call is emitted, so no shape changes: shape facts hold across loop headers.
    shapes_stable: bool,
    code: *const CompiledCode<L>,
    valid_flag: *const bool,
    /// The runtime's interrupt word, which safepoints poll ([`porcini::instrument`]).
    interrupt: usize,
    /// A frame limit counts every call on the runtime's call path, so calls take it.
    counts_frames: bool,
    out: Lowered<L>,
    _lang: PhantomData<L>,
}

fn sig(b: &mut FunctionBuilder<'_>, params: &[ir::Type], returns: &[ir::Type]) -> ir::SigRef {
    let mut s = Signature::new(b.func.signature.call_conv);
    s.params.extend(params.iter().map(|&t| AbiParam::new(t)));
    s.returns.extend(returns.iter().map(|&t| AbiParam::new(t)));
    b.import_signature(s)
}

impl<'b, L: Language> Lowering<'b, L> {
    /// Starts the function: the entry block binds the activation and loads the parameters into
    /// the slot variables (the other locals start unassigned, as the call left them; a loop's
    /// unit, `osr`, loads every slot).
    pub(crate) fn new(
        mut b: FunctionBuilder<'b>,
        rt: &'b Runtime<L>,
        target: &CallTarget<L>,
        code: &CompiledCode<L>,
        osr: bool,
        demoted: HashSet<SiteKey>,
    ) -> Self {
        let value_stack = rt.value_stack_layout();
        let i64t = types::I64;
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let p = b.block_params(entry).to_vec();
        let (frame, args, nargs, slots) = (p[0], p[1], p[2], p[3]);
        let sigs = Sigs {
            call: sig(&mut b, &[i64t; 4], &[i64t; 2]),
            indirect: sig(&mut b, &[i64t; 6], &[i64t; 2]),
            boundary: sig(&mut b, &[i64t; 4], &[i64t; 2]),
            deopt: sig(&mut b, &[i64t, i64t, types::I32, i64t, i64t], &[i64t; 2]),
            add: sig(&mut b, &[i64t; 6], &[]),
            overflow: sig(&mut b, &[], &[i64t; 2]),
            throw: None,
            landing: None,
            fmod: None,
            materialize: None,
        };
        // The framework's tags are shared constants from the start; a language's own tags are
        // made at their first use (see `tag`), in front of `holds`, so they dominate every use.
        let mut tags: Vec<Option<ir::Value>> = vec![None; 64];
        for t in 0..=Tag::Host.number() {
            tags[t as usize] = Some(b.ins().iconst(i64t, t as i64));
        }
        let holds = b.ins().iconst(types::I8, 1);
        let fails = b.ins().iconst(types::I8, 0);
        let mut slot_vars = Vec::with_capacity(target.frame_size());
        let mut cells = Vec::with_capacity(target.frame_size());
        let zero = b.ins().iconst(i64t, 0);
        for i in 0..target.frame_size() {
            let (t, v) = (b.declare_var(i64t), b.declare_var(i64t));
            let (tag, bits) = if osr || i < target.params() {
                let off = i as i32 * VALUE_SIZE;
                let words = (
                    b.ins().load(i64t, MemFlagsData::trusted(), slots, off + Value::TAG_OFFSET),
                    b.ins().load(i64t, MemFlagsData::trusted(), slots, off + Value::PAYLOAD_OFFSET),
                );
                cells.push(Some(words));
                words
            } else {
                // The call cleared the other locals: their cells hold the empty value, which
                // exits then need not store.
                let empty = (tags[Tag::Empty as usize].unwrap_or(zero), zero);
                cells.push(Some(empty));
                empty
            };
            b.def_var(t, tag);
            b.def_var(v, bits);
            slot_vars.push((t, v));
        }
        let frame_slot = b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 8, 3));
        b.ins().stack_store(types::I64, frame, frame_slot, 0);
        let unwind = b.create_block();
        b.set_cold_block(unwind);
        // Handle 0 is never given out; it stands for anything malformed.
        let null_tag = tags[Tag::Null as usize].unwrap_or(zero);
        let mut facts = Facts::default();
        facts.know_cells(cells);
        let mut lowering = Lowering {
            b,
            rt,
            vals: vec![Repr::Val(null_tag, zero)],
            zero,
            frame,
            args,
            nargs,
            slots,
            frames: vec![FrameVars { slots: slot_vars, cells: 0, inlined: None }],
            ifs: Vec::new(),
            loops: Vec::new(),
            unwind,
            deopt_exit: None,
            deopt_exits: Vec::new(),
            deopt_exit_uses: 0,
            overflow_exit: None,
            regions: Vec::new(),
            catches: Vec::new(),
            deopt_slot: None,
            frame_slot,
            links: Vec::new(),
            chain: Vec::new(),
            link_at: vec![None; target.frame_size()],
            cells: Vec::new(),
            cells_max: 0,
            suspects: Vec::new(),
            suspected: vec![false; target.frame_size()],
            all_suspect: true,
            slot_vars: Vec::new(),
            tag_holders: HashMap::new(),
            dead: false,
            var_cache: Vec::new(),
            var_path: 1,
            ssa_cost: 0,
            var_extent: Vec::new(),
            spare_vars: Vec::new(),
            size_limit: rt.options.maximum_graal_graph_size,
            object: ObjectLayout::get(),
            empty_object: ObjectLayout::get().empty_words(),
            inline_alloc: rt.heap.inline_alloc::<porcini::object::DynObject>(),
            elements_alloc: rt.heap.inline_alloc::<porcini::elements::Elements>().zip(porcini::buffer::in_place_slabs(rt)),
            megamorphic: rt.shapes.megamorphic_layout(),
            record: RecordLayout::get(),
            elements: porcini::elements::ElementsLayout::get(),
            osr,
            sigs,
            tags,
            holds,
            fails,
            facts,
            shape_loads: HashMap::new(),
            boxed_conds: HashMap::new(),
            float_casts: HashMap::new(),
            lengths: HashSet::new(),
            frame_layout: FrameLayout::of::<L>(),
            value_stack,
            callee_frames: Vec::new(),
            calling: None,
            calls_from: None,
            code: code as *const CompiledCode<L>,
            valid_flag: code.valid_flag(),
            interrupt: rt.instruments.interrupt_address(),
            counts_frames: rt.instruments.counts_frames(),
            pinned: Vec::new(),
            shapes_stable: false,
            promoted: Vec::new(),
            escape: Escape::new(rt.options.partial_escape_analysis, demoted),
            out: Lowered {
                deopts: Vec::new(),
                sites: Vec::new(),
                assumptions: Vec::new(),
                calls: 0,
                broken: None,
                failed_sites: Vec::new(),
            },
            _lang: PhantomData,
        };
        for i in 0..lowering.frames[0].slots.len() {
            let vars = lowering.frames[0].slots[i];
            lowering.register_slot_vars(0, i, vars);
        }
        lowering
    }

    /// For a loop's unit: speculates that each slot whose kind has settled on integers (or
    /// booleans) and that holds one at entry, and each slot that holds an object, keeps that
    /// tag, so the slot's tag word is a constant in the loop rather than a value merged at its
    /// header and tested every iteration.
    /// The checks are made once, at entry; a slot that fails one leaves for the interpreter at
    /// the start of the loop, and the code is invalidated (the loop may be compiled again).
    pub(crate) fn speculate_slot_tags(&mut self, target: &CallTarget<L>, entry: &[Value]) {
        let descriptor = target.root().frame_descriptor();
        for i in 0..self.frames[0].slots.len() {
            let tag = match (descriptor.kind(SlotId(i as u32)), entry.get(i).map(|v| v.tag())) {
                (SlotKind::Long, Some(Tag::Int)) => Tag::Int,
                (SlotKind::Boolean, Some(Tag::Bool)) => Tag::Bool,
                // A slot of any kind that holds an object at entry: typically the receiver of
                // the loop's property accesses, which then need no tag test.
                (_, Some(Tag::Object)) => Tag::Object,
                _ => continue,
            };
            let var = self.frames[0].slots[i].0;
            self.speculate_tag_at_entry(var, tag, "slot kind at loop entry");
        }
    }

    /// At a loop unit's entry: leaves for the interpreter, invalidating the code, unless the tag
    /// word in `var` is `tag`, which the variable then holds as a constant.
    fn speculate_tag_at_entry(&mut self, var: Variable, tag: Tag, reason: &'static str) {
        let t = self.var(var);
        let holds = self.b.ins().icmp_imm_s(IntCC::Equal, t, tag as i64);
        let start = StateRef { callers: &[], path: &[], live: &[] };
        self.exit_unless(holds, reason, start, Transfer::Invalidate);
        let known = self.tag(tag);
        self.def_var(var, known);
    }

    /// For a loop's unit, from its partial evaluation (`survey`, recorded beforehand):
    /// - when no call in it may touch the frame (guest functions called directly write only
    ///   their own), a slot the unit never writes keeps its entry words. Its reads are those
    ///   words rather than a variable merged at every loop header, facts about them carry into
    ///   the loop, and its cell, which held them at entry, is never written back.
    /// - when it makes no calls at all, guest or boundary: only calls change shapes, so shape
    ///   facts hold across the unit's loop headers, and an object held in a pinned slot has its
    ///   shape checked once, at entry, so a property access on it in the loop checks nothing.
    pub(crate) fn pin_invariant_slots(&mut self, survey: &Recording, entry: &[Value]) {
        if survey.frame_calls() > 0 {
            return;
        }
        self.shapes_stable = survey.calls() == 0 && survey.boundaries() == 0;
        let n = self.frames[0].slots.len();
        self.pinned = vec![None; n];
        for i in 0..n {
            if survey.writes_slot(SlotId(i as u32)) {
                continue;
            }
            let (t, v) = self.frames[0].slots[i];
            let words = (self.var(t), self.var(v));
            self.pinned[i] = Some(words);
            let shape = entry.get(i).and_then(|v| v.as_object()).map(|o| o.shape().0);
            let (Some(shape), true, true) =
                (shape, self.shapes_stable, self.known_tag(words.0) == Some(Tag::Object as usize))
            else {
                continue;
            };
            let id = self.b.ins().load(types::I32, MemFlagsData::trusted(), words.1, self.object.shape);
            let id = self.b.ins().uextend(types::I64, id);
            let expect = self.iconst(i64::from(shape));
            let holds = self.b.ins().icmp(IntCC::Equal, id, expect);
            self.facts.test(holds, Test::Shape(words.1, expect));
            let start = StateRef { callers: &[], path: &[], live: &[] };
            self.exit_unless(holds, "object shape at loop entry", start, Transfer::Invalidate);
            self.learn(holds, true);
            if let (Some(properties), Some(object)) = (survey.properties(), entry.get(i).and_then(|v| v.as_object())) {
                self.promote_properties(properties, SlotId(i as u32), words.1, &object);
            }
        }
    }

    /// Ends the function: closes the last block and emits the shared unwinding exit.
    pub(crate) fn finish(mut self, config: cranelift_codegen::isa::TargetFrontendConfig) -> Lowered<L> {
        self.close_dead();
        let own = self.frames[0].slots.len();
        // The inlined cells: two words per slot, tag first, as the runtime reads them.
        let cells_slot = (self.cells_max > 0).then(|| {
            let size = self.cells_max as u32 * CELL_SIZE as u32;
            self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3))
        });
        for link in std::mem::take(&mut self.links) {
            // Each link stores one slot and passes the exit's frame, point and live words on.
            self.b.switch_to_block(link.block);
            let p = self.b.block_params(link.block).to_vec();
            match (link.slot.checked_sub(own), cells_slot) {
                (Some(cell), Some(slot)) => {
                    let off = cell as i32 * CELL_SIZE;
                    self.b.ins().stack_store(types::I64, link.words.0, slot, off);
                    self.b.ins().stack_store(types::I64, link.words.1, slot, off + 8);
                }
                _ => {
                    let off = link.slot as i32 * VALUE_SIZE;
                    self.b.ins().store(MemFlagsData::trusted(), link.words.0, self.slots, off + Value::TAG_OFFSET);
                    self.b.ins().store(MemFlagsData::trusted(), link.words.1, self.slots, off + Value::PAYLOAD_OFFSET);
                }
            }
            self.b.ins().jump(link.next, &[p[0].into()]);
        }
        for exit in std::mem::take(&mut self.deopt_exits) {
            // Exits to the interpreter end here: one call for several exits.
            self.b.switch_to_block(exit);
            let p = self.b.block_params(exit).to_vec();
            let callee = self.iconst(compiled::deoptimize::<L> as *const () as i64);
            let code = self.iconst(self.code as i64);
            let frame = self.b.ins().stack_load(types::I64, types::I64, self.frame_slot, 0);
            let b = &mut self.b;
            let slot = *self
                .deopt_slot
                .get_or_insert_with(|| b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 8, 3)));
            let live = self.b.ins().stack_addr(types::I64, slot, 0);
            let cells = match cells_slot {
                Some(slot) => self.b.ins().stack_addr(types::I64, slot, 0),
                None => self.iconst(0),
            };
            let call = self.b.ins().call_indirect(self.sigs.deopt, callee, &[frame, code, p[0], live, cells]);
            let r = self.b.inst_results(call).to_vec();
            self.b.ins().return_(&r);
        }
        if let Some(overflow) = self.overflow_exit {
            // Every set-up without room ends here: the error the runtime's call path would
            // raise, and the unwinding exit.
            self.b.switch_to_block(overflow);
            let thunk = self.iconst(compiled::stack_overflow as *const () as i64);
            self.b.ins().call_indirect(self.sigs.overflow, thunk, &[]);
            self.b.ins().jump(self.unwind, &[]);
        }
        self.b.switch_to_block(self.unwind);
        self.b.seal_block(self.unwind);
        let tag = self.b.ins().iconst(types::I64, RawResult::UNWIND_TAG as i64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().return_(&[tag, zero]);
        self.b.seal_all_blocks();
        self.out.failed_sites = self.leaked_sites();
        self.b.finalize(config);
        self.out
    }

    fn push(&mut self, r: Repr) -> SymVal {
        self.vals.push(r);
        SymVal(self.vals.len() as u32 - 1)
    }
    /// What handle `x` is, a virtual object made first: a use that does not know virtual
    /// objects is an escape (see `lower/virtual_object.rs`).
    fn repr(&mut self, x: SymVal) -> Repr {
        match self.raw_repr(x) {
            Repr::Val(t, v) => match self.virtual_index(v) {
                Some(i) => Repr::Val(t, self.make_virtual(i)),
                None => Repr::Val(t, v),
            },
            r => r,
        }
    }
    /// What handle `x` is, a virtual object's placeholder included.
    fn raw_repr(&self, x: SymVal) -> Repr {
        self.vals.get(x.0 as usize).copied().unwrap_or(self.vals[0])
    }
    /// The value of variable `var` here. SSA construction answers a read through a join it has
    /// seen before with the block parameter it made there, which it may since have found to
    /// be one value arriving on every edge and turned into an alias of that value: facts are
    /// about values, so the alias is resolved.
    ///
    /// Values read or defined since the path last came through a join are remembered: SSA
    /// construction would otherwise walk back through every block of a long straight path at
    /// each read, and an exit reads every slot, so a function of many statements and many
    /// locals would take time quadratic in its size to lower.
    fn var(&mut self, var: Variable) -> ir::Value {
        let i = var.as_u32() as usize;
        if let Some(&(path, x)) = self.var_cache.get(i)
            && path == self.var_path
        {
            return x;
        }
        self.touch(var);
        let x = self.b.use_var(var);
        let x = self.b.func.dfg.resolve_aliases(x);
        self.remember_var(i, x);
        if self.slot_var(var).is_some_and(|sv| sv.tag) {
            self.tag_holders.entry(x).or_default().push(var);
        }
        x
    }
    /// Defines variable `var` as `x` from here on the path.
    fn def_var(&mut self, var: Variable, x: ir::Value) {
        self.touch(var);
        self.b.def_var(var, x);
        self.remember_var(var.as_u32() as usize, x);
        if let Some(sv) = self.slot_var(var) {
            if sv.tag {
                self.tag_holders.entry(x).or_default().push(var);
            }
            // The slot's write-back index. (A callee's slots are defined before its frame is
            // pushed; `begin_inline` suspects them, and notes their holders, then.)
            let index = match sv.frame {
                0 => Some(sv.slot),
                k => self.frames.get(k).map(|f| self.frames[0].slots.len() + f.cells + sv.slot),
            };
            if let Some(i) = index {
                self.suspect(i);
                if !sv.tag {
                    self.note_holder(i, x);
                }
            }
        }
    }
    /// Counts what SSA construction's table for `var` grows by when the variable is defined or
    /// looked up in the current block. The table has an entry for every block up to the last
    /// one it was used in, so a variable first used late in a long function costs as many
    /// entries as there are blocks before: that is why constructs reuse their variables
    /// ([`Lowering::fresh_var`]), and what `exhausted` weighs.
    fn touch(&mut self, var: Variable) {
        let Some(blk) = self.b.current_block() else { return };
        let i = var.as_u32() as usize;
        if self.var_extent.len() <= i {
            self.var_extent.resize(i + 1, 0);
        }
        let reach = blk.as_u32() + 1;
        if reach > self.var_extent[i] {
            self.ssa_cost += u64::from(reach - self.var_extent[i]);
            self.var_extent[i] = reach;
        }
    }
    /// A variable for a construct's own use until it ends: a spare one if there is one. A
    /// function of a thousand ifs then needs the variables of its most deeply nested ifs, not
    /// two per if, and SSA construction's tables stay linear in its size (see `touch`).
    fn fresh_var(&mut self) -> Variable {
        self.spare_vars.pop().unwrap_or_else(|| self.b.declare_var(types::I64))
    }
    /// A pair of fresh variables for a value's two words, defined as null here, so that no
    /// path reads a value a construct that used them before left.
    fn fresh_value_vars(&mut self) -> (Variable, Variable) {
        let (t, v) = (self.fresh_var(), self.fresh_var());
        let (null, zero) = (self.tag(Tag::Null), self.iconst(0));
        self.def_var(t, null);
        self.def_var(v, zero);
        (t, v)
    }
    /// Gives back variables of a construct that has ended: nothing reads them any more.
    fn release_vars(&mut self, vars: impl IntoIterator<Item = Variable>) {
        for var in vars {
            if let Some(entry) = self.slot_vars.get_mut(var.as_u32() as usize) {
                *entry = None;
            }
            self.spare_vars.push(var);
        }
    }
    /// Declares the variables of slot `slot` of frame `frame` (0: the activation's own).
    fn register_slot_vars(&mut self, frame: usize, slot: usize, (t, v): (Variable, Variable)) {
        for (var, tag) in [(t, true), (v, false)] {
            let i = var.as_u32() as usize;
            if self.slot_vars.len() <= i {
                self.slot_vars.resize(i + 1, None);
            }
            self.slot_vars[i] = Some(SlotVar { frame, slot, tag });
        }
    }
    fn slot_var(&self, var: Variable) -> Option<SlotVar> {
        self.slot_vars.get(var.as_u32() as usize).copied().flatten()
    }
    /// Slot `slot` of the activation was assigned: the next exit looks at it.
    fn suspect(&mut self, slot: usize) {
        if let Some(flag) = self.suspected.get_mut(slot)
            && !*flag
        {
            *flag = true;
            self.suspects.push(slot);
        }
    }
    fn remember_var(&mut self, i: usize, x: ir::Value) {
        if self.var_cache.len() <= i {
            self.var_cache.resize(i + 1, (0, x));
        }
        self.var_cache[i] = (self.var_path, x);
    }
    /// The path reaches a join (or an arm that does not follow from where the path was): the
    /// variables' values are no longer those remembered.
    fn forget_vars(&mut self) {
        self.var_path += 1;
        self.all_suspect = true;
    }
    /// The constant `v` is, if an `iconst` defines it.
    fn const_of(&self, v: ir::Value) -> Option<i64> {
        let dfg = &self.b.func.dfg;
        match dfg.value_def(dfg.resolve_aliases(v)) {
            ir::ValueDef::Result(inst, 0) => match dfg.insts[inst] {
                ir::InstructionData::UnaryImm { opcode: ir::Opcode::Iconst, imm } => Some(imm.bits()),
                _ => None,
            },
            _ => None,
        }
    }
    /// The negation of condition `c` as one comparison, if an integer comparison made it: the
    /// complementary comparison (a flag set the other way), not the comparison and an
    /// exclusive or.
    fn complement(&mut self, c: ir::Value) -> Option<ir::Value> {
        let dfg = &self.b.func.dfg;
        let ir::ValueDef::Result(inst, 0) = dfg.value_def(dfg.resolve_aliases(c)) else { return None };
        match dfg.insts[inst] {
            ir::InstructionData::IntCompare { opcode: ir::Opcode::Icmp, args: [a, b], cond } => {
                Some(self.b.ins().icmp(cond.complement(), a, b))
            }
            _ => None,
        }
    }
    fn iconst(&mut self, v: i64) -> ir::Value {
        self.b.ins().iconst(types::I64, v)
    }
    /// The tag word of `tag` (the shared constant).
    fn tag(&mut self, tag: Tag) -> ir::Value {
        if let Some(t) = self.tags[tag.number() as usize] {
            return t;
        }
        // A language's tag, first used here: its constant goes to the entry block, in front of
        // the condition constants made after the framework's tags.
        let dfg = &mut self.b.func.dfg;
        let imm = ir::immediates::Imm64::new(tag.number() as i64);
        let inst = dfg.make_inst(ir::InstructionData::UnaryImm { opcode: ir::Opcode::Iconst, imm });
        dfg.make_inst_results(inst, types::I64);
        let t = dfg.first_result(inst);
        let anchor = self.b.func.dfg.value_def(self.holds).unwrap_inst();
        self.b.func.layout.insert_inst(inst, anchor);
        self.tags[tag.number() as usize] = Some(t);
        t
    }
    /// Where record `r`'s slot `index` is (an address and an offset from it: inside the record
    /// for the first slots, past the spilled slots' address for the others), and whether the
    /// record has that slot.
    fn record_slot(&mut self, r: ir::Value, index: u32) -> (ir::Value, i32, ir::Value) {
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), r, self.record.len);
        let inside = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, len, i64::from(index));
        let (base, off) = match index.checked_sub(self.record.inline_slots) {
            None => (r, self.record.inline + index as i32 * VALUE_SIZE),
            Some(spilled) => {
                let base = self.b.ins().load(types::I64, MemFlagsData::trusted(), r, self.record.spill_base);
                (base, spilled as i32 * VALUE_SIZE)
            }
        };
        (base, off, inside)
    }
    /// The words of the language's absent value (a missing argument's).
    fn absent(&mut self) -> (ir::Value, ir::Value) {
        (self.tag(L::ABSENT.tag()), self.iconst(L::ABSENT.bits() as i64))
    }
    /// The tag a tag word is known to hold, if it is one of the shared constants.
    fn known_tag(&self, t: ir::Value) -> Option<usize> {
        self.tags.iter().position(|&c| c == Some(t))
    }
    /// The condition constant for `b`.
    fn cond_const(&self, b: bool) -> ir::Value {
        if b { self.holds } else { self.fails }
    }
    /// Learns what `c` holding (or failing) proves on the path from here, and gives the slots
    /// whose tag words it proves a tag the constant.
    fn learn(&mut self, c: ir::Value, holds: bool) {
        for (t, tag) in self.facts.learn(c, holds) {
            self.refine(t, tag);
        }
    }
    /// After a guard that `t` holds `tag` passed: every slot whose tag word is `t` here holds
    /// `tag` on the rest of the path, so its variable gets the constant and later tests of it
    /// fold (a parameter's tag is tested once, not at every read). The slots of every frame are
    /// refined: an inlined callee's parameter is its caller's local.
    fn refine(&mut self, t: ir::Value, tag: Tag) {
        let known = self.tag(tag);
        let Some(holders) = self.tag_holders.get(&t).cloned() else { return };
        for var in holders {
            let Some(sv) = self.slot_var(var) else { continue };
            // A holder of a frame that has ended, or one assigned since, no longer holds `t`.
            let current = self.frames.get(sv.frame).and_then(|f| f.slots.get(sv.slot)).map(|&(tv, pv)| (tv == var, pv));
            let Some((true, payload)) = current else { continue };
            if self.var(var) != t {
                continue;
            }
            self.def_var(var, known);
            // The activation's cell holds the constant's word too, where it held `t`.
            let bits = self.var(payload);
            if sv.frame == 0 && self.facts.cell_holds(sv.slot, (t, bits)) {
                self.facts.store_cell(sv.slot, (known, bits));
            }
        }
    }
    /// The two words of a value, boxing an integer or a condition.
    /// Branches on whether the dynamic slot `slot` is one of the inline slots, going on in that
    /// arm; returns the cold arm for the slots past them and the block where both arms meet,
    /// which takes `params` integers.
    fn split_on_inline_slot(&mut self, slot: ir::Value, params: usize) -> (ir::Block, ir::Block) {
        let (inline, extra, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        for _ in 0..params {
            self.b.append_block_param(done, types::I64);
        }
        self.b.set_cold_block(extra);
        let in_object = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, slot, i64::from(self.object.inline_slots));
        self.b.ins().brif(in_object, inline, &[], extra, &[]);
        self.switch(inline);
        self.b.seal_block(inline);
        (extra, done)
    }
    /// Ends the current block with a jump to `to` passing `args`, and goes on in `next`.
    fn jump_and_switch(&mut self, to: ir::Block, args: &[ir::Value], next: ir::Block) {
        let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
        self.b.ins().jump(to, &args);
        self.switch(next);
        self.b.seal_block(next);
    }
    /// The address of value `index` (a dynamic index) of the values starting at `base`: an
    /// object's inline slot `index` is there less the first inline slot's offset.
    fn value_address(&mut self, base: ir::Value, index: ir::Value) -> ir::Value {
        let offset = self.b.ins().imul_imm_u(index, i64::from(VALUE_SIZE));
        self.b.ins().iadd(base, offset)
    }
    /// The address of the slots past the inline ones of the object at payload `obj`, loaded
    /// once per straight path: only adding a property moves them (growing the buffer), and
    /// that, like every call out of compiled code, makes the facts forget it.
    fn extra_slots(&mut self, obj: ir::Value) -> ir::Value {
        if let Some(base) = self.facts.extra_base(obj, self.var_path) {
            return base;
        }
        let base = self.b.ins().load(types::I64, MemFlagsData::trusted(), obj, self.object.extra_base);
        self.facts.loaded_extra_base(obj, base, self.var_path);
        base
    }
    /// Where property slot `index` (a constant) of the object at payload `obj` is: a base
    /// address and the offset of its value from it, in the object or past its inline slots.
    fn property_slot(&mut self, obj: ir::Value, index: u32) -> (ir::Value, i32) {
        if index < self.object.inline_slots {
            (obj, self.object.inline + index as i32 * VALUE_SIZE)
        } else {
            (self.extra_slots(obj), (index - self.object.inline_slots) as i32 * VALUE_SIZE)
        }
    }
    /// The address of slot `slot` (a dynamic index at or past the inline count) of the object at
    /// payload `obj`.
    fn extra_slot_address(&mut self, obj: ir::Value, slot: ir::Value) -> ir::Value {
        let base = self.extra_slots(obj);
        let past = self.b.ins().iadd_imm_s(slot, -i64::from(self.object.inline_slots));
        self.value_address(base, past)
    }
    fn words(&mut self, x: SymVal) -> (ir::Value, ir::Value) {
        match self.repr(x) {
            Repr::Val(t, v) => (t, v),
            Repr::I64(v) => (self.tag(Tag::Int), v),
            Repr::Bool(c) => (self.tag(Tag::Bool), self.widen_cond(c)),
            Repr::F64(f) => (self.tag(Tag::Double), self.float_bits(f)),
        }
    }
    /// The payload word of a value (an integer's, a condition's as 0 or 1, a float's bits).
    fn int(&mut self, x: SymVal) -> ir::Value {
        match self.repr(x) {
            Repr::Val(_, v) | Repr::I64(v) => v,
            Repr::Bool(c) => self.b.ins().uextend(types::I64, c),
            Repr::F64(f) => self.float_bits(f),
        }
    }
    /// A float: an unboxed one, a boxed double's payload, or an integer widened.
    fn float(&mut self, x: SymVal) -> ir::Value {
        match self.repr(x) {
            Repr::F64(f) => f,
            Repr::Val(_, v) => self.bits_float(v),
            Repr::I64(v) => self.b.ins().fcvt_from_sint(types::F64, v),
            Repr::Bool(c) => {
                let v = self.b.ins().uextend(types::I64, c);
                self.b.ins().fcvt_from_sint(types::F64, v)
            }
        }
    }
    fn cond(&mut self, x: SymVal) -> ir::Value {
        match self.repr(x) {
            Repr::Bool(c) => c,
            Repr::Val(_, v) | Repr::I64(v) => match self.boxed_conds.get(&v) {
                Some(&c) => c,
                None => self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0),
            },
            Repr::F64(f) => {
                let zero = self.b.ins().f64const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, f, zero)
            }
        }
    }
    /// For conditions `a` and `b` that say, in either order, `i` is not negative and `i` is
    /// less than a length `len`: `i` and `len`.
    fn index_within(&self, a: ir::Value, b: ir::Value) -> Option<(ir::Value, ir::Value)> {
        let not_negative = |c| match self.facts.tested(c)? {
            Test::AtLeast(i, 0) => Some(i),
            Test::Not(n) => match self.facts.tested(n)? {
                Test::AtMost(i, -1) => Some(i),
                _ => None,
            },
            _ => None,
        };
        let below_length = |c| match self.facts.tested(c)? {
            Test::Less(i, len) if self.lengths.contains(&len) => Some((i, len)),
            _ => None,
        };
        [(a, b), (b, a)].into_iter().find_map(|(x, y)| {
            let i = not_negative(x)?;
            below_length(y).filter(|&(j, _)| j == i)
        })
    }
    /// The payload word of float `f`: the word it was cast from, if it was.
    fn float_bits(&mut self, f: ir::Value) -> ir::Value {
        if let Some(&v) = self.float_casts.get(&f) {
            return v;
        }
        let v = self.b.ins().bitcast(types::I64, MemFlagsData::new(), f);
        self.float_casts.insert(v, f);
        v
    }
    /// The float whose payload word is `v`: the float it was cast from, if it was.
    fn bits_float(&mut self, v: ir::Value) -> ir::Value {
        if let Some(&f) = self.float_casts.get(&v) {
            return f;
        }
        let f = self.b.ins().bitcast(types::F64, MemFlagsData::new(), v);
        self.float_casts.insert(f, v);
        f
    }
    /// A condition as a payload word (0 or 1).
    fn widen_cond(&mut self, c: ir::Value) -> ir::Value {
        let v = self.b.ins().uextend(types::I64, c);
        self.boxed_conds.insert(v, c);
        v
    }
    /// Makes the rest of the current block unreachable code in a fresh block.
    fn go_dead(&mut self) {
        let blk = self.b.create_block();
        self.forget_vars();
        self.b.switch_to_block(blk);
        self.b.seal_block(blk);
        self.dead = true;
    }
    /// Terminates an unreachable block before leaving it.
    fn close_dead(&mut self) {
        if self.dead {
            self.b.ins().trap(TrapCode::unwrap_user(1));
            self.dead = false;
        }
    }
    /// Continues in `blk`, a join or an arm: see [`Lowering::forget_vars`].
    fn switch(&mut self, blk: Block) {
        self.forget_vars();
        self.b.switch_to_block(blk);
        self.dead = false;
    }
    /// The slot variables of the frame being emitted.
    fn slots(&self) -> &[(Variable, Variable)] {
        self.frames.last().map_or(&[], |f| &f.slots)
    }
    /// Writes the slot variables back to the activation's cells before a call (an inlined
    /// callee's slots have no cells: a deoptimization hands them over with the live values).
    /// A cell known to hold its slot's words already is skipped.
    ///
    /// A slot holding a virtual object is left: its cell keeps an older value, which nothing
    /// reads before an exit puts the object there. Inside a `try` region, whose landing reads
    /// the slots back from their cells, the objects are made first.
    fn spill(&mut self) {
        if !self.regions.is_empty() {
            self.escape_slots();
        }
        self.write_back_slots(true);
    }
    /// Stores the activation's slots whose cells may not hold them (virtual objects' aside);
    /// `on_path` when the code goes on after the stores, which then tell what the cells hold.
    fn write_back_slots(&mut self, on_path: bool) {
        for i in 0..self.frames[0].slots.len() {
            let words = self.slot_words(i);
            if !self.needs_write_back(i, words) || self.is_virtual_words(words) {
                continue;
            }
            let off = i as i32 * VALUE_SIZE;
            self.b.ins().store(MemFlagsData::trusted(), words.0, self.slots, off + Value::TAG_OFFSET);
            self.b.ins().store(MemFlagsData::trusted(), words.1, self.slots, off + Value::PAYLOAD_OFFSET);
            // The path continues after the stores, so what the cells hold is known from here.
            if on_path {
                self.facts.store_cell(i, words);
            }
        }
    }
    /// The words of the activation's slot `i` here.
    fn slot_words(&mut self, i: usize) -> (ir::Value, ir::Value) {
        let (t, v) = self.frames[0].slots[i];
        (self.var(t), self.var(v))
    }
    /// The words of write-back slot `i` here: the activation's slot `i`, or past those an
    /// inlined cell; `None` for a cell no frame being emitted has.
    fn write_back_words(&mut self, i: usize) -> Option<(ir::Value, ir::Value)> {
        let own = self.frames[0].slots.len();
        if i < own {
            return Some(self.slot_words(i));
        }
        let (t, v) = *self.cells.get(i - own)?;
        Some((self.var(t), self.var(v)))
    }
    /// The variables of write-back slot `i` (see `write_back_words`).
    fn write_back_vars(&self, i: usize) -> Option<(Variable, Variable)> {
        let own = self.frames[0].slots.len();
        match i.checked_sub(own) {
            None => Some(self.frames[0].slots[i]),
            Some(cell) => self.cells.get(cell).copied(),
        }
    }
    /// Whether write-back slot `i`'s cell may not hold `words`, the slot's words here. A pinned
    /// slot's cell holds its entry words throughout (see `pin_invariant_slots`); nothing is
    /// known of the inlined cells.
    fn needs_write_back(&self, i: usize, words: (ir::Value, ir::Value)) -> bool {
        i >= self.frames[0].slots.len()
            || (!self.facts.cell_holds(i, words) && !self.pinned.get(i).is_some_and(Option::is_some))
    }
    /// Ends the chain below position `pos`: the slots of the links above need links again.
    fn cut_chain(&mut self, pos: usize) {
        for l in self.chain.split_off(pos) {
            let slot = self.links[l].slot;
            self.link_at[slot] = None;
            self.suspect(slot);
        }
    }
    /// Where an exit goes to have the slots written back before the shared deoptimization exit:
    /// the head of a chain of cold blocks that each store one slot.
    ///
    /// Exits share the chain. A block of a thousand assignments to a thousand locals has a
    /// thousand exits (one per overflow check, say), and if each stored every slot assigned
    /// so far, the exits alone would be quadratic in the block's size: exits would be most of
    /// the IR, and most of the compile time. Instead, the chain built for earlier exits is
    /// kept as long as its stores agree with the slots here: the words a link stores are the
    /// slot's words on every path that enters it (so they dominate it), and an exit adds links
    /// only for the slots assigned since. A slot assigned again invalidates its link and every
    /// link above it; such slots, which change often, go at the top of the new chain, so the
    /// stable ones stay shared.
    fn exit_write_back(&mut self) -> Block {
        let n = self.frames[0].slots.len() + self.cells.len();
        let mut candidates = if std::mem::take(&mut self.all_suspect) {
            // Every slot is looked at, and the flags of cells no frame has any more are
            // cleared too, so that the next frame there is suspected again.
            for i in std::mem::take(&mut self.suspects) {
                self.suspected[i] = false;
            }
            (0..n).collect()
        } else {
            std::mem::take(&mut self.suspects)
        };
        candidates.iter().for_each(|&i| self.suspected[i] = false);
        // The chain holds up to the lowest link whose slot has changed since it was made.
        let mut words = HashMap::with_capacity(candidates.len());
        let mut valid = self.chain.len();
        for &i in &candidates {
            let Some(w) = self.write_back_words(i) else { continue };
            // A slot holding a virtual object gets no link: the runtime puts the object in its
            // cell after the chain has run, so a link storing an older value may stay.
            if self.is_virtual_words(w) {
                continue;
            }
            words.insert(i, w);
            if let Some(pos) = self.link_at[i]
                && self.links[self.chain[pos]].words != w
            {
                valid = valid.min(pos);
            }
        }
        // The slots of the links above it need links again; they change often, so their new
        // links go at the top, above those of the slots assigned for the first time.
        let mut again = Vec::new();
        for &l in &self.chain[valid..] {
            let slot = self.links[l].slot;
            self.link_at[slot] = None;
            again.push(slot);
        }
        self.chain.truncate(valid);
        candidates.retain(|i| !again.contains(i));
        for slot in candidates.into_iter().chain(again) {
            let w = match words.get(&slot) {
                Some(&w) => w,
                None => match self.write_back_words(slot) {
                    Some(w) => w,
                    None => continue,
                },
            };
            if self.link_at[slot].is_some() || !self.needs_write_back(slot, w) || self.is_virtual_words(w) {
                continue;
            }
            let block = self.b.create_block();
            self.b.set_cold_block(block);
            self.b.append_block_param(block, types::I32);
            let next = match self.chain.last() {
                Some(&l) => self.links[l].block,
                None => self.deopt_exit_block(),
            };
            self.links.push(WriteBackLink { slot, words: w, block, next });
            self.chain.push(self.links.len() - 1);
            self.link_at[slot] = Some(self.chain.len() - 1);
        }
        match self.chain.last() {
            Some(&l) => self.links[l].block,
            None => self.deopt_exit_block(),
        }
    }
    /// A block that calls the runtime to leave for the interpreter, with the deoptimization
    /// point (the frame is in its stack slot, the live words in theirs), for one more exit.
    fn deopt_exit_block(&mut self) -> Block {
        // Exits share a block that calls the runtime, a few at a time: one call for all of
        // them would make a block with thousands of predecessors in a large function, whose
        // dominator (which the register allocator computes) takes time quadratic in them.
        const EXITS_PER_CALL: usize = 16;
        match self.deopt_exit {
            Some(blk) if self.deopt_exit_uses < EXITS_PER_CALL => {
                self.deopt_exit_uses += 1;
                blk
            }
            _ => {
                let blk = self.b.create_block();
                self.b.set_cold_block(blk);
                self.b.append_block_param(blk, types::I32);
                self.deopt_exit = Some(blk);
                self.deopt_exits.push(blk);
                self.deopt_exit_uses = 1;
                blk
            }
        }
    }
    /// Reads the slot variables back from the activation's cells.
    fn reload(&mut self) {
        for i in 0..self.frames[0].slots.len() {
            let (t, v) = self.frames[0].slots[i];
            let off = i as i32 * VALUE_SIZE;
            let tag = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.slots, off + Value::TAG_OFFSET);
            let bits = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.slots, off + Value::PAYLOAD_OFFSET);
            self.def_var(t, tag);
            self.def_var(v, bits);
            self.facts.store_cell(i, (tag, bits));
        }
    }
    /// Stores `vals` as consecutive values in a fresh stack slot; its address.
    fn value_array(&mut self, vals: &[SymVal]) -> ir::Value {
        if vals.is_empty() {
            return self.iconst(0);
        }
        let size = vals.len() as u32 * VALUE_SIZE as u32;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3));
        for (i, &x) in vals.iter().enumerate() {
            let (t, v) = self.words(x);
            let off = i as i32 * VALUE_SIZE;
            self.b.ins().stack_store(types::I64, t, slot, off + Value::TAG_OFFSET);
            self.b.ins().stack_store(types::I64, v, slot, off + Value::PAYLOAD_OFFSET);
        }
        self.b.ins().stack_addr(types::I64, slot, 0)
    }
    /// A call out of compiled code to the runtime entry point at `addr`, which takes the frame,
    /// the values `leading` makes, and the guest values `args` (as an array and a count): the
    /// slots are written back before it when the callee may look at the frame (`FrameUse::Seen`:
    /// a stack trace does), and read back after it when the callee may also write it
    /// (`FrameUse::Written`).
    ///
    /// A callee that neither looks at the frame nor writes it (`FrameUse::Untouched`: a
    /// boundary that is not a frame boundary) gets no write-back before it. Only the
    /// interpreter could still read the cells, when the callee throws: an interpreted `try`
    /// around an on-stack-replaced loop catches in this very activation. So outside compiled
    /// `try` regions an OSR unit writes the slots back on the unwinding path instead, and a
    /// function, whose activation a throw leaves, not at all. That costs nothing when nothing is
    /// thrown; a loop that concatenated strings stored every slot on every iteration.
    fn call_out(
        &mut self,
        sig: ir::SigRef,
        addr: usize,
        args: &[SymVal],
        frame: FrameUse,
        leading: impl FnOnce(&mut Self) -> Vec<ir::Value>,
    ) -> SymVal {
        let array = self.value_array(args);
        let lazy = frame == FrameUse::Untouched && self.regions.is_empty();
        if !lazy {
            self.spill();
        }
        // The callee may add properties to objects, which changes their shapes.
        self.facts.forget_shapes();
        let mut params = vec![self.calling_frame().0];
        params.extend(leading(self));
        let n = self.iconst(args.len() as i64);
        params.extend([array, n]);
        // Only an on-stack-replaced loop's activation goes on in the interpreter after a throw;
        // a function's is left.
        let r = self.call_result_unwinding(sig, addr, &params, lazy && self.osr);
        // The callee may have stored into any object.
        self.reload_promoted();
        let writes_frame = frame == FrameUse::Written;
        // A call from a materialized inlined frame may write that frame, not this one (see
        // `end_materialized_call`).
        if writes_frame && self.calling.is_none() {
            self.reload();
        }
        r
    }
    /// Calls a runtime entry point at `addr` that returns a result; branches to the unwinding
    /// exit when it unwinds, and continues with the value.
    fn call_result(&mut self, sig: ir::SigRef, addr: usize, args: &[ir::Value]) -> SymVal {
        self.call_result_unwinding(sig, addr, args, false)
    }
    /// [`Lowering::call_result`], writing the slots back on the unwinding path when
    /// `write_back` (see `call_out`).
    fn call_result_unwinding(&mut self, sig: ir::SigRef, addr: usize, args: &[ir::Value], write_back: bool) -> SymVal {
        let callee = self.iconst(addr as i64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        let r = self.b.inst_results(call).to_vec();
        self.unwind_unless_value_writing_back(r[0], r[1], write_back)
    }
    /// Continues with the call result `(tag, bits)`, or branches to the unwinding exit.
    fn unwind_unless_value(&mut self, tag: ir::Value, bits: ir::Value) -> SymVal {
        self.unwind_unless_value_writing_back(tag, bits, false)
    }
    /// [`Lowering::unwind_unless_value`]; when `write_back`, the branch goes through a cold
    /// block that writes the slots back first.
    fn unwind_unless_value_writing_back(&mut self, tag: ir::Value, bits: ir::Value, write_back: bool) -> SymVal {
        let unwinding = self.b.ins().icmp_imm_s(IntCC::Equal, tag, RawResult::UNWIND_TAG as i64);
        let cont = self.b.create_block();
        if write_back {
            let cold = self.b.create_block();
            self.b.set_cold_block(cold);
            self.b.ins().brif(unwinding, cold, &[], cont, &[]);
            self.b.switch_to_block(cold);
            self.b.seal_block(cold);
            self.write_back_slots(false);
            let target = self.exception_target();
            self.b.ins().jump(target, &[]);
        } else {
            let target = self.exception_target();
            self.b.ins().brif(unwinding, target, &[], cont, &[]);
        }
        self.b.switch_to_block(cont);
        self.b.seal_block(cont);
        self.push(Repr::Val(tag, bits))
    }
    /// Jumps from an if-arm to its `merge`, passing `x` in `value`. When the condition was
    /// known, this arm is the only one to reach the merge, and a virtual object passes as it
    /// is; after a real split it is made here, in its arm (see `lower/virtual_object.rs`).
    fn pass_arm(&mut self, value: (Variable, Variable), x: SymVal, merge: Block, split: bool) {
        let words = if split { self.words(x) } else { self.slot_value_words(x) };
        self.pass_words(value, words, merge);
    }
    /// Jumps to `merge`, passing `x` in the merge's variables `value`.
    fn pass(&mut self, value: (Variable, Variable), x: SymVal, merge: Block) {
        let words = self.words(x);
        self.pass_words(value, words, merge);
    }
    fn pass_words(&mut self, value: (Variable, Variable), (t, v): (ir::Value, ir::Value), merge: Block) {
        self.def_var(value.0, t);
        self.def_var(value.1, v);
        self.b.ins().jump(merge, &[]);
    }
    /// Emits, in the current block, the exit to the interpreter at deoptimization point `state`.
    fn exit_to_interpreter(&mut self, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        // The block ends in the exit, so it runs only on the way out (a guard's failure, an arm
        // the node never took): it goes with the cold code after the function, not between the
        // blocks of the path that runs, where every guard before it would branch around it.
        if let Some(blk) = self.b.current_block()
            && self.b.func.layout.entry_block() != Some(blk)
        {
            self.b.set_cold_block(blk);
        }
        if self.dead {
            // Unreachable code (an arm partial evaluation knows is not taken) has no values:
            // SSA construction gives its variables placeholder zeros defined in its own block.
            // Links of the write-back chain made here would store those, and a later exit on a
            // reachable path that found the chain valid would share them (difftest ES seed
            // 31320). An exit that can never run is a trap.
            self.b.ins().trap(TrapCode::unwrap_user(1));
            return;
        }
        let exit = self.exit_write_back();
        // Frame k's state: the waiting callers' first, the innermost frame's last.
        let frame_state = |k: usize| match state.callers.get(k) {
            Some(c) => (c.path.as_slice(), c.live.as_slice()),
            None => (state.path, state.live),
        };
        let mut words = Vec::new();
        let mut held = ExitVirtuals::default();
        let (path, live) = frame_state(0);
        let kinds = self.live_words(live, &mut words, &mut held);
        let mut inlined = Vec::with_capacity(self.frames.len() - 1);
        for k in 1..self.frames.len() {
            // The callee's slots are in its cells, which the write-back chain stores.
            let (callee_path, callee_live) = frame_state(k);
            let callee_kinds = self.live_words(callee_live, &mut words, &mut held);
            let f = &self.frames[k];
            let target = f.inlined.as_ref().map_or(CallTargetId(u32::MAX), |i| i.target);
            let (slots, cells) = (f.slots.len(), f.cells);
            inlined.push(InlinedFrame { target, path: callee_path.into(), slots, cells, kinds: callee_kinds.into() });
        }
        // The virtual objects the slots hold, then the fields of all of them, last.
        let virtual_places = self.exit_places(&mut held);
        let virtuals = self.exit_objects(&held, &mut words);
        // Words known now (constant tags, mostly) go to the point, not to memory.
        let mut known = Vec::new();
        let mut stored = Vec::with_capacity(words.len());
        for (i, w) in words.into_iter().enumerate() {
            match self.const_of(w) {
                Some(c) => known.push((i as u32, c as u64)),
                None => stored.push(w),
            }
        }
        if !stored.is_empty() {
            // One stack slot, as large as the largest exit's words, serves every exit: an exit
            // never returns to the code, so no two use it at once.
            let b = &mut self.b;
            let slot = *self
                .deopt_slot
                .get_or_insert_with(|| b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 0, 3)));
            let data = &mut b.func.sized_stack_slots[slot];
            data.size = data.size.max(stored.len() as u32 * 8);
            for (i, w) in stored.into_iter().enumerate() {
                self.b.ins().stack_store(types::I64, w, slot, i as i32 * 8);
            }
        }
        let point = self.out.deopts.len() as u32;
        let known = known.into();
        self.out.deopts.push(DeoptPoint {
            path: path.into(),
            kinds: kinds.into(),
            inlined: inlined.into(),
            reason,
            how,
            known,
            virtuals: virtuals.into(),
            virtual_places: virtual_places.into(),
        });
        let point = self.b.ins().iconst(types::I32, i64::from(point));
        self.b.ins().jump(exit, &[point.into()]);
    }
    /// Appends the words of the evaluated values `live` to `words`; their layout.
    fn live_words(&mut self, live: &[SymVal], words: &mut Vec<ir::Value>, held: &mut ExitVirtuals) -> Vec<LiveKind> {
        let mut kinds = Vec::with_capacity(live.len());
        for &x in live {
            if let Some(kind) = self.exit_virtual(x, held) {
                kinds.push(kind);
                continue;
            }
            // A condition whose outcome the path knows (a loop's condition inside its body, an
            // if's inside an arm) is recorded as that constant, so the hot path need not keep
            // its value for the exits.
            match self.repr(x) {
                Repr::Val(t, v) => {
                    kinds.push(LiveKind::Val);
                    let known = self.boxed_conds.get(&v).and_then(|&c| self.facts.cond_is(c));
                    // A tag word a guard proved is its constant here, so the exit does not keep
                    // the word alive (a call's result checked, across the next call).
                    let t = match self.facts.proved_tag(t).and_then(|k| Tag::from_number(k as u64)) {
                        Some(k) => self.tag(k),
                        None => t,
                    };
                    words.extend([t, known.map_or(v, |b| self.iconst(i64::from(b)))]);
                }
                Repr::I64(v) => {
                    kinds.push(LiveKind::I64);
                    words.push(v);
                }
                Repr::Bool(c) => {
                    kinds.push(LiveKind::Bool);
                    words.push(match self.facts.cond_is(c) {
                        Some(b) => self.iconst(i64::from(b)),
                        None => self.b.ins().uextend(types::I64, c),
                    });
                }
                Repr::F64(f) => {
                    kinds.push(LiveKind::F64);
                    words.push(self.float_bits(f));
                }
            }
        }
        kinds
    }
    /// Branches to an exit to the interpreter unless `holds`.
    fn exit_unless(&mut self, holds: ir::Value, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        if holds == self.holds {
            return;
        }
        let (ok, exit) = (self.b.create_block(), self.b.create_block());
        match self.facts.tested(holds) {
            Some(Test::Not(fails)) => self.b.ins().brif(fails, exit, &[], ok, &[]),
            _ => self.b.ins().brif(holds, ok, &[], exit, &[]),
        };
        self.b.switch_to_block(exit);
        self.b.seal_block(exit);
        self.exit_to_interpreter(reason, state, how);
        self.b.switch_to_block(ok);
        self.b.seal_block(ok);
    }
}

impl<'b, L: Language> Emitter<L> for Lowering<'b, L> {
    fn konst(&mut self, v: Value) -> SymVal {
        let b = if v.bits() == 0 { self.zero } else { self.iconst(v.bits() as i64) };
        let t = self.tag(v.tag());
        self.push(Repr::Val(t, b))
    }
    fn i64_const(&mut self, v: i64) -> SymVal {
        let c = self.iconst(v);
        self.push(Repr::I64(c))
    }
    fn bool_const(&mut self, b: bool) -> SymVal {
        let c = self.cond_const(b);
        self.push(Repr::Bool(c))
    }
    fn has_tag(&mut self, x: SymVal, tag: Tag) -> SymVal {
        // A virtual object's tag word is the constant: its test folds without making it.
        let known = match self.raw_repr(x) {
            Repr::Val(t, _) => match self.known_tag(t) {
                Some(k) => k == tag as usize,
                None => match self.facts.tag_is(t, tag) {
                    Some(known) => known,
                    None => {
                        let c = self.b.ins().icmp_imm_s(IntCC::Equal, t, tag as i64);
                        self.facts.test(c, Test::Tag(t, tag));
                        return self.push(Repr::Bool(c));
                    }
                },
            },
            Repr::I64(_) => tag == Tag::Int,
            Repr::Bool(_) => tag == Tag::Bool,
            Repr::F64(_) => tag == Tag::Double,
        };
        let c = self.cond_const(known);
        self.push(Repr::Bool(c))
    }
    fn unbox_i64(&mut self, x: SymVal) -> SymVal {
        let v = self.int(x);
        self.push(Repr::I64(v))
    }
    fn unbox_bool(&mut self, x: SymVal) -> SymVal {
        let c = self.cond(x);
        self.push(Repr::Bool(c))
    }
    fn box_i64(&mut self, x: SymVal) -> SymVal {
        let v = self.int(x);
        let t = self.tag(Tag::Int);
        self.push(Repr::Val(t, v))
    }
    fn box_bool(&mut self, x: SymVal) -> SymVal {
        let c = self.cond(x);
        let t = self.tag(Tag::Bool);
        let v = self.widen_cond(c);
        self.push(Repr::Val(t, v))
    }
    fn arith(&mut self, op: ArithOp, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        let (a, b) = (self.int(a), self.int(b));
        // Adding or subtracting a constant overflows exactly when the result lands on the wrong
        // side of the other operand: a compare that a branch fuses with, where the overflow
        // flag of `sadd_overflow` would be materialized and tested.
        let constant = match op {
            ArithOp::Add => self.const_of(b).map(|c| (a, c)).or_else(|| self.const_of(a).map(|c| (b, c))),
            ArithOp::Sub => self.const_of(b).map(|c| (a, c.wrapping_neg())).filter(|&(_, n)| n != i64::MIN),
            _ => None,
        };
        if let Some((x, c)) = constant {
            let addend = self.iconst(c);
            let r = self.b.ins().iadd(x, addend);
            // A value known to be less than another cannot overflow by adding one (a loop's
            // counter after its test), nor one known to be greater by subtracting one, nor one
            // compared with a constant by what keeps it in range (`n - 1` where `n >= 2`).
            let failed = match c {
                _ if self.facts.adds_safely(x, c) => self.fails,
                1.. => self.b.ins().icmp(IntCC::SignedLessThan, r, x),
                ..0 => self.b.ins().icmp(IntCC::SignedGreaterThan, r, x),
                0 => self.fails,
            };
            return (self.push(Repr::I64(r)), self.push(Repr::Bool(failed)));
        }
        let (r, failed) = match op {
            ArithOp::Add => {
                let (r, o) = self.b.ins().sadd_overflow(a, b);
                (r, o)
            }
            ArithOp::Sub => {
                let (r, o) = self.b.ins().ssub_overflow(a, b);
                (r, o)
            }
            ArithOp::Mul => {
                let (r, o) = self.b.ins().smul_overflow(a, b);
                (r, o)
            }
            ArithOp::Div => {
                // Division fails on a zero divisor and on MIN / -1; the quotient is computed
                // with a harmless divisor then, because the failure check comes after it.
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
                let min = self.b.ins().icmp_imm_s(IntCC::Equal, a, i64::MIN);
                let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
                let ovf = self.b.ins().band(min, minus_one);
                let failed = self.b.ins().bor(zero, ovf);
                let one = self.iconst(1);
                let safe = self.b.ins().select(failed, one, b);
                (self.b.ins().sdiv(a, safe), failed)
            }
            ArithOp::Rem => {
                // The remainder fails on a zero divisor only; by -1 it is 0 (which the machine's
                // instruction would trap on for MIN), so the divisor is made harmless for both.
                let failed = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
                let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, b, -1);
                let harmful = self.b.ins().bor(failed, minus_one);
                let one = self.iconst(1);
                let safe = self.b.ins().select(harmful, one, b);
                let r = self.b.ins().srem(a, safe);
                let zero = self.iconst(0);
                (self.b.ins().select(minus_one, zero, r), failed)
            }
        };
        (self.push(Repr::I64(r)), self.push(Repr::Bool(failed)))
    }
    fn cmp_i64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        let (a, b) = (self.int(a), self.int(b));
        let cc = match op {
            Cmp::Lt => IntCC::SignedLessThan,
            Cmp::Le => IntCC::SignedLessThanOrEqual,
            Cmp::Eq => IntCC::Equal,
        };
        let (ka, kb) = (self.const_of(a), self.const_of(b));
        if op == Cmp::Eq
            && let (Some(x), Some(y)) = (ka, kb)
        {
            let c = self.cond_const(x == y);
            return self.push(Repr::Bool(c));
        }
        let c = self.b.ins().icmp(cc, a, b);
        // What the comparison says about its operands, with a constant side as a bound.
        let test = match (op, ka, kb) {
            (Cmp::Lt, None, Some(k)) => k.checked_sub(1).map(|k| Test::AtMost(a, k)),
            (Cmp::Lt, Some(k), None) => k.checked_add(1).map(|k| Test::AtLeast(b, k)),
            (Cmp::Le, None, Some(k)) => Some(Test::AtMost(a, k)),
            (Cmp::Le, Some(k), None) => Some(Test::AtLeast(b, k)),
            (Cmp::Lt, _, _) => Some(Test::Less(a, b)),
            (Cmp::Le, _, _) => Some(Test::LessEq(a, b)),
            (Cmp::Eq, _, _) => None,
        };
        if let Some(test) = test {
            self.facts.test(c, test);
        }
        if op == Cmp::Eq {
            // A shape guard: the shape loaded from an object against a constant.
            let shape = match (self.shape_loads.get(&a), self.shape_loads.get(&b)) {
                (Some(&obj), _) if kb.is_some() => Some((obj, b)),
                (_, Some(&obj)) if ka.is_some() => Some((obj, a)),
                _ => None,
            };
            if let Some((obj, id)) = shape {
                self.facts.test(c, Test::Shape(obj, id));
            }
        }
        self.push(Repr::Bool(c))
    }
    fn not(&mut self, b: SymVal) -> SymVal {
        let c = self.cond(b);
        if c == self.holds || c == self.fails {
            let n = self.cond_const(c == self.fails);
            return self.push(Repr::Bool(n));
        }
        let n = match self.complement(c) {
            Some(n) => n,
            None => self.b.ins().bxor_imm_u(c, 1),
        };
        self.facts.test(n, Test::Not(c));
        self.push(Repr::Bool(n))
    }
    fn logic(&mut self, op: LogicOp, a: SymVal, b: SymVal) -> SymVal {
        let (a, b) = (self.cond(a), self.cond(b));
        // A constant operand decides or drops out.
        let (unit, zero) = if op == LogicOp::And { (self.holds, self.fails) } else { (self.fails, self.holds) };
        let c = match (a, b) {
            _ if a == zero || b == zero => zero,
            (x, y) if x == unit => y,
            (x, y) if y == unit => x,
            _ if op == LogicOp::And => {
                let c = match self.index_within(a, b) {
                    // An index checked against a length: negative indices are above every
                    // length as unsigned numbers, so one comparison checks both bounds.
                    Some((i, len)) => self.b.ins().icmp(IntCC::UnsignedLessThan, i, len),
                    None => self.b.ins().band(a, b),
                };
                self.facts.test(c, Test::And(a, b));
                c
            }
            _ => self.b.ins().bor(a, b),
        };
        self.push(Repr::Bool(c))
    }
    fn same(&mut self, a: SymVal, b: SymVal) -> SymVal {
        if let Some(c) = self.virtual_same(a, b) {
            return c;
        }
        let ((ta, va), (tb, vb)) = (self.words(a), self.words(b));
        // Two known values (a function passed as a constant and a call site's cached one).
        if let (Some(ta), Some(va), Some(tb), Some(vb)) = (self.const_of(ta), self.const_of(va), self.const_of(tb), self.const_of(vb)) {
            let c = if ta == tb && va == vb { self.holds } else { self.fails };
            return self.push(Repr::Bool(c));
        }
        let t = self.b.ins().icmp(IntCC::Equal, ta, tb);
        let v = self.b.ins().icmp(IntCC::Equal, va, vb);
        let c = self.b.ins().band(t, v);
        self.push(Repr::Bool(c))
    }

    fn bits(&mut self, op: BitOp, a: SymVal, b: SymVal) -> SymVal {
        let (a, b) = (self.int(a), self.int(b));
        let r = match op {
            BitOp::And => self.b.ins().band(a, b),
            BitOp::Or => self.b.ins().bor(a, b),
            BitOp::Xor => self.b.ins().bxor(a, b),
            // Cranelift's shifts take the count modulo the width, as the stage's do.
            BitOp::Shl => self.b.ins().ishl(a, b),
            BitOp::Sar => self.b.ins().sshr(a, b),
            BitOp::Shr => self.b.ins().ushr(a, b),
        };
        self.push(Repr::I64(r))
    }
    fn wrap_i32(&mut self, a: SymVal, signed: bool) -> SymVal {
        let a = self.int(a);
        let low = self.b.ins().ireduce(types::I32, a);
        let r = if signed { self.b.ins().sextend(types::I64, low) } else { self.b.ins().uextend(types::I64, low) };
        self.push(Repr::I64(r))
    }
    fn f64_const(&mut self, x: f64) -> SymVal {
        let f = self.b.ins().f64const(x);
        self.push(Repr::F64(f))
    }
    fn unbox_f64(&mut self, x: SymVal) -> SymVal {
        let f = self.float(x);
        self.push(Repr::F64(f))
    }
    fn box_f64(&mut self, x: SymVal) -> SymVal {
        let f = self.float(x);
        let t = self.tag(Tag::Double);
        let v = self.float_bits(f);
        self.push(Repr::Val(t, v))
    }
    fn number_to_f64(&mut self, x: SymVal) -> SymVal {
        let f = match self.repr(x) {
            Repr::Val(t, v) => match self.known_tag(t).and_then(|k| Tag::from_number(k as u64)) {
                Some(Tag::Int) => self.b.ins().fcvt_from_sint(types::F64, v),
                Some(_) => self.bits_float(v),
                None => {
                    // Either representation: both conversions, and a select instead of a branch.
                    let is_int = self.b.ins().icmp_imm_s(IntCC::Equal, t, Tag::Int as i64);
                    let widened = self.b.ins().fcvt_from_sint(types::F64, v);
                    let bits = self.bits_float(v);
                    self.b.ins().select(is_int, widened, bits)
                }
            },
            _ => self.float(x),
        };
        self.push(Repr::F64(f))
    }
    fn i64_to_f64(&mut self, a: SymVal) -> SymVal {
        let a = self.int(a);
        let f = self.b.ins().fcvt_from_sint(types::F64, a);
        self.push(Repr::F64(f))
    }
    fn f64_to_i64(&mut self, x: SymVal) -> (SymVal, SymVal) {
        let f = self.float(x);
        let i = self.b.ins().fcvt_to_sint_sat(types::I64, f);
        // Exact: converting back gives the float, the float is within the 64-bit range (the
        // saturated conversion of 2^63 converts back to 2^63 too), and it is not -0.
        let back = self.b.ins().fcvt_from_sint(types::F64, i);
        let same = self.b.ins().fcmp(FloatCC::Equal, back, f);
        let abs = self.b.ins().fabs(f);
        let limit = self.b.ins().f64const(9.223_372_036_854_776e18);
        let in_range = self.b.ins().fcmp(FloatCC::LessThan, abs, limit);
        let bits = self.float_bits(f);
        let negative_zero = self.b.ins().icmp_imm_s(IntCC::Equal, bits, i64::MIN);
        let not_negative_zero = self.b.ins().bxor_imm_u(negative_zero, 1);
        let exact = self.b.ins().band(same, in_range);
        let exact = self.b.ins().band(exact, not_negative_zero);
        (self.push(Repr::I64(i)), self.push(Repr::Bool(exact)))
    }
    fn float_arith(&mut self, op: FloatOp, a: SymVal, b: SymVal) -> SymVal {
        let (a, b) = (self.float(a), self.float(b));
        let r = match op {
            FloatOp::Add => self.b.ins().fadd(a, b),
            FloatOp::Sub => self.b.ins().fsub(a, b),
            FloatOp::Mul => self.b.ins().fmul(a, b),
            FloatOp::Div => self.b.ins().fdiv(a, b),
            // Cranelift's fmin and fmax follow WebAssembly: NaN wins and -0 is below +0.
            FloatOp::Min => self.b.ins().fmin(a, b),
            FloatOp::Max => self.b.ins().fmax(a, b),
            FloatOp::Rem => {
                let b_ = &mut self.b;
                let sig = *self.sigs.fmod.get_or_insert_with(|| sig(b_, &[types::F64; 2], &[types::F64]));
                let callee = self.iconst(compiled::fmod as *const () as i64);
                let call = self.b.ins().call_indirect(sig, callee, &[a, b]);
                self.b.inst_results(call)[0]
            }
        };
        self.push(Repr::F64(r))
    }
    fn float_unary(&mut self, op: FloatUnary, a: SymVal) -> SymVal {
        let a = self.float(a);
        let r = match op {
            FloatUnary::Neg => self.b.ins().fneg(a),
            FloatUnary::Abs => self.b.ins().fabs(a),
            FloatUnary::Sqrt => self.b.ins().sqrt(a),
            FloatUnary::Floor => self.b.ins().floor(a),
            FloatUnary::Ceil => self.b.ins().ceil(a),
            FloatUnary::Trunc => self.b.ins().trunc(a),
        };
        self.push(Repr::F64(r))
    }
    fn cmp_f64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        let (a, b) = (self.float(a), self.float(b));
        let cc = match op {
            Cmp::Lt => FloatCC::LessThan,
            Cmp::Le => FloatCC::LessThanOrEqual,
            Cmp::Eq => FloatCC::Equal,
        };
        let c = self.b.ins().fcmp(cc, a, b);
        self.push(Repr::Bool(c))
    }

    fn deopt_unless(&mut self, holds: SymVal, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        let c = self.cond(holds);
        self.exit_unless(c, reason, state, how);
        if !self.dead {
            self.learn(c, true);
        }
    }
    fn deopt(&mut self, reason: &'static str, state: StateRef<'_>, how: Transfer) {
        self.exit_to_interpreter(reason, state, how);
        self.go_dead();
    }
    fn check_valid(&mut self, state: StateRef<'_>) {
        let flag = self.iconst(self.valid_flag as i64);
        let valid = self.b.ins().load(types::I8, MemFlagsData::trusted(), flag, 0);
        self.exit_unless(valid, "code invalidated during a call", state, Transfer::Keep);
    }
    fn assume(&mut self, a: &Assumption) {
        if !self.out.assumptions.iter().any(|b| Assumption::ptr_eq(a, b)) {
            self.out.assumptions.push(a.clone());
        }
    }

    fn begin_if(&mut self, c: SymVal) {
        let c = self.cond(c);
        let value = self.fresh_value_vars();
        let (then, els, merge) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        // A known condition leaves one arm: the other is emitted as unreachable, so partial
        // evaluation knows that what it holds (a call, say) was removed.
        let known = self.const_of(c).map(|k| k != 0);
        match known {
            Some(true) => self.b.ins().jump(then, &[]),
            Some(false) => self.b.ins().jump(els, &[]),
            None => self.b.ins().brif(c, then, &[], els, &[]),
        };
        let was_dead = self.dead;
        self.b.switch_to_block(then);
        self.b.seal_block(then);
        self.escape.enter(known.is_none());
        self.dead = was_dead || known == Some(false);
        self.ifs.push(IfArms { els, merge, was_dead, then_reached: false, value, cond: c, known });
        self.facts.push_scope();
        self.learn(c, true);
    }
    fn begin_else(&mut self, then: Option<SymVal>) {
        let Some(arms) = self.ifs.last() else { return };
        let (els, merge, was_dead, cond, value) = (arms.els, arms.merge, arms.was_dead, arms.cond, arms.value);
        let else_dead = arms.known == Some(true);
        let split = arms.known.is_none();
        // An arm lowering knows is not taken passes nothing to the merge; its code, unreachable
        // even where a construct inside it joined paths, ends in a trap.
        let then = then.filter(|_| arms.known != Some(false));
        self.dead |= arms.known == Some(false);
        match then {
            Some(x) => {
                self.pass_arm(value, x, merge, split);
                if let Some(arms) = self.ifs.last_mut() {
                    arms.then_reached = true;
                }
            }
            None => self.close_dead(),
        }
        self.switch(els);
        self.b.seal_block(els);
        self.escape.next_arm(split);
        self.dead = was_dead || else_dead;
        self.facts.reset_scope();
        self.all_suspect = true;
        self.learn(cond, false);
    }
    fn end_if(&mut self, els: Option<SymVal>) -> Option<SymVal> {
        let arms = self.ifs.pop()?;
        self.facts.pop_scope();
        self.all_suspect = true;
        let els = els.filter(|_| arms.known != Some(true));
        self.dead |= arms.known == Some(true);
        match els {
            Some(x) => self.pass_arm(arms.value, x, arms.merge, arms.known.is_none()),
            None => self.close_dead(),
        }
        self.switch(arms.merge);
        self.b.seal_block(arms.merge);
        self.escape.leave();
        if self.b.is_unreachable() {
            self.dead = true;
            self.release_vars([arms.value.0, arms.value.1]);
            return None;
        }
        self.dead = arms.was_dead;
        // When only one arm reaches the merge (the other returned or left), its side of the
        // condition holds after the if: after `if (n < 2) { return n; }`, `n >= 2`.
        match (arms.then_reached, els.is_some()) {
            (false, true) => self.learn(arms.cond, false),
            (true, false) => self.learn(arms.cond, true),
            _ => {}
        }
        let (t, v) = (self.var(arms.value.0), self.var(arms.value.1));
        self.release_vars([arms.value.0, arms.value.1]);
        Some(self.push(Repr::Val(t, v)))
    }
    fn begin_loop(&mut self, has_step: bool) {
        let (header, exit) = (self.b.create_block(), self.b.create_block());
        let next = if has_step { self.b.create_block() } else { header };
        // The exit is taken once per run of the loop, the body every iteration: placed out of
        // line, the exit lets the body follow the loop test without a taken branch.
        self.b.set_cold_block(exit);
        let was_dead = self.dead;
        self.b.ins().jump(header, &[]);
        self.forget_vars();
        self.b.switch_to_block(header);
        // Later iterations arrive after whatever the body called and stored.
        if !self.shapes_stable {
            self.facts.forget_shapes();
        }
        self.facts.forget_props();
        self.facts.forget_cells();
        self.all_suspect = true;
        self.facts.push_scope();
        self.escape.enter(true);
        self.loops.push(LoopBlocks { header, exit, next, was_dead });
    }
    fn loop_test(&mut self, c: SymVal) {
        let c = self.cond(c);
        let Some(l) = self.loops.last() else { return };
        let (exit, body) = (l.exit, self.b.create_block());
        self.b.ins().brif(c, body, &[], exit, &[]);
        self.b.switch_to_block(body);
        self.b.seal_block(body);
        self.escape.next_arm(true);
        self.learn(c, true);
    }
    fn begin_step(&mut self, completed: bool) {
        let Some(l) = self.loops.last() else { return };
        let step = l.next;
        if completed {
            self.b.ins().jump(step, &[]);
        } else {
            self.close_dead();
        }
        // The body's end and its `continue`s meet here: what the body learned is not known.
        self.switch(step);
        self.b.seal_block(step);
        self.escape.next_arm(true);
        self.facts.reset_scope();
        self.all_suspect = true;
        if self.b.is_unreachable() {
            self.dead = true;
        }
    }
    fn end_loop(&mut self, completed: bool) {
        let Some(l) = self.loops.pop() else { return };
        self.facts.pop_scope();
        self.all_suspect = true;
        if completed {
            self.b.ins().jump(l.header, &[]);
        } else {
            self.close_dead();
        }
        self.b.seal_block(l.header);
        self.switch(l.exit);
        self.b.seal_block(l.exit);
        self.escape.leave();
        self.dead = l.was_dead;
    }
    fn exit_loop(&mut self, exit: LoopExit, depth: u32) {
        let Some(l) = self.loops.len().checked_sub(1 + depth as usize).and_then(|i| self.loops.get(i)) else {
            self.out.broken.get_or_insert("a break or continue out of more loops than are open");
            return;
        };
        let to = if exit == LoopExit::Break { l.exit } else { l.next };
        self.b.ins().jump(to, &[]);
        self.escape.jump_out();
        self.go_dead();
    }
    fn ret(&mut self, x: SymVal) {
        // An inlined callee's return is a jump to the value after the call.
        if let Some(call) = self.frames.last().and_then(|f| f.inlined.as_ref()) {
            let (value, ret) = (call.value, call.ret);
            if self.escape.at_callee_top() {
                // The callee's last statement, straight on from its call: the code after
                // the call follows from here, and a virtual object returned stays virtual
                // (should another return meet it there, the leak check finds the join).
                let words = self.slot_value_words(x);
                self.pass_words(value, words, ret);
            } else {
                self.pass(value, x, ret);
                // Code after the call is not dominated by an if-arm that returned.
                self.escape.jump_out();
            }
            self.go_dead();
            return;
        }
        let (t, v) = self.words(x);
        if self.osr {
            // The interpreter carries on with the frame.
            self.escape_slots();
            self.spill();
        }
        self.b.ins().return_(&[t, v]);
        self.go_dead();
    }

    fn throw(&mut self, x: SymVal) {
        if self.throw_in_region(x) {
            self.escape.jump_out();
            return;
        }
        // The value goes to the unwind register, and the code returns "unwinding" as after a
        // call that threw. A loop's unit leaves its slots written back for the interpreter,
        // which may catch the value in the function around the loop.
        let (t, v) = self.words(x);
        if self.osr {
            self.escape_slots();
            self.spill();
        }
        let callee = self.iconst(compiled::throw_value as *const () as i64);
        let b = &mut self.b;
        let sig_ref = *self.sigs.throw.get_or_insert_with(|| sig(b, &[types::I64; 2], &[]));
        self.b.ins().call_indirect(sig_ref, callee, &[t, v]);
        self.b.ins().jump(self.unwind, &[]);
        self.go_dead();
    }
    fn begin_try(&mut self, kind: TryKind) {
        self.escape.jump_out();
        self.lower_begin_try(kind);
    }
    fn begin_catch(&mut self, completed: bool) -> Option<(SymVal, bool)> {
        self.escape.jump_out();
        self.lower_begin_catch(completed)
    }
    fn end_catch(&mut self, completed: bool) -> bool {
        self.escape.jump_out();
        self.lower_end_catch(completed)
    }
    fn enter_finally(&mut self, region: usize, code: SymVal, payload: SymVal) {
        self.escape.jump_out();
        self.lower_enter_finally(region, code, payload);
    }
    fn begin_finally(&mut self) -> Option<(SymVal, SymVal, bool)> {
        self.escape.jump_out();
        self.lower_begin_finally()
    }
    fn rethrow(&mut self, x: SymVal) {
        self.escape.jump_out();
        self.lower_rethrow(x);
    }
    fn read_arg(&mut self, i: u32) -> SymVal {
        if let Some(call) = self.frames.last().and_then(|f| f.inlined.as_ref()) {
            // An inlined callee's absent argument is the language's absent value too, as the
            // interpreter and a compiled callee read it (`undefined` in EasyScript).
            return match call.args.get(i as usize) {
                Some(&x) => x,
                None => self.konst(L::ABSENT),
            };
        }
        // An absent argument reads as the language's absent value.
        let present = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, self.nargs, i64::from(i));
        let (load, merge) = (self.b.create_block(), self.b.create_block());
        self.b.append_block_param(merge, types::I64);
        self.b.append_block_param(merge, types::I64);
        let (absent_tag, absent_bits) = self.absent();
        self.b.ins().brif(present, load, &[], merge, &[absent_tag.into(), absent_bits.into()]);
        self.b.switch_to_block(load);
        self.b.seal_block(load);
        let off = i as i32 * VALUE_SIZE;
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.args, off + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.args, off + Value::PAYLOAD_OFFSET);
        self.b.ins().jump(merge, &[t.into(), v.into()]);
        self.b.switch_to_block(merge);
        self.b.seal_block(merge);
        let p = self.b.block_params(merge).to_vec();
        self.push(Repr::Val(p[0], p[1]))
    }
    fn read_slot(&mut self, slot: SlotId) -> SymVal {
        if self.frames.len() == 1
            && let Some(&Some((t, v))) = self.pinned.get(slot.0 as usize)
        {
            return self.push(Repr::Val(t, v));
        }
        match self.slots().get(slot.0 as usize).copied() {
            Some((t, v)) => {
                let (t, v) = (self.var(t), self.var(v));
                self.push(Repr::Val(t, v))
            }
            // The interpreter reads a slot out of range as unassigned.
            None => self.konst(Value::EMPTY),
        }
    }
    fn write_slot(&mut self, slot: SlotId, x: SymVal) {
        if self.frames.len() == 1 && self.pinned.get(slot.0 as usize).is_some_and(Option::is_some) {
            // The survey missed this write: reads of the slot were emitted as its entry words.
            self.out.broken.get_or_insert("a slot taken as loop-invariant is written");
        }
        let (t, v) = self.slot_value_words(x);
        if let Some(&(tv, vv)) = self.slots().get(slot.0 as usize) {
            self.def_var(tv, t);
            self.def_var(vv, v);
        }
        if self.frames.len() == 1 && self.loops.is_empty() && !self.dead && !self.is_virtual_words((t, v)) {
            // Outside loops a slot is written through to its cell at once: a store per
            // assignment made once per call, where keeping the value only in a variable would
            // keep it alive, for the exits, to the end of the function. A function of many
            // statements would then hold as many values live as it has locals, which is
            // quadratic work for the register allocator.
            let i = slot.0 as usize;
            let off = i as i32 * VALUE_SIZE;
            self.b.ins().store(MemFlagsData::trusted(), t, self.slots, off + Value::TAG_OFFSET);
            self.b.ins().store(MemFlagsData::trusted(), v, self.slots, off + Value::PAYLOAD_OFFSET);
            self.facts.store_cell(i, (t, v));
        }
    }
    fn alloc_object(&mut self, name: &'static str, to: porcini::shape::ShapeId, site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        self.alloc_object_in_place(name, to, site, args)
    }
    fn alloc_elements_object(
        &mut self,
        name: &'static str,
        to: porcini::shape::ShapeId,
        len: SymVal,
        site: BoundarySite<L>,
        args: &[SymVal],
    ) -> SymVal {
        self.alloc_elements_object_in_place(name, to, len, site, args)
    }
    fn load_shape(&mut self, obj: SymVal) -> SymVal {
        if let Some(shape) = self.virtual_shape(obj) {
            return shape;
        }
        // The node checked that this is an object: its shape id is read in place.
        let (_, v) = self.words(obj);
        if let Some(known) = self.facts.shape_of(v) {
            return self.push(Repr::I64(known));
        }
        let id = self.b.ins().load(types::I32, MemFlagsData::trusted(), v, self.object.shape);
        let r = self.b.ins().uextend(types::I64, id);
        self.shape_loads.insert(r, v);
        self.push(Repr::I64(r))
    }
    fn load_property(&mut self, obj: SymVal, index: u32) -> SymVal {
        if let Some(x) = self.virtual_load(obj, index) {
            return x;
        }
        let (_, v) = self.words(obj);
        if let Some(x) = self.load_promoted(v, index) {
            return x;
        }
        // Read or written already on this straight path: the words it read or wrote.
        if let Some((tag, bits)) = self.facts.prop_words(v, index, self.var_path) {
            return self.push(Repr::Val(tag, bits));
        }
        // The object's shape was checked: two loads.
        let (base, off) = self.property_slot(v, index);
        let tag = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, off + Value::TAG_OFFSET);
        let bits = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, off + Value::PAYLOAD_OFFSET);
        self.facts.loaded_prop(v, index, tag, Some((bits, self.var_path)));
        self.push(Repr::Val(tag, bits))
    }
    fn data_slot(&mut self, obj: SymVal, key: porcini::symbol::Symbol) -> SymVal {
        // The megamorphic cache's probe written out (`MegamorphicCache::index`): the shape and
        // the key (a constant, so its half of the hash folds) pick an entry, which answers if
        // its packed pair is this one. The table changes under boundary calls, so its loads
        // are ordinary loads, never hoisted past one.
        let m = self.megamorphic;
        let shape = self.load_shape(obj);
        let shape = self.int(shape);
        let narrow = self.b.ins().ireduce(types::I32, shape);
        let h = self.b.ins().imul_imm_u(narrow, i64::from(megamorphic::SHAPE_MULTIPLIER));
        let h = self.b.ins().bxor_imm_u(h, i64::from(key.0.wrapping_mul(megamorphic::KEY_MULTIPLIER)));
        let index = self.b.ins().ushr_imm_u(h, i64::from(m.shift));
        let index = self.b.ins().uextend(types::I64, index);
        let offset = self.b.ins().ishl_imm_u(index, i64::from(m.entry_size.trailing_zeros()));
        let table = self.iconst(m.table as i64);
        let entry = self.b.ins().iadd(table, offset);
        let pair = self.b.ins().load(types::I64, MemFlagsData::trusted(), entry, m.pair);
        let want = self.b.ins().ishl_imm_u(shape, 32);
        let want = self.b.ins().bor_imm_u(want, i64::from(key.0));
        let hit = self.b.ins().icmp(IntCC::Equal, pair, want);
        let slot = self.b.ins().load(types::I32, MemFlagsData::trusted(), entry, m.slot);
        let slot = self.b.ins().uextend(types::I64, slot);
        let none = self.iconst(-1);
        let r = self.b.ins().select(hit, slot, none);
        self.push(Repr::I64(r))
    }
    fn load_property_at(&mut self, obj: SymVal, slot: SymVal) -> SymVal {
        // Two loads at an offset computed from the slot, from the object's inline slots or
        // from the slots past them, as `load_property` reads them.
        let (_, v) = self.words(obj);
        let slot = self.int(slot);
        let (extra, done) = self.split_on_inline_slot(slot, 2);
        let at = self.value_address(v, slot);
        let tag = self.b.ins().load(types::I64, MemFlagsData::trusted(), at, self.object.inline + Value::TAG_OFFSET);
        let bits = self.b.ins().load(types::I64, MemFlagsData::trusted(), at, self.object.inline + Value::PAYLOAD_OFFSET);
        self.jump_and_switch(done, &[tag, bits], extra);
        let at = self.extra_slot_address(v, slot);
        let tag = self.b.ins().load(types::I64, MemFlagsData::trusted(), at, Value::TAG_OFFSET);
        let bits = self.b.ins().load(types::I64, MemFlagsData::trusted(), at, Value::PAYLOAD_OFFSET);
        self.jump_and_switch(done, &[tag, bits], done);
        let p = self.b.block_params(done).to_vec();
        self.push(Repr::Val(p[0], p[1]))
    }
    fn store_property_at(&mut self, obj: SymVal, slot: SymVal, x: SymVal) {
        let ((_, v), (xt, xv)) = (self.words(obj), self.words(x));
        let slot = self.int(slot);
        // Any slot of any object may be the one written: no slot's tag is known after it.
        self.facts.forget_props();
        let (extra, done) = self.split_on_inline_slot(slot, 0);
        let at = self.value_address(v, slot);
        self.b.ins().store(MemFlagsData::trusted(), xt, at, self.object.inline + Value::TAG_OFFSET);
        self.b.ins().store(MemFlagsData::trusted(), xv, at, self.object.inline + Value::PAYLOAD_OFFSET);
        self.jump_and_switch(done, &[], extra);
        let at = self.extra_slot_address(v, slot);
        self.b.ins().store(MemFlagsData::trusted(), xt, at, Value::TAG_OFFSET);
        self.b.ins().store(MemFlagsData::trusted(), xv, at, Value::PAYLOAD_OFFSET);
        self.jump_and_switch(done, &[], done);
        self.reload_promoted();
    }
    fn add_property(&mut self, obj: SymVal, to: porcini::shape::ShapeId, index: u32, x: SymVal) {
        if self.virtual_store(obj, index, x, Some(to)) {
            return;
        }
        let ((t, v), (xt, xv)) = (self.words(obj), self.words(x));
        let flags = MemFlagsData::trusted();
        let (len_at, shape_at) = (self.object.len, self.object.shape);
        // The new slot, the count of slots in use, then the shape.
        let store_in = |b: &mut FunctionBuilder, at: ir::Value, off: i32| {
            b.ins().store(flags, xt, at, off + Value::TAG_OFFSET);
            b.ins().store(flags, xv, at, off + Value::PAYLOAD_OFFSET);
            let len = b.ins().iconst(types::I32, i64::from(index + 1));
            b.ins().store(flags, len, v, len_at);
            let shape = b.ins().iconst(types::I32, i64::from(to.0));
            b.ins().store(flags, shape, v, shape_at);
        };
        if index < self.object.inline_slots {
            store_in(&mut self.b, v, self.object.inline + index as i32 * VALUE_SIZE);
        } else {
            // Past the inline slots: in place while the buffer has room (growing it makes room
            // for several more, see `DynObject::add_slot`), else through the runtime, which
            // grows it.
            let past = index - self.object.inline_slots;
            let capacity = self.b.ins().load(types::I64, flags, v, self.object.extra_capacity);
            let room = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, capacity, i64::from(past));
            let (in_place, grow, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
            self.b.set_cold_block(grow);
            self.b.ins().brif(room, in_place, &[], grow, &[]);
            self.switch(in_place);
            self.b.seal_block(in_place);
            let base = self.extra_slots(v);
            store_in(&mut self.b, base, past as i32 * VALUE_SIZE);
            self.jump_and_switch(done, &[], grow);
            let callee = self.iconst(compiled::object_add::<L> as *const () as i64);
            let to = self.iconst(i64::from(to.0));
            let frame = self.frame;
            self.b.ins().call_indirect(self.sigs.add, callee, &[frame, t, v, to, xt, xv]);
            self.jump_and_switch(done, &[], done);
        }
        // The object's shape changed, and any value may be that object.
        self.facts.forget_shapes();
        self.reload_promoted();
    }
    fn store_property(&mut self, obj: SymVal, index: u32, x: SymVal) {
        if self.virtual_store(obj, index, x, None) {
            return;
        }
        let ((_, v), (xt, xv)) = (self.words(obj), self.words(x));
        let (base, off) = self.property_slot(v, index);
        // An inline slot may hold the tag already: a value read from it and checked, then changed.
        let held = index < self.object.inline_slots
            && self.facts.prop_tag(v, index).is_some_and(|held| {
                held == xt || self.known_tag(xt).is_some_and(|k| self.facts.proved_tag(held) == Some(k))
            });
        if !held {
            self.b.ins().store(MemFlagsData::trusted(), xt, base, off + Value::TAG_OFFSET);
        }
        self.b.ins().store(MemFlagsData::trusted(), xv, base, off + Value::PAYLOAD_OFFSET);
        self.facts.stored_prop(v, index, xt, Some((xv, self.var_path)));
        // Carried properties are inline ones only; a slot past them changes none.
        self.stored_promoted(v, index, (xt, xv));
    }

    fn load_internal(&mut self, obj: SymVal) -> SymVal {
        let (_, o) = self.words(obj);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), o, self.object.internal + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), o, self.object.internal + Value::PAYLOAD_OFFSET);
        self.push(Repr::Val(t, v))
    }
    fn load_word(&mut self, obj: SymVal, offset: usize) -> SymVal {
        let (_, o) = self.words(obj);
        let w = self.b.ins().load(types::I64, MemFlagsData::trusted(), o, offset as i32);
        self.push(Repr::I64(w))
    }
    fn load_value_at(&mut self, obj: SymVal, offset: usize) -> SymVal {
        let (_, o) = self.words(obj);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), o, offset as i32 + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), o, offset as i32 + Value::PAYLOAD_OFFSET);
        self.push(Repr::Val(t, v))
    }
    fn elements_len(&mut self, e: SymVal) -> SymVal {
        let (_, e) = self.words(e);
        let len = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, self.elements.len);
        self.lengths.insert(len);
        self.push(Repr::I64(len))
    }
    fn elements_get(&mut self, e: SymVal, i: SymVal) -> SymVal {
        // The node checked the bounds: the element's address, then its two words.
        let (_, e) = self.words(e);
        let i = self.int(i);
        let base = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, self.elements.base);
        let at = self.b.ins().imul_imm_u(i, i64::from(VALUE_SIZE));
        let addr = self.b.ins().iadd(base, at);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), addr, Value::PAYLOAD_OFFSET);
        self.push(Repr::Val(t, v))
    }
    fn elements_set(&mut self, e: SymVal, i: SymVal, x: SymVal) {
        let ((_, e), (xt, xv)) = (self.words(e), self.words(x));
        let i = self.int(i);
        let base = self.b.ins().load(types::I64, MemFlagsData::trusted(), e, self.elements.base);
        let at = self.b.ins().imul_imm_u(i, i64::from(VALUE_SIZE));
        let addr = self.b.ins().iadd(base, at);
        self.b.ins().store(MemFlagsData::trusted(), xt, addr, Value::TAG_OFFSET);
        self.b.ins().store(MemFlagsData::trusted(), xv, addr, Value::PAYLOAD_OFFSET);
    }
    fn record_get(&mut self, rec: SymVal, index: u32) -> SymVal {
        let (_, r) = self.words(rec);
        let (base, off, inside) = self.record_slot(r, index);
        // An index past the record's end (which no well-formed node asks for) reads as empty.
        let (load, merge) = (self.b.create_block(), self.b.create_block());
        self.b.append_block_param(merge, types::I64);
        self.b.append_block_param(merge, types::I64);
        let (empty, zero) = (self.tag(Tag::Empty), self.iconst(0));
        self.b.ins().brif(inside, load, &[], merge, &[empty.into(), zero.into()]);
        self.b.switch_to_block(load);
        self.b.seal_block(load);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, off + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), base, off + Value::PAYLOAD_OFFSET);
        self.b.ins().jump(merge, &[t.into(), v.into()]);
        self.b.switch_to_block(merge);
        self.b.seal_block(merge);
        let p = self.b.block_params(merge).to_vec();
        self.push(Repr::Val(p[0], p[1]))
    }
    fn record_set(&mut self, rec: SymVal, index: u32, x: SymVal) {
        let ((_, r), (xt, xv)) = (self.words(rec), self.words(x));
        let (base, off, inside) = self.record_slot(r, index);
        let (store, done) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(inside, store, &[], done, &[]);
        self.b.switch_to_block(store);
        self.b.seal_block(store);
        self.b.ins().store(MemFlagsData::trusted(), xt, base, off + Value::TAG_OFFSET);
        self.b.ins().store(MemFlagsData::trusted(), xv, base, off + Value::PAYLOAD_OFFSET);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
    }
    fn record_parent(&mut self, rec: SymVal) -> SymVal {
        let (_, r) = self.words(rec);
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), r, self.record.parent + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), r, self.record.parent + Value::PAYLOAD_OFFSET);
        self.push(Repr::Val(t, v))
    }

    fn call(&mut self, target: &CallTarget<L>, args: &[SymVal]) -> SymVal {
        self.out.calls += 1;
        // A root that reads or writes its caller's frame (SL's `helloEqualsWorld`) is given
        // that frame by the runtime's call path; a guest function's nodes touch their own frame
        // only, and a guest function may have code to call directly.
        let writes_frame = target.root().accesses_caller_frame();
        // A callee keeping surplus arguments has them copied by the runtime's call path.
        let surplus = target.keeps_surplus() && args.len() > target.params();
        if writes_frame {
            self.escape_slots();
        }
        // Inside inlined callees, the call is made from their frames, made real for it.
        self.materialize_inlined();
        let r = if !writes_frame && !surplus && !self.counts_frames {
            self.direct_call(target, args)
        } else {
            let target = target as *const CallTarget<L> as i64;
            let addr = compiled::call::<L> as *const () as usize;
            self.call_out(self.sigs.call, addr, args, FrameUse::seen_or_written(writes_frame), |s| vec![s.iconst(target)])
        };
        self.end_materialized_call(writes_frame);
        r
    }
    fn begin_inline(&mut self, target: &CallTarget<L>, args: &[SymVal]) {
        // The callee's frame as the call would bind it: parameters from the arguments (null
        // when missing), the other locals unassigned.
        let mut slots = Vec::with_capacity(target.frame_size());
        let depth = self.frames.len();
        for i in 0..target.frame_size() {
            let (t, v) = (self.fresh_var(), self.fresh_var());
            self.register_slot_vars(depth, i, (t, v));
            let (tag, bits) = match args.get(i) {
                Some(&x) if i < target.params() => self.slot_value_words(x),
                _ if i < target.params() => self.absent(),
                _ => (self.tag(Tag::Empty), self.zero),
            };
            self.def_var(t, tag);
            self.def_var(v, bits);
            slots.push((t, v));
        }
        let ret = self.b.create_block();
        let value = self.fresh_value_vars();
        let call = InlinedCall { target: target.id(), args: args.to_vec(), ret, abandoned: None, value };
        // The callee's cells follow its caller's (an inlined caller's; the activation's slots
        // are not cells).
        let cells = match self.frames.last() {
            Some(f) if f.inlined.is_some() => f.cells + f.slots.len(),
            _ => 0,
        };
        self.cells.truncate(cells);
        self.cells.extend(slots.iter().copied());
        self.cells_max = self.cells_max.max(self.cells.len());
        let own = self.frames[0].slots.len();
        let total = own + self.cells.len();
        if self.link_at.len() < total {
            self.link_at.resize(total, None);
            self.suspected.resize(total, false);
        }
        (own + cells..total).for_each(|i| self.suspect(i));
        for (i, &(_, v)) in slots.iter().enumerate() {
            let payload = self.var(v);
            self.note_holder(own + cells + i, payload);
        }
        self.frames.push(FrameVars { slots, cells, inlined: Some(call) });
        self.escape.enter_callee();
        // The callee's returns merge after the call from wherever they are, so nothing learned
        // inside the callee is known after it (what slot variables learned merges by SSA).
        self.facts.push_scope();
    }
    fn abandon_inline(&mut self, level: usize) {
        let Some(call) = self.frames.get_mut(level + 1).and_then(|f| f.inlined.as_mut()) else {
            self.out.broken.get_or_insert("an abandoned inlined call that is not being emitted");
            return;
        };
        let blk = match call.abandoned {
            Some(blk) => blk,
            None => *call.abandoned.insert(self.b.create_block()),
        };
        self.b.ins().jump(blk, &[]);
        self.escape.jump_out();
        self.go_dead();
    }
    fn call_instead(&mut self, level: usize, target: &CallTarget<L>, args: &[SymVal]) {
        let Some(call) = self.frames.get(level + 1).and_then(|f| f.inlined.as_ref()) else {
            self.out.broken.get_or_insert("a call instead of an inlined call that is not being emitted");
            return;
        };
        let (abandoned, value, ret) = (call.abandoned, call.value, call.ret);
        let Some(blk) = abandoned else { return };
        self.close_dead();
        self.escape.jump_out();
        self.switch(blk);
        self.b.seal_block(blk);
        // The abandoned paths meet here from anywhere in the copy: what they learned in it
        // is not known (what slot variables learned merges by SSA).
        self.facts.reset_scope();
        self.all_suspect = true;
        // The call is made from the copy's caller, frame `level`: the frames of the copy and
        // of what was inlined into it are not made real.
        self.calls_from = Some(level);
        let x = self.call(target, args);
        self.calls_from = None;
        // The call's value is the inlined call's.
        self.pass(value, x, ret);
        self.go_dead();
    }
    fn end_inline(&mut self) -> Option<SymVal> {
        let frame = self.frames.pop()?;
        self.escape.leave_callee();
        // The callee's cells are no frame's now. Links storing them go: the words they store
        // need not be available after the call, and exits after it must not pass through them.
        let from = self.frames[0].slots.len() + frame.cells;
        if let Some(pos) = self.link_at.get(from..).and_then(|l| l.iter().flatten().min().copied()) {
            self.cut_chain(pos);
        }
        self.cells.truncate(frame.cells);
        let call = frame.inlined?;
        // The callee's slots are read by its exits alone, which are all emitted by now.
        self.release_vars(frame.slots.iter().flat_map(|&(t, v)| [t, v]));
        self.facts.pop_scope();
        self.all_suspect = true;
        self.close_dead();
        self.switch(call.ret);
        self.b.seal_block(call.ret);
        if self.b.is_unreachable() {
            self.dead = true;
            self.release_vars([call.value.0, call.value.1]);
            return None;
        }
        let (t, v) = (self.var(call.value.0), self.var(call.value.1));
        self.release_vars([call.value.0, call.value.1]);
        Some(self.push(Repr::Val(t, v)))
    }
    fn call_indirect(&mut self, resolve: ResolveFn<L>, callee: SymVal, args: &[SymVal]) -> SymVal {
        self.out.calls += 1;
        let (t, v) = self.words(callee);
        let resolve = resolve as *const () as i64;
        let addr = compiled::call_indirect::<L> as *const () as usize;
        // The callee may be a builtin that reads or writes its caller's frame.
        self.escape_slots();
        self.materialize_inlined();
        let r = self.call_out(self.sigs.indirect, addr, args, FrameUse::Written, |s| vec![s.iconst(resolve), t, v]);
        self.end_materialized_call(true);
        r
    }
    fn call_boundary(&mut self, _name: &'static str, site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        let site = Box::new(site);
        let site_addr = &*site as *const BoundarySite<L> as i64;
        self.out.sites.push(site);
        let addr = compiled::boundary::<L> as *const () as usize;
        // A boundary that reads or writes its frame's slots (a `for`-`of` step, a node's slow
        // path) is given the frame of the node that calls it: inside inlined callees, theirs,
        // made real, and the slots are read back after it. Others get the compiled
        // activation's, which costs nothing to make (a stack walk from one of them sees the
        // inlined callees' caller), and leave its slots alone (`Stage::call_boundary`), so the
        // slots stay in registers, with what is known of their values. Reading them back
        // after every such call cost Richards a fifth of its instructions (callgrind).
        let touches = self.out.sites.last().is_some_and(|s| s.touches_frame());
        if touches {
            self.escape_slots();
            self.materialize_inlined();
        }
        let r = self.call_out(self.sigs.boundary, addr, args, if touches { FrameUse::Written } else { FrameUse::Untouched }, |s| vec![s.iconst(site_addr)]);
        if touches {
            self.end_materialized_call(true);
        }
        r
    }
    fn safepoint(&mut self, site: BoundarySite<L>, inlined: &[CallTargetId]) {
        if self.dead {
            return;
        }
        // The poll: one load and a branch to a cold block. The call there reads no slot and
        // writes none, changes no object, and the collector finds the values held in registers
        // by its conservative scan, so nothing is spilled and no fact is forgotten.
        let word_addr = self.iconst(self.interrupt as i64);
        let word = self.b.ins().load(types::I32, MemFlagsData::trusted(), word_addr, 0);
        let polled = self.b.ins().band_imm_u(word, i64::from(porcini::instrument::bit::POLLED));
        let (cold, cont) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(cold);
        self.b.ins().brif(polled, cold, &[], cont, &[]);
        self.switch(cold);
        self.b.seal_block(cold);
        let ids: Vec<SymVal> = inlined
            .iter()
            .map(|id| {
                let (t, v) = (self.tag(Tag::Int), self.iconst(i64::from(id.0)));
                self.push(Repr::Val(t, v))
            })
            .collect();
        let site = Box::new(site);
        let site_addr = &*site as *const BoundarySite<L> as i64;
        self.out.sites.push(site);
        let array = self.value_array(&ids);
        let (frame, site_v, n) = (self.own_frame(), self.iconst(site_addr), self.iconst(ids.len() as i64));
        let _ = self.call_result(self.sigs.boundary, compiled::boundary::<L> as *const () as usize, &[frame, site_v, array, n]);
        self.b.ins().jump(cont, &[]);
        self.switch(cont);
        self.b.seal_block(cont);
    }
    fn reachable(&self) -> bool {
        !self.dead
    }
    fn dead(&mut self) -> SymVal {
        let (t, v) = (self.tag(Tag::Null), self.iconst(0));
        self.push(Repr::Val(t, v))
    }
    /// The unit's size is its IR instructions, or, when larger, the tables SSA construction
    /// made for its variables in units of [`SSA_ENTRIES_PER_NODE`]: code generation's time
    /// grows with the first, partial evaluation's memory with the second (a variable defined
    /// late in a long function has a table entry for every block before), and a unit is
    /// refused once either passes the limit.
    fn exhausted(&self) -> Option<String> {
        let nodes = self.b.func.dfg.num_insts() as u64;
        let size = nodes.max(self.ssa_cost / SSA_ENTRIES_PER_NODE);
        (size > self.size_limit).then(|| {
            format!("Graph too big to safely compile. Node count: {nodes}. Graph Size: {size}. Limit: {}.", self.size_limit)
        })
    }
}

/// How many SSA table entries (four bytes each) count as one node of a unit's size: at the
/// default limit of 150,000, a unit may take about 40 MB of them.
const SSA_ENTRIES_PER_NODE: u64 = 64;
