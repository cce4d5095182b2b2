//! The compiler: one Cranelift JIT module per runtime, and the compile pipeline for one target
//! (partial evaluation into IR, code generation, installation data).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use cranelift_codegen::ir::{AbiParam, Function, Signature, UserFuncName, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use porcini::call_target::CallTarget;
use porcini::compiled::{CodeBody, CompileError, CompileStats, CompiledCode, Compiler, EntryFn};
use porcini::inlining::Inliner;
use porcini::symbolic::SymFrame;
use porcini::{ExprNode, Language, Runtime, Value};

use crate::lower::Lowering;

/// The JIT compiler of one runtime. Its code memory lives until it is dropped, which happens
/// with the runtime (code may run until then, even after invalidation).
pub struct Jit {
    state: RefCell<State>,
}

struct State {
    module: Option<JITModule>,
    builder_context: FunctionBuilderContext,
    /// The IR text of the most recent compilation (for tests and dumps), if asked for.
    keep_ir: bool,
    last_ir: Option<String>,
    next_name: u32,
}

impl Jit {
    /// A compiler for the host machine.
    pub fn new() -> Result<Jit, String> {
        let mut flags = settings::builder();
        for (name, value) in [("opt_level", "speed"), ("is_pic", "false"), ("preserve_frame_pointers", "true")] {
            flags.set(name, value).map_err(|e| format!("cranelift setting {name}: {e}"))?;
        }
        let isa = cranelift_native::builder()
            .map_err(|e| format!("no code generator for this machine: {e}"))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| format!("cranelift: {e}"))?;
        let module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
        Ok(Jit {
            state: RefCell::new(State {
                module: Some(module),
                builder_context: FunctionBuilderContext::new(),
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
    /// The IR text of the most recent compilation, when [`Jit::keep_ir`] is on.
    pub fn last_ir(&self) -> Option<String> {
        self.state.borrow().last_ir.clone()
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        if let Some(module) = self.state.get_mut().module.take() {
            // SAFETY: the runtime that ran this code owns this compiler and is being dropped, so
            // no compiled code runs any more and no entry point is called again.
            unsafe { module.free_memory() };
        }
    }
}

impl<L: Language> Compiler<L> for Jit {
    fn compile(&self, rt: &Runtime<L>, target: &Rc<CallTarget<L>>) -> Result<Rc<CompiledCode<L>>, CompileError> {
        self.compile_unit(rt, target, CompiledCode::reserve(target), None)
    }
    fn compile_osr(
        &self,
        rt: &Runtime<L>,
        target: &Rc<CallTarget<L>>,
        node: &dyn ExprNode<L>,
        slots: &[Value],
    ) -> Result<Rc<CompiledCode<L>>, CompileError> {
        self.compile_unit(rt, target, CompiledCode::reserve_osr(target, node), Some((node, slots)))
    }
}

impl Jit {
    /// Compiles a unit of `target`: its root, or one of its loops (`osr`, with the frame's slots
    /// at entry), into `code`.
    fn compile_unit<L: Language>(
        &self,
        rt: &Runtime<L>,
        target: &Rc<CallTarget<L>>,
        code: Rc<CompiledCode<L>>,
        osr: Option<(&dyn ExprNode<L>, &[Value])>,
    ) -> Result<Rc<CompiledCode<L>>, CompileError> {
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
        let mut func = Function::with_name_signature(UserFuncName::user(0, st.next_name), sig.clone());

        // Partial evaluation: the target's node code on the symbolic stage, lowered as it goes.
        let builder = FunctionBuilder::new(&mut func, &mut st.builder_context);
        let mut lowering = Lowering::new(builder, rt, target, &code, osr.is_some());
        if let Some((_, slots)) = osr {
            lowering.speculate_slot_tags(target, slots);
        }
        let mut stage = SymFrame::new(rt, &mut lowering).with_inliner(Inliner::from_options(&rt.options));
        let pe = match osr {
            Some((node, _)) => stage.record_loop(node),
            None => stage.record_root(target.root()),
        };
        let inlined = stage.inlined();
        let lowered = lowering.finish(module.isa().frontend_config());
        pe.map_err(CompileError::Permanent)?;
        let ir_after_pe = func.dfg.num_insts();
        if st.keep_ir {
            st.last_ir = Some(func.display().to_string());
        }
        let pe_done = Instant::now();

        // Code generation.
        let name = format!("porcini_{}_{}", target.id().0, st.next_name);
        let id = module
            .declare_function(&name, Linkage::Local, &sig)
            .map_err(|e| CompileError::Backend(e.to_string()))?;
        let mut ctx = Context::for_function(func);
        module.define_function(id, &mut ctx).map_err(|e| CompileError::Backend(format!("{e:?}")))?;
        let code_size = ctx.compiled_code().map(|c| c.code_buffer().len()).unwrap_or(0);
        let ir_after_opt = ctx.func.dfg.num_insts();
        module.finalize_definitions().map_err(|e| CompileError::Backend(e.to_string()))?;
        let ptr = module.get_finalized_function(id);
        // SAFETY: `ptr` is the finished code of a function with the entry signature (four
        // pointer-sized parameters, two words returned in the platform's C convention), which is
        // what `EntryFn` declares.
        let entry = unsafe { std::mem::transmute::<*const u8, EntryFn>(ptr) };
        let done = Instant::now();

        code.finish(CodeBody {
            entry,
            deopts: lowered.deopts,
            sites: lowered.sites,
            assumptions: lowered.assumptions,
            stats: CompileStats {
                partial_evaluation_ms: (pe_done - start).as_secs_f64() * 1000.0,
                backend_ms: (done - pe_done).as_secs_f64() * 1000.0,
                ir_after_pe,
                ir_after_opt,
                code_size,
                address: ptr as usize,
                calls: lowered.calls,
                inlined,
            },
        });
        Ok(code)
    }
}
