//! The compiler: one Cranelift JIT module per runtime, and the compile pipeline for one target
//! (partial evaluation into IR, code generation, installation data).
//!
//! A unit is a target's root, or one of its loops for on-stack replacement. Partial evaluation
//! ([`SymFrame`] with the inliner, lowered by [`Lowering`] as it goes) runs on the guest's
//! thread; code generation runs here or on the compiler thread (`worker.rs`). The module's
//! code memory lives as long as the runtime, since invalidated code may still be running.
//! Cranelift's own verifier is off, because it costs about as much as code generation;
//! `--engine.VerifyIR` (porcini's own option) verifies each function before code generation, and
//! the JIT's tests and the conformance modes that compile every target turn it on.
//!
//! A loop unit is compiled with the frame's slots at hand: a slot whose kind has settled on
//! integers or booleans and that holds one, or a slot that holds an object, is checked once at
//! entry, so its tag is a constant inside the loop. The loop is first partially evaluated into a
//! counting recording, the *survey*. When none of its calls may write the frame (a guest
//! function called directly writes only its own; builtins, indirect calls and boundaries may), a
//! slot it never writes is read as its entry words and its cell is never written back; when it
//! makes no calls at all, shape facts hold across its loop headers and an object slot's shape is
//! checked once at entry, and the inline properties the loop reaches through that slot are
//! loaded there once and carried in variables (`lower/promoted_property.rs`). Should lowering
//! meet a write the survey missed, the compilation fails rather than emit wrong code.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::time::Instant;

use cranelift_codegen::Context;
use cranelift_codegen::ir::{AbiParam, Function, Signature, UserFuncName, types};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module, default_libcall_names};
use porcini::call_target::CallTarget;
use porcini::compiled::{
    CodeBody, CompileError, CompileStats, Compilation, CompiledCode, Compiler, EntryFn, MachineCode, Ticket,
};
use porcini::inlining::{Inliner, Unit};
use porcini::symbolic::{Recording, SymFrame};
use porcini::{ExprNode, Language, Runtime, Value};

use crate::lower::Lowering;
use crate::worker::{Demand, Generated, Job, Worker, generate};

/// The JIT compiler of one runtime. Its code memory lives until it is dropped, which happens
/// with the runtime (code may run until then, even after invalidation).
pub struct Jit {
    state: RefCell<State>,
}

struct State {
    module: Option<JITModule>,
    isa: OwnedTargetIsa,
    builder_context: FunctionBuilderContext,
    /// The code generator's memory, for functions generated on the guest's thread.
    codegen_context: Context,
    /// The compiler thread, started by the first background compilation (`None` before, and
    /// after it failed to start: code is then generated on the guest's thread).
    worker: Option<Worker>,
    worker_failed: bool,
    /// The jobs handed to the compiler thread and not yet polled, by ticket, with their demand
    /// ([`Compiler::demand`]).
    demands: HashMap<u64, Demand>,
    /// Whether a poll waits for every job in flight (see [`Jit::wait_for_compilations`]).
    wait: bool,
    /// The IR text of the most recent compilation (for tests and dumps), if asked for.
    keep_ir: bool,
    last_ir: Option<String>,
    next_name: u32,
}

impl Jit {
    /// A compiler for the host machine.
    pub fn new() -> Result<Jit, String> {
        let mut flags = settings::builder();
        // Cranelift's own verifier would check every function before code generation, which
        // takes about as long as generating the code; `VerifyIR` asks for the check instead
        // (the test suites ask for it).
        // `machine_code_cfg_info` reports where blocks start, to place the innermost loop
        // (`loop_placement`).
        let settings = [
            ("opt_level", "speed"),
            ("is_pic", "false"),
            ("preserve_frame_pointers", "true"),
            ("enable_verifier", "false"),
            ("machine_code_cfg_info", "true"),
        ];
        for (name, value) in settings {
            flags.set(name, value).map_err(|e| format!("cranelift setting {name}: {e}"))?;
        }
        let isa = cranelift_native::builder()
            .map_err(|e| format!("no code generator for this machine: {e}"))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| format!("cranelift: {e}"))?;
        let module = JITModule::new(JITBuilder::with_isa(isa.clone(), default_libcall_names()));
        Ok(Jit {
            state: RefCell::new(State {
                module: Some(module),
                isa,
                builder_context: FunctionBuilderContext::new(),
                codegen_context: Context::new(),
                worker: None,
                worker_failed: false,
                demands: HashMap::new(),
                wait: false,
                keep_ir: false,
                last_ir: None,
                next_name: 0,
            }),
        })
    }
    /// Keeps the IR text of each compilation after partial evaluation (see [`Jit::last_ir`]).
    pub fn keep_ir(&self, keep: bool) {
        self.state.borrow_mut().keep_ir = keep;
    }
    /// Makes each poll of the runtime wait until the machine code of every queued unit is ready.
    /// Code generation still runs on the compiler thread, but code is installed at the very
    /// next poll after it was queued, so that tests of background compilation are deterministic.
    pub fn wait_for_compilations(&self, wait: bool) {
        self.state.borrow_mut().wait = wait;
    }
    /// The IR text of the most recent compilation, when [`Jit::keep_ir`] is on.
    pub fn last_ir(&self) -> Option<String> {
        self.state.borrow().last_ir.clone()
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        let st = self.state.get_mut();
        // The compiler thread ends first; it never touches the module's memory.
        st.worker = None;
        if let Some(module) = st.module.take() {
            // SAFETY: the runtime that ran this code owns this compiler and is being dropped, so
            // no compiled code runs any more and no entry point is called again.
            unsafe { module.free_memory() };
        }
    }
}

impl<L: Language> Compiler<L> for Jit {
    fn compile(&self, rt: &Runtime<L>, target: &Rc<CallTarget<L>>) -> Result<Compilation<L>, CompileError> {
        self.compile_unit(rt, target, CompiledCode::reserve(target), None)
    }
    fn compile_osr(
        &self,
        rt: &Runtime<L>,
        target: &Rc<CallTarget<L>>,
        node: &dyn ExprNode<L>,
        slots: &[Value],
    ) -> Result<Compilation<L>, CompileError> {
        self.compile_unit(rt, target, CompiledCode::reserve_osr(target, node), Some((node, slots)))
    }
    fn demand(&self, ticket: Ticket, runs: u64) {
        if let Some(d) = self.state.borrow().demands.get(&ticket.0) {
            d.add(runs);
        }
    }
    fn poll(&self) -> Vec<(Ticket, Result<MachineCode, CompileError>)> {
        let mut st = self.state.borrow_mut();
        let st = &mut *st;
        let Some(worker) = &st.worker else { return Vec::new() };
        let finished = worker.finished(if st.wait { st.demands.len() } else { 0 });
        for f in &finished {
            st.demands.remove(&f.ticket);
        }
        finished
            .into_iter()
            .map(|f| {
                let result = match (f.result, st.module.as_mut()) {
                    (Ok(g), Some(module)) => load(module, f.id, g),
                    (Ok(_), None) => Err(CompileError::Backend("the compiler was shut down".into())),
                    (Err(e), _) => Err(CompileError::Backend(e)),
                };
                (Ticket(f.ticket), result)
            })
            .collect()
    }
}

impl Jit {
    /// Compiles a unit of `target`: its root, or one of its loops (`osr`, with the frame's slots
    /// at entry), into `code`. Partial evaluation runs here; code generation too, or on the
    /// compiler thread with `--engine.BackgroundCompilation`.
    fn compile_unit<L: Language>(
        &self,
        rt: &Runtime<L>,
        target: &Rc<CallTarget<L>>,
        code: Rc<CompiledCode<L>>,
        osr: Option<(&dyn ExprNode<L>, &[Value])>,
    ) -> Result<Compilation<L>, CompileError> {
        let mut st = self.state.borrow_mut();
        let st = &mut *st;
        let Some(module) = st.module.as_mut() else {
            return Err(CompileError::Backend("the compiler was shut down".into()));
        };
        let start = Instant::now();

        let mut sig = Signature::new(module.isa().default_call_conv());
        sig.params.extend([AbiParam::new(types::I64); 4]);
        sig.returns.extend([AbiParam::new(types::I64); 2]);
        st.next_name += 1;

        // Partial evaluation: the target's node code on the symbolic stage, lowered as it goes.
        // Escape analysis may find that an allocation it kept virtual escapes where it cannot
        // be made; the unit is then lowered again with that site allocating (see
        // `lower/virtual_object.rs`), and without the analysis after a few attempts.
        const ESCAPE_ATTEMPTS: usize = 4;
        let mut demoted = HashSet::new();
        let mut attempt = 0;
        let (mut func, lowered, pe, inlined) = loop {
            attempt += 1;
            let mut func = Function::with_name_signature(UserFuncName::user(0, st.next_name), sig.clone());
            let builder = FunctionBuilder::new(&mut func, &mut st.builder_context);
            let mut lowering = Lowering::new(builder, rt, target, &code, osr.is_some(), demoted.clone());
            if attempt > ESCAPE_ATTEMPTS {
                lowering.without_escape_analysis();
            }
            if let Some((node, slots)) = osr {
                lowering.speculate_slot_tags(target, slots);
                // What the loop does, found by partially evaluating it once into a record
                // first: whether it calls anything, which slots it writes.
                let mut survey = Recording::counting().surveying_properties();
                if SymFrame::new(rt, &mut survey).record_loop(node).is_ok() {
                    lowering.pin_invariant_slots(&survey, slots);
                }
            }
            // The call tree first: which calls the emission below inlines.
            let unit = match osr {
                Some((node, _)) => Unit::Loop(target, node),
                None => Unit::Root(target),
            };
            let inliner = Inliner::from_options(&rt.options).map(|i| i.plan(rt, unit));
            let mut stage = SymFrame::new(rt, &mut lowering).with_inliner(inliner);
            let pe = match osr {
                Some((node, _)) => stage.record_loop(node),
                None => stage.record_root(target.root()),
            };
            let inlined = stage.inlined();
            let inliner = stage.into_inliner();
            let lowered = lowering.finish(module.isa().frontend_config());
            if pe.is_ok() && !lowered.failed_sites.is_empty() && attempt <= ESCAPE_ATTEMPTS {
                demoted.extend(lowered.failed_sites.iter().copied());
                continue;
            }
            if let Some(inliner) = inliner {
                inliner.report(rt);
            }
            break (func, lowered, pe, inlined);
        };
        pe.map_err(CompileError::Permanent)?;
        if let Some(broken) = lowered.broken {
            return Err(CompileError::Permanent(format!("internal error: {broken}")));
        }
        if rt.options.verify_ir
            && let Err(errors) = cranelift_codegen::verify_function(&func, module.isa())
        {
            return Err(CompileError::Permanent(format!("internal error: invalid IR: {errors}")));
        }
        let ir_after_pe = func.dfg.num_insts();
        if st.keep_ir {
            st.last_ir = Some(func.display().to_string());
        }
        let name = format!("porcini_{}_{}", target.id().0, st.next_name);
        let id = module
            .declare_function(&name, Linkage::Local, &sig)
            .map_err(|e| CompileError::Backend(e.to_string()))?;
        code.finish(CodeBody {
            deopts: lowered.deopts,
            sites: lowered.sites,
            assumptions: lowered.assumptions,
            stats: CompileStats {
                partial_evaluation_ms: start.elapsed().as_secs_f64() * 1000.0,
                ir_after_pe,
                calls: lowered.calls,
                inlined,
                ..CompileStats::default()
            },
        });

        // Code generation.
        if rt.options.background_compilation {
            if st.worker.is_none() && !st.worker_failed {
                st.worker = Worker::start(st.isa.clone()).ok();
                st.worker_failed = st.worker.is_none();
            }
            if let Some(worker) = &st.worker {
                let ticket = u64::from(st.next_name);
                let demand = Demand::new();
                match worker.submit(Job { ticket, id, func, demand: demand.clone() }) {
                    Ok(()) => {
                        st.demands.insert(ticket, demand);
                        return Ok(Compilation::Queued(code, Ticket(ticket)));
                    }
                    Err(job) => func = job.func,
                }
            }
        }
        let generated = generate(&*st.isa, &mut st.codegen_context, func, id).map_err(CompileError::Backend)?;
        code.complete(load(module, id, generated)?);
        Ok(Compilation::Ready(code))
    }
}

/// Copies generated code into the module's executable memory and finds its entry.
fn load(module: &mut JITModule, id: FuncId, g: Generated) -> Result<MachineCode, CompileError> {
    let backend = |e: cranelift_module::ModuleError| CompileError::Backend(e.to_string());
    module.define_function_bytes(id, g.alignment, &g.bytes, &g.relocs).map_err(backend)?;
    module.finalize_definitions().map_err(backend)?;
    // The code begins past its padding, inside the bytes just defined.
    let ptr = module.get_finalized_function(id).wrapping_add(g.entry);
    // SAFETY: `ptr` is the finished code of a function with the entry signature (four
    // pointer-sized parameters, two words returned in the platform's C convention), which is
    // what `EntryFn` declares; the padding before it only moved it, and its code refers to
    // itself by relative offsets, which moving does not change.
    let entry = unsafe { std::mem::transmute::<*const u8, EntryFn>(ptr) };
    let code_size = g.bytes.len() - g.entry;
    Ok(MachineCode { entry, backend_ms: g.ms, ir_after_opt: g.ir_after_opt, code_size })
}
